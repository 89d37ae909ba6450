"""The board's geometry as data: where every cell, position, tube and link is drawn.

``board_geometry(topology)`` turns a ``Topology`` (which only knows how cells and
positions are *linked*) into shapes a frontend can draw or hit-test, in **board
units**: one unit is the side of one cell, ``x`` grows to the right and ``y``
grows **up**, like the rules' coordinates (rules page: The board). Cell ``(x, y)`` is the
unit square from ``(x, y)`` to ``(x + 1, y + 1)``, so ``a1`` spans ``(0, 0)``-``(1, 1)``
and the whole grid spans ``(0, 0)``-``(width, height)``. A screen with ``y`` down
flips it: ``screen_y = height - y``.

Shapes (every polygon is counter-clockwise in these coordinates):

* a cell is its square; Start Area and Anomaly corner cells are cells too;
* a grid position is the triangle of its cell on the side of its apex, the half
  cut off by the diagonal through the other two corners (rules page: Cells, apexes and
  positions): its right
  angle is at the apex, which is the ``tip`` it points at;
* a firing position is such a triangle in its Anomaly corner cell, on its board
  edge, pointing at the corner its link goes through (rules page: The Space/Time
  Anomaly, [D5]);
* a Start Area position is its whole cell, pointing at the corner its pieces
  leave through;
* each position also has a ``hit`` polygon for hit-testing clicks: the quarter
  of the cell at its apex for a grid position (the four quarters of a cell do
  not overlap, while adjacent triangles do), its shape otherwise.

``BoardGeometry.to_dict`` writes all of it as JSON-compatible data, described by the
JSON Schema ``geometry_schema()`` (draft 2020-12) shipped with the package.

This module reads only public attributes of the topology and never imports
``astroplane.games.astroplane.topology`` at run time, so the topology can offer it as a method.

Examples:
    >>> from astroplane import REFERENCE_BOARD
    >>> g = board_geometry(REFERENCE_BOARD)
    >>> g.cell("e2").kind, g.position("e2.ne").tip
    (<CellRole.ENTRY: 'entry'>, (5.0, 2.0))
    >>> g.singularity
    (5.0, 5.0)
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from enum import Enum
from importlib import resources
from typing import Any, Protocol

import attrs

from astroplane.games.astroplane.enums import APEX_NAMES, Apex, CellKind, Seat

__all__ = [
    "GEOMETRY_FORMAT_VERSION",
    "BoardGeometry",
    "BoardTables",
    "CellGeometry",
    "CellRole",
    "FiringGeometry",
    "Point",
    "PositionGeometry",
    "PositionKind",
    "StartAreaGeometry",
    "WormholeTube",
    "board_geometry",
    "geometry_schema",
]

#: A point ``(x, y)`` in board units (y up).
Point = tuple[float, float]

#: The version of the geometry JSON document (``BoardGeometry.to_dict``).
GEOMETRY_FORMAT_VERSION = 1

#: How far (in cells) the control points of a tube along a board edge reach outwards.
TUBE_BULGE = 1.5

#: Board sides, named by the seat sitting there [D2]: (seat, outward normal).
_SIDES = ((Seat.S, (0.0, -1.0)), (Seat.W, (-1.0, 0.0)), (Seat.N, (0.0, 1.0)), (Seat.E, (1.0, 0.0)))


class CellRole(str, Enum):
    """What a cell is, for drawing: ``CellKind`` with its ``OFF`` split in two."""

    ORDINARY = "ordinary"  #: an ordinary grid cell [D23]
    ENTRY = "entry"  #: a grid cell fed by a Start Area
    HYPERSPACE = "hyperspace"  #: a Hyperspace cell (rules page: Hyperspace)
    WORMHOLE = "wormhole"  #: a Wormhole end (rules page: Wormholes)
    SINGULARITY = "singularity"  #: a cell around the Singularity (rules page: The Singularity)
    START_AREA = "start_area"  #: an off-grid Start Area cell
    ANOMALY = "anomaly"  #: an off-grid Anomaly corner cell holding firing positions


class PositionKind(str, Enum):
    """The three kinds of position a stack can stand on."""

    GRID = "grid"  #: an apex of a grid cell
    FIRING = "firing"  #: a firing position of an Anomaly corner
    START_AREA = "start_area"  #: a Start Area


_ROLE_OF_KIND = {
    CellKind.ORDINARY: CellRole.ORDINARY,
    CellKind.ENTRY: CellRole.ENTRY,
    CellKind.HYPERSPACE: CellRole.HYPERSPACE,
    CellKind.WORMHOLE: CellRole.WORMHOLE,
    CellKind.SINGULARITY: CellRole.SINGULARITY,
}


def _points(value: Any) -> tuple[Point, ...]:
    return tuple((float(x), float(y)) for x, y in value)


@attrs.frozen
class CellGeometry:
    """One cell of the board (on the grid or off it).

    Attributes:
        index: The cell index (``y * width + x``).
        name: The cell name (``"e2"``).
        x: File, 0 = ``a``.
        y: Rank - 1, 0 = rank 1.
        kind: What the cell is.
        universe: ``(x + y) % 2`` [D1].
        polygon: The unit square, counter-clockwise from its ``sw`` corner.
        centre: Its centre.
    """

    index: int
    name: str
    x: int
    y: int
    kind: CellRole
    universe: int
    polygon: tuple[Point, ...] = attrs.field(converter=_points)
    centre: Point

    def corner(self, apex: int) -> Point:
        """The point of one of the cell's corners.

        Args:
            apex: An apex number (``Apex.NE`` is the top-right corner).

        Returns:
            The corner's point, in board units.

        Examples:
            >>> from astroplane import REFERENCE_BOARD
            >>> board_geometry(REFERENCE_BOARD).cell("b1").corner(Apex.SW)
            (1.0, 0.0)
        """
        return _corner(self.x, self.y, apex)


@attrs.frozen
class PositionGeometry:
    """One position a stack can stand on, with its shape.

    Attributes:
        index: The position index.
        name: The position name (``"e2.ne"``, ``"a1S"``, ``"Sl"``).
        kind: Grid, firing position or Start Area.
        cell: The cell it lies in (a grid cell, an Anomaly corner, a Start Area cell).
        apex: The corner of ``cell`` a piece here points at.
        tip: That corner's point.
        usable: False for a grid apex that leads nowhere [D4] (only a Square's piece
            can stand there [D21]); True otherwise.
        polygon: The shape a piece here covers (a triangle; a square for a Start Area).
        centroid: The centroid of ``polygon``.
        hit: A click target inside ``polygon``; the hit polygons of one cell do not
            overlap.
    """

    index: int
    name: str
    kind: PositionKind
    cell: int
    apex: Apex
    tip: Point
    usable: bool
    polygon: tuple[Point, ...] = attrs.field(converter=_points)
    centroid: Point
    hit: tuple[Point, ...] = attrs.field(converter=_points)


@attrs.frozen
class WormholeTube:
    """A Wormhole tube joining two end cells (rules page: Wormholes).

    Attributes:
        ends: The two end cells.
        path: A cubic Bezier curve from the centre of ``ends[0]`` to the centre of
            ``ends[1]``: start, two control points, end. When both ends lie on the
            same board edge it bulges out beyond that edge, otherwise it is straight.
    """

    ends: tuple[int, int]
    path: tuple[Point, Point, Point, Point]


@attrs.frozen
class FiringGeometry:
    """A firing position of an Anomaly corner (rules page: The Space/Time Anomaly, [D5]).

    Attributes:
        position: Its position index.
        name: Its name (``"a1S"``).
        corner: The Anomaly corner cell holding it.
        edge: The board edge its triangle lies on, named by the seat on that side;
            None if it touches no edge.
        link: The grid position whose step leads here (``b1.sw``).
        fires_into: The Singularity cell a fired piece lands in.
    """

    position: int
    name: str
    corner: int
    edge: Seat | None
    link: int
    fires_into: int


@attrs.frozen
class StartAreaGeometry:
    """A Start Area (rules page: The reference board).

    Attributes:
        position: Its position index.
        name: Its name (``"Sl"``).
        seat: The owning seat.
        side: 0 left, 1 right, as the player sees it.
        cell: The off-grid cell holding it.
        entry_cell: The grid cell a piece steps into.
        entry_apex: The apex of ``entry_cell`` it enters through.
        exit_apex: The corner of ``cell`` its pieces leave through (they point at it).
    """

    position: int
    name: str
    seat: Seat
    side: int
    cell: int
    entry_cell: int
    entry_apex: Apex
    exit_apex: Apex


@attrs.frozen
class BoardGeometry:
    """The geometry of a whole board; build it with ``board_geometry``.

    Attributes:
        width: Number of files.
        height: Number of ranks.
        cells: Every cell, by cell index (off-grid cells included).
        positions: Every position a piece can stand on, by position index: the four
            apexes of each grid cell, the firing positions, the Start Areas (the
            apexes of off-grid cells are left out: nothing can stand there).
        wormholes: The Wormhole tubes.
        hyperspace: The Hyperspace cells.
        singularity_cells: The Singularity cells.
        singularity: The Singularity point, where the Singularity apexes meet (their
            mean, should a custom board spread them); None without Singularity cells.
        firing_positions: The firing positions, in position order.
        start_areas: The Start Areas, indexed ``2 * seat + side``.
    """

    width: int
    height: int
    cells: tuple[CellGeometry, ...]
    positions: tuple[PositionGeometry, ...]
    wormholes: tuple[WormholeTube, ...]
    hyperspace: tuple[int, ...]
    singularity_cells: tuple[int, ...]
    singularity: Point | None
    firing_positions: tuple[FiringGeometry, ...]
    start_areas: tuple[StartAreaGeometry, ...]
    _by_index: dict[int, PositionGeometry] = attrs.field(init=False, eq=False, repr=False)
    _cell_names: dict[str, int] = attrs.field(init=False, eq=False, repr=False)
    _position_names: dict[str, int] = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        put = object.__setattr__
        put(self, "_by_index", {p.index: p for p in self.positions})
        put(self, "_cell_names", {c.name: c.index for c in self.cells})
        put(self, "_position_names", {p.name: p.index for p in self.positions})

    def __repr__(self) -> str:
        """A short summary (the full tables would print over 100,000 characters).

        Examples:
            >>> from astroplane import REFERENCE_BOARD, board_geometry
            >>> board_geometry(REFERENCE_BOARD)
            <BoardGeometry 10x10: 100 cells, 368 positions, 4 Wormhole tubes, 4 Hyperspace \
    cells, 4 Singularity cells, 8 firing positions, 8 Start Areas>
        """
        return (
            f"<BoardGeometry {self.width}x{self.height}: {len(self.cells)} cells, "
            f"{len(self.positions)} positions, {len(self.wormholes)} Wormhole tubes, "
            f"{len(self.hyperspace)} Hyperspace cells, {len(self.singularity_cells)} "
            f"Singularity cells, {len(self.firing_positions)} firing positions, "
            f"{len(self.start_areas)} Start Areas>"
        )

    def cell(self, cell: int | str) -> CellGeometry:
        """The geometry of a cell, by index or name.

        Args:
            cell: A cell index or a cell name such as ``"e2"``.

        Returns:
            The cell's geometry.

        Raises:
            ValueError: If it is not a cell of this board.

        Examples:
            >>> from astroplane import REFERENCE_BOARD
            >>> board_geometry(REFERENCE_BOARD).cell("a1").kind.value
            'anomaly'
        """
        if isinstance(cell, str):
            index = self._cell_names.get(cell.strip().lower(), -1)
            if index < 0:
                raise ValueError(f"not a cell of this board: {cell!r}")
            return self.cells[index]
        if not 0 <= cell < len(self.cells):
            raise ValueError(f"not a cell index of this board: {cell!r}")
        return self.cells[cell]

    def position(self, position: int | str) -> PositionGeometry:
        """The geometry of a position, by index or name.

        Args:
            position: A position index, or a name such as ``"e2.ne"``, ``"a1S"``, ``"Sl"``.

        Returns:
            The position's geometry.

        Raises:
            ValueError: If it is not a position a piece can stand on.

        Examples:
            >>> from astroplane import REFERENCE_BOARD
            >>> board_geometry(REFERENCE_BOARD).position("a1S").polygon
            ((0.0, 0.0), (1.0, 0.0), (1.0, 1.0))
        """
        if isinstance(position, str):
            key = position.strip()
            names = self._position_names
            index = names.get(key, names.get(_lower_apex(key), -1))
            if index < 0:
                raise ValueError(f"not a position of this board: {position!r}")
        else:
            index = position
        found = self._by_index.get(index)
        if found is None:
            raise ValueError(f"not a position index of this board: {position!r}")
        return found

    def to_dict(self) -> dict[str, Any]:
        """The geometry as JSON-compatible data, valid under ``geometry_schema()``.

        Cells and positions are listed with their index and name; everything else
        refers to them by name. Coordinates are ``[x, y]`` in board units (y up).

        Returns:
            A dict of plain JSON types.

        Examples:
            >>> from astroplane import REFERENCE_BOARD
            >>> d = board_geometry(REFERENCE_BOARD).to_dict()
            >>> d["units"], d["wormholes"][0]["ends"], d["start_areas"][0]["exit_apex"]
            ('cell', ['b1', 'i1'], 'ne')
        """
        cname = [c.name for c in self.cells]
        pname = {p.index: p.name for p in self.positions}
        sing = self.singularity
        return {
            "format": "astroplane-geometry",
            "format_version": GEOMETRY_FORMAT_VERSION,
            "units": "cell",
            "axes": "x to the right, y up; cell a1 spans (0, 0)-(1, 1)",
            "width": self.width,
            "height": self.height,
            "cells": [
                {
                    "index": c.index,
                    "name": c.name,
                    "x": c.x,
                    "y": c.y,
                    "kind": c.kind.value,
                    "universe": c.universe,
                    "polygon": _json_points(c.polygon),
                    "centre": list(c.centre),
                }
                for c in self.cells
            ],
            "positions": [
                {
                    "index": p.index,
                    "name": p.name,
                    "kind": p.kind.value,
                    "cell": cname[p.cell],
                    "apex": APEX_NAMES[p.apex],
                    "tip": list(p.tip),
                    "usable": p.usable,
                    "polygon": _json_points(p.polygon),
                    "centroid": list(p.centroid),
                    "hit": _json_points(p.hit),
                }
                for p in self.positions
            ],
            "wormholes": [
                {"ends": [cname[w.ends[0]], cname[w.ends[1]]], "path": _json_points(w.path)}
                for w in self.wormholes
            ],
            "hyperspace": [cname[c] for c in self.hyperspace],
            "singularity": None
            if sing is None
            else {"point": list(sing), "cells": [cname[c] for c in self.singularity_cells]},
            "firing_positions": [
                {
                    "name": f.name,
                    "position": f.position,
                    "corner": cname[f.corner],
                    "edge": None if f.edge is None else f.edge.name,
                    "link": pname[f.link],
                    "fires_into": cname[f.fires_into],
                }
                for f in self.firing_positions
            ],
            "start_areas": [
                {
                    "name": a.name,
                    "position": a.position,
                    "seat": a.seat.name,
                    "side": ("left", "right")[a.side],
                    "cell": cname[a.cell],
                    "entry_cell": cname[a.entry_cell],
                    "entry_apex": APEX_NAMES[a.entry_apex],
                    "exit_apex": APEX_NAMES[a.exit_apex],
                }
                for a in self.start_areas
            ],
        }


def geometry_schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of ``BoardGeometry.to_dict`` documents.

    Returns:
        The schema, read from the package data.

    Examples:
        >>> geometry_schema()["$schema"]
        'https://json-schema.org/draft/2020-12/schema'
    """
    text = resources.files("astroplane.games.astroplane").joinpath(
        "formats/schema/geometry.schema.json"
    )
    result: dict[str, Any] = json.loads(text.read_text(encoding="utf-8"))
    return result


class _FiringSpec(Protocol):
    """What the geometry reads of a firing position (``topology.FiringPosition``)."""

    @property
    def name(self) -> str: ...
    @property
    def corner(self) -> int: ...
    @property
    def link_cell(self) -> int: ...
    @property
    def link_apex(self) -> int: ...
    @property
    def fires_into(self) -> int: ...


class _AreaSpec(Protocol):
    """What the geometry reads of a Start Area (``topology.StartArea``)."""

    @property
    def name(self) -> str: ...
    @property
    def seat(self) -> int: ...
    @property
    def side(self) -> int: ...
    @property
    def cell(self) -> int: ...
    @property
    def entry_cell(self) -> int: ...
    @property
    def entry_apex(self) -> int: ...


class BoardTables(Protocol):
    """The public tables of a board that ``board_geometry`` reads: a ``Topology`` is one.
    (Typed by what is read, so the geometry does not depend on the topology module.)"""

    @property
    def width(self) -> int: ...
    @property
    def height(self) -> int: ...
    @property
    def singularity(self) -> Sequence[tuple[int, int]]: ...
    @property
    def hyperspace(self) -> Sequence[int]: ...
    @property
    def wormholes(self) -> Sequence[tuple[int, int]]: ...
    @property
    def anomaly_corners(self) -> Sequence[int]: ...
    @property
    def firing_positions(self) -> Sequence[_FiringSpec]: ...
    @property
    def start_areas(self) -> Sequence[_AreaSpec]: ...
    @property
    def fire_base(self) -> int: ...
    @property
    def start_base(self) -> int: ...
    @property
    def kind(self) -> Sequence[int]: ...
    @property
    def usable(self) -> Sequence[bool]: ...
    def cell_name(self, cell: int) -> str: ...
    def position_name(self, position: int) -> str: ...


def board_geometry(topology: BoardTables) -> BoardGeometry:
    """The geometry of a board, in board units (one cell = 1, y up).

    Works for any ``Topology``: only its public tables are read.

    Args:
        topology: The board.

    Returns:
        Its cells, positions, Wormhole tubes, Hyperspace cells, firing positions,
        Start Areas and Singularity point.

    Raises:
        ValueError: If a firing position or Start Area lies in a cell that does not
            touch the corner it is linked through (a topology no board can draw).

    Examples:
        >>> from astroplane import REFERENCE_BOARD
        >>> g = board_geometry(REFERENCE_BOARD)
        >>> len(g.cells), len(g.positions), g.position("e2.ne").polygon
        (100, 368, ((5.0, 1.0), (5.0, 2.0), (4.0, 2.0)))
        >>> [(a.name, g.cells[a.entry_cell].name, a.exit_apex.name) for a in g.start_areas[:2]]
        [('Sl', 'e2', 'NE'), ('Sr', 'f2', 'NW')]
    """
    t = topology
    w, h = t.width, t.height
    kinds = t.kind
    role = {a.cell: CellRole.START_AREA for a in t.start_areas}
    role.update((c, CellRole.ANOMALY) for c in t.anomaly_corners)
    cells = tuple(
        CellGeometry(
            index=c,
            name=t.cell_name(c),
            x=c % w,
            y=c // w,
            kind=role.get(c, _ROLE_OF_KIND.get(CellKind(kinds[c]), CellRole.ORDINARY)),
            universe=(c % w + c // w) % 2,
            polygon=tuple(_corner(c % w, c // w, a) for a in (2, 3, 0, 1)),
            centre=(c % w + 0.5, c // w + 0.5),
        )
        for c in range(w * h)
    )
    positions: list[PositionGeometry] = []
    for c in cells:
        if c.kind in (CellRole.START_AREA, CellRole.ANOMALY):
            continue
        for a in Apex:
            p = 4 * c.index + a
            positions.append(_triangle_position(c, a, p, t.position_name(p), bool(t.usable[p])))
    firing: list[FiringGeometry] = []
    for f, fp in enumerate(t.firing_positions):
        p = t.fire_base + f
        link_cell = cells[fp.link_cell]
        corner = cells[fp.corner]
        apex = _touching_apex(corner, link_cell.corner(fp.link_apex), fp.name)
        positions.append(
            _triangle_position(corner, apex, p, fp.name, True, kind=PositionKind.FIRING)
        )
        firing.append(
            FiringGeometry(
                position=p,
                name=fp.name,
                corner=fp.corner,
                edge=_edge(corner, apex, w, h),
                link=4 * fp.link_cell + fp.link_apex,
                fires_into=fp.fires_into,
            )
        )
    areas: list[StartAreaGeometry] = []
    for s, area in enumerate(t.start_areas):
        p = t.start_base + s
        cell = cells[area.cell]
        exit_apex = _touching_apex(cell, cells[area.entry_cell].corner(area.entry_apex), area.name)
        positions.append(
            PositionGeometry(
                index=p,
                name=area.name,
                kind=PositionKind.START_AREA,
                cell=area.cell,
                apex=exit_apex,
                tip=cell.corner(exit_apex),
                usable=True,
                polygon=cell.polygon,
                centroid=cell.centre,
                hit=cell.polygon,
            )
        )
        areas.append(
            StartAreaGeometry(
                position=p,
                name=area.name,
                seat=Seat(area.seat),
                side=area.side,
                cell=area.cell,
                entry_cell=area.entry_cell,
                entry_apex=Apex(area.entry_apex),
                exit_apex=exit_apex,
            )
        )
    sing_cells = tuple(c for c, _ in t.singularity)
    tips = [cells[c].corner(a) for c, a in t.singularity]
    singularity = (
        (sum(x for x, _ in tips) / len(tips), sum(y for _, y in tips) / len(tips)) if tips else None
    )
    return BoardGeometry(
        width=w,
        height=h,
        cells=cells,
        positions=tuple(positions),
        wormholes=tuple(_tube(cells[a], cells[b], w, h) for a, b in t.wormholes),
        hyperspace=tuple(t.hyperspace),
        singularity_cells=sing_cells,
        singularity=singularity,
        firing_positions=tuple(firing),
        start_areas=tuple(areas),
    )


# ---- shapes ------------------------------------------------------------------------------
def _corner(x: int, y: int, apex: int) -> Point:
    """The point of an apex of cell (x, y): ne (x+1, y+1), nw (x, y+1), sw (x, y), se (x+1, y)."""
    return (float(x + (apex in (0, 3))), float(y + (apex in (0, 1))))


def _triangle_position(
    cell: CellGeometry,
    apex: Apex,
    index: int,
    name: str,
    usable: bool,
    *,
    kind: PositionKind = PositionKind.GRID,
) -> PositionGeometry:
    """The half of ``cell`` on the side of ``apex``: the apex and its two neighbours,
    counter-clockwise (apexes are numbered counter-clockwise)."""
    tri = tuple(cell.corner((apex + k) % 4) for k in (3, 0, 1))
    tip = tri[1]
    cx, cy = cell.centre
    # the quarter of the cell at the apex: inside the triangle, disjoint from the others
    quarter = _ccw(((cx, cy), (tip[0], cy), tip, (cx, tip[1])))
    centroid = (sum(x for x, _ in tri) / 3, sum(y for _, y in tri) / 3)
    hit = quarter if kind == PositionKind.GRID else tri
    return PositionGeometry(
        index=index,
        name=name,
        kind=kind,
        cell=cell.index,
        apex=apex,
        tip=tip,
        usable=usable,
        polygon=tri,
        centroid=centroid,
        hit=hit,
    )


def _ccw(points: tuple[Point, ...]) -> tuple[Point, ...]:
    """The polygon counter-clockwise (positive shoelace area)."""
    area = sum(
        x0 * y1 - x1 * y0
        for (x0, y0), (x1, y1) in zip(points, points[1:] + points[:1], strict=True)
    )
    return points if area > 0 else tuple(reversed(points))


def _touching_apex(cell: CellGeometry, point: Point, what: str) -> Apex:
    """The apex of ``cell`` at ``point`` (where a link passes from a neighbouring cell)."""
    for a in Apex:
        if cell.corner(a) == point:
            return a
    raise ValueError(
        f"{what}: cell {cell.name} does not touch the corner {point} it is linked through"
    )


def _edge(cell: CellGeometry, apex: Apex, width: int, height: int) -> Seat | None:
    """The board edge that the triangle of ``apex`` in ``cell`` lies on, if any."""
    sides = _sides(cell, width, height)
    tx, ty = cell.corner(apex)
    cx, cy = cell.centre
    for seat, (nx, ny) in _SIDES:
        # the triangle's legs run from the tip along both sides through the tip
        if seat in sides and (nx * (tx - cx) > 0 or ny * (ty - cy) > 0):
            return seat
    return None


def _sides(cell: CellGeometry, width: int, height: int) -> tuple[Seat, ...]:
    """The board sides a cell touches, S W N E order."""
    touches = (cell.y == 0, cell.x == 0, cell.y == height - 1, cell.x == width - 1)
    return tuple(seat for (seat, _), hit in zip(_SIDES, touches, strict=True) if hit)


def _tube(a: CellGeometry, b: CellGeometry, width: int, height: int) -> WormholeTube:
    """A Bezier tube between two end cells, bulging out of their common board edge."""
    (ax, ay), (bx, by) = a.centre, b.centre
    common = [s for s in _sides(a, width, height) if s in _sides(b, width, height)]
    if common:
        nx, ny = dict(_SIDES)[common[0]]
        c1 = (ax + TUBE_BULGE * nx, ay + TUBE_BULGE * ny)
        c2 = (bx + TUBE_BULGE * nx, by + TUBE_BULGE * ny)
    else:
        c1 = (ax + (bx - ax) / 3, ay + (by - ay) / 3)
        c2 = (ax + 2 * (bx - ax) / 3, ay + 2 * (by - ay) / 3)
    return WormholeTube(ends=(a.index, b.index), path=(a.centre, c1, c2, b.centre))


def _lower_apex(name: str) -> str:
    """``"E2.NE"`` -> ``"e2.ne"`` (cell and apex names are case-insensitive)."""
    cell, dot, apex = name.partition(".")
    return f"{cell.lower()}.{apex.lower()}" if dot else name.lower()


def _json_points(points: tuple[Point, ...]) -> list[list[float]]:
    return [[x, y] for x, y in points]
