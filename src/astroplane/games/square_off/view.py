"""``StateView``: what the explanations, the heuristic and the terminal drawing read of
a state.

``SquareOffState`` (``astroplane.games.square_off.state``) has all of it. ``play``,
``evaluation`` and ``render`` take a ``StateView``, so they need not import the state
module, which imports them: no import circle, type-only imports included.

Examples:
    >>> from astroplane.games.square_off import new_game
    >>> from astroplane.games.square_off.render import status
    >>> status(new_game())
    'W to move (stage 1); in hand W 9, B 9; removed W 0, B 0; turn 1'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from astroplane.games.square_off.board import Board
from astroplane.games.square_off.options import Rules
from astroplane.games.square_off.outcome import Outcome

__all__ = ["StateView"]


class StateView(Protocol):
    """The fields and read-only queries of a ``SquareOffState`` that the explanations, the
    heuristic and the drawing read (see ``SquareOffState`` for what each one means)."""

    @property
    def rules(self) -> Rules: ...

    @property
    def board(self) -> Board: ...

    @property
    def occupancy(self) -> tuple[int, int]: ...

    @property
    def in_hand(self) -> tuple[int, int]: ...

    @property
    def removed(self) -> tuple[int, int]: ...

    @property
    def turn_of(self) -> int: ...

    @property
    def removals(self) -> tuple[int, ...]: ...

    @property
    def cooldown(self) -> tuple[int, int]: ...

    @property
    def turns(self) -> int: ...

    @property
    def quiet(self) -> int: ...

    @property
    def history(self) -> Sequence[int]: ...

    @property
    def outcome(self) -> Outcome | None: ...

    @property
    def to_move(self) -> int: ...

    @property
    def turn(self) -> int: ...

    @property
    def winner(self) -> int | None: ...

    @property
    def stage(self) -> int: ...

    def pieces_at(self, point: int | str) -> int | None: ...
