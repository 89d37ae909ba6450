"""Stateful test: play, branch from earlier states and compare replays (immutability, determinism).

A hypothesis rule-based state machine keeps every state it reached in a Bundle together
with its start and the actions that led to it. Rules play a random legal action from any
kept state (so play branches from earlier states), replay a recorded line from its start
and compare, and compare two kept states.
"""

from __future__ import annotations

import attrs
from hypothesis import strategies as st
from hypothesis.stateful import Bundle, RuleBasedStateMachine, initialize, invariant, rule

import astroplane as ap
from astroplane import GameState, Move
from strategies import rules_variants


@attrs.frozen(eq=False)
class Line:
    """A state with the start and the actions that reached it."""

    start: GameState
    moves: tuple[Move, ...]
    state: GameState

    def snapshot(self) -> tuple[object, ...]:
        """All fields of the state, the derived ``where`` included."""
        s = self.state
        return (s, s.where, s.moves_left, s.turn, s.outcome, s.legal_moves())


class PlayBranchCompare(RuleBasedStateMachine):
    """Plays, branches and compares lines of play."""

    lines = Bundle("lines")

    def __init__(self) -> None:
        super().__init__()
        self.snapshots: list[tuple[Line, tuple[object, ...]]] = []
        self.plays = 0

    def _keep(self, line: Line) -> Line:
        self.snapshots.append((line, line.snapshot()))
        return line

    @initialize(
        target=lines,
        players=st.sampled_from((2, 3, 4)),
        rules=rules_variants(),
        first=st.integers(0, 3),
    )
    def start(self, players: int, rules: ap.Rules, first: int) -> Line:
        """A new game, any number of players, rules and first seat."""
        seats = {2: "SN", 3: "SWN", 4: "SWNE"}[players]
        s = ap.new_game(players, first=seats[first % players], rules=rules)
        return self._keep(Line(s, (), s))

    @rule(target=lines, line=lines, index=st.integers(0, 10_000))
    def play(self, line: Line, index: int) -> Line:
        """Play a legal action from any kept state (branching when it is not the newest)."""
        legal = line.state.legal_moves()
        if not legal:
            assert line.state.is_over
            return line
        move = legal[index % len(legal)]
        after = line.state.play(move)
        self.plays += 1
        assert after is not line.state
        return self._keep(Line(line.start, (*line.moves, move), after))

    @rule(line=lines)
    def replay_gives_an_equal_state(self, line: Line) -> None:
        """Replaying a line's actions from its start gives an equal state, the same `where`,
        outcome and legal moves [D22: play is a pure function of the state and the action]."""
        s = line.start
        for move in line.moves:
            assert s.is_legal(move)
            s = s.play(move)
        assert s == line.state
        assert hash(s) == hash(line.state)
        assert s.where == line.state.where
        assert s.outcome == line.state.outcome
        assert s.legal_moves() == line.state.legal_moves()

    @rule(a=lines, b=lines)
    def equal_states_have_equal_legal_moves(self, a: Line, b: Line) -> None:
        """Two kept states that compare equal have equal hashes, `where` and legal moves;
        states with different legal moves are different."""
        if a.state == b.state:
            assert hash(a.state) == hash(b.state)
            assert a.state.where == b.state.where
            assert a.state.legal_moves() == b.state.legal_moves()
        if a.state.legal_moves() != b.state.legal_moves():
            assert a.state != b.state

    @rule(line=lines)
    def rebuilt_state_is_equal(self, line: Line) -> None:
        """``setup_position`` from a reached state's fields gives an equal state with the same
        legal moves: legal moves depend only on what equality compares."""
        s = line.state
        if s.is_over:
            return
        rebuilt = ap.setup_position(
            players=s.seats,
            stacks={pos: st for pos, st in enumerate(s.stacks) if st},
            reserve=dict(enumerate(s.reserve)),
            eliminated=s.eliminated,
            removed=s.removed,
            to_move=s.to_move,
            moves_left=s.moves_left,
            turn=s.turn,
            travelled=[p for p in range(40) if s.travelled >> p & 1],
            landed=[p for p in range(40) if s.landed >> p & 1],
            last_progress=s.last_progress,
            rules=s.rules,
        )
        assert rebuilt == s
        assert hash(rebuilt) == hash(s)
        assert rebuilt.legal_moves() == s.legal_moves()
        self.equal_states_have_equal_legal_moves(Line(s, (), rebuilt), line)

    @rule(line=lines, other=lines)
    def transposed_lines_meet(self, line: Line, other: Line) -> None:
        """Lines of the same start that played the same actions end in equal states."""
        if line.start == other.start and line.moves == other.moves:
            assert line.state == other.state
            assert line.state.legal_moves() == other.state.legal_moves()

    @invariant()
    def kept_states_never_change(self) -> None:
        """No later play or branch changes a state kept earlier (states are immutable)."""
        for line, snap in self.snapshots:
            assert line.snapshot() == snap


TestPlayBranchCompare = PlayBranchCompare.TestCase
