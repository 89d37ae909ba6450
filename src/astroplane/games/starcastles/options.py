"""The rules in force: a frozen value of options, the presets and their registry [SC8].

Options (spec section 7):

* ``arm``: the board's arm size, 2..4 (37, 73 or 121 points) [SC1];
* ``gems_per_player``: one Phase Gem per player may be in play, instead of one on the
  whole board [SC7];
* ``own_castles``: a winning castle's three modules must all be the winner's [SC6];
* ``start_controlled``: the starting castles count as controlled [SC2];
* ``swap``: the anti-spoiling swap [SC9] (off: the literal text);
* ``max_rounds``: the game is drawn after this many rounds, 1..10,000 [SC6].

Presets: ``starcastles`` (the default), ``starcastles-121`` (the 121-point board) and
``own-castles``, registered in ``VARIANTS`` (rules text and JSON come from it).

Examples:
    >>> VARIANTS.to_text(Rules(max_rounds=50)), VARIANTS.to_text(Rules(arm=4, swap=False))
    ('starcastles,max_rounds=50', 'starcastles-121,swap=off')
    >>> VARIANTS.from_text("own-castles") == OWN_CASTLES, OWN_CASTLES.name
    (True, 'own-castles')
    >>> Rules(arm=5)
    Traceback (most recent call last):
    ...
    ValueError: arm is an integer 2..4, not 5 [SC1]
"""

from __future__ import annotations

from collections.abc import Callable

import attrs

from astroplane.kit.limits import shown
from astroplane.kit.options import Option
from astroplane.kit.variants import Variants

__all__ = ["OWN_CASTLES", "STARCASTLES", "STARCASTLES_121", "VARIANTS", "Rules"]


def _bool(_inst: object, attr: attrs.Attribute[bool], value: object) -> None:
    if not isinstance(value, bool):
        raise ValueError(f"{attr.name} is True or False, not {shown(value)}")


def _int_in(low: int, high: int, tag: str) -> Callable[[object, attrs.Attribute[int], int], None]:
    def check(_inst: object, attr: attrs.Attribute[int], value: int) -> None:
        if type(value) is not int or not low <= value <= high:
            raise ValueError(f"{attr.name} is an integer {low}..{high}, not {shown(value)} {tag}")

    return check


@attrs.frozen
class Rules:
    """The options of the StarCastles rules; the defaults are the ``starcastles`` preset.

    Attributes:
        arm: The arm size of the star board, 2..4 [SC1].
        gems_per_player: One gem per player may be in play, not one in all [SC7].
        own_castles: Winning castles must be all the winner's colour [SC6].
        start_controlled: The starting castles count as controlled [SC2].
        swap: The anti-spoiling swap is allowed [SC9].
        max_rounds: Rounds after which a game with no winner is drawn, 1..10,000 [SC6].

    Raises:
        ValueError: If a value is of the wrong type or out of bounds.
    """

    arm: int = attrs.field(default=2, validator=_int_in(2, 4, "[SC1]"))
    gems_per_player: bool = attrs.field(default=False, validator=_bool)
    own_castles: bool = attrs.field(default=False, validator=_bool)
    start_controlled: bool = attrs.field(default=False, validator=_bool)
    swap: bool = attrs.field(default=True, validator=_bool)
    max_rounds: int = attrs.field(
        default=200,
        validator=_int_in(1, 10_000, "[SC6]"),
    )

    @property
    def name(self) -> str:
        """The name of the registered variant these rules are, or ``"custom"``."""
        return VARIANTS.name_of(self)


STARCASTLES = Rules()
"""The default: the 37-point board, one gem on the board, control wins, starting castles
uncontrolled, the swap on, drawn after 200 rounds [SC8]."""
STARCASTLES_121 = Rules(arm=4)
"""The default rules on the 121-point (Chinese-checkers) board [SC8]."""
OWN_CASTLES = Rules(own_castles=True)
"""The default with ``own_castles``: a winning castle is all the winner's [SC8]."""

VARIANTS: Variants[Rules] = Variants(
    "starcastles",
    Rules,
    (
        Option.number("arm", 2, 4),
        Option.flag("gems_per_player"),
        Option.flag("own_castles"),
        Option.flag("start_controlled"),
        Option.flag("swap"),
        Option.number("max_rounds", 1, 10_000),
    ),
)
"""The registry of StarCastles variants: the three presets, bundled."""
VARIANTS.register("starcastles", STARCASTLES, bundled=True)
VARIANTS.register("starcastles-121", STARCASTLES_121, bundled=True)
VARIANTS.register("own-castles", OWN_CASTLES, bundled=True)
VARIANTS.seal()  # no other code registers a bundled preset (issue 32)
