"""The game state: setup (RULES.md 1.2, 2), position validation, display, immutability."""

from __future__ import annotations

import copy
import pickle
from typing import Any

import attrs
import pytest
from hypothesis import given

import astroplane as ap
from astroplane.games.astroplane.construct import build_state
from astroplane.games.astroplane.pieces import PIECES_PER_PLAYER
from astroplane.games.astroplane.state import ELIMINATED, IN_RESERVE, NOT_PLAYING, REMOVED
from strategies import position_kwargs, positions

B = ap.REFERENCE_BOARD


def pid(name: str) -> int:
    return ap.piece_from_name(name)


def pids(*names: str) -> tuple[int, ...]:
    return tuple(pid(n) for n in names)


# ---- invariants, shared by the example and property tests -------------------------------


def assert_invariants(s: ap.GameState) -> None:
    """Piece conservation, occupancy, usable apexes, `where` agrees with `stacks`."""
    t = s.topology
    assert len(s.stacks) == t.n_positions
    assert len(s.where) == 4 * PIECES_PER_PLAYER
    # where <-> stacks
    seen: dict[int, int] = {}
    for pos, st in enumerate(s.stacks):
        for p in st:
            assert p not in seen, f"{ap.piece_name(p)} twice"
            seen[p] = pos
            assert s.where[p] == pos
    for p, w in enumerate(s.where):
        if w >= 0:
            assert seen.get(p) == w
        else:
            assert p not in seen
            assert w in (IN_RESERVE, ELIMINATED, REMOVED, NOT_PLAYING)
    elim = [p for p, _by in s.eliminated]
    assert len(set(elim)) == len(elim)
    for p in elim:
        assert s.where[p] == ELIMINATED
    assert sum(1 for w in s.where if w == ELIMINATED) == len(elim)
    # conservation per seat: Start Areas + grid + firing + Singularity + reserve + eliminated
    # + removed = 10
    for seat in range(4):
        codes = list(s.where[seat * 10 : seat * 10 + 10])
        if seat not in s.seats:
            assert codes == [NOT_PLAYING] * 10
            assert s.reserve[seat] == 0
            continue
        assert NOT_PLAYING not in codes
        start = sum(1 for w in codes if w >= t.start_base)
        firing = sum(1 for w in codes if t.fire_base <= w < t.start_base)
        sing = sum(1 for w in codes if 0 <= w < t.fire_base and t.singularity_position[w >> 2] == w)
        grid = sum(1 for w in codes if 0 <= w < t.fire_base) - sing
        reserve = codes.count(IN_RESERVE)
        eliminated = codes.count(ELIMINATED)
        removed = codes.count(REMOVED)
        assert start + firing + sing + grid + reserve + eliminated + removed == PIECES_PER_PLAYER
        assert reserve == s.reserve[seat]
        if seat in s.removed:
            assert reserve == 0
            assert start + firing + grid == 0
        else:
            assert removed == 0
            # reserve pieces are the highest numbers [D17]
            assert codes[10 - reserve :] == [IN_RESERVE] * reserve
    # Start Areas hold their own seat's pieces [D3]
    for area in t.start_areas:
        for p in s.stacks[t.start_base + area.seat * 2 + area.side]:
            assert ap.piece_owner(p) == area.seat
    # occupancy invariant [D6], usable apexes [D4], Singularity apexes [D13]
    for pos in range(t.fire_base):
        st = s.stacks[pos]
        if not st:
            continue
        cell = pos >> 2
        assert t.kind[cell] != ap.CellKind.OFF
        if t.kind[cell] == ap.CellKind.SINGULARITY:
            assert pos == t.singularity_position[cell]
            continue
        assert not s.stacks[pos ^ 1] and not s.stacks[pos ^ 3]
        if len(st) > 1:
            assert t.usable[pos]
    for seat in s.removed:
        assert seat in s.seats


# ---- new_game ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "seats"),
    [(2, (0, 2)), (3, (0, 1, 2)), (4, (0, 1, 2, 3))],
)
def test_d2_d17_new_game_setup(players: int, seats: tuple[int, ...]) -> None:
    """new_game seats S/N, S/W/N or all four [D2]; X1-X3 bottom to top in the left Start
    Area, X4-X6 in the right one, X7-X10 in reserve [D17]; S moves first with 2 moves."""
    s = ap.new_game(players)
    assert s.seats == seats
    assert s.player_count == players
    assert s.active_seats == seats
    for seat in range(4):
        letter = "SWNE"[seat]
        if seat in seats:
            assert s.stack(f"{letter}l") == pids(f"{letter}1", f"{letter}2", f"{letter}3")
            assert s.stack(f"{letter}r") == pids(f"{letter}4", f"{letter}5", f"{letter}6")
            assert s.reserve_count(letter) == 4
            assert s.top(f"{letter}l") == pid(f"{letter}3")
            assert s.pieces_of(letter) == pids(*(f"{letter}{n}" for n in range(1, 7)))
        else:
            assert s.stack(f"{letter}l") == () == s.stack(f"{letter}r")
            assert s.reserve_count(letter) == 0
            assert s.top(f"{letter}l") is None
            assert s.location(f"{letter}1") == NOT_PLAYING
    assert all(not s.stacks[p] for p in range(B.start_base))
    assert s.to_move == ap.Seat.S
    assert (s.moves_left, s.turn, s.travelled, s.landed, s.last_progress) == (2, 1, 0, 0, 0)
    assert s.eliminated == () and s.removed == ()
    assert s.outcome is None and not s.is_over
    assert s.topology is B and s.rules == ap.STANDARD
    assert_invariants(s)


@pytest.mark.parametrize(
    ("players", "first", "seat"),
    [(2, "N", 2), (2, 2, 2), (3, "W", 1), (4, "E", 3), (4, "s", 0), (2, None, 0)],
)
def test_new_game_first_player_choice(players: int, first: Any, seat: int) -> None:
    """`first` chooses who starts (default the first seat, S); turn order stays clockwise."""
    s = ap.new_game(players, first=first)
    assert s.to_move == seat
    assert isinstance(s.to_move, ap.Seat)
    assert s.seats == tuple(sorted(s.seats))


@pytest.mark.parametrize(
    ("players", "first"),
    [(1, None), (5, None), (0, None), (2, "W"), (2, "E"), (3, "E"), (2, "X"), (4, 4), (2, -1)],
)
def test_new_game_rejects_bad_players_or_first(players: int, first: Any) -> None:
    """A player count other than 2-4 or a first seat not in the game raises ValueError."""
    with pytest.raises(ValueError):
        ap.new_game(players, first=first)


def test_new_game_rules_and_topology_are_kept() -> None:
    """new_game keeps the rules and topology it was given."""
    s = ap.new_game(2, rules=ap.BASIC)
    assert s.rules == ap.BASIC
    assert s != ap.new_game(2)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_d17_reserve_pieces_are_located_in_reserve(players: int) -> None:
    """location() of a reserve piece is -1 (in reserve), as documented [D17]."""
    s = ap.new_game(players)
    for letter in ("S", "N"):
        for n in range(7, 11):
            assert s.location(f"{letter}{n}") == IN_RESERVE


# ---- setup_position: accepted positions ---------------------------------------------------


def test_setup_position_accepts_a_rich_position() -> None:
    """A position with stacks, opposite positions, a firing position, a Singularity stack,
    a lone piece at an unusable apex [D21], eliminations and marks is accepted as given."""
    s = ap.setup_position(
        players=4,
        stacks={
            "Sl": ["S1"],
            "b1.ne": ["S2"],  # travelled to this Wormhole end [D19]
            "e2.ne": ["S3", "N1"],  # captive under N1, which landed this turn [D9]
            "e2.nw": [],  # empty stacks are allowed
            "c3.ne": ["W1"],
            "c3.sw": ["W3"],  # opposite: no overlap (one player's: a Square [D10, D14])
            "El": ["E1"],
            "a1S": ["S4"],
            "e5.ne": ["N2", "S5", "W2"],  # Singularity stack, any owners
            "c1.sw": ["E2"],  # lone (Square) piece at an unusable apex [D21]
        },
        eliminated=[("N3", "S"), ("E3", "E")],
        to_move="N",
        turn=7,
        travelled=["S2"],
        landed=["N1"],
        last_progress=5,
    )
    assert s.stack("e2.ne") == pids("S3", "N1")
    assert s.stack("c3.sw") == pids("W3")
    assert s.top("e5.ne") == pid("W2")
    assert s.location("S4") == B.position("a1S")
    assert s.location("N3") == ELIMINATED
    assert s.reserve == (5, 7, 7, 7)  # S6..S10, W4..W10, N4..N10, E4..E10
    assert s.eliminated == ((pid("N3"), 0), (pid("E3"), 3))
    assert (s.to_move, s.turn, s.last_progress) == (2, 7, 5)
    assert s.travelled == 1 << pid("S2")
    assert s.landed == 1 << pid("N1")
    assert s.moves_left == 2
    assert_invariants(s)


def test_setup_position_explicit_reserve_and_seat_sets() -> None:
    """players may be a seat string or tuple (turn order stays clockwise); an explicit
    reserve that matches the unplaced pieces is accepted."""
    s = ap.setup_position(
        players="NE", stacks={"Nl": ["N1"], "El": ["E1", "E2"]}, reserve={"N": 9, "E": 8}
    )
    assert s.seats == (2, 3)
    assert s.to_move == 2
    t = ap.setup_position(players=(3, 2), stacks={"Nl": ["N1"], "El": ["E1", "E2"]})
    assert t == s
    assert_invariants(s)


def test_setup_position_accepts_piece_ids_and_position_indices() -> None:
    """Stacks may name positions and pieces by index as well as by name."""
    a = ap.setup_position(players=2, stacks={B.position("e2.ne"): [0, 20]})
    b = ap.setup_position(players=2, stacks={"e2.ne": ["S1", "N1"]})
    assert a == b


def test_setup_position_moves_left_and_removed_seat() -> None:
    """moves_left is taken as given; a removed seat's pieces outside the Singularity count
    as removed and its Singularity pieces stay [D16]."""
    s = ap.setup_position(
        players=3,
        stacks={"Sl": ["S1"], "Nl": ["N1"], "e6.se": ["W1"]},
        removed=["W"],
        moves_left=3,
    )
    assert s.moves_left == 3
    assert s.removed == (1,)
    assert s.active_seats == (0, 2)
    assert s.location("W1") == B.position("e6.se")
    assert s.location("W2") == REMOVED
    assert s.reserve_count("W") == 0
    assert_invariants(s)


def test_setup_position_stuck_two_player_game_ends() -> None:
    """setup_position resolves a stuck player to move: with 2 players the game ends."""
    s = ap.setup_position(players=2, stacks={"e5.ne": ["S1"], "Nl": ["N1"]})
    assert s.is_over
    assert s.outcome is not None and s.outcome.reason == ap.EndReason.STUCK
    assert_invariants(s)


# ---- setup_position: every invariant violation ---------------------------------------------


_BAD_POSITIONS: list[tuple[str, dict[str, Any], str]] = [
    ("piece placed twice", {"stacks": {"Sl": ["S1"], "Sr": ["S1"]}}, "placed twice"),
    (
        "piece twice in one stack",
        {"stacks": {"e2.ne": ["S1", "S1"]}},
        "placed twice",
    ),
    (
        "piece conservation: reserve count does not match",
        {"stacks": {"Sl": ["S1"]}, "reserve": {"S": 3, "N": 10}},
        "unaccounted",
    ),
    (
        "piece conservation: a missing seat in an explicit reserve",
        {"stacks": {"Sl": ["S1"]}, "reserve": {"S": 9}},
        "unaccounted",
    ),
    (
        "reserve not the highest numbers [D17]",
        {"stacks": {"Sl": ["S10"]}},
        r"highest numbers \[D17\]",
    ),
    (
        "reserve not the highest numbers, explicit reserve [D17]",
        {
            "stacks": {"Sl": ["S2", "S3", "S4", "S5", "S6", "S7", "S8", "S9", "S10"]},
            "reserve": {"S": 1, "N": 10},
        },
        r"\[D17\]",
    ),
    (
        "overlapping adjacent positions ne/nw [D6]",
        {"stacks": {"c3.ne": ["S1"], "c3.nw": ["N1"]}},
        r"overlap.*\[D6\]",
    ),
    (
        "overlapping adjacent positions ne/se [D6]",
        {"stacks": {"c3.ne": ["S1"], "c3.se": ["S2"]}},
        r"overlap.*\[D6\]",
    ),
    (
        "overlapping with a stack [D6]",
        {"stacks": {"g4.sw": ["S1", "N1"], "g4.nw": ["S2"]}},
        r"overlap",
    ),
    (
        "stack at an unusable apex [D4]",
        {"stacks": {"c1.sw": ["S1", "N1"]}},
        r"unusable apex \[D4\]",
    ),
    (
        "stack at an unusable apex next to an Anomaly corner [D4]",
        {"stacks": {"b2.sw": ["S1", "S2"]}},
        r"unusable",
    ),
    (
        "Singularity cell piece not at its Singularity apex [D13]",
        {"stacks": {"e5.sw": ["S1"]}},
        r"Singularity.*\[D13\]",
    ),
    (
        "Singularity cell, wrong apex f6.ne",
        {"stacks": {"f6.ne": ["N1"]}},
        r"Singularity",
    ),
    (
        "Start Area with another seat's pieces [D3]",
        {"stacks": {"Sl": ["S1", "N1"]}},
        r"\[D3\]",
    ),
    (
        "Start Area of a seat not in the game with its own pieces",
        {"stacks": {"Wl": ["W1"]}},
        r"not in the game",
    ),
    (
        "piece in a Start Area cell as a grid position",
        {"stacks": {"d1.ne": ["S1"]}},
        r"not a grid cell",
    ),
    (
        "piece in an Anomaly corner cell as a grid position",
        {"stacks": {"a1.ne": ["S1"]}},
        r"not a grid cell",
    ),
    ("seat not in the game has pieces", {"stacks": {"e2.ne": ["W1"]}}, r"not in the game"),
    (
        "reserve for a seat not in the game",
        {"stacks": {}, "reserve": {"S": 10, "N": 10, "W": 1}},
        r"not in the game",
    ),
    (
        "eliminated by a seat not in the game",
        {"stacks": {}, "eliminated": [("S1", "E")]},
        r"not in the game",
    ),
    (
        "eliminated piece also placed",
        {"stacks": {"Sl": ["S1"]}, "eliminated": [("S1", "N")]},
        r"eliminated",
    ),
    ("bad turn 0", {"stacks": {"Sl": ["S1"]}, "turn": 0}, r"bad turn"),
    (
        "last progress after the turn",
        {"stacks": {"Sl": ["S1"]}, "turn": 3, "last_progress": 4},
        r"bad turn",
    ),
    (
        "negative last progress",
        {"stacks": {"Sl": ["S1"]}, "last_progress": -1},
        r"bad turn",
    ),
    ("to_move not in the game", {"stacks": {"Sl": ["S1"]}, "to_move": "W"}, r"cannot be to move"),
    (
        "to_move removed [D16]",
        {"players": 3, "stacks": {"Sl": ["S1"], "Nl": ["N1"]}, "removed": ["W"], "to_move": "W"},
        r"cannot be to move",
    ),
    (
        "removed seat leaves fewer than two players",
        {"stacks": {"Sl": ["S1"]}, "removed": ["N"]},
        r"two players",
    ),
    (
        "removed seat not in the game",
        {"stacks": {"Sl": ["S1"]}, "removed": ["W"]},
        r"removed seats",
    ),
    (
        "removed seat's piece outside the Singularity [D16]",
        {"players": 3, "stacks": {"Sl": ["S1"], "Nl": ["N1"], "Wl": ["W1"]}, "removed": ["W"]},
        r"removed seat \[D16\]",
    ),
    ("bad player count", {"players": 5, "stacks": {}}, r"players must be"),
    ("one seat only", {"players": "S", "stacks": {}}, r"at least two seats"),
    ("not a seat", {"players": "SX", "stacks": {}}, r"not a seat"),
    ("bad to_move name", {"stacks": {}, "to_move": "Q"}, r"not a seat"),
    ("not a piece name", {"stacks": {"Sl": ["S11"]}}, r"not a piece"),
    ("not a piece id", {"stacks": {"Sl": [40]}}, r"not a piece id"),
    ("not a position name", {"stacks": {"k1.ne": ["S1"]}}, r"not a"),
    ("not a position index", {"stacks": {416: ["S1"]}}, r"not a position"),
    ("reserve out of range", {"stacks": {}, "reserve": {"S": 11, "N": 10}}, r"0\.\.10"),
    ("moves_left 0", {"stacks": {"Sl": ["S1"]}, "moves_left": 0}, r"moves_left"),
    (
        "travelled mark on a reserve piece",
        {"stacks": {"Sl": ["S1"]}, "travelled": ["S5"]},
        r"marked piece",
    ),
    (
        "landed mark on a piece of a seat not in the game",
        {"stacks": {"Sl": ["S1"]}, "landed": ["W1"]},
        r"marked piece",
    ),
]


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [pytest.param(kw, msg, id=why) for why, kw, msg in _BAD_POSITIONS],
)
def test_setup_position_rejects_invariant_violations(kwargs: dict[str, Any], message: str) -> None:
    """Every broken invariant raises PositionError (a ValueError) with a message naming it."""
    args: dict[str, Any] = {"players": 2}
    args.update(kwargs)
    with pytest.raises(ap.PositionError, match=message) as info:
        ap.setup_position(**args)
    assert isinstance(info.value, ValueError)
    assert info.value.problem == str(info.value)


def test_d6_opposite_positions_are_accepted_adjacent_ones_are_not() -> None:
    """Positive/negative pair: ne+sw (back to back) is a legal cell, ne+nw is not [D6]."""
    ok = ap.setup_position(players=2, stacks={"c3.ne": ["S1"], "c3.sw": ["S3", "S2"]})
    assert ok.stack("c3.sw") == pids("S3", "S2")
    ok2 = ap.setup_position(players=2, stacks={"c3.nw": ["N1"], "c3.se": ["N2"]})
    assert ok2.stack("c3.se") == pids("N2")
    for other in ("c3.nw", "c3.se"):
        with pytest.raises(ap.PositionError):
            ap.setup_position(players=2, stacks={"c3.ne": ["S1"], other: ["N1"]})


def test_d21_lone_piece_at_unusable_apex_is_accepted_stack_is_not() -> None:
    """A single (Square) piece may stand at an unusable apex [D21]; a stack may not [D4]."""
    ok = ap.setup_position(players=2, stacks={"c1.sw": ["S1"], "c1.ne": ["S2"]})
    assert ok.stack("c1.sw") == pids("S1")
    with pytest.raises(ap.PositionError, match="unusable"):
        ap.setup_position(players=2, stacks={"c1.sw": ["S1", "S2"]})
    # only in ordinary cells (Squares live nowhere else [D23]): not in an entry cell or a
    # Wormhole end
    for name in ("e2.sw", "a2.nw", "e1.sw"):
        with pytest.raises(ap.PositionError, match=r"unusable apex \[D4\]"):
            ap.setup_position(players=2, stacks={name: ["S1"]})


def test_d13_singularity_apex_accepts_mixed_stacks() -> None:
    """Singularity stacks hold any owners at the Singularity apex only [D13]."""
    for name in ("e5.ne", "f5.nw", "e6.se", "f6.sw"):
        s = ap.setup_position(players=2, stacks={name: ["S1", "N1", "S2"]})
        assert s.stack(name) == pids("S1", "N1", "S2")
        assert_invariants(s)
    with pytest.raises(ap.PositionError):
        ap.setup_position(players=2, stacks={"e5.nw": ["S1"]})


def test_d3_start_area_takes_only_own_pieces() -> None:
    """A Start Area holds only its seat's pieces [D3]: N pieces in Nr are fine, in Sr not."""
    ok = ap.setup_position(players=2, stacks={"Nr": ["N2", "N1"]})
    assert ok.stack("Nr") == pids("N2", "N1")
    with pytest.raises(ap.PositionError, match=r"\[D3\]"):
        ap.setup_position(players=2, stacks={"Sr": ["N1"]})


# ---- display -------------------------------------------------------------------------------

_MAP_ROWS = {
    10: "A O . [Nr:3] . H [Nl:3] . O A",
    9: "O . . . . . . . . O",
    8: ". . . . . . . . . .",
    7: "[Wl:3] . . . . . . . . [Er:3]",
    6: "H . . . C C . . . .",
    5: ". . . . C C . . . H",
    4: "[Wr:3] . . . . . . . . [El:3]",
    3: ". . . . . . . . . .",
    2: "O . . . . . . . . O",
    1: "A O . [Sl:3] H . [Sr:3] . O A",
}


def test_str_draws_the_grid_start_areas_and_reserve() -> None:
    """str(state) draws the 10 ranks with cell kinds and Start Area counts (1.3), then each
    seat's Start Areas and reserve, and whose turn it is."""
    text = str(ap.new_game(4))
    lines = text.splitlines()
    rows = {}
    for line in lines[:10]:
        rank, *cells = line.split()
        rows[int(rank)] = " ".join(cells)
    assert sorted(rows) == list(range(1, 11))
    for rank, want in _MAP_ROWS.items():
        assert rows[rank] == want, rank
    assert any(line.split() == list("abcdefghij") for line in lines)
    assert "S: Sl [S1 S2 S3]  Sr [S4 S5 S6]  reserve 4" in text
    assert "E: El [E1 E2 E3]  Er [E4 E5 E6]  reserve 4" in text
    assert "Turn 1: S to move, 2 moves left" in text


def test_str_shows_pieces_stacks_anomaly_and_eliminations() -> None:
    """Pieces show as top piece + apex (+ height), with firing positions, eliminations."""
    s = ap.setup_position(
        players=2,
        stacks={
            "c3.ne": ["N3", "N1"],
            "c3.sw": ["N4"],
            "d7.ne": ["S1"],
            "d7.sw": ["S2"],
            "a1S": ["S3"],
            "Sl": ["S4"],
        },
        eliminated=[("N2", "S")],
        to_move="N",
        moves_left=1,
    )
    text = str(s)
    assert "N1ne*2" in text
    assert "S2sw" in text
    assert "a1S [S3]" in text
    assert "N2(by S)" in text
    assert "Sl [S4]" in text and "Sr [-]" in text
    assert "reserve 6" in text  # S5..S10
    assert "N to move, 1 move left" in text
    rank3 = next(line for line in text.splitlines() if line.split()[0] == "3")
    assert "N1ne*2/N4sw" in rank3
    assert "W:" not in text  # seats not in the game are not listed
    assert str(ap.new_game(2)) != text


def test_repr_is_short_and_useful() -> None:
    """repr names the seats, turn, player to move, moves left, on one short line."""
    r = repr(ap.new_game(3, first="N"))
    assert "\n" not in r and len(r) < 120
    assert r.startswith("<GameState")
    assert "SWN" in r and "turn 1" in r and "N to move" in r and "2 moves left" in r
    assert repr(ap.new_game(2)) != repr(ap.new_game(4))


# ---- immutability, equality, hashing, copying ------------------------------------------------


def test_state_is_frozen() -> None:
    """Assigning or deleting any field raises FrozenInstanceError; containers are tuples."""
    s = ap.new_game(2)
    for field in attrs.fields(ap.GameState):
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            setattr(s, field.name, getattr(s, field.name))
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        del s.turn
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        s.new_attribute = 1  # type: ignore[attr-defined]
    for value in (s.seats, s.stacks, s.reserve, s.eliminated, s.removed, s.where):
        assert isinstance(value, tuple)
    assert all(isinstance(st, tuple) for st in s.stacks)


def test_equal_states_are_equal_and_hash_equal() -> None:
    """Two identical setups are equal, hash equal and work as one dict key; different ones
    are not equal."""
    a, b = ap.new_game(2), ap.new_game(2)
    assert a is not b
    assert a == b and hash(a) == hash(b)
    d = {a: "x"}
    assert d[b] == "x"
    assert len({a, b, ap.new_game(3)}) == 2
    assert a != ap.new_game(2, first="N")
    assert a != ap.new_game(2).play(ap.new_game(2).legal_moves()[0])
    c = ap.setup_position(players=2, stacks={"e2.ne": ["S1"]}, turn=4)
    assert c == ap.setup_position(players=2, stacks={"e2.ne": ["S1"]}, turn=4)
    assert c != ap.setup_position(players=2, stacks={"e2.ne": ["S1"]}, turn=5)


def test_pickle_and_deepcopy_keep_the_state_usable() -> None:
    """A pickled or deep-copied state has the same content and still plays."""
    s = ap.new_game(3)
    for other in (pickle.loads(pickle.dumps(s)), copy.deepcopy(s), copy.copy(s)):
        assert other.stacks == s.stacks and other.where == s.where
        assert other.to_move == s.to_move and other.rules == s.rules
        assert len(other.legal_moves()) == len(s.legal_moves())
        nxt = other.play(other.legal_moves()[0])
        assert nxt.moves_left == 1


@pytest.mark.parametrize("players", [2, 3, 4])
def test_pickle_and_deepcopy_give_an_equal_state(players: int) -> None:
    """pickle round trip and copy.deepcopy give an equal state with an equal hash."""
    s = ap.new_game(players)
    s = s.play(s.legal_moves()[-1])
    for back in (pickle.loads(pickle.dumps(s)), copy.deepcopy(s)):
        assert back == s and hash(back) == hash(s)
        assert {s: 1}[back] == 1
        assert back != ap.new_game(players)


def test_shallow_copy_is_equal() -> None:
    """copy.copy shares the topology and gives an equal state."""
    s = ap.new_game(4)
    assert copy.copy(s) == s and hash(copy.copy(s)) == hash(s)


# ---- properties over random valid positions -----------------------------------------------


@given(positions())
def test_accepted_positions_keep_the_invariants(s: ap.GameState) -> None:
    """Any position setup_position accepts keeps piece conservation, the occupancy invariant
    [D6], usable apexes for stacks [D4], Singularity apexes [D13], own Start Areas [D3],
    reserve = highest numbers [D17], and `where` agrees with `stacks`."""
    assert_invariants(s)
    assert s.to_move in s.seats
    assert 2 <= s.player_count <= 4
    if s.outcome is None:
        assert s.to_move not in s.removed
        assert len(s.active_seats) >= 2
        assert s.moves_left >= 1
        assert s.legal_moves()


@given(position_kwargs())
def test_equal_builds_are_equal_and_hash_equal(kwargs: dict[str, Any]) -> None:
    """Building the same position twice gives equal states with equal hashes (dict keys)."""
    a = ap.setup_position(**kwargs)
    b = ap.setup_position(**kwargs)
    assert a == b and hash(a) == hash(b)
    assert {a: 1}[b] == 1


@given(positions())
def test_random_states_cannot_be_mutated(s: ap.GameState) -> None:
    """No field of a state can be assigned; its containers are immutable tuples."""
    before = (s.stacks, s.reserve, s.where, hash(s))
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        s.stacks = ()  # type: ignore[misc]
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        s.to_move = 0  # type: ignore[misc]
    with pytest.raises(TypeError):
        s.stacks[0] = ()  # type: ignore[index]
    with pytest.raises(TypeError):
        s.reserve[0] = 3  # type: ignore[index]
    assert (s.stacks, s.reserve, s.where, hash(s)) == before


def rebuild(s: ap.GameState) -> ap.GameState:
    """setup_position from a state's own public fields."""

    def names(mask: int) -> list[str]:
        return [ap.piece_name(p) for p in range(40) if mask >> p & 1]

    return ap.setup_position(
        players="".join("SWNE"[x] for x in s.seats),
        stacks={s.topology.position_name(p): list(st) for p, st in enumerate(s.stacks) if st},
        reserve={"SWNE"[x]: s.reserve[x] for x in s.seats},
        eliminated=list(s.eliminated),
        removed=list(s.removed),
        to_move=s.to_move,
        moves_left=s.moves_left,
        turn=s.turn,
        travelled=names(s.travelled),
        landed=names(s.landed),
        last_progress=s.last_progress,
        rules=s.rules,
        topology=s.topology,
    )


@given(positions())
def test_rebuilding_from_own_fields_gives_an_equal_state(s: ap.GameState) -> None:
    """setup_position from a live state's own fields, the raw constructor with its fields,
    and a pickle round trip give an equal state (equal hash, same ``where``)."""
    back = pickle.loads(pickle.dumps(s))
    assert back == s and hash(back) == hash(s)
    assert back.where == s.where
    raw = ap.GameState(*(getattr(s, f.name) for f in attrs.fields(ap.GameState) if f.init))
    assert raw == s and hash(raw) == hash(s)
    assert attrs.evolve(s) == s
    if s.outcome is None:
        again = rebuild(s)
        assert again == s
        assert again.where == s.where  # not part of equality: compare it too


@given(positions())
def test_the_engines_constructor_builds_the_same_state(s: ap.GameState) -> None:
    """build_state (the rules engine's constructor) gives what GameState(...) gives: equal,
    same hash and repr, frozen, and pickling and evolve work on it."""
    args = [getattr(s, f.name) for f in attrs.fields(ap.GameState) if f.init]
    fast, slow = build_state(*args), ap.GameState(*args)
    assert type(fast) is ap.GameState
    assert fast == slow == s and hash(fast) == hash(slow) == hash(s)
    assert repr(fast) == repr(slow)
    assert fast.legal_moves() == slow.legal_moves()
    assert pickle.loads(pickle.dumps(fast)) == s and attrs.evolve(fast) == s
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        fast.turn = 3  # type: ignore[misc]
