"""Playing a move, the turn that follows, and why an illegal move is illegal.

A turn [SC3]: the player's own Phase Gem, if on the board, is removed as the turn starts
(part of the turn, not a ply); they may play a gem (a ply; the turn goes on), then make
one move, or pass when they have none. After a move the mover may have won [SC6]; after
the last turn of round ``max_rounds`` with no winner the game is drawn. Either way the
turn passes after the last move, and no gem is removed, as no turn starts [SC30].

The packed core plays all of it (``core.StarCastlesCore.apply``); ``apply_move``,
``next_turn`` and ``has_won`` ask it for a state, and ``why_illegal`` puts a refusal in
words, naming the rule.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NoReturn, TypeVar

from astroplane.errors import IllegalMoveError
from astroplane.games.starcastles.movegen import can_place_gem, moves
from astroplane.games.starcastles.moves import Move, MoveKind, fields_problem
from astroplane.games.starcastles.stacks import is_castle, top
from astroplane.kit.limits import shown

if TYPE_CHECKING:
    from astroplane.games.starcastles.view import StateView

__all__ = ["apply_move", "has_won", "next_turn", "raise_illegal", "why_illegal"]

#: A state type (``StarCastlesState``): the play functions return one of the same type.
S = TypeVar("S", bound="StateView")


def has_won(state: StateView, player: int) -> bool:
    """Whether every trio point of ``player``'s destination holds a complete castle
    controlled by one of their Spires (``own_castles``: all three modules theirs) [SC6].

    Examples:
        >>> from astroplane.games.starcastles.setup import setup_position
        >>> castles = {"i1": "P1B0S0", "h1": "P0B0S0", "h2": "P0B0S0"}
        >>> has_won(setup_position(2, castles, controlled=["i1", "h1", "h2"]), 0)
        True
        >>> has_won(setup_position(2, {**castles, "h2": "P0B0"}, controlled=["i1", "h1"]), 0)
        False
    """
    won: bool = state._core.has_won(state._packed(), player)
    return won


def _after(state: S, action: int) -> S:
    """The state after the core plays ``action`` (unchecked), of ``state``'s class."""
    after: S = state._core.state(state._core.apply(state._packed(), action))
    if type(after) is type(state):
        return after
    names = ("rules", "arms", "first", "cells", "controlled", "gems", "gems_left")
    more = ("removed", "to_move", "round", "winner")
    return type(state)(*(getattr(after, name) for name in (*names, *more)))


def next_turn(state: S) -> S:
    """The state when the player to move ends their turn without changing the board (a
    pass): the next player's turn begins (their own gem, if on the board, is removed; the
    round goes on when it is back to ``first``; past ``max_rounds`` the game is drawn)."""
    return _after(state, state._core.t.pass_action)


def apply_move(state: S, move: Move) -> S:
    """The state after the player to move plays ``move`` (one of ``legal_moves()``)."""
    action_of = state._core.action_of
    number = action_of.get(id(move))  # an interned move: its number
    if number is None:  # an equal copy: the legal move's
        number = next(action_of[id(m)] for m in state.legal_moves() if m == move)
    return _after(state, number)


def _name(state: StateView, p: int) -> str:
    return state.board.names[p]


def _move_problem(state: StateView, move: Move) -> str:
    board = state.board
    n = len(board)
    if move.kind == MoveKind.PASS:
        return f"[SC3] player {state.to_move} has a move, so may not pass"
    if not 0 <= move.to < n or (move.kind != MoveKind.GEM and not 0 <= move.frm < n):
        return f"a point of the move is not on the {n}-point board [SC1]"
    gems = {g for g in state.gems if g >= 0}
    if move.kind == MoveKind.GEM:
        why = can_place_gem(state)
        if why:
            return why
        if state.cells[move.to] or move.to in gems:
            return f"[SC7] a Phase Gem goes on an unoccupied point; {_name(state, move.to)} is not"
        return "[SC7] not a legal gem placement"
    p, q = move.frm, move.to
    cp, cq = state.cells[p], state.cells[q]
    t = top(cp)
    if t is None:
        return f"there is no module on {_name(state, p)}"
    if t[1] != state.to_move:
        return (
            f"[SC3] the free module on {_name(state, p)} is player {t[1]}'s; player "
            f"{state.to_move} moves only their own"
        )
    if move.kind in (MoveKind.STEP, MoveKind.CASTLE, MoveKind.SWAP):
        if t[0] != 2:
            return f"[SC4] only a Spire steps; the free module on {_name(state, p)} is not one"
        if q not in board.neighbours[p]:
            return f"[SC4] {_name(state, q)} is not linked to {_name(state, p)}"
        if move.kind == MoveKind.STEP:
            if q in gems:
                return f"[SC5] {_name(state, q)} is blocked by a Phase Gem"
            if cq >> 6:
                return f"[SC4] a Spire never lands on a Spire ({_name(state, q)})"
            return "[SC4] not a legal Spire step"
        if not is_castle(cp) or not state.controlled >> p & 1:
            return (
                f"[SC4] the stack on {_name(state, p)} is not a controlled StarCastle: only "
                "one whose Spire landed on it moves whole"
            )
        if move.kind == MoveKind.CASTLE:
            if q in gems:
                return f"[SC5] {_name(state, q)} is blocked by a Phase Gem"
            return f"[SC4] a castle moves whole only to an empty point; {_name(state, q)} is not"
        if not state.rules.swap:
            return "[SC9] the swap is off in these rules"
        if q not in state.destination(state.to_move):
            return (
                "[SC9] a castle swaps only onto a trio point of its destination, "
                f"not {_name(state, q)}"
            )
        return (
            f"[SC9] a castle swaps only with a stack whose top is another player's; "
            f"{_name(state, q)} has none"
        )
    if t[0] == 2:  # SLIDE of a Spire
        return f"[SC4] a Spire steps, it does not slide ({_name(state, p)})"
    line = board.line_to(p, q)
    if line is None:
        return (
            f"[SC4] a slide goes along a line; {_name(state, q)} is not on one from "
            f"{_name(state, p)}"
        )
    for r in board.rays[p][line[0]][: line[1] - 1]:
        if r in gems:
            return f"[SC5] {_name(state, r)} is blocked by a Phase Gem"
        if state.cells[r]:
            return f"[SC5] nothing passes over a module (on {_name(state, r)})"
    if q in gems:
        return f"[SC5] {_name(state, q)} is blocked by a Phase Gem"
    if t[0] == 0:
        return f"[SC4] a Power Base never lands on a module ({_name(state, q)})"
    return f"[SC4] a Battlement docks only on a lone Power Base, not on {_name(state, q)}"


def why_illegal(state: StateView, move: object) -> str:
    """Which rule forbids ``move`` in ``state`` (a move that is not legal), with its tag.

    Examples:
        >>> from astroplane.games.starcastles import new_game
        >>> s = new_game(2)
        >>> why_illegal(s, Move.PASS), why_illegal(s, "b1-c3")
        ('[SC3] player 0 has a move, so may not pass', "not a StarCastles Move: 'b1-c3'")
    """
    if not isinstance(move, Move):
        return f"not a StarCastles Move: {shown(move)}"
    problem = fields_problem(move)
    if problem is not None:  # built past the constructor: its fields cannot be read
        return f"not a well-formed move: {problem} (build moves with Move.step, Move.gem...)"
    if state.is_over:
        return "[SC6] the game is over"
    if move.kind not in (MoveKind.GEM, MoveKind.PASS) and not moves(state):
        return f"[SC3] player {state.to_move} has no move and must pass"
    return _move_problem(state, move)


def raise_illegal(state: StateView, move: object) -> NoReturn:
    """Raise the ``IllegalMoveError`` that says why ``move`` is not legal in ``state``."""
    raise IllegalMoveError(move, why_illegal(state, move))
