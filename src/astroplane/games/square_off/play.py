"""Playing a ply: the state after a legal move, the end checks, and why a move is illegal.

After every ply the end checks run in the order of section 8 [SO6]: a player with two
pieces or fewer (board plus hand) has lost; otherwise the player to act, with no removal
pending, who has no legal move has lost; only then the draws (``max_turns``,
``no_removal_turns``, ``threefold``).

A move that forms a line earns a removal, a ply of its own by the same player [SO4]; a
trade can earn one for each side, the trader's first [SO8]. A removal right with nothing
to remove is forfeited at once: no ply, no removal [SO4]. The turn ends when no right is
left; then the turn counters move on.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final, NoReturn, TypeVar

from astroplane.errors import IllegalMoveError
from astroplane.games.square_off.board import Board
from astroplane.games.square_off.history import History, extend, repeats
from astroplane.games.square_off.movegen import (
    formed,
    full_lines,
    generate,
    protected,
    removable,
    tables,
)
from astroplane.games.square_off.moves import Move, MoveKind, fields_problem
from astroplane.games.square_off.outcome import Ending, Outcome
from astroplane.kit.limits import MAX_TURN, shown

if TYPE_CHECKING:
    from astroplane.games.square_off.options import Rules
    from astroplane.games.square_off.view import StateView

#: The state type ``apply`` and ``settle`` build: the one they were given.
S = TypeVar("S", bound="StateView")

__all__ = [
    "MAX_TURNS",
    "SEATS",
    "apply",
    "ending",
    "position_key",
    "raise_illegal",
    "seat_number",
    "settle",
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


_PLACE: Final = MoveKind.PLACE
_REMOVE: Final = MoveKind.REMOVE
_TRADE: Final = MoveKind.TRADE
_RIGHTS_CODE = {(): 0, (0,): 1, (1,): 2, (0, 0): 3, (0, 1): 4, (1, 0): 5, (1, 1): 6}


def position_key(
    board: Board,
    occupancy: tuple[int, int],
    in_hand: tuple[int, int],
    to_move: int,
    removals: tuple[int, ...],
    cooldown: tuple[int, int],
) -> int:
    """The threefold key, one exact integer (no hash collisions): the points of each
    player's pieces, the pieces in hand, the player to act, the removal rights still to
    come and the cooldown marks (section 8)."""
    n = len(board.names)
    k = occupancy[0] | occupancy[1] << n | in_hand[0] << 2 * n | in_hand[1] << (2 * n + 4)
    k |= (to_move | _RIGHTS_CODE[removals] << 1) << (2 * n + 8)
    lines = len(board.lines)
    return k | (cooldown[0] | cooldown[1] << lines) << (2 * n + 12)


def ending(
    rules: Rules,
    occupancy: tuple[int, int],
    in_hand: tuple[int, int],
    moves: tuple[Move, ...],
    to_move: int,
    turns: int,
    quiet: int,
    history: Sequence[int],
) -> Outcome | None:
    """The end checks of section 8, in their order [SO6]: a player with two pieces or
    fewer (board plus hand) has lost; else the player to act with no legal move
    (``moves``) has lost; then the draws ``max_turns``, ``no_removal_turns`` and
    ``threefold`` (``history`` ends with this position's key); the turn limit is
    ``MAX_TURNS`` when ``max_turns`` is off [SO32]. None while the game goes on."""
    if occupancy[0].bit_count() + in_hand[0] <= 2:
        return Outcome(1, Ending.TWO_PIECES)
    if occupancy[1].bit_count() + in_hand[1] <= 2:
        return Outcome(0, Ending.TWO_PIECES)
    if not moves:
        return Outcome(1 - to_move, Ending.BLOCKED)
    if turns >= (rules.max_turns or MAX_TURNS):
        return Outcome(None, Ending.MAX_TURNS)
    if rules.no_removal_turns and quiet >= rules.no_removal_turns:
        return Outcome(None, Ending.NO_REMOVAL_TURNS)
    if rules.threefold and repeats(history) >= 3:
        return Outcome(None, Ending.THREEFOLD)
    return None


def settle(
    state_type: type[S],
    rules: Rules,
    board: Board,
    occupancy: tuple[int, int],
    in_hand: tuple[int, int],
    removed: tuple[int, int],
    turn_of: int,
    removals: tuple[int, ...],
    cooldown: tuple[int, int],
    turns: int,
    quiet: int,
    history: Sequence[int],
) -> S:
    """The state with these fields after the end checks of section 8, its legal moves
    computed (``history`` must already hold this position's key when threefold is on)."""
    to_move = removals[0] if removals else turn_of
    moves = generate(
        board,
        rules,
        occupancy[to_move],
        occupancy[1 - to_move],
        in_hand[to_move],
        cooldown[to_move],
        bool(removals),
    )
    outcome = ending(rules, occupancy, in_hand, moves, to_move, turns, quiet, history)
    if outcome is not None:
        moves = ()
    return state_type._assemble(
        rules,
        board,
        occupancy,
        in_hand,
        removed,
        turn_of,
        removals,
        cooldown,
        turns,
        quiet,
        history,
        outcome,
        moves,
    )


def apply(state: S, move: Move) -> S:
    """The state after the player to act plays ``move``, a member of ``legal_moves()``."""
    board, rules = state.board, state.rules
    tab = tables(board)
    removals = state.removals
    me = removals[0] if removals else state.turn_of
    occupancy = state.occupancy
    hand = state.in_hand
    removed = state.removed
    cooldown = state.cooldown
    kind = move.kind
    p = move.point
    rights: tuple[int, ...] = ()
    if kind is _REMOVE:
        if me:
            theirs = occupancy[0] ^ 1 << p
            occupancy = (theirs, occupancy[1])
            removed = (removed[0] + 1, removed[1])
        else:
            theirs = occupancy[1] ^ 1 << p
            occupancy = (occupancy[0], theirs)
            removed = (removed[0], removed[1] + 1)
        # the game ends at once at two pieces [SO8], [SO18]
        if theirs.bit_count() + hand[1 - me] > 2:
            rights = removals[1:]
    else:
        if kind is _PLACE:
            dest = p
            mine = occupancy[me] | 1 << p
            hand = (hand[0] - 1, hand[1]) if me == 0 else (hand[0], hand[1] - 1)
            if rules.cooldown:  # a placement breaks no line, and clears the marks
                cooldown = (0, cooldown[1]) if me == 0 else (cooldown[0], 0)
        else:
            dest = move.to
            before = occupancy[me]
            mine = before ^ (1 << p | 1 << dest)
            if rules.cooldown:  # every move replaces the mover's marks (section 8) [SO7]
                broke = full_lines(tab, before) & tab.lines_through[p]  # the lines it breaks
                cooldown = (broke, cooldown[1]) if me == 0 else (cooldown[0], broke)
        if kind is _TRADE:  # [SO8]; the trader's move alone [SO15]
            theirs = occupancy[1 - me] ^ (1 << dest | 1 << p)
            occupancy = (mine, theirs) if me == 0 else (theirs, mine)
        else:
            occupancy = (mine, occupancy[1]) if me == 0 else (occupancy[0], mine)
        if full_lines(tab, mine) & tab.lines_through[dest]:
            rights = (me,)  # [SO3]
        if kind is _TRADE and full_lines(tab, theirs) & tab.lines_through[p]:  # [SO8]
            rights += (1 - me,)
    # A right with nothing to remove is forfeited: no ply, no removal [SO4], section 8;
    # a trade's second right is checked when it comes up [SO18].
    while rights and not removable(board, rules, occupancy[1 - rights[0]]):
        rights = rights[1:]
    turn_of, turns, quiet = state.turn_of, state.turns, state.quiet
    if not rights:  # the turn ends
        turn_of = 1 - turn_of
        turns += 1
        if kind is _REMOVE:
            quiet = 0
        elif kind is not _PLACE:
            quiet += 1
    history: Sequence[int] = ()
    if rules.threefold:
        key = position_key(
            board, occupancy, hand, rights[0] if rights else turn_of, rights, cooldown
        )
        # placements and removals cannot be undone: no earlier position can come back [SO19]
        history = History.of((key,)) if kind in (_PLACE, _REMOVE) else extend(state.history, key)
    return settle(
        type(state),
        rules,
        board,
        occupancy,
        hand,
        removed,
        turn_of,
        rights,
        cooldown,
        turns,
        quiet,
        history,
    )


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
