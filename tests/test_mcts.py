"""MCTSBot (astroplane.mcts): legal, reproducible, tactically sound, game-agnostic."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import ClassVar

import attrs
import pytest
import tictactoe
from hypothesis import given, settings
from hypothesis import strategies as st

import astroplane as ap
import astroplane.games.starcastles as sc
from astroplane.agents import BOTS, Agent, RandomBot, play_game
from astroplane.core import positions_of
from astroplane.mcts import (
    DEFAULT_EVAL_SCALE,
    DEFAULT_ITERATIONS,
    DEFAULT_PLAYOUT_DEPTH,
    PLAYOUTS,
    MCTSBot,
)
from astroplane.protocol import State, get_game, sample_chance
from helpers import setup
from strategies import playout_states

PRESETS = {"standard": ap.STANDARD, "basic": ap.BASIC, "advanced": ap.ADVANCED}


class _CheckingBot:
    """Wraps a bot and asserts that every choice is a legal action of the state it got."""

    def __init__(self, inner: Agent) -> None:
        self.inner = inner
        self.choices = 0

    def choose(self, state: ap.GameState) -> ap.Move:
        move = self.inner.choose(state)
        assert move in state.legal_moves(), (state, move)
        self.choices += 1
        return move


# ---------- legality and the Agent protocol


@settings(max_examples=15)
@given(state=playout_states(max_length=120), seed=st.integers(0, 2**16))
def test_choice_is_always_legal(state: ap.GameState, seed: int) -> None:
    """Whatever the position, rules and seat, the chosen action is one of legal_moves()."""
    if state.is_over:
        return
    bot = MCTSBot(seed=seed, iterations=12)
    assert bot.choose(state) in state.legal_moves()


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_plays_legal_games_with_any_player_count_and_preset(players: int, preset: str) -> None:
    """MCTS bots play a (turn-limited) game with 2, 3 or 4 players under every preset."""
    rules = attrs.evolve(PRESETS[preset], max_turns=6)
    bots = [_CheckingBot(MCTSBot(seed=i, iterations=8)) for i in range(players)]
    run = play_game(ap.new_game(players, rules=rules), bots)
    assert run.final.is_over
    assert all(b.choices > 0 for b in bots)


@pytest.mark.parametrize("name", ["astroplane", "aeroplane-chess", "square-off", "starcastles"])
@pytest.mark.parametrize("playout", PLAYOUTS)
def test_every_playout_policy_plays_every_game(name: str, playout: str) -> None:
    """Each playout policy (``"turn"``: the mover's turn finished greedily first) plays
    short games of every bundled game with legal actions only, reproducibly."""
    game = get_game(name)

    def run(seed: int) -> tuple[object, ...]:
        s = game.new_game(game.player_counts[0])
        rng = random.Random(seed)
        bot = MCTSBot(seed=seed, iterations=10, playout=playout)  # type: ignore[arg-type]
        seen: list[object] = []
        for _ in range(12):
            if s.is_over:
                break
            if s.is_chance_node:
                s = s.play(sample_chance(s, rng))
                continue
            move = bot.choose(s)
            assert move in s.legal_moves()
            seen.append(move)
            s = s.play(move)
        return tuple(seen)

    assert run(3) == run(3) and run(3)


def test_turn_playout_ends_where_greedys_turn_ends() -> None:
    """The ``"turn"`` playout finishes the mover's turn with the action the heuristic rates
    best at each step, as GreedyBot's look-ahead does: from ASTROPLANE's first position,
    it ends where the first player's turn, played that way, ends (the other seat to
    move)."""
    s = ap.new_game(2)
    bot = MCTSBot(seed=1, iterations=5, playout="turn")
    core, p = bot._prepare(s)
    end = bot._turn_end(p)
    assert core.to_move(end) != core.to_move(p)
    game = get_game("astroplane")
    assert game.evaluate is not None
    t = s
    while not t.is_over and int(t.to_move) == int(s.to_move):
        moves = t.legal_moves()
        best = max(moves, key=lambda m: game.evaluate(t.play(m), int(s.to_move)))  # type: ignore[misc]
        t = t.play(best)
    assert core.returns(end) == tuple(t.returns())
    assert game.evaluate(t, 0) == core.evaluate(end, 0)  # type: ignore[misc]


def test_heuristic_scale_is_the_games_unless_given() -> None:
    """Without ``eval_scale`` the bot maps the heuristic with the registered game's
    ``evaluation_scale`` (Square Off: 5, half a piece), a game without one with
    ``DEFAULT_EVAL_SCALE``; an ``eval_scale`` given wins."""
    s = get_game("square-off").new_game(2)
    bot = MCTSBot(seed=1, iterations=5)
    bot.choose(s)
    assert bot._scale == get_game("square-off").evaluation_scale == 5.0
    given = MCTSBot(seed=1, iterations=5, eval_scale=7.5)
    given.choose(s)
    assert given._scale == 7.5
    pig = MCTSBot(seed=1, iterations=5)
    pig.choose(PigState())
    assert pig._scale == DEFAULT_EVAL_SCALE == get_game("pig").evaluation_scale


def _searched(name: str, **settings: object) -> MCTSBot:
    """A bot (3 iterations, ``settings``) that has searched the start of a 2-player game
    of the registered game ``name`` (after its first roll, if it starts with one)."""
    start = get_game(name).new_game(2)
    if start.is_chance_node:  # Aeroplane Chess starts with a roll
        start = start.play(sample_chance(start, random.Random(1)))
    bot = MCTSBot(seed=1, iterations=3, **settings)  # type: ignore[arg-type]
    bot.choose(start)
    return bot


def test_playout_policy_is_the_games_unless_given() -> None:
    """Without ``playout`` the bot plays the registered game's ``search_playout``:
    ``"turn"`` for ASTROPLANE (a turn is several actions) and Aeroplane Chess, ``"round"``
    for StarCastles (up to six players), ``"greedy"`` for Square Off;
    a policy given wins."""
    expected = {
        "astroplane": "turn",
        "aeroplane-chess": "turn",
        "square-off": "greedy",
        "starcastles": "round",
    }
    for name, policy in expected.items():
        assert _searched(name)._playout == get_game(name).search_playout == policy
        assert _searched(name, playout="random")._playout == "random"


def test_widening_zero_tries_every_action_at_once() -> None:
    """With ``widening=0`` the root gets a child for each legal action before any is
    searched twice (no widening), where a factor of 1 allows only a few."""
    s = ap.new_game(2)
    n = len(s.legal_moves())
    assert n > 3

    def root_children(widening: float) -> int:
        bot = MCTSBot(seed=1, widening=widening)
        core, p = bot._prepare(s)
        root = bot._find_root(core, p)
        for _ in range(n):
            bot._iterate(root)
        assert root.visits == n
        return len(root.children)

    assert root_children(0) == n
    assert root_children(1.0) < n


@pytest.mark.parametrize(
    ("name", "relative", "greedy"),
    [
        ("astroplane", False, False),
        ("aeroplane-chess", False, False),
        ("square-off", False, False),
        ("starcastles", True, True),
    ],
)
def test_relative_and_rivals_are_the_games_unless_given(
    name: str, relative: bool, greedy: bool
) -> None:
    """Without ``relative`` and ``rivals`` the bot reads the registered game's
    ``search_relative`` and ``search_rivals`` (StarCastles True and ``"greedy"``, the
    others False and ``"search"``); a setting given wins."""
    searched = _searched(name)
    assert searched._relative is get_game(name).search_relative is relative
    assert _searched(name, relative=not relative)._relative is not relative
    assert (get_game(name).search_rivals == "greedy") is greedy
    assert searched._greedy_rivals is greedy
    other = "search" if greedy else "greedy"
    assert _searched(name, rivals=other)._greedy_rivals is not greedy


def test_rivals_are_searched_without_a_heuristic() -> None:
    """A game without a heuristic has no greedy action to give its rivals, so they are
    searched whatever ``rivals`` says."""
    tic = MCTSBot(seed=1, iterations=3, rivals="greedy")
    tic.choose(tictactoe.TicTacToeGame().new_game(2))
    assert tic._eval is None and tic._greedy_rivals is False


def _tree(root: object) -> list[object]:
    """Every node of a search tree, root first."""
    nodes, frontier = [], [root]
    while frontier:
        node = frontier.pop()
        nodes.append(node)
        kids = node.children  # type: ignore[attr-defined]
        frontier.extend(kids.values() if isinstance(kids, dict) else kids)
    return nodes


def test_greedy_rivals_play_the_heuristics_best_action_in_the_tree() -> None:
    """With ``rivals="greedy"`` every node where another seat is to move has one child,
    the action the heuristic rates best for that seat (first in the node's order), so the
    tree grows down the searching seat's own choices; with ``"search"`` the same budget
    widens the rivals' nodes too."""
    start = sc.new_game(4)
    widest = {}
    for rivals in ("greedy", "search"):
        bot = MCTSBot(seed=3, iterations=200, rivals=rivals)  # type: ignore[arg-type]
        core, p = bot._prepare(start)
        root = bot._find_root(core, p)
        for _ in range(200):
            bot._iterate(root)
        rival_nodes = [n for n in _tree(root) if n.children and n.mover != root.mover]  # type: ignore[attr-defined]
        assert rival_nodes
        widest[rivals] = max(len(n.children) for n in rival_nodes)  # type: ignore[attr-defined]
        if rivals == "greedy":
            for node in rival_nodes:
                (child,) = node.children  # type: ignore[attr-defined]
                assert child.state == node.moves[0][1]  # type: ignore[attr-defined]
                best = max(sc.evaluate(core.state(q), node.mover) for _a, q in node.moves)  # type: ignore[attr-defined]
                assert sc.evaluate(core.state(child.state), node.mover) == best  # type: ignore[attr-defined]
    assert widest == {"greedy": 1, "search": widest["search"]} and widest["search"] > 1


def test_rating_rates_the_playouts_end_and_the_heuristic_the_rest() -> None:
    """``rating`` (the game's ``search_rating``) rates a playout's end, and the tree's
    root for ``relative``; ``evaluation`` still orders the moves. StarCastles rates by
    ``standing``."""
    s = ap.new_game(2)

    def flat(state: object, seat: int) -> float:
        return 30.0

    def ahead(state: object, seat: int) -> float:
        return 10.0

    bot = MCTSBot(seed=1, iterations=20, evaluation=flat, rating=ahead, relative=False)
    bot.choose(s)
    assert bot.stats.best_value == pytest.approx(1 / (1 + math.exp(-10.0 / 20.0)))
    start = sc.new_game(3).play(sc.Move.step(1, 6))
    bot = MCTSBot(seed=1, iterations=30)
    core, p = bot._prepare(start)
    bot._find_root(core, p)
    assert get_game("starcastles").search_rating is not None
    assert bot._base == pytest.approx([sc.standing(start, seat) for seat in range(3)])
    assert bot._base != pytest.approx([sc.evaluate(start, seat) for seat in range(3)])
    assert bot._eval is not None and bot._eval(p, 1) == sc.evaluate(start, 1)


def test_relative_rates_the_change_since_the_trees_root() -> None:
    """With ``relative`` a playout's end is rated by how far each seat's heuristic moved
    since the position the tree was grown from: a heuristic that never moves rates every
    playout 0.5, where the absolute rating is the logistic of its value. A kept subtree
    keeps its tree's baseline; a new tree takes its own root's values."""
    s = ap.new_game(2)

    def flat(state: object, seat: int) -> float:
        return 30.0

    for relative, value in ((True, 0.5), (False, 1 / (1 + math.exp(-30.0 / 20.0)))):
        bot = MCTSBot(seed=1, iterations=20, evaluation=flat, relative=relative)
        bot.choose(s)
        assert bot.stats.iterations == 20
        assert bot.stats.best_value == pytest.approx(value)
    start = sc.new_game(2)
    after = start.play(sc.Move.step(1, 6))  # the first player's Spire steps off its castle
    rated = [sc.evaluate(after, seat) for seat in (0, 1)]
    assert rated[0] > 0 > rated[1]
    bot = MCTSBot(seed=1, iterations=30)
    core, p = bot._prepare(after)
    root = bot._find_root(core, p)
    assert bot._relative and bot._base == pytest.approx(rated)
    for _ in range(30):
        bot._iterate(root)
    assert isinstance(root.children, list)
    bot._root = kept = root.children[0]
    assert bot._find_root(core, kept.state) is kept and bot._base == pytest.approx(rated)
    bot._root = None
    fresh = bot._find_root(core, kept.state)
    assert fresh is not kept and fresh.visits == 0
    view = core.state(kept.state)
    assert bot._base == pytest.approx([sc.evaluate(view, seat) for seat in (0, 1)])


def test_playout_depth_is_the_games_unless_given() -> None:
    """Without ``playout_depth`` the bot plays the registered game's
    ``search_playout_depth`` (Aeroplane Chess and StarCastles 0: only the rest of the turn;
    the others 4)
    and a game without the declaration ``DEFAULT_PLAYOUT_DEPTH``; a depth given wins.
    With ``"turn"`` the depth counts the actions after the turn in hand: at depth 0 every
    playout ends where the turn does, so the search only ever rates turns' ends."""
    depths = {"astroplane": 4, "aeroplane-chess": 0, "square-off": 4, "starcastles": 0}
    for name, depth in depths.items():
        assert _searched(name)._depth == get_game(name).search_playout_depth == depth
        assert _searched(name, playout_depth=2)._depth == 2
    pig = MCTSBot(seed=1, iterations=3)
    pig.choose(PigState())
    assert pig._depth == DEFAULT_PLAYOUT_DEPTH == get_game("pig").search_playout_depth
    # "turn" at depth 0 rates turns' ends; at depth 2 it plays on past them
    s = ap.new_game(2)
    core, p = positions_of(s)
    child = core.apply(p, core.legal_actions(p)[0])
    real = core.evaluate
    assert real is not None

    def rated_by_playout(depth: int, known_end: bool) -> tuple[list[object], object]:
        """The positions a "turn" playout of ``depth`` from ``child`` rates, and where the
        turn ends (found first, and so kept by the bot, when ``known_end``)."""
        bot = MCTSBot(seed=2, iterations=20, playout="turn", playout_depth=depth)
        bot._find_root(*bot._prepare(s))  # a tree, as a search has
        end = bot._turn_end(child) if known_end else None
        rated: list[object] = []
        bot._eval = bot._rate = lambda q, seat: (rated.append(q), real(q, seat))[1]
        bot._rollout(child)
        return rated, end

    rated, end = rated_by_playout(0, known_end=True)
    assert rated and all(q == end for q in rated)
    rated, _ = rated_by_playout(2, known_end=False)
    assert rated and rated[-1] != end


def test_round_playout_rates_where_the_rivals_turns_end() -> None:
    """A ``"round"`` playout plays the turns of ``seats - 1`` seats, each as GreedyBot's
    look-ahead plays it, before it rates: with 3 players, from a child of the first
    position (the first player's turn goes on) it rates where the first and the second
    players' turns end (the third to move); with 2 players it is the ``"turn"`` playout,
    value for value."""
    s = ap.new_game(3)
    core, p = positions_of(s)
    child = core.apply(p, core.legal_actions(p)[0])
    real = core.evaluate
    assert real is not None
    bot = MCTSBot(seed=2, iterations=20, playout="round", playout_depth=0)
    bot._find_root(*bot._prepare(s))  # a tree, as a search has
    first_end = bot._turn_end(child)
    second_end = bot._turn_end(first_end)
    assert [core.to_move(q) for q in (child, first_end, second_end)] == [0, 1, 2]
    rated: list[object] = []
    bot._eval = bot._rate = lambda q, seat: (rated.append(q), real(q, seat))[1]
    bot._rollout(child)
    assert rated and all(q == second_end for q in rated)

    two = ap.new_game(2)
    core2, p2 = positions_of(two)
    reply = core2.apply(p2, core2.legal_actions(p2)[0])

    def value(playout: str) -> Sequence[float]:
        bot = MCTSBot(seed=3, iterations=20, playout=playout, playout_depth=1)  # type: ignore[arg-type]
        bot._find_root(*bot._prepare(two))
        return bot._rollout(reply)

    assert value("round") == value("turn")


def test_is_an_agent_with_a_repr() -> None:
    """MCTSBot satisfies the Agent protocol and shows its settings in its repr."""
    bot = MCTSBot(seed=5, iterations=50, seconds=0.5)
    assert isinstance(bot, Agent)
    assert repr(bot) == "MCTSBot(seed=5, iterations=50, seconds=0.5)"
    assert repr(MCTSBot(seed=1, iterations=9, playout="turn")) == (
        "MCTSBot(seed=1, iterations=9, playout='turn')"
    )
    assert repr(MCTSBot(seed=1, iterations=9, playout_depth=0)) == (
        "MCTSBot(seed=1, iterations=9, playout_depth=0)"
    )
    assert MCTSBot().iterations == DEFAULT_ITERATIONS


def test_factory_signature_fits_the_bot_registry() -> None:
    """MCTSBot(seed) works as a BOTS factory; make_bot("mcts") gives one once registered."""
    assert isinstance(MCTSBot(3), MCTSBot) and MCTSBot(3).seed == 3
    if "mcts" not in BOTS:
        pytest.skip("'mcts' is not yet in astroplane.agents.BOTS")
    bot = ap.agents.make_bot("mcts", 3)
    assert isinstance(bot, MCTSBot) and bot.seed == 3


@pytest.mark.parametrize(
    "kwargs",
    [
        {"iterations": 0},
        {"seconds": 0.0},
        {"playout": "clever"},
        {"playout_depth": -1},
        {"iterations": "300"},
        {"iterations": 2.5},
        {"iterations": True},
        {"seconds": float("nan")},
        {"seconds": "1"},
        {"playout": ["greedy"]},
        {"playout_depth": 1.5},
        {"max_playout_actions": 0},
        {"exploration": float("inf")},
        {"exploration": -0.1},
        {"widening": -1.0},
        {"widening": float("nan")},
        {"eval_scale": 0},
        {"eval_scale": "20"},
        {"reuse_tree": "yes"},
        {"relative": 1},
        {"rivals": "paranoid"},
        {"rivals": True},
        {"rating": 2.0},
    ],
)
def test_bad_settings_are_rejected(kwargs: dict[str, object]) -> None:
    """Budgets must be positive whole numbers (iterations) or finite numbers (seconds),
    the playout policy known, the depths whole and not negative, the weights finite
    numbers, ``reuse_tree`` a bool: each a ValueError naming the setting, never a
    TypeError later in the search."""
    with pytest.raises(ValueError, match=f"{next(iter(kwargs))}|playout policy"):
        MCTSBot(**kwargs)  # type: ignore[arg-type]


def test_finished_game_is_rejected() -> None:
    """choose() on a finished game raises ValueError, like the other bots."""
    rules = attrs.evolve(ap.STANDARD, max_turns=1)
    run = play_game(ap.new_game(2, rules=rules), [RandomBot(1), RandomBot(2)])
    with pytest.raises(ValueError, match="over"):
        MCTSBot(seed=1, iterations=5).choose(run.final)


def test_time_budget_stops_the_search() -> None:
    """With only a time budget the search runs at least one iteration and then stops."""
    bot = MCTSBot(seed=1, seconds=0.01)
    s = ap.new_game(2)
    assert bot.choose(s) in s.legal_moves()
    assert bot.stats.iterations >= 1


# ---------- reproducibility


@pytest.mark.parametrize("players", [2, 4])
def test_same_seed_same_game(players: int) -> None:
    """With an iteration budget, equal seeds play exactly the same game."""
    rules = attrs.evolve(ap.STANDARD, max_turns=5)

    def game() -> tuple[ap.Move, ...]:
        bots = [MCTSBot(seed=10 + i, iterations=20) for i in range(players)]
        return play_game(ap.new_game(players, rules=rules), bots).moves

    assert game() == game()


def test_fresh_bots_with_one_seed_agree_on_a_state() -> None:
    """Two new bots with the same seed choose the same action in the same state."""
    state = ap.new_game(3)
    for _ in range(4):
        state = state.play(state.legal_moves()[-1])
    assert MCTSBot(seed=9, iterations=40).choose(state) == MCTSBot(seed=9, iterations=40).choose(
        state
    )


def test_tree_reuse_keeps_statistics_between_actions_of_a_turn() -> None:
    """The second action of a turn starts from the subtree kept from the first search."""
    bot = MCTSBot(seed=2, iterations=60)
    s = ap.new_game(2)
    s = s.play(bot.choose(s))
    bot.choose(s)
    assert bot.stats.root_visits > bot.stats.iterations
    fresh = MCTSBot(seed=2, iterations=60, reuse_tree=False)
    fresh.choose(s)
    assert fresh.stats.root_visits == fresh.stats.iterations


# ---------- tactics


def _three_tops() -> ap.GameState:
    """S tops e5, f5 and e6; S4 at h8.sw is two steps from f6; N leads on points."""
    stacks = {
        "e5.ne": ["S1"],
        "f5.nw": ["S2"],
        "e6.se": ["S3"],
        "h8.sw": ["S4"],
        "Nl": ["N1"],
        "c8.ne": ["N2"],
    }
    return setup(stacks, eliminated=[(f"S{i}", "N") for i in range(5, 11)])


def test_takes_an_immediate_true_win() -> None:
    """When one action tops the fourth Singularity cell, the bot plays it (a true win)."""
    s = _three_tops()
    s = s.play(next(m for m in s.legal_moves() if m.target == s.topology.position("g7.sw")))
    assert s.to_move == ap.Seat.S and s.moves_left == 1
    after = s.play(MCTSBot(seed=1, iterations=10).choose(s))
    assert after.outcome is not None and after.outcome.true_win


def test_finds_a_true_win_two_actions_deep() -> None:
    """With the winning cell two steps away, the bot walks there and wins in the same turn
    (N leads on points, so a slow plan loses)."""
    s = _three_tops()
    bot = MCTSBot(seed=4, iterations=150)
    for _ in range(2):
        s = s.play(bot.choose(s))
    assert s.outcome is not None and s.outcome.true_win and s.outcome.winners == (0,)


def test_enters_the_singularity_in_one_move() -> None:
    """With one move left and a piece next to the Singularity, the bot steps in."""
    s = setup({"d4.ne": ["S1"], "a3.ne": ["S2"], "c8.ne": ["N1"]}, moves_left=1)
    move = MCTSBot(seed=1, iterations=60).choose(s)
    assert move.kind == ap.MoveKind.STEP
    assert move.target == s.topology.position("e5.ne")


def test_beats_random_play() -> None:
    """A small budget already wins every one of a handful of seeded 2-player games
    against RandomBot (turn-limited, so decided on points)."""
    rules = attrs.evolve(ap.STANDARD, max_turns=40)
    for g in range(2):
        bots: list[Agent] = [MCTSBot(seed=g, iterations=25), RandomBot(seed=100 + g)]
        if g % 2:
            bots.reverse()
        run = play_game(ap.new_game(2, rules=rules), bots)
        out = run.final.outcome
        assert out is not None
        mcts_seat = (0, 2)[g % 2]
        assert out.winners == (mcts_seat,), out


# ---------- a game with chance nodes (the protocol, not ASTROPLANE)


@attrs.frozen
class PigState:
    """Two-player Pig to ``target`` points: on your turn ``"roll"`` (a chance node: a die
    decides; a 1 loses the turn's points and passes) or ``"hold"`` (bank them and pass).
    A minimal game following ``astroplane.protocol.State`` with chance nodes."""

    game_name: ClassVar[str] = "test-pig"
    target: int = 12
    scores: tuple[int, int] = (0, 0)
    pending: int = 0
    player: int = 0
    rolling: bool = False
    turn: int = 1

    @property
    def is_over(self) -> bool:
        return max(self.scores) >= self.target

    @property
    def is_chance_node(self) -> bool:
        return self.rolling and not self.is_over

    @property
    def to_move(self) -> int:
        return self.player

    @property
    def seats(self) -> tuple[int, ...]:
        return (0, 1)

    def legal_moves(self) -> Sequence[str | int]:
        if self.is_over:
            return ()
        if self.rolling:
            return tuple(range(1, 7))
        return ("roll", "hold")

    def chance_outcomes(self) -> Sequence[tuple[str | int, float]]:
        return tuple((d, 1 / 6) for d in range(1, 7)) if self.is_chance_node else ()

    def play(self, move: object) -> PigState:
        if move not in self.legal_moves():
            raise ValueError(f"illegal {move!r}")
        if move == "roll":
            return attrs.evolve(self, rolling=True)
        if move == "hold":
            scores = list(self.scores)
            scores[self.player] += self.pending
            nxt = self.player if max(scores) >= self.target else 1 - self.player
            return attrs.evolve(
                self, scores=(scores[0], scores[1]), pending=0, player=nxt,
                turn=self.turn + (nxt != self.player),
            )  # fmt: skip
        assert isinstance(move, int)
        if move == 1:
            return attrs.evolve(
                self, pending=0, player=1 - self.player, rolling=False, turn=self.turn + 1
            )
        return attrs.evolve(self, pending=self.pending + move, rolling=False)

    def returns(self) -> tuple[float, ...]:
        if not self.is_over:
            return (0.0, 0.0)
        return (1.0, 0.0) if self.scores[0] >= self.target else (0.0, 1.0)


def test_toy_game_follows_the_protocol() -> None:
    """The toy Pig game is a protocol State with chance nodes."""
    s = PigState().play("roll")
    assert isinstance(s, State) and s.is_chance_node
    assert sample_chance(s, random.Random(0)) in range(1, 7)


def test_holds_when_holding_wins() -> None:
    """In Pig, with enough points pending to win, the bot holds instead of rolling."""
    s = PigState(scores=(4, 10), pending=8)
    assert MCTSBot(seed=1, iterations=50).choose(s) == "hold"


def test_rolls_when_far_behind_and_nothing_pending() -> None:
    """Holding with nothing pending only passes the turn: the bot rolls (searching through
    chance nodes, without any heuristic)."""
    s = PigState(scores=(0, 10))
    assert MCTSBot(seed=1, iterations=300).choose(s) == "roll"


def test_plays_whole_games_with_chance_nodes() -> None:
    """MCTS plays complete Pig games (chance outcomes drawn by the caller) and beats a
    random player in most of them."""
    rng = random.Random(7)
    wins = 0
    for g in range(6):
        s: State[str | int] = PigState()
        bots = {g % 2: MCTSBot(seed=g, iterations=200), 1 - g % 2: None}
        coin = random.Random(g)
        while not s.is_over:
            if s.is_chance_node:
                s = s.play(sample_chance(s, rng))
                continue
            bot = bots[s.to_move]
            move = coin.choice(s.legal_moves()) if bot is None else bot.choose(s)
            assert move in s.legal_moves()
            s = s.play(move)
        wins += s.returns()[g % 2] == 1.0
    assert wins >= 4
