"""The rules of ASTROPLANE: the rule set and its phases (see the rules page).

* ``ruleset``: ``Rules``, the presets and the variant registry;
* ``variants``: the building blocks of variants (``Restriction``, ``ActionType``,
  ``SendBack``);
* ``movegen``, ``apply``, ``turns``: move generation, playing an action, the turn sequence;
* ``squares``, ``scoring``: Squares, scores and the true win;
* ``explain``, ``validate``: why a move is illegal, whether a position is possible.
"""

from astroplane.games.astroplane.rules.ruleset import (
    ADVANCED,
    BASIC,
    STANDARD,
    Rules,
    register_variant,
    variant,
    variants,
)
from astroplane.games.astroplane.rules.variants import ActionType, Restriction, SendBack

__all__ = [
    "ADVANCED",
    "BASIC",
    "STANDARD",
    "ActionType",
    "Restriction",
    "Rules",
    "SendBack",
    "register_variant",
    "variant",
    "variants",
]
