"""The immutable game state, following ``astroplane.protocol.State`` (no chance nodes).

A state holds, per player, the points of their pieces (a bitmask), the pieces in hand and
the number removed [SO2]; whose turn it is and the removal rights still to use (a removal
is a ply of its own [SO4]; a trade can give one to each side [SO8]); the cooldown marks
[SO7]; the turn counters of the draws and, when threefold is on, the positions since the
last placement or removal [SO6]. Seats: 0 = W, 1 = B.

Examples:
    >>> from astroplane.games.square_off import new_game, Move
    >>> s = new_game().play(Move.place("d2"))
    >>> s.to_move, s.in_hand, len(s.legal_moves())
    (1, (8, 9), 23)
    >>> s.pieces_at("d2")
    0
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar, cast

import attrs

from astroplane.games.square_off.board import Board
from astroplane.games.square_off.movegen import generate
from astroplane.games.square_off.moves import Move
from astroplane.games.square_off.options import Rules
from astroplane.games.square_off.outcome import Outcome
from astroplane.games.square_off.play import SEATS, raise_illegal, seat_number
from astroplane.games.square_off.quickplay import apply
from astroplane.games.square_off.render import render
from astroplane.protocol import legal_match

__all__ = ["SquareOffState"]

_new = object.__new__

_FIELDS = (
    "rules", "board", "occupancy", "in_hand", "removed", "turn_of", "removals", "cooldown",
    "turns", "quiet", "history", "outcome", "_moves",
)  # fmt: skip


class _Slots:
    """The storage of ``SquareOffState``, with a plain ``__setattr__``.

    The engine builds a state by filling one of these and then making it a
    ``SquareOffState`` (``SquareOffState._assemble``): the layouts are the same (the attrs
    class adds no slot), and the attrs ``__init__`` of a frozen class stores each field
    through ``object.__setattr__``, a fifth of a ply [SO31].
    """

    __slots__ = (*_FIELDS, "_hash", "__weakref__")
    _hash: int


@attrs.frozen(hash=False, repr=False)
class SquareOffState(_Slots):
    """A complete, immutable Square Off state.

    Build one with ``new_game`` or ``setup_position``; the constructor does no validation
    and is for the engine.

    Attributes:
        rules: The rules in force.
        board: The board (``board.BOARD`` unless a variant board is given).
        occupancy: Per seat, the bitmask of the points holding its pieces.
        in_hand: Per seat, the pieces not yet placed.
        removed: Per seat, the pieces removed from the board (out for good).
        turn_of: The seat whose turn it is (removal plies belong to that turn).
        removals: The seats with a removal still to make this turn, in order; the first
            acts now [SO4], [SO8]. Empty: ``turn_of`` moves.
        cooldown: Per seat, the bitmask of line indices that seat's last move broke [SO7]
            (always 0 without the ``cooldown`` option).
        turns: Completed turns, stage 1 included (``max_turns``) [SO6].
        quiet: Consecutive stage-2 turns without a removal (``no_removal_turns``) [SO6].
        history: With ``threefold``, the position keys since the last placement or
            removal, this position's last (``play.position_key``), as a ``History``
            (``history.History``: equal to the tuple of its keys, extended by a ply
            without a copy); else empty [SO6], [SO19].
        outcome: How the game ended, or None while it goes on.
    """

    rules: Rules
    board: Board
    occupancy: tuple[int, int]
    in_hand: tuple[int, int]
    removed: tuple[int, int]
    turn_of: int
    removals: tuple[int, ...]
    cooldown: tuple[int, int]
    turns: int
    quiet: int
    history: Sequence[int]
    outcome: Outcome | None
    _moves: tuple[Move, ...] | None = attrs.field(
        default=None, init=False, eq=False, hash=False, repr=False
    )

    #: The game's registry name (``astroplane.protocol.get_game``; registered with the
    #: formats of the shared kit).
    game_name: ClassVar[str] = "square-off"

    @classmethod
    def _assemble(
        cls,
        rules: Rules,
        board: Board,
        occupancy: tuple[int, int],
        in_hand: tuple[int, int],
        removed: tuple[int, int],
        turn_of: int,
        removals: tuple[int, ...],
        cooldown: tuple[int, int],
        turns: int,
        quiet: int,
        history: Sequence[int],
        outcome: Outcome | None,
        moves: tuple[Move, ...],
    ) -> SquareOffState:
        """The state with these fields and legal moves, for the engine: the same value as
        the constructor's, built without its per-field ``object.__setattr__``."""
        if cls is not SquareOffState:  # a subclass may add slots: its constructor
            state = cls(
                rules, board, occupancy, in_hand, removed, turn_of, removals, cooldown,
                turns, quiet, history, outcome,
            )  # fmt: skip
            object.__setattr__(state, "_moves", moves)
            return state
        new: Any = _new(_Slots)
        new.rules = rules
        new.board = board
        new.occupancy = occupancy
        new.in_hand = in_hand
        new.removed = removed
        new.turn_of = turn_of
        new.removals = removals
        new.cooldown = cooldown
        new.turns = turns
        new.quiet = quiet
        new.history = history
        new.outcome = outcome
        new._moves = moves
        new.__class__ = SquareOffState
        return cast(SquareOffState, new)

    def __hash__(self) -> int:
        """The hash of the fields compared by ``==`` (computed once)."""
        try:
            return self._hash
        except AttributeError:  # not yet computed
            found = hash(tuple([getattr(self, name) for name in _FIELDS[:-1]]))
            object.__setattr__(self, "_hash", found)
            return found

    # ---- the State protocol -------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        """True once the game has ended (``outcome`` says how)."""
        return self.outcome is not None

    @property
    def is_chance_node(self) -> bool:
        """Always False: the game has no chance."""
        return False

    @property
    def to_move(self) -> int:
        """The seat to act: the first holder of a pending removal, else ``turn_of``."""
        return self.removals[0] if self.removals else self.turn_of

    @property
    def turn(self) -> int:
        """The turn number (the protocol's): 1 for the first player's first turn, then
        ``turns + 1`` (a removal belongs to the turn of the move that earned it)."""
        return self.turns + 1

    @property
    def seats(self) -> tuple[int, int]:
        """The seats in turn order from seat 0: ``(0, 1)``, W then B."""
        return (0, 1)

    def legal_moves(self) -> tuple[Move, ...]:
        """The legal moves in ascending action order (``moves.move_to_action``) [SO14];
        empty once the game is over. Computed once (``play`` computes them for the end
        checks), then cached.

        Examples:
            >>> from astroplane.games.square_off import new_game
            >>> new_game().legal_moves()[:3]
            (Move.place('a7'), Move.place('d7'), Move.place('g7'))
        """
        moves = self._moves
        if moves is None:  # a state made with attrs.evolve: compute them now
            moves = () if self.outcome is not None else self._generate()
            object.__setattr__(self, "_moves", moves)
        return moves

    def _generate(self) -> tuple[Move, ...]:
        me = self.to_move
        return generate(
            self.board,
            self.rules,
            self.occupancy[me],
            self.occupancy[1 - me],
            self.in_hand[me],
            self.cooldown[me],
            bool(self.removals),
        )

    def chance_outcomes(self) -> tuple[tuple[Move, float], ...]:
        """Always empty: the game has no chance."""
        return ()

    def play(self, move: Move) -> SquareOffState:
        """The state after ``move``; this state is unchanged.

        Raises:
            IllegalMoveError: If ``move`` is not exactly one of ``legal_moves()`` (any
                other type too); the message names the rule that forbids it.

        Examples:
            >>> from astroplane.games.square_off import new_game
            >>> new_game().play(Move.slide("a7", "d7"))
            Traceback (most recent call last):
            ...
            astroplane.errors.IllegalMoveError: illegal move Move.slide('a7', 'd7'): \
    W still has 9 pieces in hand: stage 1, a piece is placed, not moved [SO2]
        """
        moves = self._moves
        if moves is None:
            moves = self.legal_moves()
        for legal in moves:  # the moves handed out are the interned ones: identity first
            if legal is move:
                return apply(self, legal)
        # Any other object names at most a legal move (same class and field types, no
        # look-alikes), and that legal move is what is played, never the caller's object.
        found = legal_match(self, move)
        if found is None:
            raise_illegal(self, move)
        return apply(self, found)

    def is_legal(self, move: object) -> bool:
        """True if ``move`` is one of ``legal_moves()`` (``protocol.is_legal_action``: the
        same class and field types, no ``float`` or ``bool`` twin)."""
        return legal_match(self, move) is not None

    def returns(self) -> tuple[float, float]:
        """Per seat: 1.0 to the winner, 0.0 to the loser, 0.5 each for a draw; (0.0, 0.0)
        while the game goes on [SO6]."""
        return (0.0, 0.0) if self.outcome is None else self.outcome.returns

    # ---- queries --------------------------------------------------------------------------
    @property
    def winner(self) -> int | None:
        """The winning seat, or None (a draw, or the game goes on)."""
        return None if self.outcome is None else self.outcome.winner

    @property
    def stage(self) -> int:
        """1 while the player whose turn it is has pieces in hand (they place), else 2
        [SO2], [SO17]."""
        return 1 if self.in_hand[self.turn_of] else 2

    def pieces_left(self, seat: int) -> int:
        """The pieces a seat (0 = W, 1 = B) has left: on the board plus in hand.

        Raises:
            ValueError: If ``seat`` is not 0 or 1.
        """
        return self.occupancy[seat_number(seat)].bit_count() + self.in_hand[seat]

    def points_of(self, seat: int) -> tuple[int, ...]:
        """The points holding a seat's (0 = W, 1 = B) pieces, ascending.

        Raises:
            ValueError: If ``seat`` is not 0 or 1.
        """
        mask = self.occupancy[seat_number(seat)]
        return tuple(p for p in range(len(self.board.names)) if mask >> p & 1)

    def pieces_at(self, point: int | str) -> int | None:
        """The seat whose piece is on ``point`` (a name or id), or None if it is empty.

        Raises:
            ValueError: If ``point`` is not a point of the board.
        """
        p = self.board.point(point)
        for seat in (0, 1):
            if self.occupancy[seat] >> p & 1:
                return seat
        return None

    # ---- text -----------------------------------------------------------------------------
    def __repr__(self) -> str:
        cells = "".join(
            "W" if self.occupancy[0] >> p & 1 else "B" if self.occupancy[1] >> p & 1 else "."
            for p in range(len(self.board.names))
        )
        if self.outcome is not None:
            status = f"over: {self.outcome.ending.value}, winner {self._winner_text()}"
        else:
            rights = "".join(SEATS[s] for s in self.removals)
            status = f"{SEATS[self.to_move]} to act" + (f", removal {rights}" if rights else "")
        return (
            f"<SquareOffState {self.rules.name} {cells} hand {self.in_hand[0]}/"
            f"{self.in_hand[1]} turn {self.turns} {status}>"
        )

    def _winner_text(self) -> str:
        return "none (draw)" if self.winner is None else SEATS[self.winner]

    def __str__(self) -> str:
        return render(self)
