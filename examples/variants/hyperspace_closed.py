"""A variant that removes a kind of move: Hyperspace is closed.

Written only against astroplane's public API, as a third party would. No step may enter
a Hyperspace cell; pieces already standing in one move on normally. The variant is the
standard rule set with one ``Restriction``, registered under a name so that games of it
can be saved and read back.

>>> import astroplane as ap
>>> stacks = {"d2.se": ["S1"], "Sl": ["S2"], "Nl": ["N1"]}  # S1 points into e1 (Hyperspace)
>>> standard = ap.setup_position(stacks=stacks)
>>> [ap.format_move(standard, m) for m in standard.moves_of("S1")]
['d2se-a6ne', 'd2se-a6se', 'd2se-f10sw', 'd2se-f10se', 'd2se-j5nw', 'd2se-j5sw']
>>> closed = ap.setup_position(stacks=stacks, rules=HYPERSPACE_CLOSED)
>>> closed.moves_of("S1")
()
>>> closed.play(standard.moves_of("S1")[0])
Traceback (most recent call last):
...
astroplane.errors.IllegalMoveError: illegal move Move(STEP, d2.se->a6.ne): Hyperspace is ...
>>> closed.to_text()
'hyperspace-closed SN S2 t1 d2se:S1,Sl:S2,Nl:N1 res:S8,N9'
"""

from __future__ import annotations

import astroplane as ap

__all__ = ["HYPERSPACE_CLOSED", "enters_hyperspace"]


def enters_hyperspace(state: ap.GameState, move: ap.Move) -> bool:
    """True for a step into a Hyperspace cell (the move goes on to another one [D11])."""
    if move.kind != ap.MoveKind.STEP:
        return False
    t = state.topology
    cell = t.entered_cell(move.origin)
    return cell is not None and t.kind[cell] == ap.CellKind.HYPERSPACE


HYPERSPACE_CLOSED = ap.STANDARD.restrict(
    enters_hyperspace, "Hyperspace is closed in this variant (hyperspace-closed)"
)
"""Standard rules with no step into Hyperspace."""

ap.register_variant("hyperspace-closed", HYPERSPACE_CLOSED)
