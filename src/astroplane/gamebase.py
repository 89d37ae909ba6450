"""``Game``: what a game is to the generic tools, with a default for everything but its
rules (``astroplane.protocol`` exports it; see docs/writing-a-game.md).

A game subclasses ``Game``, declares what it is (``name``, ``title``, ``player_counts``,
``seat_names``, ``game_type``) and writes three methods: ``new_game``, ``format_move``
and ``parse_move``; its states follow ``astroplane.protocol.State`` (legal moves, play,
chance outcomes, returns). Everything else has a default a game may override:

* rules text for a game without options (``"standard"``), or from ``variant_registry``,
  a kit ``Variants`` (its presets and options, as rules text and ``variants()``);
* ``to_json`` / ``from_json`` from ``to_dict`` / ``from_dict``; a game may leave out
  position text and JSON, and its records then start from a new game (rules, players,
  first seat) and list the moves, as OpenSpiel's ``Serialize`` does;
* ``describe_outcome`` and ``status`` from ``returns()``; ``render_text`` from the
  position text; no invariants, no highlights, no partners;
* records: the kit's record (``astroplane.kit.anyrecord``), or the game's ``record_type``;
* ``action_to_move`` from ``move_to_action`` (for a game with an action encoding:
  ``num_actions`` and ``move_to_action``), and for a perfect-information game with an
  action encoding the generic observation (``astroplane.kit.observation``), so that every
  such game opens the PettingZoo environment;
* ``game_info(state)``: OpenSpiel's ``GameInfo`` of the state's game, from ``game_type``.

A hook that has no default (a drawing, an evaluation, an action encoding, a turn limit) is
None when the game does not give it, and the tools test it with ``is not None``.

Every method that takes a state refuses a state of another game (or no state at all) with
a ``WrongGameError`` (a ``ValueError``) before the game's own code runs, and ``new_game``
refuses a player count the game does not have and a ``first`` seat that is none.

Examples:
    >>> from astroplane.protocol import get_game
    >>> game = get_game("tic-tac-toe")  # examples/games/tictactoe.py
    >>> s = game.new_game(2)
    >>> game.status(s), game.rules_to_text(None), game.to_json is None
    ('Turn 1: X to move', 'standard', True)
    >>> get_game("astroplane").describe_outcome(s)
    Traceback (most recent call last):
    ...
    astroplane.errors.WrongGameError: ASTROPLANE's describe_outcome takes a state of \
'astroplane', not a state of 'tic-tac-toe' (TicTacToe)
"""

from __future__ import annotations

import abc
import functools
import inspect
import json
import math
import re
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from types import MappingProxyType
from typing import Any, ClassVar, Generic, TypeVar

from astroplane.errors import NotationError, PositionError, WrongGameError
from astroplane.gametype import GameInfo, GameType, Information, Utility
from astroplane.kit import anyrecord
from astroplane.kit.gamerecord import Record
from astroplane.kit.jsonread import load_json
from astroplane.kit.limits import MAX_POSITION_TEXT, action_number, shown
from astroplane.kit.observation import generic_observation, generic_shape
from astroplane.kit.variants import Variants
from astroplane.states import MoveT, StateT

__all__ = ["SEARCH_PLAYOUTS", "SEARCH_RIVALS", "STATE_HOOKS", "Game", "delegate"]

F = TypeVar("F", bound=Callable[..., Any])

#: The hooks whose first argument is a state of the game: each refuses another game's.
STATE_HOOKS = frozenset(
    {
        "action_to_move", "click_paths", "core", "describe_outcome", "effects",
        "ended_by_turn_limit", "evaluate", "format_move", "game_info", "highlights",
        "invariants", "move_to_action",
        "num_actions", "observation_shape", "observe", "parse_move", "partners",
        "position_to_text", "record_to_text", "render_svg", "render_text", "replay_effects",
        "search_rating", "status", "summary", "to_dict", "to_json",
    }
)  # fmt: skip
_NAME = re.compile(r"[a-z][a-z0-9]*(?:-[a-z0-9]+)*")
_COLOUR = re.compile(r"#[0-9A-Fa-f]{6}")


def delegate(*functions: Callable[..., Any]) -> Any:
    """Module functions as hooks of a ``Game`` subclass, in the order given: one
    ``staticmethod`` each (a plain function set on a class would get the game as its first
    argument), a tuple of them for several.

    Examples:
        >>> def format_move(state, move):
        ...     return str(move)
        >>> class Sketch:
        ...     format_move, parse_move = delegate(format_move, int)
        >>> Sketch().format_move(None, 3), Sketch().parse_move("4")
        ('3', 4)
    """
    hooks = tuple(staticmethod(f) for f in functions)
    return hooks[0] if len(hooks) == 1 else hooks


def _wrong_state(game: Game[Any, Any], hook: str, state: object) -> WrongGameError:
    other = getattr(type(state), "game_name", None)
    what = (
        f"a state of {other!r} ({type(state).__name__})"
        if isinstance(other, str)
        else (f"{type(state).__name__} {shown(state)}")
    )
    return WrongGameError(
        game.name, f"{game.title}'s {hook} takes a state of {game.name!r}, not {what}"
    )


def _guard(hook: str, func: Any) -> Any:
    """``func`` (a method, a ``staticmethod`` or any other callable given as a hook) as a
    method that first checks that its state is one of this game's."""
    if getattr(func, "_takes_own_state", False):
        return func
    bound = inspect.isfunction(func)
    target = func.__func__ if isinstance(func, staticmethod) else func
    try:
        params = list(inspect.signature(target).parameters.values())
    except (TypeError, ValueError):  # a callable that does not say its signature
        params = [
            inspect.Parameter("state", inspect.Parameter.POSITIONAL_ONLY),
            inspect.Parameter("args", inspect.Parameter.VAR_POSITIONAL),
            inspect.Parameter("kwargs", inspect.Parameter.VAR_KEYWORD),
        ]
    if not bound:
        params.insert(0, inspect.Parameter("self", inspect.Parameter.POSITIONAL_ONLY))

    if bound:

        def method(self: Game[Any, Any], state: Any, /, *args: Any, **kwargs: Any) -> Any:
            if getattr(type(state), "game_name", None) != self.name:
                raise _wrong_state(self, hook, state)
            return target(self, state, *args, **kwargs)

    else:

        def method(self: Game[Any, Any], state: Any, /, *args: Any, **kwargs: Any) -> Any:
            if getattr(type(state), "game_name", None) != self.name:
                raise _wrong_state(self, hook, state)
            return target(state, *args, **kwargs)

    functools.update_wrapper(method, target)
    method.__signature__ = inspect.Signature(params)  # type: ignore[attr-defined]
    method._takes_own_state = True  # type: ignore[attr-defined]
    return method


def _state_hook(func: F) -> F:
    """The decorator of ``Game``'s own hooks that take a state (its subclasses' hooks are
    guarded when the class is made)."""
    guarded: F = _guard(func.__name__, func)
    return guarded


def _seat_number(game: Game[Any, Any], first: object) -> object:
    """``first`` as ``new_game`` passes it on: a seat name becomes its number."""
    if first is None or isinstance(first, str):
        return game.seat_names.index(first) if first in game.seat_names else first
    if isinstance(first, int) and not isinstance(first, bool) and type(first) is not int:
        first = int(first)  # an IntEnum seat (ASTROPLANE's Seat) is its number
    if type(first) is not int or not 0 <= first < len(game.seat_names):
        raise ValueError(
            f"first is a seat of {game.title} (0..{len(game.seat_names) - 1} or one of "
            f"{', '.join(game.seat_names)}), not {shown(first)}"
        )
    return first


def _guard_new_game(func: Any) -> Any:
    """``new_game`` checking the player count and the first seat before the game's own."""
    if getattr(func, "_takes_own_state", False):
        return func
    bound = inspect.isfunction(func)
    target = func.__func__ if isinstance(func, staticmethod) else func

    def new_game(self: Game[Any, Any], *args: Any, **kwargs: Any) -> Any:
        players = args[0] if args else kwargs.get("players", self.player_counts[0])
        if type(players) is not int or players not in self.player_counts:
            counts = ", ".join(map(str, self.player_counts))
            raise ValueError(f"{self.title} is for {counts} players, not {shown(players)}")
        if "first" in kwargs:
            kwargs["first"] = _seat_number(self, kwargs["first"])
        if kwargs.get("rules") is not None and _no_options(self):
            raise ValueError(f"{self.title} has no options: its rules are None")
        return target(self, *args, **kwargs) if bound else target(*args, **kwargs)

    functools.update_wrapper(new_game, target)
    new_game._takes_own_state = True  # type: ignore[attr-defined]
    return new_game


def _no_options(game: Game[Any, Any]) -> bool:
    """A game whose rules are the defaults' (no ``variant_registry``, no rules text of its
    own) has no rules value but None."""
    return game.variant_registry is None and type(game).rules_from_text is Game.rules_from_text


def _derived(hook: str, func: Callable[..., Any]) -> Any:
    """A default that exists only for games with what it is made from (``to_json`` needs
    ``to_dict``): typed as the optional hook it stands in for."""
    return _guard(hook, func) if hook in STATE_HOOKS else func


def _to_json(self: Game[Any, Any], state: Any) -> str:
    """The state's ``to_dict`` data as JSON text."""
    assert self.to_dict is not None
    return json.dumps(self.to_dict(state))


def _from_json(self: Game[Any, Any], text: str | bytes, **options: Any) -> Any:
    """The state JSON text holds, read by ``from_dict`` (``load_json``'s limits first)."""
    assert self.from_dict is not None
    return self.from_dict(load_json(text), **options)


def _action_to_move(self: Game[Any, Any], state: Any, action: Any) -> Any:
    """The legal move whose ``move_to_action`` is ``action``; a ``ValueError`` for any
    number that names no legal move here."""
    assert self.num_actions is not None and self.move_to_action is not None
    number = action_number(action, self.num_actions(state), f"a {self.title} action")
    moves = state.legal_moves()
    for move in moves:
        if self.move_to_action(state, move) == number:
            return move
    raise ValueError(f"action {number} is no legal move of this {self.title} state")


def _observe(self: Game[Any, Any], state: Any, seat: int) -> list[float]:
    """The generic observation (``astroplane.kit.observation``)."""
    return generic_observation(self, state, seat)


def _observation_shape(self: Game[Any, Any], state: Any) -> tuple[int, ...]:
    """The shape of the generic observation: one row."""
    return generic_shape(self, state)


def _encoded(cls: type[Game[Any, Any]]) -> bool:
    return cls.num_actions is not None and cls.move_to_action is not None


def _observable(cls: type[Game[Any, Any]]) -> bool:
    kind = getattr(cls, "game_type", None)
    secret = isinstance(kind, GameType) and kind.information is not Information.PERFECT_INFORMATION
    return _encoded(cls) and not secret


#: The defaults that exist only when what they are made from does.
_CONDITIONAL: dict[str, Callable[[type[Game[Any, Any]]], bool]] = {
    "to_json": lambda cls: cls.to_dict is not None,
    "from_json": lambda cls: cls.from_dict is not None,
    "action_to_move": _encoded,
    "observe": _observable,
    "observation_shape": _observable,
}


def _authored(cls: type[Game[Any, Any]], name: str) -> bool:
    """Did a class between ``Game`` and ``cls`` give the hook ``name`` itself?"""
    for klass in cls.__mro__:
        if klass is Game:
            return False
        if name in klass.__dict__ and name not in klass.__dict__.get("_resolved", ()):
            return True
    return False


class Game(abc.ABC, Generic[StateT, MoveT]):
    """A game the generic tools can play: subclass it, declare what the game is and write
    its rules (the module docstring lists the defaults).

    Declarations (class attributes; the first five are required):
        name: Registry name, lower case with dashes (``"tic-tac-toe"``).
        title: Display name (``"Tic-tac-toe"``).
        player_counts: The numbers of players a game can start with, ascending.
        seat_names: The display name of each seat number (``("X", "O")``).
        game_type: What kind of game it is: chance, information, utility, length bound
            (``astroplane.gametype.GameType``).
        seat_colours: The colour of each seat's pieces, ``#rrggbb`` (terminal, SVG, the
            play page); None: the kit's palette (``astroplane.kit.svg.PALETTE``).
        texts: Short texts for newcomers by key: ``"goal"``, ``"legend"`` (how to read
            ``render_text``), ``"rules"`` (the rules in a few lines); read-only.
        variant_registry: The game's ``Variants`` (``astroplane.kit.variants``), for the
            default rules text and ``variants``; None for a game without options.
        record_type: The game's own ``Record`` class (``astroplane.kit.gamerecord``), for
            ``record_to_text`` and ``record_from_text``; None: the kit's record made from
            this ``Game`` (``astroplane.kit.anyrecord``).
        observation_text_length: ``T`` of the generic observation (bytes of position
            text it holds; default ``MAX_POSITION_TEXT``, the longest any reader takes).
        turn_limit_unit: What the number ``with_turn_limit`` takes counts: ``"turn"`` (the
            default) or ``"round"`` (a turn of every player; ``astroplane.turnlimit``).
        evaluation_scale: How many points of ``evaluate`` make a clear but not decisive
            lead (about half a piece; default 20.0). Search bots map the heuristic to a
            probability of winning with it (``astroplane.mcts.MCTSBot``'s ``eval_scale``).
        search_playout: The playout policy ``astroplane.mcts.MCTSBot`` uses by default
            (``"greedy"``, the default; ``"turn"``, for a game whose turns are several
            actions: each playout first finishes the turn in hand, played greedily;
            ``"round"``, for a game of many players: the turn in hand and the next seats'
            turns, one round less the searching seat's turn, each played greedily;
            ``"random"``).
        search_playout_depth: How many actions ``astroplane.mcts.MCTSBot``'s playouts play
            by default before the heuristic rates them (after the turns, for ``"turn"``
            and ``"round"``); 0 rates at once (``"turn"``: at the end of the turn).
            Default 4.
        search_relative: Whether ``astroplane.mcts.MCTSBot`` rates a playout's end by how
            far each seat's heuristic moved since the search's root (True), so that a seat
            far ahead or behind still tells its moves apart, rather than by the value
            itself (False, the default; the bot's ``relative``).
        search_rivals: How ``astroplane.mcts.MCTSBot``'s tree treats the other seats'
            actions by default (the bot's ``rivals``): ``"search"`` (the default) searches
            them as the searching seat's own (max^n); ``"greedy"`` has each rival play the
            action ``evaluate`` rates best for it, in the tree as in the playouts, so that
            the budget goes to the searching seat's own choices (a game of many players,
            whose rivals' replies would each get a few playouts).

    Hooks that are None unless the game gives them (methods of the same signature):
        position_to_text: ``(state) -> text``, a state as one line of text.
        position_from_text: ``(text, **options) -> state``, read and validated (refuse a
            state that breaks ``invariants``).
        to_dict: ``(state) -> data``, plain JSON-compatible data.
        from_dict: ``(data, **options) -> state``, read and validated.
        render_svg: ``(state, last_move=None, *, prefix="", size=None) -> svg``: a state
            drawn as a standalone SVG document, ``last_move`` marked; ``prefix`` (put
            before every id) and ``size`` (the width in pixels) are optional: a drawing
            that does not take them is refused them (``astroplane.svg.board``).
        evaluate: ``(state, seat) -> float``, a heuristic for bots (higher is better).
        search_rating: ``(state, seat) -> float``, the heuristic ``astroplane.mcts.MCTSBot``
            rates a playout's end by, where it should differ from ``evaluate`` (which
            still orders the moves and plays the playouts' greedy turns); for example a
            seat's progress less the mean rival's in a race of many players, where
            ``evaluate`` less the best rival's makes greedy players hinder the leader.
        effects: ``(state, move) -> events``, what a move does, for frontends;
            ``replay_effects(state, events)`` and ``summary(state)`` compare the board
            the events lead to with the one the move does.
        with_turn_limit: ``(rules, turns) -> rules``: the rules with the game ending (by
            its own turn-limit rule) when turn ``turns`` is over; None removes a limit.
        num_actions: ``(state) -> int``: the size of the fixed action encoding of the
            state's game (its board and rules may set it).
        move_to_action: ``(state, move) -> int``, a legal move's number.
        core: ``(state) -> (core, position)``: the game's packed core
            (``astroplane.core``) and ``state``'s packed position.
        click_paths: ``(state) -> ClickPaths``: every way of making each legal move by
            clicks on the drawing (``astroplane.clicks.ClickPath``: the move, its
            notation, the tokens clicked in order, the move in words), in
            ``legal_moves()`` order; without it, a frontend gets one button per move.
        click_element: ``(token) -> id``: the id of the element of ``render_svg``'s
            drawing that a place token of ``click_paths`` stands for (``"pt-d2"``).
        json_schema: ``() -> schema``: the JSON Schema (a ``dict``, draft 2020-12, a new
            copy each call) of the documents ``to_json`` writes, for validating them on
            a client; the conformance suite checks that it validates the game's JSON
            (``astroplane.testing.schema``).

    Hooks with defaults (override them as methods): ``rules_from_text``,
    ``rules_to_text``, ``variants``, ``to_json``, ``from_json``, ``render_text``,
    ``describe_outcome``, ``status``, ``highlights``, ``invariants``, ``partners``,
    ``ended_by_turn_limit``, ``record_to_text``, ``record_from_text``, ``action_to_move``,
    ``observe``, ``observation_shape``, ``game_info`` (each documented below).
    """

    name: str
    title: str
    player_counts: tuple[int, ...]
    seat_names: tuple[str, ...]
    game_type: GameType
    seat_colours: tuple[str, ...] | None = None
    texts: Mapping[str, str] = MappingProxyType({})
    variant_registry: Variants[Any] | None = None
    record_type: type[Record[Any, Any]] | None = None
    observation_text_length: int = MAX_POSITION_TEXT
    turn_limit_unit: str = "turn"
    evaluation_scale: float = 20.0
    search_playout: str = "greedy"
    search_playout_depth: int = 4
    search_relative: bool = False
    search_rivals: str = "search"

    position_to_text: Callable[[StateT], str] | None = None
    position_from_text: Callable[..., StateT] | None = None
    to_dict: Callable[[StateT], dict[str, Any]] | None = None
    from_dict: Callable[..., StateT] | None = None
    render_svg: Callable[..., str] | None = None
    evaluate: Callable[[StateT, int], float] | None = None
    search_rating: Callable[[StateT, int], float] | None = None
    effects: Callable[[StateT, MoveT], Sequence[Any]] | None = None
    replay_effects: Callable[[StateT, Sequence[Any]], Hashable] | None = None
    summary: Callable[[StateT], Hashable] | None = None
    with_turn_limit: Callable[[Any, int | None], Any] | None = None
    num_actions: Callable[[StateT], int] | None = None
    move_to_action: Callable[[StateT, MoveT], int] | None = None
    core: Callable[[StateT], tuple[Any, Hashable]] | None = None
    click_paths: Callable[[StateT], Sequence[Any]] | None = None
    click_element: Callable[[str], str] | None = None
    json_schema: Callable[[], dict[str, Any]] | None = None

    to_json: Callable[[StateT], str] | None = _derived("to_json", _to_json)
    from_json: Callable[..., StateT] | None = _derived("from_json", _from_json)
    action_to_move: Callable[[StateT, int], MoveT] | None = _derived(
        "action_to_move", _action_to_move
    )
    observe: Callable[[StateT, int], Sequence[float]] | None = _derived("observe", _observe)
    observation_shape: Callable[[StateT], tuple[int, ...]] | None = _derived(
        "observation_shape", _observation_shape
    )

    _resolved: ClassVar[frozenset[str]] = frozenset()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        for name, value in list(cls.__dict__.items()):
            if name in STATE_HOOKS and value is not None:
                setattr(cls, name, _guard(name, value))
            elif name == "new_game" and not getattr(value, "__isabstractmethod__", False):
                setattr(cls, name, _guard_new_game(value))
            elif name == "texts":
                setattr(cls, name, MappingProxyType(dict(value)))
        resolved = set()
        for name, available in _CONDITIONAL.items():
            if not _authored(cls, name):
                setattr(cls, name, Game.__dict__[name] if available(cls) else None)
                resolved.add(name)
        cls._resolved = frozenset(resolved)

    def __init__(self) -> None:
        """Check the declarations.

        Raises:
            ValueError: If a required declaration is missing or one is malformed.
        """
        for what in ("name", "title", "player_counts", "seat_names", "game_type"):
            if not hasattr(self, what):
                raise ValueError(f"{type(self).__name__} does not declare its {what}")
        problem = _declaration_problem(self)
        if problem:
            raise ValueError(f"{type(self).__name__}: {problem}")

    def __repr__(self) -> str:
        return f"<Game {self.name!r}: {self.title}, {self.player_counts} players>"

    # ---- the rules: required ------------------------------------------------------------

    @abc.abstractmethod
    def new_game(self, players: int, *, rules: Any = None, first: Any = None) -> StateT:
        """The start position of a game of ``players`` players under ``rules`` (None: the
        standard rules), with seat ``first`` to act first (None: the usual seat).

        ``Game`` checks ``players`` against ``player_counts`` and turns a seat name given
        as ``first`` into its number before this runs, so ``first`` is None, a seat number
        or a string that is no seat name (refuse it, or read your own longer names).

        Raises:
            ValueError: For rules, a player count or a first seat the game cannot start.
        """

    @abc.abstractmethod
    def format_move(self, state: StateT, move: MoveT) -> str:
        """A legal move's notation in ``state``."""

    @abc.abstractmethod
    def parse_move(self, state: StateT, text: str) -> MoveT:
        """The legal move of ``state`` that ``text`` names.

        Raises:
            NotationError: If ``text`` names no legal move, saying why.
        """

    # ---- for the game's readers ----------------------------------------------------------

    def checked(self, state: StateT) -> StateT:
        """``state`` if the game's ``invariants`` find nothing wrong with it: a reader
        returns ``self.checked(state)`` so that it never accepts a state play cannot reach.

        Raises:
            PositionError: With the first problem ``invariants`` finds.
        """
        problems = list(self.invariants(state))
        if problems:
            raise PositionError(problems[0])
        return state

    # ---- defaults ---------------------------------------------------------------------

    def rules_to_text(self, rules: Any) -> str:
        """The text of a rules value: ``variant_registry``'s, or ``"standard"`` (None) for
        a game without options.

        Raises:
            ValueError: For a value that is no rules of this game.
        """
        if self.variant_registry is not None:
            return self.variant_registry.to_text(rules)
        if rules is not None:
            raise ValueError(f"{self.title} has no options: its rules are None, not {shown(rules)}")
        return "standard"

    def rules_from_text(self, text: str) -> Any:
        """The rules a text names: ``variant_registry``'s reading, or None for
        ``"standard"`` in a game without options.

        Raises:
            NotationError: For any other text.
        """
        if self.variant_registry is not None:
            return self.variant_registry.from_text(text)
        if text != "standard":
            raise NotationError(
                f"{self.title} has no options: its rules text is 'standard'", str(text)[:80], 0
            )
        return None

    def variants(self) -> Mapping[str, Any]:
        """The game's variants by name (``variant_registry``'s, or ``standard`` alone)."""
        if self.variant_registry is not None:
            return self.variant_registry.mapping()
        return MappingProxyType({"standard": None})

    @_state_hook
    def render_text(self, state: StateT, *, highlight: Iterable[Any] = ()) -> str:
        """The state for a terminal (``highlight``: positions to mark, from
        ``highlights``); default: the position text, else the JSON, else the repr."""
        if self.position_to_text is not None:
            return self.position_to_text(state)
        return self.to_json(state) if self.to_json is not None else repr(state)

    @_state_hook
    def describe_outcome(self, state: StateT) -> str:
        """A finished game's result in words ("" while it goes on); default: from
        ``returns()``: ``"X wins"``, ``"X and O share the win"`` or ``"a draw"``."""
        if not state.is_over:
            return ""
        values = state.returns()
        best = max(values[s] for s in state.seats)
        top = [self.seat_names[s] for s in state.seats if values[s] == best]
        if len(top) == len(state.seats):
            return "a draw"
        return f"{top[0]} wins" if len(top) == 1 else f"{' and '.join(top)} share the win"

    @_state_hook
    def status(self, state: StateT) -> str:
        """One line for a running game; default: ``"Turn 3: X to move"`` (``"Turn 3:
        chance acts for X"`` at a chance node), the outcome once over."""
        if state.is_over:
            return self.describe_outcome(state)
        who = self.seat_names[state.to_move]
        acts = f"chance acts for {who}" if state.is_chance_node else f"{who} to move"
        return f"Turn {state.turn}: {acts}"

    @_state_hook
    def highlights(self, state: StateT, move: MoveT) -> Sequence[Hashable]:
        """The positions a move puts pieces on, for ``render_text``'s ``highlight``;
        default: none."""
        return ()

    @_state_hook
    def invariants(self, state: StateT) -> Sequence[str]:
        """The problems of a state that no play reaches, in words (empty when all is
        well): the conformance suite checks every state against them, and a reader
        should refuse what they find. Default: none known."""
        return ()

    @_state_hook
    def partners(self, state: StateT, seat: int) -> tuple[int, ...]:
        """The other seats on ``seat``'s side (they get equal returns); default: none."""
        return ()

    @_state_hook
    def ended_by_turn_limit(self, state: StateT) -> bool:
        """True when a finished game ended by its turn limit (learning tools report a
        truncation); default: False."""
        return False

    @_state_hook
    def record_to_text(
        self, state: StateT, moves: Sequence[MoveT], headers: Mapping[str, str]
    ) -> str:
        """The record text (PGN-like) of ``moves`` played from ``state``: the game's
        ``record_type``'s, or the kit's record made from this ``Game``."""
        cls = self.record_type or anyrecord.record_class(self)
        return cls.text_of_game(state, moves, headers)

    def record_from_text(self, text: str) -> tuple[StateT, tuple[MoveT, ...]]:
        """The start and the moves of a record of one game, replayed and checked.

        Raises:
            NotationError: If the record cannot be read or a move is illegal.
        """
        cls = self.record_type or anyrecord.record_class(self)
        start, moves = cls.game_of_text(text)
        return start, moves

    @_state_hook
    def game_info(self, state: StateT) -> GameInfo:
        """The figures of ``state``'s game (OpenSpiel's ``GameInfo``): from ``game_type``
        and the action encoding; a game whose rules change the length bound (a turn-limit
        option) or the sum of the returns (by player count) overrides it."""
        kind = self.game_type
        total = 0.0 if kind.utility is Utility.ZERO_SUM else kind.utility_sum
        try:
            actions = None if self.num_actions is None else self.num_actions(state)
        except ValueError:  # no action encoding under these rules
            actions = None
        return GameInfo(
            num_distinct_actions=actions,
            max_chance_outcomes=kind.max_chance_outcomes,
            num_players=len(state.seats),
            min_utility=kind.min_utility,
            max_utility=kind.max_utility,
            utility_sum=total,
            max_game_length=kind.max_game_length,
        )


#: The playout policies a game may declare as its ``search_playout`` (``MCTSBot``'s
#: ``playout``: ``astroplane.mcts.PLAYOUTS`` is this tuple).
SEARCH_PLAYOUTS = ("random", "greedy", "turn", "round")

#: How a game's rivals may be searched, its ``search_rivals`` (``MCTSBot``'s ``rivals``:
#: ``astroplane.mcts.RIVALS`` is this tuple).
SEARCH_RIVALS = ("search", "greedy")


def _declaration_problem(game: Game[Any, Any]) -> str:
    """What is wrong with a game's declarations ("" when nothing is)."""
    if not isinstance(game.name, str) or not _NAME.fullmatch(game.name):
        return f"the name is lower case words with dashes, not {shown(game.name)}"
    if not isinstance(game.title, str) or not game.title.strip():
        return f"the title is a non-empty string, not {shown(game.title)}"
    counts = game.player_counts
    if (
        not isinstance(counts, tuple)
        or not counts
        or any(type(n) is not int or n < 1 for n in counts)
        or list(counts) != sorted(set(counts))
    ):
        return f"player_counts is a tuple of ascending ints, not {shown(counts)}"
    names = game.seat_names
    if (
        not isinstance(names, tuple)
        or any(not isinstance(n, str) or not n for n in names)
        or len(set(names)) != len(names)
        or len(names) < counts[-1]
    ):
        return f"seat_names are {counts[-1]} or more distinct names, not {shown(names)}"
    if not isinstance(game.game_type, GameType):
        return f"game_type is a GameType, not {shown(game.game_type)}"
    colours = game.seat_colours
    if colours is not None and (
        not isinstance(colours, tuple)
        or len(colours) != len(names)
        or any(not isinstance(c, str) or not _COLOUR.fullmatch(c) for c in colours)
        or len({c.lower() for c in colours}) != len(colours)
    ):
        return f"seat_colours are a distinct #rrggbb per seat name, not {shown(colours)}"
    if any(not isinstance(k, str) or not isinstance(v, str) for k, v in game.texts.items()):
        return "texts map names to texts"
    scale = game.evaluation_scale
    if (
        isinstance(scale, bool)
        or not isinstance(scale, (int, float))
        or not math.isfinite(scale)
        or scale <= 0
    ):
        return f"evaluation_scale is a finite number > 0, not {shown(scale)}"
    if game.search_playout not in SEARCH_PLAYOUTS:
        *first, last = (repr(name) for name in SEARCH_PLAYOUTS)
        known = f"{', '.join(first)} or {last}"
        return f"search_playout is {known}, not {shown(game.search_playout)}"
    depth = game.search_playout_depth
    if type(depth) is not int or depth < 0:
        return f"search_playout_depth is a whole number >= 0, not {shown(depth)}"
    if not isinstance(game.search_relative, bool):
        return f"search_relative is True or False, not {shown(game.search_relative)}"
    if game.search_rivals not in SEARCH_RIVALS:
        return f"search_rivals is 'search' or 'greedy', not {shown(game.search_rivals)}"
    return ""
