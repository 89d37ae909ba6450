"""Private to ``astroplane.games.astroplane.svg``: what a drawing reads from a state (``_Facts``),
the view that turns board units into screen units (``_Scene``), and the marks a caller asks for
(``_Marks``: the last move, arrows, highlights), resolved on the board.

The layers that draw (``astroplane.games.astroplane._svgdraw``) take a scene and marks; this module
draws
nothing, so both ``astroplane.games.astroplane.svg`` and ``astroplane.games.astroplane._svgdraw``
import it and neither
imports the other's types back.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from typing import Any

import attrs

from astroplane.errors import DrawingError
from astroplane.games.astroplane.enums import Seat
from astroplane.games.astroplane.geometry import BoardGeometry, Point, PositionKind
from astroplane.games.astroplane.moves import Move, MoveKind
from astroplane.games.astroplane.pieces import SEAT_NAMES
from astroplane.games.astroplane.state import GameState
from astroplane.kit import svg as kit_svg
from astroplane.kit.limits import MAX_DRAWING_MARKS, plain_int, plain_text, shown

__all__: list[str] = []

UNIT = 40  #: user units (viewBox units) per cell
MARGIN = 1.8  #: around the grid: room for tubes, coordinates, seat badges

#: What an arrow end or a highlight names: a position index, or a position or cell name.
Target = int | str


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
        scores=tuple(out.score(s) for s in range(4)) if out is not None else state.scores(),
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
    #: The element ids, under the drawing's prefix.
    ids: kit_svg.Ids = attrs.field(factory=kit_svg.Ids)
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
            (dx + self.grid_w / 2 + MARGIN) * UNIT,
            (self.grid_h / 2 - dy + MARGIN) * UNIT,
        )

    def poly(self, pts: Iterable[Point]) -> str:
        return kit_svg.points(self.xy(p) for p in pts)

    def rect(self, cell: int) -> dict[str, float]:
        """``x y width height`` of a cell's square on the screen."""
        corners = [self.xy(p) for p in self.geo.cells[cell].polygon]
        x0, y0 = min(x for x, _ in corners), min(y for _, y in corners)
        return {"x": x0, "y": y0, "width": float(UNIT), "height": float(UNIT)}

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
        for pair in _listed(arrows, "arrows", "(from, to) pairs"):
            try:
                start, end = pair
            except (TypeError, ValueError):
                raise DrawingError(f"an arrow is a (from, to) pair, not {shown(pair)}") from None
            points.append((_centre(geo, start, "arrow end"), _centre(geo, end, "arrow end")))
        hp: list[int] = []
        hc: list[int] = []
        for item in _listed(highlight, "highlight", "positions or cells"):
            kind, index = _resolve(geo, item, "highlight")
            (hp if kind == "position" else hc).append(index)
        lp, lc, la = _last_move(geo, last_move)
        return cls(lp, lc, la, tuple(points), tuple(hp), tuple(hc))


def _listed(value: object, what: str, items: str) -> tuple[Any, ...]:
    """The items of an ``arrows`` or ``highlight`` option: any iterable but a string (whose
    letters would be read as names one by one), of at most ``MAX_DRAWING_MARKS`` items
    (read no further, so an endless generator is refused too)."""
    if isinstance(value, (str, bytes)):
        raise DrawingError(f"{what} is a list of {items}, not the string {shown(value)}")
    if not isinstance(value, Iterable):
        raise DrawingError(f"{what} is a list of {items}, not {shown(value)}")
    try:
        found = tuple(itertools.islice(value, MAX_DRAWING_MARKS + 1))
    except (TypeError, ValueError) as exc:  # an iterable whose iteration fails
        raise DrawingError(f"{what} is a list of {items}: {exc}") from None
    if len(found) > MAX_DRAWING_MARKS:
        raise DrawingError(f"{what} holds at most {MAX_DRAWING_MARKS} {items}")
    return found


def _resolve(geo: BoardGeometry, item: object, what: str) -> tuple[str, int]:
    """("position", index) or ("cell", index) for a position index, position name or cell name."""
    if isinstance(item, str):
        item = plain_text(item)
        for kind, find in (("position", geo.position), ("cell", geo.cell)):
            try:
                return kind, find(item).index
            except ValueError:
                pass
        raise DrawingError(f"{what} {shown(item)} is not a position or cell of this board")
    if plain_int(item):
        try:
            return "position", geo.position(item).index
        except ValueError:
            raise DrawingError(
                f"{what} {shown(item)} is not a position index of this board"
            ) from None
    raise DrawingError(f"{what} must be a position index or a name, not {shown(item)}")


def _centre(geo: BoardGeometry, item: object, what: str) -> Point:
    kind, index = _resolve(geo, item, what)
    return geo.position(index).centroid if kind == "position" else geo.cells[index].centre


def _last_move(
    geo: BoardGeometry, move: Move | None
) -> tuple[tuple[int, ...], tuple[int, ...], tuple[tuple[Point, Point], ...]]:
    """Positions, cells and arrows marking a move (kinds as in
    ``astroplane.games.astroplane.moves``)."""
    if move is None:
        return (), (), ()
    if not isinstance(move, Move):
        raise DrawingError(f"last_move must be an ASTROPLANE Move, not {move!r}")
    if move.kind == MoveKind.END_TURN:  # nothing moved
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
