"""The StarCastles star board [SC1] as data: points, links, lines, arms, trios, rays.

The board of arm size ``k`` (2..4) is every point ``(x, y, z)`` of the triangular lattice
(cube coordinates, ``x + y + z = 0``) with ``max(|x|, |y|, |z|) <= 2k`` and
(``min(x, y, z) >= -k`` or ``max(x, y, z) <= k``): a central hexagon and six **arms**.
``star_board(k)`` builds it once on ``astroplane.kit.graph.BoardGraph`` and compiles the
flat tables the rules read; the rules never compute coordinates.

**Point names** [SC10]: a row letter, ``a`` for the top row, then the point's place in
its row, ``1`` for the leftmost: ``a1`` is the tip of arm 0. Point ids follow the same
order (row by row, left to right). The reference board, ``k = 2`` (37 points; each
arm is its trio at this size)::

                        a1                        arm 0 (N): a1 b1 b2
                      b1  b2
            c1  c2  c3  c4  c5  c6  c7            arm 5 (NW): c1 c2 d1; arm 1 (NE): c6 c7 d6
              d1  d2  d3  d4  d5  d6
                e1  e2  e3  e4  e5                the hexagon: c3 c4 c5, d2..d5, e1..e5,
              f1  f2  f3  f4  f5  f6              f2..f5, g3 g4 g5
            g1  g2  g3  g4  g5  g6  g7            arm 4 (SW): f1 g1 g2; arm 2 (SE): f6 g6 g7
                      h1  h2
                        i1                        arm 3 (S): h1 h2 i1

**Arms** are numbered 0..5 clockwise from the top: 0 N (``z < -k``), 1 NE (``x > k``),
2 SE (``y < -k``), 3 S (``z > k``), 4 SW (``x < -k``), 5 NW (``y > k``); the opposite of
arm ``a`` is ``(a + 3) % 6``. An arm's **trio** is its tip and the tip's two neighbours
in the arm [SC1].

**Directions** 0..5 are clockwise from the upper right: ``ne e se sw w nw``; the opposite
of ``d`` is ``(d + 3) % 6``. ``rays[p][d]`` lists the points from ``p`` outwards in
direction ``d`` up to the board's edge (a slide's path), ``step[p][d]`` the first of them
or -1.

Examples:
    >>> b = star_board(2)
    >>> b, len(b.names), [b.names[p] for p in b.trios[0]]
    (<StarBoard arm 2: 37 points>, 37, ['a1', 'b1', 'b2'])
    >>> [b.names[p] for p in b.rays[b.point("e3")][DIRECTIONS.index("ne")]]
    ['d4', 'c5']
    >>> b.name(b.step[b.point("a1")][0]), [b.names[p] for p in b.trios[3]]
    ('-', ['i1', 'h1', 'h2'])
    >>> [len(star_board(k)) for k in (2, 3, 4)]
    [37, 73, 121]
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from functools import cache
from types import MappingProxyType

import attrs

from astroplane.kit.graph import BoardGraph
from astroplane.kit.limits import shown

__all__ = [
    "ARM_NAMES",
    "DIRECTIONS",
    "HOME_ARMS",
    "StarBoard",
    "cube_points",
    "opposite",
    "star_board",
]

#: The directions, clockwise from the upper right; their cube steps are in ``_STEPS``.
DIRECTIONS: tuple[str, ...] = ("ne", "e", "se", "sw", "w", "nw")
_STEPS: tuple[tuple[int, int, int], ...] = (
    (1, 0, -1),
    (1, -1, 0),
    (0, -1, 1),
    (-1, 0, 1),
    (-1, 1, 0),
    (0, 1, -1),
)
#: The arms' compass names, by arm number (clockwise from the top).
ARM_NAMES: tuple[str, ...] = ("N", "NE", "SE", "S", "SW", "NW")
#: The default home arms by player count [SC2] (OpenSpiel's Chinese checkers, plus five).
HOME_ARMS: Mapping[int, tuple[int, ...]] = MappingProxyType(
    {
        2: (0, 3),
        3: (0, 2, 4),
        4: (0, 1, 3, 4),
        5: (0, 1, 2, 3, 4),
        6: (0, 1, 2, 3, 4, 5),
    }
)

Cube = tuple[int, int, int]


def opposite(arm: int) -> int:
    """The arm opposite ``arm``: a player's destination [SC1].

    Examples:
        >>> opposite(0), opposite(4)
        (3, 1)
    """
    return (arm + 3) % 6


def _arm_of(c: Cube, k: int) -> int:
    x, y, z = c
    for arm, beyond in enumerate((-z, x, -y, z, -x, y)):
        if beyond > k:
            return arm
    return -1


def cube_points(k: int) -> tuple[Cube, ...]:
    """The board's points in cube coordinates, row by row from the top, left to right.

    Raises:
        ValueError: If ``k`` is not 2, 3 or 4.

    Examples:
        >>> cube_points(2)[:3]
        ((2, 2, -4), (1, 2, -3), (2, 1, -3))
    """
    if type(k) is not int or not 2 <= k <= 4:
        raise ValueError(f"the arm size is 2, 3 or 4, not {shown(k)} [SC1]")
    pts = [
        (x, y, -x - y)
        for x in range(-2 * k, 2 * k + 1)
        for y in range(-2 * k, 2 * k + 1)
        if max(abs(x), abs(y), abs(x + y)) <= 2 * k
        and (min(x, y, -x - y) >= -k or max(x, y, -x - y) <= k)
    ]
    return tuple(sorted(pts, key=lambda c: (c[2], c[0] - c[1])))


@attrs.frozen(repr=False)
class StarBoard:
    """The compiled star board of one arm size; build it with ``star_board(arm)``.

    Attributes:
        arm: The arm size ``k`` (2..4).
        graph: The board as a ``BoardGraph``: names, drawing coordinates, links, lines.
        names: The point names by point id (``graph.names``).
        cube: The cube coordinates of each point.
        arm_of: The arm each point is in, or -1 for the central hexagon.
        trios: Per arm, its three trio points, the tip first.
        trio_arm: Per point, the arm whose trio it is in, or -1.
        rays: Per point, per direction, the points outwards to the edge.
        step: Per point, per direction, the linked point that way, or -1.
        neighbours: Per point, its linked points in direction order.
    """

    arm: int
    graph: BoardGraph
    names: tuple[str, ...]
    cube: tuple[Cube, ...]
    arm_of: tuple[int, ...]
    trios: tuple[tuple[int, int, int], ...]
    trio_arm: tuple[int, ...]
    rays: tuple[tuple[tuple[int, ...], ...], ...]
    step: tuple[tuple[int, ...], ...]
    neighbours: tuple[tuple[int, ...], ...]

    def __repr__(self) -> str:
        return f"<StarBoard arm {self.arm}: {len(self.names)} points>"

    def __len__(self) -> int:
        return len(self.names)

    def point(self, name: str) -> int:
        """The id of the point called ``name``.

        Raises:
            ValueError: If no point of this board has that name.
        """
        return self.graph.point(name)

    def name(self, point: int) -> str:
        """The name of point id ``point``, or ``'-'`` for -1 (no point).

        Raises:
            ValueError: If ``point`` is not a point id of this board.
        """
        if point == -1:
            return "-"
        if type(point) is not int or not 0 <= point < len(self.names):
            raise ValueError(f"not a point of the {len(self.names)}-point board: {shown(point)}")
        return self.names[point]

    def line_to(self, a: int, b: int) -> tuple[int, int] | None:
        """``(direction, distance)`` from point ``a`` to point ``b`` along a line, or None
        when ``b`` is not on a ray of ``a``.

        Examples:
            >>> b = star_board(2)
            >>> b.line_to(b.point("e1"), b.point("e5")), b.line_to(0, b.point("e3"))
            ((1, 4), None)
        """
        for d, ray in enumerate(self.rays[a]):
            if b in ray:
                return d, ray.index(b) + 1
        return None

    @property
    def max_distance(self) -> int:
        """The longest slide on this board: a row has at most ``3k + 1`` points."""
        return 3 * self.arm


@cache
def star_board(arm: int = 2) -> StarBoard:
    """The star board of arm size ``arm`` (2..4), compiled once [SC1].

    Raises:
        ValueError: If ``arm`` is not 2, 3 or 4.
    """
    k = arm
    pts = cube_points(k)
    at = {c: i for i, c in enumerate(pts)}
    names: list[str] = []
    row_of: dict[int, int] = {}
    for c in pts:
        row = row_of.setdefault(c[2], len(row_of))
        index = sum(1 for n in names if n.startswith(chr(ord("a") + row))) + 1
        names.append(f"{chr(ord('a') + row)}{index}")
    coords = [((x - y) / 2, -z * math.sqrt(3) / 2) for x, y, z in pts]
    rays: list[tuple[tuple[int, ...], ...]] = []
    for x, y, z in pts:
        per_dir = []
        for dx, dy, dz in _STEPS:
            ray: list[int] = []
            c = (x + dx, y + dy, z + dz)
            while c in at:
                ray.append(at[c])
                c = (c[0] + dx, c[1] + dy, c[2] + dz)
            per_dir.append(tuple(ray))
        rays.append(tuple(per_dir))
    step = tuple(tuple(r[0] if r else -1 for r in per) for per in rays)
    links = [(names[p], names[q]) for p in range(len(pts)) for q in step[p][:3] if q >= 0]
    lines: list[tuple[str, ...]] = []
    for d in range(3):  # one line per row of each axis: start at points with nothing behind
        for p in range(len(pts)):
            if step[p][d + 3] == -1 and rays[p][d]:
                lines.append((names[p], *(names[q] for q in rays[p][d])))
    graph = BoardGraph.build(names, coords, links, lines)
    arm_of = tuple(_arm_of(c, k) for c in pts)
    trios = []
    for a in range(6):
        members = [p for p in range(len(pts)) if arm_of[p] == a]
        tip = max(members, key=lambda p: max(abs(v) for v in pts[p]))
        near = sorted(q for q in step[tip] if q >= 0 and arm_of[q] == a)
        trios.append((tip, near[0], near[1]))
    trio_arm = [-1] * len(pts)
    for a, trio in enumerate(trios):
        for p in trio:
            trio_arm[p] = a
    return StarBoard(
        arm=k,
        graph=graph,
        names=tuple(names),
        cube=pts,
        arm_of=arm_of,
        trios=tuple(trios),
        trio_arm=tuple(trio_arm),
        rays=tuple(rays),
        step=step,
        neighbours=tuple(tuple(q for q in s if q >= 0) for s in step),
    )
