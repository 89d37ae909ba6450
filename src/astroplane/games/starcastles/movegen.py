"""The legal moves of a state as ``Move`` values: the packed core's actions [SC11], each
the one ``Move`` object of its action number.

The rules that make a move legal are the packed core's (``core.StarCastlesCore``); this
module names its results. Only the top module of a stack is free, and only the player's
own [SC3]. From each point in turn (by id), what its free module can do [SC4]:

* a Spire steps to each linked point that holds no Spire and no Phase Gem (an empty point,
  or a docking on a Battlement or Power Base of any colour); on a controlled StarCastle
  the whole castle may instead step to a linked empty point, and (option ``swap``) swap
  onto a linked trio point of the mover's destination whose top module is another
  player's [SC9];
* a Battlement slides in each direction through empty points, stopping on any of them or
  docking on the first occupied point if that is a lone Power Base;
* a lone Power Base slides through empty points to an empty point.

Nothing passes over a module or a Phase Gem, nothing lands on a gem [SC5]. Then the gem
placements [SC7], then ``PASS`` when there is no move [SC3]. Each action number has its
``Move``, built once per board (``move_table``), so a state's moves are looked up, not
built.

Examples:
    >>> from astroplane.games.starcastles.setup import new_game
    >>> s = new_game(2)
    >>> [(s.board.names[m.frm], s.board.names[m.to]) for m in moves(s)]
    [('b1', 'c4'), ('b1', 'c3'), ('b2', 'c5'), ('b2', 'c4')]
    >>> len(gem_placements(s))
    31
    >>> move_table(2)[56], move_table(2)[2035] is Move.PASS
    (Move.step(1, 6), True)
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

import attrs

from astroplane.games.starcastles.board import star_board
from astroplane.games.starcastles.core import GEM_REFUSALS
from astroplane.games.starcastles.moves import Move, MoveKind
from astroplane.games.starcastles.packed import Items, tables

if TYPE_CHECKING:
    from astroplane.games.starcastles.view import StateView

__all__ = [
    "MoveTables",
    "can_place_gem",
    "gem_placements",
    "legal_moves",
    "move_items",
    "move_table",
    "move_tables",
    "moves",
]


@cache
def move_table(arm: int) -> tuple[Move | None, ...]:
    """Per action number of the board of arm size ``arm``, its ``Move`` (None for the
    numbers that lead off the board), built once: ``Move.PASS`` is the pass."""
    t = tables(arm)
    out: list[Move | None] = []
    for a in range(t.pass_action + 1):
        kind = t.kind[a]
        if kind < 0:
            out.append(None)
        elif kind == MoveKind.PASS:
            out.append(Move.PASS)
        else:
            out.append(Move(MoveKind(kind), t.frm[a], t.to[a]))
    return tuple(out)


@cache
def move_items(arm: int) -> Items:
    """The ``Move`` values of the board of arm size ``arm`` laid out for the core's
    generator (``packed.Items``), built once."""
    return Items(tables(arm), move_table(arm))


#: Per point: ``(target, Move)`` pairs.
_Pairs = tuple[tuple[int, Move], ...]


@attrs.frozen
class MoveTables:
    """Every move a board allows, by kind and point: the ``Move`` objects of
    ``move_table`` (the ones ``legal_moves()`` hands out).

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
    t = tables(arm)
    table = move_table(arm)
    d_max = board.max_distance

    def get(a: int) -> Move:
        move = table[a]
        assert move is not None
        return move

    def linked(offset: int) -> tuple[_Pairs, ...]:
        return tuple(
            tuple(
                (ray[0], get(p * t.block + offset + d))
                for d, ray in enumerate(board.rays[p])
                if ray
            )
            for p in range(t.n)
        )

    return MoveTables(
        steps=linked(0),
        slides=tuple(
            tuple(
                tuple((q, get(p * t.block + 6 + d * d_max + r)) for r, q in enumerate(ray))
                for d, ray in enumerate(board.rays[p])
            )
            for p in range(t.n)
        ),
        castles=linked(t.castle),
        swaps=linked(t.castle + 6),
        gems=tuple(get(t.gem0 + p) for p in range(t.n)),
    )


def legal_moves(state: StateView) -> tuple[Move, ...]:
    """Every legal action of ``state`` in action order, generated anew by the packed core
    (``state.legal_moves()`` keeps them): moves, gem placements, then ``PASS`` when no
    move is possible [SC3]; empty once the game is over.

    Examples:
        >>> from astroplane.games.starcastles.setup import setup_position
        >>> legal_moves(setup_position(2, {"i1": "S0", "h1": "S1", "h2": "S1"}))[-2:]
        (Move.gem(33), Move.PASS)
    """
    found: tuple[Move, ...] = state._core.legal_moves(state._packed())
    return found


def moves(state: StateView) -> list[Move]:
    """The moves (steps, slides, castle moves, swaps) of the player to move, by action."""
    return [m for m in state.legal_moves() if m.kind < MoveKind.GEM]


def can_place_gem(state: StateView) -> str:
    """Why the player to move may not place a Phase Gem now, or ``""`` if they may [SC7].

    Examples:
        >>> from astroplane.games.starcastles.setup import new_game
        >>> s = new_game(2)
        >>> can_place_gem(s), can_place_gem(s.play(gem_placements(s)[0]))[:35]
        ('', '[SC7] a Phase Gem of this player is')
    """
    return GEM_REFUSALS[state._core.gem_refusal(state._packed())]


def gem_placements(state: StateView) -> list[Move]:
    """The Phase Gem placements open to the player to move, by point [SC7]."""
    return [m for m in state.legal_moves() if m.kind == MoveKind.GEM]
