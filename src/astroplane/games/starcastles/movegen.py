"""Move generation: every legal action of the player to move, in action order [SC11].

Only the top module of a stack is free, and only the player's own [SC3]. From each point
in turn (by id), what its free module can do [SC4]:

* a Spire steps to each linked point that holds no Spire and no Phase Gem (an empty point,
  or a docking on a Battlement or Power Base of any colour); on a controlled StarCastle
  the whole castle may instead step to a linked empty point, and (option ``swap``) swap
  onto a linked trio point of the mover's destination whose top module is another
  player's [SC9];
* a Battlement slides in each direction through empty points, stopping on any of them or
  docking on the first occupied point if that is a lone Power Base;
* a lone Power Base slides through empty points to an empty point.

Nothing passes over a module or a Phase Gem, nothing lands on a gem [SC5]. Then the gem
placements [SC7], then ``PASS`` when there is no move [SC3].

Examples:
    >>> from astroplane.games.starcastles.setup import new_game
    >>> s = new_game(2)
    >>> [(s.board.names[m.frm], s.board.names[m.to]) for m in moves(s)]
    [('b1', 'c4'), ('b1', 'c3'), ('b2', 'c5'), ('b2', 'c4')]
    >>> len(gem_placements(s))
    31
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

import attrs

from astroplane.games.starcastles.board import star_board
from astroplane.games.starcastles.moves import Move, MoveKind

if TYPE_CHECKING:
    from astroplane.games.starcastles.view import StateView

__all__ = [
    "MoveTables",
    "can_place_gem",
    "gem_placements",
    "legal_moves",
    "move_tables",
    "moves",
]


#: Per point: ``(target, Move)`` pairs, the Move objects built once per board.
_Pairs = tuple[tuple[int, Move], ...]


@attrs.frozen
class MoveTables:
    """Every move a board allows, built once per arm size so that generating moves
    creates no objects (and each move's hash is computed once).

    Attributes:
        steps: Per point, per linked point in direction order: the Spire step there.
        slides: Per point, per direction: the slides along the ray, nearest first.
        castles: Per point, per linked point: the castle move there.
        swaps: Per point, per linked point: the swap with it.
        gems: Per point: the gem placement there.
    """

    steps: tuple[_Pairs, ...]
    slides: tuple[tuple[_Pairs, ...], ...]
    castles: tuple[_Pairs, ...]
    swaps: tuple[_Pairs, ...]
    gems: tuple[Move, ...]


@cache
def move_tables(arm: int) -> MoveTables:
    """The ``MoveTables`` of the board of arm size ``arm``."""
    board = star_board(arm)
    n = range(len(board))

    def linked(kind: MoveKind) -> tuple[_Pairs, ...]:
        return tuple(tuple((q, Move(kind, p, q)) for q in board.neighbours[p]) for p in n)

    return MoveTables(
        steps=linked(MoveKind.STEP),
        slides=tuple(
            tuple(tuple((q, Move(MoveKind.SLIDE, p, q)) for q in ray) for ray in board.rays[p])
            for p in n
        ),
        castles=linked(MoveKind.CASTLE),
        swaps=linked(MoveKind.SWAP),
        gems=tuple(Move(MoveKind.GEM, -1, p) for p in n),
    )


def moves(state: StateView) -> list[Move]:
    """The moves (steps, slides, castle moves, swaps) of the player to move, by action."""
    tables = move_tables(state.rules.arm)
    cells = state.cells
    me = state.to_move + 1
    blocked = {g for g in state.gems if g >= 0}
    dest = state.destination(state.to_move) if state.rules.swap else ()
    out: list[Move] = []
    add = out.append
    for p, c in enumerate(cells):
        if not c:
            continue
        s = c >> 6
        if s:
            if s != me:
                continue
            for q, m in tables.steps[p]:  # [SC4] never onto a Spire, nor a gem [SC5]
                if cells[q] < 64 and q not in blocked:
                    add(m)
            if c & 7 and c & 0o70 and state.controlled >> p & 1:
                for q, m in tables.castles[p]:  # a controlled castle steps whole
                    if not cells[q] and q not in blocked:
                        add(m)
                for q, m in tables.swaps[p]:  # [SC9] swap onto the destination's trio
                    cq = cells[q]
                    if cq and q in dest and _top_owner(cq) != me:
                        add(m)
            continue
        b = c >> 3
        if b:
            if b != me:
                continue
            for ray in tables.slides[p]:  # [SC4] through empty points; docks on a lone P
                for q, m in ray:
                    if q in blocked:
                        break
                    cq = cells[q]
                    if not cq or cq < 8:
                        add(m)
                    if cq:
                        break
            continue
        if c != me:
            continue
        for ray in tables.slides[p]:  # [SC4] a Power Base lands only on an empty point
            for q, m in ray:
                if cells[q] or q in blocked:
                    break
                add(m)
    return out


def _top_owner(cell: int) -> int:
    """The top module's owner code (player + 1) of a non-empty stack."""
    return cell >> 6 or (cell >> 3) & 7 or cell & 7


def can_place_gem(state: StateView) -> str:
    """Why the player to move may not place a Phase Gem now, or ``""`` if they may [SC7].

    Examples:
        >>> from astroplane.games.starcastles.setup import new_game
        >>> s = new_game(2)
        >>> can_place_gem(s), can_place_gem(s.play(gem_placements(s)[0]))[:35]
        ('', '[SC7] a Phase Gem of this player is')
    """
    me = state.to_move
    if state.gems_left[me] == 0:
        return "[SC7] each player has four Phase Gems, each used once: none is left"
    if state.gems[me] >= 0:
        return "[SC7] a Phase Gem of this player is already in play (one a turn)"
    if state.removed:
        return (
            "[SC7] no Phase Gem in the turn the player's own gem was removed "
            "(gems pass around the table)"
        )
    if not state.rules.gems_per_player and any(g >= 0 for g in state.gems):
        return "[SC7] only one Phase Gem can be in play at any time"
    return ""


def gem_placements(state: StateView) -> list[Move]:
    """The Phase Gem placements open to the player to move, by point [SC7]."""
    if can_place_gem(state):
        return []
    gems = set(state.gems)
    table = move_tables(state.rules.arm).gems
    return [table[p] for p, c in enumerate(state.cells) if not c and p not in gems]


def legal_moves(state: StateView) -> tuple[Move, ...]:
    """Every legal action in action order: moves, gem placements, then ``PASS`` when no
    move is possible [SC3]; empty once the game is over.

    Examples:
        >>> from astroplane.games.starcastles.setup import setup_position
        >>> legal_moves(setup_position(2, {"i1": "S0", "h1": "S1", "h2": "S1"}))[-2:]
        (Move.gem(33), Move.PASS)
    """
    if state.is_over:
        return ()
    found = moves(state)
    if not found:
        return (*gem_placements(state), Move.PASS)
    return (*found, *gem_placements(state))
