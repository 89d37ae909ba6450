"""Why a move is illegal: the rule that forbids it, for ``IllegalMoveError``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from astroplane.moves import Move, MoveKind
from astroplane.topology import CellKind

if TYPE_CHECKING:
    from astroplane.state import GameState

__all__ = ["why_illegal"]


def why_illegal(s: GameState, move: object) -> str:
    """A sentence naming the rule (with its tag) that forbids ``move`` in ``s``."""
    if not isinstance(move, Move):
        return f"not a Move but {type(move).__name__}"
    if s.outcome is not None:
        return "the game is over"
    t = s.topology
    legal = s.legal_moves()
    mover = s.to_move
    kind = move.kind
    if kind not in tuple(MoveKind):
        return f"unknown move kind {kind!r}"
    if kind == MoveKind.END_TURN:
        return "[D7] the turn can only be ended when no move is legal and a free action is"
    if kind in (MoveKind.STEP, MoveKind.TRAVEL):
        src = move.origin
        if not 0 <= src < t.n_positions:
            return f"origin {src} is not a position of this board"
        st = s.stacks[src]
        if not st:
            return f"no piece at {t.position_name(src)}"
        if st[-1] // 10 != mover:
            return f"the top piece at {t.position_name(src)} is not the mover's ('SWNE'[{mover}])"
        if src < t.fire_base and t.kind[src >> 2] == CellKind.SINGULARITY:
            return "[D13] pieces in the Singularity never move again"
        if not 0 <= move.target < t.n_positions:
            return f"target {move.target} is not a position of this board"
        same = [m for m in legal if m.kind == kind and m.origin == src and m.target == move.target]
        if same:
            options = [m.choice for m in same]
            dst = move.target
            if dst < t.fire_base and t.singularity_position[dst >> 2] == dst:
                return _reserve_reason(s, move.choice, options)
            return (
                f"[D10] send-back choice {move.choice} is not one of {options} "
                "(one Start Area bit per owner with pieces in the opposite stack)"
            )
        if kind == MoveKind.TRAVEL:
            if src >= t.fire_base or t.kind[src >> 2] != CellKind.WORMHOLE:
                return "[D12] only a piece on a Wormhole end can travel"
            if (s.travelled >> st[-1]) & 1:
                return "[D19] after travelling, a piece may not travel again before it steps"
            return "[D12] the far end position is not free to enter [D6]"
        dests = [d for d, _ in t.step_dests[src]]
        if move.target not in dests:
            return (
                f"[D8] a step from {t.position_name(src)} cannot reach "
                f"{t.position_name(move.target)} (it goes through the apex the piece points at)"
            )
        dst = move.target
        if dst < t.fire_base and s.stacks[dst]:
            return "3.5 a single may not land on a Square (section 8: impenetrable)"
        if dst < t.fire_base and (s.stacks[dst ^ 1] or s.stacks[dst ^ 3]):
            return "[D6] the position overlaps an occupied position"
        return "[D15] it would leave two Squares of different players side by side"
    if kind == MoveKind.FIRE:
        if move.origin not in t.corner_firing:
            return f"{move.origin} is not an Anomaly corner"
        owners = [
            s.stacks[f][-1] // 10 if s.stacks[f] else None for f in t.corner_firing[move.origin]
        ]
        if owners != [mover, mover]:
            return "[D5] firing needs the mover's pieces on top of both firing positions"
        fire_choices = [m.choice for m in legal if m.kind == kind and m.origin == move.origin]
        return _reserve_reason(s, move.choice, fire_choices)
    if kind in (MoveKind.SQUARE, MoveKind.ELIMINATE):
        if not s.rules.squares:
            return "these rules have no Squares (Basic)"
        if not 0 <= move.origin < t.n_cells or not any(
            c == move.origin and o == mover for c, o in s.squares()
        ):
            return "[D14] the mover has no Square in that cell"
        if kind == MoveKind.SQUARE:
            return "section 8: a Square slides one cell into an empty ordinary grid cell [D15, D23]"
        return (
            "section 8: a Kill move crosses only empty ordinary cells and stops on another "
            "player's pieces that are not a Square (unless square_vs_square) [D15]"
        )
    return "not a legal action here"


def _reserve_reason(s: GameState, choice: int, options: list[int]) -> str:
    """Why ``choice`` is not one of the legal reserve choices ``options`` [D13, D28]."""
    have = s.reserve[s.to_move]
    if choice == 0 and have and not s.rules.optional_reserve:
        return (
            f"[D28] a reserve piece must be brought in (the player has {have} in reserve): "
            f"choose its Start Area, one of {options}"
        )
    return (
        f"[D13] reserve choice {choice} is not one of {options} "
        f"(the player has {have} reserve piece{'s' if have != 1 else ''}; "
        "1 left, 2 right; firing: 3 left-left, 4 left-right, 5 right-right; 0 none"
        + (", only when the reserve is empty)" if not s.rules.optional_reserve else ")")
    )
