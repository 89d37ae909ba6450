"""The generic match (astroplane.match): totals per seat of any game, points from a
scoring whose default is the game's returns()."""

from __future__ import annotations

import subprocess
import sys
from typing import Any

import pytest
import tictactoe

import astroplane
from astroplane.agents import RandomBot, play_game
from astroplane.match import Match, game_returns
from astroplane.protocol import get_game


def _ttt(*cells: int) -> tictactoe.TicTacToe:
    s = tictactoe.new_game()
    for c in cells:
        s = s.play(c)
    return s


X_WINS = (0, 3, 1, 4, 2)
DRAW = (0, 1, 2, 4, 3, 5, 7, 6, 8)


def test_default_scoring_adds_the_games_returns() -> None:
    """By default each finished game adds its returns(): 1 for the winner, 0.5 each for a
    draw (tic-tac-toe, a plug-in game)."""
    m = Match(3).add(_ttt(*X_WINS)).add(_ttt(*DRAW))
    assert m.seats == (0, 1) and m.totals == (1.5, 0.5) and m.games == 2
    assert (m.total(0), m.total(1)) == (1.5, 0.5)
    assert not m.is_over and m.winners == ()


def test_match_is_over_at_the_target_and_names_the_leaders() -> None:
    """The match is over once a seat reaches the target; the highest totals win it."""
    m = Match(2, seats=(0, 1))
    for _ in range(2):
        m = m.add(_ttt(*X_WINS))
    assert m.is_over and m.winners == (0,)
    with pytest.raises(ValueError, match="over"):
        m.add(_ttt(*X_WINS))


def test_square_off_match_has_two_totals() -> None:
    """A Square Off match has one total per seat of its 2-player game, and the returns of
    its games add up to one point a game."""
    square_off = get_game("square-off")
    m = Match(100, seats=square_off.new_game(2).seats)
    for g in range(3):
        m = m.add(play_game(square_off.new_game(2), [RandomBot(g), RandomBot(g + 10)]).final)
    assert len(m.totals) == 2 and sum(m.totals) == pytest.approx(3.0)


def test_a_scoring_function_replaces_returns() -> None:
    """A scoring gives the points (per seat number); here 3 for a win, 1 for a draw."""

    def three_for_a_win(final: Any) -> tuple[float, ...]:
        return tuple(3.0 if v == 1.0 else 1.0 if v == 0.5 else 0.0 for v in final.returns())

    m = Match(10, scoring=three_for_a_win).add(_ttt(*X_WINS)).add(_ttt(*DRAW))
    assert m.totals == (4.0, 1.0)
    assert "scoring=three_for_a_win" in repr(m) and "0x" not in repr(m)


def test_a_match_takes_finished_games_of_its_seats_only() -> None:
    """Adding a game that is not over, or one of other seats, raises ValueError."""
    m = Match(3, seats=(0, 2))
    with pytest.raises(ValueError, match="not over"):
        m.add(tictactoe.new_game())
    with pytest.raises(ValueError, match=r"seats \(0, 1\)"):
        m.add(_ttt(*X_WINS))
    with pytest.raises(ValueError, match="does not play"):
        m.total(1)


def test_astroplane_match_is_the_generic_one() -> None:
    """``astroplane.Match`` is ``astroplane.match.Match``, whose default scoring is
    returns(); ``astroplane.match`` is no longer an alias of ASTROPLANE's module."""
    assert astroplane.Match is Match
    assert Match(1).scoring is game_returns
    code = "import warnings; warnings.simplefilter('error'); import astroplane.match"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr[-2000:]


def test_target_must_be_positive() -> None:
    """A match needs a positive number as its target (not 0, not a bool)."""
    for bad in (0, -1, True, "3"):
        with pytest.raises(ValueError, match="positive"):
            Match(bad)


def test_game_package_still_exports_match() -> None:
    """``astroplane.games.astroplane`` keeps exporting ``Match`` (the generic one), next to
    ASTROPLANE's scoring ``MATCH_POINTS`` and ``start_match``."""
    from astroplane.games import astroplane as game
    from astroplane.games.astroplane.match import MATCH_POINTS, start_match

    assert game.Match is Match
    assert game.MATCH_POINTS is MATCH_POINTS and game.start_match is start_match
    assert {"Match", "MATCH_POINTS", "start_match"} <= set(game.__all__)
