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

``move_to_action(state, move)`` and ``action_to_move(state, action)`` take the state
first, as ``Game.move_to_action`` and ``Game.action_to_move`` do (the registered game
calls them), and ``action_to_move`` gives only a legal move of the state [SC21].
``encode_move(rules, move)`` and ``decode_action(rules, action)`` are the unchecked
numbering of the board, for tools that number moves with no state at hand.

Examples:
    >>> from astroplane.games.starcastles.options import STARCASTLES
    >>> from astroplane.games.starcastles.setup import new_game
    >>> s = new_game(2)
    >>> num_actions(s)
    2036
    >>> move_to_action(s, Move.step(1, 6)), action_to_move(s, 56)
    (56, Move.step(1, 6))
    >>> action_to_move(s, 2035)
    Traceback (most recent call last):
    ...
    astroplane.errors.IllegalMoveError: illegal move Move.PASS: action 2035: [SC3] player 0 \
has a move, so may not pass
    >>> decode_action(STARCASTLES, 2035), decode_action(STARCASTLES, 0)
    Traceback (most recent call last):
    ...
    ValueError: action 0 names no move on the 37-point board: a1 has no point in direction ne
"""

from __future__ import annotations

import warnings
from typing import TYPE_CHECKING

from astroplane.errors import IllegalMoveError
from astroplane.games.starcastles.board import DIRECTIONS, star_board
from astroplane.games.starcastles.moves import Move, MoveKind
from astroplane.games.starcastles.options import Rules
from astroplane.games.starcastles.play import why_illegal
from astroplane.kit.limits import action_number, shown

if TYPE_CHECKING:
    from astroplane.games.starcastles.state import StarCastlesState

__all__ = ["action_to_move", "decode_action", "encode_move", "move_to_action", "num_actions"]


def _rules_of(where: str, state: StarCastlesState | Rules) -> Rules:
    """The rules of ``state``; a ``Rules`` value (the form before the state came first)
    is still taken, with a ``DeprecationWarning``."""
    if isinstance(state, Rules):
        fast = "encode_move" if where == "move_to_action" else "decode_action"
        warnings.warn(
            f"{where}(rules, ...) is deprecated: pass the state ({where}(state, ...)), "
            f"or use the unchecked {fast}(rules, ...)",
            DeprecationWarning,
            stacklevel=3,
        )
        return state
    return state.rules


def _sizes(rules: Rules) -> tuple[int, int, int]:
    board = star_board(rules.arm)
    d = board.max_distance
    return len(board), d, 18 + 6 * d


def num_actions(rules: StarCastlesState | Rules) -> int:
    """How many actions the encoding has for the board of a state or of its ``rules``
    [SC11].

    Examples:
        >>> from astroplane.games.starcastles.options import STARCASTLES_121
        >>> num_actions(STARCASTLES_121)
        11012
    """
    n, _d, block = _sizes(rules if isinstance(rules, Rules) else rules.rules)
    return n * block + n + 1


def move_to_action(state: StarCastlesState, move: Move) -> int:
    """The action number of ``move`` on the board of ``state`` [SC11], as
    ``Game.move_to_action``: the state's board is read, not its position, so a move need
    not be legal to have its number (as in every game).

    Raises:
        ValueError: As ``encode_move``.

    Examples:
        >>> from astroplane.games.starcastles.setup import new_game
        >>> move_to_action(new_game(2), Move.PASS)
        2035
    """
    return encode_move(_rules_of("move_to_action", state), move)


def encode_move(rules: Rules, move: Move) -> int:
    """The action number of ``move`` on the board of ``rules`` [SC11] (no state: the
    numbering alone).

    Raises:
        ValueError: If ``move`` is not a ``Move``, or names points that are not on the
            board or not on a line (a step, castle move or swap: not linked).

    Examples:
        >>> from astroplane.games.starcastles.options import STARCASTLES
        >>> encode_move(STARCASTLES, Move.gem(0)), encode_move(STARCASTLES, Move.PASS)
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


def action_to_move(state: StarCastlesState, action: int) -> Move:
    """The legal move of ``state`` that ``action`` stands for [SC11, SC21], as
    ``Game.action_to_move``: the object in ``state.legal_moves()``.

    Raises:
        ValueError: As ``decode_action``, for a number that is no action of the board.
        IllegalMoveError: If the move it stands for is not legal in ``state``; the
            message gives the action and the rule that forbids the move [SC16].

    Examples:
        >>> from astroplane.games.starcastles.setup import new_game
        >>> action_to_move(new_game(2), 55)
        Traceback (most recent call last):
        ...
        astroplane.errors.IllegalMoveError: illegal move Move.step(1, 2): action 55: \
[SC4] a Spire never lands on a Spire (b2)
    """
    if isinstance(state, Rules):  # the form before the state came first: unchecked
        return decode_action(_rules_of("action_to_move", state), action)
    move = decode_action(state.rules, action)
    for legal in state.legal_moves():
        if legal == move:
            return legal
    number = encode_move(state.rules, move)
    raise IllegalMoveError(move, f"action {number}: {why_illegal(state, move)}")


def decode_action(rules: Rules, action: int) -> Move:
    """The move an action number stands for on the board of ``rules`` [SC11], legal or
    not (no state: the numbering alone; ``action_to_move`` gives a legal move).

    Raises:
        ValueError: If ``action`` is not an int (or NumPy integer; never a ``bool``,
            ``float`` or string) in ``0 .. num_actions(rules) - 1``, or it
            leads off the board (no point that far in that direction).

    Examples:
        >>> from astroplane.games.starcastles.options import STARCASTLES
        >>> decode_action(STARCASTLES, 179), decode_action(STARCASTLES, 2016)
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
