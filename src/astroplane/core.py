"""Packed cores: a game's rules as plain functions over a compact position, by action number.

A game's public states (``astroplane.protocol.State``) are immutable, typed values for
people and frontends. Search, playouts, perft and learning environments need something
leaner: a *packed core*, the game's rules written once over a *packed position* (a few
machine-sized integers, or a small tuple of them) and the game's fixed action encoding
(the numbers of ``Game.move_to_action``, chance outcomes included). A state of such a game
is a thin view over its packed position, and the tools that want speed skip the views.

A ``Core`` is the rules of one game under one rules value (and board, and player count
where the position does not say it): Square Off's ``nine-mens-morris`` preset, say. Its
methods take and return packed positions, which are hashable and compare equal exactly
when the states they stand for are equal; a core keeps no state of its own between calls.

* ``legal_actions(p)``: the legal action numbers, in the order of ``legal_moves()`` of the
  state; at a chance node, the chance outcomes' numbers; empty once the game is over.
* ``apply(p, action)``: the position after ``action``, which must be one of
  ``legal_actions(p)`` (not checked: the core is the hot path; the views check).
* ``is_terminal``, ``is_chance``, ``chance_outcomes`` (``(action, probability)`` pairs),
  ``to_move``, ``seats``, ``turn`` and ``returns``: as the ``State`` protocol's members of
  the same meaning.
* ``evaluate``: the game's heuristic for search, ``evaluate(p, seat) -> float`` (higher is
  better for ``seat``, the same values as ``Game.evaluate`` on the state), or None for a
  game that has none.
* ``state(p)``: the public state (view) the position stands for.

A game offers its core through ``Game.core``: ``game.core(state) -> (core, position)``;
``core_of(state)`` asks the registered game. The conformance check
``astroplane.testing.core.check_core`` plays seeded games through the states and the core
side by side and checks that they agree at every ply.

The tools (``perft``, ``MCTSBot``, the PettingZoo environment) run on ``positions_of(state)``:
the packed core and position of a game that has one, else a ``StateCore``, the same
interface over the game's own states (the positions are the states, the actions their
moves), so one search or count serves every game.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import Any, Protocol, TypeVar, cast, runtime_checkable

from astroplane.protocol import Game, State, game_of

__all__ = ["Core", "StateCore", "core_of", "positions_of"]

P = TypeVar("P", bound=Hashable)


@runtime_checkable
class Core(Protocol[P]):
    """The rules of one game under one rules value, over packed positions ``P``.

    Attributes:
        num_actions: The size of the action encoding (``Game.num_actions``): every action
            number is ``0 <= a < num_actions``.
        evaluate: ``evaluate(p, seat) -> float``, the game's heuristic for search (higher
            is better for ``seat``), or None if the game has none.
    """

    num_actions: int
    evaluate: Callable[[P, int], float] | None

    def legal_actions(self, p: P) -> Sequence[int]:
        """The legal action numbers of ``p``, in ``legal_moves()`` order (at a chance
        node, the outcomes'); empty once the game is over."""
        ...

    def apply(self, p: P, action: int) -> P:
        """The position after ``action``, a member of ``legal_actions(p)`` (unchecked)."""
        ...

    def is_terminal(self, p: P) -> bool:
        """True once the game is over."""
        ...

    def is_chance(self, p: P) -> bool:
        """True when chance acts next (a die roll)."""
        ...

    def chance_outcomes(self, p: P) -> Sequence[tuple[int, float]]:
        """At a chance node, each outcome's action number with its probability (they sum
        to 1); empty elsewhere."""
        ...

    def to_move(self, p: P) -> int:
        """The seat number to act (at a chance node: whose turn it is)."""
        ...

    def seats(self, p: P) -> tuple[int, ...]:
        """The seat numbers in play, in turn order."""
        ...

    def turn(self, p: P) -> int:
        """The turn number, as ``State.turn``."""
        ...

    def returns(self, p: P) -> tuple[float, ...]:
        """Per seat number, what the game is worth to that seat once it is over (0.0 to
        1.0); all 0.0 while it goes on."""
        ...

    def state(self, p: P) -> State[Any]:
        """The public state ``p`` stands for."""
        ...


def core_of(state: State[Any]) -> tuple[Core[Any], Hashable] | None:
    """The packed core and packed position of ``state``, or None if its game has no core.

    Raises:
        ValueError: If the state's game is not registered.
    """
    hook = getattr(game_of(state), "core", None)
    if hook is None:
        return None
    pair: tuple[Core[Any], Hashable] | None = hook(state)
    return pair


class StateCore:
    """The ``Core`` interface over a game's own states: a position is a state, an action
    one of its moves (``legal_actions(s)`` is ``s.legal_moves()``, ``apply(s, m)`` is
    ``s.play(m)``, checked). ``positions_of`` gives it for a game without a packed core.

    Args:
        evaluate: The game's heuristic ``(state, seat) -> float``, or None.

    Attributes:
        num_actions: 0: the actions are moves, not numbers.
        evaluate: As given.
    """

    def __init__(self, evaluate: Callable[[Any, int], float] | None = None) -> None:
        self.num_actions = 0
        self.evaluate = evaluate

    def __eq__(self, other: object) -> bool:
        """State cores with the same heuristic are the same rules: the states carry theirs."""
        return isinstance(other, StateCore) and other.evaluate == self.evaluate

    def __hash__(self) -> int:
        return hash(self.evaluate)

    def legal_actions(self, p: State[Any]) -> Sequence[Any]:
        """``p.legal_moves()``."""
        return p.legal_moves()

    def apply(self, p: State[Any], action: Any) -> State[Any]:
        """``p.play(action)``."""
        return p.play(action)

    def is_terminal(self, p: State[Any]) -> bool:
        """``p.is_over``."""
        return p.is_over

    def is_chance(self, p: State[Any]) -> bool:
        """``p.is_chance_node``."""
        return p.is_chance_node

    def chance_outcomes(self, p: State[Any]) -> Sequence[tuple[Any, float]]:
        """``p.chance_outcomes()``."""
        return p.chance_outcomes()

    def to_move(self, p: State[Any]) -> int:
        """``p.to_move``."""
        return int(p.to_move)

    def seats(self, p: State[Any]) -> tuple[int, ...]:
        """``p.seats``."""
        return tuple(p.seats)

    def turn(self, p: State[Any]) -> int:
        """``p.turn``."""
        return p.turn

    def returns(self, p: State[Any]) -> tuple[float, ...]:
        """``p.returns()``."""
        return tuple(p.returns())

    def state(self, p: State[Any]) -> State[Any]:
        """``p`` itself."""
        return p


def positions_of(state: State[Any]) -> tuple[Core[Any], Hashable]:
    """The core and position the tools run ``state`` on: its game's packed core and
    packed position (``core_of``), or a ``StateCore`` and the state itself for a game
    without a core or an unregistered state type.

    Examples:
        >>> import astroplane
        >>> core, p = positions_of(astroplane.new_game(2))
        >>> len(core.legal_actions(p)) == len(astroplane.new_game(2).legal_moves())
        True
    """
    try:
        game: Game[Any, Any] | None = game_of(state)
    except ValueError:  # an unregistered state type
        game = None
    if game is not None and game.core is not None:
        return game.core(state)
    return StateCore(None if game is None else game.evaluate), cast(Hashable, state)
