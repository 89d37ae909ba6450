"""The hostile-input checks every game inherits: junk given to ``play``, mutated output of
every reader, the turn bound (``check_hostile``, ``check_input``)."""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterable, Sequence
from importlib import metadata
from typing import Any

import attrs

from astroplane import protocol
from astroplane.kit.anyrecord import record_functions
from astroplane.protocol import Game, get_game, is_legal_action, sample_chance
from astroplane.testing import forgeries
from astroplane.testing.formats import fingerprint, formats_of, read_back_problem, twin
from astroplane.testing.inputs import (
    HOSTILE_CHECKS,
    READERS,
    TURN_BOUND,
    hostile_probes,
    mutate_data,
    mutate_text,
)
from astroplane.testing.report import ConformanceReport


@attrs.frozen
class ReadOutcome:
    """What a reader made of one input (``check_input``).

    Attributes:
        verdict: ``"rejected"`` (the format's error, a ``ValueError``), ``"accepted"`` (a
            valid value), ``"crash"`` (any other exception) or ``"impossible"`` (accepted,
            but the value breaks an invariant, does not read back or does not play).
        exception: The exception raised, if any.
        problem: For a crash or an impossible value, what is wrong, in words.
        value: What the reader returned (None if it raised).
    """

    verdict: str
    exception: BaseException | None = None
    problem: str = ""
    value: Any = attrs.field(default=None, eq=False, repr=False)

    @property
    def ok(self) -> bool:
        """True when the reader kept its contract (rejected with its error, or accepted a
        valid value)."""
        return self.verdict in ("rejected", "accepted")


def check_input(
    game: str | Game[Any, Any], reader: str, value: Any, state: Any = None
) -> ReadOutcome:
    """Give ``value`` to one reader of ``game`` and check what it does with it.

    A reader keeps its contract when it raises a ``ValueError`` subclass (its format's
    error) or returns a valid value: a state whose invariants hold (``Game.invariants``),
    that writes and reads back equal in every format and whose legal moves play; a record
    whose moves play from its start and that writes and reads back; rules that read back
    and start a game; a move that is a legal move of ``state``. Anything else (a
    ``TypeError``, ``KeyError``, ``RecursionError``...) is a crash.

    Args:
        game: The game, or its registered name.
        reader: One of ``READERS``.
        value: The input (a text; data for ``"dict"``).
        state: The state a ``"move"`` text is read in.

    Returns:
        The ``ReadOutcome``.

    Raises:
        ValueError: If ``reader`` is not one of ``READERS``, or the game has no such
            reader (no record format).

    Examples:
        >>> check_input("astroplane", "rules", "standard").verdict
        'accepted'
        >>> check_input("astroplane", "rules", "standard,max_turns=\u0661").verdict
        'rejected'
    """
    g = get_game(game) if isinstance(game, str) else game
    if reader not in READERS:
        raise ValueError(f"unknown reader {reader!r} (known: {', '.join(READERS)})")
    try:
        read = _read(g, reader, value, state)
    except ValueError as exc:
        return ReadOutcome("rejected", exc)
    except Exception as exc:  # the point: a reader must raise nothing else
        return ReadOutcome("crash", exc, f"the {reader} reader raised {_exc(exc)}")
    try:
        problem = _read_problem(g, reader, read, state)
    except Exception as exc:  # what was accepted fails in any way
        problem = f"the {reader} reader accepted a value that raises {_exc(exc)} when used"
    if problem:
        return ReadOutcome("impossible", None, problem, read)
    return ReadOutcome("accepted", value=read)


def _exc(exc: BaseException) -> str:
    text = str(exc)
    return f"{type(exc).__name__}: {text[:200]}{'...' if len(text) > 200 else ''}"


def _read(g: Game[Any, Any], reader: str, value: Any, state: Any) -> Any:
    if reader in ("position", "json", "dict"):
        codec = formats_of(g).get(reader)
        if codec is None:
            raise ValueError(f"{g.title} has no {reader} format")
        return codec[1](value)
    if reader == "record":
        return record_functions(g)[1](value)
    if reader == "rules":
        return g.rules_from_text(value)
    return g.parse_move(state, value)


def _read_problem(g: Game[Any, Any], reader: str, read: Any, state: Any) -> str:
    if reader in ("position", "json", "dict"):
        return _state_problem(g, read)
    if reader == "record":
        to_text, from_text = record_functions(g)
        initial, moves = read
        problem = _state_problem(g, initial)
        s = initial
        for k, move in enumerate(moves):
            if problem:
                break
            if not is_legal_action(s, move):
                return f"the record's move {k + 1} ({_repr(move)}) is not a legal move where it is"
            try:
                s = s.play(move)
            except ValueError as exc:
                return f"the record's move {k + 1} ({_repr(move)}) does not play: {exc}"
        problem = problem or _state_problem(g, s)
        if not problem and from_text(to_text(initial, moves, {})) != read:
            problem = "the record does not write and read back equal"
        return problem and f"record: {problem}"
    if reader == "rules":
        if g.rules_from_text(g.rules_to_text(read)) != read:
            return f"the rules {read!r} do not write and read back equal"
        for count in g.player_counts:
            try:
                started = g.new_game(count, rules=read)
            except ValueError:
                continue
            return _state_problem(g, started)
        return f"the rules {read!r} start no game (any player count)"
    if not is_legal_action(state, read):
        return f"parse_move returned {_repr(read)}, not a legal move of the state"
    if g.parse_move(state, g.format_move(state, read)) != read:
        return f"the move {read!r} does not write and read back"
    state.play(read)
    return ""


def _state_problem(g: Game[Any, Any], s: Any) -> str:
    """Why an accepted state is not a valid one ("" when it is)."""
    if g.invariants is not None:
        broken = list(g.invariants(s))
        if broken:
            return f"the game's invariants fail: {'; '.join(broken[:3])}"
    problem = read_back_problem(g, s)
    if problem:
        return problem
    moves = list(s.legal_moves())
    if s.is_over and moves:
        return "a finished game lists legal moves"
    if not s.is_over and not moves:
        return "a game that is not over lists no legal move"
    for move in {id(m): m for m in moves[:1] + moves[-1:]}.values():
        try:
            s.play(move)
        except ValueError as exc:
            return f"its legal move {move!r} does not play: {exc}"
    values = s.returns()
    low, high = g.game_type.min_utility, g.game_type.max_utility
    if any(not low <= v <= high for v in values):
        return f"returns() {values} are not values {low}..{high}"
    g.status(s)
    return ""


def _repr(value: Any) -> str:
    """``repr(value)``, or a description when the repr itself fails (a move with a field
    of the wrong type may not know how to show itself)."""
    try:
        return repr(value)
    except Exception as exc:  # a hostile value's repr may fail in any way
        if attrs.has(type(value)):
            fields = ", ".join(
                f"{f.name}={getattr(value, f.name)!r}" for f in attrs.fields(type(value))
            )
            return f"{type(value).__name__}({fields}) (its repr raises {type(exc).__name__})"
        return f"<{type(value).__name__} whose repr raises {type(exc).__name__}>"


def _show(value: Any) -> str:
    """``repr(value)``, cut to a readable length (with the full length)."""
    text = _repr(value)
    if len(text) <= 400:
        return text
    return f"{text[:300]}...{text[-60:]} ({len(text)} characters)"


def seed_corpus(
    game: str | Game[Any, Any],
    plays: Sequence[tuple[Any, Sequence[Any]]],
    *,
    rules: Sequence[Any] = (),
) -> dict[str, list[tuple[Any, Any]]]:
    """Valid inputs for every reader of ``game``, written by the game from ``plays``.

    Args:
        game: The game, or its registered name.
        plays: Games as ``(initial state, moves)``.
        rules: Rules values whose texts to add to the ``"rules"`` corpus (the rules of
            each state are added when states have a ``rules`` attribute).

    Returns:
        Per reader (``READERS``; ``"record"`` only when the game has records), a list of
        ``(input, state)`` pairs: ``state`` is the state a move text is read in, else None.
    """
    g = get_game(game) if isinstance(game, str) else game
    out: dict[str, list[tuple[Any, Any]]] = {r: [] for r in READERS}
    rules_texts: set[str] = set()
    for r in rules:
        rules_texts.add(g.rules_to_text(r))
    for initial, moves in plays:
        s = initial
        states = [s]
        for move in moves:
            s = s.play(move)
            states.append(s)
        for s in states:
            for name, (write, _read_back) in formats_of(g).items():
                out[name].append((write(s), None))
            legal = list(s.legal_moves())
            for move in legal[:1] + legal[-1:]:
                out["move"].append((g.format_move(s, move), s))
            rules_texts.add(g.rules_to_text(getattr(s, "rules", None)))  # None: no options
        to_text = record_functions(g)[0]
        headers = {"Event": 'hostile "q" \\', "Date": "2025-01-31", "Round": "3"}
        try:
            text = to_text(initial, moves, headers)
        except ValueError:
            text = to_text(initial, moves, {})
        out["record"].append((text, None))
    out["rules"] = [(t, None) for t in sorted(rules_texts)]
    return {r: v for r, v in out.items() if v}


def _random_play(g: Game[Any, Any], start: Any, rng: random.Random, plies: int) -> list[Any]:
    moves: list[Any] = []
    s = start
    for _ in range(plies):
        if s.is_over:
            break
        move = sample_chance(s, rng) if s.is_chance_node else rng.choice(list(s.legal_moves()))
        moves.append(move)
        s = s.play(move)
    return moves


def check_hostile(
    game: str | Game[Any, Any] = "astroplane",
    *,
    rules: Any = None,
    players: Iterable[int] | None = None,
    seed: int = 0,
    examples: int = 20,
    checks: Iterable[str] | None = None,
) -> ConformanceReport:
    """Check how ``game`` takes hostile input (the module docstring's last contract).

    It plays seeded random games, then: gives junk to ``play`` in a few of their states
    (``None``, strings, numbers, ``bool``, tuples, an ``object()``, moves of every other
    registered game, ``float``/``bool`` twins and out-of-range copies of legal moves made
    with ``attrs.evolve``) and requires a ``ValueError`` subclass and an unchanged state,
    and to ``action_to_move`` where the game has an action encoding (out-of-range
    numbers, ``float``, ``bool`` and string twins of legal actions: a ``ValueError``);
    writes every format for their states, mutates each input (``mutate_text``,
    ``mutate_data``) and requires the reader's own error or a valid value
    (``check_input``); and sets a state's turn to ``TURN_BOUND`` (by its position text's
    ``t<turn>`` token, or its dict's ``"turn"``) and plays it to an end, every state on
    the way writing and reading back. Then the hostile Python values of
    ``astroplane.testing.forgeries`` (issue 32): moves forged past their constructor
    (fields of other types, an ``int`` subclass equal to everything, no fields at all)
    to ``play`` and odd numbers to ``action_to_move``; odd seats to ``new_game``,
    ``evaluate`` and ``observe``; huge and mistyped drawing sizes; ``str`` subclasses
    that lie about their length or whose methods raise, to every text reader; turn
    counters past the bound; every list of the JSON data with an item given twice.

    Args:
        game: The game, by registered name or as a ``Game``.
        rules: The rules of the random games (None: the game's standard rules).
        players: Player counts (default: every count the game allows).
        seed: Seed of the random games and mutations.
        examples: Mutated inputs per reader.
        checks: The checks to run (names from ``HOSTILE_CHECKS``; default all). Another
            game's state given to a game's functions is ``check_declarations``'s
            ``wrong-game`` check.

    Returns:
        A report: ``games`` random games played, ``states`` inputs checked, every broken
        contract in ``problems`` (with the input), checks that could not run in ``notes``.

    Raises:
        ValueError: If the game is unknown or a check name is not one of ``HOSTILE_CHECKS``.

    Examples:
        >>> check_hostile("astroplane", players=(2,), examples=3, checks=["rules"]).ok
        True
    """
    g = get_game(game) if isinstance(game, str) else game
    wanted = tuple(HOSTILE_CHECKS if checks is None else checks)
    unknown = sorted(set(wanted) - set(HOSTILE_CHECKS))
    if unknown:
        raise ValueError(f"unknown check {unknown[0]!r} (known: {', '.join(HOSTILE_CHECKS)})")
    counts = tuple(g.player_counts if players is None else players)
    rng = random.Random(seed)
    problems: list[str] = []
    notes: list[str] = []
    plays: list[tuple[Any, list[Any]]] = []
    states: list[Any] = []
    try:
        for count in counts:
            start = g.new_game(count) if rules is None else g.new_game(count, rules=rules)
            moves = _random_play(g, start, rng, rng.randint(10, 120))
            plays.append((start, moves))
            states.append(start)
            for move in moves:
                states.append(states[-1].play(move))
        corpus = seed_corpus(g, plays, rules=() if rules is None else (rules,))
    except Exception as exc:  # a game under test may fail in any way
        problems.append(f"hostile: random play or writing its formats raised {_exc(exc)}")
        return _hostile_report(g, rules, plays, 0, problems, notes)
    tried = 0
    if "play" in wanted:
        live = [s for s in states if not s.is_over]
        chance = [s for s in live if s.is_chance_node]
        picked = rng.sample(live, min(len(live), max(2, examples // 4)))
        picked += rng.sample(chance, min(len(chance), 2))
        foreign = _foreign_moves(g)
        for s in picked:
            tried += 1
            try:
                problems.extend(_play_problems(g, s, foreign))
            except Exception as exc:  # writing or reading the state back failed
                problems.append(f"hostile play: checking a state raised {_exc(exc)}")
    texts = [v for r in ("position", "json", "record") for v, _ in corpus.get(r, [])[:20]]
    for reader in READERS:
        if reader not in wanted:
            continue
        if reader not in corpus:
            notes.append(f"{reader}: the game has no {reader} format")
            continue
        for value, context in corpus[reader][:2]:  # what the game writes must read
            tried += 1
            outcome = check_input(g, reader, value, context)
            if outcome.verdict != "accepted":
                why = outcome.problem or _exc(outcome.exception or ValueError())
                problems.append(f"hostile {reader}: the game's own output does not read: "
                                f"{why}; input {_show(value)}")  # fmt: skip
        value, context = corpus[reader][-1]
        for probe in hostile_probes(reader, value):
            tried += 1
            outcome = check_input(g, reader, probe, context)
            if not outcome.ok:
                problems.append(f"hostile {reader} (fixed probe): {outcome.problem}; "
                                f"input {_show(probe)}")  # fmt: skip
        for k in range(examples):
            value, context = rng.choice(corpus[reader])
            if reader == "dict":
                mutated = mutate_data(rng, value)
            else:
                mutated = mutate_text(rng, value, texts)
            tried += 1
            outcome = check_input(g, reader, mutated, context)
            if not outcome.ok:
                problems.append(
                    f"hostile {reader} (seed {seed}, example {k}): {outcome.problem}; "
                    f"input {_show(mutated)}"
                )
    if "turn-bound" in wanted:
        tried += 1
        try:
            _check_turn_bound(g, rules, counts, rng, problems, notes)
        except Exception as exc:  # a game under test may fail in any way
            problems.append(f"turn bound: the check raised {_exc(exc)}")
    for check in wanted:
        run = _VALUE_CHECKS.get(check)
        if run is None:
            continue
        if check == "duplicates" and not corpus.get("dict"):
            notes.append("duplicates: the game has no dict format (its lists to repeat)")
            continue
        try:
            found, count = run(g, states, corpus, rng, examples)
        except Exception as exc:  # a game under test may fail in any way
            found, count = [f"{check}: the check raised {_exc(exc)}"], 1
        problems.extend(found[:25])
        tried += count
    return _hostile_report(g, rules, plays, tried, problems, notes)


# ---- the checks of hostile Python values (testing.forgeries) --------------------------------
_Corpus = dict[str, list[tuple[Any, Any]]]
_ValueCheck = Callable[
    [Game[Any, Any], list[Any], _Corpus, random.Random, int], tuple[list[str], int]
]


def _some(states: list[Any], rng: random.Random, n: int, live: bool = True) -> list[Any]:
    pool = [s for s in states if not (live and (s.is_over or s.is_chance_node))] or states
    return rng.sample(pool, min(len(pool), max(1, n)))


def _on_states(
    problems_of: Callable[[Game[Any, Any], Any, str], list[str]],
    label: str,
    how_many: Callable[[int], int],
) -> _ValueCheck:
    """A check that gives a few live states (``how_many(examples)``) to ``problems_of``."""

    def run(g: Game[Any, Any], states: list[Any], _c: _Corpus, rng: random.Random, n: int
            ) -> tuple[list[str], int]:  # fmt: skip
        picked = _some(states, rng, how_many(n))
        where = [f"{label} ({str(fingerprint(g, s))[:80]})" for s in picked]
        return [p for s, w in zip(picked, where, strict=True) for p in problems_of(g, s, w)], len(
            picked
        )

    return run


def _drawing(g: Game[Any, Any], states: list[Any], _c: _Corpus, rng: random.Random, _n: int
             ) -> tuple[list[str], int]:  # fmt: skip
    picked = _some(states, rng, 1, live=False)
    return [p for s in picked for p in forgeries.drawing_size_problems(g, s)], len(picked)


def _text_subclass(g: Game[Any, Any], _s: list[Any], corpus: _Corpus, rng: random.Random,
                   _n: int) -> tuple[list[str], int]:  # fmt: skip
    out: list[str] = []
    tried = 0
    for reader in ("position", "json", "rules", "record", "move"):
        if corpus.get(reader):
            value, context = rng.choice(corpus[reader])
            out += forgeries.text_subclass_problems(g, reader, value, context)
            tried += 1
    return out, tried


def _counters(g: Game[Any, Any], states: list[Any], _c: _Corpus, rng: random.Random, _n: int
              ) -> tuple[list[str], int]:  # fmt: skip
    picked = _some(states, rng, 3)
    return [p for s in picked for p in forgeries.counter_problems(g, s, check_input)], len(picked)


def _duplicates(g: Game[Any, Any], _s: list[Any], corpus: _Corpus, rng: random.Random,
                n: int) -> tuple[list[str], int]:  # fmt: skip
    data = [d for d, _ in corpus.get("dict", [])]

    def filled(d: Any) -> int:  # the states with the most non-empty lists come first
        return sum(1 for _ in forgeries.duplicated(d))

    picked = sorted(data, key=filled, reverse=True)[: max(2, n // 8)] + rng.sample(
        data, min(len(data), 2)
    )
    return forgeries.duplicate_problems(g, picked, check_input), len(picked)


_VALUE_CHECKS: dict[str, _ValueCheck] = {
    "forged": _on_states(forgeries.forged_move_problems, "forged", lambda n: n // 4),
    "seats": _on_states(forgeries.seat_problems, "seats", lambda n: 2),
    "drawing": _drawing,
    "text-subclass": _text_subclass,
    "counters": _counters,
    "duplicates": _duplicates,
}


def _hostile_report(
    g: Game[Any, Any],
    rules: Any,
    plays: Sequence[tuple[Any, Sequence[Any]]],
    tried: int,
    problems: Sequence[str],
    notes: Sequence[str],
) -> ConformanceReport:
    try:
        label = g.rules_to_text(rules) if rules is not None else "standard"
    except ValueError:
        label = repr(rules)
    plies = sum(len(moves) for _, moves in plays)
    return ConformanceReport(g.name, label, len(plays), plies, tried, tuple(problems), tuple(notes))


def loadable_games() -> dict[str, Game[Any, Any]]:
    """Every registered or installed game that loads, by name: like
    ``astroplane.protocol.games()``, but a plug-in whose import fails is left out instead
    of failing the whole call (checking one game must not depend on another's plug-in).

    Examples:
        >>> sorted(loadable_games())[:2]
        ['aeroplane-chess', 'astroplane']
    """
    try:
        return dict(protocol.games())
    except Exception:  # a broken plug-in: its own problem, load the others one by one
        names = {ep.name for ep in metadata.entry_points(group=protocol.ENTRY_POINT_GROUP)}
        found: dict[str, Game[Any, Any]] = {}
        for name in sorted(names | {"astroplane"}):
            try:
                found[name] = get_game(name)
            except Exception:
                continue
        return found


def _foreign_moves(g: Game[Any, Any]) -> list[Any]:
    """A few actions and chance outcomes of every other registered game."""
    out: list[Any] = []
    for other in loadable_games().values():
        if other.name == g.name:
            continue
        s = other.new_game(other.player_counts[0])
        for _ in range(3):
            legal = list(s.legal_moves())
            out.extend(legal[:2])
            if not legal:
                break
            s = s.play(legal[0])
    return out


def _twins(move: Any) -> list[Any]:
    """Copies of an ``attrs`` (or tuple) move with one field changed: a ``float`` or
    ``bool`` twin (equal in Python), or an out-of-range number (for a move that is a
    number, its own twins). Copies the move's class
    refuses to build are left out (the class protects ``play`` then)."""
    fields: list[tuple[Any, Any]]
    if isinstance(move, int):  # a plain number as a move: its twins are numbers too
        twins: list[Any] = [not move] if isinstance(move, bool) else [float(move), move + 1]
        return twins + ([bool(move)] if type(move) is int and move in (0, 1) else [])
    if isinstance(move, tuple):
        fields = list(enumerate(move))
    elif attrs.has(type(move)):
        fields = [(f.name, getattr(move, f.name)) for f in attrs.fields(type(move))]
    else:
        return []
    out: list[Any] = []
    for name, value in fields:
        if isinstance(value, bool):
            variants: list[Any] = [int(value), not value, float(value)]
        elif isinstance(value, int):
            variants = [float(value), value + 1, value - 1, -2, 10**9, 2**64]
            if value in (0, 1):
                variants.append(bool(value))
        else:
            continue
        for new in variants:
            try:
                if isinstance(move, tuple):
                    twin = (*move[:name], new, *move[name + 1 :])
                else:
                    twin = attrs.evolve(move, **{name: new})
            except (ValueError, TypeError):
                continue
            out.append(twin)
    return out


_JUNK_MOVES: tuple[Any, ...] = (
    None,
    "",
    "x",
    "Sl-e2ne",
    "6",
    0,
    1,
    -1,
    6,
    7,
    2**64,
    1.5,
    6.0,
    float("nan"),
    True,
    False,
    (),
    (0,),
    (0, 0, 0, 0),
    [],
    {},
    b"\x00",
    object(),
)


def _play_problems(g: Game[Any, Any], s: Any, foreign: Sequence[Any]) -> list[str]:
    """Junk given to ``s.play``: each must raise a ``ValueError`` and change nothing."""
    legal = list(s.legal_moves())
    junk = list(_JUNK_MOVES)
    for move in legal[:3] + legal[-2:]:
        junk.extend(_twins(move))
    junk.extend(foreign)
    text = fingerprint(g, s)
    twin_state = twin(g, s)
    digest = hash(s)
    problems: list[str] = []
    where = f"hostile play ({str(text)[:120]})"
    for move in junk:
        if len(problems) >= 25:
            problems.append(f"{where}: ... and more (the first 25 problems are shown)")
            break
        if is_legal_action(s, move):
            continue
        try:
            s.play(move)
        except ValueError:
            pass
        except Exception as exc:  # the contract: only a ValueError subclass
            problems.append(f"{where}: play({_repr(move)}) raised {_exc(exc)}, not a ValueError")
        else:
            problems.append(f"{where}: play accepted {_repr(move)} ({type(move).__name__}), "
                            "which is no legal move or chance outcome here")  # fmt: skip
        if fingerprint(g, s) != text or hash(s) != digest or s != twin_state:
            problems.append(f"{where}: play({_repr(move)}) changed the state it was called on")
            break
    return problems + _action_problems(g, s, where)


def _action_problems(g: Game[Any, Any], s: Any, where: str) -> list[str]:
    """Junk given to ``action_to_move`` (for a game with an action encoding): anything but
    an action number raises a ``ValueError``, ``float``, ``bool`` and string twins of
    legal actions included (``int()`` would turn them into some action)."""
    if g.action_to_move is None or g.move_to_action is None or g.num_actions is None:
        return []
    try:
        count = g.num_actions(s)
    except ValueError:  # no action encoding under these rules (a variant's own actions)
        return []
    legal = [g.move_to_action(s, m) for m in s.legal_moves()[:3]]
    junk: list[Any] = [None, -1, count, 10**30, 2.5, object(), True, False, "", (0,)]
    junk += [float(a) for a in legal] + [str(a) for a in legal]
    problems = []
    for action in junk:
        try:
            move = g.action_to_move(s, action)
        except ValueError:
            continue
        except Exception as exc:  # the contract: only a ValueError subclass
            problems.append(f"{where}: action_to_move({_repr(action)}) raised {_exc(exc)}, "
                            "not a ValueError")  # fmt: skip
        else:
            problems.append(f"{where}: action_to_move accepted {_repr(action)} "
                            f"({type(action).__name__}) as {_repr(move)}")  # fmt: skip
    return problems


_TURN_TOKEN = re.compile(r"(?<!\S)t\d+(?!\S)")


def _at_turn(g: Game[Any, Any], s: Any, turn: int) -> Any:
    """``s`` moved to turn ``turn`` through its position text's ``t<turn>`` token or its
    dict's ``"turn"``; None when the game's formats have neither. A game whose counter
    is the turns played (Square Off's ``t``, one less than the turn, and whose game is
    over once the last turn is reached) refuses ``turn`` there: then the last smaller
    counter (down to two less) that reads as a state within the bound."""
    if g.position_to_text is not None and g.position_from_text is not None:
        text = g.position_to_text(s)
        if len(_TURN_TOKEN.findall(text)) == 1:
            first: ValueError | None = None
            found: Any = None
            for counter in (turn, turn - 1, turn - 2):
                try:
                    found = g.position_from_text(_TURN_TOKEN.sub(f"t{counter}", text))
                except ValueError as exc:
                    first = first or exc
                    continue
                if getattr(found, "turn", turn) <= turn:
                    break
            if found is None and first is not None:
                raise first
            return found
    if g.to_dict is not None and g.from_dict is not None:
        data = g.to_dict(s)
        if isinstance(data.get("turn"), int):
            return g.from_dict({**data, "turn": turn})
    return None


def _check_turn_bound(
    g: Game[Any, Any],
    rules: Any,
    counts: Sequence[int],
    rng: random.Random,
    problems: list[str],
    notes: list[str],
) -> None:
    """A state in the last turn the readers allow plays to an end that reads back."""
    if rules is not None and g.with_turn_limit is not None:
        rules = g.with_turn_limit(rules, None)  # the bound, not the rules, must end it
    built = 0
    rejected: list[str] = []
    for count in counts:
        start = g.new_game(count) if rules is None else g.new_game(count, rules=rules)
        s = start
        for move in _random_play(g, start, rng, rng.randint(0, 12)):
            nxt = s.play(move)
            if nxt.is_over:
                break
            s = nxt
        where = f"turn bound ({count} players)"
        try:
            s = _at_turn(g, s, TURN_BOUND)
        except ValueError as exc:
            # Moving a position to the last turn can make it impossible (a no-progress
            # limit already reached): that position is not one play reaches; try others.
            rejected.append(f"{where}: {exc}")
            continue
        if s is None:
            notes.append("turn-bound: no t<turn> token in the position text, no 'turn' in the "
                         "dict: the check needs a way to set a state's turn")  # fmt: skip
            return
        for ply in range(400):
            try:
                problem = read_back_problem(g, s)
                if problem:
                    problems.append(f"{where}, ply {ply}: {problem}")
                    break
            except ValueError as exc:
                problems.append(f"{where}, ply {ply}: a state the game reached past the turn "
                                f"bound cannot be written or read: {exc}")  # fmt: skip
                break
            if s.is_over:
                break
            move = sample_chance(s, rng) if s.is_chance_node else rng.choice(list(s.legal_moves()))
            try:
                s = s.play(move)
            except ValueError as exc:
                problems.append(f"{where}, ply {ply}: the legal move {_repr(move)} does not "
                                f"play: {exc}")  # fmt: skip
                break
        else:
            problems.append(f"{where}: the game did not end within 400 plies of turn "
                            f"{TURN_BOUND}")  # fmt: skip
        built += 1
    if rejected:
        # Inconclusive, not broken: these rules end every such game earlier (a no-progress
        # limit), so no position at the bound is reachable to check.
        notes.append(f"turn-bound: {len(rejected)} of {len(rejected) + built} positions moved "
                     f"to turn {TURN_BOUND} are impossible under these rules and were "
                     f"skipped: {rejected[0][:160]}")  # fmt: skip
