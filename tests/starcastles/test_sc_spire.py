"""Spires step and dock, controlled StarCastles move whole [SC4]; only free, own modules
move [SC3]."""

from __future__ import annotations

import pytest
from sc_helpers import castle, pos, pt, slide, step, targets

from astroplane.errors import IllegalMoveError
from astroplane.games.starcastles import Move, MoveKind, Rules, new_game

# e3, the centre, is linked to d4 e4 f4 f3 e2 d3 (directions ne e se sw w nw).
CROWDED = {"e3": "S0", "d4": "B1", "e4": "P1", "f4": "P0B1", "f3": "S1", "e2": "P1S1"}


def test_a_spire_steps_to_each_linked_empty_point() -> None:
    """A lone Spire in the centre of an empty board steps to its six neighbours, in
    direction order."""
    s = pos({"e3": "S0"})
    assert targets(s, "e3") == ["d4", "e4", "f4", "f3", "e2", "d3"]


def test_a_spire_docks_on_battlements_and_power_bases_never_on_spires_or_gems() -> None:
    """Around e3: a lone Battlement (d4), a lone Power Base (e4) and a P+B (f4), any
    colour, take the Spire; a Spire (f3), a P+S (e2) and a Phase Gem's point (d3) do not.
    Player 1's gem on the board also means player 0 has no gem to place: 3 moves in all."""
    s = pos(CROWDED, gems={1: "d3"})
    assert s.legal_moves() == (step("e3", "d4"), step("e3", "e4"), step("e3", "f4"))


@pytest.mark.parametrize(
    ("to", "reason"),
    [
        ("f3", r"\[SC4\] a Spire never lands on a Spire \(f3\)"),
        ("e2", r"\[SC4\] a Spire never lands on a Spire \(e2\)"),
        ("d3", r"\[SC5\] d3 is blocked by a Phase Gem"),
        ("c4", r"\[SC4\] c4 is not linked to e3"),
    ],
)
def test_illegal_spire_steps_name_the_rule(to: str, reason: str) -> None:
    """A step onto a Spire, a gem or an unlinked point raises IllegalMoveError naming the
    rule, and the state is unchanged."""
    s = pos(CROWDED, gems={1: "d3"})
    before = (s.cells, s.controlled, s.gems, s.to_move)
    with pytest.raises(IllegalMoveError, match=reason) as info:
        s.play(step("e3", to))
    assert info.value.move == step("e3", to)
    assert (s.cells, s.controlled, s.gems, s.to_move) == before


def test_docking_on_a_power_base_and_battlement_takes_control() -> None:
    """The Spire that lands on P+B (f4, another player's Battlement) makes a complete
    castle it controls, whatever the colours below; docking elsewhere makes no castle."""
    s = pos(CROWDED, gems={1: "d3"})
    after = s.play(step("e3", "f4"))
    assert after.stack("f4") == "P0B1S0" and after.is_controlled("f4")
    assert after.stack("e3") == "" and after.to_move == 1
    docked = s.play(step("e3", "e4"))
    assert docked.stack("e4") == "P1S0" and docked.controlled == 0


def test_a_spire_may_dock_on_its_own_battlement() -> None:
    """Docking is with any Battlement, own or other: S0 onto B0 makes B0S0."""
    s = pos({"e3": "S0", "e4": "B0"})
    assert s.play(step("e3", "e4")).stack("e4") == "B0S0"


def test_a_controlled_castle_moves_whole_to_linked_empty_points() -> None:
    """The controlled castle on f4 (linked to e4 f5 g5 g4 f3 e3) steps whole only to
    empty, gem-free points: not e4 (a Battlement, where the Spire alone may dock), not g5
    (a gem). The Spire alone may step to all but g5."""
    s = pos({"f4": "P1B1S0", "e4": "B1"}, controlled=["f4"], gems={1: "g5"})
    assert targets(s, "f4", MoveKind.CASTLE) == ["f5", "g4", "f3", "e3"]
    assert targets(s, "f4", MoveKind.STEP) == ["e4", "f5", "g4", "f3", "e3"]
    with pytest.raises(IllegalMoveError, match="a castle moves whole only to an empty point"):
        s.play(castle("f4", "e4"))
    with pytest.raises(IllegalMoveError, match=r"\[SC5\] g5 is blocked by a Phase Gem"):
        s.play(castle("f4", "g5"))


def test_a_castle_moved_whole_stays_controlled() -> None:
    """After the castle moves f4 -> f3, f3 holds it, controlled, and f4 is empty."""
    s = pos({"f4": "P1B1S0"}, controlled=["f4"])
    after = s.play(castle("f4", "f3"))
    assert after.stack("f3") == "P1B1S0" and after.is_controlled("f3")
    assert after.stack("f4") == "" and not after.is_controlled("f4")


def test_control_ends_when_the_spire_moves_off_alone() -> None:
    """The Spire stepping off its castle leaves P+B, no longer controlled; the Battlement
    is then free (its owner's to slide) [SC4]."""
    s = pos({"f4": "P1B0S0"}, controlled=["f4"])
    after = s.play(step("f4", "e3"))
    assert after.stack("f4") == "P1B0" and after.controlled == 0
    assert after.to_move == 1


def test_starting_castles_are_not_controlled() -> None:
    """[SC2]: the starting castles are uncontrolled: they cannot march whole."""
    s = new_game(2)
    assert all(m.kind == MoveKind.STEP for m in s.legal_moves() if m.kind != MoveKind.GEM)
    assert not s.is_controlled("b1")
    with pytest.raises(IllegalMoveError, match="the stack on b1 is not a controlled StarCastle"):
        s.play(castle("b1", "c3"))


def test_start_controlled_lets_the_starting_castles_march() -> None:
    """With start_controlled, b1's castle may step whole to c4 or c3, b2's to c5 or c4
    (a1's neighbours b1 and b2 are occupied): 4 castle moves beside the 4 Spire steps."""
    s = new_game(2, rules=Rules(start_controlled=True))
    assert s.is_controlled("a1") and s.is_controlled("b2")
    moves = [m for m in s.legal_moves() if m.kind == MoveKind.CASTLE]
    assert moves == [castle("b1", "c4"), castle("b1", "c3"), castle("b2", "c5"), castle("b2", "c4")]


def test_only_the_players_own_free_modules_move() -> None:
    """Player 0 cannot move player 1's modules, nor their own Battlement held under
    player 1's Spire [SC3]."""
    s = pos({"e3": "P0B0S1", "h1": "S1", "a1": "S0"}, controlled=["e3"])
    assert targets(s, "e3") == [] and targets(s, "h1") == []
    with pytest.raises(IllegalMoveError, match=r"\[SC3\] the free module on e3 is player 1's"):
        s.play(slide("e3", "e4"))
    with pytest.raises(IllegalMoveError, match=r"\[SC3\] the free module on h1 is player 1's"):
        s.play(step("h1", "g4"))
    with pytest.raises(IllegalMoveError, match="there is no module on e5"):
        s.play(step("e5", "e4"))


def test_a_spire_does_not_slide_and_only_a_spire_steps() -> None:
    """A slide of a Spire, or a step of a Battlement, names the rule."""
    s = pos({"e3": "S0", "c4": "B0"})
    with pytest.raises(IllegalMoveError, match="a Spire steps, it does not slide"):
        s.play(slide("e3", "e5"))
    with pytest.raises(IllegalMoveError, match="only a Spire steps"):
        s.play(step("c4", "c5"))
    with pytest.raises(IllegalMoveError, match="only a Spire steps"):
        s.play(Move.castle(pt("c4"), pt("c5")))
