"""Pig for 2 to 4 players on the astroplane kit: the worked example of a game with dice.

On your turn you roll a die as often as you like: each roll adds its pips to your turn
total, but a 1 loses the turn total and ends your turn. Hold to bank the total. The first
to bank ``goal`` points (100) wins; a score that reaches it with the turn total wins at
once. After ``max_turns`` turns (1000) the leaders share the win.

Each roll is a chance node: after the move ``"roll"`` the state waits for the die, its
legal moves are the faces 1..6, each with probability 1/6 (``chance_outcomes``). Bots,
MCTS and the PettingZoo environment draw them; a record lists them as moves. Importing
this module registers ``"pig"``.
"""

from __future__ import annotations

from typing import Any, ClassVar

import attrs

from astroplane.errors import IllegalMoveError, NotationError
from astroplane.kit import Option, Variants, limits, svg
from astroplane.protocol import ChanceMode, Game, GameType, register_game

SEATS, MOVES = ("A", "B", "C", "D"), ("roll", "hold", 1, 2, 3, 4, 5, 6)


@attrs.frozen
class Rules:
    """The options: the ``goal`` score and ``max_turns``, the turn limit (0: none)."""

    goal: int = 100
    max_turns: int = 1000


OPTIONS = (Option.number("goal", 10, 1000), Option.number("max_turns", 0, 10**6))
VARIANTS = Variants("pig", Rules, OPTIONS)
VARIANTS.register("standard", Rules(), bundled=True)
VARIANTS.register("quick", Rules(goal=30), bundled=True)


@attrs.frozen
class Pig:
    """A position: every seat's score, whose turn, its turn total, whether the die is in
    the air (a chance node), the turn number (``max_turns + 1`` once the limit ended it)."""

    game_name: ClassVar[str] = "pig"
    rules: Rules
    scores: tuple[int, ...]
    to_move: int = 0
    total: int = 0
    rolling: bool = False
    turn: int = 1

    @property
    def seats(self) -> tuple[int, ...]:
        return tuple(range(len(self.scores)))

    @property
    def is_over(self) -> bool:
        limit = self.rules.max_turns
        return max(self.scores) >= self.rules.goal or bool(limit and self.turn > limit)

    @property
    def is_chance_node(self) -> bool:
        return self.rolling and not self.is_over

    def chance_outcomes(self) -> tuple[tuple[int, float], ...]:
        return tuple((face, 1 / 6) for face in range(1, 7)) if self.is_chance_node else ()

    def legal_moves(self) -> tuple[Any, ...]:
        if self.is_over or self.rolling:
            return tuple(m for m, _p in self.chance_outcomes())
        return ("roll", "hold") if self.total else ("roll",)

    def play(self, move: Any) -> Pig:
        if type(move) not in (str, int) or move not in self.legal_moves():
            raise IllegalMoveError(move, f"the legal moves here are {self.legal_moves()}")
        if move == "roll":
            return attrs.evolve(self, rolling=True)
        total = 0 if move == 1 else self.total + (0 if move == "hold" else move)
        won = self.scores[self.to_move] + total >= self.rules.goal
        if move not in ("hold", 1) and not won:
            return attrs.evolve(self, total=total, rolling=False)
        scores = list(self.scores)
        scores[self.to_move] += total  # a 1 banks nothing
        nxt = self.to_move if won else (self.to_move + 1) % len(scores)
        return Pig(self.rules, tuple(scores), nxt, 0, False, self.turn + (not won))

    def returns(self) -> tuple[float, ...]:
        """1 to the winner; at the turn limit the leaders share 1."""
        if not self.is_over:
            return (0.0,) * len(self.scores)
        best = max(self.scores)
        return tuple(float(s == best) / self.scores.count(best) for s in self.scores)


class PigGame(Game[Pig, Any]):
    """Pig for the tools: the dice are declared in its type, its position text carries the
    turn (``t7``) and whether the die is in the air (``?``)."""

    name, title, player_counts, seat_names = "pig", "Pig", (2, 3, 4), SEATS
    game_type = GameType(ChanceMode.EXPLICIT_STOCHASTIC, max_chance_outcomes=6,
                         max_game_length=Rules().max_turns * (Rules().goal // 2 + 2))  # fmt: skip
    variant_registry, texts = VARIANTS, {"goal": "Roll to score; a 1 loses the turn."}

    def new_game(self, players: int = 2, *, rules: Rules | None = None, first: Any = None) -> Pig:
        if not isinstance(rules, Rules | None) or (first is not None and first >= players):
            raise ValueError(f"first is a seat 0..{players - 1}, rules a Pig Rules value")
        return Pig(rules or Rules(), (0,) * players, first or 0)

    def format_move(self, state: Pig, move: Any) -> str:
        return str(move)

    def parse_move(self, state: Pig, text: str) -> Any:
        move = int(text) if text in ("1", "2", "3", "4", "5", "6") else text
        if move not in state.legal_moves():
            legal = ", ".join(map(str, state.legal_moves()))
            raise NotationError(f"the legal moves are {legal}", str(text)[:20])
        return move

    def num_actions(self, state: Pig) -> int:
        return len(MOVES)

    def move_to_action(self, state: Pig, move: Any) -> int:
        return MOVES.index(move)

    def with_turn_limit(self, rules: Rules, turns: int | None) -> Rules:
        return attrs.evolve(rules, max_turns=turns or 0)

    def ended_by_turn_limit(self, state: Pig) -> bool:
        return state.is_over and max(state.scores) < state.rules.goal

    def game_info(self, state: Pig) -> Any:
        """At most ``goal // 2 + 1`` rolls a turn (each but a 1 adds 2 or more) and a hold."""
        limit = state.rules.max_turns * (state.rules.goal // 2 + 2) or None
        return attrs.evolve(super().game_info(state), max_game_length=limit)

    def invariants(self, state: Pig) -> list[str]:
        n, goal, limit = len(state.scores), state.rules.goal, state.rules.max_turns
        if not 2 <= n <= 4 or min(state.scores) < 0 or not 0 <= state.to_move < n:
            return ["two to four scores of at least 0, and a seat of them to move"]
        if sum(s >= goal for s in state.scores) > 1 or max(state.scores) > goal + 5:
            return ["one winner at most, who rolled past the goal by 5 at most"]
        if state.total == 1 or state.total < 0:
            return ["a turn total is 0 or 2 and up"]
        if state.is_over and (state.total or state.rolling):
            return ["a finished game has no turn total and no die in the air"]
        if state.turn < 1 or (limit and state.turn > limit + (max(state.scores) < goal)):
            return [f"the turn is 1 to max_turns ({limit})"]
        if not state.is_over and state.scores[state.to_move] + state.total >= goal:
            return ["a turn total that reaches the goal wins at once"]
        return []

    def position_to_text(self, state: Pig) -> str:
        scores = "/".join(map(str, state.scores))
        mark = SEATS[state.to_move] + "?" * state.rolling
        return f"{VARIANTS.to_text(state.rules)} {scores} {mark} {state.total} t{state.turn}"

    def position_from_text(self, text: str) -> Pig:
        """``standard 12/40 B? 5 t7``: rules, scores, the seat to move (``?``: the die is in
        the air), its turn total, the turn."""
        text = limits.plain_text(text)  # a str subclass: its characters, not its methods
        parts = text.split(" ") if isinstance(text, str) and len(text) < 1200 else []
        ok = len(parts) == 5 and parts[4][:1] == "t"
        nums = [*parts[1].split("/"), parts[3], parts[4][1:]] if ok else []
        seat = parts[2].removesuffix("?") if ok else ""
        if seat not in SEATS or not all(n.isdigit() and n.isascii() and len(n) < 8 for n in nums):
            raise NotationError("a position is rules, scores, seat (? rolling), total, t<turn>: "
                                "standard 12/40 B? 5 t7", str(text)[:200])  # fmt: skip
        rules = VARIANTS.from_text(parts[0])
        scores = tuple(int(s) for s in parts[1].split("/"))
        rolling, turn = parts[2].endswith("?"), int(parts[4][1:])
        return self.checked(Pig(rules, scores, SEATS.index(seat), int(parts[3]), rolling, turn))

    def status(self, state: Pig) -> str:
        scores = ", ".join(f"{SEATS[s]} {v}" for s, v in enumerate(state.scores))
        return f"{super().status(state)}; turn total {state.total}; scores {scores}"

    def render_svg(self, state: Pig, last_move: Any = None, prefix: str = "") -> str:
        """A bar per seat (its score of the goal), the turn total, the die last rolled."""
        ids, body = svg.Ids(prefix), [svg.el("rect", width=12, height=6, fill=svg.PAPER)]
        for s, score in enumerate(state.scores):
            width = 9 * min(score, state.rules.goal) / state.rules.goal
            body.append(svg.el("rect", id=ids("score", SEATS[s]), x=2, y=0.5 + s * 1.2,
                               width=max(width, 0.05), height=0.9, fill=svg.PALETTE[s].fill))
            body.append(svg.text(1, 0.95 + s * 1.2, f"{SEATS[s]} {score}", 0.5))
        face = last_move if isinstance(last_move, int) and 1 <= last_move <= 6 else "?"
        body.append(svg.die(10.5, 5.2, 1.2, face, id=ids("die")))
        body.append(svg.text(6, 5.4, f"turn total {state.total}", 0.5, id=ids("total")))
        return svg.document(body, 12, 6, size=360, label=f"pig: {self.position_to_text(state)}")


GAME = PigGame()
new_game = GAME.new_game
register_game(GAME)
