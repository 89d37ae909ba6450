"""Square Off as a registered game [SO25]: the registry and entry point find it, every
preset passes the conformance suite, and its Game fields (terminal board, highlights,
outcome words, invariants, turn limit, action encoding, texts) do what the protocol says."""

from __future__ import annotations

import re
from pathlib import Path

import attrs
import pytest
from so_helpers import play, playout, pos

from astroplane.errors import IllegalMoveError, NotationError
from astroplane.games.square_off import (
    NINE_MENS_MORRIS,
    PRESETS,
    SQUARE_OFF,
    SQUARE_OFF_GAME,
    Move,
    Rules,
    describe_outcome,
    highlights,
    invariants,
    new_game,
)
from astroplane.protocol import games, get_game
from astroplane.testing import assert_conformance

ROOT = Path(__file__).resolve().parents[2]


def test_the_registry_finds_the_game_by_name() -> None:
    """get_game("square-off") is the package's Game value, with its names and seats."""
    game = get_game("square-off")
    assert game is SQUARE_OFF_GAME and "square-off" in games()
    assert (game.title, game.player_counts, game.seat_names) == ("Square Off", (2,), ("W", "B"))


def test_the_entry_point_names_the_game_value() -> None:
    """pyproject.toml offers the game in the astroplane.games entry-point group."""
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    group = text.split('[project.entry-points."astroplane.games"]', 1)[1].split("\n[", 1)[0]
    entries = dict(re.findall(r'^([a-z-]+) = "([^"]+)"$', group, re.M))
    assert entries["square-off"] == "astroplane.games.square_off:SQUARE_OFF_GAME"


@pytest.mark.parametrize("name", list(PRESETS))
def test_every_preset_passes_the_conformance_suite(name: str) -> None:
    """Random games of each preset keep the protocol's contracts (formats round-trip,
    illegal moves refused, invariants hold) and end."""
    report = assert_conformance(PRESETS[name], game="square-off", games=2, seed=5, max_turns=120)
    assert report.plies > 0


def test_a_mix_of_all_options_passes_the_conformance_suite() -> None:
    """Jumps, trades, the cooldown, flying and threefold together keep the contracts."""
    rules = Rules(jumps=True, trades=True, cooldown=True, flying=True, threefold=True)
    assert_conformance(rules, game="square-off", games=2, seed=2, max_turns=120)


def test_new_game_takes_players_rules_and_first() -> None:
    """new_game(2, rules=..., first=...) starts the game; other player counts are refused."""
    s = SQUARE_OFF_GAME.new_game(2, rules=NINE_MENS_MORRIS, first="B")
    assert s.rules == NINE_MENS_MORRIS and s.to_move == 1
    assert SQUARE_OFF_GAME.new_game(2).rules == SQUARE_OFF
    with pytest.raises(ValueError, match="2 players"):
        SQUARE_OFF_GAME.new_game(3)


def test_the_terminal_board_marks_the_highlighted_point() -> None:
    """render_text draws the board without the status line, a highlighted point
    between > and <; status gives the line."""
    s = play(new_game(), "a7 d2")
    board = SQUARE_OFF_GAME.render_text(s, highlight=highlights(s, Move.place("g1")))
    assert board.splitlines()[0] == "7 W-----.-----."
    assert board.splitlines()[6] == "1 .-----.---->.<"
    assert "to move" not in board
    assert SQUARE_OFF_GAME.status(s).startswith("W to move (stage 1)")
    assert SQUARE_OFF_GAME.render_text(s) == SQUARE_OFF_GAME.render_text(s, highlight=[None, 99])


def test_highlights_are_where_a_move_ends() -> None:
    """A placement's point, a slide's destination, both points of a trade."""
    assert highlights(new_game(), Move.place("d2")) == (19,)
    assert highlights(new_game(), Move.slide("d2", "d3")) == (16,)
    assert highlights(new_game(), Move.trade("a7", "d7")) == (1, 0)
    assert highlights(new_game(), "d2") == ()  # type: ignore[arg-type]


def test_the_outcome_is_described_with_how_it_ended() -> None:
    """Wins name the loser's problem, draws the rule; a running game gives ""."""
    assert describe_outcome(new_game()) == ""
    assert describe_outcome(pos("a7 d7 g7", "a1 d1", in_hand=(0, 0))) == (
        "W wins: B has only two pieces left"
    )
    blocked = pos("a4 d1 d7 g4 b4 d2", "a1 g7 b2", in_hand=(0, 0), to_move="B")
    assert describe_outcome(blocked) == "W wins: B has no legal move"
    limit = attrs.evolve(SQUARE_OFF, max_turns=3)
    assert describe_outcome(pos("a7", "g1", in_hand=(8, 8), turns=3, rules=limit)) == (
        "drawn: the turn limit (3 turns) is reached"
    )


def test_invariants_hold_in_play_and_catch_broken_states() -> None:
    """A random game has no problems; a state with a lost piece or a point held twice
    is reported."""
    for state in playout(7, PRESETS["trading-places"])[0]:
        assert invariants(state) == []
    s = new_game()
    assert invariants(attrs.evolve(s, in_hand=(8, 9)))
    assert invariants(attrs.evolve(s, occupancy=(1, 1), in_hand=(8, 8)))
    assert invariants(attrs.evolve(s, quiet=1))


def test_the_turn_limit_is_max_turns() -> None:
    """with_turn_limit sets max_turns; None turns it off (0)."""
    limit = SQUARE_OFF_GAME.with_turn_limit
    assert limit is not None
    assert limit(SQUARE_OFF, 7).max_turns == 7
    assert limit(NINE_MENS_MORRIS, None).max_turns == 0


def test_the_action_encoding_is_openspiels() -> None:
    """1176 actions; a placement at d2 is 19; a move's number maps back; an illegal
    move or number is refused."""
    g = SQUARE_OFF_GAME
    assert g.num_actions is not None and g.num_actions(new_game()) == 1176
    assert g.move_to_action is not None and g.action_to_move is not None
    s = new_game()
    assert g.move_to_action(s, Move.place("d2")) == 19
    assert g.action_to_move(s, 19) == Move.place("d2")
    with pytest.raises(IllegalMoveError):
        g.move_to_action(s, Move.slide("d2", "d3"))
    with pytest.raises(IllegalMoveError):
        g.action_to_move(s, 1176)


def test_the_texts_for_newcomers() -> None:
    """goal, legend and rules are there, and the legend explains every mark."""
    texts = SQUARE_OFF_GAME.texts
    assert set(texts) == {"goal", "legend", "rules"}
    for mark in ("W:", "B:", ".:", ">W<", "- and |"):
        assert mark in texts["legend"]


def test_the_json_text_reader_wants_a_state() -> None:
    """Game.from_json refuses a move's JSON: it reads states."""
    from astroplane.games.square_off import to_json

    with pytest.raises(NotationError, match="not a game state"):
        SQUARE_OFF_GAME.from_json(to_json(Move.place("d2")))
    assert SQUARE_OFF_GAME.from_json(SQUARE_OFF_GAME.to_json(new_game())) == new_game()
    assert SQUARE_OFF_GAME.from_dict(SQUARE_OFF_GAME.to_dict(new_game())) == new_game()


def test_the_evaluation_is_zero_sum_and_rewards_forming_a_line() -> None:
    """evaluate(s, W) == -evaluate(s, B) in random games; a finished game is worth
    WIN_VALUE to the winner; the greedy bot forms a line when it can [SO26]."""
    from astroplane.agents import GreedyBot
    from astroplane.games.square_off.evaluation import WIN_VALUE, evaluate

    for state in playout(4, PRESETS["jump-off"])[0][::7]:
        assert evaluate(state, 0) == pytest.approx(-evaluate(state, 1))
    done = pos("a7 d7 g7", "a1 d1", in_hand=(0, 0))
    assert (evaluate(done, 0), evaluate(done, 1)) == (WIN_VALUE, -WIN_VALUE)
    s = play(new_game(), "a7 b6 d7 d6")
    assert GreedyBot(seed=1).choose(s) == Move.place("g7")
    with pytest.raises(ValueError, match="seat"):
        evaluate(s, 2)


def test_greedy_bots_play_a_game_to_the_end() -> None:
    """The default bots of the tools (greedy) play a whole game of every preset."""
    from astroplane.agents import GreedyBot, play_game

    for rules in PRESETS.values():
        start = new_game(attrs.evolve(rules, max_turns=150))
        run = play_game(start, {0: GreedyBot(seed=1), 1: GreedyBot(seed=2)})
        assert run.final.is_over


@pytest.mark.parametrize("seat", [2, -1, True, 1.0, "B", None])
def test_a_seat_query_names_only_w_or_b(seat: object) -> None:
    """``pieces_left`` and ``points_of`` take the seat 0 (W) or 1 (B) and refuse anything
    else with a ValueError: -1 is not Python's last seat, True not B."""
    s = new_game()
    assert (s.pieces_left(0), s.points_of(1)) == (9, ())
    for query in (s.pieces_left, s.points_of):
        with pytest.raises(ValueError, match=r"a seat is 0 \(W\) or 1 \(B\), not "):
            query(seat)  # type: ignore[arg-type]
