"""Phase Gems [SC7] and the turn structure [SC3]: remove own gem, optional gem ply, then
one move or a pass; rounds and turn order [SC2]."""

from __future__ import annotations

import pytest
from sc_helpers import gem, pos, pt, step

from astroplane.errors import IllegalMoveError
from astroplane.games.starcastles import Move, MoveKind, Rules, new_game

# 2 players: player 0's Spires on b1 and b2 step to c4/c3 and c5/c4; player 1's (on h1,
# h2) to g4/g3 and g5/g4.
P0_FIRST = step("b1", "c4")
P1_REPLY = step("h1", "g3")


def test_at_the_start_the_gem_placements_follow_the_moves() -> None:
    """The first player's actions: the 4 Spire steps, then a gem on each of the 31 empty
    points (37 less the 6 castles) in point order; no pass."""
    s = new_game(2)
    kinds = [m.kind for m in s.legal_moves()]
    assert kinds == [MoveKind.STEP] * 4 + [MoveKind.GEM] * 31
    gems = [m.to for m in s.legal_moves()[4:]]
    assert gems == [p for p in range(37) if p not in (0, 1, 2, 34, 35, 36)]


def test_a_gem_ply_keeps_the_turn_and_blocks_its_owner_too() -> None:
    """After a gem on c4 it is still player 0's turn, round 1, with 3 gems left and no
    second gem; c4 is closed to their own Spires: b1 -> c3 and b2 -> c5 remain."""
    s = new_game(2).play(gem("c4"))
    assert (s.to_move, s.round, s.gems, s.gems_left) == (0, 1, (pt("c4"), -1), (3, 4))
    assert s.legal_moves() == (step("b1", "c3"), step("b2", "c5"))
    with pytest.raises(IllegalMoveError, match=r"\[SC5\] c4 is blocked by a Phase Gem"):
        s.play(step("b1", "c4"))
    with pytest.raises(IllegalMoveError, match=r"a Phase Gem of this player is already in play"):
        s.play(gem("e3"))


def test_only_one_gem_on_the_board() -> None:
    """While player 0's gem is on the board player 1 may not place one [SC7]."""
    s = new_game(2).play(gem("e3")).play(P0_FIRST)
    assert s.to_move == 1 and all(m.kind == MoveKind.STEP for m in s.legal_moves())
    with pytest.raises(IllegalMoveError, match=r"only one Phase Gem can be in play at any time"):
        s.play(gem("e2"))


def test_gems_per_player_lets_each_player_have_one_in_play() -> None:
    """With gems_per_player, player 1 places a gem beside player 0's: 29 places (37 less
    the 6 starting points, still occupied, c4's Spire and e3's gem)."""
    s = new_game(2, rules=Rules(gems_per_player=True)).play(gem("e3")).play(P0_FIRST)
    assert len([m for m in s.legal_moves() if m.kind == MoveKind.GEM]) == 29
    s = s.play(gem("e2"))
    assert s.gems == (pt("e3"), pt("e2")) and s.gems_left == (3, 3)


def test_the_gem_is_removed_at_the_start_of_its_owners_next_turn() -> None:
    """Player 0's gem stays through player 1's turn and is gone when player 0's turn
    begins (not a ply); player 0 may not play a gem in that turn, player 1 then may."""
    s = new_game(2).play(gem("e3")).play(P0_FIRST).play(P1_REPLY)
    assert s.to_move == 0 and s.gems == (-1, -1) and s.removed and s.gems_left == (3, 4)
    assert s.round == 2
    assert all(m.kind != MoveKind.GEM for m in s.legal_moves())
    with pytest.raises(IllegalMoveError, match="in the turn the player's own gem was removed"):
        s.play(gem("e2"))
    s = s.play(step("c4", "d4"))
    assert not s.removed and any(m.kind == MoveKind.GEM for m in s.legal_moves())


def test_the_gem_blocks_every_other_player_for_the_whole_round() -> None:
    """3 players: player 0's gem on e3 stays while players 1 and 2 move (neither may
    place a gem, nor land there), and is removed when player 0's turn comes round."""
    s = new_game(3).play(gem("e3"))
    s = s.play(s.legal_moves()[0])
    assert s.to_move == 1 and s.gems[0] == pt("e3")
    s = s.play(s.legal_moves()[0])
    assert s.to_move == 2 and s.gems[0] == pt("e3")
    assert Move.gem(pt("e3")) not in s.legal_moves()
    s = s.play(s.legal_moves()[0])
    assert s.to_move == 0 and s.gems == (-1, -1, -1) and s.removed


def test_four_gems_each_used_once() -> None:
    """With no gems left a player has none to place [SC7]."""
    s = pos({"a1": "S0", "i1": "S1"}, gems_left=(0, 4))
    assert all(m.kind != MoveKind.GEM for m in s.legal_moves())
    with pytest.raises(IllegalMoveError, match="four Phase Gems, each used once: none is left"):
        s.play(gem("e3"))


def test_no_gem_where_no_point_is_empty() -> None:
    """6 players, all 37 points filled with single modules (point p holds combination
    p % 18: player (p % 18) // 3, kind p % 3; at most 3 of a kind each): no gem."""
    stacks = {
        name: f"{'PBS'[p % 3]}{(p % 18) // 3}" for p, name in enumerate(new_game(6).board.names)
    }
    s = pos(stacks, players=6)
    assert all(m.kind != MoveKind.GEM for m in s.legal_moves())
    with pytest.raises(IllegalMoveError, match="goes on an unoccupied point; e3 is not"):
        s.play(gem("e3"))


def test_a_player_with_no_move_may_play_a_gem_then_passes() -> None:
    """Player 0's lone Spire on i1 is boxed in by Spires on h1 and h2: the actions are a
    gem on each of the 34 empty points and the pass; after a gem, only the pass."""
    s = pos({"i1": "S0", "h1": "S1", "h2": "S1"})
    assert s.legal_moves()[-1] == Move.PASS and len(s.legal_moves()) == 35
    with pytest.raises(IllegalMoveError, match=r"\[SC3\] player 0 has no move and must pass"):
        s.play(step("i1", "h1"))
    s = s.play(gem("a1"))
    assert s.legal_moves() == (Move.PASS,)
    s = s.play(Move.PASS)
    assert s.to_move == 1 and s.round == 1


def test_pass_is_illegal_with_a_move() -> None:
    """A player with a move may not pass [SC3]."""
    with pytest.raises(IllegalMoveError, match=r"\[SC3\] player 0 has a move, so may not pass"):
        new_game(2).play(Move.PASS)


def test_turns_go_round_from_first_and_rounds_count_from_them() -> None:
    """3 players, player 1 first: players 1, 2, 0, then 1 again in round 2; the turn
    number counts 1, 2, 3, 4, and a gem ply stays in its turn."""
    s = new_game(3, first=1)
    seen = []
    for _ in range(4):
        seen.append((s.to_move, s.round, s.turn))
        s = s.play(next(m for m in s.legal_moves() if m.kind == MoveKind.STEP))
    assert seen == [(1, 1, 1), (2, 1, 2), (0, 1, 3), (1, 2, 4)]
    assert s.play(s.legal_moves()[-1]).turn == s.turn == 5
