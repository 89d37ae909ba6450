"""The immutable game state, following ``astroplane.protocol.State`` (no chance nodes).

A state holds, per player, the points of their pieces (a bitmask), the pieces in hand and
the number removed [SO2]; whose turn it is and the removal rights still to use (a removal
is a ply of its own [SO4]; a trade can give one to each side [SO8]); the cooldown marks
[SO7]; the turn counters of the draws and, when threefold is on, the positions since the
last placement or removal [SO6]. Seats: 0 = W, 1 = B.

A state is a view of a packed position (``packed``) under a packed core
(``core.SquareOffCore``: the rules value and board it belongs to), and the core plays the
rules; the fields are derived from the position when first read (``astroplane.core``).

Examples:
    >>> from astroplane.games.square_off import new_game, Move
    >>> s = new_game().play(Move.place("d2"))
    >>> s.to_move, s.in_hand, len(s.legal_moves())
    (1, (8, 9), 23)
    >>> s.pieces_at("d2")
    0
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, cast

import attrs

from astroplane.games.square_off import packed
from astroplane.games.square_off.board import Board
from astroplane.games.square_off.core import SquareOffCore
from astroplane.games.square_off.moves import Move
from astroplane.games.square_off.options import Rules
from astroplane.games.square_off.outcome import Outcome
from astroplane.games.square_off.packed import _OUTCOME_CODE, OUTCOMES, Position
from astroplane.games.square_off.play import SEATS, seat_number
from astroplane.games.square_off.render import render
from astroplane.games.square_off.viewbase import FIELDS, PackedView, make_view
from astroplane.kit.lazyfield import LazyField
from astroplane.protocol import legal_match

__all__ = ["SquareOffState", "core_for", "core_pair", "settle"]

_CORES: dict[tuple[Rules, Board], SquareOffCore] = {}


def core_for(rules: Rules, board: Board) -> SquareOffCore:
    """The packed core of ``rules`` on ``board`` (one per pair, made on first use).

    Raises:
        ValueError: If ``rules`` is not a ``Rules`` or ``board`` not a ``Board``.
    """
    found = _CORES.get((rules, board))
    if found is None:
        if not isinstance(rules, Rules) or not isinstance(board, Board):
            raise ValueError(f"a Square Off core takes Rules and a Board, not {rules!r}, {board!r}")
        found = _CORES[(rules, board)] = SquareOffCore(rules, board, SquareOffState, _view)
    return found


def _view(core: SquareOffCore, p: Position) -> SquareOffState:
    """The state of ``p`` under ``core`` (``core.state(p)``)."""
    state: SquareOffState = make_view(SquareOffState, core, p, None)
    return state


#: How each field is read from a state's core and packed position.
_DERIVED: dict[str, Callable[[SquareOffCore, Position], object]] = {
    "rules": lambda core, p: core.rules,
    "board": lambda core, p: core.board,
    "occupancy": lambda core, p: (p[0], p[1]),
    "in_hand": lambda core, p: packed.in_hand(p),
    "removed": lambda core, p: packed.removed(p),
    "turn_of": lambda core, p: p[2] >> packed.TURN_OF & 1,
    "removals": lambda core, p: packed.RIGHTS[p[2] >> packed.RIGHTS_SHIFT],
    "cooldown": lambda core, p: packed.cooldown(p, core.lines),
    "turns": lambda core, p: p[4],
    "quiet": lambda core, p: p[5],
    "history": lambda core, p: p[packed.HISTORY],
    "outcome": lambda core, p: OUTCOMES[p[2] & packed.OVER],
}


@attrs.frozen(eq=False, repr=False)
class SquareOffState(PackedView):
    """A complete, immutable Square Off state.

    Build one with ``new_game`` or ``setup_position``; the constructor does no validation
    and is for the engine (it refuses only values a state cannot hold: a count out of
    0..15, a seat not 0 or 1, rights or an outcome no game can have).

    Attributes:
        rules: The rules in force.
        board: The board (``board.BOARD`` unless a variant board is given).
        occupancy: Per seat, the bitmask of the points holding its pieces.
        in_hand: Per seat, the pieces not yet placed.
        removed: Per seat, the pieces removed from the board (out for good).
        turn_of: The seat whose turn it is (removal plies belong to that turn).
        removals: The seats with a removal still to make this turn, in order; the first
            acts now [SO4], [SO8]. Empty: ``turn_of`` moves.
        cooldown: Per seat, the bitmask of line indices that seat's last move broke [SO7]
            (always 0 without the ``cooldown`` option).
        turns: Completed turns, stage 1 included (``max_turns``) [SO6].
        quiet: Consecutive stage-2 turns without a removal (``no_removal_turns``) [SO6].
        history: With ``threefold``, the position keys since the last placement or
            removal, this position's last (``play.position_key``), as a ``History``
            (``history.History``: equal to the tuple of its keys, extended by a ply
            without a copy); else empty [SO6], [SO19].
        outcome: How the game ended, or None while it goes on.
    """

    rules: Rules
    board: Board
    occupancy: tuple[int, int]
    in_hand: tuple[int, int]
    removed: tuple[int, int]
    turn_of: int
    removals: tuple[int, ...]
    cooldown: tuple[int, int]
    turns: int
    quiet: int
    history: Sequence[int]
    outcome: Outcome | None

    #: The game's registry name (``astroplane.protocol.get_game``; registered with the
    #: formats of the shared kit).
    game_name: ClassVar[str] = "square-off"

    def __attrs_post_init__(self) -> None:
        """Pack the fields given to the constructor (``attrs.evolve`` included)."""
        core = core_for(self.rules, self.board)
        code = 0 if self.outcome is None else _OUTCOME_CODE.get(self.outcome)
        if code is None:
            raise ValueError(f"not an outcome of Square Off: {self.outcome!r}")
        p = packed.pack(
            core.lines,
            occupancy=self.occupancy,
            in_hand=self.in_hand,
            removed=self.removed,
            turn_of=self.turn_of,
            removals=self.removals,
            cooldown=self.cooldown,
            turns=self.turns,
            quiet=self.quiet,
            history=self.history,
            outcome=code,
        )
        object.__setattr__(self, "history", p[packed.HISTORY])  # a History, as play's
        object.__setattr__(self, "_core", core)
        object.__setattr__(self, "_p", p)
        object.__setattr__(self, "_moves", None)
        object.__setattr__(self, "is_over", code != 0)

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickles as its rules, board and packed position."""
        return (_restore, (type(self), self.rules, self.board, self._p))

    if TYPE_CHECKING:  # PackedView's, returning this class

        def play(self, move: Move) -> SquareOffState: ...

    # ---- the State protocol -------------------------------------------------------------
    @property
    def is_chance_node(self) -> bool:
        """Always False: the game has no chance."""
        return False

    @property
    def seats(self) -> tuple[int, int]:
        """The seats in turn order from seat 0: ``(0, 1)``, W then B."""
        return (0, 1)

    def chance_outcomes(self) -> tuple[tuple[Move, float], ...]:
        """Always empty: the game has no chance."""
        return ()

    def is_legal(self, move: object) -> bool:
        """True if ``move`` is one of ``legal_moves()`` (``protocol.is_legal_action``: the
        same class and field types, no ``float`` or ``bool`` twin)."""
        return legal_match(self, move) is not None

    # ---- queries --------------------------------------------------------------------------
    @property
    def winner(self) -> int | None:
        """The winning seat, or None (a draw, or the game goes on)."""
        outcome = self.outcome
        return None if outcome is None else outcome.winner

    @property
    def stage(self) -> int:
        """1 while the player whose turn it is has pieces in hand (they place), else 2
        [SO2], [SO17]."""
        return 1 if self.in_hand[self.turn_of] else 2

    def pieces_left(self, seat: int) -> int:
        """The pieces a seat (0 = W, 1 = B) has left: on the board plus in hand.

        Raises:
            ValueError: If ``seat`` is not 0 or 1.
        """
        return self.occupancy[seat_number(seat)].bit_count() + self.in_hand[seat]

    def points_of(self, seat: int) -> tuple[int, ...]:
        """The points holding a seat's (0 = W, 1 = B) pieces, ascending.

        Raises:
            ValueError: If ``seat`` is not 0 or 1.
        """
        mask = self.occupancy[seat_number(seat)]
        return tuple(p for p in range(len(self.board.names)) if mask >> p & 1)

    def pieces_at(self, point: int | str) -> int | None:
        """The seat whose piece is on ``point`` (a name or id), or None if it is empty.

        Raises:
            ValueError: If ``point`` is not a point of the board.
        """
        p = self.board.point(point)
        for seat in (0, 1):
            if self.occupancy[seat] >> p & 1:
                return seat
        return None

    # ---- text -----------------------------------------------------------------------------
    def __repr__(self) -> str:
        cells = "".join(
            "W" if self.occupancy[0] >> p & 1 else "B" if self.occupancy[1] >> p & 1 else "."
            for p in range(len(self.board.names))
        )
        if self.outcome is not None:
            status = f"over: {self.outcome.ending.value}, winner {self._winner_text()}"
        else:
            rights = "".join(SEATS[s] for s in self.removals)
            status = f"{SEATS[self.to_move]} to act" + (f", removal {rights}" if rights else "")
        return (
            f"<SquareOffState {self.rules.name} {cells} hand {self.in_hand[0]}/"
            f"{self.in_hand[1]} turn {self.turns} {status}>"
        )

    def _winner_text(self) -> str:
        return "none (draw)" if self.winner is None else SEATS[self.winner]

    def __str__(self) -> str:
        return render(self)


for _name, _derive in _DERIVED.items():  # the slot: the attrs class's, or PackedView's
    _slot = SquareOffState.__dict__.get(_name) or PackedView.__dict__[_name]
    setattr(SquareOffState, _name, LazyField(_slot, _derive))


def _restore(cls: type[SquareOffState], rules: Rules, board: Board, p: Position) -> Any:
    """The state of class ``cls`` for ``p`` under ``rules`` on ``board`` (unpickling; a
    subclass, which may add fields, through its constructor)."""
    view = core_for(rules, board).state(p)
    if cls is SquareOffState:
        return view
    return cls(*(getattr(view, name) for name in FIELDS))


def settle(rules: Rules, board: Board, p: Position) -> SquareOffState:
    """The state of ``p``, a position packed from fields (``packed.pack``), after the end
    checks of section 8 (its history must already hold its own key when threefold is on):
    ``setup_position``'s."""
    core = core_for(rules, board)
    return cast(SquareOffState, core.state(core.settle(p)))


def core_pair(state: SquareOffState) -> tuple[SquareOffCore, Position]:
    """The packed core and position of ``state`` (``Game.core``, ``astroplane.core``)."""
    return state._core, state._p
