"""SVG primitives every game's drawing is made of: elements, text, arrows, a palette for up
to six seats, and id prefixes so that several boards can share one page.

Everything here writes plain SVG 1.1 text with the standard library; a game's drawing
module decides the layout and calls these. Numbers are written with at most two decimals.

The seat palette is Okabe-Ito's, whose colours stay distinguishable under the common
forms of colour blindness; a drawing still tells seats apart by their letter too, never
by colour alone. A game with colours of its own (Aeroplane Chess's red, yellow, blue and
green planes) keeps them and uses the rest of the kit.

Examples:
    >>> el("circle", cx=1.5, cy=2, r=0.25, fill=PALETTE[0].fill)
    '<circle cx="1.5" cy="2" r="0.25" fill="#0072B2"/>'
    >>> ids = Ids("game1")
    >>> ids("plane", "R1"), Ids()("plane", "R1")
    ('game1-plane-R1', 'plane-R1')
    >>> text(10, 20, "a < b", 12)
    '<text x="10" y="20" text-anchor="middle" dy=".35em" font-size="12" fill="#222222">a \
&lt; b</text>'
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterable
from typing import Any
from xml.sax.saxutils import escape, quoteattr

import attrs

from astroplane.kit.limits import MAX_DRAWING_SIZE, shown

__all__ = [
    "FONT",
    "INK",
    "PALETTE",
    "PAPER",
    "Ids",
    "Point",
    "SeatColour",
    "arrow",
    "bent_arrow",
    "check_pixels",
    "desc",
    "die",
    "document",
    "el",
    "mix",
    "num",
    "points",
    "render_hook",
    "text",
    "title",
]

Point = tuple[float, float]
"""A point in the drawing's user units (x to the right, y down)."""

INK = "#222222"
"""Text and outlines."""
PAPER = "#fbfaf7"
"""The background."""
FONT = "DejaVu Sans, Verdana, Arial, Helvetica, sans-serif"
"""The font family of every drawing."""


@attrs.frozen
class SeatColour:
    """A seat's colour in drawings.

    Attributes:
        fill: The colour of the seat's pieces (``#rrggbb``).
        ink: Text drawn on that colour, black or white, whichever contrasts more.
        name: The colour's name in words (for titles and legends).
    """

    fill: str
    ink: str
    name: str


PALETTE: tuple[SeatColour, ...] = (
    SeatColour("#0072B2", "#ffffff", "blue"),
    SeatColour("#E69F00", "#000000", "orange"),
    SeatColour("#D55E00", "#ffffff", "vermillion"),
    SeatColour("#CC79A7", "#000000", "reddish purple"),
    SeatColour("#009E73", "#ffffff", "bluish green"),
    SeatColour("#56B4E9", "#000000", "sky blue"),
)
"""Six seat colours (Okabe-Ito), by seat number: enough for every game of the library."""

_ID = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,39}")


@attrs.frozen
class Ids:
    """Element ids under an optional prefix, so two drawings can share a page.

    ``Ids("left")("sq", "a1")`` is ``"left-sq-a1"``; with no prefix, ``"sq-a1"``.

    Attributes:
        prefix: Letters, digits, ``-`` and ``_``, starting with a letter; or ``""``.

    Raises:
        ValueError: If the prefix is not such a token (it must be safe in ``id`` and
            ``url(#...)``).
    """

    prefix: str = ""

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.prefix, str) or (self.prefix and not _ID.fullmatch(self.prefix)):
            raise ValueError(
                "an id prefix is letters, digits, - and _, starting with a letter, not "
                f"{self.prefix!r}"
            )

    def __call__(self, *parts: str) -> str:
        """The id of ``parts`` joined by ``-``, after the prefix."""
        return "-".join((self.prefix, *parts) if self.prefix else parts)


def num(value: float) -> str:
    """A number with at most two decimals and no trailing zeros (``-0`` is ``0``)."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def points(pts: Iterable[Point]) -> str:
    """The ``points`` attribute of a polygon or polyline."""
    return " ".join(f"{num(x)},{num(y)}" for x, y in pts)


def el(name: str, content: str | None = None, /, **values: str | float | None) -> str:
    """One element. Keyword ``class_`` is ``class``, other ``_`` become ``-``; None values
    are left out; string values are escaped; ``content`` is inserted as is (already SVG)."""
    out = []
    for key, value in values.items():
        if value is None:
            continue
        attr = key.rstrip("_").replace("_", "-")
        if isinstance(value, str):
            out.append(f" {attr}={quoteattr(value)}")
        else:  # a number needs no escaping
            out.append(f' {attr}="{num(value) if isinstance(value, float) else value}"')
    if content is None:
        return f"<{name}{''.join(out)}/>"
    return f"<{name}{''.join(out)}>{content}</{name}>"


def text(x: float, y: float, value: str, size: float, fill: str = INK, **more: str | None) -> str:
    """Text centred on the point (x, y), ``size`` in user units, escaped. ``more`` are
    further attributes; ``text_anchor="start"`` (or ``"end"``) starts (ends) the text at x
    instead, still centred on y.

    Examples:
        >>> text(0, 5, "R to move", 18, text_anchor="start")
        '<text x="0" y="5" text-anchor="start" dy=".35em" font-size="18" fill="#222222">R to \
move</text>'
    """
    values: dict[str, str | float | None] = {
        "x": x, "y": y, "text_anchor": "middle", "dy": ".35em", "font_size": size, "fill": fill,
    }  # fmt: skip
    return el("text", escape(value), **(values | more))


def title(value: str) -> str:
    """A ``<title>`` child: a tooltip in browsers and a name for screen readers."""
    return f"<title>{escape(value)}</title>"


def desc(value: str) -> str:
    """A ``<desc>`` child: a longer description than the title (a position in its text
    notation, say), for screen readers and programs reading the drawing."""
    return f"<desc>{escape(value)}</desc>"


def mix(colour: str, other: str, amount: float) -> str:
    """``colour`` moved ``amount`` (0..1) of the way towards ``other`` (``#rrggbb``)."""
    a = [int(colour[i : i + 2], 16) for i in (1, 3, 5)]
    b = [int(other[i : i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(x + (y - x) * amount):02x}" for x, y in zip(a, b, strict=True))


def arrow(start: Point, end: Point, colour: str, width: float, head: float, **more: str) -> str:
    """A straight arrow from ``start`` to ``end``; ``width`` and ``head`` (the head's
    length, at most 60% of the arrow) in user units; ``more`` goes on the group."""
    return _arrow(start, end, colour, width, head, 0.0, more)


def bent_arrow(
    start: Point, end: Point, colour: str, width: float, head: float, bend: float, **more: str
) -> str:
    """An arrow like ``arrow``'s, bent: its middle passes ``bend`` times its length to the
    left of the straight way as seen on the page (negative: to the right), so that an
    arrow along a row of cells leaves their labels readable. ``bend=0`` is ``arrow``.

    Examples:
        >>> bent_arrow((0, 0), (10, 0), "#000000", 1, 3, 0.1)[:52]
        '<g><path d="M0,0 Q5,-2 7.21,-1.11" fill="none" strok'
    """
    return _arrow(start, end, colour, width, head, bend, more)


def _arrow(
    start: Point,
    end: Point,
    colour: str,
    width: float,
    head: float,
    bend: float,
    more: dict[str, str],
) -> str:
    (x0, y0), (x1, y1) = start, end
    length = math.hypot(x1 - x0, y1 - y0) or 1.0
    dx, dy = (x1 - x0) / length, (y1 - y0) / length
    # a bent arrow is a quadratic curve; its middle is halfway to the control point
    cx, cy = (x0 + x1) / 2 + 2 * bend * (y1 - y0), (y0 + y1) / 2 - 2 * bend * (x1 - x0)
    if bend:  # the head points along the curve's end
        last = math.hypot(x1 - cx, y1 - cy) or 1.0
        dx, dy = (x1 - cx) / last, (y1 - cy) / last
    hl = min(head, length * 0.6)
    bx, by = x1 - dx * hl, y1 - dy * hl
    hw = hl * 0.6
    head_pts = [(x1, y1), (bx - dy * hw, by + dx * hw), (bx + dy * hw, by - dx * hw)]
    if bend:
        way = f"M{num(x0)},{num(y0)} Q{num(cx)},{num(cy)} {num(bx)},{num(by)}"
        shaft = el("path", d=way, fill="none", stroke=colour, stroke_width=width)
    else:
        shaft = el("line", x1=x0, y1=y0, x2=bx, y2=by, stroke=colour, stroke_width=width)
    return el("g", shaft + el("polygon", points=points(head_pts), fill=colour), **more)


_PIPS = {
    1: ((0, 0),),
    2: ((-1, -1), (1, 1)),
    3: ((-1, -1), (0, 0), (1, 1)),
    4: ((-1, -1), (1, -1), (-1, 1), (1, 1)),
    5: ((-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)),
    6: ((-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)),
}


def die(x: float, y: float, size: float, value: int | str, **more: str | None) -> str:
    """A die face centred on (x, y), ``size`` user units wide: ``value`` 1 to 6 as pips,
    or a string written on a blank face (``"?"`` for a die still to roll); ``more`` goes
    on the group.

    Raises:
        ValueError: If ``value`` is an ``int`` other than 1 to 6.

    Examples:
        >>> die(23, 23, 46, 2, id="die").count("<circle")
        2
        >>> die(23, 23, 46, 7)
        Traceback (most recent call last):
        ...
        ValueError: a die shows 1 to 6 pips, not 7
    """
    if isinstance(value, int) and value not in _PIPS:
        raise ValueError(f"a die shows 1 to 6 pips, not {value!r}")
    face = el("rect", x=x - size / 2, y=y - size / 2, width=size, height=size, rx=size * 0.17,
              fill="#ffffff", stroke=INK, stroke_width=size * 0.043)  # fmt: skip
    if isinstance(value, str):
        face += text(x, y, value, size * 0.26)
    else:
        step, r = size * 0.26, size * 0.1
        face += "".join(
            el("circle", cx=x + step * i, cy=y + step * j, r=r, fill=INK) for i, j in _PIPS[value]
        )
    return el("g", face, **more)


def check_pixels(size: object) -> None:
    """Check a drawing's displayed ``size``: None (the viewBox's) or a whole number of
    pixels, 1 to ``MAX_DRAWING_SIZE`` (100,000; ``True`` is no number here).

    Raises:
        ValueError: If it is neither.

    Examples:
        >>> check_pixels(0)
        Traceback (most recent call last):
        ...
        ValueError: size must be a positive number of pixels (at most 100000), not 0
    """
    if size is not None and (type(size) is not int or not 0 < size <= MAX_DRAWING_SIZE):
        raise ValueError(
            f"size must be a positive number of pixels (at most {MAX_DRAWING_SIZE}), "
            f"not {shown(size)}"
        )


def document(
    body: Iterable[str],
    width: float,
    height: float,
    *,
    size: int | None = None,
    label: str | None = None,
    **more: str | None,
) -> str:
    """A standalone SVG document around ``body``, with a ``viewBox`` of ``width`` by
    ``height`` user units, and a newline at the end.

    Args:
        body: The elements, in drawing order.
        width: The drawing's width in user units.
        height: Its height in user units.
        size: The displayed width in pixels (the height follows); None: the viewBox's
            width, one pixel per user unit. ``width`` and ``height`` are always written,
            so that the drawing has a size wherever it is shown; CSS may scale it.
        label: A title for the whole drawing (screen readers; a tooltip), written as the
            root's first ``<title>`` with ``role="img"``; every game's drawing has one.
        more: Attributes of the ``<svg>`` element (``class_``, ``data_...``).

    Raises:
        ValueError: If ``size`` is not a positive whole number of pixels.

    Examples:
        >>> doc = document([el("rect", width=2, height=1)], 2, 1, size=200, label="x")
        >>> 'viewBox="0 0 2 1" width="200" height="100"' in doc, doc.endswith("</svg>\\n")
        (True, True)
        >>> 'viewBox="0 0 30 20" width="30" height="20"' in document([], 30, 20)
        True
    """
    check_pixels(size)
    pixels = round(width) if size is None else size
    head = title(label) if label is not None else ""
    return (
        el(
            "svg",
            head + "".join(body),
            xmlns="http://www.w3.org/2000/svg",
            version="1.1",
            viewBox=f"0 0 {num(width)} {num(height)}",
            width=pixels,
            height=round(pixels * height / width),
            **more,
            role="img" if label is not None else None,
            font_family=FONT,
        )
        + "\n"
    )


def render_hook(draw: Callable[..., str]) -> Callable[..., str]:
    """The protocol's ``Game.render_svg`` made from a game's drawing function
    ``draw(state, *, last=None, prefix="", size=None)``: the protocol calls the last move
    ``last_move``, and ``astroplane.svg.board`` passes ``prefix`` and ``size`` on.

    Examples:
        >>> def draw(state, *, last=None, prefix="", size=None):
        ...     return f"{state} {last} {prefix!r} {size}"
        >>> render_hook(draw)("s", "m", prefix="left", size=300)
        "s m 'left' 300"
    """

    def render_svg(
        state: Any, last_move: Any = None, *, prefix: str = "", size: int | None = None
    ) -> str:
        return draw(state, last=last_move, prefix=prefix, size=size)

    render_svg.__doc__ = f"``{draw.__module__}.{draw.__name__}`` as ``Game.render_svg``."
    return render_svg
