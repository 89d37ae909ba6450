"""The immutable game state, following ``astroplane.protocol.State`` with chance nodes.

A state either waits for the die (``is_chance_node``: ``legal_moves()`` are the six
``ROLL`` outcomes, each with probability 1/6 in ``chance_outcomes()``) or for the player
``to_move`` to play the roll in ``roll``. ``play`` returns a new state; no random
generator lives in a state: draw a roll with ``astroplane.protocol.sample_chance``.

Examples:
    >>> from astroplane.games.aeroplane_chess import new_game
    >>> s = new_game(2)
    >>> s.is_chance_node, [str(m.value) for m in s.legal_moves()]
    (True, ['1', '2', '3', '4', '5', '6'])
    >>> s = s.play(Move.roll(4))
    >>> s.legal_moves()
    (Move.launch('R1'),)
    >>> s = s.play(s.legal_moves()[0])
    >>> s.to_move, s.square_of("R1") == square_from_name("RT"), s.is_chance_node
    (2, True, True)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

import attrs

from astroplane.games.aeroplane_chess.board import (
    CENTRE,
    HANGAR,
    SQUARE_OF,
    colour_from_name,
    plane_from_name,
    plane_name,
    square_from_name,
    square_name,
)
from astroplane.games.aeroplane_chess.movegen import Flight, flights
from astroplane.games.aeroplane_chess.moves import Move, MoveKind, fields_problem
from astroplane.games.aeroplane_chess.options import Rules
from astroplane.games.aeroplane_chess.play import (
    apply_flight,
    apply_roll,
    race_over,
    raise_illegal,
)
from astroplane.games.aeroplane_chess.render import render

__all__ = ["AeroplaneState", "use_position_text"]

_ROLLS = tuple(Move.roll(v) for v in range(1, 7))
_OUTCOMES = tuple((m, 1 / 6) for m in _ROLLS)


def _plane(plane: int | str) -> int:
    if isinstance(plane, str):
        return plane_from_name(plane)
    plane_name(plane)  # validates
    return plane


@attrs.frozen(cache_hash=True, repr=False)
class AeroplaneState:
    """A complete, immutable Aeroplane Chess state.

    Build one with ``new_game``, ``setup_position`` or a parser; the constructor does no
    validation and is for the engine.

    Attributes:
        rules: The rules in force.
        seats: The colours in the game (seat numbers: R 0, Y 1, B 2, G 3), in turn order.
        planes: Per plane id (0..15), its progress: -1 hangar, 0 take-off square, 1..50
            the loop, 51..55 the home column, 56 arrived (``astroplane.games.
            aeroplane_chess.board``). Planes of colours not in the game stay in the hangar.
        stacks: The stacks, each the ascending plane ids of own planes on one square that
            move as one [AC9], in ascending order.
        to_move: The colour whose turn it is (the roller at a chance node).
        roll: The roll the player is to play, or 0 when the die is to be rolled next (and
            once the game is over).
        sixes: How many 6s were rolled and played earlier in this turn (0..2) [AC10].
        sixed: Bit ``plane`` set for each plane moved by those 6s [AC10].
        finished: The colours that brought all four planes home, in the order they did.
        turn: The turn number, 1 for the first player's first turn, at most
            ``MAX_TURN`` (1,000,000).
        turn_limit: The game ended at the turn limit: turn ``MAX_TURN`` is over and more
            than one player had not finished [AC21].
    """

    rules: Rules
    seats: tuple[int, ...]
    planes: tuple[int, ...]
    stacks: tuple[tuple[int, ...], ...]
    to_move: int
    roll: int
    sixes: int
    sixed: int
    finished: tuple[int, ...]
    turn: int
    turn_limit: bool = False
    _flights: tuple[Flight, ...] | None = attrs.field(
        default=None, init=False, eq=False, hash=False, repr=False
    )

    #: The registered name of the game (``astroplane.protocol.get_game``).
    game_name: ClassVar[str] = "aeroplane-chess"

    # ---- the State protocol -------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        """True once only one player has not finished [AC13] (in team play: once both
        partners of a team have [AC26]), or at the turn limit [AC21]."""
        return self.turn_limit or race_over(self.seats, self.finished, self.rules.teams)

    @property
    def is_chance_node(self) -> bool:
        """True when the die is to be rolled: ``chance_outcomes()`` lists the rolls [AC15]."""
        return self.roll == 0 and not self.is_over

    def flights(self) -> tuple[Flight, ...]:
        """The legal player moves with what each does (``movegen.Flight``), in
        ``legal_moves`` order; empty at a chance node and once the game is over.

        Examples:
            >>> from astroplane.games.aeroplane_chess import setup_position
            >>> f = setup_position("RB", {"R1": "12", "B1": "BH5"}, roll=6).flights()[-1]
            >>> f.move, f.landed, f.shortcut, f.captured
            (Move.fly('R1', '30'), (18, 30), True, (8,))
        """
        cached = self._flights
        if cached is None:
            cached = () if self.roll == 0 or self.is_over else flights(self)
            object.__setattr__(self, "_flights", cached)
        return cached

    def legal_moves(self) -> tuple[Move, ...]:
        """The legal moves in a deterministic order: at a chance node the six rolls, 1 to
        6; otherwise the player's moves (``movegen.flights`` gives the order), or a lone
        ``Move.PASS`` when the roll cannot be played [AC12]; empty once the game is over.

        Examples:
            >>> from astroplane.games.aeroplane_chess import setup_position
            >>> setup_position("RB", {"R1": "3", "R2": "7"}, roll=4).legal_moves()
            (Move.launch('R3'), Move.fly('R1', '7'), Move.fly('R1', '7', stack=True), \
    Move.fly('R2', '11'))
        """
        if self.is_chance_node:
            return _ROLLS
        return tuple(f.move for f in self.flights())

    def chance_outcomes(self) -> tuple[tuple[Move, float], ...]:
        """At a chance node, the six rolls with probability 1/6 each; empty elsewhere."""
        return _OUTCOMES if self.is_chance_node else ()

    def play(self, move: Move) -> AeroplaneState:
        """The state after ``move`` (a roll at a chance node, a player move otherwise).

        Raises:
            IllegalMoveError: If ``move`` is not legal here, or is not a well-formed
                ``Move`` at all (another type; fields forged past the constructor, such
                as a float twin of a legal move); the message says which rule forbids it.
                The state is unchanged (it is immutable).

        Examples:
            >>> from astroplane.games.aeroplane_chess import new_game
            >>> new_game(2).play(Move.roll(3)).play(Move.launch("R1"))
            Traceback (most recent call last):
            ...
            astroplane.errors.IllegalMoveError: illegal move Move.launch('R1'): a plane taxis \
    out only on a 2, 4 or 6, not a 3 (seed rule 1, [AC5])
        """
        # A move from ``legal_moves()`` is found by identity. Any other must be a
        # well-formed Move before ``==`` (a float twin forged past Move's checks would
        # compare equal: 6.0 == 6).
        if self.is_chance_node:
            if isinstance(move, Move) and move.kind is MoveKind.ROLL:
                v = move.value
                exact = type(v) is int and 1 <= v <= 6
                if exact and (_ROLLS[v - 1] is move or fields_problem(move) is None):
                    return apply_roll(self, v)
        else:
            moves = self.flights()
            for flight in moves:
                if flight.move is move:
                    return apply_flight(self, flight)
            if isinstance(move, Move) and fields_problem(move) is None:
                for flight in moves:
                    if flight.move == move:
                        return apply_flight(self, flight)
        raise_illegal(self, move)

    def is_legal(self, move: Move) -> bool:
        """True if ``move`` is one of ``legal_moves()`` (a well-formed ``Move``: not a
        float twin forged past its checks)."""
        return (
            isinstance(move, Move) and fields_problem(move) is None and move in self.legal_moves()
        )

    def returns(self) -> tuple[float, float, float, float]:
        """Per seat number (R, Y, B, G), what the game is worth: once it is over, place
        ``p`` of ``n`` players gets ``(n - p) / (n - 1)`` (the winner 1.0, the last 0.0);
        colours not in the game and every seat while the game goes on get 0.0 [AC14].
        At the turn limit the players who had not finished share the places left: each
        gets their mean [AC21]. In team play both partners of the team that finished get
        1.0 and the others 0.0; at the turn limit every seat gets 0.5 [AC26].

        Examples:
            >>> from astroplane.games.aeroplane_chess import new_game
            >>> new_game(4).returns()
            (0.0, 0.0, 0.0, 0.0)
        """
        values = [0.0, 0.0, 0.0, 0.0]
        if self.is_over and self.rules.teams:  # [AC26]
            if self.turn_limit:
                return (0.5, 0.5, 0.5, 0.5)
            won = self.finished[-1] & 1  # the last to finish completed the team
            return (1.0 - won, float(won), 1.0 - won, float(won))
        if self.is_over:
            n = len(self.seats)
            for place, seat in enumerate(self.ranking, 1):
                values[seat] = (n - place) / (n - 1)
            if self.turn_limit:  # the players still racing share the places left [AC21]
                left = [s for s in self.seats if s not in self.finished]
                share = sum(values[s] for s in left) / len(left)
                for s in left:
                    values[s] = share
        return (values[0], values[1], values[2], values[3])

    # ---- queries --------------------------------------------------------------------------
    @property
    def player_count(self) -> int:
        """The number of players the game started with."""
        return len(self.seats)

    @property
    def ranking(self) -> tuple[int, ...]:
        """The colours by place: those who finished in order, then (once the game is over)
        the one left last; at the turn limit, the ones left, who share the places left,
        in turn order [AC21]. In team play, once over: the winning partners in the order
        they finished, then the others (one who finished first) [AC26].

        Examples:
            >>> from astroplane.games.aeroplane_chess import position_from_text
            >>> position_from_text("standard RYB - t80 R1R2R3R4:RH6,B1B2B3B4:BH6 fin:BR").ranking
            (2, 0, 1)
        """
        if not self.is_over:
            return self.finished
        if self.rules.teams and not self.turn_limit:  # [AC26]
            won = self.finished[-1] & 1
            winners = tuple(s for s in self.finished if s & 1 == won)
            return (
                winners
                + tuple(s for s in self.finished if s & 1 != won)
                + tuple(s for s in self.seats if s not in self.finished)
            )
        return self.finished + tuple(s for s in self.seats if s not in self.finished)

    def progress(self, plane: int | str) -> int:
        """Where a plane (id or name) is along its route: -1 hangar .. 56 arrived."""
        return self.planes[_plane(plane)]

    def square_of(self, plane: int | str) -> int:
        """The square id a plane is on (its centre ``RH6`` once it arrived), or -1 in the
        hangar."""
        p = _plane(plane)
        k = self.planes[p]
        return -1 if k == HANGAR else SQUARE_OF[p >> 2][k]

    def planes_at(self, square: int | str) -> tuple[int, ...]:
        """The planes on a square (id or name), ascending.

        Raises:
            ValueError: If ``square`` names no square.
        """
        sq = square_from_name(square) if isinstance(square, str) else square
        square_name(sq)  # validates: an int 0..79, not a bool or float
        return tuple(
            p for p, k in enumerate(self.planes) if k != HANGAR and SQUARE_OF[p >> 2][k] == sq
        )

    def stack_of(self, plane: int | str) -> tuple[int, ...]:
        """The planes that move with ``plane``: its stack, or just itself [AC9].

        Examples:
            >>> from astroplane.games.aeroplane_chess import position_from_text
            >>> s = position_from_text("standard RB R? t5 R1R3:14,R2:14")
            >>> s.stack_of("R3"), s.stack_of("R2"), s.planes_at("14"), s.hangar("R")
            ((0, 2), (1,), (0, 1, 2), (3,))
            >>> s.square_of("R1") == square_from_name("14"), s.progress("R2"), s.arrived("R")
            (True, 14, ())
        """
        p = _plane(plane)
        for st in self.stacks:
            if p in st:
                return st
        return (p,)

    def hangar(self, colour: int | str) -> tuple[int, ...]:
        """The planes of a colour waiting in its hangar, ascending."""
        c = colour_from_name(colour)
        return tuple(p for p in range(4 * c, 4 * c + 4) if self.planes[p] == HANGAR)

    def arrived(self, colour: int | str) -> tuple[int, ...]:
        """The planes of a colour that reached the centre (done), ascending."""
        c = colour_from_name(colour)
        return tuple(p for p in range(4 * c, 4 * c + 4) if self.planes[p] == CENTRE)

    # ---- text -----------------------------------------------------------------------------
    def to_text(self) -> str:
        """The one-line position text (``position.position_to_text``, which the game's
        package installs with ``use_position_text``)."""
        return _WRITER[0](self)

    def __repr__(self) -> str:
        return f"<AeroplaneState {self.to_text()!r}>"

    def __str__(self) -> str:
        return render(self)


#: The position-text writer ``to_text`` hands over to. The formats are a layer above the
#: state (they read and build states), so this module neither imports them nor looks them
#: up in the game registry: the game's package, which Python runs before any of its
#: modules, installs the writer with ``use_position_text``.
_WRITER: list[Callable[[AeroplaneState], str]] = []


def use_position_text(writer: Callable[[AeroplaneState], str]) -> None:
    """Install the writer of ``AeroplaneState.to_text`` (the game's package does it once, on
    import: ``position.position_to_text``); a second call replaces it."""
    _WRITER[:] = [writer]
