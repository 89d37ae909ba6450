"""The anti-spoiling swap [SC9]: a controlled castle of the mover's steps onto a linked trio
point of their destination held by another player's stack, and the two stacks exchange.

Player 0's home is arm 0, so their destination is arm 3's trio i1 h1 h2; g4 is linked to
f4 g5 h2 h1 g3 f3 (two of them trio points).
"""

from __future__ import annotations

import pytest
from sc_helpers import pos, swap, targets

from astroplane.errors import IllegalMoveError
from astroplane.games.starcastles import MoveKind, Rules

SPOILED = {"g4": "P0B0S0", "h1": "P1B1S1", "h2": "B0", "i1": "P1"}


def test_the_swap_is_offered_only_onto_a_rival_topped_destination_point() -> None:
    """From g4: h1 (player 1's uncontrolled castle) can be swapped with; h2 (topped by
    player 0's own Battlement) cannot. The Spire alone may dock on h2 but not step on h1
    (a Spire); the castle moves whole to the four empty neighbours."""
    s = pos(SPOILED, controlled=["g4"])
    assert targets(s, "g4", MoveKind.SWAP) == ["h1"]
    assert targets(s, "g4", MoveKind.STEP) == ["f4", "g5", "h2", "g3", "f3"]
    assert targets(s, "g4", MoveKind.CASTLE) == ["f4", "g5", "g3", "f3"]


def test_the_two_stacks_exchange_points_each_keeping_its_control() -> None:
    """After the swap the castle stands on h1, controlled; player 1's castle stands whole
    and in order on g4, still uncontrolled."""
    s = pos(SPOILED, controlled=["g4"])
    after = s.play(swap("g4", "h1"))
    assert after.stack("h1") == "P0B0S0" and after.is_controlled("h1")
    assert after.stack("g4") == "P1B1S1" and not after.is_controlled("g4")
    assert after.to_move == 1 and not after.is_over


def test_a_castle_on_a_destination_point_swaps_with_the_next_one() -> None:
    """A castle on h1 may swap with the linked trio point h2; the displaced controlled
    castle keeps its control on h1."""
    s = pos({"h1": "P1B1S0", "h2": "P1B1S1"}, controlled=["h1", "h2"])
    assert targets(s, "h1", MoveKind.SWAP) == ["h2"]
    after = s.play(swap("h1", "h2"))
    assert after.stack("h2") == "P1B1S0" and after.is_controlled("h2")
    assert after.stack("h1") == "P1B1S1" and after.is_controlled("h1")


def test_a_stack_topped_by_a_rival_holding_the_movers_modules_is_swapped_whole() -> None:
    """The displaced stack moves whole and in order, whoever owns its lower modules."""
    s = pos({"g4": "P0B0S0", "h1": "P0S1"}, controlled=["g4"])
    after = s.play(swap("g4", "h1"))
    assert after.stack("g4") == "P0S1" and after.stack("h1") == "P0B0S0"


@pytest.mark.parametrize(
    ("stacks", "controlled", "rules", "move", "reason"),
    [
        (SPOILED, ["g4"], Rules(swap=False), ("g4", "h1"), r"\[SC9\] the swap is off"),
        (
            {**SPOILED, "g4": "B0S0"},
            [],
            Rules(),
            ("g4", "h1"),
            r"g4 is not a controlled StarCastle",
        ),
        (SPOILED, ["g4"], Rules(), ("g4", "h2"), r"whose top is another player's; h2"),
        (SPOILED, ["g4"], Rules(), ("g4", "f4"), r"of its destination, not f4"),
        ({"g4": "P0B0S0"}, ["g4"], Rules(), ("g4", "h2"), r"another player's; h2 has none"),
        (
            {"e3": "P0B0S0", "d4": "S1"},
            ["e3"],
            Rules(),
            ("e3", "d4"),
            r"only onto a trio point of its destination, not d4",
        ),
        (SPOILED, ["g4"], Rules(), ("g4", "i1"), r"i1 is not linked to g4"),
    ],
)
def test_illegal_swaps_name_the_rule(
    stacks: dict[str, str],
    controlled: list[str],
    rules: Rules,
    move: tuple[str, str],
    reason: str,
) -> None:
    """The swap needs the option, a controlled castle, a linked destination trio point
    and another player's module on top there."""
    s = pos(stacks, controlled=controlled, rules=rules)
    assert not s.is_legal(swap(*move))
    with pytest.raises(IllegalMoveError, match=reason):
        s.play(swap(*move))


def test_a_swap_can_complete_the_win() -> None:
    """With controlled castles of player 0 on i1 and h2, swapping g4's onto h1 completes
    the destination: player 0 wins at once [SC6]."""
    s = pos(
        {"g4": "P0B0S0", "h1": "P1", "h2": "P1B0S0", "i1": "P0B1S0"},
        controlled=["g4", "h2", "i1"],
    )
    after = s.play(swap("g4", "h1"))
    assert after.winner == 0 and after.returns() == (1.0, 0.0)
