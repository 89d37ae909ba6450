"""Click-to-move for every game: which places of the drawing a person can click, and which
move a sequence of clicks makes (the protocol's ``click_paths`` and ``click_element``
hooks; docs/embedding.md).

A move's *click path* is what a person clicks, in order, to make it: *place tokens* (a
point ``"d2"``, a plane ``"R1"``, an ASTROPLANE position ``"e2.ne"``), each drawn as the
SVG element ``element_id`` names (``pt-d2``, ``plane-R1``, ``pos-e2.ne``: an id of
``Game.render_svg``'s drawing), and *button tokens* starting with ``@`` (``"@gem"``,
``"@pass"``), buttons beside the board labelled by ``button_label``. A game gives its
paths with ``Game.click_paths(state)`` (one ``ClickPath`` per way of making each legal
move) and the element of a place with ``Game.click_element(token)``; a game without them
gets one button per legal move, so every game can be played by clicks.

A frontend follows the clicks made so far: ``clickable(state, clicks)`` lists what can be
clicked next (ring those elements), ``moves_for_clicks(state, clicks)`` the paths those
clicks complete: one, play its move; several, the moves differ only in a choice (where
ASTROPLANE's sent-back pieces go, a Spire or its whole castle): ask with their ``words``.
Chance nodes have no paths: the frontend draws the outcome (``sample_chance``).

Examples:
    >>> from astroplane.protocol import get_game
    >>> game = get_game("starcastles")
    >>> state = game.new_game(2)
    >>> clickable(state), element_id(game, "b1")
    (('b1', 'b2', '@gem'), 'pt-b1')
    >>> clickable(state, ["b1"])
    ('c4', 'c3')
    >>> [(p.text, p.words) for p in moves_for_clicks(state, ["b1", "c4"])]
    [('Sb1-c4', 'Spire b1 to the empty point c4')]
    >>> clickable(state, ["h1"])
    Traceback (most recent call last):
    ...
    astroplane.clicks.ClickError: no legal move starts with the clicks ['h1']
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from types import MappingProxyType
from typing import Any

import attrs

from astroplane.kit.limits import shown
from astroplane.protocol import game_of

__all__ = [
    "BUTTONS",
    "ClickError",
    "ClickPath",
    "button_label",
    "click_paths",
    "clickable",
    "element_id",
    "from_notation",
    "is_button",
    "moves_for_clicks",
    "paths",
]

#: The label of each button token the bundled games use.
BUTTONS = MappingProxyType(
    {
        "@gem": "Place a Phase Gem",
        "@pass": "Pass",
        "@roll": "Roll the die",
        "@end": "End turn",
    }
)


class ClickError(ValueError):
    """Clicks that are no beginning of any legal move's click path.

    Attributes:
        clicks: The clicks given.
    """

    def __init__(self, clicks: Sequence[str], problem: str) -> None:
        super().__init__(problem)
        self.clicks = tuple(clicks)


def _tokens(clicks: Iterable[str]) -> tuple[str, ...]:
    out = tuple(clicks)
    if not out or any(not isinstance(c, str) or not c for c in out):
        raise ValueError(f"a click path is one or more non-empty tokens, not {shown(out)}")
    return out


@attrs.frozen
class ClickPath:
    """One way of making a legal move by clicks.

    Attributes:
        move: The legal move (the game's own move value).
        text: Its notation (``Game.format_move``).
        clicks: The tokens to click, in order: places (``"d2"``) and buttons (``"@pass"``).
        words: The move in words, for a choice list when several moves share ``clicks``.
    """

    move: Any
    text: str
    clicks: tuple[str, ...] = attrs.field(converter=_tokens)
    words: str

    def to_dict(self) -> dict[str, Any]:
        """``{"text", "clicks", "words"}``: the form the play page's script reads."""
        return {"text": self.text, "clicks": list(self.clicks), "words": self.words}


def is_button(token: str) -> bool:
    """Is ``token`` a button (``"@pass"``) rather than a place of the drawing?"""
    return token.startswith("@")


def button_label(token: str) -> str:
    """The label of a button token (``BUTTONS``; a move's own text for the one-button-per-
    move paths).

    Examples:
        >>> button_label("@gem"), button_label("@e4")
        ('Place a Phase Gem', 'e4')
    """
    return BUTTONS.get(token, token[1:])


def from_notation(
    format_move: Callable[[Any, Any], str], path_of: Callable[[str], tuple[Sequence[str], str]]
) -> Callable[[Any], tuple[ClickPath, ...]]:
    """A game's ``click_paths`` hook made from its notation: ``path_of(text)`` gives the
    clicks and words of the move whose notation (``format_move(state, move)``) is
    ``text``; one path per legal move."""

    def click_paths(state: Any) -> tuple[ClickPath, ...]:
        out = []
        for move in state.legal_moves():
            text = format_move(state, move)
            clicks, words = path_of(text)
            out.append(ClickPath(move, text, tuple(clicks), words))
        return tuple(out)

    click_paths.__doc__ = f"""Every legal move of a state as its ``ClickPath`` (the clicks
    ``{path_of.__module__}.{path_of.__name__}`` reads from the move's notation)."""
    return click_paths


def paths(state: Any, game: Any = None) -> tuple[ClickPath, ...]:
    """Every way of making each legal move of ``state`` by clicks, in ``legal_moves()``
    order: the game's ``click_paths``, or one button per move (``"@" + notation``) for a
    game without them; none at a chance node or once the game is over.

    Args:
        state: A state of any registered game.
        game: Its ``Game`` (None: the registered game of the state's ``game_name``).

    Raises:
        ValueError: If ``state``'s game is not registered (and ``game`` is None).
    """
    if state.is_over or state.is_chance_node:
        return ()
    game = game_of(state) if game is None else game
    hook = getattr(game, "click_paths", None)
    if hook is not None:
        return tuple(hook(state))
    out = []
    for move in state.legal_moves():
        text = game.format_move(state, move)
        out.append(ClickPath(move, text, (f"@{text}",), text))
    return tuple(out)


def _matching(state: Any, clicks: Sequence[str]) -> tuple[tuple[ClickPath, ...], tuple[str, ...]]:
    if isinstance(clicks, str) or not all(isinstance(c, str) for c in clicks):
        raise ClickError((), f"clicks are a list of tokens, not {shown(clicks)}")
    prefix = tuple(clicks)
    found = tuple(p for p in paths(state) if p.clicks[: len(prefix)] == prefix)
    if not found and prefix:
        raise ClickError(prefix, f"no legal move starts with the clicks {list(prefix)}")
    return found, prefix


def clickable(state: Any, clicks: Sequence[str] = ()) -> tuple[str, ...]:
    """What can be clicked after ``clicks`` (the tokens clicked so far in this move), each
    once, in the order of the paths: the places to ring and the buttons to show. Empty when
    ``clicks`` complete every path they begin (see ``moves_for_clicks``), at a chance node
    and once the game is over.

    Raises:
        ClickError: If ``clicks`` begin no legal move's path (a ``ValueError``).
    """
    found, prefix = _matching(state, clicks)
    n = len(prefix)
    return tuple(dict.fromkeys(p.clicks[n] for p in found if len(p.clicks) > n))


def moves_for_clicks(state: Any, clicks: Sequence[str]) -> tuple[ClickPath, ...]:
    """The paths that ``clicks`` complete: none while more clicks are needed, one (play its
    ``move``), or several moves that differ in a choice (ask with their ``words``).

    Raises:
        ClickError: If ``clicks`` begin no legal move's path (a ``ValueError``).
    """
    found, prefix = _matching(state, clicks)
    return tuple(p for p in found if p.clicks == prefix)


def element_id(game: Any, token: str) -> str:
    """The id of the element of ``game``'s drawing (``Game.render_svg``, without a prefix)
    that a place token stands for: the game's ``click_element``, else the token itself.

    Raises:
        ValueError: For a button token, which has no element.
    """
    if is_button(token):
        raise ValueError(f"{token!r} is a button, not a place of the drawing")
    hook = getattr(game, "click_element", None)
    return token if hook is None else str(hook(token))


def click_paths(game: Any, state: Any) -> list[dict[str, Any]]:
    """The paths of ``state`` (a state of ``game``) as the play page reads them:
    ``{"text", "clicks", "words"}`` per path (``ClickPath.to_dict``)."""
    return [p.to_dict() for p in paths(state, game)]
