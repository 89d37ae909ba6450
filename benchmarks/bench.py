"""Benchmark of the astroplane engine: move generation, play() and random playouts.

Run from a clone of the repository (with astroplane installed, e.g. ``pip install -e .``)::

    python benchmarks/bench.py            # full run, about a minute on one core
    python benchmarks/bench.py --quick    # smaller samples, a few seconds

Only the standard library and astroplane (with its dependency attrs) are used.
Every figure is single-threaded. Random choices are seeded, so two runs on the
same machine measure the same positions and the same games.

What is measured (see docs/performance.md for the results and their reading):

a. ``legal_moves()`` on the initial position, 2 and 4 players. A state caches its
   legal moves (``new_game`` and ``play`` already fill the cache), so the table
   shows the uncached generator ``astroplane.games.astroplane.rules.movegen.legal_actions(state)``,
   the public call on a fresh, uncached copy of the state, and the cached call.
b. ``legal_actions`` on mid-game positions: the positions at plies 20, 25, ..., 200
   of seeded random games (standard rules). Per position the median of several
   repeats is taken; the table shows the median, mean and 90th percentile over
   the positions.
c. ``play()`` on the same mid-game positions with a move drawn at random (seeded).
   ``play()`` returns a state whose legal moves are already computed (the next
   turn's, or the rest of this turn's), so its cost includes one move generation.
d. Random playouts: full games from the initial position to the end or to
   ``max_turns=200``, each action drawn uniformly from ``legal_moves()``.
   Reported: games per second and moves (actions, i.e. plies) per second; the
   time includes drawing the random action. The same 20 seeded games are played
   three times and the median run is shown.
"""

from __future__ import annotations

import argparse
import datetime
import functools
import os
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence

import attrs

import astroplane as ap
from astroplane.games.astroplane.rules.movegen import legal_actions

#: Targets from the first performance issue.
TARGET_MIDGAME_US = 60.0
TARGET_PLAYOUT_MOVES_PER_S = 10_000


def _per_call(fn: Callable[[], object], number: int, repeat: int) -> float:
    """Median over ``repeat`` runs of the time per call (seconds) of ``number`` calls."""
    runs = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        for _ in range(number):
            fn()
        runs.append((time.perf_counter() - t0) / number)
    return statistics.median(runs)


def _fresh(state: ap.GameState) -> ap.GameState:
    """An equal copy of ``state`` with an empty legal-move cache (``attrs.evolve`` never
    copies the cache)."""
    return attrs.evolve(state)


def _public_fresh(state: ap.GameState, number: int, repeat: int) -> float:
    """Median time per ``legal_moves()`` call on uncached copies (copies made untimed)."""
    runs = []
    for _ in range(repeat):
        copies = [_fresh(state) for _ in range(number)]
        t0 = time.perf_counter()
        for c in copies:
            c.legal_moves()
        runs.append((time.perf_counter() - t0) / number)
    return statistics.median(runs)


def midgame_positions(players: int, games: int, step: int) -> list[tuple[ap.GameState, ap.Move]]:
    """Positions at plies 20, 20+step, ..., 200 of seeded random games, each with a
    move drawn at random (seeded) for the ``play()`` benchmark."""
    out = []
    for seed in range(games):
        rng = random.Random(seed)
        s = ap.new_game(players=players)
        ply = 0
        while not s.is_over and ply <= 200:
            legal = s.legal_moves()
            if ply >= 20 and (ply - 20) % step == 0:
                out.append((s, legal[rng.randrange(len(legal))]))
            s = s.play(legal[rng.randrange(len(legal))])
            ply += 1
    return out


def _summary(samples: Sequence[float]) -> tuple[float, float, float]:
    """Median, mean and 90th percentile, in microseconds."""
    us = sorted(x * 1e6 for x in samples)
    p90 = us[min(len(us) - 1, int(0.9 * len(us)))]
    return statistics.median(us), statistics.fmean(us), p90


def playouts(players: int, games: int, seed: int = 1) -> tuple[float, float, float, str]:
    """Random playouts: (games per second, moves per second, mean moves per game,
    how the games ended)."""
    rules = attrs.evolve(ap.STANDARD, max_turns=200)
    rng = random.Random(seed)
    moves = 0
    ends: dict[str, int] = {}
    t0 = time.perf_counter()
    for _ in range(games):
        s = ap.new_game(players=players, rules=rules)
        while not s.is_over:
            legal = s.legal_moves()
            s = s.play(legal[rng.randrange(len(legal))])
            moves += 1
        assert s.outcome is not None
        reason = s.outcome.reason.name
        ends[reason] = ends.get(reason, 0) + 1
    elapsed = time.perf_counter() - t0
    how = ", ".join(f"{k} {v}" for k, v in sorted(ends.items()))
    return games / elapsed, moves / elapsed, moves / games, how


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--quick", action="store_true", help="small samples (a smoke run)")
    args = parser.parse_args(argv)
    quick: bool = args.quick

    n_games, step = (5, 20) if quick else (20, 5)
    number, repeat = (20, 3) if quick else (50, 5)
    pos_number, pos_repeat = (5, 3) if quick else (10, 5)
    n_playouts, playout_repeat = (4, 1) if quick else (20, 3)

    print("astroplane benchmark" + (" (--quick)" if quick else ""))
    print(f"astroplane {ap.__version__}, Python {platform.python_version()}")
    print(f"{platform.python_implementation()}, {platform.machine()}, {platform.system()}")
    print(f"date {datetime.date.today().isoformat()}, one core (single-threaded)")
    if hasattr(os, "getloadavg"):
        print(f"load average before the run: {os.getloadavg()[0]:.2f} (noisy if above ~0.5)")
    print()

    rows: list[tuple[str, str, str]] = []

    # (a) the initial position
    for players in (2, 4):
        s = ap.new_game(players=players)
        n = len(s.legal_moves())
        gen = _per_call(functools.partial(legal_actions, s), number * 20, repeat)
        pub = _public_fresh(s, number * 20, repeat)
        cached = _per_call(s.legal_moves, number * 200, repeat)
        tag = f"initial, {players}p ({n} actions)"
        rows.append((f"legal_actions(), {tag}", f"{gen * 1e6:.1f} µs", "median"))
        rows.append((f"legal_moves() fresh state, {tag}", f"{pub * 1e6:.1f} µs", "median"))
        rows.append((f"legal_moves() cached, {tag}", f"{cached * 1e6:.2f} µs", "median"))

    # (b) and (c) mid-game positions
    midgame_ok = True
    for players in (2, 4):
        positions = midgame_positions(players, n_games, step)
        branching = statistics.fmean(len(s.legal_moves()) for s, _ in positions)
        gen_t = [
            _per_call(functools.partial(legal_actions, s), pos_number, pos_repeat)
            for s, _ in positions
        ]
        play_t = [
            _per_call(functools.partial(s.play, m), pos_number, pos_repeat) for s, m in positions
        ]
        med, mean, p90 = _summary(gen_t)
        midgame_ok = midgame_ok and med < TARGET_MIDGAME_US
        tag = f"mid-game, {players}p ({len(positions)} positions, {branching:.1f} actions avg)"
        rows.append((f"legal_actions(), {tag}", f"{med:.1f} µs", f"mean {mean:.1f}, p90 {p90:.1f}"))
        med, mean, p90 = _summary(play_t)
        rows.append((f"play(), {tag}", f"{med:.1f} µs", f"mean {mean:.1f}, p90 {p90:.1f}"))

    # (d) random playouts
    playout_ok = True
    for players in (2, 4):
        # The same seeded games, repeated; the median run is kept (less noise).
        runs = sorted(playouts(players, n_playouts) for _ in range(playout_repeat))
        gps, mps, per_game, how = runs[len(runs) // 2]
        playout_ok = playout_ok and mps >= TARGET_PLAYOUT_MOVES_PER_S
        tag = f"random playouts, {players}p, max_turns=200 ({n_playouts} games)"
        rows.append((f"{tag}: games/s", f"{gps:.2f}", f"{per_game:.0f} moves/game; {how}"))
        rows.append((f"{tag}: moves/s", f"{mps:,.0f}", "actions incl. free ones"))

    w0 = max(len(r[0]) for r in rows)
    w1 = max(len(r[1]) for r in rows)
    print(f"{'measure':<{w0}}  {'value':>{w1}}  note")
    print(f"{'-' * w0}  {'-' * w1}  {'-' * 24}")
    for a, b, c in rows:
        print(f"{a:<{w0}}  {b:>{w1}}  {c}")
    print()
    print(
        f"targets: mid-game legal moves < {TARGET_MIDGAME_US:.0f} µs (median): "
        f"{'met' if midgame_ok else 'NOT met'}; "
        f">= {TARGET_PLAYOUT_MOVES_PER_S:,} moves/s in random playouts: "
        f"{'met' if playout_ok else 'NOT met'}"
    )
    print(
        "for other engines and the compiled build side by side: benchmarks/compare.py "
        "(see the performance page)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
