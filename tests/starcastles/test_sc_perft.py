"""Perft from the start: depths 1-3 for 2 and 6 players derived by hand below; the rest are
regression numbers, computed once with the engine after the hand counts agreed.

At the start every castle is uncontrolled [SC2], so the only free modules that can move
are the Spires, and a Spire never lands on a Spire [SC4]. Player 0 (arm 0) has castles
on a1 b1 b2: a1's links are b1 and b2 (both topped by Spires); b1 steps to c4 or c3, b2 to
c5 or c4: **4 moves**, onto 3 distinct points (c4 twice). No gem is on the board, so a gem
may go on any empty point [SC7].
"""

from __future__ import annotations

import pytest

from astroplane.games.starcastles import STARCASTLES_121, Rules, new_game
from astroplane.perft import divide, perft


def test_two_players_depths_1_to_3_by_hand() -> None:
    """2 players (arms 0 and 3), 6 castles on 37 points.

    Depth 1: 4 steps + 31 gems (37 - 6) = **35**.

    Depth 2: after a gem on g player 0 still moves: 4 steps less those onto g: g = c4
    leaves 2, g = c3 or c5 leaves 3, the other 28 points 4: 2 + 6 + 112 = 120. After a
    step, player 1 (castles h1 h2 i1: h1 -> g4 g3, h2 -> g5 g4, untouched by row c) has 4
    steps + 30 gems (37 less 7 occupied points): 4 * 34 = 136. **256**.

    Depth 3: (a) gem g, player 0's step, then player 1's steps (no gem: one is on the
    board), 4 less those onto g: g = c4: 2 * 4; c3, c5: 3 * 4 each; g4: 4 * 2; g3, g5:
    4 * 3 each; the other 25: 16 each: 8 + 24 + 8 + 24 + 400 = 464. (b) step, then
    player 1's gem g (30 places) and step: 4 less those onto g (g4: 2, g3 g5: 3, 27
    others: 4) = 116 per step: 464. (c) step, step, then player 0 has 29 gem places and
    the moves of the position: after b1 -> c4: a1 docks on b1's P+B (1), b2 to c5 or
    docks on b1 (2), c4 to c5 d4 d3 c3 or docks on b1 (5), b1's Battlement slides
    south-west c3 d2 e1 f1 g1 (5): 13 + 29 = 42; after b1 -> c3: a1 (1), b2 to c5 c4 b1
    (3), c3 to b1 c4 d3 d2 c2 (5), b1's Battlement south-east c4 d4 e4 f5 g6 (5):
    14 + 29 = 43; b2's steps are their mirror images: 4 * (42 + 43 + 43 + 42) = 680.
    **464 + 464 + 680 = 1608**.
    """
    s = new_game(2)
    assert [perft(s, d) for d in (1, 2, 3)] == [35, 256, 1608]


def test_six_players_depths_1_to_3_by_hand() -> None:
    """6 players: 18 castles, the 19 hexagon points empty. Player 1 (arm 1) steps c6 ->
    c5 d5 and d6 -> d5 e5; player 2 (arm 2) f6 -> e5 f5 and g6 -> f5 g5.

    Depth 1: 4 steps + 19 gems = **23**.

    Depth 2: gem g then player 0's steps: c4: 2, c3 c5: 3, 16 others: 4 = 72. Step m then
    player 1: 18 gems + 4 steps, 3 after b2 -> c5 (c6 -> c5 is then onto a Spire): 3 * 22
    + 21 = 87. **159**.

    Depth 3: (a) gem g, step m, player 1's steps (no gem), 4 less c5 if g or m's Spire is
    there, less 2 for g = d5, 1 for g = e5: g = c4 (m to c3, c5): 4 + 3 = 7; g = c3 (c4
    c5 c4): 4 + 3 + 4 = 11; g = c5: 3 * 3 = 9; g = d5: 2 + 2 + 1 + 2 = 7; g = e5: 3 + 3
    + 2 + 3 = 11; the other 14: 4 + 4 + 3 + 4 = 15 each: 255 in all. (b) step m, player
    1's gem g on one of the 18 empty hexagon points, then their steps: for m not to c5,
    c5: 3, d5: 2, e5: 3, 15 others: 4 = 68; for m to c5 (3 steps left), d5: 1, e5: 2, 16
    others: 3 = 51: 3 * 68 + 51 = 255. (c) step m, player 1's step, then player 2: 17
    gems + 4 steps, less f6 -> e5 when player 1's Spire went to e5: m not to c5: 21 + 21
    + 21 + 20 = 83, m to c5: 21 + 21 + 20 = 62: 3 * 83 + 62 = 311. **821**.
    """
    s = new_game(6)
    assert [perft(s, d) for d in (1, 2, 3)] == [23, 159, 821]


def test_start_controlled_depth_1_by_hand() -> None:
    """start_controlled: the castles on b1 and b2 may also step whole to the same 4
    empty points (a1's are occupied): 4 steps + 4 castle moves + 31 gems = 39."""
    assert perft(new_game(2, rules=Rules(start_controlled=True)), 1) == 39


@pytest.mark.parametrize(("arm", "points"), [(3, 73), (4, 121)])
def test_bigger_boards_depth_1_by_hand(arm: int, points: int) -> None:
    """On bigger boards the trio is the tip and the row below it; those two Spires each
    step to the two points of the next row of the arm: 4 steps + (points - 6) gems."""
    assert perft(new_game(2, rules=Rules(arm=arm)), 1) == 4 + points - 6


@pytest.mark.parametrize(
    ("players", "counts"),
    [
        (2, [35, 256, 1608, 27198]),
        (3, [32, 232, 1312, 7144]),
        (4, [29, 207, 1095, 5505]),
        (5, [26, 183, 956, 4465]),
        (6, [23, 159, 821, 3793]),
    ],
)
def test_regression_every_player_count(players: int, counts: list[int]) -> None:
    """Depths 1-4 for 2..6 players (engine values; 2 and 6 up to depth 3 by hand)."""
    s = new_game(players)
    assert [perft(s, d) for d in range(1, 5)] == counts


@pytest.mark.parametrize(
    ("rules", "two", "six"),
    [
        (Rules(start_controlled=True), [39, 548, 6688], [27, 352, 3598]),
        (STARCASTLES_121, [119, 928, 5728], [107, 832, 4912]),
        (Rules(arm=3), [71, 544, 3376], [59, 448, 2608]),
        (Rules(gems_per_player=True), [35, 256, 5088], [23, 159, 2045]),
    ],
)
def test_regression_options(rules: Rules, two: list[int], six: list[int]) -> None:
    """Depths 1-3 for 2 and 6 players under other options (engine values)."""
    assert [perft(new_game(2, rules=rules), d) for d in (1, 2, 3)] == two
    assert [perft(new_game(6, rules=rules), d) for d in (1, 2, 3)] == six


def test_divide_adds_up() -> None:
    """divide at depth 2 splits the 256 by first action: 34 after each step, and 2, 3 or 4
    after a gem (c4, c3/c5, elsewhere)."""
    split = divide(new_game(2), 2)
    assert sum(split.values()) == 256
    assert sorted(set(split.values())) == [2, 3, 4, 34]
