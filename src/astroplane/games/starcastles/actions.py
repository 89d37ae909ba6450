"""The fixed action encoding for research [SC11]: every move of a board is one integer.

For the board of arm size ``k`` (``N`` points, longest slide ``D = 3k``), each point
``p`` owns a block of ``B = 6 + 6D + 6 + 6`` actions, by what moves from it:

* ``p * B + d``: the Spire on ``p`` steps in direction ``d`` (``board.DIRECTIONS``);
* ``p * B + 6 + d * D + (r - 1)``: the Battlement or Power Base on ``p`` slides ``r``
  points (1..D) in direction ``d``;
* ``p * B + 6 + 6D + d``: the controlled castle on ``p`` steps whole in direction ``d``;
* ``p * B + 12 + 6D + d``: the controlled castle on ``p`` swaps with the stack in
  direction ``d``;

then ``N * B + p`` places a Phase Gem on ``p``, and ``N * B + N`` is the pass. So
``num_actions`` is ``N * B + N + 1``: 2036 on the 37-point board, 11012 on the 121-point
board. The encoding depends only on the board (``rules.arm``), never on the state, and
the legal moves come in increasing action order.

Examples:
    >>> from astroplane.games.starcastles.options import STARCASTLES
    >>> num_actions(STARCASTLES)
    2036
    >>> move_to_action(STARCASTLES, Move.step(1, 6)), action_to_move(STARCASTLES, 56)
    (56, Move.step(1, 6))
    >>> action_to_move(STARCASTLES, 0)
    Traceback (most recent call last):
    ...
    ValueError: action 0 names no move on the 37-point board: a1 has no point in direction ne
"""

from __future__ import annotations

from astroplane.games.starcastles.board import DIRECTIONS, star_board
from astroplane.games.starcastles.moves import Move, MoveKind
from astroplane.games.starcastles.options import Rules
from astroplane.kit.limits import action_number, shown

__all__ = ["action_to_move", "move_to_action", "num_actions"]


def _sizes(rules: Rules) -> tuple[int, int, int]:
    board = star_board(rules.arm)
    d = board.max_distance
    return len(board), d, 18 + 6 * d


def num_actions(rules: Rules) -> int:
    """How many actions the encoding has for the board of ``rules`` [SC11].

    Examples:
        >>> from astroplane.games.starcastles.options import STARCASTLES_121
        >>> num_actions(STARCASTLES_121)
        11012
    """
    n, _d, block = _sizes(rules)
    return n * block + n + 1


def move_to_action(rules: Rules, move: Move) -> int:
    """The action number of ``move`` on the board of ``rules`` [SC11].

    Raises:
        ValueError: If ``move`` is not a ``Move``, or names points that are not on the
            board or not on a line (a step, castle move or swap: not linked).

    Examples:
        >>> from astroplane.games.starcastles.options import STARCASTLES
        >>> move_to_action(STARCASTLES, Move.gem(0)), move_to_action(STARCASTLES, Move.PASS)
        (1998, 2035)
    """
    if not isinstance(move, Move):
        raise ValueError(f"not a Move: {shown(move)}")
    board = star_board(rules.arm)
    n, dmax, block = _sizes(rules)
    if move.kind == MoveKind.PASS:
        return n * block + n
    if not 0 <= move.to < n or (move.kind != MoveKind.GEM and not 0 <= move.frm < n):
        raise ValueError(f"{shown(move)} names a point that is not on the {n}-point board")
    if move.kind == MoveKind.GEM:
        return n * block + move.to
    line = board.line_to(move.frm, move.to)
    if line is None or (move.kind != MoveKind.SLIDE and line[1] != 1):
        raise ValueError(
            f"{shown(move)}: {board.names[move.to]} is not "
            f"{'on a line from' if move.kind == MoveKind.SLIDE else 'linked to'} "
            f"{board.names[move.frm]}"
        )
    d, r = line
    base = move.frm * block
    if move.kind == MoveKind.STEP:
        return base + d
    if move.kind == MoveKind.SLIDE:
        return base + 6 + d * dmax + r - 1
    if move.kind == MoveKind.CASTLE:
        return base + 6 + 6 * dmax + d
    return base + 12 + 6 * dmax + d


def action_to_move(rules: Rules, action: int) -> Move:
    """The move an action number stands for on the board of ``rules`` [SC11].

    Raises:
        ValueError: If ``action`` is not an int (or NumPy integer; never a ``bool``,
            ``float`` or string) in ``0 .. num_actions(rules) - 1``, or it
            leads off the board (no point that far in that direction).

    Examples:
        >>> from astroplane.games.starcastles.options import STARCASTLES
        >>> action_to_move(STARCASTLES, 179), action_to_move(STARCASTLES, 2016)
        (Move.slide(3, 9), Move.gem(18))
    """
    board = star_board(rules.arm)
    n, dmax, block = _sizes(rules)
    action = action_number(action, n * block + n + 1)
    if action >= n * block:
        return Move.PASS if action == n * block + n else Move.gem(action - n * block)
    p, slot = divmod(action, block)
    if slot < 6:
        kind, d, r = MoveKind.STEP, slot, 1
    elif slot < 6 + 6 * dmax:
        kind = MoveKind.SLIDE
        d, r = divmod(slot - 6, dmax)
        r += 1
    elif slot < 12 + 6 * dmax:
        kind, d, r = MoveKind.CASTLE, slot - 6 - 6 * dmax, 1
    else:
        kind, d, r = MoveKind.SWAP, slot - 12 - 6 * dmax, 1
    ray = board.rays[p][d]
    if r > len(ray):
        far = "no point" if not ray else f"only {len(ray)} points"
        raise ValueError(
            f"action {action} names no move on the {n}-point board: {board.names[p]} has "
            f"{far} in direction {DIRECTIONS[d]}"
        )
    return Move(kind, p, ray[r - 1])
