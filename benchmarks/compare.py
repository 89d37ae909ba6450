"""Side by side: astroplane pure Python, astroplane compiled (mypyc) and python-chess.

    nice python benchmarks/compare.py --compiled /path/to/compiled-venv/bin/python
    nice python benchmarks/compare.py --before /path/to/baseline-venv/bin/python
    nice python benchmarks/compare.py --quick          # a smoke run
    nice python benchmarks/compare.py --game square-off    # or --game starcastles
    nice python benchmarks/compare.py --game aeroplane-chess --compiled ...  # no twin

``--game square-off`` measures Square Off's ``nine-mens-morris`` preset against OpenSpiel's
``nine_mens_morris`` (the same games: its moves come in OpenSpiel's action order), and
``--game starcastles`` StarCastles with 2 and 6 players against OpenSpiel's
``chinese_checkers`` (``players=2`` and ``6``; ``bytes/state`` for both player counts),
each with this interpreter when it imports ``pyspiel`` (else give ``--openspiel``); the
measures are in the workers' code (``square_off_worker``, ``starcastles_worker`` and
their OpenSpiel counterparts) and on docs/performance.md. ``--game aeroplane-chess`` has
no OpenSpiel twin: it measures the pure and compiled builds (and ``--before``) side by
side (``aeroplane_chess_worker``). The default, ``--game astroplane``, is described below.

``--before`` measures an earlier astroplane (a venv with another version or commit
installed) in the same rounds, so a change is judged against its baseline on the same
machine at the same time: the ratios "pure / before" and "compiled / before" are what a
speed change claims.

Each engine runs in its own worker process (``--worker NAME``): the pure build with this
interpreter (which must import the pure-Python astroplane), the compiled build with the
interpreter given by ``--compiled`` (a venv made with ``ASTROPLANE_COMPILE=1 pip install .``,
see scripts/ci_compiled.sh), python-chess with this interpreter when ``chess`` is installed.
The workers are run alternately, round after round (``--rounds``), so a change of load on
a shared machine hits every engine alike; the median over the rounds is reported, then the
ratios. Every random choice is seeded: each round measures the same positions and games.

Measures (per engine):

- ``playout``: random playouts from the initial position, plies per second, drawing the
  random move included. astroplane: 2 players, standard rules, ``max_turns=200``,
  through the immutable states (``legal_moves()`` / ``play()``; the same games through
  the packed core, ``Game.core`` by action number, are in the info line); chess: until
  ``is_game_over()`` (mate, stalemate, insufficient material, 75 moves, fivefold
  repetition).
- ``movegen``: uncached legal move generation on fresh mid-game positions, µs per call
  (mean over the positions). astroplane:
  ``astroplane.games.astroplane.rules.movegen.legal_actions(state)``
  (the generator itself: the state's cache is neither read nor filled); chess:
  ``list(board.legal_moves)``.
- ``apply``: playing a random legal move on those positions, µs per call. astroplane:
  ``state.play(move)``, which builds a new immutable state **and generates its legal
  moves**; chess: ``board.push(move); board.pop()`` on a mutable board (no generation).
- ``perft``: leaf nodes per second of perft from the initial position (astroplane
  ``astroplane.perft``, 2 players; chess: the usual recursive perft with make/unmake,
  depth 1 bulk-counted as astroplane does).
- ``bytes/state``: memory per retained position along random games, measured with
  ``tracemalloc`` (what a list of all the positions of the games costs, divided by their
  number). astroplane: the ``GameState`` objects ``play`` returns, with their legal-move
  cache; what consecutive states share (unchanged stacks, the interned moves, the
  topology and rules) counts once. chess: ``board.copy(stack=False)`` after each move.
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import platform
import random
import statistics
import subprocess
import sys
import time
import tracemalloc
from collections.abc import Callable
from typing import Any

MEASURES = ("playout", "movegen", "apply", "perft", "bytes/state")
UNITS = {
    "playout": "plies/s",
    "playout 2p": "plies/s",
    "playout 6p": "plies/s",
    "movegen 2p": "µs",
    "movegen 6p": "µs",
    "movegen": "µs",
    "apply": "µs",
    "perft": "nodes/s",
    "bytes/state": "bytes",
    "bytes/state 2p": "bytes",
    "bytes/state 6p": "bytes",
}
#: For these, smaller is better (ratios are inverted so that > 1 means "faster/smaller"):
#: the times per call and the memory, read off their units.
SMALLER_IS_BETTER = {m for m, unit in UNITS.items() if unit in ("µs", "bytes")}


# --------------------------------------------------------------------------- workers


def _timed(fn: Callable[[], object]) -> float:
    t0 = time.perf_counter()
    fn()
    return time.perf_counter() - t0


def _bytes_per_state(game: Callable[[int], list[Any]], quick: bool) -> float:
    """Memory per retained position: ``tracemalloc`` over every position of a few seeded
    games (``game(seed)`` returns them) kept in a list, after one warm-up pass (so what is
    made once, such as interned moves, is not counted)."""
    seeds = range(200, 200 + (2 if quick else 5))
    for seed in seeds:
        game(seed)
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    kept = [game(seed) for seed in seeds]
    after = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    return (after - before) / sum(len(g) for g in kept)


def astroplane_worker(quick: bool) -> dict[str, Any]:
    import attrs

    import astroplane as ap
    from astroplane.games.astroplane.rules.movegen import legal_actions

    rules = attrs.evolve(ap.STANDARD, max_turns=200)
    n_games = 3 if quick else 10

    def game(seed: int) -> list[ap.GameState]:
        return _seeded_game(lambda: ap.new_game(players=2, rules=rules), seed)

    # playouts
    plies = 0

    def playouts() -> None:
        nonlocal plies
        plies = 0
        rng = random.Random(1)
        for _ in range(n_games):
            s = ap.new_game(players=2, rules=rules)
            while not s.is_over:
                legal = s.legal_moves()
                s = s.play(legal[rng.randrange(len(legal))])
                plies += 1

    playouts()  # warm-up (interned moves, caches)
    playout = plies / _timed(playouts)

    # mid-game positions: plies 20, 25, ..., 200 of seeded games
    positions: list[tuple[ap.GameState, ap.Move]] = []
    for seed in range(n_games):
        rng = random.Random(100 + seed)
        for ply, s in enumerate(game(100 + seed)):
            if 20 <= ply <= 200 and ply % 5 == 0 and not s.is_over:
                legal = s.legal_moves()
                positions.append((s, legal[rng.randrange(len(legal))]))
    reps = 5 if quick else 20

    def gen() -> None:
        for _ in range(reps):
            for s, _m in positions:
                legal_actions(s)

    def apply() -> None:
        for _ in range(reps):
            for s, m in positions:
                s.play(m)

    movegen = _timed(gen) / (reps * len(positions)) * 1e6
    apply_us = _timed(apply) / (reps * len(positions)) * 1e6

    depth = 4 if quick else 6
    start = ap.new_game(players=2)
    nodes = 0

    def run_perft() -> None:
        nonlocal nodes
        nodes = ap.perft(start, depth)

    elapsed = _timed(run_perft)
    perft = nodes / elapsed

    from astroplane import COMPILED
    from astroplane.protocol import get_game

    # The same playouts through the packed core (Game.core), by action number, no states
    # (an astroplane from before the core has none).
    hook = get_game("astroplane").core
    core: Any = None
    first: Any = None
    if hook is not None:
        core, first = hook(ap.new_game(players=2, rules=rules))

    core_rate = _core_games_rate(core, first, n_games)

    return {
        "playout": playout,
        "movegen": movegen,
        "apply": apply_us,
        "perft": perft,
        "bytes/state": _bytes_per_state(game, quick),
        "info": f"astroplane {ap.__version__}, COMPILED={COMPILED}, "
        f"{len(positions)} mid-game positions, perft depth {depth} = {nodes} nodes, "
        f"playouts through the packed core {core_rate:,.0f} plies/s",
        "compiled": COMPILED,
    }


def chess_worker(quick: bool) -> dict[str, Any]:
    import chess

    n_games = 3 if quick else 10

    def game(seed: int) -> list[chess.Board]:
        rng = random.Random(seed)
        b = chess.Board()
        out = [b.copy(stack=False)]
        while not b.is_game_over():
            legal = list(b.legal_moves)
            b.push(legal[rng.randrange(len(legal))])
            out.append(b.copy(stack=False))
        return out

    plies = 0

    def playouts() -> None:
        nonlocal plies
        plies = 0
        rng = random.Random(1)
        for _ in range(n_games):
            b = chess.Board()
            while not b.is_game_over():
                legal = list(b.legal_moves)
                b.push(legal[rng.randrange(len(legal))])
                plies += 1

    playouts()
    playout = plies / _timed(playouts)

    positions: list[tuple[chess.Board, chess.Move]] = []
    for seed in range(n_games):
        rng = random.Random(100 + seed)
        for ply, b in enumerate(game(100 + seed)):
            if 10 <= ply <= 120 and ply % 5 == 0 and not b.is_game_over():
                legal = list(b.legal_moves)
                positions.append((b, legal[rng.randrange(len(legal))]))
    reps = 5 if quick else 20

    def gen() -> None:
        for _ in range(reps):
            for b, _m in positions:
                list(b.legal_moves)

    def apply() -> None:
        for _ in range(reps):
            for b, m in positions:
                b.push(m)
                b.pop()

    movegen = _timed(gen) / (reps * len(positions)) * 1e6
    apply_us = _timed(apply) / (reps * len(positions)) * 1e6

    def perft(b: chess.Board, d: int) -> int:
        if d == 1:
            return b.legal_moves.count()
        n = 0
        for m in b.legal_moves:
            b.push(m)
            n += perft(b, d - 1)
            b.pop()
        return n

    depth = 3 if quick else 4
    nodes = 0

    def run_perft() -> None:
        nonlocal nodes
        nodes = perft(chess.Board(), depth)

    elapsed = _timed(run_perft)
    perft_rate = nodes / elapsed

    return {
        "playout": playout,
        "movegen": movegen,
        "apply": apply_us,
        "perft": perft_rate,
        "bytes/state": _bytes_per_state(game, quick),
        "info": f"python-chess {chess.__version__}, {len(positions)} mid-game positions, "
        f"perft depth {depth} = {nodes} nodes",
    }


def openspiel_worker(quick: bool) -> dict[str, Any]:
    import pyspiel  # type: ignore[import-not-found]

    game_ = pyspiel.load_game("chess")
    n_games = 3 if quick else 10

    plies = 0

    def playouts() -> None:
        nonlocal plies
        plies = 0
        rng = random.Random(1)
        for _ in range(n_games):
            st = game_.new_initial_state()
            while not st.is_terminal():
                legal = st.legal_actions()
                st.apply_action(legal[rng.randrange(len(legal))])
                plies += 1

    playouts()
    playout = plies / _timed(playouts)

    positions: list[tuple[Any, int]] = []
    for seed in range(n_games):
        rng = random.Random(100 + seed)
        st = game_.new_initial_state()
        ply = 0
        while not st.is_terminal():
            legal = st.legal_actions()
            if 10 <= ply <= 120 and ply % 5 == 0:
                positions.append((st.clone(), legal[rng.randrange(len(legal))]))
            st.apply_action(legal[rng.randrange(len(legal))])
            ply += 1
    reps = 5 if quick else 20
    # A state caches its legal actions once asked: time fresh clones of unasked states
    # (the clones are made untimed, with the same parent history).
    fresh = [game_.deserialize_state(st.serialize()) for st, _ in positions]
    gen_t = 0.0
    apply_t = 0.0
    for _ in range(reps):
        copies = [st.clone() for st in fresh]
        t0 = time.perf_counter()
        for c in copies:
            c.legal_actions()
        gen_t += time.perf_counter() - t0
        copies = [st.clone() for st, _ in positions]
        t0 = time.perf_counter()
        for c, (_st, m) in zip(copies, positions, strict=True):
            c.apply_action(m)
        apply_t += time.perf_counter() - t0

    def perft(st: Any, d: int) -> int:
        legal = st.legal_actions()
        if d == 1:
            return len(legal)
        n = 0
        for a in legal:
            n += perft(st.child(a), d - 1)
        return n

    depth = 3 if quick else 4
    nodes = 0

    def run_perft() -> None:
        nonlocal nodes
        nodes = perft(game_.new_initial_state(), depth)

    elapsed = _timed(run_perft)
    return {
        "playout": playout,
        "movegen": gen_t / (reps * len(positions)) * 1e6,
        "apply": apply_t / (reps * len(positions)) * 1e6,
        "perft": nodes / elapsed,
        "bytes/state": float("nan"),  # C++ memory: invisible to tracemalloc
        "info": f"OpenSpiel {getattr(pyspiel, '__version__', '?')} chess (C++), "
        f"{len(positions)} mid-game positions, perft depth {depth} = {nodes} nodes "
        "(child() copies the state), bytes/state not measured (C++ heap)",
    }


# ---------------------------------------------------------------- Square Off, StarCastles


def _random_games_rate(new: Callable[[], Any], n_games: int) -> float:
    """Plies per second of ``n_games`` seeded random games through the protocol
    (``is_over`` / ``legal_moves`` / ``play``), after one warm-up pass."""
    plies = 0

    def playouts() -> None:
        nonlocal plies
        plies = 0
        rng = random.Random(1)
        for _ in range(n_games):
            s = new()
            while not s.is_over:
                legal = s.legal_moves()
                s = s.play(legal[rng.randrange(len(legal))])
                plies += 1

    playouts()
    return plies / _timed(playouts)


def _seeded_game(new: Callable[[], Any], seed: int) -> list[Any]:
    """Every state of one random game from ``new()`` through the state API, the moves
    drawn with ``random.Random(seed)`` (the same draws as the OpenSpiel twin's games)."""
    rng = random.Random(seed)
    s = new()
    out = [s]
    while not s.is_over:
        legal = s.legal_moves()
        s = s.play(legal[rng.randrange(len(legal))])
        out.append(s)
    return out


def _core_games_rate(core: Any, first: Any, n_games: int) -> float:
    """The same random games through a packed core (``Game.core``: ``is_terminal`` /
    ``legal_actions`` / ``apply`` by action number from position ``first``, no states),
    plies per second after one warm-up pass; NaN without a core (``--before``)."""
    if core is None:
        return float("nan")
    plies = 0

    def playouts() -> None:
        nonlocal plies
        plies = 0
        rng = random.Random(1)
        for _ in range(n_games):
            p = first
            while not core.is_terminal(p):
                legal = core.legal_actions(p)
                p = core.apply(p, legal[rng.randrange(len(legal))])
                plies += 1

    playouts()
    return plies / _timed(playouts)


def _spiel_games_rate(new: Callable[[], Any], n_games: int) -> float:
    """The same for an OpenSpiel game (``is_terminal`` / ``legal_actions`` /
    ``apply_action`` on one mutable state), after one warm-up pass."""
    plies = 0

    def playouts() -> None:
        nonlocal plies
        plies = 0
        rng = random.Random(1)
        for _ in range(n_games):
            st = new()
            while not st.is_terminal():
                legal = st.legal_actions()
                st.apply_action(legal[rng.randrange(len(legal))])
                plies += 1

    playouts()
    return plies / _timed(playouts)


def _spiel_gen_apply(
    game_: Any, positions: list[tuple[Any, int]], reps: int
) -> tuple[float, float]:
    """µs per ``legal_actions()`` on fresh (uncached) states and per ``apply_action`` on a
    clone, over ``positions`` (state, action)."""
    fresh = [game_.deserialize_state(st.serialize()) for st, _ in positions]
    gen_t = 0.0
    apply_t = 0.0
    for _ in range(reps):
        copies = [st.clone() for st in fresh]
        t0 = time.perf_counter()
        for c in copies:
            c.legal_actions()
        gen_t += time.perf_counter() - t0
        copies = [st.clone() for st, _ in positions]
        t0 = time.perf_counter()
        for c, (_st, m) in zip(copies, positions, strict=True):
            c.apply_action(m)
        apply_t += time.perf_counter() - t0
    n = reps * len(positions)
    return gen_t / n * 1e6, apply_t / n * 1e6


def _spiel_perft(st: Any, d: int) -> int:
    legal = st.legal_actions()
    if d == 1:
        return len(legal)
    return sum(_spiel_perft(st.child(a), d - 1) for a in legal)


def square_off_worker(quick: bool) -> dict[str, Any]:
    import attrs

    from astroplane import COMPILED
    from astroplane.games.square_off import NINE_MENS_MORRIS, SquareOffState, new_game
    from astroplane.perft import perft

    n_games = 10 if quick else 60

    def game(seed: int) -> list[SquareOffState]:
        return _seeded_game(lambda: new_game(NINE_MENS_MORRIS), seed)

    playout = _random_games_rate(lambda: new_game(NINE_MENS_MORRIS), n_games)
    # mid-game positions: plies 10, 15, ... of seeded games (the same as OpenSpiel's:
    # legal_moves() is in OpenSpiel's action order, so the same draws play the same game)
    positions: list[tuple[SquareOffState, Any]] = []
    for seed in range(n_games // 2):
        rng = random.Random(100 + seed)
        s = new_game(NINE_MENS_MORRIS)
        ply = 0
        while not s.is_over:
            legal = s.legal_moves()
            if ply >= 10 and ply % 5 == 0:
                positions.append((s, legal[rng.randrange(len(legal))]))
            s = s.play(legal[rng.randrange(len(legal))])
            ply += 1
    reps = 5 if quick else 20
    # A state keeps its legal moves once listed: time fresh copies of the same states,
    # made untimed (``attrs.evolve``), as OpenSpiel's are.
    gen_t = 0.0
    for _ in range(reps):
        fresh = [attrs.evolve(s) for s, _m in positions]
        t0 = time.perf_counter()
        for f in fresh:
            f.legal_moves()
        gen_t += time.perf_counter() - t0

    def apply() -> None:
        for _ in range(reps):
            for s, m in positions:
                s.play(m)

    movegen = gen_t / (reps * len(positions)) * 1e6
    apply_us = _timed(apply) / (reps * len(positions)) * 1e6
    depth = 4 if quick else 5
    start = new_game(NINE_MENS_MORRIS)
    nodes = 0

    def run_perft() -> None:
        nonlocal nodes
        nodes = perft(start, depth)

    elapsed = _timed(run_perft)
    rate = nodes / elapsed
    from astroplane.protocol import get_game

    hook = get_game("square-off").core  # the same playouts through the packed core
    core, first = hook(new_game(NINE_MENS_MORRIS)) if hook is not None else (None, None)
    core_rate = _core_games_rate(core, first, n_games)
    return {
        "playout": playout,
        "movegen": movegen,
        "apply": apply_us,
        "perft": rate,
        "bytes/state": _bytes_per_state(game, quick),
        "info": f"Square Off nine-mens-morris, COMPILED={COMPILED}, {len(positions)} "
        f"mid-game positions, perft depth {depth} = {nodes} nodes, "
        f"playouts through the packed core {core_rate:,.0f} plies/s",
        "compiled": COMPILED,
    }


def openspiel_morris_worker(quick: bool) -> dict[str, Any]:
    import pyspiel  # type: ignore[import-not-found]

    game_ = pyspiel.load_game("nine_mens_morris")
    n_games = 10 if quick else 60
    playout = _spiel_games_rate(game_.new_initial_state, n_games)
    positions: list[tuple[Any, int]] = []
    for seed in range(n_games // 2):
        rng = random.Random(100 + seed)
        st = game_.new_initial_state()
        ply = 0
        while not st.is_terminal():
            legal = st.legal_actions()
            if ply >= 10 and ply % 5 == 0:
                positions.append((st.clone(), legal[rng.randrange(len(legal))]))
            st.apply_action(legal[rng.randrange(len(legal))])
            ply += 1
    movegen, apply_us = _spiel_gen_apply(game_, positions, 5 if quick else 20)
    depth = 4 if quick else 5
    nodes = 0

    def run_perft() -> None:
        nonlocal nodes
        nodes = _spiel_perft(game_.new_initial_state(), depth)

    elapsed = _timed(run_perft)
    rate = nodes / elapsed
    return {
        "playout": playout,
        "movegen": movegen,
        "apply": apply_us,
        "perft": rate,
        "bytes/state": float("nan"),  # C++ memory: invisible to tracemalloc
        "info": f"OpenSpiel {pyspiel.__version__} nine_mens_morris (C++), {len(positions)} "
        f"mid-game positions, perft depth {depth} = {nodes} nodes (child() copies the state)",
    }


def starcastles_worker(quick: bool) -> dict[str, Any]:
    from astroplane import COMPILED
    from astroplane.games.starcastles import StarCastlesState, new_game
    from astroplane.games.starcastles.movegen import legal_moves

    n_games = 2 if quick else 6
    out: dict[str, Any] = {"compiled": COMPILED}
    infos = []
    for players in (2, 6):
        out[f"playout {players}p"] = _random_games_rate(
            functools.partial(new_game, players), n_games
        )
        positions: list[StarCastlesState] = []
        for seed in range(n_games):
            rng = random.Random(100 + seed)
            s = new_game(players)
            ply = 0
            while not s.is_over:
                legal = s.legal_moves()
                if ply >= 20 and ply % 5 == 0:
                    positions.append(s)
                s = s.play(legal[rng.randrange(len(legal))])
                ply += 1
        reps = 5 if quick else 20

        def gens(reps: int = reps, positions: list[StarCastlesState] = positions) -> None:
            for _ in range(reps):
                for s in positions:
                    legal_moves(s)

        out[f"movegen {players}p"] = _timed(gens) / (reps * len(positions)) * 1e6
        out[f"bytes/state {players}p"] = _bytes_per_state(
            functools.partial(_seeded_game, functools.partial(new_game, players)), quick
        )
        mean = statistics.mean(len(s.legal_moves()) for s in positions)
        infos.append(f"{players}p: {len(positions)} mid-game positions, {mean:.1f} actions")
    out["info"] = f"StarCastles (37 points), COMPILED={COMPILED}, " + "; ".join(infos)
    return out


def openspiel_cc_worker(quick: bool) -> dict[str, Any]:
    import pyspiel  # type: ignore[import-not-found]

    n_games = 2 if quick else 6
    out: dict[str, Any] = {}
    infos = []
    for players in (2, 6):
        game_ = pyspiel.load_game("chinese_checkers", {"players": players})
        out[f"playout {players}p"] = _spiel_games_rate(game_.new_initial_state, n_games)
        positions: list[tuple[Any, int]] = []
        for seed in range(n_games):
            rng = random.Random(100 + seed)
            st = game_.new_initial_state()
            ply = 0
            while not st.is_terminal():
                legal = st.legal_actions()
                if ply >= 20 and ply % 25 == 0:
                    positions.append((st.clone(), legal[0]))
                st.apply_action(legal[rng.randrange(len(legal))])
                ply += 1
        out[f"movegen {players}p"] = _spiel_gen_apply(game_, positions, 5 if quick else 20)[0]
        out[f"bytes/state {players}p"] = float("nan")  # C++ memory: invisible to tracemalloc
        mean = statistics.mean(len(st.legal_actions()) for st, _ in positions)
        infos.append(f"{players}p: {len(positions)} mid-game positions, {mean:.1f} actions")
    out["info"] = (
        f"OpenSpiel {pyspiel.__version__} chinese_checkers (C++, 121 points, 10 pieces "
        "each, max_moves=1000), " + "; ".join(infos)
    )
    return out


def aeroplane_chess_worker(quick: bool) -> dict[str, Any]:
    """Aeroplane Chess, standard rules, 2 players: ``playout`` random games through the
    states (``legal_moves()`` / ``play()``; a die roll is a ply, drawn uniformly like a
    move), ``movegen`` the packed core's generator (``core.legal_actions``) on fresh
    mid-game decision positions, ``apply`` one random legal ply (``play()``, a roll at a
    chance node) on mid-game positions of both kinds, ``perft`` from the start
    (``astroplane.perft``, rolls counted as plies [AC16]), ``bytes/state`` the states of
    random games with their legal moves kept; the same playouts through the packed core
    (``Game.core``, by action number) are in the info line."""
    from astroplane import COMPILED
    from astroplane.games.aeroplane_chess import AeroplaneState, Move, new_game
    from astroplane.perft import perft
    from astroplane.protocol import get_game

    n_games = 6 if quick else 30

    def game(seed: int) -> list[AeroplaneState]:
        return _seeded_game(lambda: new_game(2), seed)

    playout = _random_games_rate(lambda: new_game(2), n_games)
    positions: list[tuple[AeroplaneState, Move]] = []
    for seed in range(n_games // 2):
        rng = random.Random(100 + seed)
        for ply, s in enumerate(game(100 + seed)):
            if ply >= 20 and ply % 5 == 0 and not s.is_over:
                legal = s.legal_moves()
                positions.append((s, legal[rng.randrange(len(legal))]))
    decisions = [s for s, _m in positions if not s.is_chance_node]
    reps = 5 if quick else 20
    hook = get_game("aeroplane-chess").core
    core: Any = None
    first: Any = None
    if hook is not None:
        core, first = hook(new_game(2))
        packed = [s.packed for s in decisions]

        def gens() -> None:
            for _ in range(reps):
                for p in packed:
                    core.legal_actions(p)

    else:  # an astroplane from before the core (--before): its generator on the states
        from astroplane.games.aeroplane_chess.movegen import flights

        def gens() -> None:
            for _ in range(reps):
                for s in decisions:
                    flights(s)

    def apply() -> None:
        for _ in range(reps):
            for s, m in positions:
                s.play(m)

    movegen = _timed(gens) / (reps * len(decisions)) * 1e6
    apply_us = _timed(apply) / (reps * len(positions)) * 1e6
    core_rate = _core_games_rate(core, first, n_games)
    depth = 9 if quick else 11
    nodes = 0

    def run_perft() -> None:
        nonlocal nodes
        nodes = perft(new_game(2), depth)

    elapsed = _timed(run_perft)
    return {
        "playout": playout,
        "movegen": movegen,
        "apply": apply_us,
        "perft": nodes / elapsed,
        "bytes/state": _bytes_per_state(game, quick),
        "info": f"Aeroplane Chess standard 2 players, COMPILED={COMPILED}, "
        f"{len(positions)} mid-game positions ({len(decisions)} decisions), perft depth "
        f"{depth} = {nodes} nodes, playouts through the packed core {core_rate:,.0f} plies/s",
        "compiled": COMPILED,
    }


WORKERS = {
    "astroplane": astroplane_worker,
    "chess": chess_worker,
    "openspiel": openspiel_worker,
    "square-off": square_off_worker,
    "openspiel-morris": openspiel_morris_worker,
    "starcastles": starcastles_worker,
    "openspiel-cc": openspiel_cc_worker,
    "aeroplane-chess": aeroplane_chess_worker,
}

#: Per ``--game``: its measures, the astroplane worker, and the OpenSpiel engine's name and
#: worker (None: the game has no OpenSpiel twin).
GAMES: dict[str, tuple[tuple[str, ...], str, str, str | None]] = {
    "astroplane": (MEASURES, "astroplane", "OpenSpiel chess", "openspiel"),
    "square-off": (
        ("playout", "movegen", "apply", "perft", "bytes/state"),
        "square-off",
        "OpenSpiel nine_mens_morris",
        "openspiel-morris",
    ),
    "starcastles": (
        (
            "playout 2p",
            "playout 6p",
            "movegen 2p",
            "movegen 6p",
            "bytes/state 2p",
            "bytes/state 6p",
        ),
        "starcastles",
        "OpenSpiel chinese_checkers",
        "openspiel-cc",
    ),
    "aeroplane-chess": (MEASURES, "aeroplane-chess", "OpenSpiel (no twin)", None),
}


# --------------------------------------------------------------------------- driver


def _run(python: str, worker: str, quick: bool) -> dict[str, Any]:
    cmd = [python, os.path.abspath(__file__), "--worker", worker]
    if quick:
        cmd.append("--quick")
    # Run from a neutral directory so a src/ checkout cannot shadow the installed package.
    proc = subprocess.run(cmd, capture_output=True, text=True, check=True, cwd=os.sep)
    result: dict[str, Any] = json.loads(proc.stdout.strip().splitlines()[-1])
    return result


def _has(python: str, module: str) -> bool:
    code = f"import importlib.util, sys; sys.exit(importlib.util.find_spec({module!r}) is None)"
    return subprocess.run([python, "-c", code], cwd=os.sep).returncode == 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--worker", choices=sorted(WORKERS), help=argparse.SUPPRESS)
    parser.add_argument("--quick", action="store_true", help="small samples (a smoke run)")
    parser.add_argument("--rounds", type=int, default=5, help="alternating rounds (median)")
    parser.add_argument(
        "--compiled", metavar="PYTHON", help="interpreter of a venv with the compiled build"
    )
    parser.add_argument(
        "--openspiel", metavar="PYTHON", help="interpreter of a venv with open_spiel (optional)"
    )
    parser.add_argument(
        "--before",
        metavar="PYTHON",
        help="interpreter of a venv with an earlier astroplane, the baseline (optional)",
    )
    parser.add_argument(
        "--game",
        choices=sorted(GAMES),
        default="astroplane",
        help="the game measured (default: ASTROPLANE, against python-chess and OpenSpiel "
        "chess); square-off and starcastles run against OpenSpiel's nine_mens_morris and "
        "chinese_checkers, with this interpreter when it imports pyspiel",
    )
    args = parser.parse_args(argv)
    if args.worker:
        print(json.dumps(WORKERS[args.worker](args.quick)))
        return 0

    measures, ours, spiel_name, spiel_worker = GAMES[args.game]
    engines: dict[str, tuple[str, str]] = {"astroplane pure": (sys.executable, ours)}
    if args.before:
        engines["astroplane before"] = (args.before, ours)
    if args.compiled:
        engines["astroplane compiled"] = (args.compiled, ours)
    else:
        print("no --compiled interpreter given: the compiled build is skipped")
    if args.game == "astroplane":
        if _has(sys.executable, "chess"):
            engines["python-chess"] = (sys.executable, "chess")
        else:
            print("python-chess is not installed (pip install chess): skipped")
    spiel = args.openspiel
    if spiel is None and args.game != "astroplane" and _has(sys.executable, "pyspiel"):
        spiel = sys.executable
    if spiel and spiel_worker is not None:
        engines[spiel_name] = (spiel, spiel_worker)

    print(f"Python {platform.python_version()} ({platform.machine()}, {platform.system()})")
    if hasattr(os, "getloadavg"):
        print(f"load average before the run: {os.getloadavg()[0]:.2f} (on {os.cpu_count()} cores)")
    results: dict[str, list[dict[str, Any]]] = {name: [] for name in engines}
    for r in range(args.rounds):
        for name, (python, worker) in engines.items():
            results[name].append(_run(python, worker, args.quick))
        print(f"round {r + 1}/{args.rounds} done", file=sys.stderr)
    first = {name: runs[0] for name, runs in results.items()}
    if first["astroplane pure"].get("compiled"):
        print("WARNING: this interpreter imports a compiled astroplane; 'pure' is not pure")
    if "astroplane compiled" in first and not first["astroplane compiled"].get("compiled"):
        print("WARNING: the --compiled interpreter imports a pure-Python astroplane")
    if "astroplane before" in first and first["astroplane before"].get("compiled"):
        print("WARNING: the --before interpreter imports a compiled astroplane")
    if hasattr(os, "getloadavg"):
        print(f"load average after the run: {os.getloadavg()[0]:.2f}")
    for name, res in first.items():
        print(f"{name}: {res['info']}")
    print()

    med = {
        name: {m: statistics.median(run[m] for run in runs) for m in measures}
        for name, runs in results.items()
    }
    spread = {
        name: {m: (min(run[m] for run in runs), max(run[m] for run in runs)) for m in measures}
        for name, runs in results.items()
    }
    names = list(engines)
    print(f"medians of {args.rounds} alternating rounds (min-max in brackets)")
    print(f"{'measure':<22}" + "".join(f"{n:>36}" for n in names))
    for m in measures:
        cells = []
        for n in names:
            lo, hi = spread[n][m]
            fmt = ".1f" if UNITS[m] == "µs" else ",.0f"
            if med[n][m] != med[n][m]:  # NaN: not measured
                cells.append("n/a")
                continue
            cells.append(f"{med[n][m]:{fmt}} ({lo:{fmt}}-{hi:{fmt}})")
        print(f"{m + ' (' + UNITS[m] + ')':<22}" + "".join(f"{c:>36}" for c in cells))
    print()

    wanted = [
        ("astroplane pure", "astroplane before"),
        ("astroplane compiled", "astroplane before"),
        ("astroplane compiled", "astroplane pure"),
        ("astroplane pure", "python-chess"),
        ("astroplane compiled", "python-chess"),
        ("astroplane pure", spiel_name),
        ("astroplane compiled", spiel_name),
    ]
    pairs = [(a, b) for a, b in wanted if a in engines and b in engines]
    # Each round ran every engine back to back, so a ratio within a round is the least
    # affected by a change of load; the median of the per-round ratios is reported.
    print("ratios, median over the rounds of the ratio within a round (> 1: the first is")
    print("faster / smaller)")
    print(f"{'pair':<55}" + "".join(f"{m:>15}" for m in measures))
    for a, b in pairs:
        cells = []
        for m in measures:
            per_round = [
                (rb[m] / ra[m] if m in SMALLER_IS_BETTER else ra[m] / rb[m])
                for ra, rb in zip(results[a], results[b], strict=True)
            ]
            ratio = statistics.median(per_round)
            cells.append("n/a" if ratio != ratio else f"{ratio:.2f}x")  # NaN: not measured
        print(f"{a + ' / ' + b:<55}" + "".join(f"{c:>15}" for c in cells))
    return 0


if __name__ == "__main__":
    sys.exit(main())
