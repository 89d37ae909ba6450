"""Square Off's packed core: the rules, written once, over packed positions.

``SquareOffCore`` is ``astroplane.core.Core`` for one rules value and board: the legal
actions of a position (``movegen``), the position after an action, the end checks of
section 8, the returns and the heuristic, all on the small int tuples of ``packed``. The
states (``state.SquareOffState``) are views of its positions and ask it everything; search,
playouts, perft and the learning environment use it directly, by action number.

A ply follows section 8 [SO3]-[SO8]: a move that forms a line earns a removal, a ply of
its own by the same player [SO4]; a trade can earn one for each side, the trader's first
[SO8]; a right with nothing to remove is forfeited at once, no ply [SO4]; the turn ends
when no right is left, and the turn counters move on. Then the end checks, in their
order [SO6]: a player with two pieces or fewer (board plus hand) has lost; else the
player to act, with no legal move, has lost; then the draws ``max_turns``,
``no_removal_turns`` and ``threefold``.

Examples:
    >>> from astroplane.games.square_off import NINE_MENS_MORRIS, new_game
    >>> from astroplane.core import core_of
    >>> core, p = core_of(new_game(NINE_MENS_MORRIS))
    >>> len(core.legal_actions(p)), core.to_move(core.apply(p, 19))
    (24, 1)
    >>> core.state(core.apply(p, 19)).pieces_at("d2")
    0
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Final

from astroplane.games.square_off import evaluation
from astroplane.games.square_off.board import Board
from astroplane.games.square_off.history import History, extend, repeats
from astroplane.games.square_off.movegen import (
    FLYING,
    PAIRS,
    TRADES,
    Catalog,
    T,
    flags_of,
    free_pieces,
    full_lines,
    generate,
    has_move,
    tables,
)
from astroplane.games.square_off.moves import NUM_ACTIONS, Move
from astroplane.games.square_off.packed import (
    FIRST,
    HAND_B,
    HAND_W,
    OVER,
    PUSH,
    REMOVED_B,
    REMOVED_W,
    REST,
    RETURNS,
    RIGHTS_SHIFT,
    TURN_OF,
    Position,
    key,
)
from astroplane.games.square_off.play import MAX_TURNS

if TYPE_CHECKING:
    from astroplane.games.square_off.options import Rules
    from astroplane.protocol import State

__all__ = ["SquareOffCore"]

_NO_RIGHTS: Final = 0xFFFFF  # the side word without the rights' bits (RIGHTS_SHIFT: 20)


class SquareOffCore:
    """The rules of one ``Rules`` value on one ``Board``, over packed positions
    (``packed.Position``); ``astroplane.core.Core``. Cores are shared: get one with
    ``state.core_for`` (or ``astroplane.core.core_of(state)``).

    Args:
        rules: The rules in force.
        board: The board.
        view_type: The class of the views (``SquareOffState``).
        view: ``view(core, p)``: the view of a position (``state(p)``).

    Attributes:
        rules: The rules.
        board: The board.
        num_actions: 1176 (``moves.NUM_ACTIONS``).
        evaluate: ``value``, the heuristic of ``evaluation`` [SO26].
        lines: The number of lines of the board (the width of each seat's cooldown marks).
        numbers: The action number of each move ``legal_moves`` hands out, by its ``id``.
    """

    def __init__(
        self,
        rules: Rules,
        board: Board,
        view_type: type,
        view: Callable[[SquareOffCore, Position], Any],
    ) -> None:
        self.rules = rules
        self.board = board
        self.tab = tables(board)
        self.lines = len(board.lines)
        self.seat_marks = (1 << self.lines) - 1
        self.num_actions = NUM_ACTIONS
        self.evaluate: Callable[[Position, int], float] | None = self.value
        self.flags = flags_of(rules)
        self.pieces = rules.pieces
        self.remove_all = rules.remove_from_lines_when_all
        self.cooldown = rules.cooldown
        self.threefold = rules.threefold
        self.turn_limit = rules.max_turns or MAX_TURNS  # the turn bound when it is off [SO32]
        self.no_removal_turns = rules.no_removal_turns
        self.view_type = view_type
        self.view = view
        self.seat_tuple = (0, 1)
        self.numbers = self.tab.numbers

    def __repr__(self) -> str:
        return f"<SquareOffCore {self.rules.name}, {len(self.board.links)} links>"

    # ---- the legal actions ---------------------------------------------------------------
    def _listed(self, p: Position, cat: Catalog[T]) -> tuple[T, ...]:
        """What ``cat`` lists for the legal actions of ``p``."""
        side = p[2]
        code = side >> RIGHTS_SHIFT
        me = FIRST[code] if code else side >> TURN_OF & 1
        if me:
            mine, theirs, hand, out = p[1], p[0], side >> HAND_B & 15, side >> REMOVED_B & 15
        else:
            mine, theirs, hand, out = p[0], p[1], side >> HAND_W & 15, side >> REMOVED_W & 15
        marks = p[3] >> self.lines * me & self.seat_marks
        flags = self.flags
        # a seat's pieces left (board and hand) are the rules' pieces less those removed
        flies = flags & FLYING if not hand and self.pieces - out == 3 else 0
        return generate(self.tab, cat, flags, flies, mine, theirs, hand, marks, code != 0)

    def legal_actions(self, p: Position) -> tuple[int, ...]:
        """The legal action numbers, ascending [SO14]; empty once the game is over."""
        if p[2] & OVER:
            return ()
        return self._listed(p, self.tab.actions)

    def legal_moves(self, p: Position) -> tuple[Move, ...]:
        """The legal moves, in the order of their actions (``legal_moves()`` of the view);
        empty once the game is over."""
        if p[2] & OVER:
            return ()
        return self._listed(p, self.tab.moves)

    # ---- a ply ------------------------------------------------------------------------------
    def apply(self, p: Position, action: int) -> Position:
        """The position after ``action``, one of ``legal_actions(p)`` (unchecked)."""
        none: Catalog[int] | None = None
        return self.ply(p, action, none)[0]

    def ply(
        self, p: Position, action: int, cat: Catalog[T] | None
    ) -> tuple[Position, tuple[T, ...] | None]:
        """The position after ``action`` (``apply``) and, with ``cat``, what ``cat`` lists
        for its legal actions, listed by the end checks (a view's ``play`` asks
        ``tab.moves``: the next legal moves)."""
        w, b, side, marks, turns, quiet, keys = p
        tab = self.tab
        code = side >> RIGHTS_SHIFT
        side &= _NO_RIGHTS
        placed = removal = False
        if code:  # a removal [SO4]
            removal = True
            victim = 1 - FIRST[code]
            if victim:
                b ^= 1 << action
                side += 1 << REMOVED_B
            else:
                w ^= 1 << action
                side += 1 << REMOVED_W
            # the game ends at once at two pieces: a right still to come lapses [SO18]
            out = side >> (REMOVED_B if victim else REMOVED_W) & 15  # pieces left: pieces - out
            code = REST[code] if self.pieces - out > 2 else 0
        else:
            me = side >> TURN_OF & 1
            through = tab.lines_through
            if action < PAIRS:  # a placement (stage 1)
                dest = action
                if me:
                    b |= 1 << dest
                    side -= 1 << HAND_B
                else:
                    w |= 1 << dest
                    side -= 1 << HAND_W
                if self.cooldown:  # a placement breaks no line, and clears the marks
                    marks &= ~(self.seat_marks << self.lines * me)
                placed = True
                code = 1 + me if full_lines(tab, b if me else w) & through[dest] else 0  # [SO3]
            else:  # a slide, flight or jump, or a trade: the piece on src goes to dest
                trade = action >= TRADES
                pair = action - (TRADES if trade else PAIRS)
                src, dest = pair // 24, pair % 24
                moved = 1 << src | 1 << dest
                before = b if me else w
                if me:
                    b ^= moved
                    if trade:  # [SO8]; the trader's move alone [SO15]
                        w ^= moved
                else:
                    w ^= moved
                    if trade:
                        b ^= moved
                if self.cooldown:  # every move replaces the mover's marks [SO7]
                    shift = self.lines * me
                    broke = full_lines(tab, before) & through[src]
                    marks = marks & ~(self.seat_marks << shift) | broke << shift
                code = 1 + me if full_lines(tab, b if me else w) & through[dest] else 0
                if trade and full_lines(tab, w if me else b) & through[src]:
                    code = PUSH[code][1 - me]  # the opponent's line [SO8]
        # A right with nothing to remove is forfeited: no ply, no removal [SO4], section 8;
        # a trade's second right is checked when it comes up [SO18].
        while code and not free_pieces(tab, w if FIRST[code] else b, self.remove_all):
            code = REST[code]
        if code:
            side |= code << RIGHTS_SHIFT
        else:  # the turn ends
            side ^= 1 << TURN_OF
            turns += 1
            if removal:
                quiet = 0
            elif not placed:
                quiet += 1
        if not self.threefold:
            return self._settled(w, b, side, marks, turns, quiet, keys, cat)
        new = key(w, b, side, marks)
        # placements and removals cannot be undone: no earlier position can come back [SO19];
        # else the history grows by one key, shared with this one's, not copied
        history = History.of((new,)) if placed or removal else extend(keys, new)
        return self._settled(w, b, side, marks, turns, quiet, history, cat)

    def settle(self, p: Position) -> Position:
        """``p`` with its outcome found by the end checks (for a position made from
        fields: ``setup_position``)."""
        none: Catalog[int] | None = None
        return self._settled(p[0], p[1], p[2] & ~OVER, p[3], p[4], p[5], p[6], none)[0]

    def _settled(
        self,
        w: int,
        b: int,
        side: int,
        marks: int,
        turns: int,
        quiet: int,
        history: Sequence[int],
        cat: Catalog[T] | None,
    ) -> tuple[Position, tuple[T, ...] | None]:
        """The position of these fields after the end checks of section 8 [SO6] and, with
        ``cat``, what it lists for its legal actions (the end checks ask whether there is
        one)."""
        listed: tuple[T, ...] | None = None
        pieces = self.pieces  # a seat's pieces left (board and hand): pieces less removed
        if pieces - (side >> REMOVED_W & 15) <= 2:
            side |= 2  # B wins: W has two pieces
        elif pieces - (side >> REMOVED_B & 15) <= 2:
            side |= 1
        else:
            code = side >> RIGHTS_SHIFT
            me = FIRST[code] if code else side >> TURN_OF & 1
            if me:
                mine, theirs, hand, out = b, w, side >> HAND_B & 15, side >> REMOVED_B & 15
            else:
                mine, theirs, hand, out = w, b, side >> HAND_W & 15, side >> REMOVED_W & 15
            flags = self.flags
            flies = flags & FLYING if not hand and pieces - out == 3 else 0
            mine_marks = marks >> self.lines * me & self.seat_marks if marks else 0
            tab = self.tab
            if cat is None:
                moving = has_move(tab, flags, flies, mine, theirs, hand, mine_marks, code != 0)
            else:
                listed = generate(tab, cat, flags, flies, mine, theirs, hand, mine_marks, code != 0)
                moving = len(listed) > 0
            if not moving:
                side |= 4 - me  # blocked: the other seat wins
            elif turns >= self.turn_limit:  # max_turns, or the turn bound [SO32]
                side |= 5
            elif self.no_removal_turns and quiet >= self.no_removal_turns:
                side |= 6
            elif self.threefold and repeats(history) >= 3:
                side |= 7
        if side & OVER and cat is not None:
            listed = ()
        return (w, b, side, marks, turns, quiet, history), listed

    # ---- the Core protocol ------------------------------------------------------------------
    def is_terminal(self, p: Position) -> bool:
        """True once the game is over."""
        return p[2] & OVER != 0

    def is_chance(self, p: Position) -> bool:
        """Always False: the game has no chance."""
        return False

    def chance_outcomes(self, p: Position) -> tuple[tuple[int, float], ...]:
        """Always empty: the game has no chance."""
        return ()

    def to_move(self, p: Position) -> int:
        """The seat to act: the first holder of a removal right, else whose turn it is."""
        side = p[2]
        code = side >> RIGHTS_SHIFT
        return FIRST[code] if code else side >> TURN_OF & 1

    def seats(self, p: Position) -> tuple[int, ...]:
        """``(0, 1)``: W then B."""
        return self.seat_tuple

    def turn(self, p: Position) -> int:
        """The protocol's turn number: the completed turns plus 1."""
        return p[4] + 1

    def returns(self, p: Position) -> tuple[float, ...]:
        """Per seat: 1.0 to the winner, 0.0 to the loser, 0.5 each for a draw; (0.0, 0.0)
        while the game goes on [SO6]."""
        return RETURNS[p[2] & OVER]

    def value(self, p: Position, seat: int) -> float:
        """The heuristic of ``p`` for ``seat`` (``evaluation.evaluate``) [SO26]."""
        side = p[2]
        outcome = side & OVER
        if outcome:
            return evaluation.finished(RETURNS[outcome], seat)
        hw, hb = side >> HAND_W & 15, side >> HAND_B & 15
        return evaluation.lead(self.tab, p[0], p[1], hw, hb, side >> RIGHTS_SHIFT, seat)

    def state(self, p: Position) -> State[Any]:
        """The ``SquareOffState`` of ``p``."""
        found: State[Any] = self.view(self, p)
        return found
