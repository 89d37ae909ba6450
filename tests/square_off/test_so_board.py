"""The board as data [SO1]: OpenSpiel's numbering, 32 links, 16 lines, the jump table, and
a variant board with diagonal lines that move generation follows."""

from __future__ import annotations

import pytest
from so_helpers import pos, texts

from astroplane.games.square_off import BOARD, JUMP_OFF, Board, Move, point_id, point_name
from astroplane.games.square_off.board import N_POINTS

OPENSPIEL_ORDER = [
    "a7", "d7", "g7", "b6", "d6", "f6", "c5", "d5", "e5", "a4", "b4", "c4",
    "e4", "f4", "g4", "c3", "d3", "e3", "b2", "d2", "f2", "a1", "d1", "g1",
]  # fmt: skip


def test_points_are_numbered_as_openspiel_does() -> None:
    """Point ids 0..23 are OpenSpiel's numbering, row by row from the top [SO1]."""
    assert list(BOARD.names) == OPENSPIEL_ORDER
    assert [point_id(n) for n in OPENSPIEL_ORDER] == list(range(N_POINTS))
    assert all(point_name(i) == n for i, n in enumerate(OPENSPIEL_ORDER))


def test_openspiel_neighbour_table_matches_the_links() -> None:
    """The links are exactly OpenSpiel's neighbour table (N, E, S, W per point)."""
    openspiel = [
        (1, 9), (0, 2, 4), (1, 14), (4, 10), (1, 5, 7, 3), (4, 13), (7, 11), (4, 8, 6),
        (7, 12), (0, 10, 21), (3, 11, 18, 9), (6, 15, 10), (8, 13, 17), (5, 14, 20, 12),
        (2, 23, 13), (11, 16), (17, 19, 15), (12, 16), (10, 19), (16, 20, 22, 18),
        (13, 19), (9, 22), (19, 23, 21), (14, 22),
    ]  # fmt: skip
    assert [tuple(sorted(n)) for n in openspiel] == list(BOARD.neighbours)
    assert len(BOARD.links) == 32
    assert all(
        BOARD.neighbour_masks[p] == sum(1 << q for q in BOARD.neighbours[p])
        for p in range(N_POINTS)
    )


def test_sixteen_lines_each_point_on_two() -> None:
    """16 lines: the 12 square sides and the 4 joining lines; every point lies on exactly
    two; d3 is not linked to d5 nor c4 to e4 [SO1]."""
    assert len(BOARD.lines) == 16
    assert all(len(ls) == 2 for ls in BOARD.lines_at)
    names = {frozenset(line) for line in BOARD.line_names()}
    assert frozenset({"a4", "b4", "c4"}) in names and frozenset({"d5", "d6", "d7"}) in names
    assert point_id("d5") not in BOARD.neighbours[point_id("d3")]
    assert point_id("e4") not in BOARD.neighbours[point_id("c4")]
    assert all(
        BOARD.line_masks[i] == sum(1 << p for p in line) for i, line in enumerate(BOARD.lines)
    )


def test_jumps_go_end_over_middle_to_end() -> None:
    """The jump table holds 32 jumps, each from one end of a line over its middle to the
    other end, derived from the lines [SO7]."""
    assert len(BOARD.jumps) == 32
    for f, over, to in BOARD.jumps:
        assert any(line in ((f, over, to), (to, over, f)) for line in BOARD.lines)
        assert (over, to) in BOARD.jumps_from[f]
    assert [(point_name(q), point_name(t)) for q, t in BOARD.jumps_from[point_id("a1")]] == [
        ("a4", "a7"),
        ("d1", "g1"),
    ]


def test_a_diagonal_board_is_data_and_move_generation_follows_it() -> None:
    """A board with a Morabaraba diagonal a7-b6-c5 added links those points and makes the
    line count: b6 can slide to a7, and a7 b6 c5 of one colour forms a line [SO1]."""
    diag = Board.build(BOARD.names, [*BOARD.line_names(), ("a7", "b6", "c5")])
    assert len(diag.lines) == 17 and len(diag.links) == 34
    s = pos("b6 d1 g1 f2", "d7 g4 e3 c4", board=diag)
    assert "b6-a7" in texts(s)
    assert "b6-a7" not in texts(pos("b6 d1 g1 f2", "d7 g4 e3 c4"))
    placed = pos("a7 b6", "g1 g4", in_hand=(1, 1), board=diag)
    after = placed.play(Move.place("c5"))
    assert after.removals == (0,)
    jumpers = pos("a7 d1 g1 f2", "b6 g4 e3 c4", board=diag, rules=JUMP_OFF)
    assert "a7^c5" in texts(jumpers)


def test_bad_boards_are_refused_with_the_reason() -> None:
    """Board.build refuses a line that is not three points, a name off the grid and a
    point name that is not on the board."""
    with pytest.raises(ValueError, match="three points"):
        Board.build(BOARD.names, [("a7", "d7")])
    with pytest.raises(ValueError, match="not a point of this board"):
        Board.build(BOARD.names, [("a7", "d7", "x9")])
    with pytest.raises(ValueError, match="file a-g and a rank 1-7"):
        Board.build(("h1", *BOARD.names[1:]), [])
    with pytest.raises(ValueError, match="repeat"):
        Board.build(("d7", *BOARD.names[1:]), [])
    with pytest.raises(ValueError, match="takes lines as a list"):
        Board.build(BOARD.names, None)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="a line is three points"):
        Board.build(BOARD.names, ["a7d7g7"])
    with pytest.raises(ValueError, match="a link is two points"):
        Board.build(BOARD.names, [], [5])  # type: ignore[list-item]
    with pytest.raises(ValueError, match="not a point"):
        point_id("h8")
    with pytest.raises(ValueError, match="not a point id"):
        point_name(24)
