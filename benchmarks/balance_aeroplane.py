"""Balance report of Aeroplane Chess's presets: how long games are, who wins, how often the
house rules bite.

Run from a clone of the repository (with astroplane installed, e.g. ``pip install -e .``)::

    python benchmarks/balance_aeroplane.py --games 200 --seed 1 \
        --out docs/aeroplane-chess/balance.md     # the run on that page (about 3 min CPU)
    python benchmarks/balance_aeroplane.py --games 10    # a quick look, printed

For each preset (``standard``, ``classic``, ``modern``, ``family`` with 2, 3 and 4 players;
``teams`` with 4) it plays ``--games`` games per *line-up*:

* ``greedy``: ``GreedyBot`` in every seat;
* ``random``: ``RandomBot`` in every seat (the dice alone);
* ``mixed``: one ``GreedyBot``, ``RandomBot``\\ s elsewhere, the greedy seat rotated game by
  game (how much skill matters).

Every bot and the dice are seeded from ``--seed``, the preset, the player count, the
line-up and the game number, so a run is reproducible. The statistics come from the states
alone:

* **length**: turns (a turn is one player's rolls and moves) and player decisions;
* **seat advantage**: the share of games each seat (in turn order, seat 1 starts) finished
  first; in team play the share of games each team won (R+B starts); in the ``mixed``
  line-up the share the greedy seat (or its team) won;
* **third 6**: a roll of 6 by a player who had already rolled two 6s in the turn
  (``sixes == 2`` before the roll) [AC10]: per game, the share of games with one, and the
  planes it sent back;
* **walls** (``family``, ``blocking=on``) [AC22]: the share of decisions in which a wall
  took a move away or changed it (the legal moves differ from those of the same state with
  ``blocking=off``), and the decisions in which walls left only ``pass``.

``--out FILE`` writes the tables into FILE between the lines ``<!-- generated tables -->``
and ``<!-- end of generated tables -->`` (at its end the first time) and keeps the rest
(the introduction and the reading of the results).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Iterator, Sequence
from pathlib import Path

import attrs
from _tables import pct

from astroplane.agents import Agent, make_bot, play_game
from astroplane.games.aeroplane_chess import PRESETS, AeroplaneState, Move, new_game
from astroplane.games.aeroplane_chess.board import COLOURS, HANGAR

#: (preset, players) in table order.
CONFIGS = [(p, n) for p in ("standard", "classic", "modern", "family") for n in (2, 3, 4)]
CONFIGS.append(("teams", 4))
LINEUPS = ("greedy", "random", "mixed")
START = "<!-- generated tables -->"
MARKER = "<!-- end of generated tables -->"
SIX = Move.roll(6)


@attrs.define
class GameStats:
    """What one game showed."""

    turns: int = 0
    decisions: int = 0
    first: int = -1  #: the seat that finished first, or the first seat of the winning team
    greedy_won: bool = False  #: mixed line-up: the greedy seat (or its team) won
    third_sixes: int = 0
    sent_back_by_third_six: int = 0
    walled: int = 0  #: decisions where a wall took away or changed a move
    walled_to_pass: int = 0  #: decisions where walls left only ``pass``


class Counter:
    """The ``on_action`` hook: counts third 6s and walls along a game."""

    def __init__(self, stats: GameStats) -> None:
        self.stats = stats

    def __call__(self, before: AeroplaneState, move: Move, after: AeroplaneState) -> None:
        s = self.stats
        if before.is_chance_node:
            if move == SIX and before.sixes == 2:
                s.third_sixes += 1
                colour = before.to_move
                mine = range(4 * colour, 4 * colour + 4)
                s.sent_back_by_third_six += sum(
                    1 for p in mine if before.planes[p] != HANGAR and after.planes[p] == HANGAR
                )
            return
        s.decisions += 1
        if before.rules.blocking:
            open_rules = attrs.evolve(before.rules, blocking=False)
            walled = set(before.legal_moves())
            free = set(attrs.evolve(before, rules=open_rules).legal_moves())
            if walled != free:
                s.walled += 1
                s.walled_to_pass += walled == {Move.PASS}


def agents_for(lineup: str, seats: Sequence[int], game: int, seed: int) -> dict[int, Agent]:
    """The bots of one game; in ``mixed`` the greedy seat is ``seats[game % len(seats)]``."""
    names = {
        "greedy": ["greedy"] * len(seats),
        "random": ["random"] * len(seats),
        "mixed": ["greedy" if i == game % len(seats) else "random" for i in range(len(seats))],
    }[lineup]
    return {s: make_bot(names[i], seed * 1000 + i) for i, s in enumerate(seats)}


def play(preset: str, players: int, lineup: str, game: int, seed: int) -> GameStats:
    """One seeded game and its statistics."""
    rng = random.Random(f"{seed}-{preset}-{players}-{lineup}-{game}")
    start = new_game(players, rules=PRESETS[preset])
    stats = GameStats()
    agents = agents_for(lineup, start.seats, game, rng.randrange(2**31))
    run = play_game(start, agents, on_action=Counter(stats), chance_seed=rng.randrange(2**32))
    final: AeroplaneState = run.final
    stats.turns = final.turn
    teams = final.rules.teams
    if final.turn_limit:  # pragma: no cover - turn 1,000,000 is never reached
        raise RuntimeError("a game reached the turn limit")
    winner = final.ranking[0]
    stats.first = winner & 1 if teams else winner
    if lineup == "mixed":
        greedy = start.seats[game % len(start.seats)]
        stats.greedy_won = final.returns()[greedy] == 1.0
    return stats


def _seat_names(preset: str, players: int) -> list[str]:
    seats = new_game(players, rules=PRESETS[preset]).seats
    if preset == "teams":
        return ["R+B", "Y+G"]
    return [COLOURS[s] for s in seats]


def report(results: dict[tuple[str, int, str], list[GameStats]], games: int) -> Iterator[str]:
    """The Markdown tables."""
    yield "### Game length\n"
    yield "| preset | players | line-up | turns: mean | median | 90th pct | decisions: mean |"
    yield "|---|---:|---|---:|---:|---:|---:|"
    for (preset, n, lineup), runs in results.items():
        turns = sorted(r.turns for r in runs)
        p90 = turns[int(0.9 * (len(turns) - 1))]
        decisions = statistics.fmean(r.decisions for r in runs)
        yield (
            f"| {preset} | {n} | {lineup} | {statistics.fmean(turns):.0f} | "
            f"{statistics.median(turns):.0f} | {p90} | {decisions:.0f} |"
        )
    yield ""
    yield "### Seat (team) advantage\n"
    yield (
        "Share of games each seat finished first (in turn order; team play: each team "
        "won), and in the `mixed` line-up the share the lone greedy seat won (or its team, "
        "with a random partner). Even odds are 1/players (teams: 1/2); with "
        f"{games} games a share is within about ±{100 / games**0.5:.0f} points of its true "
        "value (two standard errors at 50%)."
    )
    yield ""
    yield "| preset | players | line-up | first seat | 2nd | 3rd | 4th | greedy seat won |"
    yield "|---|---:|---|---:|---:|---:|---:|---:|"
    for (preset, n, lineup), runs in results.items():
        names = _seat_names(preset, n)
        ids = [0, 1] if preset == "teams" else list(new_game(n, rules=PRESETS[preset]).seats)
        cells = [
            f"{names[i]} {pct(sum(r.first == s for r in runs), len(runs), 1)}"
            for i, s in enumerate(ids)
        ]
        cells += ["-"] * (4 - len(cells))
        greedy = pct(sum(r.greedy_won for r in runs), len(runs), 1) if lineup == "mixed" else "-"
        yield f"| {preset} | {n} | {lineup} | {' | '.join(cells)} | {greedy} |"
    yield ""
    yield "### Third 6 and walls\n"
    yield (
        "Third 6s per game, the share of games with at least one, and the planes a third 6 "
        "sent back (per third 6); for `family` (walls), the share of decisions in which a "
        "wall took a move away or changed it, and the decisions per game in which walls left "
        "only `pass`."
    )
    yield ""
    yield (
        "| preset | players | line-up | third 6s / game | games with one | planes back / "
        "third 6 | decisions walled | walled to pass / game |"
    )
    yield "|---|---:|---|---:|---:|---:|---:|---:|"
    for (preset, n, lineup), runs in results.items():
        thirds = sum(r.third_sixes for r in runs)
        back = sum(r.sent_back_by_third_six for r in runs)
        decisions = sum(r.decisions for r in runs)
        blocking = PRESETS[preset].blocking
        walled = pct(sum(r.walled for r in runs), decisions, 1) if blocking else "-"
        to_pass = f"{statistics.fmean(r.walled_to_pass for r in runs):.2f}" if blocking else "-"
        yield (
            f"| {preset} | {n} | {lineup} | {thirds / len(runs):.2f} | "
            f"{pct(sum(r.third_sixes > 0 for r in runs), len(runs), 1)} | "
            f"{back / thirds if thirds else 0:.2f} | {walled} | {to_pass} |"
        )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per preset, count, line-up")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, default=None, help="write the tables into this page")
    args = parser.parse_args(argv)
    t0 = time.process_time()
    results: dict[tuple[str, int, str], list[GameStats]] = {}
    for preset, n in CONFIGS:
        for lineup in LINEUPS:
            results[preset, n, lineup] = [
                play(preset, n, lineup, g, args.seed) for g in range(args.games)
            ]
        print(f"{preset} {n} players: {time.process_time() - t0:.0f} s CPU", file=sys.stderr)
    cpu = time.process_time() - t0
    command = f"python benchmarks/balance_aeroplane.py --games {args.games} --seed {args.seed}"
    total = args.games * len(CONFIGS) * len(LINEUPS)
    head = (
        f"{total} games ({args.games} per preset, player count and line-up), seed "
        f"{args.seed}, {cpu:.0f} s of CPU; regenerate with `{command} --out "
        "docs/aeroplane-chess/balance.md`.\n"
    )
    tables = "\n".join([head, *report(results, args.games)]) + "\n"
    if args.out is None:
        print(tables)
        return 0
    old = args.out.read_text(encoding="utf-8") if args.out.exists() else ""
    top, found, rest = old.partition(START)
    _, _, tail = rest.partition(MARKER)
    if not found:  # a new page, or one without tables yet: they go at its end
        top, tail = old or "# Aeroplane Chess: balance of the presets\n\n", "\n"
    page = f"{top}{START}\n\n{tables}\n{MARKER}{tail}"
    args.out.write_text(page, encoding="utf-8")
    print(f"wrote {args.out} ({cpu:.0f} s CPU)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
