"""The reference board against RULES.md section 1, and the board as data.

Every expected table below is typed from the spec (RULES.md 1.1-1.5) so that a wrong
topology fails; nothing is derived from the engine's own tables.
"""

from __future__ import annotations

from collections import deque

import pytest

import astroplane as ap
from astroplane.games.astroplane.topology import (
    STEP_HYPERSPACE,
    STEP_PLAIN,
    STEP_SINGULARITY,
    STEP_THROUGH,
)
from helpers import BIG_BOARD
from helpers import REFERENCE_MAP as MAP

B = ap.REFERENCE_BOARD
SIZE = 10
APEXES = ("ne", "nw", "sw", "se")
K = ap.CellKind

# ---- the spec's tables, typed in ------------------------------------------------------


#: 1.4: Singularity cell -> its Singularity apex.
SINGULARITY = {"e5": "ne", "f5": "nw", "e6": "se", "f6": "sw"}
#: 1.4: Hyperspace cell per side.
HYPERSPACE = {"S": "e1", "W": "a6", "N": "f10", "E": "j5"}
#: 1.4: Wormhole tubes per edge.
WORMHOLES = {"S": ("b1", "i1"), "W": ("a2", "a9"), "N": ("b10", "i10"), "E": ("j2", "j9")}
#: 1.4: Anomaly corner cells.
ANOMALY_CORNERS = ("a1", "a10", "j10", "j1")
#: 1.4: Start Area name -> (cell, entry cell, entry apex).
START_AREAS = {
    "Sl": ("d1", "e2", "sw"),
    "Sr": ("g1", "f2", "se"),
    "Wl": ("a7", "b6", "nw"),
    "Wr": ("a4", "b5", "sw"),
    "Nl": ("g10", "f9", "ne"),
    "Nr": ("d10", "e9", "nw"),
    "El": ("j4", "i5", "se"),
    "Er": ("j7", "i6", "ne"),
}
#: 1.5: from (cell.apex) -> (firing position, fires into).
ANOMALY_LINKS = {
    "b1.sw": ("a1S", "e6"),
    "a2.sw": ("a1W", "f5"),
    "a9.nw": ("a10W", "f6"),
    "b10.nw": ("a10N", "e5"),
    "i10.ne": ("j10N", "f5"),
    "j9.ne": ("j10E", "e6"),
    "j2.se": ("j1E", "e5"),
    "i1.se": ("j1S", "f6"),
}
#: Brief / topology module: firing position indices 400..407, Start Areas 408..415.
FIRING_ORDER = ("a1S", "j1S", "a10W", "a1W", "j10N", "a10N", "j1E", "j10E")
START_ORDER = ("Sl", "Sr", "Wl", "Wr", "Nl", "Nr", "El", "Er")


# ---- independent helpers ----------------------------------------------------------------


def xy(name: str) -> tuple[int, int]:
    """Coordinates of a cell name, computed from the spec's chess-like naming (1.1)."""
    return "abcdefghij".index(name[0]), int(name[1:]) - 1


def cell_of(name: str) -> int:
    x, y = xy(name)
    return y * SIZE + x


def pos_of(name: str) -> int:
    """Index of ``cell.apex`` per the numbering (cell = y*10+x, position = 4*cell+apex)."""
    cell, apex = name.split(".")
    return 4 * cell_of(cell) + APEXES.index(apex)


def map_symbols() -> dict[str, str]:
    """Cell name -> symbol of the 1.3 map."""
    rows = MAP.strip().splitlines()
    assert len(rows) == SIZE
    out = {}
    for r, row in enumerate(rows):
        symbols = row.split()
        assert len(symbols) == SIZE
        for x, symbol in enumerate(symbols):
            out[f"{'abcdefghij'[x]}{SIZE - r}"] = symbol
    return out


SYMBOLS = map_symbols()
OFF_CELLS = {n for n, s in SYMBOLS.items() if s == "A" or s in START_AREAS}
GRID_CELLS = [n for n in SYMBOLS if n not in OFF_CELLS]
_DIRS = {"ne": (1, 1), "nw": (-1, 1), "sw": (-1, -1), "se": (1, -1)}


def geometric_target(cell: str, apex: str) -> str | None:
    """The cell sharing only corner ``apex`` with ``cell`` (1.1), None off the board."""
    x, y = xy(cell)
    dx, dy = _DIRS[apex]
    tx, ty = x + dx, y + dy
    if 0 <= tx < SIZE and 0 <= ty < SIZE:
        return f"{'abcdefghij'[tx]}{ty + 1}"
    return None


def expected_usable(cell: str, apex: str) -> bool:
    """Usable per 1.5: leads to an on-board grid cell, or is one of the eight Anomaly links."""
    if cell in OFF_CELLS:
        return False
    target = geometric_target(cell, apex)
    return (target is not None and target not in OFF_CELLS) or f"{cell}.{apex}" in ANOMALY_LINKS


def rot_xy(x: int, y: int) -> tuple[int, int]:
    """Rotation by 90 degrees clockwise of 1.2: (x, y) -> (y, 9 - x)."""
    return y, SIZE - 1 - x


def rot_cell(c: int) -> int:
    y, x = divmod(c, SIZE)
    rx, ry = rot_xy(x, y)
    return ry * SIZE + rx


def rot_name(name: str) -> str:
    x, y = xy(name)
    rx, ry = rot_xy(x, y)
    return f"{'abcdefghij'[rx]}{ry + 1}"


SEAT_ROT = {"S": "W", "W": "N", "N": "E", "E": "S"}


def rot_firing_name(name: str) -> str:
    """a1S -> a10W: the corner rotates and the edge letter moves on clockwise."""
    return rot_name(name[:-1]) + SEAT_ROT[name[-1]]


def rot_pos(p: int) -> int:
    """Rotate any position index (grid, firing position, Start Area) by 90 degrees."""
    if p < 0:
        return p
    if p < B.fire_base:
        return 4 * rot_cell(p >> 2) + ((p & 3) + 3) % 4
    if p < B.start_base:
        return B.fire_base + FIRING_ORDER.index(rot_firing_name(FIRING_ORDER[p - B.fire_base]))
    name = START_ORDER[p - B.start_base]
    return B.start_base + START_ORDER.index(SEAT_ROT[name[0]] + name[1])


def reachable_cells(starts: list[int]) -> set[int]:
    """Cells reached from ``starts`` by single-piece steps, Hyperspace and Wormholes (BFS)."""
    seen = set(starts)
    todo = deque(starts)
    while todo:
        p = todo.popleft()
        for dest, _how in B.step_dests[p] + B.travel_dests[p]:
            if dest not in seen:
                seen.add(dest)
                todo.append(dest)
    return {p >> 2 for p in seen if p < B.fire_base}


# ---- 1.1 coordinates and naming -----------------------------------------------------------


def test_1_1_cell_numbering_and_names() -> None:
    """Cells are numbered y*10+x with a1 bottom-left = 0 and j10 = 99; names round-trip (1.1)."""
    assert (B.width, B.height, B.n_cells) == (10, 10, 100)
    for name, (c, x, y) in {
        "a1": (0, 0, 0),
        "b1": (1, 1, 0),
        "j1": (9, 9, 0),
        "a2": (10, 0, 1),
        "e2": (14, 4, 1),
        "a10": (90, 0, 9),
        "j10": (99, 9, 9),
    }.items():
        assert B.cell(name) == c == y * 10 + x
        assert B.cell_name(c) == name
    for c in range(100):
        assert B.cell(B.cell_name(c)) == c


def test_1_1_position_numbering_and_names() -> None:
    """Grid positions are 4*cell+apex (ne nw sw se), firing positions 400..407 in the documented
    order, Start Areas 408..415; every name round-trips."""
    assert B.position("e2.ne") == 56
    assert B.position("e2.sw") == 4 * 14 + 2
    assert B.position("j10.se") == 399
    for i, name in enumerate(FIRING_ORDER):
        assert B.position(name) == 400 + i
        assert B.firing_positions[i].name == name
    for i, name in enumerate(START_ORDER):
        assert B.position(name) == 408 + i
        seat, side = divmod(i, 2)
        assert B.start_position(seat, side) == 408 + i
    assert (B.fire_base, B.start_base, B.n_positions) == (400, 408, 416)
    for p in range(B.n_positions):
        assert B.position(B.position_name(p)) == p


@pytest.mark.parametrize("bad", ["k1.ne", "a11.ne", "a0.ne", "e2.up", "e2", "a1X", "Sx", "", "e2."])
def test_1_1_bad_position_names_raise(bad: str) -> None:
    """Names that are not positions of the board raise ValueError."""
    with pytest.raises(ValueError):
        B.position(bad)


@pytest.mark.parametrize("bad", ["k1", "a11", "a0", "1a", "e", ""])
def test_1_1_bad_cell_names_raise(bad: str) -> None:
    """Names that are not cells of the board raise ValueError."""
    with pytest.raises(ValueError):
        B.cell(bad)


def test_1_1_bad_position_index_raises() -> None:
    """position_name rejects indices outside 0..415."""
    for bad in (-1, 416):
        with pytest.raises(ValueError):
            B.position_name(bad)


def test_1_1_link_geometry_ne_leads_to_x_plus_1_y_plus_1_through_sw() -> None:
    """Every apex leading to a grid cell links to the diagonal neighbour, entered through the
    opposite apex (1.1); e.g. e2.ne -> f3.sw."""
    assert B.link[pos_of("e2.ne")] == pos_of("f3.sw")
    checked = 0
    for cell in GRID_CELLS:
        for apex in APEXES:
            target = geometric_target(cell, apex)
            p = pos_of(f"{cell}.{apex}")
            if f"{cell}.{apex}" in ANOMALY_LINKS:
                continue
            if target is None or target in OFF_CELLS:
                assert B.link[p] == -1, f"{cell}.{apex} must lead nowhere"
            else:
                opposite = APEXES[APEXES.index(apex) ^ 2]
                assert B.link[p] == pos_of(f"{target}.{opposite}"), f"{cell}.{apex}"
                checked += 1
    usable = sum(expected_usable(c, a) for c in GRID_CELLS for a in APEXES)
    assert checked == usable - len(ANOMALY_LINKS)


def test_1_1_apexes_into_start_areas_and_corners_lead_nowhere() -> None:
    """No move enters a Start Area or an Anomaly corner cell through an apex (1.4, [D3])."""
    assert B.link[pos_of("e2.sw")] == -1  # would be d1 = Sl
    assert B.link[pos_of("c2.se")] == -1  # would be d1 = Sl
    assert B.link[pos_of("b2.sw")] == -1  # would be a1 = Anomaly corner
    assert not B.usable[pos_of("b2.sw")]
    for cell in OFF_CELLS:
        for apex in APEXES:
            assert B.link[pos_of(f"{cell}.{apex}")] == -1
            assert not B.usable[pos_of(f"{cell}.{apex}")]
        assert B.cell_positions[cell_of(cell)] == ()


def test_d1_universe_is_checkerboard_colour() -> None:
    """The universe of a cell is (x + y) mod 2 [D1]."""
    for name in SYMBOLS:
        x, y = xy(name)
        assert B.universe[cell_of(name)] == (x + y) % 2
    assert B.universe[cell_of("a1")] == 0
    assert B.universe[cell_of("b1")] == 1


def test_d1_plain_steps_keep_the_universe() -> None:
    """A plain diagonal step never changes universe; only Hyperspace/Wormholes can [D1]."""
    for p in range(B.fire_base):
        for dest, how in B.step_dests[p]:
            if dest < B.fire_base and how in (STEP_PLAIN, STEP_SINGULARITY):
                assert B.universe[dest >> 2] == B.universe[p >> 2]
    crossing = {
        how
        for p in range(B.fire_base)
        for dest, how in B.step_dests[p]
        if dest < B.fire_base and B.universe[dest >> 2] != B.universe[p >> 2]
    }
    assert crossing == {STEP_HYPERSPACE, STEP_THROUGH}


# ---- 1.3 / 1.4 map and special cells --------------------------------------------------------


def test_1_3_map_kind_of_every_cell() -> None:
    """The kind of each of the 100 cells matches the map of 1.3 ([D23] for entry cells)."""
    expected_kind = {
        "A": K.OFF,
        "O": K.WORMHOLE,
        "H": K.HYPERSPACE,
        "C": K.SINGULARITY,
        "s": K.ENTRY,
        "w": K.ENTRY,
        "n": K.ENTRY,
        "e": K.ENTRY,
        ".": K.ORDINARY,
    }
    for name, symbol in SYMBOLS.items():
        want = K.OFF if symbol in START_AREAS else expected_kind[symbol]
        assert B.kind[cell_of(name)] == want, f"{name} ({symbol})"
    counts = {k: sum(1 for v in B.kind if v == k) for k in K}
    assert counts == {
        K.OFF: 12,
        K.WORMHOLE: 8,
        K.HYPERSPACE: 4,
        K.SINGULARITY: 4,
        K.ENTRY: 8,
        K.ORDINARY: 64,
    }


def test_1_3_map_start_areas_and_entry_letters_agree_with_tables() -> None:
    """The map's Start Area cells and s/w/n/e entry cells agree with the 1.4 table."""
    for area, (cell, entry, _apex) in START_AREAS.items():
        assert SYMBOLS[cell] == area
        assert SYMBOLS[entry] == area[0].lower()


def test_1_4_singularity_cells_and_apexes() -> None:
    """e5 ne, f5 nw, e6 se, f6 sw: the Singularity is their common corner (1.4)."""
    got = {(B.cell_name(c), APEXES[a]) for c, a in B.singularity}
    assert got == set(SINGULARITY.items())
    for cell in range(100):
        name = B.cell_name(cell)
        if name in SINGULARITY:
            assert B.singularity_position[cell] == pos_of(f"{name}.{SINGULARITY[name]}")
            assert B.kind[cell] == K.SINGULARITY
        else:
            assert B.singularity_position[cell] == -1
    # the four apexes meet in one point: the corner (5, 5) of the grid lines
    corners = set()
    for name, apex in SINGULARITY.items():
        x, y = xy(name)
        dx, dy = _DIRS[apex]
        corners.add((2 * x + 1 + dx, 2 * y + 1 + dy))
    assert corners == {(10, 10)}


def test_1_4_hyperspace_cells() -> None:
    """Hyperspace cells are e1, a6, f10, j5 (1.4)."""
    assert {B.cell_name(c) for c in B.hyperspace} == set(HYPERSPACE.values())
    assert B.cell_name(B.hyperspace[0]) == HYPERSPACE["S"]


def test_1_4_hyperspace_covers_both_universes() -> None:
    """Hyperspace circumnavigates both universes: e1, f10 universe 0; a6, j5 universe 1 (11.3)."""
    by_universe = {B.cell_name(c): B.universe[c] for c in B.hyperspace}
    assert by_universe == {"e1": 0, "f10": 0, "a6": 1, "j5": 1}


def test_1_4_wormhole_tubes() -> None:
    """Wormhole tubes b1<->i1, a2<->a9, b10<->i10, j2<->j9 (1.4)."""
    got = {frozenset((B.cell_name(a), B.cell_name(b))) for a, b in B.wormholes}
    assert got == {frozenset(t) for t in WORMHOLES.values()}
    for a, b in WORMHOLES.values():
        assert B.wormhole_partner[cell_of(a)] == cell_of(b)
        assert B.wormhole_partner[cell_of(b)] == cell_of(a)
    ends = {cell_of(n) for t in WORMHOLES.values() for n in t}
    for c in range(100):
        if c not in ends:
            assert B.wormhole_partner[c] == -1


def test_d24_each_wormhole_tube_joins_both_universes() -> None:
    """Every Wormhole tube crosses from one universe to the other [D24]."""
    for a, b in B.wormholes:
        assert {B.universe[a], B.universe[b]} == {0, 1}


def test_d24_b1_nw_falls_through_to_the_next_wormhole() -> None:
    """b1.nw leads to a2 (entered through se), and a step from b1.nw can go straight through
    to a9 ("fall through one Wormhole to the next") [D24, D12]."""
    assert B.link[pos_of("b1.nw")] == pos_of("a2.se")
    dests = dict(B.step_dests[pos_of("b1.nw")])
    assert dests[pos_of("a2.ne")] == STEP_PLAIN
    assert dests[pos_of("a2.sw")] == STEP_PLAIN  # the link to a1W
    assert pos_of("a2.se") not in dests  # the entry apex is not taken
    for q in B.cell_positions[cell_of("a9")]:
        assert dests[q] == STEP_THROUGH
    assert B.step_through(pos_of("b1.nw"), pos_of("a9.ne"))
    assert not B.step_through(pos_of("b1.nw"), pos_of("a2.ne"))
    # and the rotated one: a9.ne -> b10 (entered through sw)
    assert B.link[pos_of("a9.ne")] == pos_of("b10.sw")


def test_1_4_anomaly_corners() -> None:
    """Anomaly corner cells are a1, a10, j10, j1, each holding two firing positions (1.4, 7)."""
    assert {B.cell_name(c) for c in B.anomaly_corners} == set(ANOMALY_CORNERS)
    pairs = {B.cell_name(c): {B.position_name(p) for p in fps} for c, fps in B.corner_firing}
    assert pairs == {
        "a1": {"a1S", "a1W"},
        "a10": {"a10W", "a10N"},
        "j10": {"j10N", "j10E"},
        "j1": {"j1E", "j1S"},
    }


def test_1_4_start_areas_and_entries() -> None:
    """Start Areas per seat (left/right as the player sees it), exit -> entry cell and the
    apex it is entered through (1.4)."""
    assert len(B.start_areas) == 8
    for i, area in enumerate(B.start_areas):
        cell, entry, apex = START_AREAS[area.name]
        assert area.name == START_ORDER[i]
        assert (area.seat, area.side) == divmod(i, 2)
        assert "SWNE"[area.seat] + "lr"[area.side] == area.name
        assert B.cell_name(area.cell) == cell
        assert B.cell_name(area.entry_cell) == entry
        assert APEXES[area.entry_apex] == apex
        assert B.link[408 + i] == pos_of(f"{entry}.{apex}")
        # A step out of a Start Area takes one of the other three usable apexes of the entry.
        dests = {d for d, _ in B.step_dests[408 + i]}
        others = {pos_of(f"{entry}.{a}") for a in APEXES if a != apex}
        assert dests == {q for q in others if B.usable[q]}
        assert dests


def test_1_4_start_area_entry_apex_faces_the_start_area() -> None:
    """The entry apex of each Start Area's entry cell points at the Start Area cell (1.4)."""
    for cell, entry, apex in START_AREAS.values():
        assert geometric_target(entry, apex) == cell


# ---- 1.5 links, Anomaly and usable apexes ---------------------------------------------------


def test_d5_the_eight_anomaly_links() -> None:
    """Each of the eight links leads cell.apex -> firing position -> fires into the listed
    Singularity cell, and stepping back out goes through the same apex [D5, D20]."""
    assert len(B.firing_positions) == 8
    for origin, (fp_name, fires_into) in ANOMALY_LINKS.items():
        fp = B.position(fp_name)
        fpos = B.firing_positions[fp - B.fire_base]
        cell, apex = origin.split(".")
        assert (B.cell_name(fpos.link_cell), APEXES[fpos.link_apex]) == (cell, apex)
        assert B.cell_name(fpos.corner) == fp_name[:-1]
        assert B.cell_name(fpos.fires_into) == fires_into
        assert B.fire_target[fp] == cell_of(fires_into)
        assert B.link[pos_of(origin)] == fp
        assert B.link[fp] == pos_of(origin)
        assert B.step_dests[pos_of(origin)] == ((fp, STEP_PLAIN),)
        # stepping back out enters the Wormhole end through the link apex
        back = {d for d, _ in B.step_dests[fp]}
        assert pos_of(origin) not in back
        assert back == {q for q in B.cell_positions[cell_of(cell)] if q != pos_of(origin)} | {
            q for q in B.cell_positions[B.wormhole_partner[cell_of(cell)]]
        }
    for p in range(B.n_positions):
        if not B.fire_base <= p < B.start_base:
            assert B.fire_target[p] == -1


def test_d5_fires_into_the_far_side_off_the_corner_diagonal() -> None:
    """A corner's two firing positions fly into the two centre cells that are neither the
    nearest nor the farthest on the corner's diagonal [D5]."""
    for corner in ANOMALY_CORNERS:
        cx, cy = xy(corner)
        targets = {v[1] for k, v in ANOMALY_LINKS.items() if v[0][:-1] == corner}
        diagonal = {n for n in SINGULARITY if abs(xy(n)[0] - cx) == abs(xy(n)[1] - cy)}
        assert targets == set(SINGULARITY) - diagonal


def test_d4_usable_apexes_match_the_definition() -> None:
    """An apex is usable iff it leads to an on-board grid cell or is one of the eight Anomaly
    links (1.5, [D4]); cell_positions lists exactly the usable ones in apex order."""
    for name in SYMBOLS:
        c = cell_of(name)
        want = [expected_usable(name, a) for a in APEXES]
        assert [B.usable[4 * c + a] for a in range(4)] == want, name
        if name not in OFF_CELLS:
            assert B.cell_positions[c] == tuple(4 * c + a for a in range(4) if want[a])
            assert B.usable_positions(c) == B.cell_positions[c]
    assert len(B.usable) == B.fire_base


@pytest.mark.parametrize(
    ("cell", "usable"),
    [
        ("a2", ("ne", "sw", "se")),
        ("b1", ("ne", "nw", "sw")),
        ("c1", ("ne", "nw")),
        ("e1", ("ne", "nw")),
        ("e2", ("ne", "nw", "se")),
        ("b2", ("ne", "nw", "se")),
        ("e5", ("ne", "nw", "sw", "se")),
        ("a6", ("ne", "se")),
        ("j10", ()),
    ],
)
def test_d4_usable_apexes_examples(cell: str, usable: tuple[str, ...]) -> None:
    """Worked examples of usable apexes, typed by hand from the map (1.5, [D4])."""
    assert tuple(APEXES[p & 3] for p in B.usable_positions(B.cell(cell))) == usable


def test_1_5_every_grid_cell_has_at_least_two_usable_apexes() -> None:
    """With the Anomaly links every grid cell has at least two usable apexes (1.5)."""
    for name in GRID_CELLS:
        assert len(B.cell_positions[cell_of(name)]) >= 2, name
    assert len(GRID_CELLS) == 88


# ---- reachability ---------------------------------------------------------------------------


def test_1_5_every_grid_cell_is_reachable_from_the_start_areas() -> None:
    """Every grid cell (and every firing position) is reachable by a single piece from the
    Start Areas by steps, Hyperspace and Wormholes (1.5)."""
    starts = [B.start_base + i for i in range(8)]
    cells = reachable_cells(starts)
    assert {B.cell_name(c) for c in cells} == set(GRID_CELLS)


@pytest.mark.parametrize("seat", [0, 1, 2, 3])
def test_d1_every_seat_reaches_both_universes_and_every_cell(seat: int) -> None:
    """From one seat's own Start Areas alone, both universes and every grid cell are
    reachable [D1]."""
    cells = reachable_cells([B.start_position(seat, 0), B.start_position(seat, 1)])
    assert {B.universe[c] for c in cells} == {0, 1}
    assert {B.cell_name(c) for c in cells} == set(GRID_CELLS)


@pytest.mark.parametrize("seat", [0, 1, 2, 3])
def test_d1_without_hyperspace_and_wormholes_a_start_area_stays_in_one_universe(seat: int) -> None:
    """Negative case: with plain steps only, a piece from one Start Area never changes
    universe, so Hyperspace and Wormholes are what connect the universes [D1]."""
    for side in (0, 1):
        start = B.start_position(seat, side)
        seen = {start}
        todo = deque([start])
        while todo:
            p = todo.popleft()
            for dest, how in B.step_dests[p]:
                if how in (STEP_PLAIN, STEP_SINGULARITY) and dest not in seen:
                    seen.add(dest)
                    todo.append(dest)
        universes = {B.universe[p >> 2] for p in seen if p < B.fire_base}
        area = B.start_areas[start - B.start_base]
        assert universes == {B.universe[area.entry_cell]}


def test_hyperspace_step_continues_to_the_other_three_cells() -> None:
    """Entering a Hyperspace cell continues to any usable apex of the other three [D11]."""
    p = pos_of("d2.se")  # leads into e1
    assert B.link[p] == pos_of("e1.nw")
    want = {q for h in ("a6", "f10", "j5") for q in B.cell_positions[cell_of(h)]}
    assert {d for d, how in B.step_dests[p] if how == STEP_HYPERSPACE} == want
    assert all(how == STEP_HYPERSPACE for _, how in B.step_dests[p])


def test_singularity_step_lands_on_the_singularity_apex() -> None:
    """A step into a Singularity cell ends at its Singularity apex [D13]."""
    for name, apex in SINGULARITY.items():
        x, y = xy(name)
        for a, (dx, dy) in _DIRS.items():
            src = f"{'abcdefghij'[x + dx]}{y + dy + 1}"
            if src in SINGULARITY:
                continue
            back = APEXES[APEXES.index(a) ^ 2]
            assert B.step_dests[pos_of(f"{src}.{back}")] == (
                (pos_of(f"{name}.{apex}"), STEP_SINGULARITY),
            )


# ---- 1.2 symmetry ---------------------------------------------------------------------------


def test_1_2_rotation_maps_the_spec_tables_onto_themselves() -> None:
    """The typed spec tables are themselves 4-fold symmetric (sanity of the typing)."""
    assert {rot_name(c) for c in SINGULARITY} == set(SINGULARITY)
    for name, apex in SINGULARITY.items():
        assert SINGULARITY[rot_name(name)] == APEXES[(APEXES.index(apex) + 3) % 4]
    for seat, cell in HYPERSPACE.items():
        assert HYPERSPACE[SEAT_ROT[seat]] == rot_name(cell)
    for seat, (a, b) in WORMHOLES.items():
        assert set(WORMHOLES[SEAT_ROT[seat]]) == {rot_name(a), rot_name(b)}
    for area, (cell, entry, apex) in START_AREAS.items():
        assert START_AREAS[SEAT_ROT[area[0]] + area[1]] == (
            rot_name(cell),
            rot_name(entry),
            APEXES[(APEXES.index(apex) + 3) % 4],
        )
    for origin, (fp, fires) in ANOMALY_LINKS.items():
        cell, apex = origin.split(".")
        rotated = f"{rot_name(cell)}.{APEXES[(APEXES.index(apex) + 3) % 4]}"
        assert ANOMALY_LINKS[rotated] == (rot_firing_name(fp), rot_name(fires))
    for name, symbol in SYMBOLS.items():
        rs = SYMBOLS[rot_name(name)]
        if symbol in START_AREAS:
            assert rs == SEAT_ROT[symbol[0]] + symbol[1]
        elif symbol in ("s", "w", "n", "e"):
            assert rs == SEAT_ROT[symbol.upper()].lower()
        else:
            assert rs == symbol


def test_1_2_four_fold_rotational_symmetry_of_the_compiled_tables() -> None:
    """Rotating (x,y)->(y,9-x), apex a->(a+3)%4, seat S->W->N->E maps every table of the
    board onto itself; the universe flips (an odd-sized shift of x + y) (1.2, [D1])."""
    for c in range(100):
        r = rot_cell(c)
        assert B.kind[r] == B.kind[c]
        assert B.universe[r] == 1 - B.universe[c]
        assert B.wormhole_partner[r] == (
            rot_cell(B.wormhole_partner[c]) if B.wormhole_partner[c] >= 0 else -1
        )
        assert B.singularity_position[r] == rot_pos(B.singularity_position[c])
        assert B.cell_positions[r] == tuple(sorted(rot_pos(p) for p in B.cell_positions[c]))
    for p in range(B.n_positions):
        r = rot_pos(p)
        assert B.link[r] == rot_pos(B.link[p])
        if p < B.fire_base:
            assert B.usable[r] == B.usable[p]
        ft = B.fire_target[p]
        assert B.fire_target[r] == (rot_cell(ft) if ft >= 0 else -1)
        assert set(B.step_dests[r]) == {(rot_pos(d), how) for d, how in B.step_dests[p]}
        assert set(B.travel_dests[r]) == {(rot_pos(d), how) for d, how in B.travel_dests[p]}
    for i, area in enumerate(B.start_areas):
        ra = B.start_areas[rot_pos(B.start_base + i) - B.start_base]
        assert ra.seat == (area.seat + 1) % 4
        assert ra.side == area.side
        assert ra.cell == rot_cell(area.cell)
        assert ra.entry_cell == rot_cell(area.entry_cell)
        assert ra.entry_apex == (area.entry_apex + 3) % 4
    assert {rot_cell(c) for c in B.hyperspace} == set(B.hyperspace)
    assert {rot_cell(c) for c in B.anomaly_corners} == set(B.anomaly_corners)
    assert {frozenset(map(rot_cell, t)) for t in B.wormholes} == {frozenset(t) for t in B.wormholes}
    assert {(rot_cell(c), (a + 3) % 4) for c, a in B.singularity} == set(B.singularity)


def test_1_2_rotation_helper_is_not_the_identity() -> None:
    """Negative control: the rotation used above really moves things (a1 -> a10, e1 -> a6)."""
    assert rot_name("a1") == "a10"
    assert rot_name("e1") == "a6"
    assert rot_firing_name("a1S") == "a10W"
    assert rot_pos(B.position("Sl")) == B.position("Wl")
    assert rot_pos(pos_of("b1.sw")) == pos_of("a9.nw")


# ---- the board is data ----------------------------------------------------------------------

_REF_ARGS = {
    "singularity": ("e5", "ne"),
    "hyperspace": "e1",
    "wormhole": ("b1", "i1"),
    "anomaly": (("a1", "b1", "sw", "e6"), ("j1", "i1", "se", "f6")),
    "start_areas": (("d1", "e2", "sw"), ("g1", "f2", "se")),
}


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("singularity", ("e5", "up")),
        ("singularity", ("z5", "ne")),
        ("hyperspace", "e11"),
        ("hyperspace", "e0"),
        ("wormhole", ("b1", "k1")),
        ("anomaly", (("a1", "b1", "south", "e6"), ("j1", "i1", "se", "f6"))),
        ("anomaly", (("a1", "b1", "sw", "q6"), ("j1", "i1", "se", "f6"))),
        ("start_areas", (("d1", "e2", "sw"), ("g1", "f2", "SE"))),
        ("start_areas", (("d1", "e2", "sw"), ("g1", "??", "se"))),
    ],
)
def test_from_south_rejects_bad_names(field: str, value: object) -> None:
    """Topology.from_south raises ValueError on a name that is not a cell or apex."""
    args = dict(_REF_ARGS, **{field: value})
    with pytest.raises(ValueError):
        ap.Topology.from_south(10, **args)  # type: ignore[arg-type]


def test_from_south_rejects_a_cell_listed_twice() -> None:
    """A special cell listed twice (Hyperspace on a Wormhole end) is an inconsistent board."""
    with pytest.raises(ValueError, match="already"):
        ap.Topology.from_south(10, **dict(_REF_ARGS, hyperspace="b1"))  # type: ignore[arg-type]


def test_from_south_with_reference_layout_rebuilds_the_reference_tables() -> None:
    """Building the reference layout again gives the same compiled tables (board is data)."""
    t = ap.Topology.from_south(10, **_REF_ARGS)  # type: ignore[arg-type]
    for name in ("kind", "universe", "link", "usable", "step_dests", "travel_dests", "start_areas"):
        assert getattr(t, name) == getattr(B, name), name
    # a board compares by its description, so states on it compare equal too
    assert t == B and hash(t) == hash(B)
    assert ap.new_game(2, topology=t) == ap.new_game(2)
    other = ap.Topology.from_south(10, **dict(_REF_ARGS, hyperspace="c1"))  # type: ignore[arg-type]
    assert other != B
    assert ap.new_game(2, topology=other) != ap.new_game(2)


def test_a_different_12x12_board_reports_its_own_tables() -> None:
    """A 12x12 board built with from_south has its own numbering and special cells."""
    t = BIG_BOARD
    assert (t.width, t.height, t.n_cells) == (12, 12, 144)
    assert (t.fire_base, t.start_base, t.n_positions) == (576, 584, 592)
    assert t.cell("l12") == 143
    assert t.position("f2.ne") == 4 * 17
    # rotation (x, y) -> (y, 11 - x): c1 -> a10 -> j12 -> l3
    assert {t.cell_name(c) for c in t.hyperspace} == {"c1", "a10", "j12", "l3"}
    assert {frozenset(map(t.cell_name, w)) for w in t.wormholes} == {
        frozenset({"b1", "k1"}),
        frozenset({"a2", "a11"}),
        frozenset({"b12", "k12"}),
        frozenset({"l2", "l11"}),
    }
    assert {t.cell_name(c): APEXES[a] for c, a in t.singularity} == {
        "f6": "ne",
        "f7": "se",
        "g7": "sw",
        "g6": "nw",
    }
    assert {t.cell_name(c) for c in t.anomaly_corners} == {"a1", "a12", "l12", "l1"}
    assert [fp.name for fp in t.firing_positions] == [
        "a1S",
        "l1S",
        "a12W",
        "a1W",
        "l12N",
        "a12N",
        "l1E",
        "l12E",
    ]
    assert t.position("a12W") == 578
    assert {a.name: (t.cell_name(a.cell), t.cell_name(a.entry_cell)) for a in t.start_areas} == {
        "Sl": ("e1", "f2"),
        "Sr": ("h1", "g2"),
        "Wl": ("a8", "b7"),
        "Wr": ("a5", "b6"),
        "Nl": ("h12", "g11"),
        "Nr": ("e12", "f11"),
        "El": ("l5", "k6"),
        "Er": ("l8", "k7"),
    }
    assert t.kind[t.cell("c1")] == K.HYPERSPACE
    assert t.kind[t.cell("e1")] == K.OFF
    assert t.kind[t.cell("f2")] == K.ENTRY
    assert t.kind[t.cell("d4")] == K.ORDINARY
    assert t.kind[t.cell("g7")] == K.SINGULARITY
    assert t.universe[t.cell("l1")] == 1
    # geometry: f6.ne -> g7 entered through sw; the Anomaly link b1.sw -> a1S
    assert t.link[t.position("f2.ne")] == t.position("g3.sw")
    assert t.link[t.position("b1.sw")] == t.position("a1S")
    assert t.fire_target[t.position("a1S")] == t.cell("f7")
    assert t.cell_name(t.wormhole_partner[t.cell("a2")]) == "a11"
    # cells of the reference board that are special there are ordinary here
    assert t.kind[t.cell("e5")] == K.ORDINARY
    assert t.kind[t.cell("j5")] == K.ORDINARY
    with pytest.raises(ValueError):
        t.cell("m1")
    # it is a working board: a game can be set up and played on it
    game = ap.new_game(2, topology=t)
    assert game.stack("Sl") == (0, 1, 2)
    assert game.legal_moves()
    game.play(game.legal_moves()[0])
