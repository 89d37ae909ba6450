"""The rules in force: a frozen value of the options of section 7 and the four presets [SO9].

* ``pieces``: pieces per player, 3..12 (9) [SO2];
* ``flying``: a player with exactly 3 pieces and none in hand flies [SO5];
* ``remove_from_lines_when_all``: when every opposing piece is on a line of three, any
  may be removed (else the removal is forfeited) [SO4];
* ``no_removal_turns``: drawn after that many stage-2 turns without a removal, 0 off [SO6];
* ``max_turns``: drawn after that many turns, 0 off [SO6];
* ``threefold``: drawn at the third occurrence of a position [SO6];
* ``jumps``: Jump Off's jumps over an opposing piece [SO7];
* ``cooldown``: a line the player's last move broke may not be formed again at once [SO7];
* ``trades``: Trading Places' trades [SO8];
* ``adjacent_trades``: trades only between linked points [SO8].

Examples:
    >>> SQUARE_OFF.name, JUMP_OFF.jumps, JUMP_OFF.cooldown, PRESETS["trading-places"].trades
    ('square-off', True, True, True)
    >>> Rules(pieces=12).name
    'custom'
    >>> Rules(pieces=2)
    Traceback (most recent call last):
    ...
    ValueError: pieces is a whole number 3..12, not 2 [SO2]
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType

import attrs

from astroplane.kit.limits import shown

__all__ = [
    "JUMP_OFF",
    "NINE_MENS_MORRIS",
    "OPTIONS",
    "PRESETS",
    "SQUARE_OFF",
    "TRADING_PLACES",
    "Rules",
]


def _bool(_inst: object, attr: attrs.Attribute[bool], value: object) -> None:
    if not isinstance(value, bool):
        raise ValueError(f"{attr.name} is True or False, not {shown(value)}")


def _count(low: int, high: int, tag: str) -> Callable[[object, attrs.Attribute[int], object], None]:
    def check(_inst: object, attr: attrs.Attribute[int], value: object) -> None:
        if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
            raise ValueError(
                f"{attr.name} is a whole number {low}..{high}, not {shown(value)} {tag}"
            )

    return check


@attrs.frozen
class Rules:
    """The options of the rules; the defaults are Square Off's (the ``square-off`` preset).

    Attributes:
        pieces: Pieces per player, 3..12 [SO2].
        flying: A player with exactly 3 pieces left and none in hand flies [SO5].
        remove_from_lines_when_all: If every opposing piece on the board is on a line of
            three, any may be removed; off: the removal is forfeited [SO4].
        no_removal_turns: Drawn after this many consecutive stage-2 turns without a
            removal; 0 turns it off [SO6].
        max_turns: Drawn after this many completed turns (stage 1 included); 0 off [SO6].
        threefold: Drawn when a position occurs for the third time [SO6].
        jumps: Jump Off's jumps over an adjacent opposing piece along a line [SO7].
        cooldown: A line the player's previous move broke may not be formed by their next
            move [SO7].
        trades: Trading Places' trades of an own piece with an opposing one [SO8].
        adjacent_trades: Trades only between linked points [SO8].

    Raises:
        ValueError: If a value is out of range or not of the option's type (bools are no
            numbers here).
    """

    pieces: int = attrs.field(default=9, validator=_count(3, 12, "[SO2]"))
    flying: bool = attrs.field(default=False, validator=_bool)
    remove_from_lines_when_all: bool = attrs.field(default=False, validator=_bool)
    no_removal_turns: int = attrs.field(default=100, validator=_count(0, 10_000, "[SO6]"))
    max_turns: int = attrs.field(default=0, validator=_count(0, 100_000, "[SO6]"))
    threefold: bool = attrs.field(default=False, validator=_bool)
    jumps: bool = attrs.field(default=False, validator=_bool)
    cooldown: bool = attrs.field(default=False, validator=_bool)
    trades: bool = attrs.field(default=False, validator=_bool)
    adjacent_trades: bool = attrs.field(default=False, validator=_bool)

    @property
    def name(self) -> str:
        """The name of the preset these rules are, or ``"custom"``."""
        for name, preset in PRESETS.items():
            if preset == self:
                return name
        return "custom"


SQUARE_OFF = Rules()
"""Square Off, the classic version: 9 pieces, no flying, a removal is forfeited when every
opposing piece is on a line, drawn after 100 stage-2 turns without a removal [SO9]."""
JUMP_OFF = attrs.evolve(SQUARE_OFF, jumps=True, cooldown=True)
"""Jump Off: Square Off with jumps and the cooldown [SO7]."""
TRADING_PLACES = attrs.evolve(SQUARE_OFF, trades=True)
"""Trading Places: Square Off with trades [SO8]."""
NINE_MENS_MORRIS = Rules(
    flying=True, remove_from_lines_when_all=True, no_removal_turns=0, max_turns=200
)
"""Nine Men's Morris as OpenSpiel 2.x plays it (``nine_mens_morris``): flying at three
pieces, any piece removable when all are on lines, drawn after 200 turns [SO9]."""

PRESETS: Mapping[str, Rules] = MappingProxyType(
    {
        "square-off": SQUARE_OFF,
        "jump-off": JUMP_OFF,
        "trading-places": TRADING_PLACES,
        "nine-mens-morris": NINE_MENS_MORRIS,
    }
)
"""The presets by name, the default first."""

OPTIONS: tuple[str, ...] = tuple(f.name for f in attrs.fields(Rules))
"""The option names, in field order (as section 7 lists them)."""
