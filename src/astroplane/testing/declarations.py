"""What a game declares, checked against what it does (``check_declarations``): the
checks that look at a game as a whole rather than state by state.

Each problem starts with its check's name (docs/writing-a-game.md says what each means):

* ``first``: ``new_game(players, first=seat)`` starts with ``seat`` to act (or refuses the
  seat with a ``ValueError``), by number and by name;
* ``players``: a player count that is no ``int`` of ``player_counts`` (``2.0``, ``True``,
  ``"2"``) and a first seat that is none are refused with a ``ValueError``;
* ``wrong-game``: every ``Game`` function that takes a state refuses another game's state
  (and what is no state at all) with a ``ValueError``;
* ``turn-limit``: with ``with_turn_limit(rules, 3)`` a game is over by the end of turn 3,
  by its own rule (returns set), and ``ended_by_turn_limit`` says so only at its end;
* ``evaluation``: ``evaluate(state, seat)`` is a float, and a seat that is none raises a
  ``ValueError``;
* ``pickle``: states, their legal moves and their rules pickle and come back equal, with
  the same hash;
* ``variants``: each listed variant reads back from its name, and the standard rules are
  among them;
* ``partners``: partners are other seats in play, the relation is symmetric, and partners
  get equal returns;
* ``records``: the record of a random game (the game's own, or the kit's made from its
  ``Game``) reads back to the same start and moves;
* ``json-schema``: a declared JSON Schema (``json_schema``) is a valid schema and
  validates the game's JSON of seeded states (``astroplane.testing.schema``).

The drawing's checks are ``astroplane.testing.drawing``'s.

Examples:
    >>> check_declarations("tic-tac-toe").ok
    True
"""

from __future__ import annotations

import itertools
import pickle
import random
from typing import Any

from astroplane.gamebase import STATE_HOOKS
from astroplane.protocol import Game, get_game, sample_chance
from astroplane.testing.drawing import drawing_problems
from astroplane.testing.formats import not_refused
from astroplane.testing.hostile import _random_play, loadable_games
from astroplane.testing.report import ConformanceReport
from astroplane.testing.schema import schema_problems

__all__ = ["check_declarations", "random_game"]

#: A call of each hook past its state, for the ``wrong-game`` check: the arguments after
#: the state (a hook given something of another game must refuse it before it reads them).
_AFTER_STATE: dict[str, tuple[Any, ...]] = {
    "effects": (None,), "evaluate": (0,), "format_move": (None,), "highlights": (None,),
    "move_to_action": (None,), "action_to_move": (0,), "observe": (0,), "parse_move": ("x",),
    "partners": (0,), "record_to_text": ((), {}), "replay_effects": ((),), "search_rating": (0,),
}  # fmt: skip


def random_game(
    game: Game[Any, Any], seed: int, plies: int = 120, players: int = 0, rules: Any = None
) -> tuple[list[Any], list[Any]]:
    """The states and moves of a seeded random game of ``players`` players (0: the most
    the game allows) under ``rules`` (None: the standard rules), from the start, at most
    ``plies`` plies: ``states[k + 1]`` is ``states[k].play(moves[k])``."""
    count = players or game.player_counts[-1]
    start = game.new_game(count) if rules is None else game.new_game(count, rules=rules)
    moves = _random_play(game, start, random.Random(seed), plies)
    states = [start]
    for move in moves:
        states.append(states[-1].play(move))
    return states, moves


def _random_move(state: Any, rng: random.Random) -> Any:
    """A random legal move, or a chance outcome drawn with its probability."""
    return sample_chance(state, rng) if state.is_chance_node else rng.choice(state.legal_moves())


def check_declarations(game: str | Game[Any, Any], *, seed: int = 0) -> ConformanceReport:
    """Run the checks of the module docstring on ``game``.

    Returns:
        A report: ``states`` is the number of checks run, every problem in ``problems``,
        checks that could not run (and why) in ``notes``.

    Raises:
        ValueError: If the game is unknown.
    """
    g = get_game(game) if isinstance(game, str) else game
    problems: list[str] = []
    notes: list[str] = []
    checks = (
        _first, _players, _wrong_game, _turn_limit, _evaluation, _pickle, _variants,
        _partners, _records, drawing_problems, schema_problems,
    )  # fmt: skip
    for check in checks:
        try:
            check(g, seed, problems, notes)
        except Exception as exc:  # a game under test may fail in any way
            name = check.__name__.strip("_").replace("_problems", "").replace("_", "-")
            problems.append(f"{name}: the check raised {type(exc).__name__}: {exc}")
    return ConformanceReport(g.name, "declarations", 0, 0, len(checks), tuple(problems),
                             tuple(notes))  # fmt: skip


def _first(g: Game[Any, Any], seed: int, problems: list[str], notes: list[str]) -> None:
    for count in g.player_counts:
        start = g.new_game(count)
        for seat in start.seats:
            for given in (seat, g.seat_names[seat]):
                try:
                    state = g.new_game(count, first=given)
                except ValueError:
                    continue
                if state.to_move != seat:
                    problems.append(f"first: new_game({count}, first={given!r}) starts with seat "
                                    f"{state.to_move} to act, not {seat}")  # fmt: skip
                    return


def _players(g: Game[Any, Any], seed: int, problems: list[str], notes: list[str]) -> None:
    count = g.player_counts[0]
    junk: list[Any] = [float(count), True, str(count), [count], None, max(g.player_counts) + 1]
    taken = not_refused(g.new_game, junk)
    if taken is not None:
        problems.append(f"players: new_game({taken[0]!r}) does not refuse it with a ValueError: "
                        f"a player count is an int of {g.player_counts}")  # fmt: skip
    firsts: list[Any] = [2.5, [], {}, -1, 10**9, object()]
    taken = not_refused(lambda first: g.new_game(count, first=first), firsts)
    if taken is not None:
        problems.append(f"players: new_game({count}, first={taken[0]!r}) does not refuse it with "
                        "a ValueError: first is a seat")  # fmt: skip


def _wrong_game(g: Game[Any, Any], seed: int, problems: list[str], notes: list[str]) -> None:
    strangers: list[Any] = [None, "e2", object()]
    for other in loadable_games().values():
        if other.name != g.name:
            strangers.append(other.new_game(other.player_counts[0]))
    for hook in sorted(STATE_HOOKS):
        function = getattr(g, hook, None)
        if function is None:
            continue
        after = _AFTER_STATE.get(hook, ())
        taken = not_refused(lambda stranger: function(stranger, *after), strangers)  # noqa: B023
        if taken is not None:
            what = type(taken[0]).__name__
            problems.append(
                f"wrong-game: {hook}({what}) raised {type(taken[2]).__name__}, not a "
                f"ValueError: {taken[2]}" if taken[2] is not None
                else f"wrong-game: {hook} took {what}, a value of another game (or of none)"
            )  # fmt: skip


def _turn_limit(g: Game[Any, Any], seed: int, problems: list[str], notes: list[str]) -> None:
    if g.with_turn_limit is None:
        notes.append("turn-limit: the game has no with_turn_limit")
        return
    count = g.player_counts[0]
    rules = g.with_turn_limit(getattr(g.new_game(count), "rules", None), 3)
    limited = 0
    for k in range(4):
        rng, state = random.Random(seed + k), g.new_game(count, rules=rules)
        while not state.is_over:
            if state.turn > 3:
                problems.append(f"turn-limit: a game under with_turn_limit(rules, 3) is in "
                                f"turn {state.turn}")  # fmt: skip
                return
            if g.ended_by_turn_limit(state):
                problems.append("turn-limit: ended_by_turn_limit is true in a running game")
                return
            moves = state.legal_moves()
            state = state.play(
                sample_chance(state, rng) if state.is_chance_node else rng.choice(moves)
            )
        limited += g.ended_by_turn_limit(state)
        if not any(state.returns()):
            problems.append(f"turn-limit: a game ended by the limit has returns {state.returns()}")
            return
    if not limited and type(g).ended_by_turn_limit is not Game.ended_by_turn_limit:
        problems.append("turn-limit: no game stopped at turn 3 says it ended by its turn limit")


def _evaluation(g: Game[Any, Any], seed: int, problems: list[str], notes: list[str]) -> None:
    if g.evaluate is None:
        return
    state = g.new_game(g.player_counts[0])
    value = g.evaluate(state, state.seats[0])
    if not isinstance(value, float):
        problems.append(f"evaluation: evaluate gives {value!r}, not a float")
    name = g.seat_names[state.seats[0]]
    junk: list[Any] = [name, float(state.seats[0]), True, None, len(g.seat_names), -1]
    evaluate = g.evaluate
    taken = not_refused(lambda seat: evaluate(state, seat), junk)
    if taken is not None:
        problems.append(f"evaluation: evaluate(state, {taken[0]!r}) does not refuse it with a "
                        "ValueError: a seat is the number of a seat in play")  # fmt: skip


def _pickle(g: Game[Any, Any], seed: int, problems: list[str], notes: list[str]) -> None:
    for state in random_game(g, seed, plies=40)[0][::7]:
        back = pickle.loads(pickle.dumps(state))
        if back != state or hash(back) != hash(state):
            problems.append("pickle: a state does not come back equal, with its hash")
            return
        rules = getattr(state, "rules", None)
        if pickle.loads(pickle.dumps(rules)) != rules:
            problems.append("pickle: the rules do not come back equal")
            return
        moves = state.legal_moves()
        if pickle.loads(pickle.dumps(moves)) != moves:
            problems.append("pickle: the legal moves do not come back equal")
            return


def _variants(g: Game[Any, Any], seed: int, problems: list[str], notes: list[str]) -> None:
    listed = g.variants()
    for name, rules in listed.items():
        if g.rules_from_text(name) != rules:
            problems.append(f"variants: rules_from_text({name!r}) is not the rules listed")
    standard = getattr(g.new_game(g.player_counts[0]), "rules", None)
    if standard not in listed.values():
        problems.append(f"variants: the standard rules {standard!r} are not listed")


def _partners(g: Game[Any, Any], seed: int, problems: list[str], notes: list[str]) -> None:
    starts = []
    for n, rules in itertools.product(g.player_counts, g.variants().values()):
        try:
            starts.append(g.new_game(n, rules=rules))
        except ValueError:  # a variant for some player counts only
            continue
    for k, start in enumerate(starts):
        for seat in start.seats:
            mates = g.partners(start, seat)
            if seat in mates or not set(mates) <= set(start.seats):
                problems.append(f"partners: seat {seat}'s partners {mates} are not other seats")
                return
            if any(seat not in g.partners(start, m) for m in mates):
                problems.append(f"partners: seat {seat}'s partners {mates} do not name it back")
                return
        if not any(g.partners(start, s) for s in start.seats):
            continue
        rng, state = random.Random(seed + k), start
        for _ in range(3000):
            if state.is_over:
                break
            moves = state.legal_moves()
            state = state.play(
                sample_chance(state, rng) if state.is_chance_node else rng.choice(moves)
            )
        values = state.returns()
        for seat in state.seats if state.is_over else ():
            if any(values[m] != values[seat] for m in g.partners(state, seat)):
                problems.append(f"partners: seat {seat} and its partners got {values}")
                return


def _records(g: Game[Any, Any], seed: int, problems: list[str], notes: list[str]) -> None:
    for count in g.player_counts:
        states, moves = random_game(g, seed + count, plies=60, players=count)
        text = g.record_to_text(states[0], moves, {"Event": "conformance"})
        start, read = g.record_from_text(text)
        if start != states[0] or list(read) != moves:
            problems.append(f"records: a record of {count} players does not read back to its "
                            "start and moves")  # fmt: skip
            return
