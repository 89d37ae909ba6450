"""GreedyBot's evaluation of ASTROPLANE positions: how good a state is for a seat.

``evaluate(state, seat)`` is the ASTROPLANE heuristic that ``GreedyBot`` (and the
search bots, for cut-off playouts) use through the game's registration
(``astroplane.protocol.game_of(state).evaluate``); ``distances_to_singularity`` is the
board table it rests on.

Examples:
    >>> import astroplane
    >>> s = astroplane.new_game(2)
    >>> evaluate(s, 0) == evaluate(s, 2)
    True
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping
from types import MappingProxyType

from astroplane.games.astroplane.pieces import piece_owner
from astroplane.games.astroplane.state import IN_RESERVE, GameState
from astroplane.games.astroplane.topology import Topology
from astroplane.kit.limits import shown

__all__ = ["WEIGHTS", "WIN_VALUE", "distances_to_singularity", "evaluate"]

#: Weights of the terms of ``evaluate`` (points of evaluation per unit).
WEIGHTS: Mapping[str, float] = MappingProxyType(
    {
        "score": 10.0,  # per point of (own score - best other score), rules page: Scores
        "control": 6.0,  # per Singularity cell topped, squared (a true win needs all four)
        "progress": 1.0,  # per step a piece is from the Singularity (own: -, others: +)
        "captive": 3.0,  # per piece held captive (own pieces held: -, others held by us: +)
        "armed": 4.0,  # per Anomaly corner whose two firing positions we top (can fire)
        "loaded": 1.0,  # per firing position we top
        "lost": 6.0,  # per own piece eliminated
        # nothing left to move while removal [D16] lets the others play on: per piece they
        # still have outside the Singularity (at most 20), what they could do without us
        "stuck": 15.0,
        "last_free": 6.0,  # the same with one piece left to move
    }
)
#: The value of a finished game: won (shared wins count half), lost.
WIN_VALUE = 100_000.0

_DIST_CACHE: dict[int, tuple[tuple[int, ...], Topology]] = {}
_WANDER_CACHE: dict[int, tuple[tuple[bool, ...], Topology]] = {}


def _can_wander(topology: Topology) -> tuple[bool, ...]:
    """Per position, can a lone piece there step (or travel) somewhere other than into the
    Singularity? A piece steps only through the apex it points at [D8], so one that
    points into a Singularity cell must enter it when it moves. Cached per topology."""
    hit = _WANDER_CACHE.get(id(topology))
    if hit is not None and hit[1] is topology:
        return hit[0]
    dist = distances_to_singularity(topology)
    result = tuple(
        any(dist[q] > 0 for q, _how in topology.step_dests[p]) or bool(topology.travel_dests[p])
        for p in range(topology.n_positions)
    )
    _WANDER_CACHE[id(topology)] = (result, topology)
    return result


def distances_to_singularity(topology: Topology) -> tuple[int, ...]:
    """Per position, the fewest actions a lone piece needs to reach the Singularity.

    A step costs 1, free Wormhole travel 0, firing from a firing position 1;
    other pieces are ignored. Positions that cannot reach it (unusable apexes)
    get a large number. Cached per topology.

    Examples:
        >>> import astroplane
        >>> b = astroplane.REFERENCE_BOARD
        >>> d = distances_to_singularity(b)
        >>> d[b.position("a1S")], d[b.position("Sl")] > 1
        (1, True)
    """
    key = id(topology)
    hit = _DIST_CACHE.get(key)
    if hit is not None and hit[1] is topology:
        return hit[0]
    t = topology
    n = t.n_positions
    back: list[list[tuple[int, int]]] = [[] for _ in range(n)]  # reverse edges (source, cost)
    for p in range(n):
        for q, _how in t.step_dests[p]:
            back[q].append((p, 1))
        for q, _how in t.travel_dests[p]:
            back[q].append((p, 0))
    far = 10 * n
    dist = [far] * n
    todo: deque[int] = deque()
    for cell, _apex in t.singularity:
        sp = t.singularity_position[cell]
        dist[sp] = 0
        todo.append(sp)
    for f in range(t.start_base - t.fire_base):  # firing flies straight in
        dist[t.fire_base + f] = 1
        todo.append(t.fire_base + f)
    while todo:  # 0-1 BFS on the reversed graph
        q = todo.popleft()
        for p, cost in back[q]:
            d = dist[q] + cost
            if d < dist[p]:
                dist[p] = d
                if cost:
                    todo.append(p)
                else:
                    todo.appendleft(p)
    result = tuple(dist)
    _DIST_CACHE[key] = (result, topology)
    return result


def evaluate(state: GameState, seat: int) -> float:
    """How good ``state`` is for ``seat`` (higher is better), cheap enough for every action.

    A finished game is worth ``+WIN_VALUE`` to a winner (half for a shared
    win) and ``-WIN_VALUE`` to the others. Otherwise the sum of these terms,
    weighted by ``WEIGHTS``:

    * **score**: own score minus the best other score (rules page: Scores and winners; 3 per
      piece eliminated, 2 per Singularity top, 1 per piece lower there), so
      it counts *pieces eliminated* and *Singularity control* as points;
    * **control**: Singularity cells topped, squared, minus the same for the
      strongest other player (the true win needs all four);
    * **progress**: for every piece on the board or in reserve, how many
      actions it is from the Singularity (``distances_to_singularity``;
      a reserve piece counts as its Start Area plus one): own distance
      counts against, other players' (averaged over them) in favour, so
      *sending pieces back* to Start pays;
    * **captive**: pieces held captive under another player's piece
      (rulebook: captive) — own ones against, ones held by this seat for;
    * **armed/loaded** (*threats*): Anomaly corners whose two firing
      positions this seat tops (it can fire two pieces into the Singularity
      with one move [D5]), and firing positions topped at all;
    * **lost**: own pieces eliminated;
    * **stuck** / **last_free** (3-4 players with ``remove_stuck_players``, while at least
      two others would play on): a seat with no free piece outside the Singularity is
      stuck at its next turn and removed [D16], and the others then play on without it,
      covering its Singularity tops; it is charged ``stuck`` per piece the other players
      still have outside the Singularity (at most 20: what they can still do), and
      ``last_free`` per such piece when it has one free piece left. A free piece is one
      on top of its stack that can move elsewhere than into the Singularity (a piece
      steps only through the apex it points at [D8], so one pointing into a Singularity
      cell must enter it). Late in the game, with few pieces left outside, removal costs
      little and the bots finish.

    Args:
        state: Any state (the evaluation does not depend on whose turn it is).
        seat: The seat number (0..3, one of ``state.seats``) to evaluate for.

    Returns:
        The evaluation, in points.

    Raises:
        ValueError: If ``seat`` is not the number of a seat in the game.

    Examples:
        >>> import astroplane
        >>> s = astroplane.new_game(2)
        >>> evaluate(s, 0) == evaluate(s, 2)
        True
    """
    if isinstance(seat, bool) or not isinstance(seat, int) or seat not in state.seats:
        raise ValueError(f"seat {shown(seat)} is not in this game (seats {state.seats})")
    out = state.outcome
    if out is not None:
        if seat in out.winners:
            return WIN_VALUE / len(out.winners)
        return -WIN_VALUE
    t = state.topology
    dist = distances_to_singularity(t)
    wander = _can_wander(t)
    stacks = state.stacks
    where = state.where
    w = WEIGHTS
    seats = state.active_seats
    others = [s for s in state.seats if s != seat]
    points = state.scores()
    value = w["score"] * (points[seat] - max((points[s] for s in others), default=0))

    tops = [0, 0, 0, 0]
    for cell, _apex in t.singularity:
        st = stacks[t.singularity_position[cell]]
        if st:
            tops[piece_owner(st[-1])] += 1
    value += w["control"] * (tops[seat] ** 2 - max((tops[s] ** 2 for s in others), default=0))

    own_dist = 0
    other_dist = 0
    captive = 0
    free = 0
    others_out = 0  # other active players' pieces outside the Singularity
    fire_base, start_base = t.fire_base, t.start_base
    for pid in range(40):
        pos = where[pid]
        owner = piece_owner(pid)
        if pos == IN_RESERVE:
            d = dist[t.start_position(owner, 0)] + 1
        elif pos >= 0:
            d = dist[pos]
            st = stacks[pos]
            top = st[-1]
            if top != pid and piece_owner(top) != owner:
                if owner == seat:
                    captive -= 1
                elif piece_owner(top) == seat:
                    captive += 1
            elif top == pid and owner == seat and wander[pos]:
                free += 1
        else:
            continue
        if owner == seat:
            own_dist += d
        elif owner in seats:
            other_dist += d
            others_out += d > 0
    n_other = max(1, len(seats) - 1) if seat in seats else max(1, len(seats))
    value += w["progress"] * (other_dist / n_other - own_dist)
    value += w["captive"] * captive

    loaded = 0
    for f in range(start_base - fire_base):
        st = stacks[fire_base + f]
        if st and piece_owner(st[-1]) == seat:
            loaded += 1
    armed = 0
    if loaded >= 2:
        for _corner, (a, b) in t.corner_firing:
            sa, sb = stacks[a], stacks[b]
            if sa and sb and piece_owner(sa[-1]) == seat and piece_owner(sb[-1]) == seat:
                armed += 1
    value += w["loaded"] * loaded + w["armed"] * armed

    lost = sum(1 for p, _by in state.eliminated if piece_owner(p) == seat)
    value -= w["lost"] * lost
    if free < 2 and _removal_goes_on(state, seat):
        value -= (w["last_free"] if free else w["stuck"]) * min(others_out, 20)
    return value


def _removal_goes_on(state: GameState, seat: int) -> bool:
    """Would ``seat``, stuck, be removed while at least two others play on [D16]?"""
    if len(state.seats) == 2 or not state.rules.remove_stuck_players:
        return False
    return sum(1 for s in state.seats if s != seat and s not in state.removed) >= 2
