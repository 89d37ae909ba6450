"""An SVG drawing of a state, made with the kit's SVG parts (``astroplane.kit.svg``) [AC20].

The board is the 15 by 15 cross of ``board``, drawn with the Okabe-Ito colours, which
people with the common colour vision deficiencies tell apart, and every colour also
carries its letter. Elements have stable ids for frontends: ``sq-1`` .. ``sq-52``,
``sq-RT``, ``sq-RH1`` .. ``sq-RH6`` (the centre triangles), ``hangar-R``, ``shortcut-R``,
``plane-R1`` .. ``plane-G4`` (class ``pl``, and ``pl arrived`` once home), ``stack-R1``
(around a stack, by its lowest plane), ``die``, ``status``, ``last`` (the ring around the
square the last move ended on, class ``last-move``, when ``last`` is given); in team
play ``team-R`` .. ``team-G`` (a mark naming the partnership in each hangar) and
``teams`` (the teams in words under the board) [AC26]. Every id can take a prefix
(``prefix="left"`` gives ``left-plane-R1``), so several boards share a page; the drawing
has no stylesheet and no shared ``<defs>``, so nothing in it reaches another drawing on
the page.
A waiting plane stands in its hangar, an arrived one is drawn faded there (the seed: it is
"placed facedown back in its own hangar").

Examples:
    >>> from astroplane.games.aeroplane_chess import new_game
    >>> svg = render_svg(new_game(2))
    >>> svg.startswith("<svg"), 'viewBox="0 0 640 700"' in svg, 'id="plane-R1"' in svg
    (True, True, True)
    >>> 'id="plane-Y1"' in svg  # Yellow is not in a 2-player game
    False
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from typing import TYPE_CHECKING

from astroplane.games.aeroplane_chess.board import (
    CELL_OF,
    CENTRE,
    COLOUR_NAMES,
    COLOURS,
    HANGAR,
    HANGAR_CELLS,
    HOME_BASE,
    LOOP,
    SHORTCUT_FROM,
    SHORTCUT_TO,
    SQUARE_COLOUR,
    SQUARE_NAMES,
    SQUARE_OF,
    TAKE_OFF_BASE,
    plane_name,
    rotate,
    square_name,
)
from astroplane.games.aeroplane_chess.moves import Move, MoveKind, fields_problem
from astroplane.games.aeroplane_chess.render import describe_dice, team_line
from astroplane.kit.limits import shown
from astroplane.kit.svg import INK as LINE
from astroplane.kit.svg import (
    PAPER,
    Ids,
    Point,
    arrow,
    bent_arrow,
    desc,
    die,
    document,
    el,
    points,
    text,
    title,
)

if TYPE_CHECKING:
    from astroplane.games.aeroplane_chess.state import AeroplaneState

__all__ = ["FILL", "INK", "TINT", "render_svg"]

FILL = ("#D55E00", "#F0E442", "#0072B2", "#009E73")
"""Okabe-Ito vermillion, yellow, blue and bluish green for R, Y, B, G."""
TINT = ("#F2C3A1", "#F9F4B8", "#A6CBE4", "#A3DCCB")
"""Lighter tints of the same colours (hangars, home columns)."""
INK = ("#000000", "#000000", "#FFFFFF", "#000000")
"""Text colour on each fill (contrast ratio above 4.5)."""
LAST = "#CC79A7"
"""Okabe-Ito reddish purple: the ring of the last move (no seat wears it)."""

_S = 40  # cell size in px
_M = 20  # margin
_W = 15 * _S + 2 * _M
_H = _W + 60
_OFFSETS = {  # where 1, 2, 3 or 4+ planes sharing a square stand in its cell
    1: ((0.5, 0.5),),
    2: ((0.27, 0.5), (0.73, 0.5)),
    3: ((0.27, 0.3), (0.73, 0.3), (0.5, 0.72)),
    4: ((0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)),
}


def render_svg(
    state: AeroplaneState,
    *,
    arrows: Iterable[tuple[int, int]] = (),
    last: Move | None = None,
    title: str | None = None,
    prefix: str = "",
    size: int | None = None,
) -> str:
    """The state drawn as a standalone SVG document.

    Args:
        state: Any state.
        arrows: Pairs of square ids to join with an arrow (to show a move in pictures).
        last: The move that led to ``state``: the square a launch or a flight ended on is
            ringed (``id="last"``); a roll shows on the die already, a pass nowhere.
        title: The document title (default: the turn and dice in words).
        prefix: A prefix for every id (letters, digits, ``-``, ``_``), or ``""``.
        size: The displayed width in pixels; None: the drawing's own (640).

    Returns:
        The SVG text (``viewBox="0 0 640 700"``), its position text in a ``<desc>``.

    Raises:
        ValueError: If the prefix is not a valid id prefix, an arrow is not a pair of
            square ids (0..79), ``size`` is not a positive number of pixels, or ``last``
            is not a ``Move`` whose fields fit it.

    Examples:
        >>> from astroplane.games.aeroplane_chess import setup_position
        >>> svg = render_svg(setup_position("RB", {"R1": "3"}, roll=4), arrows=[(2, 6)])
        >>> svg.count('id="plane-'), "<title" in svg, svg.rstrip().endswith("</svg>")
        (8, True, True)
        >>> 'id="g2-die"' in render_svg(setup_position("RB"), prefix="g2", size=320)
        True
        >>> 'class="last-move"' in render_svg(setup_position("RB"), last=Move.launch("R1"))
        True
    """
    ids = Ids(prefix)
    if last is not None and (not isinstance(last, Move) or fields_problem(last) is not None):
        raise ValueError(f"last must be an Aeroplane Chess Move, not {shown(last)}")
    status = describe_dice(state)
    pairs = [_arrow_ends(pair) for pair in arrows]
    arrow_group = (bent_arrow(_centre(a), _centre(b), LINE, 3, 12, 0.1) for a, b in pairs)
    face = state.roll or ("-" if state.is_over else "?")
    body = [
        desc(state.to_text()),
        el("rect", width=_W, height=_H, fill=PAPER),
        _group(ids, "hangars", (_hangar(c, ids) for c in range(4))),
        _group(ids, "squares", (_square(sq, ids) for sq in range(len(SQUARE_NAMES)))),
        _group(ids, "shortcuts", (_shortcut(c, ids) for c in range(4))),
        _group(ids, "take-off-arrows", (_take_off(c) for c in range(4))),
        _group(ids, "arrows", arrow_group),
        *_teams(state, ids),
        _group(ids, "planes", _planes(state, ids)),
        _last(last, ids),
        text(_M, _W + 30, status, 18, text_anchor="start", id=ids("status")),
        die(_W - _M - 23, _W + 30, 46, face, id=ids("die")),
    ]
    label = title if title is not None else status
    return document(body, _W, _H, size=_W if size is None else size, label=label)


def _at(x: float, y: float) -> Point:
    """A point of the board in cells (from the grid's top-left corner) in pixels."""
    return _M + x * _S, _M + y * _S


def _centre(square: int) -> Point:
    x, y = CELL_OF[square]
    return _at(x + 0.5, y + 0.5)


def _arrow_ends(pair: object) -> tuple[int, int]:
    """An arrow's two square ids, checked (a wrong one is a ``ValueError``, never an
    ``IndexError`` from the drawing)."""
    if not isinstance(pair, tuple) or len(pair) != 2:
        raise ValueError(f"an arrow is a pair of square ids, not {shown(pair)}")
    for end in pair:
        try:
            square_name(end)  # what a square id is
        except ValueError:
            raise ValueError(f"arrow end {shown(end)} is not a square id 0..79") from None
    return pair[0], pair[1]


def _last(move: Move | None, ids: Ids) -> str:
    """A ring around the square a launch or a flight ended on, over the planes."""
    if move is None or move.kind not in (MoveKind.LAUNCH, MoveKind.FLY):
        return ""
    square = move.square
    corners = _triangle(square)
    if corners:
        ring = el("polygon", points=points(corners), fill="none", stroke=LAST, stroke_width=4)
    else:
        x, y = CELL_OF[square]
        left, top = _at(x, y)
        ring = el("rect", x=left + 1, y=top + 1, width=_S - 2, height=_S - 2, rx=6,
                  fill="none", stroke=LAST, stroke_width=4)  # fmt: skip
    label = f"the last move: to {SQUARE_NAMES[square]}"
    return el("g", title(label) + ring, id=ids("last"), class_="last-move")


def _triangle(square: int) -> list[Point]:
    """The corners of a colour's centre triangle (its last home square), in pixels; empty
    for any other square, which is drawn in its cell."""
    if square < HOME_BASE or (square - HOME_BASE) % 6 != 5:
        return []
    c = SQUARE_COLOUR[square]
    return [_at(*rotate(x, y, c)) for x, y in ((6, 9), (9, 9), (7.5, 7.5))]


def _group(ids: Ids, name: str, parts: Iterable[str]) -> str:
    return el("g", "".join(parts), id=ids(name))


def _square(square: int, ids: Ids) -> str:
    name = SQUARE_NAMES[square]
    c = SQUARE_COLOUR[square]
    corners = _triangle(square)
    if corners:
        shape = el("polygon", points=points(corners), fill=FILL[c], stroke=LINE)
        letter = text(*_at(*rotate(7.5, 8.5, c)), COLOURS[c], 9, INK[c], font_weight="bold")
        return el("g", shape + letter, id=ids("sq", name))
    x, y = CELL_OF[square]
    home = square >= HOME_BASE
    fill, ink = (TINT[c], "#000000") if home else (FILL[c], INK[c])
    left, top = _at(x + 0.05, y + 0.05)
    return el(
        "g",
        el("rect", x=left, y=top, width=0.9 * _S, height=0.9 * _S, rx=5, fill=fill, stroke=LINE)
        + text(*_at(x + 0.5, y + 0.45), name if square < LOOP else name[1:], 12, ink)
        + text(*_at(x + 0.8, y + 0.8), COLOURS[c], 9, ink, font_weight="bold"),
        id=ids("sq", name),
    )


def _hangar(c: int, ids: Ids) -> str:
    (x0, y0), (x1, y1) = (_at(*rotate(x, y, c)) for x, y in ((0.3, 9.3), (4.7, 13.7)))
    spots = "".join(
        el("circle", cx=cx, cy=cy, r=15, fill="none", stroke="#555555", stroke_dasharray="3 3")
        for cx, cy in (_at(x + 0.5, y + 0.5) for x, y in HANGAR_CELLS[c])
    )
    return el(
        "g",
        title(f"{COLOUR_NAMES[c]} hangar")
        + el("rect", x=min(x0, x1), y=min(y0, y1), width=abs(x1 - x0), height=abs(y1 - y0),
             rx=12, fill=TINT[c], stroke=FILL[c], stroke_width=4)
        + spots
        + text(*_at(*rotate(2.5, 11.5, c)), COLOURS[c], 40, LINE, font_weight="bold",
               opacity="0.35"),
        id=ids("hangar", COLOURS[c]),
    )  # fmt: skip


def _shortcut(c: int, ids: Ids) -> str:
    start, end = (_centre(SQUARE_OF[c][k]) for k in (SHORTCUT_FROM, SHORTCUT_TO))
    return arrow(start, end, LINE, 3, 12, id=ids("shortcut", COLOURS[c]), stroke_dasharray="6 4")


def _take_off(c: int) -> str:
    """A short arrow across the gap from the take-off square to the colour's square 1."""
    (x0, y0), (x1, y1) = _centre(TAKE_OFF_BASE + c), _centre(SQUARE_OF[c][1])
    return arrow(
        (x0 + (x1 - x0) * 0.35, y0 + (y1 - y0) * 0.35),
        (x0 + (x1 - x0) * 0.65, y0 + (y1 - y0) * 0.65),
        LINE, 2, 8,
    )  # fmt: skip


def _plane(p: int, at: Point, r: float, where: str, ids: Ids) -> str:
    c = p >> 2
    name = plane_name(p)
    x, y = at
    arrived = where == "arrived"
    return el(
        "g",
        title(f"{name}: {where}")
        + el("circle", cx=x, cy=y, r=r, fill=FILL[c], stroke=LINE, stroke_width=2.5)
        + el("circle", cx=x, cy=y, r=r - 3, fill="none", stroke="#ffffff", stroke_width=1.5)
        + text(x, y, name, 11, INK[c], font_weight="bold"),
        id=ids("plane", name),
        class_="pl arrived" if arrived else "pl",
        opacity="0.45" if arrived else None,
    )


def _planes(state: AeroplaneState, ids: Ids) -> list[str]:
    """The planes in the game: in their hangars (waiting or arrived), or on their squares,
    spread over the cell when several share one, each stack outlined."""
    out: list[str] = []
    on: dict[int, list[int]] = {}
    for p, k in enumerate(state.planes):
        c = p >> 2
        if c not in state.seats:
            continue
        if k in (HANGAR, CENTRE):
            x, y = HANGAR_CELLS[c][p & 3]
            where = "in the hangar" if k == HANGAR else "arrived"
            out.append(_plane(p, _at(x + 0.5, y + 0.5), 14, where, ids))
        else:
            on.setdefault(SQUARE_OF[c][k], []).append(p)
    for square, planes in sorted(on.items()):
        x, y = CELL_OF[square]
        left, top = _at(x - 0.05, y - 0.05)
        out.extend(
            el("rect", id=ids("stack", plane_name(stack[0])), x=left, y=top, width=1.1 * _S,
               height=1.1 * _S, rx=8, fill="none", stroke=LINE, stroke_width=3)
            for stack in state.stacks
            if stack[0] in planes
        )  # fmt: skip
        r = 15 if len(planes) == 1 else 10
        spots = itertools.cycle(_OFFSETS[min(len(planes), 4)])
        where = f"on {SQUARE_NAMES[square]}"
        out.extend(
            _plane(p, _at(x + ox, y + oy), r, where, ids)
            for p, (ox, oy) in zip(planes, spots, strict=False)
        )
    return out


def _teams(state: AeroplaneState, ids: Ids) -> list[str]:
    """In team play, a mark in each hangar naming its team and the teams under the board
    (under the status line) [AC26]."""
    if not state.rules.teams:
        return []
    marks = (
        text(*_at(x, y + 0.62), f"team {COLOURS[c & 1]}+{COLOURS[c & 1 | 2]}", 9, LINE,
             font_weight="bold", id=ids("team", COLOURS[c]))
        for c in range(4)
        for x, y in (rotate(2.5, 11.5, c),)  # under the hangar's big letter
    )  # fmt: skip
    return [
        _group(ids, "team-marks", marks),
        text(_M, _W + 52, team_line(state), 12, text_anchor="start", id=ids("teams")),
    ]
