"""Aeroplane Chess by clicks (``Game.click_paths`` / ``click_element``;
``astroplane.clicks``): a move is the plane (the lowest of a stack), then the square it
ends on (``R1-10``, ``R2-RT``, after any jump or shortcut); ``pass`` is a button. The die
is rolled by the frontend (a chance node has no paths). A plane ``R1`` is the drawing's
element ``plane-R1``, a square ``10`` or ``RT`` the element ``sq-10``, ``sq-RT``.

Examples:
    >>> path_of("R1x10&")
    (['R1', '10'], 'R1 to 10, sending opponents home, stacking with your planes there')
    >>> click_element("R1"), click_element("RH3")
    ('plane-R1', 'sq-RH3')
"""

from __future__ import annotations

import re

from astroplane.clicks import from_notation
from astroplane.games.aeroplane_chess.notation import format_move

__all__ = ["click_element", "click_paths", "path_of"]

_MOVE = re.compile(r"([RYBG][1-4])([-x])([RYBG]T|[RYBG]H[1-6]|[0-9]{1,2})(&?)")
_PLANE = re.compile(r"[RYBG][1-4]")


def path_of(text: str) -> tuple[list[str], str]:
    """The clicks and words of the move whose notation is ``text``."""
    if text == "pass":
        return ["@pass"], "pass (no move with this roll)"
    match = _MOVE.fullmatch(text)
    if match is None:
        return [f"@{text}"], text
    plane, sign, square, stack = match.groups()
    words = f"{plane} to {square}"
    if sign == "x":
        words += ", sending opponents home"
    if stack:
        words += ", stacking with your planes there"
    return [plane, square], words


def click_element(token: str) -> str:
    """The id of the drawing's element for a plane (``plane-R1``) or a square (``sq-10``)."""
    return f"plane-{token}" if _PLANE.fullmatch(token) else f"sq-{token}"


click_paths = from_notation(format_move, path_of)
