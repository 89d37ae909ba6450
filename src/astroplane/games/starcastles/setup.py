"""Starting a game, setting up a position by hand, and a state's invariants.

Examples:
    >>> s = new_game(6)
    >>> s.stack("a1"), s.stack("c7"), s.stack("i1"), s.is_controlled("a1")
    ('P0B0S0', 'P1B1S1', 'P3B3S3', False)
    >>> new_game(2, arms=(1, 4)).destination(0) == new_game(2, arms=(1, 4)).board.trios[4]
    True
    >>> new_game(7)
    Traceback (most recent call last):
    ...
    astroplane.errors.PositionError: StarCastles is for 2 to 6 players, not 7 [SC2]
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Mapping, Sequence

from astroplane.errors import PositionError
from astroplane.games.starcastles.board import HOME_ARMS, opposite, star_board
from astroplane.games.starcastles.options import STARCASTLES, Rules
from astroplane.games.starcastles.stacks import KINDS, is_castle, make, owner, stack_from_text
from astroplane.games.starcastles.state import GEMS, StarCastlesState
from astroplane.kit.limits import shown

__all__ = ["GEMS", "check_state", "new_game", "setup_position"]


def _players(players: object) -> int:
    if type(players) is not int or not 2 <= players <= 6:
        raise PositionError(f"StarCastles is for 2 to 6 players, not {shown(players)} [SC2]")
    return players


def _arms(n: int, arms: object) -> tuple[int, ...]:
    if arms is None:
        return HOME_ARMS[n]
    got = tuple(arms) if isinstance(arms, (tuple, list)) else None
    if (
        got is None
        or len(got) != n
        or any(type(a) is not int or not 0 <= a <= 5 for a in got)
        or any(a >= b for a, b in itertools.pairwise(got))
    ):
        raise PositionError(
            f"arms is a strictly increasing tuple of {n} arms 0..5, one per player, "
            f"not {shown(arms)} [SC2]"
        )
    return got


def _check_common(
    players: object, rules: object, arms: object, first: object
) -> tuple[int, Rules, tuple[int, ...], int]:
    n = _players(players)
    if not isinstance(rules, Rules):
        raise PositionError(f"rules is a StarCastles Rules value, not {shown(rules)}")
    home = _arms(n, arms)
    if type(first) is not int or not 0 <= first < n:
        raise PositionError(f"first is a player 0..{n - 1}, not {shown(first)} [SC2]")
    return n, rules, home, first


def new_game(
    players: int = 2,
    *,
    rules: Rules = STARCASTLES,
    arms: Sequence[int] | None = None,
    first: int = 0,
) -> StarCastlesState:
    """The start: each player's three StarCastles on their home arm's trio [SC2].

    Args:
        players: 2..6.
        rules: The rules (default the ``starcastles`` preset).
        arms: The home arms, strictly increasing, one per player (default [SC2]'s seats).
        first: The player who moves first.

    Raises:
        PositionError: If a value is out of range or of the wrong type.

    Examples:
        >>> s = new_game(3, first=2)
        >>> s.arms, s.to_move, s.stack("g7"), s.gems_left
        ((0, 2, 4), 2, 'P1B1S1', (4, 4, 4))
    """
    n, rules, home, first = _check_common(players, rules, arms, first)
    board = star_board(rules.arm)
    cells = [0] * len(board)
    ctrl = 0
    for i, a in enumerate(home):
        for p in board.trios[a]:
            cells[p] = make(i, i, i)
            if rules.start_controlled:
                ctrl |= 1 << p
    return StarCastlesState(
        rules=rules,
        arms=home,
        first=first,
        cells=tuple(cells),
        controlled=ctrl,
        gems=(-1,) * n,
        gems_left=(GEMS,) * n,
        removed=False,
        to_move=first,
        round=1,
    )


def setup_position(
    players: int,
    stacks: Mapping[str, str],
    *,
    rules: Rules = STARCASTLES,
    arms: Sequence[int] | None = None,
    first: int = 0,
    to_move: int | None = None,
    controlled: Iterable[str] = (),
    gems: Mapping[int, str] | None = None,
    gems_left: Sequence[int] | None = None,
    removed: bool = False,
    round: int = 1,
    gem_from_last_round: bool = False,
) -> StarCastlesState:
    """A position built by hand: stacks by point name (``{"c3": "P0B1S0"}``), validated.

    A position may leave modules out (a problem or a test); it may not have more than
    three of a kind per player. Every complete castle not in ``controlled`` must be one
    that can be uncontrolled: a starting castle whose Spire never moved, on its owner's
    home trio (or beside it, displaced by a swap) [SC4]; any other is refused, naming
    ``controlled`` [SC31]. A Phase Gem of the player to move in ``gems`` was played in
    this turn (so they play a move or pass next) unless ``gem_from_last_round`` [SC31].

    Args:
        players: 2..6.
        stacks: Point name -> stack text, bottom to top (``stacks.stack_from_text``).
        rules: The rules.
        arms: The home arms (default [SC2]'s seats).
        first: The player who started the game (rounds start with them).
        to_move: The player to move (default ``first``).
        controlled: The points whose complete castle is controlled [SC4].
        gems: Player -> point name of their Phase Gem on the board [SC7].
        gems_left: Gems not yet played per player (default: 4, less the one on the board).
        removed: The player to move had their gem removed at the start of this turn.
        round: The round number.
        gem_from_last_round: The mover's gem in ``gems`` was played in the last round:
            it is removed as this turn starts [SC7], so the state has it off the board,
            ``removed`` set (no gem of theirs in this turn) and, by default, counted as
            used in ``gems_left`` [SC31].

    Raises:
        PositionError: If anything is malformed or breaks an invariant (``check_state``),
            a castle that cannot be uncontrolled is left out of ``controlled``, or
            ``gem_from_last_round`` is set with no gem of the mover in ``gems``.

    Examples:
        >>> s = setup_position(2, {"e3": "P0B1", "e4": "S0"}, gems={1: "d3"})
        >>> [s.board.names[m.to] for m in s.legal_moves() if m.frm == s.board.point("e4")]
        ['d5', 'e5', 'f5', 'f4', 'e3', 'd4']
        >>> t = setup_position(2, {"e4": "S0"}, gems={0: "d3"}, gem_from_last_round=True)
        >>> t.gems, t.removed, t.gems_left, t.gem_played
        ((-1, -1), True, (3, 4), False)
        >>> setup_position(2, {"e3": "P0B0S0"})
        Traceback (most recent call last):
        ...
        astroplane.errors.PositionError: [SC4] e3: player 0's uncontrolled castle stands \
on their home trio (or next to it, displaced by a swap [SC9]); a castle built in play is \
controlled (list it in controlled)
    """
    n, rules, home, first = _check_common(players, rules, arms, first)
    board = star_board(rules.arm)
    mover = first if to_move is None else to_move
    if type(mover) is not int or not 0 <= mover < n:
        raise PositionError(f"to_move is a player 0..{n - 1}, not {shown(to_move)}")
    cells = [0] * len(board)
    try:
        for name, text in stacks.items():
            cells[board.point(name)] = stack_from_text(text)
        ctrl = 0
        for name in controlled:
            ctrl |= 1 << board.point(name)
        gem_at = [-1] * n
        for player, name in (gems or {}).items():
            if type(player) is not int or not 0 <= player < n:
                raise ValueError(f"a gem's owner is a player 0..{n - 1}, not {shown(player)}")
            gem_at[player] = board.point(name)
    except ValueError as exc:
        raise PositionError(str(exc)) from None
    left = tuple(GEMS - (g >= 0) for g in gem_at) if gems_left is None else tuple(gems_left)
    if type(round) is not int or round < 1 or type(removed) is not bool:
        raise PositionError(
            f"round is an int >= 1 and removed a bool, not {shown(round)}, {shown(removed)}"
        )
    if type(gem_from_last_round) is not bool:
        raise PositionError(f"gem_from_last_round is a bool, not {shown(gem_from_last_round)}")
    if gem_from_last_round:
        if gem_at[mover] < 0:
            raise PositionError(
                f"gem_from_last_round: player {mover}, to move, has no gem in gems [SC7]"
            )
        gem_at[mover], removed = -1, True  # removed as the turn starts [SC7]
    state = StarCastlesState(
        rules=rules,
        arms=home,
        first=first,
        cells=tuple(cells),
        controlled=ctrl,
        gems=tuple(gem_at),
        gems_left=left,
        removed=removed,
        to_move=mover,
        round=round,
    )
    problems = _problems(state, "list it in controlled")
    if problems:
        raise PositionError("; ".join(problems))
    return state


def check_state(state: StarCastlesState) -> list[str]:
    """The invariants ``state`` breaks, in words (empty when all is well).

    Checked: every stack's owners are players of the game; at most three modules of a
    kind per player; control only on complete castles, and an uncontrolled one only
    where a starting castle whose Spire never moved can stand [SC4] (``_uncontrolled_problem``);
    gems on empty points, at most one on the board unless ``gems_per_player``, 0..4 left
    and at most 4 used per player; the mover and round in range.

    Examples:
        >>> import attrs
        >>> check_state(new_game(2)), check_state(attrs.evolve(new_game(2), controlled=8))
        ([], ['c1 is marked controlled but holds no complete castle'])
    """
    return _problems(state, "written with !")


def _problems(state: StarCastlesState, how: str) -> list[str]:
    """``check_state``'s problems; ``how`` says how the caller marks control."""
    out: list[str] = []
    n = len(state.arms)
    board = state.board
    if len(state.cells) != len(board):
        return [f"{len(state.cells)} stacks for a {len(board)}-point board"]
    counts = [[0, 0, 0] for _ in range(n)]
    for p, c in enumerate(state.cells):
        if not 0 <= c < 512:
            out.append(f"{board.names[p]}: not a stack code ({shown(c)})")
            continue
        for k in range(3):
            who = owner(c, k)
            if who >= n:
                out.append(f"{board.names[p]}: a module of player {who}, not in the game")
            elif who >= 0:
                counts[who][k] += 1
        if state.controlled >> p & 1:
            if not is_castle(c):
                out.append(f"{board.names[p]} is marked controlled but holds no complete castle")
        elif is_castle(c):
            problem = _uncontrolled_problem(state, p, c, how)
            if problem:
                out.append(problem)
    if state.controlled >> len(board):
        out.append("control marked beyond the board")
    for i, per in enumerate(counts):
        for k, c in enumerate(per):
            if c > 3:
                out.append(f"player {i} has {c} modules {KINDS[k]} on the board (three each)")
    if len(state.gems) != n or len(state.gems_left) != n:
        out.append("one gem entry and one gems-left count per player")
        return out
    on_board = [g for g in state.gems if g >= 0]
    for g in on_board:
        if g >= len(board) or state.cells[g]:
            out.append(f"a Phase Gem is not on an empty point of the board ({g})")
    if len(set(on_board)) != len(on_board):
        out.append("two Phase Gems on one point")
    if len(on_board) > 1 and not state.rules.gems_per_player:
        out.append("[SC7] only one Phase Gem can be in play at any time")
    for i, left in enumerate(state.gems_left):
        if type(left) is not int or not 0 <= left <= GEMS - (state.gems[i] >= 0):
            in_play = int(state.gems[i] >= 0)
            out.append(f"player {i}: {shown(left)} gems left with {in_play} in play")
    if not 0 <= state.to_move < n or not 0 <= state.first < n or state.round < 1:
        out.append("the player to move, first player or round is out of range")
    return out


def _uncontrolled_problem(state: StarCastlesState, p: int, cell: int, how: str) -> str:
    """Why the complete castle ``cell`` on ``p``, not marked controlled, is no starting
    castle whose Spire never moved ("" if it may be one) [SC4]: such a castle is one
    player's three modules, never under ``start_controlled`` [SC2], on a trio point of
    that player's home arm, or next to one when a swap may have displaced it there [SC9]
    (the swap is on and some player's destination is that arm). A displaced castle may be
    displaced again only from a trio point, so it never gets farther."""
    name = state.board.names[p]
    if state.rules.start_controlled:
        return f"[SC4] {name}: with start_controlled every complete castle is controlled ({how})"
    who = owner(cell, 0)
    if owner(cell, 1) != who or owner(cell, 2) != who or not 0 <= who < len(state.arms):
        return (
            f"[SC4] {name}: an uncontrolled castle is a starting castle, all one player's; "
            f"a castle built in play is controlled ({how})"
        )
    board, arm = state.board, state.arms[who]
    home = board.trios[arm]
    if p in home:
        return ""
    if (
        state.rules.swap
        and opposite(arm) in state.arms
        and any(p in board.neighbours[t] for t in home)
    ):
        return ""
    return (
        f"[SC4] {name}: player {who}'s uncontrolled castle stands on their home trio (or "
        f"next to it, displaced by a swap [SC9]); a castle built in play is controlled ({how})"
    )
