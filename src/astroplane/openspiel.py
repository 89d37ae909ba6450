"""Every registered game as an OpenSpiel game (the extra ``astroplane[openspiel]``).

``load_game("square-off", rules="nine-mens-morris")`` gives a ``pyspiel.Game`` that
OpenSpiel's algorithms (its MCTS, ``evaluate_bots``, CFR-style tree walks, AlphaZero's
training loop...) play like one of its own. Any game registered with
``astroplane.protocol`` that has an action encoding (``Game.num_actions``,
``action_to_move``, ``move_to_action``) can be loaded, plug-ins included, with any rules
text and player count. Each game is registered with OpenSpiel once, under
``openspiel_name(game)`` (``astroplane_square_off``), with two parameters:

* ``players`` (int): the player count (default: the game's smallest);
* ``rules`` (string): the rules text, as ``Game.rules_from_text`` reads it (default ``""``:
  the game's standard rules).

So ``pyspiel.load_game("astroplane_square_off(rules=nine-mens-morris)")`` works too, after
``register("square-off")`` (or ``register_all()``).

How astroplane's protocol maps onto OpenSpiel's:

* **Players** are the seats in play, in the order of their seat numbers: player ``i`` is
  the ``i``-th smallest seat number of the game's start position (``seats``); a 2-player
  ASTROPLANE game has seats S (0) and N (2), so players 0 and 1 are S and N.
* **Actions** are the game's action numbers (``move_to_action``); ``legal_actions()`` is
  sorted, as OpenSpiel wants. **Chance** outcomes (a die) are numbered ``0 .. k-1`` at each
  chance node, as OpenSpiel wants (below ``max_chance_outcomes``): outcome ``i`` is the
  ``i``-th of the game's outcomes in the order of their action numbers, so a die's face
  ``f`` is outcome ``f - 1``.
* **Returns** are ``State.returns()`` per player (0.0 to 1.0); the game type is
  constant-sum or general-sum as the game declares (``Game``'s type), with its utility
  range and the bound on the length of a game in plies (``max_game_length``).
* **Observations** are the game's ``observe(state, seat)`` as a float tensor of the game's
  ``observation_shape``, and the position text as the observation string; the games are of
  perfect information, so the information state is the observation.
* **Serialization** is OpenSpiel's own: the game's name and parameters, and the actions
  played (``pyspiel.serialize_game_and_state``); a state pickles as its position.

A game with a packed core (``astroplane.core``) is played on the core: a state holds a
packed position and ``apply_action`` is the core's, so cloning (OpenSpiel's algorithms
clone at every node) copies a few integers.

Examples:
    >>> import pyspiel
    >>> from astroplane.openspiel import load_game
    >>> game = load_game("starcastles", players=3)
    >>> game.get_type().short_name, game.num_players(), game.num_distinct_actions()
    ('astroplane_starcastles', 3, 2036)
    >>> state = game.new_initial_state()
    >>> state.current_player(), len(state.legal_actions())
    (0, 32)
"""

from __future__ import annotations

import importlib
import math
from typing import Any

import attrs

from astroplane.protocol import Game, games, get_game

__all__ = [
    "SHORT_NAME_PREFIX",
    "UNBOUNDED_LENGTH",
    "SpielState",
    "load_game",
    "openspiel_name",
    "register",
    "register_all",
]

#: What every astroplane game's OpenSpiel short name starts with.
SHORT_NAME_PREFIX = "astroplane_"

_MISSING: ImportError | None = None
pyspiel: Any = None
np: Any = None
try:
    pyspiel = importlib.import_module("pyspiel")
    np = importlib.import_module("numpy")
except ImportError as exc:  # pragma: no cover - exercised without the extra
    _MISSING = exc


def _require() -> None:
    if _MISSING is not None:
        raise ImportError(
            "astroplane.openspiel needs OpenSpiel and NumPy: pip install 'astroplane[openspiel]'"
        ) from _MISSING


def openspiel_name(game: str | Game[Any, Any]) -> str:
    """The OpenSpiel short name of ``game``: ``astroplane_`` and its registry name with
    dashes as underscores (``astroplane_aeroplane_chess``)."""
    name = game if isinstance(game, str) else game.name
    return SHORT_NAME_PREFIX + name.replace("-", "_")


#: The most player decisions OpenSpiel is told a game can have when the game declares no
#: bound (``GameInfo.max_game_length`` None: dice can keep a game going). OpenSpiel needs a
#: number; a game that reaches it is cut short there (``max_game_length`` parameter).
UNBOUNDED_LENGTH = 100_000


@attrs.frozen
class _Setup:
    """One OpenSpiel game: an astroplane game at a player count and rules.

    ``start`` is the position a new game starts from: packed when the game has a core.
    ``core`` is the game's packed core (``astroplane.core.Core``) when it has one for these
    rules, else None (the states are played). ``cut_short`` is each player's return when
    a game reaches ``max_length`` decisions unfinished: an equal share of the declared
    utility sum (the smallest utility for a general-sum game).
    """

    game: Game[Any, Any]
    initial: Any
    start: Any
    seats: tuple[int, ...]
    player_of: dict[int, int]
    core: Any
    max_length: int
    shape: tuple[int, ...]
    cut_short: tuple[float, ...]


def _setup(game: Game[Any, Any], params: dict[str, Any]) -> tuple[_Setup, Any]:
    """The astroplane side of an OpenSpiel game with ``params`` and its ``pyspiel.GameInfo``."""
    players = int(params.get("players", min(game.player_counts)))
    text = str(params.get("rules", ""))
    rules = game.rules_from_text(text) if text else None
    initial = game.new_game(players, rules=rules)
    info = game.game_info(initial)
    if info.num_distinct_actions is None:
        raise ValueError(f"the game {game.name!r} has no action encoding (Game.num_actions)")
    asked = int(params.get("max_game_length", 0))
    if asked < 0:
        raise ValueError(f"max_game_length must be positive or 0 (the game's own), not {asked}")
    limit = asked or info.max_game_length or UNBOUNDED_LENGTH
    seats = tuple(sorted(int(s) for s in initial.seats))
    core, start = None, initial
    if game.core is not None:
        try:
            core, start = game.core(initial)
        except ValueError:  # rules without a core (ASTROPLANE's variants with own actions)
            core, start = None, initial
    shape: tuple[int, ...] = (0,)
    if game.observation_shape is not None:
        shape = tuple(int(n) for n in game.observation_shape(initial))
    share = info.utility_sum / len(seats) if info.utility_sum is not None else info.min_utility
    setup = _Setup(
        game=game,
        initial=initial,
        start=start,
        seats=seats,
        player_of={s: i for i, s in enumerate(seats)},
        core=core,
        max_length=limit,
        shape=shape,
        cut_short=(share,) * len(seats),
    )
    spiel_info = pyspiel.GameInfo(
        num_distinct_actions=info.num_distinct_actions,
        max_chance_outcomes=info.max_chance_outcomes,
        num_players=len(seats),
        min_utility=info.min_utility,
        max_utility=info.max_utility,
        utility_sum=info.utility_sum if info.utility_sum is not None else 0.0,
        max_game_length=limit,
    )
    return setup, spiel_info


def _spiel_type(game: Game[Any, Any]) -> Any:
    """The ``pyspiel.GameType`` of ``game``, from its declared ``Game.game_type``."""
    kind = game.game_type
    t = pyspiel.GameType
    return t(
        short_name=openspiel_name(game),
        long_name=f"{game.title} (astroplane)",
        dynamics=t.Dynamics.SEQUENTIAL,
        chance_mode=getattr(t.ChanceMode, kind.chance_mode.name),
        information=getattr(t.Information, kind.information.name),
        utility=getattr(t.Utility, kind.utility.name),
        reward_model=t.RewardModel.TERMINAL,
        max_num_players=max(game.player_counts),
        min_num_players=min(game.player_counts),
        provides_information_state_string=False,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=game.observe is not None,
        parameter_specification={
            "players": min(game.player_counts),
            "rules": "",
            "max_game_length": 0,
        },
    )


def _game_class(game: Game[Any, Any]) -> type:
    """The ``pyspiel.Game`` subclass OpenSpiel builds ``game`` with (one per game)."""
    spiel_type = _spiel_type(game)

    class SpielGame(pyspiel.Game):  # type: ignore[misc]
        def __init__(self, params: dict[str, Any] | None = None) -> None:
            params = dict(params or {})
            self.setup, info = _setup(game, params)
            super().__init__(spiel_type, info, params)

        def new_initial_state(self) -> SpielState:
            return SpielState(self)

        def make_py_observer(
            self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
        ) -> _Observer:
            return _Observer(self.setup)

    SpielGame.__name__ = SpielGame.__qualname__ = (
        "".join(w.title() for w in game.name.split("-")) + "SpielGame"
    )
    return SpielGame


class SpielState(pyspiel.State if pyspiel is not None else object):  # type: ignore[misc]
    """An OpenSpiel state over an astroplane state.

    ``position`` is the game's packed position when it has a core, else its immutable
    state; ``decisions`` counts the players' actions so far. OpenSpiel clones a Python
    state by copying these two attributes (and its history), so a clone costs little.
    Actions are checked: an action that is not legal raises ``ValueError`` naming it, and
    the state is unchanged.
    """

    position: Any
    decisions: int

    def __init__(self, game: Any) -> None:
        super().__init__(game)
        setup: _Setup = game.setup
        self.position = setup.start
        self.decisions = 0

    @property
    def setup(self) -> _Setup:
        """The astroplane side of this state's game."""
        setup: _Setup = self.get_game().setup
        return setup

    def astroplane_state(self) -> Any:
        """The astroplane state this OpenSpiel state stands for (a ``State`` of its game)."""
        setup = self.setup
        return self.position if setup.core is None else setup.core.state(self.position)

    def current_player(self) -> int:
        setup = self.setup
        core, p = setup.core, self.position
        if core is None:
            over, chance = p.is_over, p.is_chance_node
        else:
            over, chance = core.is_terminal(p), core.is_chance(p)
        if over or self.decisions >= setup.max_length:
            return int(pyspiel.PlayerId.TERMINAL)
        if chance:
            return int(pyspiel.PlayerId.CHANCE)
        seat = int(p.to_move) if core is None else core.to_move(p)
        return setup.player_of[seat]

    def _actions(self) -> list[int]:
        setup = self.setup
        core, p = setup.core, self.position
        if core is not None:
            return sorted(core.legal_actions(p))
        number = setup.game.move_to_action
        assert number is not None  # _setup refused a game without an action encoding
        return sorted(number(p, m) for m in p.legal_moves())

    def _legal_actions(self, player: int) -> list[int]:
        return [] if self.is_terminal() else self._actions()

    def _outcomes(self) -> list[tuple[int, float]]:
        """The chance outcomes of this chance node: the game's action numbers with their
        probabilities, sorted by action number."""
        setup = self.setup
        core, p = setup.core, self.position
        if core is not None:
            return sorted(core.chance_outcomes(p))
        number = setup.game.move_to_action
        assert number is not None
        return sorted((number(p, m), q) for m, q in p.chance_outcomes())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """OpenSpiel numbers the outcomes of a chance node ``0 .. k-1``
        (``max_chance_outcomes`` bounds ``k``): outcome ``i`` is the ``i``-th of the game's
        outcomes in the order of their action numbers (a die's faces, lowest first)."""
        if not self.is_chance_node():
            return []
        return [(i, q) for i, (_, q) in enumerate(self._outcomes())]

    def _apply_action(self, action: int) -> None:
        if self.is_terminal():
            raise ValueError(f"action {action}: the game is over")
        chance = self.is_chance_node()
        legal = [a for a, _ in self._outcomes()] if chance else self._actions()
        if type(action) is not int or not 0 <= action < (len(legal) if chance else 1 << 62):
            raise ValueError(f"action {action!r} is not legal here")
        if chance:
            action = legal[action]
        elif action not in legal:
            raise ValueError(f"action {action!r} is not legal here (legal: {legal[:20]})")
        setup = self.setup
        if not chance:
            self.decisions += 1
        if setup.core is not None:
            self.position = setup.core.apply(self.position, action)
            return
        to_move = setup.game.action_to_move
        assert to_move is not None
        self.position = self.position.play(to_move(self.position, action))

    def _action_to_string(self, player: int, action: int) -> str:
        setup, state = self.setup, self.astroplane_state()
        to_move = setup.game.action_to_move
        assert to_move is not None
        try:
            if player == int(pyspiel.PlayerId.CHANCE):
                action = self._outcomes()[action][0]
            return str(setup.game.format_move(state, to_move(state, action)))
        except (ValueError, IndexError):  # not legal here: OpenSpiel names any action
            return f"action {action}"

    def is_terminal(self) -> bool:
        return bool(self.current_player() == int(pyspiel.PlayerId.TERMINAL))

    def returns(self) -> list[float]:
        setup, state = self.setup, self.astroplane_state()
        if not self.is_terminal():
            return [0.0] * len(setup.seats)
        if not state.is_over:  # cut short at max_game_length
            return list(setup.cut_short)
        values = state.returns()
        return [float(values[s]) for s in setup.seats]

    def __str__(self) -> str:
        setup, state = self.setup, self.astroplane_state()
        writer = setup.game.position_to_text
        return str(writer(state)) if writer is not None else str(setup.game.render_text(state))


class _Observer:
    """OpenSpiel's observer of an astroplane game: the game's ``observe`` as the tensor,
    the position text as the string (perfect information: every player sees it all)."""

    def __init__(self, setup: _Setup) -> None:
        self.tensor = np.zeros(math.prod(setup.shape), np.float32)
        self.dict = {"observation": self.tensor.reshape(setup.shape)}

    def set_from(self, state: SpielState, player: int) -> None:
        setup = state.setup
        if setup.game.observe is not None:
            self.tensor[:] = setup.game.observe(state.astroplane_state(), setup.seats[player])

    def string_from(self, state: SpielState, player: int) -> str:
        return str(state)


_REGISTERED: dict[str, str] = {}


def register(game: str | Game[Any, Any]) -> str:
    """Register ``game`` (a registered astroplane game, by name or value) with OpenSpiel,
    once; its OpenSpiel short name.

    Raises:
        ValueError: If the game is unknown or has no action encoding.
        ImportError: If OpenSpiel is not installed.

    Examples:
        >>> register("square-off")
        'astroplane_square_off'
    """
    _require()
    found = game if isinstance(game, Game) else get_game(game)
    if found.num_actions is None:
        raise ValueError(f"the game {found.name!r} has no action encoding (Game.num_actions)")
    short = openspiel_name(found)
    if _REGISTERED.get(found.name) != short:
        pyspiel.register_game(_spiel_type(found), _game_class(found))
        _REGISTERED[found.name] = short
    return short


def register_all() -> list[str]:
    """Register every registered astroplane game that has an action encoding; their
    OpenSpiel short names."""
    return [register(g) for g in games().values() if g.num_actions is not None]


def load_game(
    game: str | Game[Any, Any],
    *,
    players: int | None = None,
    rules: str | None = None,
    max_game_length: int | None = None,
) -> Any:
    """``game`` as a ``pyspiel.Game`` (registering it first).

    Args:
        game: A registered astroplane game, by name or value.
        players: The player count (default: the game's smallest).
        rules: Rules text (``Game.rules_from_text``); None: the standard rules.
        max_game_length: Cut games short after this many player decisions (default: the
            game's own bound; ``UNBOUNDED_LENGTH`` for a game that declares none).

    Raises:
        ValueError: If the game is unknown or has no action encoding, or OpenSpiel refuses
            the parameters (its error is a ``pyspiel.SpielError``, re-raised as a
            ``ValueError`` with its message).
        ImportError: If OpenSpiel is not installed.
    """
    short = register(game)
    params: dict[str, Any] = {}
    if players is not None:
        params["players"] = players
    if rules is not None:
        params["rules"] = rules
    if max_game_length is not None:
        params["max_game_length"] = max_game_length
    try:
        return pyspiel.load_game(short, params)
    except pyspiel.SpielError as exc:
        raise ValueError(str(exc)) from None
