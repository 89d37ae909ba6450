"""Batches of seeded games between bots: in this process, on every core, or on a Ray cluster.

A *run* plays ``games`` games of one game, player count, rules and line-up of bots
(``RunSpec``). Game ``i`` of a run with seed ``seed`` is seeded by ``game_seed(seed, i)``
alone: its bots' seeds and the draws of its dice come from that number, so the game is the
same whichever worker plays it and however many workers there are. ``run_games`` plays
them

* in this process (``workers=1``),
* on a local process pool (``workers=N``): at most ``N`` games at a time, and a worker
  that dies (a crash of the interpreter, a ``kill``) costs only the game it was playing,
  which is reported with its index and seed while the run goes on,
* or as tasks on a Ray cluster (``ray="auto"`` or an address; the extra
  ``astroplane[ray]``), for runs that need more than one machine,

and hands each ``GameResult`` to ``on_result`` as it arrives (for a progress bar), then
returns them all in game order. An exception inside a game (a bot's bug, a plug-in's) is
caught in the worker and reported the same way as a crash: ``GameResult.error``.

With ``RunSpec.tally`` the workers also count what the caller wants to know of each game
(how often a rule fired, how the game ended) as it is played, and send back only those
numbers (``GameResult.tally``): a balance study of thousands of games needs no game shipped
back whole (``RunSpec.moves=False`` leaves out the notation too).

With ``RunSpec.dataset`` the workers also record every decision (``DecisionRow``: the
observation of the seat to act, its legal actions, the action chosen) for
``astroplane.dataset``.

Examples:
    >>> spec = RunSpec("square-off", players=2, bots=("greedy", "random"), max_turns=40)
    >>> results = run_games(spec, games=2, seed=7)
    >>> [r.index for r in results], results[0].seed == game_seed(7, 0)
    ([0, 1], True)
    >>> results == run_games(spec, games=2, seed=7)
    True
"""

from __future__ import annotations

import hashlib
import importlib
import time
import traceback
from collections.abc import Callable, Iterable, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from typing import Any, Protocol

import attrs

from astroplane.agents import make_bot, play_game
from astroplane.plugins import load_plugin
from astroplane.protocol import Game, State, get_game

__all__ = [
    "DecisionRow",
    "GameResult",
    "RunSpec",
    "Tally",
    "bot_seed",
    "dice_seed",
    "game_seed",
    "play_one",
    "run_games",
]


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` (from 0) of a run seeded ``seed``: 64 bits of SHA-256 of
    both, so nearby runs and games get unrelated seeds, the same on every machine and
    Python version.

    Examples:
        >>> game_seed(7, 0) == game_seed(7, 0) != game_seed(7, 1)
        True
    """
    digest = hashlib.sha256(f"astroplane-run:{seed}:{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def _sub_seed(seed: int, what: str) -> int:
    """A seed for one part of a game (a seat's bot, the dice) from the game's seed."""
    digest = hashlib.sha256(f"astroplane-game:{seed}:{what}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def bot_seed(seed: int, seat: int) -> int:
    """The seed of seat ``seat``'s bot in the game seeded ``seed`` (``game_seed``)."""
    return _sub_seed(seed, f"seat {seat}")


def dice_seed(seed: int) -> int:
    """The seed of the draws of chance (``play_game``'s ``chance_seed``) in the game
    seeded ``seed`` (``game_seed``)."""
    return _sub_seed(seed, "chance")


def _names(values: Iterable[str]) -> tuple[str, ...]:
    return tuple(values)


class Tally(Protocol):
    """What a worker counts along one game (``RunSpec.tally`` makes one per game from its
    first state): it is called after each action like ``play_game``'s ``on_action``, and
    ``summary(final)`` is the game's ``GameResult.tally``."""

    def __call__(self, before: Any, move: Any, after: Any) -> None: ...

    def summary(self, final: Any) -> Mapping[str, float]: ...


def _iterations(_inst: object, _attr: object, value: int | None) -> None:
    if value is not None and (isinstance(value, bool) or not isinstance(value, int) or value < 1):
        raise ValueError(f"iterations is a positive int, not {value!r}")


@attrs.frozen
class RunSpec:
    """What a run plays: every game of it is this game, count, rules and line-up.

    Attributes:
        game: The registered name of the game.
        players: The player count.
        bots: Bot names (``astroplane.agents.BOTS``) given to the seats in turn order,
            cycled (``("greedy", "random")`` puts greedy on the 1st and 3rd seats).
        rules: The rules text (``Game.rules_from_text``); None: the game's standard
            rules.
        think: Seconds per move of the searching bots (None: their default budget).
            A budget in seconds depends on the machine's speed and load, so the games
            are reproducible only with ``iterations`` or the default budget.
        iterations: Playouts per move of the searching bots (``THINKING_BOTS``; None: the
            default budget, or ``think``).
        max_turns: The turn limit (``play_game``'s ``max_turns``); None: the rules' own.
        plugins: Plug-in modules or ``.py`` files every worker imports before playing (the
            ones ``--plugin`` loaded), so that a plug-in game plays on the workers too.
        dataset: Record every decision (``GameResult.rows``).
        tally: None, or what makes each game's ``Tally`` from its first state (a class or
            a function at the top level of a module, so that it pickles to the workers):
            its summary is ``GameResult.tally``.
        moves: Keep every action's notation in ``GameResult.moves``; False leaves it
            empty (less to send back when the tally says all that is needed).

    Raises:
        ValueError: If ``iterations`` is not a positive int.
    """

    game: str
    players: int
    bots: tuple[str, ...] = attrs.field(converter=_names)
    rules: str | None = None
    think: float | None = None
    max_turns: int | None = None
    plugins: tuple[str, ...] = attrs.field(default=(), converter=_names)
    dataset: bool = False
    iterations: int | None = attrs.field(default=None, validator=_iterations)
    tally: Callable[[Any], Tally] | None = None
    moves: bool = True


@attrs.frozen
class DecisionRow:
    """One decision of a game: what the seat to act saw, could do and did.

    Attributes:
        ply: The number of actions played before it (chance outcomes included), from 0.
        seat: The seat number that acted.
        observation: ``Game.observe(state, seat)``, flattened (values 0..1); empty for a
            game without an observation.
        legal_actions: The legal action numbers, ascending.
        action: The action number chosen.
    """

    ply: int
    seat: int
    observation: tuple[float, ...]
    legal_actions: tuple[int, ...]
    action: int


@attrs.frozen
class GameResult:
    """One game of a run, as a worker reports it.

    Attributes:
        index: The game's number in the run, from 0.
        seed: Its seed (``game_seed(run seed, index)``).
        seats: The seat numbers in play, in turn order.
        bots: The bot of each seat, in the order of ``seats``.
        returns: The final ``returns()`` per seat number (empty after an error).
        plies: Actions played, chance outcomes included.
        turns: The final turn number.
        moves: Every action in the game's notation, chance outcomes included.
        outcome: The result in words (``Game.describe_outcome``).
        stopped: True when ``play_game`` stopped the game at the run's ``max_turns``
            (``GameRun.truncated``): it is not over, and nobody won.
        truncated: True when the game did not end by play: ``stopped``, or ended by its
            own turn-limit rule (``Game.ended_by_turn_limit``); learning tools call
            such an end a truncation.
        seconds: Time the worker spent on the game.
        error: None, or what went wrong: the exception and where, or that the worker
            process died while playing this game.
        rows: The decisions, with ``RunSpec.dataset``; else empty.
        tally: The summary of the game's ``Tally`` (``RunSpec.tally``): names to numbers;
            else empty.
    """

    index: int
    seed: int
    seats: tuple[int, ...] = ()
    bots: tuple[str, ...] = ()
    returns: tuple[float, ...] = ()
    plies: int = 0
    turns: int = 0
    moves: tuple[str, ...] = ()
    outcome: str = ""
    stopped: bool = False
    truncated: bool = False
    seconds: float = attrs.field(default=0.0, eq=False)
    error: str | None = None
    rows: tuple[DecisionRow, ...] = ()
    tally: Mapping[str, float] = attrs.field(factory=dict, hash=False)

    @property
    def ok(self) -> bool:
        """True when the game was played to its end without an error."""
        return self.error is None


def _load_plugins(plugins: Iterable[str]) -> None:
    """Import each plug-in (a module name or a ``.py`` file) once in this process
    (``astroplane.plugins.load_plugin``): a file imported before, under any name (the
    parent's ``--plugin`` loaded it), is not run again."""
    for ref in plugins:
        load_plugin(ref)


def _start(game: Game[Any, Any], spec: RunSpec) -> State[Any]:
    rules = None if spec.rules is None else game.rules_from_text(spec.rules)
    state: State[Any] = game.new_game(spec.players, rules=rules)
    return state


def play_one(
    spec: RunSpec,
    index: int,
    seed: int,
    *,
    on_action: Callable[[Any, Any, Any], None] | None = None,
) -> GameResult:
    """Play game ``index`` of a run (seeded ``seed``, its ``game_seed``): the function a
    worker runs. Never raises: an error is reported in ``GameResult.error``.

    ``on_action(before, move, after)`` is called after each action (``play_game``'s), in
    the process that plays (``astroplane selfplay --show`` prints the game with it)."""
    t0 = time.perf_counter()
    try:
        _load_plugins(spec.plugins)
        game = get_game(spec.game)
        initial = _start(game, spec)
        seats = tuple(int(s) for s in initial.seats)
        names = tuple(spec.bots[i % len(spec.bots)] for i in range(len(seats)))
        agents = {
            s: make_bot(n, bot_seed(seed, s), think=spec.think, iterations=spec.iterations)
            for s, n in zip(seats, names, strict=True)
        }
        rows: list[DecisionRow] = []
        tally = None if spec.tally is None else spec.tally(initial)
        recorder = _recorder(game, rows) if spec.dataset else None
        hooks = [h for h in (on_action, recorder, tally) if h is not None]
        run = play_game(
            initial,
            agents,
            max_turns=spec.max_turns,
            on_action=None if not hooks else hooks[0] if len(hooks) == 1 else _all(hooks),
            chance_seed=dice_seed(seed),
        )
        moves, state = [], run.initial
        for move in run.moves if spec.moves else ():
            moves.append(game.format_move(state, move))
            state = state.play(move)
        final = run.final
        ended = game.ended_by_turn_limit
        return GameResult(
            index=index,
            seed=seed,
            seats=seats,
            bots=names,
            returns=tuple(float(r) for r in final.returns()),
            plies=len(run.moves),
            turns=int(final.turn),
            moves=tuple(moves),
            outcome=game.describe_outcome(final),
            stopped=run.truncated,
            truncated=run.truncated or bool(ended is not None and ended(final)),
            seconds=time.perf_counter() - t0,
            rows=tuple(rows),
            tally={} if tally is None else dict(tally.summary(final)),
        )
    except Exception as exc:  # a bot's or a plug-in's bug: report it, the run goes on
        where = traceback.extract_tb(exc.__traceback__)[-1]
        return GameResult(
            index=index,
            seed=seed,
            seconds=time.perf_counter() - t0,
            error=f"{type(exc).__name__}: {exc} (at {where.filename}:{where.lineno})",
        )


def _all(hooks: Sequence[Callable[[Any, Any, Any], None]]) -> Callable[[Any, Any, Any], None]:
    def every(before: Any, move: Any, after: Any) -> None:
        for hook in hooks:
            hook(before, move, after)

    return every


def _recorder(game: Game[Any, Any], rows: list[DecisionRow]) -> Callable[[Any, Any, Any], None]:
    """An ``on_action`` hook that records each decision (not chance) into ``rows``."""
    to_action, observe = game.move_to_action, game.observe
    if to_action is None:
        raise ValueError(f"the game {game.name!r} has no action encoding: no dataset")
    ply = 0

    def record(before: Any, move: Any, _after: Any) -> None:
        nonlocal ply
        if not before.is_chance_node:
            seat = int(before.to_move)
            seen = () if observe is None else tuple(float(v) for v in observe(before, seat))
            legal = tuple(sorted(to_action(before, m) for m in before.legal_moves()))
            rows.append(DecisionRow(ply, seat, seen, legal, to_action(before, move)))
        ply += 1

    return record


def run_games(
    spec: RunSpec,
    games: int,
    seed: int,
    *,
    workers: int = 1,
    ray: str | None = None,
    on_result: Callable[[GameResult], None] | None = None,
) -> list[GameResult]:
    """Play ``games`` games of ``spec``, seeded from ``seed``; their results in game order.

    Args:
        spec: What to play.
        games: How many games (at least 1).
        seed: The run's seed; game ``i`` is seeded ``game_seed(seed, i)``.
        workers: Processes playing at once on this machine (1: in this process).
        ray: None, or a Ray address (``"auto"``: the cluster this machine belongs to, or a
            new local one; ``"ray://host:10001"``...): play the games as Ray tasks there
            (``workers`` is then ignored: Ray schedules them).
        on_result: Called with each result as it arrives (in completion order).

    Returns:
        One ``GameResult`` per game, by index; a game that failed has ``error`` set.

    Raises:
        ValueError: If ``games`` or ``workers`` is not a positive int, or the spec names
            an unknown game, bot or rules (checked here, before any worker starts).
        ImportError: If ``ray`` is given and Ray is not installed.
        RuntimeError: If the local workers die before playing anything, again and again.
    """
    for name, value in (("games", games), ("workers", workers)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise ValueError(f"{name} is a positive int, not {value!r}")
    _load_plugins(spec.plugins)
    game = get_game(spec.game)
    _start(game, spec)  # the game, count and rules are valid
    for name in spec.bots:
        make_bot(name, 0, think=spec.think, iterations=spec.iterations)
    tasks = [(i, game_seed(seed, i)) for i in range(games)]
    report = on_result or (lambda _r: None)
    if ray is not None:
        results = _on_ray(spec, tasks, ray, report)
    elif workers == 1:
        results = []
        for i, s in tasks:
            results.append(play_one(spec, i, s))
            report(results[-1])
    else:
        results = _on_pool(spec, tasks, workers, report)
    return sorted(results, key=lambda r: r.index)


def _on_pool(
    spec: RunSpec,
    tasks: Sequence[tuple[int, int]],
    workers: int,
    report: Callable[[GameResult], None],
) -> list[GameResult]:
    """The tasks on a local process pool, at most ``workers`` at a time. When a worker
    dies, the pool breaks: each game that was in flight is played again alone, in a pool
    of its own, and the one that breaks that pool too is reported as the crash."""
    results: list[GameResult] = []
    todo = list(tasks)
    idle_breaks = 0
    while todo:
        in_flight, broken = _drain(spec, todo, workers, results, report)
        if not broken:
            break
        idle_breaks = 0 if in_flight else idle_breaks + 1
        if idle_breaks == 3:  # workers that die before they play: no game to blame
            raise RuntimeError("the process pool broke three times with no game in flight")
        for i, s in in_flight:  # which of them killed its worker?
            _in_flight, crashed = _drain(spec, [(i, s)], 1, results, report)
            if crashed:
                result = GameResult(
                    index=i, seed=s, error="the worker process died while playing this game"
                )
                results.append(result)
                report(result)
        finished = {r.index for r in results}
        todo = [t for t in todo if t[0] not in finished]
    return results


def _drain(
    spec: RunSpec,
    todo: list[tuple[int, int]],
    workers: int,
    results: list[GameResult],
    report: Callable[[GameResult], None],
) -> tuple[list[tuple[int, int]], bool]:
    """Play ``todo`` on a fresh pool, at most ``workers`` in flight; add each result to
    ``results``. Returns the tasks in flight when the pool broke, and whether it did."""
    queue = list(reversed(todo))
    running: dict[Future[GameResult], tuple[int, int]] = {}
    with ProcessPoolExecutor(max_workers=workers) as pool:
        try:
            while queue or running:
                while queue and len(running) < workers:
                    task = queue.pop()
                    running[pool.submit(play_one, spec, *task)] = task
                done, _pending = wait(running, return_when=FIRST_COMPLETED)
                for future in done:
                    result = future.result()  # BrokenProcessPool if a worker died
                    running.pop(future)
                    results.append(result)
                    report(result)
        except BrokenProcessPool:
            return list(running.values()), True
    return [], False


def _on_ray(
    spec: RunSpec,
    tasks: Sequence[tuple[int, int]],
    address: str,
    report: Callable[[GameResult], None],
) -> list[GameResult]:
    """The tasks as Ray tasks on the cluster at ``address``, each game one task."""
    try:
        ray = importlib.import_module("ray")
    except ImportError as exc:
        raise ImportError("--ray needs Ray: pip install 'astroplane[ray]'") from exc
    if not ray.is_initialized():
        ray.init(address=None if address == "local" else address, log_to_driver=False)
    remote = ray.remote(max_retries=0)(play_one)
    pending = {remote.remote(spec, i, s): (i, s) for i, s in tasks}
    results: list[GameResult] = []
    while pending:
        done, _rest = ray.wait(list(pending), num_returns=1)
        for ref in done:
            i, s = pending.pop(ref)
            try:
                result = ray.get(ref)
            except Exception as exc:  # the task's worker died: Ray's own error
                result = GameResult(index=i, seed=s, error=f"Ray task failed: {exc}")
            results.append(result)
            report(result)
    return results
