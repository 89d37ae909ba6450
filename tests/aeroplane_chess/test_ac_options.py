"""Rules options and presets [AC19]: the seed's defaults, the text form, errors."""

from __future__ import annotations

import attrs
import pytest
from ac_helpers import ALL_RULES

from astroplane.errors import NotationError
from astroplane.games.aeroplane_chess import (
    CLASSIC,
    MODERN,
    PRESETS,
    STANDARD,
    Launch,
    Overshoot,
    Rules,
    Stacking,
    rules_from_text,
    rules_to_text,
)
from astroplane.games.aeroplane_chess.options import OPTIONS


def test_the_standard_rules_are_the_seeds() -> None:
    """Standard: launch on an even roll, stacking and the shortcut are choices, no jump
    after a shortcut, a roll past the centre bounces."""
    assert Rules() == STANDARD == Rules.standard() == PRESETS["standard"]
    assert STANDARD.launch is Launch.EVEN and STANDARD.launch_rolls == {2, 4, 6}
    assert STANDARD.stacking is Stacking.CHOICE
    assert STANDARD.overshoot is Overshoot.BOUNCE
    assert not STANDARD.shortcut_jump and not STANDARD.compulsory_shortcut


def test_presets_have_their_names_and_launch_rolls() -> None:
    """The presets are named; other combinations are "custom"; launch rolls per option."""
    assert [r.name for r in PRESETS.values()] == [
        "standard",
        "classic",
        "modern",
        "family",
        "teams",
    ]
    assert CLASSIC.launch_rolls == {6} and MODERN.launch_rolls == {5, 6}
    assert attrs.evolve(CLASSIC, launch=Launch.FIVE_OR_SIX) == MODERN
    assert Rules(overshoot="stay").name == "custom"


@pytest.mark.parametrize("rules", ALL_RULES, ids=rules_to_text)
def test_every_combination_round_trips_through_text(rules: Rules) -> None:
    """rules_from_text(rules_to_text(r)) == r for every option combination the helpers
    list, and the text names the preset needing the fewest changes."""
    text = rules_to_text(rules)
    assert rules_from_text(text) == rules
    assert rules_from_text(text.upper()) == rules
    fewest = min(sum(getattr(rules, f) != getattr(p, f) for f in OPTIONS) for p in PRESETS.values())
    assert text.count(",") == fewest


def test_enum_fields_take_their_text_values() -> None:
    """Rules(launch="six") is Rules(launch=Launch.SIX), and so on."""
    assert Rules(launch="six", stacking="never", overshoot="stay") == Rules(
        launch=Launch.SIX, stacking=Stacking.NEVER, overshoot=Overshoot.STAY
    )


@pytest.mark.parametrize(
    "kwargs",
    [
        {"launch": "odd"},
        {"stacking": "maybe"},
        {"overshoot": "wrap"},
        {"shortcut_jump": 1},
        {"compulsory_shortcut": "on"},
    ],
)
def test_bad_option_values_are_value_errors(kwargs: dict[str, object]) -> None:
    """A value outside an option's values raises ValueError."""
    with pytest.raises(ValueError):
        Rules(**kwargs)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("text", "index", "match"),
    [
        ("chinese", 0, "unknown rules 'chinese'"),
        ("standard,speed=on", 9, "not a rules option"),
        ("standard,launch=odd", 9, "launch is one of even, six, five-or-six"),
        ("classic,shortcut_jump=yes", 8, "shortcut_jump is on or off"),
        ("standard,stacking", 9, "not a rules option"),
    ],
)
def test_bad_rules_text_says_what_and_where(text: str, index: int, match: str) -> None:
    """Unreadable rules text raises NotationError with the offset of the bad part."""
    with pytest.raises(NotationError, match=match) as err:
        rules_from_text(text)
    assert err.value.index == index
