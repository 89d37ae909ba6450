"""Perft through chance nodes [AC16]: ``astroplane.perft`` counts every edge of the game
tree, a roll as one ply like a player move (not weighted by its probability).

Depths 1-4 from the start and depths 1-3 of the mid-game and sixes positions are derived
by hand below; deeper numbers are regression values computed once with the engine after
the hand counts agreed.
"""

from __future__ import annotations

import pytest

from astroplane.games.aeroplane_chess import CLASSIC, new_game, position_from_text
from astroplane.perft import divide, perft

# The start (2 players): 6 rolls; after each, one move (launch R1 on 2, 4, 6; pass on 1,
# 3, 5) = 6; then 6 rolls again (B's, or R's after the 6) = 36. Depth 4: after a pass or
# a launch on 2/4, B's roll has one move (launch or pass): 3*6 + 2*6 = 30; after the 6,
# R rolls again with R1 on RT: an even roll launches R2 or moves R1 (2), an odd one moves
# R1 (1): 3*2 + 3*1 = 9. Total 39.
START = [6, 6, 36, 39, 234, 299, 1734, 2471, 14184]

# R1 on 10, the stack R2R3 on 14, R4 on RT, no plane in the hangar. Per roll, R's moves:
# 1: R1x11, stack 15, R4 1 (3); 2: R1 12, stack 16, R4 2->6 jump, sends G1 back (3);
# 3: 13, 17, 3 (3); 4: R1 14->18 stays or flies to 30 (2), the stack lands on 18: jump
# to 22 or fly to 30 (2), R4 4 (1) (5); 5: 15, 19, 5 (3); 6: R1 16, stack 20, R4 6->10
# jump onto R1: stack or not (2) (4). Depth 2 = 21; nothing ends, so depth 3 = 21 * 6.
MID = "standard RYBG R? t20 R1:10,R2R3:14,R4:RT,Y1:11,Y2:YT,B1:BH5,B2:30,G1:6,G2:GH3"
MID_COUNTS = [6, 21, 126, 325, 1950, 4731]

# R rolled two 6s that moved R1 and R2. Third roll: a 6 sends both back and B rolls (6
# continuations); 1: R1 17->18, the shortcut square: jump to 22 or fly to 30, R2 1 (3);
# 2: launch R3, R1 19, R2 2->6 (3); 3: 20, 3 (2); 4: launch, 21, 4 (3); 5: R1 22->26,
# R2 5 (2). Depth 2 = 6 + 13 = 19.
SIXES = "standard RB R66? t9 R1:17,R2:RT,B1:29,B2:BH4 sixed:R1R2"
SIXES_COUNTS = [6, 19, 93, 285, 1295, 4001]

END = (
    "standard,overshoot=stay RYB Y? t60 R1R2R3R4:RH6,Y1:YH3,Y2:YH5,Y3:50,Y4:47,B1:BH1,B2:10,"
    "B3B4:BH6 fin:R"
)
END_COUNTS = [6, 18, 108, 211, 1266, 3262]


@pytest.mark.parametrize("depth", range(len(START)))
def test_start_two_players(depth: int) -> None:
    """Perft from the 2-player start, depths 1-9."""
    assert perft(new_game(2), depth + 1) == START[depth]


def test_start_four_players_and_classic_rules() -> None:
    """Perft from the 4-player start and from the classic 2-player start (launch on a 6)."""
    assert [perft(new_game(4), d) for d in range(1, 9)] == [6, 6, 36, 39, 234, 269, 1554, 1810]
    classic = new_game(2, rules=CLASSIC)
    assert [perft(classic, d) for d in range(1, 9)] == [6, 6, 36, 37, 222, 242, 1392, 1582]


@pytest.mark.parametrize(
    ("text", "counts"), [(MID, MID_COUNTS), (SIXES, SIXES_COUNTS), (END, END_COUNTS)]
)
def test_positions(text: str, counts: list[int]) -> None:
    """Perft from a crowded mid-game, a pending third roll and an endgame."""
    s = position_from_text(text)
    assert [perft(s, d) for d in range(1, len(counts) + 1)] == counts


def test_the_same_mid_game_under_classic_rules() -> None:
    """Classic rules (compulsory shortcut, automatic stacking) remove choices."""
    s = position_from_text("classic" + MID.removeprefix("standard"))
    assert [perft(s, d) for d in range(1, 6)] == [6, 18, 108, 237, 1422]


def test_divide_splits_by_roll() -> None:
    """divide at a chance node splits by roll; the parts add up to perft."""
    s = position_from_text(MID)
    split = divide(s, 2)
    assert [split[m] for m in s.legal_moves()] == [3, 3, 3, 5, 3, 4]
