"""The building blocks of variants: what a variant adds to or takes from a rule set.

A variant is a frozen ``Rules`` value built from a shipped one by replacing or wrapping
its phases (see ``astroplane.Rules``); these small frozen values are the phases that are
more than one function:

* ``Restriction`` removes actions, with the reason ``IllegalMoveError`` gives;
* ``ActionType`` adds a kind of action: how to generate it, what it does (through an
  ``astroplane.games.astroplane.rules.apply.Edit``, which records the events), how it is written;
* ``SendBack`` says what happens to a stack sent back [D10].

A variant is registered by name (``register_variant``), so position text, JSON and game
records can name it and read it back. See the "Writing a variant" page of the docs.

Examples:
    >>> import astroplane
    >>> from astroplane.games.astroplane.moves import MoveKind
    >>> closed = astroplane.STANDARD.restrict(
    ...     lambda state, move: move.kind == MoveKind.TRAVEL, "free Wormhole travel is closed"
    ... )
    >>> s = astroplane.setup_position(stacks={"b1.ne": ["S1"], "Nl": ["N1"]}, rules=closed)
    >>> any(m.kind == MoveKind.TRAVEL for m in s.legal_moves())
    False
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

import attrs

if TYPE_CHECKING:
    from astroplane.games.astroplane.moves import Move
    from astroplane.games.astroplane.rules.apply import Edit
    from astroplane.games.astroplane.state import GameState

__all__ = ["ActionType", "Restriction", "SendBack"]


@attrs.frozen
class Restriction:
    """A variant rule that forbids some of the actions the rules would allow.

    Attributes:
        forbids: ``forbids(state, move) -> bool``: True removes ``move`` from the legal
            actions of ``state``.
        reason: What ``IllegalMoveError`` says when the move is played anyway (name the
            variant's rule).
    """

    forbids: Callable[[GameState, Move], bool]
    reason: str


def _kind_number(_inst: object, _attr: attrs.Attribute[int], value: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or not 8 <= value < 64:
        raise ValueError(
            f"an ActionType kind is an int 8..63 (0-7 are the standard kinds), not {value!r}"
        )


def _action_name(_inst: object, _attr: attrs.Attribute[str], value: str) -> None:
    if not isinstance(value, str) or not re.fullmatch(r"[a-z][a-z0-9_]*", value):
        raise ValueError(f"an ActionType name is a lower-case word, not {value!r}")


def _symbol(_inst: object, _attr: attrs.Attribute[str], value: str) -> None:
    if not isinstance(value, str) or not re.fullmatch(r"[@%&=^$?|<]{1,2}", value):
        raise ValueError(
            f"an ActionType symbol is one or two of @ % & = ^ $ ? | < (not used by the "
            f"standard notation), not {value!r}"
        )


def _where(_inst: object, _attr: attrs.Attribute[str], value: str) -> None:
    if value not in ("cell", "position", "none"):
        raise ValueError(f"origin and target are 'cell', 'position' or 'none', not {value!r}")


def _not_here(state: GameState, move: Move) -> str:
    return "this action is not legal here (a rule of these rules' variant)"


@attrs.frozen
class ActionType:
    """A kind of action a variant adds to the rules.

    The moves it generates are ``Move(kind, origin, target, choice)`` like the standard
    ones; ``origin`` and ``target`` are cells, positions or unused (-1), as declared.
    Notation writes such a move as origin, symbol, target and ``/choice`` when the choice
    is not 0 (``d4@d4/1``); JSON as ``{"kind": name, "from": ..., "to": ...,
    "choice": ...}``.

    Attributes:
        kind: The move kind number, 8..63 (0-7 belong to the standard rules).
        name: Its name in JSON and messages (lower case: ``"rotate"``).
        symbol: Its notation symbol, one or two of ``@ % & = ^ $ ? | <``.
        generate: ``generate(state) -> moves``: the legal actions of this kind for the
            player to move (called after the standard actions; restrictions still apply).
        apply: ``apply(edit, move)``: what the action does to the board, through the
            ``Edit`` methods (which record the events).
        origin: What ``Move.origin`` is: ``"cell"``, ``"position"`` or ``"none"``.
        target: What ``Move.target`` is, the same way.
        uses_move: Whether the action uses one of the turn's moves (False: free).
        explain: ``explain(state, move) -> str``: why such a move is illegal here.

    Raises:
        ValueError: If ``kind``, ``name``, ``symbol`` or ``origin``/``target`` is invalid.
    """

    kind: int = attrs.field(validator=_kind_number)
    name: str = attrs.field(validator=_action_name)
    symbol: str = attrs.field(validator=_symbol)
    generate: Callable[[GameState], Iterable[Move]]
    apply: Callable[[Edit, Move], None]
    origin: str = attrs.field(default="cell", validator=_where)
    target: str = attrs.field(default="cell", validator=_where)
    uses_move: bool = True
    explain: Callable[[GameState, Move], str] = _not_here


@attrs.frozen
class SendBack:
    """What happens to the opposite stack when a piece is positioned opposite other
    players' pieces [D10] — a phase a variant may replace.

    Attributes:
        name: A short name for messages.
        choices: ``choices(owners) -> tuple of ints``: the legal ``Move.choice`` values
            for a send-back of the pieces of the seats in the bitmask ``owners`` (bit
            ``seat``); ``(0,)`` when the mover has nothing to choose.
        place: ``place(edit, position, pieces, choice)``: where the pieces, already taken
            off ``position``, go (through the ``Edit``, which records the events).
    """

    name: str
    choices: Callable[[int], tuple[int, ...]]
    place: Callable[[Edit, int, tuple[int, ...], int], None]
