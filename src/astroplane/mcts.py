"""Monte Carlo tree search: a strong, game-agnostic bot (``MCTSBot``).

``MCTSBot`` is UCT (UCB1 applied to trees) written only against the game-agnostic
``astroplane.protocol.State`` protocol, so it plays any registered game: ASTROPLANE, and
games with dice (chance nodes). One search runs per ``choose`` call:

1. **Selection.** From the root, descend while the node is fully widened, taking the
   child with the best UCB1 score *for the seat to move at that node* (``to_move``: an
   ASTROPLANE turn is several actions by the same player, so levels do not alternate).
   At a chance node the outcome is *sampled* with its probability
   (``astroplane.protocol.sample_chance``), not averaged: each outcome becomes a child
   the first time it is drawn, and outcomes are visited in proportion to their
   probability.
2. **Expansion with move ordering and progressive widening.** When a decision node is
   created, every legal action is played once and the results are rated for the mover
   by the game's heuristic (``Game.evaluate``, e.g. ``astroplane.agents.evaluate``);
   actions are then tried best first, and a node with ``n`` visits may have only
   ``ceil(widening * n ** 0.5)`` children. Wide nodes (send-back choices, Hyperspace
   arrivals) are so searched where it matters, and the search is never worse than the
   one-action greedy look-ahead at the root. Without a heuristic the order is random.
3. **Playout.** From the new node, a playout of at most ``playout_depth`` actions
   (``"random"``: uniform; ``"greedy"``: the best of two random actions by the
   heuristic, which keeps pieces moving forward at twice the cost; ``"turn"``: first
   the rest of the turn of the seat to move, each action the one the heuristic rates
   best, as ``GreedyBot`` looks ahead, then ``playout_depth`` actions as ``"greedy"``;
   ``"round"``: as ``"turn"``, but the turns of ``seats - 1`` seats in a row, the one to
   move and those after it, so that a playout from the root's children ends when the
   searching seat is to play again and every rival's reply is in what is rated)
   followed, if the game is not over,
   by the heuristic scaled to ``[0, 1]`` for *every* seat by a logistic,
   ``1 / (1 + exp(-evaluate(state, seat) / eval_scale))``, or with ``relative`` by how far
   the heuristic moved since the position the tree was grown from,
   ``1 / (1 + exp(-(evaluate(state, seat) - evaluate(root, seat)) / eval_scale))``, so
   that the logistic is steepest where the game stands and a seat far ahead or behind
   still tells its moves apart. A finished game is worth its
   ``returns()``. Games without a heuristic are played out to the end. The policy, its
   depth, the scale and ``relative`` default to what the game declares
   (``Game.search_playout``, ``Game.search_playout_depth``, ``Game.evaluation_scale``,
   ``Game.search_relative``): ``"turn"`` for ASTROPLANE,
   whose turns are several actions, so that no partial turn is rated, for Aeroplane
   Chess with depth 0, where random actions between dice rolls only add noise;
   ``"round"`` with depth 0 for StarCastles (every rival's greedy turn, so up to five);
   a scale of about half a piece; ``relative`` for StarCastles (docs/bots.md has the
   measurements). The heuristic that rates a playout's end is the game's
   ``search_rating`` where it declares one (the bot's ``rating``), else ``evaluate``:
   StarCastles rates by a seat's progress less the *mean* rival's
   (``astroplane.games.starcastles.standing``), while ``evaluate``, less the *best*
   rival's, still orders the moves and plays the greedy turns.
4. **Backup: max^n.** Each node keeps the sum of the value *vectors* (one entry per
   seat) of the playouts through it; the seat to move at a node picks by its own entry.

**Rivals searched or played greedily.** By default (``rivals="search"``) the tree widens
every seat's nodes alike. With ``rivals="greedy"`` (a game's ``search_rivals``; StarCastles
declares it) a node where another seat is to move gets one child, the action the heuristic
rates best for that seat, as in the ``"turn"`` and ``"round"`` playouts: the tree is then
a search of the searching seat's own actions against rivals modelled as playing their
heuristic's best, and with five rivals the budget is not spread over their replies. (A
game without a heuristic has no such action: its rivals are searched.)

**Why max^n and not paranoid** for 3-4 players: paranoid search assumes every other
player plays against the root player, which in ASTROPLANE (where the score that counts
is one's own against the *best* other, and players race each other for the same four
Singularity cells) makes the bot timid and mis-predicts opponents who play for
themselves, like GreedyBot. max^n models each player as maximising their own value, is
what the per-seat ``returns()`` of the protocol express directly, and is the usual
choice for multi-player UCT (Sturtevant 2008, "An analysis of UCT in multi-player
games"); with 2 players the two rules coincide.

The search runs on the game's packed core by action number when it has one
(``astroplane.core.positions_of``: no state is built during the search), else on the
states and their moves; both ways make the same choices. The bot is reproducible: for a
given seed and an iteration budget (``iterations``), the same sequence of states gives the
same moves. A time budget (``seconds``) is as strong
as the machine allows but not reproducible. Between calls the bot keeps the subtree of
the state it moved to (*tree reuse*), so the later actions of the same turn start with
the statistics of the earlier searches.

Examples:
    >>> import astroplane
    >>> from astroplane.mcts import MCTSBot
    >>> s = astroplane.new_game(2)
    >>> bot = MCTSBot(seed=1, iterations=30)
    >>> bot.choose(s) in s.legal_moves()
    True
    >>> MCTSBot(seed=1, iterations=30).choose(s) == MCTSBot(seed=1, iterations=30).choose(s)
    True
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Hashable, Sequence
from typing import Any, Literal, TypeVar

from astroplane.core import Core, StateCore, positions_of
from astroplane.gamebase import SEARCH_PLAYOUTS, SEARCH_RIVALS
from astroplane.kit.limits import shown
from astroplane.protocol import State, game_of

__all__ = [
    "DEFAULT_EVAL_SCALE",
    "DEFAULT_ITERATIONS",
    "DEFAULT_PLAYOUT_DEPTH",
    "PLAYOUTS",
    "RIVALS",
    "TURN_LOOKAHEAD",
    "MCTSBot",
    "SearchStats",
]

MoveT = TypeVar("MoveT", bound=Hashable)

#: The default budget of ``MCTSBot`` (iterations per action) when none is given: about
#: 0.2 s per action for ASTROPLANE on one core (see docs/bots.md).
DEFAULT_ITERATIONS = 300

#: The actions of a playout when neither the bot nor the game sets them (``playout_depth``).
DEFAULT_PLAYOUT_DEPTH = 4

#: The heuristic's scale when neither the bot nor the game sets one (``eval_scale``).
DEFAULT_EVAL_SCALE = 20.0

#: The most actions a turn look-ahead follows to the end of the mover's turn (GreedyBot's
#: and the ``"turn"`` playout's; re-exported as ``astroplane.agents.TURN_LOOKAHEAD``).
TURN_LOOKAHEAD = 8

#: The playout policies of ``MCTSBot`` (its ``playout`` option; a game's ``search_playout``).
PLAYOUTS = SEARCH_PLAYOUTS

#: How ``MCTSBot``'s tree treats the other seats' actions (its ``rivals`` option; a game's
#: ``search_rivals``).
RIVALS = SEARCH_RIVALS

#: A heuristic ``(state, seat) -> value``, higher better for ``seat`` (unbounded).
Evaluation = Callable[[Any, int], float]


class _Node:
    """A node of the search tree: a position (``astroplane.core.positions_of``: a packed
    position, or a state), its statistics and its children.

    ``value`` holds the sum over the playouts through the node of their value vectors
    (one float per entry of the position's returns).
    """

    __slots__ = (
        "chance",
        "children",
        "mover",
        "moves",
        "state",
        "terminal",
        "value",
        "visits",
    )

    def __init__(self, core: Core[Any], state: Hashable, width: int) -> None:
        self.state = state
        self.visits = 0
        self.value = [0.0] * width
        self.terminal = core.is_terminal(state)
        self.chance = (not self.terminal) and core.is_chance(state)
        self.mover = -1 if self.terminal or self.chance else int(core.to_move(state))
        #: Decision node: legal actions with the positions after them, best first, not
        #: yet ordered if None. Chance node: unused (children are keyed by outcome).
        self.moves: list[tuple[Any, Hashable]] | None = None
        #: Decision node: children in ``moves`` order. Chance node: by outcome.
        self.children: list[_Node] | dict[Any, _Node] = {} if self.chance else []


def _sample(core: Core[Any], p: Hashable, rng: random.Random) -> Any:
    """A chance outcome of ``p`` drawn with its probability (as
    ``astroplane.protocol.sample_chance`` draws it from a state)."""
    outcomes = core.chance_outcomes(p)
    return rng.choices([a for a, _q in outcomes], [q for _a, q in outcomes])[0]


class SearchStats:
    """What the last search of an ``MCTSBot`` did (for benchmarks and curious users).

    Attributes:
        iterations: Playouts run by the last ``choose`` call.
        seconds: Wall-clock time of the last ``choose`` call, in seconds.
        root_visits: Visits of the root after the search (more than ``iterations`` when
            the tree was reused).
        best_value: The chosen action's mean value for the mover, in ``[0, 1]``.
    """

    __slots__ = ("best_value", "iterations", "root_visits", "seconds")

    def __init__(self) -> None:
        self.iterations = 0
        self.seconds = 0.0
        self.root_visits = 0
        self.best_value = 0.0

    def __repr__(self) -> str:
        return (
            f"SearchStats(iterations={self.iterations}, seconds={self.seconds:.3f}, "
            f"root_visits={self.root_visits}, best_value={self.best_value:.3f})"
        )


def _game_setting(given: Any, state: State[Any], name: str, default: Any) -> Any:
    """A search setting: ``given`` (the bot's own) unless None, else the registered game's
    declaration ``name`` (``evaluation_scale``, ``search_playout``,
    ``search_playout_depth``, ``search_relative``), else ``default`` for a state of no
    registered game."""
    if given is not None:
        return given
    try:
        return getattr(game_of(state), name)
    except (ValueError, AttributeError):
        return default


def _default_evaluation(state: State[Any]) -> Evaluation | None:
    """The registered game's heuristic, or None (unregistered game or none given)."""
    try:
        return game_of(state).evaluate
    except (ValueError, AttributeError):
        return None


def _whole(name: str, value: object, least: int) -> None:
    """Refuse an option that is not an int (a bool is not) of at least ``least``."""
    if isinstance(value, bool) or not isinstance(value, int) or value < least:
        raise ValueError(f"{name} is an int of at least {least}, not {shown(value)}")


def _real(name: str, value: object, *, positive: bool = False) -> None:
    """Refuse an option that is not a finite number >= 0 (> 0 with ``positive``)."""
    if (
        isinstance(value, bool)
        or not isinstance(value, (int, float))
        or not math.isfinite(value)
        or value < 0
        or (positive and value == 0)
    ):
        least = "> 0" if positive else ">= 0"
        raise ValueError(f"{name} is a finite number {least}, not {shown(value)}")


class MCTSBot:
    """UCT search with heuristic move ordering, progressive widening, short playouts
    cut off by a logistic-scaled heuristic, and max^n backup (see the module docs).

    Works for any game following ``astroplane.protocol.State`` with any number of
    players, including games with chance nodes. Implements the ``Agent`` protocol.

    Args:
        seed: Seed of the bot's random generator (None: unseeded).
        iterations: Playouts per ``choose`` call. If neither budget is given,
            ``DEFAULT_ITERATIONS``.
        seconds: Wall-clock budget per ``choose`` call, in seconds; with ``iterations``
            too, the search stops at whichever comes first. Not reproducible.
        exploration: The UCB1 exploration constant ``c`` in ``Q + c * sqrt(ln N / n)``
            (values are in ``[0, 1]``).
        playout: ``"random"`` (uniform actions), ``"greedy"`` (the better of two random
            actions by the heuristic; uniform if there is none), ``"turn"`` (first the rest
            of the turn of the seat to move, each action the heuristic's best, as
            ``GreedyBot`` looks ahead, then ``playout_depth`` actions as ``"greedy"``) or
            ``"round"`` (as ``"turn"``, for the turns of ``seats - 1`` seats in a row: the
            one to move and those after it; with 2 players the same as ``"turn"``);
            default: the registered game's ``Game.search_playout`` (``"turn"`` for
            ASTROPLANE and Aeroplane Chess, ``"round"`` for StarCastles), else
            ``"greedy"``.
        playout_depth: Most actions in a playout (after the turns, for ``"turn"`` and
            ``"round"``) before it is cut off and scored by the heuristic (ignored for
            games without one, whose playouts go to the end); default: the registered game's
            ``Game.search_playout_depth`` (4; 0 for Aeroplane Chess and StarCastles),
            else 4.
        widening: Progressive widening factor ``k``: a node with ``n`` visits has at most
            ``ceil(k * sqrt(n))`` children (0 turns widening off).
        evaluation: The heuristic ``(state, seat) -> float``; default: the registered
            game's ``evaluate`` if it has one.
        eval_scale: The heuristic is mapped to ``[0, 1]`` by
            ``1 / (1 + exp(-value / eval_scale))``, in the heuristic's units; default:
            the registered game's ``Game.evaluation_scale`` (ASTROPLANE: 20, two
            Singularity points; Square Off: 5, half a piece; StarCastles: 2), else
            ``DEFAULT_EVAL_SCALE``.
        relative: Rate a playout's end by how far each seat's heuristic moved since the
            position the search tree was grown from (the first root of a kept tree),
            ``1 / (1 + exp(-(value - root_value) / eval_scale))``, instead of by its
            value; default: the registered game's ``Game.search_relative`` (True for
            StarCastles), else False.
        rivals: ``"search"`` (every seat's actions are searched, max^n) or ``"greedy"``
            (a node where another seat than the one searching is to move has one child,
            the action the heuristic rates best for that seat); default: the registered
            game's ``Game.search_rivals`` (``"greedy"`` for StarCastles), else
            ``"search"``. Without a heuristic rivals are searched.
        rating: The heuristic ``(state, seat) -> float`` that rates a playout's end (and
            the tree's root, for ``relative``), where it should differ from
            ``evaluation``, which still orders the moves and plays the playouts' greedy
            turns; default: the registered game's ``Game.search_rating`` (StarCastles:
            ``standing``), else the evaluation. Ignored without an evaluation.
        reuse_tree: Keep the subtree of the chosen action for the next call.
        max_playout_actions: Cap on a playout without a heuristic (a game that goes on
            longer is scored as a draw between its seats).

    Raises:
        ValueError: If a budget is not positive, ``playout`` or ``rivals`` is not a known
            policy, or another setting is not of its type; from ``choose``, if the game
            is over or the state is a chance node.

    Examples:
        >>> import astroplane
        >>> MCTSBot(seed=3, iterations=50)
        MCTSBot(seed=3, iterations=50)
        >>> MCTSBot(seed=3, playout="greedy", playout_depth=6)
        MCTSBot(seed=3, iterations=300, playout='greedy', playout_depth=6)
    """

    name = "mcts"

    def __init__(
        self,
        seed: int | None = None,
        *,
        iterations: int | None = None,
        seconds: float | None = None,
        exploration: float = 0.4,
        playout: Literal["random", "greedy", "turn", "round"] | None = None,
        playout_depth: int | None = None,
        widening: float = 2.0,
        evaluation: Evaluation | None = None,
        eval_scale: float | None = None,
        relative: bool | None = None,
        rivals: Literal["search", "greedy"] | None = None,
        rating: Evaluation | None = None,
        reuse_tree: bool = True,
        max_playout_actions: int = 2000,
    ) -> None:
        if iterations is None and seconds is None:
            iterations = DEFAULT_ITERATIONS
        if iterations is not None:
            _whole("iterations", iterations, 1)
        if seconds is not None:
            _real("seconds", seconds, positive=True)
        if playout is not None and (not isinstance(playout, str) or playout not in PLAYOUTS):
            raise ValueError(f"unknown playout policy {shown(playout)} ({', '.join(PLAYOUTS)})")
        if playout_depth is not None:
            _whole("playout_depth", playout_depth, 0)
        _whole("max_playout_actions", max_playout_actions, 1)
        _real("exploration", exploration)
        _real("widening", widening)
        if eval_scale is not None:
            _real("eval_scale", eval_scale, positive=True)
        if relative is not None and not isinstance(relative, bool):
            raise ValueError(f"relative is True, False or None, not {shown(relative)}")
        if rivals is not None and (not isinstance(rivals, str) or rivals not in RIVALS):
            raise ValueError(f"rivals is 'search', 'greedy' or None, not {shown(rivals)}")
        if rating is not None and not callable(rating):
            raise ValueError(f"rating is a function (state, seat) -> float, not {shown(rating)}")
        if not isinstance(reuse_tree, bool):
            raise ValueError(f"reuse_tree is True or False, not {shown(reuse_tree)}")
        self.seed = seed
        self.iterations = iterations
        self.seconds = seconds
        self.exploration = exploration
        self.playout = playout
        self.playout_depth = playout_depth
        self.widening = widening
        self.evaluation = evaluation
        self.eval_scale = eval_scale
        self.relative = relative
        self.rivals = rivals
        self.rating = rating
        self.reuse_tree = reuse_tree
        self.max_playout_actions = max_playout_actions
        self.stats = SearchStats()
        self._rng = random.Random(seed)
        self._root: _Node | None = None
        self._root_core: Core[Any] | None = None
        self._core: Core[Any] | None = None
        self._eval: Evaluation | None = None
        #: What rates a playout's end: the game's ``search_rating`` (or ``rating``), else
        #: the heuristic ``_eval``.
        self._rate: Evaluation | None = None
        #: Whether the other seats play the heuristic's best action in the tree (``rivals``).
        self._greedy_rivals = False
        #: Where the mover's turn ends from a position (``"turn"`` playouts), per search.
        self._turn_ends: dict[Hashable, Hashable] = {}
        self._scale = DEFAULT_EVAL_SCALE
        self._relative = False
        #: Each seat's heuristic at the position the tree was grown from (``relative``).
        self._base: list[float] = []
        self._playout: str = playout or "greedy"
        self._depth = DEFAULT_PLAYOUT_DEPTH if playout_depth is None else playout_depth

    def __repr__(self) -> str:
        budget = []
        if self.iterations is not None:
            budget.append(f"iterations={self.iterations}")
        if self.seconds is not None:
            budget.append(f"seconds={self.seconds}")
        if self.playout is not None:
            budget.append(f"playout={self.playout!r}")
        if self.playout_depth is not None:
            budget.append(f"playout_depth={self.playout_depth}")
        return f"MCTSBot(seed={self.seed!r}, {', '.join(budget)})"

    # ---- the Agent protocol -------------------------------------------------
    def choose(self, state: Any) -> Any:
        """Search from ``state`` within the budget and return the most visited action.

        Args:
            state: A state following ``astroplane.protocol.State`` whose game is not
                over and that is not a chance node.

        Returns:
            A member of ``state.legal_moves()``.

        Raises:
            ValueError: If the game is over or ``state`` is a chance node.
        """
        if state.is_over:
            raise ValueError("no legal action: the game is over")
        if state.is_chance_node:
            raise ValueError("a chance node: draw the outcome with protocol.sample_chance")
        start = time.perf_counter()
        core, p = self._prepare(state)
        legal = state.legal_moves()
        root = self._find_root(core, p)
        if len(legal) == 1:  # forced: keep the subtree (if any) without searching
            self._finish(root, 0, start, 0)
            return legal[0]
        if root.moves is None:
            self._order(root)
        assert root.moves is not None
        actions = list(core.legal_actions(p))  # in the order of legal_moves()
        # A move that wins outright at once needs no search.
        for i, (action, after) in enumerate(root.moves):
            if core.is_terminal(after) and core.returns(after)[root.mover] >= 1.0:
                self._finish(root, 0, start, i)
                return legal[actions.index(action)]
        done = 0
        deadline = None if self.seconds is None else start + self.seconds
        limit = self.iterations
        while True:
            self._iterate(root)
            done += 1
            if limit is not None and done >= limit:
                break
            if deadline is not None and (done & 7) == 0 and time.perf_counter() >= deadline:
                break
        children = root.children
        assert isinstance(children, list)
        mover = root.mover
        best = max(
            range(len(children)),
            key=lambda i: (
                children[i].visits,
                children[i].value[mover] / (children[i].visits or 1),
            ),
        )
        self._finish(root, done, start, best)
        return legal[actions.index(root.moves[best][0])]

    # ---- search -----------------------------------------------------------------
    def _prepare(self, state: State[Any]) -> tuple[Core[Any], Hashable]:
        """The core and position to search (``positions_of``), and the heuristic on its
        positions: the bot's ``evaluation`` (on states), else the core's or the game's."""
        core, p = positions_of(state)
        ev = self.evaluation
        if ev is None and core.evaluate is not None:  # the core's own heuristic
            self._eval = core.evaluate
        else:
            if ev is None:
                ev = _default_evaluation(state)
            self._eval = None if ev is None else _on_positions(ev, core)
        rate = _game_setting(self.rating, state, "search_rating", None)
        if rate is None or self._eval is None:
            self._rate = self._eval
        else:
            self._rate = _on_positions(rate, core)
        self._core = core
        self._turn_ends = {}
        rivals = _game_setting(self.rivals, state, "search_rivals", "search")
        self._greedy_rivals = rivals == "greedy" and self._eval is not None
        scale = _game_setting(self.eval_scale, state, "evaluation_scale", DEFAULT_EVAL_SCALE)
        self._scale = float(scale)
        self._relative = bool(_game_setting(self.relative, state, "search_relative", False))
        self._playout = str(_game_setting(self.playout, state, "search_playout", "greedy"))
        self._depth = int(
            _game_setting(self.playout_depth, state, "search_playout_depth", DEFAULT_PLAYOUT_DEPTH)
        )
        return core, p

    def _find_root(self, core: Core[Any], p: Hashable) -> _Node:
        """The node of ``p`` in the kept tree (searching a few levels down, so the other
        players' actions since the last call are followed), or a new node."""
        old = self._root
        if old is not None and self.reuse_tree and self._root_core == core:
            try:
                key: int | None = hash(p)
            except TypeError:  # an unhashable state type: compare states only
                key = None
            frontier = [old]
            seen = 0
            while frontier and seen < 4096:
                nxt: list[_Node] = []
                for node in frontier:
                    seen += 1
                    if (key is None or hash(node.state) == key) and node.state == p:
                        return node
                    kids = node.children
                    nxt.extend(kids.values() if isinstance(kids, dict) else kids)
                frontier = nxt
        self._root_core = core
        node = _Node(core, p, len(core.returns(p)))
        # A new tree: its values are measured from here (``relative``), and a kept subtree
        # keeps this baseline, so that every value in one tree compares with the others.
        self._base = [0.0] * len(node.value)
        rate = self._rate
        if self._relative and rate is not None:  # choose() searches decision positions only
            for s in core.seats(p):
                self._base[s] = rate(p, s)
        return node

    def _finish(self, root: _Node, done: int, start: float, index: int | None = None) -> None:
        """Record the stats and keep the chosen subtree for the next call."""
        stats = self.stats
        stats.iterations = done
        stats.seconds = time.perf_counter() - start
        stats.root_visits = root.visits
        child: _Node | None = None
        kids = root.children
        if index is not None and isinstance(kids, list) and index < len(kids):
            child = kids[index]
        stats.best_value = (
            child.value[root.mover] / child.visits if child is not None and child.visits else 0.0
        )
        self._root = child if self.reuse_tree else None

    def _order(self, node: _Node) -> None:
        """Play every legal action of a decision node once; sort them best first for the
        mover by the heuristic (terminal results by their returns), or shuffle them."""
        core = self._core
        assert core is not None
        p = node.state
        apply = core.apply
        pairs = [(a, apply(p, a)) for a in core.legal_actions(p)]
        ev = self._eval
        mover = node.mover
        if ev is None:
            self._rng.shuffle(pairs)
        else:

            def key(pair: tuple[Any, Hashable]) -> float:
                after = pair[1]
                if core.is_terminal(after):
                    return 1e18 * (core.returns(after)[mover] - 0.5)
                if core.is_chance(after):
                    return 0.0
                return ev(after, mover)

            keys = [key(p) for p in pairs]
            order = sorted(range(len(pairs)), key=lambda i: -keys[i])  # stable: ties in order
            pairs = [pairs[i] for i in order]
        node.moves = pairs

    def _iterate(self, root: _Node) -> None:
        """One selection, expansion, playout and backup."""
        path = [root]
        node = root
        rng = self._rng
        core = self._core
        assert core is not None
        c = self.exploration
        widening = self.widening
        greedy_rivals = self._greedy_rivals
        me = root.mover
        while not node.terminal:
            if node.chance:
                outcome = _sample(core, node.state, rng)
                kids = node.children
                assert isinstance(kids, dict)
                child = kids.get(outcome)
                if child is None:
                    after = core.apply(node.state, outcome)
                    child = kids[outcome] = _Node(core, after, len(node.value))
                    path.append(child)
                    node = child
                    break
                path.append(child)
                node = child
                continue
            if node.moves is None:
                self._order(node)
            moves = node.moves
            assert moves is not None
            kids_list = node.children
            assert isinstance(kids_list, list)
            allowed = len(moves)
            if greedy_rivals and node.mover != me:  # a rival plays the heuristic's best
                allowed = 1
            elif widening > 0:
                allowed = min(allowed, math.ceil(widening * math.sqrt(node.visits + 1)))
            if len(kids_list) < allowed:
                child = _Node(core, moves[len(kids_list)][1], len(node.value))
                kids_list.append(child)
                path.append(child)
                node = child
                break
            mover = node.mover
            log_n = math.log(node.visits + 1)
            best_child = kids_list[0]
            best_score = -1.0
            for kid in kids_list:
                n = kid.visits
                score = 1e9 if n == 0 else kid.value[mover] / n + c * math.sqrt(log_n / n)
                if score > best_score:
                    best_score = score
                    best_child = kid
            path.append(best_child)
            node = best_child
        value = self._rollout(node.state)
        for visited in path:
            visited.visits += 1
            acc = visited.value
            for i, v in enumerate(value):
                acc[i] += v

    def _rollout(self, p: Hashable) -> Sequence[float]:
        """The value vector of a playout from ``p`` (see the module docs, step 3)."""
        core = self._core
        assert core is not None
        rng = self._rng
        ev = self._eval
        depth = self._depth if ev is not None else self.max_playout_actions
        greedy = self._playout != "random" and ev is not None
        apply = core.apply
        if self._playout in ("turn", "round") and ev is not None:  # the rest of the turn first
            turns = len(core.seats(p)) - 1 if self._playout == "round" else 1
            for _ in range(max(turns, 1)):
                if core.is_chance(p):
                    p = apply(p, _sample(core, p, rng))
                if core.is_terminal(p):
                    return core.returns(p)
                p = self._turn_end(p)
        for _ in range(depth):
            if core.is_terminal(p):
                return core.returns(p)
            if core.is_chance(p):
                p = apply(p, _sample(core, p, rng))
                continue
            actions = core.legal_actions(p)
            if greedy and len(actions) > 1:
                assert ev is not None
                seat = core.to_move(p)
                a = apply(p, rng.choice(actions))
                b = apply(p, rng.choice(actions))
                p = a if _value(core, ev, a, seat) >= _value(core, ev, b, seat) else b
            else:
                p = apply(p, rng.choice(actions))
        if core.is_terminal(p):
            return core.returns(p)
        width = len(core.returns(p))
        if ev is None:
            seats = core.seats(p)
            return [1.0 / len(seats) if s in seats else 0.0 for s in range(width)]
        scale = self._scale
        base = self._base  # set by _find_root for the tree
        rate = self._rate
        assert rate is not None
        out = [0.0] * width
        if core.is_chance(p):  # the heuristic is for decision positions: roll once more
            p = apply(p, _sample(core, p, rng))
            if core.is_terminal(p):
                return core.returns(p)
        for s in core.seats(p):
            x = (rate(p, s) - base[s]) / scale
            out[s] = 1.0 / (1.0 + math.exp(-x)) if x > -700 else 0.0
        return out

    def _turn_end(self, p: Hashable) -> Hashable:
        """Where the turn of the seat to move at ``p`` ends if it plays, at every action,
        the one whose result the heuristic rates best (GreedyBot's turn look-ahead,
        ``TURN_LOOKAHEAD`` actions at most): the first position that is
        over, a chance node or another seat's to move."""
        ends = self._turn_ends
        end = ends.get(p)
        if end is not None:
            return end
        core = self._core
        ev = self._eval
        assert core is not None and ev is not None
        apply = core.apply
        path: list[Hashable] = []
        q = p
        if not (core.is_terminal(q) or core.is_chance(q)):
            seat = core.to_move(q)
            for _ in range(TURN_LOOKAHEAD):
                known = ends.get(q)
                if known is not None:
                    q = known
                    break
                path.append(q)
                actions = core.legal_actions(q)
                if len(actions) == 1:
                    q = apply(q, actions[0])
                else:
                    q = max((apply(q, a) for a in actions), key=lambda r: _value(core, ev, r, seat))
                if core.is_terminal(q) or core.is_chance(q) or core.to_move(q) != seat:
                    break
        for visited in path:
            ends[visited] = q
        ends[p] = q
        return q


def _on_positions(on_states: Evaluation, core: Core[Any]) -> Evaluation:
    """A heuristic on states (the bot's ``evaluation`` or ``rating``, a game's) on the
    core's positions: as it is if the positions are the states (``StateCore``), else on
    each packed position viewed as a state, once for all its seats (a playout's end is
    rated for every seat in a row)."""
    if isinstance(core, StateCore):
        return on_states
    view = core.state
    last: list[Any] = [None, None]

    def on_view(q: Hashable, seat: int) -> float:
        if last[0] is not q:
            last[0], last[1] = q, view(q)
        return on_states(last[1], seat)

    return on_view


def _value(core: Core[Any], ev: Evaluation, p: Hashable, seat: int) -> float:
    """The heuristic of ``p`` for ``seat``, a finished game by its returns."""
    if core.is_terminal(p):
        return 1e18 * (core.returns(p)[seat] - 0.5)
    return ev(p, seat)
