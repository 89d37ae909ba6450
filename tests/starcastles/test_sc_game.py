"""StarCastles as a registered game [SC21]: every tool finds it by name, it passes the
conformance suite for each preset with 2 and 6 players, and its protocol fields (turn
limit, action encoding, seats, texts, drawing) do what the protocol says."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from astroplane.agents import RandomBot, play_game
from astroplane.games.starcastles import (
    OWN_CASTLES,
    STARCASTLES,
    STARCASTLES_121,
    STARCASTLES_GAME,
    Move,
    Rules,
    new_game,
    with_turn_limit,
)
from astroplane.kit.svg import PALETTE
from astroplane.protocol import game_of, games, get_game
from astroplane.testing import assert_conformance


def test_the_registry_finds_it_by_name_and_from_a_state() -> None:
    """``get_game("starcastles")`` and ``game_of(state)`` give the registered game, with
    its title, player counts and six seat letters."""
    game = get_game("starcastles")
    assert game is STARCASTLES_GAME is game_of(new_game(3))
    assert "starcastles" in games()
    assert (game.title, game.player_counts) == ("StarCastles", (2, 3, 4, 5, 6))
    assert game.seat_names == ("B", "O", "V", "R", "G", "S")
    assert game.seat_colours == tuple(c.fill for c in PALETTE)


def test_the_entry_point_names_the_game_value() -> None:
    """pyproject.toml offers the game in the astroplane.games entry-point group, so an
    installed package finds it without importing it first."""
    text = (Path(__file__).resolve().parents[2] / "pyproject.toml").read_text(encoding="utf-8")
    group = text.split('[project.entry-points."astroplane.games"]', 1)[1].split("\n[", 1)[0]
    entries = dict(re.findall(r'^([a-z-]+) = "([^"]+)"$', group, re.M))
    assert entries["starcastles"] == "astroplane.games.starcastles:STARCASTLES_GAME"


@pytest.mark.parametrize("rules", [STARCASTLES, STARCASTLES_121, OWN_CASTLES], ids=str)
@pytest.mark.parametrize("players", [2, 6])
def test_each_preset_conforms(rules: Rules, players: int) -> None:
    """Random games of each preset with 2 and 6 players keep every contract of the
    conformance suite (formats read back, illegal moves rejected, invariants hold)."""
    short = with_turn_limit(rules, 120)
    report = assert_conformance(short, game="starcastles", players=(players,), games=1, seed=3)
    assert report.plies > 0


def test_new_game_takes_rules_and_a_first_seat_by_number_or_letter() -> None:
    """The protocol's ``new_game`` takes None for the standard rules and ``first`` as a
    player number or seat letter."""
    game = STARCASTLES_GAME
    assert game.new_game(3) == new_game(3)
    assert game.new_game(3, first="O").to_move == 1
    assert game.new_game(2, rules=OWN_CASTLES, first=1) == new_game(2, rules=OWN_CASTLES, first=1)
    with pytest.raises(ValueError, match="seat letter"):
        game.new_game(2, first="X")


@pytest.mark.parametrize(("turns", "rounds"), [(1, 1), (5, 1), (6, 1), (60, 10), (200, 33)])
def test_the_turn_limit_maps_turns_to_rounds(turns: int, rounds: int) -> None:
    """``with_turn_limit`` sets ``max_rounds`` to turns // 6 (at least 1), so that a game
    of any player count ends by the given turn (from 6 turns); None restores 200."""
    assert with_turn_limit(STARCASTLES, turns).max_rounds == rounds
    assert with_turn_limit(Rules(max_rounds=rounds), None) == STARCASTLES


@pytest.mark.parametrize("players", [2, 4, 6])
def test_play_game_with_a_turn_limit_ends_by_that_turn(players: int) -> None:
    """``play_game(max_turns=30)`` ends a game of random bots by its draw rule after the
    whole rounds that end by turn 30 (``astroplane.turnlimit``: 30 // players rounds, not
    30 // 6), no action being played after turn 30."""
    bots = [RandomBot(i) for i in range(players)]
    turns: list[int] = []
    run = play_game(
        new_game(players), bots, max_turns=30, on_action=lambda b, m, a: turns.append(b.turn)
    )
    assert run.final.is_over and run.final.outcome == "draw"
    assert max(turns) <= 30 and max(turns) == players * (30 // players)


def test_the_action_encoding_serves_legal_moves_only() -> None:
    """``num_actions`` is the board's size [SC11]; ``action_to_move`` gives legal moves
    and refuses an action that is no legal move here."""
    game = STARCASTLES_GAME
    s = new_game(2)
    assert game.num_actions is not None and game.num_actions(s) == 2036
    assert game.num_actions(new_game(2, rules=STARCASTLES_121)) == 11012
    assert game.move_to_action is not None and game.action_to_move is not None
    for move in s.legal_moves():
        assert game.action_to_move(s, game.move_to_action(s, move)) == move
    with pytest.raises(ValueError, match=r"action 2035: \[SC3\] player 0 has a move"):
        game.action_to_move(s, game.move_to_action(s, Move.PASS))


def test_texts_status_and_outcome_are_given() -> None:
    """The game has goal, legend and rules texts; a running game's status names the
    round, turn and mover; a finished game's outcome names the winner or the draw."""
    game = STARCASTLES_GAME
    assert set(game.texts) == {"goal", "legend", "rules"}
    assert "B (blue) to move" in game.status(new_game(2))
    assert game.describe_outcome(new_game(2)) == ""
    state = new_game(2, rules=Rules(max_rounds=1))
    rng = random.Random(0)
    while not state.is_over:
        state = state.play(rng.choice(state.legal_moves()))
    assert game.describe_outcome(state).startswith("Drawn")


def test_highlights_mark_where_a_move_goes_on_the_terminal_board() -> None:
    """``highlights`` gives the point a move goes to, and ``render_text`` brackets it."""
    game = STARCASTLES_GAME
    s = new_game(2)
    move = s.legal_moves()[0]
    assert game.highlights is not None
    marked = game.highlights(s, move)
    assert [s.board.names[p] for p in marked] == ["c4"]
    assert "[.]" in game.render_text(s, highlight=marked)
    assert game.highlights(s, Move.PASS) == ()
