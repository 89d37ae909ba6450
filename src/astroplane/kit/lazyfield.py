"""Fields of a thin state view that fill from its packed position when first read.

A game whose state is a view of a packed core (issue 34: Square Off, StarCastles) keeps
its attrs fields, but a state its engine builds holds only its core (``_core``) and packed
position (``_p``). ``LazyField`` wraps the slot of one field: reading it returns the slot's
value, or, while the slot is empty, derives the value from ``(core, position)`` once and
keeps it in the slot. Writes (the attrs constructor's) go to the slot.

Examples:
    >>> class View:
    ...     __slots__ = ("size", "_core", "_p")
    >>> View.size = LazyField(View.__dict__["size"], lambda core, p: len(p))
    >>> v = View()
    >>> v._core, v._p = None, (1, 2, 3)
    >>> v.size
    3
    >>> v.size = 5
    >>> v.size
    5
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

__all__ = ["LazyField"]


class LazyField:
    """A field of a state view: its slot's value, or, if the slot is still empty (a state
    the engine built), ``derive(obj._core, obj._p)``, kept in the slot from then on.

    Args:
        slot: The slot descriptor of the field (the class's ``__slots__`` member).
        derive: ``(core, packed position) -> value`` of the field.
    """

    __slots__ = ("derive", "slot")

    def __init__(self, slot: Any, derive: Callable[[Any, Any], object]) -> None:
        self.slot = slot
        self.derive = derive

    def __get__(self, obj: Any, cls: type | None = None) -> object:
        if obj is None:
            return self.slot
        try:
            return self.slot.__get__(obj, cls)
        except AttributeError:  # first read: derive it
            value = self.derive(obj._core, obj._p)
            self.slot.__set__(obj, value)
            return value

    def __set__(self, obj: Any, value: object) -> None:
        self.slot.__set__(obj, value)

    def __delete__(self, obj: Any) -> None:
        self.slot.__delete__(obj)
