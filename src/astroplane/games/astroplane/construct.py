"""The rules engine's constructor of ``GameState``: ``build_state``.

attrs' frozen ``__init__`` sets each slot with ``object.__setattr__(self, name, value)``, a
name lookup per field; ``build_state`` sets the slots through their descriptors instead,
which matters because the engine builds one state per action. The result is the same
object (tests/test_state.py compares the two constructors); with another attrs layout it
falls back to ``GameState(...)``. This module is compiled in the compiled build.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

import attrs

from astroplane.games.astroplane.enums import Seat
from astroplane.games.astroplane.outcome import Outcome
from astroplane.games.astroplane.state import GameState
from astroplane.games.astroplane.topology import Topology

if TYPE_CHECKING:
    from astroplane.games.astroplane.rules.ruleset import Rules

__all__ = ["build_state"]

_FIELD_SETTERS = tuple(GameState.__dict__[f.name].__set__ for f in attrs.fields(GameState))
_HASH_SLOT = "_attrs_cached_hash"  # where attrs keeps the cached hash (cache_hash=True)
_FAST = _HASH_SLOT in GameState.__dict__ and len(_FIELD_SETTERS) == 15
_set_hash = GameState.__dict__[_HASH_SLOT].__set__ if _FAST else None


def build_state(
    topology: Topology,
    rules: Rules,
    seats: tuple[Seat, ...],
    board: bytes,
    reserve: tuple[int, ...],  # (not a fixed-length tuple: compiled, that would copy it)
    eliminated: tuple[tuple[int, int], ...],
    removed: tuple[Seat, ...],
    to_move: Seat,
    moves_left: int,
    turn: int,
    travelled: int,
    landed: int,
    last_progress: int,
    outcome: Outcome | None,
    locs: bytes,
) -> GameState:
    """``GameState(...)`` with the same positional arguments, faster: the rules engine's
    constructor (no validation; build states with ``new_game`` or ``setup_position``)."""
    if _set_hash is None:  # pragma: no cover - another attrs layout
        return GameState(
            topology, rules, seats, board, cast("tuple[int, int, int, int]", reserve),
            eliminated, removed, to_move,
            moves_left, turn, travelled, landed, last_progress, outcome, locs,
        )  # fmt: skip
    state: GameState = object.__new__(GameState)
    (
        set_topology, set_rules, set_seats, set_board, set_reserve, set_eliminated,
        set_removed, set_to_move, set_moves_left, set_turn, set_travelled, set_landed,
        set_last_progress, set_outcome, set_locs,
    ) = _FIELD_SETTERS  # fmt: skip
    set_topology(state, topology)
    set_rules(state, rules)
    set_seats(state, seats)
    set_board(state, board)
    set_reserve(state, reserve)
    set_eliminated(state, eliminated)
    set_removed(state, removed)
    set_to_move(state, to_move)
    set_moves_left(state, moves_left)
    set_turn(state, turn)
    set_travelled(state, travelled)
    set_landed(state, landed)
    set_last_progress(state, last_progress)
    set_outcome(state, outcome)
    set_locs(state, locs)
    _set_hash(state, None)
    return state
