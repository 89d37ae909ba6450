"""The text drawing for terminals: the board, each colour's planes, whose turn it is."""

from __future__ import annotations

from ac_helpers import pos

from astroplane.games.aeroplane_chess import new_game, position_from_text, render


def test_the_start_shows_hangars_empty_squares_and_the_roll_to_come() -> None:
    """At the start every plane is drawn in its hangar and R is to roll."""
    text = render(new_game(2))
    lines = text.splitlines()
    assert lines[-3:] == [
        "R Red: hangar R1 R2 R3 R4",
        "B Blue: hangar B1 B2 B3 B4",
        "Turn 1: R (Red) to roll.",
    ]
    assert "Y1" not in text and " 14r " in text and " rh3 " in text and " rt " in text
    assert str(new_game(2)) == text


def test_planes_stacks_and_shared_squares() -> None:
    """A plane shows its name, a stack its lowest plane and size, a shared square +n."""
    s = pos(
        "RB",
        {"R1": "7", "R2": "7", "R3": "9", "R4": "9", "B1": "BH2"},
        stacks=[("R1", "R2")],
        roll=5,
    )
    text = render(s)
    assert " R1*2 " in text and " R3+1 " in text and " B1 " in text
    assert "R Red: flying R1R2 7, R3 9, R4 9" in text
    assert text.endswith("Turn 1: R (Red) rolled a 5, to move.")


def test_arrived_planes_and_the_end() -> None:
    """Arrived planes are shown in brackets in the hangar; a finished game lists places."""
    s = position_from_text("standard RYB - t80 R1R2R3R4:RH6,B1B2B3B4:BH6,Y1:YH5 fin:BR")
    text = render(s)
    assert "(R1)" in text and "B Blue [1st]: arrived B1 B2 B3 B4" in text
    assert text.endswith("Turn 80: game over: 1st B (Blue), 2nd R (Red), 3rd Y (Yellow).")
    assert "after two 6s" in render(position_from_text("standard RB R66? t2 R1:5"))


def test_highlighted_squares_are_marked_and_the_legend_explains_every_mark() -> None:
    """A move's destination is marked >like this< in the terminal board, through the
    protocol's highlights, and the legend names each mark the board uses (issue 20)."""
    from astroplane.games.aeroplane_chess import AEROPLANE_CHESS, LEGEND, Move, new_game

    s = new_game(2).play(Move.roll(6))
    marks = AEROPLANE_CHESS.highlights(s, Move.launch("R1"))
    board = AEROPLANE_CHESS.render_text(s, highlight=marks)
    assert ">rt<" in board and ">" not in AEROPLANE_CHESS.render_text(s)
    for mark in ("12b", "rh3", "rt", "R1*2", "R1+1", "(R1)", ">R1<"):
        assert mark in LEGEND
    assert AEROPLANE_CHESS.texts["legend"] == LEGEND
