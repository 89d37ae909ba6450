"""The rule set: one frozen value that owns every phase of play, and the variant registry.

A ``Rules`` value is what a ``GameState`` plays by (``state.rules``): the options (rules
page: Variants) and the *phases* of play. Move generation, applying an action (with
its events), the turn sequence and stuck players, scoring, the true win, the end of the
game and the validation of a hand-built position all run through it, so a variant changes
them in one place.

Variants are composed, not subclassed: a variant is a ``Rules`` value built from a shipped
one by replacing or wrapping phases —

* ``turn_moves(state, seat) -> int``: the moves a turn starts with; ``state`` is the
  state of the turn that is starting (rulebook: 2);
* ``release_bonus(state, piece, below) -> int``: bonus moves for leaving a stack [D9];
* ``send_back``: what happens to a stack sent back [D10] (a ``SendBack``);
* ``true_win(state, seat) -> bool``: the win that ends the game at once (rules page: The goal);
* ``scoring(state) -> scores`` and ``winners(state, scores) -> seats`` (rules page: Scores
  and winners);
* ``actions``: kinds of action the variant adds (``ActionType``);
* ``restrictions``: actions the variant forbids, each with its reason (``Restriction``);
* ``action_filter(state, actions) -> actions``: a filter over the whole legal set (it
  may only remove; for rules like "must capture if possible");

— and registered by name with ``register_variant``, so that position text, JSON and game
records can name it and read it back. The shipped presets ``standard``, ``basic`` and
``advanced`` are registered the same way; options are set on any of them with
``attrs.evolve``.

Examples:
    >>> import attrs
    >>> attrs.evolve(Rules.standard(), max_turns=200).max_turns
    200
    >>> Rules.basic().squares, Rules.advanced().singles_disband_squares
    (False, True)
    >>> STANDARD.name, attrs.evolve(STANDARD, squares=False).name
    ('standard', 'basic')
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

import attrs

from astroplane.errors import UnknownVariantError
from astroplane.games.astroplane.enums import Seat
from astroplane.games.astroplane.rules import apply, explain, movegen, squares, turns, validate
from astroplane.games.astroplane.rules.scoring import (
    highest_scores,
    singularity_scores,
    tops_all_singularity_cells,
)
from astroplane.games.astroplane.rules.variants import ActionType, Restriction, SendBack
from astroplane.kit.options import Option
from astroplane.kit.variants import Variants

if TYPE_CHECKING:
    from astroplane.games.astroplane.events import Event
    from astroplane.games.astroplane.moves import Move
    from astroplane.games.astroplane.outcome import EndReason, Outcome
    from astroplane.games.astroplane.state import GameState

__all__ = [
    "ADVANCED",
    "BASIC",
    "FLAG_OPTIONS",
    "LIMIT_OPTIONS",
    "OPTIONS",
    "PHASES",
    "PRESETS",
    "STANDARD",
    "TO_START_AREAS",
    "Rules",
    "action_named",
    "action_of_kind",
    "no_filter",
    "register_variant",
    "two_moves",
    "variant",
    "variants",
]

two_moves = turns.two_moves


def no_filter(state: GameState, actions: tuple[Move, ...]) -> tuple[Move, ...]:
    """The default action filter: every action the rules allow stays legal."""
    return actions


def _subsets(owners: int) -> tuple[int, ...]:
    """Every choice of a Start Area per owner in ``owners``: the bitmask's subsets [D10]."""
    return tuple(c for c in range(16) if c & ~owners == 0)


TO_START_AREAS = SendBack("to Start Areas", _subsets, apply.to_start_areas)
"""The standard send-back [D10]: each owner's pieces go to the Start Area the mover picks."""


def _positive_or_none(
    name: str,
) -> Callable[[object, attrs.Attribute[int | None], int | None], None]:
    def check(_inst: object, _attr: attrs.Attribute[int | None], value: int | None) -> None:
        if value is not None and (
            isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 10**6
        ):
            raise ValueError(f"{name} must be an int 1..1000000 or None, not {value!r}")

    return check


def _flag(_inst: object, attr: attrs.Attribute[bool], value: bool) -> None:
    if not isinstance(value, bool):
        raise ValueError(f"{attr.name} must be True or False, not {value!r}")


def _actions(value: Sequence[ActionType]) -> tuple[ActionType, ...]:
    items = tuple(value)
    if not all(isinstance(a, ActionType) for a in items):
        raise ValueError(f"actions are ActionType values, not {items!r}")
    return items


def _restrictions(value: Sequence[Restriction]) -> tuple[Restriction, ...]:
    items = tuple(value)
    if not all(isinstance(r, Restriction) for r in items):
        raise ValueError(f"restrictions are Restriction values, not {items!r}")
    return items


def _unique_kinds(
    _inst: object, _attr: attrs.Attribute[Any], value: tuple[ActionType, ...]
) -> None:
    kinds = [a.kind for a in value]
    names = [a.name for a in value]
    symbols = [a.symbol for a in value]
    if len(set(kinds)) != len(kinds) or len(set(names)) != len(names):
        raise ValueError("each ActionType of a rule set needs its own kind and name")
    if len(set(symbols)) != len(symbols):
        raise ValueError("each ActionType of a rule set needs its own notation symbol")


@attrs.frozen(repr=False)
class Rules:
    """A rule set: the options (rules page: Variants) and the phases of play.

    Attributes:
        squares: Squares exist (off = Basic Astroplane).
        square_vs_square: Squares may eliminate other players' Squares.
        remove_stuck_players: With 3 or 4 players a stuck player is removed and play goes
            on [D16]; off, the game ends as with 2 players.
        singles_disband_squares: A single may land on one piece of another player's
            Square (the Advanced sheet): that piece is held captive and the other is sent
            back [D27].
        optional_reserve: Bringing a reserve piece in when a piece enters the Singularity
            may be refused (the rulebook's "may", read literally); off, it is compulsory
            while the reserve holds pieces [D28].
        max_turns: End and score the game when this turn is over [D18].
        no_progress_rounds: End and score after this many rounds without a piece
            entering the Singularity, an elimination or a send-back [D25].
        match_target: Points to reach in match play (see ``astroplane.Match``).
        turn_moves: Phase: the moves a turn starts with, ``(state, seat) -> int``.
        release_bonus: Phase: bonus moves for leaving a stack, ``(state, piece, below)``.
        send_back: Phase: what happens to a stack sent back (``SendBack``).
        true_win: Phase: ``(state, seat) -> bool``, checked after each action of ``seat``.
        scoring: Phase: ``(state) -> scores`` per seat number (4 entries).
        winners: Phase: ``(state, scores) -> seats``, the winners of a game not won
            outright.
        actions: Kinds of action a variant adds (``ActionType``).
        restrictions: Actions a variant forbids (``Restriction``).
        action_filter: Phase: a filter over the whole legal set (it may only remove).
        turn_limit: Derived: the turn whose end ends the game by the turn limit,
            ``max_turns`` or, when it is None, ``MAX_TURN`` (1000000), the last turn a
            position may have [D18, D30].
        standard_phases: Derived: the names of the phases (``PHASES``) that are the
            standard rules' own functions, which the packed core runs natively; it calls
            any other phase through these rules, on a state (a view of its position).

    Raises:
        ValueError: If an option has the wrong type or a limit is out of range, or two
            added actions share a kind, name or symbol.
    """

    squares: bool = attrs.field(default=True, validator=_flag)
    square_vs_square: bool = attrs.field(default=False, validator=_flag)
    remove_stuck_players: bool = attrs.field(default=True, validator=_flag)
    singles_disband_squares: bool = attrs.field(default=False, validator=_flag)
    optional_reserve: bool = attrs.field(default=False, validator=_flag)
    max_turns: int | None = attrs.field(default=None, validator=_positive_or_none("max_turns"))
    no_progress_rounds: int | None = attrs.field(
        default=None, validator=_positive_or_none("no_progress_rounds")
    )
    match_target: int | None = attrs.field(
        default=None, validator=_positive_or_none("match_target")
    )
    turn_moves: Callable[[GameState, Seat], int] = two_moves
    release_bonus: Callable[[GameState, int, int], int] = apply.release_bonus
    send_back: SendBack = TO_START_AREAS
    true_win: Callable[[GameState, int], bool] = tops_all_singularity_cells
    scoring: Callable[[GameState], tuple[int, int, int, int]] = singularity_scores
    winners: Callable[[GameState, Sequence[int]], tuple[Seat, ...]] = highest_scores
    actions: tuple[ActionType, ...] = attrs.field(
        default=(), converter=_actions, validator=_unique_kinds
    )
    restrictions: tuple[Restriction, ...] = attrs.field(default=(), converter=_restrictions)
    action_filter: Callable[[GameState, tuple[Move, ...]], tuple[Move, ...]] = no_filter

    # Derived once, for the hot path.
    send_back_table: tuple[tuple[int, ...], ...] = attrs.field(init=False, eq=False, repr=False)
    has_action_filter: bool = attrs.field(init=False, eq=False, repr=False)
    has_custom_win: bool = attrs.field(init=False, eq=False, repr=False)
    turn_limit: int = attrs.field(init=False, eq=False, repr=False)
    standard_phases: frozenset[str] = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        put = object.__setattr__
        limit = self.max_turns
        put(self, "turn_limit", turns.MAX_TURN if limit is None else min(limit, turns.MAX_TURN))
        put(self, "send_back_table", tuple(self.send_back.choices(m) for m in range(16)))
        put(self, "has_action_filter", self.action_filter is not no_filter)
        put(self, "has_custom_win", self.true_win is not tops_all_singularity_cells)
        defaults = attrs.fields_dict(Rules)
        put(
            self,
            "standard_phases",
            frozenset(n for n in PHASES if getattr(self, n) is defaults[n].default),
        )

    def __repr__(self) -> str:
        """The rules as their text (``Rules('standard,max_turns=40')``), or, for rules of
        no registered variant, their options and the phases that differ from the standard
        rules by name (never function addresses).

        Examples:
            >>> import attrs
            >>> attrs.evolve(STANDARD, max_turns=40)
            Rules('standard,max_turns=40')
            >>> attrs.evolve(STANDARD, turn_moves=lambda s, seat: 3)
            Rules(<unregistered variant>, turn_moves=<lambda>)
        """
        try:
            return f"Rules({VARIANTS.to_text(self)!r})"
        except UnknownVariantError:
            parts = [
                f"{name}={_label(getattr(self, name))}"
                for name in PHASES
                if getattr(self, name) != getattr(STANDARD, name)
            ]
            parts += [
                f"{name}={getattr(self, name)!r}"
                for name in OPTIONS
                if getattr(self, name) != getattr(STANDARD, name)
            ]
            return f"Rules(<unregistered variant>{''.join(', ' + p for p in parts)})"

    # ---- the shipped presets ----------------------------------------------------------
    @classmethod
    def standard(cls) -> Rules:
        """The defaults (rules page: Variants): Squares on, the optional rules off."""
        return STANDARD

    @classmethod
    def basic(cls) -> Rules:
        """Basic Astroplane: no Squares."""
        return BASIC

    @classmethod
    def advanced(cls) -> Rules:
        """The Advanced sheet: singles may disband other players' Squares [D27]."""
        return ADVANCED

    # ---- building variants ------------------------------------------------------------
    def restrict(self, forbids: Callable[[GameState, Move], bool], reason: str) -> Rules:
        """These rules with one more ``Restriction``: actions ``forbids(state, move)``
        is True for are not legal, and playing one raises ``IllegalMoveError(reason)``."""
        return attrs.evolve(self, restrictions=(*self.restrictions, Restriction(forbids, reason)))

    def with_action(self, action: ActionType) -> Rules:
        """These rules with one more kind of action.

        Raises:
            ValueError: If the rules already have an action of that kind, name or symbol.
        """
        return attrs.evolve(self, actions=(*self.actions, action))

    def phases(self) -> tuple[object, ...]:
        """The phase values, in field order: equal for two rule sets that differ only in
        options (so they are the same variant)."""
        return tuple(getattr(self, name) for name in PHASES)

    @property
    def has_custom_hooks(self) -> bool:
        """True when a phase is not the standard one (a variant's rules)."""
        return self.phases() != STANDARD.phases()

    @property
    def name(self) -> str:
        """The registered variant these rules are, options included (``"standard"``,
        ``"basic"``, ``"advanced"``, a third party's name), or ``"custom"``."""
        return VARIANTS.name_of(self)

    def variant_name(self) -> str:
        """The registered variant whose phases these rules have, with the fewest options
        to change (the name position text and JSON write).

        Raises:
            UnknownVariantError: If no registered variant has these phases (register the
                variant with ``register_variant`` to write it).
        """
        return VARIANTS.base_of(self)

    # ---- the phases of play, for GameState ----------------------------------------------
    def legal_moves(self, state: GameState) -> tuple[Move, ...]:
        """The legal actions of ``state`` (see ``GameState.legal_moves``)."""
        return movegen.legal_actions(state)

    def play(self, state: GameState, move: Move) -> GameState:
        """The state after ``move`` (see ``GameState.play``).

        Raises:
            IllegalMoveError: If ``move`` is not legal in ``state``.
        """
        return apply.play(state, move, None)

    def play_with_effects(self, state: GameState, move: Move) -> tuple[GameState, list[Event]]:
        """The state after ``move`` and what happened, as events, from one pass.

        Raises:
            IllegalMoveError: If ``move`` is not legal in ``state``.
        """
        events: list[Event] = []
        return apply.play(state, move, events), events

    def explain(self, state: GameState, move: object) -> str:
        """Why ``move`` is not legal in ``state``, naming the rule (with its tag)."""
        return explain.why_illegal(state, move)

    def scores(self, state: GameState) -> tuple[int, int, int, int]:
        """The score per seat number (the ``scoring`` phase)."""
        return self.scoring(state)

    def squares_on_board(self, state: GameState) -> tuple[tuple[int, Seat], ...]:
        """The Squares of ``state`` as ``(cell, owner)`` pairs [D14]."""
        return squares.squares(state)

    def validate(self, state: GameState, over: EndReason | None = None) -> None:
        """Check a hand-built position (``astroplane.games.astroplane.rules.validate``).

        Raises:
            PositionError: If the position is impossible.
        """
        validate.validate_position(state, over)

    def start_turn(self, state: GameState) -> GameState:
        """Resolve the start of ``state.to_move``'s turn: a stuck player ends the game or
        is removed [D16]."""
        return turns.start_turn(state)

    def finish(self, state: GameState, reason: EndReason) -> GameState:
        """``state`` as a game that ended for ``reason``, scored."""
        return turns.finish(state, reason)

    def outcome(self, state: GameState) -> Outcome | None:
        """How the game of ``state`` ended (scored with the ``scoring`` phase, the winners
        by the ``winners`` phase), or None while it goes on."""
        return turns.outcome_of(state)


#: The phase fields of ``Rules``, in order.
PHASES = (
    "turn_moves",
    "release_bonus",
    "send_back",
    "true_win",
    "scoring",
    "winners",
    "actions",
    "restrictions",
    "action_filter",
)

STANDARD = Rules()
"""Standard rules: the defaults (rules page: Variants; Squares on, optional rules off)."""
BASIC = Rules(squares=False)
"""Basic Astroplane: no Squares ("Play a few games of Basic Astroplane")."""
ADVANCED = Rules(singles_disband_squares=True)
"""The Advanced Astroplane sheet: ``singles_disband_squares`` on [D27]."""

FLAG_OPTIONS = (
    "squares",
    "square_vs_square",
    "remove_stuck_players",
    "singles_disband_squares",
    "optional_reserve",
)
"""The on/off options (rules page: Variants; fields of ``Rules``)."""
LIMIT_OPTIONS = ("max_turns", "no_progress_rounds", "match_target")
"""The options that are a positive int or None (rules page: Variants)."""
OPTIONS = FLAG_OPTIONS + LIMIT_OPTIONS
"""Every option (rules page: Variants), in field order."""

_NAME = re.compile(r"[a-z][a-z0-9-]{0,39}")


def _label(phase: object) -> str:
    """A phase value by name: a function's ``__name__``, else its type's (for reprs)."""
    name = getattr(phase, "__name__", None)
    return name if isinstance(name, str) else type(phase).__name__


def _same_variant(a: Rules, b: Rules) -> bool:
    return a.phases() == b.phases()


VARIANTS: Variants[Rules] = Variants(
    "astroplane",
    Rules,
    (
        *(Option.flag(name) for name in FLAG_OPTIONS),
        *(Option.number(name, 1, 10**6, none=True) for name in LIMIT_OPTIONS),
    ),
    same_variant=_same_variant,
)
"""ASTROPLANE's variants (the presets, then third parties'), and through them its rules
text and the rules of JSON (``astroplane.kit.variants``): one rules value, one spelling."""


def register_variant(name: str, rules: Rules) -> None:
    """Register ``rules`` as the variant ``name``, so formats can write and read it.

    Registering the same rules under the same name again does nothing. A variant is its
    phases (``Rules.phases``): rules whose phases are a registered variant's, such as the
    standard rules with other options, are refused — they already have a text
    (``standard,max_turns=50``), and a second name for them would change what
    ``rules_to_text``, position text, JSON and records write for everyone else's rules.
    So registering a variant never changes how any other rules value is written.

    Args:
        name: Lower-case letters, digits and dashes, starting with a letter (at most 40).
        rules: The variant's rule set (its options are the variant's defaults).

    Raises:
        ValueError: If the name is malformed or taken by other rules, or the rules have
            the phases of a variant registered under another name.

    Examples:
        >>> import attrs
        >>> register_variant("fast", attrs.evolve(STANDARD, max_turns=50))
        Traceback (most recent call last):
        ...
        ValueError: the rules of 'fast' have the phases of the registered variant 'standard' ...
    """
    if not isinstance(name, str) or not _NAME.fullmatch(name):
        raise ValueError(f"a variant name is lower-case letters, digits and dashes, not {name!r}")
    if not isinstance(rules, Rules):
        raise ValueError(f"a variant is a Rules value, not {type(rules).__name__}")
    registered = VARIANTS.mapping()
    old = registered.get(name)
    if old is not None and old != rules:
        raise ValueError(f"another variant is registered as {name!r}")
    if old is None:
        phases = rules.phases()
        same = next((n for n, r in registered.items() if r.phases() == phases), None)
        if same is not None:
            raise ValueError(
                f"the rules of {name!r} have the phases of the registered variant {same!r} "
                f"(they differ at most in options, written as {same},option=value): a "
                f"variant needs phases of its own"
            )
    VARIANTS.register(name, rules)


def variant(name: str) -> Rules:
    """The rules registered as ``name``.

    Raises:
        UnknownVariantError: If no variant has that name (the message lists the known ones),
            or ``name`` is not a string (the same error, saying so: a wrong type is a bad
            name like any other, so callers handle one error type).

    Examples:
        >>> variant("basic") == BASIC
        True
    """
    return VARIANTS.get(name)


def variants() -> Mapping[str, Rules]:
    """The registered variants by name, the shipped presets first (a read-only view)."""
    return VARIANTS.mapping()


# The shipped presets share their phases (they differ in options): they are the one family
# of names register_variant does not allow, registered here directly.
for _name, _preset in (("standard", STANDARD), ("basic", BASIC), ("advanced", ADVANCED)):
    VARIANTS.register(_name, _preset, bundled=True)
VARIANTS.seal()  # no other code registers a bundled preset (issue 32)


def action_of_kind(rules: Rules | None, kind: int) -> ActionType:
    """The ``ActionType`` of a variant's move kind in ``rules`` (None: any registered
    variant's).

    Raises:
        ValueError: If no such action exists.
    """
    pool = VARIANTS.mapping().values() if rules is None else (rules,)
    for r in pool:
        for action in r.actions:
            if action.kind == kind:
                return action
    raise ValueError(f"not a move kind of these rules: {kind!r}")


def action_named(rules: Rules | None, name: str) -> ActionType | None:
    """The ``ActionType`` called ``name`` in ``rules`` (None: any registered variant's),
    or None."""
    pool = VARIANTS.mapping().values() if rules is None else (rules,)
    for r in pool:
        for action in r.actions:
            if action.name == name:
                return action
    return None


PRESETS: Mapping[str, Rules] = MappingProxyType(
    {"standard": STANDARD, "basic": BASIC, "advanced": ADVANCED}
)
"""The shipped presets by name, in the order formats and the command line list them."""
