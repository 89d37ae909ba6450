"""Shared helpers and hypothesis strategies for the StarCastles tests."""

from __future__ import annotations

import itertools
import random
from typing import Any

from hypothesis import strategies as st

from astroplane.games.starcastles import (
    Move,
    MoveKind,
    Rules,
    StarCastlesState,
    new_game,
    setup_position,
    star_board,
)

#: Every combination of the options but ``max_rounds`` (3 boards * 2**4 = 48 rule sets),
#: with a short game so that playouts stay quick.
ALL_RULES: tuple[Rules, ...] = tuple(
    Rules(arm=a, gems_per_player=g, own_castles=o, start_controlled=c, swap=w, max_rounds=25)
    for a, g, o, c, w in itertools.product((2, 3, 4), *[(False, True)] * 4)
)

rules_st = st.sampled_from(ALL_RULES)
players_st = st.integers(2, 6)
seeds_st = st.integers(0, 2**32 - 1)

B2 = star_board(2)


def pt(name: str, arm: int = 2) -> int:
    """The id of a point by name on the board of ``arm``."""
    return star_board(arm).point(name)


def pos(stacks: dict[str, str], players: int = 2, **kw: Any) -> StarCastlesState:
    """A position from point name -> stack text (``"P0B1S0"``, bottom to top)."""
    return setup_position(players, stacks, **kw)


def targets(state: StarCastlesState, frm: str, kind: MoveKind | None = None) -> list[str]:
    """The names of the points the legal moves from ``frm`` go to (of ``kind`` if given),
    in legal-move order."""
    p = state.board.point(frm)
    return [
        state.board.names[m.to]
        for m in state.legal_moves()
        if m.frm == p and (kind is None or m.kind == kind)
    ]


def step(frm: str, to: str) -> Move:
    """A Spire step between named points of the 37-point board."""
    return Move.step(pt(frm), pt(to))


def slide(frm: str, to: str) -> Move:
    """A slide between named points of the 37-point board."""
    return Move.slide(pt(frm), pt(to))


def castle(frm: str, to: str) -> Move:
    """A castle move between named points of the 37-point board."""
    return Move.castle(pt(frm), pt(to))


def swap(frm: str, to: str) -> Move:
    """A swap between named points of the 37-point board."""
    return Move.swap(pt(frm), pt(to))


def gem(at: str) -> Move:
    """A Phase Gem on a named point of the 37-point board."""
    return Move.gem(pt(at))


def interesting(state: StarCastlesState, rng: random.Random) -> Move:
    """A random legal move, half the time one of the rarer kinds (docking, castle moves,
    swaps, gems) when there is one, so that they come up often in playouts."""
    moves = state.legal_moves()
    special = [
        m
        for m in moves
        if m.kind in (MoveKind.CASTLE, MoveKind.SWAP, MoveKind.GEM)
        or (m.kind != MoveKind.PASS and m.kind != MoveKind.GEM and state.cells[m.to])
    ]
    if special and rng.random() < 0.5:
        return rng.choice(special)
    return rng.choice(moves)


def playout(
    seed: int, players: int = 2, rules: Rules | None = None, max_plies: int | None = None
) -> tuple[list[StarCastlesState], list[Move]]:
    """A random game (``interesting`` policy): its states and moves, to the end unless
    ``max_plies`` stops it first."""
    rng = random.Random(seed)
    state = new_game(players, rules=rules or Rules())
    states, moves = [state], []
    while not state.is_over and (max_plies is None or len(moves) < max_plies):
        move = interesting(state, rng)
        state = state.play(move)
        states.append(state)
        moves.append(move)
    return states, moves


def _distance(state: StarCastlesState, p: int, q: int) -> int:
    a, b = state.board.cube[p], state.board.cube[q]
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]), abs(a[2] - b[2]))


def homing(state: StarCastlesState, rng: random.Random) -> Move:
    """A policy that marches controlled castles home: a swap or a castle move that brings
    a castle not yet home nearer its destination's trio when there is one, else any move
    that does not take a Spire off a controlled castle. With ``start_controlled`` it wins
    games, so the end of the game comes up in playouts."""
    moves = state.legal_moves()
    dest = state.destination(state.to_move)

    def far(p: int) -> int:
        return min(_distance(state, p, t) for t in dest)

    marching = [
        m
        for m in moves
        if m.frm not in dest
        and (m.kind == MoveKind.SWAP or (m.kind == MoveKind.CASTLE and far(m.to) < far(m.frm)))
    ]
    if marching:
        return rng.choice(marching)
    calm = [m for m in moves if m.kind != MoveKind.STEP or not state.controlled >> m.frm & 1]
    return rng.choice(calm or moves)


def homing_game(seed: int, players: int = 2, rules: Rules | None = None) -> list[StarCastlesState]:
    """The states of a game played by the ``homing`` policy (with ``start_controlled``
    by default, so that it usually ends in a win)."""
    rng = random.Random(seed)
    state = new_game(players, rules=rules or Rules(start_controlled=True, max_rounds=60))
    states = [state]
    while not state.is_over:
        state = state.play(homing(state, rng))
        states.append(state)
    return states
