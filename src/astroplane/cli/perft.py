"""``astroplane perft``: move counts (ASTROPLANE: [D22]) and nodes per second, for any
registered game."""

from __future__ import annotations

import argparse
import time

from rich.console import Console

from astroplane.cli.common import rules_for, rules_label
from astroplane.perft import perft
from astroplane.protocol import get_game

__all__ = ["cmd_perft"]


def cmd_perft(args: argparse.Namespace, out: Console, err: Console) -> int:
    game = get_game(args.game)
    rules = rules_for(game, args.rules)
    state = game.new_game(args.players, rules=rules)
    out.print(
        f"perft of {game.title}, {args.players} players, {rules_label(game, rules)} rules, "
        "from the setup",
        highlight=False,
    )
    out.print(f"{'depth':>5} {'nodes':>12} {'seconds':>9} {'nodes/s':>11}", highlight=False)
    for depth in range(1, args.depth + 1):
        t0 = time.perf_counter()
        nodes = perft(state, depth)
        dt = time.perf_counter() - t0
        rate = f"{nodes / dt:>11,.0f}" if dt > 0 else f"{'-':>11}"
        out.print(f"{depth:>5} {nodes:>12} {dt:>9.3f} {rate}", highlight=False)
    return 0
