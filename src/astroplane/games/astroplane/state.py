"""The immutable game state: data and read-only queries (rules page: Seats and setup).

A ``GameState`` never changes: ``GameState.play`` returns a new state. The state holds the rule set
in force (``state.rules``) and reaches the rules only through it: legal moves, play, effects and
scores are the rule set's, so a variant changes them all at once. Positions, pieces and seats are
small integers (see ``astroplane.games.astroplane.topology`` and
``astroplane.games.astroplane.pieces``); every query takes names too.

Examples:
    >>> import astroplane
    >>> s = astroplane.new_game(players=2)
    >>> s.to_move, s.moves_left, s.turn
    (<Seat.S: 0>, 2, 1)
    >>> [astroplane.piece_name(p) for p in s.stack("Sl")]
    ['S1', 'S2', 'S3']
    >>> s.reserve_count("N"), s.location("N7")
    (4, <Location.RESERVE: -1>)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

import attrs

from astroplane.games.astroplane.enums import SEAT_NAMES, Location, Seat
from astroplane.games.astroplane.moves import FIRE, SQUARE_KINDS, STEP_KINDS, Move
from astroplane.games.astroplane.outcome import Outcome
from astroplane.games.astroplane.packed import (
    COUNTERS,
    ENDED,
    LANDED_AT,
    MOVES_LEFT_AT,
    N_PIECES,
    N_REMOVED,
    OFF_BOARD,
    PROGRESS_AT,
    REMOVED_AT,
    RESERVE_AT,
    SEATS,
    TO_MOVE,
    TRAVELLED_AT,
    TURN_AT,
    eliminated_of,
    read_int,
    read_mask,
    stack_at,
    unpack_stacks,
    unpack_where,
)
from astroplane.games.astroplane.pieces import piece_id, pieces_of_seat, seat_from_name
from astroplane.games.astroplane.render import render
from astroplane.games.astroplane.topology import (
    REFERENCE_BOARD,
    Topology,
    apex_of,
    cell_of,
    grid_position,
)

if TYPE_CHECKING:
    from astroplane.games.astroplane.events import Event
    from astroplane.games.astroplane.rules.ruleset import Rules

__all__ = [
    "ELIMINATED",
    "IN_RESERVE",
    "NOT_PLAYING",
    "REMOVED",
    "GameState",
    "StateFormats",
    "use_formats",
]

#: ``where`` codes for pieces not on a position (``Location`` values).
IN_RESERVE = int(Location.RESERVE)
ELIMINATED = int(Location.ELIMINATED)
REMOVED = int(Location.REMOVED)
NOT_PLAYING = int(Location.NOT_PLAYING)


class _Caches:
    """Slots for what a state computes once and keeps: its engine (the packed core's
    tables for its board and rules), its legal actions, its outcome, and its stacks and
    piece locations decoded from the packed position. Not attrs fields, so the
    constructor does not spend time setting them; they are empty until first use."""

    __slots__ = ("_engine", "_legal", "_outcome", "_stacks", "_where")
    _engine: Any
    _legal: tuple[Move, ...]
    _outcome: Outcome | None
    _stacks: tuple[tuple[int, ...], ...]
    _where: tuple[int, ...]


_SEAT = tuple(Seat)
#: The seats of a game by the bit mask of its seats (``packed``: bit ``s``, seat ``s``).
_SEATS_OF_MASK = tuple(tuple(s for s in Seat if mask >> s & 1) for mask in range(16))
#: The counters, as offsets from the end of a packed position (``packed``).
_TO_MOVE = TO_MOVE - COUNTERS
_SEATS = SEATS - COUNTERS
_N_REMOVED = N_REMOVED - COUNTERS
_REMOVED = REMOVED_AT - COUNTERS
_RESERVE = RESERVE_AT - COUNTERS
_ENDED = ENDED - COUNTERS


def _counter(read: Callable[[bytes, int], int], p: bytes, at: int) -> int:
    """The counter at ``at`` of the counters block of the packed position ``p``."""
    return read(p, len(p) - COUNTERS + at)


@attrs.frozen(repr=False)
class GameState(_Caches):
    """A complete, immutable game state: a view of a packed position.

    Build one with ``new_game`` or ``setup_position``; the constructor itself does no
    validation and is for the rules engine. The position is kept packed in one ``bytes``
    object (``packed``; its layout is in ``astroplane.games.astroplane.packed`` and on the
    architecture page), which the packed core's rules read and write; every other
    attribute is read from it when asked.

    Attributes:
        topology: The board.
        rules: The rule set in force (options and phases, see ``astroplane.Rules``).
        packed: The packed position (private layout; equal states have equal bytes).
        seats: The seats in the game, in turn order (clockwise from S) [D2].
        board: The stacks, packed (``astroplane.games.astroplane.packed``); read them
            with ``stacks``, ``stack`` and ``top``.
        reserve: Reserve count per seat number (4 entries) [D17].
        eliminated: ``(piece, by_seat)`` for each eliminated piece, in order.
        removed: Seats removed as stuck players [D16], in removal order.
        to_move: The seat whose turn it is (also set after the game ended).
        moves_left: Moves left in the current turn (0 once the game is over).
        turn: Turn number, 1 for the first player's first turn [D18].
        travelled: Bitmask of pieces that travelled a Wormhole and have not
            stepped since (bit ``piece``) [D19].
        landed: Bitmask of pieces that landed on a stack during the current
            turn; leaving such a stack earns no bonus [D9].
        last_progress: The last turn with progress [D25] (0: none yet).
        outcome: None while the game goes on.
        locs: Per piece, where it is, packed (``astroplane.games.astroplane.packed``); read it with
            ``where`` and ``location``.
    """

    #: The registered name of this game (``astroplane.protocol.get_game``).
    game_name: ClassVar[str] = "astroplane"

    topology: Topology
    rules: Rules
    packed: bytes

    def __hash__(self) -> int:
        return hash(self.packed)

    # ---- the fields, read from the packed position ----------------------------------
    @property
    def seats(self) -> tuple[Seat, ...]:
        """The seats in the game, in turn order (clockwise from S) [D2]."""
        return _SEATS_OF_MASK[self.packed[_SEATS]]

    @property
    def board(self) -> bytes:
        """The stacks, packed (``astroplane.games.astroplane.packed``)."""
        return self.packed[: self.topology.n_positions + N_PIECES]

    @property
    def locs(self) -> bytes:
        """Per piece, where it is, packed (``astroplane.games.astroplane.packed``)."""
        start = self.topology.n_positions + N_PIECES
        return self.packed[start : start + 2 * N_PIECES]

    @property
    def reserve(self) -> tuple[int, int, int, int]:
        """Reserve count per seat number (4 entries) [D17]."""
        p = self.packed
        return (p[_RESERVE], p[_RESERVE + 1], p[_RESERVE + 2], p[_RESERVE + 3])

    @property
    def eliminated(self) -> tuple[tuple[int, int], ...]:
        """``(piece, by_seat)`` for each eliminated piece, in order."""
        return eliminated_of(self.packed, self.topology.n_positions)

    @property
    def removed(self) -> tuple[Seat, ...]:
        """Seats removed as stuck players [D16], in removal order."""
        p = self.packed
        n = p[_N_REMOVED]
        return tuple(_SEAT[p[_REMOVED + i]] for i in range(n)) if n else ()

    @property
    def to_move(self) -> Seat:
        """The seat whose turn it is (also set after the game ended)."""
        return _SEAT[self.packed[_TO_MOVE]]

    @property
    def moves_left(self) -> int:
        """Moves left in the current turn (0 once the game is over)."""
        return _counter(read_int, self.packed, MOVES_LEFT_AT)

    @property
    def turn(self) -> int:
        """Turn number, 1 for the first player's first turn [D18]."""
        return _counter(read_int, self.packed, TURN_AT)

    @property
    def last_progress(self) -> int:
        """The last turn with progress [D25] (0: none yet)."""
        return _counter(read_int, self.packed, PROGRESS_AT)

    @property
    def travelled(self) -> int:
        """Bitmask of pieces that travelled a Wormhole and have not stepped since [D19]."""
        return _counter(read_mask, self.packed, TRAVELLED_AT)

    @property
    def landed(self) -> int:
        """Bitmask of pieces that landed on a stack during the current turn [D9]."""
        return _counter(read_mask, self.packed, LANDED_AT)

    @property
    def outcome(self) -> Outcome | None:
        """How the game ended (scored by the rule set's phases), or None while it goes on."""
        if not self.packed[_ENDED]:
            return None
        try:
            return self._outcome
        except AttributeError:
            out = self.rules.outcome(self)
            object.__setattr__(self, "_outcome", out)
            return out

    # ---- the board --------------------------------------------------------------------
    @property
    def stacks(self) -> tuple[tuple[int, ...], ...]:
        """Per position index, the stack there, bottom to top, as piece ids (decoded from
        ``board`` on first use, then kept)."""
        try:
            return self._stacks
        except AttributeError:
            stacks = unpack_stacks(self.packed, self.topology.n_positions)
            object.__setattr__(self, "_stacks", stacks)
            return stacks

    @property
    def where(self) -> tuple[int, ...]:
        """Per piece id, its position index or a negative ``Location`` code (decoded from
        ``locs`` on first use, then kept)."""
        try:
            return self._where
        except AttributeError:
            where = unpack_where(self.locs)
            object.__setattr__(self, "_where", where)
            return where

    # ---- the rules, through the rule set ----------------------------------------------
    def legal_moves(self) -> tuple[Move, ...]:
        """All legal actions of the player to move, in a deterministic order.

        Order: each piece of the mover by number (steps, then its free Wormhole
        travels, destinations in position order, choices ascending), then firings by
        corner, then Square moves and eliminations by cell and direction (N, E, S, W),
        then a variant's own actions, then END_TURN when it is legal [D7]. Empty once
        the game is over.
        """
        try:
            return self._legal
        except AttributeError:
            legal = self.rules.legal_moves(self)
            object.__setattr__(self, "_legal", legal)
            return legal

    def play(self, move: Move) -> GameState:
        """The state after ``move``; this state is unchanged.

        Ends the turn when its moves are used up or nothing is left to do, handles
        stuck players and the end of the game [D7, D16, D18, D25].

        Raises:
            IllegalMoveError: If ``move`` is not legal here; its message names the
                rule that forbids it.
        """
        return self.rules.play(self, move)

    def effects(self, move: Move) -> list[Event]:
        """What ``move`` does, as events in the order a frontend animates them (see
        ``astroplane.games.astroplane.events``); computed by the same pass as ``play``.

        Raises:
            IllegalMoveError: If ``move`` is not legal here.
        """
        return self.rules.play_with_effects(self, move)[1]

    def is_legal(self, move: Move) -> bool:
        """True if ``move`` is in ``legal_moves``."""
        return move in self.legal_moves()

    def scores(self) -> tuple[int, int, int, int]:
        """Current score per seat number (rules page: Scores and winners, or the variant's scoring):
        3 per other player's piece eliminated, 2 per own piece on top of a Singularity
        cell, 1 per own piece lower in a Singularity stack."""
        return self.rules.scores(self)

    def squares(self) -> tuple[tuple[int, Seat], ...]:
        """The Squares on the board as ``(cell, owner)`` pairs, by cell [D14].

        Empty when the rules have no Squares.
        """
        return self.rules.squares_on_board(self)

    # ---- the protocol of astroplane.protocol -----------------------------------------
    @property
    def is_over(self) -> bool:
        """True once the game has ended."""
        return self.packed[-1] != 0

    @property
    def is_chance_node(self) -> bool:
        """Always False: ASTROPLANE has no dice (``astroplane.protocol.State``)."""
        return False

    def chance_outcomes(self) -> tuple[tuple[Move, float], ...]:
        """Always empty: ASTROPLANE has no chance nodes (``astroplane.protocol.State``)."""
        return ()

    def returns(self) -> tuple[float, float, float, float]:
        """Per seat (S, W, N, E), what the game is worth: once it is over the winners
        share 1.0 (rulebook: How To Win), everyone else 0.0; all 0.0 while it goes on
        (``astroplane.protocol.State``).

        Examples:
            >>> from astroplane import new_game
            >>> new_game(2).returns()
            (0.0, 0.0, 0.0, 0.0)
        """
        out = self.outcome
        if out is None:
            return (0.0, 0.0, 0.0, 0.0)
        share = 1.0 / len(out.winners)
        v = [share if s in out.winners else 0.0 for s in range(4)]
        return (v[0], v[1], v[2], v[3])

    # ---- queries --------------------------------------------------------------------
    @property
    def player_count(self) -> int:
        """Number of seats the game started with."""
        return len(self.seats)

    @property
    def active_seats(self) -> tuple[Seat, ...]:
        """Seats still in the game (not removed), in turn order."""
        return tuple(s for s in self.seats if s not in self.removed)

    def stack(self, position: int | str) -> tuple[int, ...]:
        """The stack at a position (index or name such as ``"e2.ne"``, ``"a1S"``, ``"Sl"``),
        bottom to top, as piece ids.

        Raises:
            ValueError: If the position is not on this board.
        """
        return stack_at(self.packed, self.topology.n_positions, self._pos(position))

    def top(self, position: int | str) -> int | None:
        """The top piece at a position, or None if it is empty.

        Raises:
            ValueError: If the position is not on this board.
        """
        v = self.packed[self._pos(position)]
        return v - 1 if v else None

    def location(self, piece: int | str) -> int:
        """Where a piece is: its position index, or a ``Location`` (reserve, eliminated,
        removed, not in the game).

        Raises:
            ValueError: If ``piece`` is not a piece id or name.
        """
        q = self._piece(piece)
        at = self.topology.n_positions + N_PIECES + q
        locs = self.packed
        if locs[N_PIECES + at] == OFF_BOARD:
            return Location(-locs[at])
        return locs[N_PIECES + at] << 8 | locs[at]

    def reserve_count(self, seat: int | str) -> int:
        """Reserve pieces a seat still has [D17].

        Raises:
            ValueError: If ``seat`` is not a seat.
        """
        return self.reserve[seat_from_name(seat)]

    def pieces_of(self, seat: int | str) -> tuple[int, ...]:
        """The piece ids of a seat that are on a position (grid, firing position or
        Start Area).

        Raises:
            ValueError: If ``seat`` is not a seat.
        """
        return tuple(p for p in pieces_of_seat(seat_from_name(seat)) if self.where[p] >= 0)

    def moves_of(self, piece: int | str) -> tuple[Move, ...]:
        """The legal actions that move ``piece`` (id or name), in legal-move order.

        Its steps and free Wormhole travels; the firing of a corner whose firing
        position it tops; the Square moves and eliminations of the Square it belongs
        to. Empty when it cannot move.

        Raises:
            ValueError: If ``piece`` is not a piece id or name.

        Examples:
            >>> from astroplane import new_game
            >>> s = new_game(2)
            >>> len(s.moves_of("S3")), len(s.moves_of("S1"))
            (3, 0)
        """
        pid = self._piece(piece)
        pos = self.where[pid]
        if pos < 0 or self.packed[pos] != pid + 1:
            return ()  # off the board, or not on top (captive or covered)
        t = self.topology
        in_grid = t.is_grid_position(pos)
        out = []
        for m in self.legal_moves():
            k = m.kind
            if k in STEP_KINDS:
                hit = m.origin == pos
            elif k == FIRE:
                hit = pos in t.firing_of_cell[m.origin]
            elif k in SQUARE_KINDS:
                hit = in_grid and m.origin == cell_of(pos)
            else:
                hit = False
            if hit:
                out.append(m)
        return tuple(out)

    def destinations(self, piece: int | str) -> tuple[int, ...]:
        """The positions ``piece`` can take with its next action, ascending.

        Raises:
            ValueError: If ``piece`` is not a piece id or name.

        Examples:
            >>> from astroplane import new_game
            >>> s = new_game(2)
            >>> [s.topology.position_name(p) for p in s.destinations("S3")]
            ['e2.ne', 'e2.nw', 'e2.se']
        """
        t = self.topology
        pos = self.where[self._piece(piece)]
        found: set[int] = set()
        for m in self.moves_of(piece):
            if m.kind in STEP_KINDS:
                found.add(m.target)
            elif m.kind == FIRE:
                found.add(t.singularity_position[t.fire_target[pos]])
            elif m.kind in SQUARE_KINDS:
                found.add(grid_position(m.target, apex_of(pos)))
        return tuple(sorted(found))

    def reachable_cells(self, piece: int | str) -> tuple[int, ...]:
        """The cells ``piece`` can reach with its next action, ascending (a firing
        position counts as its Anomaly corner cell).

        Raises:
            ValueError: If ``piece`` is not a piece id or name.
        """
        t = self.topology
        return tuple(sorted({t.cell_of_position(p) for p in self.destinations(piece)}))

    def _pos(self, position: int | str) -> int:
        if isinstance(position, str):
            return self.topology.position(position)
        if (
            isinstance(position, bool)
            or not isinstance(position, int)
            or not 0 <= position < self.topology.n_positions
        ):
            raise ValueError(f"not a position index of this board: {position!r}")
        return position

    @staticmethod
    def _piece(piece: int | str) -> int:
        return piece_id(piece)

    # ---- formats, handed over to what the game's package installed (``use_formats``) ----
    def to_text(self) -> str:
        """The one-line position text of this state (like FEN; see the formats page);
        ``astroplane.position_to_text``.

        Raises:
            UnknownVariantError: If the rules are no registered variant's.

        Examples:
            >>> from astroplane import new_game
            >>> new_game().to_text()
            'standard SN S2 t1 Sl:S1S2S3,Sr:S4S5S6,Nl:N1N2N3,Nr:N4N5N6 res:S4,N4'
        """
        return _installed().to_text(self)

    @classmethod
    def from_text(cls, text: str, *, topology: Topology = REFERENCE_BOARD) -> GameState:
        """Read a position text written by ``to_text`` (``astroplane.position_from_text``).

        Raises:
            NotationError: If the text is malformed or describes an impossible position;
                the message says where.
        """
        return _installed().from_text(text, topology=topology)

    def to_dict(self) -> dict[str, Any]:
        """This state as plain JSON-compatible data
        (``astroplane.games.astroplane.formats.state_to_dict``).

        Raises:
            UnknownVariantError: If the rules are no registered variant's.
        """
        return _installed().to_dict(self)

    @classmethod
    def from_dict(cls, data: Any, *, topology: Topology = REFERENCE_BOARD) -> GameState:
        """Read a state from ``to_dict`` data
        (``astroplane.games.astroplane.formats.state_from_dict``).

        Raises:
            NotationError: If the data is not a valid state.
        """
        return _installed().from_dict(data, topology=topology)

    def to_json(self) -> str:
        """This state as JSON text (``astroplane.to_json``).

        Raises:
            UnknownVariantError: If the rules are no registered variant's.
        """
        return _installed().to_json(self)

    @classmethod
    def from_json(cls, text: str | bytes, *, topology: Topology = REFERENCE_BOARD) -> GameState:
        """Read a state from ``to_json`` text.

        Raises:
            NotationError: If the text is not JSON of a valid state.

        Examples:
            >>> from astroplane import new_game
            >>> s = new_game(3)
            >>> GameState.from_json(s.to_json()) == s
            True
        """
        return _installed().from_json(text, topology=topology)

    def _repr_svg_(self) -> str | None:
        """The board as SVG, for Jupyter."""
        return _installed().to_svg(self)

    # ---- display ----------------------------------------------------------------------
    def __str__(self) -> str:
        return render(self)

    def __repr__(self) -> str:
        seats = "".join(SEAT_NAMES[s] for s in self.seats)
        if self.outcome is not None:
            return f"<GameState {seats} turn {self.turn}, over: {self.outcome!r}>"
        on_board = sum(1 for w in self.where if w >= 0)
        return (
            f"<GameState {seats} turn {self.turn}, {SEAT_NAMES[self.to_move]} to move, "
            f"{self.moves_left} {'move' if self.moves_left == 1 else 'moves'} left, "
            f"{on_board} pieces placed>"
        )


class _Reader(Protocol):
    """A reader of the formats: text or data in, a validated state out."""

    def __call__(self, text: Any, /, *, topology: Topology) -> GameState: ...


@attrs.frozen
class StateFormats:
    """The formats ``GameState``'s convenience methods (``to_text``, ``from_text``,
    ``to_dict``, ``from_dict``, ``to_json``, ``from_json``, ``_repr_svg_``) hand over to.

    The formats are a layer above the state (they read and build states): this module
    does not import them, nor look them up in the game registry. The game's package
    (``astroplane.games.astroplane``) installs them with ``use_formats`` when it is
    imported, which Python does before it runs any of the package's modules, so every
    ``GameState`` has them.

    Attributes:
        to_text: ``formats.position_to_text``.
        from_text: ``formats.position_from_text``.
        to_dict: ``formats.state_to_dict``.
        from_dict: ``formats.state_from_dict``.
        to_json: ``formats.to_json`` of a state.
        from_json: ``formats.jsonio.state_from_json``.
        to_svg: ``astroplane.games.astroplane.svg.board``.
    """

    to_text: Callable[[GameState], str]
    from_text: _Reader
    to_dict: Callable[[GameState], dict[str, Any]]
    from_dict: _Reader
    to_json: Callable[[GameState], str]
    from_json: _Reader
    to_svg: Callable[[GameState], str]


_FORMATS: list[StateFormats] = []


def use_formats(formats: StateFormats) -> None:
    """Install the formats ``GameState``'s text, JSON and drawing methods use (the game's
    package does it once, on import); a second call replaces them."""
    _FORMATS[:] = [formats]


def _installed() -> StateFormats:
    if not _FORMATS:  # pragma: no cover - the package installs them before this module runs
        raise RuntimeError("no formats installed for GameState: import astroplane.games.astroplane")
    return _FORMATS[0]
