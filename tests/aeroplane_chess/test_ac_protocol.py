"""The game on the shared core: the State protocol, the registry, the Game value, and the
generic tools (play_game, RandomBot, GreedyBot, perft) used without a special case."""

from __future__ import annotations

import random

from astroplane.agents import GreedyBot, RandomBot, play_game
from astroplane.games.aeroplane_chess import AEROPLANE_CHESS, AeroplaneState, Rules, evaluate
from astroplane.perft import divide, perft
from astroplane.protocol import State, game_of, games, get_game, sample_chance


def test_states_follow_the_protocol_and_find_their_game() -> None:
    """A state is a protocol State; the registry knows the game by name and from a state."""
    s = AEROPLANE_CHESS.new_game(3)
    assert isinstance(s, State) and isinstance(s, AeroplaneState)
    assert get_game("aeroplane-chess") is AEROPLANE_CHESS is game_of(s)
    assert "aeroplane-chess" in games() and "astroplane" in games()
    assert AEROPLANE_CHESS.player_counts == (2, 3, 4)
    assert AEROPLANE_CHESS.seat_names == ("R", "Y", "B", "G")
    assert len(s.returns()) == 4 and s.seats == (0, 1, 2)


def test_the_game_value_functions_work_together() -> None:
    """Every function of the Game value works on a state mid-game and round-trips."""
    g = AEROPLANE_CHESS
    s = g.new_game(2, rules=g.rules_from_text("classic"), first="B")
    assert s.to_move == 2 and g.rules_to_text(s.rules) == "classic"
    s = s.play(s.legal_moves()[5])
    move = s.legal_moves()[0]
    assert g.parse_move(s, g.format_move(s, move)) == move
    assert g.position_from_text(g.position_to_text(s)) == s
    assert g.from_json(g.to_json(s)) == s
    assert "Turn 1" in g.status(s) and "R1" in g.render_text(s) and g.describe_outcome(s) == ""
    assert g.render_svg is not None and g.render_svg(s).startswith("<svg")
    assert g.evaluate is not None and g.evaluate(s, 2) == evaluate(s, 2)


def test_play_game_runs_random_bots_to_the_end() -> None:
    """play_game with RandomBots works on Aeroplane Chess as it is: the bots choose the
    chance outcomes too, uniformly, which matches a fair die."""
    for players in (2, 3, 4):
        start = AEROPLANE_CHESS.new_game(players)
        run = play_game(start, [RandomBot(seed) for seed in range(players)])
        assert run.final.is_over and len(run.final.ranking) == players
        state = run.initial
        for move in run.moves:
            state = state.play(move)
        assert state == run.final


def test_greedy_bot_with_the_games_evaluation_beats_random_bot() -> None:
    """GreedyBot(evaluation=evaluate) picks legal moves and wins a short match against
    RandomBot; the dice are drawn with sample_chance (not chosen by a bot)."""
    wins = 0
    for game in range(6):
        rng = random.Random(game)
        greedy_seat = 0 if game % 2 == 0 else 2
        bots = {greedy_seat: GreedyBot(game, evaluation=evaluate), 2 - greedy_seat: RandomBot(game)}
        s = AEROPLANE_CHESS.new_game(2)
        while not s.is_over:
            s = s.play(sample_chance(s, rng) if s.is_chance_node else bots[s.to_move].choose(s))
        wins += s.ranking[0] == greedy_seat
    assert wins >= 5


def test_generic_perft_and_divide_count_through_chance_nodes() -> None:
    """astroplane.perft counts Aeroplane Chess as it is: rolls are plies [AC16]."""
    s = AEROPLANE_CHESS.new_game(2)
    assert [perft(s, d) for d in range(5)] == [1, 6, 6, 36, 39]
    split = divide(s, 4)
    assert sum(split.values()) == 39 and len(split) == 6


def test_evaluate_prefers_progress_and_rates_places() -> None:
    """evaluate grows with own progress, falls with the opponent's, and rates a finished
    game by place."""
    g = AEROPLANE_CHESS
    ahead = g.position_from_text("standard RB R? t9 R1:20,B1:30")
    behind = g.position_from_text("standard RB R? t9 R1:10,B1:30")
    assert evaluate(ahead, 0) > evaluate(behind, 0)
    assert evaluate(ahead, 2) < evaluate(behind, 2)
    over = g.position_from_text("standard RYB - t80 R1R2R3R4:RH6,B1B2B3B4:BH6 fin:BR")
    assert evaluate(over, 2) > evaluate(over, 0) > evaluate(over, 1)
    assert evaluate(over, 3) == 0.0
    assert Rules() == over.rules
