"""``StateView``: what the move generator, the play functions and the heuristic use of a
state.

``StarCastlesState`` (``astroplane.games.starcastles.state``) has all of it: its fields,
its packed core and position (``_core``, ``_packed()``), the constructor. The modules the
state module imports take a ``StateView`` (``play`` builds a subclass's next state with
``type(state)(...)``, the constructor declared here), so they need not import the state
module: no import circle, type-only imports included.

Examples:
    >>> from astroplane.games.starcastles import new_game
    >>> from astroplane.games.starcastles.play import apply_move
    >>> s = new_game(2)
    >>> type(apply_move(s, s.legal_moves()[0])) is type(s)
    True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from astroplane.games.starcastles.board import StarBoard
from astroplane.games.starcastles.options import Rules

if TYPE_CHECKING:
    from astroplane.games.starcastles.core import StarCastlesCore
    from astroplane.games.starcastles.moves import Move

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
    def _core(self) -> StarCastlesCore: ...

    def _packed(self) -> tuple[int, ...]:
        """The packed position."""
        ...

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
    def winner(self) -> int | None: ...

    @property
    def is_over(self) -> bool: ...

    def legal_moves(self) -> tuple[Move, ...]:
        """The legal moves, in action order."""
        ...

    @property
    def board(self) -> StarBoard: ...

    def destination(self, player: int) -> tuple[int, int, int]:
        """The trio points of ``player``'s destination arm."""
        ...
