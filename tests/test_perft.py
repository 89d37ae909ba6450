"""Perft: counting action sequences from known positions [D22].

Depths 1 and 2 are derived by hand from RULES.md below; deeper numbers are
regression values computed once with the engine after the hand check agreed.

Board facts used by the hand derivations (RULES.md 1.3-1.5, [D4]):
apex ne/nw/sw/se of (x, y) leads to (x+1, y+1)/(x-1, y+1)/(x-1, y-1)/(x+1, y-1);
an apex is usable only if that cell is on the grid (not off the board, not a Start
Area or Anomaly corner cell) or it is one of the eight Anomaly links. In a cell,
ne/sw and nw/se are opposite; every other pair is adjacent (overlapping).
"""

from __future__ import annotations

import pytest

import astroplane as ap
from astroplane.perft import divide, perft

B = ap.REFERENCE_BOARD


def _step(origin: str, target: str) -> ap.Move:
    """The plain STEP from ``origin`` to ``target`` (no choice)."""
    return ap.Move(ap.MoveKind.STEP, B.position(origin), B.position(target))


def _end_turn_position() -> ap.GameState:
    """S's only piece at b1.ne faces N's Square c2.nw/c2.se; everything else in reserve."""
    return ap.setup_position(players=2, stacks={"b1.ne": ["S1"], "c2.nw": ["N1"], "c2.se": ["N2"]})


# ---- the start, depth 1 ------------------------------------------------------------------
# S moves first with 2 moves. Only the top pieces of S's Start Areas can move (S3 on Sl,
# S6 on Sr); every other piece of every seat is off the grid (Start Areas, reserve).
#   Sl (d1) steps into e2 through e2.sw and takes one of the OTHER three apexes [D8]:
#     e2.ne -> f3, e2.nw -> d3, e2.se -> f1 are usable (e2.sw -> d1 is the Start Area cell,
#     but it is the entry apex anyway). e2 is empty: 3 steps.
#   Sr (g1) steps into f2 through f2.se: f2.ne -> g3, f2.nw -> e3, f2.sw -> e1 (Hyperspace,
#     a grid cell) are usable: 3 steps.
#   No Square, no firing position, no Wormhole piece: perft(1) = 3 + 3 = 6, whatever the
#   number of players (the other seats' pieces are all off the grid).
#
# ---- the start, depth 2 (S's second move; the turn only ends after it) -------------------
# For each first step, count S's second actions. "Sl" / "Sr" = the next Start Area piece
# (S2 / S5) entering; landing on a stack is allowed (3.3), an empty position is enterable
# only if both adjacent positions are empty [D6]; e2 and f2 are entry cells, so no Square
# forms there [D23] and own pieces are never sent back [D10].
#   1. S3 e2.ne: Sl -> e2.ne (on S3) only (nw, se are adjacent to ne) = 1; Sr -> f2 = 3;
#      S3 e2.ne -> f3 (entered via sw): f3.ne/nw/se (-> g4, e4, g2 all on the grid) = 3.  7
#   2. S3 e2.nw: Sl -> e2.nw (on S3) or e2.se (opposite, adjacent ne/sw empty) = 2; Sr = 3;
#      S3 e2.nw -> d3 (via se): d3.ne/nw/sw (-> e4, c4, c2) = 3.                         8
#   3. S3 e2.se: Sl -> e2.se (on S3) or e2.nw (opposite) = 2; Sr = 3;
#      S3 e2.se -> f1 (via nw): f1.ne -> g2 only (f1.sw, f1.se point off the board) = 1. 6
#   4. S6 f2.ne: Sr -> f2.ne (on S6) or f2.sw (opposite) = 2; Sl = 3;
#      S6 f2.ne -> g3 (via sw): g3.ne/nw/se (-> h4, f4, h2) = 3.                          8
#   5. S6 f2.nw: Sr -> f2.nw (on S6) only (ne, sw adjacent; se is the entry apex) = 1;
#      Sl = 3; S6 f2.nw -> e3 (via se): e3.ne/nw/sw (-> f4, d4, d2) = 3.                  7
#   6. S6 f2.sw: Sr -> f2.sw (on S6) or f2.ne (opposite) = 2; Sl = 3;
#      S6 f2.sw enters Hyperspace e1 and must go on to another Hyperspace cell [D11], at any
#      usable empty apex: a6.ne (-> b7), a6.se (-> b5); f10.sw (-> e9), f10.se (-> g9);
#      j5.nw (-> i6), j5.sw (-> i4) (the other apexes point off the board) = 6.         11
#   perft(2) = 7 + 8 + 6 + 8 + 7 + 11 = 47, for 2, 3 and 4 players alike (nothing of the
#   other seats is on the grid, and usability is a property of the board, not of the seats).
HAND_DIVIDE_2 = {
    ("Sl", "e2.ne"): 7,
    ("Sl", "e2.nw"): 8,
    ("Sl", "e2.se"): 6,
    ("Sr", "f2.ne"): 8,
    ("Sr", "f2.nw"): 7,
    ("Sr", "f2.sw"): 11,
}

# Regression numbers (engine, after the hand check of depths 1-2 agreed). Ply 3 is the second
# seat's first step (6 each, so 47 * 6 = 282). Depths 1-5 are the same whether bringing a
# reserve piece in is compulsory [D28] or not (optional_reserve): no piece reaches the
# Singularity in S's first four moves... until ply 6 of a 2-player game (Sl-e2nw, e2nw-d3ne,
# d3ne-e4ne, e4ne-f5nw). Deeper, kept out of the suite for time (depth 7 only):
#   2 players: perft(6) = 207088, perft(7) = 1894582 (~8.5 s);
#              optional_reserve: perft(6) = 207370, perft(7) = 1897180
#   3 players: perft(6) = 103265, perft(7) = 946058 (both settings)
#   4 players: perft(6) = 103265, perft(7) = 619590 (both settings)
REGRESSION = {
    2: (6, 47, 282, 2205, 20257),
    3: (6, 47, 282, 2205, 13230),
    4: (6, 47, 282, 2205, 13230),
}
OPTIONAL_RESERVE = ap.Rules(optional_reserve=True)


def test_d22_perft_depth_zero_is_the_empty_sequence() -> None:
    """perft(s, 0) is 1 (the empty sequence), also for a finished game; a finished game has
    no sequence of 1 or more actions [D22]."""
    assert perft(ap.new_game(2), 0) == 1
    s = ap.new_game(2, rules=ap.Rules(max_turns=1))
    over = s.play(_step("Sl", "e2.ne")).play(_step("Sl", "e2.ne"))
    assert over.is_over
    assert perft(over, 0) == 1
    assert perft(over, 1) == 0
    assert perft(over, 2) == 0


def test_d22_perft_rejects_negative_depth() -> None:
    """A negative depth is an error, not 0 [D22]."""
    with pytest.raises(ValueError, match="depth"):
        perft(ap.new_game(2), -1)
    with pytest.raises(ValueError, match="depth"):
        divide(ap.new_game(2), 0)


@pytest.mark.parametrize("depth", [2.5, True, "3", None, [], object(), 201, 10**9])
def test_perft_takes_only_an_int_depth_up_to_its_bound(depth: object) -> None:
    """A depth that is no int (2.5 counted nothing, [] raised TypeError) or is deeper than
    ``MAX_DEPTH`` (10**9 ran out of Python's stack) is a ValueError giving the range."""
    for count in (perft, divide):
        with pytest.raises(ValueError, match=r"depth is an int [01]\.\.200, not "):
            count(ap.new_game(2), depth)  # type: ignore[arg-type]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_d22_perft_start_depth_1_by_hand(players: int) -> None:
    """From the start S has 6 actions: Sl->e2 at ne/nw/se and Sr->f2 at ne/nw/sw [D8, D22]."""
    s = ap.new_game(players)
    assert perft(s, 1) == 6
    named = sorted((B.position_name(m.origin), B.position_name(m.target)) for m in s.legal_moves())
    assert named == sorted(HAND_DIVIDE_2)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_d22_perft_start_depth_2_by_hand(players: int) -> None:
    """The start's depth-2 counts per first step match the hand derivation above [D22]."""
    s = ap.new_game(players)
    counts = {
        (B.position_name(m.origin), B.position_name(m.target)): n for m, n in divide(s, 2).items()
    }
    assert counts == HAND_DIVIDE_2
    assert perft(s, 2) == 47


# ---- a position with free Wormhole travel and END_TURN ------------------------------------
# S1 at b1.ne, N's Square at c2.nw + c2.se (c2 is ordinary; c2.se points at d1, a Start Area,
# so N2 stands at an unusable apex [D21]); all other pieces in reserve. S to move, 2 moves.
# Depth 1: b1.ne -> c2 (entered via sw): c2.ne overlaps the Square's pieces, c2.nw and c2.se
#   hold a Square (3.5): no step. S1 is on a Wormhole end and has not travelled: free travel
#   to i1 at a usable apex: i1.ne (-> j2), i1.nw (-> h2), i1.se (the j1S link); i1.sw points
#   off the board. No move, only free actions: END_TURN is legal too [D7]. 3 + 1 = 4.
# Depth 2:
#   i1.ne: S1 (travel mark set, so no travel back [D19]) steps into j2 via sw: j2.nw (-> i3),
#     j2.se (the j1E link); or straight through the j2<->j9 tube to j9.ne (j10E link),
#     j9.nw (-> i10), j9.sw (-> i8) [D12] = 5.
#   i1.nw: steps into h2 via se: h2.ne (-> i3), h2.nw (-> g3); h2.sw -> g1 is a Start Area = 2.
#   i1.se: steps into the firing position j1S = 1 (nothing to fire: j1E is empty).
#   END_TURN: N's turn. N1 c2.nw -> b3 (via se): b3.ne (-> c4), b3.sw (-> a2); b3.nw -> a4 is
#     a Start Area = 2. N2 cannot step (unusable apex). The Square slides N/E/S/W into empty
#     ordinary c3, d2, c1, b2 = 4; no elimination: north runs off the board over empty cells,
#     east stops at e2 (an entry cell), south off the board, west at a2 (Wormhole). = 6.
#   perft(2) = 5 + 2 + 1 + 6 = 14.
def test_d22_perft_counts_free_travel_and_end_turn_by_hand() -> None:
    """Free Wormhole travels and END_TURN are plies too; counts derived by hand [D7, D22]."""
    s = _end_turn_position()
    assert perft(s, 1) == 4
    kinds = sorted(ap.MoveKind(m.kind).name for m in s.legal_moves())
    assert kinds == ["END_TURN", "TRAVEL", "TRAVEL", "TRAVEL"]
    by_target = {
        ("END" if m.kind == ap.MoveKind.END_TURN else B.position_name(m.target)): n
        for m, n in divide(s, 2).items()
    }
    assert by_target == {"i1.ne": 5, "i1.nw": 2, "i1.se": 1, "END": 6}
    assert perft(s, 2) == 14
    # Regression (engine): depths 3 and 4.
    assert (perft(s, 3), perft(s, 4)) == (63, 318)


@pytest.mark.parametrize("players", sorted(REGRESSION))
@pytest.mark.parametrize("rules", [ap.STANDARD, OPTIONAL_RESERVE], ids=["standard", "optional"])
def test_d22_perft_start_regression_depths_1_to_5(players: int, rules: ap.Rules) -> None:
    """perft(1..5) from the start of a 2-, 3- and 4-player game (regression numbers), with
    and without optional_reserve [D22, D28]."""
    s = ap.new_game(players, rules=rules)
    assert tuple(perft(s, d) for d in range(1, 6)) == REGRESSION[players]


def test_d28_perft_start_depth_6_two_players() -> None:
    """At ply 6 a piece can first enter the Singularity: a compulsory reserve piece [D28]
    removes the 'none' choices, so the two settings part (regression numbers) [D22]."""
    assert perft(ap.new_game(2), 6) == 207088
    assert perft(ap.new_game(2, rules=OPTIONAL_RESERVE), 6) == 207370


# ---- mid-game positions where a piece can enter the Singularity [D13, D28] ----------------
# Depth 1 by hand, as the difference between the two settings: every step into a Singularity
# cell has choices l/r (compulsory, [D28]) or none/l/r (optional_reserve) while the reserve
# holds pieces; a firing with 2+ in reserve ll/lr/rr or all six choices, with 1 in reserve
# l/r or none/l/r.
#   2p-turn23: one Singularity entry (f4.nw -> e5.ne):                              10 | 11
#   4p-turn22: one Singularity entry (W2 e7.se -> f6.sw):                            13 | 14
#   2p-armed: d4.ne -> e5.ne and g4.nw -> f5.nw (+1 each), firing a1 (3 | 6):       20 | 25
#   2p-last-reserve (1 in reserve): d4.ne -> e5.ne (+1), firing a1 (2 | 3):         20 | 22
# Deeper numbers are regression values from the engine.
MID_GAME = {
    "2p-turn23": (
        "standard SN S1 t23 e2nw:S3,e2se:S2,e3ne:S4,c4nw:S1,f4nw:S5,b5se:S6,g5se:N4,b7nw:N3,"
        "d7ne:N5,e7sw:N6,f9nw:N1,e10sw:N2 res:S4,N4",
        (10, 140, 1900, 22490),
        (11, 154, 2101, 25855),
    ),
    "4p-turn22": (
        "standard SWNE W2 t22 b1nw:N3,e1nw:W6N6,f2ne:S6,f3ne:S2,b5se:W5,f5nw:E6,i5ne:E3E2E1,"
        "j5nw:S5,b6se:W1,i6sw:E7E5E4,c7se:W3,e7se:W2,c9se:S3,e9ne:N5,f9nw:N2,Sl:S1,Sr:S4,Wr:W4,"
        "Nl:N1,Nr:N4 res:S4,W4,N4,E3 progress:16 travelled:N3",
        (13, 166, 2819, 45307),
        (14, 189, 3210, 51594),
    ),
    "2p-armed": (
        "standard SN S2 t9 a1S:S1,a1W:S2,d4ne:S3,g4nw:S4,Sl:S5,Nl:N1N2N3,Nr:N4N5N6 res:S5,N4",
        (20, 325, 2054, 15767),
        (25, 456, 2864, 22068),
    ),
    "2p-last-reserve": (
        "standard SN S2 t15 a1S:S1,a1W:S2,d4ne:S3,Sl:S4S5S6,Sr:S7S8S9,c8ne:N1,Nl:N2 res:S1,N8",
        (20, 351, 2222, 11298),
        (22, 401, 2534, 12870),
    ),
}


@pytest.mark.parametrize("name", sorted(MID_GAME))
def test_d28_perft_mid_game_with_singularity_entries(name: str) -> None:
    """perft(1..4) from mid-game positions with legal Singularity entries, compulsory reserve
    [D28] and optional_reserve; depth 1 derived by hand above [D22]."""
    text, compulsory, optional = MID_GAME[name]
    s = ap.position_from_text(text)
    assert tuple(perft(s, d) for d in range(1, 5)) == compulsory
    s_opt = ap.position_from_text(text.replace("standard", "standard,optional_reserve=on", 1))
    assert s_opt.rules.optional_reserve
    assert tuple(perft(s_opt, d) for d in range(1, 5)) == optional


@pytest.mark.parametrize(("players", "depth"), [(2, 3), (4, 3), (2, 4), (4, 4)])
def test_d22_divide_sums_to_perft(players: int, depth: int) -> None:
    """divide() has one entry per legal first action and sums to perft() [D22]."""
    s = ap.new_game(players)
    counts = divide(s, depth)
    assert tuple(counts) == s.legal_moves()
    assert sum(counts.values()) == perft(s, depth)
    assert all(n > 0 for n in counts.values())


def test_d22_divide_entry_is_perft_after_that_action() -> None:
    """Each divide() entry equals perft of the state after that first action [D22]."""
    s = _end_turn_position()
    for move, n in divide(s, 3).items():
        assert n == perft(s.play(move), 2)
    first = _step("Sr", "f2.sw")  # 11 second actions (case 6 above), then W's 6 first steps
    assert divide(ap.new_game(4), 3)[first] == perft(ap.new_game(4).play(first), 2) == 66


def test_d22_sequences_ending_the_game_early_count_zero() -> None:
    """A sequence that ends the game before its last action counts 0; one whose last action
    ends the game counts 1 [D22]."""
    # max_turns=1: the game ends when S's first turn (2 moves) is over [D18].
    s = ap.new_game(2, rules=ap.Rules(max_turns=1))
    assert perft(s, 2) == 47  # every 2-action sequence ends the game with its last action
    assert perft(s, 3) == 0  # no 3-action sequence exists
    assert all(n == 0 for n in divide(s, 3).values())
    # Without the limit, the same sequences go on into N's turn.
    assert perft(ap.new_game(2), 3) == 282
