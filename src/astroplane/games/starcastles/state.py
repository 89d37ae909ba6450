"""The immutable StarCastles state, following ``astroplane.protocol.State`` (no chance).

Players are numbered 0..n-1; player ``i``'s home is arm ``arms[i]`` and its destination
the opposite arm [SC2]. Seat numbers are player numbers [SC12]. ``play`` returns a new
state; a state never changes.

A state is a thin view (issue 34): it holds the packed core of its rules and seating
(``core.StarCastlesCore``) and a packed position (``packed``: a small tuple of ints), and
the core plays the rules. Its fields are attrs fields whose slots fill from the packed
position when first read (a state ``play`` returns holds only its core, its position and,
once asked, its legal moves); the constructor and ``attrs.evolve`` pack the fields they
are given. Equal states have equal cores and positions.

Examples:
    >>> from astroplane.games.starcastles import new_game, Move
    >>> s = new_game(2)
    >>> s.to_move, s.seats, s.is_chance_node, len(s.legal_moves())
    (0, (0, 1), False, 35)
    >>> s = s.play(Move.gem(s.board.point("e3")))
    >>> s.to_move, s.gems, s.gems_left, len(s.legal_moves())
    (0, (18, -1), (3, 4), 4)
    >>> s.play(Move.gem(19))
    Traceback (most recent call last):
    ...
    astroplane.errors.IllegalMoveError: illegal move Move.gem(19): [SC7] a Phase Gem of \
this player is already in play (one a turn)
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any, ClassVar, cast

import attrs

from astroplane.errors import PositionError
from astroplane.games.starcastles.board import StarBoard, opposite, star_board
from astroplane.games.starcastles.core import StarCastlesCore
from astroplane.games.starcastles.movegen import move_items, move_table
from astroplane.games.starcastles.moves import Move, fields_problem
from astroplane.games.starcastles.options import Rules
from astroplane.games.starcastles.packed import (
    FIRST_SHIFT,
    GEM_BITS,
    LEFT_SHIFT,
    OVER,
    REMOVED,
    ROUND_MASK,
    ROUND_SHIFT,
    WINNER_SHIFT,
    Packed,
    pack,
    unpack_cells,
)
from astroplane.games.starcastles.play import raise_illegal
from astroplane.games.starcastles.stacks import stack_text
from astroplane.kit.lazyfield import LazyField
from astroplane.kit.limits import shown
from astroplane.protocol import legal_match

__all__ = ["GEMS", "StarCastlesState", "core_for", "core_pair"]

#: Phase Gems each player starts with [SC7].
GEMS = 4

#: The fields of ``StarCastlesState``, in the constructor's order.
FIELDS = (
    "rules", "arms", "first", "cells", "controlled", "gems", "gems_left", "removed",
    "to_move", "round", "winner",
)  # fmt: skip


class _Slots:
    """Every slot of a state: its fields' (filled from the packed position when first
    read), its core and packed position (``_p``, None when the fields given to the
    constructor do not fit the layout: ``check_state`` says what is wrong), its legal
    moves (None until asked) and the set of them. ``_view`` fills a plain ``_Slots``
    object and gives it the state's class (attrs' frozen ``__setattr__`` costs more)."""

    __slots__ = (*FIELDS, "_core", "_p", "_moves", "_legal", "__weakref__")
    _core: StarCastlesCore
    _p: Packed | None
    _moves: tuple[Move, ...] | None
    _legal: frozenset[Move] | None


class _Blank(_Slots):
    """A plain object with a state's slots, before it becomes one (``_view``)."""

    __slots__ = ()


@attrs.frozen(eq=False, repr=False)
class StarCastlesState(_Slots):
    """A complete, immutable StarCastles state: a view of a packed position.

    Build one with ``new_game`` or ``setup_position`` (validated); the constructor does no
    validation and is for the engine and the readers (it packs the fields it is given;
    ``check_state`` says what is wrong with them).

    Attributes:
        rules: The rules in force.
        arms: The home arm of each player, strictly increasing [SC2].
        first: The player who moved first; a round starts with their turn [SC3].
        cells: Per point id, its stack (``stacks``: 0 empty, else ``P | B << 3 | S << 6``
            with each field 0 or owner + 1).
        controlled: Bit ``p`` set when the complete castle on point ``p`` is controlled
            (its Spire landed on it, or ``start_controlled``) [SC4].
        gems: Per player, the point of their Phase Gem on the board, or -1 [SC7].
        gems_left: Per player, the Phase Gems not yet played (4 at the start) [SC7].
        removed: The player to move had their own gem removed at the start of this turn,
            so may not play one in it [SC7].
        to_move: The player to act; in a finished game, the player whose turn would have
            come (the turn passes after the last move, a win included) [SC30].
        round: The round, 1 in the first; past ``max_rounds`` the game is drawn [SC6].
        winner: The player who won, or None (the game goes on or is drawn) [SC6, SC30].
    """

    rules: Rules
    arms: tuple[int, ...]
    first: int
    cells: tuple[int, ...]
    controlled: int
    gems: tuple[int, ...]
    gems_left: tuple[int, ...]
    removed: bool
    to_move: int
    round: int
    winner: int | None = None

    #: The registered name of the game (``astroplane.protocol.get_game``).
    game_name: ClassVar[str] = "starcastles"

    def __attrs_post_init__(self) -> None:
        """Pack the fields given to the constructor (``attrs.evolve`` included); fields
        that do not fit the layout leave the state without a position."""
        core: StarCastlesCore | None = None
        p: Packed | None = None
        try:
            core = core_for(self.rules, tuple(self.arms))
            p = pack(
                core.t.n, core.players, self.rules.max_rounds, tuple(self.cells),
                self.controlled, tuple(self.gems), tuple(self.gems_left), bool(self.removed),
                self.to_move, self.first, self.round, -1 if self.winner is None else self.winner,
            )  # fmt: skip
        except (TypeError, ValueError, AttributeError, OverflowError):
            p = None
        if core is not None:
            _set(self, "_core", core)
        _set(self, "_p", p)
        _set(self, "_moves", None)
        _set(self, "_legal", None)

    def _packed(self) -> Packed:
        """The packed position.

        Raises:
            PositionError: If the fields given to the constructor do not fit the layout
                (a stack code out of 0..511, a list of the wrong length...).
        """
        p = self._p
        if p is None:
            raise PositionError(
                "the state's fields cannot be packed (check_state says what is wrong)"
            )
        return p

    def __eq__(self, other: object) -> bool:
        """Equal states: the same class, rules, seating and packed position (field by
        field for states whose fields do not fit the layout)."""
        if type(other) is not type(self):
            return NotImplemented
        if self._p is None or other._p is None:
            return _fields(self) == _fields(other)
        return self._p == other._p and self._core == other._core

    def __hash__(self) -> int:
        """The hash of the packed position."""
        p = self._p
        return hash(_fields(self)) if p is None else hash(p)

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickles as its rules, arms and packed position (its fields, if it has none)."""
        if self._p is None or type(self) is not StarCastlesState:
            return (type(self), _fields(self))
        return (_restore, (self.rules, self.arms, self._p))

    # ---- the State protocol -------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        """True once a player has won or ``max_rounds`` rounds have passed [SC6]."""
        p = self._p
        if p is None:
            return self.winner is not None or self.round > self.rules.max_rounds
        return p[0] & OVER != 0

    @property
    def is_chance_node(self) -> bool:
        """Always False: StarCastles has no chance."""
        return False

    @property
    def seats(self) -> tuple[int, ...]:
        """The players' numbers, in turn order from player 0 [SC2, SC12]."""
        return tuple(range(len(self.arms)))

    @property
    def turn(self) -> int:
        """The turn number: 1 for the first player's first turn, one more each time the
        turn passes (a gem ply is part of its turn) [SC3]: ``(round - 1) * n`` plus the
        mover's place after ``first``, plus 1.

        Examples:
            >>> from astroplane.games.starcastles import new_game
            >>> s = new_game(3, first=2)
            >>> s.turn, s.play(s.legal_moves()[0]).turn, s.play(s.legal_moves()[-1]).turn
            (1, 2, 1)
        """
        n = len(self.arms)
        return (self.round - 1) * n + (self.to_move - self.first) % n + 1

    @property
    def gem_played(self) -> bool:
        """True when the player to move has played a Phase Gem in this turn (theirs is on
        the board), so their next ply is their move or a pass [SC3, SC7]; False at the
        start of a turn and once the game is over.

        Examples:
            >>> from astroplane.games.starcastles import new_game, Move
            >>> s = new_game(2)
            >>> s.gem_played, s.play(Move.gem(18)).gem_played
            (False, True)
        """
        return not self.is_over and self.gems[self.to_move] >= 0

    @property
    def ply(self) -> int:
        """The plies played since the start: one per finished turn (its move or pass) and
        one per Phase Gem played [SC3], ``(turn - 1) + gems played``; for a game from
        ``new_game``, the number of moves played. A set-up counts as a game from round 1
        with its ``first`` player (``turn`` is the turn counter).

        Examples:
            >>> from astroplane.games.starcastles import new_game, Move
            >>> s = new_game(2).play(Move.gem(18))
            >>> s.ply, s.turn, s.play(s.legal_moves()[0]).ply
            (1, 1, 2)
        """
        return self.turn - 1 + sum(GEMS - left for left in self.gems_left)

    def legal_moves(self) -> tuple[Move, ...]:
        """The legal actions in action order [SC11] (the packed core's, as the one ``Move``
        object of each action number), cached; empty once the game is over.

        Raises:
            PositionError: If the state's fields do not fit the packed layout (a state
                built past ``check_state``).
        """
        cached = self._moves
        if cached is None:
            cached = self._core.legal_moves(self._packed())
            _set(self, "_moves", cached)
        return cached

    def chance_outcomes(self) -> tuple[tuple[Move, float], ...]:
        """Always empty: there is no chance node."""
        return ()

    def is_legal(self, move: object) -> bool:
        """True if ``move`` is one of ``legal_moves()``, with the same field types (no
        ``bool`` or ``float`` twin, no move forged past its constructor)."""
        if type(move) is not Move or fields_problem(move) is not None:
            return False
        legal = self._legal
        if legal is None:
            legal = frozenset(self.legal_moves())
            _set(self, "_legal", legal)
        try:
            return move in legal
        except AttributeError:  # built past the constructor, without its cached hash
            return legal_match(self, move) is not None

    def play(self, move: Move) -> StarCastlesState:
        """The state after ``move``; this state is unchanged.

        Raises:
            IllegalMoveError: If ``move`` is not exactly a legal move here; the message
                names the rule that forbids it.

        Examples:
            >>> from astroplane.games.starcastles import new_game, Move
            >>> s = new_game(2)
            >>> s.play(Move.step(s.board.point("a1"), s.board.point("b1")))
            Traceback (most recent call last):
            ...
            astroplane.errors.IllegalMoveError: illegal move Move.step(0, 1): [SC4] a Spire \
never lands on a Spire (b1)
        """
        moves = self._moves
        if moves is None:
            moves = self.legal_moves()
        core = self._core
        for legal in moves:  # the moves handed out are interned: identity first, which
            if legal is move:  # spares building the set of ``is_legal``
                return self._next(core.apply(cast(Packed, self._p), core.action_of[id(legal)]))
        found = legal_match(self, move)  # an equal copy of the same types names a legal
        if found is None:  # move, and that move is played, never the caller's object
            raise_illegal(self, move)
        return self._next(core.apply(cast(Packed, self._p), core.action_of[id(found)]))

    def _next(self, p: Packed) -> StarCastlesState:
        """The state of ``p`` under this state's core, of this state's class."""
        if type(self) is StarCastlesState:
            return _view(self._core, p)
        view = _view(self._core, p)  # a subclass, which may add fields: its constructor
        return type(self)(*_fields(view))

    def returns(self) -> tuple[float, ...]:
        """Per player, what the game is worth once over: the winner 1.0 and the others
        0.0; a draw 1/n each; all 0.0 while the game goes on [SC6].

        Examples:
            >>> from astroplane.games.starcastles import new_game
            >>> new_game(3).returns()
            (0.0, 0.0, 0.0)
        """
        n = len(self.arms)
        if self.winner is not None:
            return tuple(1.0 if i == self.winner else 0.0 for i in range(n))
        if self.is_over:
            return tuple(1.0 / n for _ in range(n))
        return tuple(0.0 for _ in range(n))

    # ---- queries --------------------------------------------------------------------------
    @property
    def board(self) -> StarBoard:
        """The star board in play (``star_board(rules.arm)``)."""
        return star_board(self.rules.arm)

    @property
    def player_count(self) -> int:
        """The number of players."""
        return len(self.arms)

    @property
    def outcome(self) -> str:
        """``"win"``, ``"draw"`` or ``""`` while the game goes on [SC6]."""
        if self.winner is not None:
            return "win"
        return "draw" if self.is_over else ""

    def destination(self, player: int) -> tuple[int, int, int]:
        """The trio points of ``player``'s destination arm [SC2].

        Raises:
            ValueError: If ``player`` is not a player number of the game (0 .. n - 1).
        """
        if type(player) is not int or not 0 <= player < len(self.arms):
            raise ValueError(f"a player is 0..{len(self.arms) - 1}, not {shown(player)}")
        return self.board.trios[opposite(self.arms[player])]

    def stack(self, point: int | str) -> str:
        """The stack on a point (id or name) as text, bottom to top (``"P0B1S0"``).

        Raises:
            ValueError: If ``point`` is not a point of the board.
        """
        p = self.board.point(point) if isinstance(point, str) else point
        self.board.name(p)  # validates
        return stack_text(self.cells[p])

    def is_controlled(self, point: int | str) -> bool:
        """Whether the complete castle on a point (id or name) is controlled [SC4]."""
        p = self.board.point(point) if isinstance(point, str) else point
        self.board.name(p)  # validates
        return bool(self.controlled >> p & 1)

    def __repr__(self) -> str:
        """The rules, arms, round, who moves, the stacks as the position text writes them
        (``!`` after a controlled castle) and the gems [SC19]."""
        names = self.board.names
        stacks = " ".join(
            f"{names[p]}:{stack_text(c)}{'!' if self.controlled >> p & 1 else ''}"
            for p, c in enumerate(self.cells)
            if c
        )
        gems = ",".join(names[g] if g >= 0 else "-" for g in self.gems)
        status = self.outcome or f"to move {self.to_move}"
        return (
            f"<StarCastlesState {self.rules.name} arms={''.join(map(str, self.arms))} "
            f"round {self.round}, {status}; {stacks}; gems {gems} left "
            f"{''.join(map(str, self.gems_left))}{' removed' if self.removed else ''}>"
        )

    def __str__(self) -> str:
        """The board row by row, each point as the position text writes it [SC19]: its
        stack with ``!`` after a controlled castle, ``*p`` for player ``p``'s Phase Gem,
        ``.`` when empty; then the round and who moves (or the outcome)."""
        board = self.board
        gem_of = {g: i for i, g in enumerate(self.gems) if g >= 0}
        rows: dict[str, list[str]] = {}
        for p, name in enumerate(board.names):
            c = self.cells[p]
            mark = f"*{gem_of[p]}" if p in gem_of else stack_text(c) or "."
            if self.controlled >> p & 1:
                mark += "!"
            rows.setdefault(name[0], []).append(f"{name}={mark}")
        lines = [" ".join(v) for v in rows.values()]
        if self.is_over:
            lines.append(
                f"round {self.round}: {self.outcome}"
                + (f", player {self.winner} won" if self.winner is not None else "")
            )
        else:
            lines.append(f"round {self.round}: player {self.to_move} to move")
        return "\n".join(lines)


_set = object.__setattr__
_new = object.__new__


def _fields(state: _Slots) -> tuple[Any, ...]:
    """The field values of a state, in the constructor's order."""
    return tuple(getattr(state, name) for name in FIELDS)


def _view(core: StarCastlesCore, p: Packed) -> StarCastlesState:
    """The state of packed position ``p`` under ``core`` (no checks: for the engine)."""
    s: Any = _new(_Blank)
    s._core = core
    s._p = p
    s._moves = None
    s._legal = None
    s.__class__ = StarCastlesState
    return cast(StarCastlesState, s)


def _gems(core: StarCastlesCore, p: Packed) -> tuple[int, ...]:
    word = p[1]
    return tuple([(word >> (GEM_BITS * i) & 127) - 1 for i in range(core.players)])


def _gems_left(core: StarCastlesCore, p: Packed) -> tuple[int, ...]:
    meta = p[0]
    return tuple([meta >> (LEFT_SHIFT + 3 * i) & 7 for i in range(core.players)])


def _winner(core: StarCastlesCore, p: Packed) -> int | None:
    won = (p[0] >> WINNER_SHIFT & 7) - 1
    return None if won < 0 else won


#: How each field is read from a state's core and packed position.
_DERIVED: dict[str, Callable[[StarCastlesCore, Packed], object]] = {
    "rules": lambda core, p: core.rules,
    "arms": lambda core, p: core.arms,
    "first": lambda core, p: p[0] >> FIRST_SHIFT & 7,
    "cells": lambda core, p: unpack_cells(p, core.t.n),
    "controlled": lambda core, p: p[2],
    "gems": _gems,
    "gems_left": _gems_left,
    "removed": lambda core, p: p[0] & REMOVED != 0,
    "to_move": lambda core, p: p[0] & 7,
    "round": lambda core, p: p[0] >> ROUND_SHIFT & ROUND_MASK,
    "winner": _winner,
}


for _name, _derive in _DERIVED.items():  # the slot: _Slots'
    setattr(StarCastlesState, _name, LazyField(_Slots.__dict__[_name], _derive))


@lru_cache(maxsize=512)
def core_for(rules: Rules, arms: tuple[int, ...]) -> StarCastlesCore:
    """The packed core of ``rules`` with players at home on ``arms`` (one per pair, kept),
    its view attached.

    Raises:
        ValueError: If ``rules`` is not a ``Rules`` value or ``arms`` not 1 to 6 arms 0..5.
    """
    if not isinstance(rules, Rules) or not 1 <= len(arms) <= 6:
        raise ValueError(f"a StarCastles core takes Rules and arms, not {rules!r}, {arms!r}")
    if any(type(a) is not int or not 0 <= a <= 5 for a in arms):
        raise ValueError(f"arms are 0..5, not {shown(arms)} [SC2]")
    core = StarCastlesCore(rules, arms, move_table(rules.arm), move_items(rules.arm))
    core.view = _view
    return core


def _restore(rules: Rules, arms: tuple[int, ...], p: Packed) -> StarCastlesState:
    """A pickled state back (``StarCastlesState.__reduce__``)."""
    return _view(core_for(rules, arms), p)


def core_pair(state: StarCastlesState) -> tuple[StarCastlesCore, Packed]:
    """The packed core of ``state``'s rules and seating and its packed position: the
    game's ``Game.core`` (``astroplane.core.core_of``).

    Examples:
        >>> from astroplane.games.starcastles import new_game
        >>> core, p = core_pair(new_game(2))
        >>> len(core.legal_actions(p)), core.state(p) == new_game(2)
        (35, True)
    """
    return state._core, state._packed()
