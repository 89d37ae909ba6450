"""The ``readers`` check (``check_readers``): a reader refuses every state that play cannot
reach, by the game's own invariants and by what any state must be.

The hostile-input checks (``check_hostile``) give readers random mutations, most of which
a reader refuses as malformed. This check makes inputs that are *well formed but
impossible*: it takes the position texts and the ``to_dict`` data of states of seeded
random games and makes small edits a careless reader reads without a complaint: one
character of a position text replaced by another character that text uses, two
neighbouring characters swapped, a number of the data one more or one less, a string of
the data replaced by another string of the same document, a list item dropped or
doubled. A reader keeps its contract when it refuses the edited input with a
``ValueError`` or returns a state that is valid (``check_input``: the game's
``invariants`` hold, it reads back, its moves play) and that every state's checks pass on
(``astroplane.testing.states``: a finished game lists no moves, a running one has no
result, the returns are in range). Each problem starts ``readers:``.

Examples:
    >>> check_readers("tic-tac-toe", edits=40).ok
    True
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Iterator
from typing import Any

from astroplane.protocol import Game, get_game
from astroplane.testing.declarations import random_game
from astroplane.testing.hostile import _show, check_input
from astroplane.testing.report import ConformanceReport
from astroplane.testing.states import state_problems

__all__ = ["check_readers", "data_edits", "text_edits"]


def text_edits(text: str, rng: random.Random, count: int) -> Iterator[str]:
    """``count`` small edits of ``text`` (another of its characters in one place, or two
    neighbours swapped), chosen with ``rng``."""
    alphabet = sorted(set(text))
    for _ in range(count):
        i = rng.randrange(len(text))
        if rng.random() < 0.8 or len(text) < 2:
            yield text[:i] + rng.choice(alphabet) + text[i + 1 :]
        else:
            i = min(i, len(text) - 2)
            yield text[:i] + text[i + 1] + text[i] + text[i + 2 :]


def _leaves(data: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[tuple[Any, ...], Any]]:
    yield path, data
    if isinstance(data, dict):
        for key, value in data.items():
            yield from _leaves(value, (*path, key))
    elif isinstance(data, list):
        for k, value in enumerate(data):
            yield from _leaves(value, (*path, k))


def data_edits(data: Any, rng: random.Random, count: int) -> Iterator[Any]:
    """``count`` small edits of JSON data (a number one more or one less, a string
    replaced by another string of the document, a list item dropped or doubled)."""
    places = [(p, v) for p, v in _leaves(data) if p and p[0] not in ("format_version", "game")]
    strings = sorted({v for _p, v in places if isinstance(v, str)})
    for _ in range(count):
        if not places:
            return
        path, value = rng.choice(places)
        out = copy.deepcopy(data)
        holder = out
        for key in path[:-1]:
            holder = holder[key]
        key = path[-1]
        if isinstance(value, bool):
            holder[key] = not value
        elif isinstance(value, int):
            holder[key] = value + rng.choice((-1, 1))
        elif isinstance(value, str) and strings:
            holder[key] = rng.choice(strings)
        elif isinstance(value, list) and value:
            k = rng.randrange(len(value))
            holder[key] = value[:k] + value[k + 1 :] if rng.random() < 0.5 else [*value, value[k]]
        else:
            continue
        yield out


def check_readers(
    game: str | Game[Any, Any],
    *,
    rules: Any = None,
    seed: int = 0,
    edits: int = 200,
) -> ConformanceReport:
    """Give each state reader of ``game`` (position text; ``to_dict`` data to ``from_dict``,
    or as JSON text to ``from_json``) ``edits`` small edits of what it wrote for states
    of seeded random games, and check what it accepts (module docstring).

    Returns:
        A report: ``states`` inputs tried, the problems (at most 20), notes for a game
        without the formats.

    Raises:
        ValueError: If the game is unknown.
    """
    g = get_game(game) if isinstance(game, str) else game
    rng = random.Random(seed)
    states: list[Any] = []
    for k, count in enumerate(g.player_counts):
        plies = rng.randint(20, 200)
        states += random_game(g, seed + k, plies=plies, players=count, rules=rules)[0]
    inputs: list[tuple[str, Any]] = []
    notes: list[str] = []
    picked = rng.sample(states, min(len(states), 12))
    if g.position_to_text is not None and g.position_from_text is not None:
        texts = [g.position_to_text(s) for s in picked]
        inputs += [("position", t) for t in _spread(texts, rng, edits, text_edits)]
    else:
        notes.append("readers: the game has no position text")
    if g.to_dict is not None and (g.from_dict is not None or g.from_json is not None):
        reader = "dict" if g.from_dict is not None else "json"
        datas = [g.to_dict(s) for s in picked]
        for data in _spread(datas, rng, edits, data_edits):
            inputs.append((reader, data if reader == "dict" else json.dumps(data)))
    else:
        notes.append("readers: the game has no to_dict data")
    problems: list[str] = []
    for reader, value in inputs:
        problem = _problem(g, reader, value)
        if problem:
            problems.append(f"readers: the {reader} reader {problem}; input {_show(value)}")
            if len(problems) >= 20:
                break
    return ConformanceReport(g.name, "readers", 0, 0, len(inputs), tuple(problems), tuple(notes))


def _spread(values: list[Any], rng: random.Random, total: int, edit: Any) -> list[Any]:
    """``total`` edits shared among ``values``."""
    out: list[Any] = []
    for k, value in enumerate(values):
        share = total // len(values) + (k < total % len(values))
        out += list(edit(value, rng, share))
    return out


def _problem(g: Game[Any, Any], reader: str, value: Any) -> str:
    """What is wrong with what ``reader`` made of ``value`` ("" when nothing is)."""
    outcome = check_input(g, reader, value)
    if outcome.verdict == "rejected":
        return ""
    if not outcome.ok:
        return outcome.problem
    found = state_problems(g, outcome.value)
    return f"accepted a state that is not one: {found[0]}" if found else ""
