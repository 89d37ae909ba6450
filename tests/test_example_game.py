"""The example game (examples/games/tictactoe.py, "Writing a game"): a game written only
against the public protocol and kit gets the tools of every game — the conformance suite,
bots and MCTS, perft, formats and an SVG drawing."""

from __future__ import annotations

import ast
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
import tictactoe

from astroplane.agents import RandomBot, play_game
from astroplane.errors import DrawingError, IllegalMoveError, NotationError
from astroplane.mcts import MCTSBot
from astroplane.perft import perft
from astroplane.protocol import get_game
from astroplane.testing import assert_conformance

SOURCE = Path(tictactoe.__file__)


def test_the_example_is_short_and_uses_only_the_public_kit_and_protocol() -> None:
    """At most 200 lines with its docstrings, importing from astroplane only its public
    protocol, kit and errors (no game's modules, nothing private)."""
    text = SOURCE.read_text(encoding="utf-8")
    assert len(text.splitlines()) <= 200
    used = {
        node.module
        for node in ast.walk(ast.parse(text))
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("astro")
    }
    allowed = {"astroplane.errors", "astroplane.kit", "astroplane.kit.jsonread",
               "astroplane.protocol"}  # fmt: skip
    assert used <= allowed, used - allowed


def test_it_is_registered_and_conforms() -> None:
    """The registry finds it by name, and the conformance suite passes for both presets."""
    game = get_game("tic-tac-toe")
    assert game is tictactoe.GAME
    for text in ("standard", "misere"):
        report = assert_conformance(game.rules_from_text(text), game="tic-tac-toe", games=10)
        assert report.games == 10


def test_perft_counts_the_tree() -> None:
    """Perft from the empty board, derived by hand: no line exists before the fifth mark,
    so depths 1-5 are 9, 9*8, 9*8*7, 9*8*7*6 and 9*8*7*6*5 = 15,120. Of those, 1,440
    games end at the fifth mark (X's 8 lines, times the orders of X's three marks (3!)
    and O's two marks among the 6 free cells (6*5 ordered) = 8*6*30), leaving
    (15,120 - 1,440) * 4 = 54,720 at depth 6 (and the known 5,328, 47,952, 72,576 games
    that end at marks 6, 7, 8 give 148,176 and 200,448 at depths 7 and 8)."""
    start = tictactoe.new_game()
    assert [perft(start, d) for d in (1, 2, 3, 4, 5)] == [9, 72, 504, 3024, 15120]
    assert 9 * 8 * 7 * 6 * 5 - 8 * 6 * 30 == 15120 - 1440
    assert perft(start, 6) == (15120 - 1440) * 4 == 54720


def test_mcts_never_loses_to_a_random_bot() -> None:
    """Over 50 games, alternating who starts, MCTS (500 playouts a move) never loses."""
    for g in range(50):
        seats = [MCTSBot(seed=g, iterations=500), RandomBot(1000 + g)]
        if g % 2:
            seats.reverse()
        final = play_game(tictactoe.new_game(), seats).final
        assert final.returns()[g % 2] >= 0.5, f"game {g}: {tictactoe.to_text(final)}"


def test_formats_round_trip_and_reject_impossible_positions() -> None:
    """Position text and JSON read back equal; a position play cannot reach (two lines,
    O ahead of X) is the format's error; an illegal move names why."""
    game = get_game("tic-tac-toe")
    s = tictactoe.new_game().play(4).play(0).play(8)
    assert game.position_from_text(game.position_to_text(s)) == s
    assert game.from_json(game.to_json(s)) == s
    for bad in ("standard xxx/ooo/... x", "standard o../.../... x", "standard ..."):
        with pytest.raises(NotationError):
            game.position_from_text(bad)
    with pytest.raises(IllegalMoveError, match="b2 is taken"):
        s.play(4)
    with pytest.raises(IllegalMoveError, match="a move is a cell number"):
        s.play(4.0)


def test_the_svg_drawing_names_cells_and_marks() -> None:
    """The kit's SVG primitives draw the board: a valid document with an id per cell and
    per mark, under a prefix when asked."""
    s = tictactoe.new_game().play(4)
    root = ET.fromstring(get_game("tic-tac-toe").render_svg(s))
    ids = {e.get("id") for e in root.iter() if e.get("id")}
    assert {f"sq-{n}" for n in tictactoe.NAMES} | {"mark-b2"} == ids
    assert 'id="left-mark-b2"' in tictactoe.draw(s, prefix="left")


def test_the_shared_drawing_passes_what_the_drawing_takes() -> None:
    """``astroplane.svg.board`` passes a plug-in's drawing the ``prefix`` it takes, and
    refuses ``size``, which this drawing does not take, with a ``DrawingError`` naming it."""
    from astroplane import svg

    s = tictactoe.new_game().play(4)
    assert svg.board(s, prefix="left") == tictactoe.draw(s, prefix="left")
    with pytest.raises(DrawingError, match="Tic-tac-toe's drawing takes no size"):
        svg.board(s, size=300)
