"""A variant that changes the win condition: three of the four Singularity cells win.

Written only against astroplane's public API, as a third party would. The true win
(RULES.md section 6: topping all four Singularity cells) becomes topping any three; the
rest of the game, scoring included, is the standard one. The variant replaces one phase,
``true_win``, and is registered under a name.

>>> import astroplane as ap
>>> s = ap.setup_position(
...     stacks={"e5.ne": ["S1"], "f5.nw": ["S2"], "g7.sw": ["S3"], "Nl": ["N1"]},
...     rules=THREE_OF_FOUR,
... )
>>> after = s.play(ap.parse_move(s, "g7sw-f6sw*l"))
>>> after.outcome.true_win, after.outcome.winners
(True, (<Seat.S: 0>,))
"""

from __future__ import annotations

import attrs

import astroplane as ap

__all__ = ["THREE_OF_FOUR", "tops_three_cells"]


def tops_three_cells(state: ap.GameState, seat: int) -> bool:
    """True when ``seat``'s pieces are on top of at least three Singularity cells."""
    t = state.topology
    tops = 0
    for cell, _apex in t.singularity:
        stack = state.stack(t.singularity_position[cell])
        if stack and ap.piece_owner(stack[-1]) == seat:
            tops += 1
    return tops >= 3


THREE_OF_FOUR = attrs.evolve(ap.STANDARD, true_win=tops_three_cells)
"""Standard rules where three Singularity tops are a true win."""

ap.register_variant("three-of-four", THREE_OF_FOUR)
