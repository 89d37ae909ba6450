"""The packed core agrees with the states: ``check_core`` (``astroplane.core``).

A game with a packed core (``Game.core``) states its rules once, on the core, and its
public states are views over packed positions. ``check_core`` plays seeded random games
through the public state API and, at every ply, asks the core the same questions about
the state's packed position:

* ``core.state(p)`` is the state (equal, with the same hash), and the position of the
  state after a move is ``core.apply(p, action)``;
* ``legal_actions(p)`` are the numbers of ``legal_moves()`` (``Game.move_to_action``), in
  the same order, and each is below ``num_actions``;
* ``is_terminal``, ``is_chance``, ``chance_outcomes`` (numbers and probabilities),
  ``to_move``, ``seats``, ``turn`` and ``returns`` say what the state says;
* ``evaluate(p, seat)`` is ``Game.evaluate(state, seat)`` for every seat (when both
  exist).
"""

from __future__ import annotations

import math
import random
from collections.abc import Hashable
from typing import Any

from astroplane.protocol import Game, State, get_game, sample_chance

__all__ = ["check_core"]


def _compare(state: State[Any], core: Any, p: Hashable, game: Game[Any, Any]) -> list[str]:
    """What the core says differently from ``state`` about ``p``."""
    problems: list[str] = []
    if core.state(p) != state or hash(core.state(p)) != hash(state):
        problems.append("core.state(p) is not the state")
    to_action = game.move_to_action
    assert to_action is not None
    moves = state.legal_moves()
    expected = [to_action(state, m) for m in moves]
    actions = list(core.legal_actions(p))
    if actions != expected:
        problems.append(f"legal_actions {actions[:8]}... != the moves' numbers {expected[:8]}...")
    if any(not 0 <= a < core.num_actions for a in actions):
        problems.append(f"an action is outside 0..{core.num_actions - 1}")
    for name, want in (
        ("is_terminal", state.is_over),
        ("is_chance", state.is_chance_node),
        ("seats", tuple(state.seats)),
        ("turn", state.turn),
        ("returns", tuple(state.returns())),
    ):
        got = getattr(core, name)(p)
        if got != want:
            problems.append(f"{name}: core says {got!r}, the state {want!r}")
    if not state.is_over and core.to_move(p) != state.to_move:
        problems.append(f"to_move: core says {core.to_move(p)}, the state {state.to_move}")
    outcomes = [(to_action(state, m), q) for m, q in state.chance_outcomes()]
    got_outcomes = list(core.chance_outcomes(p))
    if [a for a, _q in got_outcomes] != [a for a, _q in outcomes] or not all(
        math.isclose(q, r) for (_a, q), (_b, r) in zip(got_outcomes, outcomes, strict=False)
    ):
        problems.append(f"chance_outcomes: core says {got_outcomes}, the state {outcomes}")
    if core.evaluate is not None and game.evaluate is not None and not state.is_over:
        for seat in state.seats:
            got_value, want_value = core.evaluate(p, seat), game.evaluate(state, seat)
            if not math.isclose(got_value, want_value, rel_tol=1e-9, abs_tol=1e-9):
                problems.append(f"evaluate(seat {seat}): core {got_value}, game {want_value}")
    return problems


def check_core(
    game: str | Game[Any, Any],
    *,
    rules: Any = None,
    players: int | None = None,
    games: int = 3,
    seed: int = 0,
    max_plies: int = 400,
) -> list[str]:
    """Play seeded random games of ``game`` through its states and its packed core side by
    side; the problems found (empty when the core agrees everywhere).

    Args:
        game: The game (registered name or ``Game``); it must have ``core`` and an action
            encoding (``move_to_action``).
        rules: A rules value of the game (None: its standard rules).
        players: The player count (None: the game's first).
        games: Games to play; game ``i`` uses the seed ``seed + i``.
        seed: Seed of the random play.
        max_plies: Plies per game at most (a game may be cut short).

    Returns:
        Each problem in words, with the game, ply and the state's position where it
        happened (at most one list of problems per ply; the check stops a game at its
        first bad ply).

    Raises:
        ValueError: If the game has no core or no action encoding.
    """
    found = game if isinstance(game, Game) else get_game(game)
    if found.core is None or found.move_to_action is None:
        raise ValueError(f"the game {found.name!r} has no packed core or no action encoding")
    count = players if players is not None else found.player_counts[0]
    problems: list[str] = []
    for i in range(games):
        rng = random.Random(seed + i)
        state = found.new_game(count, rules=rules)
        for ply in range(max_plies):
            core, p = found.core(state)
            bad = _compare(state, core, p, found)
            if bad:
                problems.extend(f"game {i}, ply {ply}: {b}" for b in bad)
                break
            if state.is_over:
                break
            if state.is_chance_node:
                move = sample_chance(state, rng)
            else:
                move = rng.choice(list(state.legal_moves()))
            action = found.move_to_action(state, move)
            nxt = state.play(move)
            _core2, p2 = found.core(nxt)
            if core.apply(p, action) != p2:
                problems.append(
                    f"game {i}, ply {ply}: core.apply(p, {action}) is not the next position"
                )
                break
            state = nxt
    return problems
