"""Bots: players that choose an action for a state, for frontends and simulations.

An agent is anything with a ``choose(state) -> Move`` method (the
``Agent`` protocol). Two bots come with the library:

* ``RandomBot`` picks uniformly among the legal actions.
* ``GreedyBot`` looks one action ahead: it plays every legal action and
  keeps the one whose result scores best for the mover under
  ``evaluate`` (ties broken at random).

Both are seeded, so a game between bots is reproducible, and both only ever
return a member of ``state.legal_moves()``: any number of players, any rules
preset. ``play_game`` runs a whole game between agents.

>>> import astroplane
>>> from astroplane.agents import GreedyBot, RandomBot, play_game
>>> game = play_game(astroplane.new_game(2), [GreedyBot(seed=1), RandomBot(seed=2)], max_turns=40)
>>> game.final.is_over, len(game.moves) > 0
(True, True)
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable, Mapping, Sequence
from typing import Protocol, runtime_checkable

import attrs

from astroplane.moves import Move
from astroplane.state import IN_RESERVE, GameState
from astroplane.topology import Topology

__all__ = [
    "BOTS",
    "Agent",
    "GameRun",
    "GreedyBot",
    "RandomBot",
    "distances_to_singularity",
    "evaluate",
    "make_bot",
    "play_game",
]


@runtime_checkable
class Agent(Protocol):
    """Anything that can choose the next action of the player to move.

    ``choose`` gets a state whose game is not over and must return one of
    ``state.legal_moves()``; a turn takes several calls (one per action,
    including free Wormhole travels and ``END_TURN`` [D7]).
    """

    def choose(self, state: GameState) -> Move:
        """The action to play in ``state`` (a member of ``state.legal_moves()``)."""
        ...


def _legal_or_raise(state: GameState) -> tuple[Move, ...]:
    moves = state.legal_moves()
    if not moves:
        raise ValueError("no legal action: the game is over")
    return moves


class RandomBot:
    """Plays a uniformly random legal action; reproducible for a given seed.

    Args:
        seed: Seed of the bot's own random generator (None: unseeded).

    Raises:
        ValueError: From ``choose``, if the game is over.

    >>> import astroplane
    >>> s = astroplane.new_game(2)
    >>> RandomBot(seed=7).choose(s) == RandomBot(seed=7).choose(s)
    True
    >>> RandomBot(seed=7).choose(s) in s.legal_moves()
    True
    """

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed
        self._rng = random.Random(seed)

    def choose(self, state: GameState) -> Move:
        """A random member of ``state.legal_moves()``."""
        return self._rng.choice(_legal_or_raise(state))

    def __repr__(self) -> str:
        return f"RandomBot(seed={self.seed!r})"


# ---- evaluation -------------------------------------------------------------

#: Weights of the terms of ``evaluate`` (points of evaluation per unit).
WEIGHTS: Mapping[str, float] = {
    "score": 10.0,  # per point of (own score - best other score), RULES.md 9
    "control": 6.0,  # per Singularity cell topped, squared (a true win needs all four)
    "progress": 1.0,  # per step a piece is from the Singularity (own: -, others: +)
    "captive": 3.0,  # per piece held captive (own pieces held: -, others held by us: +)
    "armed": 4.0,  # per Anomaly corner whose two firing positions we top (can fire)
    "loaded": 1.0,  # per firing position we top
    "lost": 6.0,  # per own piece eliminated
}
#: The value of a finished game: won (shared wins count half), lost.
WIN_VALUE = 100_000.0

_DIST_CACHE: dict[int, tuple[tuple[int, ...], Topology]] = {}


def distances_to_singularity(topology: Topology) -> tuple[int, ...]:
    """Per position, the fewest actions a lone piece needs to reach the Singularity.

    A step costs 1, free Wormhole travel 0, firing from a firing position 1;
    other pieces are ignored. Positions that cannot reach it (unusable apexes)
    get a large number. Cached per topology.

    >>> import astroplane
    >>> b = astroplane.REFERENCE_BOARD
    >>> d = distances_to_singularity(b)
    >>> d[b.position("a1S")], d[b.position("Sl")] > 1
    (1, True)
    """
    key = id(topology)
    hit = _DIST_CACHE.get(key)
    if hit is not None and hit[1] is topology:
        return hit[0]
    t = topology
    n = t.n_positions
    back: list[list[tuple[int, int]]] = [[] for _ in range(n)]  # reverse edges (source, cost)
    for p in range(n):
        for q, _how in t.step_dests[p]:
            back[q].append((p, 1))
        for q, _how in t.travel_dests[p]:
            back[q].append((p, 0))
    far = 10 * n
    dist = [far] * n
    todo: deque[int] = deque()
    for cell, _apex in t.singularity:
        sp = t.singularity_position[cell]
        dist[sp] = 0
        todo.append(sp)
    for f in range(t.start_base - t.fire_base):  # firing flies straight in
        dist[t.fire_base + f] = 1
        todo.append(t.fire_base + f)
    while todo:  # 0-1 BFS on the reversed graph
        q = todo.popleft()
        for p, cost in back[q]:
            d = dist[q] + cost
            if d < dist[p]:
                dist[p] = d
                if cost:
                    todo.append(p)
                else:
                    todo.appendleft(p)
    result = tuple(dist)
    _DIST_CACHE[key] = (result, topology)
    return result


def evaluate(state: GameState, seat: int) -> float:
    """How good ``state`` is for ``seat`` (higher is better), cheap enough for every action.

    A finished game is worth ``+WIN_VALUE`` to a winner (half for a shared
    win) and ``-WIN_VALUE`` to the others. Otherwise the sum of these terms,
    weighted by ``WEIGHTS``:

    * **score**: own score minus the best other score (RULES.md 9: 3 per
      piece eliminated, 2 per Singularity top, 1 per piece lower there), so
      it counts *pieces eliminated* and *Singularity control* as points;
    * **control**: Singularity cells topped, squared, minus the same for the
      strongest other player (the true win needs all four);
    * **progress**: for every piece on the board or in reserve, how many
      actions it is from the Singularity (``distances_to_singularity``;
      a reserve piece counts as its Start Area plus one): own distance
      counts against, other players' (averaged over them) in favour, so
      *sending pieces back* to Start pays;
    * **captive**: pieces held captive under another player's piece
      (rulebook: captive) — own ones against, ones held by this seat for;
    * **armed/loaded** (*threats*): Anomaly corners whose two firing
      positions this seat tops (it can fire two pieces into the Singularity
      with one move [D5]), and firing positions topped at all;
    * **lost**: own pieces eliminated.

    Args:
        state: Any state (the evaluation does not depend on whose turn it is).
        seat: The seat (0..3) to evaluate for.

    Returns:
        The evaluation, in points.

    >>> import astroplane
    >>> s = astroplane.new_game(2)
    >>> evaluate(s, 0) == evaluate(s, 2)
    True
    """
    out = state.outcome
    if out is not None:
        if seat in out.winners:
            return WIN_VALUE / len(out.winners)
        return -WIN_VALUE
    t = state.topology
    dist = distances_to_singularity(t)
    stacks = state.stacks
    where = state.where
    w = WEIGHTS
    seats = state.active_seats
    others = [s for s in state.seats if s != seat]
    points = state.scores()
    value = w["score"] * (points[seat] - max((points[s] for s in others), default=0))

    tops = [0, 0, 0, 0]
    for cell, _apex in t.singularity:
        st = stacks[t.singularity_position[cell]]
        if st:
            tops[st[-1] // 10] += 1
    value += w["control"] * (tops[seat] ** 2 - max((tops[s] ** 2 for s in others), default=0))

    own_dist = 0
    other_dist = 0
    captive = 0
    fire_base, start_base = t.fire_base, t.start_base
    for pid in range(40):
        pos = where[pid]
        owner = pid // 10
        if pos == IN_RESERVE:
            d = dist[t.start_position(owner, 0)] + 1
        elif pos >= 0:
            d = dist[pos]
            st = stacks[pos]
            top = st[-1]
            if top != pid and top // 10 != owner:
                if owner == seat:
                    captive -= 1
                elif top // 10 == seat:
                    captive += 1
        else:
            continue
        if owner == seat:
            own_dist += d
        elif owner in seats:
            other_dist += d
    n_other = max(1, len(seats) - 1) if seat in seats else max(1, len(seats))
    value += w["progress"] * (other_dist / n_other - own_dist)
    value += w["captive"] * captive

    loaded = 0
    for f in range(start_base - fire_base):
        st = stacks[fire_base + f]
        if st and st[-1] // 10 == seat:
            loaded += 1
    armed = 0
    if loaded >= 2:
        for a, b in t.corner_firing.values():
            sa, sb = stacks[a], stacks[b]
            if sa and sb and sa[-1] // 10 == seat and sb[-1] // 10 == seat:
                armed += 1
    value += w["loaded"] * loaded + w["armed"] * armed

    lost = sum(1 for p, _by in state.eliminated if p // 10 == seat)
    value -= w["lost"] * lost
    return value


class GreedyBot:
    """One-action look-ahead: plays each legal action and keeps the best by ``evaluate``.

    The result of each action is evaluated for the seat that moves (even if
    the action ends the turn); equal best values are broken by the bot's
    seeded random generator, so the bot is reproducible and still varied.
    A turn is several calls: every action of it (moves, free Wormhole
    travels, ``END_TURN``) is chosen greedily in turn.

    Args:
        seed: Seed of the tie-breaking random generator (None: unseeded).
        evaluation: The evaluation function ``(state, seat) -> float``
            (default ``evaluate``).

    Raises:
        ValueError: From ``choose``, if the game is over.

    >>> import astroplane
    >>> s = astroplane.new_game(2)
    >>> GreedyBot(seed=1).choose(s) in s.legal_moves()
    True
    """

    name = "greedy"

    def __init__(
        self,
        seed: int | None = None,
        evaluation: Callable[[GameState, int], float] = evaluate,
    ) -> None:
        self.seed = seed
        self.evaluation = evaluation
        self._rng = random.Random(seed)

    def choose(self, state: GameState) -> Move:
        """The legal action whose result ``evaluate`` rates best for the mover."""
        moves = _legal_or_raise(state)
        if len(moves) == 1:
            return moves[0]
        seat = int(state.to_move)
        play = state.play
        ev = self.evaluation
        best: list[Move] = []
        best_value = float("-inf")
        for m in moves:
            v = ev(play(m), seat)
            if v > best_value:
                best_value = v
                best = [m]
            elif v == best_value:
                best.append(m)
        return best[0] if len(best) == 1 else self._rng.choice(best)

    def __repr__(self) -> str:
        return f"GreedyBot(seed={self.seed!r})"


#: Bot constructors by name, for frontends (``make_bot("greedy", seed=1)``).
BOTS: Mapping[str, Callable[[int | None], Agent]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
}


def make_bot(name: str, seed: int | None = None) -> Agent:
    """A bot by name (a key of ``BOTS``), seeded.

    Raises:
        ValueError: If ``name`` is not a known bot.

    >>> make_bot("greedy", 3)
    GreedyBot(seed=3)
    """
    try:
        factory = BOTS[name.strip().lower()]
    except KeyError:
        raise ValueError(f"unknown bot {name!r} (choose from {', '.join(sorted(BOTS))})") from None
    return factory(seed)


# ---- running games ----------------------------------------------------------


@attrs.frozen
class GameRun:
    """A game played by ``play_game``.

    Attributes:
        initial: The starting state (with the rules actually used).
        moves: Every action played, in order.
        final: The last state; ``final.outcome`` says how the game ended.
    """

    initial: GameState
    moves: tuple[Move, ...]
    final: GameState


def play_game(
    state: GameState,
    agents: Sequence[Agent] | Mapping[int, Agent],
    *,
    max_turns: int | None = None,
    on_action: Callable[[GameState, Move, GameState], None] | None = None,
) -> GameRun:
    """Play a game to its end between agents.

    Args:
        state: The starting state.
        agents: One agent per seat: a mapping ``seat -> agent``, or a sequence
            in the order of ``state.seats``.
        max_turns: If given, the rules' ``max_turns`` is set to it first, so
            the game ends (by [D18]'s turn limit) at the latest after that turn.
        on_action: Called as ``on_action(before, move, after)`` after each action.

    Returns:
        The ``GameRun`` (initial state, actions, final state).

    Raises:
        ValueError: If a seat has no agent, ``max_turns`` is not positive, or
            an agent returns an illegal action (as ``astroplane.IllegalMoveError``).

    >>> import astroplane
    >>> run = play_game(astroplane.new_game(3), [RandomBot(1), RandomBot(2), RandomBot(3)],
    ...                 max_turns=30)
    >>> run.final.outcome is not None and run.final.turn <= 30
    True
    """
    if max_turns is not None:
        state = attrs.evolve(state, rules=attrs.evolve(state.rules, max_turns=max_turns))
    by_seat: dict[int, Agent]
    if isinstance(agents, Mapping):
        by_seat = {int(k): v for k, v in agents.items()}
    else:
        if len(agents) != len(state.seats):
            raise ValueError(f"need {len(state.seats)} agents (one per seat), got {len(agents)}")
        by_seat = dict(zip(state.seats, agents, strict=True))
    missing = [s for s in state.seats if s not in by_seat]
    if missing:
        raise ValueError(f"no agent for seat(s) {', '.join('SWNE'[s] for s in missing)}")
    initial = state
    moves: list[Move] = []
    while not state.is_over:
        move = by_seat[int(state.to_move)].choose(state)
        after = state.play(move)
        moves.append(move)
        if on_action is not None:
            on_action(state, move, after)
        state = after
    return GameRun(initial=initial, moves=tuple(moves), final=state)
