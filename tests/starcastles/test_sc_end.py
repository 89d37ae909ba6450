"""The end [SC6]: a win by controlled castles on the destination's trio, checked after each
move for the mover; a draw after ``max_rounds`` rounds.

Player 0's destination is arm 3's trio i1 h1 h2; g5 is linked to h2.
"""

from __future__ import annotations

import pytest
from sc_helpers import castle, gem, pos, slide, step

from astroplane.errors import IllegalMoveError
from astroplane.games.starcastles import OWN_CASTLES, Move, MoveKind, Rules, new_game

TWO_DONE = {"i1": "P0B0S0", "h1": "P1B0S0"}


def test_a_docking_spire_completes_the_win() -> None:
    """Controlled castles of player 0 on i1 and h1 (h1's base is player 1's: colours
    below do not matter); the Spire g5 docks on h2's P+B: player 0 wins at once."""
    s = pos({**TWO_DONE, "h2": "P1B1", "g5": "S0"}, controlled=["i1", "h1"])
    after = s.play(step("g5", "h2"))
    assert after.is_over and after.winner == 0 and after.outcome == "win"
    assert after.returns() == (1.0, 0.0) and after.legal_moves() == ()
    assert after.to_move == 1 and after.turn == 2 and not after.removed  # passes [SC30]
    with pytest.raises(IllegalMoveError, match=r"\[SC6\] the game is over"):
        after.play(Move.PASS)


def test_a_castle_moved_whole_completes_the_win() -> None:
    """The controlled castle on g5 steps whole onto the empty h2: a win."""
    s = pos({**TWO_DONE, "g5": "P1B1S0"}, controlled=["i1", "h1", "g5"])
    assert s.play(castle("g5", "h2")).winner == 0


def test_an_uncontrolled_castle_does_not_count() -> None:
    """h2 holds player 1's starting castle, never controlled (its Spire never moved; a
    castle of player 0's there would be controlled, being built in play [SC4]): after
    player 0's move elsewhere (a Power Base slide) the game goes on."""
    s = pos({**TWO_DONE, "h2": "P1B1S1", "e3": "P0"}, controlled=["i1", "h1"])
    after = s.play(slide("e3", "e4"))
    assert not after.is_over and after.to_move == 1


def test_own_castles_needs_all_three_modules_the_winners() -> None:
    """With own_castles, h1's castle on player 1's Power Base does not count; with every
    module player 0's, the same docking wins."""
    stacks = {**TWO_DONE, "h2": "P0B0", "g5": "S0"}
    mixed = pos(stacks, controlled=["i1", "h1"], rules=OWN_CASTLES)
    assert not mixed.play(step("g5", "h2")).is_over
    pure = pos({**stacks, "h1": "P0B0S0"}, controlled=["i1", "h1"], rules=OWN_CASTLES)
    assert pure.play(step("g5", "h2")).winner == 0


def test_the_win_is_checked_for_the_mover_only() -> None:
    """Player 1's destination (a1 b1 b2) already holds their controlled castles, but it is
    player 0 who moves: the game goes on; player 1's next move, whatever it is, wins
    (the most literal reading of [SC6]; no legal play reaches such a position)."""
    done = {"a1": "P0B0S1", "b1": "P0B0S1", "b2": "P0B0S1", "e3": "S0", "i1": "B1"}
    s = pos(done, controlled=["a1", "b1", "b2"])
    s = s.play(step("e3", "e4"))
    assert not s.is_over and s.to_move == 1
    s = s.play(slide("i1", "h1"))
    assert s.winner == 1 and s.returns() == (0.0, 1.0)


def test_the_game_is_drawn_after_max_rounds() -> None:
    """max_rounds=1: player 0's gem and move and player 1's move make round 1; then the
    game is drawn (1/2 each), round 2 never starts."""
    s = new_game(2, rules=Rules(max_rounds=1)).play(gem("e3")).play(step("b1", "c4"))
    assert not s.is_over
    s = s.play(step("h1", "g3"))
    assert s.is_over and s.outcome == "draw" and s.winner is None and s.round == 2
    assert s.returns() == (0.5, 0.5) and s.legal_moves() == ()


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_a_drawn_game_pays_one_nth_each_after_exactly_max_rounds_turns_each(players: int) -> None:
    """With max_rounds=3, a game of Spire steps only lasts 3 * players turns, then every
    player gets 1/n; the returns sum to 1."""
    s = new_game(players, rules=Rules(max_rounds=3))
    turns = 0
    while not s.is_over:
        s = s.play(next(m for m in s.legal_moves() if m.kind != MoveKind.GEM))
        turns += 1
    assert turns == 3 * players
    assert s.returns() == tuple([1 / players] * players) and abs(sum(s.returns()) - 1) < 1e-12
