"""Shared helpers for the rules scenario tests: position names in, moves and states out."""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence

import attrs

import astroplane as ap
from astroplane import GameState, Move, MoveKind

B = ap.REFERENCE_BOARD
#: The reference board as the rules page draws it (RULES.md 1.3), rank 10 first, files a..j:
#: A Anomaly corner, O Wormhole end, H Hyperspace, C Singularity, Sl/Sr... Start Areas,
#: s/w/n/e entry cells, . ordinary.
REFERENCE_MAP = """
A  O  .  Nr .  H  Nl .  O  A
O  .  .  .  n  n  .  .  .  O
.  .  .  .  .  .  .  .  .  .
Wl .  .  .  .  .  .  .  .  Er
H  w  .  .  C  C  .  .  e  .
.  w  .  .  C  C  .  .  e  H
Wr .  .  .  .  .  .  .  .  El
.  .  .  .  .  .  .  .  .  .
O  .  .  .  s  s  .  .  .  O
A  O  .  Sl H  .  Sr .  O  A
"""
#: A 12x12 board of another layout, for tests that must not depend on the reference board.
BIG_BOARD = ap.Topology.from_south(
    12,
    singularity=("f6", "ne"),
    hyperspace="c1",
    wormhole=("b1", "k1"),
    anomaly=(("a1", "b1", "sw", "f7"), ("l1", "k1", "se", "g7")),
    start_areas=(("e1", "f2", "sw"), ("h1", "g2", "se")),
)

STEP = MoveKind.STEP
TRAVEL = MoveKind.TRAVEL
FIRE = MoveKind.FIRE
END_TURN = MoveKind.END_TURN


def pos(name: str) -> int:
    """Position index of a name such as ``"e2.ne"``, ``"a1S"`` or ``"Sl"``."""
    return B.position(name)


def pname(position: int) -> str:
    """Name of a position index."""
    return B.position_name(position)


def cell(name: str) -> int:
    """Cell index of a name such as ``"a1"``."""
    return B.cell(name)


def pid(name: str) -> int:
    """Piece id of a name such as ``"S1"``."""
    return ap.piece_from_name(name)


def setup(
    stacks: Mapping[str, Sequence[str]],
    *,
    players: int | str = 2,
    to_move: str = "S",
    rules: ap.Rules = ap.STANDARD,
    **kwargs: object,
) -> GameState:
    """``ap.setup_position`` with name keys, two players (S, N) and S to move by default."""
    return ap.setup_position(
        players=players,
        stacks=dict(stacks),
        to_move=to_move,
        rules=rules,
        **kwargs,  # type: ignore[arg-type]
    )


def moves_from(state: GameState, origin: str, kind: int | None = STEP) -> list[Move]:
    """The legal moves of ``kind`` (None: any) whose origin is the named position."""
    o = pos(origin)
    return [m for m in state.legal_moves() if m.origin == o and (kind is None or m.kind == kind)]


def targets(state: GameState, origin: str, kind: int = STEP) -> set[str]:
    """Names of the positions reachable from ``origin`` by legal moves of ``kind``."""
    return {pname(m.target) for m in moves_from(state, origin, kind)}


def choices(state: GameState, origin: str, target: str, kind: int = STEP) -> set[int]:
    """The ``choice`` values of the legal moves ``origin -> target``."""
    t = pos(target)
    return {m.choice for m in moves_from(state, origin, kind) if m.target == t}


def kinds(state: GameState) -> set[int]:
    """The kinds of the legal actions."""
    return {m.kind for m in state.legal_moves()}


def make(kind: int, path: str, choice: int = 0) -> Move:
    """A move ``"a->b"`` of a STEP/TRAVEL kind (not checked for legality)."""
    a, b = (part.strip() for part in path.split("->"))
    return Move(kind, pos(a), pos(b), choice)


def step(state: GameState, path: str, choice: int = 0) -> GameState:
    """Play the legal step ``"a->b"`` with ``choice``; fails the test if it is not legal."""
    move = make(STEP, path, choice)
    assert move in state.legal_moves(), f"{move!r} not legal; legal: {state.legal_moves()}"
    return state.play(move)


def travel(state: GameState, path: str, choice: int = 0) -> GameState:
    """Play the legal free Wormhole travel ``"a->b"``."""
    move = make(TRAVEL, path, choice)
    assert move in state.legal_moves(), f"{move!r} not legal; legal: {state.legal_moves()}"
    return state.play(move)


def fire_move(corner: str, choice: int = 0) -> Move:
    """The FIRE move of an Anomaly corner cell (``"a1"``)."""
    return Move(FIRE, cell(corner), -1, choice)


def fire(state: GameState, corner: str, choice: int = 0) -> GameState:
    """Play the legal firing of ``corner`` with a reserve ``choice``."""
    move = fire_move(corner, choice)
    assert move in state.legal_moves(), f"{move!r} not legal; legal: {state.legal_moves()}"
    return state.play(move)


def names(state: GameState, position: str) -> list[str]:
    """The piece names of the stack at ``position``, bottom to top."""
    return [ap.piece_name(p) for p in state.stack(position)]


def where(state: GameState, piece: str) -> str | int:
    """Position name of a piece, or its negative location code."""
    loc = state.location(piece)
    return pname(loc) if loc >= 0 else loc


def cells_of(positions: Iterable[str]) -> set[str]:
    """The cell parts of grid position names."""
    return {p.split(".")[0] for p in positions}


#: Rule sets the seeded format playouts draw from.
PLAYOUT_RULES = (
    ap.STANDARD,
    ap.BASIC,
    ap.ADVANCED,
    attrs.evolve(ap.STANDARD, square_vs_square=True),
)


def seeded_playout(seed: int, plies: int) -> tuple[list[GameState], list[Move]]:
    """A seeded uniformly random playout: its states and the moves between them.

    Players (2-4), rules and limits (``max_turns``, ``no_progress_rounds``) are drawn
    from the seed too; ``states`` has one more entry than ``moves``.
    """
    rng = random.Random(seed)
    rules = attrs.evolve(
        rng.choice(PLAYOUT_RULES),
        max_turns=rng.choice((None, 6, 30)),
        no_progress_rounds=rng.choice((None, 2)),
    )
    state = ap.new_game(rng.choice((2, 3, 4)), rules=rules)
    states, moves = [state], []
    while not state.is_over and len(moves) < plies:
        move = rng.choice(state.legal_moves())
        state = state.play(move)
        moves.append(move)
        states.append(state)
    return states, moves


class IndexLike:
    """An integer of another library (NumPy's ``int64``, say): it says it is one by
    ``__index__`` and is no ``int`` (the tests need no NumPy)."""

    def __init__(self, value: int) -> None:
        self.value = value

    def __index__(self) -> int:
        return self.value
