"""Stacks (seed rule 5, [AC9]): a choice when a flight ends on own planes; a stack moves as
one until it reaches the centre or is sent back."""

from __future__ import annotations

import pytest
from ac_helpers import play, pos, texts

from astroplane.errors import IllegalMoveError
from astroplane.games.aeroplane_chess import Move, Rules, parse_move

SIX_ONLY = Rules(launch="six")


def test_stacking_is_the_players_choice() -> None:
    """Ending on an own plane offers the move both without and with stacking (&)."""
    s = pos(planes={"R1": "3", "R2": "7"}, roll=4, rules=SIX_ONLY)
    assert texts(s) == ["R1-7", "R1-7&", "R2-11"]
    assert play(s, "R1-7&").stacks == ((0, 1),)
    apart = play(s, "R1-7")
    assert apart.stacks == () and apart.planes_at("7") == (0, 1)


@pytest.mark.parametrize(("stacking", "moves"), [("always", ["R1-7&"]), ("never", ["R1-7"])])
def test_stacking_always_or_never(stacking: str, moves: list[str]) -> None:
    """With stacking=always the planes must stack; with never they cannot."""
    s = pos(planes={"R1": "3", "R2": "7"}, roll=4, rules=Rules(launch="six", stacking=stacking))
    assert texts(s)[:-1] == moves


def test_a_stack_moves_as_one_named_by_its_lowest_plane() -> None:
    """R1R2 on 7 with a 3: one move, R1-14 (10 is red: jump), and both planes go."""
    s = pos(planes={"R1": "7", "R2": "7"}, stacks=[("R1", "R2")], roll=3, rules=SIX_ONLY)
    assert texts(s) == ["R1-14"]
    after = play(s, "R1-14")
    assert after.stacks == ((0, 1),) and after.progress("R2") == 14
    assert parse_move(s, "R2-14") == Move.fly("R1", "14")  # any member names the stack
    with pytest.raises(IllegalMoveError, match=r"R2 is stacked with R1.*\[AC9\]"):
        s.play(Move.fly("R2", "14"))


def test_a_stack_reaching_the_centre_comes_apart() -> None:
    """A stack that arrives is done: its planes are arrived, no longer a stack."""
    s = pos(planes={"R1": "RH3", "R2": "RH3"}, stacks=[("R1", "R2")], roll=3)
    after = play(s, "R1-RH6")
    assert after.stacks == () and after.arrived("R") == (0, 1)


def test_joining_a_square_joins_every_own_plane_there() -> None:
    """Stacking onto a square with a stack and a loose own plane makes one stack of all."""
    planes = {"R1": "7", "R2": "7", "R3": "7", "R4": "3"}
    s = pos(planes=planes, stacks=[("R1", "R2")], roll=4, rules=SIX_ONLY)
    assert play(s, "R4-7&").stacks == ((0, 1, 2, 3),)


def test_stacks_form_in_the_home_column_and_after_a_bounce() -> None:
    """Ending on an own plane in the home column, also after bouncing, offers stacking."""
    assert texts(pos(planes={"R1": "RH2", "R2": "49"}, roll=3, rules=SIX_ONLY))[:2] == [
        "R1-RH5",
        "R2-RH2",
    ]
    bounced = pos(planes={"R1": "RH4", "R2": "RH3"}, roll=5, rules=SIX_ONLY)
    assert "R1-RH3&" in texts(bounced)


def test_stacking_where_no_own_plane_is_is_illegal() -> None:
    """The stacking mark on a move that ends on no own plane names [AC9]."""
    s = pos(planes={"R1": "3"}, roll=4, rules=SIX_ONLY)
    with pytest.raises(IllegalMoveError, match=r"cannot stack on 7.*\[AC9\]"):
        s.play(Move.fly("R1", "7", stack=True))
    always = pos(planes={"R1": "3", "R2": "7"}, roll=4, rules=Rules(stacking="always"))
    with pytest.raises(IllegalMoveError, match=r"must stack on 7: stacking is always"):
        always.play(Move.fly("R1", "7"))
