"""Variants and the pluggable rules (RULES.md section 10)."""

from __future__ import annotations

import attrs
import pytest

import astroplane as ap
from astroplane import MoveKind
from sq_helpers import (
    END,
    N,
    S,
    W,
    at,
    kill,
    kills,
    names,
    setup,
    slides,
    square_map,
    step,
    steps_from,
    travel,
)

N_IDLE = {"Nl": ["N1"]}


def sq(cell_name: str, a: str, b: str) -> dict[str, list[str]]:
    """Two pieces at the ne/sw apexes of one cell."""
    return {f"{cell_name}.ne": [a], f"{cell_name}.sw": [b]}


# ---------- presets
def test_presets_bundle_the_options() -> None:
    """basic / standard / advanced presets bundle the section 10 options."""
    assert ap.Rules.standard() == ap.STANDARD
    assert ap.Rules.basic() == ap.BASIC and ap.Rules.advanced() == ap.ADVANCED
    assert ap.STANDARD.squares and not ap.STANDARD.square_vs_square
    assert ap.STANDARD.remove_stuck_players and not ap.STANDARD.singles_disband_squares
    assert ap.STANDARD.max_turns is None and ap.STANDARD.no_progress_rounds is None
    assert not ap.BASIC.squares
    assert ap.ADVANCED.singles_disband_squares and ap.ADVANCED.squares
    assert ap.ADVANCED != ap.STANDARD != ap.BASIC


def test_evolve_standard_with_max_turns() -> None:
    """attrs.evolve(Rules.standard(), max_turns=200) changes only that option [D18]."""
    rules = attrs.evolve(ap.Rules.standard(), max_turns=200)
    assert rules.max_turns == 200
    assert attrs.evolve(rules, max_turns=None) == ap.STANDARD
    assert ap.STANDARD.max_turns is None  # the preset itself is unchanged


@pytest.mark.parametrize("field", ["max_turns", "no_progress_rounds", "match_target"])
@pytest.mark.parametrize("bad", [0, -3])
def test_limits_must_be_positive(field: str, bad: int) -> None:
    """Limits are positive ints or None; anything else is rejected (section 10)."""
    with pytest.raises(ValueError):
        attrs.evolve(ap.STANDARD, **{field: bad})
    assert getattr(attrs.evolve(ap.STANDARD, **{field: 7}), field) == 7


# ---------- basic (squares off)
def test_basic_opposite_own_singles_are_just_singles() -> None:
    """Under Basic rules two opposite own singles are no Square and have no Square moves."""
    stacks = {**sq("c3", "S1", "S2"), "c6.ne": ["N2"], **N_IDLE}
    basic = setup(stacks, rules=ap.BASIC)
    assert basic.squares() == ()
    assert not {MoveKind.SQUARE, MoveKind.ELIMINATE} & {m.kind for m in basic.legal_moves()}
    standard = setup(stacks, rules=ap.STANDARD)
    assert square_map(standard) == {"c3": "S"}
    assert slides(standard) and ("c3", "c6") in kills(standard)


def test_basic_singles_may_land_on_the_pair() -> None:
    """Under Basic rules nothing is impenetrable: a single may land on such a pair."""
    stacks = {**sq("c3", "N2", "N3"), "d2.nw": ["S1"], **N_IDLE}
    assert {"c3.ne", "c3.sw"} <= steps_from(setup(stacks, rules=ap.BASIC), "d2.nw")
    assert steps_from(setup(stacks, rules=ap.STANDARD), "d2.nw") == set()


# ---------- square_vs_square
SVS = attrs.evolve(ap.STANDARD, square_vs_square=True)


def test_square_vs_square_kills_another_square_from_a_distance() -> None:
    """square_vs_square: a Square eliminates another player's Square, 3 points per piece."""
    stacks = {**sq("c3", "S1", "S2"), **sq("c6", "N2", "N3"), **N_IDLE}
    assert ("c3", "c6") not in kills(setup(stacks))
    s = setup(stacks, rules=SVS)
    assert ("c3", "c6") in kills(s)
    s = s.play(kill("c3", "c6"))
    assert s.location("N2") == -2 and s.location("N3") == -2
    assert s.scores()[S] == 6
    assert square_map(s) == {"c6": "S"}


def test_square_vs_square_never_hits_own_square() -> None:
    """square_vs_square: an own Square is no target (it holds no other player's piece)."""
    s = setup({**sq("c3", "S1", "S2"), **sq("c6", "S3", "S4"), **N_IDLE}, rules=SVS)
    assert ("c3", "c6") not in kills(s)


def test_square_vs_square_still_obeys_side_by_side_rule() -> None:
    """square_vs_square: a kill ending next to a third Square of another player is illegal [D15]."""
    base = {**sq("c3", "S1", "S2"), **sq("c6", "N2", "N3"), **N_IDLE}
    s = setup({**base, **sq("d6", "N4", "N5")}, rules=SVS)
    assert ("c3", "c6") not in kills(s)
    s2 = setup({**base, **sq("d7", "N4", "N5")}, rules=SVS)
    assert ("c3", "c6") in kills(s2)


# ---------- singles_disband_squares
def test_advanced_single_disbands_another_players_square() -> None:
    """Advanced: a single lands on a piece of another's Square, holds it, sends the other back."""
    stacks = {**sq("c3", "N2", "N3"), "d2.nw": ["S1"], "Sl": ["S2"], **N_IDLE}
    assert steps_from(setup(stacks), "d2.nw") == set()
    s = setup(stacks, rules=ap.ADVANCED)
    assert {"c3.ne", "c3.sw"} <= steps_from(s, "d2.nw")
    s = s.play(step("d2.nw", "c3.ne", choice=1 << N))  # N3 goes to N's right Start Area
    assert names(s, "c3.ne") == ["N2", "S1"]
    assert names(s, "c3.sw") == []
    assert at(s, "N3") == "Nr"
    assert s.squares() == ()
    s = s.play(step("Sl", "e2.ne"))
    assert s.to_move == N
    assert all(m.origin != ap.REFERENCE_BOARD.position("c3.ne") for m in s.legal_moves())


def test_advanced_send_back_start_area_is_the_movers_choice() -> None:
    """Advanced: the mover picks the Start Area of the sent-back piece [D10]."""
    s = setup({**sq("c3", "N2", "N3"), "d2.nw": ["S1"], **N_IDLE}, rules=ap.ADVANCED)
    s = s.play(step("d2.nw", "c3.sw", choice=0))
    assert at(s, "N2") == "Nl"
    assert names(s, "Nl") == ["N1", "N2"]


def test_d27_advanced_own_squares_stay_impenetrable() -> None:
    """Advanced: a single may not land on its own player's Square [D27]."""
    s = setup({**sq("c3", "S2", "S3"), "d2.nw": ["S1"], **N_IDLE}, rules=ap.ADVANCED)
    assert not any(t.startswith("c3.") for t in steps_from(s, "d2.nw"))


# ---------- remove_stuck_players
def _three_player_w_stuck(rules: ap.Rules) -> ap.GameState:
    """S to move with one move; W then has nothing to do (captive under S)."""
    return setup(
        {"c3.ne": ["W1", "S2"], "Sl": ["S1"], "Nl": ["N1"]},
        players=3,
        reserve={"S": 8, "W": 0, "N": 9},
        eliminated=[(f"W{i}", "S") for i in range(2, 11)],
        to_move="S",
        moves_left=1,
        rules=rules,
    )


def test_remove_stuck_players_off_ends_three_player_game() -> None:
    """remove_stuck_players off: a stuck player ends a 3-player game as with 2 players."""
    rules = attrs.evolve(ap.STANDARD, remove_stuck_players=False)
    s = _three_player_w_stuck(rules).play(step("Sl", "e2.ne"))
    assert s.is_over
    assert s.outcome is not None and s.outcome.reason == ap.EndReason.STUCK
    assert s.removed == ()


def test_remove_stuck_players_on_removes_and_goes_on() -> None:
    """remove_stuck_players on (default): the stuck player is removed and N plays [D16]."""
    s = _three_player_w_stuck(ap.STANDARD).play(step("Sl", "e2.ne"))
    assert not s.is_over
    assert s.removed == (W,)
    assert s.to_move == N


# ---------- third-party hooks
THREE_MOVES = attrs.evolve(ap.STANDARD, turn_moves=lambda state, seat: 3)


def test_third_party_turn_moves_hook_gives_three_moves() -> None:
    """A variant defined here via turn_moves gives every turn three moves."""
    s = ap.new_game(2, rules=THREE_MOVES)
    assert s.moves_left == 3
    s = s.play(step("Sl", "e2.ne"))
    s = s.play(step("e2.ne", "f3.ne"))
    assert s.to_move == S and s.moves_left == 1
    s = s.play(step("f3.ne", "g4.ne"))
    assert s.to_move == N and s.moves_left == 3
    assert s.turn == 2


def test_standard_turn_has_two_moves() -> None:
    """Without the hook the same two steps end the turn (rulebook: 2 moves per turn)."""
    s = ap.new_game(2)
    s = s.play(step("Sl", "e2.ne")).play(step("e2.ne", "f3.ne"))
    assert s.to_move == N and s.moves_left == 2
    with pytest.raises(ap.IllegalMoveError):
        s.play(step("f3.ne", "g4.ne"))


def test_third_party_turn_moves_may_depend_on_seat() -> None:
    """turn_moves receives the seat: a handicap variant gives N one move per turn."""
    rules = attrs.evolve(ap.STANDARD, turn_moves=lambda state, seat: 1 if seat == N else 2)
    s = ap.new_game(2, rules=rules)
    assert s.moves_left == 2
    s = s.play(step("Sl", "e2.ne")).play(step("e2.ne", "f3.ne"))
    assert s.to_move == N and s.moves_left == 1
    s = s.play(s.legal_moves()[0])
    assert s.to_move == S and s.moves_left == 2


def _no_travel(state: ap.GameState, actions: tuple[ap.Move, ...]) -> tuple[ap.Move, ...]:
    """A third-party filter: no free Wormhole travel."""
    return tuple(m for m in actions if m.kind != MoveKind.TRAVEL)


NO_TRAVEL = attrs.evolve(ap.STANDARD, action_filter=_no_travel)


def test_third_party_action_filter_forbids_wormhole_travel() -> None:
    """A variant defined here via action_filter removes free travel; steps stay legal."""
    stacks = {"b1.ne": ["S1"], **N_IDLE}
    standard = setup(stacks)
    assert any(m.kind == MoveKind.TRAVEL for m in standard.legal_moves())
    s = setup(stacks, rules=NO_TRAVEL)
    assert s.legal_moves()
    assert all(m.kind != MoveKind.TRAVEL for m in s.legal_moves())
    assert set(s.legal_moves()) == {m for m in standard.legal_moves() if m.kind != MoveKind.TRAVEL}
    with pytest.raises(ap.IllegalMoveError):
        s.play(travel("b1.ne", "i1.nw"))
    assert standard.is_legal(travel("b1.ne", "i1.nw"))


def test_third_party_action_filter_may_strand_a_player() -> None:
    """A filter that leaves a 2-player mover nothing makes them stuck: the game ends."""
    rules = attrs.evolve(
        ap.STANDARD, action_filter=lambda state, acts: () if state.to_move == N else acts
    )
    s = ap.new_game(2, rules=rules)
    s = s.play(step("Sl", "e2.ne")).play(step("e2.ne", "f3.ne"))
    assert s.is_over and s.outcome is not None
    assert s.outcome.reason == ap.EndReason.STUCK


def test_action_filter_may_not_add_actions() -> None:
    """An action_filter that adds an action is rejected (it may only remove)."""
    extra = END  # never legal at the start of a game

    def adds(state: ap.GameState, acts: tuple[ap.Move, ...]) -> tuple[ap.Move, ...]:
        return (*acts, extra)

    with pytest.raises(ValueError, match="only remove"):
        ap.new_game(2, rules=attrs.evolve(ap.STANDARD, action_filter=adds))


def test_action_filter_subset_is_accepted() -> None:
    """A filter returning a subset of the actions is accepted (the positive control)."""

    def first_two(state: ap.GameState, acts: tuple[ap.Move, ...]) -> tuple[ap.Move, ...]:
        return acts[:2]

    s = ap.new_game(2, rules=attrs.evolve(ap.STANDARD, action_filter=first_two))
    assert s.legal_moves() == ap.new_game(2).legal_moves()[:2]


def test_remove_stuck_players_off_ends_four_player_game() -> None:
    """remove_stuck_players off: a stuck player ends a 4-player game too."""
    freeze_w = attrs.evolve(
        ap.STANDARD,
        remove_stuck_players=False,
        action_filter=lambda st, acts: () if st.to_move == W else acts,
    )
    s = ap.new_game(4, rules=freeze_w)
    s = s.play(step("Sl", "e2.ne")).play(step("e2.ne", "f3.ne"))
    assert s.is_over and s.outcome is not None
    assert s.outcome.reason == ap.EndReason.STUCK
    assert s.outcome.winners == (S, W, N, ap.Seat.E)  # 0-0-0-0
    on = attrs.evolve(freeze_w, remove_stuck_players=True)
    s2 = ap.new_game(4, rules=on).play(step("Sl", "e2.ne")).play(step("e2.ne", "f3.ne"))
    assert not s2.is_over and s2.removed == (W,) and s2.to_move == N
