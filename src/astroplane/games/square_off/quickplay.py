"""A ply under the plain rules in one pass: the move, the end checks and the next moves.

Most games are played under rules without the cooldown, jumps, trades or threefold (the
``square-off`` and ``nine-mens-morris`` presets): a turn then earns at most one removal,
and the next player's moves are placements, removals, slides or flights, each a few table
lookups (``movegen.Tables``). ``apply`` plays such a ply here, with the state's fields read
once, the end checks of section 8 inline and the next move list read from the tables, in
about four fifths of the time ``play.apply`` with ``play.settle`` takes (the
speed of random playouts, issue 21: docs/performance.md, "Square Off"). Under any other
rules, or on a state whose removal rights come from a trade, it hands over to
``play.apply``, the one written out rule by rule; both give the same state (a test plays
them side by side, ``tests/square_off/test_so_fast_paths.py``).

Examples:
    >>> from astroplane.games.square_off import NINE_MENS_MORRIS, Move, new_game
    >>> from astroplane.games.square_off import play
    >>> s = new_game(NINE_MENS_MORRIS)
    >>> apply(s, Move.place("d2")) == play.apply(s, Move.place("d2"))
    True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, TypeVar

from astroplane.games.square_off import play
from astroplane.games.square_off.movegen import generate, removable, tables
from astroplane.games.square_off.moves import Move, MoveKind
from astroplane.games.square_off.outcome import Ending, Outcome

if TYPE_CHECKING:
    from astroplane.games.square_off.view import StateView

S = TypeVar("S", bound="StateView")

__all__ = ["apply"]

_PLACE: Final = MoveKind.PLACE
_ALL: Final = (1 << 24) - 1


def apply(state: S, move: Move) -> S:
    """The state after the player to act plays ``move``, a member of ``legal_moves()``:
    the same state as ``play.apply`` gives, its legal moves computed."""
    rules = state.rules
    removals = state.removals
    if rules.cooldown or rules.trades or rules.jumps or rules.threefold or len(removals) > 1:
        return play.apply(state, move)
    board = state.board
    tab = tables(board)
    w, b = state.occupancy
    hand = state.in_hand
    removed = state.removed
    turn_of = state.turn_of
    turns = state.turns
    quiet = state.quiet
    p = move.point
    if removals:  # the one removal of the turn [SO4]; then the turn ends
        if removals[0]:
            w ^= 1 << p
            removed = (removed[0] + 1, removed[1])
        else:
            b ^= 1 << p
            removed = (removed[0], removed[1] + 1)
        removals = ()
        turn_of = 1 - turn_of
        turns += 1
        quiet = 0
    else:
        me = turn_of
        mine = b if me else w
        if move.kind is _PLACE:
            dest = p
            mine |= 1 << p
            hand = (hand[0], hand[1] - 1) if me else (hand[0] - 1, hand[1])
        else:  # a slide or a flight
            dest = move.to
            mine ^= 1 << p | 1 << dest
        if me:
            b = mine
        else:
            w = mine
        lb = tab.line_bytes
        if lb[0][mine & 255] & lb[1][mine >> 8 & 255] & lb[2][mine >> 16] & tab.lines_through[
            dest
        ] and removable(board, rules, w if me else b):  # [SO3]; a right with nothing to
            removals = (me,)  # remove is forfeited at once [SO4]
        else:  # the turn ends
            turn_of = 1 - me
            turns += 1
            if move.kind is not _PLACE:
                quiet += 1
    # The end checks of section 8 [SO6], as play.settle makes them.
    outcome = None
    moves: tuple[Move, ...] = ()
    if w.bit_count() + hand[0] <= 2:
        outcome = Outcome(1, Ending.TWO_PIECES)
    elif b.bit_count() + hand[1] <= 2:
        outcome = Outcome(0, Ending.TWO_PIECES)
    else:
        to_move = removals[0] if removals else turn_of
        mine, theirs = (b, w) if to_move else (w, b)
        if removals:
            free = removable(board, rules, theirs)
            rb = tab.remove_bytes
            moves = rb[0][free & 255] + rb[1][free >> 8 & 255] + rb[2][free >> 16]
        elif hand[to_move]:
            pb = tab.place_bytes
            empty = ~(w | b) & _ALL
            moves = pb[0][empty & 255] + pb[1][empty >> 8 & 255] + pb[2][empty >> 16]
        elif rules.flying and mine.bit_count() == 3:  # flights [SO5]
            moves = generate(board, rules, mine, theirs, 0, 0, False)
        else:  # slides: per 6-bit chunk of ``mine`` with its empty neighbours (movegen)
            empty = ~(w | b) & _ALL
            reach = tab.slide_reach
            c0, c1, c2, c3 = mine & 63, mine >> 6 & 63, mine >> 12 & 63, mine >> 18
            m0, m1, m2, m3 = tab.slide_memo
            try:
                moves = (
                    m0[c0 | (empty & reach[0][c0]) << 6]
                    + m1[c1 | (empty & reach[1][c1]) << 6]
                    + m2[c2 | (empty & reach[2][c2]) << 6]
                    + m3[c3 | (empty & reach[3][c3]) << 6]
                )
            except KeyError:  # a board too big to list every key: movegen fills them
                moves = generate(board, rules, mine, theirs, 0, 0, False)
        if not moves:
            outcome = Outcome(1 - to_move, Ending.BLOCKED)
        elif rules.max_turns and turns >= rules.max_turns:
            outcome = Outcome(None, Ending.MAX_TURNS)
        elif rules.no_removal_turns and quiet >= rules.no_removal_turns:
            outcome = Outcome(None, Ending.NO_REMOVAL_TURNS)
        if outcome is not None:
            moves = ()
    return type(state)._assemble(
        rules,
        board,
        (w, b),
        hand,
        removed,
        turn_of,
        removals,
        state.cooldown,
        turns,
        quiet,
        (),
        outcome,
        moves,
    )
