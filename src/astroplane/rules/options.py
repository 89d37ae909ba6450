"""The rule set in force: section 10 options and the hooks variants plug into.

Variants are composed, not subclassed: a ``Rules`` value is a frozen
bundle of options and small callables, and the engine only ever reads these
fields. Built-in options (``squares``, ``square_vs_square``,
``remove_stuck_players``, ``singles_disband_squares``, the limits) are plain
fields; a third party adds a variant by giving the hook fields other callables:

* ``turn_moves(state, seat) -> int`` — how many moves a turn starts with
  (rulebook: 2 per turn).
* ``action_filter(state, actions) -> actions`` — may remove actions from the
  legal set (it must return a subset, in order; see ``no_filter``).

>>> import attrs
>>> attrs.evolve(Rules.standard(), max_turns=200).max_turns
200
>>> Rules.basic().squares, Rules.advanced().singles_disband_squares
(False, True)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING

import attrs

if TYPE_CHECKING:
    from astroplane.moves import Move
    from astroplane.state import GameState

__all__ = [
    "ADVANCED",
    "BASIC",
    "FLAG_OPTIONS",
    "LIMIT_OPTIONS",
    "OPTIONS",
    "PRESETS",
    "STANDARD",
    "Rules",
    "no_filter",
    "two_moves",
]


def two_moves(state: GameState, seat: int) -> int:
    """The rulebook's turn: 2 moves (rulebook: The Basic Moves)."""
    return 2


def no_filter(state: GameState, actions: tuple[Move, ...]) -> tuple[Move, ...]:
    """The default action filter: every action the rules allow stays legal."""
    return actions


def _positive_or_none(
    name: str,
) -> Callable[[object, attrs.Attribute[int | None], int | None], None]:
    def check(_inst: object, _attr: attrs.Attribute[int | None], value: int | None) -> None:
        if value is not None and (not isinstance(value, int) or value < 1):
            raise ValueError(f"{name} must be a positive int or None, not {value!r}")

    return check


@attrs.frozen
class Rules:
    """The options of RULES.md section 10 and the variant hooks.

    Attributes:
        squares: Squares exist (off = Basic Astroplane).
        square_vs_square: Squares may eliminate other players' Squares.
        remove_stuck_players: With 3 or 4 players a stuck player is removed and
            play goes on [D16]; off, the game ends as with 2 players.
        singles_disband_squares: A single may land on one piece of another
            player's Square (000 rule 4): that piece is held captive and the
            other is sent back.
        optional_reserve: Bringing a reserve piece in when a piece enters the
            Singularity may be refused (the rulebook's "may", read literally);
            off, it is compulsory while the reserve holds pieces [D28].
        max_turns: End and score the game when this turn is over [D18].
        no_progress_rounds: End and score after this many rounds without a
            piece entering the Singularity, an elimination or a send-back [D25].
        match_target: Points to reach in match play (see ``astroplane.Match``).
        turn_moves: Hook: the number of moves a turn starts with.
        action_filter: Hook: removes actions from the legal set.

    Raises:
        ValueError: If a limit is not a positive int or None.
    """

    squares: bool = True
    square_vs_square: bool = False
    remove_stuck_players: bool = True
    singles_disband_squares: bool = False
    optional_reserve: bool = False
    max_turns: int | None = attrs.field(default=None, validator=_positive_or_none("max_turns"))
    no_progress_rounds: int | None = attrs.field(
        default=None, validator=_positive_or_none("no_progress_rounds")
    )
    match_target: int | None = attrs.field(
        default=None, validator=_positive_or_none("match_target")
    )
    turn_moves: Callable[[GameState, int], int] = two_moves
    action_filter: Callable[[GameState, tuple[Move, ...]], tuple[Move, ...]] = no_filter

    @classmethod
    def standard(cls) -> Rules:
        """The defaults of section 10: Squares on, the optional rules off."""
        return STANDARD

    @classmethod
    def basic(cls) -> Rules:
        """Basic Astroplane: no Squares."""
        return BASIC

    @classmethod
    def advanced(cls) -> Rules:
        """The Advanced sheet (000): singles may disband other players' Squares."""
        return ADVANCED

    @property
    def has_custom_hooks(self) -> bool:
        """True when ``turn_moves`` or ``action_filter`` is not the default (such rules
        cannot be written as text or JSON)."""
        return self.turn_moves is not two_moves or self.action_filter is not no_filter

    @property
    def name(self) -> str:
        """The preset's name (``"standard"``, ``"basic"``, ``"advanced"``) or ``"custom"``."""
        for name, preset in PRESETS.items():
            if self == preset:
                return name
        return "custom"


STANDARD = Rules()
"""Standard rules: the defaults of RULES.md section 10 (Squares on, optional rules off)."""
BASIC = Rules(squares=False)
"""Basic Astroplane: no Squares (000: "Play a few games of Basic Astroplane")."""
ADVANCED = Rules(singles_disband_squares=True)
"""The Advanced Astroplane sheet: ``singles_disband_squares`` on (000 rule 4, [D27])."""

PRESETS: Mapping[str, Rules] = MappingProxyType(
    {"standard": STANDARD, "basic": BASIC, "advanced": ADVANCED}
)
"""The shipped presets by name, in the order formats and the command line list them."""
FLAG_OPTIONS = (
    "squares",
    "square_vs_square",
    "remove_stuck_players",
    "singles_disband_squares",
    "optional_reserve",
)
"""The on/off options of RULES.md section 10 (fields of ``Rules``)."""
LIMIT_OPTIONS = ("max_turns", "no_progress_rounds", "match_target")
"""The options of RULES.md section 10 that are a positive int or None."""
OPTIONS = FLAG_OPTIONS + LIMIT_OPTIONS
"""Every option of RULES.md section 10, in field order."""
