"""What every state of a game must be, whatever the game: the checks the conformance run
and the reader checks apply to each state they meet.

Each function returns the problems it finds, each starting with the name of its check
(docs/writing-a-game.md says what each means):

* ``state``: the ``State`` protocol's members agree with the game (``game_name``, the
  seats, the seat to move, the turn, a return for every seat number in play);
* ``terminal``: a finished game lists no legal move and is no chance node, a running one
  lists some, and returns all 0.0 (a state whose returns already name a winner is over);
* ``chance``: a chance node lists outcomes with probabilities above 0 that sum to 1, the
  same moves as ``legal_moves()``; a game whose type has no chance has no chance node;
* ``returns``: every return lies in the declared utility range, and a finished game's
  returns sum as the game type says (to ``utility_sum``: a draw shares the win);
* ``turn``: the turn is 1 at the start, never goes back, and has moved on when a seat acts
  again after another seat acted (``TurnWatch``).

Examples:
    >>> from astroplane.protocol import get_game
    >>> game = get_game("tic-tac-toe")
    >>> state_problems(game, game.new_game(2))
    []
"""

from __future__ import annotations

import math
from typing import Any

from astroplane.gamebase import Game
from astroplane.gametype import Utility

__all__ = ["TurnWatch", "chance_problems", "end_problems", "state_problems"]


def state_problems(game: Game[Any, Any], state: Any) -> list[str]:
    """The problems of ``state`` any game's state must not have (the ``state``,
    ``terminal``, ``chance`` and ``returns`` checks)."""
    problems: list[str] = []
    kind = game.game_type
    if getattr(type(state), "game_name", None) != game.name:
        problems.append(f"state: its game_name is {getattr(state, 'game_name', None)!r}, "
                        f"not the game's {game.name!r}")  # fmt: skip
    seats = tuple(state.seats)
    if (
        not seats
        or len(set(seats)) != len(seats)
        or any(
            not isinstance(s, int) or isinstance(s, bool) or not 0 <= s < len(game.seat_names)
            for s in seats
        )
    ):
        problems.append(f"state: seats {seats} are not distinct seat numbers of the game")
        return problems
    if type(state.turn) is not int or state.turn < 1:
        problems.append(f"state: the turn {state.turn!r} is not a number from 1")
    if not state.is_over and state.to_move not in seats:
        problems.append(f"state: the seat to move {state.to_move!r} is not in play {seats}")
    moves = list(state.legal_moves())
    values = tuple(state.returns())
    if not max(seats) < len(values) <= len(game.seat_names):
        problems.append(f"state: returns() gives {len(values)} values, not one per seat number "
                        f"the game has room for (seats {seats})")  # fmt: skip
        return problems
    low, high = kind.min_utility, kind.max_utility
    if any(not isinstance(v, int | float) or not low <= v <= high for v in values):
        problems.append(f"returns: {values} are not all in the game type's range {low}..{high}")
    if state.is_over:
        if moves:
            problems.append(f"terminal: a finished game lists {len(moves)} legal moves")
        if state.is_chance_node:
            problems.append("terminal: a finished game is a chance node")
        problems += end_problems(game, state)
    else:
        if not moves:
            problems.append("terminal: a game that goes on lists no legal move")
        if any(values):
            problems.append(f"terminal: returns() are {values} in a game that goes on: a state "
                            "that already has a result must be over")  # fmt: skip
    return problems + chance_problems(game, state, moves)


def chance_problems(game: Game[Any, Any], state: Any, moves: list[Any]) -> list[str]:
    """The ``chance`` check of one state: its outcomes, their probabilities, its moves."""
    outcomes = list(state.chance_outcomes())
    if not state.is_chance_node:
        return ["chance: chance_outcomes() lists outcomes at a state that is no chance node"
                ] if outcomes else []  # fmt: skip
    if not game.game_type.chance:
        return ["chance: a chance node in a game whose game_type says it has no chance"]
    if state.is_over:
        return []
    problems = []
    probabilities = [p for _m, p in outcomes]
    if not outcomes or any(not isinstance(p, int | float) or not p > 0 for p in probabilities):
        problems.append(f"chance: the outcomes' probabilities {probabilities} are not all above 0")
    elif not math.isclose(sum(probabilities), 1.0, rel_tol=0, abs_tol=1e-9):
        problems.append(f"chance: the probabilities sum to {sum(probabilities)!r}, not 1")
    if [m for m, _p in outcomes] != moves:
        problems.append("chance: legal_moves() at a chance node are not the moves of "
                        "chance_outcomes(), in their order")  # fmt: skip
    if len(outcomes) > game.game_type.max_chance_outcomes:
        problems.append(f"chance: {len(outcomes)} outcomes, more than the game type's "
                        f"max_chance_outcomes {game.game_type.max_chance_outcomes}")  # fmt: skip
    return problems


def end_problems(game: Game[Any, Any], state: Any) -> list[str]:
    """The ``returns`` check of a finished game: the sum the game type declares (a draw
    shares the win of a constant-sum game), and an outcome in words."""
    values = state.returns()
    in_play = [values[s] for s in state.seats]
    info = game.game_info(state)
    total = info.utility_sum
    problems = []
    if game.game_type.utility is Utility.IDENTICAL and len(set(in_play)) > 1:
        problems.append(f"returns: {values} differ in a game whose utility is identical")
    elif total is not None and not math.isclose(sum(in_play), total, abs_tol=1e-9):
        problems.append(f"returns: a finished game's returns {values} sum to {sum(in_play)!r}, "
                        f"not the game's utility_sum {total!r} (a draw shares it)")  # fmt: skip
    if not game.describe_outcome(state):
        problems.append("returns: describe_outcome says nothing of a finished game")
    return problems


class TurnWatch:
    """The ``turn`` check along one game: feed it every state in order (``see``).

    The turn is 1 at the start and never goes back; and once another seat has acted, a
    seat that acts again does so in a later turn (a seat may act several times in a turn,
    another seat may act inside its turn, as a Square Off removal does, but a turn number
    that never advances fails).
    """

    def __init__(self) -> None:
        self.last: int | None = None
        self.acted: dict[int, tuple[int, int]] = {}  # seat -> (turn, actions so far)
        self.actions = 0

    def see(self, state: Any) -> list[str]:
        """The ``turn`` problems ``state`` shows, the next state of the game."""
        turn = state.turn
        problems = []
        if self.last is None and turn != 1:
            problems.append(f"turn: a new game's turn is {turn!r}, not 1")
        if self.last is not None and turn < self.last:
            problems.append(f"turn: the turn went back from {self.last} to {turn}")
        self.last = turn
        if state.is_over or state.is_chance_node:
            return problems
        seat = state.to_move
        before = self.acted.get(seat)
        others = [n for s, (_t, n) in self.acted.items() if s != seat]
        if before is not None and others and max(others) > before[1] and turn <= before[0]:
            problems.append(f"turn: seat {seat} acts again in turn {turn} after another seat "
                            "acted: the turn number did not advance")  # fmt: skip
        self.actions += 1
        self.acted[seat] = (turn, self.actions)
        return problems
