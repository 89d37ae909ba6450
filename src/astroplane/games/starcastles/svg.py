"""An SVG drawing of a state [SC22]: the star with every module of every stack visible.

A stack is drawn as nested shapes on its point, each in its owner's colour (the kit
palette [SC17]) and outlined: the **Power Base** a large hexagon, the **Battlement** a
square inside it, the **Spire** a triangle on top; a missing module leaves its shape
out, so every module of a stack shows. Under the point, the stack text (``P0B1S0``)
names the modules with their players' numbers, so nothing relies on colour alone. A
controlled castle has a dark ring, a Phase Gem is a diamond in its owner's colour with
the owner's number. Each player's destination trio is shaded in their colour, with the
seat letter. The last move, if given, is an arrow (a ring for a gem).

Ids (under an optional prefix, kit ``Ids``): ``pt-e3`` per point, ``mod-e3-P`` /
``mod-e3-B`` / ``mod-e3-S`` per module, ``ctrl-e3`` a control ring, ``gem-e3`` a gem,
``dest-0`` .. ``dest-5`` per player's destination, ``last-move``.

Examples:
    >>> from astroplane.games.starcastles import new_game
    >>> doc = render_svg(new_game(2))
    >>> doc.startswith("<svg"), 'id="pt-e3"' in doc, doc.count('id="mod-'), 'id="dest-1"' in doc
    (True, True, 18, True)
    >>> 'id="g1-mod-a1-S"' in render_svg(new_game(2), prefix="g1")
    True
"""

from __future__ import annotations

import math
from collections.abc import Callable

from astroplane.games.starcastles.board import ARM_NAMES, opposite
from astroplane.games.starcastles.moves import Move, MoveKind
from astroplane.games.starcastles.names import KIND_NAMES, SEAT_NAMES, module_name, seat_label
from astroplane.games.starcastles.position import position_to_text
from astroplane.games.starcastles.stacks import KINDS, owner, stack_text
from astroplane.games.starcastles.state import StarCastlesState
from astroplane.kit import svg
from astroplane.kit.limits import shown
from astroplane.kit.svg import INK, PALETTE, PAPER, Ids, el, mix, points, text, title

__all__ = ["render_svg"]

_MARGIN = 1.3  # user units (one unit: the distance between linked points)
_LINE = "#b9b2a3"
_POINT = "#ece6d8"
# A paper-coloured outline under text keeps it readable where it crosses a shape.
_HALO = {"stroke": PAPER, "stroke_width": "0.05", "paint_order": "stroke"}


def _polygon(cx: float, cy: float, r: float, sides: int, turn: float) -> str:
    return points(
        (
            cx + r * math.cos(turn + 2 * math.pi * i / sides),
            cy + r * math.sin(turn + 2 * math.pi * i / sides),
        )
        for i in range(sides)
    )


# Per kind: sides, radius and rotation of its shape (hexagon, square, triangle). Linked
# points are one unit apart and rows sqrt(3)/2: a hexagon of radius 0.38 (0.33 high each
# side of its point) leaves a band under it, above the shapes of the next row (which are
# half a unit to each side), where the stack text fits (``_LABEL_*``).
_SHAPES = ((6, 0.38, 0.0), (4, 0.28, math.pi / 4), (3, 0.18, -math.pi / 2))
_LABEL_DY, _LABEL_SIZE = 0.435, 0.13  # the stack text: centre below the point, font size
_NAME_DY, _NAME_SIZE = -0.51, 0.13  # the point name, above the point
_RING = 0.42  # a controlled castle's ring


def render_svg(
    state: StarCastlesState, *, last: Move | None = None, prefix: str = "", size: int | None = None
) -> str:
    """The state drawn as a standalone SVG document (the module docstring).

    Args:
        state: Any state.
        last: The move that led to ``state``, drawn as an arrow from its point to its
            target (a ring for a gem); None for none.
        prefix: An id prefix (letters, digits, ``-``, ``_``), so that several drawings
            can share a page.
        size: The displayed width in pixels (default: 72 per unit of the board).

    Raises:
        ValueError: If the prefix is not such a token, or ``last`` is not a move on this
            board.

    Examples:
        >>> from astroplane.games.starcastles import new_game
        >>> s = new_game(2)
        >>> move = s.legal_moves()[0]
        >>> 'id="last-move"' in render_svg(s.play(move), last=move)
        True
    """
    ids = Ids(prefix)
    board = state.board
    coords = board.graph.coords
    xs = [x for x, _y in coords]
    ys = [y for _x, y in coords]
    left, top_y = min(xs) - _MARGIN, max(ys) + _MARGIN
    width, height = max(xs) - min(xs) + 2 * _MARGIN, max(ys) - min(ys) + 2 * _MARGIN + 0.6

    def at(p: int) -> tuple[float, float]:
        return coords[p][0] - left, top_y - coords[p][1]

    body = [el("rect", width=width, height=height, fill=PAPER)]
    # destination trios, shaded per player, with the seat letter beyond the tip
    for i, arm in enumerate(state.arms):
        dest = opposite(arm)
        colour = PALETTE[i]
        trio = board.trios[dest]
        corners = [at(p) for p in trio]
        cx = sum(x for x, _ in corners) / 3
        cy = sum(y for _, y in corners) / 3
        grown = [(cx + (x - cx) * 1.5, cy + (y - cy) * 1.5) for x, y in corners]
        tx, ty = at(trio[0])
        # beyond the tip, clear of the stack there and of its point name
        lx, ly = tx + (tx - cx) * 1.5, ty + (ty - cy) * 1.5
        body.append(
            el(
                "g",
                title(f"{seat_label(i)}: destination, arm {dest} ({ARM_NAMES[dest]})")
                + el("polygon", points=points(grown), fill=mix(colour.fill, PAPER, 0.7),
                     stroke=colour.fill, stroke_width=0.04, stroke_linejoin="round")
                + text(lx, ly, SEAT_NAMES[i], 0.34, INK, font_weight="bold"),
                id=ids("dest", str(i)),
            )
        )  # fmt: skip
    for p, q in board.graph.links:
        (x0, y0), (x1, y1) = at(p), at(q)
        body.append(el("line", x1=x0, y1=y0, x2=x1, y2=y1, stroke=_LINE, stroke_width=0.04))
    gem_of = {g: i for i, g in enumerate(state.gems) if g >= 0}
    labels: list[str] = []  # drawn last, above every shape
    for p, name in enumerate(board.names):
        x, y = at(p)
        body.append(el("circle", title(name), id=ids("pt", name), cx=x, cy=y, r=0.16, fill=_POINT,
                       stroke=_LINE, stroke_width=0.03))  # fmt: skip
        body.append(text(x, y + _NAME_DY, name, _NAME_SIZE, "#7a7262"))
        cell = state.cells[p]
        if cell:
            if state.controlled >> p & 1:
                ring = el("circle", cx=x, cy=y, r=_RING, fill="none", stroke=INK, stroke_width=0.06)
                body.append(
                    el("g", title(f"{name}: a controlled castle") + ring, id=ids("ctrl", name))
                )
            for kind, (sides, r, turn) in enumerate(_SHAPES):
                who = owner(cell, kind)
                if who < 0:
                    continue
                colour = PALETTE[who]
                body.append(
                    el("polygon", title(f"{name}: {module_name(kind, who)}, {seat_label(who)}'s "
                                        f"{KIND_NAMES[kind]}"),
                       id=ids("mod", name, KINDS[kind]), points=_polygon(x, y, r, sides, turn),
                       fill=colour.fill, stroke=INK, stroke_width=0.035, stroke_linejoin="round")
                )  # fmt: skip
            labels.append(text(x, y + _LABEL_DY, stack_text(cell), _LABEL_SIZE, INK, **_HALO))
        elif p in gem_of:
            who = gem_of[p]
            colour = PALETTE[who]
            body.append(
                el("g", title(f"{name}: {seat_label(who)}'s Phase Gem")
                   + el("polygon", points=_polygon(x, y, 0.3, 4, 0.0), fill=colour.fill,
                        stroke=INK, stroke_width=0.035)
                   + text(x, y, str(who), 0.22, colour.ink),
                   id=ids("gem", name))
            )  # fmt: skip
    body.extend(labels)
    if last is not None:
        body.append(_last(last, at, ids, len(board)))
    body.append(text(width / 2, height - 0.35, _caption(state), 0.24, INK))
    return svg.document(
        body, width, height, size=size if size is not None else round(width * 72),
        label=f"StarCastles: {position_to_text(state)}",
    )  # fmt: skip


def _caption(state: StarCastlesState) -> str:
    if state.winner is not None:
        return f"{seat_label(state.winner)} won in round {state.round}"
    if state.is_over:
        return f"Drawn after {state.rules.max_rounds} rounds"
    return f"Round {state.round}, turn {state.turn}: {seat_label(state.to_move)} to move"


def _last(move: Move, at: Callable[[int], tuple[float, float]], ids: Ids, n: int) -> str:
    if not isinstance(move, Move) or not -1 <= move.frm < n or not -1 <= move.to < n:
        raise ValueError(f"last is a move on the {n}-point board, not {shown(move)}")
    if move.kind == MoveKind.PASS:
        return ""
    x1, y1 = at(move.to)
    if move.kind == MoveKind.GEM:
        return el("circle", id=ids("last-move"), cx=x1, cy=y1, r=0.5, fill="none", stroke=INK,
                  stroke_width=0.05, stroke_dasharray="0.12 0.08")  # fmt: skip
    return svg.arrow(at(move.frm), (x1, y1), INK, 0.06, 0.24, id=ids("last-move"), opacity="0.75")
