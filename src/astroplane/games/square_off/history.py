"""The threefold history: the position keys since the last placement or removal [SO19].

A ``History`` is an immutable sequence of keys, equal to (and hashing as) the tuple of
them, that a ply extends by one key in constant time (``then``) and that knows at once how
often its last key occurs (``repeats``, the threefold count [SO6]). So replaying a game of
``n`` quiet plies costs ``n`` steps, not the ``n * n / 2`` of copying and counting a tuple
at every ply (issue 32: 22 s for a 64,000-ply record before).

How: the histories of one line of play share one list of keys (their *spine*) and a
count of each key in it; a history is the first ``len`` keys of its spine. Extending the
history that ends the spine appends to it; extending any other (a second ply from the same
state, in a search) copies its keys into a new spine first, which costs what a tuple did.
Keys already in a spine are never changed, so every history stays what it was.

Examples:
    >>> h = History.of((5, 7))
    >>> g = h.then(5)
    >>> g, g.repeats, h.repeats, g == (5, 7, 5), hash(g) == hash((5, 7, 5))
    (History((5, 7, 5)), 2, 1, True, True)
    >>> h.then(9)[-1], g[-1], g[:-1]
    (9, 5, (5, 7))
"""

from __future__ import annotations

import itertools
import threading
from collections.abc import Iterable, Iterator, Sequence
from typing import Any, overload

__all__ = ["History", "extend", "repeats"]

#: Guards the one step that must not interleave: checking that a history ends its spine
#: and appending to it.
_LOCK = threading.Lock()


class _Spine:
    """The keys of one line of play and how often each occurs in them."""

    __slots__ = ("counts", "keys")

    def __init__(self, keys: Iterable[int]) -> None:
        self.keys: list[int] = []
        self.counts: dict[int, int] = {}
        for key in keys:
            self.keys.append(key)
            self.counts[key] = self.counts.get(key, 0) + 1


class History(Sequence[int]):
    """An immutable sequence of position keys, oldest first (see the module docstring).

    Build one with ``History.of(keys)``; ``then(key)`` is the history one ply later.
    It compares equal to the tuple of its keys and to any ``History`` with the same keys.

    Attributes:
        repeats: How many times the last key occurs in the history (0 when it is empty).
    """

    __slots__ = ("_len", "_spine", "repeats")

    def __init__(self, spine: _Spine, length: int, repeats: int) -> None:
        self._spine = spine
        self._len = length
        self.repeats = repeats

    @classmethod
    def of(cls, keys: Iterable[int]) -> History:
        """The history of these keys, oldest first."""
        spine = _Spine(keys)
        n = len(spine.keys)
        return cls(spine, n, spine.counts[spine.keys[-1]] if n else 0)

    def then(self, key: int) -> History:
        """The history with ``key`` after these keys (this one is unchanged)."""
        spine, n = self._spine, self._len
        with _LOCK:
            if len(spine.keys) == n:  # this history ends its spine: share it
                count = spine.counts.get(key, 0) + 1
                spine.counts[key] = count
                spine.keys.append(key)
                return History(spine, n + 1, count)
        spine = _Spine(itertools.islice(spine.keys, n))  # a branch: its own spine
        count = spine.counts.get(key, 0) + 1
        spine.counts[key] = count
        spine.keys.append(key)
        return History(spine, n + 1, count)

    def shares(self, other: History) -> bool:
        """Whether this history and ``other`` share their keys (one line of play)."""
        return self._spine is other._spine

    def __len__(self) -> int:
        return self._len

    @overload
    def __getitem__(self, index: int) -> int: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[int, ...]: ...

    def __getitem__(self, index: int | slice) -> int | tuple[int, ...]:
        """A key (``index`` counts from the end when negative), or a tuple of keys."""
        if isinstance(index, slice):
            return tuple(self._spine.keys[: self._len][index])
        i = index.__index__()
        if i < 0:
            i += self._len
        if not 0 <= i < self._len:
            raise IndexError("history index out of range")
        return self._spine.keys[i]

    def __iter__(self) -> Iterator[int]:
        return itertools.islice(self._spine.keys, self._len)

    def _tuple(self) -> tuple[int, ...]:
        return tuple(itertools.islice(self._spine.keys, self._len))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, History):
            if other._len != self._len:
                return False
            return self._spine is other._spine or self._tuple() == other._tuple()
        if isinstance(other, tuple):
            return len(other) == self._len and self._tuple() == other
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._tuple())

    def __repr__(self) -> str:
        return f"History({self._tuple()!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (History.of, (self._tuple(),))


def repeats(history: Sequence[int]) -> int:
    """How often the last key of ``history`` occurs in it (a ``History`` knows; a tuple,
    from a state made with ``attrs.evolve``, is counted)."""
    if isinstance(history, History):
        return history.repeats
    return history.count(history[-1]) if history else 0


def extend(history: Sequence[int], key: int) -> History:
    """``history`` one ply later, with ``key`` last (a tuple becomes a ``History``)."""
    if isinstance(history, History):
        return history.then(key)
    return History.of((*history, key))
