"""The star board [SC1]: points, links, lines, arms, trios, rays and names [SC10]."""

from __future__ import annotations

import itertools
import re

import pytest

from astroplane.games.starcastles import board as board_module
from astroplane.games.starcastles.board import (
    DIRECTIONS,
    HOME_ARMS,
    cube_points,
    opposite,
    star_board,
)


def _distance(a: tuple[int, int, int], b: tuple[int, int, int]) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]), abs(a[2] - b[2]))


@pytest.mark.parametrize(
    ("k", "points", "hexagon", "arm"), [(2, 37, 19, 3), (3, 73, 37, 6), (4, 121, 61, 10)]
)
def test_point_counts(k: int, points: int, hexagon: int, arm: int) -> None:
    """The board of arm k has 3k(k+1)+1 hexagon points and six arms of k(k+1)/2 points:
    k=2: 19 + 6*3 = 37; k=3: 37 + 6*6 = 73; k=4: 61 + 6*10 = 121 (Chinese checkers)."""
    b = star_board(k)
    assert len(b) == points
    assert b.arm_of.count(-1) == hexagon
    assert [b.arm_of.count(a) for a in range(6)] == [arm] * 6


@pytest.mark.parametrize("k", [2, 3, 4])
def test_links_are_the_lattice_neighbours(k: int) -> None:
    """Two points are linked exactly when their cube distance is 1 [SC1]."""
    b = star_board(k)
    linked = set(b.graph.links)
    for p, q in itertools.combinations(range(len(b)), 2):
        assert ((p, q) in linked) == (_distance(b.cube[p], b.cube[q]) == 1)
    for p in range(len(b)):
        assert sorted(b.neighbours[p]) == sorted(b.graph.neighbours[p])


def test_the_reference_board_has_84_links() -> None:
    """k=2: the hexagon of radius 2 has 3r(3r+1) = 42 links; each arm adds its own 3
    (a triangle) and 4 to the hexagon (b1-c3, b1-c4, b2-c4, b2-c5): 6 * 7 = 42; 84 in all."""
    assert len(star_board(2).graph.links) == 84


@pytest.mark.parametrize("k", [2, 3, 4])
def test_lines_are_contiguous_rows(k: int) -> None:
    """Each lattice row (one coordinate constant) meets the board in one contiguous run,
    which is one line; the lines cover every link exactly once [SC1]."""
    b = star_board(k)
    pts = cube_points(k)
    for axis in range(3):
        for value in range(-2 * k, 2 * k + 1):
            row = [c for c in pts if c[axis] == value]
            other = (axis + 1) % 3
            coords = sorted(c[other] for c in row)
            assert coords == list(range(coords[0], coords[0] + len(coords)))
    covered = [tuple(sorted(pair)) for line in b.graph.lines for pair in itertools.pairwise(line)]
    assert sorted(covered) == sorted(b.graph.links)
    # rows with two or more points: 2 * (4k+1) - 2 per axis... all but the two one-point tips
    assert len(b.graph.lines) == 3 * (4 * k + 1 - 2)


@pytest.mark.parametrize("k", [2, 3, 4])
def test_arms_and_trios(k: int) -> None:
    """Arms follow [SC1]'s compass (0 N: z < -k, then clockwise); an arm's trio is its tip
    (cube distance 2k from the centre) and the tip's two neighbours in the arm; the trio
    of the opposite arm is its point reflection."""
    b = star_board(k)
    tests = (
        lambda c: c[2] < -k,
        lambda c: c[0] > k,
        lambda c: c[1] < -k,
        lambda c: c[2] > k,
        lambda c: c[0] < -k,
        lambda c: c[1] > k,
    )
    for p, c in enumerate(b.cube):
        assert b.arm_of[p] == next((a for a, t in enumerate(tests) if t(c)), -1)
    for a, (tip, n1, n2) in enumerate(b.trios):
        assert max(map(abs, b.cube[tip])) == 2 * k
        assert {n1, n2} == {q for q in b.neighbours[tip] if b.arm_of[q] == a}
        mirrored = {tuple(-v for v in b.cube[p]) for p in b.trios[opposite(a)]}
        assert {b.cube[p] for p in (tip, n1, n2)} == mirrored
        assert all(b.trio_arm[p] == a for p in (tip, n1, n2))
    assert sum(t >= 0 for t in b.trio_arm) == 18


def test_reference_trios_by_name() -> None:
    """On the 37-point board each arm is its trio: a1 b1 b2 (N), c7 c6 d6 (NE), g7 f6 g6
    (SE), i1 h1 h2 (S), g1 f1 g2 (SW), c1 c2 d1 (NW), tip first."""
    b = star_board(2)
    assert [" ".join(b.names[p] for p in t) for t in b.trios] == [
        "a1 b1 b2",
        "c7 c6 d6",
        "g7 f6 g6",
        "i1 h1 h2",
        "g1 f1 g2",
        "c1 c2 d1",
    ]


@pytest.mark.parametrize("k", [2, 3, 4])
def test_rays_walk_one_direction_to_the_edge(k: int) -> None:
    """rays[p][d] is p + d, p + 2d, ... while on the board; step[p][d] its first point or
    -1; the last point of a ray has no further point that way."""
    b = star_board(k)
    steps = ((1, 0, -1), (1, -1, 0), (0, -1, 1), (-1, 0, 1), (-1, 1, 0), (0, 1, -1))
    at = {c: p for p, c in enumerate(b.cube)}
    for p, c in enumerate(b.cube):
        for d, (dx, dy, dz) in enumerate(steps):
            expected = []
            n = 1
            while (c[0] + n * dx, c[1] + n * dy, c[2] + n * dz) in at:
                expected.append(at[(c[0] + n * dx, c[1] + n * dy, c[2] + n * dz)])
                n += 1
            assert b.rays[p][d] == tuple(expected)
            assert b.step[p][d] == (expected[0] if expected else -1)
    assert max(len(r) for per in b.rays for r in per) == b.max_distance == 3 * k


def test_names_are_row_letter_and_place() -> None:
    """[SC10] names: row letter from the top, place from the left; ids in that order."""
    for k, last in ((2, "i1"), (3, "m1"), (4, "q1")):
        b = star_board(k)
        assert b.names[0] == "a1" and b.names[-1] == last
        assert all(re.fullmatch(r"[a-q][0-9]{1,2}", n) for n in b.names)
        assert len(set(b.names)) == len(b)
        rows = [b.cube[p][2] for p in range(len(b))]
        assert rows == sorted(rows)


def test_the_docstring_diagram_matches_the_tables() -> None:
    """The module docstring's drawing puts each point at its drawing coordinate: four
    columns per unit, the centre e3 at column 20 (the left 48 columns are the drawing)."""
    doc = board_module.__doc__ or ""
    b = star_board(2)
    found = {}
    block = doc[doc.index("::\n") : doc.index("**Arms**")]
    for line in block.splitlines():
        for m in re.finditer(r"\b([a-i][1-7])\b", line[:48]):
            found[m.group(1)] = m.start() - 4  # the block is indented 4
    assert set(found) == set(b.names)
    for name, col in found.items():
        x, _y = b.graph.coords[b.point(name)]
        assert col == 20 + 4 * x, name


def test_names_and_errors() -> None:
    """point() and name() translate both ways and reject what is not on the board."""
    b = star_board(2)
    assert b.name(b.point("e3")) == "e3" and b.name(-1) == "-"
    with pytest.raises(ValueError, match="no point named 'j1'"):
        b.point("j1")
    with pytest.raises(ValueError, match="not a point of the 37-point board: 37"):
        b.name(37)
    with pytest.raises(ValueError, match=r"arm size is 2, 3 or 4, not 5 \[SC1\]"):
        star_board(5)
    with pytest.raises(ValueError, match="not True"):
        star_board(True)


def test_directions_and_default_seats() -> None:
    """Six directions clockwise from the upper right; [SC2]'s default home arms."""
    assert DIRECTIONS == ("ne", "e", "se", "sw", "w", "nw")
    assert HOME_ARMS == {
        2: (0, 3),
        3: (0, 2, 4),
        4: (0, 1, 3, 4),
        5: (0, 1, 2, 3, 4),
        6: (0, 1, 2, 3, 4, 5),
    }
    assert [opposite(a) for a in range(6)] == [3, 4, 5, 0, 1, 2]
