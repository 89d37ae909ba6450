"""``PackedView``: the packed half of ``SquareOffState``, the part a ply runs through.

A ``SquareOffState`` is an attrs class over this base. The base holds the state's packed
position (``packed``), its core (``core.SquareOffCore``, the rules and board it belongs
to), its legal moves once known and whether the game is over, and does what a
frontend's or a bot's loop asks each ply: ``is_over``, ``legal_moves()``, ``play(move)``,
``to_move``, ``returns()``, ``==`` and ``hash``. The compiled build makes it a native
class (C fields, C methods, ``allow_interpreted_subclasses`` for the attrs class on top),
so a ply through the state API runs no Python code of the engine's; in the pure build it
is a plain class whose slots are all of the state's.

Examples:
    >>> from astroplane.games.square_off import new_game, Move
    >>> s = new_game()
    >>> isinstance(s, PackedView), s.is_over, s.play(Move.place("d2")).to_move
    (True, False, 1)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final, TypeVar

from astroplane._mypyc import mypyc_attr
from astroplane.games.square_off.moves import Move
from astroplane.games.square_off.packed import FIRST, OVER, RETURNS, RIGHTS_SHIFT, TURN_OF
from astroplane.games.square_off.play import raise_illegal
from astroplane.states import legal_match

if TYPE_CHECKING:
    from astroplane.games.square_off.core import SquareOffCore
    from astroplane.games.square_off.packed import Position

__all__ = ["FIELDS", "PackedView", "make_view"]

FIELDS: Final = (
    "rules", "board", "occupancy", "in_hand", "removed", "turn_of", "removals", "cooldown",
    "turns", "quiet", "history", "outcome",
)  # fmt: skip
"""The fields of ``SquareOffState``, in order."""

V = TypeVar("V", bound="PackedView")

_NATIVE: Final = __file__.endswith((".so", ".pyd"))  # this module is compiled (mypyc)
_new = object.__new__


@mypyc_attr(allow_interpreted_subclasses=True)
class PackedView:
    """The packed position of a state and what a ply asks of it (the module docs).

    Attributes:
        is_over: True once the game has ended (``outcome`` says how).
    """

    # The pure build: every slot of the state is here, so the attrs class adds none and
    # ``make_view`` can fill a plain object and give it the state's class [SO31]. (mypyc
    # lays a native class out itself: the attrs class adds the fields' slots there.)
    __slots__ = (*FIELDS, "_core", "_p", "_moves", "is_over", "__weakref__")

    _core: SquareOffCore
    _p: Position
    _moves: tuple[Move, ...] | None
    is_over: bool

    @property
    def to_move(self) -> int:
        """The seat to act: the first holder of a pending removal, else ``turn_of``."""
        side = self._p[2]
        code = side >> RIGHTS_SHIFT
        return FIRST[code] if code else side >> TURN_OF & 1

    @property
    def turn(self) -> int:
        """The turn number (the protocol's): 1 for the first player's first turn, then
        ``turns + 1`` (a removal belongs to the turn of the move that earned it)."""
        return self._p[4] + 1

    def legal_moves(self) -> tuple[Move, ...]:
        """The legal moves in ascending action order (``moves.move_to_action``) [SO14];
        empty once the game is over. Computed once (``play`` lists them for the end
        checks), then kept.

        Examples:
            >>> from astroplane.games.square_off import new_game
            >>> new_game().legal_moves()[:3]
            (Move.place('a7'), Move.place('d7'), Move.place('g7'))
        """
        moves = self._moves
        if moves is None:
            moves = self._core.legal_moves(self._p)
            object.__setattr__(self, "_moves", moves)
        return moves

    def play(self, move: Move) -> Any:
        """The state after ``move``; this state is unchanged.

        Raises:
            IllegalMoveError: If ``move`` is not exactly one of ``legal_moves()`` (any
                other type too); the message names the rule that forbids it.

        Examples:
            >>> from astroplane.games.square_off import new_game
            >>> new_game().play(Move.slide("a7", "d7"))
            Traceback (most recent call last):
            ...
            astroplane.errors.IllegalMoveError: illegal move Move.slide('a7', 'd7'): \
    W still has 9 pieces in hand: stage 1, a piece is placed, not moved [SO2]
        """
        moves = self._moves
        if moves is None:
            moves = self.legal_moves()
        found: Move | None = None
        for legal in moves:  # the moves handed out are interned: identity first
            if legal is move:
                found = legal
                break
        if found is None:
            # Any other object names at most a legal move (same class and field types, no
            # look-alikes), and that legal move is what is played, never the caller's object.
            state: Any = self
            found = legal_match(state, move)
            if found is None:
                raise_illegal(state, move)
        core = self._core
        after, listed = core.ply(self._p, core.numbers[id(found)], core.tab.moves)
        cls = type(self)
        if cls is core.view_type:
            return make_view(cls, core, after, listed)
        # a subclass, which may add fields: through its constructor
        plain: Any = make_view(core.view_type, core, after, listed)
        return cls(*[getattr(plain, name) for name in FIELDS])

    def returns(self) -> tuple[float, float]:
        """Per seat: 1.0 to the winner, 0.0 to the loser, 0.5 each for a draw; (0.0, 0.0)
        while the game goes on [SO6]."""
        return RETURNS[self._p[2] & OVER]

    def __eq__(self, other: object) -> bool:
        """Equal states: the same class, rules, board and packed position."""
        if not isinstance(other, PackedView) or type(other) is not type(self):
            return NotImplemented
        return self._p == other._p and self._core is other._core

    def __ne__(self, other: object) -> bool:
        if not isinstance(other, PackedView) or type(other) is not type(self):
            return NotImplemented
        return self._p != other._p or self._core is not other._core

    def __hash__(self) -> int:
        """The hash of the packed position."""
        return hash(self._p)


def make_view(cls: type[V], core: SquareOffCore, p: Position, moves: tuple[Move, ...] | None) -> V:
    """The state of class ``cls`` (``SquareOffState``) for ``p`` under ``core``, its
    legal moves ``moves`` if known (else None), its fields still packed."""
    if _NATIVE:  # the compiled build: C fields, written directly
        new = cls.__new__(cls)
        new._core = core
        new._p = p
        new._moves = moves
        new.is_over = p[2] & OVER != 0
        return new
    blank: Any = _new(PackedView)  # the pure build: a plain object, then the state's class
    blank._core = core
    blank._p = p
    blank._moves = moves
    blank.is_over = p[2] & OVER != 0
    blank.__class__ = cls
    view: V = blank
    return view
