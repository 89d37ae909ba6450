"""Tic-tac-toe on the astroplane kit: a whole game for every tool, in one short module.

Importing it registers ``"tic-tac-toe"``: bots, MCTS, ``perft``, records, the command line,
the conformance suite and the PettingZoo environment then serve it like a bundled game. A
move is a cell number 0..8 (``a1`` = 0 .. ``c3`` = 8, rows from the bottom); X starts.
"""

from __future__ import annotations

from typing import Any, ClassVar

import attrs

from astroplane.errors import IllegalMoveError, NotationError
from astroplane.kit import svg
from astroplane.protocol import Game, GameType, register_game

LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))
MARKS, NAMES = "xo", tuple(f"{f}{r}" for r in "123" for f in "abc")


@attrs.frozen
class TicTacToe:
    """A position: the nine cells, ``x``, ``o`` or ``.``, a1 first."""

    game_name: ClassVar[str] = "tic-tac-toe"
    is_chance_node: ClassVar[bool] = False
    seats: ClassVar[tuple[int, ...]] = (0, 1)
    cells: str = "........."

    @property
    def turn(self) -> int:
        return 10 - self.cells.count(".")

    @property
    def to_move(self) -> int:
        return (self.turn - 1) % 2

    @property
    def lines(self) -> set[str]:  # the marks with three in a row
        return {self.cells[a] for a, b, c in LINES if self.cells[a] == self.cells[b] ==
                self.cells[c] != "."}  # fmt: skip

    @property
    def is_over(self) -> bool:
        return bool(self.lines) or "." not in self.cells

    def legal_moves(self) -> tuple[int, ...]:
        return () if self.is_over else tuple(i for i, c in enumerate(self.cells) if c == ".")

    def chance_outcomes(self) -> tuple[tuple[int, float], ...]:
        return ()

    def play(self, move: Any) -> TicTacToe:
        if type(move) is not int or move not in self.legal_moves():
            raise IllegalMoveError(move, "not a free cell 0..8 of a game that goes on")
        return TicTacToe(self.cells[:move] + MARKS[self.to_move] + self.cells[move + 1 :])

    def returns(self) -> tuple[float, float]:
        """1 to the player with three in a row, 0.5 each on a draw."""
        if not self.lines:
            return (0.5, 0.5) if self.is_over else (0.0, 0.0)
        return (1.0, 0.0) if "x" in self.lines else (0.0, 1.0)


class TicTacToeGame(Game[TicTacToe, int]):
    """What the tools need besides the states: declarations, notation, position text."""

    name, title, player_counts, seat_names = "tic-tac-toe", "Tic-tac-toe", (2,), ("X", "O")
    game_type, texts = GameType(max_game_length=9), {"goal": "Three in a row wins."}

    def new_game(self, players: int = 2, *, rules: Any = None, first: Any = None) -> TicTacToe:
        if first not in (None, 0) or rules is not None:
            raise ValueError("X starts (first is 0), and there are no rules options")
        return TicTacToe()

    def format_move(self, state: TicTacToe, move: int) -> str:
        return NAMES[move]

    def parse_move(self, state: TicTacToe, text: str) -> int:
        if text not in NAMES or NAMES.index(text) not in state.legal_moves():
            raise NotationError("not a free cell a1..c3 of this position", str(text)[:20])
        return NAMES.index(text)

    def num_actions(self, state: TicTacToe) -> int:
        return 9

    def move_to_action(self, state: TicTacToe, move: int) -> int:
        return move

    def invariants(self, state: TicTacToe) -> list[str]:
        cells = state.cells
        if not isinstance(cells, str) or len(cells) != 9 or set(cells) - set("xo."):
            return ["a position is nine cells a1..c3 of x, o and ."]
        if 0 <= cells.count("x") - cells.count("o") <= 1 and state.lines <= {MARKS[state.turn % 2]}:
            return []
        return ["no game gets here: X and O take turns and stop at the first line"]

    def position_to_text(self, state: TicTacToe) -> str:
        return state.cells

    def position_from_text(self, text: str) -> TicTacToe:
        return self.checked(TicTacToe(text))

    def render_svg(self, state: TicTacToe, last_move: int | None = None, prefix: str = "") -> str:
        """The board: cells ``sq-a1`` .., marks ``mark-a1`` .., every id under ``prefix``."""
        ids, body = svg.Ids(prefix), [svg.el("rect", width=3, height=3, fill=svg.PAPER)]
        for i, (name, mark) in enumerate(zip(NAMES, state.cells, strict=True)):
            x, y, fill = i % 3, 2 - i // 3, "#f2c9a0" if i == last_move else "#e0d5bd"
            body.append(svg.el("rect", id=ids("sq", name), x=x + 0.04, y=y + 0.04, width=0.92,
                               height=0.92, fill=fill))  # fmt: skip
            if mark != ".":
                colour, at = svg.PALETTE[MARKS.index(mark)].fill, ids("mark", name)
                body.append(svg.text(x + 0.5, y + 0.5, mark.upper(), 0.7, colour, id=at))
        return svg.document(body, 3, 3, size=240, label="tic-tac-toe " + state.cells)


GAME = TicTacToeGame()
new_game = GAME.new_game
register_game(GAME)
