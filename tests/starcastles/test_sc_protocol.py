"""The State protocol, starting a game, setting up positions and the Move values."""

from __future__ import annotations

import pytest
from sc_helpers import pos, pt, step

from astroplane.errors import IllegalMoveError, PositionError
from astroplane.games.starcastles import Move, MoveKind, Rules, new_game, setup_position
from astroplane.protocol import State


def test_the_state_follows_the_protocol() -> None:
    """No chance, seats 0..n-1, returns of n zeros while the game goes on, legal moves
    computed once and cached."""
    s = new_game(4)
    assert isinstance(s, State) and s.game_name == "starcastles"
    assert not s.is_chance_node and s.chance_outcomes() == ()
    assert s.seats == (0, 1, 2, 3) and s.to_move == 0 and s.returns() == (0.0,) * 4
    assert s.legal_moves() is s.legal_moves()
    assert s.is_legal(s.legal_moves()[0]) and not s.is_legal(Move.PASS)
    assert not s.is_legal([1, 2])  # unhashable: simply not legal


def test_play_never_changes_the_state() -> None:
    """Playing every legal move leaves the state equal, with the same hash and cells."""
    s = new_game(3)
    copy = new_game(3)
    for m in s.legal_moves():
        s.play(m)
    assert s == copy and hash(s) == hash(copy) and s.cells == copy.cells


def test_new_game_seats_and_first() -> None:
    """Default home arms per [SC2]; other strictly increasing arms; first picks the
    opener, and the round starts with them."""
    assert [new_game(n).arms for n in range(2, 7)] == [
        (0, 3),
        (0, 2, 4),
        (0, 1, 3, 4),
        (0, 1, 2, 3, 4),
        (0, 1, 2, 3, 4, 5),
    ]
    s = new_game(2, arms=(1, 4), first=1)
    assert s.to_move == 1 and s.stack("c7") == "P0B0S0" and s.stack("g1") == "P1B1S1"
    assert [s.board.names[p] for p in s.destination(0)] == ["g1", "f1", "g2"]


@pytest.mark.parametrize("player", [2, -1, True, 1.0, "B", None])
def test_destination_names_only_a_player_of_the_game(player: object) -> None:
    """``destination(player)`` of a 2-player game refuses anything but 0 and 1 with a
    ValueError: -1 is not Python's last player, True not player 1."""
    with pytest.raises(ValueError, match=r"a player is 0\.\.1, not "):
        new_game(2).destination(player)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"players": 1}, "for 2 to 6 players, not 1"),
        ({"players": True}, "for 2 to 6 players, not True"),
        ({"players": 2, "arms": (3, 0)}, "strictly increasing tuple of 2 arms"),
        ({"players": 2, "arms": (0, 0)}, "strictly increasing"),
        ({"players": 2, "arms": (0, 6)}, "arms 0..5"),
        ({"players": 3, "arms": (0, 3)}, "tuple of 3 arms"),
        ({"players": 2, "first": 2}, "first is a player 0..1, not 2"),
        ({"players": 2, "first": False}, "first is a player 0..1, not False"),
        ({"players": 2, "rules": "starcastles"}, "rules is a StarCastles Rules value"),
    ],
)
def test_new_game_refuses_bad_arguments(kwargs: dict[str, object], message: str) -> None:
    """Each bad argument gets a PositionError saying which and why."""
    with pytest.raises(PositionError, match=message):
        new_game(**kwargs)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("stacks", "kwargs", "message"),
    [
        ({"z9": "S0"}, {}, "no point named 'z9'"),
        ({"e3": "S0P0"}, {}, "a stack is written bottom to top"),
        ({"e3": "P2"}, {}, "a module of player 2, not in the game"),
        ({"e3": "S0", "e4": "S0", "e5": "S0", "e1": "S0"}, {}, "player 0 has 4 modules S"),
        ({"e3": "P0B0"}, {"controlled": ["e3"]}, "e3 is marked controlled but holds no"),
        ({"e3": "S0"}, {"gems": {0: "e3"}}, "not on an empty point"),
        ({}, {"gems": {0: "e3", 1: "e4"}}, "only one Phase Gem can be in play"),
        ({}, {"gems_left": (5, 4)}, "player 0: 5 gems left"),
        ({}, {"gems": {0: "e3"}, "gems_left": (4, 4)}, "player 0: 4 gems left with 1 in play"),
        ({}, {"to_move": 2}, "to_move is a player 0..1"),
        ({}, {"round": 0}, "round is an int >= 1"),
        ({}, {"gems": {2: "e3"}}, "a gem's owner is a player 0..1"),
    ],
)
def test_setup_position_refuses_broken_positions(
    stacks: dict[str, str], kwargs: dict[str, object], message: str
) -> None:
    """A hand-built position that breaks an invariant gets a PositionError naming it."""
    with pytest.raises(PositionError, match=message):
        setup_position(2, stacks, **kwargs)  # type: ignore[arg-type]


def test_gems_per_player_allows_several_gems_in_a_position() -> None:
    """With gems_per_player two gems may be on the board."""
    s = setup_position(2, {}, gems={0: "e3", 1: "e4"}, rules=Rules(gems_per_player=True))
    assert s.gems == (pt("e3"), pt("e4")) and s.gems_left == (3, 3)


def test_moves_are_validated_values() -> None:
    """Move fields are int point ids 0..120: bools, floats, out-of-range and equal points
    are refused; moves compare and hash by value; repr is total."""
    assert Move.step(1, 6) == Move.step(1, 6) and hash(Move.gem(3)) == hash(Move.gem(3))
    assert Move.step(1, 6) != Move.slide(1, 6)
    for bad in (True, -1, 121, 2.0, "c4"):
        with pytest.raises(ValueError, match=r"a point id is an int 0\.\.120"):
            Move.step(1, bad)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="from one point to another"):
        Move.castle(4, 4)
    assert [repr(m) for m in (Move.swap(30, 34), Move.PASS, Move.gem(0))] == [
        "Move.swap(30, 34)",
        "Move.PASS",
        "Move.gem(0)",
    ]
    assert repr(Move(MoveKind.PASS, 3, 4)) == "Move(<MoveKind.PASS: 5>, 3, 4)"
    with pytest.raises(ValueError, match=r"frm is a point id 0\.\.120 or -1, not 'b1'"):
        Move(MoveKind.STEP, "b1", 6)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="kind is a MoveKind, not 5"):
        Move(5)  # type: ignore[arg-type]


def test_a_tampered_move_is_refused_not_crashed_on() -> None:
    """A Move whose fields were forced past validation is refused with a reason."""
    bad = Move.step(1, 6)
    object.__setattr__(bad, "to", "c4")
    with pytest.raises(IllegalMoveError, match="not a well-formed move"):
        new_game(2).play(bad)


def test_hand_built_or_foreign_moves_are_refused_with_a_reason() -> None:
    """play refuses what is not a legal Move with IllegalMoveError, state unchanged."""
    s = new_game(2)
    for bad, reason in (
        ("b1-c4", "not a StarCastles Move"),
        (Move.step(1, 100), "not on the 37-point board"),
        (Move.gem(pt("b1")), r"a Phase Gem goes on an unoccupied point; b1 is not"),
    ):
        with pytest.raises(IllegalMoveError, match=reason):
            s.play(bad)  # type: ignore[arg-type]
    assert s == new_game(2)


def test_repr_and_str_show_the_position() -> None:
    """repr names the rules, stacks (``!`` controlled), gems and who moves; str draws the
    board row by row with ``*p`` for player p's gem and ``!`` for control, as the position
    text writes them [SC19]."""
    s = pos({"e3": "P0B1S0", "a1": "S1"}, controlled=["e3"], gems={1: "d3"})
    assert repr(s) == (
        "<StarCastlesState starcastles arms=03 round 1, to move 0; a1:S1 e3:P0B1S0!; "
        "gems -,d3 left 43>"
    )
    text = str(s)
    assert "e3=P0B1S0!" in text and "d3=*1" in text and "a1=S1" in text
    assert text.splitlines()[-1] == "round 1: player 0 to move"
    won = pos(
        {"i1": "P0B0S0", "h1": "P0B0S0", "h2": "P0B0", "g5": "S0"}, controlled=["i1", "h1"]
    ).play(step("g5", "h2"))
    assert str(won).splitlines()[-1] == "round 1: win, player 0 won"
