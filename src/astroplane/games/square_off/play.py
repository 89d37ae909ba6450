"""Seats, the threefold key of a position, and why a move is illegal.

The rules themselves (a ply, the end checks of section 8) are the packed core's
(``core.SquareOffCore``); this module names the seats, keys positions for the threefold
draw [SO19] and explains, naming the rule, why a move that is not legal is not
(``IllegalMoveError``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NoReturn

from astroplane.errors import IllegalMoveError
from astroplane.games.square_off.board import Board
from astroplane.games.square_off.movegen import formed, protected, removable
from astroplane.games.square_off.moves import Move, MoveKind, fields_problem
from astroplane.games.square_off.packed import _CODE, HAND_B, HAND_W, RIGHTS_SHIFT, TURN_OF, key
from astroplane.kit.limits import MAX_TURN, shown

if TYPE_CHECKING:
    from astroplane.games.square_off.view import StateView

__all__ = [
    "MAX_TURNS",
    "SEATS",
    "position_key",
    "raise_illegal",
    "seat_number",
    "why_illegal",
]

SEATS = ("W", "B")
"""The seat letters by seat number: 0 = W (white), 1 = B (black) [SO2]."""

MAX_TURNS = MAX_TURN - 1
"""The most turns a game plays: the readers take turn numbers up to ``MAX_TURN``
(1,000,000), and a state's turn is its completed turns plus one, so a game is drawn by its
turn limit once 999,999 turns are over, when ``max_turns`` is off too [SO32]."""


def seat_number(seat: object) -> int:
    """``seat`` if it is a seat number, 0 (W) or 1 (B) [SO2]: never -1 (Python's last
    item), a ``bool`` or a ``float``.

    Raises:
        ValueError: If it is not.
    """
    if type(seat) is not int or not 0 <= seat <= 1:
        raise ValueError(f"a seat is 0 (W) or 1 (B), not {shown(seat)}")
    return seat


def position_key(
    board: Board,
    occupancy: tuple[int, int],
    in_hand: tuple[int, int],
    to_move: int,
    removals: tuple[int, ...],
    cooldown: tuple[int, int],
) -> int:
    """The threefold key, one exact integer (no hash collisions): the points of each
    player's pieces, the pieces in hand, the player to act (the holder of the first
    removal right, if any), the removal rights still to come and the cooldown marks
    (section 8), as ``packed.key`` reads them from a packed position [SO19]."""
    side = in_hand[0] << HAND_W | in_hand[1] << HAND_B
    side |= to_move << TURN_OF | _CODE[removals] << RIGHTS_SHIFT
    return key(occupancy[0], occupancy[1], side, cooldown[0] | cooldown[1] << len(board.lines))


def _names(board: Board, mask: int) -> str:
    return ", ".join(board.names[p] for p in range(len(board.names)) if mask >> p & 1)


def why_illegal(state: StateView, move: object) -> str:
    """Why ``move`` is not legal in ``state``, naming the rule (for ``IllegalMoveError``)."""
    if not isinstance(move, Move):
        return f"not a Move: {type(move).__name__}"
    problem = fields_problem(move)
    if problem is not None:  # built past its constructor: its fields cannot be read
        return f"not a well-formed move: {problem}"
    if state.outcome is not None:
        return f"the game is over: {state.outcome.ending.words} [SO6]"
    board, rules = state.board, state.rules
    me = state.to_move
    who, other = SEATS[me], SEATS[1 - me]
    mine, theirs = state.occupancy[me], state.occupancy[1 - me]
    name = board.names
    kind, p, t = move.kind, move.point, move.to
    if state.removals:
        if kind != MoveKind.REMOVE:
            return f"a removal is pending: {who} removes a piece of {other} first [SO4]"
        if not theirs >> p & 1:
            return f"{name[p]} holds no piece of {other} to remove [SO4]"
        return (
            f"[SO4] {name[p]} is on a line of three; {who} may remove "
            f"{_names(board, removable(board, rules, theirs))}"
        )
    if kind == MoveKind.REMOVE:
        return "no removal is pending: a removal follows a move that forms a line [SO4]"
    hand = state.in_hand[me]
    if kind == MoveKind.PLACE:
        if not hand:
            return f"{who} has no piece in hand: stage 2, a piece moves [SO2]"
        if (mine | theirs) >> p & 1:
            return f"{name[p]} is occupied"
    elif hand:
        return f"{who} still has {hand} pieces in hand: stage 1, a piece is placed, not moved [SO2]"
    elif not mine >> p & 1:
        return f"{name[p]} holds no piece of {who}"
    elif kind == MoveKind.TRADE:
        if not rules.trades:
            return "trades are not in these rules [SO8]"
        if not theirs >> t & 1:
            return f"{name[t]} holds no piece of {other} to trade with [SO8]"
        if protected(board, theirs) >> t & 1:
            return f"[SO8] {name[t]} is on a line of three of {other}: it cannot be traded"
        if rules.adjacent_trades and not board.neighbour_masks[p] >> t & 1:
            return f"{name[p]} and {name[t]} are not linked (adjacent_trades) [SO8]"
    elif (mine | theirs) >> t & 1:
        return f"{name[t]} is occupied"
    else:
        flying = rules.flying and mine.bit_count() == 3
        if kind == MoveKind.FLY and not flying:
            if not rules.flying:
                return "flying is not in these rules [SO5]"
            return f"{who} has {mine.bit_count()} pieces: only a player with 3 flies [SO5]"
        if kind != MoveKind.FLY and flying:
            return f"{who} has 3 pieces and flies: every move is a flight [SO5], [SO12]"
        if kind == MoveKind.SLIDE and not board.neighbour_masks[p] >> t & 1:
            return f"{name[p]} and {name[t]} are not linked"
        if kind == MoveKind.JUMP:
            if not rules.jumps:
                return "jumps are not in these rules [SO7]"
            over = [q for q, to in board.jumps_from[p] if to == t]
            if not over:
                return f"no line runs from {name[p]} over one point to {name[t]} [SO7]"
            if not theirs >> over[0] & 1:
                return f"a jump goes over a piece of {other}; {name[over[0]]} holds none [SO7]"
    marks = state.cooldown[me]
    if marks:
        dest = p if kind == MoveKind.PLACE else t
        hit = formed(board, mine & ~(1 << p) | 1 << dest, dest) & marks
        if hit:
            line = board.line_name(hit.bit_length() - 1)
            return (
                f"[SO7] cooldown: the move would form {line}, which {who}'s last move broke; "
                "one turn later it may"
            )
    return "not a legal move here"


def raise_illegal(state: StateView, move: object) -> NoReturn:
    """Raise the ``IllegalMoveError`` that says why ``move`` is not legal in ``state``."""
    raise IllegalMoveError(move, why_illegal(state, move))
