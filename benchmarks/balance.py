"""Balance and game-quality study of ASTROPLANE on the reference board: how bots' games go.

Run from a clone of the repository (with ``pip install -e '.[cli,balance]'``)::

    nice python benchmarks/balance.py --games 100 --lineups greedy --plots docs/img/balance \
        --out docs/balance.md                       # the run on docs/balance.md
    python benchmarks/balance.py --games 4 --players 2 --lineups mixed --iterations 50  # a look
    python benchmarks/balance.py --games 1000 --lineups mcts --ray auto \
        --plots docs/img/balance --out docs/balance.md   # the full study, on a Ray cluster

For each preset (``--presets``: ``standard``, ``advanced``; ``basic`` on request) and each
player count (2, 3, 4) it plays ``--games`` games per *line-up*:

* ``mcts``: MCTSBot in every seat (``--iterations`` playouts per action; default 300);
* ``mixed``: one MCTSBot, GreedyBots elsewhere, the MCTS seat rotated game by game;
* ``greedy``: GreedyBot in every seat (with its turn look-ahead);
* ``greedy-random``: one GreedyBot among RandomBots, rotated.

Games run through ``astroplane.runs`` (``--workers N`` processes, or ``--ray ADDRESS``);
every game is seeded from ``--seed``, the configuration and its number, so the statistics
are the same whatever the workers. Each worker counts, from the actions and the states
alone (move kinds, the board's topology tables, stacks before and after), and sends back
only the counts (``AstroTally``):

* how the game ended (true win, stuck, last player, turn limit [D18], no progress [D25]);
* Square moves, Squares formed, Kills and pieces killed; Hyperspace jumps; Wormhole travels
  (free) and straight-through steps; firing positions loaded and Anomaly firings;
  send-backs and pieces sent back; landings on another player's piece (captives), release
  bonus moves; players removed when stuck [D16]; Singularity entries; END_TURN actions.

``benchmarks/_balance.py`` turns them into the statistics (seat advantage with 95% Wilson
intervals, draws and ties, game length, the games that hit the turn limit, how often each
special fires); ``--plots DIR`` draws them (``benchmarks/_plots.py``), ``--out PAGE``
writes the tables into the page.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping

from _balance import Counting, Lineup, Study, main

from astroplane import MoveKind
from astroplane.games.astroplane.moves import Move
from astroplane.games.astroplane.state import GameState
from astroplane.games.astroplane.topology import (
    STEP_HYPERSPACE,
    STEP_SINGULARITY,
    STEP_THROUGH,
)

#: The tally's counters, in table order, with their titles.
COUNTERS = {
    "square_moves": "Square moves",
    "squares_formed": "Squares formed",
    "kills": "Kills",
    "killed": "pieces killed",
    "hyperspace": "Hyperspace jumps",
    "travel": "Wormhole travels (free)",
    "through": "straight through a Wormhole",
    "loaded": "firing positions loaded",
    "fire": "Anomaly firings",
    "sendbacks": "send-backs",
    "sent_back": "pieces sent back",
    "landings": "landings on others (captives)",
    "bonus": "release bonus moves",
    "removed": "players removed (stuck)",
    "entries": "Singularity entries",
    "end_turn": "END_TURN",
}


class AstroTally(Counting):
    """Counts what happens in one game, action by action, in the worker that plays it
    (an ``astroplane.runs.Tally``)."""

    def __init__(self, initial: GameState) -> None:
        super().__init__(initial)
        topology = initial.topology
        self._how: dict[tuple[int, int], int] = {}
        for p, dests in enumerate(topology.step_dests):
            for q, how in dests:
                self._how.setdefault((p, q), how)
        self._t = topology

    def __call__(self, before: GameState, move: Move, after: GameState) -> None:
        c = self.counts
        t = self._t
        kind = move.kind
        mover = int(before.to_move)
        if kind in (MoveKind.STEP, MoveKind.TRAVEL):
            src, dst = move.origin, move.target
            how = self._how.get((src, dst), -1) if kind == MoveKind.STEP else STEP_THROUGH
            if kind == MoveKind.TRAVEL:
                c["travel"] += 1
            else:
                c["steps"] += 1
                if how == STEP_THROUGH and t.step_through(src, dst):
                    c["through"] += 1
                elif how == STEP_HYPERSPACE:
                    c["hyperspace"] += 1
            if how == STEP_SINGULARITY:
                c["entries"] += 1
            else:
                here = before.stacks[dst]
                if here and here[-1] // 10 != mover:
                    c["landings"] += 1
            if t.fire_base <= dst < t.start_base:
                c["loaded"] += 1
            elif dst < t.fire_base and how != STEP_SINGULARITY:
                opp = before.stacks[dst ^ 2]
                if opp and any(q // 10 != mover for q in opp):
                    c["sendbacks"] += 1
                    c["sent_back"] += len(opp)
                if before.rules.squares and len(after.squares()) > len(before.squares()):
                    c["squares_formed"] += 1
            cost = 1 if kind == MoveKind.STEP else 0
        elif kind == MoveKind.FIRE:
            c["fire"] += 1
            c["entries"] += 2
            cost = 1
        elif kind == MoveKind.SQUARE:
            c["square_moves"] += 1
            cost = 1
        elif kind == MoveKind.ELIMINATE:
            c["kills"] += 1
            c["killed"] += len(after.eliminated) - len(before.eliminated)
            cost = 1
        else:
            c["end_turn"] += 1
            cost = 0
        if after.turn == before.turn and after.outcome is None:
            bonus = after.moves_left - (before.moves_left - cost)
            if bonus > 0:
                c["bonus"] += bonus
        removed = len(before.active_seats) - len(after.active_seats)
        if removed > 0:
            c["removed"] += removed

    def finish(self, final: GameState) -> Mapping[str, float]:
        """The ending (``end:<reason>``) and the length in turns."""
        out = final.outcome
        assert out is not None
        return {f"end:{out.reason.value}": 1, "length": out.turn}


def players(_preset: str) -> tuple[int, ...]:
    return (2, 3, 4)


def guard(_preset: str) -> int:
    """A turn limit [D18] against games that never end (the rules have none)."""
    return 1000


STUDY = Study(
    game="astroplane",
    title="ASTROPLANE",
    script="benchmarks/balance.py",
    presets=("standard", "advanced", "basic"),
    default_presets=("standard", "advanced"),
    players=players,
    lineups={
        "mcts": Lineup("mcts"),
        "mixed": Lineup("mcts", "greedy"),
        "greedy": Lineup("greedy"),
        "greedy-random": Lineup("greedy", "random"),
    },
    default_lineups=("greedy",),
    tally=AstroTally,
    counters=COUNTERS,
    max_turns=guard,
)


if __name__ == "__main__":
    sys.exit(main(STUDY, __doc__ or "", sys.argv[1:]))
