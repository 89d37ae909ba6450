"""The rule set owns every phase: variants by composition, registered by name, checked by
the conformance suite (architecture issue)."""

from __future__ import annotations

import itertools
import random

import attrs
import pytest
from hyperspace_closed import HYPERSPACE_CLOSED, enters_hyperspace
from rotating_squares import ROTATE, ROTATING_SQUARES
from three_of_four import THREE_OF_FOUR

import astroplane as ap
from astroplane.games.astroplane.formats import jsonio, rules_to_text
from astroplane.games.astroplane.formats.record import GameRecord
from astroplane.games.astroplane.rules.apply import Edit
from astroplane.testing import ConformanceError, assert_conformance, check_conformance
from sq_helpers import step

B = ap.REFERENCE_BOARD
EXAMPLES = {
    "hyperspace-closed": HYPERSPACE_CLOSED,
    "three-of-four": THREE_OF_FOUR,
    "rotating-squares": ROTATING_SQUARES,
}
SHIPPED = {
    "standard": ap.STANDARD,
    "basic": ap.BASIC,
    "advanced": ap.ADVANCED,
    "every option": attrs.evolve(
        ap.STANDARD,
        square_vs_square=True,
        singles_disband_squares=True,
        remove_stuck_players=False,
        optional_reserve=True,
        no_progress_rounds=4,
    ),
}


def _playout(rules: ap.Rules, players: int, seed: int, plies: int) -> list[ap.GameState]:
    rng = random.Random(seed)
    s = ap.new_game(players, rules=rules if rules.max_turns else attrs.evolve(rules, max_turns=80))
    out = [s]
    for _ in range(plies):
        if s.is_over:
            break
        s = s.play(rng.choice(s.legal_moves()))
        out.append(s)
    return out


# ---- the conformance suite over every shipped preset and example variant ------------------
@pytest.mark.parametrize("name", sorted({**SHIPPED, **EXAMPLES}))
def test_conformance_suite_passes_for_shipped_presets_and_example_variants(name: str) -> None:
    """Every shipped preset, option combination and example variant keeps the contracts of
    astroplane.testing (deterministic legal moves, immutable states, events that replay,
    text and JSON round trips, consistent outcomes, games that end)."""
    rules = {**SHIPPED, **EXAMPLES}[name]
    report = assert_conformance(rules, games=2, max_turns=40, seed=7)
    assert report.games == 6 and report.states > 100


def test_conformance_suite_catches_a_broken_variant() -> None:
    """A variant action that changes the board behind the Edit's back (no events) is
    reported by the suite, not passed."""

    def silent_apply(edit: Edit, move: ap.Move) -> None:
        # The right quarter turn, but with the Edit's primitives, which record no events.
        turn = {0: 3, 3: 2, 2: 1, 1: 0}
        c = move.origin
        lifted = [
            (4 * c + turn[a], edit._lift(4 * c + a)) for a in range(4) if edit.stack(4 * c + a)
        ]
        for q, piece in lifted:
            edit._put(q, piece)

    broken = ap.STANDARD.with_action(attrs.evolve(ROTATE, apply=silent_apply))
    ap.register_variant("broken-rotation-test", broken)
    report = check_conformance(broken, players=(2,), games=6, max_turns=80, seed=3)
    assert not report.ok
    assert any("do not replay" in p for p in report.problems), report
    with pytest.raises(ConformanceError, match="do not replay"):
        assert_conformance(broken, players=(2,), games=6, max_turns=80, seed=3)


# ---- variants by composition --------------------------------------------------------------
def test_hyperspace_closed_removes_every_hyperspace_step_and_says_why() -> None:
    """A Restriction removes the moves it forbids, in every state of random games, and
    playing one anyway raises IllegalMoveError with the variant's reason."""
    seen = 0
    for seed in range(6):
        for s in _playout(HYPERSPACE_CLOSED, 2, seed, 80):
            standard = attrs.evolve(s, rules=attrs.evolve(ap.STANDARD, max_turns=80))
            banned = [m for m in standard.legal_moves() if enters_hyperspace(standard, m)]
            assert not any(enters_hyperspace(s, m) for m in s.legal_moves())
            for m in banned[:1]:
                seen += 1
                with pytest.raises(ap.IllegalMoveError, match="Hyperspace is closed"):
                    s.play(m)
    assert seen > 0


def test_three_of_four_wins_with_three_singularity_tops() -> None:
    """Replacing the true_win phase: three tops end the game at once; standard needs four."""
    stacks = {"e5.ne": ["S1"], "f5.nw": ["S2"], "g7.sw": ["S3"], "Nl": ["N1"]}
    s = ap.setup_position(stacks=stacks, rules=THREE_OF_FOUR)
    won = s.play(step("g7.sw", "f6.sw", 1))
    assert won.outcome is not None and won.outcome.true_win
    assert won.outcome.reason == ap.EndReason.TRUE_WIN
    standard = ap.setup_position(stacks=stacks).play(step("g7.sw", "f6.sw", 1))
    assert not standard.is_over
    with pytest.raises(ap.PositionError, match="already over"):
        ap.setup_position(
            stacks={"e5.ne": ["S1"], "f5.nw": ["S2"], "f6.sw": ["S3"], "Nl": ["N1"]},
            rules=THREE_OF_FOUR,
        )


def test_rotating_squares_adds_an_action_with_notation_json_and_events() -> None:
    """An ActionType adds moves that play, are written and read in notation and JSON, and
    whose events a frontend can replay."""
    s = ap.setup_position(
        stacks={"d4.ne": ["S1"], "d4.sw": ["S2"], "Nl": ["N1"]}, rules=ROTATING_SQUARES
    )
    (turn,) = [m for m in s.legal_moves() if m.kind == ROTATE.kind]
    assert ap.format_move(s, turn) == "d4@"
    assert ap.parse_move(s, " D4 @ ") == turn
    data = jsonio.move_to_dict(turn, state=s)
    assert data == {
        "format_version": 1,
        "game": "astroplane",
        "type": "move",
        "kind": "rotate",
        "from": "d4",
        "to": None,
        "choice": 0,
        "notation": "d4@",
    }
    assert jsonio.move_from_dict(data) == turn
    events = s.effects(turn)
    assert [type(e).__name__ for e in events] == ["PieceMoved", "PieceMoved"]
    after = s.play(turn)
    assert after.stack("d4.se") == (ap.piece_from_name("S1"),)
    assert after.moves_left == 1
    assert after.squares() == ((B.cell("d4"), ap.Seat.S),)
    with pytest.raises(ap.NotationError, match="illegal move"):
        ap.parse_move(after, "e4@")


def test_a_rotation_is_explained_by_its_action_type_when_illegal() -> None:
    """A variant action that is not legal here is explained by its ActionType."""
    s = ap.setup_position(stacks={"d4.ne": ["S1"], "Nl": ["N1"]}, rules=ROTATING_SQUARES)
    with pytest.raises(ap.IllegalMoveError, match="not legal here"):
        s.play(ap.Move(ROTATE.kind, B.cell("d4"), -1, 0))


# ---- the registry: names in text, JSON and records ----------------------------------------
@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_variant_names_round_trip_through_text_json_and_records(name: str) -> None:
    """A registered variant's name is written into position text, JSON and game records,
    and each reads back the same rules and state."""
    rules = attrs.evolve(EXAMPLES[name], max_turns=30)
    states = _playout(rules, 2, 1, 40)
    s = states[-1]
    assert s.to_text().startswith(f"{name},max_turns=30 ")
    assert ap.GameState.from_text(s.to_text()) == s
    assert ap.GameState.from_text(s.to_text()).rules == rules
    assert jsonio.state_to_dict(s)["rules"]["preset"] == name
    assert ap.GameState.from_json(s.to_json()) == s
    moves = []
    for before, after in itertools.pairwise(states):
        (m,) = [m for m in before.legal_moves() if before.play(m) == after]
        moves.append(m)
    record = GameRecord.from_game(states[0], moves)
    assert record.header("Rules") == f"{name},max_turns=30"
    assert GameRecord.from_text(record.to_text()).final_state() == s


def test_an_unknown_variant_name_fails_clearly_in_every_reader() -> None:
    """A saved game of a variant that is not registered raises UnknownVariantError naming
    the variant, from text, JSON and records alike."""
    text = ap.new_game().to_text().replace("standard", "moon-base", 1)
    with pytest.raises(ap.UnknownVariantError, match="moon-base") as err:
        ap.GameState.from_text(text)
    assert err.value.name == "moon-base" and err.value.index == 0
    data = ap.new_game().to_dict()
    data["rules"]["preset"] = "moon-base"
    with pytest.raises(ap.UnknownVariantError, match="moon-base"):
        ap.GameState.from_dict(data)
    with pytest.raises(ap.UnknownVariantError, match="moon-base") as rec:
        GameRecord.from_text('[Rules "moon-base"]\n\n1. S: Sl-e2ne\n')
    assert rec.value.line == 1
    with pytest.raises(ap.UnknownVariantError, match="moon-base"):
        ap.variant("moon-base")


def test_unregistered_rules_cannot_be_written() -> None:
    """Rules whose phases are no registered variant's cannot be written (register first)."""
    rules = attrs.evolve(ap.STANDARD, turn_moves=lambda state, seat: 3)
    with pytest.raises(ap.UnknownVariantError, match="register"):
        ap.new_game(rules=rules).to_text()
    ap.register_variant("three-moves-test", rules)
    assert ap.new_game(rules=rules).to_text().startswith("three-moves-test ")
    assert rules.name == "three-moves-test"


def test_register_variant_rejects_bad_names_and_taken_names() -> None:
    """Variant names are lower-case words with dashes; a taken name stays with its rules."""
    for bad in ("Standard", "two words", "", "x" * 41, "3d"):
        with pytest.raises(ValueError, match="variant name"):
            ap.register_variant(bad, ap.STANDARD)
    with pytest.raises(ValueError, match="another variant"):
        ap.register_variant("standard", ap.BASIC)
    ap.register_variant("standard", ap.STANDARD)  # the same again is fine


def test_presets_and_options_are_the_same_mechanism() -> None:
    """The shipped presets are registered variants; options are set on any variant."""
    assert dict(ap.variants())["standard"] == ap.STANDARD
    assert ap.variant("basic") == ap.BASIC and ap.variant("advanced") == ap.ADVANCED
    assert attrs.evolve(ap.STANDARD, squares=False).name == "basic"
    assert attrs.evolve(ap.STANDARD, squares=False, max_turns=9).variant_name() == "basic"
    closed = attrs.evolve(HYPERSPACE_CLOSED, squares=False)
    assert closed.variant_name() == "hyperspace-closed"
    assert rules_to_text(closed) == "hyperspace-closed,squares=off"


# ---- one consistent hook contract, and what the review found -------------------------------
def test_turn_moves_hook_sees_the_state_of_the_turn_that_starts() -> None:
    """turn_moves is called with the state of the turn that is starting (its to_move and
    turn), both by setup_position and when a turn passes."""
    calls: list[tuple[int, int, int]] = []

    def spy(state: ap.GameState, seat: ap.Seat) -> int:
        calls.append((int(state.to_move), int(seat), state.turn))
        return 2

    rules = attrs.evolve(ap.STANDARD, turn_moves=spy)
    s = ap.new_game(2, rules=rules)
    s = s.play(step("Sl", "e2.ne")).play(step("e2.ne", "f3.ne"))
    assert s.to_move == ap.Seat.N
    assert all(to_move == seat for to_move, seat, _turn in calls)
    assert calls[-1] == (int(ap.Seat.N), int(ap.Seat.N), 2)


def test_evolve_does_not_carry_the_legal_move_cache() -> None:
    """A state evolved with other rules lists the legal moves of those rules."""
    s = ap.setup_position(stacks={"b1.ne": ["S1"], "Nl": ["N1"]})
    assert any(m.kind == ap.MoveKind.TRAVEL for m in s.legal_moves())
    closed = s.rules.restrict(lambda st, m: m.kind == ap.MoveKind.TRAVEL, "no travel")
    evolved = attrs.evolve(s, rules=closed)
    assert not any(m.kind == ap.MoveKind.TRAVEL for m in evolved.legal_moves())


def test_moves_on_a_large_custom_board_keep_their_fields() -> None:
    """On a 24x24 board (2,300+ positions) every generated move names the positions it was
    generated for (the interned move key is exact for any board size)."""
    big = ap.Topology.from_south(
        24,
        singularity=("l12", "ne"),
        hyperspace="l1",
        wormhole=("b1", "w1"),
        anomaly=(("a1", "b1", "sw", "l13"), ("x1", "w1", "se", "m13")),
        start_areas=(("k1", "l2", "sw"), ("n1", "m2", "se")),
    )
    assert big.n_positions > 2048
    rng = random.Random(5)
    s = ap.new_game(2, topology=big, rules=attrs.evolve(ap.STANDARD, max_turns=40))
    checked = 0
    while not s.is_over:
        for m in s.legal_moves():
            if m.kind == ap.MoveKind.STEP:
                assert ap.piece_owner(s.stack(m.origin)[-1]) == s.to_move
                assert m.target in [d for d, _how in big.step_dests[m.origin]]
                checked += 1
        s = s.play(rng.choice(s.legal_moves()))
    assert checked > 50


def test_a_move_removed_by_an_action_filter_is_explained_as_the_variants() -> None:
    """A move a variant's filter removes is explained as the variant's rule, not as an
    unrelated rule of the standard game."""
    rules = attrs.evolve(ap.STANDARD, action_filter=lambda state, acts: acts[1:])
    s = ap.new_game(rules=rules)
    first = ap.new_game().legal_moves()[0]
    with pytest.raises(ap.IllegalMoveError, match="action_filter") as err:
        s.play(first)
    assert "[D" not in err.value.reason
