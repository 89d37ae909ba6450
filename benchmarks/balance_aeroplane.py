"""Balance study of Aeroplane Chess's presets: how long games are, who wins, how often the
house rules bite.

Run from a clone of the repository (with ``pip install -e '.[cli,balance]'``)::

    nice python benchmarks/balance_aeroplane.py --games 200 \\
        --plots docs/aeroplane-chess/img/balance --out docs/aeroplane-chess/balance.md
    python benchmarks/balance_aeroplane.py --games 10 --lineups greedy,mixed   # a look
    python benchmarks/balance_aeroplane.py --games 1000 --lineups mcts --ray auto \\
        --plots docs/aeroplane-chess/img/balance --out docs/aeroplane-chess/balance.md

For each preset (``standard``, ``classic``, ``modern``, ``family`` with 2, 3 and 4 players;
``teams`` with 4) it plays ``--games`` games per *line-up*:

* ``greedy``: ``GreedyBot`` in every seat;
* ``random``: ``RandomBot`` in every seat (the dice alone);
* ``mixed``: one ``GreedyBot`` among ``RandomBot``\\ s, rotated game by game (how much
  skill matters);
* ``mcts``: ``MCTSBot`` in every seat (``--iterations`` playouts per action).

Games run through ``astroplane.runs`` (``--workers N`` processes, or ``--ray ADDRESS``),
each seeded from ``--seed``, the configuration and its number, so the statistics are the
same whatever the workers. Each worker counts from the states alone (``AeroTally``) and
sends back only the counts:

* **length**: turns (a turn is one player's rolls and moves) and player decisions;
* **third 6**: a roll of 6 by a player who had already rolled two 6s in the turn
  (``sixes == 2`` before the roll) [AC10], and the planes it sent back;
* **walls** (``family``, ``blocking=on``) [AC22]: the decisions in which a wall took a move
  away or changed it (the legal moves differ from those of the same state with
  ``blocking=off``), and those in which walls left only ``pass``.

Seat advantage is per seat in turn order (seat 1 starts); in team play per team (R+B
starts). ``benchmarks/_balance.py`` makes the statistics, ``--plots DIR`` the figures,
``--out PAGE`` writes the tables into the page.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping

import attrs
from _balance import Counting, Lineup, Study, main

from astroplane.games.aeroplane_chess import AeroplaneState, Move
from astroplane.games.aeroplane_chess.board import HANGAR

SIX = Move.roll(6)
COUNTERS = {
    "third_sixes": "third 6s [AC10]",
    "sent_back": "planes sent back by a third 6",
    "walled": "decisions a wall changed [AC22]",
    "walled_to_pass": "decisions walls left only pass",
}


class AeroTally(Counting):
    """Counts third 6s and walls along one game, in the worker that plays it (an
    ``astroplane.runs.Tally``)."""

    def __call__(self, before: AeroplaneState, move: Move, after: AeroplaneState) -> None:
        c = self.counts
        if before.is_chance_node:
            if move == SIX and before.sixes == 2:
                c["third_sixes"] += 1
                colour = before.to_move
                mine = range(4 * colour, 4 * colour + 4)
                c["sent_back"] += sum(
                    1 for p in mine if before.planes[p] != HANGAR and after.planes[p] == HANGAR
                )
            return
        c["decisions"] += 1
        if before.rules.blocking:
            open_rules = attrs.evolve(before.rules, blocking=False)
            walled = set(before.legal_moves())
            if walled != set(attrs.evolve(before, rules=open_rules).legal_moves()):
                c["walled"] += 1
                c["walled_to_pass"] += walled == {Move.PASS}

    def finish(self, final: AeroplaneState) -> Mapping[str, float]:
        """The length in turns."""
        return {"length": final.turn}


def players(preset: str) -> tuple[int, ...]:
    return (4,) if preset == "teams" else (2, 3, 4)


def sides(preset: str, _players: int) -> tuple[tuple[int, ...], ...] | None:
    """Team play: R+B against Y+G [AC26]."""
    return ((0, 2), (1, 3)) if preset == "teams" else None


STUDY = Study(
    game="aeroplane-chess",
    title="Aeroplane Chess",
    script="benchmarks/balance_aeroplane.py",
    presets=("standard", "classic", "modern", "family", "teams"),
    default_presets=("standard", "classic", "modern", "family", "teams"),
    players=players,
    lineups={
        "greedy": Lineup("greedy"),
        "random": Lineup("random"),
        "mixed": Lineup("greedy", "random"),
        "mcts": Lineup("mcts"),
    },
    default_lineups=("greedy",),
    tally=AeroTally,
    counters=COUNTERS,
    sides=sides,
)


if __name__ == "__main__":
    sys.exit(main(STUDY, __doc__ or "", sys.argv[1:]))
