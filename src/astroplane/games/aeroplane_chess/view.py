"""``StateView``: what the play functions and the terminal drawing use of a state.

``AeroplaneState`` (``astroplane.games.aeroplane_chess.state``) has all of it. ``play``
and ``render`` take a ``StateView`` (and ``play`` builds the next state with
``type(state)(...)``, the constructor declared here), so they need not import the state
module, which imports them: no import circle, type-only imports included. (The move
generator reads less: ``movegen.PositionView``.)

Examples:
    >>> from astroplane.games.aeroplane_chess import new_game
    >>> from astroplane.games.aeroplane_chess.play import apply_roll
    >>> s = new_game(2)
    >>> type(apply_roll(s, 6)) is type(s)
    True
"""

from __future__ import annotations

from typing import Protocol

from astroplane.games.aeroplane_chess.movegen import Flight, PositionView
from astroplane.games.aeroplane_chess.options import Rules

__all__ = ["StateView"]


class StateView(PositionView, Protocol):
    """The fields, constructor and queries of an ``AeroplaneState`` that the play functions
    and the drawing use, beyond the move generator's ``PositionView`` (see
    ``AeroplaneState`` for what each one means)."""

    def __init__(
        self,
        rules: Rules,
        seats: tuple[int, ...],
        planes: tuple[int, ...],
        stacks: tuple[tuple[int, ...], ...],
        to_move: int,
        roll: int,
        sixes: int,
        sixed: int,
        finished: tuple[int, ...],
        turn: int,
        turn_limit: bool = False,
    ) -> None: ...

    @property
    def seats(self) -> tuple[int, ...]: ...

    @property
    def sixes(self) -> int: ...

    @property
    def sixed(self) -> int: ...

    @property
    def finished(self) -> tuple[int, ...]: ...

    @property
    def turn(self) -> int: ...

    @property
    def turn_limit(self) -> bool: ...

    @property
    def is_over(self) -> bool: ...

    @property
    def is_chance_node(self) -> bool: ...

    @property
    def ranking(self) -> tuple[int, ...]: ...

    def flights(self) -> tuple[Flight, ...]:
        """The legal player moves with what each does."""
        ...

    def stack_of(self, plane: int | str) -> tuple[int, ...]:
        """The planes that move with ``plane``."""
        ...

    def hangar(self, colour: int | str) -> tuple[int, ...]:
        """The planes of a colour in its hangar."""
        ...

    def arrived(self, colour: int | str) -> tuple[int, ...]:
        """The planes of a colour that reached the centre."""
        ...
