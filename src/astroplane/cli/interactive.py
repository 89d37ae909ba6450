"""``astroplane play``: an interactive terminal game against bots."""

from __future__ import annotations

import argparse
import random

from rich.console import Console
from rich.text import Text

import astroplane
from astroplane.agents import Agent, make_bot
from astroplane.cli.common import (
    board,
    format_move,
    result_line,
    rules_with_limit,
)
from astroplane.errors import IllegalMoveError, NotationError
from astroplane.formats.notation import parse_move
from astroplane.moves import Move
from astroplane.pieces import SEAT_NAMES
from astroplane.state import GameState

_PLAY_HELP = """\
Enter a move in move notation (as listed by `moves`), or the number of a listed move.
Commands:
  moves   list the legal moves, numbered
  board   show the board again
  undo    take back your last action (and the bots' replies)
  help    this text
  quit    leave the game (also Ctrl-D)"""

__all__ = ["cmd_play"]


def cmd_play(args: argparse.Namespace, out: Console, err: Console) -> int:
    seed = args.seed if args.seed is not None else random.randrange(10**6)
    rng = random.Random(seed)
    rules = rules_with_limit(args.rules, args.max_turns)
    state = astroplane.new_game(args.players, rules=rules)
    human: int = args.human  # checked by main(): a seat of the game
    names: list[str] = args.bots
    bots: dict[int, Agent] = {}
    i = 0
    for s in state.seats:
        if s != human:
            bots[s] = make_bot(names[i % len(names)], rng.randrange(2**32))
            i += 1
    out.print(
        Text(
            f"You play {SEAT_NAMES[human]} against "
            + ", ".join(f"{SEAT_NAMES[s]} ({names[k % len(names)]})" for k, s in enumerate(bots))
            + f"; {args.rules} rules, seed {seed}. Type `help` for commands."
        )
    )
    history: list[GameState] = []  # states where the human was to move, for undo
    shown: GameState | None = None
    while not state.is_over:
        if state.to_move != human:
            move = bots[int(state.to_move)].choose(state)
            out.print(Text(f"{SEAT_NAMES[state.to_move]} plays {format_move(state, move)}"))
            state = state.play(move)
            continue
        if shown is not state:
            out.print(board(state))
            _print_moves(out, state)
            shown = state
        try:
            line = input(f"{SEAT_NAMES[human]} ({state.moves_left} left)> ")
        except EOFError:
            out.print()
            out.print("Bye (end of input).")
            return 0
        text = line.strip()
        word = text.lower()
        if not text:
            continue
        if word in ("quit", "exit", "q"):
            out.print("Bye.")
            return 0
        if word in ("help", "?", "h"):
            out.print(Text(_PLAY_HELP))
            continue
        if word in ("moves", "m"):
            _print_moves(out, state)
            continue
        if word == "board":
            out.print(board(state))
            continue
        if word == "undo":
            if not history:
                out.print("Nothing to undo.")
                continue
            state = history.pop()
            shown = None
            out.print("Undone.")
            continue
        try:
            move = _read_move(state, text)
            after = state.play(move)
        except (NotationError, IllegalMoveError) as e:
            out.print(Text(f"Not accepted: {e}. Type `moves` for the legal moves.", style="red"))
            continue
        history.append(state)
        out.print(Text(f"{SEAT_NAMES[human]} plays {format_move(state, move)}"))
        state = after
    assert state.outcome is not None
    out.print(board(state))
    out.print(Text(f"Game over: {result_line(state, state.outcome)}"))
    return 0


def _read_move(state: GameState, text: str) -> Move:
    """A move from the human's input: a number from the list, or move notation."""
    legal = state.legal_moves()
    if text.isdigit():
        k = int(text)
        if 1 <= k <= len(legal):
            return legal[k - 1]
        raise NotationError(f"there is no move number {k} (1-{len(legal)})", text)
    return parse_move(state, text)


def _print_moves(out: Console, state: GameState) -> None:
    legal = state.legal_moves()
    out.print(Text(f"Legal moves ({len(legal)}):"))
    items = [f"{k:>3}. {format_move(state, m)}" for k, m in enumerate(legal, 1)]
    width = max(len(x) for x in items) + 2
    per_row = max(1, min(4, 100 // width))
    for r in range(0, len(items), per_row):
        out.print(Text("".join(x.ljust(width) for x in items[r : r + per_row]).rstrip()))
