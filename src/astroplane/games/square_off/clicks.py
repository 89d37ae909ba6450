"""Square Off by clicks (``Game.click_paths`` / ``click_element``; ``astroplane.clicks``):
a placement or a removal is its point (``d2``, ``xg7``); a slide, flight, jump or trade is
the moving piece's point, then the target point (``d2-d3``, ``a1^a7``, ``a1<>d7``: your
a1, then the opposing d7). A point ``d2`` is the drawing's element ``pt-d2``.

Examples:
    >>> from astroplane.games.square_off import new_game
    >>> click_paths(new_game())[0].clicks, click_element("a1")
    (('a7',), 'pt-a1')
"""

from __future__ import annotations

import re

from astroplane.clicks import from_notation
from astroplane.games.square_off.notation import format_move

__all__ = ["click_element", "click_paths", "path_of"]

_MOVE = re.compile(r"(x?)([a-g][1-7])(?:(-|~|\^|<>)([a-g][1-7]))?")
_WORDS = {
    "-": "slide {a} to {b}",
    "~": "fly {a} to {b}",
    "^": "jump from {a} to {b}",
    "<>": "trade your {a} with the opposing piece on {b}",
}


def path_of(text: str) -> tuple[list[str], str]:
    """The clicks and words of the move whose notation is ``text``."""
    match = _MOVE.fullmatch(text)
    if match is None:
        return [f"@{text}"], text
    remove, a, sign, b = match.groups()
    if remove:
        return [a], f"remove the opposing piece on {a}"
    if sign is None:
        return [a], f"place a piece on {a}"
    return [a, b], _WORDS[sign].format(a=a, b=b)


def click_element(token: str) -> str:
    """The id of the drawing's element for a point: ``pt-d2``."""
    return f"pt-{token}"


click_paths = from_notation(format_move, path_of)
