"""The immutable game state (RULES.md sections 1.2 and 2).

A ``GameState`` never changes: ``GameState.play`` returns a new
state. Positions, pieces and seats are small integers (see
``astroplane.topology`` and ``astroplane.pieces``); every query has a
name-based convenience too.

>>> import astroplane
>>> s = astroplane.new_game(players=2)
>>> s.to_move, s.moves_left, s.turn
(<Seat.S: 0>, 2, 1)
>>> [astroplane.piece_name(p) for p in s.stack("Sl")]
['S1', 'S2', 'S3']
>>> s.reserve_count("N"), s.location("N7")
(4, -1)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

import attrs

from astroplane.errors import NotationError
from astroplane.outcome import Outcome
from astroplane.pieces import PIECES_PER_PLAYER, piece_from_name, piece_name, seat_from_name
from astroplane.rules.options import Rules
from astroplane.topology import REFERENCE_BOARD, Topology

if TYPE_CHECKING:
    from astroplane.moves import Move

__all__ = ["ELIMINATED", "IN_RESERVE", "NOT_PLAYING", "REMOVED", "GameState"]

#: ``where`` codes for pieces not on a position.
IN_RESERVE = -1
ELIMINATED = -2
REMOVED = -3
NOT_PLAYING = -4


@attrs.frozen(cache_hash=True, repr=False)
class GameState:
    """A complete, immutable game state.

    Build one with ``new_game`` or ``setup_position``; the
    constructor itself does no validation and is for the engine.

    Attributes:
        topology: The board.
        rules: The rules in force.
        seats: The seats in the game, in turn order (clockwise from S) [D2].
        stacks: Per position index, the stack there, bottom to top, as piece ids.
        reserve: Reserve count per seat (4 entries) [D17].
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
        where: Per piece id, its position index or a negative code
            (reserve -1, eliminated -2, removed -3, not playing -4). Derived
            from the fields above and kept for speed; not part of equality.
    """

    topology: Topology
    rules: Rules
    seats: tuple[int, ...]
    stacks: tuple[tuple[int, ...], ...]
    reserve: tuple[int, int, int, int]
    eliminated: tuple[tuple[int, int], ...]
    removed: tuple[int, ...]
    to_move: int
    moves_left: int
    turn: int
    travelled: int
    landed: int
    last_progress: int
    outcome: Outcome | None
    where: tuple[int, ...] = attrs.field(eq=False)
    _legal: tuple[Move, ...] | None = attrs.field(default=None, eq=False)

    #: The registered name of this game (``astroplane.protocol.get_game``).
    game_name: ClassVar[str] = "astroplane"

    # ---- the rules API --------------------------------------------------
    def legal_moves(self) -> tuple[Move, ...]:
        """All legal actions of the player to move, in a deterministic order.

        Order: each piece of the mover by number (steps, then its free
        Wormhole travels, destinations in position order, choices ascending),
        then firings by corner, then Square moves and eliminations by cell and
        direction (N, E, S, W), then END_TURN when it is legal [D7]. Empty
        once the game is over.
        """
        legal = self._legal
        if legal is None:
            legal = _legal_actions(self)
            object.__setattr__(self, "_legal", legal)
        return legal

    def play(self, move: Move) -> GameState:
        """The state after ``move``; this state is unchanged.

        Ends the turn when its moves are used up or nothing is left to do,
        handles stuck players and the end of the game [D7, D16, D18, D25].

        Raises:
            IllegalMoveError: If ``move`` is not legal here; its message names
                the rule that forbids it.
        """
        return _play(self, move)

    def is_legal(self, move: Move) -> bool:
        """True if ``move`` is in ``legal_moves``."""
        return move in self.legal_moves()

    def moves_of(self, piece: int | str) -> tuple[Move, ...]:
        """The legal actions that move ``piece`` (id or name), in legal-move order.

        Its steps and free Wormhole travels; the firing of a corner whose
        firing position it tops; the Square moves and eliminations of the
        Square it belongs to. Empty when it cannot move.

        Raises:
            ValueError: If ``piece`` is not a piece id or name.

        >>> from astroplane import new_game
        >>> s = new_game(2)
        >>> len(s.moves_of("S3")), len(s.moves_of("S1"))
        (3, 0)
        """
        pid = piece_from_name(piece) if isinstance(piece, str) else piece
        piece_name(pid)  # validates
        pos = self.where[pid]
        if pos < 0 or self.stacks[pos][-1] != pid:
            return ()  # off the board, or not on top (captive or covered)
        t = self.topology
        out = []
        for m in self.legal_moves():
            k = m.kind
            if k <= 1:  # STEP, TRAVEL
                hit = m.origin == pos
            elif k == 2:  # FIRE
                hit = pos in t.corner_firing[m.origin]
            elif k <= 4:  # SQUARE, ELIMINATE
                hit = pos < t.fire_base and m.origin == pos >> 2
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
        pid = piece_from_name(piece) if isinstance(piece, str) else piece
        found: set[int] = set()
        for m in self.moves_of(pid):
            if m.kind <= 1:
                found.add(m.target)
            elif m.kind == 2:
                found.add(t.singularity_position[t.fire_target[self.where[pid]]])
            else:
                found.add(4 * m.target + (self.where[pid] & 3))
        return tuple(sorted(found))

    def reachable_cells(self, piece: int | str) -> tuple[int, ...]:
        """The cells ``piece`` can reach with its next action, ascending (a firing
        position counts as its Anomaly corner cell).

        Raises:
            ValueError: If ``piece`` is not a piece id or name.
        """
        t = self.topology
        cells = {
            p >> 2 if p < t.fire_base else t.firing_positions[p - t.fire_base].corner
            for p in self.destinations(piece)
        }
        return tuple(sorted(cells))

    @property
    def is_over(self) -> bool:
        """True once the game has ended."""
        return self.outcome is not None

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

    def scores(self) -> tuple[int, int, int, int]:
        """Current score per seat (RULES.md section 9): 3 per other player's piece
        eliminated, 2 per own piece on top of a Singularity cell, 1 per own piece
        lower in a Singularity stack."""
        return _scores(self)

    # ---- queries ----------------------------------------------------------
    @property
    def player_count(self) -> int:
        """Number of seats the game started with."""
        return len(self.seats)

    @property
    def active_seats(self) -> tuple[int, ...]:
        """Seats still in the game (not removed), in turn order."""
        return tuple(s for s in self.seats if s not in self.removed)

    def stack(self, position: int | str) -> tuple[int, ...]:
        """The stack at a position (index or name such as ``"e2.ne"``, ``"a1S"``, ``"Sl"``).

        Raises:
            ValueError: If the position is not on this board.
        """
        return self.stacks[self._pos(position)]

    def top(self, position: int | str) -> int | None:
        """The top piece at a position, or None if it is empty."""
        st = self.stacks[self._pos(position)]
        return st[-1] if st else None

    def location(self, piece: int | str) -> int:
        """Where a piece is: a position index, or a negative code (reserve -1,
        eliminated -2, removed -3, not in the game -4)."""
        pid = piece_from_name(piece) if isinstance(piece, str) else piece
        return self.where[pid]

    def reserve_count(self, seat: int | str) -> int:
        """Reserve pieces a seat still has [D17]."""
        return self.reserve[seat_from_name(seat)]

    def squares(self) -> tuple[tuple[int, int], ...]:
        """The Squares on the board as ``(cell, owner)`` pairs, by cell [D14].

        Empty when the rules have no Squares.
        """
        return _squares(self)

    def pieces_of(self, seat: int | str) -> tuple[int, ...]:
        """The piece ids of a seat that are on a position (grid, firing position or Start Area)."""
        s = seat_from_name(seat)
        base = s * PIECES_PER_PLAYER
        return tuple(p for p in range(base, base + PIECES_PER_PLAYER) if self.where[p] >= 0)

    def _pos(self, position: int | str) -> int:
        if isinstance(position, str):
            return self.topology.position(position)
        if not 0 <= position < self.topology.n_positions:
            raise ValueError(f"not a position index of this board: {position}")
        return position

    # ---- formats (docs/formats.md) -------------------------------------------
    def to_text(self) -> str:
        """The one-line position text of this state (like FEN; see docs/formats.md).

        Raises:
            ValueError: If the rules have custom hooks, which no text can describe.

        >>> from astroplane import new_game
        >>> new_game().to_text()
        'standard SN S2 t1 Sl:S1S2S3,Sr:S4S5S6,Nl:N1N2N3,Nr:N4N5N6 res:S4,N4'
        """
        from astroplane.formats.position import position_to_text

        return position_to_text(self)

    @classmethod
    def from_text(cls, text: str, *, topology: Topology = REFERENCE_BOARD) -> GameState:
        """Read a position text written by ``to_text``.

        Raises:
            NotationError: If the text is malformed or describes an invalid position;
                the message says where.
        """
        from astroplane.formats.position import position_from_text

        return position_from_text(text, topology=topology)

    def to_dict(self) -> dict[str, Any]:
        """This state as plain JSON-compatible data (fields in docs/formats.md)."""
        from astroplane.formats.jsonio import state_to_dict

        return state_to_dict(self)

    @classmethod
    def from_dict(cls, data: Any, *, topology: Topology = REFERENCE_BOARD) -> GameState:
        """Read a state from ``to_dict`` data.

        Raises:
            NotationError: If the data is not a valid state.
        """
        from astroplane.formats.jsonio import state_from_dict

        return state_from_dict(data, topology=topology)

    def to_json(self, *, indent: int | None = None) -> str:
        """This state as a JSON string (``to_dict`` encoded)."""
        from astroplane.formats.jsonio import to_json

        return to_json(self, indent=indent)

    @classmethod
    def from_json(cls, text: str | bytes, *, topology: Topology = REFERENCE_BOARD) -> GameState:
        """Read a state from ``to_json`` text.

        Raises:
            NotationError: If the text is not JSON of a valid state.

        >>> from astroplane import new_game
        >>> s = new_game(3)
        >>> GameState.from_json(s.to_json()) == s
        True
        """
        from astroplane.formats.jsonio import from_json

        value = from_json(text, topology=topology)
        if not isinstance(value, GameState):
            raise NotationError(f"the JSON holds a {type(value).__name__}, not a game state")
        return value

    # ---- display ------------------------------------------------------------
    def __str__(self) -> str:
        return _render(self)

    def __repr__(self) -> str:
        seats = "".join("SWNE"[s] for s in self.seats)
        if self.outcome is not None:
            return f"<GameState {seats} turn {self.turn}, over: {self.outcome!r}>"
        on_board = sum(1 for w in self.where if w >= 0)
        return (
            f"<GameState {seats} turn {self.turn}, {'SWNE'[self.to_move]} to move, "
            f"{self.moves_left} moves left, {on_board} pieces placed>"
        )


from astroplane.render import render as _render  # noqa: E402
from astroplane.rules.movegen import legal_actions as _legal_actions  # noqa: E402
from astroplane.rules.play import play as _play  # noqa: E402
from astroplane.rules.scoring import scores as _scores  # noqa: E402
from astroplane.rules.squares import squares as _squares  # noqa: E402
