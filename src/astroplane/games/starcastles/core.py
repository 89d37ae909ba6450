"""The packed core: StarCastles' rules, written once, over packed positions and action
numbers. Private; compiled by the optional build.

A ``StarCastlesCore`` is the rules under one rules value and one seating (the home arms):
``legal_actions``, ``apply``, ``is_terminal``, ``returns``, ``evaluate``... of
``astroplane.core.Core``, over the packed positions of ``packed`` and the action numbers
of [SC11] (``actions.move_to_action``). The public state (``state.StarCastlesState``) is a
view of a core and a packed position; its moves, its ``play``, the heuristic and the
formats read from here. Get a core with ``state.core_for(rules, arms)`` (or
``astroplane.core.core_of(state)``).

Move generation is bitboard work: the mover's free modules are their Spires, their
Battlements under no Spire and their Power Bases under nothing, read a byte of the
bitboard at a time; a Spire's steps, a castle's steps and its swaps are looked up by the
set of its linked points closed to it (``packed.Items``); a slide walks its ray until the
first module or gem [SC4, SC5]. The legal moves come in increasing action order.

Examples:
    >>> from astroplane.core import core_of
    >>> from astroplane.games.starcastles import new_game
    >>> core, p = core_of(new_game(2))
    >>> core.legal_actions(p)[:4], len(core.legal_actions(p))
    ([56, 57, 110, 111], 35)
    >>> q = core.apply(p, 57)
    >>> core.to_move(q), core.turn(q), core.is_terminal(q), core.state(q).stack("c3")
    (1, 2, False, 'S0')
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from typing import Any, Final, cast

from astroplane.games.starcastles.board import opposite, star_board
from astroplane.games.starcastles.options import Rules
from astroplane.games.starcastles.packed import (
    ANY,
    FIRST_SHIFT,
    GEM,
    GEM_BITS,
    KINDS_AT,
    LEFT_SHIFT,
    OVER,
    PASS,
    REMOVED,
    ROUND_MASK,
    ROUND_SHIFT,
    SLIDE,
    STEP,
    WINNER_SHIFT,
    Items,
    Packed,
    Tables,
    action_items,
    tables,
)

__all__ = [
    "BUILD_BONUS",
    "CASTLE_BONUS",
    "GEM_REFUSALS",
    "MARCHING_BONUS",
    "READY_BONUS",
    "WIN_VALUE",
    "StarCastlesCore",
]

# The heuristic's values (``evaluation`` documents and exports them) [SC23, SC29].
WIN_VALUE = 1_000_000.0
CASTLE_BONUS = 30.0
BUILD_BONUS = (6.0, 14.0)
MARCHING_BONUS = 8.0
READY_BONUS = 4.0


@cache
def _nearness(arm_size: int, dest: int) -> tuple[int, ...]:
    """Per point, the board's largest distance (``4k``) less its distance to the nearest
    point of the trio of arm ``dest`` [SC23]."""
    board = star_board(arm_size)
    trio = [board.cube[q] for q in board.trios[dest]]
    far = 4 * arm_size
    out: list[int] = []
    for c in board.cube:
        best = far
        for t in trio:
            d = max(abs(c[0] - t[0]), abs(c[1] - t[1]), abs(c[2] - t[2]))
            if d < best:
                best = d
        out.append(far - best)
    return tuple(out)


#: Why a gem may not be played (``StarCastlesCore.gem_refusal``), by code 1..4 [SC7]; 0
#: (``""``) when it may.
GEM_REFUSALS: Final[tuple[str, ...]] = (
    "",
    "[SC7] each player has four Phase Gems, each used once: none is left",
    "[SC7] a Phase Gem of this player is already in play (one a turn)",
    "[SC7] no Phase Gem in the turn the player's own gem was removed (gems pass around the table)",
    "[SC7] only one Phase Gem can be in play at any time",
)
_GEM_FIELD: Final = (1 << GEM_BITS) - 1
#: The meta bits but the mover and ``removed``, which the end of a turn rewrites.
_NOT_TURN: Final = ~(7 | REMOVED)


class StarCastlesCore:
    """StarCastles' rules under one rules value and one seating, over packed positions.

    Build one with ``state.core_for(rules, arms)`` (cached); a core holds no position.

    Attributes:
        rules: The rules in force.
        arms: The players' home arms [SC2].
        players: The number of players.
        num_actions: The size of the action encoding [SC11].
        evaluate: ``value``, the bots' heuristic [SC23] on positions.
        view: ``view(core, p)``, the public state of ``p`` (set by ``state.core_for``).
        move_table: Per action number, its ``Move`` (None where it names none).
        move_items: The ``Move`` values laid out for the generator (``packed.Items``).
        action_of: ``id(move) -> action`` for the moves of ``move_table`` (they live as
            long as the table).
        dest: Per player, the bitboard of their destination's trio [SC2].
        near: Per player, per point, the board's largest distance less the point's
            distance to the player's destination trio (the heuristic's nearness).
        at_home: Per point, the players whose destination trio holds it.
        trios: The bitboard of every player's destination trio.
    """

    rules: Rules
    arms: tuple[int, ...]
    players: int
    num_actions: int
    evaluate: Callable[[Packed, int], float] | None
    view: Callable[[StarCastlesCore, Packed], Any] | None
    move_table: tuple[Any, ...]
    move_items: Items
    action_of: dict[int, int]
    dest: tuple[int, ...]
    t: Tables
    actions: Items
    swap: bool
    own: bool
    per_player: bool
    max_rounds: int
    _seats: tuple[int, ...]
    _key: tuple[Rules, tuple[int, ...]]
    _hash: int
    near: tuple[tuple[int, ...], ...]
    at_home: tuple[tuple[int, ...], ...]
    trios: int
    _last_p: Packed | None
    _last_v: list[float]

    def __init__(
        self, rules: Rules, arms: tuple[int, ...], move_table: tuple[Any, ...], move_items: Items
    ) -> None:
        t = tables(rules.arm)
        self.t = t
        self.actions = action_items(rules.arm)
        self.move_items = move_items
        self.rules = rules
        self.arms = arms
        self.players = len(arms)
        self.num_actions = t.pass_action + 1
        self.evaluate = self.value
        self.view = None
        self.move_table = move_table
        self.action_of = {id(m): a for a, m in enumerate(move_table) if m is not None}
        self.dest = tuple(t.trio[opposite(a)] for a in arms)
        self.swap = rules.swap
        self.own = rules.own_castles
        self.per_player = rules.gems_per_player
        self.max_rounds = rules.max_rounds
        self._seats = tuple(range(len(arms)))
        self._key = (rules, arms)
        self._hash = hash(self._key)
        board = star_board(rules.arm)
        self.near = tuple(_nearness(rules.arm, opposite(a)) for a in arms)
        homes: list[list[int]] = [[] for _ in range(t.n)]
        trios = 0
        for player, a in enumerate(arms):
            for q in board.trios[opposite(a)]:
                homes[q].append(player)
                trios |= 1 << q
        self.at_home = tuple(tuple(h) for h in homes)
        self.trios = trios
        self._last_p: Packed | None = None
        self._last_v: list[float] = []

    def __eq__(self, other: object) -> bool:
        return isinstance(other, StarCastlesCore) and self._key == other._key

    def __hash__(self) -> int:
        return self._hash

    def __repr__(self) -> str:
        return f"<StarCastlesCore {self.rules!r} arms={self.arms}>"

    # ---- the Core protocol --------------------------------------------------------------
    def legal_actions(self, p: Packed) -> list[int]:
        """The legal action numbers of ``p`` in increasing order: the moves, the gem
        placements, then the pass when there is no move [SC3]; empty once over."""
        return cast("list[int]", self.generate(p, self.actions))

    def generate(self, p: Packed, items: Items) -> list[object]:
        """The items (``packed.Items``: action numbers or moves) of the legal moves of
        ``p``, in action order: the moves of the mover's free modules by point, the gem
        placements, then the pass when there is no move [SC3]; none once over."""
        meta = p[0]
        if meta & OVER:
            return []
        me = meta & 7
        pb = p[ANY]
        bb = p[ANY + 1]
        sb = p[ANY + 2]
        under = ~(bb | sb)  # the points with neither a Battlement nor a Spire
        occ = pb | bb | sb
        k = KINDS_AT + 3 * me
        mine = p[k + 2] | (p[k + 1] & ~sb) | (p[k] & under)  # free: at the top [SC3]
        blocked = occ
        stop = sb  # what a Spire never lands on [SC4, SC5]
        if p[1]:
            gem_mask = self.gem_mask(p[1])
            blocked |= gem_mask
            stop |= gem_mask
        lone = pb & under  # what a Battlement may dock on
        castles = pb & bb & p[2] if p[2] else 0  # the controlled castles (a Spire on P + B)
        out: list[object] = []
        steps = items.steps
        near = self.t.near
        rays = items.rays
        points = self.t.points
        for c, v in enumerate(mine.to_bytes(self.t.chunks, "little")):
            if not v:
                continue
            for q, low in points[c * 256 + v]:
                if sb & low:
                    out.extend(steps[q][stop & near[q]])
                    if castles & low:  # a controlled castle steps whole to an empty point [SC4]
                        around = near[q]
                        out.extend(items.castles[q][blocked & around])
                        if self.swap:  # onto the mover's destination, a top not theirs [SC9]
                            out.extend(items.swaps[q][self.dest[me] & occ & ~mine & around])
                    continue
                docks = lone if bb & low else 0  # a Power Base docks on nothing [SC4]
                for ray in rays[q]:  # through empty points; nothing passes a module or gem [SC5]
                    for b, a in ray:
                        if blocked & b:
                            if docks & b:
                                out.append(a)
                            break
                        out.append(a)
        moved = len(out) > 0
        if meta >> (LEFT_SHIFT + 3 * me) & 7 and not self.gem_refusal(p):  # gems left [SC7]
            empty = self.t.full & ~blocked
            chunk = items.gems
            c = 0
            while empty:
                v = empty & 255
                if v:
                    out.extend(chunk[c + v])
                empty >>= 8
                c += 256
        if not moved:
            out.append(items.pass_item)
        return out

    def apply(self, p: Packed, action: int) -> Packed:
        """The position after ``action``, one of ``legal_actions(p)`` (unchecked)."""
        t = self.t
        me = p[0] & 7
        kind = t.kind[action]
        cur = list(p)
        frm = t.frm_bit[action]
        to = t.to_bit[action]
        both = frm | to
        k = KINDS_AT + 3 * me
        if kind == SLIDE:  # the top module, a Battlement or a Power Base [SC4]
            j = 1 if p[ANY + 1] & frm else 0
            cur[ANY + j] ^= both
            cur[k + j] ^= both
        elif kind == STEP:  # the Spire leaves: control there ends; docked on P+B: control
            cur[ANY + 2] ^= both
            cur[k + 2] ^= both
            ctrl = cur[2] & ~both
            if p[ANY] & p[ANY + 1] & to:
                ctrl |= to
            cur[2] = ctrl
        elif kind == GEM:  # a ply of its own: the turn goes on [SC3, SC7]
            cur[0] -= 1 << (LEFT_SHIFT + 3 * me)
            cur[1] |= (t.to[action] + 1) << (GEM_BITS * me)
            return tuple(cur)
        elif kind == PASS:
            return self._next_turn(cur, False)
        else:  # CASTLE (onto an empty point) or SWAP: the stacks exchange, with control
            for i in range(2, len(cur)):
                x = cur[i]
                if x & frm:
                    if not x & to:
                        cur[i] = x ^ both
                elif x & to:
                    cur[i] = x ^ both
        dest = self.dest[me]  # the win is checked after each move, for the mover [SC6]
        return self._next_turn(cur, cur[k + 2] & dest == dest and self._won(cur, me))

    def _won(self, p: Sequence[int], player: int) -> bool:
        """Whether each trio point of ``player``'s destination holds a complete castle
        controlled by their Spire (``own_castles``: all three modules theirs) [SC6]."""
        dest = self.dest[player]
        k = KINDS_AT + 3 * player
        if p[k + 2] & p[ANY] & p[ANY + 1] & p[2] & dest != dest:
            return False
        return not self.own or p[k] & p[k + 1] & dest == dest

    def _next_turn(self, cur: list[int], won: bool) -> Packed:
        """The turn passes to the next player; the round goes on when it is back to the
        first player [SC3]. The game ends on a win or past ``max_rounds`` [SC6]; else the
        new mover's own gem, if on the board, is removed [SC7]."""
        meta = cur[0]
        me = meta & 7
        nxt = me + 1 if me + 1 < self.players else 0
        meta = meta & _NOT_TURN | nxt
        if nxt == meta >> FIRST_SHIFT & 7:
            meta += 1 << ROUND_SHIFT
            if meta >> ROUND_SHIFT & ROUND_MASK > self.max_rounds:
                meta |= OVER
        if won:
            meta |= (me + 1) << WINNER_SHIFT | OVER
        elif cur[1] and not meta & OVER:
            shift = GEM_BITS * nxt
            if cur[1] >> shift & _GEM_FIELD:
                cur[1] &= ~(_GEM_FIELD << shift)
                meta |= REMOVED
        cur[0] = meta
        return tuple(cur)

    def is_terminal(self, p: Packed) -> bool:
        """True once a player has won or ``max_rounds`` rounds have passed [SC6]."""
        return bool(p[0] & OVER)

    def is_chance(self, p: Packed) -> bool:
        """Always False: StarCastles has no chance."""
        return False

    def chance_outcomes(self, p: Packed) -> list[tuple[int, float]]:
        """Always empty: there is no chance node."""
        return []

    def to_move(self, p: Packed) -> int:
        """The player to act (once over: the player whose turn would come next) [SC29]."""
        return p[0] & 7

    def seats(self, p: Packed) -> tuple[int, ...]:
        """The players' numbers, in turn order from player 0 [SC2, SC12]."""
        return self._seats

    def turn(self, p: Packed) -> int:
        """The turn number: ``(round - 1) * n`` plus the mover's place after the first
        player, plus 1 [SC3]."""
        meta = p[0]
        n = self.players
        first = meta >> FIRST_SHIFT & 7
        return ((meta >> ROUND_SHIFT & ROUND_MASK) - 1) * n + ((meta & 7) - first) % n + 1

    def winner(self, p: Packed) -> int:
        """The player who won, or -1 [SC6]."""
        return (p[0] >> WINNER_SHIFT & 7) - 1

    def returns(self, p: Packed) -> tuple[float, ...]:
        """Per player: once won, 1.0 to the winner and 0.0 to the others; once drawn 1/n
        each; all 0.0 while the game goes on [SC6]."""
        n = self.players
        won = self.winner(p)
        if won >= 0:
            return tuple([1.0 if i == won else 0.0 for i in range(n)])
        if p[0] & OVER:
            return tuple([1.0 / n for _ in range(n)])
        return tuple([0.0 for _ in range(n)])

    def state(self, p: Packed) -> Any:
        """The public state (``StarCastlesState``) ``p`` stands for."""
        view = self.view
        assert view is not None, "a core made by state.core_for has its view"
        return view(self, p)

    # ---- more questions, for the views ---------------------------------------------------
    def has_won(self, p: Packed, player: int) -> bool:
        """Whether ``player``'s destination is three castles their Spires control [SC6]."""
        return self._won(p, player)

    def gem_mask(self, gems: int) -> int:
        """The bitboard of the Phase Gems of a gems word (``p[1]``)."""
        bit = self.t.bit
        mask = 0
        while gems:
            v = gems & _GEM_FIELD
            if v:
                mask |= bit[v - 1]
            gems >>= GEM_BITS
        return mask

    def gem_refusal(self, p: Packed) -> int:
        """Why the mover may not play a Phase Gem now (a code of ``GEM_REFUSALS``), or 0
        if they may [SC7]."""
        meta = p[0]
        me = meta & 7
        if not meta >> (LEFT_SHIFT + 3 * me) & 7:
            return 1
        gems = p[1]
        if gems >> (GEM_BITS * me) & _GEM_FIELD:
            return 2
        if meta & REMOVED:
            return 3
        if gems and not self.per_player:
            return 4
        return 0

    # ---- the heuristic [SC23, SC29] ---------------------------------------------------------
    def progress_all(self, p: Packed) -> list[float]:
        """Every player's progress (``evaluation.progress``), in one pass over the modules:
        the nearness of each module to its owner's destination trio, then per trio point
        ``BUILD_BONUS`` for the player's lone Power Base and for their Battlement on a
        Power Base, ``CASTLE_BONUS`` for a castle their Spire controls; off their trio
        ``MARCHING_BONUS`` per castle they control and ``READY_BONUS`` per Power Base under
        their Battlement with no Spire. Colours mix unless ``own_castles`` [SC6]. The last
        position's vector is kept: a search rates one position for every seat in a row."""
        if p is self._last_p:
            return self._last_v
        players = self.players
        total = [0.0] * players
        owners = (len(p) - KINDS_AT) // 3
        for i in range(owners if owners < players else players):
            near = self.near[i]
            for k in range(3):
                x = p[KINDS_AT + 3 * i + k]
                while x:
                    low = x & -x
                    x ^= low
                    total[i] += near[low.bit_length() - 1]
        pb = p[ANY]
        bb = p[ANY + 1]
        sb = p[ANY + 2]
        ctrl = p[2]
        # the points a bonus may be on: the destination trios, controlled castles, and
        # Power Bases under a Battlement with no Spire
        x = (self.trios & (pb | bb | sb)) | (ctrl & sb) | (pb & bb & ~sb)
        own = self.own
        b_p = BUILD_BONUS[0]
        b_pb = BUILD_BONUS[1]
        while x:
            low = x & -x
            x ^= low
            q = low.bit_length() - 1
            po = bo = so = -1
            for j in range(KINDS_AT, len(p)):
                if p[j] & low:
                    k = (j - KINDS_AT) % 3
                    who = (j - KINDS_AT) // 3
                    if k == 0:
                        po = who
                    elif k == 1:
                        bo = who
                    else:
                        so = who
            home = self.at_home[q]
            for player in home:
                if so < 0:  # building: the player's Power Base, or any under their Battlement
                    if bo == player and po >= 0 and (not own or po == player):
                        total[player] += b_pb
                    elif bo < 0 and po == player:
                        total[player] += b_p
                elif so == player and ctrl & low and (not own or po == bo == player):
                    total[player] += CASTLE_BONUS
            if so >= 0:
                if ctrl & low and so not in home:
                    total[so] += MARCHING_BONUS
            elif bo >= 0 and po >= 0 and bo not in home:
                total[bo] += READY_BONUS
        self._last_p = p
        self._last_v = total
        return total

    def value(self, p: Packed, seat: int) -> float:
        """How good ``p`` is for ``seat`` (``evaluation.evaluate``): its progress less the
        best rival's, or ``WIN_VALUE`` / ``-WIN_VALUE`` / 0 once won or drawn [SC23]."""
        meta = p[0]
        if meta & OVER:
            won = (meta >> WINNER_SHIFT & 7) - 1
            if won < 0:
                return 0.0
            return WIN_VALUE if won == seat else -WIN_VALUE
        every = self.progress_all(p)
        best = -1e300
        for i in range(len(every)):
            if i != seat and every[i] > best:
                best = every[i]
        return every[seat] - best

    def standing(self, p: Packed, seat: int) -> float:
        """How ``seat`` stands in the race at ``p`` (``evaluation.standing``): its progress
        less the mean of the other players', or ``WIN_VALUE`` / ``-WIN_VALUE`` / 0 once
        won or drawn [SC23]."""
        if p[0] & OVER:
            return self.value(p, seat)
        every = self.progress_all(p)
        rivals = len(every) - 1
        return every[seat] - (sum(every) - every[seat]) / rivals

    def legal_moves(self, p: Packed) -> tuple[Any, ...]:
        """The ``Move`` of each legal action of ``p``, in action order."""
        return tuple(self.generate(p, self.move_items))

    def play(self, p: Packed, moves: tuple[Any, ...], move: object) -> Packed | None:
        """The position after ``move`` if it is one of ``moves`` (``legal_moves(p)``),
        else None: known by identity, else by equality (the matched legal move is the one
        played)."""
        key = id(move)
        if key in map(id, moves):
            return self.apply(p, self.action_of[key])
        for m in moves:
            if m == move:
                return self.apply(p, self.action_of[id(m)])
        return None
