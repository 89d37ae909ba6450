"""The kit's rules options and variant registry (astroplane.kit): one spelling of every
rules value in rules text and JSON, strict reading, and registrations that never change
how other rules are written."""

from __future__ import annotations

import enum
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from astroplane.errors import NotationError, UnknownVariantError
from astroplane.kit import Option, Variants
from astroplane.kit.jsonread import JsonPathError


class Launch(enum.Enum):
    EVEN = "even"
    SIX = "six"


@attrs.frozen
class Rules:
    launch: Launch = Launch.EVEN
    jumps: bool = False
    limit: int | None = None
    pieces: int = 9


OPTIONS = (
    Option.choice("launch", Launch),
    Option.flag("jumps"),
    Option.number("limit", 1, 1000, none=True),
    Option.number("pieces", 3, 12),
)


def _book() -> Variants[Rules]:
    book = Variants("toy", Rules, OPTIONS)
    book.register("standard", Rules(), bundled=True)
    book.register("jumpy", Rules(jumps=True, launch=Launch.SIX), bundled=True)
    return book


rules_values = st.builds(
    Rules,
    launch=st.sampled_from(Launch),
    jumps=st.booleans(),
    limit=st.none() | st.integers(1, 1000),
    pieces=st.integers(3, 12),
)


@given(rules_values)
def test_rules_text_and_json_round_trip(rules: Rules) -> None:
    """Every rules value writes as text and JSON that read back equal."""
    book = _book()
    assert book.from_text(book.to_text(rules)) == rules
    assert book.from_dict(book.to_dict(rules)) == rules


def test_the_base_is_the_preset_with_fewest_changes() -> None:
    """Rules are written from the preset they differ least from, the bundled order
    breaking ties."""
    book = _book()
    assert book.to_text(Rules()) == "standard"
    assert book.to_text(Rules(jumps=True, launch=Launch.SIX, pieces=5)) == "jumpy,pieces=5"
    assert book.to_text(Rules(jumps=True)) == "standard,jumps=on"


def test_a_later_registration_does_not_change_how_other_rules_are_written() -> None:
    """A third party's variant equal to a bundled preset plus an option does not take over
    that rules value's spelling (issue 23, N12)."""
    book = _book()
    before = book.to_text(Rules(limit=50))
    book.register("quick", Rules(limit=50))
    assert book.to_text(Rules(limit=50)) == before == "standard,limit=50"
    assert book.from_text("quick") == Rules(limit=50)
    assert book.name_of(Rules(limit=50)) == "quick"


def test_an_option_given_twice_is_rejected() -> None:
    """One value, one spelling: an option given twice is an error naming it and its column
    (issue 23, N10)."""
    with pytest.raises(NotationError, match="limit is given twice") as info:
        _book().from_text("standard,limit=5,limit=600")
    assert info.value.index == len("standard,limit=5,")


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("standard,launch=sixes", "launch is one of even, six, not 'sixes'"),
        ("standard,jumps=yes", "jumps is on or off"),
        ("standard,limit=0", "limit is a number 1..1000 or none"),
        ("standard,limit=\u0661", "printable ASCII only"),
        ("standard,pieces=none", "pieces is a number 3..12, not 'none'"),
        ("standard,speed=1", "not a rules option: 'speed=1'"),
        ("standard,", "not a rules option: ''"),
        ("standard,jumps", "not a rules option: 'jumps'"),
    ],
)
def test_bad_rules_text_names_the_problem(text: str, problem: str) -> None:
    """Each malformed rules text is a NotationError saying what is wrong."""
    with pytest.raises(NotationError, match=problem.replace("(", r"\(").replace(".", r"\.")):
        _book().from_text(text)


@pytest.mark.parametrize("name", [{}, [], None, 3])
def test_a_name_that_is_not_a_string_is_an_unknown_variant(name: object) -> None:
    """A wrong-typed variant name is the registry's own error, not a TypeError from
    inside (issue 23, N9)."""
    with pytest.raises(UnknownVariantError, match="a variant name is a string"):
        _book().get(name)  # type: ignore[arg-type]


def test_an_unknown_name_lists_the_registered_ones() -> None:
    """An unknown variant name is an UnknownVariantError listing what is registered."""
    with pytest.raises(UnknownVariantError, match=r"registered: standard, jumpy") as info:
        _book().from_text("nope,jumps=on")
    assert info.value.name == "nope"


@pytest.mark.parametrize(
    ("data", "problem"),
    [
        ({"preset": "standard", "launch": "even", "jumps": 1, "limit": None, "pieces": 9},
         "rules.jumps: expected true or false"),
        ({"preset": "standard", "launch": "even", "jumps": False, "limit": True, "pieces": 9},
         "rules.limit: expected an integer 1..1000 or null"),
        ({"preset": "standard", "launch": "even", "jumps": False, "limit": None, "pieces": 9.0},
         "rules.pieces: expected an integer 3..12"),
        ({"preset": "standard", "launch": "even", "jumps": False, "limit": None},
         "rules: missing 'pieces'"),
        ({"preset": "standard", "launch": "six", "jumps": True, "limit": None, "pieces": 9},
         "rules.preset: these options are written as the 'jumpy' rules"),
        ([], "rules: expected an object"),
    ],
)  # fmt: skip
def test_bad_rules_json_names_the_path(data: object, problem: str) -> None:
    """Rules JSON of the wrong type, incomplete or not in its one spelling is a
    JsonPathError (a NotationError) whose path is the bad value's."""
    with pytest.raises(JsonPathError, match="^" + problem.replace(".", r"\.")) as info:
        _book().from_dict(data)
    assert isinstance(info.value, NotationError)
    assert info.value.path == problem.split(":")[0]


def test_registration_checks_name_and_type() -> None:
    """A malformed name, a value of another type or a taken name is refused; the same
    rules under the same name again is a no-op."""
    book = _book()
    with pytest.raises(ValueError, match="lower-case letters"):
        book.register("Bad Name", Rules())
    with pytest.raises(ValueError, match="is a Rules value, not dict"):
        book.register("other", {})  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="another toy variant is registered as 'standard'"):
        book.register("standard", Rules(pieces=3))
    book.register("standard", Rules())
    assert list(book) == ["standard", "jumpy"]


def test_options_that_do_not_go_together_are_a_notation_error() -> None:
    """A rules class whose own validation refuses a combination gives a NotationError,
    not the class's ValueError."""

    @attrs.frozen
    class Strict:
        a: bool = False
        b: bool = False

        def __attrs_post_init__(self) -> None:
            if self.a and self.b:
                raise ValueError("a and b exclude each other")

    book = Variants("strict", Strict, (Option.flag("a"), Option.flag("b")))
    book.register("standard", Strict(), bundled=True)
    with pytest.raises(NotationError, match="a and b exclude each other"):
        book.from_text("standard,a=on,b=on")


@pytest.mark.parametrize("value", [None, 3, 2.5, True, {}, [], object(), "x" * 100])
def test_an_option_reads_only_text(value: object) -> None:
    """``Option.read`` of something that is no string (a caller's number, a JSON object)
    is the option's ValueError listing its values, never a TypeError; a long value is
    shown cut short."""
    for option in (Option.flag("jumps"), Option.number("max_turns", 1, 99, none=True),
                   Option.choice("launch", Launch)):  # fmt: skip
        with pytest.raises(ValueError, match=f"^{option.name} is ") as info:
            option.read(value)  # type: ignore[arg-type]
        assert len(str(info.value)) < 120


# ---- issue 32, item 4: only the library's own modules register bundled presets ----------------
def test_a_sealed_registry_refuses_bundled_registrations() -> None:
    """Issue 32.4: once a game's module has registered its presets and sealed its
    registry, ``register(..., bundled=True)`` is refused, so no third party re-spells
    rules already written; a variant of one's own still registers."""
    book = _book()
    book.seal()
    before = book.to_dict(Rules(limit=50))
    with pytest.raises(ValueError, match="bundled presets of toy are closed"):
        book.register("quick", Rules(limit=50), bundled=True)
    book.register("quick", Rules(limit=50))
    assert book.to_dict(Rules(limit=50)) == before
    assert book.from_dict(before) == Rules(limit=50)


@pytest.mark.parametrize("name", ["astroplane", "aeroplane-chess", "square-off", "starcastles"])
def test_no_game_takes_a_bundled_registration_from_outside(name: str) -> None:
    """Issue 32.4: the finding, in all four games: a third party's
    ``VARIANTS.register(name, rules, bundled=True)`` re-spelt rules text and made JSON
    written earlier unreadable. Each game seals its registry after its presets."""
    from astroplane.protocol import get_game

    g = get_game(name)
    state = g.new_game(g.player_counts[0])
    book = _registry(name)
    data = g.to_dict(state)
    text = g.rules_to_text(state.rules)
    with pytest.raises(ValueError, match="closed"):
        book.register("hijack", state.rules, bundled=True)
    assert "hijack" not in book
    assert g.rules_to_text(state.rules) == text and g.from_dict(data) == state


def _registry(name: str) -> Variants[Any]:
    import importlib

    module = {
        "astroplane": "astroplane.games.astroplane.rules.ruleset",
        "aeroplane-chess": "astroplane.games.aeroplane_chess.options",
        "square-off": "astroplane.games.square_off.rulestext",
        "starcastles": "astroplane.games.starcastles.options",
    }[name]
    found: Variants[Any] = importlib.import_module(module).VARIANTS
    return found
