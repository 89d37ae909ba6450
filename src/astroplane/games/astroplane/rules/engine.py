"""The packed core's tables: ``Engine``, one per board and rule set, built once.

The rules (``movegen``, ``apply``, ``turns``) run on packed positions
(``astroplane.games.astroplane.packed``) and action numbers (``actionspace``); an
``Engine`` holds what they read besides the position: the board's flat tables, each
position's candidate destinations with their action numbers, the options of the rule set
as plain fields, and which phases are the standard ones (run natively; any other phase is
called through the rules value, on a state). This module imports nothing that imports the
state, so it stays off the state's import circle; the engine keeps the rules as a plain
object for the modules that call their phases.

Examples:
    >>> from astroplane.games.astroplane.rules.engine import engine_for
    >>> from astroplane.games.astroplane.rules.ruleset import STANDARD
    >>> from astroplane.games.astroplane.topology import REFERENCE_BOARD
    >>> e = engine_for(REFERENCE_BOARD, STANDARD)
    >>> e.num_actions, e is engine_for(REFERENCE_BOARD, STANDARD)
    (15497, True)
"""

from __future__ import annotations

from typing import Any, Final

from astroplane.games.astroplane.actionspace import action_space
from astroplane.games.astroplane.moves import Move
from astroplane.games.astroplane.packed import MAX_POSITIONS, N_PIECES
from astroplane.games.astroplane.rules.codes import (
    ELIMINATE,
    FIRE,
    ORDINARY,
    SINGULARITY,
    SQUARE,
    STEP,
    TRAVEL,
    WORMHOLE,
)
from astroplane.games.astroplane.topology import STEP_SINGULARITY, Topology

__all__ = ["Engine", "engine_for"]

#: A destination of a step or a travel, precomputed per board (``Engine.steps_only``,
#: ``Engine.with_travel``): ``(target, action number of choice 0, flags)``; flags: bit 0 a
#: travel (else a step), bit 1 an ordinary cell, bits 2-3 what the target is (``GRID``,
#: ``TO_FIRING``, ``TO_SINGULARITY``: nothing to check there). Three ints: few to unpack,
#: in the pure and the compiled build alike.
Candidate = tuple[int, int, int]
GRID: Final = 0
TO_FIRING: Final = 1
TO_SINGULARITY: Final = 2
#: What a piece on a position can do, per position (``Engine.classes``): ...
SQUARE_APEX: Final = 0  # ordinary cell, apex NE or NW: may be a piece of a Square [D14]
ORDINARY_APEX: Final = 1  # ordinary cell, apex SW or SE
IN_SINGULARITY: Final = 2  # never moves again [D13]
ON_WORMHOLE: Final = 3  # may travel [D12]
OTHER_CELL: Final = 4  # Hyperspace or another grid cell
ON_FIRING: Final = 5  # loads its Anomaly corner [D5]
IN_START: Final = 6  # a Start Area


class Engine:
    """The tables of one board under one rule set (see the module docs).

    Attributes:
        topology: The board.
        rules: The rule set (a ``Rules``; kept untyped here, off the state's circle).
        num_actions: The size of the board's action encoding.
        moves: Every action's ``Move``, by action number (the ``ActionSpace``'s).
    """

    def __init__(self, topology: Topology, rules: Any) -> None:
        t = topology
        if t.n_positions > MAX_POSITIONS:
            raise ValueError(f"a board of {t.n_positions} positions is too large to pack")
        space = action_space(t)
        self.topology = t
        self.rules = rules
        self.moves: tuple[Move, ...] = space.moves
        self.num_actions: int = space.count
        self.end_turn: int = space.count - 1
        self.m_kind: tuple[int, ...] = tuple(m.kind for m in space.moves)
        self.m_origin: tuple[int, ...] = tuple(m.origin for m in space.moves)
        self.m_target: tuple[int, ...] = tuple(m.target for m in space.moves)
        self.m_choice: tuple[int, ...] = tuple(m.choice for m in space.moves)
        self.number_of: dict[Move, int] = {m: i for i, m in enumerate(space.moves)}
        self.np: int = t.n_positions
        self.under: int = t.n_positions - 1
        self.locs_at: int = t.n_positions + N_PIECES
        self.fire_base: int = t.fire_base
        self.start_base: int = t.start_base
        self.n_cells: int = t.n_cells
        self.kind: tuple[int, ...] = tuple(t.kind)
        self.neighbours: tuple[tuple[int, int, int, int], ...] = tuple(t.neighbours)
        self.through_cell: tuple[int, ...] = tuple(t.through_cell)
        self.singularity_position: tuple[int, ...] = tuple(t.singularity_position)
        self.singularity_positions: tuple[int, ...] = tuple(
            t.singularity_position[cell] for cell, _apex in t.singularity
        )
        self.fire_target: tuple[int, ...] = tuple(t.fire_target)
        self.firing_of_cell: tuple[tuple[int, ...], ...] = tuple(tuple(f) for f in t.firing_of_cell)
        self.step_revisits: tuple[bool, ...] = tuple(bool(x) for x in t.step_revisits)
        self.any_revisit: bool = any(self.step_revisits)
        number = self.number_of
        #: (corner, first firing position, second, action number of choice 0), by corner
        self.corners: tuple[tuple[int, int, int, int], ...] = tuple(
            (corner, f1, f2, number[Move(FIRE, corner, -1, 0)])
            for corner, (f1, f2) in sorted(t.corner_firing)
        )
        squares: dict[int, int] = {}
        for m, i in number.items():
            if m.kind in (SQUARE, ELIMINATE):
                squares[(m.kind * t.n_cells + m.origin) * t.n_cells + m.target] = i
        #: action numbers of Square moves and eliminations, by ``_square_key``
        self.square_numbers = squares
        steps_only: list[tuple[Candidate, ...]] = []
        with_travel: list[tuple[Candidate, ...]] = []
        for src in range(t.n_positions):
            groups: list[tuple[Candidate, ...]] = []
            for mkind, dests in ((STEP, t.step_dests[src]), (TRAVEL, t.travel_dests[src])):
                cands: list[Candidate] = []
                for dst, how in dests:
                    base = number[Move(mkind, src, dst, 0)]
                    if how == STEP_SINGULARITY:
                        flags = TO_SINGULARITY << 2
                    elif dst >= t.fire_base:
                        flags = TO_FIRING << 2
                    else:
                        flags = 2 if t.kind[dst >> 2] == ORDINARY else 0
                    cands.append((dst, base, flags | (mkind == TRAVEL)))
                groups.append(tuple(cands))
            steps_only.append(groups[0])
            with_travel.append(groups[0] + groups[1])
        self.steps_only: tuple[tuple[Candidate, ...], ...] = tuple(steps_only)
        self.with_travel: tuple[tuple[Candidate, ...], ...] = tuple(with_travel)
        self.classes: bytes = bytes(_class_of(t, src) for src in range(t.n_positions))
        # The options, as plain fields.
        self.squares: bool = bool(rules.squares)
        self.disband: bool = bool(rules.singles_disband_squares)
        self.square_vs_square: bool = bool(rules.square_vs_square)
        self.optional_reserve: bool = bool(rules.optional_reserve)
        self.remove_stuck: bool = bool(rules.remove_stuck_players)
        self.turn_limit: int = rules.turn_limit
        rounds = rules.no_progress_rounds
        self.no_progress_rounds: int = -1 if rounds is None else rounds
        self.sendback: tuple[tuple[int, ...], ...] = rules.send_back_table
        # The phases: True where the standard one is in force (run natively).
        plain = rules.standard_phases
        self.std_bonus: bool = "release_bonus" in plain
        self.std_send_back: bool = "send_back" in plain
        self.std_true_win: bool = "true_win" in plain
        self.std_scoring: bool = "scoring" in plain
        self.std_winners: bool = "winners" in plain
        self.std_turn_moves: bool = "turn_moves" in plain
        self.custom_win: bool = bool(rules.has_custom_win)
        self.has_actions: bool = bool(rules.actions)
        #: Legal moves need a state: a variant's actions, restrictions or filter.
        self.variant_moves: bool = bool(
            rules.actions or rules.restrictions or rules.has_action_filter
        )
        #: The last position whose legal moves play generated (``has_legal``), and them,
        #: for the state built of it.
        #: ``play`` generates all the next position's legal moves for its state (the
        #: caller asks for them next); False: it only looks for one, as the core does
        #: (playouts 1.1-1.3x OpenSpiel chess with it, 0.7-0.9x without; ``play`` alone
        #: 0.21-0.26x with it, 0.29-0.33x without: performance page).
        self.keep_legal: bool = True
        self.kept: bytes = b""
        self.kept_moves: tuple[Move, ...] = ()

    def square_number(self, kind: int, cell: int, target: int) -> int:
        """The action number of a Square move or elimination from ``cell`` to ``target``."""
        n = self.n_cells
        return self.square_numbers[(kind * n + cell) * n + target]

    def __repr__(self) -> str:
        return f"<Engine of {self.topology!r} under {self.rules!r}>"


def _class_of(t: Topology, src: int) -> int:
    """What a piece on position ``src`` can do (the classes above)."""
    if src >= t.start_base:
        return IN_START
    if src >= t.fire_base:
        return ON_FIRING
    k = t.kind[src >> 2]
    if k == ORDINARY:
        return SQUARE_APEX if src & 3 < 2 else ORDINARY_APEX
    if k == SINGULARITY:
        return IN_SINGULARITY
    if k == WORMHOLE:
        return ON_WORMHOLE
    return OTHER_CELL


#: Engines by ``(id(topology), id(rules))``, with both kept alive (bounded: rules made
#: afresh in a loop do not pile up).
_ENGINES: dict[tuple[int, int], Engine] = {}
_MOST_ENGINES: Final = 64
#: The engine used last, looked at first (one board and rule set in most programs).
_last: list[Engine] = []


def engine_for(topology: Topology, rules: Any) -> Engine:
    """The engine of ``topology`` under ``rules`` (built on first use, then kept; equal
    rules values share one)."""
    if _last:
        e = _last[0]
        if e.rules is rules and e.topology is topology:
            return e
    key = (id(topology), id(rules))
    found = _ENGINES.get(key)
    if found is None or found.rules is not rules or found.topology is not topology:
        found = None
        for other in _ENGINES.values():
            if other.topology is topology and other.rules == rules:
                found = other
                break
        if found is None:
            found = Engine(topology, rules)
        if len(_ENGINES) >= _MOST_ENGINES:
            _ENGINES.clear()
        _ENGINES[key] = found
    _last[:] = [found]
    return found
