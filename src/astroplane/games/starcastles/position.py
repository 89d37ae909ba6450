"""Position text [SC19]: one line holding a whole StarCastles state, like FEN for chess.

Eight fields separated by one space::

    starcastles 03 f0 m1 r4 b1:P0B0,c3:S0,e3:*1,h1:P1B1S1!,i1:P1B1S1 4334 removed

1. the rules (``VARIANTS.to_text``);
2. the players' home arms, one digit each, strictly increasing: player ``i`` is the
   ``i``-th digit [SC2];
3. ``f`` and the player who moved first;
4. ``m`` and the player to move; once the game is over, the player whose turn would have
   come: after a win, the player after the winner [SC30];
5. ``r`` and the round, 1 .. ``max_rounds``; ``max_rounds + 1`` once the game is drawn;
6. the board: ``point:stack`` for every point that holds modules, the stack text bottom to
   top [SC13] with ``!`` after a **controlled** castle, and ``point:*p`` for player
   ``p``'s Phase Gem; separated by commas, in point order; ``-`` for an empty board. A
   complete castle written without ``!`` is uncontrolled: a starting castle whose Spire
   never moved [SC4];
7. the gems left per player, one digit each (0..4) [SC7];
8. the status: ``-``, or ``removed`` (the mover's own gem was removed as this turn
   started [SC7]), ``won`` (the player before ``m`` has won with the last move [SC6]),
   or ``drawn`` (``max_rounds`` rounds passed).

Texts written before [SC30] named the winner in ``m`` (``won`` or ``removed,won``); they
read as the same game (``upgrade_win``).

Examples:
    >>> from astroplane.games.starcastles import new_game
    >>> position_to_text(new_game(2))
    'starcastles 03 f0 m0 r1 a1:P0B0S0,b1:P0B0S0,b2:P0B0S0,h1:P1B1S1,h2:P1B1S1,i1:P1B1S1 44 -'
    >>> position_from_text("starcastles 03 f0 m0 r1 a1:S0P0 44 -")
    Traceback (most recent call last):
    ...
    astroplane.errors.NotationError: a stack is written bottom to top, P then B then S, \
each kind once (P0B1S0), not 'S0P0' (column 28: ...)
"""

from __future__ import annotations

import re
from collections.abc import Callable

import attrs

from astroplane.errors import NotationError
from astroplane.games.starcastles.board import star_board
from astroplane.games.starcastles.options import VARIANTS
from astroplane.games.starcastles.play import has_won
from astroplane.games.starcastles.setup import check_state
from astroplane.games.starcastles.stacks import is_castle, stack_from_text, stack_text
from astroplane.games.starcastles.state import StarCastlesState
from astroplane.kit.limits import position_fields

__all__ = ["position_from_text", "position_to_text", "state_problems", "upgrade_win"]

_STATUS = ("-", "removed", "won", "removed,won", "drawn")
_ENTRY = re.compile(r"([a-z][0-9]{1,2}):(?:\*([0-5])|([PBS0-9]{2,6})(!?))")


def _status(state: StarCastlesState) -> str:
    if state.winner is None and state.is_over:
        return "drawn"
    words = [w for w, on in (("removed", state.removed), ("won", state.winner is not None)) if on]
    return ",".join(words) or "-"


def position_to_text(state: StarCastlesState) -> str:
    """The state as one line of position text (the module docstring's grammar).

    Raises:
        UnknownVariantError: If the rules are no registered variant's.

    Examples:
        >>> from astroplane.games.starcastles import new_game, Move
        >>> s = new_game(2, first=1).play(Move.gem(18))
        >>> position_to_text(s)
        'starcastles 03 f1 m1 r1 a1:P0B0S0,b1:P0B0S0,b2:P0B0S0,e3:*1,h1:P1B1S1,h2:P1B1S1,\
i1:P1B1S1 43 -'
    """
    names = state.board.names
    gem_of = {g: i for i, g in enumerate(state.gems) if g >= 0}
    entries = []
    for p, cell in enumerate(state.cells):
        if cell:
            mark = "!" if state.controlled >> p & 1 else ""
            entries.append(f"{names[p]}:{stack_text(cell)}{mark}")
        elif p in gem_of:
            entries.append(f"{names[p]}:*{gem_of[p]}")
    return " ".join(
        (
            VARIANTS.to_text(state.rules),
            "".join(map(str, state.arms)),
            f"f{state.first}",
            f"m{state.to_move}",
            f"r{state.round}",
            ",".join(entries) or "-",
            "".join(map(str, state.gems_left)),
            _status(state),
        )
    )


def position_from_text(text: str, *, line: int | None = None) -> StarCastlesState:
    """The state a position text describes, checked like every state (``check_state``).

    Args:
        text: A position text (the module docstring's grammar): at most
            ``MAX_POSITION_TEXT`` printable ASCII characters, fields separated by one
            space, names in lower case as written.
        line: A line number to put in errors (for game records).

    Returns:
        The state; ``position_from_text(position_to_text(s)) == s``.

    Raises:
        NotationError: If the text is not a string, too long or not printable ASCII, a
            field cannot be read (an unknown point, a point given twice, a malformed
            stack, a counter out of range), or the position is impossible (a player with
            four modules of a kind, control on no complete castle, two gems where one may
            be in play, a win that is no win...); the message says what and ``index``
            the column of the field or entry.

    Examples:
        >>> position_from_text("starcastles 03 f0 m0 r1 e3:P0,e3:*1 44 -")
        Traceback (most recent call last):
        ...
        astroplane.errors.NotationError: e3 is given twice (column 31: \
'starcastles 03 f0 m0 r1 e3:P0,e3:*1 44 -')
    """
    fields = position_fields(text, line, single_blanks=True)
    starts = [at for at, _ in fields]
    parts = [part for _, part in fields]

    def err(problem: str, at: int) -> NotationError:
        return NotationError(problem, text, at, line)

    if len(parts) != 8:
        raise err(
            "a position has 8 fields separated by one space: rules, arms, f first, "
            "m mover, r round, board, gems left, status [SC19]",
            0,
        )
    rules = VARIANTS.from_text(parts[0], whole=text, base=0, line=line)
    a_text = parts[1]
    if not re.fullmatch("[0-5]{2,6}", a_text) or list(a_text) != sorted(set(a_text)):
        raise err("the arms are 2 to 6 digits 0..5, strictly increasing: 03 [SC2]", starts[1])
    arms = tuple(int(c) for c in a_text)
    n = len(arms)
    first = _counter(parts[2], "f", n - 1, "the first player", starts[2], err)
    mover = _counter(parts[3], "m", n - 1, "the player to move", starts[3], err)
    rnd = _counter(parts[4], "r", rules.max_rounds + 1, "the round", starts[4], err, low=1)
    cells, controlled, gems = _board(rules.arm, n, parts[5], starts[5], err)
    left_text = parts[6]
    if not re.fullmatch(f"[0-4]{{{n}}}", left_text):
        raise err(f"the gems left are {n} digits 0..4, one per player [SC7]", starts[6])
    status = parts[7]
    if status not in _STATUS:
        raise err(f"the status is one of {', '.join(_STATUS)}", starts[7])
    state = StarCastlesState(
        rules=rules,
        arms=arms,
        first=first,
        cells=cells,
        controlled=controlled,
        gems=gems,
        gems_left=tuple(int(c) for c in left_text),
        removed=status.startswith("removed"),
        to_move=mover,
        round=rnd,
        winner=(mover - 1) % n if status.endswith("won") else None,
    )
    older = upgrade_win(attrs.evolve(state, winner=mover)) if state.winner is not None else None
    if older is not None and not has_won(state, (mover - 1) % n):
        state, status = older, _status(older)  # written before [SC30]: m the winner
    at = {"board": starts[5], "round": starts[4], "to_move": starts[3]}
    for where, problem in state_problems(state):
        raise err(problem, at.get(where, starts[7]))
    if _status(state) != status:
        raise err(
            f"the status is {_status(state)}: drawn exactly when round {rules.max_rounds + 1} "
            "has come [SC6]",
            starts[7],
        )
    return state


def state_problems(state: StarCastlesState) -> list[tuple[str, str]]:
    """What makes a state impossible, as ``(field, problem)`` pairs: every invariant of
    ``check_state`` (field ``"board"``), then what the formats check besides [SC19]: the
    draw comes exactly after round ``max_rounds``, as the first player's turn would come
    (``"round"``, ``"to_move"``); a winner has won (``"winner"``) and the turn passed to
    the player after them [SC30] (``"to_move"``); a mover whose gem was just removed has
    none on the board and the game goes on (``"removed"``). Readers of every format call
    it.

    Examples:
        >>> import attrs
        >>> from astroplane.games.starcastles import new_game
        >>> state_problems(attrs.evolve(new_game(2), winner=0))
        [('winner', 'player 0 has not won: their destination is not three castles their \
Spires control [SC6]')]
        >>> from astroplane.games.starcastles import setup_position
        >>> done = {"i1": "P0B0S0", "h1": "P0B0S0", "h2": "P0B0S0"}
        >>> won = setup_position(2, done, controlled=done, to_move=1)
        >>> state_problems(attrs.evolve(won, winner=0))
        []
        >>> state_problems(attrs.evolve(won, winner=0, to_move=0))
        [('to_move', "after player 0's winning move the turn passes to player 1, not 0 [SC30]")]
    """
    problems = [("board", p) for p in check_state(state)]
    if problems:
        return problems
    rules, mover, winner = state.rules, state.to_move, state.winner
    if not 1 <= state.round <= rules.max_rounds + 1:
        problems.append(("round", f"the round is 1..{rules.max_rounds + 1}, not {state.round}"))
    elif state.round > rules.max_rounds and mover != state.first:
        problems.append(
            ("to_move", "a game past max_rounds stops as the first player's turn would come [SC6]")
        )
    after = None if winner is None else (winner + 1) % len(state.arms)
    if winner is not None and not has_won(state, winner):
        problems.append(
            (
                "winner",
                f"player {winner} has not won: their destination is not three castles "
                "their Spires control [SC6]",
            )
        )
    elif after is not None and mover != after:
        problems.append(
            (
                "to_move",
                f"after player {winner}'s winning move the turn passes to player {after}, "
                f"not {mover} [SC30]",
            )
        )
    if state.removed and (state.gems[mover] >= 0 or state.is_over):
        problems.append(
            (
                "removed",
                f"player {mover}'s gem was removed as the turn started, so none of theirs "
                "is on the board and the game goes on [SC7]",
            )
        )
    return problems


def upgrade_win(state: StarCastlesState) -> StarCastlesState | None:
    """A won state as written before [SC30] (``to_move`` the winner, ``removed`` theirs)
    as the engine holds it now: the turn passed to the next player, nothing removed.
    None when ``state`` is no such state (its winner is not the mover, or has not won, or
    the old form's own checks fail). The readers call it, so old texts and JSON still
    read.

    Examples:
        >>> old = position_from_text("starcastles 03 f0 m1 r3 a1:P1B1S1!,b1:P1B1S1!,"
        ...                          "b2:P1B1S1! 44 won")
        >>> (old.winner, old.to_move, old.round), position_to_text(old).split()[2:5]
        ((1, 0, 4), ['f0', 'm0', 'r4'])
    """
    n, mover = len(state.arms), state.to_move
    if (
        state.winner != mover
        or state.round > state.rules.max_rounds
        or (state.removed and state.gems[mover] >= 0)
        or not has_won(state, mover)
    ):
        return None
    nxt = (mover + 1) % n
    return attrs.evolve(state, to_move=nxt, round=state.round + (nxt == state.first), removed=False)


def _counter(
    value: str,
    letter: str,
    high: int,
    what: str,
    at: int,
    err: Callable[[str, int], Exception],
    low: int = 0,
) -> int:
    if (
        not re.fullmatch(f"{letter}(0|[1-9][0-9]{{0,4}})", value)
        or not low <= int(value[1:]) <= high
    ):
        raise err(f"{what} is {letter} and a number {low}..{high}", at)
    return int(value[1:])


def _board(
    arm: int, n: int, value: str, at: int, err: Callable[[str, int], Exception]
) -> tuple[tuple[int, ...], int, tuple[int, ...]]:
    """The stacks, the control mask and each player's gem from the board field."""
    board = star_board(arm)
    cells = [0] * len(board)
    gems = [-1] * n
    controlled = 0
    if value == "-":
        return tuple(cells), controlled, tuple(gems)
    seen: set[int] = set()
    for entry in value.split(","):
        m = _ENTRY.fullmatch(entry)
        if m is None:
            raise err(
                "a board entry is point:stack (c3:P0B1S0, ! if controlled) or point:*player", at
            )
        try:
            p = board.point(m.group(1))
        except ValueError:
            raise err(
                f"{m.group(1)} is not a point of the {len(board)}-point board [SC10]", at
            ) from None
        if p in seen:
            raise err(f"{m.group(1)} is given twice", at)
        seen.add(p)
        if m.group(2) is not None:
            who = int(m.group(2))
            if who >= n:
                raise err(f"a gem of player {who}: the game has players 0..{n - 1}", at)
            if gems[who] >= 0:
                raise err(f"player {who} has two gems on the board [SC7]", at)
            gems[who] = p
        else:
            try:
                cells[p] = stack_from_text(m.group(3))
            except ValueError as exc:
                raise err(str(exc), at + m.start(3)) from None
            if m.group(4):
                if not is_castle(cells[p]):
                    raise err(f"{m.group(1)}: only a complete castle is controlled (!) [SC4]", at)
                controlled |= 1 << p
        at += len(entry) + 1
    return tuple(cells), controlled, tuple(gems)
