"""A point's stack of modules as one small int [SC2].

A stack is Power Base, Battlement, Spire bottom to top, each present or not, each of any
player's colour: the shapes P, B, S, P+B, P+S, B+S, P+B+S are exactly the non-empty
subsets of the three kinds kept in that order. So a stack is three 3-bit fields, each
0 (absent) or ``player + 1``: ``cell = P | B << 3 | S << 6`` (0 is an empty point). No
other shape can be written this way, and the top module is the highest field present.

A stack's text (for tests, messages and ``setup_position``) names each module bottom to
top by kind letter and player index: ``P0B1S0``.

Examples:
    >>> c = stack_from_text("P0B1S0")
    >>> c, stack_text(c), top(c), owner(c, B)
    (81, 'P0B1S0', (2, 0), 1)
    >>> stack_from_text("S0P1")
    Traceback (most recent call last):
    ...
    ValueError: a stack is written bottom to top, P then B then S, each kind once \
(P0B1S0), not 'S0P1'
"""

from __future__ import annotations

import re

from astroplane.kit.limits import shown

__all__ = [
    "KINDS",
    "B",
    "P",
    "S",
    "is_castle",
    "make",
    "owner",
    "stack_from_text",
    "stack_text",
    "top",
]

P, B, S = 0, 1, 2
#: The kind letters by kind: Power Base, Battlement, Spire.
KINDS = "PBS"
_STACK = re.compile(r"(?:P([0-5]))?(?:B([0-5]))?(?:S([0-5]))?")


def owner(cell: int, kind: int) -> int:
    """The player whose module of ``kind`` is in the stack, or -1 if it has none.

    Examples:
        >>> owner(make(p=2, s=0), P), owner(make(p=2, s=0), B)
        (2, -1)
    """
    return ((cell >> (3 * kind)) & 7) - 1


def top(cell: int) -> tuple[int, int] | None:
    """``(kind, player)`` of the stack's top module (the free one), or None if empty.

    Examples:
        >>> top(make(p=1, b=3)), top(0)
        ((1, 3), None)
    """
    for kind in (S, B, P):
        code = (cell >> (3 * kind)) & 7
        if code:
            return kind, code - 1
    return None


def is_castle(cell: int) -> bool:
    """Whether the stack is a complete StarCastle, P+B+S.

    Examples:
        >>> is_castle(make(0, 1, 0)), is_castle(make(p=0, s=0))
        (True, False)
    """
    return bool(cell & 0o7 and cell & 0o70 and cell & 0o700)


def make(p: int = -1, b: int = -1, s: int = -1) -> int:
    """The stack of the given owners per kind (-1: that kind is absent).

    Examples:
        >>> stack_text(make(b=4, s=5))
        'B4S5'
    """
    return (p + 1) | (b + 1) << 3 | (s + 1) << 6


def stack_text(cell: int) -> str:
    """The stack's text, bottom to top (``""`` for an empty point).

    Examples:
        >>> stack_text(make(p=0)), stack_text(0)
        ('P0', '')
    """
    return "".join(f"{KINDS[k]}{owner(cell, k)}" for k in (P, B, S) if owner(cell, k) >= 0)


def stack_from_text(text: str) -> int:
    """The stack a text names (``stack_text`` writes it).

    Raises:
        ValueError: If the text is not one to three modules, each a kind letter and a
            player 0..5, P then B then S.

    Examples:
        >>> stack_from_text("B2") == make(b=2)
        True
    """
    m = _STACK.fullmatch(text) if isinstance(text, str) else None
    if not m or not text:
        raise ValueError(
            "a stack is written bottom to top, P then B then S, each kind once (P0B1S0), "
            f"not {shown(text)}"
        )
    p, b, s = (-1 if g is None else int(g) for g in m.groups())
    return make(p, b, s)
