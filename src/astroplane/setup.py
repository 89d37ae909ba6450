"""Building positions: the standard setup and any validated position.

``new_game`` gives the setup of RULES.md 1.2 and 2; ``setup_position``
builds any position from names or numbers and checks every invariant of a
``GameState`` (occupancy, piece conservation, seats,
reserve), so a frontend or a test can start from a puzzle without ever
holding a broken state.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

import attrs

from astroplane.errors import PositionError
from astroplane.pieces import PIECES_PER_PLAYER, piece_from_name, piece_name, seat_from_name
from astroplane.rules.options import STANDARD, Rules
from astroplane.rules.turns import start_turn
from astroplane.state import ELIMINATED, IN_RESERVE, NOT_PLAYING, REMOVED, GameState
from astroplane.topology import REFERENCE_BOARD, CellKind, Seat, Topology

__all__ = ["new_game", "setup_position"]

_SEATS_BY_COUNT = {2: (0, 2), 3: (0, 1, 2), 4: (0, 1, 2, 3)}


def new_game(
    players: int = 2,
    *,
    first: int | str | None = None,
    rules: Rules = STANDARD,
    topology: Topology = REFERENCE_BOARD,
) -> GameState:
    """The setup of RULES.md 1.2 and 2: seats S/N, S/W/N or all four [D2]; S1-S3
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

    >>> new_game(4, first="N").to_move
    <Seat.N: 2>
    """
    if players not in _SEATS_BY_COUNT:
        raise ValueError(f"players must be 2, 3 or 4, not {players!r}")
    seats = _SEATS_BY_COUNT[players]
    start = seats[0] if first is None else seat_from_name(first)
    if start not in seats:
        raise ValueError(f"seat {'SWNE'[start]} is not in a {players}-player game {seats}")
    areas: dict[int | str, Sequence[int | str]] = {}
    reserve: dict[int | str, int] = {}
    for seat in seats:
        base = seat * PIECES_PER_PLAYER
        areas[topology.start_position(seat, 0)] = (base, base + 1, base + 2)
        areas[topology.start_position(seat, 1)] = (base + 3, base + 4, base + 5)
        reserve[seat] = 4
    return setup_position(
        players=players,
        stacks=areas,
        reserve=reserve,
        to_move=start,
        rules=rules,
        topology=topology,
    )


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
    rules: Rules = STANDARD,
    topology: Topology = REFERENCE_BOARD,
) -> GameState:
    """Build and validate any position (for tests, puzzles and frontends).

    Args:
        players: 2, 3, 4 (standard seats) or the seats themselves (``"SN"``, ``(0, 2)``).
        stacks: Stacks by position (index or name: ``"e2.ne"``, ``"a1S"``, ``"Sl"``),
            bottom to top, as piece ids or names (``"S1"``).
        reserve: Reserve count per seat. Default: every piece of a playing,
            non-removed seat that is not placed or eliminated is in reserve.
            Reserve pieces are always a seat's highest-numbered pieces [D17].
        eliminated: ``(piece, by_seat)`` pairs.
        removed: Seats removed as stuck players [D16]; their pieces not in the
            Singularity and not eliminated count as removed.
        to_move: Seat to move (default the first seat).
        moves_left: Moves left in the turn (default 2, via ``rules.turn_moves``).
        turn: Turn number (>= 1).
        travelled: Pieces marked as having travelled a Wormhole [D19].
        landed: Pieces that landed on a stack this turn [D9].
        last_progress: Last turn with progress [D25].
        rules: The rules in force.
        topology: The board.

    Raises:
        PositionError: If the position breaks an invariant: a piece placed
            twice or of a seat not in the game, pieces of a seat not adding up
            to 10, overlapping positions in a cell, a piece at an unusable
            apex or off a Singularity apex in a Singularity cell, a Start Area
            holding another seat's pieces, a reserve that is not the highest
            numbers, a bad seat, count or turn.
    """
    try:
        if isinstance(players, int):
            if players not in _SEATS_BY_COUNT:
                raise PositionError(f"players must be 2, 3 or 4, not {players}")
            seats = _SEATS_BY_COUNT[players]
        else:
            seats = tuple(sorted({seat_from_name(s) for s in players}))
            if len(seats) < 2:
                raise PositionError("a game needs at least two seats")
        t = topology
        table: list[tuple[int, ...]] = [()] * t.n_positions
        where = [NOT_PLAYING] * (4 * PIECES_PER_PLAYER)
        for raw_pos, raw_stack in stacks.items():
            pos = t.position(raw_pos) if isinstance(raw_pos, str) else int(raw_pos)
            if not 0 <= pos < t.n_positions:
                raise PositionError(f"not a position of this board: {raw_pos!r}")
            pieces = tuple(piece_from_name(p) if isinstance(p, str) else int(p) for p in raw_stack)
            for p in pieces:
                if not 0 <= p < 4 * PIECES_PER_PLAYER:
                    raise PositionError(f"not a piece id: {p}")
                if where[p] != NOT_PLAYING:
                    raise PositionError(f"piece {piece_name(p)} is placed twice")
                where[p] = pos
            table[pos] = pieces
        removed_seats = tuple(seat_from_name(s) for s in removed)
        elim = tuple(
            (piece_from_name(p) if isinstance(p, str) else int(p), seat_from_name(by))
            for p, by in eliminated
        )
        for p, by in elim:
            if not 0 <= p < 4 * PIECES_PER_PLAYER or where[p] != NOT_PLAYING:
                raise PositionError(f"eliminated piece {p} is not a free piece id")
            if by not in seats:
                raise PositionError(f"piece eliminated by seat {by}, which is not in the game")
            where[p] = ELIMINATED
        res = [0, 0, 0, 0]
        for seat in range(4):
            base = seat * PIECES_PER_PLAYER
            free = [p for p in range(base, base + PIECES_PER_PLAYER) if where[p] == NOT_PLAYING]
            if seat not in seats:
                if len(free) != PIECES_PER_PLAYER:
                    raise PositionError(f"seat {'SWNE'[seat]} is not in the game but has pieces")
                continue
            if seat in removed_seats:
                for p in free:
                    where[p] = REMOVED
                continue
            for p in free:
                where[p] = IN_RESERVE
            count = len(free) if reserve is None else _reserve_of(reserve, seat)
            if count != len(free):
                raise PositionError(
                    f"seat {'SWNE'[seat]}: {len(free)} pieces unaccounted for but reserve {count}"
                    " (pieces are conserved: Start Areas, grid, Singularity, reserve, eliminated)"
                )
            if free and free != list(
                range(base + PIECES_PER_PLAYER - count, base + PIECES_PER_PLAYER)
            ):
                raise PositionError(
                    f"seat {'SWNE'[seat]}: reserve pieces must be the highest numbers [D17], "
                    f"not {[piece_name(p) for p in free]}"
                )
            res[seat] = count
        if reserve is not None:
            for key in reserve:
                s = seat_from_name(key)
                if s not in seats and reserve[key]:
                    raise PositionError(f"reserve for seat {'SWNE'[s]}, which is not in the game")
        _check_occupancy(t, table, seats, removed_seats)
        first = seats[0] if to_move is None else seat_from_name(to_move)
        if first not in seats or first in removed_seats:
            raise PositionError(f"seat {'SWNE'[first]} cannot be to move")
        if len(seats) - len(set(removed_seats)) < 2 or not set(removed_seats) <= set(seats):
            raise PositionError("removed seats must be in the game and leave two players")
        if turn < 1 or not 0 <= last_progress <= turn:
            raise PositionError(f"bad turn {turn} / last progress {last_progress}")
        marks = []
        for group in (travelled, landed):
            mask = 0
            for raw in group:
                pid = piece_from_name(raw) if isinstance(raw, str) else int(raw)
                if not 0 <= pid < 40 or where[pid] < 0:
                    raise PositionError(f"marked piece {raw!r} is not on a position")
                mask |= 1 << pid
            marks.append(mask)
    except ValueError as exc:
        if isinstance(exc, PositionError):
            raise
        raise PositionError(str(exc)) from exc
    state = GameState(
        t,
        rules,
        seats,
        tuple(table),
        (res[0], res[1], res[2], res[3]),
        elim,
        removed_seats,
        Seat(first),
        0,
        turn,
        marks[0],
        marks[1],
        last_progress,
        None,
        tuple(where),
    )
    left = rules.turn_moves(state, first) if moves_left is None else moves_left
    if left < 1:
        raise PositionError(f"moves_left must be at least 1, not {left}")
    return start_turn(attrs.evolve(state, moves_left=left))


def _reserve_of(reserve: Mapping[int | str, int], seat: int) -> int:
    for key, value in reserve.items():
        if seat_from_name(key) == seat:
            if not 0 <= value <= PIECES_PER_PLAYER:
                raise PositionError(f"reserve of seat {'SWNE'[seat]} must be 0..10, not {value}")
            return value
    return 0


def _check_occupancy(
    t: Topology, table: list[tuple[int, ...]], seats: tuple[int, ...], removed: tuple[int, ...]
) -> None:
    for pos, st in enumerate(table):
        if not st:
            continue
        name = t.position_name(pos)
        for p in st:
            if p // PIECES_PER_PLAYER in removed and not (
                pos < t.fire_base and t.kind[pos >> 2] == CellKind.SINGULARITY
            ):
                raise PositionError(f"{name}: piece {piece_name(p)} of a removed seat [D16]")
        if pos >= t.start_base:
            owner = t.start_areas[pos - t.start_base].seat
            if any(p // PIECES_PER_PLAYER != owner for p in st):
                raise PositionError(f"{name}: a Start Area holds only its seat's pieces [D3]")
            continue
        if pos >= t.fire_base:
            continue
        cell = pos >> 2
        if t.kind[cell] == CellKind.OFF:
            raise PositionError(f"{name}: not a grid cell")
        if t.kind[cell] == CellKind.SINGULARITY:
            if pos != t.singularity_position[cell]:
                raise PositionError(
                    f"{name}: Singularity cells hold pieces only at their apex [D13]"
                )
            continue
        if not t.usable[pos] and (len(st) != 1 or t.kind[cell] != CellKind.ORDINARY):
            # A Square's piece may keep an unusable apex in an ordinary cell [D21]; only a
            # lone piece there, since nothing can land on it.
            raise PositionError(f"{name}: unusable apex [D4]")
        for adj in (pos ^ 1, pos ^ 3):
            if table[adj]:
                raise PositionError(
                    f"{name} and {t.position_name(adj)} overlap (occupancy invariant, [D6])"
                )
