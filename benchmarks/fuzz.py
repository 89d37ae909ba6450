"""Long-running fuzzer for every reader of every registered game (issues 10 and 23).

It finds the games through ``astroplane.protocol.games()`` (the bundled ones and every
installed plug-in), writes every format of seeded random games of each (position text,
move text, rules text, JSON text, ``to_dict`` data, game record, and for the games that
have one a multi-game record text), mutates those inputs with the conformance suite's
mutators (``astroplane.testing.mutate_text`` / ``mutate_data``) and checks each reader
with ``astroplane.testing.check_input``: a reader may only raise its format's error (a
``ValueError`` subclass); whatever it accepts must be a possible value that writes and
reads back equal and whose moves play. It reports per reader:

* inputs tried and inputs per second, accepted, rejected by exception type;
* crashes: any other exception (``TypeError``, ``KeyError``, ``RecursionError``...);
* impossible values accepted: by the game's own validator (where ``VALIDATORS`` knows
  one), by its ``invariants``, or because the value does not write and read back or play;
* the worst time of one input;

and then a cost section: for each reader, large worst-case inputs (at and over the size
limits, deep nesting, many tiny games, one long game, long headers; several MiB for the
multi-game records) with the time and the peak memory (``tracemalloc``) per MiB of input.

Mutation-based by default (``--engine mutate``). With ``--engine atheris`` (``pip install
atheris``; Linux and macOS wheels) one reader (``-r``) is fuzzed coverage-guided by
libFuzzer, seeded with the same corpus; arguments after ``--`` go to libFuzzer
(``-- -runs=1000000 -max_len=8192``). Failures are saved in ``--out`` either way.

Run from a clone with astroplane installed (``pip install -e .``); only the standard
library and astroplane (with attrs) are needed. Be kind to shared machines (``nice``)::

    nice python benchmarks/fuzz.py --seconds 60                 # each reader for a minute
    nice python benchmarks/fuzz.py --count 1000000 -r astroplane:position
    nice python benchmarks/fuzz.py --hours 8 --out fuzz-failures # overnight, all readers
    nice python benchmarks/fuzz.py --cost-only                  # just the cost section
    nice python benchmarks/fuzz.py --engine atheris -r aeroplane-chess:json -- -runs=100000

Readers are named ``<game>:<reader>`` (``astroplane:position``, ``aeroplane-chess:record``);
the names of issue 10 still work (``position``, ``move``, ``rules``, ``json``, ``record``
for ASTROPLANE, ``ac-position``... for Aeroplane Chess). A run is deterministic for a given
``--seed``; a failure's input is saved as ``<out>/<reader>-<n>.txt`` (``repr`` of the input,
then the problem and the traceback).
"""

from __future__ import annotations

import argparse
import importlib
import json
import random
import sys
import time
import traceback
import tracemalloc
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from _costs import EXTRA_COSTS

from astroplane.kit import limits
from astroplane.kit.anyrecord import record_functions
from astroplane.protocol import Game
from astroplane.testing import (
    ReadOutcome,
    check_input,
    loadable_games,
    mutate_data,
    mutate_text,
    seed_corpus,
)

#: Multi-game record readers, for the games that have one (the ``Game`` protocol has no
#: field for it): game name -> ``module:function`` taking a text, returning the records.
MULTI_RECORDS = {
    "astroplane": "astroplane.games.astroplane.formats.record:read_records",
    "aeroplane-chess": "astroplane.games.aeroplane_chess.record:read_records",
    "square-off": "astroplane.games.square_off.record:read_records",
    "starcastles": "astroplane.games.starcastles.record:read_records",
}
#: The games' own position validators, used on every accepted state besides
#: ``Game.invariants``: each raises ``ValueError`` or returns the problems it finds (a
#: non-empty list) for an impossible state.
VALIDATORS = {
    "astroplane": "astroplane.games.astroplane.rules.validate:validate_position",
    "aeroplane-chess": "astroplane.games.aeroplane_chess.setup:check_state",
    "square-off": "astroplane.games.square_off.setup:check_state",
    "starcastles": "astroplane.games.starcastles.position:state_problems",
}
#: Rules the seed games are played under, besides the standard ones: per target group,
#: rules texts or ``"variants"`` (every registered variant of the game, in turn). Square
#: Off and StarCastles are fuzzed under all their presets and the options no preset has
#: (threefold, flying, start_controlled...); Aeroplane Chess's house rules (its presets
#: other than ``standard``) are a target group of their own, ``aeroplane-chess+house``.
RULES_MIX: dict[str, tuple[str, ...]] = {
    "square-off": (
        "variants",
        "square-off,threefold=on,no_removal_turns=0",
        "jump-off,threefold=on,trades=on,flying=on",
        "trading-places,adjacent_trades=on,pieces=4,flying=on",
    ),
    "starcastles": (
        "variants",
        "starcastles,start_controlled=on,gems_per_player=on",
        "starcastles,swap=off,max_rounds=40",
        "own-castles,arm=3",
    ),
    "aeroplane-chess+house": ("classic", "modern", "family", "teams"),
}
#: The reader names of issue 10.
ALIASES = {
    **{r: f"astroplane:{r}" for r in ("position", "move", "rules", "json", "record")},
    **{f"ac-{r}": f"aeroplane-chess:{r}" for r in ("position", "move", "rules", "json", "record")},
}
MIB = 1024 * 1024


def _load(spec: str) -> Callable[..., Any]:
    module, name = spec.split(":")
    fn: Callable[..., Any] = getattr(importlib.import_module(module), name)
    return fn


class Failure(Exception):
    """An accepted input that is impossible, or a reader that crashed."""


# ---- targets ----------------------------------------------------------------------------------
@dataclass
class Target:
    """One reader of one game: its seed corpus and how to check an input."""

    name: str
    game: Game[Any, Any]
    reader: str  # one of astroplane.testing.READERS, or "records"
    corpus: list[tuple[Any, Any]]
    texts: list[str] = field(default_factory=list)


def rules_of(g: Game[Any, Any], group: str) -> list[Any]:
    """The rules the seed games of a target group are played under (``RULES_MIX``; [None],
    the standard rules, when the group has none)."""
    out: list[Any] = []
    for spec in RULES_MIX.get(group, ()):
        if spec == "variants" and g.variants is not None:
            out.extend(g.variants().values())
        elif spec != "variants":
            out.append(g.rules_from_text(spec))
    return out or [None]


def _start(g: Game[Any, Any], count: int, rules: Any) -> Any:
    """A new game of ``count`` players under ``rules``, or with another count those rules
    allow (Aeroplane Chess's teams are four)."""
    for n in (count, *g.player_counts):
        try:
            return g.new_game(n) if rules is None else g.new_game(n, rules=rules)
        except ValueError:
            continue
    raise ValueError(f"no player count of {g.name} plays {rules!r}")


def random_plays(
    g: Game[Any, Any], n: int, seed: int, plies: int = 120, rules: Sequence[Any] = (None,)
) -> list[tuple[Any, list[Any]]]:
    """``n`` seeded random games of ``g`` (every player count, the ``rules`` in turn),
    each up to ``plies`` plies."""
    rng = random.Random(seed)
    out = []
    for i in range(n):
        count = g.player_counts[i % len(g.player_counts)]
        s = start = _start(g, count, rules[i % len(rules)])
        moves: list[Any] = []
        for _ in range(rng.randint(0, plies)):
            if s.is_over:
                break
            m = rng.choice(list(s.legal_moves()))
            moves.append(m)
            s = s.play(m)
        out.append((start, moves))
    return out


def make_targets(seed: int, games: int, plies: int = 120) -> dict[str, Target]:
    """Every reader of every registered game, with a corpus written from ``games`` random
    games per game of up to ``plies`` plies each (under the rules of ``RULES_MIX``), and
    the target groups of ``RULES_MIX`` that are a game's other rules
    (``aeroplane-chess+house``)."""
    out: dict[str, Target] = {}
    loaded = loadable_games()
    groups = [(name, name, g) for name, g in sorted(loaded.items())]
    for group in RULES_MIX:
        base = group.partition("+")[0]
        if base != group and base in loaded:
            groups.append((group, base, loaded[base]))
    for name, game_name, g in groups:
        mix = rules_of(g, name)
        plays = random_plays(g, games, seed, plies, mix)
        corpus = seed_corpus(g, plays, rules=[r for r in mix if r is not None])
        texts = [v for r in ("position", "json", "record") for v, _ in corpus.get(r, [])[:40]]
        for reader, items in corpus.items():
            if reader in ("position", "json", "move", "rules"):
                items = items[::3] or items
            out[f"{name}:{reader}"] = Target(f"{name}:{reader}", g, reader, items, texts)
        if game_name in MULTI_RECORDS and "record" in corpus:
            records = [v for v, _ in corpus["record"]]
            joined = ["\n".join(records[i : i + 3]) for i in range(0, max(1, len(records) - 2), 2)]
            out[f"{name}:records"] = Target(
                f"{name}:records", g, "records", [(t, None) for t in joined], texts
            )
    return out


def check(target: Target, value: Any, context: Any) -> ReadOutcome:
    """``check_input`` for one input, plus the game's own validator on what it accepted
    (an impossible value comes back with the problem ``"validator: ..."``)."""
    g = target.game
    if target.reader == "records":
        return _check_records(target, value)
    outcome = check_input(g, target.reader, value, context)
    if outcome.verdict != "accepted" or g.name not in VALIDATORS:
        return outcome
    states: list[Any] = []
    if target.reader in ("position", "json", "dict"):
        states = [outcome.value]
    elif target.reader == "record":
        initial, moves = outcome.value
        states = [initial]
        s = initial
        for m in moves:
            s = s.play(m)
        states.append(s)
    validate = _load(VALIDATORS[g.name])
    for s in states:
        try:
            _validate(validate, s)
        except ValueError as exc:
            return ReadOutcome("impossible", None, f"validator: {exc}", outcome.value)
    return outcome


def _validate(validate: Callable[..., Any], state: Any) -> None:
    outcome = getattr(state, "outcome", None)
    if outcome is not None and hasattr(outcome, "reason"):
        found = validate(state, outcome.reason)
    else:
        found = validate(state)
    if found:  # a validator that returns its problems
        raise ValueError("; ".join(map(str, list(found)[:3])))


def _check_records(target: Target, text: str) -> ReadOutcome:
    """A multi-game record text: every record read must be one ``check_input`` accepts
    as a single record (its moves play, it reads back)."""
    read = _load(MULTI_RECORDS[target.game.name])
    try:
        records = read(text)
    except ValueError as exc:
        return ReadOutcome("rejected", exc)
    except Exception as exc:  # the point: nothing else may come out
        return ReadOutcome("crash", exc, f"read_records raised {type(exc).__name__}: {exc}")
    for k, record in enumerate(records):
        try:
            again = check_input(target.game, "record", record.to_text())
        except Exception as exc:  # a record read cannot be written back
            return ReadOutcome("impossible", exc, f"record {k + 1} cannot be written: {exc}")
        if again.verdict != "accepted":
            why = again.problem or str(again.exception)
            return ReadOutcome("impossible", None, f"record {k + 1} does not read back: {why}")
    return ReadOutcome("accepted", value=records)


# ---- the mutation loop ------------------------------------------------------------------------
def fuzz(
    target: Target,
    *,
    rng: random.Random,
    count: int | None,
    seconds: float | None,
    out: Path | None,
    max_failures: int,
    progress: float | None = None,
) -> dict[str, Any]:
    """Fuzz one reader; returns its counts (and, every ``progress`` seconds, prints them so
    far to stderr, so a long run that is stopped still shows what it did)."""
    done = accepted = crashes = 0
    rejected: Counter[str] = Counter()
    crash_types: Counter[str] = Counter()
    impossible: Counter[str] = Counter()
    worst = (0.0, 0)
    t0 = time.perf_counter()
    deadline = None if seconds is None else t0 + seconds
    next_report = None if progress is None else t0 + progress
    while True:
        if next_report is not None and done % 256 == 0 and time.perf_counter() >= next_report:
            next_report += progress or 0.0
            print(
                f"{target.name}: {done:,} inputs, {accepted:,} accepted, {crashes:,} crashes,"
                f" {sum(impossible.values()):,} impossible, {time.perf_counter() - t0:.0f} s",
                file=sys.stderr,
                flush=True,
            )
        if count is not None and done >= count:
            break
        if deadline is not None and done % 64 == 0 and time.perf_counter() >= deadline:
            break
        value, context = rng.choice(target.corpus)
        if target.reader == "dict":
            mutated = mutate_data(rng, value)
        else:
            mutated = mutate_text(rng, value, target.texts)
        done += 1
        t = time.perf_counter()
        outcome = check(target, mutated, context)
        dt = time.perf_counter() - t
        if dt > worst[0]:
            worst = (dt, len(mutated) if isinstance(mutated, str) else 0)
        if outcome.verdict == "rejected":
            rejected[type(outcome.exception).__name__] += 1
            continue
        if outcome.verdict == "accepted":
            accepted += 1
            continue
        if outcome.verdict == "crash":
            crash_types[type(outcome.exception).__name__] += 1
        else:
            kind = outcome.problem.split(":")[0]
            impossible[
                "validator"
                if kind == "validator"
                else "invariants"
                if "invariants" in outcome.problem
                else "read-back/play"
            ] += 1
        crashes += outcome.verdict == "crash"
        _save(out, target.name, crashes + sum(impossible.values()), mutated, outcome)
        if crashes + sum(impossible.values()) >= max_failures:
            break
    elapsed = time.perf_counter() - t0
    return {
        "reader": target.name,
        "inputs": done,
        "per_second": round(done / elapsed) if elapsed else 0,
        "accepted": accepted,
        "rejected": dict(rejected.most_common()),
        "crashes": crashes,
        "crash_types": dict(crash_types),
        "impossible": dict(impossible),
        "worst_ms": round(worst[0] * 1000, 2),
        "worst_chars": worst[1],
        "seconds": round(elapsed, 1),
    }


def _save(out: Path | None, name: str, n: int, value: Any, outcome: ReadOutcome) -> None:
    exc = outcome.exception
    tb = "".join(traceback.format_exception(exc)) if exc is not None else ""
    try:
        shown = repr(value)
    except Exception as err:  # a value too deep to show
        shown = f"<{type(value).__name__}: repr raises {type(err).__name__}>"
    report = f"{name}: {shown[:2000]}\n{outcome.verdict}: {outcome.problem}\n{tb}"
    print(report[:3000], file=sys.stderr)
    if out is not None:
        out.mkdir(parents=True, exist_ok=True)
        (out / f"{name.replace(':', '-')}-{n}.txt").write_text(
            f"{name}: {shown}\n{outcome.verdict}: {outcome.problem}\n{tb}",
            encoding="utf-8",
            errors="backslashreplace",
        )


# ---- the cost section -------------------------------------------------------------------------
#: Each reader's documented size limit (``astroplane.kit.limits``); None: Python data.
SIZE_LIMITS: dict[str, int | None] = {
    "position": limits.MAX_POSITION_TEXT,
    "move": limits.MAX_MOVE_TEXT,
    "rules": limits.MAX_RULES_TEXT,
    "json": limits.MAX_JSON_TEXT,
    "dict": None,
    "record": limits.MAX_RECORD_TEXT,
    "records": limits.MAX_RECORDS_TEXT,
}


def _pad(text: str, size: int) -> str:
    """``text`` repeated (a line each) to exactly ``size`` characters."""
    line = text if text.endswith("\n") else text + "\n"
    return (line * (size // len(line) + 1))[:size]


def cost_inputs(target: Target, seed: int) -> list[tuple[str, Any, Any]]:
    """Worst-case large inputs for one reader, as ``(label, input, context)``."""
    g, reader = target.game, target.reader
    value, context = max(target.corpus, key=lambda vc: len(json.dumps(vc[0], default=str)))
    limit = SIZE_LIMITS[reader]
    cases: list[tuple[str, Any, Any]] = []
    if reader == "dict":
        lists = [k for k in value if isinstance(value[k], list)] or list(value)[:1]
        big = [value[lists[0]][0] if value[lists[0]] else 0] * 1_000_000
        cases.append((f"'{lists[0]}' with 1,000,000 items", {**value, lists[0]: big}, None))
        many = {**value, **{f"k{i}": i for i in range(100_000)}}
        cases.append(("100,000 unknown keys", many, None))
        return cases
    assert limit is not None
    text = str(value)
    cases.append(("the longest input the game wrote", text, context))
    cases.append(("at the limit (the input, repeated)", _pad(text, limit), context))
    cases.append(("one over the limit", _pad(text, limit + 1), context))
    cases.append(("8 MiB", _pad(text, 8 * MIB), context))
    if reader == "json":
        depth = (limit - 2) // 2
        cases.append((f"brackets nested {depth:,} deep", "[" * depth + "]" * depth, None))
        cases.append(
            ("a state padded with blanks to the limit", text + " " * (limit - len(text)), None)
        )
        quoted = json.dumps("x" * (limit - len(text) - 100))
        cases.append(("a string of almost the limit", text[:-1] + ', "pad": ' + quoted + "}", None))
    if reader in ("record", "records"):
        long_game = _long_game(g, seed)
        cases.append(("one long game", long_game, None))
        n_heads = (limits.MAX_RECORD_TEXT - 4096) // (limits.MAX_HEADER_VALUE + 16)
        value = "x" * limits.MAX_HEADER_VALUE
        start = g.new_game(g.player_counts[0])
        to_text = record_functions(g)[0]
        plain = to_text(start, [], {})
        # Past the header count a reader reads (no writer writes it): refused at the 65th.
        over = "".join(f'[H{i} "{value}"]\n' for i in range(n_heads)) + plain
        cases.append((f"{n_heads} long headers (1 MiB)", over, None))
        fits = limits.MAX_RECORD_HEADERS - plain.count("\n[") - 1  # the game's own headers
        headers = {f"H{i}": value for i in range(fits)}
        cases.append((f"{fits} long headers, the most a record has", to_text(start, [], headers),
                      None))  # fmt: skip
        if reader == "records":
            tiny = to_text(start, [], {})
            n = 2 * MIB // (len(tiny) + 1)
            cases.append((f"{n:,} tiny games (2 MiB)", "\n".join([tiny] * n), None))
            n = 2 * MIB // (len(long_game) + 1)
            cases.append((f"{n:,} long games (2 MiB)", "\n".join([long_game] * n), None))
            heads = to_text(start, [], headers)
            n = 2 * MIB // (len(heads) + 1)
            cases.append((f"{n} games with long headers (2 MiB)", "\n".join([heads] * n), None))
    return cases


def _long_game(g: Game[Any, Any], seed: int) -> str:
    """The longest record of a few seeded games of ``g``, where chance always gives its
    first outcome (Aeroplane Chess: a 1, so nobody launches and the game is all passes)
    and the players move at random, up to about ``MAX_RECORD_TEXT``."""
    best = ""
    rng = random.Random(seed)
    to_text = record_functions(g)[0]
    for _ in range(3):
        s = start = g.new_game(g.player_counts[0])
        moves: list[Any] = []
        text = to_text(start, moves, {})
        target = 1_000
        while not s.is_over:
            while not s.is_over and len(moves) < target:
                legal = list(s.legal_moves())
                m = legal[0] if s.is_chance_node else rng.choice(legal)
                moves.append(m)
                s = s.play(m)
            try:
                text = to_text(start, moves, {})
            except ValueError:  # over the record limit: keep the last that fit
                break
            if len(text) > limits.MAX_RECORD_TEXT // 2:
                break
            target *= 2
        best = max(best, text, key=len)
        if len(best) > limits.MAX_RECORD_TEXT // 4:
            break
    return best


def read_only(
    target: Target, value: Any, context: Any, fn: Callable[[Any], Any] | None = None
) -> str:
    """The reader alone (or ``fn``), as a server calls it (no checks of what it returns);
    says how it ended: ``accepted``, ``rejected (<error>)`` or ``CRASH (<exception>)``."""
    g, reader = target.game, target.reader
    fn = (
        fn
        or {
            "position": g.position_from_text,
            "json": g.from_json,
            "dict": g.from_dict,
            "rules": g.rules_from_text,
            "record": record_functions(g)[1],
            "records": _load(MULTI_RECORDS[g.name]) if g.name in MULTI_RECORDS else None,
        }.get(reader)
        or (lambda text: g.parse_move(context, text))
    )
    try:
        fn(value)
    except ValueError as exc:
        return f"rejected ({type(exc).__name__})"
    except Exception as exc:  # reported, not raised: the cost section goes on
        return f"CRASH ({type(exc).__name__})"
    return "accepted"


def measure_cost(target: Target, seed: int, most_mib: float | None = None) -> list[dict[str, Any]]:
    """Time and peak memory of the reader alone on each of ``cost_inputs`` and the game's
    own worst cases (``_costs.EXTRA_COSTS``), per MiB of input (what it accepts is checked
    by the fuzzing loop, not here)."""
    cases: list[tuple[str, Any, Any, Callable[[Any], Any] | None, int | None]] = [
        (label, value, context, None, None) for label, value, context in cost_inputs(target, seed)
    ]
    extra = EXTRA_COSTS.get(target.name)
    if extra is not None:
        cases += [(label, value, None, fn, size) for label, value, fn, size in extra(seed)]
    rows = []
    for label, value, context, fn, known in cases:
        size = known or (len(value) if isinstance(value, str) else len(json.dumps(value)))
        if most_mib is not None and size > most_mib * MIB:
            continue
        t0 = time.perf_counter()
        verdict = read_only(target, value, context, fn)
        seconds = time.perf_counter() - t0
        peak = -1.0  # not measured: tracemalloc would take several times as long again
        if seconds < 10:
            tracemalloc.start()
            tracemalloc.reset_peak()
            read_only(target, value, context, fn)
            peak = tracemalloc.get_traced_memory()[1]
            tracemalloc.stop()
        mib = size / MIB
        rows.append(
            {
                "reader": target.name,
                "input": label,
                "chars": size,
                "verdict": verdict,
                "seconds": round(seconds, 4),
                "s_per_mib": round(seconds / mib, 3),
                "peak_mb": round(peak / 1e6, 2),
                "mb_per_mib": round(peak / 1e6 / mib, 2),
                "ok": not verdict.startswith("CRASH"),
            }
        )
    return rows


# ---- atheris ----------------------------------------------------------------------------------
def run_atheris(target: Target, seed: int, out: Path | None, libfuzzer_args: list[str]) -> None:
    """Fuzz one reader coverage-guided with atheris (libFuzzer); does not return."""
    import tempfile

    import atheris  # type: ignore[import-not-found]  # optional

    corpus_dir = Path(tempfile.mkdtemp(prefix=f"fuzz-{target.name.replace(':', '-')}-"))
    for k, (value, _) in enumerate(target.corpus):
        text = value if isinstance(value, str) else json.dumps(value)
        (corpus_dir / f"seed-{k}").write_bytes(text.encode("utf-8", "surrogatepass"))
    contexts = [c for _, c in target.corpus]
    dict_reader = target.reader == "dict"

    def one_input(data: bytes) -> None:
        text = data.decode("utf-8", "replace")
        context = contexts[len(data) % len(contexts)]
        value: Any = text
        if dict_reader:
            try:
                value = json.loads(text)
            except (ValueError, RecursionError):
                return
        outcome = check(target, value, context)
        if not outcome.ok:
            _save(out, target.name, 1, value, outcome)
            raise Failure(f"{outcome.verdict}: {outcome.problem}")

    atheris.instrument_all()
    args = [sys.argv[0], *libfuzzer_args, str(corpus_dir)]
    if not any(a.startswith("-seed=") for a in libfuzzer_args):
        args.insert(1, f"-seed={seed}")
    atheris.Setup(args, one_input)
    atheris.Fuzz()


# ---- the command line -------------------------------------------------------------------------
def _impossible(result: dict[str, Any]) -> int:
    return sum(result["impossible"].values())


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    libfuzzer_args: list[str] = []
    if "--" in argv:
        at = argv.index("--")
        argv, libfuzzer_args = argv[:at], argv[at + 1 :]
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("-r", "--reader", action="append", help="a reader (default: all)")
    parser.add_argument("--count", type=int, help="inputs per reader")
    parser.add_argument("--seconds", type=float, help="seconds per reader")
    parser.add_argument("--hours", type=float, help="hours in all, shared by the readers")
    parser.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    parser.add_argument("--games", type=int, default=40, help="seed games per game (40)")
    parser.add_argument(
        "--plies",
        type=int,
        default=120,
        help="longest seed game, in plies (120); shorter seeds fuzz the record readers faster",
    )
    parser.add_argument("--out", type=Path, help="directory for failing inputs")
    parser.add_argument("--max-failures", type=int, default=20, help="per reader (20)")
    parser.add_argument("--engine", choices=("mutate", "atheris"), default="mutate")
    parser.add_argument(
        "--progress", type=float, help="print the counts so far every this many seconds"
    )
    parser.add_argument("--no-cost", action="store_true", help="skip the cost section")
    parser.add_argument("--cost-only", action="store_true", help="only the cost section")
    parser.add_argument(
        "--max-cost-mib",
        type=float,
        help="leave out cost inputs larger than this many MiB (a 64 MiB text of records "
        "takes minutes; per MiB the 2 and 8 MiB ones tell the same)",
    )
    parser.add_argument("--json", type=Path, help="also write the results as JSON here")
    parser.add_argument("--list", action="store_true", help="list the readers and stop")
    args = parser.parse_args(argv)
    targets = make_targets(args.seed, args.games, args.plies)
    if args.list:
        print("\n".join(targets))
        return 0
    names = [ALIASES.get(n, n) for n in (args.reader or list(targets))]
    unknown = sorted(set(names) - set(targets))
    if unknown:
        parser.error(f"unknown reader {unknown[0]!r} (known: {', '.join(targets)})")
    if args.engine == "atheris":
        if len(names) != 1:
            parser.error("--engine atheris fuzzes one reader: give one -r")
        run_atheris(targets[names[0]], args.seed, args.out, libfuzzer_args)
        return 0
    seconds = args.seconds
    if args.hours is not None:
        seconds = args.hours * 3600 / len(names)
    if args.count is None and seconds is None:
        seconds = 10.0
    rng = random.Random(args.seed)
    results: list[dict[str, Any]] = []
    bad = 0
    if not args.cost_only:
        print(
            f"{'reader':<26} {'inputs':>10} {'/s':>6} {'accepted':>8} {'crashes':>7} "
            f"{'impossible':>10} {'worst ms':>8}  rejected by"
        )
        for name in names:
            r = fuzz(
                targets[name],
                rng=rng,
                count=args.count,
                seconds=seconds,
                out=args.out,
                max_failures=args.max_failures,
                progress=args.progress,
            )
            results.append(r)
            bad += r["crashes"] + _impossible(r)
            rejected = ", ".join(f"{k} {v:,}" for k, v in r["rejected"].items())
            print(
                f"{name:<26} {r['inputs']:>10,} {r['per_second']:>6,} {r['accepted']:>8,} "
                f"{r['crashes']:>7} {_impossible(r):>10} {r['worst_ms']:>8}  {rejected}",
                flush=True,
            )
    costs: list[dict[str, Any]] = []
    if not args.no_cost:
        print(f"\n{'reader':<26} {'cost input':<38} {'MiB':>6} {'s':>7} {'s/MiB':>7} "
              f"{'peak MB':>8} {'MB/MiB':>7}  verdict")  # fmt: skip
        for name in names:
            if "+" in name:  # another rule set of a game whose costs are measured already
                continue
            for row in measure_cost(targets[name], args.seed, args.max_cost_mib):
                costs.append(row)
                bad += not row["ok"]
                print(
                    f"{name:<26} {row['input'][:38]:<38} {row['chars'] / MIB:>6.2f} "
                    f"{row['seconds']:>7.3f} {row['s_per_mib']:>7.3f} {row['peak_mb']:>8.2f} "
                    f"{row['mb_per_mib']:>7.2f}  {row['verdict']}",
                    flush=True,
                )
    if args.json is not None:
        args.json.write_text(json.dumps({"fuzz": results, "cost": costs}, indent=1))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
