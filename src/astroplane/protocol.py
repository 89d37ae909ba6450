"""The game-agnostic core: what bots, ``perft``, ``play_game``, ``Match``, the conformance
suite and the command line need from a game.

Nothing here knows ASTROPLANE. A game plugs in with two things:

* its states follow the ``State`` protocol: immutable values with ``legal_moves()`` and
  ``play(move)``, the seat to move, whether the game is over, its ``returns()``, and
  *chance nodes* (a die to roll, as in OpenSpiel) for games that have them;
* a ``Game`` value describing it (how to start a game, its formats, how to draw it), put in
  the registry with ``register_game`` so tools find it by name (``get_game("astroplane")``)
  or from a state (``game_of(state)``).

A chance node is a state where no player acts: ``is_chance_node`` is true, and
``chance_outcomes()`` lists the outcomes as ``(move, probability)`` pairs. Playing one of
those moves is how the dice fall: a caller picks one (in search, replays and tests) or
draws one with ``sample_chance(state, rng)``. No random generator lives in a state.

Examples:
    >>> import astroplane
    >>> from astroplane.protocol import State, game_of
    >>> s = astroplane.new_game(2)
    >>> isinstance(s, State), s.is_chance_node, game_of(s).name
    (True, False, 'astroplane')
"""

from __future__ import annotations

import importlib
import random
import warnings
from collections.abc import Callable, Hashable, Mapping, Sequence
from importlib import metadata
from types import MappingProxyType
from typing import Any, ClassVar, Generic, Protocol, TypeVar, runtime_checkable

import attrs

from astroplane.errors import IllegalMoveError

__all__ = [
    "Game",
    "State",
    "game_errors",
    "game_of",
    "games",
    "get_game",
    "register_game",
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


def _read_only(texts: Mapping[str, str]) -> Mapping[str, str]:
    """A read-only copy of a game's texts: every caller of ``get_game`` shares the value."""
    return MappingProxyType(dict(texts))


@attrs.frozen
class Game(Generic[StateT, MoveT]):
    """A game the generic tools can play: how to start it, its formats, how to show it.

    Every field but the names is a small function; the command line, the conformance suite
    and the bots use only these and the ``State`` protocol.

    Attributes:
        name: Registry name, lower case with dashes (``"astroplane"``).
        title: Display name (``"ASTROPLANE"``).
        player_counts: The numbers of players a game can start with.
        seat_names: Display name of each seat number (``("S", "W", "N", "E")``).
        new_game: ``new_game(players, *, rules=None, first=None)``, the start position;
            ``rules`` is a rules value of the game (None: its standard rules), ``first``
            the seat (number or name) that starts.
        rules_from_text: Rules (a registered variant and options) from their text.
        rules_to_text: The text of a rules value.
        format_move: ``format_move(state, move)``, a legal move's notation.
        parse_move: ``parse_move(state, text)``, the legal move a text names.
        position_to_text: A state as one line of text.
        position_from_text: The state a position text describes (validated); readers take
            the game's optional keyword arguments (a board: ``topology=``).
        to_json: A state as JSON text.
        from_json: The state JSON text describes (validated).
        to_dict: A state as plain JSON-compatible data.
        from_dict: The state such data describes (validated).
        render_text: ``render_text(state, highlight=())``, a state drawn as text for a
            terminal; ``highlight`` names positions to mark (a game may ignore it).
        describe_outcome: A finished state's result in words, saying how it ended.
        status: One line for a running game: the turn, who acts, the score.
        highlights: ``highlights(state, move) -> positions``: where a move goes, for
            ``render_text``'s ``highlight``.
        seat_colours: The colour of each seat number's pieces, ``#rrggbb`` (terminal,
            SVG and the play page); None: the kit's palette (``astroplane.kit.svg``).
        with_turn_limit: ``with_turn_limit(rules, turns)``: the rules with the game ending
            (by its own turn-limit rule) when turn ``turns`` is over; ``turns`` None
            removes a limit a tool set. None for a game without a turn-limit option:
            tools then bound a game by plies instead.
        num_actions: ``num_actions(state) -> int``: the size of the fixed action encoding
            of the game ``state`` is in (its board and rules may set it, as the game's
            parameters set OpenSpiel's ``num_distinct_actions``), for games that have
            one: an integer per action, for research tools.
        action_to_move: ``action_to_move(state, action) -> move``, the legal move an
            action number stands for in ``state`` (raises ``ValueError`` otherwise).
        move_to_action: ``move_to_action(state, move) -> int``, a legal move's number.
        observe: ``observe(state, seat) -> values``: the state as the player of seat
            ``seat`` sees it, a flat sequence of floats, each 0.0 to 1.0, for learning
            tools (``astroplane.env``); plain Python, so the game needs no NumPy.
        observation_shape: ``observation_shape(state) -> shape``: the shape
            ``observe``'s values fill, row-major (its product is their number); like
            ``num_actions``, it depends only on the game ``state`` is in (its board, its
            rules), never on the position.
        ended_by_turn_limit: ``ended_by_turn_limit(state) -> bool``: True when a finished
            game ended by its turn limit (the rule ``with_turn_limit`` sets), not by
            play; learning tools report such an end as a truncation.
        record_to_text: ``record_to_text(initial, moves, headers) -> text``, a game
            record (PGN-like) of the moves played from ``initial``.
        record_from_text: ``record_from_text(text) -> (initial, moves)``, read and
            checked.
        texts: Short texts for newcomers by key: ``"goal"``, ``"legend"`` (how to read
            ``render_text``), ``"rules"`` (the rules in a few lines, with a link); a
            read-only mapping (a copy of the one given), as the value is shared.
        render_svg: ``render_svg(state, last_move=None, *, prefix="", size=None)``: a
            state drawn as a standalone SVG document, with ``last_move`` (the move that led
            to ``state``) marked when given, if the game has a drawing. ``prefix`` (put
            before every id, so that two boards can share a page) and ``size`` (the
            displayed width in pixels) are optional: ``astroplane.svg.board`` passes them
            only when asked for them, and refuses them for a drawing that does not take
            them.
        evaluate: ``evaluate(state, seat)``, a heuristic value for bots (higher is better
            for ``seat``), if the game has one.
        effects: ``effects(state, move)``, what a move does as events, if the game has them.
        replay_effects: ``replay_effects(state, events)``, a comparable summary of the
            board after ``events`` (checks that events tell a frontend everything).
        summary: ``summary(state)``, the same summary computed from a state.
        invariants: ``invariants(state) -> problems``: the game's own consistency checks
            for the conformance suite (empty when all is well).
        variants: ``variants() -> {name: rules}``: the game's registered variants (its
            presets first, then any a third party registered), the names ``--rules`` and
            ``rules_from_text`` take; None if the game does not list them.
        partners: ``partners(state, seat) -> seats``: the other seats that play on
            ``seat``'s side in ``state``'s game (its rules may make teams: Aeroplane
            Chess's ``teams`` option), in turn order, never ``seat`` itself; partners win
            or lose together and get equal ``returns()``. None, or an empty answer: the
            seat plays for itself (every game without teams). Tools name a player's
            partners with it (``astroplane play``: "You play R with your partner B
            against Y and G"; the selfplay summary and the play page count team results).
        core: ``core(state) -> (core, position)``: the game's packed core (an
            ``astroplane.core.Core``: its rules as plain functions over packed positions,
            by action number) and ``state``'s packed position, for search, playouts,
            perft and learning tools that skip the states; None for a game without one.

    Examples:
        A game with teams says who plays with whom (here Aeroplane Chess's ``teams``
        preset, R with B and Y with G):

        >>> chess = get_game("aeroplane-chess")
        >>> s = chess.new_game(4, rules=chess.rules_from_text("teams"))
        >>> chess.partners(s, 0), chess.partners(s, 1), chess.partners(chess.new_game(4), 0)
        ((2,), (3,), ())
    """

    name: str
    title: str
    player_counts: tuple[int, ...]
    seat_names: tuple[str, ...]
    new_game: Callable[..., StateT]
    rules_from_text: Callable[[str], Any]
    rules_to_text: Callable[[Any], str]
    format_move: Callable[[StateT, MoveT], str]
    parse_move: Callable[[StateT, str], MoveT]
    position_to_text: Callable[[StateT], str]
    position_from_text: Callable[..., StateT]
    to_json: Callable[[StateT], str]
    from_json: Callable[..., StateT]
    to_dict: Callable[[StateT], dict[str, Any]]
    from_dict: Callable[..., StateT]
    render_text: Callable[..., str]
    describe_outcome: Callable[[StateT], str]
    status: Callable[[StateT], str]
    render_svg: Callable[..., str] | None = None
    evaluate: Callable[[StateT, int], float] | None = None
    effects: Callable[[StateT, MoveT], Sequence[Any]] | None = None
    replay_effects: Callable[[StateT, Sequence[Any]], Hashable] | None = None
    summary: Callable[[StateT], Hashable] | None = None
    invariants: Callable[[StateT], Sequence[str]] | None = None
    highlights: Callable[[StateT, MoveT], Sequence[Hashable]] | None = None
    seat_colours: tuple[str, ...] | None = None
    with_turn_limit: Callable[[Any, int | None], Any] | None = None
    num_actions: Callable[[StateT], int] | None = None
    action_to_move: Callable[[StateT, int], MoveT] | None = None
    move_to_action: Callable[[StateT, MoveT], int] | None = None
    observe: Callable[[StateT, int], Sequence[float]] | None = None
    observation_shape: Callable[[StateT], tuple[int, ...]] | None = None
    ended_by_turn_limit: Callable[[StateT], bool] | None = None
    record_to_text: Callable[[StateT, Sequence[MoveT], Mapping[str, str]], str] | None = None
    record_from_text: Callable[[str], tuple[StateT, tuple[MoveT, ...]]] | None = None
    variants: Callable[[], Mapping[str, Any]] | None = None
    partners: Callable[[StateT, int], tuple[int, ...]] | None = None
    core: Callable[[StateT], tuple[Any, Hashable]] | None = None
    texts: Mapping[str, str] = attrs.field(factory=dict, converter=_read_only)

    def __repr__(self) -> str:
        return f"<Game {self.name!r}: {self.title}, {self.player_counts} players>"


_GAMES: dict[str, Game[Any, Any]] = {}
#: Installed games that failed to load, by name: the error, in words.
_BROKEN: dict[str, str] = {}

#: The entry-point group through which installed packages offer games (the value is the
#: ``Game``; loading it imports the module that registers it).
ENTRY_POINT_GROUP = "astroplane.games"

#: The games that come with this library but are loaded on first use, as entry points
#: (also declared in the package metadata; listed here so that their names are reserved
#: even when the package runs uninstalled).
_BUNDLED = {
    "astroplane": "astroplane.games.astroplane.game:ASTROPLANE",
    "aeroplane-chess": "astroplane.games.aeroplane_chess:AEROPLANE_CHESS",
    "square-off": "astroplane.games.square_off:SQUARE_OFF_GAME",
    "starcastles": "astroplane.games.starcastles:STARCASTLES_GAME",
}


def _installed_games() -> dict[str, metadata.EntryPoint]:
    """The games offered by entry points, and the bundled ones (whose names no installed
    package can take)."""
    found = {ep.name: ep for ep in metadata.entry_points(group=ENTRY_POINT_GROUP)}
    for name, value in _BUNDLED.items():
        found[name] = metadata.EntryPoint(name, value, ENTRY_POINT_GROUP)
    return found


def _check_name(name: object, what: str) -> str:
    if not isinstance(name, str):
        raise ValueError(f"{what} is a string, not {type(name).__name__}: {name!r:.60}")
    return name


def register_game(game: Game[Any, Any]) -> None:
    """Make ``game`` known to the generic tools under ``game.name``.

    The names of the bundled games and of the games installed through the entry-point
    group ``astroplane.games`` are reserved: only the ``Game`` their entry point names
    can be registered under them (a module that registers such a name first does not
    take it from the installed game).

    Raises:
        ValueError: If ``game`` is not a ``Game``, another game is registered under that
            name, or the name is reserved for an installed or bundled game.
    """
    if not isinstance(game, Game):
        raise ValueError(f"register_game takes a Game, not {type(game).__name__}")
    old = _GAMES.get(game.name)
    if old is game:
        return
    if old is not None:
        raise ValueError(f"a game named {game.name!r} is already registered")
    entry = _installed_games().get(game.name)
    if entry is not None and not _entry_target(entry, game):
        raise ValueError(
            f"the game name {game.name!r} is reserved for the installed game "
            f"{entry.value} (entry point group {ENTRY_POINT_GROUP})"
        )
    _GAMES[game.name] = game


def _entry_target(entry: metadata.EntryPoint, game: Game[Any, Any]) -> bool:
    """Is ``game`` the object the entry point names? A module that is being imported (and
    registers its game while it is) is looked at as it stands, so that registering from
    it does not import it again; if it has not bound the name yet, it is the owner."""
    try:
        module = importlib.import_module(entry.module)
    except Exception:  # a broken plug-in: its name stays reserved
        return False
    target: object = module
    for part in (entry.attr or "").split("."):
        target = getattr(target, part, None) if part else target
    if target is None:
        spec = getattr(module, "__spec__", None)
        return bool(getattr(spec, "_initializing", False))
    return target is game


def _load(name: str, entry: metadata.EntryPoint) -> Game[Any, Any]:
    """Load an installed game; a failure is remembered and raised as a ValueError."""
    try:
        loaded = entry.load()
    except Exception as exc:  # any error of a plug-in's import
        _BROKEN[name] = f"{type(exc).__name__}: {exc}"
        raise ValueError(
            f"the installed game {name!r} ({entry.value}) failed to load: {_BROKEN[name]}"
        ) from exc
    if not isinstance(loaded, Game) or loaded.name != name:
        _BROKEN[name] = f"its entry point gives {loaded!r:.80}, not a Game named {name!r}"
        raise ValueError(f"the installed game {name!r} ({entry.value}) is broken: {_BROKEN[name]}")
    register_game(loaded)
    _BROKEN.pop(name, None)
    return loaded


def get_game(name: str) -> Game[Any, Any]:
    """The game registered under ``name``, loading an installed game (entry point group
    ``astroplane.games``, such as the bundled ``aeroplane-chess``) on first use.

    Raises:
        ValueError: If no game has that name (the message lists the known ones), ``name``
            is not a string (the same error type: a wrong type is a bad name like any
            other), or the installed game of that name fails to load (the message gives
            the plug-in's error, which is also the exception's ``__cause__``).

    Examples:
        >>> get_game("astroplane").title
        'ASTROPLANE'
        >>> get_game("aeroplane-chess").player_counts
        (2, 3, 4)
    """
    _check_name(name, "a game name")
    game = _GAMES.get(name)
    if game is not None:
        return game
    installed = _installed_games()
    entry = installed.get(name)
    if entry is not None:
        return _load(name, entry)
    known = ", ".join(sorted({*_GAMES, *installed})) or "none"
    raise ValueError(f"unknown game {name!r} (known: {known})")


def games() -> Mapping[str, Game[Any, Any]]:
    """The games by name: the registered ones and every installed one (loaded now).

    An installed game that fails to load is skipped with a ``RuntimeWarning`` naming it
    and its error (``game_errors()`` lists them; ``get_game(name)`` raises the error), so
    one broken plug-in does not stop the others.
    """
    for name, entry in _installed_games().items():
        if name not in _GAMES:
            try:
                _load(name, entry)
            except ValueError as exc:
                warnings.warn(f"{exc}; it is skipped", RuntimeWarning, stacklevel=2)
    return MappingProxyType(_GAMES)


def game_errors() -> Mapping[str, str]:
    """The installed games that failed to load (by ``games()`` or ``get_game``), by name:
    the error in words (a read-only view)."""
    return MappingProxyType(_BROKEN)


def game_of(state: State[Any]) -> Game[Any, Any]:
    """The registered game a state belongs to (by its ``game_name``).

    Raises:
        ValueError: If the state's game is not registered.
    """
    return get_game(state.game_name)


# ---- legal-move validation every game can share -------------------------------------------
__all__ += ["is_legal_action", "legal_match", "require_legal"]


#: Types whose values have no parts to compare.
_ATOMS = frozenset({int, float, bool, str, bytes, type(None)})
#: The field names of the attrs classes of moves seen so far.
_FIELDS: dict[type, tuple[str, ...]] = {}


def _same_kind(a: object, b: object) -> bool:
    """True when ``a`` (a legal move or one of its parts) and ``b`` (an equal value from a
    caller) have the same types all the way down: a ``float`` or ``bool`` never passes
    for an ``int``. An ``int`` subclass that is not ``bool`` (an ``IntEnum`` member such as
    a move kind) counts as an ``int``, since games write move kinds either way."""
    ta = type(a)
    if ta is not type(b):
        return (
            isinstance(a, int)
            and isinstance(b, int)
            and not isinstance(a, bool)
            and not isinstance(b, bool)
        )
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
    as the same (move kinds are written either way). Objects of any other class are
    rejected without comparing them, so a caller's ``__eq__`` is never run.

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
    except ValueError:
        return None
    return legal if type(legal) is cls and _same_kind(legal, move) else None


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
