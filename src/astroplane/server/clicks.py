"""How a person's clicks make each legal move, on the play page: in its local mode for the
games other than ASTROPLANE (docs/play/boardgame.py imports this module from the wheel),
and in its online mode for every game (``astroplane.server.views``). It needs nothing of
the server's extra.

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
* ASTROPLANE: a move is the position of the person's piece that moves (``Sl``, a Start
  Area; ``e2.ne``, a corner), then the position it goes to; a Square or an elimination can
  be started from any of its pieces; ``end`` is a button. Moves that differ only in a
  choice (where sent-back pieces go) share a path: the choice list says what each does.

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

from astroplane.games.astroplane.moves import Move, MoveKind
from astroplane.games.astroplane.pieces import SEAT_NAMES, piece_name
from astroplane.games.astroplane.state import GameState
from astroplane.games.astroplane.topology import apex_of, grid_position

__all__ = [
    "BUTTONS",
    "HOWTO",
    "astroplane_target",
    "button_label",
    "click_paths",
    "effect_phrases",
    "element_id",
]

#: The label of each button token.
BUTTONS = {
    "@gem": "Place a Phase Gem",
    "@pass": "Pass",
    "@roll": "Roll the die",
    "@end": "End turn",
}

#: How to play by clicks, per game, for the page's help text.
HOWTO = {
    "astroplane": (
        "Click one of your ringed pieces, then the green ring where it goes (two moves a "
        "turn); when a move can be played in several ways, a dialog asks. \u201cEnd turn\u201d "
        "when only free Wormhole travels are left."
    ),
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


def _start_area(name: str) -> str:
    """``"Nl"`` -> ``"N's left Start Area (Nl)"``."""
    side = {"l": "left", "r": "right"}.get(name[1:], name[1:])
    return f"{name[0]}'s {side} Start Area ({name})"


def effect_phrases(events: list[dict[str, Any]]) -> list[str]:
    """What an ASTROPLANE move does besides moving the piece, in words, from its events
    (``GameState.effects`` as dicts), for the choice dialog."""
    out = []
    for e in events:
        kind = e["event"]
        if kind == "sent_back":
            pieces = " ".join(e["pieces"])
            out.append(f"sends {pieces} back to {_start_area(e['start_area'])}")
        elif kind == "reserve_placed":
            out.append(f"brings reserve piece {e['piece']} into {_start_area(e['start_area'])}")
        elif kind == "fired":
            out.append(f"fires {' '.join(e['pieces'])} into the Singularity")
        elif kind == "eliminated":
            out.append(f"eliminates {' '.join(e['pieces'])} in {e['cell']}")
        elif kind == "landed" and e["captives"]:
            out.append(f"lands on {' '.join(e['captives'])}")
    return out


def astroplane_target(state: GameState, piece: int | str, move: Move) -> int:
    """The position ``piece`` takes with ``move`` in an ASTROPLANE state, as
    ``GameState.destinations`` counts it (-1 for a move that takes it nowhere)."""
    t = state.topology
    if move.kind in (MoveKind.STEP, MoveKind.TRAVEL):
        return int(move.target)
    pos = state.location(piece)
    if move.kind == MoveKind.FIRE:
        return int(t.singularity_position[t.fire_target[pos]])
    if move.kind in (MoveKind.SQUARE, MoveKind.ELIMINATE):
        return int(grid_position(move.target, apex_of(pos)))
    return -1


def _astroplane_paths(game: Any, state: GameState) -> list[dict[str, Any]]:
    """ASTROPLANE's paths: the moving piece's position, then where it goes (a move of a
    Square has a path from each of its pieces); one path per (piece, move), in
    ``legal_moves()`` order."""
    t = state.topology
    seat = SEAT_NAMES[state.to_move]
    by_move: dict[Move, list[int]] = {}
    for piece in state.pieces_of(seat):
        for move in state.moves_of(piece):
            by_move.setdefault(move, []).append(piece)
    out = []
    for move in state.legal_moves():
        text = game.format_move(state, move)
        if move.kind == MoveKind.END_TURN:
            out.append({"text": text, "clicks": ["@end"], "words": "end the turn"})
            continue
        events = [e.to_dict() for e in state.effects(move)]
        words = "; ".join(effect_phrases(events)) or "no other effect"
        pieces = by_move.get(move, [])
        for piece in pieces:
            target = astroplane_target(state, piece, move)
            if target < 0:
                continue
            start = t.position_name(state.location(piece))
            clicks = [start, t.position_name(target)]
            out.append({"text": text, "clicks": clicks, "words": f"{piece_name(piece)}: {words}"})
        if not pieces:
            out.append({"text": text, "clicks": [f"@{text}"], "words": words})
    return out


def _one_button(text: str) -> tuple[list[str], str]:
    """A move of a game without paths here: a button of its own."""
    return [f"@{text}"], text


def element_id(game_name: str, token: str) -> str:
    """The id of the SVG element a place token is ringed over (``pt-d2``, ``plane-R1``,
    ``sq-10``, ASTROPLANE's ``pos-e2.ne``)."""
    if game_name == "astroplane":
        return f"pos-{token}"
    if game_name == "aeroplane-chess":
        return f"plane-{token}" if _PLANE.fullmatch(token) else f"sq-{token}"
    return f"pt-{token}"


def click_paths(game: Any, state: Any) -> list[dict[str, Any]]:
    """Every legal move of ``state`` (a state of ``game``, an ``astroplane.protocol.Game``)
    as ``{"text": notation, "clicks": [...], "words": "..."}``, in ``legal_moves()``
    order; a game without paths here gets a button per move (``["@" + text]``).
    ASTROPLANE's moves of a Square have one path per piece of the Square."""
    if game.name == "astroplane" and isinstance(state, GameState):
        return _astroplane_paths(game, state)
    paths = PATHS.get(game.name, _one_button)
    out = []
    for move in state.legal_moves():
        text = game.format_move(state, move)
        clicks, words = paths(text)
        out.append({"text": text, "clicks": clicks, "words": words})
    return out


def button_label(token: str) -> str:
    """The label of a button token (a move's own text for the one-button-per-move paths)."""
    return BUTTONS.get(token, token[1:])
