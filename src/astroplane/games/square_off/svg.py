"""An SVG drawing of a state, made with the kit's SVG parts (``astroplane.kit.svg``) [SO24].

The board is drawn on its 7 by 7 grid (the points' names give the cells): links, points
(``pt-d2``), pieces (``piece-d2``, with class ``piece W`` or ``piece B``) and the pieces
in hand beside the board (``hand-W-1`` ...). White and black pieces also carry their
letter, so colour alone never tells them apart. Optional marks: the last move (``last``:
an arrow, with a head at both ends for a trade, or a ring for a placement or removal),
the lines it formed (``formed-0`` ...), and, when a removal is pending, the pieces that
may be removed (``removable-d2``). Every id can take a prefix (``prefix="left"`` gives
``left-pt-d2``), so several boards share a page.

Examples:
    >>> from astroplane.games.square_off import new_game, Move
    >>> s = new_game().play(Move.place("d2"))
    >>> svg = render_svg(s, last=Move.place("d2"))
    >>> svg.startswith("<svg"), 'id="pt-a7"' in svg, 'id="piece-d2"' in svg
    (True, True, True)
    >>> svg.count('id="hand-W-'), svg.count('id="hand-B-'), 'id="last"' in svg
    (8, 9, True)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from astroplane.games.square_off.moves import Move, MoveKind
from astroplane.games.square_off.play import SEATS
from astroplane.games.square_off.position import position_to_text
from astroplane.games.square_off.render import status
from astroplane.kit.limits import shown
from astroplane.kit.svg import INK, PAPER, Ids, Point, arrow, document, el, text, title

if TYPE_CHECKING:
    from astroplane.games.square_off.state import SquareOffState

__all__ = ["FILL", "LETTER", "render_svg"]

FILL = ("#f4f1e6", "#2b2926")
"""The fill of W's (ivory) and B's (near black) pieces [SO24]."""
LETTER = ("#222222", "#f4f1e6")
"""The letter's colour on each fill (contrast above 12:1)."""
MARK = "#D55E00"
"""Okabe-Ito vermillion: the last move, the lines it formed, removable pieces."""

_S = 64  # grid step in px
_M = 56  # margin around the grid
_BOARD = 6 * _S + 2 * _M
_HAND = 44  # height of one hand row
_W = _BOARD
_H = _BOARD + 2 * _HAND + 30
_R = 20  # piece radius


def _at(cell: tuple[int, int]) -> Point:
    x, y = cell
    return (_M + x * _S, _M + (6 - y) * _S)


def render_svg(
    state: SquareOffState,
    *,
    last: Move | None = None,
    prefix: str = "",
    size: int | None = None,
) -> str:
    """The state drawn as a standalone SVG document.

    Args:
        state: Any state.
        last: The move that led to ``state`` (marked, with the lines it formed), if any.
        prefix: A prefix for every id (letters, digits, ``-``, ``_``), or ``""``.
        size: The displayed width in pixels; None: the drawing's own (496).

    Raises:
        ValueError: If the prefix is not a valid id prefix, or ``last`` is not a ``Move``.

    Examples:
        >>> from astroplane.games.square_off import setup_position, Move
        >>> s = setup_position(["a7", "d7", "g7", "b2"], ["a1", "d1", "b4"], removals=["W"],
        ...                    in_hand=(0, 0))
        >>> svg = render_svg(s, last=Move.slide("d6", "d7"), prefix="x")
        >>> svg.count('class="removable"'), 'id="x-formed-0"' in svg
        (3, True)
    """
    ids = Ids(prefix)
    if last is not None and not isinstance(last, Move):
        raise ValueError(f"last is a Move, not {shown(last)}")
    board = state.board
    names = board.names
    xy = [_at(c) for c in board.cells]
    body = [el("rect", width=_W, height=_H, fill=PAPER)]
    for a, b in board.links:
        body.append(el("line", x1=xy[a][0], y1=xy[a][1], x2=xy[b][0], y2=xy[b][1],
                       stroke=INK, stroke_width=3, stroke_linecap="round"))  # fmt: skip
    for i, f in enumerate("abcdefg"):
        body.append(text(_M + i * _S, _M + 6 * _S + 34, f, 14, INK))
        body.append(text(_M - 36, _M + (6 - i) * _S, str(i + 1), 14, INK))
    if last is not None:
        body.extend(_formed(state, last, xy, ids))
    for p, name in enumerate(names):
        body.append(el("circle", title(name), id=ids("pt", name), cx=xy[p][0], cy=xy[p][1],
                       r=7, fill=INK))  # fmt: skip
    if last is not None:  # under the pieces: a jump's arrow passes the piece jumped over
        body.append(_last(last, xy, ids))
    removable = {m.point for m in state.legal_moves() if m.kind == MoveKind.REMOVE}
    for p, name in enumerate(names):
        seat = state.pieces_at(p)
        if seat is not None:
            body.append(_piece(xy[p], seat, ids("piece", name), f"{SEATS[seat]} on {name}"))
        if p in removable:
            body.append(el("circle", title(f"{name} may be removed"), id=ids("removable", name),
                           class_="removable", cx=xy[p][0], cy=xy[p][1], r=_R + 6, fill="none",
                           stroke=MARK, stroke_width=3, stroke_dasharray="6 4"))  # fmt: skip
    for seat in (0, 1):
        y = _BOARD + _HAND * seat + _HAND / 2
        body.append(el("text", f"{SEATS[seat]} in hand {state.in_hand[seat]}, removed "
                       f"{state.removed[seat]}", x=16, y=y, dy=".35em", font_size=14,
                       fill=INK))  # fmt: skip
        for k in range(state.in_hand[seat]):
            centre = (216 + k * 22, y)
            body.append(_piece(centre, seat, ids("hand", SEATS[seat], str(k + 1)),
                               f"{SEATS[seat]} in hand", radius=10))  # fmt: skip
    body.append(text(_W / 2, _H - 18, status(state), 13, INK))
    return document(body, _W, _H, size=size, label=f"Square Off: {position_to_text(state)}")


def _piece(at: Point, seat: int, pid: str, name: str, radius: float = _R) -> str:
    x, y = at
    inner = title(name) + el("circle", cx=x, cy=y, r=radius, fill=FILL[seat], stroke=INK,
                             stroke_width=2)  # fmt: skip
    if radius >= _R:
        inner += text(x, y, SEATS[seat], 18, LETTER[seat], font_weight="bold")
    return el("g", inner, id=pid, class_=f"piece {SEATS[seat]}")


def _last(move: Move, xy: list[Point], ids: Ids) -> str:
    if move.kind in (MoveKind.PLACE, MoveKind.REMOVE):
        x, y = xy[move.point]
        return el("circle", title("the last move"), id=ids("last"), cx=x, cy=y, r=_R + 5,
                  fill="none", stroke=MARK, stroke_width=3)  # fmt: skip
    (x0, y0), (x1, y1) = xy[move.point], xy[move.to]
    dx, dy = x1 - x0, y1 - y0
    length = max((dx * dx + dy * dy) ** 0.5, 1.0)
    cut = (_R + 2) / length
    start = (x0 + dx * cut, y0 + dy * cut)
    end = (x1 - dx * cut, y1 - dy * cut)
    if move.kind == MoveKind.TRADE:  # a swap: a head at both ends
        both = arrow(start, end, MARK, 4, 14) + arrow(end, start, MARK, 4, 14)
        return el("g", title("the last move: a trade") + both, id=ids("last"))
    return arrow(start, end, MARK, 4, 14, id=ids("last"))


def _formed(state: SquareOffState, move: Move, xy: list[Point], ids: Ids) -> list[str]:
    """The lines of three through the moved pieces' new points, of the pieces there."""
    if move.kind == MoveKind.REMOVE:
        return []
    ends = [move.point] if move.kind == MoveKind.PLACE else [move.to]
    if move.kind == MoveKind.TRADE:
        ends.append(move.point)
    board = state.board
    out: list[str] = []
    for p in ends:
        seat = state.pieces_at(p)
        if seat is None:
            continue
        for i in board.lines_at[p]:
            mask = board.line_masks[i]
            if state.occupancy[seat] & mask == mask:
                a, _, c = board.lines[i]
                out.append(el("line", title(f"{board.line_name(i)} formed"),
                              id=ids("formed", str(len(out))), x1=xy[a][0], y1=xy[a][1],
                              x2=xy[c][0], y2=xy[c][1], stroke=MARK, stroke_width=12,
                              stroke_opacity=0.45, stroke_linecap="round"))  # fmt: skip
    return out
