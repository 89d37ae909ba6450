"""The ``State`` protocol: what a state is to the generic tools, chance nodes, and the
legal-move checks every game's ``play`` shares (``legal_match``, ``require_legal``).

A state is an immutable value with ``legal_moves()`` and ``play(move)``, the seat to move,
whether the game is over, its ``returns()``, and *chance nodes* (a die to roll, as in
OpenSpiel) for games that have them. A chance node is a state where no player acts:
``is_chance_node`` is true, and ``chance_outcomes()`` lists the outcomes as ``(move,
probability)`` pairs. Playing one of those moves is how the dice fall: a caller picks one
(in search, replays and tests) or draws one with ``sample_chance(state, rng)``. No random
generator lives in a state.

``astroplane.protocol`` exports every name of this module; import them from there.

Examples:
    >>> import astroplane
    >>> s = astroplane.new_game(2)
    >>> isinstance(s, State), s.is_chance_node
    (True, False)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Sequence
from typing import Any, ClassVar, Protocol, TypeVar, runtime_checkable

import attrs

from astroplane.errors import IllegalMoveError
from astroplane.kit.limits import plain_int

__all__ = [
    "MoveT",
    "State",
    "StateT",
    "is_legal_action",
    "legal_match",
    "require_legal",
    "sample_chance",
]

MoveT = TypeVar("MoveT", bound=Hashable)
MoveT_co = TypeVar("MoveT_co", bound=Hashable, covariant=True)
StateT = TypeVar("StateT", bound="State[Any]")


@runtime_checkable
class State(Protocol[MoveT_co]):
    """An immutable game state as generic tools see it.

    Attributes:
        game_name: The registered name of the game (``get_game(game_name)``).
    """

    game_name: ClassVar[str]

    @property
    def is_over(self) -> bool:
        """True once the game has ended (then ``legal_moves()`` is empty)."""
        ...

    @property
    def is_chance_node(self) -> bool:
        """True when chance acts next (a die roll): ``chance_outcomes()`` lists what can
        happen, and no player is to move."""
        ...

    @property
    def to_move(self) -> int:
        """The seat number of the player to act; at a chance node, the seat whose turn it
        is (the chance event belongs to its turn, e.g. its die roll)."""
        ...

    @property
    def seats(self) -> tuple[int, ...]:
        """The seat numbers in the game, in turn order."""
        ...

    @property
    def turn(self) -> int:
        """The turn number: 1 for the first player's first turn, then one more each time
        the turn passes to the next player (a game defines its turns: a ply in a turn-per-
        move game, several moves, a roll and its move)."""
        ...

    def legal_moves(self) -> Sequence[MoveT_co]:
        """The legal actions, in a deterministic order; at a chance node, the outcomes
        (the moves of ``chance_outcomes()``); empty once the game is over."""
        ...

    def chance_outcomes(self) -> Sequence[tuple[MoveT_co, float]]:
        """At a chance node, each outcome with its probability (they sum to 1); empty
        elsewhere."""
        ...

    def play(self, move: Any) -> State[MoveT_co]:
        """The state after ``move`` (a legal action or a chance outcome); this state is
        unchanged. Raises a ``ValueError`` subclass for an illegal move."""
        ...

    def returns(self) -> tuple[float, ...]:
        """Per seat number (one entry per seat the game has room for), what the game is
        worth to that seat, 0.0 to 1.0, once it is over; all 0.0 while it goes on. A sole
        winner gets 1.0; how a game shares a win or grades places is its own (ASTROPLANE:
        the winners share 1.0; search bots treat the values per seat)."""
        ...


def sample_chance(state: State[MoveT], rng: random.Random) -> MoveT:
    """Draw a chance outcome of ``state`` with its probability, using ``rng``.

    Raises:
        ValueError: If ``state`` is not a chance node.

    Examples:
        >>> import astroplane
        >>> sample_chance(astroplane.new_game(2), random.Random(1))
        Traceback (most recent call last):
        ...
        ValueError: not a chance node: no outcome to draw
    """
    outcomes = state.chance_outcomes()
    if not outcomes:
        raise ValueError("not a chance node: no outcome to draw")
    moves = [m for m, _p in outcomes]
    weights = [p for _m, p in outcomes]
    return rng.choices(moves, weights)[0]


#: Types whose values have no parts to compare.
_ATOMS = frozenset({int, float, bool, str, bytes, type(None)})
#: The field names of the attrs classes of moves seen so far.
_FIELDS: dict[type, tuple[str, ...]] = {}


def _same_kind(a: object, b: object) -> bool:
    """True when ``a`` (a legal move or one of its parts) and ``b`` (an equal value from a
    caller) have the same types all the way down: a ``float`` or ``bool`` never passes
    for an ``int``. An ``IntEnum`` member (a move kind) counts as an ``int``, since games
    write move kinds either way; no other ``int`` subclass does (``plain_int``): its
    ``__eq__`` or arithmetic may say anything."""
    ta = type(a)
    if ta is not type(b):
        return plain_int(a) and plain_int(b)
    if ta in _ATOMS:
        return True
    if isinstance(a, tuple | list) and isinstance(b, tuple | list):
        return len(a) == len(b) and all(_same_kind(x, y) for x, y in zip(a, b, strict=True))
    names = _FIELDS.get(ta)
    if names is None:
        names = tuple(f.name for f in attrs.fields(ta)) if attrs.has(ta) else ()
        _FIELDS[ta] = names
    for name in names:
        x, y = getattr(a, name), getattr(b, name)
        if (type(x) is not type(y) or type(x) not in _ATOMS) and not _same_kind(x, y):
            return False
    return True


def legal_match(state: State[MoveT], move: object) -> MoveT | None:
    """The legal action (or, at a chance node, the chance outcome) of ``state`` that
    ``move`` names, or None if it names none.

    ``move`` names a legal move when it *is* one (the usual case, checked first and
    cheaply), or when it is of the same class, equal, and its fields have the same types
    (compared field by field for ``attrs`` classes and tuples): ``Move(kind, 6.0)`` or
    ``Move(kind, True)`` never names ``Move(kind, 6)`` or ``Move(kind, 1)``, although
    Python finds them equal. An ``IntEnum`` member and the plain ``int`` of its value count
    as the same (move kinds are written either way); another ``int`` subclass, whose
    ``__eq__`` may say yes to anything, names no move. Objects of any other class are
    rejected without comparing them, so a caller's ``__eq__`` is never run, and a move
    forged past its class's checks (a field missing, of another type, an ``__eq__`` that
    raises: as unpickling can build) names none either.

    Args:
        state: Any state of the ``State`` protocol.
        move: Anything a caller passes to ``play``.

    Returns:
        The game's own legal move (use it in place of ``move``: its fields have the
        game's types), or None.

    Examples:
        >>> import astroplane
        >>> s = astroplane.new_game(2)
        >>> first = s.legal_moves()[0]
        >>> legal_match(s, first) is first
        True
        >>> legal_match(s, None), legal_match(s, "Sl-e2ne"), legal_match(s, (0, 0, 0, 0))
        (None, None, None)
    """
    moves = state.legal_moves()
    for legal in moves:
        if legal is move:
            return legal
    cls = type(move)
    if not moves or (type(moves[0]) is not cls and all(type(m) is not cls for m in moves)):
        return None  # no move of that class: ``move.__eq__`` is never called
    try:
        legal = moves[moves.index(move)]
        same = type(legal) is cls and _same_kind(legal, move)
    except Exception:  # no equal move, or one forged past its class's checks (a field
        return None  # missing, an ``__eq__`` that raises): no legal move either way
    return legal if same else None


def is_legal_action(state: State[Any], move: object) -> bool:
    """True when ``move`` is one of ``state.legal_moves()`` (a chance outcome at a chance
    node), with the same class and field types (see ``legal_match``).

    Examples:
        >>> import attrs, astroplane
        >>> s = astroplane.new_game(2)
        >>> is_legal_action(s, s.legal_moves()[0]), is_legal_action(s, 0)
        (True, False)

        A Python ``==`` twin with a ``float`` or ``bool`` field is not a legal move:

        >>> from astroplane.games.aeroplane_chess import Move, new_game
        >>> roll = new_game(2).legal_moves()[0]
        >>> twin = attrs.evolve(roll)
        >>> object.__setattr__(twin, "value", 1.0)  # forged past Move's own checks
        >>> roll, roll == twin, is_legal_action(new_game(2), twin)
        (Move.roll(1), True, False)
    """
    return legal_match(state, move) is not None


def require_legal(
    state: State[MoveT],
    move: object,
    *,
    explain: Callable[[Any, object], str] | None = None,
) -> MoveT:
    """The legal move ``move`` names in ``state`` (``legal_match``); call it first thing in
    ``play`` so that nothing else (junk, a move of another game, a float twin) gets in.

    Args:
        state: The state ``move`` is to be played in.
        move: Anything a caller passes to ``play``.
        explain: ``explain(state, move) -> reason``, the game's words for why a move is
            illegal (with its rule tag); called only when it is. Default: a generic
            reason naming the type.

    Returns:
        The game's own legal move equal to ``move`` (same types), to play in its place.

    Raises:
        IllegalMoveError: If ``move`` names no legal move or chance outcome of ``state``;
            ``move`` and ``reason`` are set.

    Examples:
        >>> import astroplane
        >>> s = astroplane.new_game(2)
        >>> require_legal(s, s.legal_moves()[0]) == s.legal_moves()[0]
        True
        >>> require_legal(s, 6.0)
        Traceback (most recent call last):
        ...
        astroplane.errors.IllegalMoveError: illegal move 6.0: not a legal action of this \
state (a float is no move of this game)
    """
    found = legal_match(state, move)
    if found is not None:
        return found
    if explain is not None:
        reason = explain(state, move)
    else:
        what = "chance outcome" if state.is_chance_node else "legal action"
        classes = {type(m) for m in state.legal_moves()}
        if type(move) in classes:
            reason = f"not a {what} of this state"
        else:
            reason = f"not a {what} of this state (a {type(move).__name__} is no move of this game)"
    raise IllegalMoveError(move, reason)
