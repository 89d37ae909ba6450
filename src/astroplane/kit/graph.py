"""Boards that are graphs: named points, links between them, straight lines of points, and
where each point is drawn.

A Morris board (24 points, 32 links, 16 lines of three) or a star board (points in cube
coordinates, linked along three axes) is described in a few dozen lines as a
``BoardGraph``; the graph compiles, once, the flat tables a move generator asks for
(neighbours, the lines through each point, the jumps along lines) and what a drawing and a
click on it need (coordinates, a hit radius). Rules never compute coordinates: they ask
the graph.

Point ids are ``0 .. len(names) - 1`` in the order the names are given.

Examples:
    >>> g = BoardGraph.build(
    ...     names=("a1", "b1", "c1", "b2"),
    ...     coords=((0, 0), (1, 0), (2, 0), (1, 1)),
    ...     links=(("a1", "b1"), ("b1", "c1"), ("b1", "b2")),
    ...     lines=(("a1", "b1", "c1"),),
    ... )
    >>> g
    <BoardGraph: 4 points, 3 links, 1 lines>
    >>> [g.names[n] for n in g.neighbours[g.point("b1")]]
    ['a1', 'c1', 'b2']
    >>> [(g.names[a], g.names[b], g.names[c]) for a, b, c in g.jumps]
    [('a1', 'b1', 'c1'), ('c1', 'b1', 'a1')]
    >>> g.point("z9")
    Traceback (most recent call last):
    ...
    ValueError: no point named 'z9' on this board
"""

from __future__ import annotations

import itertools
import math
import re
from collections.abc import Iterable, Mapping, Sequence
from types import MappingProxyType

import attrs

__all__ = ["BoardGraph"]

Point = tuple[float, float]

_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,15}")


@attrs.frozen(repr=False)
class BoardGraph:
    """A board as points, links and lines, with the tables rules and drawings use.

    Build one with ``BoardGraph.build`` (by point names).

    Attributes:
        names: The name of each point, by point id.
        coords: Where each point is drawn, in board units (x to the right, y up).
        links: The links, as pairs of point ids ``(a, b)`` with ``a < b``, sorted.
        lines: The straight lines, each a tuple of point ids in order along the line.
        neighbours: Per point, the linked points, in the order the links were given.
        lines_of: Per point, the ids of the lines through it.
        jumps: Every ``(from, over, to)`` of three consecutive points of a line, both ways,
            by line then position along it.
        index: Point id by name.
    """

    names: tuple[str, ...]
    coords: tuple[Point, ...]
    links: tuple[tuple[int, int], ...]
    lines: tuple[tuple[int, ...], ...]
    neighbours: tuple[tuple[int, ...], ...]
    lines_of: tuple[tuple[int, ...], ...]
    jumps: tuple[tuple[int, int, int], ...]
    index: Mapping[str, int] = attrs.field(eq=False)

    @classmethod
    def build(
        cls,
        names: Sequence[str],
        coords: Sequence[tuple[float, float]],
        links: Iterable[tuple[str, str]],
        lines: Iterable[Sequence[str]] = (),
    ) -> BoardGraph:
        """A board from its point names, their drawing coordinates, the links and the lines
        (all by name).

        Raises:
            ValueError: If a name is malformed or given twice, the coordinates do not match
                the names, a link or line names an unknown point, a link joins a point to
                itself or is given twice, a line has fewer than two points or a point
                twice, or two consecutive points of a line are not linked.
        """
        names = tuple(names)
        index: dict[str, int] = {}
        for i, name in enumerate(names):
            if not isinstance(name, str) or not _NAME.fullmatch(name):
                raise ValueError(f"a point name is letters, digits, '_', '.', '-': {name!r}")
            if name in index:
                raise ValueError(f"point {name!r} is named twice")
            index[name] = i
        if len(coords) != len(names):
            raise ValueError(f"{len(names)} points but {len(coords)} coordinates")
        xy = tuple((float(x), float(y)) for x, y in coords)

        def pid(name: str) -> int:
            if name not in index:
                raise ValueError(f"no point named {name!r} on this board")
            return index[name]

        pairs: list[tuple[int, int]] = []
        neighbours: list[list[int]] = [[] for _ in names]
        for a_name, b_name in links:
            a, b = pid(a_name), pid(b_name)
            link = (min(a, b), max(a, b))
            if a == b or link in pairs:
                raise ValueError(f"link {a_name}-{b_name} is a self-link or given twice")
            pairs.append(link)
            neighbours[a].append(b)
            neighbours[b].append(a)
        linked = set(pairs)
        line_ids: list[tuple[int, ...]] = []
        lines_of: list[list[int]] = [[] for _ in names]
        jumps: list[tuple[int, int, int]] = []
        for k, line in enumerate(lines):
            pts = tuple(pid(n) for n in line)
            if len(pts) < 2 or len(set(pts)) != len(pts):
                raise ValueError(f"line {'-'.join(line)} needs two or more distinct points")
            for a, b in itertools.pairwise(pts):
                if (min(a, b), max(a, b)) not in linked:
                    raise ValueError(f"line {'-'.join(line)}: {names[a]} and {names[b]} are "
                                     "not linked")  # fmt: skip
            line_ids.append(pts)
            for p in pts:
                lines_of[p].append(k)
            for i in range(len(pts) - 2):
                jumps.append((pts[i], pts[i + 1], pts[i + 2]))
                jumps.append((pts[i + 2], pts[i + 1], pts[i]))
        return cls(
            names=names,
            coords=xy,
            links=tuple(sorted(pairs)),
            lines=tuple(line_ids),
            neighbours=tuple(tuple(n) for n in neighbours),
            lines_of=tuple(tuple(k) for k in lines_of),
            jumps=tuple(jumps),
            index=MappingProxyType(index),
        )

    def __repr__(self) -> str:
        return (
            f"<BoardGraph: {len(self.names)} points, {len(self.links)} links, "
            f"{len(self.lines)} lines>"
        )

    def __len__(self) -> int:
        return len(self.names)

    def point(self, name: str) -> int:
        """The id of the point called ``name``.

        Raises:
            ValueError: If no point has that name.
        """
        found = self.index.get(name) if isinstance(name, str) else None
        if found is None:
            raise ValueError(f"no point named {name!r} on this board")
        return found

    def is_linked(self, a: int, b: int) -> bool:
        """Whether points ``a`` and ``b`` are linked."""
        return b in self.neighbours[a]

    @property
    def bounds(self) -> tuple[float, float, float, float]:
        """``(x_min, y_min, x_max, y_max)`` of the points' coordinates."""
        xs = [x for x, _ in self.coords]
        ys = [y for _, y in self.coords]
        return min(xs), min(ys), max(xs), max(ys)

    @property
    def hit_radius(self) -> float:
        """Half the smallest distance between two points: a click within it of a point
        picks that point and no other (board units)."""
        best = math.inf
        pts = self.coords
        for i, a in enumerate(pts):
            for b in pts[i + 1 :]:
                best = min(best, math.dist(a, b))
        return best / 2 if best != math.inf else 0.5
