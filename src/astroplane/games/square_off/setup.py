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
from astroplane.games.square_off.history import History
from astroplane.games.square_off.movegen import removable
from astroplane.games.square_off.options import PRESETS, SQUARE_OFF, Rules
from astroplane.games.square_off.packed import RIGHTS, pack
from astroplane.games.square_off.play import MAX_TURNS, SEATS, position_key
from astroplane.games.square_off.state import SquareOffState, settle
from astroplane.kit.limits import plain_text, shown

__all__ = [
    "MAX_COUNTER",
    "check_state",
    "key_problem",
    "new_game",
    "seat_from_name",
    "setup_position",
    "unreachable",
]

MAX_COUNTER = MAX_TURNS
"""The largest turn counter a position holds: 999,999 turns played, so that its turn number
(``state.turn``, one more) is at most ``MAX_TURN`` [SO32]."""


def seat_from_name(seat: object) -> int:
    """The seat number of ``"W"``/``"B"`` (any case) or 0/1; anything else is refused.

    Raises:
        ValueError: If ``seat`` is neither.

    Examples:
        >>> seat_from_name("b"), seat_from_name(0)
        (1, 0)
    """
    if type(seat) is int and seat in (0, 1):
        return seat
    if isinstance(seat, str):
        letter = plain_text(seat).strip().upper()  # a str subclass's own methods unused
        if letter in SEATS:
            return SEATS.index(letter)
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
    if type(value) is not int or value < 0:
        raise PositionError(f"{what} is a whole number >= 0, not {shown(value)}")
    return value


def unreachable(
    rules: Rules, turn_of: int, rights: tuple[int, ...], turns: int, quiet: int
) -> tuple[str, str] | None:
    """What no play reaches in these removal rights and counters, as ``(field, problem)``
    with the field ``"removals"``, ``"turns"`` or ``"quiet"``; None if all could be.
    ``setup_position`` refuses these; the readers ask first, to name the field [SO22].

    Examples:
        >>> unreachable(SQUARE_OFF, 0, (0, 0), 3, 0)
        ('removals', 'two removal rights of one side: a trade gives one to each side [SO8]')
    """
    if len(rights) == 2 and rights[0] == rights[1]:
        return "removals", "two removal rights of one side: a trade gives one to each side [SO8]"
    if len(rights) == 2 and rights[0] != turn_of:
        return "removals", "of two removal rights the trader's, the side to move, comes first [SO8]"
    if (len(rights) == 2 or rights == (1 - turn_of,)) and not rules.trades:
        return "removals", "only a trade gives the side not to move a removal right [SO8]"
    if turns > MAX_COUNTER or quiet > MAX_COUNTER:
        return "turns", (
            f"the turn counters are at most {MAX_COUNTER}: the game ends after that many "
            "turns [SO32]"
        )
    if rules.max_turns and turns > rules.max_turns:
        return "turns", f"the game ends after {rules.max_turns} turns (max_turns) [SO6]"
    if quiet > turns:
        return "quiet", "turns without a removal are at most the turns played"
    if rules.no_removal_turns and quiet > rules.no_removal_turns:
        return "quiet", (
            f"the game ends after {rules.no_removal_turns} turns without a removal "
            "(no_removal_turns) [SO6]"
        )
    return None


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
            ``rules.pieces``, a count or seat is malformed (a seat is ``"W"``, ``"B"``, 0
            or 1; counts are plain ``int``), a pending removal has nothing to remove,
            the removal rights are none a move gives (two of one side, the side not to
            move's without a trade), the counters are past the turn bound or the rules'
            limits (``unreachable``) [SO32], cooldown marks are set without the
            ``cooldown`` option, or a history key is not a position with these pieces
            and hands (or occurs three times, which ends a game), the history is longer
            than the quiet turns allow, or it is given without the ``threefold`` option.
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
    counters = (_count(turns, "turns"), _count(quiet, "quiet"))
    found = unreachable(rules, turn_of, rights, *counters)
    if found is not None:
        raise PositionError(found[1])
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
    # One key per quiet turn since the last placement or removal, and one for a move
    # whose removal is pending: a longer history is no game's [SO19].
    if len(earlier) > counters[1] + bool(rights):
        raise PositionError(
            f"a history of {len(earlier)} earlier positions after {counters[1]} quiet turns"
            f"{' and a move that earned a removal' if rights else ''}: it holds one "
            "position per quiet turn since the last placement or removal [SO19]"
        )
    history_keys: History | tuple[int, ...] = ()
    if rules.threefold:
        mover = rights[0] if rights else turn_of
        key = position_key(board, occupancy, hand, mover, rights, marks_pair)
        history_keys = History.of((*earlier, key))
    p = pack(
        len(board.lines),
        occupancy=occupancy,
        in_hand=hand,
        removed=removed,
        turn_of=turn_of,
        removals=rights,
        cooldown=marks_pair,
        turns=counters[0],
        quiet=counters[1],
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
    seen: dict[int, int] = {}  # how often each key came so far: one pass, no recount
    for key in items:
        if type(key) is not int or key < 0:
            raise PositionError(f"a history key is a whole number >= 0, not {shown(key)}")
        problem = key_problem(board, rules, key, occupancy, hand)
        if problem:
            raise PositionError(f"history key {key:x}: {problem} [SO19]")
        seen[key] = count = seen.get(key, 0) + 1
        if count >= 3:
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
    if code >= len(RIGHTS):
        return "no removal rights are coded so"
    rights = RIGHTS[code]  # the code is the index [SO4], [SO8]
    if rights and rights[0] != mover:
        return "the player to act does not hold the first removal right"
    if marks and not rules.cooldown:
        return "cooldown marks without the cooldown option"
    return ""


def check_state(state: object) -> list[str]:
    """What makes ``state`` no state ``setup_position`` builds from its own fields (empty
    when it is one): every check of the validator [SO20], the counters [SO32], the
    removal rights, the history [SO19], and the outcome, removed pieces and legal moves
    it derives. The fuzzing benchmark runs it on every state a reader accepts.

    Examples:
        >>> import attrs
        >>> check_state(new_game()), check_state(attrs.evolve(new_game(), turns=10**9))
        ([], ['the turn counters are at most 999999: the game ends after that many turns [SO32]'])
    """
    if not isinstance(state, SquareOffState):
        return [f"not a Square Off state: {type(state).__name__}"]
    try:
        again = setup_position(
            state.points_of(0),
            state.points_of(1),
            in_hand=state.in_hand,
            to_move=state.turn_of,
            removals=state.removals,
            cooldown=tuple(
                [i for i in range(len(state.board.lines)) if mark >> i & 1]
                for mark in state.cooldown
            ),  # type: ignore[arg-type]
            turns=state.turns,
            quiet=state.quiet,
            history=state.history[:-1],
            rules=state.rules,
            board=state.board,
        )
    except ValueError as exc:
        return [str(exc)]
    if again != state:
        return ["the outcome, removed pieces or history differ from what its fields give"]
    return []
