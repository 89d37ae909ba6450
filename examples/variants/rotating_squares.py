"""A variant that adds a new action: a Square may turn its pieces a quarter turn.

Written only against astroplane's public API, as a third party would. As one move, a
player may turn one of their Squares (RULES.md section 8) a quarter turn clockwise: the
pieces at ``ne`` and ``sw`` go to ``se`` and ``nw``, or the pieces at ``nw`` and ``se``
go to ``ne`` and ``sw``. The turn is allowed only when both new apexes are usable, so no
piece is stranded by it. Turning a Square changes which way its pieces will step when it
disbands — a new tactic. The action is an ``ActionType``: how to find it, what it does
(through ``Edit.move_piece``, which records the events frontends animate), and its
notation, ``d4@`` ("the Square in d4 turns").

>>> import astroplane as ap
>>> s = ap.setup_position(
...     stacks={"d4.ne": ["S1"], "d4.sw": ["S2"], "Nl": ["N1"]}, rules=ROTATING_SQUARES
... )
>>> [ap.format_move(s, m) for m in s.legal_moves() if m.kind == ROTATE.kind]
['d4@']
>>> after = s.play(ap.parse_move(s, "d4@"))
>>> [s.topology.position_name(after.location(p)) for p in ("S1", "S2")]
['d4.se', 'd4.nw']
"""

from __future__ import annotations

from collections.abc import Iterator

import astroplane as ap
from astroplane.games.astroplane.rules.apply import Edit

__all__ = ["ROTATE", "ROTATING_SQUARES", "rotations"]

#: Clockwise, each apex goes to the next one: ne -> se -> sw -> nw -> ne.
_CLOCKWISE = {
    ap.Apex.NE: ap.Apex.SE,
    ap.Apex.SE: ap.Apex.SW,
    ap.Apex.SW: ap.Apex.NW,
    ap.Apex.NW: ap.Apex.NE,
}


def _square_positions(state: ap.GameState, cell: int) -> list[int]:
    """The two occupied positions of the Square in ``cell``."""
    return [4 * cell + a for a in ap.Apex if state.stack(4 * cell + a)]


def rotations(state: ap.GameState) -> Iterator[ap.Move]:
    """The quarter turns the player to move can make: one per own Square whose two
    pieces would both land at usable apexes."""
    t = state.topology
    for cell, owner in state.squares():
        if owner != state.to_move:
            continue
        turned = [4 * cell + _CLOCKWISE[ap.Apex(p % 4)] for p in _square_positions(state, cell)]
        if all(t.usable[p] for p in turned):
            yield ap.Move(ROTATE_KIND, cell, -1, 0)


def turn_square(edit: Edit, move: ap.Move) -> None:
    """Move each piece of the Square a quarter turn clockwise, within its cell."""
    before = _square_positions(edit.state, move.origin)
    for p in before:
        edit.move_piece(p, 4 * move.origin + _CLOCKWISE[ap.Apex(p % 4)])


ROTATE_KIND = 8
ROTATE = ap.ActionType(
    kind=ROTATE_KIND,
    name="rotate",
    symbol="@",
    generate=rotations,
    apply=turn_square,
    origin="cell",
    target="none",
)
"""The quarter turn of a Square, as an action type (kind 8, notation ``d4@``)."""

ROTATING_SQUARES = ap.STANDARD.with_action(ROTATE)
"""Standard rules where a Square may turn a quarter turn as a move."""

ap.register_variant("rotating-squares", ROTATING_SQUARES)
