"""The kit's board graphs (astroplane.kit.graph): a Morris board in a few dozen lines,
with the tables rules ask for, and boards that cannot be drawn or played rejected."""

from __future__ import annotations

import pytest

from astroplane.kit.graph import BoardGraph

# The 24-point Morris board of Square Off [SO1]: three squares and four joining lines.
RINGS = (("a7", "d7", "g7", "g4", "g1", "d1", "a1", "a4"),
         ("b6", "d6", "f6", "f4", "f2", "d2", "b2", "b4"),
         ("c5", "d5", "e5", "e4", "e3", "d3", "c3", "c4"))  # fmt: skip
JOINS = (("a4", "b4", "c4"), ("e4", "f4", "g4"), ("d1", "d2", "d3"), ("d5", "d6", "d7"))


def morris() -> BoardGraph:
    names = [n for ring in RINGS for n in ring]
    coords = [("abcdefg".index(n[0]), int(n[1]) - 1) for n in names]
    links = [(r[i], r[(i + 1) % 8]) for r in RINGS for i in range(8)]
    links += [(j[0], j[1]) for j in JOINS] + [(j[1], j[2]) for j in JOINS]
    lines = [(r[i], r[i + 1], r[(i + 2) % 8]) for r in RINGS for i in (0, 2, 4, 6)]
    return BoardGraph.build(names, coords, links, [*lines, *JOINS])


def test_the_morris_board_has_its_counts() -> None:
    """24 points, 32 links, 16 lines; every point on exactly two lines; 32 jumps (16
    lines, both ways) [SO1], [SO7]."""
    g = morris()
    assert (len(g), len(g.links), len(g.lines), len(g.jumps)) == (24, 32, 16, 32)
    assert all(len(k) == 2 for k in g.lines_of)
    assert sorted(len(n) for n in g.neighbours) == [2] * 12 + [3] * 8 + [4] * 4


def test_neighbours_are_the_links() -> None:
    """d2 is linked to b2, f2, d1 and d3; d3 is not linked to d5 [SO1]."""
    g = morris()
    assert {g.names[n] for n in g.neighbours[g.point("d2")]} == {"b2", "f2", "d1", "d3"}
    assert not g.is_linked(g.point("d3"), g.point("d5"))


def test_hit_radius_separates_the_points() -> None:
    """A click within the hit radius of a point is closer to it than to any other."""
    g = morris()
    assert g.hit_radius == 0.5
    assert g.bounds == (0.0, 0.0, 6.0, 6.0)


@pytest.mark.parametrize(
    ("names", "links", "lines", "problem"),
    [
        (("a1", "a1"), (), (), "named twice"),
        (("a 1", "b1"), (), (), "a point name is"),
        (("a1", "b1"), (("a1", "c1"),), (), "no point named 'c1'"),
        (("a1", "b1"), (("a1", "b1"), ("b1", "a1")), (), "given twice"),
        (("a1", "b1"), (("a1", "a1"),), (), "self-link"),
        (("a1", "b1"), (), (("a1", "b1"),), "are not linked"),
        (("a1", "b1"), (("a1", "b1"),), (("a1",),), "two or more distinct points"),
    ],
)
def test_malformed_boards_are_rejected(
    names: tuple[str, ...],
    links: tuple[tuple[str, str], ...],
    lines: tuple[tuple[str, ...], ...],
    problem: str,
) -> None:
    """A board with a duplicate or malformed name, an unknown point, a repeated or
    self-link, or a line that does not follow links is a ValueError saying which."""
    with pytest.raises(ValueError, match=problem):
        BoardGraph.build(names, [(0, 0)] * len(names), links, lines)
