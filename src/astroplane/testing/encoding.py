"""The action encoding and the observation of one state, checked (for a game that has
them): what learning tools and the PettingZoo environment rely on.

* ``action-bijection``: every legal move has its own number, ``0 <= a < num_actions``;
* ``action-inverse``: ``action_to_move`` gives back the legal move of each number;
* ``action-legality``: ``action_to_move`` refuses, with a ``ValueError``, a number that
  names no legal move of the state (in range or not);
* ``observation``: every seat's ``observe`` gives as many values as
  ``observation_shape`` has cells, each a ``float`` from 0.0 to 1.0, and the shape is
  the same in every state of a game.

Examples:
    >>> import random
    >>> from astroplane.protocol import get_game
    >>> game = get_game("tic-tac-toe")
    >>> action_problems(game, game.new_game(2), random.Random(0))
    []
"""

from __future__ import annotations

import math
import random
from typing import Any

from astroplane.gamebase import Game
from astroplane.testing.formats import not_refused

__all__ = ["action_problems", "observation_problems"]

#: Numbers that name no legal move tried per state (all of them when there are fewer).
PROBES = 12


def action_problems(game: Game[Any, Any], state: Any, rng: random.Random) -> list[str]:
    """The ``action-*`` problems of a state where a player acts."""
    to_action, to_move, count_of = game.move_to_action, game.action_to_move, game.num_actions
    if to_action is None or to_move is None or count_of is None:
        return []
    if state.is_over or state.is_chance_node:
        return []
    try:
        count = count_of(state)
    except ValueError:  # the game numbers no action under these rules (a variant's kinds)
        return []
    moves = list(state.legal_moves())
    numbers = [to_action(state, m) for m in moves]
    problems = []
    if any(type(a) is not int or not 0 <= a < count for a in numbers):
        bad = next(a for a in numbers if type(a) is not int or not 0 <= a < count)
        problems.append(f"action-bijection: a legal move's number {bad!r} is not an int "
                        f"0..{count - 1}")  # fmt: skip
        return problems
    if len(set(numbers)) != len(numbers):
        twice = next(a for a in numbers if numbers.count(a) > 1)
        shared = [m for m, a in zip(moves, numbers, strict=True) if a == twice][:2]
        problems.append(f"action-bijection: the legal moves {shared!r} have the same number "
                        f"{twice}")  # fmt: skip
    for move, number in zip(moves, numbers, strict=True):
        try:
            back = to_move(state, number)
        except ValueError as exc:
            problems.append(f"action-inverse: action_to_move refuses {number}, the number of "
                            f"the legal move {move!r}: {exc}")  # fmt: skip
            break
        if back != move or type(back) is not type(move):
            problems.append(f"action-inverse: action {number} is the legal move {move!r}, but "
                            f"action_to_move gives {back!r}")  # fmt: skip
            break
    legal = set(numbers)
    others = [a for a in range(count) if a not in legal] if count <= 4 * PROBES else []
    if not others:
        others = [a for a in (rng.randrange(count) for _ in range(PROBES)) if a not in legal]
    probes = [*rng.sample(others, min(PROBES, len(others))), -1, count]
    taken = not_refused(lambda number: to_move(state, number), probes)
    if taken is not None and taken[2] is not None:
        problems.append(f"action-legality: action_to_move({taken[0]}) raised "
                        f"{type(taken[2]).__name__}, not a ValueError: {taken[2]}")  # fmt: skip
    elif taken is not None:
        problems.append(f"action-legality: action_to_move({taken[0]}) gives {taken[1]!r}, no "
                        "legal move here: it must refuse a number no legal move has")  # fmt: skip
    return problems


def observation_problems(
    game: Game[Any, Any], state: Any, shape: tuple[int, ...] | None
) -> tuple[list[str], tuple[int, ...] | None]:
    """The ``observation`` problems of a state, and the shape to hold the next states to
    (``shape``: the shape of the game's first state, None for this first one)."""
    observe, shape_of = game.observe, game.observation_shape
    if observe is None or shape_of is None:
        return [], shape
    try:
        now = tuple(shape_of(state))
    except ValueError:  # no observation under these rules (no action encoding for them)
        return [], shape
    if any(type(n) is not int or n < 1 for n in now):
        return [f"observation: the shape {now} is not positive ints"], shape
    problems = []
    if shape is not None and now != shape:
        problems.append(f"observation: the shape changed from {shape} to {now} within a game")
    size = math.prod(now)
    for seat in state.seats:
        values = list(observe(state, seat))
        if len(values) != size:
            problems.append(f"observation: seat {seat}'s observation has {len(values)} values, "
                            f"not the {size} of its shape {now}")  # fmt: skip
            break
        bad = [v for v in values if not isinstance(v, float) or not 0.0 <= v <= 1.0]
        if bad:
            problems.append(f"observation: values are floats 0.0..1.0, not {bad[0]!r}")
            break
    return problems, now if shape is None else shape
