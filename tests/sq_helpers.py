"""Shared helpers for the scenario tests of Squares, the end of the game, variants and secrets.

Positions, cells and pieces are named as in RULES.md (``"e2.ne"``, ``"a1S"``, ``"Sl"``,
``"c3"``, ``"S1"``); the helpers turn names into the engine's integers and back.
"""

from __future__ import annotations

from collections.abc import Iterable

import astroplane as ap
from astroplane import Move, MoveKind

B = ap.REFERENCE_BOARD

S, W, N, E = 0, 1, 2, 3

END = Move(MoveKind.END_TURN)


def pos(name: str) -> int:
    """The position index of a position name."""
    return B.position(name)


def cell(name: str) -> int:
    """The cell index of a cell name."""
    return B.cell(name)


def step(origin: str, target: str, choice: int = 0) -> Move:
    """A single-piece step between two named positions."""
    return Move(MoveKind.STEP, pos(origin), pos(target), choice)


def travel(origin: str, target: str, choice: int = 0) -> Move:
    """A free Wormhole travel between two named positions."""
    return Move(MoveKind.TRAVEL, pos(origin), pos(target), choice)


def slide(origin: str, target: str) -> Move:
    """A Square move between two named cells."""
    return Move(MoveKind.SQUARE, cell(origin), cell(target))


def kill(origin: str, target: str) -> Move:
    """An elimination by the Square in ``origin`` into ``target`` (cell names)."""
    return Move(MoveKind.ELIMINATE, cell(origin), cell(target))


def fire(corner: str, choice: int = 0) -> Move:
    """Firing the Anomaly corner ``corner`` (a cell name such as ``"a1"``)."""
    return Move(MoveKind.FIRE, cell(corner), -1, choice)


def names(state: ap.GameState, position: str) -> list[str]:
    """The stack at a named position, bottom to top, as piece names."""
    return [ap.piece_name(p) for p in state.stack(position)]


def at(state: ap.GameState, piece: str) -> str | int:
    """Where a piece is: a position name, or the engine's negative code."""
    loc = state.location(piece)
    return B.position_name(loc) if loc >= 0 else loc


def square_map(state: ap.GameState) -> dict[str, str]:
    """The Squares of ``state`` as ``{cell name: owner letter}``."""
    return {B.cell_name(c): "SWNE"[o] for c, o in state.squares()}


def kinds(state: ap.GameState) -> set[int]:
    """The kinds of the legal actions of ``state``."""
    return {m.kind for m in state.legal_moves()}


def of_kind(state: ap.GameState, kind: MoveKind) -> list[Move]:
    """The legal actions of ``state`` of one kind."""
    return [m for m in state.legal_moves() if m.kind == kind]


def steps_from(state: ap.GameState, origin: str) -> set[str]:
    """Names of the positions a STEP from ``origin`` may take (any choice)."""
    p = pos(origin)
    return {
        B.position_name(m.target)
        for m in state.legal_moves()
        if m.kind == MoveKind.STEP and m.origin == p
    }


def slides(state: ap.GameState) -> set[tuple[str, str]]:
    """Legal Square moves as ``(from cell, to cell)`` names."""
    return {(B.cell_name(m.origin), B.cell_name(m.target)) for m in of_kind(state, MoveKind.SQUARE)}


def kills(state: ap.GameState) -> set[tuple[str, str]]:
    """Legal eliminations as ``(from cell, to cell)`` names."""
    return {
        (B.cell_name(m.origin), B.cell_name(m.target)) for m in of_kind(state, MoveKind.ELIMINATE)
    }


def setup(
    stacks: dict[str, Iterable[str]], players: int | str = 2, **kwargs: object
) -> ap.GameState:
    """``ap.setup_position`` with name-keyed stacks and the default reserve."""
    return ap.setup_position(
        players=players,
        stacks={k: list(v) for k, v in stacks.items()},
        **kwargs,  # type: ignore[arg-type]
    )


def play_all(state: ap.GameState, *moves: Move) -> ap.GameState:
    """Play several actions in order."""
    for m in moves:
        state = state.play(m)
    return state
