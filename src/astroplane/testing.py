"""The conformance suite: the contracts every rule set (and every game) must keep.

Give it a rule set — a shipped preset, an option combination, your own variant — and it
plays seeded random games and checks, at every state:

* ``legal_moves()`` is deterministic (a rebuilt equal state lists the same moves, in
  the same order) and has no duplicates;
* ``play`` never changes the state it is called on, and every legal move plays;
* moves that are not legal (legal elsewhere in the game, but not here) raise a
  ``ValueError`` subclass and change nothing;
* the events of a move replay to the board after it (when the game has events);
* position text and JSON read back equal;
* a finished game's ``returns()`` are values 0..1, not all 0, and the game's own
  invariants hold (for ASTROPLANE: the winners have the highest score unless a true
  win, the piece index agrees with the stacks);
* every game ends under the turn limit;
* hostile input (``check_hostile``, run by ``check_conformance`` unless ``hostile=0``):
  junk, other games' moves and ``float``/``bool`` twins of legal moves given to ``play``
  raise a ``ValueError`` subclass and change nothing; every format the game offers
  (position text, JSON text, ``to_dict`` data, record text, rules text, move text),
  written for random states and then mutated (``mutate_text``, ``mutate_data``), reads
  either as a valid value (the game's invariants hold, it writes and reads back equal, its
  legal moves play) or raises the format's own error, a ``ValueError`` subclass, never a
  ``TypeError``, ``KeyError``, ``RecursionError`` or the like; a state in the last turn
  the readers allow (``TURN_BOUND``) plays to an end that writes and reads back.

It is written against ``astroplane.protocol`` only, so it checks any registered game.

Examples:
    >>> from astroplane import STANDARD
    >>> report = check_conformance(STANDARD, players=(2,), games=1, max_turns=6, hostile=0)
    >>> report.ok, report.games
    (True, 1)
"""

from __future__ import annotations

import copy
import random
import re
from collections.abc import Hashable, Iterable, Mapping, Sequence
from importlib import metadata
from types import MappingProxyType
from typing import Any

import attrs

from astroplane import protocol
from astroplane.formats import limits
from astroplane.protocol import Game, State, get_game, is_legal_action, sample_chance

__all__ = [
    "HOSTILE_CHECKS",
    "READERS",
    "TURN_BOUND",
    "ConformanceError",
    "ConformanceReport",
    "ReadOutcome",
    "assert_conformance",
    "check_conformance",
    "check_hostile",
    "check_input",
    "hostile_probes",
    "loadable_games",
    "mutate_data",
    "mutate_text",
    "seed_corpus",
]


class ConformanceError(AssertionError):
    """A rule set broke a contract of the conformance suite.

    Attributes:
        report: The report with every problem found.
    """

    def __init__(self, report: ConformanceReport) -> None:
        super().__init__(str(report))
        self.report = report


@attrs.frozen
class ConformanceReport:
    """What a conformance run checked and found.

    Attributes:
        game: The game's registered name.
        rules: The rules' text (``Game.rules_to_text``), or their repr if they have none.
        games: Games played.
        plies: Actions played (chance outcomes included).
        states: States checked.
        problems: Each broken contract, with the seed and ply where it showed.
        notes: Checks that could not run, and why (not problems).
    """

    game: str
    rules: str
    games: int
    plies: int
    states: int
    problems: tuple[str, ...]
    notes: tuple[str, ...] = ()

    @property
    def ok(self) -> bool:
        """True when no contract was broken."""
        return not self.problems

    def __str__(self) -> str:
        head = (
            f"{self.game} {self.rules}: {self.games} games, {self.plies} plies, "
            f"{self.states} states checked"
        )
        if self.ok:
            return head + ": all contracts kept"
        shown = "\n".join(f"  - {p}" for p in self.problems[:20])
        more = f"\n  ... and {len(self.problems) - 20} more" if len(self.problems) > 20 else ""
        return f"{head}: {len(self.problems)} problems\n{shown}{more}"


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
            standard rules. Its ``max_turns`` option, if it has one, is set to
            ``max_turns`` so that every game ends.
        game: The game, by registered name or as a ``Game``.
        players: Player counts to play (default: every count the game allows).
        games: Games per player count.
        seed: Seed of the random play; game ``i`` of a count uses ``seed + i``.
        max_turns: The turn limit the games must end within.
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
    if rules is not None and hasattr(rules, "max_turns"):
        rules = attrs.evolve(rules, max_turns=max_turns)
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
            run.play(max_plies=max_turns * 40)
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

    def play(self, max_plies: int) -> None:
        try:
            state = self.game.new_game(self.players, rules=self.rules)
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
            if state.is_over:
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


# ---- hostile input ----------------------------------------------------------------------------
#: The last turn the readers accept (``astroplane.formats.limits.MAX_TURN`` when it is there;
#: both games' readers reject a turn past 1,000,000). A game must end before it plays past
#: it, so that every state it reaches can be written and read back.
TURN_BOUND: int = getattr(limits, "MAX_TURN", 10**6)

#: The readers every ``Game`` offers, as ``check_input`` names them.
READERS = ("position", "json", "dict", "record", "rules", "move")

#: The checks of ``check_hostile``: junk given to ``play``, each reader, the turn bound.
HOSTILE_CHECKS = ("play", *READERS, "turn-bound")

#: Look-alikes of ASCII letters, characters Python reads as digits, Unicode blanks and line
#: breaks, controls, NUL, a lone surrogate, a byte-order mark.
HOSTILE_CHARS = (
    "\u017f\u0131\u212a\u0130\u00df\ufb06\u0435\u0455\u0405\u0430"
    "\u0661\u0662\u00b2\uff11\u0966\u2155\u2212\uff1a"
    "\u00a0\u2003\u3000\u2028\u2029\u0085\x1c\x1e\x0b\x0c\r\n\t\x00\x7f\ud800\udfff\ufeff\u200b"
)
#: ASCII characters and the Unicode ones that look like them or that Python reads alike.
CONFUSABLES: Mapping[str, str] = MappingProxyType({
    "s": "\u017f",
    "S": "\u0405",
    "i": "\u0131",
    "I": "\u0130",
    "k": "\u212a",
    "e": "\u0435",
    "a": "\u0430",
    "1": "\u0661",
    "2": "\u00b2",
    "3": "\uff13",
    "6": "\u0966",
    "0": "\u0660",
    " ": "\u00a0",
    "-": "\u2212",
    ":": "\uff1a",
    '"': "\u201c",
})
#: Number tokens at and around the limits readers must hold.
NUMBERS = (
    "9" * 40,
    "0" * 6,
    "1000001",
    "1000000",
    "999999",
    "-1",
    "-0",
    "1.5",
    "1e3",
    "00",
    "4294967296",
    "18446744073709551617",
    "NaN",
    "Infinity",
)
_ASCII = 'SWNEswnelrtx0123456789:,+-~*!>./ []"#\\abcdefghijkzRYBGHTP?&{}\n'

#: Values a ``to_dict`` field may be replaced with.
_JUNK_VALUES: tuple[Any, ...] = (
    None,
    True,
    False,
    0,
    -1,
    1.5,
    float("nan"),
    float("inf"),
    2**31,
    2**64,
    -(10**30),
    "",
    "x",
    "\u0661",
    "1",
    [],
    {},
    [[[]]],
    {"": None},
    (1, 2),
)


def mutate_text(rng: random.Random, text: str, corpus: Sequence[str] = ()) -> str:
    """``text`` with one to four random edits, as a fuzzer makes them.

    The edits: insert, delete, replace or swap characters; insert a hostile character
    (``HOSTILE_CHARS``) or a number at a limit (``NUMBERS``); put a look-alike in place of
    an ASCII character (``CONFUSABLES``); duplicate or delete a stretch; truncate; swap
    two blank-separated tokens; duplicate a line (a record's header or move); splice in a
    piece of another input of ``corpus``; nest brackets deeply; duplicate a JSON member.

    Args:
        rng: The source of randomness (a seeded ``random.Random``, or hypothesis's).
        text: The input to mutate (usually written by the library).
        corpus: Other inputs to splice from.

    Returns:
        The mutated text.

    Examples:
        >>> mutate_text(random.Random(3), "standard SN S2 t1") != "standard SN S2 t1"
        True
    """
    out = text
    for _ in range(rng.randint(1, 4)):
        chars = list(out)
        n = len(chars)
        i = rng.randint(0, n)
        j = min(i, n - 1)
        op = rng.randrange(16)
        if op == 0 or n == 0:
            pool = out + _ASCII if out else _ASCII
            chars[i:i] = rng.choices(pool, k=rng.randint(1, 3))
        elif op == 1:
            chars[i:i] = rng.choice(HOSTILE_CHARS)
        elif op == 2:
            del chars[j]
        elif op == 3:
            chars[j] = rng.choice(_ASCII + HOSTILE_CHARS)
        elif op == 4 and n > 1:
            k = min(j, n - 2)
            chars[k], chars[k + 1] = chars[k + 1], chars[k]
        elif op == 5:
            k = rng.randint(i, min(n, i + 24))
            chars[k:k] = chars[i:k] * rng.randint(1, 3)
        elif op == 6:
            chars[i:i] = rng.choice(NUMBERS)
        elif op == 7:
            other = rng.choice(corpus) if corpus else out
            k = rng.randint(0, len(other))
            chars[i:] = other[k : k + rng.randint(1, 60)]
        elif op == 8:
            del chars[i : i + rng.randint(1, 12)]
        elif op == 9:
            del chars[i:]
        elif op == 10:
            spots = [k for k, c in enumerate(chars) if c in CONFUSABLES]
            if spots:
                k = rng.choice(spots)
                chars[k] = CONFUSABLES[chars[k]]
        elif op == 11:
            tokens = out.split(" ")
            if len(tokens) > 1:
                a, b = rng.sample(range(len(tokens)), 2)
                tokens[a], tokens[b] = tokens[b], tokens[a]
                chars = list(" ".join(tokens))
        elif op == 12:
            lines = out.split("\n")
            k = rng.randrange(len(lines))
            lines[k:k] = [lines[k]] * rng.randint(1, 2)
            chars = list("\n".join(lines))
        elif op == 13:
            depth = rng.choice((64, 2_000, 60_000))
            chars[i:i] = "[" * depth + "]" * depth
        elif op == 14:
            chars[j] = chars[j].swapcase()
        else:
            members = list(re.finditer(r'"[^"\\]{1,40}"\s*:\s*[^,{}\[\]]*', out))
            if members:
                m = rng.choice(members)
                chars[m.end() : m.end()] = "," + m.group()
        out = "".join(chars)
    return out


def mutate_data(rng: random.Random, data: Any) -> Any:
    """A deep copy of ``data`` (``Game.to_dict`` output: dicts, lists, strings, numbers)
    with one to three random edits: a value replaced by one of another type or out of
    range, a key dropped, added or replaced by a look-alike, a list item dropped or
    duplicated, a value nested deeply.

    Args:
        rng: The source of randomness.
        data: JSON-compatible data (not changed).

    Returns:
        The mutated copy.

    Examples:
        >>> mutate_data(random.Random(1), {"turn": 3, "seats": ["S", "N"]}) != {
        ...     "turn": 3, "seats": ["S", "N"]}
        True
    """
    out = copy.deepcopy(data)
    for _ in range(rng.randint(1, 3)):
        holders: list[Any] = []
        stack = [out]
        while stack:
            node = stack.pop()
            if isinstance(node, dict | list) and len(holders) < 500:
                holders.append(node)
                stack.extend(node.values() if isinstance(node, dict) else node)
        if not holders:
            return rng.choice(_JUNK_VALUES)
        node = rng.choice(holders)
        keys: list[Any] = list(node) if isinstance(node, dict) else list(range(len(node)))
        op = rng.randrange(7)
        if not keys:
            if isinstance(node, dict):
                node["x"] = rng.choice(_JUNK_VALUES)
            else:
                node.append(rng.choice(_JUNK_VALUES))
            continue
        key = rng.choice(keys)
        old = node[key]
        if op == 0:
            node[key] = rng.choice(_JUNK_VALUES)
        elif op == 1:
            node[key] = _retype(rng, old)
        elif op == 2:
            del node[key]
        elif op == 3 and isinstance(node, dict):
            node[rng.choice(("x", str(key).upper(), f"{key} ", _confusable(str(key))))] = old
        elif op == 3:
            node.insert(key, old)
        elif op == 4 and isinstance(node, dict):
            new_key = _confusable(str(key))
            del node[key]
            node[new_key] = old
        elif op == 5:
            nested: Any = old
            for _ in range(rng.choice((50, 3_000))):
                nested = [nested]
            node[key] = nested
            break  # the last edit: nothing walks into the nest
        else:
            node[key] = _retype(rng, old) if rng.random() < 0.5 else rng.choice(_JUNK_VALUES)
    return out


def _retype(rng: random.Random, value: Any) -> Any:
    """``value`` as another type, or a number at or past a limit."""
    if isinstance(value, bool):
        return rng.choice((int(value), str(value).lower(), None))
    if isinstance(value, int):
        return rng.choice(
            (float(value), str(value), value + 1, value - 1, -value - 1, value * 1000, 10**6 + 1,
             2**63, bool(value % 2))
        )  # fmt: skip
    if isinstance(value, str):
        return rng.choice(
            (value.upper(), value * 50, _confusable(value), [value], 0, value + "\x00")
        )
    if isinstance(value, list):
        return rng.choice((tuple(value), {"0": value}, value * 3, value[::-1], value[:-1]))
    if isinstance(value, dict):
        return rng.choice((list(value.items()), list(value), {}))
    return rng.choice(_JUNK_VALUES)


def hostile_probes(reader: str, value: Any) -> list[Any]:
    """Fixed hostile inputs for ``reader`` made from one valid input ``value``: empty,
    blank, NUL, a lone surrogate, the input doubled, halved, with a NUL or a look-alike,
    over a megabyte long; for JSON, brackets nested 100,000 deep and a duplicated member;
    for data, other types and each top-level key dropped, ``None`` or nested 3,000 deep.

    Args:
        reader: One of ``READERS``.
        value: A valid input of that reader (a text; data for ``"dict"``).

    Returns:
        The probes (a bounded number, independent of any randomness).

    Examples:
        >>> len(hostile_probes("position", "standard SN S2 t1")) > 8
        True
    """
    if reader == "dict":
        probes: list[Any] = [None, [], "x", 0, 1.5, True, {}, [value]]
        if isinstance(value, dict):
            for key in list(value)[:40]:
                nested: Any = value[key]
                for _ in range(3_000):
                    nested = [nested]
                probes.append({k: v for k, v in value.items() if k != key})
                probes.append({**value, key: None})
                probes.append({**value, key: nested})
        return probes
    text = str(value)
    probes = [
        "",
        " ",
        "\x00",
        "\ud800",
        "\ufeff" + text,
        text + "\x00",
        text + "\n" + text,
        text[: len(text) // 2],
        _confusable(text),
        text.replace(" ", "\u00a0"),
        (text + "\n") * (2**20 // max(1, len(text)) + 1),
    ]
    if reader == "json":
        probes.append("[" * 100_000 + "]" * 100_000)
        probes.append('{"a":' * 50_000 + "1" + "}" * 50_000)
        member = re.search(r'"[^"\\]{1,40}"\s*:\s*[^,{}\[\]]*', text)
        if member:
            probes.append(text[: member.end()] + "," + member.group() + text[member.end() :])
    if reader == "rules":
        probes += [text + "," + text, text + ",max_turns=" + "9" * 5_000, text.upper()]
    return probes


def _confusable(text: str) -> str:
    for k, c in enumerate(text):
        if c in CONFUSABLES:
            return text[:k] + CONFUSABLES[c] + text[k + 1 :]
    return text + "\u200b"


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
    if reader == "record" and (g.record_from_text is None or g.record_to_text is None):
        raise ValueError(f"{g.name} has no record format")
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
    if reader == "position":
        return g.position_from_text(value)
    if reader == "json":
        return g.from_json(value)
    if reader == "dict":
        return g.from_dict(value)
    if reader == "record":
        assert g.record_from_text is not None
        return g.record_from_text(value)
    if reader == "rules":
        return g.rules_from_text(value)
    return g.parse_move(state, value)


def _read_problem(g: Game[Any, Any], reader: str, read: Any, state: Any) -> str:
    if reader in ("position", "json", "dict"):
        return _state_problem(g, read)
    if reader == "record":
        assert g.record_from_text is not None and g.record_to_text is not None
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
        if not problem and g.record_from_text(g.record_to_text(initial, moves, {})) != read:
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
    text = g.position_to_text(s)
    if g.position_from_text(text) != s:
        return f"the state does not read back equal from its position text {text!r}"
    if g.from_json(g.to_json(s)) != s:
        return "the state does not read back equal from its JSON"
    if g.from_dict(g.to_dict(s)) != s:
        return "the state does not read back equal from its dict"
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
    if any(not 0.0 <= v <= 1.0 for v in values):
        return f"returns() {values} are not values 0..1"
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
            out["position"].append((g.position_to_text(s), None))
            out["json"].append((g.to_json(s), None))
            out["dict"].append((g.to_dict(s), None))
            legal = list(s.legal_moves())
            for move in legal[:1] + legal[-1:]:
                out["move"].append((g.format_move(s, move), s))
            r = getattr(s, "rules", None)
            if r is not None:
                rules_texts.add(g.rules_to_text(r))
        if g.record_to_text is not None and g.record_from_text is not None:
            headers = {"Event": 'hostile "q" \\', "Date": "2025-01-31", "Round": "3"}
            try:
                text = g.record_to_text(initial, moves, headers)
            except ValueError:
                text = g.record_to_text(initial, moves, {})
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
    with ``attrs.evolve``) and requires a ``ValueError`` subclass and an unchanged state;
    writes every format for their states, mutates each input (``mutate_text``,
    ``mutate_data``) and requires the reader's own error or a valid value
    (``check_input``); and sets a state's turn to ``TURN_BOUND`` (by its position text's
    ``t<turn>`` token, or its dict's ``"turn"``) and plays it to an end, every state on
    the way writing and reading back.

    Args:
        game: The game, by registered name or as a ``Game``.
        rules: The rules of the random games (None: the game's standard rules).
        players: Player counts (default: every count the game allows).
        seed: Seed of the random games and mutations.
        examples: Mutated inputs per reader.
        checks: The checks to run (names from ``HOSTILE_CHECKS``; default all).

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
    return _hostile_report(g, rules, plays, tried, problems, notes)


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
    text = g.position_to_text(s)
    twin_state = g.position_from_text(text)
    digest = hash(s)
    problems: list[str] = []
    where = f"hostile play ({text[:120]})"
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
        if g.position_to_text(s) != text or hash(s) != digest or s != twin_state:
            problems.append(f"{where}: play({_repr(move)}) changed the state it was called on")
            break
    return problems


_TURN_TOKEN = re.compile(r"(?<!\S)t\d+(?!\S)")


def _at_turn(g: Game[Any, Any], s: Any, turn: int) -> Any:
    """``s`` moved to turn ``turn`` through its position text's ``t<turn>`` token or its
    dict's ``"turn"``; None when the game's formats have neither."""
    text = g.position_to_text(s)
    if len(_TURN_TOKEN.findall(text)) == 1:
        return g.position_from_text(_TURN_TOKEN.sub(f"t{turn}", text))
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
    if rules is not None and getattr(rules, "max_turns", None) is not None:
        rules = attrs.evolve(rules, max_turns=None)  # the bound, not the rules, must end it
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
            problems.append(f"{where}: a state in turn {TURN_BOUND} cannot be read: {exc}")
            continue
        if s is None:
            notes.append("turn-bound: no t<turn> token in the position text, no 'turn' in the "
                         "dict: the check needs a way to set a state's turn")  # fmt: skip
            return
        for ply in range(400):
            try:
                text = g.position_to_text(s)
                if g.position_from_text(text) != s or g.from_json(g.to_json(s)) != s:
                    problems.append(f"{where}, ply {ply}: the state does not read back: {text}")
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
