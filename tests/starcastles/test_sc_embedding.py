"""StarCastles as an embedder meets it (issue 31.7): the registered game and the package
agree (``arms``, the action functions), one mark means one thing in every text, set-ups
say what they mean, and a finished game follows one rule [SC30]."""

from __future__ import annotations

import json
import warnings

import pytest
from hypothesis import given
from sc_helpers import homing_game, players_st, playout, pos, pt, rules_st, seeds_st, step

from astroplane.errors import IllegalMoveError, PositionError
from astroplane.games.starcastles import STARCASTLES, STARCASTLES_GAME, Move, Rules
from astroplane.games.starcastles.actions import (
    action_to_move,
    decode_action,
    encode_move,
    move_to_action,
)
from astroplane.games.starcastles.jsonio import from_json, state_from_dict, state_to_dict
from astroplane.games.starcastles.position import position_from_text, position_to_text
from astroplane.games.starcastles.setup import new_game, setup_position
from astroplane.protocol import get_game


def test_the_registered_new_game_takes_arms_as_the_package_does() -> None:
    """``get_game("starcastles").new_game(players, arms=...)`` is the package's start
    with those home arms; bad arms are the package's ``PositionError``."""
    game = get_game("starcastles")
    for players, arms in ((2, (1, 4)), (3, (1, 3, 5)), (4, (0, 1, 3, 4))):
        state = game.new_game(players, arms=arms, first="O")
        assert state == new_game(players, arms=arms, first=1)
        assert state.arms == arms and state.to_move == 1
    assert game.new_game(2).arms == new_game(2).arms == (0, 3)
    with pytest.raises(ValueError, match="strictly increasing"):
        game.new_game(2, arms=(4, 1))
    with pytest.raises(ValueError, match="one per player"):
        game.new_game(3, arms=(1, 4))


def test_the_package_action_functions_take_the_state_and_check_legality() -> None:
    """``move_to_action(state, move)`` and ``action_to_move(state, action)`` are the
    registered game's; ``action_to_move`` gives the legal move itself or raises
    ``IllegalMoveError`` naming the action and the rule [SC16, SC21]."""
    s = new_game(2)
    for move in s.legal_moves():
        action = move_to_action(s, move)
        assert action == STARCASTLES_GAME.move_to_action(s, move) == encode_move(s.rules, move)
        assert action_to_move(s, action) is move
        assert STARCASTLES_GAME.action_to_move(s, action) is move
    blocked = encode_move(s.rules, Move.step(pt("b1"), pt("b2")))
    assert decode_action(s.rules, blocked) == Move.step(pt("b1"), pt("b2"))
    for call in (action_to_move, STARCASTLES_GAME.action_to_move):
        with pytest.raises(IllegalMoveError, match=rf"action {blocked}: \[SC4\] a Spire never"):
            call(s, blocked)


def test_the_rules_first_form_still_works_with_a_deprecation_warning() -> None:
    """A caller of the form before (``(rules, ...)``, unchecked) keeps its result and is
    told to move on."""
    with pytest.warns(DeprecationWarning, match=r"move_to_action\(rules, \.\.\.\) is deprecated"):
        assert move_to_action(STARCASTLES, Move.PASS) == 2035  # type: ignore[arg-type]
    with pytest.warns(DeprecationWarning, match="decode_action"):
        assert action_to_move(STARCASTLES, 2035) == Move.PASS  # type: ignore[arg-type]
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert move_to_action(new_game(2), Move.PASS) == 2035


def test_one_mark_means_one_thing_in_every_text() -> None:
    """``!`` after a stack is a controlled castle and ``*p`` player p's Phase Gem, in the
    position text, ``str``, ``repr`` and ``render_text`` alike [SC19]."""
    from astroplane.games.starcastles import position_to_text, render_text, setup_position

    s = setup_position(2, {"e3": "P0B1S0", "a1": "S1"}, controlled=["e3"], gems={1: "d3"})
    texts = {
        "position": position_to_text(s),
        "str": str(s),
        "repr": repr(s),
        "render": render_text(s),
    }
    for name, text in texts.items():
        assert "P0B1S0!" in text, name
        assert "P0B1S0*" not in text and "S1!" not in text, name
    for name in ("position", "str"):
        assert "d3:*1" in texts[name].replace("=", ":"), name
    assert "*1" in texts["render"] and "gems -,d3" in texts["repr"]


def test_after_a_win_the_turn_passes_and_the_winner_is_a_field() -> None:
    """[SC30] Player 0's Spire docks on h2 and wins: ``winner`` is 0, the turn passes to
    player 1 (turn 2), nothing is removed (player 1's gem from round 1 stays: no turn
    starts) and the texts say so; a game that goes on has ``winner`` None, JSON null."""
    s = pos(
        {"i1": "P0B0S0", "h1": "P1B0S0", "h2": "P1B1", "g5": "S0", "a1": "S1"},
        controlled=["i1", "h1"],
        gems={1: "e3"},
        gems_left=[4, 3],
    )
    assert s.winner is None and state_to_dict(s)["winner"] is None
    won = s.play(step("g5", "h2"))
    assert (won.winner, won.to_move, won.turn, won.round) == (0, 1, 2, 1)
    assert not won.removed and won.gems == (-1, pt("e3")) and won.outcome == "win"
    d = state_to_dict(won)
    assert (d["winner"], d["to_move"], d["removed"]) == (0, 1, False)
    assert position_to_text(won).split(" ")[3::4] == ["m1", "won"]
    assert from_json(json.dumps(d)) == won
    assert position_from_text(position_to_text(won)) == won


def test_a_win_in_the_last_turn_of_the_last_round_passes_into_the_next() -> None:
    """[SC30] With ``max_rounds`` 1, player 1 (the last of round 1) wins: the turn passes
    to player 0 in round 2, which never comes; the game is won, not drawn."""
    s = pos(
        {"a1": "P1B1S1", "b1": "P1B1S1", "b2": "P1B0", "c4": "S1"},
        controlled=["a1", "b1"],
        to_move=1,
        rules=Rules(max_rounds=1),
    )
    won = s.play(step("c4", "b2"))
    assert (won.winner, won.to_move, won.round, won.outcome) == (1, 0, 2, "win")
    assert won.returns() == (0.0, 1.0)
    assert position_from_text(position_to_text(won)) == won
    assert state_from_dict(state_to_dict(won)) == won


def test_a_won_json_written_before_sc30_reads_as_the_same_game() -> None:
    """JSON written before [SC30] had ``to_move`` the winner (and ``removed`` true when
    their gem had been removed as the winning turn began): it reads as the game held
    now; a ``to_move`` that is neither form is refused."""
    final = homing_game(0)[-1]
    d = state_to_dict(final)
    assert (d["winner"], d["to_move"]) == (1, 0)
    for removed in (False, True):
        old = {**d, "to_move": 1, "round": final.round - 1, "removed": removed}
        assert state_from_dict(old) == final
    three = homing_game(1, 3)[-1]
    assert three.winner is not None
    d = state_to_dict(three)
    d["to_move"] = (three.winner + 2) % 3
    with pytest.raises(ValueError, match=r"state.to_move: after player \d's winning move"):
        state_from_dict(d)


def test_a_drawn_game_has_no_winner_and_the_first_player_to_move() -> None:
    """[SC30] The draw passes the turn as a win does: to the first player, in round
    ``max_rounds + 1``; ``winner`` is None (JSON null)."""
    s = new_game(3, rules=Rules(max_rounds=1), first=1)
    while not s.is_over:
        s = s.play(s.legal_moves()[-1])
    assert (s.winner, s.to_move, s.round, s.turn) == (None, 1, 2, 4)
    assert state_to_dict(s)["winner"] is None and s.returns() == (1 / 3,) * 3


def test_a_set_up_refuses_an_uncontrolled_castle_no_game_reaches() -> None:
    """[SC31] ``controlled`` defaults to none, which is what a start holds; a complete
    castle that only play can build (on the destination, in the centre, of mixed
    colours) must be listed, and the error says so and where [SC4]."""
    start = {"a1": "P0B0S0", "h1": "P1B1S1"}
    assert setup_position(2, start).controlled == 0  # starting castles: reachable
    for stacks, point in (
        ({"e3": "P0B0S0"}, "e3"),
        ({"i1": "P0B0S0"}, "i1"),
        ({"a1": "P1B0S0"}, "a1"),
    ):
        with pytest.raises(PositionError, match=rf"\[SC4\] {point}: .*\(list it in controlled\)"):
            setup_position(2, stacks)
        assert setup_position(2, stacks, controlled=[point]).is_controlled(point)
    with pytest.raises(PositionError, match=r"start_controlled .*\(list it in controlled\)"):
        setup_position(2, start, rules=Rules(start_controlled=True))


def test_a_set_up_can_say_the_movers_gem_is_left_over_from_the_last_round() -> None:
    """[SC31] By default the mover's gem in ``gems`` was played this turn (they move or
    pass next); with ``gem_from_last_round`` it is removed as the turn starts [SC7]: off
    the board, ``removed`` set, used up in ``gems_left``, no gem to play this turn, and
    the same state as the game reaches by playing into it."""
    stacks = {"e4": "S0", "a1": "S1"}
    this_turn = setup_position(2, stacks, gems={0: "d3"})
    assert this_turn.gem_played and this_turn.gems[0] == pt("d3")
    assert all(m.kind.name != "GEM" for m in this_turn.legal_moves())
    left_over = setup_position(2, stacks, gems={0: "d3"}, gem_from_last_round=True)
    assert (left_over.gems, left_over.removed, left_over.gems_left) == ((-1, -1), True, (3, 4))
    assert not left_over.gem_played
    assert all(m.kind.name != "GEM" for m in left_over.legal_moves())
    played = setup_position(2, stacks, to_move=1, gems={0: "d3"}).play(step("a1", "b1"))
    assert played == setup_position(
        2, {"e4": "S0", "b1": "S1"}, gems={0: "d3"}, gem_from_last_round=True, round=2
    )
    with pytest.raises(PositionError, match="player 0, to move, has no gem in gems"):
        setup_position(2, stacks, gems={1: "d3"}, gem_from_last_round=True)
    with pytest.raises(PositionError, match="gem_from_last_round is a bool"):
        setup_position(2, stacks, gems={0: "d3"}, gem_from_last_round=1)  # type: ignore[arg-type]


@given(seeds_st, players_st, rules_st)
def test_ply_counts_the_moves_played_and_gem_played_says_a_gem_came_first(
    seed: int, players: int, rules: Rules
) -> None:
    """``ply`` is the number of moves played from ``new_game`` and ``gem_played`` is
    true exactly after a gem ply, until the turn's move; both are read-only."""
    states, moves = playout(seed, players, rules, max_plies=60)
    for i, s in enumerate(states):
        assert s.ply == i
        after_gem = i > 0 and moves[i - 1].kind.name == "GEM"
        assert s.gem_played == after_gem
    with pytest.raises(AttributeError):
        states[0].ply = 3  # type: ignore[misc]


def test_ply_and_turn_count_the_winning_move() -> None:
    """After a win the turn passed [SC30]: ``ply`` is every move played, ``turn`` one
    past the winning turn."""
    states = homing_game(2)
    final = states[-1]
    assert final.winner is not None and final.ply == len(states) - 1
    assert final.turn == states[-2].turn + 1 and not final.gem_played
