"""Balance study of StarCastles: how games between bots end, how long they last, which
seat wins, and which of the rules' specials the bots use.

Run from a clone of the repository (with ``pip install -e '.[cli,balance]'``)::

    nice python benchmarks/balance_starcastles.py --games 60 --lineups greedy \\
        --plots docs/starcastles/img/balance --out docs/starcastles/balance.md
    python benchmarks/balance_starcastles.py --games 1 --players 2 --lineups greedy  # a look
    python benchmarks/balance_starcastles.py --games 1000 --lineups mcts --ray auto \\
        --plots docs/starcastles/img/balance --out docs/starcastles/balance.md

For each preset (``starcastles``: the 37-point board, one Phase Gem on the board at a time,
swap on, drawn after 200 rounds [SC6]; ``own-castles``; ``starcastles-121`` on request) and
each player count (2 to 6) it plays ``--games`` games per *line-up*:

* ``greedy``: ``GreedyBot`` in every seat;
* ``mixed``: one ``MCTSBot`` (``--iterations`` playouts per ply), GreedyBots elsewhere,
  rotated game by game;
* ``mcts``: MCTSBot in every seat.

Player 0 moves first. Games run through ``astroplane.runs`` (``--workers N`` processes,
or ``--ray ADDRESS``), each seeded from ``--seed``, the configuration and its number, so the
statistics are the same whatever the workers. Each worker counts (``StarCastlesTally``),
and sends back only the counts: whether the game was won or drawn at the round limit, its
length in rounds, and how often gems are placed, Spires step, modules slide and dock (a
Spire lands on a Battlement or Power Base, or a Battlement on a lone Power Base), castles
are taken under control (a Spire lands on a Power Base + Battlement [SC4]), castles move
whole, castles swap [SC9] and players pass. ``benchmarks/_balance.py`` makes the
statistics, ``--plots DIR`` the figures, ``--out PAGE`` writes the tables into the page.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping
from typing import Any

from _balance import Counting, Lineup, Study, main

from astroplane.games.starcastles import MoveKind, StarCastlesState

COUNTERS = {
    "gem": "Phase Gems placed [SC7]",
    "swap": "castle swaps [SC9]",
    "control": "castles taken under control",
    "castle": "castle moves (whole)",
    "dock": "dockings",
    "step": "Spire steps",
    "slide": "slides",
    "pass": "passes",
}


class StarCastlesTally(Counting):
    """Counts move kinds, dockings and castles taken along one game, in the worker that
    plays it (an ``astroplane.runs.Tally``)."""

    def __call__(self, before: StarCastlesState, move: Any, _after: StarCastlesState) -> None:
        counts = self.counts
        kind = move.kind
        counts[kind.name.lower()] += 1
        if kind in (MoveKind.STEP, MoveKind.SLIDE):
            landed_on = before.cells[move.to]
            if landed_on:
                counts["dock"] += 1
                if kind == MoveKind.STEP and landed_on & 0o7 and landed_on & 0o70:
                    counts["control"] += 1

    def finish(self, final: StarCastlesState) -> Mapping[str, float]:
        """Won or drawn, and the length in rounds (the turn passes after the last move, a
        win's too [SC30])."""
        ending = "end:drawn" if final.winner is None else "end:won"
        return {ending: 1, "length": final.round - (final.to_move == final.first)}


def players(_preset: str) -> tuple[int, ...]:
    return (2, 3, 4, 5, 6)


STUDY = Study(
    game="starcastles",
    title="StarCastles",
    script="benchmarks/balance_starcastles.py",
    presets=("starcastles", "own-castles", "starcastles-121"),
    default_presets=("starcastles", "own-castles"),
    players=players,
    lineups={
        "greedy": Lineup("greedy"),
        "mixed": Lineup("mcts", "greedy"),
        "mcts": Lineup("mcts"),
    },
    default_lineups=("greedy",),
    tally=StarCastlesTally,
    counters=COUNTERS,
    length="rounds",
)


if __name__ == "__main__":
    sys.exit(main(STUDY, __doc__ or "", sys.argv[1:]))
