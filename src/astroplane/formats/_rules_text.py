"""The grammar every game's rules text shares: ``preset,option=value,...``.

A rules text is a preset (or registered variant) name, then ``,name=value`` changes, case
insensitive. Each option is given at most once: one value, one spelling (a second
``max_turns=`` is an error, not a silent override). Each game checks the names and values
itself (``astroplane.formats.position.rules_from_text``; Aeroplane Chess's
``options.rules_from_text`` can use ``option_parts`` the same way).
"""

from __future__ import annotations

from astroplane.errors import NotationError

__all__ = ["option_parts"]


def option_parts(
    field: str, whole: str, base: int = 0, line: int | None = None
) -> tuple[str, list[tuple[str, str, str, int]]]:
    """The preset name and the changes of a rules text, lower case.

    Args:
        field: The rules text (already checked for size and ASCII).
        whole: The text to show in errors (``field`` or the position text holding it).
        base: Where ``field`` starts in ``whole``.
        line: A line number to report.

    Returns:
        ``(preset, [(name, value, part, column), ...])``: ``part`` is the ``name=value``
        text (``value`` is "" and the part has no ``=`` when none was given), ``column``
        where it starts in ``field``.

    Raises:
        NotationError: If an option is given twice; ``index`` points at the second.

    Examples:
        >>> option_parts("Standard,max_turns=5", "Standard,max_turns=5")
        ('standard', [('max_turns', '5', 'max_turns=5', 9)])
    """
    parts = field.lower().split(",")
    out: list[tuple[str, str, str, int]] = []
    seen: set[str] = set()
    at = len(parts[0]) + 1
    for part in parts[1:]:
        name, _eq, value = part.partition("=")
        if name in seen:
            raise NotationError(
                f"the option {name} is given twice (give each option once)", whole, base + at, line
            )
        seen.add(name)
        out.append((name, value, part, at))
        at += len(part) + 1
    return parts[0], out
