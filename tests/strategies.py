"""Hypothesis strategies shared by the tests."""

from __future__ import annotations

from typing import Any

from hypothesis import assume
from hypothesis import strategies as st

from astroplane import REFERENCE_BOARD, SEAT_NAMES, CellKind, GameState, setup_position
from astroplane.games.astroplane.pieces import piece_from_name, piece_name

# ---- positions ----
# Random VALID positions built through ``setup_position`` (owner: topology/state tests).

_SEAT_SETS: tuple[tuple[int, ...], ...] = (
    (0, 2),
    (0, 1, 2),
    (0, 1, 2, 3),
    (1, 3),
    (0, 3),
    (1, 2, 3),
)

#: Where a piece of a playing seat / of a removed seat [D16] may be (weights by repetition).
_PLACES_ACTIVE = (
    "start",
    "start",
    "grid",
    "grid",
    "grid",
    "stack",
    "firing",
    "singularity",
    "eliminated",
    "stranded",
)
_PLACES_REMOVED = ("eliminated", "singularity", "removed")


#: Usable grid positions outside the Singularity cells [D4].
_GRID = tuple(
    p
    for p in range(REFERENCE_BOARD.fire_base)
    if REFERENCE_BOARD.usable[p]
    and REFERENCE_BOARD.kind[p >> 2] not in (CellKind.OFF, CellKind.SINGULARITY)
)
_GRID_SET = frozenset(_GRID)
_SINGULARITY_POSITIONS = frozenset(
    REFERENCE_BOARD.singularity_position[c] for c, _ in REFERENCE_BOARD.singularity
)
#: Unusable apexes of ordinary cells, where only a lone (Square) piece may stand [D21].
_STRANDABLE = tuple(
    p
    for p in range(REFERENCE_BOARD.fire_base)
    if not REFERENCE_BOARD.usable[p] and REFERENCE_BOARD.kind[p >> 2] == CellKind.ORDINARY
)


def _free_cell(table: dict[int, list[int]], pos: int) -> bool:
    """No piece at ``pos`` or at an adjacent position of its cell (occupancy, [D6])."""
    return not (table.get(pos) or table.get(pos ^ 1) or table.get(pos ^ 3))


def _one_owner(table: dict[int, list[int]], pos: int, piece: int) -> bool:
    """``piece`` may go on ``pos``: if the opposite position holds a stack, every piece of
    both stacks, ``piece`` included, belongs to one player (the stack positioned last
    would have sent the other back otherwise [D10])."""
    if pos >= REFERENCE_BOARD.fire_base or not table.get(pos ^ 2):
        return True
    return {p // 10 for p in table.get(pos, []) + table[pos ^ 2]} <= {piece // 10}


def _pick(
    draw: st.DrawFn,
    candidates: tuple[int, ...],
    table: dict[int, list[int]],
    stackable: set[int] | None,
    piece: int,
) -> int | None:
    """The first candidate (scanning cyclically from a drawn index) where one more piece
    keeps the invariants: a free cell part [D6], or (if ``stackable`` is given) the top of
    an existing stack that is not a stranded lone piece [D21]; never opposite another
    player's pieces [D10]."""
    start = draw(st.integers(0, len(candidates) - 1))
    for i in range(len(candidates)):
        pos = candidates[(start + i) % len(candidates)]
        if (
            _free_cell(table, pos)
            or (stackable is not None and table.get(pos) and pos not in stackable)
        ) and _one_owner(table, pos, piece):
            return pos
    return None


@st.composite
def position_kwargs(draw: st.DrawFn) -> dict[str, Any]:
    """Keyword arguments for ``setup_position`` describing a random VALID position.

    2-4 players (standard and unusual seat sets), pieces in Start Areas, stacked on the
    grid at usable apexes, lone pieces at unusable apexes [D21], in firing positions and
    in Singularity stacks, reserve = highest numbers [D17], some eliminated, some seats
    removed [D16] (their pieces only in the Singularity, eliminated or removed).
    """
    t = REFERENCE_BOARD
    seats = draw(st.sampled_from(_SEAT_SETS))
    removed: list[int] = []
    for seat in seats:
        if len(seats) - len(removed) > 2 and draw(st.integers(0, 4)) == 0:
            removed.append(seat)
    active = [s for s in seats if s not in removed]
    table: dict[int, list[int]] = {}
    stranded: set[int] = set()
    eliminated: list[tuple[str, str]] = []
    reserve: dict[str, int] = {}
    for seat in seats:
        letter = SEAT_NAMES[seat]
        in_reserve = 0 if seat in removed else draw(st.integers(0, 10))
        reserve[letter] = in_reserve
        for number in range(1, 11 - in_reserve):
            piece = f"{letter}{number}"
            pid = piece_from_name(piece)
            where = draw(st.sampled_from(_PLACES_REMOVED if seat in removed else _PLACES_ACTIVE))
            if where == "eliminated":
                eliminated.append((piece, SEAT_NAMES[draw(st.sampled_from(seats))]))
                continue
            if where == "removed":
                continue
            if where == "start":
                pos = t.start_position(seat, draw(st.integers(0, 1)))
            elif where == "firing":
                pos = t.fire_base + draw(st.integers(0, len(t.firing_positions) - 1))
            elif where == "singularity":
                cell = draw(st.sampled_from([c for c, _ in t.singularity]))
                pos = t.singularity_position[cell]
            elif where == "stack" and any(
                q in _GRID_SET and _one_owner(table, q, pid) for q in table
            ):
                pos = draw(
                    st.sampled_from(
                        sorted(q for q in table if q in _GRID_SET and _one_owner(table, q, pid))
                    )
                )
            else:
                lone = None
                if where == "stranded":
                    lone = _pick(draw, _STRANDABLE, table, None, pid)
                if lone is not None:
                    pos = lone
                    stranded.add(pos)
                else:
                    # on top of a stack, or alone in a cell / opposite another stack [D6]
                    found = _pick(draw, _GRID, table, stranded, pid)
                    assert found is not None
                    pos = found
            table.setdefault(pos, []).append(pid)
    stacks = {
        t.position_name(pos): [piece_name(p) for p in pieces] for pos, pieces in table.items()
    }
    to_move = draw(st.sampled_from(active))
    # Marks only where play leaves them: travelled on pieces in a Wormhole cell [D19],
    # landed on the mover's pieces that stand on another piece [D9].
    where_of = {p: pos for pos, pieces in table.items() for p in pieces}
    travelling = [
        piece_name(p)
        for p, pos in sorted(where_of.items())
        if pos < t.fire_base and t.kind[pos >> 2] == CellKind.WORMHOLE
    ]
    landing = [
        piece_name(p)
        for p, pos in sorted(where_of.items())
        if p // 10 == to_move
        and pos < t.start_base
        and pos not in _SINGULARITY_POSITIONS
        and table[pos][0] != p
    ]
    tops = {
        table[t.singularity_position[c]][-1] // 10
        for c, _a in t.singularity
        if table.get(t.singularity_position[c])
    }
    covered = all(table.get(t.singularity_position[c]) for c, _a in t.singularity)
    assume(not (covered and len(tops) == 1))  # a true win would have ended the game
    if not removed:  # Squares of different players side by side [D15, D26]
        assume(not _squares_side_by_side(table))
    turn = draw(st.integers(1, 500))
    return {
        "players": "".join(SEAT_NAMES[s] for s in seats)
        if draw(st.booleans()) or seats not in ((0, 2), (0, 1, 2), (0, 1, 2, 3))
        else len(seats),
        "stacks": stacks,
        "reserve": None if draw(st.booleans()) else reserve,
        "eliminated": eliminated,
        "removed": [SEAT_NAMES[s] for s in removed],
        "to_move": SEAT_NAMES[to_move],
        "moves_left": draw(st.one_of(st.none(), st.integers(1, 3))),
        "turn": turn,
        "travelled": draw(_some(travelling)),
        "landed": draw(_some(landing)),
        "last_progress": draw(st.integers(0, turn)),
    }


def _some(names: list[str]) -> st.SearchStrategy[list[str]]:
    """Up to 4 of ``names``, each once."""
    return st.lists(st.sampled_from(names), unique=True, max_size=4) if names else st.just([])


def _squares_side_by_side(table: dict[int, list[int]]) -> bool:
    """Do two Squares of different players stand orthogonally next to each other [D15]?"""
    t = REFERENCE_BOARD
    owner: dict[int, int] = {}
    for cell in range(t.n_cells):
        if t.kind[cell] != CellKind.ORDINARY:
            continue
        st_ = [table.get(4 * cell + a, []) for a in range(4)]
        for a in (0, 1):
            if (
                len(st_[a]) == 1
                and len(st_[a + 2]) == 1
                and not st_[a ^ 1]
                and not st_[a ^ 3]
                and st_[a][0] // 10 == st_[a + 2][0] // 10
            ):
                owner[cell] = st_[a][0] // 10
    return any(
        n in owner and owner[n] != o for cell, o in owner.items() for n in t.neighbours[cell]
    )


def positions() -> st.SearchStrategy[GameState]:
    """Random VALID game states built through ``setup_position`` (see ``position_kwargs``)."""
    return position_kwargs().map(lambda kwargs: setup_position(**kwargs))


# ---- playouts ----
# Games in progress reached by (biased) random legal play (owner: property/stateful tests).

import random  # noqa: E402
from collections.abc import Callable, Sequence  # noqa: E402

import attrs  # noqa: E402

from astroplane import ADVANCED, BASIC, STANDARD, Move, MoveKind, Rules, new_game  # noqa: E402

#: The presets every property run draws from (section 10).
PRESETS: tuple[Rules, ...] = (BASIC, STANDARD, ADVANCED)

#: A playout policy: picks one of ``state.legal_moves()`` (never called on a finished game).
Policy = Callable[[GameState, random.Random], Move]

#: Relative weight of each action kind when it is available: uniform play almost never
#: fires, ends a turn, travels or eliminates, so the rare kinds are strongly preferred.
KIND_WEIGHTS: dict[int, float] = {
    MoveKind.STEP: 4.0,
    MoveKind.TRAVEL: 3.0,
    MoveKind.FIRE: 40.0,
    MoveKind.SQUARE: 2.0,
    MoveKind.ELIMINATE: 40.0,
    MoveKind.END_TURN: 20.0,
}


@st.composite
def rules_variants(draw: st.DrawFn) -> Rules:
    """A preset (BASIC, STANDARD, ADVANCED) with any combination of the section 10 options
    ``square_vs_square``, ``remove_stuck_players``, ``singles_disband_squares``,
    ``optional_reserve`` [D28], and a limit
    so that every game ends: ``max_turns=200`` or a small ``no_progress_rounds`` [D18, D25]."""
    preset = draw(st.sampled_from(PRESETS))
    no_progress = draw(st.one_of(st.none(), st.integers(1, 4)))
    return attrs.evolve(
        preset,
        square_vs_square=draw(st.booleans()),
        remove_stuck_players=draw(st.booleans()),
        singles_disband_squares=draw(st.booleans())
        if draw(st.booleans())
        else preset.singles_disband_squares,
        optional_reserve=draw(st.booleans()),
        max_turns=200 if no_progress is None else None,
        no_progress_rounds=no_progress,
    )


def _step_weight(state: GameState, move: Move) -> float:
    """Preference of one STEP: towards the Anomaly, Wormholes, the Singularity, Squares."""
    t = state.topology
    dst = move.target
    if t.fire_base <= move.origin < t.start_base:
        return 0.05  # stay loaded: leaving a firing position undoes the work
    if dst >= t.fire_base:
        return 30.0  # loading a firing position
    cell = dst >> 2
    kind = t.kind[cell]
    if kind == CellKind.SINGULARITY:
        return 6.0
    weight = 1.0
    if t.fire_base <= t.link[dst] < t.start_base:
        weight += 15.0  # "armed": pointing at a firing position
    if kind == CellKind.WORMHOLE:
        weight += 4.0
    opposite = state.stacks[dst ^ 2]
    if (
        state.rules.squares
        and kind == CellKind.ORDINARY
        and not state.stacks[dst]
        and len(opposite) == 1
        and opposite[0] // 10 == state.to_move
    ):
        weight += 12.0  # forms a Square
    if move.choice:
        weight += 1.0  # a send-back or reserve choice: vary the choices a little
    return weight


def biased_policy(state: GameState, rng: random.Random) -> Move:
    """Pick an action kind by :data:`KIND_WEIGHTS` among the available kinds, then a move of
    that kind (steps weighted by :func:`_step_weight`, others uniformly)."""
    by_kind: dict[int, list[Move]] = {}
    for m in state.legal_moves():
        by_kind.setdefault(m.kind, []).append(m)
    kinds = sorted(by_kind)
    kind = rng.choices(kinds, [KIND_WEIGHTS[k] for k in kinds])[0]
    options = by_kind[kind]
    if kind == MoveKind.STEP:
        return rng.choices(options, [_step_weight(state, m) for m in options])[0]
    return rng.choice(options)


def uniform_policy(state: GameState, rng: random.Random) -> Move:
    """Uniformly random legal play."""
    return rng.choice(state.legal_moves())


@attrs.frozen
class Playout:
    """A recorded game: ``states[0]`` is the start, ``states[i + 1] = states[i].play(moves[i])``."""

    seed: int
    moves: tuple[Move, ...]
    states: tuple[GameState, ...]

    @property
    def start(self) -> GameState:
        """The state the playout started from."""
        return self.states[0]

    @property
    def final(self) -> GameState:
        """The state after the last move."""
        return self.states[-1]


def run_playout(
    start: GameState, seed: int, length: int, policy: Policy = biased_policy
) -> Playout:
    """Play up to ``length`` actions from ``start`` with ``policy`` seeded by ``seed``;
    stops early when the game ends. Deterministic for equal arguments."""
    rng = random.Random(seed)
    states = [start]
    moves: list[Move] = []
    state = start
    for _ in range(length):
        if state.is_over:
            break
        move = policy(state, rng)
        state = state.play(move)
        moves.append(move)
        states.append(state)
    return Playout(seed, tuple(moves), tuple(states))


#: Hand-made starts (``setup_position`` keyword arguments) for actions that random play from
#: the start (almost) never reaches. END_TURN: S's only piece, at b1.ne, faces N's Square in c2
#: and can only travel through the Wormhole, so it may end the turn instead [D7].
SCENARIOS: tuple[dict[str, Any], ...] = (
    {"players": 2, "stacks": {"b1.ne": ["S1"], "c2.nw": ["N1"], "c2.se": ["N2"]}},
    {
        "players": 4,
        "stacks": {"b1.ne": ["S1"], "c2.nw": ["N1"], "c2.se": ["N2"], "Wl": ["W1"], "El": ["E1"]},
    },
)


def start_states(rules: st.SearchStrategy[Rules] | None = None) -> st.SearchStrategy[GameState]:
    """Starting states: ``new_game(2 | 3 | 4)`` with a random first seat (mostly), a hand-made
    :data:`SCENARIOS` position, or a random valid position (``position_kwargs``), under
    :func:`rules_variants` rules."""
    rules_st = rules_variants() if rules is None else rules

    @st.composite
    def fresh(draw: st.DrawFn) -> GameState:
        players = draw(st.sampled_from((2, 3, 4)))
        first = draw(st.sampled_from({2: "SN", 3: "SWN", 4: "SWNE"}[players]))
        return new_game(players, first=first, rules=draw(rules_st))

    @st.composite
    def built(draw: st.DrawFn) -> GameState:
        kwargs = dict(draw(st.one_of(st.sampled_from(SCENARIOS), position_kwargs())))
        rules = draw(rules_st)
        if kwargs.get("eliminated") and not rules.squares:
            rules = attrs.evolve(rules, squares=True)  # only Squares eliminate (section 8)
        # A game in progress is within the rules' limits [D18, D25].
        turn = kwargs.get("turn", 1)
        if rules.max_turns is not None and turn > rules.max_turns:
            kwargs["turn"] = turn = rules.max_turns
        if rules.no_progress_rounds is not None:
            kwargs["last_progress"] = turn
        kwargs["last_progress"] = min(kwargs.get("last_progress", 0), turn)
        return setup_position(**kwargs, rules=rules)

    return st.one_of(fresh(), fresh(), fresh(), built())


@st.composite
def playouts(
    draw: st.DrawFn,
    max_length: int = 150,
    policies: Sequence[Policy] = (biased_policy, biased_policy, uniform_policy),
) -> Playout:
    """A seeded random playout of random length (0..``max_length`` actions) from a
    :func:`start_states` state, with the biased policy (mostly) or uniform play."""
    return run_playout(
        draw(start_states()),
        draw(st.integers(0, 2**32 - 1)),
        draw(st.integers(0, max_length)),
        draw(st.sampled_from(policies)),
    )


def playout_states(max_length: int = 150) -> st.SearchStrategy[GameState]:
    """Games in progress (or just ended): the final state of a :func:`playouts` game."""
    return playouts(max_length).map(lambda p: p.final)
