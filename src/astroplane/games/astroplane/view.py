"""``StateView``: what the display and the descriptions read of a state.

``GameState`` (``astroplane.games.astroplane.state``) has all of it; the modules that only
read a state (the terminal drawing ``render``, ``Move.describe``, the events' ``Board``)
take a ``StateView``, so they need not import the state module, which imports them. This
keeps them off the import circle of the state and its rules, type-only imports included.

Examples:
    >>> import astroplane
    >>> from astroplane.games.astroplane.render import status_line
    >>> status_line(astroplane.new_game(3))  # a GameState is a StateView
    'Turn 1: S to move, 2 moves left. Scores: S 0, W 0, N 0.'
"""

from __future__ import annotations

from typing import Protocol

from astroplane.games.astroplane.enums import Seat
from astroplane.games.astroplane.outcome import Outcome
from astroplane.games.astroplane.topology import Topology

__all__ = ["StateView"]


class StateView(Protocol):
    """The read-only part of a ``GameState`` that drawing and describing use (see
    ``GameState`` for what each member means)."""

    @property
    def topology(self) -> Topology: ...

    @property
    def seats(self) -> tuple[Seat, ...]: ...

    @property
    def reserve(self) -> tuple[int, int, int, int]: ...

    @property
    def eliminated(self) -> tuple[tuple[int, int], ...]: ...

    @property
    def removed(self) -> tuple[Seat, ...]: ...

    @property
    def to_move(self) -> Seat: ...

    @property
    def moves_left(self) -> int: ...

    @property
    def turn(self) -> int: ...

    @property
    def outcome(self) -> Outcome | None: ...

    @property
    def stacks(self) -> tuple[tuple[int, ...], ...]: ...

    def scores(self) -> tuple[int, int, int, int]:
        """The score per seat number."""
        ...
