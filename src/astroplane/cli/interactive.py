"""``astroplane play``: an interactive terminal game against bots, that a newcomer can learn
from: the goal at the start, a legend, the rules in short, the scores every turn, the bots'
moves marked on the board, illegal moves explained in plain words."""

from __future__ import annotations

import argparse
import random
from typing import Any

from rich.console import Console
from rich.text import Text

from astroplane.agents import Agent
from astroplane.cli.common import (
    board_text,
    bots_for,
    partners_of,
    plain_reason,
    rules_for,
    rules_label,
    seat_style,
    write_svg,
)
from astroplane.protocol import Game, State, get_game, sample_chance

__all__ = ["cmd_play"]

_PLAY_HELP = """\
Enter a move in move notation (as listed by `moves`), or the number of a listed move.
Commands:
  moves        list the legal moves, numbered
  moves TEXT   list the legal moves whose notation contains TEXT (e.g. `moves e2`)
  board        show the board again
  legend       how to read the board
  rules        the rules in short
  undo         take back your last action (and the bots' replies)
  help         this text
  quit         leave the game (also Ctrl-D)"""


class _Session:
    """One interactive game: the state, the bots, what was shown, and undo."""

    def __init__(self, args: argparse.Namespace, out: Console) -> None:
        self.game: Game[Any, Any] = get_game(args.game)
        self.out = out
        seed = args.seed if args.seed is not None else random.randrange(10**6)
        self.rng = random.Random(seed)
        self.rules = rules_for(self.game, args.rules, args.max_turns)
        self.state: State[Any] = self.game.new_game(args.players, rules=self.rules)
        self.human: int = args.human_seat
        others = [s for s in self.state.seats if s != self.human]
        self.bot_names = {s: args.bots[i % len(args.bots)] for i, s in enumerate(others)}
        seeds = (self.rng.randrange(2**32) for _ in others)
        self.bots: dict[int, Agent] = bots_for(args.bots, others, seeds, args.think)
        self.history: list[State[Any]] = []  # states where the human was to move, for undo
        self.marked: list[Any] = []  # positions the bots' last moves reached
        self.last: Any = None  # the move that led to ``state`` (the --svg drawing marks it)
        self.seed = seed

    def name(self, seat: int) -> Text:
        return Text(self.game.seat_names[seat], style=seat_style(self.game, seat))

    def intro(self, rules_text: str) -> None:
        g, out = self.game, self.out
        goal = g.texts.get("goal")
        if goal:
            out.print(Text(goal))
            out.print()
        out.print(
            Text(
                f"You play {self.sides()}; {rules_text} rules, "
                f"seed {self.seed}. Type `help` for commands, `legend` to read the board, "
                "`rules` for the rules in short."
            )
        )

    def sides(self) -> str:
        """Who plays with and against the person: ``R against Y (greedy), B (greedy)``, or
        in a team game ``R with your partner B (greedy) against Y (greedy) and G
        (greedy)`` (``Game.partners``)."""
        names = self.game.seat_names
        mates = partners_of(self.game, self.state, self.human)
        bot = {s: f"{names[s]} ({b})" for s, b in self.bot_names.items()}
        against = [bot[s] for s in self.bot_names if s not in mates]
        if not mates:
            return f"{names[self.human]} against {', '.join(against)}"
        partner = "partners" if len(mates) > 1 else "partner"
        return (
            f"{names[self.human]} with your {partner} {_and([bot[s] for s in mates])} "
            f"against {_and(against)}"
        )

    def show(self) -> None:
        g = self.game
        self.out.print(board_text(g, self.state, self.marked))
        self.out.print(Text(g.status(self.state), style="bold"))

    def print_moves(self, needle: str = "") -> None:
        g, state = self.game, self.state
        legal = list(state.legal_moves())
        items = [
            f"{k:>3}. {g.format_move(state, m)}"
            for k, m in enumerate(legal, 1)
            if needle.lower() in g.format_move(state, m).lower()
        ]
        if not items:
            self.out.print(Text(f"No legal move mentions {needle!r}."))
            return
        self.out.print(Text(f"Legal moves ({len(items)}):"))
        width = max(len(x) for x in items) + 2
        per_row = max(1, min(4, 100 // width))
        for r in range(0, len(items), per_row):
            self.out.print(Text("".join(x.ljust(width) for x in items[r : r + per_row]).rstrip()))

    def bots_move(self) -> None:
        """Let the bots (and the dice) act until it is the human's turn or the game ends."""
        g = self.game
        self.marked = []
        while not self.state.is_over and (
            self.state.is_chance_node or int(self.state.to_move) != self.human
        ):
            state = self.state
            if state.is_chance_node:
                move = sample_chance(state, self.rng)
                roller = self.name(int(state.to_move))
                self.out.print(Text.assemble(roller, f" rolls {g.format_move(state, move)}"))
                self.state, self.last = state.play(move), move
                continue
            else:
                move = self.bots[int(state.to_move)].choose(state)
                who = self.name(int(state.to_move))
                if g.highlights is not None:
                    self.marked.extend(g.highlights(state, move))
            self.out.print(Text.assemble(who, f" plays {g.format_move(state, move)}"))
            self.state, self.last = state.play(move), move
        if self.marked and not self.state.is_over:
            # Only games that name what a move reached (Game.highlights) mark it.
            self.out.print(Text("(the positions the bots' moves reached are marked >like this<)"))

    def read_move(self, text: str) -> Any:
        """A move from the human's input: a number from the list, or move notation."""
        state = self.state
        legal = list(state.legal_moves())
        if text.isascii() and text.isdigit():
            k = int(text)
            if 1 <= k <= len(legal):
                return legal[k - 1]
            raise ValueError(f"there is no move number {k} (1-{len(legal)})")
        return self.game.parse_move(state, text)


def cmd_play(args: argparse.Namespace, out: Console, err: Console) -> int:
    session = _Session(args, out)
    g = session.game
    session.intro(rules_label(g, session.rules))
    shown: Any = None
    while True:
        session.bots_move()
        state = session.state
        if state.is_over:
            break
        if shown is not state:
            session.show()
            session.print_moves()
            shown = state
        try:
            line = input(f"{g.seat_names[session.human]} ({_left(state)})> ")
        except EOFError:
            out.print()
            out.print("Bye (end of input).")
            return 0
        text = line.strip()
        word, _, rest = text.lower().partition(" ")
        if not text:
            continue
        if word in ("quit", "exit", "q"):
            out.print("Bye.")
            return 0
        if word in ("help", "?", "h"):
            out.print(Text(_PLAY_HELP))
        elif word in ("moves", "m"):
            session.print_moves(rest.strip())
        elif word == "board":
            session.show()
        elif word in ("legend", "rules"):
            out.print(Text(g.texts.get(word, f"{g.title} has no {word} text.")))
        elif word == "undo":
            if not session.history:
                out.print("Nothing to undo.")
                continue
            session.state = session.history.pop()
            session.marked = []
            session.last = None
            shown = None
            out.print("Undone.")
        else:
            _human_move(session, text)
    final = session.state
    out.print(board_text(g, final))
    out.print(Text(f"Game over: {g.describe_outcome(final)}", style="bold"))
    if args.svg is not None:
        write_svg(g, final, args.svg, session.last)
        out.print(Text(f"Final position drawn in {args.svg}"))
    return 0


def _and(items: list[str]) -> str:
    """``a``, ``a and b``, ``a, b and c`` (``nobody`` for none)."""
    if len(items) < 2:
        return items[0] if items else "nobody"
    return f"{', '.join(items[:-1])} and {items[-1]}"


def _left(state: Any) -> str:
    left = getattr(state, "moves_left", None)
    return "your turn" if left is None else f"{left} move{'s' if left != 1 else ''} left"


def _human_move(session: _Session, text: str) -> None:
    g, out = session.game, session.out
    try:
        move = session.read_move(text)
        after = session.state.play(move)
    except ValueError as e:
        out.print(
            Text(
                f"Not accepted: {plain_reason(str(e))}.\n"
                "Type `moves` for the legal moves (or `moves e2` for those through e2), "
                "`legend` to read the board, `rules` for the rules in short.",
                style="red",
            )
        )
        return
    session.history.append(session.state)
    out.print(
        Text.assemble(session.name(session.human), f" plays {g.format_move(session.state, move)}")
    )
    session.state, session.last = after, move
