"""StarCastles as an embedder meets it (issue 31.7): the registered game and the package
agree (``arms``, the action functions), one mark means one thing in every text, set-ups
say what they mean, and a finished game follows one rule [SC30]."""

from __future__ import annotations

import warnings

import pytest
from sc_helpers import pt

from astroplane.errors import IllegalMoveError
from astroplane.games.starcastles import (
    STARCASTLES,
    STARCASTLES_GAME,
    Move,
    action_to_move,
    decode_action,
    encode_move,
    move_to_action,
    new_game,
)
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
