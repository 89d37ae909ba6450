"""Board topology: cells, apexes, links and special areas, compiled to flat tables.

A ``Topology`` describes a board declaratively (its size, special cells,
Anomaly firing positions, seats and Start Areas) and compiles everything move
generation needs into tuples indexed by small integers, once, when it is
built. The rules never do coordinate arithmetic: they ask the topology.

Numbering (for a board ``width`` x ``height``; the reference board is 10 x 10)::

    cell   c = y * width + x            a1 = 0, b1 = 1, ..., j10 = 99
    apex   a : ne = 0, nw = 1, sw = 2, se = 3   (opposite = a ^ 2)

         nw(1) +-----+ ne(0)          rank 10  90 91 .. 99
               |  c  |                 ...
         sw(2) +-----+ se(3)          rank 1    0  1 ..  9
                                                 a  b ..  j

    position p (where a stack stands):
      0 .. 4*cells-1          grid positions, p = 4 * c + a   (e2.sw = 4 * 14 + 2)
      4*cells + f             firing position f (in ``firing_positions`` order)
      4*cells + nf + s        Start Area s = 2 * seat + side  (side 0 = left, 1 = right)

Moving a single piece "through the apex it points at" enters the cell that
shares only that corner, through the opposite apex (rules page: The board). A
step's *entry* is encoded as the grid position of the entered cell's entry
apex (``4 * target + entry_apex``), or as a firing position index.
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from astroplane.games.astroplane.enums import APEX_NAMES, Apex, CellKind, Seat
from astroplane.games.astroplane.geometry import BoardGeometry, board_geometry

__all__ = [
    "APEX_NAMES",
    "REFERENCE_BOARD",
    "Apex",
    "CellKind",
    "FiringPosition",
    "Seat",
    "StartArea",
    "Topology",
    "adjacent_positions",
    "apex_of",
    "cell_of",
    "grid_position",
    "opposite",
]


# ---- the position numbering, by name (the hot path inlines these) ------------------------
def cell_of(position: int) -> int:
    """The cell of a grid position (``4 * cell + apex``)."""
    return position >> 2


def apex_of(position: int) -> int:
    """The apex (``Apex`` value) of a grid position."""
    return position & 3


def grid_position(cell: int, apex: int) -> int:
    """The grid position of ``apex`` in ``cell``."""
    return 4 * cell + apex


def opposite(position: int) -> int:
    """The opposite position in the same cell (``ne`` <-> ``sw``, ``nw`` <-> ``se``)."""
    return position ^ 2


def adjacent_positions(position: int) -> tuple[int, int]:
    """The two positions of the same cell that overlap ``position`` [D6]."""
    return position ^ 1, position ^ 3


#: (dx, dy) of the diagonal neighbour each apex leads to (ne, nw, sw, se) [D1].
_APEX_STEP = ((1, 1), (-1, 1), (-1, -1), (1, -1))


@attrs.frozen
class StartArea:
    """One of a seat's two Start Areas (rules page: The reference board).

    Attributes:
        name: Short name, seat letter + ``l``/``r`` (``"Sl"``).
        seat: The owning seat (0..3, see ``Seat``).
        side: 0 for the left Start Area, 1 for the right one, as the player sees it.
        cell: The (off-grid) cell index that holds the Start Area.
        entry_cell: The grid cell a piece exits into.
        entry_apex: The apex of ``entry_cell`` it enters through.
    """

    name: str
    seat: int
    side: int
    cell: int
    entry_cell: int
    entry_apex: int


@attrs.frozen
class FiringPosition:
    """A triangular firing position of an Anomaly corner (rules page: The Space/Time Anomaly,
    [D5]).

    Attributes:
        name: Corner cell name + board edge (``"a1S"``).
        corner: The Anomaly corner cell index.
        link_cell: The Wormhole end cell whose apex leads here.
        link_apex: That apex; stepping out goes back through it into ``link_cell``.
        fires_into: The Singularity cell a fired piece lands in.
    """

    name: str
    corner: int
    link_cell: int
    link_apex: int
    fires_into: int


def _tuple_of_ints(value: Iterable[int]) -> tuple[int, ...]:
    return tuple(int(v) for v in value)


def _pairs(value: Iterable[tuple[int, int]]) -> tuple[tuple[int, int], ...]:
    return tuple((int(a), int(b)) for a, b in value)


def _firing(value: Iterable[FiringPosition]) -> tuple[FiringPosition, ...]:
    return tuple(value)


def _areas(value: Iterable[StartArea]) -> tuple[StartArea, ...]:
    return tuple(value)


@attrs.frozen(cache_hash=True, repr=False)
class Topology:
    """A board: grid, special cells, Anomaly, seats and Start Areas, with compiled tables.

    Build one with ``Topology.from_south`` (rotating one seat's layout) or
    directly from its fields. The compiled tables (attributes ending in no
    underscore but documented as *compiled*) are tuples indexed by cell or
    position numbers (see the module docstring for the numbering).

    Attributes:
        width: Number of files (x = 0 .. width-1).
        height: Number of ranks (y = 0 .. height-1).
        singularity: ``(cell, apex)`` of each Singularity cell and its Singularity apex.
        hyperspace: The Hyperspace cells.
        wormholes: The Wormhole tubes, as pairs of end cells.
        anomaly_corners: The (off-grid) Anomaly corner cells.
        firing_positions: The firing positions, in position order.
        start_areas: The Start Areas, indexed ``2 * seat + side``.

    Raises:
        ValueError: If the description is inconsistent (a cell out of range,
            a special cell listed twice, a Start Area with a bad index).

    Examples:
        >>> b = REFERENCE_BOARD
        >>> b.cell_name(b.cell("e2")), b.position_name(b.position("a1S"))
        ('e2', 'a1S')
        >>> [b.position_name(p) for p in b.usable_positions(b.cell("a2"))]
        ['a2.ne', 'a2.sw', 'a2.se']
    """

    width: int
    height: int
    singularity: tuple[tuple[int, int], ...] = attrs.field(converter=_pairs)
    hyperspace: tuple[int, ...] = attrs.field(converter=_tuple_of_ints)
    wormholes: tuple[tuple[int, int], ...] = attrs.field(converter=_pairs)
    anomaly_corners: tuple[int, ...] = attrs.field(converter=_tuple_of_ints)
    firing_positions: tuple[FiringPosition, ...] = attrs.field(converter=_firing)
    start_areas: tuple[StartArea, ...] = attrs.field(converter=_areas)

    # ---- compiled tables (filled in __attrs_post_init__) ----
    n_cells: int = attrs.field(init=False, eq=False, repr=False)
    #: First firing position index (= 4 * n_cells).
    fire_base: int = attrs.field(init=False, eq=False, repr=False)
    #: First Start Area position index.
    start_base: int = attrs.field(init=False, eq=False, repr=False)
    #: Total number of positions.
    n_positions: int = attrs.field(init=False, eq=False, repr=False)
    #: CellKind per cell.
    kind: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False)
    #: Universe (x + y) % 2 per cell [D1].
    universe: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False)
    #: Per position: the step's entry (``4 * cell + entry_apex`` or a firing position), or -1.
    link: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False)
    #: Per grid position: is the apex usable [D4] (Singularity apexes count as usable).
    usable: tuple[bool, ...] = attrs.field(init=False, eq=False, repr=False)
    #: Per cell: the usable positions of the cell, in apex order.
    cell_positions: tuple[tuple[int, ...], ...] = attrs.field(init=False, eq=False, repr=False)
    #: Per cell: the other end of its Wormhole tube, or -1.
    wormhole_partner: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False)
    #: Per position: the cell a step from it reaches by going straight through a Wormhole
    #: [D12] (the far end of the Wormhole end it enters), or -1. The one statement of the
    #: step-through rule: ``step_dests`` and play both read it.
    through_cell: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False)
    #: Per cell: the Singularity position of a Singularity cell, or -1.
    singularity_position: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False)
    #: Per cell: orthogonal neighbour cells (N, E, S, W), -1 off the board.
    neighbours: tuple[tuple[int, int, int, int], ...] = attrs.field(
        init=False, eq=False, repr=False
    )
    #: Per position: the Singularity cell a firing position fires into, or -1.
    fire_target: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False)
    #: ``(corner cell, (firing position, firing position))`` for each Anomaly corner.
    corner_firing: tuple[tuple[int, tuple[int, int]], ...] = attrs.field(
        init=False, eq=False, repr=False
    )
    #: Per cell: the firing positions an Anomaly corner cell holds (empty for other cells).
    firing_of_cell: tuple[tuple[int, ...], ...] = attrs.field(init=False, eq=False, repr=False)
    #: Per position: the step destinations, ``(destination, how)`` pairs (see ``STEP_*``).
    step_dests: tuple[tuple[tuple[int, int], ...], ...] = attrs.field(
        init=False, eq=False, repr=False
    )
    #: Per position: free Wormhole travel destinations ``(destination, STEP_THROUGH)`` [D12].
    travel_dests: tuple[tuple[tuple[int, int], ...], ...] = attrs.field(
        init=False, eq=False, repr=False
    )
    #: Per position: can a step from here end in the cell it starts from (rare boards only)?
    step_revisits: tuple[bool, ...] = attrs.field(init=False, eq=False, repr=False)
    _names: dict[str, int] = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        _compile(self)

    def __repr__(self) -> str:
        return (
            f"<Topology {self.width}x{self.height}: {len(self.start_areas) // 2} seats, "
            f"{len(self.hyperspace)} Hyperspace cells, {len(self.wormholes)} Wormhole tubes, "
            f"{len(self.firing_positions)} firing positions>"
        )

    # ---- naming ----------------------------------------------------------
    def cell(self, name: str) -> int:
        """The cell index of a name like ``"e2"``.

        Raises:
            ValueError: If the name is not a cell of this board.
        """
        x, y = _parse_cell(name, self.width, self.height)
        return y * self.width + x

    def cell_name(self, cell: int) -> str:
        """The name of a cell index (``14`` -> ``"e2"``).

        Raises:
            ValueError: If ``cell`` is not an int 0..n_cells-1 (numbers never wrap around).
        """
        if isinstance(cell, bool) or not isinstance(cell, int) or not 0 <= cell < self.n_cells:
            raise ValueError(f"not a cell index of this board: {cell!r}")
        y, x = divmod(cell, self.width)
        return f"{chr(ord('a') + x)}{y + 1}"

    def position(self, name: str) -> int:
        """The position index of ``"e2.ne"``, a firing position ``"a1S"`` or Start Area ``"Sl"``.

        Grid names are ASCII and case-insensitive (``"E2.NE"``); surrounding ASCII blanks
        are ignored.

        Raises:
            ValueError: If the name is not a position of this board.
        """
        if not isinstance(name, str) or not name.isascii():
            raise ValueError(f"not a position of this board: {name!r}")
        key = name.strip(_BLANKS)
        if key in self._names:
            return self._names[key]
        cell_part, dot, apex_part = key.partition(".")
        if dot and apex_part.lower() in APEX_NAMES:
            return 4 * self.cell(cell_part) + APEX_NAMES.index(apex_part.lower())
        raise ValueError(f"not a position of this board: {name!r}")

    def position_name(self, position: int) -> str:
        """The name of a position index: grid ``"e2.ne"``, firing ``"a1S"``, Start Area ``"Sl"``.

        Raises:
            ValueError: If ``position`` is not an int 0..n_positions-1.
        """
        if isinstance(position, bool) or not isinstance(position, int):
            raise ValueError(f"not a position index of this board: {position!r}")
        if 0 <= position < self.fire_base:
            return f"{self.cell_name(position >> 2)}.{APEX_NAMES[position & 3]}"
        if self.fire_base <= position < self.start_base:
            return self.firing_positions[position - self.fire_base].name
        if self.start_base <= position < self.n_positions:
            return self.start_areas[position - self.start_base].name
        raise ValueError(f"not a position index of this board: {position}")

    def start_position(self, seat: int, side: int) -> int:
        """The position index of a seat's left (``side=0``) or right (``side=1``) Start Area."""
        return self.start_base + 2 * seat + side

    def usable_positions(self, cell: int) -> tuple[int, ...]:
        """The usable positions of a grid cell [D4], in apex order ne, nw, sw, se."""
        return self.cell_positions[cell]

    def step_through(self, origin: int, target: int) -> bool:
        """True if a step from ``origin`` to grid position ``target`` went straight
        through a Wormhole [D12]."""
        far = self.through_cell[origin]
        return far >= 0 and target < self.fire_base and target >> 2 == far

    def geometry(self) -> BoardGeometry:
        """The board's shapes as data, in board units (one cell = 1, x right, y up), for
        frontends that draw their own board: cells and their kinds, each position's
        polygon and centroid, Wormhole tubes, firing positions, Start Areas
        (``astroplane.games.astroplane.geometry``; ``to_dict()`` gives the JSON document).

        Examples:
            >>> g = REFERENCE_BOARD.geometry()
            >>> g.position("e2.ne").centroid
            (4.666666666666667, 1.6666666666666667)
        """
        return board_geometry(self)

    def entered_cell(self, origin: int) -> int | None:
        """The grid cell a step from ``origin`` enters (through the apex the piece points
        at), or None when the step goes into a firing position or nowhere [D1, D5].

        Examples:
            >>> b = REFERENCE_BOARD
            >>> b.cell_name(b.entered_cell(b.position("d2.sw")))
            'c1'
        """
        entry = self.link[origin] if 0 <= origin < self.n_positions else -1
        return entry >> 2 if 0 <= entry < self.fire_base else None

    def is_grid_position(self, position: int) -> bool:
        """True for a position in a grid cell (not a firing position or Start Area)."""
        return 0 <= position < self.fire_base

    def is_firing_position(self, position: int) -> bool:
        """True for a firing position of an Anomaly corner [D5]."""
        return self.fire_base <= position < self.start_base

    def is_start_area(self, position: int) -> bool:
        """True for a Start Area position."""
        return self.start_base <= position < self.n_positions

    def is_singularity_position(self, position: int) -> bool:
        """True for the Singularity apex of a Singularity cell [D13]."""
        return (
            0 <= position < self.fire_base and self.singularity_position[position >> 2] == position
        )

    def start_area_of(self, position: int) -> StartArea:
        """The Start Area at a Start Area position.

        Raises:
            ValueError: If ``position`` is not a Start Area position.
        """
        if not self.is_start_area(position):
            raise ValueError(f"not a Start Area position of this board: {position!r}")
        return self.start_areas[position - self.start_base]

    def firing_position_of(self, position: int) -> FiringPosition:
        """The firing position at a firing position index.

        Raises:
            ValueError: If ``position`` is not a firing position.
        """
        if not self.is_firing_position(position):
            raise ValueError(f"not a firing position of this board: {position!r}")
        return self.firing_positions[position - self.fire_base]

    def cell_of_position(self, position: int) -> int:
        """The cell a position is drawn in: its grid cell, the Anomaly corner of a firing
        position, or the cell of a Start Area.

        Raises:
            ValueError: If ``position`` is not a position of this board.
        """
        if 0 <= position < self.fire_base:
            return position >> 2
        if self.is_firing_position(position):
            return self.firing_positions[position - self.fire_base].corner
        return self.start_area_of(position).cell

    @classmethod
    def from_south(
        cls,
        size: int,
        *,
        singularity: tuple[str, str],
        hyperspace: str,
        wormhole: tuple[str, str],
        anomaly: Iterable[tuple[str, str, str, str]],
        start_areas: tuple[tuple[str, str, str], tuple[str, str, str]],
    ) -> Topology:
        """Build a square board with 4-fold symmetry from the South side's layout.

        Each definition is rotated three times by 90 degrees clockwise,
        ``(x, y) -> (y, size - 1 - x)``, seat S -> W -> N -> E.

        Args:
            size: Side length of the square grid.
            singularity: ``(cell, apex)`` of one Singularity cell.
            hyperspace: The South Hyperspace cell.
            wormhole: The South Wormhole tube's two end cells.
            anomaly: ``(corner, link cell, link apex, fires into)`` for each
                firing position on the South edge; its name is corner + ``S``.
            start_areas: ``(cell, entry cell, entry apex)`` for the left and
                right South Start Areas.

        Raises:
            ValueError: On a name that is not a cell or apex.
        """

        def rot(cell: int, k: int) -> int:
            y, x = divmod(cell, size)
            for _ in range(k):
                x, y = y, size - 1 - x
            return y * size + x

        def c(name: str) -> int:
            x, y = _parse_cell(name, size, size)
            return y * size + x

        def apex(name: str) -> int:
            if name not in APEX_NAMES:
                raise ValueError(f"not an apex: {name!r}")
            return APEX_NAMES.index(name)

        def cname(cell: int) -> str:
            y, x = divmod(cell, size)
            return f"{chr(ord('a') + x)}{y + 1}"

        sing_cell, sing_apex = c(singularity[0]), apex(singularity[1])
        singular = tuple((rot(sing_cell, k), (sing_apex - k) % 4) for k in range(4))
        hyper = tuple(rot(c(hyperspace), k) for k in range(4))
        tubes = tuple((rot(c(wormhole[0]), k), rot(c(wormhole[1]), k)) for k in range(4))
        firing: list[FiringPosition] = []
        corners: list[int] = []
        for k in range(4):
            for corner, link_cell, link_apex, fires in anomaly:
                corner_k = rot(c(corner), k)
                if corner_k not in corners:
                    corners.append(corner_k)
                firing.append(
                    FiringPosition(
                        name=cname(corner_k) + "SWNE"[k],
                        corner=corner_k,
                        link_cell=rot(c(link_cell), k),
                        link_apex=(apex(link_apex) - k) % 4,
                        fires_into=rot(c(fires), k),
                    )
                )
        areas = tuple(
            StartArea(
                name="SWNE"[k] + "lr"[side],
                seat=k,
                side=side,
                cell=rot(c(cell_name), k),
                entry_cell=rot(c(entry), k),
                entry_apex=(apex(entry_apex) - k) % 4,
            )
            for k in range(4)
            for side, (cell_name, entry, entry_apex) in enumerate(start_areas)
        )
        return cls(
            width=size,
            height=size,
            singularity=singular,
            hyperspace=hyper,
            wormholes=tubes,
            anomaly_corners=tuple(corners),
            firing_positions=tuple(firing),
            start_areas=areas,
        )


# How a step destination is reached (``Topology.step_dests``).
STEP_PLAIN = 0  #: positioned in the entered cell (or a firing position)
STEP_HYPERSPACE = 1  #: entered a Hyperspace cell and continued to another one [D11]
STEP_THROUGH = 2  #: entered a Wormhole end and went straight through [D12]
STEP_SINGULARITY = 3  #: entered a Singularity cell, at its Singularity apex [D13]


#: ASCII whitespace (``str.strip()`` alone would also remove Unicode spaces).
_BLANKS = " \t\n\r\f\v"
_DIGITS = "0123456789"


def _parse_cell(name: str, width: int, height: int) -> tuple[int, int]:
    """``(x, y)`` of a cell name: an ASCII file letter and a rank without leading zeros.

    ``str.isdigit`` and ``int`` accept non-ASCII digits (U+0661, U+00B2...) and
    ``str.lower`` turns the Kelvin sign into ``k``: only ASCII is read here.
    """
    text = name.strip(_BLANKS) if isinstance(name, str) else ""
    if 2 <= len(text) <= 4 and text.isascii():
        letter, rank = text[0].lower(), text[1:]
        if "a" <= letter <= "z" and rank[0] != "0" and all(c in _DIGITS for c in rank):
            x, y = ord(letter) - ord("a"), int(rank) - 1
            if 0 <= x < width and 0 <= y < height:
                return x, y
    raise ValueError(f"not a cell of a {width}x{height} board: {name!r}")


def _compile(t: Topology) -> None:
    """Fill the compiled tables of ``t`` (frozen: set through object.__setattr__)."""
    w, h = t.width, t.height
    n = w * h
    nf = len(t.firing_positions)
    fire_base = 4 * n
    start_base = fire_base + nf
    n_pos = start_base + len(t.start_areas)

    kind = [int(CellKind.ORDINARY)] * n
    special: dict[int, str] = {}

    def mark(cell: int, k: CellKind, what: str) -> None:
        if not 0 <= cell < n:
            raise ValueError(f"{what}: cell {cell} is off the board")
        if cell in special:
            raise ValueError(f"{what}: cell {cell} is already {special[cell]}")
        special[cell] = what
        kind[cell] = int(k)

    for i, area in enumerate(t.start_areas):
        if (area.seat, area.side) != divmod(i, 2):
            raise ValueError(f"Start Area {area.name} must be listed at index 2 * seat + side")
        mark(area.cell, CellKind.OFF, f"Start Area {area.name}")
    for corner in t.anomaly_corners:
        mark(corner, CellKind.OFF, "an Anomaly corner")
    for cell, _apex in t.singularity:
        mark(cell, CellKind.SINGULARITY, "a Singularity cell")
    for cell in t.hyperspace:
        mark(cell, CellKind.HYPERSPACE, "a Hyperspace cell")
    partner = [-1] * n
    for a, b in t.wormholes:
        mark(a, CellKind.WORMHOLE, "a Wormhole end")
        mark(b, CellKind.WORMHOLE, "a Wormhole end")
        partner[a], partner[b] = b, a
    for area in t.start_areas:
        if kind[area.entry_cell] == CellKind.ORDINARY:
            kind[area.entry_cell] = int(CellKind.ENTRY)

    # Links: geometry first, then the Anomaly links override.
    link = [-1] * n_pos
    for cell in range(n):
        if kind[cell] == CellKind.OFF:
            continue
        y, x = divmod(cell, w)
        for a, (dx, dy) in enumerate(_APEX_STEP):
            tx, ty = x + dx, y + dy
            if 0 <= tx < w and 0 <= ty < h and kind[ty * w + tx] != CellKind.OFF:
                link[4 * cell + a] = 4 * (ty * w + tx) + (a ^ 2)
    fire_target = [-1] * n_pos
    corner_firing: dict[int, list[int]] = {}
    for f, fp in enumerate(t.firing_positions):
        if kind[fp.link_cell] == CellKind.OFF or fp.corner not in t.anomaly_corners:
            raise ValueError(f"firing position {fp.name} is not linked from a grid cell")
        link[4 * fp.link_cell + fp.link_apex] = fire_base + f
        link[fire_base + f] = 4 * fp.link_cell + fp.link_apex
        fire_target[fire_base + f] = fp.fires_into
        corner_firing.setdefault(fp.corner, []).append(fire_base + f)
    for s, area in enumerate(t.start_areas):
        link[start_base + s] = 4 * area.entry_cell + area.entry_apex

    sing_pos = [-1] * n
    for cell, apex in t.singularity:
        sing_pos[cell] = 4 * cell + apex
    usable = [link[p] >= 0 for p in range(fire_base)]
    cell_positions = tuple(
        tuple(4 * c + a for a in range(4) if usable[4 * c + a]) if kind[c] != CellKind.OFF else ()
        for c in range(n)
    )
    neighbours = []
    for cell in range(n):
        y, x = divmod(cell, w)
        row = []
        for dx, dy in ((0, 1), (1, 0), (0, -1), (-1, 0)):
            tx, ty = x + dx, y + dy
            row.append(ty * w + tx if 0 <= tx < w and 0 <= ty < h else -1)
        neighbours.append((row[0], row[1], row[2], row[3]))

    # [D12]: a step that enters a Wormhole end may go straight through to the other end.
    through = [
        partner[link[p] >> 2]
        if 0 <= link[p] < fire_base and kind[link[p] >> 2] == CellKind.WORMHOLE
        else -1
        for p in range(n_pos)
    ]
    # Step destinations per source position: where one step can put the piece.
    step_dests: list[tuple[tuple[int, int], ...]] = []
    for p in range(n_pos):
        entry = link[p]
        dests: list[tuple[int, int]] = []
        if entry >= fire_base:
            dests.append((entry, STEP_PLAIN))
        elif entry >= 0:
            target, entry_apex = entry >> 2, entry & 3
            k = kind[target]
            if k == CellKind.SINGULARITY:
                dests.append((sing_pos[target], STEP_SINGULARITY))
            elif k == CellKind.HYPERSPACE:
                for other in t.hyperspace:
                    if other != target:
                        dests.extend((q, STEP_HYPERSPACE) for q in cell_positions[other])
            else:
                dests.extend(
                    (q, STEP_PLAIN) for q in cell_positions[target] if (q & 3) != entry_apex
                )
                if through[p] >= 0:
                    dests.extend((q, STEP_THROUGH) for q in cell_positions[through[p]])
        step_dests.append(tuple(dests))

    travel_dests = tuple(
        tuple((q, STEP_THROUGH) for q in cell_positions[partner[p >> 2]])
        if p < fire_base and partner[p >> 2] >= 0
        else ()
        for p in range(n_pos)
    )
    revisits = tuple(
        p < fire_base and any(d < fire_base and d >> 2 == p >> 2 for d, _ in step_dests[p])
        for p in range(n_pos)
    )

    names: dict[str, int] = {}
    for f, fp in enumerate(t.firing_positions):
        names[fp.name] = fire_base + f
    for s, area in enumerate(t.start_areas):
        names[area.name] = start_base + s

    put = object.__setattr__
    put(t, "n_cells", n)
    put(t, "fire_base", fire_base)
    put(t, "start_base", start_base)
    put(t, "n_positions", n_pos)
    put(t, "kind", tuple(kind))
    put(t, "universe", tuple((c % w + c // w) % 2 for c in range(n)))
    put(t, "link", tuple(link))
    put(t, "usable", tuple(usable))
    put(t, "cell_positions", cell_positions)
    put(t, "wormhole_partner", tuple(partner))
    put(t, "through_cell", tuple(through))
    put(t, "singularity_position", tuple(sing_pos))
    put(t, "neighbours", tuple(neighbours))
    put(t, "fire_target", tuple(fire_target))
    put(t, "corner_firing", tuple((c, (v[0], v[1])) for c, v in corner_firing.items()))
    put(t, "firing_of_cell", tuple(tuple(corner_firing.get(c, ())) for c in range(n)))
    put(t, "step_dests", tuple(step_dests))
    put(t, "travel_dests", travel_dests)
    put(t, "step_revisits", revisits)
    put(t, "_names", names)


REFERENCE_BOARD = Topology.from_south(
    10,
    singularity=("e5", "ne"),
    hyperspace="e1",
    wormhole=("b1", "i1"),
    anomaly=(("a1", "b1", "sw", "e6"), ("j1", "i1", "se", "f6")),
    start_areas=(("d1", "e2", "sw"), ("g1", "f2", "se")),
)
"""The reference board of the rules page (10 x 10, four seats), built from the South
side's layout and its three rotations by ``Topology.from_south``."""
