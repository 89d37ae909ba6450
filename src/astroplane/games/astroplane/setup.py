"""Building positions: the standard setup and any validated position.

``new_game`` gives the setup (rules page: Seats and setup); ``setup_position`` builds any position
from names or numbers — a game in progress, or, with ``over=``, a finished one — and has
the rule set check every invariant (``Rules.validate``), so a frontend or a test can start
from a puzzle without ever holding a broken state. Every reader of the formats builds its
states here.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from itertools import islice
from types import MappingProxyType
from typing import Any

from astroplane.errors import PositionError
from astroplane.games.astroplane.enums import SEAT_NAMES, Seat
from astroplane.games.astroplane.outcome import EndReason
from astroplane.games.astroplane.packed import encode, pack
from astroplane.games.astroplane.pieces import (
    PIECES_PER_PLAYER,
    piece_id,
    piece_name,
    pieces_of_seat,
    seat_from_name,
)
from astroplane.games.astroplane.rules.ruleset import STANDARD, Rules
from astroplane.games.astroplane.rules.validate import counters_problem
from astroplane.games.astroplane.state import (
    ELIMINATED,
    IN_RESERVE,
    NOT_PLAYING,
    REMOVED,
    GameState,
)
from astroplane.games.astroplane.topology import REFERENCE_BOARD, Topology

__all__ = ["SEATS_BY_COUNT", "new_game", "setup_position"]

#: The seats of a game by number of players [D2].
SEATS_BY_COUNT: Mapping[int, tuple[Seat, ...]] = MappingProxyType(
    {
        2: (Seat.S, Seat.N),
        3: (Seat.S, Seat.W, Seat.N),
        4: (Seat.S, Seat.W, Seat.N, Seat.E),
    }
)


def new_game(
    players: int = 2,
    *,
    first: int | str | None = None,
    rules: Rules = STANDARD,
    topology: Topology = REFERENCE_BOARD,
) -> GameState:
    """The setup (rules page: Seats and setup): seats S/N, S/W/N or all four [D2]; S1-S3
    bottom to top in the left Start Area, S4-S6 in the right one, S7-S10 in
    reserve [D17].

    Args:
        players: 2, 3 or 4.
        first: The seat that starts (default: the first seat, S). Turn order
            stays clockwise.
        rules: The rules in force (default ``astroplane.STANDARD``).
        topology: The board (default the reference board).

    Raises:
        ValueError: If ``players`` is not 2-4 or ``first`` is not in the game.

    Examples:
        >>> new_game(4, first="N").to_move
        <Seat.N: 2>
    """
    if isinstance(players, bool) or not isinstance(players, int) or players not in SEATS_BY_COUNT:
        raise ValueError(f"players must be 2, 3 or 4, not {players!r}")
    seats = SEATS_BY_COUNT[players]
    start = seats[0] if first is None else seat_from_name(first)
    if start not in seats:
        raise ValueError(
            f"seat {SEAT_NAMES[start]} is not in a {players}-player game "
            f"({''.join(SEAT_NAMES[s] for s in seats)})"
        )
    areas: dict[int | str, Sequence[int | str]] = {}
    for seat in seats:
        own = pieces_of_seat(seat)
        areas[topology.start_position(seat, 0)] = own[0:3]
        areas[topology.start_position(seat, 1)] = own[3:6]
    return setup_position(
        players=players, stacks=areas, to_move=start, rules=rules, topology=topology
    )


def _int(value: object, what: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise PositionError(f"{what} must be an int {low}..{high}, not {_show(value)}")
    return int(value)  # a plain int, even for an int subclass


def _whole(value: object, what: str) -> int:
    """``value`` as a plain int; its range is the validator's (``rules/validate.py``)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise PositionError(f"{what} must be an int, not {_show(value)}")
    return int(value)


def _show(value: object) -> str:
    """A short description of a bad argument (its type and, if short, its repr)."""
    if isinstance(value, int) and not -(10**12) < value < 10**12:
        return f"{type(value).__name__} of {value.bit_length()} bits"
    text = repr(value)
    return f"{type(value).__name__} {text}" if len(text) <= 40 else type(value).__name__


def _items(value: object, what: str, most: int) -> list[Any]:
    """The items of an iterable argument, at most ``most`` of them (so a huge or endless
    iterable costs nothing)."""
    if isinstance(value, (Mapping, bytes)) or not isinstance(value, Iterable):
        raise PositionError(f"{what} must be a sequence, not {_show(value)}")
    items = list(islice(value, most + 1))
    if len(items) > most:
        raise PositionError(f"{what} has more than {most} entries")
    return items


def _unique(ids: Sequence[int], name: Any, what: str) -> None:
    seen: set[int] = set()
    for x in ids:
        if x in seen:
            raise PositionError(f"{what}: {name(x)} is listed twice")
        seen.add(x)


def setup_position(
    *,
    players: int | Iterable[int | str] = 2,
    stacks: Mapping[int | str, Sequence[int | str]],
    reserve: Mapping[int | str, int] | None = None,
    eliminated: Iterable[tuple[int | str, int | str]] = (),
    removed: Iterable[int | str] = (),
    to_move: int | str | None = None,
    moves_left: int | None = None,
    turn: int = 1,
    travelled: Iterable[int | str] = (),
    landed: Iterable[int | str] = (),
    last_progress: int = 0,
    over: EndReason | str | None = None,
    rules: Rules = STANDARD,
    topology: Topology = REFERENCE_BOARD,
) -> GameState:
    """Build and validate any position (for tests, puzzles, frontends and the readers).

    Args:
        players: 2, 3, 4 (standard seats) or the seats themselves (``"SN"``, ``(0, 2)``).
        stacks: Stacks by position (index or name: ``"e2.ne"``, ``"a1S"``, ``"Sl"``),
            bottom to top, as piece ids or names (``"S1"``).
        reserve: Reserve count per seat. Default: every piece of a playing,
            non-removed seat that is not placed or eliminated is in reserve.
            Reserve pieces are always a seat's highest-numbered pieces [D17].
        eliminated: ``(piece, by_seat)`` pairs, in order.
        removed: Seats removed as stuck players [D16], in order; their pieces not in
            the Singularity and not eliminated count as removed.
        to_move: Seat to move (default the first seat).
        moves_left: Moves left in the turn (default: the rules' ``turn_moves``);
            at least 1 and at most the turn's moves plus one per piece [D29].
        turn: Turn number, 1..1000000 (``astroplane.games.astroplane.rules.validate.MAX_TURN``).
        travelled: Pieces marked as having travelled a Wormhole [D19], each once.
        landed: Pieces that landed on a stack this turn [D9], each once.
        last_progress: Last turn with progress [D25], 0..turn.
        over: None for a game in progress; an ``EndReason`` (or its value, such as
            ``"stuck"``) for a finished game, which must have ended that way here.
        rules: The rules in force.
        topology: The board.

    Returns:
        The state. A game in progress whose player to move has no legal action is
        resolved as the rules say (the game ends, or the player is removed [D16]).

    Raises:
        PositionError: If the position breaks an invariant: a piece placed twice or of
            a seat not in the game, pieces of a seat not adding up to 10, overlapping
            positions in a cell, a piece at an unusable apex or off a Singularity apex in
            a Singularity cell, a Start Area holding another seat's pieces, a reserve that
            is not the highest numbers, a bad seat, count or turn, a game in progress the
            rules would already have ended, an end that does not follow from the
            position or comes later than the rules' limits allow [D18, D25, D30]; under
            the standard actions, also what play never leaves: pieces of different
            players on opposite positions of a cell [D10], Squares of different players
            side by side while no player was removed [D15, D26], a travelled mark off a
            Wormhole cell [D19], a landed mark on a piece of another player than the one
            to move or on a piece that stands on nothing [D9], eliminations without
            Squares; or if an argument has the wrong type (numbers are ``int``, never
            ``bool`` or ``float``; names are ASCII), lists an item twice (a position, a
            seat of ``players``, ``removed`` or ``reserve``, a marked piece) or more items
            than the game has (4 seats, 40 pieces). Every state it returns can be written
            as position text and JSON and read back equal.
    """
    try:
        return _setup(
            players, stacks, reserve, eliminated, removed, to_move, moves_left, turn,
            travelled, landed, last_progress, over, rules, topology,
        )  # fmt: skip
    except PositionError:
        raise
    except (ValueError, TypeError, KeyError, IndexError, AttributeError) as exc:
        raise PositionError(f"{exc}") from None


def _setup(
    players: int | Iterable[int | str],
    stacks: Mapping[int | str, Sequence[int | str]],
    reserve: Mapping[int | str, int] | None,
    eliminated: Iterable[tuple[int | str, int | str]],
    removed: Iterable[int | str],
    to_move: int | str | None,
    moves_left: int | None,
    turn: int,
    travelled: Iterable[int | str],
    landed: Iterable[int | str],
    last_progress: int,
    over: EndReason | str | None,
    rules: Rules,
    topology: Topology,
) -> GameState:
    if not isinstance(rules, Rules):
        raise PositionError(f"rules must be a Rules value, not {type(rules).__name__}")
    if not isinstance(topology, Topology):
        raise PositionError(f"topology must be a Topology, not {type(topology).__name__}")
    if isinstance(players, int) and not isinstance(players, bool):
        if players not in SEATS_BY_COUNT:
            raise PositionError(f"players must be 2, 3 or 4, not {players}")
        seats = SEATS_BY_COUNT[players]
    elif isinstance(players, bool):
        raise PositionError(f"players must be 2, 3 or 4, not {players}")
    else:
        listed = [seat_from_name(s) for s in _items(players, "players", 4)]
        _unique(listed, lambda x: SEAT_NAMES[x], "players")
        seats = tuple(sorted(listed))
        if len(seats) < 2:
            raise PositionError("a game needs at least two seats")
    reason = None if over is None else _reason(over)
    t = topology
    table: list[tuple[int, ...]] = [()] * t.n_positions
    where = [NOT_PLAYING] * (4 * PIECES_PER_PLAYER)
    if not isinstance(stacks, Mapping):
        raise PositionError(f"stacks must be a mapping of positions to pieces, not {_show(stacks)}")
    for raw_pos, raw_stack in stacks.items():
        if isinstance(raw_pos, str):
            pos = t.position(raw_pos)
        else:
            pos = raw_pos
            if isinstance(pos, bool) or not isinstance(pos, int) or not 0 <= pos < t.n_positions:
                raise PositionError(f"not a position of this board: {_show(raw_pos)}")
            pos = int(pos)
        if table[pos]:
            raise PositionError(f"position {t.position_name(pos)} is given twice")
        if isinstance(raw_stack, str):
            raise PositionError(f"the stack at {raw_pos!r} is a sequence of pieces, not a string")
        pieces = tuple(
            piece_id(p) for p in _items(raw_stack, f"the stack at {t.position_name(pos)}", 40)
        )
        for p in pieces:
            if where[p] != NOT_PLAYING:
                raise PositionError(f"piece {piece_name(p)} is placed twice")
            where[p] = pos
        table[pos] = pieces
    removed_seats = tuple(seat_from_name(s) for s in _items(removed, "removed", 4))
    _unique(list(removed_seats), lambda x: SEAT_NAMES[x], "removed seats")
    pairs = []
    for pair in _items(eliminated, "eliminated", 40):
        if isinstance(pair, (str, Mapping)) or not isinstance(pair, Sequence) or len(pair) != 2:
            raise PositionError(f"eliminated pieces are (piece, by_seat) pairs, not {_show(pair)}")
        pairs.append((piece_id(pair[0]), seat_from_name(pair[1])))
    elim = tuple(pairs)
    for p, by in elim:
        if where[p] != NOT_PLAYING:
            raise PositionError(f"eliminated piece {piece_name(p)} is not a free piece")
        if by not in seats:
            raise PositionError(
                f"piece eliminated by seat {SEAT_NAMES[by]}, which is not in the game"
            )
        where[p] = ELIMINATED
    counts: dict[int, int] = {}
    if reserve is not None:
        if not isinstance(reserve, Mapping):
            raise PositionError(
                f"reserve must be a mapping of seats to counts, not {_show(reserve)}"
            )
        for key, value in _items(reserve.items(), "reserve", 4):
            s = seat_from_name(key)
            if s in counts:
                raise PositionError(f"the reserve of seat {SEAT_NAMES[s]} is given twice")
            counts[s] = _int(value, f"the reserve of seat {SEAT_NAMES[s]}", 0, PIECES_PER_PLAYER)
            if s not in seats and value:
                raise PositionError(f"reserve for seat {SEAT_NAMES[s]}, which is not in the game")
    res = [0, 0, 0, 0]
    for seat in seats:
        free = [p for p in pieces_of_seat(seat) if where[p] == NOT_PLAYING]
        code = REMOVED if seat in removed_seats else IN_RESERVE
        for p in free:
            where[p] = code
        if seat in removed_seats:
            continue
        res[seat] = len(free) if reserve is None else counts.get(seat, 0)
    first = seats[0] if to_move is None else seat_from_name(to_move)
    turn = _whole(turn, "turn")
    last_progress = _whole(last_progress, "last_progress")
    marks = []
    for label, group in (("travelled", travelled), ("landed", landed)):
        mask = 0
        for raw in _items(group, label, 40):
            pid = piece_id(raw)
            if where[pid] < 0:
                raise PositionError(f"marked piece {raw!r} is not on a position")
            if mask >> pid & 1:
                raise PositionError(f"{label}: piece {piece_name(pid)} is listed twice")
            mask |= 1 << pid
        marks.append(mask)
    board, locs = pack(table, where, t.n_positions)
    left = 1 if moves_left is None else _whole(moves_left, "moves_left")
    problem = counters_problem(turn, last_progress, left)
    if problem:
        raise PositionError(problem)

    def build(left: int) -> GameState:
        packed = encode(
            board, locs, elim, seats, removed_seats, first, res, marks[0], marks[1], left,
            turn, last_progress, 0,
        )  # fmt: skip
        return GameState(t, rules, packed)

    state = build(left)
    if reason is not None:
        if moves_left not in (None, 0):
            raise PositionError("a finished game has no moves left (moves_left 0)")
        rules.validate(state, reason)
        return rules.finish(state, reason)
    if moves_left is None and first in seats and first not in removed_seats:
        left = rules.turn_moves(state, first)
        if left != 1:
            problem = counters_problem(turn, last_progress, left)
            if problem:
                raise PositionError(problem)
            state = build(left)
    rules.validate(state)
    return rules.start_turn(state)


def _reason(over: object) -> EndReason:
    if isinstance(over, EndReason):
        return over
    for reason in EndReason:
        if over == reason.value and isinstance(over, str):
            return reason
    known = ", ".join(r.value for r in EndReason)
    raise PositionError(f"over must be None or an EndReason ({known}), not {_show(over)}")
