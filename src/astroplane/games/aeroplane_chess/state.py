"""The immutable game state, following ``astroplane.protocol.State`` with chance nodes.

A state either waits for the die (``is_chance_node``: ``legal_moves()`` are the six
``ROLL`` outcomes, each with probability 1/6 in ``chance_outcomes()``) or for the player
``to_move`` to play the roll in ``roll``. ``play`` returns a new state; no random
generator lives in a state: draw a roll with ``astroplane.protocol.sample_chance``.

A state is a view of a packed position (``packed``, five ints: ``packed.py``) under its
rules: the rules run on the packed core (``core.AeroplaneCore``), and every other field
is read from the position when asked.

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

import enum
from collections.abc import Callable
from typing import Any, ClassVar, cast

import attrs

from astroplane.games.aeroplane_chess.actions import MOVES
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
from astroplane.games.aeroplane_chess.core import AeroplaneCore, core_for, use_view
from astroplane.games.aeroplane_chess.movegen import Flight, flights
from astroplane.games.aeroplane_chess.moves import Move, MoveKind, fields_problem
from astroplane.games.aeroplane_chess.options import STANDARD, Rules
from astroplane.games.aeroplane_chess.packed import (
    LIMIT,
    OVER,
    SEATS,
    SEATS_OF,
    SIXED,
    SIXES,
    TO_MOVE,
    TURN,
    Position,
    fields,
    finished_of,
    planes_of,
    position,
    stacks_of,
)
from astroplane.games.aeroplane_chess.play import raise_illegal
from astroplane.games.aeroplane_chess.render import render
from astroplane.games.aeroplane_chess.validate import Fields, problem_of

__all__ = ["AeroplaneState", "core_pair", "use_position_text", "view_of"]

_ROLLS = tuple(MOVES[a] for a in range(6))
_OUTCOMES = tuple((m, 1 / 6) for m in _ROLLS)
#: What a state built from fields that break the packed layout holds (it keeps only the
#: problem, which ``check_state`` raises).
_BLANK = position((0, 2), (HANGAR,) * 16, (), 0, 0, 0, 0, (), 1, False, False)
_MISSING = "AeroplaneState() needs the packed position or every field: {} missing"


class _Unset(enum.Enum):
    """The default of a field not given to the constructor."""

    UNSET = 0


_UNSET = _Unset.UNSET


def _plane(plane: int | str) -> int:
    if isinstance(plane, str):
        return plane_from_name(plane)
    plane_name(plane)  # validates
    return plane


class _Slots:
    """Every slot of a state. ``rules``, ``packed`` and ``_problem`` are its attrs fields
    (its value); the others keep what it computes once: its core (the rules'
    ``AeroplaneCore``), its legal action numbers and moves (None until asked), its
    ``flights`` and its planes' progress (unset until asked). ``view_of`` fills a plain
    ``_Slots`` object and makes it an ``AeroplaneState`` (attrs' frozen ``__setattr__``
    and slot setters cost more)."""

    __slots__ = (
        "__weakref__", "_actions", "_core", "_flights", "_moves", "_planes", "_problem",
        "packed", "rules",
    )  # fmt: skip
    rules: Rules
    packed: Position
    _problem: str | None
    _core: AeroplaneCore
    _actions: tuple[int, ...]
    _moves: tuple[Move, ...] | None
    _flights: tuple[Flight, ...]
    _planes: tuple[int, ...]


class _Blank(_Slots):
    """A plain object with a state's slots, before it becomes one (``view_of``)."""

    __slots__ = ()


@attrs.frozen(init=False, repr=False)
class AeroplaneState(_Slots):
    """A complete, immutable Aeroplane Chess state: a view of a packed position.

    Build one with ``new_game``, ``setup_position`` or a reader. The constructor takes the
    fields below (as the attributes name them) or ``packed`` (with any fields to change:
    ``attrs.evolve`` works); it does not raise, but keeps the first invariant the fields
    break, which ``setup.check_state`` raises; values that the packed layout cannot hold
    are kept only as that problem.

    Attributes:
        rules: The rules in force.
        packed: The packed position (``packed.py``; private layout: equal states have
            equal positions); the fields below are read from it.
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
    packed: Position
    _problem: str | None = attrs.field(default=None, init=False)

    #: The registered name of the game (``astroplane.protocol.get_game``).
    game_name: ClassVar[str] = "aeroplane-chess"

    def __init__(
        self,
        rules: Rules,
        seats: tuple[int, ...] | _Unset = _UNSET,
        planes: tuple[int, ...] | _Unset = _UNSET,
        stacks: tuple[tuple[int, ...], ...] | _Unset = _UNSET,
        to_move: int | _Unset = _UNSET,
        roll: int | _Unset = _UNSET,
        sixes: int | _Unset = _UNSET,
        sixed: int | _Unset = _UNSET,
        finished: tuple[int, ...] | _Unset = _UNSET,
        turn: int | _Unset = _UNSET,
        turn_limit: bool | _Unset = _UNSET,
        *,
        packed: Position | None = None,
    ) -> None:
        given: list[Any] = [seats, planes, stacks, to_move, roll, sixes, sixed, finished, turn]
        given.append(turn_limit)
        problem = None
        if packed is not None:
            try:
                base: list[Any] = list(fields(packed))
            except (TypeError, ValueError, IndexError):
                base, problem = list(fields(_BLANK)), f"not a packed position: {packed!r:.60}"
        else:
            base = [_UNSET] * 9 + [False]
            missing = [n for n, v in zip(_FIELDS[:9], given[:9], strict=True) if v is _UNSET]
            if missing:
                raise TypeError(_MISSING.format(", ".join(missing)))
        values = [b if g is _UNSET else g for g, b in zip(given, base, strict=True)]
        raw = Fields(rules, *values)
        problem = problem or problem_of(raw)
        try:
            se, pl, st, tm, ro, sx, sd, fi, tu, tl = values
            p = position(se, pl, st, tm, ro, sx, sd, fi, tu, tl, raw.is_over)
        except (TypeError, ValueError, IndexError, AttributeError, OverflowError):
            p = _BLANK
            problem = problem or "the fields do not fit a state"
        _SET_RULES(self, rules)
        _SET_PACKED(self, p)
        _SET_PROBLEM(self, problem)
        _SET_CORE(self, core_for(rules) if isinstance(rules, Rules) else _STANDARD_CORE)
        _SET_MOVES(self, None)

    def __getstate__(self) -> tuple[Rules, Position, str | None]:
        return (self.rules, self.packed, self._problem)

    def __setstate__(self, state: tuple[Rules, Position, str | None]) -> None:
        _SET_RULES(self, state[0])
        _SET_PACKED(self, state[1])
        _SET_PROBLEM(self, state[2])
        _SET_CORE(self, core_for(state[0]))
        _SET_MOVES(self, None)

    def __hash__(self) -> int:
        return hash(self.packed)

    def _engine(self) -> AeroplaneCore:
        """The core of the rules (kept)."""
        return self._core

    # ---- the fields, read from the packed position ------------------------------------
    @property
    def seats(self) -> tuple[int, ...]:
        """The colours in the game, in turn order [AC2]."""
        return SEATS_OF[self.packed[4] >> SEATS & 15]

    @property
    def planes(self) -> tuple[int, ...]:
        """Per plane id, its progress (-1 hangar .. 56 arrived)."""
        try:
            return self._planes
        except AttributeError:
            found = planes_of(self.packed)
            _SET_PLANES(self, found)
            return found

    @property
    def stacks(self) -> tuple[tuple[int, ...], ...]:
        """The stacks, each its ascending plane ids, in ascending order [AC9]."""
        return stacks_of(self.packed)

    @property
    def to_move(self) -> int:
        """The colour whose turn it is (the roller at a chance node)."""
        return self.packed[4] >> TO_MOVE & 3

    @property
    def roll(self) -> int:
        """The roll to play, or 0 (the die is to be rolled, or the game is over)."""
        return self.packed[4] & 7

    @property
    def sixes(self) -> int:
        """6s rolled and played earlier in this turn (0..2) [AC10]."""
        return self.packed[4] >> SIXES & 3

    @property
    def sixed(self) -> int:
        """Bit ``plane`` set for each plane moved by those 6s [AC10]."""
        return self.packed[4] >> SIXED & 0xFFFF

    @property
    def finished(self) -> tuple[int, ...]:
        """The colours that finished, in the order they did [AC13]."""
        return finished_of(self.packed[4])

    @property
    def turn(self) -> int:
        """The turn number, 1 .. ``MAX_TURN``."""
        return self.packed[4] >> TURN

    @property
    def turn_limit(self) -> bool:
        """The game ended at the turn limit [AC21]."""
        return self.packed[4] >> LIMIT & 1 == 1

    @property
    def mover(self) -> int:
        """The colour whose planes move with the roll: ``to_move``, or its partner when
        ``to_move`` has finished and rolls for the partner (``roll_for_partner``) [AC28].

        Examples:
            >>> from astroplane.games.aeroplane_chess import position_from_text
            >>> s = position_from_text("teams,roll_for_partner=on RYBG R4 t40 "
            ...                        "R1R2R3R4:RH6,B1:13 fin:R")
            >>> s.to_move, s.mover, s.legal_moves()
            (0, 2, (Move.launch('B2'), Move.fly('B1', '17')))
        """
        return self._core.mover(self.packed[4])

    # ---- the State protocol -------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        """True once only one player has not finished [AC13] (in team play: once both
        partners of a team have [AC26]), or at the turn limit [AC21]."""
        return self.packed[4] >> OVER & 1 == 1

    @property
    def is_chance_node(self) -> bool:
        """True when the die is to be rolled: ``chance_outcomes()`` lists the rolls [AC15]."""
        return self.packed[4] & 0x800007 == 0  # no roll and not over

    def flights(self) -> tuple[Flight, ...]:
        """The legal player moves with what each does (``movegen.Flight``), in
        ``legal_moves`` order; empty at a chance node and once the game is over.

        Examples:
            >>> from astroplane.games.aeroplane_chess import setup_position
            >>> f = setup_position("RB", {"R1": "12", "B1": "BH5"}, roll=6).flights()[-1]
            >>> f.move, f.landed, f.shortcut, f.captured
            (Move.fly('R1', '30'), (18, 30), True, (8,))
        """
        try:
            return self._flights
        except AttributeError:
            found = () if self.packed[4] & 7 == 0 else flights(self._core, self.packed)
            _SET_FLIGHTS(self, found)
            return found

    def action_numbers(self) -> tuple[int, ...]:
        """The action numbers of ``legal_moves()``, in order (``actions.legal_actions``)."""
        m = self.packed[4]
        if m & 7 == 0:
            return () if m >> OVER & 1 else (0, 1, 2, 3, 4, 5)
        self.legal_moves()
        return self._actions

    def legal_moves(self) -> tuple[Move, ...]:
        """The legal moves in a deterministic order: at a chance node the six rolls, 1 to
        6; otherwise the player's moves (the launch, then each plane or stack by its
        lowest plane, its ends by progress, not stacking before stacking), or a lone
        ``Move.PASS`` when the roll cannot be played [AC12]; empty once the game is over.

        Examples:
            >>> from astroplane.games.aeroplane_chess import setup_position
            >>> setup_position("RB", {"R1": "3", "R2": "7"}, roll=4).legal_moves()
            (Move.launch('R3'), Move.fly('R1', '7'), Move.fly('R1', '7', stack=True), \
    Move.fly('R2', '11'))
        """
        m = self.packed[4]
        if m & 7 == 0:
            return () if m >> OVER & 1 else _ROLLS
        moves = self._moves
        if moves is None:
            actions, moves = self._core.legal_pair(self.packed)
            _SET_ACTIONS(self, actions)
            _SET_MOVES(self, moves)
        return moves

    def chance_outcomes(self) -> tuple[tuple[Move, float], ...]:
        """At a chance node, the six rolls with probability 1/6 each; empty elsewhere."""
        return _OUTCOMES if self.packed[4] & 0x800007 == 0 else ()

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
        # A legal move is found by identity: ``legal_moves()`` hands out the interned
        # ``actions.MOVES``, whose action numbers ``_NUMBER`` knows. Any other must be a
        # well-formed Move before ``==`` (a float twin forged past Move's checks would
        # compare equal: 6.0 == 6). The core then plays the matched legal move's own
        # action number.
        p = self.packed
        m = p[4]
        a = _NUMBER.get(id(move), -1)
        if m & 7 == 0:  # a chance node, or over
            if 0 <= a < 6 and not m >> OVER & 1:
                return view_of(self._core, self._core.apply(p, a))
        else:
            moves = self._moves
            if moves is None:
                moves = self.legal_moves()
            if a > 5 and a in self._actions:
                return view_of(self._core, self._core.apply(p, a))
            if isinstance(move, Move) and fields_problem(move) is None:
                for i, legal in enumerate(moves):
                    if legal == move:
                        return view_of(self._core, self._core.apply(p, self._actions[i]))
        # A roll equal to a legal one but another object; its fields are checked before
        # they are read (a move forged past the constructor may lack one).
        if (
            m & 7 == 0
            and not m >> OVER & 1
            and isinstance(move, Move)
            and fields_problem(move) is None
            and move.kind is MoveKind.ROLL
        ):
            return view_of(self._core, self._core.apply(p, move.value - 1))
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
        return cast("tuple[float, float, float, float]", self._core.returns(self.packed))

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
        return self._core.ranking(self.packed)

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


_FIELDS = (
    "seats", "planes", "stacks", "to_move", "roll", "sixes", "sixed", "finished", "turn",
    "turn_limit",
)  # fmt: skip
_SET_RULES = _Slots.__dict__["rules"].__set__
_SET_PACKED = _Slots.__dict__["packed"].__set__
_SET_PROBLEM = _Slots.__dict__["_problem"].__set__
_SET_CORE = _Slots.__dict__["_core"].__set__
_SET_ACTIONS = _Slots.__dict__["_actions"].__set__
_SET_MOVES = _Slots.__dict__["_moves"].__set__
_SET_FLIGHTS = _Slots.__dict__["_flights"].__set__
_SET_PLANES = _Slots.__dict__["_planes"].__set__
#: The action number of each interned move object (``actions.MOVES``), by identity.
_NUMBER = {id(move): a for a, move in enumerate(MOVES)}
_STANDARD_CORE = core_for(STANDARD)


def view_of(core: AeroplaneCore, p: Position) -> AeroplaneState:
    """The state of position ``p`` under ``core``'s rules (no checks: for the engine)."""
    s = _Blank()
    s.rules = core.rules
    s.packed = p
    s._problem = None
    s._core = core
    s._moves = None
    s.__class__ = AeroplaneState  # type: ignore[assignment]
    return cast(AeroplaneState, s)


use_view(view_of)


#: The position-text writer ``to_text`` hands over to. The formats are a layer above the
#: state (they read and build states), so this module neither imports them nor looks them
#: up in the game registry: the game's package, which Python runs before any of its
#: modules, installs the writer with ``use_position_text``.
_WRITER: list[Callable[[AeroplaneState], str]] = []


def use_position_text(writer: Callable[[AeroplaneState], str]) -> None:
    """Install the writer of ``AeroplaneState.to_text`` (the game's package does it once, on
    import: ``position.position_to_text``); a second call replaces it."""
    _WRITER[:] = [writer]


def core_pair(state: AeroplaneState) -> tuple[AeroplaneCore, Position]:
    """The packed core of ``state``'s rules and its packed position: the game's
    ``Game.core`` (``astroplane.core.core_of``).

    Examples:
        >>> from astroplane.games.aeroplane_chess import new_game
        >>> core, p = core_pair(new_game(2))
        >>> core.legal_actions(p), core.state(p) == new_game(2)
        ([0, 1, 2, 3, 4, 5], True)
    """
    return state._engine(), state.packed
