"""Properties of random legal playouts (2-4 players, every preset and option combination).

The invariants are recomputed here from the raw fields (stacks, reserve, eliminated,
removed), independently of the engine's own helpers, after every action of a playout.
The action kinds seen over the property runs are counted and shown at the end of the
module (visible in the pytest output).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

import attrs
import pytest
from hypothesis import given

import astroplane as ap
from astroplane import CellKind, GameState, Move, MoveKind
from strategies import (
    PRESETS,
    SCENARIOS,
    Playout,
    biased_policy,
    playouts,
    run_playout,
    uniform_policy,
)

B = ap.REFERENCE_BOARD
SING_POSITIONS = frozenset(B.singularity_position[c] for c, _ in B.singularity)

#: Action kinds seen by the property tests of this module (reported at teardown).
KIND_COUNTS: Counter[str] = Counter()


@pytest.fixture(scope="module", autouse=True)
def _report_kind_counts(request: pytest.FixtureRequest) -> Iterator[None]:
    """Print the MoveKind counts of this module's playouts once its tests are done."""
    yield
    text = ", ".join(f"{k.name}={KIND_COUNTS[k.name]}" for k in MoveKind)
    capture = request.config.pluginmanager.getplugin("capturemanager")
    if capture is not None:
        with capture.global_and_fixture_disabled():
            print(f"\n[test_properties] action kinds played: {text}")
    else:  # pragma: no cover - capture plugin disabled
        print(f"\n[test_properties] action kinds played: {text}")


# --------------------------------------------------------------------------- independent checks
def snapshot(s: GameState) -> tuple[object, ...]:
    """Every field of a state, including the derived ``where`` (not part of equality)."""
    return (
        s.seats,
        s.stacks,
        s.reserve,
        s.eliminated,
        s.removed,
        int(s.to_move),
        s.moves_left,
        s.turn,
        s.travelled,
        s.landed,
        s.last_progress,
        s.outcome,
        s.where,
        s.rules,
    )


def square_map(s: GameState) -> dict[int, int]:
    """{cell: owner} of the Squares, recomputed from the stacks [D14, D23]."""
    if not s.rules.squares:
        return {}
    found = {}
    for cell in range(B.n_cells):
        if B.kind[cell] != CellKind.ORDINARY:
            continue
        st = [s.stacks[4 * cell + a] for a in range(4)]
        for a, b in ((0, 2), (1, 3)):
            others = [st[x] for x in range(4) if x not in (a, b)]
            if (
                len(st[a]) == 1
                and len(st[b]) == 1
                and not any(others)
                and st[a][0] // 10 == st[b][0] // 10
            ):
                found[cell] = st[a][0] // 10
    return found


def side_by_side(s: GameState) -> set[tuple[int, int, int, int]]:
    """Orthogonally adjacent Squares of different players, as (cell, owner, cell, owner)."""
    sq = square_map(s)
    pairs = set()
    for cell, owner in sq.items():
        x, y = cell % 10, cell // 10
        for nx, ny in ((x + 1, y), (x, y + 1)):
            if nx < 10 and ny < 10:
                other = ny * 10 + nx
                if other in sq and sq[other] != owner:
                    pairs.add((cell, owner, other, sq[other]))
    return pairs


def expected_scores(s: GameState) -> tuple[int, ...]:
    """Section 9 scores from the raw fields: 3 per other player's piece eliminated, 2 per
    own piece on top of a Singularity cell, 1 per own piece lower in one."""
    total = [0, 0, 0, 0]
    for piece, by in s.eliminated:
        total[by] += 3 if piece // 10 != by else 0
    for pos in SING_POSITIONS:
        st = s.stacks[pos]
        for i, piece in enumerate(st):
            total[piece // 10] += 2 if i == len(st) - 1 else 1
    return tuple(total)


def check_state(s: GameState) -> None:
    """The invariants every reachable state keeps (sections 2, 6, 8, 9, [D4, D6, D16, D17])."""
    # `where` agrees with `stacks`; each piece stands at most once.
    placed: dict[int, int] = {}
    for pos, st in enumerate(s.stacks):
        for p in st:
            assert p not in placed, f"{ap.piece_name(p)} placed twice"
            placed[p] = pos
            assert s.where[p] == pos
    eliminated = [p for p, _ in s.eliminated]
    assert len(set(eliminated)) == len(eliminated)
    # Piece conservation: each seat's 10 pieces are on positions (Start Areas, grid, firing
    # positions, Singularity), eliminated, in reserve or (removed seats only) removed.
    for seat in range(4):
        mine = range(10 * seat, 10 * seat + 10)
        if seat not in s.seats:
            assert all(s.where[p] == -4 for p in mine) and s.reserve[seat] == 0
            continue
        off = [p for p in mine if p not in placed and p not in eliminated]
        assert all(s.where[p] < 0 for p in off)
        if seat in s.removed:
            assert s.reserve[seat] == 0
            assert all(pos in SING_POSITIONS for p, pos in placed.items() if p // 10 == seat)
        else:
            assert len(off) == s.reserve[seat]
            assert off == list(mine)[10 - len(off) :]  # reserve = the highest numbers [D17]
    assert all(s.where[p] == -2 for p in eliminated)
    check_where_codes(s)
    for pos, st in enumerate(s.stacks):
        if not st:
            continue
        if pos >= B.start_base:  # a Start Area holds only its seat's pieces [D3]
            assert all(p // 10 == B.start_areas[pos - B.start_base].seat for p in st)
        elif pos < B.fire_base:
            kind = B.kind[pos >> 2]
            assert kind != CellKind.OFF
            if kind == CellKind.SINGULARITY:
                assert pos in SING_POSITIONS
                continue
            # Occupancy invariant [D6]: no overlapping positions in a cell.
            assert not s.stacks[pos ^ 1] and not s.stacks[pos ^ 3], B.position_name(pos)
            # No stack at an unusable apex (only a lone Square piece may stand there) [D4, D21].
            assert B.usable[pos] or len(st) == 1, B.position_name(pos)
    on_board = sum(1 << p for p in placed)
    assert s.travelled & ~on_board == 0
    assert s.landed & ~on_board == 0
    assert dict(s.squares()) == square_map(s)
    assert s.scores() == expected_scores(s)
    legal = s.legal_moves()
    if s.is_over:
        assert legal == () and s.moves_left == 0
        out_ = s.outcome
        assert out_ is not None and out_.seats == s.seats
        assert tuple(out_.score(x) for x in range(4)) == expected_scores(s)
        assert out_.seat_scores == tuple(expected_scores(s)[x] for x in s.seats)
        reason = out_.reason
        active = len(s.active_seats)
        if reason == ap.EndReason.LAST_PLAYER:
            assert active == 1 and s.rules.remove_stuck_players
        elif reason == ap.EndReason.STUCK:
            assert s.player_count == 2 or not s.rules.remove_stuck_players
        elif reason == ap.EndReason.TURN_LIMIT:
            assert s.rules.max_turns is not None and s.turn >= s.rules.max_turns
        elif reason == ap.EndReason.NO_PROGRESS:
            rounds = s.rules.no_progress_rounds
            assert rounds is not None and s.turn - s.last_progress >= rounds * active
        assert out_.true_win == (reason == ap.EndReason.TRUE_WIN)
        if out_.true_win:
            mover = out_.winners[0]
            assert all(s.stacks[p] and s.stacks[p][-1] // 10 == mover for p in SING_POSITIONS)
        else:
            best = max(out_.seat_scores)
            assert set(out_.winners) == {x for x in s.seats if out_.score(x) == best}
    else:
        assert legal, "a game in progress always has a legal action"
        assert len(set(legal)) == len(legal)
        assert s.moves_left >= 1
        assert s.to_move in s.active_seats
        assert len(s.active_seats) >= 2


def check_where_codes(s: GameState) -> None:
    """``where`` codes of pieces off the positions: -1 reserve, -2 eliminated, -3 removed,
    -4 not in the game (GameState docstring)."""
    eliminated = {p for p, _ in s.eliminated}
    for p, code in enumerate(s.where):
        seat = p // 10
        if code >= 0:
            continue
        if seat not in s.seats:
            expected = -4
        elif p in eliminated:
            expected = -2
        elif seat in s.removed:
            expected = -3
        else:
            expected = -1
        assert code == expected, f"where[{ap.piece_name(p)}] = {code}, expected {expected}"


def check_transition(before: GameState, move: Move, after: GameState) -> None:
    """What one action may change: Singularity stacks only grow, eliminations only add up,
    no new side-by-side Squares of different players unless a stuck player was removed
    [D15, D26], turns only go forward."""
    for pos in SING_POSITIONS:
        old = before.stacks[pos]
        assert after.stacks[pos][: len(old)] == old, "a Singularity stack lost pieces"
    assert after.eliminated[: len(before.eliminated)] == before.eliminated
    assert set(before.removed) <= set(after.removed)
    if after.removed != before.removed:  # only stuck players of 3-4 player games go [D16]
        assert after.rules.remove_stuck_players and after.player_count >= 3
    assert after.turn >= before.turn
    if after.removed == before.removed:
        new_pairs = side_by_side(after) - side_by_side(before)
        assert not new_pairs, f"{move!r} put Squares side by side: {new_pairs}"
    if move.kind == MoveKind.ELIMINATE:
        assert len(after.eliminated) > len(before.eliminated)


def mutations(s: GameState, move: Move, rng: random.Random) -> list[object]:
    """Variants of a legal move that are not legal here: other target, choice, origin, kind."""
    n = B.n_positions
    candidates: list[object] = [
        attrs.evolve(move, target=rng.randrange(-1, n)),
        attrs.evolve(move, target=(move.target + rng.randrange(1, 4)) % n),
        attrs.evolve(move, choice=(move.choice + rng.randrange(1, 16)) % 16),
        attrs.evolve(move, origin=rng.randrange(-1, n)),
        attrs.evolve(move, kind=(move.kind + rng.randrange(1, 6)) % 6),
        attrs.evolve(move, kind=rng.choice((7, 63))),  # Move(-1) cannot be built
        (move.kind, move.origin, move.target, move.choice),  # not a Move at all
    ]
    legal = set(s.legal_moves())
    return [m for m in candidates if m not in legal]


def count_kinds(p: Playout) -> None:
    KIND_COUNTS.update(MoveKind(m.kind).name for m in p.moves)


# --------------------------------------------------------------------------- properties
@given(playouts())
def test_invariants_hold_after_every_action(p: Playout) -> None:
    """Every state of a random legal playout keeps the invariants, and every action keeps the
    transition rules (sections 2-9, [D6, D15, D16, D17, D26])."""
    count_kinds(p)
    check_state(p.start)
    for before, move, after in zip(p.states, p.moves, p.states[1:], strict=False):
        check_state(after)
        check_transition(before, move, after)


@given(playouts(max_length=100))
def test_sampled_legal_moves_play_and_leave_the_state_unchanged(p: Playout) -> None:
    """A sample of every state's legal moves plays without error into a valid state, and
    play() never changes the state it is called on."""
    rng = random.Random(p.seed)
    for s in p.states:
        before = snapshot(s)
        legal = s.legal_moves()
        for move in rng.sample(legal, min(3, len(legal))):
            after = s.play(move)
            check_state(after)
            check_transition(s, move, after)
            assert s.is_legal(move)
        assert snapshot(s) == before
    if p.final.is_over:
        with pytest.raises(ap.IllegalMoveError):
            p.final.play(Move(MoveKind.END_TURN))


@given(playouts(max_length=100))
def test_mutated_moves_are_rejected_and_leave_the_state_unchanged(p: Playout) -> None:
    """A move not in legal_moves() (a legal one with another target, choice, origin or kind)
    raises IllegalMoveError naming it, and the state is unchanged."""
    rng = random.Random(p.seed)
    checked = 0
    for s in p.states[:: max(1, len(p.states) // 8)]:
        legal = s.legal_moves()
        if not legal:
            continue
        before = snapshot(s)
        for bad in mutations(s, rng.choice(legal), rng):
            with pytest.raises(ap.IllegalMoveError) as info:
                s.play(bad)  # type: ignore[arg-type]
            assert info.value.move == bad
            assert info.value.reason
            assert not s.is_legal(bad)  # type: ignore[arg-type]
            checked += 1
        assert snapshot(s) == before
    assert checked > 0 or all(not s.legal_moves() for s in p.states)


@given(playouts(max_length=80))
def test_same_seed_same_game(p: Playout) -> None:
    """A playout is a function of its start, seed and length; replaying its moves from the
    start gives equal states (with equal `where` and legal moves)."""
    policy = biased_policy
    again = run_playout(p.start, p.seed, len(p.moves), policy)
    also = run_playout(p.start, p.seed, len(p.moves), policy)
    assert again.moves == also.moves and again.states == also.states
    state = p.start
    for move, expected in zip(p.moves, p.states[1:], strict=True):
        state = state.play(move)
        assert state == expected
        assert state.where == expected.where
        assert state.legal_moves() == expected.legal_moves()
        assert hash(state) == hash(expected)


def test_where_codes_of_reserve_and_removed_pieces() -> None:
    """``where``/``location()`` give -1 for reserve pieces and -3 for a removed seat's pieces
    (GameState docstring, [D16, D17])."""
    # N is stuck at the start of its turn (its only piece is captive under S1): removed [D16].
    stuck = ap.setup_position(
        players=3, stacks={"c3.ne": ["N1", "S1"], "Sl": ["S2"], "Wl": ["W1"]}, to_move="N"
    )
    assert stuck.removed == (ap.Seat.N,)
    assert stuck.location("N1") == -3
    assert stuck.location("S5") == -1
    assert stuck.location("N5") == -3
    assert ap.new_game(2).location("S7") == -1


def test_uniform_and_biased_policies_are_deterministic() -> None:
    """The same seed gives the same game, a different seed (almost surely) another one."""
    start = ap.new_game(3)
    for policy in (biased_policy, uniform_policy):
        a = run_playout(start, 7, 60, policy)
        b = run_playout(start, 7, 60, policy)
        c = run_playout(start, 8, 60, policy)
        assert a == b
        assert a.moves != c.moves


def test_every_move_kind_occurs_in_biased_playouts() -> None:
    """A deterministic set of biased playouts (2-4 players, every preset, square_vs_square on
    and off, and the hand-made SCENARIOS starts) plays every kind of action, keeping the
    invariants throughout."""
    counts: Counter[str] = Counter()
    runs = []
    for players in (2, 3, 4):
        for preset in PRESETS:
            for svs in (False, True):
                rules = attrs.evolve(preset, square_vs_square=svs, max_turns=120)
                runs.append((ap.new_game(players, rules=rules), players * 10 + svs))
    runs += [(ap.setup_position(**kw, rules=rules), 1) for kw in SCENARIOS for rules in PRESETS]
    for start, seed in runs:
        p = run_playout(start, seed, 250)
        counts.update(MoveKind(m.kind).name for m in p.moves)
        for before, move, after in zip(p.states[::5], p.moves[::5], p.states[1::5], strict=False):
            check_state(after)
            check_transition(before, move, after)
    KIND_COUNTS.update(counts)
    assert {k.name for k in MoveKind} <= {k for k, n in counts.items() if n > 0}, counts
