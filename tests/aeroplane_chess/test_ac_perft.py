"""Perft through chance nodes [AC16]: ``astroplane.perft`` counts every edge of the game
tree, a roll as one ply like a player move (not weighted by its probability).

Depths 1-4 from the start and depths 1-3 of the mid-game and sixes positions are derived
by hand below; deeper numbers are regression values computed once with the engine after
the hand counts agreed.
"""

from __future__ import annotations

import pytest

from astroplane.games.aeroplane_chess import CLASSIC, FAMILY, TEAMS, new_game, position_from_text
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


# ---- house rules [AC22]-[AC27] ---------------------------------------------------------

# family (launch on a 6, walls) from the 2-player start: depths 1-3 as the classic start
# (only a 6 launches: 6 rolls, one move each, 6 rolls); depth 4: after a pass (rolls 1-5)
# B's roll has one move each: 5 * 6 = 30; after R1's launch on the 6, R rolls again with
# R1 on RT: a 6 launches R2 or moves R1 (2), the others move R1 (1): 7. Total 37.
FAMILY_START = [6, 6, 36, 37, 222, 243, 1398, 1593]
# teams from the 4-player start: nothing meets before depth 8, so the counts are the
# 4-player standard ones (the partnership changes only who may send back whom).
TEAMS_START = [6, 6, 36, 39, 234, 269, 1554, 1810]

# Walls [AC22]: Y's stack on 16, B's stack on BH5 (closing R's shortcut), Y3 alone on 22;
# R1 on 12, R2 on 20, R3 and R4 on RT, none in the hangar. Per roll, R's moves:
# 1: R1 13, R2 21, R3 1, R4 1 (4); 2: R1 14 -> jump to 18 over the wall on 16, the
# shortcut closed by BH5: stays on 18; R2 x22 -> 26; R3 2 -> 6; R4 the same (4);
# 3: 15, 23, 3, 3 (4); 4: R1 lands on the wall (none), R2 24, R3 4, R4 4 (3);
# 5: R1 passes it (none), 25, 5, 5 (3); 6: R1 none, R2 26 -> 30, R3 6 -> 10, R4 the
# same (3). Depth 2 = 21; every move leads to a roll, so depth 3 = 21 * 6.
WALLS = "family RYB R? t20 R1:12,R2:20,R3:RT,R4:RT,Y1Y2:16,Y3:22,B1B2:BH5"
WALLS_COUNTS = [6, 21, 126, 327, 1962, 3392]

# Partners [AC26]: R1 on 10, R2 on RH4, partner B on 14 and 30, Y1 on 18, G's stack on
# 22; R3, R4 in the hangar. 1: R1 11, R2 RH5 (2); 2: launch, 12, RH6 (3); 3: 13, RH4
# +3 bounces to RH5 (2); 4: launch; R1 lands on 14 beside B1 (no capture), jumps to 18
# sending Y1 back, then stays or flies over BH5 to 30 beside B2 (2); R2 bounces to RH4
# (4); 5: 15, RH3 (2); 6: launch, 16, RH2 (3). Depth 2 = 16, depth 3 = 16 * 6. Whom a
# move sends back does not change how many moves R has, so the seed's rules first count
# differently at depth 6, once B's turn follows R1 beside B1 or B2 (the seed: 2154).
TEAMS_MID = "teams RYBG R? t30 R1:10,R2:RH4,B1:14,B2:30,Y1:18,G1G2:22"
TEAMS_MID_COUNTS = [6, 16, 96, 166, 996, 2229]

# third_six=all [AC23]: R rolled two 6s moving R1 and R2; R3 is home, R4 on 40. A third
# 6 sends R1, R2 and R4 back and B rolls (6 continuations); 1: R1 17 -> 18 flies or
# jumps (2), R2 1, R4 41 (4); 2: R1 19, R2 2 -> 6, R4 42 -> 46 (3); 3: 20, 3, 43 (3);
# 4: 21, 4, 44 (3); 5: R1 22 -> 26, R2 5, R4 45 (3); no launch: no plane in the hangar.
# Depth 2 = 6 + 16 = 22. Depth 3: the 16 moves each lead to a roll (96); after the third
# 6, B (B1 on 29) has one move on an odd roll and a launch too on an even one (9): 105.
THIRD = "standard,third_six=all RB R66? t9 R1:17,R2:RT,R3:RH6,R4:40,B1:29 sixed:R1R2"
THIRD_COUNTS = [6, 22, 105, 198, 932, 2907]

# rerolls=unlimited [AC24]: R1 on 17, R2 on RT. 1: R1 18 flies or jumps (2), R2 1 (3);
# 2: launch, 19, 2 -> 6 (3); 3: 20, 3 (2); 4: launch, 21, 4 (3); 5: 22 -> 26, 5 (2);
# 6: launch, 23, 6 -> 10 (3). Depth 2 = 16, depth 3 = 96. It differs from the seed's
# rules first at depth 6, after three 6s (the seed: 2451).
UNLIMITED = "standard,rerolls=unlimited RB R? t9 R1:17,R2:RT,B1:29"
UNLIMITED_COUNTS = [6, 16, 96, 171, 1026, 2430]

# rerolls=none and overshoot=enter [AC24, AC25]: R1 on RH2 needs a 4. 1: RH3, R2 1 (2);
# 2: launch, RH4, 2 -> 6 (3); 3: RH5, 3 (2); 4: launch, RH6, 4 (3); 5: RH6 (enters), 5
# (2); 6: launch, RH6, 6 -> 10 (3). Depth 2 = 15, depth 3 = 90. Depth 4: after every
# move B rolls, a 6 included (no reroll): B has 1 move on an odd roll, 2 on an even one
# (B1 moves or a launch): 15 * 9 = 135.
NONE_ENTER = "standard,rerolls=none,overshoot=enter RB R? t9 R1:RH2,R2:RT,B1:29"
NONE_ENTER_COUNTS = [6, 15, 90, 135, 810, 2034]


def test_start_family_and_teams() -> None:
    """Perft from the family 2-player start and the teams 4-player start, depths 1-8."""
    family = new_game(2, rules=FAMILY)
    assert [perft(family, d) for d in range(1, 9)] == FAMILY_START
    teams = new_game(4, rules=TEAMS)
    assert [perft(teams, d) for d in range(1, 9)] == TEAMS_START


@pytest.mark.parametrize(
    ("text", "counts"),
    [
        (WALLS, WALLS_COUNTS),
        (TEAMS_MID, TEAMS_MID_COUNTS),
        (THIRD, THIRD_COUNTS),
        (UNLIMITED, UNLIMITED_COUNTS),
        (NONE_ENTER, NONE_ENTER_COUNTS),
    ],
)
def test_house_rule_positions(text: str, counts: list[int]) -> None:
    """Perft from positions where walls, partners, the harsher third 6, the rerolls and
    entering on an overshoot each change the tree."""
    s = position_from_text(text)
    assert [perft(s, d) for d in range(1, len(counts) + 1)] == counts


def test_house_rules_change_the_counts() -> None:
    """Each of those positions counts differently under the seed's rules, so the numbers
    pin the option and not only the position."""
    for text, counts, depth in (
        (WALLS, WALLS_COUNTS, 2),
        (TEAMS_MID, TEAMS_MID_COUNTS, 6),
        (THIRD, THIRD_COUNTS, 5),
        (UNLIMITED, UNLIMITED_COUNTS, 6),
        (NONE_ENTER, NONE_ENTER_COUNTS, 4),
    ):
        seed = "standard" + text[text.index(" ") :]
        assert perft(position_from_text(seed), depth) != counts[depth - 1], text
