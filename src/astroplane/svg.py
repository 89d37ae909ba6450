"""SVG drawings of the board, like ``chess.svg``: ``board(state)`` gives a standalone SVG document.

The drawing is built on ``astroplane.geometry`` and uses only the standard library.
It has a ``viewBox`` (40 user units per cell), so it scales to any size; pass ``size``
for fixed ``width``/``height`` attributes. Colours are the colour-blind-safe
Okabe-Ito palette, and every piece also carries its name (``S3``), so seats are never
told apart by colour alone.

What is drawn: the grid in the two universes' shades [D1]; the special cells with
their marks (Singularity cells around the glowing Singularity point, Hyperspace ``H``,
Wormhole ends with the tube joining each pair outside the board edge, Anomaly
corners with their two firing positions and the cell each fires into, Start Areas
tinted in their seat's colour with an arrow into their entry cell); every piece as
the triangle it covers, its right angle at the apex it points at (marked by a white
dot), stacked pieces shifted so that the ones below peek out, the stack height in a
badge (a padlock when the stack holds captives); Squares outlined; the last move and
any requested highlights and arrows; the seat letters beside their sides; below the
board whose turn it is with the moves left (or the result), each seat's reserve and
score, and a key.

Ids, classes and data attributes, for a web frontend's click handlers and CSS. Names
are those of the notation; a ``.`` in an id must be escaped in a CSS selector
(``#pos-e2\\.ne``), or select by attribute (``[data-position="e2.ne"]``).

* root ``<svg>``: ``class="astroplane-board"``, ``data-orientation="S"`` (the seat at
  the bottom), ``data-to-move="S"`` (left out on an empty board or once the game is over);
* cell: ``<rect id="cell-e2" class="cell entry u1" data-cell="e2">``, kinds
  ``ordinary``, ``entry``, ``hyperspace``, ``wormhole``, ``singularity``,
  ``start_area``, ``anomaly``; ``u0``/``u1`` is the universe;
* position: ``<polygon id="pos-e2.ne" class="pos" data-position="e2.ne">``, a
  transparent click target under the pieces: the quarter of the cell at the apex for a
  grid position (the four of a cell never overlap), the triangle of a firing position,
  the whole cell of a Start Area;
* piece: ``<g id="piece-S3" class="piece seat-S top" data-piece="S3"
  data-position="e2.ne" data-level="0" data-height="1">``, one per piece on a position;
  ``top`` for the top of its stack, ``captive`` below another player's top piece (never
  in a Singularity cell), ``under`` below an own top piece or in a Singularity stack;
  level 0 is the bottom of the stack;
* Wormhole tube: ``<g class="tube" data-ends="b1 i1">``;
  Square: ``<g class="square seat-S" data-cell="c3">``;
* marks: ``class="last-move"`` (origin and target), ``class="highlight"`` (with
  ``data-position`` or ``data-cell``; a highlighted position also gets a ``highlight
  outline`` over the pieces), ``class="arrow"`` and ``class="arrow last-move"``;
* seat letters beside the board: ``<g class="seat-badge seat-S">``, plus ``to-move``;
* status: ``<g id="status">`` holding ``<text class="turn">`` and one
  ``<g id="seat-S" class="seat seat-S">`` per seat, plus ``to-move``, ``removed``,
  ``winner`` when they apply; the key: ``<g id="legend">``.

Examples:
    >>> import astroplane
    >>> from astroplane import svg
    >>> drawing = svg.board(astroplane.new_game(players=2))
    >>> drawing.startswith("<svg") and 'id="piece-S3"' in drawing
    True
"""

from __future__ import annotations

import functools
from collections.abc import Iterable

import attrs

from astroplane import _svgdraw as draw
from astroplane.enums import Seat
from astroplane.errors import DrawingError
from astroplane.geometry import (
    BoardGeometry,
    Point,
    PositionKind,
    board_geometry,
)
from astroplane.moves import Move, MoveKind
from astroplane.pieces import SEAT_NAMES, seat_from_name
from astroplane.state import GameState
from astroplane.topology import REFERENCE_BOARD, Topology

__all__ = ["DrawingError", "board"]

#: Something an arrow or a highlight can name: a position index, or a position or cell name.
Target = int | str


def board(
    state: GameState | Topology | None = None,
    *,
    last_move: Move | None = None,
    arrows: Iterable[tuple[Target, Target]] = (),
    highlight: Iterable[Target] = (),
    orientation: Seat | int | str | None = None,
    size: int | None = None,
    coordinates: bool = True,
    legend: bool = True,
) -> str:
    """A standalone SVG document of a game state (or of an empty board).

    Args:
        state: The state to draw; a ``Topology`` or None draws that board (or the
            reference board) without pieces.
        last_move: The move that led to ``state``: its origin and target are
            highlighted and joined by an arrow (both firing positions and both landing
            places for a firing; nothing for an end of turn).
        arrows: ``(from, to)`` pairs to draw as arrows; each end is a position index, or
            a position name (``"e2.ne"``, ``"a1S"``, ``"Sl"``) or cell name (``"e2"``).
        highlight: Positions or cells to mark, named the same way (a frontend passes
            ``state.destinations(piece)``).
        orientation: The seat at the bottom of the picture (default S); W, N and E turn
            the board for those players.
        size: Width in pixels (the height follows); None leaves the size to the page.
        coordinates: Draw file letters and rank numbers around the board.
        legend: Draw the key to the cells and marks below the board.

    Returns:
        The SVG document as text.

    Raises:
        DrawingError: If an arrow or highlight names something not on the board, the
            orientation is not a seat, the size is not positive, or ``last_move`` does
            not fit the board.

    Examples:
        >>> import astroplane
        >>> s = astroplane.new_game(players=2)
        >>> move = s.legal_moves()[0]
        >>> drawing = board(s.play(move), last_move=move, highlight=["e2"], orientation="N")
        >>> drawing.count('class="piece '), 'data-orientation="N"' in drawing
        (12, True)
        >>> board(s, arrows=[("Sl", "x9")])
        Traceback (most recent call last):
        ...
        astroplane.errors.DrawingError: arrow end 'x9' is not a position or cell of this board
    """
    game = state if isinstance(state, GameState) else None
    topology = state if isinstance(state, Topology) else REFERENCE_BOARD
    if game is not None:
        topology = game.topology
    if orientation is None:
        seat = Seat.S
    else:
        try:
            seat = Seat(seat_from_name(orientation))
        except ValueError as error:
            raise DrawingError(f"orientation: {error}") from None
    if size is not None and (isinstance(size, bool) or not isinstance(size, int) or size <= 0):
        raise DrawingError(f"size must be a positive number of pixels, not {size!r}")
    scene = _Scene(_geometry(topology), _read_state(game), seat)
    marks = _Marks.build(scene, last_move, arrows, highlight)
    return _document(scene, marks, size, coordinates=coordinates, legend=legend)


#: The geometry of the last few boards drawn (a ``BoardGeometry`` never changes).
_geometry = functools.lru_cache(maxsize=8)(board_geometry)


# ---- what is read from the state: one place --------------------------------------------
@attrs.frozen
class _Facts:
    """The parts of a ``GameState`` the drawing uses (the only place that reads one)."""

    stacks: tuple[tuple[int, ...], ...]
    seats: tuple[int, ...]
    removed: tuple[int, ...]
    to_move: int
    moves_left: int
    turn: int
    reserve: tuple[int, ...]
    scores: tuple[int, ...]
    squares: tuple[tuple[int, int], ...]
    winners: tuple[int, ...] | None
    result: str


def _read_state(state: GameState | None) -> _Facts | None:
    if state is None:
        return None
    out = state.outcome
    result = ""
    if out is not None:
        names = [SEAT_NAMES[s] for s in out.winners]
        if len(names) > 1:
            who = f"{', '.join(names[:-1])} and {names[-1]} share the win"
        else:
            who = f"{names[0] if names else 'nobody'} wins"
        why = "true win" if out.true_win else out.reason.value.replace("_", " ")
        result = f"Game over after turn {out.turn}: {who} ({why})"
    return _Facts(
        stacks=state.stacks,
        seats=tuple(state.seats),
        removed=tuple(state.removed),
        to_move=int(state.to_move),
        moves_left=state.moves_left,
        turn=state.turn,
        reserve=tuple(state.reserve),
        scores=tuple(out.scores if out is not None else state.scores()),
        squares=tuple((int(c), int(o)) for c, o in state.squares()),
        winners=None if out is None else tuple(out.winners),
        result=result,
    )


# ---- the view: board units to screen units -------------------------------------------------
@attrs.frozen
class _Scene:
    """The geometry, the facts and the view transform."""

    geo: BoardGeometry
    facts: _Facts | None
    seat: Seat
    #: Screen width and height of the grid, in board units (swapped for W and E on an oblong).
    grid_w: float = attrs.field(init=False)
    grid_h: float = attrs.field(init=False)

    def __attrs_post_init__(self) -> None:
        turned = self.seat in (Seat.W, Seat.E)
        w, h = self.geo.width, self.geo.height
        object.__setattr__(self, "grid_w", float(h if turned else w))
        object.__setattr__(self, "grid_h", float(w if turned else h))

    def xy(self, point: Point) -> Point:
        """Board units (y up) to screen user units (y down), turning the board so that
        ``seat`` sits at the bottom (a quarter turn anticlockwise per seat)."""
        dx, dy = point[0] - self.geo.width / 2, point[1] - self.geo.height / 2
        for _ in range(int(self.seat)):
            dx, dy = -dy, dx
        return (
            (dx + self.grid_w / 2 + draw.MARGIN) * draw.UNIT,
            (self.grid_h / 2 - dy + draw.MARGIN) * draw.UNIT,
        )

    def poly(self, pts: Iterable[Point]) -> str:
        return draw.points(self.xy(p) for p in pts)

    def rect(self, cell: int) -> dict[str, float]:
        """``x y width height`` of a cell's square on the screen."""
        corners = [self.xy(p) for p in self.geo.cells[cell].polygon]
        x0, y0 = min(x for x, _ in corners), min(y for _, y in corners)
        return {"x": x0, "y": y0, "width": float(draw.UNIT), "height": float(draw.UNIT)}

    def side_point(self, side: Seat, along: float, out: float) -> Point:
        """A screen point beside the grid: on the screen side where ``side``'s seat is drawn,
        ``along`` (0..1) of the way along that edge (left to right as the seat sees it) and
        ``out`` board units outside it."""
        w, h = self.geo.width, self.geo.height
        x, y = {
            Seat.S: (along * w, -out),
            Seat.W: (-out, h - along * h),
            Seat.N: (w - along * w, h + out),
            Seat.E: (w + out, along * h),
        }[side]
        return self.xy((x, y))


# ---- marks: last move, arrows, highlights ----------------------------------------------------
@attrs.frozen
class _Marks:
    """What to mark, resolved to positions and cells."""

    last_positions: tuple[int, ...]
    last_cells: tuple[int, ...]
    last_arrows: tuple[tuple[Point, Point], ...]
    arrows: tuple[tuple[Point, Point], ...]
    highlight_positions: tuple[int, ...]
    highlight_cells: tuple[int, ...]

    @classmethod
    def build(
        cls,
        scene: _Scene,
        last_move: Move | None,
        arrows: Iterable[tuple[Target, Target]],
        highlight: Iterable[Target],
    ) -> _Marks:
        geo = scene.geo
        points: list[tuple[Point, Point]] = []
        for pair in arrows:
            try:
                start, end = pair
            except (TypeError, ValueError):
                raise DrawingError(f"an arrow is a (from, to) pair, not {pair!r}") from None
            points.append((_centre(geo, start, "arrow end"), _centre(geo, end, "arrow end")))
        hp: list[int] = []
        hc: list[int] = []
        for item in highlight:
            kind, index = _resolve(geo, item, "highlight")
            (hp if kind == "position" else hc).append(index)
        lp, lc, la = _last_move(geo, last_move)
        return cls(lp, lc, la, tuple(points), tuple(hp), tuple(hc))


def _resolve(geo: BoardGeometry, item: object, what: str) -> tuple[str, int]:
    """("position", index) or ("cell", index) for a position index, position name or cell name."""
    if isinstance(item, str):
        for kind, find in (("position", geo.position), ("cell", geo.cell)):
            try:
                return kind, find(item).index
            except ValueError:
                pass
        raise DrawingError(f"{what} {item!r} is not a position or cell of this board")
    if isinstance(item, int) and not isinstance(item, bool):
        try:
            return "position", geo.position(item).index
        except ValueError:
            raise DrawingError(f"{what} {item!r} is not a position index of this board") from None
    raise DrawingError(f"{what} must be a position index or a name, not {item!r}")


def _centre(geo: BoardGeometry, item: object, what: str) -> Point:
    kind, index = _resolve(geo, item, what)
    return geo.position(index).centroid if kind == "position" else geo.cells[index].centre


def _last_move(
    geo: BoardGeometry, move: Move | None
) -> tuple[tuple[int, ...], tuple[int, ...], tuple[tuple[Point, Point], ...]]:
    """Positions, cells and arrows marking a move (kinds as in ``astroplane.moves``)."""
    if move is None or move.kind == MoveKind.END_TURN:  # nothing moved
        return (), (), ()
    try:
        if move.kind in (MoveKind.STEP, MoveKind.TRAVEL):
            a, b = geo.position(move.origin), geo.position(move.target)
            return (a.index, b.index), (), ((a.centroid, b.centroid),)
        if move.kind == MoveKind.FIRE:  # both firing positions of the corner fly
            corner = geo.cell(move.origin)
            landing = _singularity_positions(geo)
            sources = [f for f in geo.firing_positions if f.corner == corner.index]
            if not sources:
                raise ValueError(f"{corner.name} is not an Anomaly corner")
            pos = [geo.position(f.position) for f in sources]
            dst = [geo.position(landing[f.fires_into]) for f in sources]
            return (
                tuple(p.index for p in pos + dst),
                (),
                tuple((p.centroid, d.centroid) for p, d in zip(pos, dst, strict=True)),
            )
        if move.kind in (MoveKind.SQUARE, MoveKind.ELIMINATE):  # cells
            a_cell, b_cell = geo.cell(move.origin), geo.cell(move.target)
            return (), (a_cell.index, b_cell.index), ((a_cell.centre, b_cell.centre),)
    except (ValueError, KeyError) as error:
        raise DrawingError(f"last_move {move!r} does not fit this board: {error}") from None
    raise DrawingError(f"last_move {move!r} is not a move")


def _singularity_positions(geo: BoardGeometry) -> dict[int, int]:
    """Singularity cell -> the position at its Singularity apex (its tip is the Singularity)."""
    cells = set(geo.singularity_cells)
    return {
        p.cell: p.index
        for p in geo.positions
        if p.kind == PositionKind.GRID and p.cell in cells and p.tip == geo.singularity
    }


# ---- the document ----------------------------------------------------------------------------
def _document(
    scene: _Scene, marks: _Marks, size: int | None, *, coordinates: bool, legend: bool
) -> str:
    width = (scene.grid_w + 2 * draw.MARGIN) * draw.UNIT
    top = (scene.grid_h + 2 * draw.MARGIN) * draw.UNIT
    panel, panel_h = draw.status(scene, top)
    key, key_h = draw.legend(scene, top + panel_h) if legend else ("", 0.0)
    height = top + panel_h + key_h
    facts = scene.facts
    to_move = None if facts is None or facts.winners is not None else SEAT_NAMES[facts.to_move]
    body = [
        draw.el("rect", class_="background", width=width, height=height, fill=draw.PAPER),
        draw.tubes(scene),
        draw.cells(scene),
        draw.decorations(scene),
        draw.squares(scene),
        draw.cell_marks(scene, marks),
        draw.position_targets(scene),
        draw.pieces(scene),
        draw.position_marks(scene, marks),
        draw.arrows(scene, marks),
        draw.coordinates(scene) if coordinates else "",
        draw.seat_badges(scene),
        panel,
        key,
    ]
    svg = draw.el(
        "svg",
        "".join(body),
        xmlns="http://www.w3.org/2000/svg",
        version="1.1",
        viewBox=f"0 0 {draw.num(width)} {draw.num(height)}",
        width=None if size is None else size,
        height=None if size is None else round(size * height / width),
        class_="astroplane-board",
        data_orientation=scene.seat.name,
        data_to_move=to_move,
        font_family=draw.FONT,
    )
    return svg + "\n"
