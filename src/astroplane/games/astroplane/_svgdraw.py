"""Private helpers of ``astroplane.games.astroplane.svg``: the palette, writing SVG elements, and
the layers.

Colours follow the Okabe-Ito palette, which stays distinguishable under the common
forms of colour blindness; seats are told apart by their letter too, never by colour
alone. Sizes are in board units (one cell = 1) unless they say otherwise; ``UNIT``
user units (screen units) make one cell.
"""

from __future__ import annotations

import math
from xml.sax.saxutils import escape

from astroplane.games.astroplane._svgscene import MARGIN, UNIT, _Marks, _Scene
from astroplane.games.astroplane.enums import Seat
from astroplane.games.astroplane.geometry import (
    BoardGeometry,
    CellRole,
    Point,
    PositionGeometry,
    PositionKind,
)
from astroplane.games.astroplane.pieces import PIECES_PER_PLAYER, SEAT_NAMES, piece_name
from astroplane.kit import svg as kit_svg
from astroplane.kit.svg import INK, PALETTE, PAPER, el, mix, num, points, title

__all__: list[str] = []

# ---- palette and sizes ---------------------------------------------------------------------
#: Seat colours by seat number (S, W, N, E): Okabe-Ito blue, orange, vermillion, reddish purple.
SEAT_FILL = tuple(c.fill for c in PALETTE[:4])
SEAT_INK = tuple(c.ink for c in PALETTE[:4])  #: text on a piece of each seat
SEAT_TITLE = ("South", "West", "North", "East")
GRID = "#8f8676"
LIGHT = ("#efe8d8", "#e0d5bd")  #: ordinary cells by universe [D1]
HYPERSPACE, HYPERSPACE_INK = "#bde2f6", "#1f6f99"  #: Okabe-Ito sky blue, light
WORMHOLE, TUBE, TUBE_INNER = "#ded3ea", "#6f5a96", "#c9b8e3"
SINGULARITY, SINGULARITY_INK = "#2b2838", "#f0e442"  #: dark, Okabe-Ito yellow
ANOMALY, ANOMALY_INK = "#4a3f5e", "#ece6f6"
ABSENT = "#d9d6d0"  #: Start Areas of seats not in the game
LAST_MOVE = "#f0e442"  #: Okabe-Ito yellow
MARK = "#009e73"  #: Okabe-Ito bluish green: highlights and arrows
LAST_ARROW = "#333333"

PIECE_SCALE = 0.8  #: a piece is its triangle scaled by this much about its incentre
STACK_SPREAD = 0.1  #: largest shift between the bottom and the top piece of a stack
STACK_STEP = 0.045  #: shift per stack level, at most
COORD_OUT = 0.95  #: coordinates, this far outside the grid
BADGE_OUT = 1.45  #: seat badges, this far outside the grid above and below it
#: Beside the grid (seats drawn left and right), the badge's long side lies across the
#: margin: its centre is this far out so that it stays inside the picture.
BADGE_OUT_SIDE = 1.3


# ---- writing SVG (the kit's primitives, sized in board units) ------------------------------
def u(value: float) -> float:
    """Board units to screen units."""
    return value * UNIT


def text(x: float, y: float, value: str, size: float, fill: str = INK, **more: str | None) -> str:
    """Text centred on the screen point (x, y); ``size`` in board units."""
    return kit_svg.text(x, y, value, u(size), fill, **more)


# ---- shapes ----------------------------------------------------------------------------------
def incentre(tri: tuple[Point, ...]) -> Point:
    """The centre of a triangle's inscribed circle (where a label fits best)."""
    a, b, c = tri
    la, lb, lc = math.dist(b, c), math.dist(a, c), math.dist(a, b)
    total = la + lb + lc
    return (
        (la * a[0] + lb * b[0] + lc * c[0]) / total,
        (la * a[1] + lb * b[1] + lc * c[1]) / total,
    )


def towards(a: Point, b: Point, amount: float) -> Point:
    """The point ``amount`` board units from ``a`` towards ``b`` (away for a negative one)."""
    d = math.dist(a, b) or 1.0
    return (a[0] + (b[0] - a[0]) * amount / d, a[1] + (b[1] - a[1]) * amount / d)


def shrink(tri: tuple[Point, ...], scale: float, shift: Point = (0.0, 0.0)) -> tuple[Point, ...]:
    """A triangle scaled about its incentre, then moved by ``shift``."""
    cx, cy = incentre(tri)
    return tuple(
        (cx + (x - cx) * scale + shift[0], cy + (y - cy) * scale + shift[1]) for x, y in tri
    )


def piece_triangle(geo: BoardGeometry, pos: PositionGeometry) -> tuple[Point, ...]:
    """The triangle a piece at ``pos`` is drawn in, tip second: the position's own triangle,
    or for a Start Area the half of its cell on the side of the corner it leaves through."""
    if pos.kind != PositionKind.START_AREA:
        return pos.polygon
    cell = geo.cells[pos.cell]
    return tuple(cell.corner((pos.apex + k) % 4) for k in (3, 0, 1))


def captives(stack: tuple[int, ...], in_singularity: bool) -> tuple[bool, ...]:
    """Per stack level, bottom first: is that piece captive (below another player's top
    piece; never in a Singularity cell, where landing makes no captive)?"""
    owner = stack[-1] // PIECES_PER_PLAYER
    below = (not in_singularity and p // PIECES_PER_PLAYER != owner for p in stack[:-1])
    return (*below, False)


def arrow(start: Point, end: Point, colour: str, width: float, head: float, **more: str) -> str:
    """An arrow between two screen points; ``width`` and ``head`` in board units."""
    return kit_svg.arrow(start, end, colour, u(width), u(head), **more)


def badge(x: float, y: float, label: str, *, locked: bool) -> str:
    """A stack height on a white disc, or in a padlock when the stack holds captives."""
    r = u(0.115)
    if locked:
        shackle = f"M{num(x - r * 0.55)},{num(y - r * 0.45)} v{num(-r * 0.3)} a{num(r * 0.55)}"
        shackle += f",{num(r * 0.55)} 0 0 1 {num(r * 1.1)},0 v{num(r * 0.3)}"
        shape = el("path", d=shackle, fill="none", stroke=INK, stroke_width=u(0.045))
        shape += el(
            "rect", x=x - r, y=y - r * 0.55, width=2 * r, height=r * 1.75, rx=r * 0.3,
            fill="#ffffff", stroke=INK, stroke_width=u(0.025),
        )  # fmt: skip
        y += r * 0.32
    else:
        shape = el("circle", cx=x, cy=y, r=r, fill="#ffffff", stroke=INK, stroke_width=u(0.025))
    cls = "badge locked" if locked else "badge"
    return el("g", shape + text(x, y, label, 0.165, font_weight="bold"), class_=cls)


# ---- layers ----------------------------------------------------------------------------------
def tubes(scene: _Scene) -> str:
    """The Wormhole tubes, under the cells so that they seem to come out of the end cells."""
    out = []
    for w in scene.geo.wormholes:
        p0, c1, c2, p3 = (scene.xy(p) for p in w.path)
        d = f"M{points([p0])} C{points([c1, c2, p3])}"
        ends = [scene.geo.cells[c].name for c in w.ends]
        body = title(f"Wormhole tube {ends[0]} - {ends[1]}")
        body += el("path", d=d, stroke=TUBE, stroke_width=u(0.3))
        body += el("path", d=d, stroke=TUBE_INNER, stroke_width=u(0.1), stroke_dasharray="6 4")
        out.append(
            el(
                "g",
                body,
                class_="tube",
                data_ends=" ".join(ends),
                fill="none",
                stroke_linecap="round",
            )
        )
    return "".join(out)


def cells(scene: _Scene) -> str:
    """Every cell as a square filled by its kind; entry cells and Start Areas of the seats in
    the game take a tint of their seat's colour."""
    geo, facts = scene.geo, scene.facts
    seat_of = {a.cell: int(a.seat) for a in geo.start_areas}
    seat_of.update((a.entry_cell, int(a.seat)) for a in geo.start_areas)
    playing = set(facts.seats) if facts is not None else set(seat_of.values())
    fills = {
        CellRole.HYPERSPACE: HYPERSPACE,
        CellRole.WORMHOLE: WORMHOLE,
        CellRole.SINGULARITY: SINGULARITY,
        CellRole.ANOMALY: ANOMALY,
    }
    out = []
    for c in geo.cells:
        fill = fills.get(c.kind, LIGHT[c.universe])
        seat = seat_of.get(c.index, -1)
        if c.kind == CellRole.START_AREA:
            fill = mix(PAPER, SEAT_FILL[seat], 0.45) if seat in playing else ABSENT
        elif c.kind == CellRole.ENTRY and seat in playing:
            fill = mix(LIGHT[c.universe], SEAT_FILL[seat], 0.3)
        cls = f"cell {c.kind.value} u{c.universe}"
        out.append(
            el(
                "rect",
                id=scene.ids("cell", c.name),
                class_=cls,
                data_cell=c.name,
                **scene.rect(c.index),
                fill=fill,
            )
        )
    return el("g", "".join(out), class_="cells", stroke=GRID, stroke_width=0.8)


def decorations(scene: _Scene) -> str:
    """The marks of the special cells, under the pieces."""
    geo = scene.geo
    out = []
    for c in geo.cells:
        x, y = scene.xy(c.centre)
        if c.kind == CellRole.HYPERSPACE:
            out.append(text(x, y, "H", 0.62, HYPERSPACE_INK, font_weight="bold", class_="mark"))
        elif c.kind == CellRole.WORMHOLE:
            ring = el(
                "circle", cx=x, cy=y, r=u(0.3), fill=TUBE_INNER, stroke=TUBE, stroke_width=u(0.07)
            )
            out.append(
                el("g", ring + el("circle", cx=x, cy=y, r=u(0.13), fill=TUBE), class_="mark")
            )
    if geo.singularity is not None:
        x, y = scene.xy(geo.singularity)
        glow = "".join(
            el("circle", cx=x, cy=y, r=u(r), fill=SINGULARITY_INK, fill_opacity=a)
            for r, a in ((0.9, 0.08), (0.6, 0.12), (0.36, 0.22), (0.17, 1.0))
        )
        out.append(el("g", title("the Singularity") + glow, class_="mark singularity"))
    for f in geo.firing_positions:
        tri = geo.position(f.position).polygon
        x, y = scene.xy(towards(incentre(tri), geo.position(f.position).tip, 0.06))
        fires = geo.cells[f.fires_into].name
        body = title(f"firing position {f.name}, fires into {fires}")
        body += el(
            "polygon", points=scene.poly(shrink(tri, 0.86)), fill=mix(ANOMALY, PAPER, 0.15),
            stroke=ANOMALY_INK, stroke_width=u(0.025), stroke_dasharray="3 2",
        )  # fmt: skip
        body += text(x, y - u(0.07), f.name, 0.15, ANOMALY_INK)
        body += text(x, y + u(0.1), f"\u2192{fires}", 0.14, ANOMALY_INK)
        out.append(el("g", body, class_="mark firing", data_position=f.name))
    for a in geo.start_areas:
        cell = geo.cells[a.cell]
        tip = cell.corner(a.exit_apex)
        lx, ly = scene.xy(towards(cell.centre, tip, -0.3))
        start, end = towards(tip, cell.centre, 0.25), towards(tip, cell.centre, -0.34)
        body = text(lx, ly, a.name, 0.25, font_weight="bold")
        body += arrow(scene.xy(start), scene.xy(end), INK, 0.06, 0.17, opacity="0.7")
        cls = f"mark start-area seat-{a.seat.name}"
        out.append(el("g", body, class_=cls, data_position=a.name))
    return el("g", "".join(out), class_="decorations")


def squares(scene: _Scene) -> str:
    """Each Square's cell outlined in its owner's colour over a dark rim [D14]."""
    out = []
    for cell, owner in scene.facts.squares if scene.facts is not None else ():
        r = scene.rect(cell)
        inset = u(0.05)
        box = {"x": r["x"] + inset, "y": r["y"] + inset, "width": u(1 - 0.1), "height": u(1 - 0.1)}
        name, seat = scene.geo.cells[cell].name, SEAT_NAMES[owner]
        body = title(f"Square of {seat} in {name}")
        body += el("rect", **box, stroke=INK, stroke_width=u(0.14))
        body += el("rect", **box, stroke=SEAT_FILL[owner], stroke_width=u(0.07))
        out.append(el("g", body, class_=f"square seat-{seat}", data_cell=name, fill="none"))
    return "".join(out)


def cell_marks(scene: _Scene, marks: _Marks) -> str:
    """Fills under the pieces: the last move's origin and target, and the highlights."""
    geo = scene.geo
    out = []
    for cells_, positions, colour, cls, opacity in (
        (marks.last_cells, marks.last_positions, LAST_MOVE, "last-move", 0.65),
        (marks.highlight_cells, marks.highlight_positions, MARK, "highlight", 0.35),
    ):
        for cell in cells_:
            name = geo.cells[cell].name
            rect = scene.rect(cell)
            out.append(
                el("rect", class_=cls, data_cell=name, **rect, fill=colour, fill_opacity=opacity)
            )
        for p in positions:
            pos = geo.position(p)
            pts = scene.poly(piece_triangle(geo, pos))
            out.append(
                el(
                    "polygon",
                    class_=cls,
                    data_position=pos.name,
                    points=pts,
                    fill=colour,
                    fill_opacity=opacity,
                )
            )
    return "".join(out)


def position_targets(scene: _Scene) -> str:
    """A transparent click target per position (``PositionGeometry.hit``)."""
    out = [
        el(
            "polygon",
            id=scene.ids("pos", p.name),
            class_="pos",
            data_position=p.name,
            points=scene.poly(p.hit),
        )
        for p in scene.geo.positions
    ]
    return el("g", "".join(out), class_="positions", fill="#000000", fill_opacity=0)


def pieces(scene: _Scene) -> str:
    """Every piece on a position, each stack bottom to top; the pieces below are shifted away
    from the tip so that their edges show."""
    geo, facts = scene.geo, scene.facts
    if facts is None:
        return ""
    out = []
    sing = set(geo.singularity_cells)
    for pos in geo.positions:
        stack = facts.stacks[pos.index]
        if not stack:
            continue
        tri = piece_triangle(geo, pos)
        tip, centre, n = tri[1], incentre(tri), len(stack)
        step = min(STACK_STEP, STACK_SPREAD / (n - 1)) if n > 1 else 0.0
        held = captives(stack, pos.kind == PositionKind.GRID and pos.cell in sing)
        for level, piece in enumerate(stack):
            sx, sy = towards(tip, centre, step * (n - 1 - level))
            shape = shrink(tri, PIECE_SCALE, (sx - tip[0], sy - tip[1]))
            out.append(_piece(scene, piece, pos, level, shape, held, stack))
    return el("g", "".join(out), class_="pieces")


def _piece(
    scene: _Scene,
    piece: int,
    pos: PositionGeometry,
    level: int,
    shape: tuple[Point, ...],
    held: tuple[bool, ...],
    stack: tuple[int, ...],
) -> str:
    seat, name, height = piece // PIECES_PER_PLAYER, piece_name(piece), len(stack)
    top = level == height - 1
    about = f"{name} on {pos.name}"
    if height > 1:
        about += f", {level + 1} of {height} from the bottom ({' '.join(map(piece_name, stack))})"
    about += ", captive" if held[level] else ""
    body = title(about) + el(
        "polygon", points=scene.poly(shape), fill=SEAT_FILL[seat], stroke=INK,
        stroke_width=u(0.03), stroke_linejoin="round",
    )  # fmt: skip
    if top:
        centre, tip = incentre(shape), shape[1]
        lx, ly = scene.xy(towards(centre, tip, -0.07))
        body += text(lx, ly, name, 0.21, SEAT_INK[seat], font_weight="bold")
        bx, by = scene.xy(towards(centre, tip, 0.23))
        if height > 1:
            body += badge(bx, by, str(height), locked=any(held))
        else:  # the tip dot: where the piece points
            body += el(
                "circle", cx=bx, cy=by, r=u(0.05), fill="#ffffff", stroke=INK, stroke_width=1
            )
    state = "top" if top else "captive" if held[level] else "under"
    return el(
        "g", body, id=scene.ids("piece", name), class_=f"piece seat-{SEAT_NAMES[seat]} {state}",
        data_piece=name, data_position=pos.name, data_level=level, data_height=height,
    )  # fmt: skip


def position_marks(scene: _Scene, marks: _Marks) -> str:
    """Outlines over the pieces for the highlighted positions (so that a stack shows it)."""
    geo = scene.geo
    out = []
    for p in marks.highlight_positions:
        pos = geo.position(p)
        pts = scene.poly(shrink(piece_triangle(geo, pos), 0.92))
        out.append(
            el(
                "polygon", class_="highlight outline", data_position=pos.name, points=pts,
                fill="none", stroke=MARK, stroke_width=u(0.07), stroke_linejoin="round",
            )
        )  # fmt: skip
    return "".join(out)


#: An arrow stops this far (board units) short of the centres it joins, so that it does
#: not cover the names of the pieces at either end.
ARROW_TRIM = 0.22


def _trimmed(a: Point, b: Point) -> tuple[Point, Point]:
    """The screen points ``a`` and ``b`` moved ``ARROW_TRIM`` towards each other (not more
    than a quarter of the way each)."""
    (x0, y0), (x1, y1) = a, b
    length = math.hypot(x1 - x0, y1 - y0)
    if length == 0:
        return a, b
    cut = min(u(ARROW_TRIM), length / 4) / length
    dx, dy = (x1 - x0) * cut, (y1 - y0) * cut
    return (x0 + dx, y0 + dy), (x1 - dx, y1 - dy)


def arrows(scene: _Scene, marks: _Marks) -> str:
    """The last move's arrows, then the requested ones, each a little short of its ends."""
    out = [
        arrow(*_trimmed(scene.xy(a), scene.xy(b)), colour, 0.1, 0.36, opacity="0.7", class_=cls)
        for group, colour, cls in (
            (marks.last_arrows, LAST_ARROW, "arrow last-move"),
            (marks.arrows, MARK, "arrow"),
        )
        for a, b in group
    ]
    return "".join(out)


def coordinates(scene: _Scene) -> str:
    """File letters and rank numbers on all four sides (they turn with the board)."""
    w, h = scene.geo.width, scene.geo.height
    out = []
    for x in range(w):
        for y_out in (-COORD_OUT, h + COORD_OUT):
            out.append(text(*scene.xy((x + 0.5, y_out)), chr(ord("a") + x), 0.3, "#6b6355"))
    for y in range(h):
        for x_out in (-COORD_OUT, w + COORD_OUT):
            out.append(text(*scene.xy((x_out, y + 0.5)), str(y + 1), 0.3, "#6b6355"))
    return el("g", "".join(out), class_="coordinates")


def seat_badges(scene: _Scene) -> str:
    """The seat letter outside the middle of each side with a player (with Start Areas, on an
    empty board); the seat to move has a thick border."""
    facts = scene.facts
    seats = (
        facts.seats if facts is not None else sorted({int(a.seat) for a in scene.geo.start_areas})
    )
    out = []
    for seat in seats:
        x, y = scene.side_point(Seat(seat), 0.5, BADGE_OUT)
        if abs(x - scene.side_point(Seat(seat), 0.5, 0.0)[0]) > u(0.5):  # left or right
            x, y = scene.side_point(Seat(seat), 0.5, BADGE_OUT_SIDE)
        to_move = facts is not None and facts.winners is None and seat == facts.to_move
        gone = facts is not None and seat in facts.removed
        box = el(
            "rect", x=x - u(0.45), y=y - u(0.27), width=u(0.9), height=u(0.54), rx=u(0.12),
            fill=ABSENT if gone else SEAT_FILL[seat], stroke=INK,
            stroke_width=u(0.09 if to_move else 0.02),
        )  # fmt: skip
        letter = text(
            x, y, SEAT_NAMES[seat], 0.34, INK if gone else SEAT_INK[seat], font_weight="bold"
        )
        cls = f"seat-badge seat-{SEAT_NAMES[seat]}" + (" to-move" if to_move else "")
        out.append(el("g", box + letter, class_=cls))
    return "".join(out)


def status(scene: _Scene, top: float) -> tuple[str, float]:
    """Whose turn it is with the moves left (or the result), and a box per seat with its
    reserve and score. Returns the SVG and its height (screen units)."""
    facts = scene.facts
    if facts is None:
        return "", 0.0
    width = u(scene.grid_w + 2 * MARGIN)
    if facts.winners is None:
        left, who = facts.moves_left, SEAT_NAMES[facts.to_move]
        line = f"Turn {facts.turn}: {who} ({SEAT_TITLE[facts.to_move]}) to move, "
        line += f"{left} move{'' if left == 1 else 's'} left"
    else:
        line = facts.result
    out = [text(width / 2, top + u(0.1), line, 0.36, font_weight="bold", class_="turn")]
    box_w = min(u(3.4), (width - u(0.4)) / max(len(facts.seats), 1))
    x0, y = (width - box_w * len(facts.seats)) / 2, top + u(0.55)
    for i, seat in enumerate(facts.seats):
        x = x0 + i * box_w
        flags = [
            flag
            for flag, on in (
                ("to-move", facts.winners is None and seat == facts.to_move),
                ("removed", seat in facts.removed),
                ("winner", facts.winners is not None and seat in facts.winners),
            )
            if on
        ]
        head = " \u00b7 ".join([SEAT_NAMES[seat], *(f.replace("-", " ") for f in flags)])
        line = f"reserve {facts.reserve[seat]} \u00b7 score {facts.scores[seat]}"
        tri = [(x + u(0.15), y + u(0.75)), (x + u(0.15), y + u(0.05)), (x + u(0.85), y + u(0.05))]
        thick = u(0.08 if "to-move" in flags else 0.03)
        body = el(
            "polygon", points=points(tri), fill=SEAT_FILL[seat], stroke=INK, stroke_width=thick
        )
        body += text(
            x + u(0.4), y + u(0.3), SEAT_NAMES[seat], 0.22, SEAT_INK[seat], font_weight="bold"
        )
        body += el(
            "text", escape(head), x=x + u(1), y=y + u(0.3), font_size=u(0.26), font_weight="bold"
        )
        body += el("text", escape(line), x=x + u(1), y=y + u(0.66), font_size=u(0.24))
        cls = " ".join(["seat", f"seat-{SEAT_NAMES[seat]}", *flags])
        out.append(el("g", body, id=scene.ids("seat", SEAT_NAMES[seat]), class_=cls, fill=INK))
    return el("g", "".join(out), id=scene.ids("status")), u(1.6)


def legend(scene: _Scene, top: float) -> tuple[str, float]:
    """A key to the cells and marks. Returns the SVG and its height (screen units)."""
    s = u(0.56)  # swatch side
    mid = s / 2

    def square(fill: str, inner: str = "", stroke: str = GRID, width: float = 0.8) -> str:
        return el("rect", width=s, height=s, fill=fill, stroke=stroke, stroke_width=width) + inner

    tri = points([(s * 0.1, s * 0.1), (s * 0.9, s * 0.1), (s * 0.9, s * 0.9)])
    dashed = el("polygon", points=tri, fill="none", stroke=ANOMALY_INK, stroke_dasharray="3 2")
    hole = el(
        "circle", cx=mid, cy=mid, r=s * 0.3, fill=TUBE_INNER, stroke=TUBE, stroke_width=s * 0.1
    )
    outline = el(
        "rect", x=2, y=2, width=s - 4, height=s - 4, fill="none", stroke=SEAT_FILL[0],
        stroke_width=u(0.06),
    )  # fmt: skip
    dot = el("circle", cx=mid, cy=mid, r=s * 0.18, fill=SINGULARITY_INK)
    h_mark = text(mid, mid, "H", 0.4, HYPERSPACE_INK, font_weight="bold")
    start = text(mid, mid, "Sl", 0.24, font_weight="bold")
    items = [
        ("Singularity", square(SINGULARITY, dot)),
        ("Hyperspace", square(HYPERSPACE, h_mark)),
        ("Wormhole + tube", square(WORMHOLE, hole)),
        ("Anomaly corner", square(ANOMALY, dashed)),
        ("Start Area", square(mix(PAPER, SEAT_FILL[0], 0.45), start)),
        ("entry cell", square(mix(LIGHT[0], SEAT_FILL[0], 0.3))),
        ("Square", square(LIGHT[1], outline)),
        ("stack height", badge(mid, mid, "3", locked=False)),
        ("holds captives", badge(mid, mid, "2", locked=True)),
        ("last move", square(LAST_MOVE, stroke=INK, width=0.5)),
        ("marked", square(mix(PAPER, MARK, 0.4), stroke=MARK, width=2)),
    ]
    columns = 4
    col_w = (u(scene.grid_w + 2 * MARGIN) - u(0.6)) / columns
    out = []
    for i, (label, swatch) in enumerate(items):
        row, col = divmod(i, columns)
        x, y = u(0.3) + col * col_w, top + row * u(0.75)
        out.append(el("g", swatch, transform=f"translate({num(x)},{num(y)})"))
        out.append(
            el("text", escape(label), x=x + s + u(0.18), y=y + mid, dy=".35em", font_size=u(0.27))
        )
    rows = -(-len(items) // columns)
    return el("g", "".join(out), id=scene.ids("legend"), fill=INK), rows * u(0.75) + u(0.2)
