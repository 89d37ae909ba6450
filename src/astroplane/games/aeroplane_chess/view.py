"""``StateView``: what the explanations of illegal moves and the terminal drawing use of
a state.

``AeroplaneState`` (``astroplane.games.aeroplane_chess.state``) has all of it. ``play``'s
``why_illegal`` and ``render`` take a ``StateView``, so they need not import the state
module, which imports them: no import circle, type-only imports included.

Examples:
    >>> from astroplane.games.aeroplane_chess import new_game
    >>> from astroplane.games.aeroplane_chess.play import why_illegal
    >>> why_illegal(new_game(2), "6")
    'not a Move but str'
"""

from __future__ import annotations

from typing import Protocol

from astroplane.games.aeroplane_chess.movegen import Flight
from astroplane.games.aeroplane_chess.validate import FieldsView

__all__ = ["StateView"]


class StateView(FieldsView, Protocol):
    """The fields and queries of an ``AeroplaneState`` that the explanations and the
    drawing use (see ``AeroplaneState`` for what each one means)."""

    @property
    def mover(self) -> int: ...

    @property
    def is_chance_node(self) -> bool: ...

    @property
    def ranking(self) -> tuple[int, ...]: ...

    def flights(self) -> tuple[Flight, ...]:
        """The legal player moves with what each does."""
        ...

    def hangar(self, colour: int | str) -> tuple[int, ...]:
        """The planes of a colour in its hangar."""
        ...

    def arrived(self, colour: int | str) -> tuple[int, ...]:
        """The planes of a colour that reached the centre."""
        ...
