"""The checks every game's text readers start with (astroplane.kit.limits): a position
text is a short printable-ASCII string, split into fields that keep their columns; an
action number is an integer in range, never a twin that ``int()`` would accept."""

from __future__ import annotations

import pytest

from astroplane.errors import NotationError
from astroplane.kit.limits import MAX_POSITION_TEXT, action_number, position_fields
from helpers import IndexLike


def test_fields_keep_their_columns() -> None:
    """Runs of blanks and tabs separate fields; each field comes with the column it
    starts at, so a reader's errors point into the whole text."""
    assert position_fields(" a \tbc  d ") == [(1, "a"), (4, "bc"), (8, "d")]
    assert position_fields("a bc d", single_blanks=True) == [(0, "a"), (2, "bc"), (5, "d")]


@pytest.mark.parametrize(("text", "column"), [("a  b", 2), (" a b", 0), ("a b ", 4), ("", 0)])
def test_single_blanks_refuse_an_empty_field_where_it_is(text: str, column: int) -> None:
    """With single blanks, a doubled, leading or trailing blank (or no text) is refused at
    the column of the empty field: a game whose texts have one spelling."""
    with pytest.raises(NotationError, match="single blanks") as info:
        position_fields(text, 7, single_blanks=True)
    assert (info.value.index, info.value.line) == (column, 7)


@pytest.mark.parametrize(
    ("value", "problem"),
    [
        (b"standard", "a position text is a string, not bytes"),
        ("x" * (MAX_POSITION_TEXT + 1), "longer than"),
        ("standard\u00a0RB", "printable ASCII"),
    ],
)
def test_what_no_position_text_can_be_is_refused_first(value: object, problem: str) -> None:
    """A value that is not a string, too long or not printable ASCII is a NotationError
    before any field is read."""
    with pytest.raises(NotationError, match=problem):
        position_fields(value)


def test_an_action_number_is_an_int_or_an_integer_type_in_range() -> None:
    """``action_number`` gives back an int in range, and takes an integer of another type
    (``__index__``, as NumPy integers have) as its plain ``int``."""
    assert action_number(0, 9) == 0 and action_number(8, 9) == 8
    number = action_number(IndexLike(4), 9)
    assert number == 4 and type(number) is int


@pytest.mark.parametrize("action", [9, -1, 10**30, 3.0, 2.5, "3", True, False, None, (3,),
                                    IndexLike(9), object()])  # fmt: skip
def test_an_action_number_refuses_twins_and_out_of_range(action: object) -> None:
    """Out of range, or no integer (a ``float``, ``bool`` or string that ``int()`` would
    turn into some action), is a ValueError giving the range."""
    with pytest.raises(ValueError, match=r"an Aeroplane Chess action is an int 0\.\.8, not "):
        action_number(action, 9, "an Aeroplane Chess action")
