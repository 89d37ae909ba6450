"""The rules options and presets [SC8], in a Variants registry."""

from __future__ import annotations

import pytest
from sc_helpers import ALL_RULES

from astroplane.errors import NotationError, UnknownVariantError
from astroplane.games.starcastles import OWN_CASTLES, STARCASTLES, STARCASTLES_121, VARIANTS, Rules


def test_the_presets() -> None:
    """[SC8]'s table: the default on arm 2, the 121-point board, own castles."""
    assert (
        Rules(
            arm=2,
            gems_per_player=False,
            own_castles=False,
            start_controlled=False,
            swap=True,
            max_rounds=200,
        )
        == STARCASTLES
    )
    assert Rules(arm=4) == STARCASTLES_121 and Rules(own_castles=True) == OWN_CASTLES
    assert list(VARIANTS) == ["starcastles", "starcastles-121", "own-castles"]
    assert [r.name for r in (STARCASTLES, STARCASTLES_121, OWN_CASTLES)] == list(VARIANTS)
    assert Rules(max_rounds=7).name == "custom"


def test_rules_text_round_trips_every_option_combination() -> None:
    """Each of the 48 option combinations writes as a preset plus changes and reads back."""
    for rules in ALL_RULES:
        text = VARIANTS.to_text(rules)
        assert VARIANTS.from_text(text) == rules
        assert VARIANTS.from_dict(VARIANTS.to_dict(rules)) == rules
    assert VARIANTS.to_text(Rules(arm=4, own_castles=True)) == "starcastles-121,own_castles=on"


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"arm": 1}, r"arm is an integer 2..4, not 1 \[SC1\]"),
        ({"arm": True}, "arm is an integer 2..4, not True"),
        ({"max_rounds": 0}, r"max_rounds is an integer 1..10000, not 0 \[SC6\]"),
        ({"max_rounds": 10_001}, "max_rounds is an integer 1..10000"),
        ({"swap": 1}, "swap is True or False, not 1"),
        ({"gems_per_player": "on"}, "gems_per_player is True or False"),
    ],
)
def test_bad_option_values(kwargs: dict[str, object], message: str) -> None:
    """Out-of-range or wrongly typed options raise ValueError naming the option."""
    with pytest.raises(ValueError, match=message):
        Rules(**kwargs)  # type: ignore[arg-type]


def test_bad_rules_text() -> None:
    """Unknown presets and options, and out-of-range values, are NotationErrors."""
    with pytest.raises(UnknownVariantError, match="unknown rules 'chess': no starcastles variant"):
        VARIANTS.from_text("chess")
    with pytest.raises(NotationError, match=r"arm is a number 2\.\.4, not '9'"):
        VARIANTS.from_text("starcastles,arm=9")
    with pytest.raises(NotationError, match=r"not a rules option: 'dice=on' \(starcastles options"):
        VARIANTS.from_text("starcastles,dice=on")
