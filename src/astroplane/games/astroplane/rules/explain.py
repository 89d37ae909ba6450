"""Why a move is illegal: the rule that forbids it, for ``IllegalMoveError``.

The rules themselves answer: the move generator runs with a ``Probe`` on the move and
notes the rule at the place that rejects it (``astroplane.games.astroplane.rules.movegen``); a
variant's
restriction gives its own reason. What is left here is the shape of the move: whose
piece stands at the origin, and whether the board's tables link origin and target at all.
"""

from __future__ import annotations

from astroplane.games.astroplane.enums import SEAT_NAMES
from astroplane.games.astroplane.moves import (
    RESERVE_CHOICES,
    SQUARE_KINDS,
    STEP_KINDS,
    Move,
    MoveKind,
)
from astroplane.games.astroplane.pieces import piece_name, piece_owner
from astroplane.games.astroplane.rules.movegen import (
    END_TURN_ONLY,
    IN_SINGULARITY,
    NO_KILL,
    NOT_ON_WORMHOLE,
    SQUARE_BLOCKED,
    Probe,
    rule_actions,
)
from astroplane.games.astroplane.rules.squares import square_owner
from astroplane.games.astroplane.state import GameState
from astroplane.kit.limits import plain_int, shown

__all__ = ["move_field_problem", "why_illegal"]


def move_field_problem(s: GameState, move: Move) -> str:
    """What is wrong with the fields of ``move`` as numbers on ``s``'s board, naming the
    field ("" when every field is an int in range for its kind)."""
    t = s.topology
    for name in ("kind", "origin", "target", "choice"):
        value = getattr(move, name, None)  # None: a move forged without its fields
        if not plain_int(value):
            return f"Move.{name} must be an int, not {type(value).__name__} {shown(value)}"
    kind = move.kind
    if kind in STEP_KINDS:
        limits = {"origin": t.n_positions, "target": t.n_positions}
    elif kind == MoveKind.FIRE:
        limits = {"origin": t.n_cells}
    elif kind in SQUARE_KINDS:
        limits = {"origin": t.n_cells, "target": t.n_cells}
    else:
        limits = {}
    for name, size in limits.items():
        value = getattr(move, name)
        if not 0 <= value < size:
            what = "position" if kind in STEP_KINDS else "cell"
            return f"Move.{name} {value} is not a {what} of this board (0..{size - 1})"
    if not 0 <= move.choice < 16:
        return f"Move.choice {move.choice} is out of range (0..15)"
    return ""


def why_illegal(s: GameState, move: object) -> str:
    """A sentence naming the rule (with its tag) that forbids ``move`` in ``s``."""
    if not isinstance(move, Move):
        return f"not a Move but {type(move).__name__}"
    if s.outcome is not None:
        return "the game is over"
    problem = move_field_problem(s, move)
    if problem:
        return problem
    rules = s.rules
    kind = move.kind
    base = rule_actions(s, None)
    extra = [m for a in rules.actions for m in a.generate(s)]
    if move in base or move in extra:
        for r in rules.restrictions:
            if r.forbids(s, move):
                return r.reason
        return "the variant's action_filter removes this action (a rule of these rules' variant)"
    if kind == MoveKind.END_TURN:
        return END_TURN_ONLY
    for action in rules.actions:
        if action.kind == kind:
            return action.explain(s, move)
    if kind not in tuple(MoveKind):
        return f"unknown move kind {kind!r} (these rules have no such action)"
    same = [
        m.choice
        for m in base
        if m.kind == kind and m.origin == move.origin and m.target == move.target
    ]
    if same:
        return _choice_reason(s, move, same)
    if kind in STEP_KINDS:
        return _step_reason(s, move)
    if kind == MoveKind.FIRE:
        if not s.topology.firing_of_cell[move.origin]:
            return f"{s.topology.cell_name(move.origin)} is not an Anomaly corner [D5]"
        return _probe(s, move) or "[D5] this corner cannot fire"
    return _square_reason(s, move)


def _probe(s: GameState, move: Move) -> str:
    probe = Probe(move)
    rule_actions(s, probe)
    return probe.reasons[0] if probe.reasons else ""


def _step_reason(s: GameState, move: Move) -> str:
    t = s.topology
    src, dst = move.origin, move.target
    st = s.stack(src)
    where = t.position_name(src)
    if not st:
        return f"no piece at {where}"
    if piece_owner(st[-1]) != s.to_move:
        return (
            f"the top piece at {where} is {piece_name(st[-1])}, not a piece of the player to "
            f"move ({SEAT_NAMES[s.to_move]})"
        )
    piece_rule = _probe(s, move)  # the generator's own reason, for a piece that cannot
    if piece_rule in (IN_SINGULARITY, NOT_ON_WORMHOLE):  # move or travel at all [D13, D12]
        return piece_rule
    if move.kind == MoveKind.TRAVEL:
        if dst not in [d for d, _how in t.travel_dests[src]]:
            return (
                f"[D12] travel from {where} arrives at a usable apex of the other end, "
                f"not at {t.position_name(dst)}"
            )
    elif dst not in [d for d, _how in t.step_dests[src]]:
        return (
            f"[D8] a step from {where} cannot reach {t.position_name(dst)} "
            "(a piece steps through the apex it points at)"
        )
    return _probe(s, move) or "not a legal action here"


def _square_reason(s: GameState, move: Move) -> str:
    t = s.topology
    if not s.rules.squares:
        return "these rules have no Squares (Basic)"
    if square_owner(s.board, t.n_positions - 1, t.kind, move.origin) != s.to_move:
        return f"[D14] the player to move has no Square in {t.cell_name(move.origin)}"
    reason = _probe(s, move)
    if reason:
        return reason
    return SQUARE_BLOCKED if move.kind == MoveKind.SQUARE else NO_KILL


def _choice_reason(s: GameState, move: Move, options: list[int]) -> str:
    t = s.topology
    into_singularity = move.kind == MoveKind.FIRE or t.is_singularity_position(move.target)
    if into_singularity:
        return _reserve_reason(s, move.choice, options)
    return (
        f"[D10] send-back choice {move.choice} is not one of {options} "
        "(one Start Area bit per owner with pieces in the opposite stack)"
    )


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
        f"(the player has {have} reserve piece{'s' if have != 1 else ''}; {_CHOICES}"
        + (", only when the reserve is empty)" if not s.rules.optional_reserve else ")")
    )


def _choice_text(sides: tuple[int, ...]) -> str:
    return "-".join(("left", "right")[side] for side in sides) or "none"


#: The reserve choices by value, read from ``RESERVE_CHOICES`` (the one table of them):
#: ``1 left, 2 right; firing: 3 left-left, 4 left-right, 5 right-right; 0 none``.
_CHOICES = (
    ", ".join(f"{c} {_choice_text(x)}" for c, x in enumerate(RESERVE_CHOICES) if len(x) == 1)
    + "; firing: "
    + ", ".join(f"{c} {_choice_text(x)}" for c, x in enumerate(RESERVE_CHOICES) if len(x) == 2)
    + f"; {RESERVE_CHOICES.index(())} none"
)
