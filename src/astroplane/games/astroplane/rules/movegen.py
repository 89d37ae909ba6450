"""Legal action generation: the hot path.

Everything here works on the flat tables of ``Topology`` and on plain tuples and ints; no
coordinate arithmetic (the ``>> 2``, ``& 3``, ``^ 1/2/3`` below are ``cell_of``,
``apex_of``, ``adjacent_positions`` and ``opposite`` of ``astroplane.games.astroplane.topology``,
inlined;
``OWNER[v]`` is ``piece_owner`` of a piece value). The board is read packed
(``astroplane.games.astroplane.packed``): ``board[p]`` is the value of the top piece at ``p``, and
``board[under + v]`` the value of the piece under the piece of value ``v``. Moves are
interned per board size, so ``legal_moves()`` of two states hands out the same ``Move``
objects.

The same code explains why a move is illegal: run with a ``Probe`` naming that move, the
generator notes the rule at each place that rejects a matching candidate
(``astroplane.games.astroplane.rules.explain``), so the explanation cannot drift from the rules.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from astroplane.games.astroplane.construct import engine_of, view_of
from astroplane.games.astroplane.moves import Move
from astroplane.games.astroplane.packed import (
    COUNTERS,
    N_PIECES,
    OFF_BOARD,
    OWNER,
    RESERVE_AT,
    TO_MOVE,
    TRAVELLED_AT,
)
from astroplane.games.astroplane.rules.codes import ELIMINATE, FIRE, ORDINARY, SQUARE, TRAVEL
from astroplane.games.astroplane.rules.engine import IN_SINGULARITY as SINGULARITY_CLASS
from astroplane.games.astroplane.rules.engine import (
    ON_FIRING,
    ON_WORMHOLE,
    ORDINARY_APEX,
    SQUARE_APEX,
    TO_SINGULARITY,
    Engine,
)
from astroplane.games.astroplane.rules.squares import square_owner, touches_other_square
from astroplane.games.astroplane.state import GameState

if TYPE_CHECKING:
    from astroplane.games.astroplane.rules.ruleset import Rules

__all__ = [
    "Probe",
    "generate",
    "has_legal",
    "legal_actions",
    "legal_numbers",
    "rule_actions",
]

#: Reserve choices (``Move.choice``, see ``RESERVE_CHOICES``) by pieces in reserve (0, 1, 2+):
#: bringing a reserve piece in is compulsory [D28] ...
_SING_CHOICES: Final = ((0,), (1, 2), (1, 2))
_FIRE_CHOICES: Final = ((0,), (1, 2), (3, 4, 5))
#: ... unless ``optional_reserve`` is on, when "none" is a choice too [D13].
_SING_CHOICES_OPTIONAL: Final = ((0,), (0, 1, 2), (0, 1, 2))
_FIRE_CHOICES_OPTIONAL: Final = ((0,), (0, 1, 2), (0, 1, 2, 3, 4, 5))

# Reasons the generator gives when it rejects a candidate (quoted by IllegalMoveError).
SQUARE_IMPENETRABLE = (
    "[D14] a single may not land on a piece of a Square (rules page: Squares are impenetrable)"
)
OWN_SQUARE = "[D27] a single may land only on another player's Square, never on its own"
OVERLAP = "[D6] the position overlaps an occupied position of the cell"
SIDE_BY_SIDE = "[D15] it would leave two Squares of different players side by side"
TRAVELLED = "[D19] after travelling, a piece may not travel again before it steps"
IN_SINGULARITY = "[D13] pieces in the Singularity never move again"
NOT_ON_WORMHOLE = "[D12] only a piece on a Wormhole end can travel"
END_TURN_ONLY = "[D7] the turn can only be ended when no move is legal and a free action is"
NOT_LOADED = "[D5] firing needs the mover's pieces on top of both firing positions of the corner"
SQUARE_BLOCKED = (
    "a Square slides one cell into a completely empty ordinary grid cell "
    "(rules page: Squares) [D23]"
)
NO_KILL = (
    "the Kill move (rules page: Squares) crosses only empty ordinary cells and stops on the "
    "first occupied one, which must hold another player's pieces and no Square (unless "
    "square_vs_square)"
)


class Probe:
    """Asks the generator why one move is not generated: each rejection of a candidate
    with the move's kind, origin and target is noted with its rule."""

    __slots__ = ("kind", "origin", "reasons", "target")

    def __init__(self, move: Move) -> None:
        self.kind = move.kind
        self.origin = move.origin
        self.target = move.target
        self.reasons: list[str] = []

    def note(self, kind: int, origin: int, target: int, reason: str) -> None:
        """Record ``reason`` if the rejected candidate is the probed move."""
        if kind == self.kind and origin == self.origin and target == self.target:
            self.reasons.append(reason)

    def note_piece(self, origin: int, reason: str, kind: int = -1) -> None:
        """Record ``reason`` if the probed move starts at ``origin`` (and is of ``kind``,
        unless -1): the piece there cannot make it, wherever it goes."""
        if origin == self.origin and kind in (-1, self.kind):
            self.reasons.append(reason)


def legal_actions(s: GameState) -> tuple[Move, ...]:
    """All legal actions of ``s`` under its rule set (see ``GameState.legal_moves`` for
    the order): the standard actions, a variant's own actions, its restrictions and
    action filter, then END_TURN when only free actions are left [D7]."""
    return legal_moves_of(engine_of(s), s.packed, s)


def legal_moves_of(e: Engine, p: bytes, s: GameState | None) -> tuple[Move, ...]:
    """The legal actions of the packed position ``p`` as moves (``s``: its state, when
    there is one already; a variant's phases are called on it)."""
    moves = e.moves
    if not e.variant_moves:
        return tuple(moves[a] for a in legal_numbers(e, p))
    if p[len(p) - 1]:
        return ()
    acts = [moves[a] for a in generate(e, p, None, False)]
    view = s if s is not None else view_of(e, p)
    acts = variant_actions(e.rules, view, acts)
    if acts and acts[-1].kind == TRAVEL and all(m.kind == TRAVEL for m in acts):
        acts.append(moves[e.end_turn])  # only free actions are left (END_TURN_ONLY)
    return tuple(acts)


def legal_numbers(e: Engine, p: bytes) -> list[int]:
    """The legal action numbers of ``p``, in legal-move order (the packed core's
    ``legal_actions``); a variant's restrictions and filter are applied on a state.

    Raises:
        ValueError: If the rules add actions of their own (they have no numbers).
    """
    if p[len(p) - 1]:
        return []
    acts = generate(e, p, None, False)
    if e.variant_moves:
        if e.has_actions:
            raise ValueError("a variant's own actions have no action numbers")
        moves = e.moves
        kept = variant_actions(e.rules, view_of(e, p), [moves[a] for a in acts])
        number = e.number_of
        acts = [number[m] for m in kept]
    if acts:
        kind = e.m_kind
        for a in acts:
            if kind[a] != TRAVEL:
                return acts
        acts.append(e.end_turn)  # only free actions are left (END_TURN_ONLY)
    return acts


def has_legal(e: Engine, p: bytes, keep: bool = False) -> bool:
    """Does the player to move in ``p`` have a legal action? (The generator stops at the
    first one, unless a variant's phases must see them all.) With ``keep``, all of them
    are generated and kept on the engine for the state about to be built
    (``Engine.kept``)."""
    if keep or e.variant_moves:
        moves = legal_moves_of(e, p, None)
        if keep:
            e.kept = p
            e.kept_moves = moves
        return bool(moves)
    return bool(generate(e, p, None, True))


def variant_actions(rules: Rules, s: GameState, acts: list[Move]) -> list[Move]:
    """Add a variant's own actions, then apply its restrictions and action filter."""
    for action in rules.actions:
        acts.extend(action.generate(s))
    for r in rules.restrictions:
        acts = [m for m in acts if not r.forbids(s, m)]
    if rules.has_action_filter:
        kept = list(rules.action_filter(s, tuple(acts)))
        allowed = set(acts)
        if any(m not in allowed for m in kept):
            raise ValueError("Rules.action_filter may only remove actions, never add them")
        acts = kept
    return acts


def rule_actions(s: GameState, probe: Probe | None) -> list[Move]:
    """The actions the standard rules allow in ``s`` (no END_TURN, no variant actions);
    with ``probe``, rejections of the probed move are noted on it."""
    e = engine_of(s)
    moves = e.moves
    return [moves[a] for a in generate(e, s.packed, probe, False)]


def generate(e: Engine, p: bytes, probe: Probe | None, first: bool) -> list[int]:
    """The action numbers the standard rules allow in the packed position ``p``, in
    legal-move order (no END_TURN, no variant actions); with ``probe``, rejections of the
    probed move are noted on it; with ``first``, it stops once it has found some."""
    # packed (astroplane.games.astroplane.packed): p[q] top value at q, p[under + v] the
    # one below, the locations from p[locs], the counters from p[k]
    k = len(p) - COUNTERS
    locs = e.locs_at
    mover = p[k + TO_MOVE]
    sq = e.squares
    disband = e.disband
    reserve = p[k + RESERVE_AT + mover]
    if reserve > 2:
        reserve = 2
    optional = e.optional_reserve
    sing_choices = (_SING_CHOICES_OPTIONAL if optional else _SING_CHOICES)[reserve]
    sendback = e.sendback
    steps_only = e.steps_only
    with_travel = e.with_travel
    classes = e.classes
    under = e.under
    out: list[int] = []
    square_cells: list[int] | None = None
    loaded = False  # does the mover top a firing position?
    base = mover * 10
    mover_bit = 1 << mover
    owner = OWNER

    for v in range(base + 1, base + 11):
        hi = p[locs + N_PIECES - 1 + v]
        if hi == OFF_BOARD:
            continue
        src = hi << 8 | p[locs + v - 1]
        if p[src] != v:
            continue  # covered: a captive [D9] or lower in a stack
        c = classes[src]
        if c == SINGULARITY_CLASS:
            if probe is not None:
                probe.note_piece(src, IN_SINGULARITY)
            continue
        below = p[under + v]
        view = p
        if e.any_revisit and e.step_revisits[src]:
            lifted = bytearray(p)
            lifted[src] = below
            lifted[under + v] = 0
            view = bytes(lifted)
        src_sq = False
        cands = steps_only[src]
        if c <= ORDINARY_APEX:
            if sq:
                if below:
                    # Leaving may leave a Square behind in the source cell [D15].
                    if not view[under + below]:
                        o = view[src ^ 2]
                        src_sq = o != 0 and not view[under + o] and owner[o] == owner[below]
                elif c == SQUARE_APEX:
                    o = p[src ^ 2]
                    if o and not p[under + o] and owner[o] == mover:
                        # a Square of the mover [D14]
                        if square_cells is None:
                            square_cells = [src >> 2]
                        else:
                            square_cells.append(src >> 2)
        elif c == ON_WORMHOLE:
            pid = v - 1
            if not (p[k + TRAVELLED_AT + (pid >> 3)] >> (pid & 7)) & 1:
                cands = with_travel[src]
            elif probe is not None:
                for dst, _how in e.topology.travel_dests[src]:
                    probe.note(TRAVEL, src, dst, TRAVELLED)
        elif c == ON_FIRING:
            loaded = True
        if probe is not None and c != ON_WORMHOLE:
            probe.note_piece(src, NOT_ON_WORMHOLE, TRAVEL)
        for dst, number, flags in cands:
            mkind = flags & 1  # STEP 0, TRAVEL 1
            if flags > 3:
                target = flags >> 2
                # Nothing to check at the destination; a Square left behind still counts.
                if src_sq and _d15_conflict(e, view, src, below, dst, v, 0):
                    if probe is not None:
                        probe.note(mkind, src, dst, SIDE_BY_SIDE)
                    continue
                if target == TO_SINGULARITY:
                    for ch in sing_choices:
                        out.append(number + ch)
                else:
                    out.append(number)
                continue
            ordinary = flags & 2 != 0
            d1, d2, d3 = dst ^ 1, dst ^ 2, dst ^ 3
            there = view[dst]
            if there:
                # A Square's piece cannot be landed on (3.5), unless the variant allows it.
                if sq and ordinary and not view[under + there]:
                    o = view[d2]
                    if (
                        o
                        and not view[under + o]
                        and owner[o] == owner[there]
                        and (not disband or owner[there] == mover)
                    ):
                        if probe is not None:
                            reason = OWN_SQUARE if disband else SQUARE_IMPENETRABLE
                            probe.note(mkind, src, dst, reason)
                        continue
            elif view[d1] or view[d3]:
                if probe is not None:
                    probe.note(mkind, src, dst, OVERLAP)
                continue  # [D6] overlap
            opp = view[d2]
            if opp:
                owners = 0
                w = opp
                while w:
                    owners |= 1 << owner[w]
                    w = view[under + w]
                if owners == mover_bit:
                    owners = 0
                    forms = sq and ordinary and not there and not view[under + opp]
                else:
                    forms = False
                if (forms or src_sq) and _d15_conflict(e, view, src, below, dst, v, owners):
                    if probe is not None:
                        probe.note(mkind, src, dst, SIDE_BY_SIDE)
                    continue
                if owners:
                    for ch in sendback[owners]:
                        out.append(number + ch)
                    continue
            elif src_sq and _d15_conflict(e, view, src, below, dst, v, 0):
                if probe is not None:
                    probe.note(mkind, src, dst, SIDE_BY_SIDE)
                continue
            out.append(number)
        if first and out:
            return out

    # Firing an Anomaly corner [D5, D13].
    if loaded:
        for corner, f1, f2, number in e.corners:
            a, c1 = p[f1], p[f2]
            if a and c1 and owner[a] == mover and owner[c1] == mover:
                for ch in (_FIRE_CHOICES_OPTIONAL if optional else _FIRE_CHOICES)[reserve]:
                    out.append(number + ch)
            elif probe is not None:
                probe.note(FIRE, corner, -1, NOT_LOADED)
    elif probe is not None:
        probe.note(FIRE, probe.origin, -1, NOT_LOADED)

    if square_cells is not None and not (first and out):
        square_cells.sort()
        _square_actions(e, p, mover, square_cells, out, probe)
    return out


def _d15_conflict(
    e: Engine,
    board: bytes,
    src: int,
    below: int,
    dst: int,
    v: int,
    sendback_owners: int,
) -> bool:
    """Would the single piece of value ``v`` moving ``src`` -> ``dst`` (leaving the piece of
    value ``below`` on top at ``src``) leave two Squares of different players side by side
    [D15]? Only called when the move forms or leaves a Square."""
    under = e.under
    moved = bytearray(board)
    moved[src] = below
    moved[under + v] = moved[dst]
    moved[dst] = v
    if sendback_owners:
        moved[dst ^ 2] = 0
    after = bytes(moved)
    for cell in (src >> 2, dst >> 2):
        if cell < e.n_cells:
            sq_owner = square_owner(after, under, e.kind, cell)
            if sq_owner >= 0 and touches_other_square(
                after, under, e.kind, e.neighbours, cell, sq_owner
            ):
                return True
    return False


_EMPTY_CELL: Final = bytes(4)


def _square_actions(
    e: Engine, b: bytes, mover: int, cells: list[int], out: list[int], probe: Probe | None
) -> None:
    """Square moves and eliminations of the mover's Squares in ``cells`` (rules page: Squares)."""
    kind = e.kind
    neighbours = e.neighbours
    svs = e.square_vs_square
    under = e.under
    for cell in cells:
        for d in range(4):
            n = neighbours[cell][d]
            first = True
            while n >= 0 and kind[n] == ORDINARY and b[4 * n : 4 * n + 4] == _EMPTY_CELL:
                if first:
                    if not _square_lands_badly(e, b, cell, n, mover):
                        out.append(e.square_number(SQUARE, cell, n))
                    elif probe is not None:
                        probe.note(SQUARE, cell, n, SIDE_BY_SIDE)
                first = False
                n = neighbours[n][d]
            if n < 0 or kind[n] != ORDINARY:
                continue
            p = 4 * n
            owners = 0
            for q in (p, p + 1, p + 2, p + 3):
                w = b[q]
                while w:
                    owners |= 1 << OWNER[w]
                    w = b[under + w]
            if not owners & ~(1 << mover):
                continue
            there = square_owner(b, under, kind, n)
            if there >= 0 and not (svs and there != mover):
                continue
            if not _square_lands_badly(e, b, cell, n, mover):
                out.append(e.square_number(ELIMINATE, cell, n))
            elif probe is not None:
                probe.note(ELIMINATE, cell, n, SIDE_BY_SIDE)


def _square_lands_badly(e: Engine, board: bytes, cell: int, target: int, mover: int) -> bool:
    """[D15]: would the Square from ``cell``, now in ``target``, touch another player's Square?"""
    under = e.under
    for n in e.neighbours[target]:
        if n >= 0 and n != cell and board[4 * n : 4 * n + 4] != _EMPTY_CELL:
            o = square_owner(board, under, e.kind, n)
            if o >= 0 and o != mover:
                return True
    return False
