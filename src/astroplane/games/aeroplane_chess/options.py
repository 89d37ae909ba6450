"""The rules in force: a frozen value of options, the registered presets and their text.

The standard rules follow the seed text (docs/aeroplane-chess/rules.md); each option is a
common house rule [AC19]:

* ``launch``: ``even`` (the seed: taxi out on a 2, 4 or 6), ``six`` or ``five-or-six``;
* ``stacking``: ``choice`` (the seed's "may"), ``always`` or ``never``;
* ``overshoot``: ``bounce`` (standard: back out of the centre by the excess), ``stay``
  (that plane cannot move with the roll) or ``enter`` (it enters the centre) [AC25];
* ``shortcut_jump``: off (standard) or on (seed rule 4's "some also play": a direct
  landing on the shortcut square flies, then jumps);
* ``compulsory_shortcut``: off (the seed: the shortcut "may" be taken) or on;
* ``blocking``: off (the seed) or on: two or more planes of one colour on a square are a
  wall that opponents may neither pass nor land on [AC22];
* ``third_six``: ``moved`` (the seed: the planes moved by the first two 6s go back) or
  ``all`` (every plane of the player not yet home goes back) [AC23];
* ``rerolls``: ``three`` (the seed: a 6 rolls again, at most three rolls a turn),
  ``unlimited`` (a 6 always rolls again, no third-6 penalty) or ``none`` [AC24];
* ``teams``: off (the seed) or on: four players in two partnerships, R with B and Y
  with G [AC26];
* ``roll_for_partner``: off (standard) or on: in team play, a player whose planes are
  all home keeps rolling, for the partner's planes [AC28].

Presets [AC19, AC27]: ``standard`` (the seed), ``classic`` and ``modern`` (common Chinese
house rules), ``family`` (walls and launch on a 6) and ``teams`` (partnership play);
``describe_variants`` gives one line on each.

Examples:
    >>> Rules().name, Rules(launch="six").launch_rolls
    ('standard', frozenset({6}))
    >>> rules_to_text(Rules(launch="six", stacking="never"))
    'standard,launch=six,stacking=never'
    >>> rules_from_text("classic,stacking=choice") == Rules(launch="six", shortcut_jump=True,
    ...     compulsory_shortcut=True)
    True
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import Enum
from types import MappingProxyType

import attrs

from astroplane.kit import Option, Variants

__all__ = [
    "CLASSIC",
    "FAMILY",
    "MODERN",
    "OPTIONS",
    "PRESETS",
    "PRESET_NOTES",
    "STANDARD",
    "TEAMS",
    "VARIANTS",
    "Launch",
    "Overshoot",
    "Rerolls",
    "Rules",
    "Stacking",
    "ThirdSix",
    "describe_variants",
    "register_variant",
    "rules_from_text",
    "rules_to_text",
    "variants",
]


class Launch(Enum):
    """Which rolls let a plane taxi out of its hangar (seed rule 1; [AC5])."""

    EVEN = "even"  #: 2, 4 or 6 (the seed)
    SIX = "six"  #: only a 6
    FIVE_OR_SIX = "five-or-six"  #: a 5 or a 6


class Stacking(Enum):
    """What happens when a flight ends on the player's own planes (seed rule 5; [AC9])."""

    CHOICE = "choice"  #: the player chooses whether to stack (the seed's "may")
    ALWAYS = "always"  #: they always stack
    NEVER = "never"  #: they share the square but move alone


class Overshoot(Enum):
    """What a roll that would carry a plane past the centre does ([AC11])."""

    BOUNCE = "bounce"  #: the plane flies into the centre and back out by the excess
    STAY = "stay"  #: that plane cannot move with the roll
    ENTER = "enter"  #: the plane enters the centre all the same [AC25]


class ThirdSix(Enum):
    """What a third 6 in a turn sends back to the hangar ([AC10], [AC23])."""

    MOVED = "moved"  #: the planes moved by the first two 6s (the seed)
    ALL = "all"  #: every plane of the player that has not arrived


class Rerolls(Enum):
    """Which 6s earn another roll ([AC10], [AC24])."""

    THREE = "three"  #: every 6, up to the third roll of the turn; a third 6 is punished
    UNLIMITED = "unlimited"  #: every 6, without limit or penalty
    NONE = "none"  #: no extra roll: a 6 is a roll like any other


_LAUNCH_ROLLS = {
    Launch.EVEN: frozenset({2, 4, 6}),
    Launch.SIX: frozenset({6}),
    Launch.FIVE_OR_SIX: frozenset({5, 6}),
}


def _launch(value: Launch | str) -> Launch:
    return Launch(value)


def _stacking(value: Stacking | str) -> Stacking:
    return Stacking(value)


def _overshoot(value: Overshoot | str) -> Overshoot:
    return Overshoot(value)


def _third_six(value: ThirdSix | str) -> ThirdSix:
    return ThirdSix(value)


def _rerolls(value: Rerolls | str) -> Rerolls:
    return Rerolls(value)


def _bool(_inst: object, attr: attrs.Attribute[bool], value: object) -> None:
    if not isinstance(value, bool):
        raise ValueError(f"{attr.name} is True or False, not {value!r}")


@attrs.frozen
class Rules:
    """The options of the rules; every field has the seed's value by default.

    Enum fields also take their text value (``Rules(launch="six")``).

    Attributes:
        launch: Which rolls let a plane taxi out ([AC5]).
        stacking: Whether own planes that meet stack ([AC9]).
        overshoot: What a roll past the centre does ([AC11]).
        shortcut_jump: A plane that lands directly on its shortcut square and flies the
            shortcut then jumps to the next own-colour square (seed rule 4, "some also
            play"; [AC7]).
        compulsory_shortcut: The shortcut must be taken (the seed: "may"; [AC7]).
        blocking: Two or more planes of one colour on a square are a wall that opponents
            may neither pass nor land on ([AC22]).
        third_six: What a third 6 sends back ([AC23]).
        rerolls: Which 6s earn another roll ([AC24]).
        teams: Four players play in two partnerships, R with B and Y with G ([AC26]).
        roll_for_partner: In team play, a player whose four planes are home keeps their
            turns and rolls for the partner's planes ([AC28]); no effect without
            ``teams``.

    Raises:
        ValueError: If a value is not one of the option's values.
    """

    launch: Launch = attrs.field(default=Launch.EVEN, converter=_launch)
    stacking: Stacking = attrs.field(default=Stacking.CHOICE, converter=_stacking)
    overshoot: Overshoot = attrs.field(default=Overshoot.BOUNCE, converter=_overshoot)
    shortcut_jump: bool = attrs.field(default=False, validator=_bool)
    compulsory_shortcut: bool = attrs.field(default=False, validator=_bool)
    blocking: bool = attrs.field(default=False, validator=_bool)
    third_six: ThirdSix = attrs.field(default=ThirdSix.MOVED, converter=_third_six)
    rerolls: Rerolls = attrs.field(default=Rerolls.THREE, converter=_rerolls)
    teams: bool = attrs.field(default=False, validator=_bool)
    roll_for_partner: bool = attrs.field(default=False, validator=_bool)

    @classmethod
    def standard(cls) -> Rules:
        """The standard rules: the seed text (``STANDARD``)."""
        return STANDARD

    @property
    def launch_rolls(self) -> frozenset[int]:
        """The rolls that let a plane taxi out."""
        return _LAUNCH_ROLLS[self.launch]

    @property
    def name(self) -> str:
        """The name of the registered variant these rules are, or ``"custom"``."""
        return VARIANTS.name_of(self)


STANDARD = Rules()
"""The seed's rules: launch on an even roll, stacking and the shortcut are choices, no jump
after a shortcut, a roll past the centre bounces back."""
CLASSIC = Rules(
    launch=Launch.SIX, stacking=Stacking.ALWAYS, shortcut_jump=True, compulsory_shortcut=True
)
"""Common Chinese house rules: launch only on a 6, planes that meet always stack, the
shortcut is compulsory and a direct landing on it flies and then jumps."""
MODERN = attrs.evolve(CLASSIC, launch=Launch.FIVE_OR_SIX)
"""The classic rules with the "improved" launch: a 5 or a 6."""
FAMILY = Rules(launch=Launch.SIX, blocking=True)
"""The family game: launch only on a 6, and two planes of a colour on a square block
opponents [AC22, AC27]."""
TEAMS = Rules(teams=True)
"""The seed's rules played by four in two partnerships, R with B and Y with G [AC26]."""

PRESETS: Mapping[str, Rules] = MappingProxyType(
    {"standard": STANDARD, "classic": CLASSIC, "modern": MODERN, "family": FAMILY, "teams": TEAMS}
)
"""The registered presets by name, in the order the formats list them."""

PRESET_NOTES: Mapping[str, str] = MappingProxyType(
    {
        "standard": "the seed text: launch on an even roll, stacking and the shortcut by choice",
        "classic": "Chinese house rules: launch on a 6, always stack, compulsory shortcut "
        "then a jump",
        "modern": "the classic rules, launching on a 5 or a 6",
        "family": "launch on a 6; two planes of a colour on a square are a wall",
        "teams": "four players in partnerships, R with B and Y with G; a team wins together",
    }
)
"""One line on each preset (``describe_variants``) [AC27]."""

OPTIONS: tuple[str, ...] = tuple(f.name for f in attrs.fields(Rules))
"""The option names, in field order (as in rules text and JSON)."""

VARIANTS: Variants[Rules] = Variants(
    "aeroplane-chess",
    Rules,
    (
        Option.choice("launch", Launch),
        Option.choice("stacking", Stacking),
        Option.choice("overshoot", Overshoot),
        Option.flag("shortcut_jump"),
        Option.flag("compulsory_shortcut"),
        Option.flag("blocking"),
        Option.choice("third_six", ThirdSix),
        Option.choice("rerolls", Rerolls),
        Option.flag("teams"),
        Option.flag("roll_for_partner"),
    ),
)
"""Aeroplane Chess's variants: the presets, then any a third party registers; rules text
and rules JSON are written and read through it (``astroplane.kit.variants``)."""
for _name, _preset in PRESETS.items():
    VARIANTS.register(_name, _preset, bundled=True)
VARIANTS.seal()  # no other code registers a bundled preset (issue 32)


def register_variant(name: str, rules: Rules) -> None:
    """Register ``rules`` under ``name`` (a house rule set: ``register_variant("ours",
    Rules(launch="six"))``), so rules text, JSON and records can name it. Registering the
    same rules again does nothing; a preset keeps its spelling (``rules_to_text`` of rules
    equal to a preset plus options still names the preset).

    Raises:
        ValueError: If the name is malformed or taken by other rules.
    """
    VARIANTS.register(name, rules)


def variants() -> Mapping[str, Rules]:
    """The registered variants by name, the presets first (a read-only view).

    Examples:
        >>> list(variants())[:5]
        ['standard', 'classic', 'modern', 'family', 'teams']
    """
    return VARIANTS.mapping()


def describe_variants() -> str:
    """One line per registered variant, the presets first: its name and what it is (a
    third party's variant: its rules text) [AC27].

    Examples:
        >>> print(describe_variants().splitlines()[3])
        family: launch on a 6; two planes of a colour on a square are a wall
    """
    lines = []
    for name, rules in VARIANTS.mapping().items():
        note = PRESET_NOTES.get(name) if name in PRESETS else None
        lines.append(f"{name}: {note or rules_to_text(rules)}")
    return "\n".join(lines)


def rules_to_text(rules: Rules) -> str:
    """The rules as the preset they differ least from and the options that differ
    (shortest form).

    Examples:
        >>> rules_to_text(STANDARD), rules_to_text(attrs.evolve(CLASSIC, overshoot="stay"))
        ('standard', 'classic,overshoot=stay')
    """
    return VARIANTS.to_text(rules)


def rules_from_text(text: str) -> Rules:
    """The rules that ``rules_to_text`` writes: a variant's name, then ``,option=value``
    changes (case-insensitive; flags are ``on``/``off``).

    Args:
        text: The rules text: at most ``MAX_RULES_TEXT`` (1024) printable ASCII characters.

    Raises:
        NotationError: If the text is not a string, too long or not printable ASCII, an
            option is unknown or given twice, or a value is not one of the option's
            values (``UnknownVariantError`` for an unknown name); ``index`` points at the
            bad part.

    Examples:
        >>> rules_from_text("standard,launch=sixes")
        Traceback (most recent call last):
        ...
        astroplane.errors.NotationError: launch is one of even, six, five-or-six, not 'sixes' \
    (column 10: 'standard,launch=sixes')
    """
    return VARIANTS.from_text(text)
