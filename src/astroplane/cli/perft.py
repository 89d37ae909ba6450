"""``astroplane perft``: move counts [D22] and nodes per second."""

from __future__ import annotations

import argparse
import time

from rich.console import Console

import astroplane
from astroplane.formats.position import rules_from_text
from astroplane.perft import perft

__all__ = ["cmd_perft"]


def cmd_perft(args: argparse.Namespace, out: Console, err: Console) -> int:
    state = astroplane.new_game(args.players, rules=rules_from_text(args.rules))
    out.print(f"{'depth':>5} {'nodes':>12} {'seconds':>9} {'nodes/s':>11}", highlight=False)
    for depth in range(1, args.depth + 1):
        t0 = time.perf_counter()
        nodes = perft(state, depth)
        dt = time.perf_counter() - t0
        rate = f"{nodes / dt:>11,.0f}" if dt > 0 else f"{'-':>11}"
        out.print(f"{depth:>5} {nodes:>12} {dt:>9.3f} {rate}", highlight=False)
    return 0
