"""What the checks share: the formats a game offers (a game may leave out its position text
and its JSON: ``Game.position_to_text`` ... None, and the checks then use what there is),
and ``not_refused``, the probe of every "this must raise a ``ValueError``" check.

Examples:
    >>> from astroplane.protocol import get_game
    >>> game = get_game("tic-tac-toe")  # a position text, no JSON
    >>> sorted(formats_of(game))
    ['position']
    >>> read_back_problem(game, game.new_game(2))
    ''
"""

from __future__ import annotations

import pickle
from collections.abc import Callable, Iterable
from typing import Any

from astroplane.gamebase import Game

__all__ = ["fingerprint", "formats_of", "not_refused", "read_back_problem", "twin"]

Codec = tuple[Callable[[Any], Any], Callable[..., Any]]


def formats_of(game: Game[Any, Any]) -> dict[str, Codec]:
    """The state formats ``game`` has, by reader name (``"position"``, ``"json"``,
    ``"dict"``): each a ``(write, read)`` pair."""
    pairs = {
        "position": (game.position_to_text, game.position_from_text),
        "json": (game.to_json, game.from_json),
        "dict": (game.to_dict, game.from_dict),
    }
    return {name: (w, r) for name, (w, r) in pairs.items() if w is not None and r is not None}


def read_back_problem(game: Game[Any, Any], state: Any) -> str:
    """Why ``state`` does not read back equal from each format of ``game`` ("" when it
    does in all of them).

    Raises:
        ValueError: If a format cannot write or read the state.
    """
    for name, (write, read) in formats_of(game).items():
        text = write(state)
        if read(text) != state:
            shown = f" {text!r}" if name == "position" else ""
            return f"the state does not read back equal from its {name}{shown}"
    return ""


def fingerprint(game: Game[Any, Any], state: Any) -> object:
    """What ``state`` is, to tell whether a call changed it: its position text, else its
    pickle, else its repr."""
    if game.position_to_text is not None:
        return game.position_to_text(state)
    try:
        return pickle.dumps(state)
    except Exception:  # a state that does not pickle: its repr must do
        return repr(state)


def twin(game: Game[Any, Any], state: Any) -> Any:
    """An equal copy of ``state`` made apart from it: read back from its position text,
    else from its pickle (for a game with neither, the state itself)."""
    if game.position_to_text is not None and game.position_from_text is not None:
        return game.position_from_text(game.position_to_text(state))
    try:
        return pickle.loads(pickle.dumps(state))
    except Exception:  # a state that does not pickle
        return state


def not_refused(
    call: Callable[[Any], Any], values: Iterable[Any]
) -> tuple[Any, Any, BaseException | None] | None:
    """The first of ``values`` that ``call`` does not refuse with a ``ValueError``: ``(value,
    result, None)`` when it accepts it, ``(value, None, exception)`` when it raises anything
    else; None when it refuses them all.

    Examples:
        >>> not_refused(int, ["x", "7", "y"])
        ('7', 7, None)
        >>> not_refused(int, ["x"]) is None
        True
    """
    for value in values:
        try:
            result = call(value)
        except ValueError:
            continue
        except Exception as exc:  # the contract broken: anything but a ValueError
            return value, None, exc
        return value, result, None
    return None
