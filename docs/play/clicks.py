"""How a person's clicks make each legal move, for the play page's games other than
ASTROPLANE (Square Off, StarCastles, Aeroplane Chess). play.js writes this file next to
bridge.py.

A move's *click path* is the list of what a person clicks, in order: a place on the board
(``"d2"``, a point; ``"R1"``, a plane) ringed over the SVG element ``element_id`` names
(``pt-d2``, ``plane-R1``), or a button token (``"@gem"``, ``"@pass"``: a button under the
board, labelled by ``BUTTONS``). The page builds a prefix tree of the
paths of the legal moves, highlights what can be clicked next, plays a move when its path
is complete, and asks with a choice list (the moves' ``words``) when several moves share
one path. A game without its own paths here gets one button per move, so every game
registered with ``astroplane.protocol`` can be played.

Per game:

* Square Off: a placement or a removal is its point (``d2``, ``xg7``); a slide, flight,
  jump or trade is the moving piece's point then the target point (``d2-d3``, ``a1^a7``,
  ``a1<>d7``: own a1, then the opposing d7).
* StarCastles: a step, slide, dock, castle step or swap is the stack's point then the
  target point (``Sb1-c3``, ``Bd2+d5``, ``Cg3xh1``); a Spire on a controlled castle and
  the castle itself can both go to one point (``Sc3-d3``, ``Cc3-d3``): the choice list
  says which. A Phase Gem is the gem button then an empty point (``*e3``); ``pass`` is
  a button.
* Aeroplane Chess: the die is a button (``@roll``, the session rolls it); a move is the
  plane (the lowest of a stack) then the square it ends on (``R1-10``, ``R2-RT``).

    >>> from astroplane.protocol import get_game
    >>> game = get_game("starcastles")
    >>> paths = click_paths(game, game.new_game(2))
    >>> paths[0]
    {'text': 'Sb1-c4', 'clicks': ['b1', 'c4'], 'words': 'Spire b1 to the empty point c4'}
    >>> paths[-1]
    {'text': '*g7', 'clicks': ['@gem', 'g7'], 'words': 'a Phase Gem on g7'}
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

__all__ = ["BUTTONS", "HOWTO", "click_paths", "element_id"]

#: The label of each button token.
BUTTONS = {
    "@gem": "Place a Phase Gem",
    "@pass": "Pass",
    "@roll": "Roll the die",
}

#: How to play by clicks, per game, for the page's help text.
HOWTO = {
    "square-off": (
        "Click a green ring to place a piece there. Later, click one of your pieces, then the "
        "point it slides (or flies, jumps) to; in Trading Places, your piece then the opposing "
        "one to trade with. When you form a line of three, click the opposing piece to remove."
    ),
    "starcastles": (
        "Click a stack of yours (its top module moves), then the green point it goes to: a "
        "step, a slide, a dock on a stack, a castle step or swap; when the Spire alone or its "
        "whole castle can go, a dialog asks which. \u201cPlace a Phase Gem\u201d, then an "
        "empty point, puts a gem there (you then still move); \u201cPass\u201d when stuck."
    ),
    "aeroplane-chess": (
        "Click \u201cRoll the die\u201d, then one of your ringed planes and the ringed square "
        "it ends on (after any jump or shortcut); a plane in the hangar takes off to its "
        "take-off square."
    ),
}

_MODULES = {"S": "Spire", "B": "Battlement", "P": "Power Base", "C": "Controlled castle"}
_STARCASTLES = re.compile(r"([SBPC])([a-z][0-9]{1,2})([-+x])([a-z][0-9]{1,2})")
_SQUARE_OFF = re.compile(r"(x?)([a-g][1-7])(?:(-|~|\^|<>)([a-g][1-7]))?")
_SQUARE_OFF_WORDS = {
    "-": "slide {a} to {b}",
    "~": "fly {a} to {b}",
    "^": "jump from {a} to {b}",
    "<>": "trade your {a} with the opposing piece on {b}",
}


def _square_off(text: str) -> tuple[list[str], str]:
    match = _SQUARE_OFF.fullmatch(text)
    if match is None:
        return [f"@{text}"], text
    remove, a, sign, b = match.groups()
    if remove:
        return [a], f"remove the opposing piece on {a}"
    if sign is None:
        return [a], f"place a piece on {a}"
    return [a, b], _SQUARE_OFF_WORDS[sign].format(a=a, b=b)


def _starcastles(text: str) -> tuple[list[str], str]:
    if text == "pass":
        return ["@pass"], "pass (no move)"
    if text.startswith("*"):
        return ["@gem", text[1:]], f"a Phase Gem on {text[1:]}"
    match = _STARCASTLES.fullmatch(text)
    if match is None:
        return [f"@{text}"], text
    letter, a, sign, b = match.groups()
    what = f"{_MODULES[letter]} {a}"
    if sign == "x":
        return [a, b], f"{what} swaps with the stack on {b}"
    if sign == "+":
        return [a, b], f"{what} docks on the stack at {b}"
    return [a, b], f"{what} to the empty point {b}"


_AEROPLANE = re.compile(r"([RYBG][1-4])([-x])([RYBG]T|[RYBG]H[1-6]|[0-9]{1,2})(&?)")
_PLANE = re.compile(r"[RYBG][1-4]")


def _aeroplane_chess(text: str) -> tuple[list[str], str]:
    if text == "pass":
        return ["@pass"], "pass (no move with this roll)"
    match = _AEROPLANE.fullmatch(text)
    if match is None:
        return [f"@{text}"], text
    plane, sign, square, stack = match.groups()
    words = f"{plane} to {square}"
    if sign == "x":
        words += ", sending opponents home"
    if stack:
        words += ", stacking with your planes there"
    return [plane, square], words


#: Per game: a move's notation -> (its click path, the move in words).
PATHS: dict[str, Callable[[str], tuple[list[str], str]]] = {
    "square-off": _square_off,
    "starcastles": _starcastles,
    "aeroplane-chess": _aeroplane_chess,
}


def element_id(game_name: str, token: str) -> str:
    """The id of the SVG element a place token is ringed over (``pt-d2``, ``plane-R1``,
    ``sq-10``)."""
    if game_name == "aeroplane-chess":
        return f"plane-{token}" if _PLANE.fullmatch(token) else f"sq-{token}"
    return f"pt-{token}"


def click_paths(game: Any, state: Any) -> list[dict[str, Any]]:
    """Every legal move of ``state`` (a state of ``game``, an ``astroplane.protocol.Game``)
    as ``{"text": notation, "clicks": [...], "words": "..."}``, in ``legal_moves()``
    order; a game without paths here gets a button per move (``["@" + text]``)."""
    paths = PATHS.get(game.name, lambda text: ([f"@{text}"], text))
    out = []
    for move in state.legal_moves():
        text = game.format_move(state, move)
        clicks, words = paths(text)
        out.append({"text": text, "clicks": clicks, "words": words})
    return out


def button_label(token: str) -> str:
    """The label of a button token (a move's own text for the one-button-per-move paths)."""
    return BUTTONS.get(token, token[1:])
