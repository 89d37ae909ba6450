"""``StateView``: what the rules and the terminal drawing use of a state.

``SquareOffState`` (``astroplane.games.square_off.state``) has all of it. ``play`` and
``render`` take a ``StateView`` (and ``play`` builds the next state with
``type(state)._assemble``, declared here), so they need not import the state module,
which imports them: no import circle, type-only imports included.

Examples:
    >>> from astroplane.games.square_off import new_game
    >>> from astroplane.games.square_off.play import apply
    >>> s = new_game()
    >>> type(apply(s, s.legal_moves()[0])) is type(s)
    True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, TypeVar

from astroplane.games.square_off.board import Board
from astroplane.games.square_off.moves import Move
from astroplane.games.square_off.options import Rules
from astroplane.games.square_off.outcome import Outcome

__all__ = ["StateView"]

_S = TypeVar("_S", bound="StateView")


class StateView(Protocol):
    """The fields, builder and read-only queries of a ``SquareOffState`` that the rules
    and the drawing read (see ``SquareOffState`` for what each one
    means)."""

    @classmethod
    def _assemble(
        cls: type[_S],
        rules: Rules,
        board: Board,
        occupancy: tuple[int, int],
        in_hand: tuple[int, int],
        removed: tuple[int, int],
        turn_of: int,
        removals: tuple[int, ...],
        cooldown: tuple[int, int],
        turns: int,
        quiet: int,
        history: Sequence[int],
        outcome: Outcome | None,
        moves: tuple[Move, ...],
    ) -> _S: ...

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
