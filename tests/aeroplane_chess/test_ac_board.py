"""The board tables [AC1, AC4, AC6, AC7]: the loop, the routes, jumps, shortcuts, drawing cells."""

from __future__ import annotations

import itertools

import pytest

from astroplane.games.aeroplane_chess import board as b


def test_the_loop_has_52_squares_coloured_r_y_b_g_in_turn() -> None:
    """The loop has 52 squares, 13 of each colour, in the fixed order R Y B G from square 2."""
    assert len(b.LOOP_COLOUR) == b.LOOP == 52
    assert [b.LOOP_COLOUR.count(c) for c in range(4)] == [13, 13, 13, 13]
    assert "".join(b.COLOURS[b.LOOP_COLOUR[i]] for i in range(1, 9)) == "RYBGRYBG"
    assert all(b.LOOP_COLOUR[i] == b.LOOP_COLOUR[(i + 4) % 52] for i in range(52))


@pytest.mark.parametrize("colour", range(4))
def test_each_route_is_take_off_50_loop_squares_then_6_home_squares(colour: int) -> None:
    """A route: the take-off square, 50 distinct loop squares clockwise, then the colour's
    home column of 6 squares ending in its centre [AC4]."""
    route = b.SQUARE_OF[colour]
    assert len(route) == 57
    assert route[0] == b.TAKE_OFF_BASE + colour
    loop = route[1:51]
    assert len(set(loop)) == 50 and all(s < 52 for s in loop)
    assert all((loop[i] + 1) % 52 == loop[i + 1] for i in range(49))
    assert route[51:] == tuple(b.HOME_BASE + 6 * colour + n for n in range(6))
    assert b.square_name(route[1]) == str(13 * colour + 1)  # entries 1, 14, 27, 40
    assert all(b.PROGRESS_AT[colour][sq] == k for k, sq in enumerate(route))


@pytest.mark.parametrize("colour", range(4))
def test_own_colour_squares_are_every_fourth_and_the_exit_is_one(colour: int) -> None:
    """A colour's own squares on its route are progress 2, 6, ..., 50: the exit into the
    home column is its own colour, and it is the 13th [AC1, AC4]."""
    own = [k for k in range(1, 51) if b.LOOP_COLOUR[b.SQUARE_OF[colour][k]] == colour]
    assert own == list(range(2, 51, 4))
    assert own == [k for k in range(57) if b.OWN_SQUARE[k]]


def test_jumps_go_to_the_next_own_colour_square_except_from_the_exit() -> None:
    """Jumps are 4 squares, from own-colour squares only, none from the exit [AC6]."""
    assert [k for k in range(57) if b.JUMP_TO[k]] == list(range(2, 47, 4))
    assert all(b.JUMP_TO[k] == k + 4 for k in range(2, 47, 4))
    assert b.JUMP_TO[b.EXIT] == 0


@pytest.mark.parametrize("colour", range(4))
def test_the_shortcut_crosses_the_opposite_colours_home_column(colour: int) -> None:
    """The shortcut joins two own-colour squares 12 apart, lies straight across an arm of
    the cross and crosses the opposite colour's fifth home square [AC7]."""
    a = b.SQUARE_OF[colour][b.SHORTCUT_FROM]
    z = b.SQUARE_OF[colour][b.SHORTCUT_TO]
    assert b.SHORTCUT_TO - b.SHORTCUT_FROM == 12
    assert b.LOOP_COLOUR[a] == b.LOOP_COLOUR[z] == colour
    crossed = b.CROSSING[colour]
    assert b.square_name(crossed) == b.COLOURS[(colour + 2) % 4] + "H5"
    (xa, ya), (xc, yc), (xz, yz) = b.CELL_OF[a], b.CELL_OF[crossed], b.CELL_OF[z]
    assert (xc * 2, yc * 2) == (xa + xz, ya + yz)  # the crossed square is in the middle
    assert abs(xa - xz) + abs(ya - yz) == 2


def test_cells_are_distinct_and_neighbours_on_the_loop_touch() -> None:
    """Every square has its own cell; consecutive loop squares are side by side (or corner
    to corner where two arms meet); a take-off square is next to its entry square."""
    assert len(set(b.CELL_OF)) == b.N_SQUARES
    for i in range(52):
        (x0, y0), (x1, y1) = b.CELL_OF[i], b.CELL_OF[(i + 1) % 52]
        assert max(abs(x0 - x1), abs(y0 - y1)) == 1
    for c in range(4):
        (x0, y0), (x1, y1) = b.CELL_OF[b.TAKE_OFF_BASE + c], b.CELL_OF[b.SQUARE_OF[c][1]]
        assert abs(x0 - x1) + abs(y0 - y1) == 1
        home = [b.CELL_OF[s] for s in b.SQUARE_OF[c][50:]]
        assert all(abs(p[0] - q[0]) + abs(p[1] - q[1]) == 1 for p, q in itertools.pairwise(home))
    hangar_cells = {cell for cells in b.HANGAR_CELLS for cell in cells}
    assert len(hangar_cells) == 16 and not hangar_cells & set(b.CELL_OF)


def test_the_docstring_diagram_is_the_tables() -> None:
    """The ASCII diagram in the board module's docstring is drawn from the tables."""
    doc = b.__doc__ or ""
    drawn = doc.split("[AC7]::\n\n")[1].split("\n\n")[0]
    block = "\n".join(line[4:] for line in drawn.splitlines())
    assert block == b.diagram()


def test_names_round_trip() -> None:
    """Square, plane and colour names read back to their ids (any case)."""
    for sq in range(b.N_SQUARES):
        assert b.square_from_name(b.square_name(sq).lower()) == sq
    for p in range(16):
        assert b.plane_from_name(b.plane_name(p)) == p
    assert [b.colour_from_name(n) for n in ("r", "Yellow", "BLUE", 3)] == [0, 1, 2, 3]


@pytest.mark.parametrize(
    ("call", "arg"),
    [
        (b.square_from_name, "53"),
        (b.square_from_name, "RH7"),
        (b.square_from_name, "0"),
        (b.plane_from_name, "R5"),
        (b.plane_from_name, "X1"),
        (b.colour_from_name, "purple"),
        (b.colour_from_name, 4),
        (b.square_name, 80),
        (b.plane_name, 16),
    ],
)
def test_bad_names_are_value_errors(call: object, arg: object) -> None:
    """Unknown names and ids raise ValueError naming what was expected."""
    with pytest.raises(ValueError, match="not a"):
        call(arg)  # type: ignore[operator]
