"""End of the game and scoring (RULES.md section 9, [D16], [D18], [D25])."""

from __future__ import annotations

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import astroplane as ap
from astroplane.games.astroplane.match import MATCH_POINTS, start_match
from sq_helpers import N, S, W, at, kill, names, setup, step

REMOVED = -3
ELIMINATED = -2


# ---------- stuck, 2 players
def _n_captures_last_piece(target: str) -> ap.GameState:
    """N to move with one move: N1 at b4.se can land on S's last movable piece at c3.ne."""
    s = setup(
        {"c3.ne": ["S1"], "e5.ne": ["S2"], "b4.se": ["N1"]},
        to_move="N",
        moves_left=1,
    )
    return s.play(step("b4.se", target))


def test_stuck_player_ends_two_player_game() -> None:
    """2 players: a player with no legal action at the start of their turn ends the game."""
    s = _n_captures_last_piece("c3.ne")  # S1 is now captive; S2 sits in the Singularity
    assert s.is_over and s.outcome is not None
    assert s.outcome.reason == ap.EndReason.STUCK
    assert not s.outcome.true_win
    assert s.legal_moves() == ()
    # The game is scored: the stuck player S still wins on points (S2 tops e5).
    assert s.outcome.seat_scores == (2, 0)
    assert s.outcome.winners == (S,)


def test_player_with_a_move_is_not_stuck() -> None:
    """Sending the piece back instead leaves S a move: the game goes on."""
    s = _n_captures_last_piece("c3.sw")
    assert not s.is_over
    assert s.to_move == S
    assert at(s, "S1") == "Sl"


def test_stuck_at_setup_ends_game_at_once() -> None:
    """setup_position resolves a stuck player to move: the 2-player game is over."""
    s = setup({"c3.ne": ["S1", "N1"], "Nl": ["N2"]}, to_move="S")
    assert s.is_over and s.outcome is not None
    assert s.outcome.reason == ap.EndReason.STUCK


# ---------- stuck, 3/4 players [D16]
def _freeze_w(rules: ap.Rules = ap.STANDARD) -> ap.Rules:
    """A variant in which W can never act, so W is stuck whatever W holds."""
    return attrs.evolve(rules, action_filter=lambda st, acts: () if st.to_move == W else acts)


def _three_players_w_will_be_stuck(rules: ap.Rules) -> ap.GameState:
    """S to move (one move); W holds N2 captive at g7.ne, has W2 in the Singularity,
    W3 in a Start Area, W4-W10 in reserve, and eliminated N3 earlier."""
    return setup(
        {
            "Sl": ["S1"],
            "g7.ne": ["N2", "W1"],
            "e5.ne": ["W2"],
            "Wl": ["W3"],
            "Nl": ["N1"],
        },
        players=3,
        eliminated=[("N3", "W")],
        to_move="S",
        moves_left=1,
        rules=rules,
    )


def test_d16_stuck_player_removed_except_singularity_pieces() -> None:
    """3 players: the stuck player's pieces leave the game, Start Area and reserve included,
    except those in the Singularity [D16]."""
    s = _three_players_w_will_be_stuck(_freeze_w()).play(step("Sl", "e2.ne"))
    assert not s.is_over
    assert s.removed == (W,)
    assert s.location("W1") == REMOVED  # on the grid
    assert s.location("W3") == REMOVED  # in a Start Area
    assert s.reserve_count("W") == 0  # reserve
    assert names(s, "Wl") == []
    assert at(s, "W2") == "e5.ne"  # Singularity pieces stay
    assert s.active_seats == (S, N)


def test_d16_reserve_pieces_of_stuck_player_are_removed() -> None:
    """The removed player's reserve pieces are located as removed (-3) [D16]."""
    before = _three_players_w_will_be_stuck(_freeze_w())
    assert all(before.location(f"W{i}") == -1 for i in range(4, 11))
    s = before.play(step("Sl", "e2.ne"))
    assert all(s.location(f"W{i}") == REMOVED for i in range(4, 11))


def test_d16_removal_frees_held_pieces() -> None:
    """Pieces the removed player held captive become free [D16]."""
    before = _three_players_w_will_be_stuck(_freeze_w())
    assert names(before, "g7.ne") == ["N2", "W1"]
    s = before.play(step("Sl", "e2.ne"))
    assert names(s, "g7.ne") == ["N2"]
    assert s.to_move == N
    assert any(m.origin == ap.REFERENCE_BOARD.position("g7.ne") for m in s.legal_moves())


def test_d16_stuck_turn_counts_and_removed_seat_is_skipped() -> None:
    """The stuck player's empty turn counts as a turn; later the removed seat takes none [D16]."""
    s = _three_players_w_will_be_stuck(_freeze_w())
    assert (s.turn, s.to_move) == (1, S)
    s = s.play(step("Sl", "e2.ne"))
    assert (s.turn, s.to_move) == (3, N)  # turn 2 was W's empty turn
    seen = []
    for _ in range(4):
        first = s.turn
        while s.turn == first and not s.is_over:
            s = s.play(s.legal_moves()[0])
        seen.append((s.turn, s.to_move))
    assert seen == [(4, S), (5, N), (6, S), (7, N)]


def test_d16_no_removal_without_stuck_player() -> None:
    """A 3-player turn order without a stuck player visits every seat (negative control)."""
    s = _three_players_w_will_be_stuck(ap.STANDARD)
    s = s.play(step("Sl", "e2.ne"))
    assert (s.turn, s.to_move) == (2, W)
    assert s.removed == ()


def test_d16_removed_player_keeps_points_and_can_win() -> None:
    """A removed player keeps Singularity pieces and eliminations, is scored and can win [D16]."""
    rules = attrs.evolve(_freeze_w(), max_turns=4)
    s = _three_players_w_will_be_stuck(rules).play(step("Sl", "e2.ne"))
    assert s.scores()[W] == 5  # 3 for N3 + 2 for W2 on top of e5
    while not s.is_over:
        s = s.play(s.legal_moves()[0])
    assert s.outcome is not None
    assert s.outcome.reason == ap.EndReason.TURN_LIMIT
    assert s.outcome.score(W) == 5
    assert s.outcome.winners == (W,)


def test_d16_natural_stuck_player_in_three_player_game() -> None:
    """3 players: W whose only grid piece is blocked by a Square and whose other pieces are in the
    Singularity or reserve is stuck and removed; play passes to N [D16]."""
    s = setup(
        {
            "Sl": ["S1"],
            "h8.nw": ["S2"],
            "h8.se": ["S3"],  # S Square at h8 blocks g7.ne
            "g7.ne": ["W1"],
            "e5.ne": ["W2"],
            "Nl": ["N1"],
        },
        players=3,
        to_move="S",
        moves_left=1,
    )
    s = s.play(step("Sl", "e2.ne"))
    assert s.removed == (W,)
    assert (s.turn, s.to_move) == (3, N)
    assert names(s, "g7.ne") == []
    assert at(s, "W2") == "e5.ne"


def test_d16_four_players_removed_seat_skipped() -> None:
    """4 players: after N is removed the order is S, W, E, S... [D16]."""
    rules = attrs.evolve(ap.STANDARD, action_filter=lambda st, a: () if st.to_move == N else a)
    s = ap.new_game(4, rules=rules)
    order = []
    while len(order) < 6:
        order.append((s.turn, "SWNE"[s.to_move]))
        first = s.turn
        while s.turn == first:
            s = s.play(s.legal_moves()[0])
    assert order == [(1, "S"), (2, "W"), (4, "E"), (5, "S"), (6, "W"), (7, "E")]
    assert s.removed == (N,)


def _three_players_w_removed_n_about_to_be_stuck() -> ap.GameState:
    """3 players, W already removed; S's one move leaves N with nothing to do."""
    return setup(
        {"Sl": ["S1"], "c3.ne": ["N1", "S2"]},
        players=3,
        removed=["W"],
        to_move="S",
        moves_left=1,
    )


def test_d16_game_ends_when_fewer_than_two_players_left() -> None:
    """3 players with W already removed: when N is stuck too, fewer than two are left [D16]."""
    s = _three_players_w_removed_n_about_to_be_stuck()
    assert not s.is_over
    s = s.play(step("Sl", "e2.ne"))
    assert s.is_over and s.outcome is not None
    # Nobody scored: a win shared by all, the removed W included (removed players are scored).
    assert s.outcome.winners == (S, W, N)


def test_d16_last_player_reason() -> None:
    """With removal on, the game ends because fewer than two players are left [D16]."""
    s = _three_players_w_removed_n_about_to_be_stuck().play(step("Sl", "e2.ne"))
    assert s.outcome is not None
    assert s.outcome.reason == ap.EndReason.LAST_PLAYER
    assert s.removed == (W, N)


# ---------- turns and max_turns [D18]
def _play_turn(s: ap.GameState) -> ap.GameState:
    """Play the rest of the current turn with the first legal actions."""
    first = s.turn
    while s.turn == first and not s.is_over:
        s = s.play(s.legal_moves()[0])
    return s


def _is_quiet(s: ap.GameState, m: ap.Move) -> bool:
    """A plain step onto the grid that by the rules makes no progress [D25]: not into the
    Singularity, no kill, nothing opposite to send back."""
    b = ap.REFERENCE_BOARD
    if m.kind != ap.MoveKind.STEP or not b.is_grid_position(m.target):
        return False
    return b.kind[m.target >> 2] != ap.CellKind.SINGULARITY and not s.stack(m.target ^ 2)


def _quiet_turn(s: ap.GameState) -> ap.GameState:
    """Play the rest of the current turn with steps that make no progress [D25]."""
    first = s.turn
    while s.turn == first and not s.is_over:
        s = s.play(next(m for m in s.legal_moves() if _is_quiet(s, m)))
    return s


def test_d18_turn_numbering() -> None:
    """Turn 1 is the first player's first turn; each hand-over adds one [D18]."""
    s = ap.new_game(2)
    assert (s.turn, s.to_move) == (1, S)
    s = s.play(s.legal_moves()[0])
    assert s.turn == 1  # still S's turn after one move
    s = s.play(s.legal_moves()[0])
    assert (s.turn, s.to_move) == (2, N)
    s = _play_turn(s)
    assert (s.turn, s.to_move) == (3, S)


def test_d18_game_ends_when_turn_max_turns_is_over() -> None:
    """max_turns: when turn max_turns is over the game ends and is scored [D18]."""
    s = ap.new_game(2, rules=attrs.evolve(ap.STANDARD, max_turns=2))
    s = _play_turn(s)
    assert not s.is_over and s.turn == 2
    s = _play_turn(s)
    assert s.is_over and s.outcome is not None
    assert s.outcome.reason == ap.EndReason.TURN_LIMIT
    assert s.outcome.turn == 2
    assert s.outcome.winners == (S, N)  # 0-0: shared


def test_d18_no_turn_limit_by_default() -> None:
    """Without max_turns the game simply goes on [D18]."""
    s = ap.new_game(2)
    for _ in range(12):
        s = _play_turn(s)
    assert not s.is_over and s.turn == 13


# ---------- no progress [D25]
def test_d25_no_progress_ends_after_a_round() -> None:
    """no_progress_rounds=1, 2 players: two turns without progress end the game [D25]."""
    s = ap.new_game(2, rules=attrs.evolve(ap.STANDARD, no_progress_rounds=1))
    s = _quiet_turn(s)
    assert not s.is_over
    s = _quiet_turn(s)
    assert s.is_over and s.outcome is not None
    assert s.outcome.reason == ap.EndReason.NO_PROGRESS
    assert s.outcome.turn == 2


def test_d25_round_length_is_players_still_in_game() -> None:
    """A round is as many turns as players still in the game: 3 active -> 3 turns [D25]."""
    rules = attrs.evolve(ap.STANDARD, no_progress_rounds=1)
    s = ap.new_game(3, rules=rules)
    s = _quiet_turn(_quiet_turn(s))
    assert not s.is_over
    s = _quiet_turn(s)
    assert s.is_over and s.outcome is not None and s.outcome.turn == 3


def test_d25_removed_player_shortens_the_round() -> None:
    """With W removed from a 3-player game a round is 2 turns [D25]."""
    rules = attrs.evolve(ap.STANDARD, no_progress_rounds=1)
    s = setup({"Sl": ["S1"], "Nl": ["N1"]}, players=3, removed=["W"], rules=rules)
    s = _quiet_turn(s)
    assert not s.is_over
    s = _quiet_turn(s)
    assert s.is_over and s.outcome is not None
    assert s.outcome.reason == ap.EndReason.NO_PROGRESS and s.outcome.turn == 2


PROGRESS_RULES = attrs.evolve(ap.STANDARD, no_progress_rounds=1)


@pytest.mark.parametrize(
    ("stacks", "move", "progress"),
    [
        # a send-back: S1 takes c3.sw opposite N1
        ({"b4.se": ["S1"], "Sr": ["S2"], "c3.ne": ["N1"]}, step("b4.se", "c3.sw"), True),
        # landing on N1 is no progress
        ({"b4.se": ["S1"], "Sr": ["S2"], "c3.ne": ["N1"]}, step("b4.se", "c3.ne"), False),
        # entering the Singularity
        ({"d4.ne": ["S1"], "Sr": ["S2"], "c3.ne": ["N1"]}, step("d4.ne", "e5.ne", 1), True),
        # an elimination
        ({"c6.ne": ["S1"], "c6.sw": ["S2"], "c3.ne": ["N1"]}, kill("c6", "c3"), True),
        # a plain step
        ({"d4.nw": ["S1"], "Sr": ["S2"], "c3.ne": ["N1"]}, step("d4.nw", "c5.nw"), False),
    ],
)
def test_d25_progress_resets_the_count(
    stacks: dict[str, list[str]], move: ap.Move, progress: bool
) -> None:
    """Progress is a Singularity entry, an elimination or a send-back [D25]."""
    s = setup({**stacks, "Nl": ["N2"], "Sl": ["S3"]}, moves_left=1, rules=PROGRESS_RULES)
    s = s.play(move)  # turn 1 (S), one move
    assert s.turn == 2
    s = _quiet_turn(s)  # turn 2 (N)
    assert s.is_over is not progress
    if progress:
        s = _quiet_turn(s)  # turn 3 (S): one round since the progress in turn 1
        assert s.is_over and s.outcome is not None
        assert s.outcome.reason == ap.EndReason.NO_PROGRESS and s.outcome.turn == 3


# ---------- scoring
def test_score_formula() -> None:
    """3 per other player's piece eliminated, 2 per own top Singularity piece, 1 per lower one."""
    s = setup(
        {
            "e5.ne": ["N1", "S1"],
            "f5.nw": ["S2"],
            "e6.se": ["S3", "N2"],
            "Sl": ["S6"],
            "Nl": ["N4"],
        },
        eliminated=[("N3", "S"), ("S4", "S"), ("S5", "N")],
    )
    # S: 2 (e5 top) + 2 (f5) + 1 (e6 lower) + 3 (N3); S4 was S's own: nothing.
    # N: 1 (e5 lower) + 2 (e6 top) + 3 (S5).
    assert s.scores() == (8, 0, 6, 0)


def test_score_own_eliminations_score_nothing() -> None:
    """Eliminating own pieces is worth nothing (000 rule 3)."""
    s = setup({"Sl": ["S3"], "Nl": ["N1"]}, eliminated=[("S1", "S"), ("S2", "S")])
    assert s.scores() == (0, 0, 0, 0)


def test_highest_score_wins_and_ties_share() -> None:
    """Otherwise the highest score wins; equal highest scores share the win (section 9)."""
    rules = attrs.evolve(ap.STANDARD, max_turns=1)
    tie = setup({"e5.ne": ["S1"], "f5.nw": ["N1"], "Sl": ["S2"], "Nl": ["N2"]}, rules=rules)
    tie = _play_turn(tie)
    assert tie.outcome is not None
    assert tie.outcome.winners == (S, N) and tie.outcome.is_shared
    assert not tie.outcome.true_win
    lead = setup({"e5.ne": ["S1"], "f5.nw": ["N1", "S3"], "Sl": ["S2"], "Nl": ["N2"]}, rules=rules)
    lead = _play_turn(lead)
    assert lead.outcome is not None
    assert lead.outcome.seat_scores == (4, 1)
    assert lead.outcome.winners == (S,) and not lead.outcome.is_shared


# ---------- true win
def _three_tops(f6: list[str]) -> ap.GameState:
    """S tops e5, f5, e6; S4 at g7.sw can step into f6; N has many more points."""
    stacks = {
        "e5.ne": ["S1"],
        "f5.nw": ["S2"],
        "e6.se": ["S3"],
        "g7.sw": ["S4"],
        "Nl": ["N1"],
    }
    if f6:
        stacks["f6.sw"] = f6
    return setup(stacks, eliminated=[(f"S{i}", "N") for i in range(5, 11)])


def test_true_win_ends_game_at_once() -> None:
    """Topping all four Singularity cells is a true win, at once, whatever the scores."""
    s = _three_tops([])
    assert s.scores()[N] > 8
    s = s.play(step("g7.sw", "f6.sw"))
    assert s.is_over and s.outcome is not None
    assert s.outcome.true_win and s.outcome.reason == ap.EndReason.TRUE_WIN
    assert s.outcome.winners == (S,)
    assert s.outcome.turn == 1  # with a move still left in the turn
    assert s.outcome.match_points() == (8, 0, 0, 0)
    assert s.legal_moves() == ()


def test_true_win_covering_another_players_top() -> None:
    """Covering N's top piece in the last cell also makes the true win."""
    s = _three_tops(["N2"]).play(step("g7.sw", "f6.sw"))
    assert s.outcome is not None and s.outcome.true_win


def test_no_true_win_with_three_cells() -> None:
    """Three of four tops is no true win: the game goes on."""
    s = setup(
        {
            "e5.ne": ["S1"],
            "f5.nw": ["S2"],
            "e6.se": ["S3", "N2"],
            "g7.sw": ["S4"],
            "Sl": ["S5"],
            "Nl": ["N1"],
        },
    )
    s = s.play(step("g7.sw", "f6.sw", 1))
    assert not s.is_over
    assert s.moves_left == 1
    assert s.scores()[S] == 2 + 2 + 1 + 2


def test_match_points_without_true_win_are_the_scores() -> None:
    """Outcome.match_points: a game without a true win adds the game's scores."""
    rules = attrs.evolve(ap.STANDARD, max_turns=1)
    s = setup({"e5.ne": ["S1"], "f5.nw": ["N1", "S3"], "Sl": ["S2"], "Nl": ["N2"]}, rules=rules)
    s = _play_turn(s)
    assert s.outcome is not None and not s.outcome.true_win
    assert s.outcome.match_points() == (4, 0, 1, 0) and s.outcome.seat_scores == (4, 1)


def _score_by_hand(s: ap.GameState) -> tuple[int, ...]:
    """Section 9's formula, computed from the public state."""
    total = [0, 0, 0, 0]
    for piece, by in s.eliminated:
        if ap.piece_owner(piece) != by:
            total[by] += 3
    for apex in ("e5.ne", "f5.nw", "e6.se", "f6.sw"):  # the Singularity apexes (1.4)
        st = s.stack(apex)
        for i, piece in enumerate(st):
            total[ap.piece_owner(piece)] += 2 if i == len(st) - 1 else 1
    return tuple(total)


@given(st.lists(st.integers(min_value=0, max_value=10_000), min_size=1, max_size=40))
def test_score_formula_in_random_play(choices: list[int]) -> None:
    """scores() always equals the section 9 formula, and an outcome carries those scores."""
    s = setup(
        {
            "d4.ne": ["S1"],
            "g4.nw": ["S2"],
            "c3.ne": ["S3"],
            "c3.sw": ["S4"],
            "e7.sw": ["N1"],
            "g7.sw": ["N2"],
            "c6.ne": ["N3"],
            "Sl": ["S5"],
            "Nl": ["N4"],
        },
        rules=attrs.evolve(ap.STANDARD, max_turns=6),
    )
    for c in choices:
        if s.is_over:
            break
        s = s.play(s.legal_moves()[c % len(s.legal_moves())])
        assert s.scores() == _score_by_hand(s)
    if s.outcome is not None:
        assert tuple(s.outcome.score(x) for x in range(4)) == _score_by_hand(s)


def test_two_player_outcome_has_two_scores() -> None:
    """A 2-player game's outcome has its two seats and two scores, in its repr too; a seat
    not in the game scores 0 by number."""
    rules = attrs.evolve(ap.STANDARD, max_turns=1)
    s = setup({"e5.ne": ["S1"], "f5.nw": ["N1", "S3"], "Sl": ["S2"], "Nl": ["N2"]}, rules=rules)
    out = _play_turn(s).outcome
    assert out is not None
    assert out.seats == (S, N) and out.seat_scores == (4, 1)
    assert (out.score(S), out.score(W), out.score(N)) == (4, 0, 1)
    assert repr(out) == "Outcome(S wins: S 4 N 1 (turn_limit), turn 1)"


def test_outcome_scores_by_seat_number_still_read_with_a_warning() -> None:
    """Outcome.scores (4 entries by seat number) reads as before for one release, with a
    DeprecationWarning; the older constructor form (4 scores by number) still builds."""
    out = ap.Outcome((0,), (5, 0, 2, 0), False, ap.EndReason.STUCK, 9, seats=(0, 2))
    assert out.seat_scores == (5, 2)
    with pytest.warns(DeprecationWarning, match="seat_scores"):
        assert out.scores == (5, 0, 2, 0)
    with pytest.raises(ValueError, match="W"):
        ap.Outcome((0,), (5, 1, 2, 0), False, ap.EndReason.STUCK, 9, seats=(0, 2))


def test_match_play_true_win_counts_eight_and_totals_reach_the_target() -> None:
    """Match play with ASTROPLANE's scoring: a true win adds 8 to the winner and 0 to the
    others; other games add their scores; the match ends when a seat reaches the target
    (rulebook: How To Win)."""
    rules = attrs.evolve(ap.STANDARD, max_turns=1, match_target=10)
    m = start_match(ap.new_game(2, rules=rules))
    lead = setup({"e5.ne": ["S1"], "f5.nw": ["N1", "S3"], "Sl": ["S2"], "Nl": ["N2"]}, rules=rules)
    m = m.add(_play_turn(lead))  # scores S 4, N 1
    assert m.totals == (4, 1) and not m.is_over and m.winners == ()
    won = _three_tops([]).play(step("g7.sw", "f6.sw"))  # a true win for S: N has more points
    assert MATCH_POINTS(won) == (8, 0, 0, 0)
    m = m.add(won)
    assert m.totals == (12, 1) and m.games == 2 and m.total(N) == 1
    assert m.is_over and m.winners == (S,)
    with pytest.raises(ValueError, match="over"):
        m.add(won)


def test_match_needs_a_target() -> None:
    """A match needs a positive target; rules without match_target cannot start one."""
    with pytest.raises(ValueError, match="match_target"):
        start_match(ap.new_game(2))
    with pytest.raises(ValueError, match="positive"):
        ap.Match(0)


def test_old_match_api_still_works_with_a_warning() -> None:
    """Match.for_rules and Match.add(outcome) work as before for one release (4 totals by
    seat number, also for a 2-player outcome), each with a DeprecationWarning."""
    with pytest.warns(DeprecationWarning, match="for_rules"):
        m = ap.Match.for_rules(attrs.evolve(ap.STANDARD, match_target=10))
    with pytest.warns(DeprecationWarning, match="add"):
        m = m.add(ap.Outcome((0,), (5, 0, 7, 0), False, ap.EndReason.STUCK, 30))
        m = m.add(ap.Outcome((0,), (3, 9), True, ap.EndReason.TRUE_WIN, 12, seats=(0, 2)))
    assert m.totals == (13, 0, 7, 0) and m.is_over and m.winners == (0,)
    with pytest.warns(DeprecationWarning), pytest.raises(ValueError, match="match_target"):
        ap.Match.for_rules(ap.STANDARD)
