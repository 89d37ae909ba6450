"""Long-running fuzzer for every reader of both games (issue 10).

It mutates valid inputs (texts written by the library from seeded random games) and feeds
them to each reader. A reader may only raise its format's error (``NotationError``);
whatever it accepts must be a possible state that writes and reads back equal. Anything
else is a failure: it is printed and saved with its traceback.

Run from a clone with astroplane installed (``pip install -e .``); only the standard
library and astroplane (with attrs) are used. Be kind to shared machines (one process, ``nice``)::

    nice python benchmarks/fuzz.py --seconds 60                 # each reader for a minute
    nice python benchmarks/fuzz.py --count 1000000 -r position  # a million position texts
    nice python benchmarks/fuzz.py --hours 8 --out fuzz-failures # overnight, all readers

Readers: position, move, rules, json, record (ASTROPLANE) and ac-position, ac-move,
ac-rules, ac-json, ac-record (Aeroplane Chess). A run is deterministic for a given
``--seed``; a failure's input is saved as ``<out>/<reader>-<n>.txt`` (``repr`` of the
input, then the traceback).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs

import astroplane as ap
from astroplane.errors import NotationError
from astroplane.formats import jsonio
from astroplane.formats.notation import format_move, parse_move
from astroplane.formats.position import position_from_text, position_to_text, rules_from_text
from astroplane.formats.record import GameRecord, read_records, write_records
from astroplane.games.aeroplane_chess import jsonio as ac_jsonio
from astroplane.games.aeroplane_chess import new_game as ac_new_game
from astroplane.games.aeroplane_chess.notation import format_move as ac_format_move
from astroplane.games.aeroplane_chess.notation import parse_move as ac_parse_move
from astroplane.games.aeroplane_chess.options import rules_from_text as ac_rules_from_text
from astroplane.games.aeroplane_chess.position import position_from_text as ac_position_from_text
from astroplane.games.aeroplane_chess.position import position_to_text as ac_position_to_text
from astroplane.games.aeroplane_chess.record import GameRecord as ACRecord
from astroplane.games.aeroplane_chess.setup import check_state as ac_check
from astroplane.games.aeroplane_chess.state import AeroplaneState
from astroplane.rules.validate import validate_position

#: Look-alikes, digits Python reads as numbers, Unicode spaces and line breaks, controls.
HOSTILE = (
    "\u017f\u0131\u212a\u0130\u00df\ufb06\u0435\u0455"
    "\u0661\u0662\u00b2\uff11\u0966\u2155"
    "\u00a0\u2003\u2028\u2029\u0085\x1c\x1e\x0b\x0c\r\n\t\x00\x7f\ud800\ufeff"
)
ASCII = 'SWNEswnelrtx0123456789:,+-~*!>./ []"#\\abcdefghijkzRYBGHTP?&{}'
ALPHABET = ASCII + HOSTILE
NUMBERS = ("9" * 12, "0" * 5, "1000001", "1000000", "-1", "1.5", "1e3", "00", "4294967296")


class Failure(Exception):
    """An accepted input that is not possible or does not read back."""


# ---- mutation -------------------------------------------------------------------------------
def mutate(rng: random.Random, text: str, corpus: list[str]) -> str:
    """``text`` with 1-5 random edits (see the module docstring)."""
    chars = list(text)
    for _ in range(rng.randint(1, 5)):
        op = rng.randrange(10)
        i = rng.randint(0, len(chars))
        if op == 0 or not chars:
            chars[i:i] = rng.choices(ALPHABET, k=rng.randint(1, 3))
        elif op == 1:
            chars[i:i] = rng.choice(HOSTILE)
        elif op == 2:
            del chars[min(i, len(chars) - 1)]
        elif op == 3:
            chars[min(i, len(chars) - 1)] = rng.choice(ALPHABET)
        elif op == 4 and len(chars) > 1:
            j = min(i, len(chars) - 2)
            chars[j], chars[j + 1] = chars[j + 1], chars[j]
        elif op == 5:
            j = rng.randint(i, min(len(chars), i + 16))
            chars[j:j] = chars[i:j] * rng.randint(1, 3)
        elif op == 6:
            chars[i:i] = rng.choice(NUMBERS)
        elif op == 7:
            other = rng.choice(corpus)
            k = rng.randint(0, len(other))
            chars[i:] = other[k : k + rng.randint(1, 40)]
        elif op == 8:
            del chars[i : i + rng.randint(1, 8)]
        else:
            c = chars[min(i, len(chars) - 1)]
            chars[min(i, len(chars) - 1)] = c.swapcase()
    return "".join(chars)


# ---- corpora --------------------------------------------------------------------------------
def astroplane_games(n: int, seed: int) -> list[tuple[ap.GameState, list[ap.Move]]]:
    """Seeded random games (2-4 players, a few rule sets), each up to 60 plies."""
    rng = random.Random(seed)
    rule_sets = [ap.STANDARD, ap.BASIC, ap.ADVANCED]
    out = []
    for _ in range(n):
        rules = rng.choice(rule_sets)
        limit = rng.choice([None, 200])
        rules = attrs.evolve(rules, max_turns=limit, no_progress_rounds=rng.choice([None, 3]))
        s = ap.new_game(rng.choice([2, 3, 4]), rules=rules)
        start, moves = s, []
        for _ in range(rng.randint(0, 60)):
            if s.is_over:
                break
            m = rng.choice(s.legal_moves())
            moves.append(m)
            s = s.play(m)
        out.append((start, moves))
    return out


def ac_games(n: int, seed: int) -> list[tuple[AeroplaneState, list[Any]]]:
    """Seeded random Aeroplane Chess games, up to 80 rolls and moves."""
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        s = start = ac_new_game(rng.choice([2, 3, 4]))
        moves = []
        for _ in range(rng.randint(0, 80)):
            legal = s.legal_moves()
            if not legal:
                break
            m = rng.choice(legal)
            moves.append(m)
            s = s.play(m)
        out.append((start, moves))
    return out


def _states(game: tuple[Any, list[Any]]) -> list[Any]:
    s = game[0]
    out = [s]
    for m in game[1]:
        s = s.play(m)
        out.append(s)
    return out


# ---- checks of accepted inputs --------------------------------------------------------------
def check_state(state: ap.GameState) -> None:
    """A possible ASTROPLANE state that reads back equal from text and JSON."""
    validate_position(state, None if state.outcome is None else state.outcome.reason)
    if position_from_text(position_to_text(state)) != state:
        raise Failure("position text does not read back")
    if jsonio.from_json(jsonio.to_json(state)) != state:
        raise Failure("JSON does not read back")
    for move in state.legal_moves()[:2]:
        state.play(move)


# ---- readers ----------------------------------------------------------------------------------
Reader = tuple[list[str], Callable[[str, int], None]]


def make_readers(seed: int, games: int) -> dict[str, Reader]:
    """Per reader: its seed corpus and a function ``run(text, k)`` that reads ``text``
    (``k`` picks the context, such as the state a move is played in) and checks what it
    accepts."""
    a_games = astroplane_games(games, seed)
    c_games = ac_games(games, seed)
    a_states = [s for g in a_games for s in _states(g)][::3]
    c_states = [s for g in c_games for s in _states(g)][::3]
    a_live = [s for s in a_states if not s.is_over]
    c_live = [s for s in c_states if s.legal_moves()]

    def ac_ok(state: AeroplaneState) -> None:
        ac_check(state)
        if ac_position_from_text(ac_position_to_text(state)) != state:
            raise Failure("position text does not read back")
        if ac_jsonio.from_json(ac_jsonio.to_json(state)) != state:
            raise Failure("JSON does not read back")
        for move in state.legal_moves()[:2]:
            state.play(move)

    def position(text: str, k: int) -> None:
        check_state(position_from_text(text))

    def move(text: str, k: int) -> None:
        state = a_live[k % len(a_live)]
        if parse_move(state, text) not in state.legal_moves():
            raise Failure("parse_move returned an illegal move")

    def rules(text: str, k: int) -> None:
        r = rules_from_text(text)
        if not isinstance(r, ap.Rules):
            raise Failure("not rules")

    def json_any(text: str, k: int) -> None:
        value = jsonio.from_json(text)
        if isinstance(value, ap.GameState):
            check_state(value)
        elif isinstance(value, ap.Move):
            if jsonio.move_from_dict(jsonio.move_to_dict(value)) != value:
                raise Failure("move JSON does not read back")
        elif jsonio.outcome_from_dict(jsonio.outcome_to_dict(value)) != value:
            raise Failure("outcome JSON does not read back")

    def record(text: str, k: int) -> None:
        for r in read_records(text):
            check_state(r.final_state())
            if GameRecord.from_text(r.to_text()) != r:
                raise Failure("record does not read back")

    def ac_position(text: str, k: int) -> None:
        ac_ok(ac_position_from_text(text))

    def ac_move(text: str, k: int) -> None:
        state = c_live[k % len(c_live)]
        if ac_parse_move(state, text) not in state.legal_moves():
            raise Failure("parse_move returned an illegal move")

    def ac_rules(text: str, k: int) -> None:
        ac_rules_from_text(text)

    def ac_json(text: str, k: int) -> None:
        value = ac_jsonio.from_json(text)
        if isinstance(value, AeroplaneState):
            ac_ok(value)
        elif ac_jsonio.move_from_dict(ac_jsonio.move_to_dict(value)) != value:
            raise Failure("move JSON does not read back")

    def ac_record(text: str, k: int) -> None:
        r = ACRecord.from_text(text)
        ac_ok(r.final_state())
        if ACRecord.from_text(r.to_text()) != r:
            raise Failure("record does not read back")

    # Records: short games, so one input costs about a millisecond.
    short = [(g[0], g[1][:12]) for g in a_games]
    records = [
        write_records(
            [GameRecord.from_game(*g, event='fuzz "q" \\', date="2025-01-31") for g in pair]
        )
        for pair in zip(short, short[1:] + short[:1], strict=True)
    ]
    a_json = [jsonio.to_json(s) for s in a_states[::2]]
    a_json += [json.dumps(jsonio.move_to_dict(m)) for g in a_games for m in g[1][:3]] + [
        jsonio.to_json(s.outcome) for s in a_states if s.outcome is not None
    ]
    return {
        "position": ([position_to_text(s) for s in a_states], position),
        "move": ([format_move(s, s.legal_moves()[0]) for s in a_live], move),
        "rules": (
            [
                "standard",
                "basic,max_turns=200",
                "advanced,no_progress_rounds=4",
                "standard,square_vs_square=on,optional_reserve=on,match_target=30",
            ],
            rules,
        ),
        "json": (a_json, json_any),
        "record": (records, record),
        "ac-position": ([ac_position_to_text(s) for s in c_states], ac_position),
        "ac-move": ([ac_format_move(s, s.legal_moves()[-1]) for s in c_live], ac_move),
        "ac-rules": (["standard", "classic,stacking=choice", "modern,overshoot=stay"], ac_rules),
        "ac-json": (
            [ac_jsonio.to_json(s) for s in c_states[::2]]
            + [ac_jsonio.to_json(m) for g in c_games for m in g[1][:3]],
            ac_json,
        ),
        "ac-record": (
            [ACRecord.from_game(g[0], g[1][:20], event="fuzz").to_text() for g in c_games],
            ac_record,
        ),
    }


# ---- the loop ---------------------------------------------------------------------------------
def fuzz(
    name: str,
    reader: Reader,
    *,
    rng: random.Random,
    count: int | None,
    seconds: float | None,
    out: Path | None,
    max_failures: int,
) -> dict[str, Any]:
    """Run one reader; returns its counts."""
    corpus, run = reader
    done = accepted = failures = 0
    t0 = time.perf_counter()
    deadline = None if seconds is None else t0 + seconds
    while True:
        if count is not None and done >= count:
            break
        if deadline is not None and done % 256 == 0 and time.perf_counter() >= deadline:
            break
        k = rng.randrange(len(corpus))
        text = mutate(rng, corpus[k], corpus)
        done += 1
        try:
            run(text, k)
        except NotationError:
            continue
        except Exception:
            failures += 1
            report = f"{name}: {text!r}\n{traceback.format_exc()}"
            print(report, file=sys.stderr)
            if out is not None:
                out.mkdir(parents=True, exist_ok=True)
                (out / f"{name}-{failures}.txt").write_text(report, encoding="utf-8")
            if failures >= max_failures:
                break
            continue
        accepted += 1
    elapsed = time.perf_counter() - t0
    return {
        "reader": name,
        "inputs": done,
        "accepted": accepted,
        "failures": failures,
        "seconds": round(elapsed, 1),
        "per_second": round(done / elapsed) if elapsed else 0,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("-r", "--reader", action="append", help="a reader (default: all)")
    parser.add_argument("--count", type=int, help="inputs per reader")
    parser.add_argument("--seconds", type=float, help="seconds per reader")
    parser.add_argument("--hours", type=float, help="hours in all, shared by the readers")
    parser.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    parser.add_argument("--games", type=int, default=60, help="seed games per game (60)")
    parser.add_argument("--out", type=Path, help="directory for failing inputs")
    parser.add_argument("--max-failures", type=int, default=20, help="per reader (20)")
    args = parser.parse_args(argv)
    readers = make_readers(args.seed, args.games)
    names = args.reader or list(readers)
    unknown = sorted(set(names) - set(readers))
    if unknown:
        parser.error(f"unknown reader {unknown[0]!r} (known: {', '.join(readers)})")
    seconds = args.seconds
    if args.hours is not None:
        seconds = args.hours * 3600 / len(names)
    if args.count is None and seconds is None:
        seconds = 10.0
    rng = random.Random(args.seed)
    total_failures = 0
    print(f"{'reader':<12} {'inputs':>10} {'accepted':>9} {'failures':>8} {'s':>7} {'/s':>7}")
    for name in names:
        result = fuzz(
            name,
            readers[name],
            rng=rng,
            count=args.count,
            seconds=seconds,
            out=args.out,
            max_failures=args.max_failures,
        )
        total_failures += result["failures"]
        print(
            f"{name:<12} {result['inputs']:>10,} {result['accepted']:>9,} "
            f"{result['failures']:>8} {result['seconds']:>7} {result['per_second']:>7,}",
            flush=True,
        )
    return 1 if total_failures else 0


if __name__ == "__main__":
    sys.exit(main())
