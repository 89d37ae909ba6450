"""Perft (section 9): one ply per action, a removal its own ply. From the start the numbers
are OpenSpiel 2.x's ``nine_mens_morris`` ones for every preset (stage 1 is the same in
all); Jump Off and Trading Places get their own positions, depths 1-2 counted by hand
below, deeper ones regression numbers from the engine after the hand counts agreed.
"""

from __future__ import annotations

import pytest
from so_helpers import pos

from astroplane.games.square_off import (
    JUMP_OFF,
    NINE_MENS_MORRIS,
    PRESETS,
    SQUARE_OFF,
    TRADING_PLACES,
    new_game,
)
from astroplane.perft import divide, perft

START = [24, 552, 12144, 255024, 5100480]

# Jump Off, W a1 c3 g1 against B a4 e4 b2 f2, W to move. Depth 1: c3 slides to c4, d3;
# a1 slides to d1 and jumps over B's a4 to a7; g1 slides to g4, d1 = 6 (no other jump has
# a B piece in its middle; no move forms a line). Depth 2: B's slides are a4: a7 b4 (a1 is
# W), e4: e5 f4 e3, b2: b4 d2, f2: f4 d2 = 9; no W move lands in a jump's middle (b4, d2,
# f4), so B never jumps; only a1-d1 frees a1 for a4 (10). 9 * 5 + 10 = 55.
JUMP_OFF_POS = ("a1 c3 g1", "a4 e4 b2 f2")
JUMP_OFF_COUNTS = [6, 55, 334, 2819, 18085]

# Trading Places, W a1 c3 g1 against B d7 e4 b2 f2 (no piece on a line), W to move.
# Depth 1: 6 slides (c3: c4 d3; a1: a4 d1; g1: g4 d1) + 3 * 4 trades = 18; none forms a
# line (no two W, nor two B, pieces share a line whose third point a move could fill).
# Depth 2: B slides d7: a7 g7 d6, e4: e5 f4 e3, b2: b4 d2, f2: f4 d2 = 10, and trades
# 4 * 3 = 12. After each W slide: 22 (no W move reaches a B target). After a trade with
# d7 or e4, B loses 3 slides and its piece on W's old point (a1, c3 or g1) has 2: 21;
# after a trade with b2 or f2, B loses 2 and gains 2: 22. 6*22 + 6*21 + 6*22 = 390.
TRADING_POS = ("a1 c3 g1", "d7 e4 b2 f2")
TRADING_COUNTS = [18, 390, 7215, 153208]


@pytest.mark.parametrize("depth", range(1, 5))
def test_start_square_off(depth: int) -> None:
    """Perft from the Square Off start, depths 1-4: 24, 552, 12,144, 255,024."""
    assert perft(new_game(SQUARE_OFF), depth) == START[depth - 1]


def test_start_square_off_depth_5() -> None:
    """Perft from the start at depth 5 is 5,100,480 (section 9); a few seconds."""
    assert perft(new_game(), 5) == START[4]


@pytest.mark.parametrize("name", list(PRESETS))
def test_every_preset_shares_the_start(name: str) -> None:
    """Stage 1 is the same under every preset: depths 1-3 from the start agree."""
    assert [perft(new_game(PRESETS[name]), d) for d in range(1, 4)] == START[:3]


def test_nine_mens_morris_start_depth_4() -> None:
    """nine-mens-morris from the start to depth 4 gives OpenSpiel 2.x's numbers."""
    assert perft(new_game(NINE_MENS_MORRIS), 4) == START[3]


def test_jump_off_position() -> None:
    """Jump Off from a stage-2 position: 6 and 55 by hand, deeper by the engine [SO7]."""
    s = pos(*JUMP_OFF_POS, rules=JUMP_OFF)
    assert [perft(s, d) for d in range(1, 6)] == JUMP_OFF_COUNTS


def test_jump_off_divide_matches_the_hand_count() -> None:
    """Split by W's first move, depth 2 is 9 after each move but a1-d1, which frees a1."""
    s = pos(*JUMP_OFF_POS, rules=JUMP_OFF)
    split = {str(m): n for m, n in divide(s, 2).items()}
    assert sorted(split.values()) == [9, 9, 9, 9, 9, 10]
    assert split["Move.slide('a1', 'd1')"] == 10


def test_trading_places_position() -> None:
    """Trading Places from a stage-2 position: 18 and 390 by hand, deeper by the engine
    [SO8]."""
    s = pos(*TRADING_POS, rules=TRADING_PLACES)
    assert [perft(s, d) for d in range(1, 5)] == TRADING_COUNTS
