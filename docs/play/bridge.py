"""The play page's Python side: a game between a person and bots, through astroplane's
public API. play.js writes this file into Pyodide's file system and imports it.

Everything crosses to JavaScript as JSON text (``Session.view()`` and the others), so the
page never holds a Python object other than the session, and moves travel as their
notation (``format_move`` / ``parse_move``): the page can only send a move text it was
offered, and ``parse_move`` rejects anything that is not legal in the current state.

It runs under CPython too (tests/browser/test_bridge.py checks it there)::

    >>> session = Session(players=2, seed=1, max_turns=30)
    >>> import json
    >>> view = json.loads(session.view())
    >>> view["to_move"], view["your_turn"], sorted(view["movable"])
    ('S', True, ['Sl', 'Sr'])
"""

from __future__ import annotations

import datetime
import json
import sys
from typing import Any

import attrs

import astroplane as ap
from astroplane.agents import BOTS, make_bot
from astroplane.server.clicks import astroplane_target, effect_phrases

__all__ = ["Session", "bots", "versions"]

SEAT_WORDS = {"S": "South", "W": "West", "N": "North", "E": "East"}


def versions() -> str:
    """The versions to show in the page's footer, as JSON."""
    return json.dumps({"astroplane": ap.__version__, "python": sys.version.split()[0]})


def bots() -> str:
    """The bot names ``make_bot`` knows, as JSON (an MCTS bot shows up once it is added)."""
    return json.dumps(sorted(BOTS))


class Session:
    """One game: the person plays ``human``, bots made by ``make_bot(bot, seed)`` the rest.

    Args:
        players: 2, 3 or 4.
        human: The person's seat (bottom of the board).
        bot: A bot name for ``astroplane.agents.make_bot`` ("greedy", "random", "mcts").
        seed: The bots' seed (each bot gets ``seed + i``); None for unseeded bots.
        max_turns: End and score the game after this turn (the ``max_turns`` rule option).
        iterations: Search budget per action for a bot that has one (MCTS).
    """

    def __init__(
        self,
        players: int = 2,
        human: str = "S",
        bot: str = "greedy",
        seed: int | None = None,
        max_turns: int | None = None,
        iterations: int | None = None,
    ) -> None:
        rules = ap.STANDARD
        if max_turns:
            rules = attrs.evolve(rules, max_turns=int(max_turns))
        self.initial = ap.new_game(int(players), rules=rules)
        seats = [ap.SEAT_NAMES[s] for s in self.initial.seats]
        if human not in seats:
            raise ValueError(f"the person's seat {human!r} is not one of {seats}")
        self.human = human
        self.bot_name = bot
        self.bots = {}
        for i, seat in enumerate(s for s in seats if s != human):
            agent = make_bot(bot, None if seed is None else int(seed) + i)
            if iterations and hasattr(agent, "iterations"):
                agent.iterations = int(iterations)  # a quick budget for the browser
            self.bots[seat] = agent
        self.state = self.initial
        # One entry per action played: (state before, move, its text).
        self.history: list[tuple[ap.GameState, ap.Move, str]] = []
        self.selected: str | None = None

    # ---- queries ------------------------------------------------------------------
    @property
    def to_move(self) -> str:
        return ap.SEAT_NAMES[self.state.to_move]

    @property
    def your_turn(self) -> bool:
        return not self.state.is_over and self.to_move == self.human

    def _movable(self) -> dict[str, str]:
        """Position name -> name of the person's top piece there that has an action."""
        if not self.your_turn:
            return {}
        t = self.state.topology
        out = {}
        for piece in self.state.pieces_of(self.human):
            if self.state.moves_of(piece):
                out[t.position_name(self.state.location(piece))] = ap.piece_name(piece)
        return out

    def _turns(self) -> list[dict[str, Any]]:
        turns: list[dict[str, Any]] = []
        for before, _move, text in self.history:
            seat = ap.SEAT_NAMES[before.to_move]
            if not turns or turns[-1]["turn"] != before.turn:
                turns.append({"turn": before.turn, "seat": seat, "moves": []})
            turns[-1]["moves"].append(text)
        return turns

    def _status(self) -> str:
        state = self.state
        if state.outcome is not None:
            out = state.outcome
            winners = [ap.SEAT_NAMES[s] for s in out.winners]
            if not winners:
                who = "nobody wins"
            elif winners == [self.human]:
                who = "you win"
            else:
                names = ["you" if w == self.human else f"the bot {w}" for w in winners]
                who = " and ".join(names) + (" share the win" if len(names) > 1 else " wins")
            scores = ", ".join(f"{ap.SEAT_NAMES[s]} {out.score(s)}" for s in out.seats)
            return f"Game over: {who} ({scores}); {out.reason.words}."
        left = f"{state.moves_left} move{'s' if state.moves_left != 1 else ''} left"
        if ap.Seat[self.human] in state.removed:
            return f"You were stuck and left the game; the bot ({self.to_move}) is to move."
        if self.your_turn:
            return f"Your turn ({self.human}, {SEAT_WORDS[self.human]}): {left}."
        return f"The bot ({self.to_move}) is to move: {left}."

    def view(self) -> str:
        """Everything the page draws, as JSON."""
        state = self.state
        t = state.topology
        destinations: list[str] = []
        if self.selected is not None:
            destinations = [t.position_name(p) for p in state.destinations(self.selected)]
        last = self.history[-1][1] if self.history else None
        svg = ap.svg.board(state, last_move=last, highlight=destinations, orientation=self.human)
        legal = state.legal_moves()
        scores = state.scores()
        return json.dumps(
            {
                "svg": svg,
                "human": self.human,
                "to_move": self.to_move,
                "your_turn": self.your_turn,
                "over": state.is_over,
                "status": self._status(),
                "turn": state.turn,
                "moves_left": state.moves_left,
                "ply": len(self.history),
                "movable": self._movable(),
                "selected": self.selected,
                "destinations": destinations,
                "end_turn": self.your_turn and ap.Move(ap.MoveKind.END_TURN) in legal,
                "can_undo": any(ap.SEAT_NAMES[b.to_move] == self.human for b, _, _ in self.history),
                "turns": self._turns(),
                "position": state.to_text(),
                "scores": {ap.SEAT_NAMES[s]: scores[s] for s in state.seats},
                "bot": self.bot_name,
            }
        )

    # ---- the person's actions --------------------------------------------------------
    def select(self, position: str | None) -> str:
        """Select the person's piece on top of ``position`` (None or a piece that cannot
        move clears the selection); returns ``view()``."""
        self.selected = self._movable().get(position) if position else None
        return self.view()

    def options(self, position: str) -> str:
        """The selected piece's legal actions that take it to ``position``, as JSON:
        ``[{"text": "e2ne-f3nw+Nr", "effects": ["sends N1 back to ..."]}, ...]``
        (several when they differ only in a choice; empty when ``position`` is none of
        its destinations)."""
        if self.selected is None or not self.your_turn:
            return "[]"
        state = self.state
        target = state.topology.position(position)
        out = []
        for move in state.moves_of(self.selected):
            if astroplane_target(state, self.selected, move) == target:
                events = [e.to_dict() for e in state.effects(move)]
                out.append({"text": ap.format_move(state, move), "effects": effect_phrases(events)})
        return json.dumps(out)

    def play(self, text: str) -> str:
        """Play the person's action given by its notation; returns the move's events
        (``effects()``) as JSON, for the animation.

        Raises:
            ValueError: If it is not the person's turn, or the text is not a legal move
                (``NotationError`` from ``parse_move``).
        """
        if not self.your_turn:
            raise ValueError("it is not your turn")
        return self._play(ap.parse_move(self.state, text))

    def end_turn(self) -> str:
        """End the person's turn (legal only when only free actions are left)."""
        return self.play("end")

    def bot_move(self) -> str:
        """Let the bot to move choose and play one action; returns its events as JSON."""
        if self.state.is_over or self.your_turn:
            raise ValueError("it is not a bot's turn")
        return self._play(self.bots[self.to_move].choose(self.state))

    def _play(self, move: ap.Move) -> str:
        state = self.state
        text = ap.format_move(state, move)
        events = [e.to_dict() for e in state.effects(move)]
        self.state = state.play(move)
        self.history.append((state, move, text))
        self.selected = None
        return json.dumps({"text": text, "events": events})

    def undo(self) -> str:
        """Take back the person's last action and the bots' answers to it."""
        while self.history:
            before, _move, _text = self.history.pop()
            self.state = before
            if ap.SEAT_NAMES[before.to_move] == self.human:
                break
        self.selected = None
        return self.view()

    # ---- formats ------------------------------------------------------------------
    def record(self) -> str:
        """The game so far as a game record (``GameRecord.to_text()``)."""
        seats = {
            ap.SEAT_NAMES[s]: ("Human" if ap.SEAT_NAMES[s] == self.human else self.bot_name)
            for s in self.initial.seats
        }
        record = ap.GameRecord.from_game(
            self.initial,
            [move for _before, move, _text in self.history],
            date=datetime.date.today(),
            event="astroplane in the browser",
            headers={f"Player{seat}": who for seat, who in seats.items()},
        )
        return record.to_text()
