"""The Morris board as data: points, links and lines, compiled once into flat tables.

The rules never do coordinate arithmetic: they ask a ``Board`` for a point's neighbours,
the lines through it and the jumps from it. A board is built from its points (named on a
7 by 7 grid like a chessboard, files ``a``..``g``, ranks ``1``..``7``), its links and its
lines of three points, so a variant board (such as the Morabaraba diagonals) is a
different ``Board`` value, not a fork of the rules [SO1], [SO16].

The standard board ``BOARD`` numbers its 24 points as OpenSpiel does, row by row from the
top; these ids are the base of the action encoding (``moves.move_to_action``)::

    7   0 a7 ---------- 1 d7 ---------- 2 g7
         |               |               |
    6    |    3 b6 ---- 4 d6 ---- 5 f6   |
         |     |         |         |     |
    5    |     |   6 c5 7 d5 8 e5  |     |
         |     |    |         |    |     |
    4   9 a4 10 b4 11 c4     12 e4 13 f4 14 g4
         |     |    |         |    |     |
    3    |     |  15 c3 16 d3 17 e3  |     |
         |     |         |         |     |
    2    |   18 b2 ---- 19 d2 --- 20 f2  |
         |               |               |
    1  21 a1 --------- 22 d1 -------- 23 g1
         a     b    c    d    e    f     g

Examples:
    >>> BOARD.names[0], BOARD.names[23], point_id("d2")
    ('a7', 'g1', 19)
    >>> [BOARD.names[p] for p in BOARD.neighbours[point_id("d2")]]
    ['d3', 'b2', 'f2', 'd1']
    >>> [BOARD.line_name(i) for i in BOARD.lines_at[point_id("a1")]]
    ['a1-d1-g1', 'a7-a4-a1']
    >>> len(BOARD.links), len(BOARD.lines), len(BOARD.jumps)
    (32, 16, 32)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import attrs

from astroplane.kit.limits import shown

__all__ = [
    "BOARD",
    "N_POINTS",
    "Board",
    "point_id",
    "point_name",
]

N_POINTS = 24
"""Every board has 24 points (the action encoding of section 7 counts on it)."""

_FILES = "abcdefg"
_RANKS = "1234567"


def _check_name(name: object) -> str:
    if not (isinstance(name, str) and len(name) == 2 and name[0] in _FILES and name[1] in _RANKS):
        raise ValueError(f"a point is named by a file a-g and a rank 1-7 (d2), not {shown(name)}")
    return name


def _pair(value: object, what: str) -> tuple[int, ...]:
    if not isinstance(value, tuple) or not all(
        isinstance(v, int) and not isinstance(v, bool) and 0 <= v < N_POINTS for v in value
    ):
        raise ValueError(f"{what} is a tuple of point ids 0..23, not {shown(value)}")
    return value


@attrs.frozen(cache_hash=True, repr=False)
class Board:
    """A 24-point board: named points, links between them and lines of three.

    Build one with ``Board.build`` (point names, lines, extra links); the standard board
    is ``BOARD``. Every table is a tuple indexed by point id (or line index).

    Attributes:
        names: The name of each point id (``"a7"``).
        links: The links, each a pair of point ids ``(p, q)`` with ``p < q``, sorted.
        lines: The lines of three, each ``(p, q, r)`` in order along the line (``q`` in
            the middle, linked to both ends).
        cells: Per point, its grid cell ``(file, rank)``, both 0..6 (drawing only).
        neighbours: Per point, the linked points, ascending.
        neighbour_masks: Per point, the bitmask of its neighbours.
        line_masks: Per line, the bitmask of its three points.
        lines_at: Per point, the indices of the lines through it.
        jumps: Every jump ``(from, over, to)`` along a line, end over middle to end.
        jumps_from: Per point, its jumps ``(over, to)``, ascending by ``to``.

    Raises:
        ValueError: If a name, link or line is malformed (``Board.build`` says which).
    """

    names: tuple[str, ...]
    links: tuple[tuple[int, int], ...]
    lines: tuple[tuple[int, int, int], ...]
    cells: tuple[tuple[int, int], ...] = attrs.field(init=False, eq=False)
    neighbours: tuple[tuple[int, ...], ...] = attrs.field(init=False, eq=False)
    neighbour_masks: tuple[int, ...] = attrs.field(init=False, eq=False)
    line_masks: tuple[int, ...] = attrs.field(init=False, eq=False)
    lines_at: tuple[tuple[int, ...], ...] = attrs.field(init=False, eq=False)
    jumps: tuple[tuple[int, int, int], ...] = attrs.field(init=False, eq=False)
    jumps_from: tuple[tuple[tuple[int, int], ...], ...] = attrs.field(init=False, eq=False)

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.names, tuple) or len(self.names) != N_POINTS:
            raise ValueError(f"a board has {N_POINTS} point names, not {shown(self.names)}")
        for name in self.names:
            _check_name(name)
        if len(set(self.names)) != N_POINTS:
            raise ValueError(f"point names repeat: {shown(self.names)}")
        linked: set[tuple[int, int]] = set()
        for link in self.links:
            p, q = _pair(link, "a link")
            if len(link) != 2 or p >= q or (p, q) in linked:
                raise ValueError(f"a link is a new pair (p, q) with p < q, not {shown(link)}")
            linked.add((p, q))
        if list(self.links) != sorted(self.links):
            raise ValueError("the links are listed in ascending order")
        for line in self.lines:
            if len(_pair(line, "a line")) != 3 or len(set(line)) != 3:
                raise ValueError(f"a line is three distinct points, not {shown(line)}")
            p, q, r = line
            if (min(p, q), max(p, q)) not in linked or (min(q, r), max(q, r)) not in linked:
                raise ValueError(
                    f"line {'-'.join(self.names[x] for x in line)} is not a run of linked points"
                )
        if len({frozenset(line) for line in self.lines}) != len(self.lines):
            raise ValueError("a line is listed twice")
        n = N_POINTS
        nbrs = tuple(
            tuple(sorted(q for link in self.links if p in link for q in link if q != p))
            for p in range(n)
        )
        jumps = tuple(j for p, q, r in self.lines for j in ((p, q, r), (r, q, p)))
        put = object.__setattr__
        put(self, "cells", tuple((_FILES.index(s[0]), _RANKS.index(s[1])) for s in self.names))
        put(self, "neighbours", nbrs)
        put(self, "neighbour_masks", tuple(sum(1 << q for q in ps) for ps in nbrs))
        put(self, "line_masks", tuple(sum(1 << p for p in line) for line in self.lines))
        put(
            self,
            "lines_at",
            tuple(tuple(i for i, line in enumerate(self.lines) if p in line) for p in range(n)),
        )
        put(self, "jumps", jumps)
        put(
            self,
            "jumps_from",
            tuple(
                tuple(sorted(((q, r) for f, q, r in jumps if f == p), key=lambda j: j[1]))
                for p in range(n)
            ),
        )

    @classmethod
    def build(
        cls,
        names: Sequence[str],
        lines: Iterable[Sequence[str]],
        links: Iterable[Sequence[str]] = (),
    ) -> Board:
        """A board from point names (by id), lines of three names and extra links.

        Every line links its neighbouring points (``a1-d1-g1`` links a1-d1 and d1-g1);
        ``links`` adds links that lie on no line.

        Raises:
            ValueError: If a name is not a grid point name or repeats, a line is not three
                distinct points, or a name in a line or link is not one of ``names``.

        Examples:
            >>> b = Board.build(BOARD.names, [*BOARD.line_names(), ("a7", "b6", "c5")])
            >>> len(b.lines), [b.names[p] for p in b.neighbours[point_id("b6")]]
            (17, ['a7', 'd6', 'c5', 'b4'])
        """
        for value, what in ((names, "names"), (lines, "lines"), (links, "links")):
            if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
                raise ValueError(f"Board.build takes {what} as a list, not {shown(value)}")
        names = tuple(_check_name(n) for n in names)
        ids = {name: i for i, name in enumerate(names)}

        def pid(name: str) -> int:
            if name not in ids:
                raise ValueError(f"{shown(name)} is not a point of this board")
            return ids[name]

        line_ids: list[tuple[int, int, int]] = []
        for line in lines:
            if isinstance(line, (str, bytes)) or not isinstance(line, Sequence) or len(line) != 3:
                raise ValueError(f"a line is three points, not {shown(line)}")
            line_ids.append((pid(line[0]), pid(line[1]), pid(line[2])))
        pairs = {(min(a, b), max(a, b)) for p, q, r in line_ids for a, b in ((p, q), (q, r))}
        for link in links:
            if isinstance(link, (str, bytes)) or not isinstance(link, Sequence) or len(link) != 2:
                raise ValueError(f"a link is two points, not {shown(link)}")
            a, b = pid(link[0]), pid(link[1])
            if a == b:
                raise ValueError(f"a link joins two different points, not {shown(link)}")
            pairs.add((min(a, b), max(a, b)))
        return cls(names, tuple(sorted(pairs)), tuple(line_ids))

    def line_names(self) -> tuple[tuple[str, str, str], ...]:
        """The lines as point names (``("a7", "d7", "g7")``)."""
        n = self.names
        return tuple((n[p], n[q], n[r]) for p, q, r in self.lines)

    def line_name(self, index: int) -> str:
        """A line as its point names joined by dashes (``"a7-d7-g7"``)."""
        return "-".join(self.names[p] for p in self.lines[index])

    def point(self, name: str | int) -> int:
        """The id of a point name (case-insensitive), or a valid id itself.

        Raises:
            ValueError: If ``name`` is not a point of the board.
        """
        if isinstance(name, int) and not isinstance(name, bool) and 0 <= name < N_POINTS:
            return name
        text = name.strip().lower() if isinstance(name, str) else None
        if text in self.names:
            return self.names.index(text)
        raise ValueError(f"not a point of the board (a1..g7, 0..23): {shown(name)}")

    def __repr__(self) -> str:
        return f"<Board {len(self.links)} links, {len(self.lines)} lines>"


_STANDARD_NAMES = (
    "a7", "d7", "g7", "b6", "d6", "f6", "c5", "d5", "e5",
    "a4", "b4", "c4", "e4", "f4", "g4", "c3", "d3", "e3",
    "b2", "d2", "f2", "a1", "d1", "g1",
)  # fmt: skip
_STANDARD_LINES = (
    # the sides of the outer, middle and inner squares
    ("a7", "d7", "g7"), ("g7", "g4", "g1"), ("a1", "d1", "g1"), ("a7", "a4", "a1"),
    ("b6", "d6", "f6"), ("f6", "f4", "f2"), ("b2", "d2", "f2"), ("b6", "b4", "b2"),
    ("c5", "d5", "e5"), ("e5", "e4", "e3"), ("c3", "d3", "e3"), ("c5", "c4", "c3"),
    # the four lines joining the midpoints
    ("a4", "b4", "c4"), ("e4", "f4", "g4"), ("d7", "d6", "d5"), ("d3", "d2", "d1"),
)  # fmt: skip

BOARD: Board = Board.build(_STANDARD_NAMES, _STANDARD_LINES)
"""The standard 24-point Morris board, OpenSpiel's point numbering [SO1]."""


def point_id(name: str | int) -> int:
    """The id of a point of the standard board by name (``"d2"`` -> 19), or a valid id.

    Raises:
        ValueError: If ``name`` names no point.

    Examples:
        >>> point_id("A7"), point_id(23)
        (0, 23)
    """
    return BOARD.point(name)


def point_name(point: int) -> str:
    """The name of a point id of the standard board (19 -> ``"d2"``).

    Raises:
        ValueError: If ``point`` is not 0..23.

    Examples:
        >>> point_name(19)
        'd2'
    """
    if not isinstance(point, int) or isinstance(point, bool) or not 0 <= point < N_POINTS:
        raise ValueError(f"not a point id (0..23): {shown(point)}")
    return BOARD.names[point]
