"""Issue 23, untrusted input: what a client sends Aeroplane Chess gets a clear error of the
format's or the rules' kind, saying where, and nothing changes (findings N1, N2, N6, N9,
N10 and N16)."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import attrs
import pytest

import astroplane
from astroplane.errors import IllegalMoveError, NotationError, PositionError
from astroplane.games.aeroplane_chess import (
    CLASSIC,
    STANDARD,
    AeroplaneState,
    Move,
    MoveKind,
    describe_outcome,
    format_move,
    from_json,
    new_game,
    position_from_text,
    position_to_text,
    rules_from_text,
    setup_position,
    to_json,
)
from astroplane.games.aeroplane_chess.jsonio import move_to_dict, state_from_dict, state_to_dict
from astroplane.games.aeroplane_chess.record import GameRecord
from astroplane.games.aeroplane_chess.setup import MAX_TURN, check_state


def forge(move: Move, **fields: object) -> Move:
    """A copy of ``move`` with ``fields`` set past the constructor's checks, as a hostile
    caller can (a frozen attrs class yields to ``object.__setattr__``)."""
    forged = copy.copy(move)
    for name, value in fields.items():
        object.__setattr__(forged, name, value)
    return forged


def at_roll() -> AeroplaneState:
    """A chance node: R to roll."""
    return new_game(2)


def at_move() -> AeroplaneState:
    """A decision node: R rolled a 2 and may launch R1 (or fly R2 on 14)."""
    return setup_position("RB", {"R2": "14"}, roll=2)


def assert_refused(state: AeroplaneState, move: object) -> None:
    """``play`` raises ``IllegalMoveError`` for ``move``, which is not legal, and the state
    is as it was."""
    text, saved = state.to_text(), copy.copy(state)
    with pytest.raises(IllegalMoveError) as info:
        state.play(move)  # type: ignore[arg-type]
    assert info.value.move is move and info.value.reason
    assert not state.is_legal(move)  # type: ignore[arg-type]
    assert state.to_text() == text and state == saved


# ---- N1: a chance node takes only a die's faces ---------------------------------------


@pytest.mark.parametrize("value", [99, -1, 0, 7, True, 6.0, 3.0, "3", None])
def test_n1_roll_value_outside_die_rejected(value: object) -> None:
    """N1: a roll showing anything but an int 1..6 is neither built nor played."""
    with pytest.raises(ValueError, match=r"Move\.value must be an int|a die shows 1\.\.6"):
        Move(MoveKind.ROLL, value=value)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        Move.roll(value)  # type: ignore[arg-type]
    forged = forge(Move.roll(6), value=value)
    assert_refused(at_roll(), forged)
    with pytest.raises(IllegalMoveError, match="not a well-formed Move"):
        at_roll().play(forged)


def test_n1_play_junk_of_any_type_raises_illegal_move() -> None:
    """N1: play with a str, None, an int, an ASTROPLANE Move or a forged Move raises
    IllegalMoveError at a chance node and at a decision node, and changes nothing."""
    junk: list[object] = [
        "3",
        "R1-RT",
        None,
        3,
        2.0,
        (MoveKind.ROLL, 3),
        astroplane.Move(astroplane.MoveKind.END_TURN),
        forge(Move.roll(2), value=2.0),
        forge(Move.roll(2), value=True),
        forge(Move.roll(2), kind=0),
        forge(Move.roll(2), plane=0),
        forge(Move.launch("R1"), plane=0.0, square=52.0),
        forge(Move.launch("R1"), plane=False),
        forge(Move.fly("R2", "16"), stack=0),
        forge(Move.PASS, kind=3),
    ]
    for state in (at_roll(), at_move()):
        for move in junk:
            assert_refused(state, move)


# ---- N2: a Move checks its fields ------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "kwargs", "problem"),
    [
        (("x",), {}, "Move.kind must be a MoveKind"),
        ((1,), {}, "Move.kind must be a MoveKind"),
        ((MoveKind.FLY, 99, 99), {}, "plane id 0..15, not 99"),
        ((MoveKind.FLY, 0, 99), {}, "square id 0..79, not 99"),
        ((MoveKind.LAUNCH, 0.0, 52.0), {}, "Move.plane must be an int, not float"),
        ((MoveKind.LAUNCH, 0, 53), {}, "take-off square"),
        ((MoveKind.FLY, True, 13), {}, "Move.plane must be an int, not bool"),
        ((MoveKind.FLY, 0, 13), {"stack": 1}, "Move.stack must be a bool"),
        ((MoveKind.FLY, 0, 13), {"value": 4}, "no die value"),
        ((MoveKind.ROLL,), {"value": 6.0}, "Move.value must be an int, not float"),
        ((MoveKind.ROLL,), {"value": 6, "plane": 0}, "a roll has no plane"),
        ((MoveKind.PASS, 0), {}, "a pass has no plane"),
    ],
)
def test_n2_move_fields_checked_when_built(
    args: tuple[object, ...], kwargs: dict[str, object], problem: str
) -> None:
    """N2: Move() refuses fields of the wrong type or that do not fit its kind, saying
    which field."""
    with pytest.raises(ValueError, match=problem):
        Move(*args, **kwargs)  # type: ignore[arg-type]


def test_n2_helpers_refuse_bool_planes_and_squares() -> None:
    """N2: Move.fly and Move.launch take a bool for no plane or square id."""
    with pytest.raises(ValueError, match="not a plane id"):
        Move.fly(True, "14")
    with pytest.raises(ValueError, match="not a square id"):
        Move.fly("R1", False)
    with pytest.raises(ValueError, match="not a plane id"):
        Move.launch(False)


def test_n2_float_twin_of_legal_launch_not_played() -> None:
    """N2: the float twin of a legal launch compares equal to it but is not played,
    called legal or written."""
    s = at_move()
    legal = Move.launch("R1")
    twin = forge(legal, plane=0.0, square=52.0)
    assert twin == legal and legal in s.legal_moves()  # why == alone is not enough
    assert_refused(s, twin)
    with pytest.raises(IllegalMoveError, match=r"Move\.plane must be an int, not float"):
        s.play(twin)
    with pytest.raises(IllegalMoveError, match="not a well-formed Move"):
        format_move(s, twin)
    with pytest.raises(ValueError, match="do not fit"):
        move_to_dict(twin)
    assert s.play(legal).to_text() == "standard RB B? t2 R1:RT,R2:14"


def test_n2_repr_is_total() -> None:
    """N2: repr of a Move forged with fields no constructor allows shows them, never
    raises, so an IllegalMoveError about it can be built."""
    forged = forge(Move.fly("R1", "14"), plane=99, square=99)
    assert repr(forged) == "Move(<MoveKind.FLY: 2>, 99, 99, 0, False)"
    assert repr(forge(Move.roll(6), value=6.0)) == "Move(<MoveKind.ROLL: 0>, -1, -1, 6.0, False)"
    with pytest.raises(IllegalMoveError, match=r"illegal move Move\(<MoveKind.FLY: 2>, 99, 99"):
        at_move().play(forged)


def test_n2_format_move_rejects_float_roll() -> None:
    """N2: format_move of a roll of 6.0 raises IllegalMoveError, it writes no text."""
    with pytest.raises(IllegalMoveError, match=r"Move\.value must be an int, not float 6\.0"):
        format_move(at_roll(), forge(Move.roll(6), value=6.0))
    assert format_move(at_roll(), Move.roll(6)) == "6"


# ---- N6: sixed marks only what the engine produces --------------------------------------


def test_n6_sixed_plane_in_hangar_rejected() -> None:
    """N6: a plane marked as moved by an earlier 6 while in its hangar is refused by the
    position text, setup_position and JSON."""
    with pytest.raises(NotationError, match=r"R1 is marked as moved by an earlier 6 but is in"):
        position_from_text("standard RB R6? t3 R2:14 sixed:R1")
    with pytest.raises(PositionError, match=r"R1 is marked .* in its hangar \[AC10\]"):
        setup_position("RB", {"R2": "14"}, sixes=1, sixed=["R1"])
    d = state_to_dict(setup_position("RB", {"R1": "RT"}, sixes=1, sixed=["R1"]))
    d["planes"]["R1"] = "hangar"
    with pytest.raises(NotationError, match="R1 is marked"):
        state_from_dict(d)


@pytest.mark.parametrize(
    "text",
    [
        "standard RB R6? t3 R1:14,R2:16,R3:20,R4:22 sixed:R1R2R3R4",  # four planes, one 6
        "standard RB R66? t3 R1:14,R2:16,R3:20,R4:22 sixed:R1R2R3R4",  # four planes, two 6s
        "standard RB R6? t3 R1:14,R2:RT sixed:R1R2",  # two lone planes, one 6
        "standard RB R64 t3 R1:14,R2:RH6 sixed:R1R2",  # a plane and the centre, one 6
        "standard,stacking=never RB R6? t3 R1:RH6,R2:RH6 sixed:R1R2",  # no stack arrived
        "standard RB R66? t3 R1:14,R2:16,R3R4:RH6 sixed:R1R2R3",  # two planes and the centre
    ],
)
def test_n6_sixed_more_units_than_sixes_rejected(text: str) -> None:
    """N6: the marked planes lie in more separate planes or stacks than earlier 6s could
    move."""
    with pytest.raises(NotationError, match=r"separate planes or stacks, but .* \[AC10\]"):
        position_from_text(text)


@pytest.mark.parametrize(
    "text",
    [
        "standard RB R6? t3 R1R2:14 sixed:R1R2",  # a stack moved with the 6
        "standard RB R6? t3 R1R2R3:14 sixed:R2",  # R2 moved and stacked
        "standard RB R6? t3 R1R2:RH6 sixed:R1R2",  # a stack arrived whole
        "standard RB R66? t3 R1:14,R2:RT sixed:R1R2",  # two moves
        "standard RB R66? t3 R1R2:14,R3:RH6 sixed:R1R2R3",  # a stack and an arrival
        "standard RB R66? t3 R1:14",  # two 6s passed
    ],
)
def test_sixed_the_engine_produces_is_accepted(text: str) -> None:
    """Marks that earlier 6s can leave read and write back (the N6 check refuses none)."""
    assert position_to_text(position_from_text(text)) == text


@pytest.mark.parametrize("rules", [STANDARD, CLASSIC, attrs.evolve(STANDARD, stacking="never")])
def test_every_reachable_sixed_is_accepted(rules: Any) -> None:
    """Every state of random games heavy in 6s passes check_state (the N6 sixed check
    refuses nothing the engine plays)."""
    rng = random.Random(23)
    marked = 0
    for game in range(12):
        s = new_game(2 + game % 3, rules=rules)
        while not s.is_over:
            moves = s.legal_moves()
            six = s.is_chance_node and rng.random() < 0.45
            s = s.play(moves[5] if six else rng.choice(moves))
            check_state(s)
            marked += bin(s.sixed).count("1") > 1
    assert marked > 0  # the games did mark several planes at once


# ---- N9: wrong types are the rules' error --------------------------------------------


@pytest.mark.parametrize(
    "kwargs",
    [
        {"colours": 0.0},
        {"colours": None},
        {"colours": "RB", "planes": 0.0},
        {"colours": "RB", "planes": "R1"},
        {"colours": "RB", "planes": [("R1", "14")]},
        {"colours": "RB", "planes": {"R1": 14}},
        {"colours": "RB", "planes": {"R1": None}},
        {"colours": "RB", "stacks": 0.0},
        {"colours": "RB", "stacks": [0.0]},
        {"colours": "RB", "sixed": 0.0},
        {"colours": "RB", "finished": 0.0},
    ],
)
def test_n9_setup_position_wrong_types_raise_position_error(kwargs: dict[str, Any]) -> None:
    """N9: setup_position with an argument of the wrong type raises PositionError naming
    it (never a TypeError from inside)."""
    colours = kwargs.pop("colours")
    with pytest.raises(PositionError, match=r"colours|planes|stack|sixed|finished|square of"):
        setup_position(colours, **kwargs)


@pytest.mark.parametrize(
    "kwargs",
    [
        {"colours": [[0], [2]]},
        {"colours": "RB", "planes": {("R1",): "14"}},
        {"colours": "RB", "stacks": ["R1R2"]},
        {"colours": "RB", "sixed": [None]},
        {"colours": "RB", "to_move": 0.0},
        {"colours": "RB", "roll": 2.0},
        {"colours": "RB", "sixes": None},
        {"colours": "RB", "turn": "1"},
        {"colours": "RB", "rules": "standard"},
    ],
)
def test_setup_position_wrong_items_stay_position_errors(kwargs: dict[str, Any]) -> None:
    """Wrong-typed items and numbers of setup_position raise PositionError too."""
    colours = kwargs.pop("colours")
    with pytest.raises(PositionError):
        setup_position(colours, **kwargs)


@pytest.mark.parametrize(
    "kwargs",
    [{"players": 2.0}, {"players": 3.0, "colours": "RYB"}, {"rules": "standard"},
     {"colours": 0.0}],
)  # fmt: skip
def test_n9_new_game_wrong_types_raise_position_error(kwargs: dict[str, Any]) -> None:
    """N9: new_game with an argument of the wrong type raises PositionError, and builds no
    state with it."""
    with pytest.raises(PositionError):
        new_game(**kwargs)


def test_n9_setup_position_names_a_plane_once() -> None:
    """N9: a plane given twice (in two spellings) is an error, not the last one winning."""
    with pytest.raises(PositionError, match="planes names R1 twice"):
        setup_position("RB", {"R1": "14", "r1": "16"})
    with pytest.raises(PositionError, match="sixed names 'r1' twice"):
        setup_position("RB", {"R1": "RT"}, roll=2, sixes=1, sixed=["R1", "r1"])


# ---- N10: one value, one spelling ----------------------------------------------------


def _state_dict() -> dict[str, Any]:
    s = setup_position(
        "RYB", {"R1": "14", "R2": "14", "R3": "RT"}, stacks=[("R1", "R2")], roll=4, sixes=2,
        sixed=["R1", "R2", "R3"],
    )  # fmt: skip
    d = state_to_dict(s)
    assert state_from_dict(d) == s
    return d


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        ({"colours": ["R", "B", "Y"]}, r"colours\[2\]: Y comes before B: colours are in turn"),
        ({"colours": ["R", "Y", "Y", "B"]}, r"colours\[2\]: Y is listed twice"),
        ({"sixed": ["R1", "R2", "R2", "R3"]}, r"sixed\[2\]: R2 is listed twice"),
        ({"sixed": ["R1", "R3", "R2"]}, r"sixed\[2\]: R2 comes before R3"),
        ({"stacks": [["R2", "R1"]]}, r"stacks\[0\]\[1\]: R1 comes before R2"),
        ({"planes": {"G1": "hangar"}}, r"planes\.G1: G is not in the game"),
        ({"planes": {"G1": "hangar", "B4": None}}, r"planes\.G1: G is not in the game"),
    ],
)
def test_n10_json_non_canonical_state_rejected(change: dict[str, Any], problem: str) -> None:
    """N10: a JSON state not in the one form the writer writes (a colour out of order or
    twice, a plane listed twice or out of order, a plane of a colour not in the game) is
    refused, naming the JSON path."""
    d = _state_dict()
    for key, value in change.items():
        if key == "planes":
            d["planes"].update(value)
            d["planes"] = {k: v for k, v in d["planes"].items() if v is not None}
        else:
            d[key] = value
    with pytest.raises(NotationError, match=problem):
        state_from_dict(d)
    with pytest.raises(NotationError, match=problem):
        from_json(json.dumps(d))


def test_n10_json_plane_of_colour_not_in_game_rejected() -> None:
    """N10: a plane list naming a colour not in the game is refused even when the count of
    planes is right."""
    d = _state_dict()
    del d["planes"]["B4"]
    d["planes"]["G4"] = "hangar"
    with pytest.raises(NotationError, match=r"planes\.G4: G is not in the game"):
        state_from_dict(d)


@pytest.mark.parametrize(
    ("text", "index"),
    [
        ("standard,launch=six,launch=even", 20),
        ("standard,stacking=never,launch=six,STACKING=never", 35),
        ("classic,shortcut_jump=on,shortcut_jump=on", 25),
    ],
)
def test_n10_rules_option_twice_rejected(text: str, index: int) -> None:
    """N10: rules text giving an option twice is refused, naming the option and pointing
    at the second, never keeping the last."""
    with pytest.raises(NotationError, match=r"\w+ is given twice") as info:
        rules_from_text(text)
    assert info.value.index == index
    name = text.split(",")[1].split("=")[0]
    assert f"{name} is given twice" in info.value.problem
    with pytest.raises(NotationError, match="twice"):
        position_from_text(text + " RB R? t1 -")


def test_n10_position_sixed_plane_twice_rejected() -> None:
    """N10: a position text's sixed: naming a plane twice is refused at the repeat."""
    text = "standard RB R66? t3 R1:14,R2:16 sixed:R1r1"
    with pytest.raises(NotationError, match="sixed: lists R1 twice") as info:
        position_from_text(text)
    assert info.value.index == text.index("r1")


# ---- N16: the readers' bound is the game's turn limit --------------------------------


def _round_trips(state: AeroplaneState) -> None:
    assert position_from_text(position_to_text(state)) == state
    assert from_json(to_json(state)) == state
    check_state(state)


def test_n16_state_one_ply_before_bound_plays_to_turn_limit_end() -> None:
    """N16: the last ply of turn 1,000,000 ends the game at the turn limit [AC21]; the
    final state writes and reads back as text, JSON and a record."""
    start = position_from_text(f"standard RYB B? t{MAX_TURN} R1:14,B1:30")
    roll = Move.roll(3)
    before = start.play(roll)  # one ply before the bound
    _round_trips(before)
    (move,) = before.legal_moves()
    end = before.play(move)
    assert end.is_over and end.turn_limit and end.turn == MAX_TURN
    assert end.legal_moves() == () and not end.is_chance_node
    with pytest.raises(IllegalMoveError, match=r"over at the turn limit \[AC21\]"):
        end.play(Move.roll(1))
    assert end.to_text() == f"standard RYB - t{MAX_TURN} R1:14,B1:33"
    _round_trips(end)
    assert end.returns() == (0.5, 0.5, 0.5, 0.0) and end.ranking == (0, 1, 2)
    shared = "R (Red), Y (Yellow) and B (Blue) share 1st-3rd (turn limit)"
    assert describe_outcome(end) == shared
    record = GameRecord.from_game(start, [roll, move])
    assert GameRecord.from_text(record.to_text()) == record
    assert 'Result "R, Y and B share 1st-3rd (turn limit)"' in record.to_text()


def test_n16_third_six_at_the_last_turn_ends_at_the_limit() -> None:
    """N16: a third 6 in turn 1,000,000 sends the planes back and ends the game there."""
    s = position_from_text(f"standard RB R66? t{MAX_TURN} R1:17,R2:RT,B1:29 sixed:R1R2")
    end = s.play(Move.roll(6))
    assert end.turn_limit and end.to_text() == f"standard RB - t{MAX_TURN} B1:29"
    _round_trips(end)


def test_n16_places_finished_before_the_limit_are_kept() -> None:
    """N16: at the turn limit the finished keep their places and the rest share the
    others; evaluation and returns agree."""
    s = position_from_text(f"standard RYBG Y1 t{MAX_TURN} R1R2R3R4:RH6,Y1:3 fin:R")
    end = s.play(s.legal_moves()[-1])
    third = 1 / 3
    assert end.turn_limit and end.returns() == (1.0, third, third, third)
    assert end.ranking == (0, 1, 2, 3)
    assert describe_outcome(end).startswith("1st R (Red), Y (Yellow), B (Blue) and G (Green)")
    _round_trips(end)


def test_n16_finishing_in_the_last_turn_is_an_ordinary_end() -> None:
    """N16: when the last turn leaves one player, the game ends as usual [AC13], not at
    the turn limit."""
    s = position_from_text(f"standard RB R5 t{MAX_TURN} R1R2R3:RH6,R4:RH1")
    end = s.play(Move.fly("R4", "RH6"))
    assert end.is_over and not end.turn_limit and end.ranking == (0, 2)
    assert end.returns() == (1.0, 0.0, 0.0, 0.0)
    _round_trips(end)


@pytest.mark.parametrize("seed", range(6))
def test_n16_random_play_from_the_last_turns_ends_readable(seed: int) -> None:
    """N16: random play from a turn before the bound ends by turn 1,000,000, and every
    state on the way writes and reads back."""
    rng = random.Random(seed)
    s = position_from_text(f"standard RYBG G? t{MAX_TURN - 2} R1:14,Y1:20,B1:BH3,G1:GT")
    while not s.is_over:
        moves = s.legal_moves()
        s = s.play(moves[rng.randrange(len(moves))])
        _round_trips(s)
    assert s.turn == MAX_TURN and s.turn_limit


def test_n16_readers_refuse_ends_before_the_limit() -> None:
    """N16: '-' with more than one colour left is the turn limit only at t1000000, and no
    turn past it is read."""
    with pytest.raises(NotationError, match=r"or the turn limit t1000000 \[AC21\]"):
        position_from_text(f"standard RB - t{MAX_TURN - 1} R1:14")
    with pytest.raises(NotationError, match=r"turn number is 1\.\.1000000"):
        position_from_text(f"standard RB R? t{MAX_TURN + 1} R1:14")


def test_n16_turn_limit_flag_is_checked() -> None:
    """N16: check_state accepts turn_limit only at turn 1,000,000 with several players
    left and nothing pending; JSON "over" says it only there."""
    good = position_from_text(f"standard RB - t{MAX_TURN} R1:14")
    for bad in (
        attrs.evolve(good, turn=MAX_TURN - 1),
        attrs.evolve(good, turn_limit=1),  # type: ignore[arg-type]
        attrs.evolve(good, to_move=2),
        attrs.evolve(good, roll=3),
    ):
        with pytest.raises(PositionError):
            check_state(bad)
    d = state_to_dict(good)
    d["turn"] = MAX_TURN - 1
    with pytest.raises(NotationError, match=r"turn limit .*\[AC21\]"):
        state_from_dict(d)
    d = state_to_dict(attrs.evolve(good, turn_limit=False))
    assert d["over"] is False and d["chance_node"] is True
    d["over"] = True
    with pytest.raises(NotationError, match="chance_node is False"):
        state_from_dict(d)


# ---- found on the way: a stack the engine never builds ------------------------------


def test_stack_on_take_off_square_rejected() -> None:
    """A stack on a take-off square is refused by every reader: planes taxiing out onto
    own planes do not stack [AC9], and no stack moves back there."""
    with pytest.raises(NotationError, match=r"stack R1R2 is on its take-off square.*\[AC9\]"):
        position_from_text("standard RB R2 t1 R1R2:RT")
    with pytest.raises(PositionError, match="take-off square"):
        setup_position("RB", {"R1": "RT", "R2": "RT"}, stacks=[("R1", "R2")])
    assert position_from_text("standard RB R2 t1 R1:RT,R2:RT").stacks == ()


@pytest.mark.parametrize("bad", [0.0, True, False, 1.0])
def test_queries_refuse_float_and_bool_ids(bad: Any) -> None:
    """A state's queries take a bool or float for no plane or square id (True is not
    plane 1, 0.0 not square 1): ValueError, never another plane's answer."""
    s = setup_position("RB", {"R1": "1", "R2": "14"}, stacks=[], roll=2)
    for query in (s.planes_at, s.progress, s.square_of, s.stack_of):
        with pytest.raises(ValueError, match=r"not a (plane|square) id"):
            query(bad)
