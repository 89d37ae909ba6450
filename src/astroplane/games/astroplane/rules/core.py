"""ASTROPLANE's packed core (``astroplane.core.Core``): its rules by action number.

A position is the ``bytes`` of ``GameState.packed`` (``astroplane.games.astroplane.packed``);
actions are the numbers of ``astroplane.games.astroplane.actions``. Every method is the
rules engine's own function (``movegen.legal_numbers``, ``apply.advance``, the turn
sequence), so the core and the states cannot disagree; ``Game.core`` hands it out
(``core_for``).

Examples:
    >>> import astroplane
    >>> from astroplane.games.astroplane.rules.core import core_for
    >>> s = astroplane.new_game(2)
    >>> core = core_for(s)
    >>> p = s.packed
    >>> a = core.legal_actions(p)[0]
    >>> core.state(core.apply(p, a)) == s.play(s.legal_moves()[0])
    True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from astroplane.games.astroplane.construct import engine_of, view_of
from astroplane.games.astroplane.evaluation import evaluate
from astroplane.games.astroplane.packed import (
    COUNTERS,
    ENDED,
    SEATS,
    TO_MOVE,
    TURN_AT,
    read_int,
)
from astroplane.games.astroplane.rules.apply import advance
from astroplane.games.astroplane.rules.engine import Engine
from astroplane.games.astroplane.rules.movegen import legal_numbers
from astroplane.games.astroplane.rules.scoring import position_scores
from astroplane.games.astroplane.state import GameState

__all__ = ["PackedCore", "core_for"]

#: The seat numbers of a game by the bit mask of its seats.
_SEATS_OF_MASK: Final = tuple(tuple(s for s in range(4) if mask >> s & 1) for mask in range(16))


class PackedCore:
    """ASTROPLANE's rules over packed positions under one board and rule set (the
    ``astroplane.core.Core`` protocol; see that module for each method's contract).

    Attributes:
        engine: The tables the rules run on.
        num_actions: The size of the board's action encoding (15497 on the reference board).
        evaluate: ``evaluate(p, seat)``: ASTROPLANE's heuristic
            (``astroplane.games.astroplane.evaluation.evaluate``) on the state of ``p``.
    """

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.num_actions: int = engine.num_actions
        self.evaluate: Callable[[bytes, int], float] | None = self._evaluate
        #: Natively scored: the standard scoring and winners are in force.
        self._plain_returns = engine.std_scoring and engine.std_winners

    def legal_actions(self, p: bytes) -> list[int]:
        """The legal action numbers of ``p``, in ``legal_moves()`` order."""
        return legal_numbers(self.engine, p)

    def apply(self, p: bytes, action: int) -> bytes:
        """The position after the legal action number ``action`` (unchecked)."""
        e = self.engine
        return advance(
            e, p, e.m_kind[action], e.m_origin[action], e.m_target[action],
            e.m_choice[action], None, None, None,
        )  # fmt: skip

    def is_terminal(self, p: bytes) -> bool:
        """True once the game is over."""
        return p[len(p) - 1] != 0

    def is_chance(self, p: bytes) -> bool:
        """Always False: ASTROPLANE has no dice."""
        return False

    def chance_outcomes(self, p: bytes) -> tuple[tuple[int, float], ...]:
        """Always empty: ASTROPLANE has no chance nodes."""
        return ()

    def to_move(self, p: bytes) -> int:
        """The seat number to move."""
        return p[len(p) - COUNTERS + TO_MOVE]

    def seats(self, p: bytes) -> tuple[int, ...]:
        """The seat numbers in the game, in turn order."""
        return _SEATS_OF_MASK[p[len(p) - COUNTERS + SEATS]]

    def turn(self, p: bytes) -> int:
        """The turn number."""
        return read_int(p, len(p) - COUNTERS + TURN_AT)

    def returns(self, p: bytes) -> tuple[float, ...]:
        """Per seat number (4 entries), what the game is worth once it is over: the
        winners share 1.0 (``GameState.returns``)."""
        k = len(p) - COUNTERS
        code = p[k + ENDED]
        if not code:
            return (0.0, 0.0, 0.0, 0.0)
        if not self._plain_returns:
            return view_of(self.engine, p).returns()
        if code == 1:  # a true win (``EndReason.TRUE_WIN`` is the first reason)
            winners: tuple[int, ...] = (p[k + TO_MOVE],)
        else:
            e = self.engine
            points = position_scores(e.singularity_positions, e.np, p)
            seats = _SEATS_OF_MASK[p[k + SEATS]]
            best = max(points[s] for s in seats)
            winners = tuple(s for s in seats if points[s] == best)
        share = 1.0 / len(winners)
        out = [0.0, 0.0, 0.0, 0.0]
        for s in winners:
            out[s] = share
        return (out[0], out[1], out[2], out[3])

    def state(self, p: bytes) -> GameState:
        """The state ``p`` stands for."""
        return view_of(self.engine, p)

    def _evaluate(self, p: bytes, seat: int) -> float:
        return evaluate(view_of(self.engine, p), seat)


_CORES: dict[int, PackedCore] = {}


def core_for(state: GameState) -> PackedCore:
    """The packed core of ``state``'s board and rules.

    Raises:
        ValueError: If the rules add actions of their own (a variant's ``ActionType``):
            those have no action numbers, so such rules have no packed core.
    """
    e = engine_of(state)
    if e.has_actions:
        raise ValueError(
            "these rules add actions of their own (a variant's ActionType), which have no "
            "action numbers: they have no packed core"
        )
    found = _CORES.get(id(e))
    if found is None or found.engine is not e:
        if len(_CORES) >= 64:
            _CORES.clear()
        found = _CORES[id(e)] = PackedCore(e)
    return found
