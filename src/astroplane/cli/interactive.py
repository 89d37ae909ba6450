"""``astroplane play``: an interactive terminal game against bots, that a newcomer can learn
from: the goal at the start, a legend, the rules in short, the scores every turn, the bots'
moves marked on the board, illegal moves explained in plain words."""

from __future__ import annotations

import argparse
import random
import re
from typing import Any

from rich.console import Console
from rich.text import Text

from astroplane import turnlimit
from astroplane.agents import Agent
from astroplane.cli.common import (
    board_text,
    bots_for,
    partners_of,
    plain_reason,
    rules_for,
    rules_label,
    seat_style,
    start_state,
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
  undo         take back your last action (and the bots' replies); in a game
               with dice, only as far back as the last roll: a rolled die stays
  help         this text
  quit         leave the game (also Ctrl-D)"""


class _Session:
    """One interactive game: the state, the bots, what was shown, and undo."""

    def __init__(self, args: argparse.Namespace, out: Console) -> None:
        self.game: Game[Any, Any] = get_game(args.game)
        self.out = out
        seed = args.seed if args.seed is not None else random.randrange(10**6)
        self.rng = random.Random(seed)
        self.rules = rules_for(self.game, args.rules)
        self.max_turns: int = args.max_turns
        self.state: State[Any] = start_state(self.game, args.players, self.rules, self.max_turns)
        self.human: int = args.human_seat
        others = [s for s in self.state.seats if s != self.human]
        self.bot_names = {s: args.bots[i % len(args.bots)] for i, s in enumerate(others)}
        seeds = (self.rng.randrange(2**32) for _ in others)
        self.bots: dict[int, Agent] = bots_for(args.bots, others, seeds, args.think)
        # States where the human was to move, for undo; emptied by every roll of a die, so
        # that undo never takes a rolled die back (no rolling again for a better number).
        self.history: list[State[Any]] = []
        self.last_roll = ""  # the last roll in words, for the undo message
        self.unannounced = ""  # the person's own roll, told by the status line if it can
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

    @property
    def stopped(self) -> bool:
        """True when the game is stopped by the turn limit (a game without a turn-limit
        rule of its own, ``astroplane.turnlimit``)."""
        return turnlimit.stopped(self.state, self.max_turns)

    @property
    def waiting(self) -> bool:
        """True while the bots (or the dice) act: the game goes on and it is not the
        person's decision."""
        state = self.state
        return (
            not state.is_over
            and not self.stopped
            and (state.is_chance_node or int(state.to_move) != self.human)
        )

    def bots_move(self) -> None:
        """Let the bots and the dice act until it is the person's decision or the game
        ends. Each roll is told once: a bot's here, the person's by the status line shown
        with their turn (``announce``). A roll ends what ``undo`` can take back."""
        g = self.game
        self.marked = []
        while self.waiting:
            state = self.state
            who = self.name(int(state.to_move))
            if state.is_chance_node:
                move = sample_chance(state, self.rng)
                text = g.format_move(state, move)
                self.state, self.last = state.play(move), move
                self.history.clear()
                self.last_roll = f"{g.seat_names[state.to_move]} rolled {text}"
                if int(state.to_move) == self.human and not self.waiting:
                    self.unannounced = text
                else:
                    self.out.print(Text.assemble(who, f" rolls {text}"))
                continue
            move = self.bots[int(state.to_move)].choose(state)
            if g.highlights is not None:
                self.marked.extend(g.highlights(state, move))
            self.out.print(Text.assemble(who, f" plays {g.format_move(state, move)}"))
            self.state, self.last = state.play(move), move
        if self.marked and not self.state.is_over:
            # Only games that name what a move reached (Game.highlights) mark it.
            self.out.print(Text("(the positions the bots' moves reached are marked >like this<)"))

    def announce(self) -> None:
        """Tell the person's own roll, unless the status line shown with their turn says
        it (as Aeroplane Chess's does: "R (Red) rolled a 3")."""
        roll, self.unannounced = self.unannounced, ""
        status = self.game.status(self.state)
        if roll and not re.search(rf"(?<!\w){re.escape(roll)}(?!\w)", status.split(":", 1)[-1]):
            self.out.print(Text.assemble(self.name(self.human), f" rolls {roll}"))

    def forced_pass(self) -> bool:
        """Play a pass for the person when it is their only legal action (it cannot be
        undone: there was nothing else to play); True if one was played."""
        g, state = self.game, self.state
        legal = state.legal_moves()
        if len(legal) != 1 or g.format_move(state, legal[0]).strip().lower() != "pass":
            return False
        roll, self.unannounced = self.unannounced, ""
        rolled = f" rolls {roll}:" if roll else ":"
        self.out.print(
            Text.assemble(
                self.name(self.human),
                f"{rolled} no legal move but pass, so you pass (played for you).",
            )
        )
        self.state, self.last = state.play(legal[0]), legal[0]
        return True

    def undo(self) -> bool:
        """Take back the person's last action and the bots' replies; False when there is
        nothing to take back (nothing played, or a die rolled since: a rolled die stays)."""
        if not self.history:
            return False
        self.state = self.history.pop()
        self.marked = []
        self.last = None
        return True

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
        if state.is_over or session.stopped:
            break
        if session.forced_pass():
            continue
        if shown is not state:
            session.announce()
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
            if session.undo():
                shown = None
                out.print("Undone.")
            elif session.last_roll:
                out.print(
                    Text(
                        f"Nothing to undo: undo stops at the last roll ({session.last_roll}; "
                        "a rolled die stays rolled)."
                    )
                )
            else:
                out.print("Nothing to undo.")
        else:
            _human_move(session, text)
    final = session.state
    out.print(board_text(g, final))
    if session.stopped:
        words = turnlimit.stopped_words(g, session.max_turns)
        out.print(Text(f"Game over: {words}.", style="bold"))
    else:
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
