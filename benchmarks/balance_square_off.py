"""Balance study of Square Off's presets: how games between bots end, and who wins.

Run from a clone of the repository (with ``pip install -e '.[cli,balance]'``)::

    nice python benchmarks/balance_square_off.py --games 200 --lineups greedy-greedy \\
        --plots docs/square-off/img/balance --out docs/square-off/balance.md
    python benchmarks/balance_square_off.py --games 2 --presets jump-off   # a quick look
    python benchmarks/balance_square_off.py --games 1000 --lineups mcts-mcts --ray auto \\
        --plots docs/square-off/img/balance --out docs/square-off/balance.md

For each preset (``square-off``, ``jump-off``, ``trading-places``, ``nine-mens-morris``)
it plays ``--games`` games per *line-up*:

* ``mcts-mcts``: ``MCTSBot`` in both seats (``--iterations`` playouts per ply);
* ``mcts-greedy``: one MCTSBot against ``GreedyBot``, the MCTS seat alternating game by
  game (W in even games, B in odd ones);
* ``greedy-greedy``: GreedyBot in both seats (a cheap baseline).

W (seat 0) always moves first. A preset without a turn limit of its own (``max_turns=0``:
all but ``nine-mens-morris``) gets a guard of 300 turns, so a game between bots that
shuffle forever ends; the games that reach a turn limit are counted as hitting the bound.

Games run through ``astroplane.runs`` (``--workers N`` processes, or ``--ray ADDRESS``),
each seeded from ``--seed``, the configuration and its number, so the statistics are the
same whatever the workers. Each worker counts (``SquareOffTally``) how the game ended (win
by reduction to two pieces, by leaving the opponent without a move, draw by
``max_turns`` / ``no_removal_turns`` / ``threefold``), its length in turns, and how often
each kind of move (placements, slides, flights, jumps, trades, removals) was played, and
sends back only those numbers. ``benchmarks/_balance.py`` makes the statistics,
``--plots DIR`` the figures, ``--out PAGE`` writes the tables into the page.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping
from typing import Any

from _balance import Counting, Lineup, Study, main

from astroplane.games.square_off import PRESETS, SquareOffState

COUNTERS = {
    "jump": "jumps (Jump Off)",
    "trade": "trades (Trading Places)",
    "fly": "flights",
    "remove": "removals",
    "slide": "slides",
    "place": "placements",
}


class SquareOffTally(Counting):
    """Counts move kinds along one game, in the worker that plays it (an
    ``astroplane.runs.Tally``)."""

    def __call__(self, _before: SquareOffState, move: Any, _after: SquareOffState) -> None:
        self.counts[move.kind.name.lower()] += 1

    def finish(self, final: SquareOffState) -> Mapping[str, float]:
        """The ending (``end:<ending>``) and the length in turns."""
        assert final.outcome is not None
        return {f"end:{final.outcome.ending.value}": 1, "length": final.turns}


def players(_preset: str) -> tuple[int, ...]:
    return (2,)


def guard(preset: str) -> int | None:
    """300 turns for a preset without a turn limit of its own [SO6]; else its own."""
    return 300 if PRESETS[preset].max_turns == 0 else None


STUDY = Study(
    game="square-off",
    title="Square Off",
    script="benchmarks/balance_square_off.py",
    presets=tuple(PRESETS),
    default_presets=tuple(PRESETS),
    players=players,
    lineups={
        "mcts-mcts": Lineup("mcts"),
        "mcts-greedy": Lineup("mcts", "greedy"),
        "greedy-greedy": Lineup("greedy"),
    },
    default_lineups=("greedy-greedy",),
    tally=SquareOffTally,
    counters=COUNTERS,
    max_turns=guard,
)


if __name__ == "__main__":
    sys.exit(main(STUDY, __doc__ or "", sys.argv[1:]))
