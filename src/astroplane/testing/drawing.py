"""The ``drawing`` check (part of ``check_declarations``): a game's SVG drawing, alone and
through ``astroplane.svg.board``.

* ``render_svg(state)`` and ``render_svg(state, last_move=move)`` (the move that led to
  ``state``) give an SVG document, and ``astroplane.svg.board`` draws the same;
* ``astroplane.svg.board(state, prefix=...)`` puts every id under the prefix (two boards
  with two prefixes share no id, so they can share a page);
* a bad ``prefix`` or ``size`` and an option the drawing does not take raise a
  ``DrawingError`` (a ``ValueError``); a ``last_move`` that is no move of the game (a
  text, a number, any object, another game's move) is drawn as no move or refused with a
  ``DrawingError``, never another exception: a server may pass on what a client sent
  (the bundled games refuse it).

``astroplane.svg.board`` finds a game by its registered name, so its part of the check
needs the game registered (a note says when it is not).

Examples:
    >>> problems, notes = [], []
    >>> drawing_problems(get_game("tic-tac-toe"), 0, problems, notes)
    >>> problems
    []
"""

from __future__ import annotations

import importlib
import random
import xml.etree.ElementTree as ET
from types import ModuleType
from typing import Any

from astroplane.errors import DrawingError
from astroplane.protocol import Game, get_game, sample_chance

__all__ = ["drawing_problems"]


def _svg() -> ModuleType:
    """``astroplane.svg``, loaded when a drawing is checked: it draws ASTROPLANE itself, so
    importing it loads that game, and ``astroplane.testing`` loads no game of its own."""
    return importlib.import_module("astroplane.svg")


def drawing_problems(g: Game[Any, Any], seed: int, problems: list[str], notes: list[str]) -> None:
    """Add the ``drawing`` problems of ``g`` to ``problems`` (and to ``notes`` what could not
    be checked)."""
    if g.render_svg is None:
        notes.append("drawing: the game has no render_svg")
        return
    try:
        registered = get_game(g.name) is g
    except ValueError:
        registered = False
    rng = random.Random(seed)
    state = g.new_game(g.player_counts[0])
    for _ in range(12):
        if state.is_over:
            break
        moves = state.legal_moves()
        move = sample_chance(state, rng) if state.is_chance_node else rng.choice(moves)
        after = state.play(move)
        for drawing in (g.render_svg(after), g.render_svg(after, last_move=move)):
            if not drawing.lstrip().startswith(("<svg", "<?xml")):
                problems.append(f"drawing: render_svg gives no SVG document: {drawing[:60]!r}")
                return
        drawn = g.render_svg(after, last_move=move)
        if registered and _svg().board(after, last_move=move) != drawn:
            problems.append("drawing: astroplane.svg.board does not draw what render_svg draws")
            return
        state = after
    if not registered:
        notes.append("drawing: the game is not registered: astroplane.svg.board was not tried")
        return
    _prefix_problems(g, state, problems)


def _prefix_problems(g: Game[Any, Any], state: Any, problems: list[str]) -> None:
    svg = _svg()
    boards = {p: ET.fromstring(svg.board(state, prefix=p)) for p in ("left", "right")}
    ids = {p: {e.get("id") for e in root.iter() if e.get("id")} for p, root in boards.items()}
    if not ids["left"] or ids["left"] & ids["right"]:
        problems.append("drawing: two boards with two prefixes share ids (or have none)")
    if any(not i.startswith(f"{p}-") for p, found in ids.items() for i in found if i):
        problems.append("drawing: an id is not under the prefix asked for")
    stranger = next((o for o in _others(g)), None)
    bad: list[dict[str, Any]] = [{"prefix": "two words"}, {"prefix": 7}, {"size": 0},
                                 {"size": True}, {"arrows": ()}]  # fmt: skip
    junk = [{"last_move": j} for j in ("e2", 3, 2.5, object(), stranger) if j is not None]
    for options in bad + junk:
        if g.name == "astroplane" and "arrows" in options:
            continue  # ASTROPLANE's own drawing takes arrows, and more
        try:
            svg.board(state, **options)
        except DrawingError:
            continue
        except Exception as exc:  # the contract: a DrawingError
            problems.append(f"drawing: svg.board(state, {_keys(options)}) raised "
                            f"{type(exc).__name__}, not a DrawingError: {exc}")  # fmt: skip
            return
        if "last_move" not in options:
            problems.append(f"drawing: svg.board(state, {_keys(options)}) drew something")
            return


def _others(g: Game[Any, Any]) -> Any:
    """A first move of each other bundled game (a move of no game ``g`` knows)."""
    for name in ("square-off", "astroplane"):
        if name != g.name:
            start = get_game(name).new_game(2)
            yield start.legal_moves()[0]


def _keys(options: dict[str, Any]) -> str:
    return ", ".join(f"{k}={type(v).__name__}" for k, v in options.items())
