"""A ply under the plain rules in one pass: the move, the end checks and the next moves.

Most games are played under rules without the cooldown, jumps, trades or threefold (the
``square-off`` and ``nine-mens-morris`` presets): a turn then earns at most one removal,
and the next player's moves are placements, removals, slides or flights, each a few table
lookups (``movegen.chunked``, ``movegen.slide_moves``). ``apply`` plays such a ply here,
with the state's fields read once and the next move list read from the tables, then the
end checks of section 8 (``play.ending``, which ``play.settle`` makes too), in about nine
tenths of the time ``play.apply`` takes, which passes everything on through ``settle``
and ``movegen.generate`` (the speed of random playouts, issue 21: docs/performance.md,
"Square Off"). Under any other
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
from astroplane.games.square_off.movegen import (
    ALL_POINTS,
    chunked,
    full_lines,
    generate,
    removable,
    slide_moves,
    tables,
)
from astroplane.games.square_off.moves import Move, MoveKind

if TYPE_CHECKING:
    from astroplane.games.square_off.view import StateView

S = TypeVar("S", bound="StateView")

__all__ = ["apply"]

_PLACE: Final = MoveKind.PLACE


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
        if full_lines(tab, mine) & tab.lines_through[dest] and removable(
            board, rules, w if me else b
        ):  # [SO3]; a right with nothing to remove is forfeited at once [SO4]
            removals = (me,)
        else:  # the turn ends
            turn_of = 1 - me
            turns += 1
            if move.kind is not _PLACE:
                quiet += 1
    # The next move list, read from the tables, then the end checks of section 8 [SO6].
    to_move = removals[0] if removals else turn_of
    mine, theirs = (b, w) if to_move else (w, b)
    if removals:
        moves = chunked(tab.remove_bytes, removable(board, rules, theirs))
    elif hand[to_move]:
        moves = chunked(tab.place_bytes, ~(w | b) & ALL_POINTS)
    elif rules.flying and mine.bit_count() == 3:  # flights [SO5]
        moves = generate(board, rules, mine, theirs, 0, 0, False)
    else:
        moves = slide_moves(tab, board, mine, ~(w | b) & ALL_POINTS)
    outcome = play.ending(rules, (w, b), hand, moves, to_move, turns, quiet, ())
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
