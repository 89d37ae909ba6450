"""``StateView``: what the move generator and the play functions use of a state.

``StarCastlesState`` (``astroplane.games.starcastles.state``) has all of it. The move
generator and ``play`` take a ``StateView`` (and ``play`` builds the next state with
``type(state)(...)``, the constructor declared here), so they need not import the state
module, which imports them: no import circle, type-only imports included.

Examples:
    >>> from astroplane.games.starcastles import new_game
    >>> from astroplane.games.starcastles.play import apply_move
    >>> s = new_game(2)
    >>> type(apply_move(s, s.legal_moves()[0])) is type(s)
    True
"""

from __future__ import annotations

from typing import Protocol

from astroplane.games.starcastles.board import StarBoard
from astroplane.games.starcastles.options import Rules

__all__ = ["StateView"]


class StateView(Protocol):
    """The fields, constructor and read-only queries of a ``StarCastlesState`` that the
    rules read (see ``StarCastlesState`` for what each one means)."""

    def __init__(
        self,
        rules: Rules,
        arms: tuple[int, ...],
        first: int,
        cells: tuple[int, ...],
        controlled: int,
        gems: tuple[int, ...],
        gems_left: tuple[int, ...],
        removed: bool,
        to_move: int,
        round: int,
        winner: int | None = None,
    ) -> None: ...

    @property
    def rules(self) -> Rules: ...

    @property
    def arms(self) -> tuple[int, ...]: ...

    @property
    def first(self) -> int: ...

    @property
    def cells(self) -> tuple[int, ...]: ...

    @property
    def controlled(self) -> int: ...

    @property
    def gems(self) -> tuple[int, ...]: ...

    @property
    def gems_left(self) -> tuple[int, ...]: ...

    @property
    def removed(self) -> bool: ...

    @property
    def to_move(self) -> int: ...

    @property
    def round(self) -> int: ...

    @property
    def is_over(self) -> bool: ...

    @property
    def board(self) -> StarBoard: ...

    def destination(self, player: int) -> tuple[int, int, int]:
        """The trio points of ``player``'s destination arm."""
        ...
