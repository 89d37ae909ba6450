"""The rules in text and JSON: the game's registry of presets on the shared kit [SO21].

Rules text is a preset's name, then ``,option=value`` for every option that differs from
it, in section 7's order (``square-off,jumps=on``); the preset written is the registered
one needing the fewest options. Rules JSON holds the preset and every option. Numbers
are written in digits, 0 meaning off (``max_turns=0``); flags ``on``/``off`` in text,
``true``/``false`` in JSON.

Examples:
    >>> from astroplane.games.square_off import JUMP_OFF, NINE_MENS_MORRIS
    >>> rules_to_text(JUMP_OFF), rules_to_text(Rules(jumps=True))
    ('jump-off', 'square-off,jumps=on')
    >>> rules_from_text("Trading-Places,adjacent_trades=on").adjacent_trades
    True
    >>> rules_from_text("square-off,pieces=13")
    Traceback (most recent call last):
    ...
    astroplane.errors.NotationError: pieces is a number 3..12, not '13' (column 12: \
'square-off,pieces=13')
    >>> VARIANTS.to_dict(NINE_MENS_MORRIS)["max_turns"]
    200
"""

from __future__ import annotations

from typing import Any

from astroplane.games.square_off.options import (
    PRESETS,
    Rules,
)
from astroplane.kit.limits import shown
from astroplane.kit.options import Option
from astroplane.kit.variants import Variants

__all__ = ["RULES_OPTIONS", "VARIANTS", "rules_from_dict", "rules_from_text", "rules_to_dict",
           "rules_to_text"]  # fmt: skip

RULES_OPTIONS: tuple[Option, ...] = (
    Option.number("pieces", 3, 12),
    Option.flag("flying"),
    Option.flag("remove_from_lines_when_all"),
    Option.number("no_removal_turns", 0, 10_000),
    Option.number("max_turns", 0, 100_000),
    Option.flag("threefold"),
    Option.flag("jumps"),
    Option.flag("cooldown"),
    Option.flag("trades"),
    Option.flag("adjacent_trades"),
)
"""Every option of ``Rules`` in section 7's order, bounded as ``Rules`` checks them."""

VARIANTS: Variants[Rules] = Variants("square-off", Rules, RULES_OPTIONS)
"""The registry of Square Off's variants: the four presets, bundled [SO9]."""
for _name, _rules in PRESETS.items():
    VARIANTS.register(_name, _rules, bundled=True)
VARIANTS.seal()  # no other code registers a bundled preset (issue 32)


def rules_to_text(rules: Rules) -> str:
    """The rules text of ``rules`` (``"square-off,max_turns=50"``).

    Raises:
        ValueError: If ``rules`` is not a ``Rules``.

    Examples:
        >>> rules_to_text(Rules(max_turns=50))
        'square-off,max_turns=50'
    """
    if not isinstance(rules, Rules):
        raise ValueError(f"not a Square Off Rules value: {shown(rules)}")
    return VARIANTS.to_text(rules)


def rules_from_text(
    text: str, *, whole: str | None = None, base: int = 0, line: int | None = None
) -> Rules:
    """The rules a rules text names (case-insensitive); see ``Variants.from_text``.

    Raises:
        NotationError: If the text is malformed, an option unknown, out of bounds or given
            twice (``UnknownVariantError`` for an unknown preset), with the column.

    Examples:
        >>> rules_from_text("nine-mens-morris").flying
        True
    """
    return VARIANTS.from_text(text, whole=whole, base=base, line=line)


def rules_to_dict(rules: Rules) -> dict[str, Any]:
    """The rules as JSON data: ``{"preset": ..., "pieces": 9, ...}`` with every option."""
    return VARIANTS.to_dict(rules)


def rules_from_dict(data: Any, path: str = "rules") -> Rules:
    """The rules of JSON data ``rules_to_dict`` wrote; errors name the JSON path.

    Raises:
        NotationError: If a field is missing, unknown, mistyped or out of bounds, or the
            preset is not the one the writer would name.
    """
    return VARIANTS.from_dict(data, path)
