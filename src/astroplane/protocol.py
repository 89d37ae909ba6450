"""The game-agnostic core: what bots, ``perft``, ``play_game``, ``Match``, the conformance
suite and the command line need from a game, and the registry that finds games by name.

Nothing here knows ASTROPLANE. A game plugs in with two things:

* its states follow the ``State`` protocol (``astroplane.states``): immutable values with
  ``legal_moves()`` and ``play(move)``, the seat to move, whether the game is over, its
  ``returns()``, and *chance nodes* (a die to roll, as in OpenSpiel) for games that have
  them;
* a ``Game`` (``astroplane.gamebase``): a subclass that declares what the game is
  (``name``, ``seat_names``, ``player_counts``, its ``GameType``) and writes its rules
  (``new_game``, ``format_move``, ``parse_move``); everything else has a default. An
  instance goes in the registry with ``register_game``, so tools find it by name
  (``get_game("astroplane")``) or from a state (``game_of(state)``).

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
import warnings
from collections.abc import Mapping
from importlib import metadata
from types import MappingProxyType
from typing import Any

from astroplane.gamebase import Game, delegate
from astroplane.gametype import ChanceMode, GameInfo, GameType, Information, Utility
from astroplane.states import (
    State,
    is_legal_action,
    legal_match,
    require_legal,
    sample_chance,
)

__all__ = [
    "ChanceMode",
    "Game",
    "GameInfo",
    "GameType",
    "Information",
    "State",
    "Utility",
    "delegate",
    "game_errors",
    "game_of",
    "games",
    "get_game",
    "is_legal_action",
    "legal_match",
    "register_game",
    "require_legal",
    "sample_chance",
]


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
        ValueError: If ``game`` is not a ``Game`` instance, another game is registered under
            that name, or the name is reserved for an installed or bundled game.
    """
    if isinstance(game, type) and issubclass(game, Game):
        raise ValueError(f"register_game takes a Game instance: register_game({game.__name__}())")
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
