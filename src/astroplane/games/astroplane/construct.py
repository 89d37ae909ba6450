"""The rules engine's constructor of ``GameState`` views: ``build_state``, ``view_of``.

A ``GameState`` is a view of a packed position (``astroplane.games.astroplane.packed``)
under a board and a rule set. attrs' frozen ``__init__`` sets each slot with
``object.__setattr__(self, name, value)``, a name lookup per field; ``build_state`` sets
the slots through their descriptors instead, which matters because the engine builds one
state per action. The result is the same object (tests/test_state.py compares the two
constructors). ``view_of`` also hands the state its engine
(``astroplane.games.astroplane.rules.engine``), which ``engine_of`` finds again. This
module is compiled in the compiled build.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

import attrs

from astroplane.games.astroplane.moves import Move
from astroplane.games.astroplane.rules.engine import Engine, engine_for
from astroplane.games.astroplane.state import GameState
from astroplane.games.astroplane.topology import Topology

if TYPE_CHECKING:
    from astroplane.games.astroplane.rules.ruleset import Rules

__all__ = ["build_state", "engine_of", "set_legal", "view_after", "view_of"]

_FIELD_SETTERS: Final = tuple(GameState.__dict__[f.name].__set__ for f in attrs.fields(GameState))
_FAST: Final = len(_FIELD_SETTERS) == 3


def build_state(topology: Topology, rules: Rules, packed: bytes) -> GameState:
    """``GameState(...)`` with the same positional arguments, faster: the rules engine's
    constructor (no validation; build states with ``new_game`` or ``setup_position``)."""
    if not _FAST:  # pragma: no cover - another attrs layout
        return GameState(topology, rules, packed)
    state: GameState = object.__new__(GameState)
    set_topology, set_rules, set_packed = _FIELD_SETTERS
    set_topology(state, topology)
    set_rules(state, rules)
    set_packed(state, packed)
    return state


def _slot_setter(name: str) -> Any:
    return next(c.__dict__[name] for c in GameState.__mro__ if name in c.__dict__).__set__


_set_legal: Final = _slot_setter("_legal")


_set_engine: Final = _slot_setter("_engine")


def set_legal(state: GameState, legal: tuple[Move, ...]) -> None:
    """Give ``state`` its legal moves, computed by the engine as it built the state."""
    _set_legal(state, legal)


def view_of(e: Engine, p: bytes) -> GameState:
    """The state of the packed position ``p`` under ``e``'s board and rules."""
    state = build_state(e.topology, e.rules, p)
    _set_engine(state, e)
    return state


def view_after(s: GameState, e: Engine, p: bytes) -> GameState:
    """The state of the packed position ``p`` reached from ``s`` (its board and rules
    object, and its engine ``e``)."""
    state = build_state(s.topology, s.rules, p)
    _set_engine(state, e)
    return state


def engine_of(s: GameState) -> Engine:
    """The engine of ``s``'s board and rules (kept on the state once found)."""
    found: Any = getattr(s, "_engine", None)
    if found is None:
        found = engine_for(s.topology, s.rules)
        _set_engine(s, found)
    e: Engine = found
    return e
