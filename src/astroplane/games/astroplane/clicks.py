"""ASTROPLANE by clicks (``Game.click_paths`` / ``click_element``; ``astroplane.clicks``):
a move is the position of the person's piece that moves (``Sl``, a Start Area;
``e2.ne``, a corner), then the position it goes to; a Square or an elimination can be
started from any of its pieces (one path per piece); ``end`` is a button. Moves that
differ only in a choice (where sent-back pieces go, where reserve pieces come in) share a
path: their words say what each does. A position ``e2.ne`` is the drawing's element
``pos-e2.ne`` (escape the ``.`` in a CSS selector).

Examples:
    >>> import astroplane
    >>> first = click_paths(astroplane.new_game(2))[0]
    >>> first.text, first.clicks, first.words
    ('Sl-e2ne', ('Sl', 'e2.ne'), 'S3: no other effect')
    >>> click_element("e2.ne")
    'pos-e2.ne'
"""

from __future__ import annotations

from typing import Any

from astroplane.clicks import ClickPath
from astroplane.games.astroplane.formats.notation import format_move
from astroplane.games.astroplane.moves import Move, MoveKind
from astroplane.games.astroplane.pieces import SEAT_NAMES, piece_name
from astroplane.games.astroplane.state import GameState
from astroplane.games.astroplane.topology import apex_of, grid_position

__all__ = ["astroplane_target", "click_element", "click_paths", "effect_phrases"]


def _start_area(name: str) -> str:
    """``"Nl"`` -> ``"N's left Start Area (Nl)"``."""
    side = {"l": "left", "r": "right"}.get(name[1:], name[1:])
    return f"{name[0]}'s {side} Start Area ({name})"


def effect_phrases(events: list[dict[str, Any]]) -> list[str]:
    """What a move does besides moving the piece, in words, from its events
    (``GameState.effects`` as dicts), for a choice list."""
    out = []
    for e in events:
        kind = e["event"]
        if kind == "sent_back":
            pieces = " ".join(e["pieces"])
            out.append(f"sends {pieces} back to {_start_area(e['start_area'])}")
        elif kind == "reserve_placed":
            out.append(f"brings reserve piece {e['piece']} into {_start_area(e['start_area'])}")
        elif kind == "fired":
            out.append(f"fires {' '.join(e['pieces'])} into the Singularity")
        elif kind == "eliminated":
            out.append(f"eliminates {' '.join(e['pieces'])} in {e['cell']}")
        elif kind == "landed" and e["captives"]:
            out.append(f"lands on {' '.join(e['captives'])}")
    return out


def astroplane_target(state: GameState, piece: int | str, move: Move) -> int:
    """The position ``piece`` takes with ``move``, as ``GameState.destinations`` counts
    it (-1 for a move that takes it nowhere)."""
    t = state.topology
    if move.kind in (MoveKind.STEP, MoveKind.TRAVEL):
        return int(move.target)
    pos = state.location(piece)
    if move.kind == MoveKind.FIRE:
        return int(t.singularity_position[t.fire_target[pos]])
    if move.kind in (MoveKind.SQUARE, MoveKind.ELIMINATE):
        return int(grid_position(move.target, apex_of(pos)))
    return -1


def click_paths(state: GameState) -> tuple[ClickPath, ...]:
    """Every legal move as its paths: the moving piece's position, then where it goes (a
    move of a Square has a path from each of its pieces), in ``legal_moves()`` order; a
    move no piece of the mover makes (the end of a turn, a variant's own action) is a
    button."""
    t = state.topology
    by_move: dict[Move, list[int]] = {}
    for piece in state.pieces_of(SEAT_NAMES[state.to_move]):
        for move in state.moves_of(piece):
            by_move.setdefault(move, []).append(piece)
    out = []
    for move in state.legal_moves():
        text = format_move(state, move)
        if move.kind == MoveKind.END_TURN:
            out.append(ClickPath(move, text, ("@end",), "end the turn"))
            continue
        events = [e.to_dict() for e in state.effects(move)]
        words = "; ".join(effect_phrases(events)) or "no other effect"
        made = False
        for piece in by_move.get(move, []):
            target = astroplane_target(state, piece, move)
            if target < 0:
                continue
            clicks = (t.position_name(state.location(piece)), t.position_name(target))
            out.append(ClickPath(move, text, clicks, f"{piece_name(piece)}: {words}"))
            made = True
        if not made:
            out.append(ClickPath(move, text, (f"@{text}",), words))
    return tuple(out)


def click_element(token: str) -> str:
    """The id of the drawing's element for a position: ``pos-e2.ne``."""
    return f"pos-{token}"
