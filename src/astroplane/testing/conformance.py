"""The conformance suite's main run: seeded random games checked state by state
(``check_conformance``, ``assert_conformance``).

Each problem starts with the name of its check (docs/writing-a-game.md, "What each
failure means"): the state checks of ``astroplane.testing.states`` and the encoding
checks of ``astroplane.testing.encoding`` at every state, and these:

* ``legal-moves``: ``legal_moves()`` lists no move twice, and an equal state (read back
  from its position text) lists the same moves in the same order;
* ``immutability``: ``play`` leaves the state it is called on unchanged;
* ``illegal-moves``: moves legal elsewhere in the game but not here (chance outcomes at a
  chance node included) raise a ``ValueError`` and change nothing;
* ``legal-play``: every legal move plays; every state one move away that is over is
  checked as a finished game (so a draw one move off is seen even when the game goes
  elsewhere);
* ``formats``: position text and JSON (where the game has them) read back equal;
* ``events``: a move's events replay to the board after it (where the game has events);
* ``invariants``: the game's own invariants hold in every state play reaches;
* ``length``: a game ends within the turn limit given, and within the game's declared
  length bound (``game_info(state).max_game_length`` player decisions);
* ``chance``: a game whose type says it has chance reaches a chance node.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Iterable, Sequence
from typing import Any

from astroplane.protocol import Game, State, get_game, sample_chance
from astroplane.testing.encoding import action_problems, observation_problems
from astroplane.testing.formats import fingerprint
from astroplane.testing.hostile import _repr, check_hostile
from astroplane.testing.report import ConformanceError, ConformanceReport
from astroplane.testing.states import TurnWatch, end_problems, state_problems
from astroplane.turnlimit import limit_state, stopped

__all__ = ["assert_conformance", "check_conformance"]

#: Observations checked: every state up to this ply, then every 25th.
_OBSERVE_ALL = 5


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
    counts = tuple(g.player_counts if players is None else players)
    if rules is None:
        rules = getattr(g.new_game(counts[0]), "rules", None)
    problems: list[str] = []
    plies = checked = played = 0
    chance_seen = False
    try:
        label = g.rules_to_text(rules)
    except ValueError:
        label = repr(rules)
    for count in counts:
        for i in range(games):
            run = _Run(g, rules, count, seed + i, illegal_samples, problems)
            run.play(max_turns, max_plies=max_turns * 40)
            plies += run.plies
            checked += run.checked
            played += 1
            chance_seen = chance_seen or run.chance_seen
            if not run.ended and not run.stopped:
                problems.append(f"length: {run.where}: the game did not end within {max_turns} "
                                "turns")  # fmt: skip
    if g.game_type.chance and played and not chance_seen:
        problems.append(f"chance: {played} games reached no chance node, but the game type "
                        "says the game has chance (is_chance_node is never true?)")  # fmt: skip
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
        self.decisions = 0
        self.checked = 0
        self.ended = False
        self.stopped = False
        self.chance_seen = False
        self.turns = TurnWatch()
        self.shape: tuple[int, ...] | None = None
        self.where = f"{players} players, seed {seed}, start"

    def fail(self, check: str, what: str) -> None:
        self.problems.append(f"{check}: {self.where}: {what}")

    def report(self, found: Iterable[str]) -> None:
        for problem in found:
            check, _, what = problem.partition(": ")
            self.fail(check, what)

    def play(self, max_turns: int, max_plies: int) -> None:
        try:
            state = self.game.new_game(self.players, rules=self.rules)
            state = limit_state(state, max_turns, self.game)
            bound = self.game.game_info(state).max_game_length
        except ValueError as exc:
            self.fail("state", f"new_game failed: {exc}")
            self.stopped = True
            return
        for ply in range(max_plies + 1):
            self.where = f"{self.players} players, seed {self.seed}, ply {ply}"
            try:
                self.check(state)
            except Exception as exc:  # a rule set under test may fail in any way
                self.fail("state", f"checking the state raised {type(exc).__name__}: {exc}")
                self.stopped = True
                return
            if state.is_over or stopped(state, max_turns):
                self.ended = True
                return
            if len(self.problems) > 50:
                self.stopped = True
                return
            chance = state.is_chance_node
            self.chance_seen = self.chance_seen or chance
            try:
                moves = list(state.legal_moves())
                move = sample_chance(state, self.rng) if chance else self.rng.choice(moves)
                nxt = self.step(state, move)
            except Exception as exc:  # a rule set under test may fail in any way
                self.fail("legal-play", f"playing raised {type(exc).__name__}: {exc}")
                self.stopped = True
                return
            if nxt is None:
                self.stopped = True
                return
            self.decisions += not chance
            if bound is not None and self.decisions > bound:
                self.fail("length", f"the game goes on after {bound} player decisions, its "
                          "declared bound (game_info(state).max_game_length)")  # fmt: skip
                self.stopped = True
                return
            state = nxt
            self.plies += 1

    def step(self, state: State[Any], move: Hashable) -> State[Any] | None:
        g = self.game
        try:
            before = fingerprint(g, state)
            after = state.play(move)
        except ValueError as exc:
            self.fail("legal-play", f"a legal move {move!r} does not play: {exc}")
            return None
        if fingerprint(g, state) != before:
            self.fail("immutability", f"play({_repr(move)}) changed the state it was called on")
        if g.effects is not None and g.replay_effects is not None and g.summary is not None:
            try:
                events = g.effects(state, move)
                if g.replay_effects(state, events) != g.summary(after):
                    self.fail("events", f"the events of {move!r} do not replay to the board "
                              "after it")  # fmt: skip
            except (ValueError, AttributeError, KeyError) as exc:
                self.fail("events", f"the events of {move!r} cannot be replayed: {exc}")
        self.seen_moves.append(move)
        return after

    def check(self, state: State[Any]) -> None:
        self.checked += 1
        g = self.game
        moves = list(state.legal_moves())
        if len(set(moves)) != len(moves):
            self.fail("legal-moves", "legal_moves() lists a move twice")
        self.report(state_problems(g, state))
        self.report(self.turns.see(state))
        self.check_formats(state, moves)
        self.report(action_problems(g, state, self.rng))
        if self.checked <= _OBSERVE_ALL or self.checked % 25 == 0:
            found, self.shape = observation_problems(g, state, self.shape)
            self.report(found)
        if not state.is_over:
            self.check_illegal(state, moves)
            for move in moves:
                try:
                    child = state.play(move)
                except ValueError as exc:
                    self.fail("legal-play", f"legal move {move!r} raises {exc}")
                    continue
                if child.is_over:  # the ends one move away: draws, wins, limits
                    self.report(end_problems(g, child))
        for problem in g.invariants(state):
            self.fail("invariants", problem)

    def check_formats(self, state: State[Any], moves: Sequence[Hashable]) -> None:
        g = self.game
        try:
            if g.position_to_text is not None and g.position_from_text is not None:
                text = g.position_to_text(state)
                again = g.position_from_text(text)
                if again != state:
                    self.fail("formats", f"the position text does not read back equal: {text}")
                elif list(again.legal_moves()) != list(moves):
                    self.fail("legal-moves", "an equal state lists other legal moves (or "
                              "another order)")  # fmt: skip
            write, read = g.to_json, g.from_json
            if write is not None and read is not None and read(write(state)) != state:
                self.fail("formats", "the JSON does not read back equal")
        except ValueError as exc:
            self.fail("formats", f"the formats cannot write or read this state: {exc}")

    def check_illegal(self, state: State[Any], moves: Sequence[Hashable]) -> None:
        legal = set(moves)
        others = [m for m in self.seen_moves[-40:] if m not in legal]
        before = fingerprint(self.game, state)
        for move in self.rng.sample(others, min(self.illegal_samples, len(others))):
            try:
                state.play(move)
            except ValueError:
                pass
            else:
                what = "chance outcome" if state.is_chance_node else "move"
                self.fail("illegal-moves", f"the illegal {what} {move!r} was played without "
                          "an error")  # fmt: skip
            if fingerprint(self.game, state) != before:
                self.fail("illegal-moves", f"trying the illegal move {move!r} changed the state")
