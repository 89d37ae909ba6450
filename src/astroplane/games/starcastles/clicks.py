"""StarCastles by clicks (``Game.click_paths`` / ``click_element``; ``astroplane.clicks``):
a step, slide, dock, castle step or swap is the stack's point, then the target point
(``Sb1-c3``, ``Bd2+d5``, ``Cg3xh1``); a Spire on a controlled castle and the castle
itself can both go to one point (``Sc3-d3``, ``Cc3-d3``): their words tell them apart. A
Phase Gem is the gem button, then an empty point (``*e3``); ``pass`` is a button. A
point ``d2`` is the drawing's element ``pt-d2``.

Examples:
    >>> from astroplane.games.starcastles import new_game
    >>> paths = click_paths(new_game(2))
    >>> paths[0].clicks, paths[0].words
    (('b1', 'c4'), 'Spire b1 to the empty point c4')
    >>> paths[-1].clicks, paths[-1].words
    (('@gem', 'g7'), 'a Phase Gem on g7')
"""

from __future__ import annotations

import re

from astroplane.clicks import from_notation
from astroplane.games.starcastles.notation import format_move

__all__ = ["click_element", "click_paths", "path_of"]

_MODULES = {"S": "Spire", "B": "Battlement", "P": "Power Base", "C": "Controlled castle"}
_MOVE = re.compile(r"([SBPC])([a-z][0-9]{1,2})([-+x])([a-z][0-9]{1,2})")


def path_of(text: str) -> tuple[list[str], str]:
    """The clicks and words of the move whose notation is ``text``."""
    if text == "pass":
        return ["@pass"], "pass (no move)"
    if text.startswith("*"):
        return ["@gem", text[1:]], f"a Phase Gem on {text[1:]}"
    match = _MOVE.fullmatch(text)
    if match is None:
        return [f"@{text}"], text
    letter, a, sign, b = match.groups()
    what = f"{_MODULES[letter]} {a}"
    if sign == "x":
        return [a, b], f"{what} swaps with the stack on {b}"
    if sign == "+":
        return [a, b], f"{what} docks on the stack at {b}"
    return [a, b], f"{what} to the empty point {b}"


def click_element(token: str) -> str:
    """The id of the drawing's element for a point: ``pt-d2``."""
    return f"pt-{token}"


click_paths = from_notation(format_move, path_of)
