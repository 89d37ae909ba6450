"""The conformance suite's main run: seeded random games checked state by state
(``check_conformance``, ``assert_conformance``)."""

from __future__ import annotations

import random
from collections.abc import Hashable, Iterable, Sequence
from typing import Any

from astroplane.protocol import Game, State, get_game, sample_chance
from astroplane.testing.hostile import _repr, check_hostile
from astroplane.testing.report import ConformanceError, ConformanceReport
from astroplane.turnlimit import limit_state, stopped


def assert_conformance(rules: Any = None, **kwargs: Any) -> ConformanceReport:
    """``check_conformance`` for test suites: raise on any problem.

    Raises:
        ConformanceError: If a contract was broken (its message lists the problems).
    """
    report = check_conformance(rules, **kwargs)
    if not report.ok:
        raise ConformanceError(report)
    return report


def check_conformance(
    rules: Any = None,
    *,
    game: str | Game[Any, Any] = "astroplane",
    players: Iterable[int] | None = None,
    games: int = 3,
    seed: int = 0,
    max_turns: int = 60,
    illegal_samples: int = 3,
    hostile: int = 10,
) -> ConformanceReport:
    """Play seeded random games under ``rules`` and check the contracts (module docstring).

    Args:
        rules: The game's rules value (a ``Rules`` for ASTROPLANE); None for the game's
            standard rules.
        game: The game, by registered name or as a ``Game``.
        players: Player counts to play (default: every count the game allows).
        games: Games per player count.
        seed: Seed of the random play; game ``i`` of a count uses ``seed + i``.
        max_turns: The turn limit, as for every tool (``astroplane.turnlimit``): no turn
            after it is played; the game's turn-limit rule, if it has one, is set to end
            the game by then, and a game without one is stopped there.
        illegal_samples: Moves from other states tried as illegal per state.
        hostile: Mutated inputs tried per reader by ``check_hostile`` (which also gives
            junk to ``play`` and plays a state at the turn bound); 0 skips those checks.

    Returns:
        The report; ``report.ok`` is True when every contract held.

    Raises:
        ValueError: If the game is unknown or the rules are of another game.
    """
    g = get_game(game) if isinstance(game, str) else game
    counts_all = tuple(g.player_counts if players is None else players)
    if rules is None:
        rules = getattr(g.new_game(counts_all[0]), "rules", None)
    counts = counts_all
    problems: list[str] = []
    plies = checked = played = 0
    try:
        label = g.rules_to_text(rules) if rules is not None else "standard"
    except ValueError:
        label = repr(rules)
    for count in counts:
        for i in range(games):
            run = _Run(g, rules, count, seed + i, illegal_samples, problems)
            run.play(max_turns, max_plies=max_turns * 40)
            plies += run.plies
            checked += run.checked
            played += 1
            if not run.ended:
                problems.append(f"{run.where}: the game did not end within {max_turns} turns")
    notes: tuple[str, ...] = ()
    if hostile > 0:
        extra = check_hostile(g, rules=rules, players=counts, seed=seed, examples=hostile)
        problems.extend(extra.problems)
        notes = extra.notes
    return ConformanceReport(g.name, label, played, plies, checked, tuple(problems), notes)


class _Run:
    """One seeded game, checked state by state."""

    def __init__(
        self,
        game: Game[Any, Any],
        rules: Any,
        players: int,
        seed: int,
        illegal_samples: int,
        problems: list[str],
    ) -> None:
        self.game = game
        self.rules = rules
        self.players = players
        self.seed = seed
        self.rng = random.Random(seed)
        self.illegal_samples = illegal_samples
        self.problems = problems
        self.seen_moves: list[Hashable] = []
        self.plies = 0
        self.checked = 0
        self.ended = False
        self.where = f"{players} players, seed {seed}, start"

    def fail(self, what: str) -> None:
        self.problems.append(f"{self.where}: {what}")

    def play(self, max_turns: int, max_plies: int) -> None:
        try:
            state = self.game.new_game(self.players, rules=self.rules)
            state = limit_state(state, max_turns, self.game)
        except ValueError as exc:
            self.fail(f"new_game failed: {exc}")
            return
        for ply in range(max_plies + 1):
            self.where = f"{self.players} players, seed {self.seed}, ply {ply}"
            try:
                self.check(state)
            except Exception as exc:  # a rule set under test may fail in any way
                self.fail(f"checking the state raised {type(exc).__name__}: {exc}")
                return
            if state.is_over or stopped(state, max_turns):
                self.ended = True
                return
            if len(self.problems) > 50:
                return
            try:
                move = (
                    sample_chance(state, self.rng)
                    if state.is_chance_node
                    else self.rng.choice(list(state.legal_moves()))
                )
                nxt = self.step(state, move)
            except Exception as exc:  # a rule set under test may fail in any way
                self.fail(f"playing raised {type(exc).__name__}: {exc}")
                return
            if nxt is None:
                return
            state = nxt
            self.plies += 1

    def step(self, state: State[Any], move: Hashable) -> State[Any] | None:
        g = self.game
        try:
            text_before = g.position_to_text(state)
            after = state.play(move)
        except ValueError as exc:
            self.fail(f"a legal move {move!r} does not play: {exc}")
            return None
        if g.position_to_text(state) != text_before:
            self.fail(f"play({_repr(move)}) changed the state it was called on")
        if g.effects is not None and g.replay_effects is not None and g.summary is not None:
            try:
                events = g.effects(state, move)
                if g.replay_effects(state, events) != g.summary(after):
                    self.fail(f"the events of {move!r} do not replay to the board after it")
            except (ValueError, AttributeError, KeyError) as exc:
                self.fail(f"the events of {move!r} cannot be replayed: {exc}")
        self.seen_moves.append(move)
        return after

    def check(self, state: State[Any]) -> None:
        self.checked += 1
        g = self.game
        moves = list(state.legal_moves())
        if len(set(moves)) != len(moves):
            self.fail("legal_moves() lists a move twice")
        try:
            text = g.position_to_text(state)
            again = g.position_from_text(text)
            if again != state:
                self.fail(f"the position text does not read back equal: {text}")
            elif list(again.legal_moves()) != moves:
                self.fail("an equal state lists other legal moves (or another order)")
            if g.from_json(g.to_json(state)) != state:
                self.fail("the JSON does not read back equal")
        except ValueError as exc:
            self.fail(f"the formats cannot write or read this state: {exc}")
        if state.is_over:
            self.check_end(state)
        elif not state.is_chance_node:
            self.check_illegal(state, moves)
            for move in moves:
                try:
                    state.play(move)
                except ValueError as exc:
                    self.fail(f"legal move {move!r} raises {exc}")
        if g.invariants is not None:
            for problem in g.invariants(state):
                self.fail(problem)

    def check_illegal(self, state: State[Any], moves: Sequence[Hashable]) -> None:
        legal = set(moves)
        others = [m for m in self.seen_moves[-40:] if m not in legal]
        g = self.game
        text = g.position_to_text(state)
        for move in self.rng.sample(others, min(self.illegal_samples, len(others))):
            try:
                state.play(move)
            except ValueError:
                pass
            else:
                self.fail(f"illegal move {move!r} was played without an error")
            if g.position_to_text(state) != text:
                self.fail(f"trying the illegal move {move!r} changed the state")

    def check_end(self, state: State[Any]) -> None:
        values = state.returns()
        if any(not 0.0 <= v <= 1.0 for v in values) or not any(values):
            self.fail(f"a finished game's returns() {values} are not values 0..1 for someone")
        if state.legal_moves():
            self.fail("a finished game still has legal moves")
