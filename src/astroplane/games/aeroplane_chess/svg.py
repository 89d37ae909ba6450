"""An SVG drawing of a state: a standalone document, standard library only [AC20].

The board is the 15 by 15 cross of ``board``, drawn with the Okabe-Ito colours, which
people with the common colour vision deficiencies tell apart, and every colour also
carries its letter. Elements have stable ids for frontends: ``sq-1`` .. ``sq-52``,
``sq-RT``, ``sq-RH1`` .. ``sq-RH6`` (the centre triangles), ``hangar-R``, ``shortcut-R``,
``plane-R1`` .. ``plane-G4``, ``stack-R1`` (around a stack, by its lowest plane), ``die``;
in team play ``team-R`` .. ``team-G`` (a mark naming the partnership in each hangar) and
``teams`` (the teams in words under the board) [AC26].
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

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING
from xml.sax.saxutils import escape

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
)
from astroplane.games.aeroplane_chess.render import describe_dice, team_line

if TYPE_CHECKING:
    from astroplane.games.aeroplane_chess.state import AeroplaneState

__all__ = ["FILL", "INK", "TINT", "render_svg"]

FILL = ("#D55E00", "#F0E442", "#0072B2", "#009E73")
"""Okabe-Ito vermillion, yellow, blue and bluish green for R, Y, B, G."""
TINT = ("#F2C3A1", "#F9F4B8", "#A6CBE4", "#A3DCCB")
"""Lighter tints of the same colours (hangars, home columns)."""
INK = ("#000000", "#000000", "#FFFFFF", "#000000")
"""Text colour on each fill (contrast ratio above 4.5)."""

_S = 40  # cell size in px
_M = 20  # margin
_W = 15 * _S + 2 * _M
_H = _W + 60
_PIPS = {
    1: ((0, 0),),
    2: ((-1, -1), (1, 1)),
    3: ((-1, -1), (0, 0), (1, 1)),
    4: ((-1, -1), (1, -1), (-1, 1), (1, 1)),
    5: ((-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)),
    6: ((-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)),
}
_OFFSETS = {  # where 1, 2, 3 or 4+ planes sharing a square stand in its cell
    1: ((0.5, 0.5),),
    2: ((0.27, 0.5), (0.73, 0.5)),
    3: ((0.27, 0.3), (0.73, 0.3), (0.5, 0.72)),
    4: ((0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)),
}
_STYLE = (
    "text{font-family:DejaVu Sans,Verdana,sans-serif;text-anchor:middle;"
    "dominant-baseline:central}"
    ".num{font-size:12px}.tag{font-size:9px;font-weight:bold}"
    ".pl text{font-size:11px;font-weight:bold}.arrived{opacity:.45}"
    ".big{font-size:40px;font-weight:bold;opacity:.35}.status{font-size:18px;text-anchor:start}"
)


def _px(v: float) -> str:
    return f"{_M + v * _S:g}"


def _centre(square: int) -> tuple[float, float]:
    x, y = CELL_OF[square]
    return x + 0.5, y + 0.5


def _square(square: int) -> str:
    name = SQUARE_NAMES[square]
    c = SQUARE_COLOUR[square]
    sid = f'id="sq-{name}"'
    if square >= HOME_BASE and (square - HOME_BASE) % 6 == 5:  # the centre triangle
        pts = [rotate(x, y, c) for x, y in ((6, 9), (9, 9), (7.5, 7.5))]
        poly = " ".join(f"{_px(x)},{_px(y)}" for x, y in pts)
        tx, ty = rotate(7.5, 8.5, c)
        return (
            f'<g {sid}><polygon points="{poly}" fill="{FILL[c]}" stroke="#333"/>'
            f'<text x="{_px(tx)}" y="{_px(ty)}" class="tag" fill="{INK[c]}">{COLOURS[c]}</text></g>'
        )
    x, y = CELL_OF[square]
    home = square >= HOME_BASE
    fill = TINT[c] if home else FILL[c]
    ink = "#000000" if home else INK[c]
    label = name if square < LOOP else name[1:]
    return (
        f'<g {sid}><rect x="{_px(x + 0.05)}" y="{_px(y + 0.05)}" width="{0.9 * _S:g}" '
        f'height="{0.9 * _S:g}" rx="5" fill="{fill}" stroke="#333"/>'
        f'<text x="{_px(x + 0.5)}" y="{_px(y + 0.45)}" class="num" fill="{ink}">{label}</text>'
        f'<text x="{_px(x + 0.8)}" y="{_px(y + 0.8)}" class="tag" fill="{ink}">'
        f"{COLOURS[c]}</text></g>"
    )


def _hangar(c: int) -> str:
    corners = [rotate(x, y, c) for x, y in ((0.3, 9.3), (4.7, 13.7))]
    x0, x1 = sorted(p[0] for p in corners)
    y0, y1 = sorted(p[1] for p in corners)
    cx, cy = rotate(2.5, 11.5, c)
    spots = "".join(
        f'<circle cx="{_px(x + 0.5)}" cy="{_px(y + 0.5)}" r="15" fill="none" stroke="#555" '
        'stroke-dasharray="3 3"/>'
        for x, y in HANGAR_CELLS[c]
    )
    return (
        f'<g id="hangar-{COLOURS[c]}"><title>{COLOUR_NAMES[c]} hangar</title>'
        f'<rect x="{_px(x0)}" y="{_px(y0)}" width="{(x1 - x0) * _S:g}" '
        f'height="{(y1 - y0) * _S:g}" rx="12" fill="{TINT[c]}" stroke="{FILL[c]}" '
        f'stroke-width="4"/>{spots}'
        f'<text x="{_px(cx)}" y="{_px(cy)}" class="big">{COLOURS[c]}</text></g>'
    )


def _shortcut(c: int) -> str:
    (x0, y0), (x1, y1) = (_centre(SQUARE_OF[c][k]) for k in (SHORTCUT_FROM, SHORTCUT_TO))
    return (
        f'<line id="shortcut-{COLOURS[c]}" x1="{_px(x0)}" y1="{_px(y0)}" x2="{_px(x1)}" '
        f'y2="{_px(y1)}" stroke="#222" stroke-width="3" stroke-dasharray="6 4" '
        'marker-end="url(#arrow)"/>'
    )


def _plane(p: int, x: float, y: float, r: float, state: str) -> str:
    c = p >> 2
    cls = "pl arrived" if state == "arrived" else "pl"
    return (
        f'<g id="plane-{plane_name(p)}" class="{cls}"><title>{plane_name(p)}: {state}</title>'
        f'<circle cx="{x:g}" cy="{y:g}" r="{r:g}" fill="{FILL[c]}" stroke="#000" '
        f'stroke-width="2.5"/><circle cx="{x:g}" cy="{y:g}" r="{r - 3:g}" fill="none" '
        f'stroke="#fff" stroke-width="1.5"/>'
        f'<text x="{x:g}" y="{y:g}" fill="{INK[c]}">{plane_name(p)}</text></g>'
    )


def _planes(state: AeroplaneState) -> list[str]:
    out: list[str] = []
    on: dict[int, list[int]] = {}
    for p, k in enumerate(state.planes):
        c = p >> 2
        if c not in state.seats:
            continue
        if k in (HANGAR, CENTRE):
            x, y = HANGAR_CELLS[c][p & 3]
            what = "in the hangar" if k == HANGAR else "arrived"
            out.append(_plane(p, _M + (x + 0.5) * _S, _M + (y + 0.5) * _S, 14, what))
        else:
            on.setdefault(SQUARE_OF[c][k], []).append(p)
    for square, planes in sorted(on.items()):
        x, y = CELL_OF[square]
        for st in state.stacks:
            if st[0] in planes:
                out.append(
                    f'<rect id="stack-{plane_name(st[0])}" x="{_px(x - 0.05)}" '
                    f'y="{_px(y - 0.05)}" width="{1.1 * _S:g}" height="{1.1 * _S:g}" rx="8" '
                    'fill="none" stroke="#000" stroke-width="3"/>'
                )
        offsets = _OFFSETS[min(len(planes), 4)]
        r = 15 if len(planes) == 1 else 10
        for i, p in enumerate(planes):
            ox, oy = offsets[i % 4]
            where = SQUARE_NAMES[square]
            out.append(_plane(p, _M + (x + ox) * _S, _M + (y + oy) * _S, r, f"on {where}"))
    return out


def _die(state: AeroplaneState) -> str:
    x, y = _W - _M - 46, _W + 7
    parts = [
        f'<g id="die"><rect x="{x}" y="{y}" width="46" height="46" rx="8" fill="#fff" '
        'stroke="#000" stroke-width="2"/>'
    ]
    if state.roll:
        for dx, dy in _PIPS[state.roll]:
            parts.append(f'<circle cx="{x + 23 + 12 * dx}" cy="{y + 23 + 12 * dy}" r="4.5"/>')
    else:
        mark = "-" if state.is_over else "?"
        parts.append(f'<text x="{x + 23}" y="{y + 23}" class="num">{mark}</text>')
    parts.append("</g>")
    return "".join(parts)


def _arrow(a: int, b: int) -> str:
    (x0, y0), (x1, y1) = _centre(a), _centre(b)
    return (
        f'<path d="M{_px(x0)},{_px(y0)} Q{_px((x0 + x1) / 2 + (y1 - y0) * 0.2)},'
        f'{_px((y0 + y1) / 2 - (x1 - x0) * 0.2)} {_px(x1)},{_px(y1)}" fill="none" '
        'stroke="#000" stroke-width="3" marker-end="url(#arrow)"/>'
    )


def render_svg(
    state: AeroplaneState, *, arrows: Iterable[tuple[int, int]] = (), title: str | None = None
) -> str:
    """The state drawn as a standalone SVG document.

    Args:
        state: Any state.
        arrows: Pairs of square ids to join with an arrow (to show a move in pictures).
        title: The document title (default: the turn and dice in words).

    Returns:
        The SVG text (``viewBox="0 0 640 700"``).

    Examples:
        >>> from astroplane.games.aeroplane_chess import setup_position
        >>> svg = render_svg(setup_position("RB", {"R1": "3"}, roll=4), arrows=[(2, 6)])
        >>> svg.count('id="plane-'), "<title" in svg, svg.rstrip().endswith("</svg>")
        (8, True, True)
    """
    status = describe_dice(state)
    head = escape(title if title is not None else status)
    body: Sequence[str] = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {_W} {_H}" width="{_W}" '
        f'height="{_H}" role="img" aria-labelledby="title">',
        f'<title id="title">{head}</title>',
        f"<desc>{escape(state.to_text())}</desc>",
        f"<style>{_STYLE}</style>",
        '<defs><marker id="arrow" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="5" '
        'markerHeight="5" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" '
        'fill="#222"/></marker></defs>',
        f'<rect width="{_W}" height="{_H}" fill="#fbfaf5"/>',
        '<g id="hangars">',
        *(_hangar(c) for c in range(4)),
        "</g>",
        '<g id="squares">',
        *(_square(sq) for sq in range(len(SQUARE_NAMES))),
        "</g>",
        '<g id="shortcuts">',
        *(_shortcut(c) for c in range(4)),
        "</g>",
        '<g id="take-off-arrows">',
        *(_takeoff_arrow(c) for c in range(4)),
        "</g>",
        '<g id="arrows">',
        *(_arrow(a, b) for a, b in arrows),
        "</g>",
        *_teams(state),
        '<g id="planes">',
        *_planes(state),
        "</g>",
        f'<text id="status" x="{_M}" y="{_W + 30}" class="status">{escape(status)}</text>',
        _die(state),
        "</svg>",
    ]
    return "\n".join(body) + "\n"


def _teams(state: AeroplaneState) -> list[str]:
    """In team play, a mark in each hangar naming its team and the teams under the board
    (the status line moves up to make room) [AC26]."""
    if not state.rules.teams:
        return []
    out = ['<g id="team-marks">']
    for c in range(4):
        x, y = rotate(2.5, 11.5, c)  # under the hangar's big letter
        y += 0.62
        team = f"{COLOURS[c & 1]}+{COLOURS[c & 1 | 2]}"
        out.append(
            f'<text id="team-{COLOURS[c]}" x="{_px(x)}" y="{_px(y)}" class="tag">team {team}</text>'
        )
    out.append("</g>")
    out.append(
        f'<text id="teams" x="{_M}" y="{_W + 52}" class="num" style="text-anchor:start">'
        f"{escape(team_line(state))}</text>"
    )
    return out


def _takeoff_arrow(c: int) -> str:
    (x0, y0), (x1, y1) = _centre(TAKE_OFF_BASE + c), _centre(SQUARE_OF[c][1])
    return (
        f'<line x1="{_px(x0 + (x1 - x0) * 0.45)}" y1="{_px(y0 + (y1 - y0) * 0.45)}" '
        f'x2="{_px(x0 + (x1 - x0) * 0.6)}" y2="{_px(y0 + (y1 - y0) * 0.6)}" stroke="#222" '
        'stroke-width="2" marker-end="url(#arrow)"/>'
    )
