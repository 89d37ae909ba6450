"""Tic-tac-toe on the astroplane kit: a whole game for every tool, in one short module.

Only the public protocol (``astroplane.protocol``) and kit (``astroplane.kit``) are used.
Importing the module registers the game as ``"tic-tac-toe"``; bots, MCTS, ``perft``, the
conformance suite and the command line then serve it like a bundled game. A move is a
cell number 0..8 (``a1`` = 0, ``c3`` = 8, rows from the bottom); X moves first.

Examples:
    >>> s = new_game().play(4).play(0)
    >>> GAME.position_to_text(s), GAME.format_move(s, 8)
    ('standard .../.x./o.. x', 'c3')
    >>> s.play(0)
    Traceback (most recent call last):
    ...
    astroplane.errors.IllegalMoveError: illegal move 0: a1 is taken
"""

from __future__ import annotations

import json
from typing import Any, ClassVar

import attrs

from astroplane.errors import IllegalMoveError, NotationError
from astroplane.kit import Option, Variants, limits, svg
from astroplane.kit.jsonread import JsonPathError, head, load_json, read_head
from astroplane.protocol import Game, register_game

__all__ = ["GAME", "Rules", "TicTacToe", "new_game"]

LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))
MARKS, NAMES = "xo", tuple(f"{f}{r}" for r in "123" for f in "abc")


@attrs.frozen
class Rules:
    """The options: ``misere`` (three in a row loses)."""

    misere: bool = False


VARIANTS = Variants("tic-tac-toe", Rules, (Option.flag("misere"),))
VARIANTS.register("standard", Rules(), bundled=True)
VARIANTS.register("misere", Rules(misere=True), bundled=True)


@attrs.frozen
class TicTacToe:
    """A position: the nine cells (``x``, ``o`` or ``.``, a1 first), the rules."""

    game_name: ClassVar[str] = "tic-tac-toe"
    cells: str = "........."
    rules: Rules = Rules()
    is_chance_node: ClassVar[bool] = False
    seats: ClassVar[tuple[int, ...]] = (0, 1)

    @property
    def to_move(self) -> int:
        """0 (X) or 1 (O)."""
        return self.cells.count("x") - self.cells.count("o")

    @property
    def turn(self) -> int:
        """1 for X's first mark, one more per mark."""
        return 10 - self.cells.count(".")

    @property
    def line_of(self) -> int | None:
        """The seat with three in a row, if any."""
        for a, b, c in LINES:
            if self.cells[a] != "." and self.cells[a] == self.cells[b] == self.cells[c]:
                return MARKS.index(self.cells[a])
        return None

    @property
    def is_over(self) -> bool:
        return self.line_of is not None or "." not in self.cells

    def legal_moves(self) -> tuple[int, ...]:
        return () if self.is_over else tuple(i for i, c in enumerate(self.cells) if c == ".")

    def chance_outcomes(self) -> tuple[tuple[int, float], ...]:
        return ()

    def play(self, move: Any) -> TicTacToe:
        """The position after marking cell ``move``; raises ``IllegalMoveError``."""
        if type(move) is not int or not 0 <= move < 9:
            raise IllegalMoveError(move, "a move is a cell number 0..8")
        if move not in self.legal_moves():
            why = "the game is over" if self.is_over else f"{NAMES[move]} is taken"
            raise IllegalMoveError(move, why)
        mark = MARKS[self.to_move]
        return attrs.evolve(self, cells=self.cells[:move] + mark + self.cells[move + 1 :])

    def returns(self) -> tuple[float, float]:
        """1 to the winner (three in a row, or the other's under misere), 0.5 each on a draw."""
        if not self.is_over:
            return (0.0, 0.0)
        line = self.line_of
        if line is None:
            return (0.5, 0.5)
        winner = 1 - line if self.rules.misere else line
        return (1.0, 0.0) if winner == 0 else (0.0, 1.0)


def new_game(players: int = 2, *, rules: Rules | None = None, first: Any = None) -> TicTacToe:
    """An empty board (two players; X starts)."""
    if players != 2 or first not in (None, 0, "x", "X"):
        raise ValueError("tic-tac-toe is for two players, X first")
    return TicTacToe(rules=rules or Rules())


def _checked(cells: str, rules: Rules, where: str) -> TicTacToe:
    state = TicTacToe(cells, rules)
    if len(cells) != 9 or set(cells) - set("xo.") or state.to_move not in (0, 1):
        raise NotationError(f"{where}: nine cells of x, o, '.', X moving first")
    lines = {MARKS[i] for a, b, c in LINES for i in (0, 1) if cells[a] == cells[b] == cells[c]
             == MARKS[i]}  # fmt: skip
    if len(lines) > 1 or (lines and lines != {MARKS[1 - state.to_move]}):
        raise NotationError(f"{where}: play would have stopped at the first line")
    return state


def to_text(state: TicTacToe) -> str:
    rows = "/".join(state.cells[r : r + 3] for r in (6, 3, 0))
    return f"{VARIANTS.to_text(state.rules)} {rows} {MARKS[state.to_move]}"


def from_text(text: str) -> TicTacToe:
    text = limits.plain_text(text)  # a str subclass: its characters, not its methods
    parts = text.split(" ") if isinstance(text, str) and len(text) < 200 else []
    if len(parts) != 3 or len(parts[1]) != 11:
        raise NotationError("a position is: rules, rows top first (x.o/.../...), x or o", str(text))
    cells = "".join(reversed(parts[1].split("/")))
    state = _checked(cells, VARIANTS.from_text(parts[0]), "position")
    if parts[2] != MARKS[state.to_move]:
        raise NotationError(f"position: {MARKS[state.to_move]} is to move, not {parts[2]!r}")
    return state


def to_dict(state: TicTacToe) -> dict[str, Any]:
    return {**head("tic-tac-toe", "state"), "rules": VARIANTS.to_dict(state.rules),
            "cells": state.cells}  # fmt: skip


def from_dict(data: Any) -> TicTacToe:
    d = read_head(data, "state", "tic-tac-toe", "state", ("rules", "cells"), complete=True)
    rules, cells = VARIANTS.from_dict(d["rules"], "state.rules"), d["cells"]
    if not isinstance(cells, str):
        raise JsonPathError("state.cells", "expected nine cells")
    return _checked(cells, rules, "state.cells")


def parse_move(state: TicTacToe, text: str) -> int:
    if text not in NAMES:
        raise NotationError("a move is a cell name a1..c3", str(text)[:20])
    move = NAMES.index(text)
    if move not in state.legal_moves():
        raise NotationError(f"{text} is not a legal move here", text)
    return move


def outcome(state: TicTacToe) -> str:
    if not state.is_over:
        return ""
    r = state.returns()
    return "a draw" if r[0] == r[1] else f"{'XO'[r.index(1.0)]} wins"


def draw(state: TicTacToe, last_move: int | None = None, prefix: str = "") -> str:
    """The board as SVG: cells ``sq-a1`` .., marks ``mark-a1`` .., ids under ``prefix``."""
    ids, body = svg.Ids(prefix), [svg.el("rect", width=3, height=3, fill=svg.PAPER)]
    for i, mark in enumerate(state.cells):
        x, y = i % 3, 2 - i // 3
        fill = "#f2c9a0" if i == last_move else "#e0d5bd"  # the last move's cell: warmer
        body.append(svg.el("rect", id=ids("sq", NAMES[i]), x=x + 0.04, y=y + 0.04,
                           width=0.92, height=0.92, fill=fill))  # fmt: skip
        if mark != ".":
            colour = svg.PALETTE[MARKS.index(mark)]
            body.append(svg.text(x + 0.5, y + 0.5, mark.upper(), 0.7, colour.fill,
                                 id=ids("mark", NAMES[i])))  # fmt: skip
    return svg.document(body, 3, 3, size=240, label=f"tic-tac-toe: {to_text(state)}")


GAME: Game[TicTacToe, int] = Game(
    name="tic-tac-toe", title="Tic-tac-toe", player_counts=(2,), seat_names=("X", "O"),
    new_game=new_game, rules_from_text=VARIANTS.from_text, rules_to_text=VARIANTS.to_text,
    format_move=lambda state, move: NAMES[move], parse_move=parse_move,
    position_to_text=to_text, position_from_text=from_text,
    to_json=lambda state: json.dumps(to_dict(state)),
    from_json=lambda text: from_dict(load_json(text)), to_dict=to_dict, from_dict=from_dict,
    render_text=lambda s, highlight=(): "\n".join(" ".join(s.cells[r : r + 3]) for r in (6, 3, 0)),
    describe_outcome=outcome,
    status=lambda s: outcome(s) or f"Turn {s.turn}: {'XO'[s.to_move]} to move",
    render_svg=draw, with_turn_limit=None, num_actions=lambda s: 9,
    action_to_move=lambda s, a: s.legal_moves()[s.legal_moves().index(limits.action_number(a, 9))],
    move_to_action=lambda state, move: move, texts={"goal": "Three in a row wins."},
)  # fmt: skip
register_game(GAME)
