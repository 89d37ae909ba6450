"""Making states: the start of a game, and any position from point names (validated).

Examples:
    >>> s = setup_position(white=["a7", "d7"], black=["g1"], in_hand=(1, 2))
    >>> s.to_move, s.removed, len(s.legal_moves())
    (0, (6, 6), 21)
    >>> s = setup_position(white=["a7", "d7", "g7", "a4"], black=["g1", "d1", "a1", "b2"],
    ...                    removals=[0])
    >>> s.legal_moves()
    (Move.remove('b2'),)
"""

from __future__ import annotations

from collections.abc import Iterable

from astroplane.errors import PositionError
from astroplane.games.square_off.board import BOARD, Board
from astroplane.games.square_off.movegen import removable
from astroplane.games.square_off.options import PRESETS, SQUARE_OFF, Rules
from astroplane.games.square_off.packed import pack
from astroplane.games.square_off.play import _RIGHTS_CODE, SEATS, position_key
from astroplane.games.square_off.state import SquareOffState, settle
from astroplane.kit.limits import shown

__all__ = ["key_problem", "new_game", "seat_from_name", "setup_position"]


def seat_from_name(seat: object) -> int:
    """The seat number of ``"W"``/``"B"`` (any case) or 0/1; anything else is refused.

    Raises:
        ValueError: If ``seat`` is neither.

    Examples:
        >>> seat_from_name("b"), seat_from_name(0)
        (1, 0)
    """
    if isinstance(seat, int) and not isinstance(seat, bool) and seat in (0, 1):
        return seat
    if isinstance(seat, str) and seat.strip().upper() in SEATS:
        return SEATS.index(seat.strip().upper())
    raise ValueError(f"a seat is W or B (0 or 1), not {shown(seat)}")


def new_game(
    rules: Rules | str = SQUARE_OFF, first: int | str = "W", board: Board = BOARD
) -> SquareOffState:
    """The start of a game: every piece in hand, ``first`` to place [SO2].

    Args:
        rules: The rules: any ``Rules``, or a preset's name (``"jump-off"``).
        first: The seat that starts, ``"W"``/``"B"`` or 0/1 ("the youngest player goes
            first").
        board: The board (the standard one unless a variant board is given).

    Raises:
        ValueError: If ``rules`` is neither a ``Rules`` nor a preset name, ``board`` not
            a ``Board`` or ``first`` not a seat.

    Examples:
        >>> s = new_game(first="B")
        >>> s.to_move, s.in_hand, len(s.legal_moves())
        (1, (9, 9), 24)
        >>> new_game("jump-off").rules.jumps
        True
        >>> new_game("morris")
        Traceback (most recent call last):
        ...
        ValueError: unknown rules preset 'morris' (square-off, jump-off, trading-places, \
    nine-mens-morris)
    """
    if isinstance(rules, str):
        if rules not in PRESETS:
            raise ValueError(f"unknown rules preset {shown(rules)} ({', '.join(PRESETS)})")
        rules = PRESETS[rules]
    return setup_position(rules=rules, board=board, to_move=first)


def _items(value: object, what: str) -> tuple[object, ...]:
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise PositionError(f"{what} is a list, not {shown(value)}")
    return tuple(value)


def _point(board: Board, name: object) -> int:
    """``board.point`` of a name or id from the caller's data; anything else is no point."""
    if isinstance(name, (int, str)):
        return board.point(name)
    raise ValueError(f"not a point of the board (a1..g7, 0..23): {shown(name)}")


def _points(board: Board, names: Iterable[int | str], seat: str) -> int:
    mask = 0
    for name in _items(names, f"the points of {seat}"):
        try:
            p = _point(board, name)
        except ValueError as exc:
            raise PositionError(f"{seat}: {exc}") from None
        if mask >> p & 1:
            raise PositionError(f"{seat} has two pieces on {board.names[p]}")
        mask |= 1 << p
    return mask


def _count(value: object, what: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise PositionError(f"{what} is a whole number >= 0, not {shown(value)}")
    return value


def setup_position(
    white: Iterable[int | str] = (),
    black: Iterable[int | str] = (),
    *,
    in_hand: tuple[int, int] | None = None,
    to_move: int | str = "W",
    removals: Iterable[int | str] = (),
    cooldown: tuple[Iterable[int], Iterable[int]] = ((), ()),
    turns: int = 0,
    quiet: int = 0,
    history: Iterable[int] = (),
    rules: Rules = SQUARE_OFF,
    board: Board = BOARD,
) -> SquareOffState:
    """A position from the points of each side, checked; the end checks run on it [SO20].

    Args:
        white: The points (names or ids) of W's pieces.
        black: The points of B's pieces.
        in_hand: Pieces in hand per seat; default: all pieces not on the board while no
            piece is on it, else none.
        to_move: The seat whose turn it is.
        removals: The seats with a removal to make now, in order (the first acts) [SO4].
        cooldown: Per seat, the indices of the lines its last move broke [SO7].
        turns: Completed turns so far.
        quiet: Stage-2 turns since the last removal.
        history: With ``threefold``, the keys of the earlier positions since the last
            placement or removal, oldest first (``play.position_key``; the position
            itself is added) [SO19], [SO22].
        rules: The rules.
        board: The board.

    Raises:
        PositionError: If a point is unknown or taken twice, a side has more pieces than
            ``rules.pieces``, a count or seat is malformed, a pending removal has nothing
            to remove, cooldown marks are set without the ``cooldown`` option, or a
            history key is not a position with these pieces and hands (or occurs three
            times, which ends a game), or is given without the ``threefold`` option.
    """
    if not isinstance(rules, Rules):
        raise ValueError(f"rules is a Rules value, not {shown(rules)}")
    if not isinstance(board, Board):
        raise ValueError(f"board is a Board, not {shown(board)}")
    w = _points(board, white, "W")
    b = _points(board, black, "B")
    if w & b:
        both = [board.names[p] for p in range(len(board.names)) if (w & b) >> p & 1]
        raise PositionError(f"a point holds two pieces: {', '.join(both)}")
    occupancy = (w, b)
    if in_hand is None:
        hand = (rules.pieces, rules.pieces) if not w | b else (0, 0)
    elif not isinstance(in_hand, tuple) or len(in_hand) != 2:
        raise PositionError(f"in_hand is a pair of counts (W, B), not {shown(in_hand)}")
    else:
        hand = (_count(in_hand[0], "W's pieces in hand"), _count(in_hand[1], "B's pieces in hand"))
    removed = (rules.pieces - w.bit_count() - hand[0], rules.pieces - b.bit_count() - hand[1])
    for seat in (0, 1):
        if removed[seat] < 0:
            raise PositionError(
                f"{SEATS[seat]} has more than {rules.pieces} pieces on the board and in hand [SO2]"
            )
    try:
        turn_of = seat_from_name(to_move)
        rights = tuple(seat_from_name(s) for s in _items(removals, "removals"))
    except ValueError as exc:
        raise PositionError(str(exc)) from None
    if len(rights) > 2:
        raise PositionError(f"at most two removal rights are pending, not {len(rights)}")
    # The right acting now must have something to remove; a trade's second right is
    # checked when it comes up, and may lapse then [SO18].
    for seat in rights[:1]:
        if not removable(board, rules, occupancy[1 - seat]):
            raise PositionError(
                f"{SEATS[seat]} has a removal pending but no piece of "
                f"{SEATS[1 - seat]} may be removed [SO4]"
            )
    marks = []
    pair = _items(cooldown, "cooldown")
    if len(pair) != 2:
        raise PositionError(f"cooldown is a pair of line lists (W, B), not {shown(cooldown)}")
    for seat, lines in enumerate(pair):
        mask = 0
        for i in _items(lines, "a cooldown list"):
            if not isinstance(i, int) or isinstance(i, bool) or not 0 <= i < len(board.lines):
                raise PositionError(f"a cooldown mark is a line index, not {shown(i)}")
            mask |= 1 << i
        if mask and not rules.cooldown:
            raise PositionError(f"{SEATS[seat]} has cooldown marks but the rules have none [SO7]")
        marks.append(mask)
    marks_pair = (marks[0], marks[1])
    earlier = _history(board, rules, history, occupancy, hand)
    history_keys: tuple[int, ...] = ()
    if rules.threefold:
        mover = rights[0] if rights else turn_of
        key = position_key(board, occupancy, hand, mover, rights, marks_pair)
        history_keys = (*earlier, key)
    p = pack(
        len(board.lines),
        occupancy=occupancy,
        in_hand=hand,
        removed=removed,
        turn_of=turn_of,
        removals=rights,
        cooldown=marks_pair,
        turns=_count(turns, "turns"),
        quiet=_count(quiet, "quiet"),
        history=history_keys,
        outcome=0,
    )
    return settle(rules, board, p)


def _history(
    board: Board,
    rules: Rules,
    history: Iterable[int],
    occupancy: tuple[int, int],
    hand: tuple[int, int],
) -> tuple[int, ...]:
    """The earlier position keys, checked: each one a position with the same pieces on
    the board per side and the same hands (no placement or removal since) [SO19]."""
    items = _items(history, "history")
    if items and not rules.threefold:
        raise PositionError("a history is kept only with the threefold option [SO19]")
    keys: list[int] = []
    for key in items:
        if not isinstance(key, int) or isinstance(key, bool) or key < 0:
            raise PositionError(f"a history key is a whole number >= 0, not {shown(key)}")
        problem = key_problem(board, rules, key, occupancy, hand)
        if problem:
            raise PositionError(f"history key {key:x}: {problem} [SO19]")
        if items.count(key) >= 3:
            raise PositionError(
                f"history key {key:x} occurs three times: the game would have ended [SO6]"
            )
        keys.append(key)
    return tuple(keys)


def key_problem(
    board: Board,
    rules: Rules,
    key: int,
    occupancy: tuple[int, int],
    hand: tuple[int, int],
) -> str:
    """What makes ``key`` no earlier position of one with these pieces and hands (empty
    if it could be one): the inverse of ``play.position_key``."""
    n, lines = len(board.names), len(board.lines)
    if key >> (2 * n + 12 + 2 * lines):
        return "too many bits for a position key"
    full = (1 << n) - 1
    w, b = key & full, key >> n & full
    keyed_hand = (key >> 2 * n & 15, key >> (2 * n + 4) & 15)
    mover, code = key >> (2 * n + 8) & 1, key >> (2 * n + 9) & 7
    marks = key >> (2 * n + 12)
    if w & b:
        return "a point holds two pieces"
    if (w.bit_count(), b.bit_count()) != (occupancy[0].bit_count(), occupancy[1].bit_count()):
        return "another number of pieces on the board"
    if keyed_hand != hand:
        return "other pieces in hand"
    if code > 6:
        return "no removal rights are coded so"
    rights = next(r for r, c in _RIGHTS_CODE.items() if c == code)
    if rights and rights[0] != mover:
        return "the player to act does not hold the first removal right"
    if marks and not rules.cooldown:
        return "cooldown marks without the cooldown option"
    return ""
