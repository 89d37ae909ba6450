"""Bots: players that choose an action for a state, for frontends and simulations.

An agent is anything with a ``choose(state) -> move`` method (the ``Agent`` protocol).
Everything here is written against the game-agnostic ``astroplane.protocol.State``, so
it plays any registered game:

* ``RandomBot`` picks uniformly among the legal actions.
* ``GreedyBot`` looks to the end of its turn: it plays every legal action, plays the rest
  of its turn greedily (each action the one whose result is best), and keeps the action
  whose turn ends best for the mover under the game's evaluation
  (``astroplane.games.astroplane.evaluation.evaluate`` for ASTROPLANE; ties broken at random).
* ``MCTSBot`` (``astroplane.mcts``) searches: UCT with cut-off playouts and a max^n
  backup, within a budget of iterations or seconds.

Both are seeded, so a game between bots is reproducible, and both only ever return a
member of ``state.legal_moves()``. ``play_game`` runs a whole game between agents, drawing
the outcome of chance nodes (dice) with its own seeded generator.

Examples:
    >>> import astroplane
    >>> from astroplane.agents import GreedyBot, RandomBot, play_game
    >>> bots = [GreedyBot(seed=1), RandomBot(seed=2)]
    >>> game = play_game(astroplane.new_game(2), bots, max_turns=40)
    >>> game.final.is_over, len(game.moves) > 0
    (True, True)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Mapping, Sequence
from types import MappingProxyType
from typing import Any, Protocol, runtime_checkable

import attrs

from astroplane.mcts import TURN_LOOKAHEAD, MCTSBot
from astroplane.protocol import State, game_of, sample_chance
from astroplane.turnlimit import limit_state, stopped

__all__ = [
    "BOTS",
    "TURN_LOOKAHEAD",
    "Agent",
    "GameRun",
    "GreedyBot",
    "RandomBot",
    "make_bot",
    "outcome_evaluation",
    "play_game",
]


@runtime_checkable
class Agent(Protocol):
    """Anything that can choose the next action of the player to move.

    ``choose`` gets a state whose game is not over and must return one of
    ``state.legal_moves()``; a turn takes several calls (one per action,
    including free Wormhole travels and ``END_TURN`` [D7]).
    """

    def choose(self, state: Any) -> Any:
        """The action to play in ``state`` (a member of ``state.legal_moves()``)."""
        ...


def _legal_or_raise(state: State[Any]) -> Sequence[Any]:
    if state.is_chance_node:
        raise ValueError("a chance node: no player chooses here (draw an outcome instead)")
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

    Examples:
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

    def choose(self, state: State[Any]) -> Any:
        """A random member of ``state.legal_moves()``."""
        return self._rng.choice(_legal_or_raise(state))

    def __repr__(self) -> str:
        return f"RandomBot(seed={self.seed!r})"


def outcome_evaluation(state: State[Any], seat: int) -> float:
    """An evaluation for a game that has none: a finished game is worth its return to
    ``seat`` (``state.returns()[seat]``), every other state 0.5 (GreedyBot's default for
    such games: it takes an immediate win, and plays at random otherwise).

    Examples:
        >>> import astroplane
        >>> outcome_evaluation(astroplane.new_game(2), 0)
        0.5
    """
    if not state.is_over:
        return 0.5
    return float(state.returns()[seat])


class GreedyBot:
    """Turn look-ahead: plays each legal action, then the rest of its turn greedily, and
    keeps the action whose turn ends best by the game's evaluation.

    For each legal action, the bot plays it and, while the same seat still acts (a turn
    of several actions: ASTROPLANE's moves, free Wormhole travels and ``END_TURN`` [D7], a
    Square Off removal, a StarCastles move after a Phase Gem), plays the action whose
    result the evaluation rates best (at most ``TURN_LOOKAHEAD`` actions; a forced action
    is played without rating); the state where the turn ends (or the game, or a chance
    node is reached) is rated for the mover. So the bot judges a move by what follows it
    in its own turn: it does not step where the rest of its turn must take it somewhere
    bad. Equal best values are broken by the bot's seeded random generator, so the bot is
    reproducible and still varied. A turn is several calls: every action of it is chosen
    so in turn.

    Cost per call: for ``b`` legal actions and ``k`` more actions in the turn, about
    ``b * (1 + k * b')`` plays and evaluations (``b'`` the actions at each later step),
    shared between actions that reach the same state; with ``lookahead=False``, ``b``
    (the one-action bot of earlier versions). Measured per game in docs/bots.md.

    Args:
        seed: Seed of the tie-breaking random generator (None: unseeded).
        evaluation: The evaluation function ``(state, seat) -> float`` (default: the
            game's, ``astroplane.protocol.game_of(state).evaluate``;
            ``astroplane.games.astroplane.evaluation.evaluate`` for ASTROPLANE). A game
            without one is rated by ``outcome_evaluation``: the bot takes a win when
            there is one and otherwise plays at random.
        lookahead: Play the rest of the turn before rating an action (default); False
            rates the state right after the action.

    Raises:
        ValueError: From ``choose``, if the game is over.

    Examples:
        >>> import astroplane
        >>> s = astroplane.new_game(2)
        >>> GreedyBot(seed=1).choose(s) in s.legal_moves()
        True
    """

    name = "greedy"

    def __init__(
        self,
        seed: int | None = None,
        evaluation: Callable[[Any, int], float] | None = None,
        *,
        lookahead: bool = True,
    ) -> None:
        self.seed = seed
        self.evaluation = evaluation
        self.lookahead = lookahead
        self._rng = random.Random(seed)

    def choose(self, state: State[Any]) -> Any:
        """The legal action whose turn the evaluation rates best for the mover."""
        moves = _legal_or_raise(state)
        if len(moves) == 1:
            return moves[0]
        seat = int(state.to_move)
        play = state.play
        ev = self.evaluation or game_of(state).evaluate or outcome_evaluation
        memo: dict[Any, float] | None = {}
        try:
            hash(state)
        except TypeError:  # a state type without hashing: no memo
            memo = None
        best: list[Any] = []
        best_value = float("-inf")
        for m in moves:
            v = _turn_value(play(m), seat, ev, memo) if self.lookahead else ev(play(m), seat)
            if v > best_value:
                best_value = v
                best = [m]
            elif v == best_value:
                best.append(m)
        return best[0] if len(best) == 1 else self._rng.choice(best)

    def __repr__(self) -> str:
        extra = "" if self.lookahead else ", lookahead=False"
        return f"GreedyBot(seed={self.seed!r}{extra})"


def _turn_value(
    state: State[Any], seat: int, ev: Callable[[Any, int], float], memo: dict[Any, float] | None
) -> float:
    """The value for ``seat`` of where its turn goes from ``state``: while ``seat`` still
    acts (at most ``TURN_LOOKAHEAD`` actions), it plays the action whose result ``ev``
    rates best (the first of equals); then ``ev`` rates the state reached. ``memo`` keeps
    the value of every state passed through (the same turn reached in another order)."""
    path: list[State[Any]] = []
    s = state
    value: float | None = None
    for _ in range(TURN_LOOKAHEAD + 1):
        value = None if memo is None else memo.get(s)
        if value is not None:
            break
        path.append(s)
        if len(path) > TURN_LOOKAHEAD or s.is_over or s.is_chance_node or int(s.to_move) != seat:
            break
        moves = s.legal_moves()
        play = s.play
        s = play(moves[0]) if len(moves) == 1 else max(map(play, moves), key=lambda a: ev(a, seat))
    if value is None:
        value = ev(path[-1], seat)
    if memo is not None:
        for visited in path:
            memo[visited] = value
    return value


#: Bot constructors by name, for frontends (``make_bot("greedy", seed=1)``).
BOTS: Mapping[str, Callable[..., Agent]] = MappingProxyType(
    {
        "random": RandomBot,
        "greedy": GreedyBot,
        "mcts": MCTSBot,
    }
)
#: The bots that take a thinking time (``make_bot(..., think=seconds)``).
THINKING_BOTS: frozenset[str] = frozenset({"mcts"})


def make_bot(
    name: str,
    seed: int | None = None,
    *,
    think: float | None = None,
    iterations: int | None = None,
) -> Agent:
    """A bot by name (a key of ``BOTS``), seeded.

    Args:
        name: The bot's name (``"random"``, ``"greedy"``...).
        seed: Seed of its random generator (None: unseeded).
        think: Seconds per move for the bots that search (``THINKING_BOTS``); ignored
            by the others. None: the bot's default budget.
        iterations: Playouts per move for the bots that search, a reproducible budget
            (with ``think`` too: whichever runs out first); ignored by the others.

    Raises:
        ValueError: If ``name`` is not a known bot, or ``think`` or ``iterations`` is not
            positive.

    Examples:
        >>> make_bot("greedy", 3)
        GreedyBot(seed=3)
    """
    key = name.strip().lower()
    try:
        factory = BOTS[key]
    except KeyError:
        raise ValueError(f"unknown bot {name!r} (choose from {', '.join(sorted(BOTS))})") from None
    if think is not None and not think > 0:
        raise ValueError(f"a thinking time is a positive number of seconds, not {think!r}")
    if iterations is not None and (
        isinstance(iterations, bool) or not isinstance(iterations, int) or iterations < 1
    ):
        raise ValueError(f"iterations is a positive int, not {iterations!r}")
    if key not in THINKING_BOTS:
        return factory(seed)
    budget: dict[str, Any] = {}
    if think is not None:
        budget["seconds"] = think
    if iterations is not None:
        budget["iterations"] = iterations
    return factory(seed, **budget)


# ---- running games ----------------------------------------------------------


@attrs.frozen
class GameRun:
    """A game played by ``play_game``.

    Attributes:
        initial: The starting state (with the rules actually used: a turn limit set on
            the game's own rule is in them).
        moves: Every action played, in order, chance outcomes included.
        final: The last state; once the game is over, ``final.outcome`` (or the game's
            ``describe_outcome``) says how it ended.
        truncated: True when ``play_game`` stopped the game at its ``max_turns``: the game
            has no turn-limit rule that could end it there (Aeroplane Chess), so ``final``
            is the state in which turn ``max_turns + 1`` begins, and it is not over.
    """

    initial: Any
    moves: tuple[Hashable, ...]
    final: Any
    truncated: bool = False


def play_game(
    state: State[Any],
    agents: Sequence[Agent] | Mapping[int, Agent],
    *,
    max_turns: int | None = None,
    on_action: Callable[[Any, Any, Any], None] | None = None,
    chance_seed: int | None = 0,
) -> GameRun:
    """Play a game to its end between agents.

    Args:
        state: The starting state (any registered game's).
        agents: One agent per seat: a mapping ``seat -> agent``, or a sequence
            in the order of ``state.seats``.
        max_turns: If given, no turn after turn ``max_turns`` (``state.turn``) is played,
            in every game (``astroplane.turnlimit``): a game with a turn-limit rule
            ends by it when that turn is over at the latest (ASTROPLANE [D18] and Square
            Off [SO6] count turns; StarCastles' rounds [SC6] are set to the whole rounds
            that end by then), and a game without one (Aeroplane Chess) is stopped there:
            the run is ``truncated`` and its final state is not over.
        on_action: Called as ``on_action(before, move, after)`` after each action.
        chance_seed: Seed of the generator that draws chance outcomes (dice), so a game
            with chance is reproducible; None for an unseeded one.

    Returns:
        The ``GameRun`` (initial state, actions, final state).

    Raises:
        ValueError: If a seat has no agent, ``max_turns`` is not a positive ``int``, or an
            agent returns an illegal action (as the game's ``ValueError`` subclass,
            ``astroplane.IllegalMoveError``).

    Examples:
        >>> import astroplane
        >>> run = play_game(astroplane.new_game(3), [RandomBot(1), RandomBot(2), RandomBot(3)],
        ...                 max_turns=30)
        >>> run.final.outcome is not None and run.final.turn <= 30
        True

        A game without a turn-limit rule is stopped when turn ``max_turns`` is over:

        >>> from astroplane.protocol import get_game
        >>> chess = get_game("aeroplane-chess").new_game(2)
        >>> run = play_game(chess, [RandomBot(1), RandomBot(2)], max_turns=5)
        >>> run.truncated, run.final.is_over, run.final.turn
        (True, False, 6)
    """
    if max_turns is not None:
        state = limit_state(state, max_turns)
    by_seat: dict[int, Agent]
    if isinstance(agents, Mapping):
        by_seat = {int(k): v for k, v in agents.items()}
    else:
        if len(agents) != len(state.seats):
            raise ValueError(f"need {len(state.seats)} agents (one per seat), got {len(agents)}")
        by_seat = dict(zip((int(s) for s in state.seats), agents, strict=True))
    missing = [s for s in state.seats if int(s) not in by_seat]
    if missing:
        names = game_of(state).seat_names
        raise ValueError(f"no agent for seat(s) {', '.join(names[s] for s in missing)}")
    rng = random.Random(chance_seed)
    initial = state
    moves: list[Any] = []
    truncated = False
    while not state.is_over:
        if stopped(state, max_turns):
            truncated = True
            break
        if state.is_chance_node:
            move = sample_chance(state, rng)
        else:
            move = by_seat[int(state.to_move)].choose(state)
        after = state.play(move)
        moves.append(move)
        if on_action is not None:
            on_action(state, move, after)
        state = after
    return GameRun(initial=initial, moves=tuple(moves), final=state, truncated=truncated)
