"""The Aeroplane Chess board as flat lookup tables, compiled once at import.

The rules read only these tables; the drawings (``render``, ``svg``) read the cells.

**Colours** (seats) 0..3 are R, Y, B, G (red, yellow, blue, green), clockwise from the
bottom-left corner [AC2]. **Planes** 0..15: plane ``4 * colour + n - 1`` is named by its
colour letter and ``n`` (``R1`` .. ``G4``).

**Progress** is where a plane is along its own colour's route [AC4]: ``-1`` hangar, ``0``
take-off square, ``1`` .. ``50`` the loop (``1`` is the colour's entry square, ``50`` its
exit), ``51`` .. ``55`` the home column and ``56`` the centre (arrived, done).

**Squares** have absolute ids: ``0`` .. ``51`` the loop, named ``"1"`` .. ``"52"``
clockwise from Red's entry; ``52 + c`` the take-off square of colour ``c`` (``"RT"``);
``56 + 6 * c + n - 1`` square ``n`` of its home column (``"RH1"`` .. ``"RH6"``, ``RH6`` is
the centre). The loop is coloured R, Y, B, G over and over clockwise from square 2, so a
colour's own squares are 4 apart [AC1]; for Red, progress and loop square name agree.

The board is a cross on a 15 by 15 grid (the Ludo geometry), y downwards. Loop squares
show their names, ``RT`` a take-off square, ``RH1`` .. ``RH6`` a home column, ``[R]`` a
hangar; planes move clockwise (up the left side of the bottom arm, out along the left
arm...). Red's shortcut flies from square 18 to square 30 across Blue's ``BH5`` [AC7]::

                              23  24  25
             [Y]     [Y]      22 BH1  26
                              21 BH2  27  BT     [B]     [B]
             [Y]     [Y]      20 BH3  28
                              19 BH4  29         [B]     [B]
              YT              18 BH5  30
      12  13  14  15  16  17     BH6      31  32  33  34  35  36
      11 YH1 YH2 YH3 YH4 YH5 YH6     GH6 GH5 GH4 GH3 GH2 GH1  37
      10   9   8   7   6   5     RH6      43  42  41  40  39  38
                               4 RH5  44              GT
         [R]     [R]           3 RH4  45
                               2 RH3  46     [G]     [G]
         [R]     [R]      RT   1 RH2  47
                              52 RH1  48     [G]     [G]
                              51  50  49

Examples:
    >>> square_name(SQUARE_OF[0][18]), square_name(SQUARE_OF[0][30]), square_name(CROSSING[0])
    ('18', '30', 'BH5')
    >>> square_name(SQUARE_OF[1][1]), COLOURS[LOOP_COLOUR[SQUARE_OF[1][2]]]
    ('14', 'Y')
    >>> JUMP_TO[14], JUMP_TO[18], JUMP_TO[46], JUMP_TO[50]
    (18, 22, 50, 0)
"""

from __future__ import annotations

from astroplane.kit.limits import plain_text, shown

__all__ = [
    "CELL_OF",
    "CENTRE",
    "COLOURS",
    "COLOUR_NAMES",
    "CROSSING",
    "ENTRY",
    "EXIT",
    "GRID",
    "HANGAR",
    "HANGAR_CELLS",
    "HOME",
    "HOME_BASE",
    "JUMP_TO",
    "LOOP",
    "LOOP_COLOUR",
    "N_PLANES",
    "N_SQUARES",
    "OWN_SQUARE",
    "PLANES_PER_COLOUR",
    "PROGRESS_AT",
    "SHORTCUT_FROM",
    "SHORTCUT_TO",
    "SQUARE_COLOUR",
    "SQUARE_NAMES",
    "SQUARE_OF",
    "TAKE_OFF",
    "TAKE_OFF_BASE",
    "colour_from_name",
    "diagram",
    "plane_from_name",
    "plane_name",
    "rotate",
    "square_from_name",
    "square_name",
]

COLOURS: tuple[str, ...] = ("R", "Y", "B", "G")
"""The colour letters by seat number, in clockwise (turn) order [AC2]."""
COLOUR_NAMES: tuple[str, ...] = ("Red", "Yellow", "Blue", "Green")
"""The colour names by seat number."""
PLANES_PER_COLOUR = 4
N_PLANES = 16
LOOP = 52
"""Squares on the loop track."""

HANGAR = -1
TAKE_OFF = 0
ENTRY = 1
EXIT = 50
"""Progress of a colour's last loop square, where it turns into its home column [AC4]."""
HOME = 51
"""Progress of the first home column square."""
CENTRE = 56
"""Progress of the centre: the plane has arrived and is done."""
SHORTCUT_FROM = 18
"""Progress of every colour's shortcut square [AC7]."""
SHORTCUT_TO = 30
"""Progress where every colour's shortcut lands [AC7]."""

TAKE_OFF_BASE = 52
HOME_BASE = 56
N_SQUARES = 80
GRID = 15
"""The board is drawn on a ``GRID`` by ``GRID`` grid of cells."""

_SEGMENT = 13  # loop squares per arm of the cross
_ENTRY_OFFSET = 9  # a colour enters its own arm's loop part 9 squares after the arm starts


def plane_name(plane: int) -> str:
    """The name of a plane id (``0`` -> ``"R1"``).

    Raises:
        ValueError: If ``plane`` is not an ``int`` 0..15 (a ``bool`` is not).

    Examples:
        >>> plane_name(0), plane_name(15)
        ('R1', 'G4')
    """
    if type(plane) is not int or not 0 <= plane < N_PLANES:  # not a bool, float, ...
        raise ValueError(f"not a plane id (0..15): {shown(plane)}")
    return COLOURS[plane // 4] + str(plane % 4 + 1)


def plane_from_name(name: str) -> int:
    """The plane id of a name such as ``"B3"`` (case-insensitive).

    Raises:
        ValueError: If ``name`` is not a colour letter and 1..4.

    Examples:
        >>> plane_from_name("b3")
        10
    """
    text = name.strip().upper() if isinstance(name, str) else ""
    if len(text) != 2 or text[0] not in COLOURS or text[1] not in "1234":
        raise ValueError(f"not a plane name (R1..G4): {shown(name)}")
    return 4 * COLOURS.index(text[0]) + int(text[1]) - 1


def colour_from_name(name: str | int) -> int:
    """The seat number of a colour letter, colour name or seat number.

    Raises:
        ValueError: If ``name`` is not a colour.

    Examples:
        >>> colour_from_name("y"), colour_from_name("Green"), colour_from_name(2)
        (1, 3, 2)
    """
    if type(name) is int and 0 <= name < 4:  # no bool, no int subclass with its own ==
        return name
    if isinstance(name, str):
        text = plain_text(name).strip().lower()
        for i, (letter, full) in enumerate(zip(COLOURS, COLOUR_NAMES, strict=True)):
            if text in (letter.lower(), full.lower()):
                return i
    raise ValueError(f"not a colour (R, Y, B, G or 0..3): {shown(name)}")


def _square_names() -> tuple[str, ...]:
    names = [str(i + 1) for i in range(LOOP)]
    names += [c + "T" for c in COLOURS]
    names += [f"{c}H{n}" for c in COLOURS for n in range(1, 7)]
    return tuple(names)


SQUARE_NAMES: tuple[str, ...] = _square_names()
"""The name of each square id."""
_SQUARE_IDS = {name: i for i, name in enumerate(SQUARE_NAMES)}


def square_name(square: int) -> str:
    """The name of a square id (``0`` -> ``"1"``, ``52`` -> ``"RT"``, ``61`` -> ``"RH6"``).

    Raises:
        ValueError: If ``square`` is not an ``int`` 0..79 (a ``bool`` is not).

    Examples:
        >>> square_name(0), square_name(52), square_name(61)
        ('1', 'RT', 'RH6')
    """
    if type(square) is not int or not 0 <= square < N_SQUARES:  # not a bool, float, ...
        raise ValueError(f"not a square id (0..79): {shown(square)}")
    return SQUARE_NAMES[square]


def square_from_name(name: str) -> int:
    """The square id of a name (case-insensitive): ``"1"`` .. ``"52"``, ``"RT"``, ``"RH1"``.

    Raises:
        ValueError: If ``name`` names no square.

    Examples:
        >>> square_from_name("52"), square_from_name("gt"), square_from_name("BH5")
        (51, 55, 72)
    """
    found = _SQUARE_IDS.get(name.strip().upper()) if isinstance(name, str) else None
    if found is None:
        raise ValueError(f"not a square (1..52, RT, RH1..RH6 and so on): {shown(name)}")
    return found


def _route(colour: int) -> tuple[int, ...]:
    route = [TAKE_OFF_BASE + colour]
    route += [(_SEGMENT * colour + k - 1) % LOOP for k in range(ENTRY, EXIT + 1)]
    route += [HOME_BASE + 6 * colour + n for n in range(6)]
    return tuple(route)


SQUARE_OF: tuple[tuple[int, ...], ...] = tuple(_route(c) for c in range(4))
"""``SQUARE_OF[colour][progress]``: the square of each progress ``0`` .. ``56``."""


def _progress_at(colour: int) -> tuple[int, ...]:
    table = [HANGAR] * N_SQUARES
    for k, square in enumerate(SQUARE_OF[colour]):
        table[square] = k
    return tuple(table)


PROGRESS_AT: tuple[tuple[int, ...], ...] = tuple(_progress_at(c) for c in range(4))
"""``PROGRESS_AT[colour][square]``: the progress of a square on that colour's route, or
``-1`` for a square off it (another colour's take-off square or home column)."""

LOOP_COLOUR: tuple[int, ...] = tuple((i - 1) % 4 for i in range(LOOP))
"""The colour of each loop square: R, Y, B, G repeating clockwise from square 2 [AC1]."""

SQUARE_COLOUR: tuple[int, ...] = (
    LOOP_COLOUR + tuple(range(4)) + tuple(c for c in range(4) for _ in range(6))
)
"""The colour of every square id."""

OWN_SQUARE: tuple[bool, ...] = tuple(ENTRY <= k <= EXIT and k % 4 == 2 for k in range(57))
"""Per progress, whether that loop square has the plane's own colour (it is the same for
every colour: progress 2, 6, ..., 50)."""

JUMP_TO: tuple[int, ...] = tuple(k + 4 if OWN_SQUARE[k] and k < EXIT else 0 for k in range(57))
"""Per progress, where a plane landing there jumps to (the next own-colour square), or 0:
no jump (not an own-colour square, or the exit, the last one on the route) [AC6]."""

CROSSING: tuple[int, ...] = tuple(HOME_BASE + 6 * ((c + 2) % 4) + 4 for c in range(4))
"""Per colour, the square its shortcut flies over: the opposite colour's ``H5`` [AC7]."""

# ---- drawing coordinates ---------------------------------------------------------------


def rotate(x: float, y: float, times: int) -> tuple[float, float]:
    """A point of the board turned ``times`` quarter turns clockwise about its centre.

    Points are in cell units with the origin at the top-left corner and y downwards (a
    cell ``(x, y)`` spans ``x .. x + 1``). Turning the bottom arm once gives the left arm.

    Examples:
        >>> rotate(7.5, 14.5, 1)
        (0.5, 7.5)
    """
    for _ in range(times % 4):
        x, y = GRID - y, x
    return x, y


def _cell(x: int, y: int, times: int) -> tuple[int, int]:
    cx, cy = rotate(x + 0.5, y + 0.5, times)
    return int(cx), int(cy)


def _loop_cell(square: int) -> tuple[int, int]:
    g = (square + _ENTRY_OFFSET) % LOOP
    arm, t = divmod(g, _SEGMENT)
    if t < 6:  # out along the right side of the bottom arm
        xy = (8, 9 + t)
    elif t == 6:  # the end of the arm, where the colour of the arm turns home
        xy = (7, 14)
    else:  # back in along its left side
        xy = (6, 21 - t)
    return _cell(*xy, arm)


def _cells() -> tuple[tuple[int, int], ...]:
    cells = [_loop_cell(i) for i in range(LOOP)]
    cells += [_cell(5, 12, c) for c in range(4)]
    cells += [_cell(7, 14 - n, c) for c in range(4) for n in range(1, 7)]
    return tuple(cells)


CELL_OF: tuple[tuple[int, int], ...] = _cells()
"""Per square id, its grid cell ``(x, y)`` (y downwards); a centre square is the middle
cell of the side of the central 3 by 3 area that faces its colour's arm."""

HANGAR_CELLS: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple(_cell(x, y, c) for x, y in ((1, 12), (3, 12), (1, 10), (3, 10))) for c in range(4)
)
"""Per colour, the cells of its hangar where planes 1..4 stand (bottom-left corner for
Red, turned with the colour)."""


def diagram() -> str:
    """The numbering diagram of the module docstring, computed from the tables.

    Examples:
        >>> diagram().splitlines()[0].strip()
        '23  24  25'
    """
    grid = [["    "] * GRID for _ in range(GRID)]
    for square, (x, y) in enumerate(CELL_OF):
        grid[y][x] = f"{SQUARE_NAMES[square]:>4}"
    for c, cells in enumerate(HANGAR_CELLS):
        for x, y in cells:
            grid[y][x] = f" [{COLOURS[c]}]"
    return "\n".join("".join(row).rstrip() for row in grid)
