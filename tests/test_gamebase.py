"""The ``Game`` class (``astroplane.gamebase``): what a subclass must declare, the defaults
it gets, the defaults that exist only with what they are made from, and the guard that
refuses another game's state in every hook (issue 33; issue 32, item 6)."""

from __future__ import annotations

import inspect
import json
from typing import Any

import pytest
import tictactoe

from astroplane.errors import NotationError, PositionError, WrongGameError
from astroplane.gamebase import STATE_HOOKS
from astroplane.gametype import ChanceMode, GameType, Information, Utility
from astroplane.protocol import delegate, games, get_game, register_game


class Bare(tictactoe.TicTacToeGame):
    """Tic-tac-toe with nothing but what a game must write (and its position text);
    unregistered, under the name of the states it plays."""

    num_actions = move_to_action = render_svg = None


def test_a_game_declares_what_it_is() -> None:
    """A missing or malformed declaration is a ValueError when the game is made."""

    class Nameless(tictactoe.TicTacToeGame):
        pass

    del_name = type("NoType", (tictactoe.TicTacToeGame,), {})
    assert Nameless().name == "tic-tac-toe" and del_name().game_type.max_game_length == 9
    for attrs_, message in [
        ({"name": "Tic Tac"}, "lower case"),
        ({"player_counts": (2, 2)}, "ascending"),
        ({"seat_names": ("X",)}, "2 or more distinct names"),
        ({"seat_colours": ("#000000", "#000000")}, "distinct #rrggbb"),
        ({"game_type": "deterministic"}, "a GameType"),
        ({"evaluation_scale": 0.0}, "evaluation_scale is a finite number > 0"),
        ({"evaluation_scale": float("nan")}, "evaluation_scale"),
        ({"evaluation_scale": "5"}, "evaluation_scale"),
        ({"search_playout": "clever"}, "search_playout is 'random', 'greedy', 'turn' or 'round'"),
        ({"search_playout_depth": -1}, "search_playout_depth is a whole number >= 0"),
        ({"search_playout_depth": 2.0}, "search_playout_depth"),
        ({"search_playout_depth": True}, "search_playout_depth"),
        ({"search_relative": 1}, "search_relative is True or False, not 1"),
        ({"search_relative": "yes"}, "search_relative"),
        ({"search_rivals": "paranoid"}, "search_rivals is 'search' or 'greedy', not 'paranoid'"),
        ({"search_rivals": None}, "search_rivals"),
    ]:
        with pytest.raises(ValueError, match=message):
            type("Wrong", (tictactoe.TicTacToeGame,), attrs_)()


def test_new_game_is_checked_before_the_games_own() -> None:
    """A player count that is no int of player_counts, a first seat that is none, and rules
    for a game without options are refused; a seat name reaches the game as its number."""
    game = get_game("tic-tac-toe")
    for players in (3, 2.0, True, "2"):
        with pytest.raises(ValueError, match="is for 2 players"):
            game.new_game(players)
    for first in (2, -1, 1.0, [], object()):
        with pytest.raises(ValueError, match="first is a seat"):
            game.new_game(2, first=first)
    with pytest.raises(ValueError, match="no options"):
        game.new_game(2, rules="misere")
    assert get_game("pig").new_game(3, first="C").to_move == 2


@pytest.mark.parametrize("name", sorted(games()))
def test_every_hook_refuses_another_games_state(name: str) -> None:
    """Each hook of each game that takes a state raises WrongGameError (a ValueError) for a
    state of another game, None and a text, before the game's code runs (issue 32, 6)."""
    game = games()[name]
    stranger = games()["tic-tac-toe" if name != "tic-tac-toe" else "pig"].new_game(2)
    hooks = [h for h in sorted(STATE_HOOKS) if getattr(game, h) is not None]
    assert {"format_move", "describe_outcome", "status", "render_text"} <= set(hooks)
    for hook in hooks:
        for junk in (stranger, None, "e2"):
            with pytest.raises(WrongGameError, match=f"{game.title}'s {hook} takes a state"):
                getattr(game, hook)(junk, None, None)


def test_the_defaults_of_a_game_that_writes_only_its_rules() -> None:
    """Rules text without options, outcome and status from the returns, the position text
    as its terminal drawing, no JSON, the kit's record, no encoding and so no observation."""
    game = Bare()
    s = game.new_game(2)
    end = s.play(4).play(0).play(3).play(1).play(5)
    assert game.rules_to_text(None) == "standard" and game.rules_from_text("standard") is None
    assert dict(game.variants()) == {"standard": None}
    with pytest.raises(NotationError, match="no options"):
        game.rules_from_text("misere")
    assert game.describe_outcome(end) == "X wins" and game.status(end) == "X wins"
    assert game.status(s) == "Turn 1: X to move" and game.render_text(s) == "........."
    assert game.to_json is game.from_json is None
    assert game.action_to_move is game.observe is game.observation_shape is None
    assert game.invariants(s) == [] and game.highlights(s, 4) == () and game.partners(s, 0) == ()
    assert game.ended_by_turn_limit(end) is False
    text = game.record_to_text(s, [4, 0, 3, 1, 5], {})
    assert '[Result "X wins"]' in text and game.record_from_text(text) == (s, (4, 0, 3, 1, 5))
    info = game.game_info(s)
    assert (info.num_distinct_actions, info.max_game_length, info.utility_sum) == (None, 9, 1.0)


def test_json_text_comes_from_the_dict_form() -> None:
    """A game that writes to_dict and from_dict gets to_json and from_json; a subclass that
    drops them again loses them."""

    class WithJson(Bare):
        def to_dict(self, state: Any) -> dict[str, Any]:
            return {"cells": state.cells}

        def from_dict(self, data: Any) -> Any:
            return self.checked(tictactoe.TicTacToe(data["cells"]))

    class WithoutJson(WithJson):
        to_dict = None

    game = WithJson()
    s = game.new_game(2).play(4)
    assert game.to_json(s) == json.dumps({"cells": "....x...."})
    assert game.from_json(game.to_json(s)) == s
    with pytest.raises(PositionError):
        game.from_json('{"cells": "xxxx....."}')
    assert WithoutJson().to_json is None and WithoutJson().from_json is not None


def test_an_action_encoding_gives_action_to_move_and_an_observation() -> None:
    """With num_actions and move_to_action, action_to_move finds the legal move of a number
    and refuses any other (float and bool twins included); a perfect-information game gets
    the generic observation, an imperfect-information one none."""
    game = get_game("tic-tac-toe")
    s = game.new_game(2).play(4)
    assert game.action_to_move(s, 0) == 0
    for bad in (4, 9, -1, 0.0, True, "0"):
        with pytest.raises(ValueError):
            game.action_to_move(s, bad)
    secret = type(
        "Secret",
        (tictactoe.TicTacToeGame,),
        {"game_type": GameType(max_game_length=9, information=Information.IMPERFECT_INFORMATION)},
    )
    assert secret().observe is None and secret().action_to_move is not None


def test_a_hook_keeps_its_signature() -> None:
    """The guard keeps a hook's signature, so astroplane.svg.board sees which options a
    drawing takes (a method and a delegated function alike)."""
    game = get_game("tic-tac-toe")
    assert list(inspect.signature(game.render_svg).parameters) == ["state", "last_move", "prefix"]
    square = get_game("square-off")
    assert list(inspect.signature(square.render_svg).parameters) == [
        "state", "last_move", "prefix", "size"
    ]  # fmt: skip


def test_delegate_makes_static_hooks() -> None:
    """``delegate`` names module functions as hooks; they are guarded like methods."""

    def shout(state: Any, move: int) -> str:
        return f"{move}!"

    class Loud(Bare):
        format_move = delegate(shout)

    game = Loud()
    assert game.format_move(game.new_game(2), 4) == "4!"
    with pytest.raises(WrongGameError):
        game.format_move(get_game("pig").new_game(2), 4)


def test_register_game_takes_an_instance() -> None:
    """A Game class given to register_game is refused with the call to write instead."""
    with pytest.raises(ValueError, match=r"register_game\(Bare\(\)\)"):
        register_game(Bare)  # type: ignore[arg-type]


def test_the_game_type_is_checked() -> None:
    """Chance outcomes agree with the chance mode; sums only for sums; a range that is one."""
    for kwargs, message in [
        ({"chance_mode": ChanceMode.EXPLICIT_STOCHASTIC}, "at least 1"),
        ({"max_chance_outcomes": 2}, "deterministic"),
        ({"utility": Utility.GENERAL_SUM, "utility_sum": 1.0}, "no utility_sum"),
        ({"utility": Utility.ZERO_SUM, "utility_sum": 1.0}, "sum to 0.0"),
        ({"min_utility": 1.0}, "not below"),
        ({"max_game_length": 0}, "positive int"),
    ]:
        with pytest.raises(ValueError, match=message):
            GameType(**{"max_game_length": 9, **kwargs})
    assert GameType(max_game_length=None, utility=Utility.ZERO_SUM).utility_sum == 0.0
