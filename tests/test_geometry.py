"""The board geometry as data (issue 11): shapes in board units, JSON with a schema.

The expected facts are typed from RULES.md 1.1-1.5 (cells, apexes, links), not derived
from the engine's tables.
"""

from __future__ import annotations

import ast
import json
from pathlib import Path

import jsonschema
import pytest

import astroplane as ap
import astroplane.games.astroplane.geometry as geometry_module
from astroplane.games.astroplane.geometry import (
    BoardGeometry,
    CellRole,
    Point,
    PositionKind,
    board_geometry,
    geometry_schema,
)
from helpers import BIG_BOARD
from helpers import REFERENCE_MAP as MAP

B = ap.REFERENCE_BOARD
G = board_geometry(B)
APEXES = ("ne", "nw", "sw", "se")

#: A 12x12 board of another layout.
BIG = BIG_BOARD
#: A small oblong board with one seat's Start Areas, built field by field.
SMALL = ap.Topology(
    width=6,
    height=4,
    singularity=((14, 0), (15, 1)),
    hyperspace=(5,),
    wormholes=((1, 4),),
    anomaly_corners=(0,),
    firing_positions=(
        ap.FiringPosition("a1S", corner=0, link_cell=1, link_apex=2, fires_into=14),
        ap.FiringPosition("a1W", corner=0, link_cell=6, link_apex=2, fires_into=15),
    ),
    start_areas=(ap.StartArea("Sl", 0, 0, 2, 9, 2), ap.StartArea("Sr", 0, 1, 3, 8, 3)),
)
BOARDS = pytest.mark.parametrize("topology", [B, BIG, SMALL], ids=["reference", "12x12", "6x4"])

_ROLE = {
    "A": CellRole.ANOMALY,
    "O": CellRole.WORMHOLE,
    "H": CellRole.HYPERSPACE,
    "C": CellRole.SINGULARITY,
    ".": CellRole.ORDINARY,
}
#: RULES.md 1.5: firing position -> (link position, fires into).
FIRING = {
    "a1S": ("b1.sw", "e6"),
    "a1W": ("a2.sw", "f5"),
    "a10W": ("a9.nw", "f6"),
    "a10N": ("b10.nw", "e5"),
    "j10N": ("i10.ne", "f5"),
    "j10E": ("j9.ne", "e6"),
    "j1E": ("j2.se", "e5"),
    "j1S": ("i1.se", "f6"),
}


# ---- polygon helpers (convex polygons, counter-clockwise) -----------------------------------
def _area(poly: tuple[Point, ...] | list[Point]) -> float:
    """Signed shoelace area: positive for a counter-clockwise polygon."""
    pts = list(poly)
    return (
        sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(pts, pts[1:] + pts[:1], strict=True))
        / 2
    )


def _inside(point: Point, poly: tuple[Point, ...], *, strict: bool = True) -> bool:
    """Is ``point`` inside the convex counter-clockwise ``poly`` (strictly, or on its edge)?"""
    px, py = point
    pts = list(poly)
    for (x0, y0), (x1, y1) in zip(pts, pts[1:] + pts[:1], strict=True):
        cross = (x1 - x0) * (py - y0) - (y1 - y0) * (px - x0)
        if cross < 0 or (strict and cross == 0):
            return False
    return True


def _clip(subject: list[Point], clip: tuple[Point, ...]) -> list[Point]:
    """Sutherland-Hodgman: the part of ``subject`` inside the convex ``clip``."""
    out = list(subject)
    cpts = list(clip)
    for (ax, ay), (bx, by) in zip(cpts, cpts[1:] + cpts[:1], strict=True):
        if not out:
            break

        def side(p: Point, ax: float = ax, ay: float = ay, bx: float = bx, by: float = by) -> float:
            return (bx - ax) * (p[1] - ay) - (by - ay) * (p[0] - ax)

        inp, out = out, []
        for i, cur in enumerate(inp):
            prev = inp[i - 1]
            sc, sp = side(cur), side(prev)
            if sc >= 0:
                if sp < 0:
                    out.append(_cross_point(prev, cur, sp, sc))
                out.append(cur)
            elif sp >= 0:
                out.append(_cross_point(prev, cur, sp, sc))
    return out


def _cross_point(p: Point, q: Point, sp: float, sq: float) -> Point:
    t = sp / (sp - sq)
    return (p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1]))


def _overlap(a: tuple[Point, ...], b: tuple[Point, ...]) -> float:
    """The area two convex polygons share."""
    part = _clip(list(a), b)
    return abs(_area(part)) if len(part) >= 3 else 0.0


# ---- the reference board against the spec ---------------------------------------------------
def test_cell_kinds_follow_the_spec_map() -> None:
    """Every cell of the reference board has the kind of RULES.md 1.3, off-grid cells included."""
    rows = [line.split() for line in MAP.strip().splitlines()]
    for r, row in enumerate(rows):
        for x, mark in enumerate(row):
            name = f"{'abcdefghij'[x]}{10 - r}"
            cell = G.cell(name)
            if mark in _ROLE:
                expected = _ROLE[mark]
            elif mark in "swne":
                expected = CellRole.ENTRY
            else:
                expected = CellRole.START_AREA
            assert cell.kind == expected, name
            assert (cell.x, cell.y, cell.universe) == (x, 9 - r, (x + 9 - r) % 2)
            assert cell.polygon == ((x, 9 - r), (x + 1, 9 - r), (x + 1, 10 - r), (x, 10 - r))
            assert cell.centre == (x + 0.5, 9.5 - r)


def test_a_grid_position_is_the_half_cell_on_the_side_of_its_apex() -> None:
    """e2.ne covers the triangle nw-ne-se of e2 (cut off by the nw-se diagonal), tip at ne."""
    p = G.position("e2.ne")
    assert (p.kind, p.cell, p.apex, p.tip) == (PositionKind.GRID, B.cell("e2"), ap.Apex.NE, (5, 2))
    assert set(p.polygon) == {(4, 2), (5, 2), (5, 1)}
    assert p.centroid == pytest.approx((14 / 3, 5 / 3))
    assert set(G.position("e2.sw").polygon) == {(4, 2), (4, 1), (5, 1)}
    assert set(G.position("e2.nw").hit) == {(4, 2), (4.5, 2), (4.5, 1.5), (4, 1.5)}


def test_firing_positions_sit_on_their_board_edge_and_point_through_their_link() -> None:
    """Each firing position is a triangle of its corner cell on the edge of its name, whose tip is
    the corner its link (RULES.md 1.5) passes through, and it fires where the table says."""
    assert len(G.firing_positions) == 8
    for f in G.firing_positions:
        link, fires = FIRING[f.name]
        p = G.position(f.name)
        corner = G.cell(f.name[:-1])
        assert p.kind == PositionKind.FIRING and p.cell == corner.index == f.corner
        assert f.edge is not None and f.edge.name == f.name[-1]
        assert B.position_name(f.link) == link
        assert G.cells[f.fires_into].name == fires
        link_cell, link_apex = link.split(".")
        assert p.tip == G.cell(link_cell).corner(APEXES.index(link_apex))
        assert all(_inside(v, corner.polygon, strict=False) for v in p.polygon)
        edge_line = {"S": (1, 0.0), "W": (0, 0.0), "N": (1, 10.0), "E": (0, 10.0)}[f.name[-1]]
        axis, value = edge_line
        assert sum(1 for v in p.polygon if v[axis] == value) == 2  # a whole leg on the edge


def test_start_areas_point_at_their_entry_cell() -> None:
    """A Start Area is its whole cell and points at the corner shared with its entry cell's
    entry apex (Sl d1 -> e2 through sw: d1's ne corner)."""
    expected = {
        "Sl": ("d1", "e2", "sw", "ne"),
        "Sr": ("g1", "f2", "se", "nw"),
        "Wl": ("a7", "b6", "nw", "se"),
        "Wr": ("a4", "b5", "sw", "ne"),
        "Nl": ("g10", "f9", "ne", "sw"),
        "Nr": ("d10", "e9", "nw", "se"),
        "El": ("j4", "i5", "se", "nw"),
        "Er": ("j7", "i6", "ne", "sw"),
    }
    for a in G.start_areas:
        cell, entry, entry_apex, exit_apex = expected[a.name]
        got = (G.cells[a.cell].name, G.cells[a.entry_cell].name)
        assert got == (cell, entry)
        assert (APEXES[a.entry_apex], APEXES[a.exit_apex]) == (entry_apex, exit_apex)
        assert (a.seat.name, a.side) == (a.name[0], "lr".index(a.name[1]))
        p = G.position(a.name)
        assert p.kind == PositionKind.START_AREA and p.polygon == G.cell(cell).polygon
        assert p.tip == G.cells[a.entry_cell].corner(a.entry_apex)


def test_wormhole_tubes_join_their_ends_outside_the_board_edge() -> None:
    """Each tube of RULES.md 1.4 runs from one end's centre to the other's and bulges out of
    the board beyond the edge both ends lie on."""
    tubes = {frozenset(G.cells[c].name for c in w.ends): w for w in G.wormholes}
    assert set(tubes) == {
        frozenset(p) for p in (("b1", "i1"), ("a2", "a9"), ("b10", "i10"), ("j2", "j9"))
    }
    for w in G.wormholes:
        start, c1, c2, end = w.path
        assert (start, end) == (G.cells[w.ends[0]].centre, G.cells[w.ends[1]].centre)
        assert not (0 <= c1[0] <= 10 and 0 <= c1[1] <= 10)
        assert not (0 <= c2[0] <= 10 and 0 <= c2[1] <= 10)
    assert set(G.hyperspace) == {B.cell(n) for n in ("e1", "a6", "f10", "j5")}


def test_the_singularity_is_the_common_corner_of_the_four_centre_cells() -> None:
    """The Singularity point is (5, 5), the corner e5, f5, e6 and f6 share."""
    assert G.singularity == (5.0, 5.0)
    assert {G.cells[c].name for c in G.singularity_cells} == {"e5", "f5", "e6", "f6"}
    for c in G.singularity_cells:
        assert G.position(B.singularity_position[c]).tip == (5.0, 5.0)


# ---- any board --------------------------------------------------------------------------------
@BOARDS
def test_every_position_that_can_hold_a_piece_has_a_shape(topology: ap.Topology) -> None:
    """positions lists, in index order, the four apexes of every grid cell (usable or not),
    every firing position and every Start Area, and nothing of the off-grid cells."""
    g = board_geometry(topology)
    expected = [
        p
        for p in range(topology.n_positions)
        if p >= topology.fire_base or topology.kind[p >> 2] != ap.CellKind.OFF
    ]
    assert [p.index for p in g.positions] == expected
    for p in g.positions:
        assert p.name == topology.position_name(p.index)
        assert g.position(p.name) is g.position(p.index) is p
        assert p.usable == (p.index >= topology.fire_base or topology.usable[p.index])


@BOARDS
def test_centroids_lie_inside_their_polygons(topology: ap.Topology) -> None:
    """Every polygon is counter-clockwise, inside its cell, and holds its centroid and its hit
    area; the tip is a vertex of the polygon."""
    g = board_geometry(topology)
    for p in g.positions:
        assert _area(p.polygon) > 0 and _area(p.hit) > 0
        assert _inside(p.centroid, p.polygon)
        assert p.tip in p.polygon
        cell = g.cells[p.cell].polygon
        assert all(_inside(v, cell, strict=False) for v in p.polygon)
        assert all(_inside(v, p.polygon, strict=False) for v in p.hit)
    for c in g.cells:
        assert _area(c.polygon) == 1 and _inside(c.centre, c.polygon)


@BOARDS
def test_opposite_positions_do_not_overlap_and_adjacent_ones_do(topology: ap.Topology) -> None:
    """In every grid cell, opposite triangles only touch (RULES.md 1.1) while adjacent ones share
    a quarter of the cell; the hit areas of a cell tile it without overlap."""
    g = board_geometry(topology)
    grid = [p for p in g.positions if p.kind == PositionKind.GRID]
    by_cell: dict[int, list[int]] = {}
    for p in grid:
        by_cell.setdefault(p.cell, []).append(p.index)
    for cell, indices in by_cell.items():
        assert len(indices) == 4
        for a in indices:
            pa = g.position(a)
            assert _overlap(pa.polygon, g.position(a ^ 2).polygon) == pytest.approx(0.0)
            for adjacent in (a ^ 1, a ^ 3):
                assert _overlap(pa.polygon, g.position(adjacent).polygon) == pytest.approx(0.25)
            for other in indices:
                if other != a:
                    assert _overlap(pa.hit, g.position(other).hit) == pytest.approx(0.0)
        assert sum(_area(g.position(i).hit) for i in indices) == pytest.approx(1.0)
        assert g.cells[cell].kind not in (CellRole.START_AREA, CellRole.ANOMALY)
    for corner in {f.corner for f in g.firing_positions}:
        pair = [g.position(f.position) for f in g.firing_positions if f.corner == corner]
        assert len(pair) == 2  # neither adjacent nor opposite for the rules, apart on the board
        assert _overlap(pair[0].polygon, pair[1].polygon) == pytest.approx(0.0)


@BOARDS
def test_the_geometry_json_validates_against_its_schema(topology: ap.Topology) -> None:
    """to_dict gives plain JSON that the shipped draft 2020-12 schema accepts."""
    schema = geometry_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    data = json.loads(json.dumps(board_geometry(topology).to_dict()))
    jsonschema.Draft202012Validator(schema).validate(data)
    assert (data["width"], data["height"]) == (topology.width, topology.height)
    assert len(data["cells"]) == topology.width * topology.height


def test_the_schema_rejects_a_broken_document() -> None:
    """The schema is strict: a missing field, an unknown kind or a bad point are errors."""
    validator = jsonschema.Draft202012Validator(geometry_schema())
    good = G.to_dict()
    assert validator.is_valid(good)
    for broken in (
        {k: v for k, v in good.items() if k != "cells"},
        {**good, "cells": [{**good["cells"][0], "kind": "lava"}]},
        {**good, "positions": [{**good["positions"][0], "tip": [1.0]}]},
        {**good, "format_version": 2},
        {**good, "extra": 1},
    ):
        assert not validator.is_valid(broken)


def test_the_json_names_everything_it_refers_to() -> None:
    """Tubes, firing positions and Start Areas refer to cells and positions by name."""
    data = G.to_dict()
    assert data["wormholes"][0] == {
        "ends": ["b1", "i1"],
        "path": [[1.5, 0.5], [1.5, -1.0], [8.5, -1.0], [8.5, 0.5]],
    }
    assert data["firing_positions"][0] == {
        "name": "a1S",
        "position": B.position("a1S"),
        "corner": "a1",
        "edge": "S",
        "link": "b1.sw",
        "fires_into": "e6",
    }
    assert data["singularity"]["point"] == [5.0, 5.0]
    assert sorted(data["singularity"]["cells"]) == ["e5", "e6", "f5", "f6"]
    assert data["start_areas"][2]["side"] == "left" and data["start_areas"][2]["seat"] == "W"


def test_lookups_by_name_or_index_and_their_errors() -> None:
    """cell() and position() take an index or a name and raise ValueError for anything else,
    the apexes of off-grid cells included (nothing can stand there)."""
    assert G.cell("E2") is G.cell(B.cell("e2"))
    assert G.position("E2.NE") is G.position(B.position("e2.ne"))
    for bad_cell in ("k1", "Sl", "a1.ne", 100, -1):
        with pytest.raises(ValueError, match="not a cell"):
            G.cell(bad_cell)
    for bad_pos in ("d1.ne", "e2", "x", B.position("d1.ne"), B.n_positions, -1):
        with pytest.raises(ValueError, match="not a position"):
            G.position(bad_pos)


def test_a_link_through_a_corner_the_cell_does_not_have_is_an_error() -> None:
    """A firing position whose link does not touch its corner cell cannot be drawn."""
    bad = ap.Topology(
        width=6,
        height=4,
        singularity=(),
        hyperspace=(),
        wormholes=(),
        anomaly_corners=(0,),
        firing_positions=(
            ap.FiringPosition("a1S", corner=0, link_cell=8, link_apex=2, fires_into=14),
            ap.FiringPosition("a1W", corner=0, link_cell=6, link_apex=2, fires_into=15),
        ),
        start_areas=(),
    )
    with pytest.raises(ValueError, match="a1S: cell a1 does not touch"):
        board_geometry(bad)


def test_geometry_is_a_frozen_value() -> None:
    """The geometry of equal boards compares equal and cannot be changed."""
    assert board_geometry(B) == G
    assert isinstance(G, BoardGeometry)
    with pytest.raises(AttributeError):
        G.width = 3  # type: ignore[misc]


def test_geometry_does_not_import_the_topology_at_run_time() -> None:
    """geometry.py imports only the lowest layers of the package (enums, pieces) at run time,
    so topology.py can import it; Topology is a type-checking-only import."""
    source = Path(geometry_module.__file__).read_text(encoding="utf-8")
    tree = ast.parse(source)
    runtime: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            continue
        for sub in ast.walk(node):
            if isinstance(sub, ast.ImportFrom) and sub.module:
                runtime.add(sub.module)
            elif isinstance(sub, ast.Import):
                runtime.update(alias.name for alias in sub.names)
    package = {m for m in runtime if m.startswith("astroplane")}
    assert package <= {"astroplane.games.astroplane.enums", "astroplane.games.astroplane.pieces"}
