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

from astroplane.games.astroplane.moves import Move
from astroplane.games.astroplane.packed import N_PIECES, OFF_BOARD, OWNER
from astroplane.games.astroplane.rules.codes import (
    ELIMINATE,
    END_TURN,
    FIRE,
    ORDINARY,
    SINGULARITY,
    SQUARE,
    STEP,
    TRAVEL,
    WORMHOLE,
)
from astroplane.games.astroplane.rules.squares import square_owner, touches_other_square
from astroplane.games.astroplane.state import GameState
from astroplane.games.astroplane.topology import STEP_SINGULARITY, Topology

if TYPE_CHECKING:
    from astroplane.games.astroplane.rules.ruleset import Rules

__all__ = ["Probe", "legal_actions", "rule_actions"]

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

# Interning: key = (((kind * NP + origin + 1) * NP + target + 1) << 4) | choice, exact for a
# board of NP - 1 positions and choices 0..15; one table per NP.
_INTERN: dict[int, dict[int, Move]] = {}


def _table(t: Topology) -> tuple[dict[int, Move], int]:
    np_ = t.n_positions + 1
    table = _INTERN.get(np_)
    if table is None:
        table = _INTERN[np_] = {}
    return table, np_


def _new(table: dict[int, Move], key: int, kind: int, origin: int, target: int, c: int) -> Move:
    m = table[key] = Move(kind, origin, target, c)
    return m


#: A destination of a step or a travel, precomputed per board (``_tables``):
#: ``(target, target ^ 1, target ^ 2, target ^ 3, ordinary cell?, the Move with choice 0,
#: its intern key)``; ``target ^ 1`` is ``_TO_FIRING`` for a firing position and
#: ``_TO_SINGULARITY`` for a Singularity apex (nothing to check there).
Candidate = tuple[int, int, int, int, bool, Move, int]
_TO_FIRING: Final = -1
_TO_SINGULARITY: Final = -2
#: What a piece on a position can do, per position (``_tables``): ...
_SQUARE_APEX: Final = 0  # ordinary cell, apex NE or NW: may be a piece of a Square [D14]
_ORDINARY_APEX: Final = 1  # ordinary cell, apex SW or SE
_IN_SINGULARITY: Final = 2  # never moves again [D13]
_ON_WORMHOLE: Final = 3  # may travel [D12]
_OTHER_CELL: Final = 4  # Hyperspace or another grid cell
_ON_FIRING: Final = 5  # loads its Anomaly corner [D5]
_IN_START: Final = 6  # a Start Area
Tables = tuple[
    Topology,
    dict[int, Move],
    int,
    tuple[tuple[Candidate, ...], ...],
    tuple[tuple[Candidate, ...], ...],
    tuple[int, ...],
    bool,
]
#: Per board (by ``id``, with the board kept alive): see ``_tables``.
_TABLES: dict[int, Tables] = {}
#: The tables used last (one board in almost every program): looked at before ``_TABLES``.
_last: list[Tables] = []


def _tables(t: Topology) -> Tables:
    """For the board ``t``, computed once: ``(t, intern table, n_positions + 1, per
    position its step candidates, per position its step and travel candidates, per
    position what a piece there can do, does any step revisit its origin)``."""
    found = _TABLES.get(id(t))
    if found is not None and found[0] is t:
        _last[:] = [found]
        return found
    intern, np_ = _table(t)
    steps_only = []
    with_travel = []
    for src in range(t.n_positions):
        groups = []
        for mkind, dests in ((STEP, t.step_dests[src]), (TRAVEL, t.travel_dests[src])):
            cands = []
            for dst, how in dests:
                key = ((mkind * np_ + src + 1) * np_ + dst + 1) << 4
                m0 = intern.get(key) or _new(intern, key, mkind, src, dst, 0)
                if how == STEP_SINGULARITY:
                    cands.append((dst, _TO_SINGULARITY, 0, 0, False, m0, key))
                elif dst >= t.fire_base:
                    cands.append((dst, _TO_FIRING, 0, 0, False, m0, key))
                else:
                    ordinary = t.kind[dst >> 2] == ORDINARY
                    cands.append((dst, dst ^ 1, dst ^ 2, dst ^ 3, ordinary, m0, key))
            groups.append(tuple(cands))
        steps_only.append(groups[0])
        with_travel.append(groups[0] + groups[1])
    classes = []
    for src in range(t.n_positions):
        if src >= t.start_base:
            classes.append(_IN_START)
        elif src >= t.fire_base:
            classes.append(_ON_FIRING)
        else:
            k = t.kind[src >> 2]
            if k == ORDINARY:
                classes.append(_SQUARE_APEX if src & 3 < 2 else _ORDINARY_APEX)
            elif k == SINGULARITY:
                classes.append(_IN_SINGULARITY)
            elif k == WORMHOLE:
                classes.append(_ON_WORMHOLE)
            else:
                classes.append(_OTHER_CELL)
    found = (
        t,
        intern,
        np_,
        tuple(steps_only),
        tuple(with_travel),
        tuple(classes),
        any(t.step_revisits),
    )
    _TABLES[id(t)] = found
    _last[:] = [found]
    return found


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
    if s.outcome is not None:
        return ()
    acts = rule_actions(s, None)
    rules = s.rules
    if rules.actions or rules.restrictions or rules.has_action_filter:
        acts = variant_actions(rules, s, acts)
    if acts and acts[-1].kind == TRAVEL and all(m.kind == TRAVEL for m in acts):
        # Only free actions are left: the player may end the turn instead (END_TURN_ONLY).
        table, np_ = _table(s.topology)
        key = ((END_TURN * np_) * np_) << 4
        acts.append(table.get(key) or _new(table, key, END_TURN, -1, -1, 0))
    return tuple(acts)


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
    """The actions the standard rules allow (no END_TURN, no variant actions); with
    ``probe``, rejections of the probed move are noted on it."""
    t = s.topology
    # packed (astroplane.games.astroplane.packed): b[p] top value at p, b[under + v] the one below
    b = s.board
    locs = s.locs
    rules = s.rules
    mover = s.to_move
    sq = rules.squares
    disband = rules.singles_disband_squares
    reserve = s.reserve[mover]
    if reserve > 2:
        reserve = 2
    optional = rules.optional_reserve
    sing_choices = (_SING_CHOICES_OPTIONAL if optional else _SING_CHOICES)[reserve]
    sendback = rules.send_back_table
    travelled = s.travelled
    tables = _last[0] if _last else None
    if tables is None or tables[0] is not t:
        tables = _tables(t)
    _t, intern, np_, steps_only, with_travel, classes, any_revisit = tables
    under = np_ - 2  # np_ is n_positions + 1
    out: list[Move] = []
    square_cells: list[int] = []
    loaded = False  # does the mover top a firing position?
    base = mover * 10
    mover_bit = 1 << mover
    owner = OWNER

    for v in range(base + 1, base + 11):
        hi = locs[N_PIECES - 1 + v]
        if hi == OFF_BOARD:
            continue
        src = hi << 8 | locs[v - 1]
        if b[src] != v:
            continue  # covered: a captive [D9] or lower in a stack
        c = classes[src]
        if c == _IN_SINGULARITY:
            if probe is not None:
                probe.note_piece(src, IN_SINGULARITY)
            continue
        below = b[under + v]
        view = b
        if any_revisit and t.step_revisits[src]:
            lifted = bytearray(b)
            lifted[src] = below
            lifted[under + v] = 0
            view = bytes(lifted)
        src_sq = False
        cands = steps_only[src]
        if c <= _ORDINARY_APEX:
            if sq:
                if below:
                    # Leaving may leave a Square behind in the source cell [D15].
                    if not view[under + below]:
                        o = view[src ^ 2]
                        src_sq = o != 0 and not view[under + o] and owner[o] == owner[below]
                elif c == _SQUARE_APEX:
                    o = b[src ^ 2]
                    if o and not b[under + o] and owner[o] == mover:
                        square_cells.append(src >> 2)  # a Square of the mover [D14]
        elif c == _ON_WORMHOLE:
            if not (travelled >> (v - 1)) & 1:
                cands = with_travel[src]
            elif probe is not None:
                for dst, _how in t.travel_dests[src]:
                    probe.note(TRAVEL, src, dst, TRAVELLED)
        elif c == _ON_FIRING:
            loaded = True
        if probe is not None and c != _ON_WORMHOLE:
            probe.note_piece(src, NOT_ON_WORMHOLE, TRAVEL)
        for dst, d1, d2, d3, ordinary, m0, key in cands:
            if d1 < 0:
                # Nothing to check at the destination; a Square left behind still counts.
                if src_sq and _d15_conflict(t, view, src, below, dst, v, 0):
                    if probe is not None:
                        probe.note(m0.kind, src, dst, SIDE_BY_SIDE)
                    continue
                if d1 == _TO_SINGULARITY:
                    for ch in sing_choices:
                        out.append(
                            intern.get(key | ch) or _new(intern, key | ch, m0.kind, src, dst, ch)
                        )
                else:
                    out.append(m0)
                continue
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
                            probe.note(m0.kind, src, dst, reason)
                        continue
            elif view[d1] or view[d3]:
                if probe is not None:
                    probe.note(m0.kind, src, dst, OVERLAP)
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
                if (forms or src_sq) and _d15_conflict(t, view, src, below, dst, v, owners):
                    if probe is not None:
                        probe.note(m0.kind, src, dst, SIDE_BY_SIDE)
                    continue
                if owners:
                    for ch in sendback[owners]:
                        out.append(
                            intern.get(key | ch) or _new(intern, key | ch, m0.kind, src, dst, ch)
                        )
                    continue
            elif src_sq and _d15_conflict(t, view, src, below, dst, v, 0):
                if probe is not None:
                    probe.note(m0.kind, src, dst, SIDE_BY_SIDE)
                continue
            out.append(m0)

    # Firing an Anomaly corner [D5, D13].
    if loaded:
        for corner, (f1, f2) in t.corner_firing:
            a, c1 = b[f1], b[f2]
            if a and c1 and owner[a] == mover and owner[c1] == mover:
                key0 = ((FIRE * np_ + corner + 1) * np_) << 4
                for ch in (_FIRE_CHOICES_OPTIONAL if optional else _FIRE_CHOICES)[reserve]:
                    out.append(
                        intern.get(key0 | ch) or _new(intern, key0 | ch, FIRE, corner, -1, ch)
                    )
            elif probe is not None:
                probe.note(FIRE, corner, -1, NOT_LOADED)
    elif probe is not None:
        probe.note(FIRE, probe.origin, -1, NOT_LOADED)

    if square_cells:
        square_cells.sort()
        _square_actions(s, square_cells, out, probe)
    return out


def _d15_conflict(
    t: Topology,
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
    under = t.n_positions - 1
    moved = bytearray(board)
    moved[src] = below
    moved[under + v] = moved[dst]
    moved[dst] = v
    if sendback_owners:
        moved[dst ^ 2] = 0
    after = bytes(moved)
    for cell in (src >> 2, dst >> 2):
        if cell < t.n_cells:
            sq_owner = square_owner(after, under, t.kind, cell)
            if sq_owner >= 0 and touches_other_square(
                after, under, t.kind, t.neighbours, cell, sq_owner
            ):
                return True
    return False


_EMPTY_CELL: Final = bytes(4)


def _square_actions(s: GameState, cells: list[int], out: list[Move], probe: Probe | None) -> None:
    """Square moves and eliminations of the mover's Squares in ``cells`` (rules page: Squares)."""
    t = s.topology
    b = s.board
    kind = t.kind
    mover = s.to_move
    neighbours = t.neighbours
    svs = s.rules.square_vs_square
    intern, np_ = _table(t)
    under = np_ - 2
    for cell in cells:
        for d in range(4):
            n = neighbours[cell][d]
            first = True
            while n >= 0 and kind[n] == ORDINARY and b[4 * n : 4 * n + 4] == _EMPTY_CELL:
                if first:
                    if not _square_lands_badly(t, b, cell, n, mover):
                        out.append(_square_move(intern, np_, SQUARE, cell, n))
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
            if not _square_lands_badly(t, b, cell, n, mover):
                out.append(_square_move(intern, np_, ELIMINATE, cell, n))
            elif probe is not None:
                probe.note(ELIMINATE, cell, n, SIDE_BY_SIDE)


def _square_move(table: dict[int, Move], np_: int, kind: int, cell: int, target: int) -> Move:
    key = ((kind * np_ + cell + 1) * np_ + target + 1) << 4
    return table.get(key) or _new(table, key, kind, cell, target, 0)


def _square_lands_badly(t: Topology, board: bytes, cell: int, target: int, mover: int) -> bool:
    """[D15]: would the Square from ``cell``, now in ``target``, touch another player's Square?"""
    under = t.n_positions - 1
    for n in t.neighbours[target]:
        if n >= 0 and n != cell and board[4 * n : 4 * n + 4] != _EMPTY_CELL:
            o = square_owner(board, under, t.kind, n)
            if o >= 0 and o != mover:
                return True
    return False
