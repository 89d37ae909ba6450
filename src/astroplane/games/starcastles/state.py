"""The immutable StarCastles state, following ``astroplane.protocol.State`` (no chance).

Players are numbered 0..n-1; player ``i``'s home is arm ``arms[i]`` and its destination
the opposite arm [SC2]. Seat numbers are player numbers [SC12]. ``play`` returns a new
state; a state never changes.

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

from typing import ClassVar

import attrs

from astroplane.games.starcastles.board import StarBoard, opposite, star_board
from astroplane.games.starcastles.movegen import legal_moves
from astroplane.games.starcastles.moves import Move, fields_problem
from astroplane.games.starcastles.options import Rules
from astroplane.games.starcastles.play import apply_move, raise_illegal
from astroplane.games.starcastles.stacks import stack_text
from astroplane.kit.limits import shown
from astroplane.protocol import legal_match

__all__ = ["GEMS", "StarCastlesState"]

#: Phase Gems each player starts with [SC7].
GEMS = 4


@attrs.frozen(cache_hash=True, repr=False)
class StarCastlesState:
    """A complete, immutable StarCastles state.

    Build one with ``new_game`` or ``setup_position`` (validated); the constructor does no
    validation and is for the engine.

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
    _moves: tuple[Move, ...] | None = attrs.field(
        default=None, init=False, eq=False, hash=False, repr=False
    )
    _legal: frozenset[Move] | None = attrs.field(
        default=None, init=False, eq=False, hash=False, repr=False
    )

    #: The registered name of the game (``astroplane.protocol.get_game``).
    game_name: ClassVar[str] = "starcastles"

    # ---- the State protocol -------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        """True once a player has won or ``max_rounds`` rounds have passed [SC6]."""
        return self.winner is not None or self.round > self.rules.max_rounds

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
        """The legal actions in action order [SC11] (``movegen.legal_moves``), cached;
        empty once the game is over."""
        cached = self._moves
        if cached is None:
            cached = legal_moves(self)
            object.__setattr__(self, "_moves", cached)
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
            object.__setattr__(self, "_legal", legal)
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
        for legal in self.legal_moves():  # the moves handed out are interned: identity
            if legal is move:  # first, which spares building the set of ``is_legal``
                return apply_move(self, legal)
        found = legal_match(self, move)  # an equal copy of the same types names a legal
        if found is None:  # move, and that move is played, never the caller's object
            raise_illegal(self, move)
        return apply_move(self, found)

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
