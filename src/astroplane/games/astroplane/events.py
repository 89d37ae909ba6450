"""What a move does, as typed events, for animations and logs.

The rule set produces these in the same pass that plays a move
(``state.effects(move)``, ``astroplane.effects``), so they can never disagree with
``play()``. In the order a frontend animates them:

* the action itself: ``PieceMoved`` (then ``Jumped`` for a Hyperspace or Wormhole jump,
  ``BonusMove`` when the piece was released from a stack [D9], ``Landed`` on a stack,
  ``SentBack`` per owner [D10], ``EnteredSingularity`` and ``ReservePlaced`` [D13]);
  ``Fired`` followed by each fired piece's events [D5]; ``SquareMoved`` and
  ``Eliminated`` (rules page: Squares);
* then how the turn goes on: ``TurnPassed`` for each turn that starts, ``PlayerRemoved``
  for a stuck player [D16], ``GameOver``.

Pieces, positions, cells and seats are names (``"S3"``, ``"e2.ne"``, ``"e2"``, ``"S"``);
every event has ``to_dict()`` giving a plain JSON object with an ``"event"`` field naming
its class in snake case. Replaying the events on a ``Board`` (``Board.of(state)`` before
the move) gives the board after it: that is how a frontend can keep its own picture in
step, and how the conformance suite checks that events tell everything.

Examples:
    >>> import astroplane
    >>> s = astroplane.new_game()
    >>> [e.to_dict() for e in s.effects(s.legal_moves()[0])]
    [{'event': 'piece_moved', 'piece': 'S3', 'origin': 'Sl', 'target': 'e2.ne', 'apex': 'ne', \
'free': False}]
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, ClassVar

import attrs

from astroplane.games.astroplane.enums import SEAT_NAMES
from astroplane.games.astroplane.pieces import piece_name

if TYPE_CHECKING:
    from astroplane.games.astroplane.view import StateView

__all__ = [
    "Board",
    "BonusMove",
    "Eliminated",
    "EnteredSingularity",
    "Event",
    "Fired",
    "GameOver",
    "Jumped",
    "Landed",
    "PieceMoved",
    "PlayerRemoved",
    "ReservePlaced",
    "SentBack",
    "SquareMoved",
    "TurnPassed",
]


@attrs.define
class Board:
    """A plain, mutable picture of a board that events are replayed on.

    Attributes:
        stacks: Position name -> piece names, bottom to top (empty positions left out).
        reserve: Seat letter -> reserve count.
        eliminated: Piece names eliminated, in order.
        removed: Seat letters removed as stuck players, in order.
        to_move: The seat letter to move.
        turn: The turn number.
        over: Whether the game is over.
    """

    stacks: dict[str, list[str]]
    reserve: dict[str, int]
    eliminated: list[str]
    removed: list[str]
    to_move: str
    turn: int
    over: bool

    @classmethod
    def of(cls, state: StateView) -> Board:
        """The picture of ``state``."""
        t = state.topology
        return cls(
            stacks={
                t.position_name(p): [piece_name(q) for q in st]
                for p, st in enumerate(state.stacks)
                if st
            },
            reserve={SEAT_NAMES[s]: state.reserve[s] for s in state.seats},
            eliminated=[piece_name(p) for p, _by in state.eliminated],
            removed=[SEAT_NAMES[s] for s in state.removed],
            to_move=SEAT_NAMES[state.to_move],
            turn=state.turn,
            over=state.outcome is not None,
        )

    def take(self, position: str, piece: str) -> None:
        """Take ``piece`` off the top of ``position``.

        Raises:
            ValueError: If it is not on top there (the events are inconsistent).
        """
        st = self.stacks.get(position, [])
        if not st or st[-1] != piece:
            raise ValueError(f"{piece} is not on top of {position} ({st})")
        st.pop()
        if not st:
            del self.stacks[position]

    def put(self, position: str, piece: str) -> None:
        """Put ``piece`` on top of ``position``."""
        self.stacks.setdefault(position, []).append(piece)

    def snapshot(self) -> tuple[object, ...]:
        """A hashable summary, for comparing two pictures."""
        return (
            tuple(sorted((k, tuple(v)) for k, v in self.stacks.items())),
            tuple(sorted(self.reserve.items())),
            tuple(self.eliminated),
            tuple(self.removed),
            self.to_move,
            self.turn,
            self.over,
        )


@attrs.frozen
class Event:
    """Base class of the events; ``to_dict()`` is the JSON form, ``replay(board)``
    changes a ``Board`` as the event says."""

    name: ClassVar[str] = "event"

    def to_dict(self) -> dict[str, Any]:
        """A plain JSON object: ``{"event": <snake_case name>, <fields>...}``."""
        out: dict[str, Any] = {"event": self.name}
        for field in attrs.fields(type(self)):
            value = getattr(self, field.name)
            out[field.name] = list(value) if isinstance(value, tuple) else value
        return out

    def replay(self, board: Board) -> None:
        """Change ``board`` as this event says (most events only inform)."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls.name = re.sub(r"(?<!^)([A-Z])", r"_\1", cls.__name__).lower()


@attrs.frozen
class PieceMoved(Event):
    """A single piece moved from ``origin`` to ``target`` (apex it points at, None off
    the grid); ``free`` for a free Wormhole travel [D12]."""

    piece: str
    origin: str
    target: str
    apex: str | None
    free: bool

    def replay(self, board: Board) -> None:
        board.take(self.origin, self.piece)
        board.put(self.target, self.piece)


@attrs.frozen
class Jumped(Event):
    """On its way, the piece entered ``entered`` and jumped to ``arrived``
    (``via`` is ``"hyperspace"`` [D11] or ``"wormhole"`` [D12])."""

    piece: str
    via: str
    entered: str
    arrived: str


@attrs.frozen
class BonusMove(Event):
    """Leaving the stack released ``released`` (another player's piece): one bonus move [D9]."""

    piece: str
    released: str


@attrs.frozen
class Landed(Event):
    """The piece landed on a stack; ``captives`` are the pieces below it, bottom to top."""

    piece: str
    position: str
    captives: tuple[str, ...]


@attrs.frozen
class SentBack(Event):
    """An owner's pieces of the opposite stack went back to a Start Area, lowest first [D10]."""

    owner: str
    pieces: tuple[str, ...]
    origin: str
    start_area: str

    def replay(self, board: Board) -> None:
        st = board.stacks.get(self.origin, [])
        for piece in self.pieces:
            st.remove(piece)
            board.put(self.start_area, piece)
        if not st:
            board.stacks.pop(self.origin, None)


@attrs.frozen
class EnteredSingularity(Event):
    """The piece entered the Singularity cell ``cell`` [D13]."""

    piece: str
    cell: str


@attrs.frozen
class ReservePlaced(Event):
    """A reserve piece came into a Start Area [D13, D17]."""

    piece: str
    start_area: str

    def replay(self, board: Board) -> None:
        seat = self.piece[0]
        board.reserve[seat] -= 1
        board.put(self.start_area, self.piece)


@attrs.frozen
class Fired(Event):
    """The corner fired its two top pieces into the Singularity [D5]."""

    corner: str
    pieces: tuple[str, ...]


@attrs.frozen
class SquareMoved(Event):
    """A Square slid from ``origin`` to ``target`` with its pieces, each keeping its apex
    (rules page: Squares, [D21])."""

    owner: str
    origin: str
    target: str
    pieces: tuple[str, ...]

    def replay(self, board: Board) -> None:
        moved = []
        for name in list(board.stacks):
            cell, _dot, apex = name.partition(".")
            if cell == self.origin and apex:
                moved.append((apex, board.stacks.pop(name)))
        for apex, st in moved:
            board.stacks.setdefault(f"{self.target}.{apex}", []).extend(st)


@attrs.frozen
class Eliminated(Event):
    """The pieces in ``cell`` were eliminated by ``by``'s Square (rules page: Squares)."""

    pieces: tuple[str, ...]
    by: str
    cell: str

    def replay(self, board: Board) -> None:
        gone = set(self.pieces)
        for name in list(board.stacks):
            if name.partition(".")[0] == self.cell:
                kept = [p for p in board.stacks[name] if p not in gone]
                if kept:
                    board.stacks[name] = kept
                else:
                    del board.stacks[name]
        board.eliminated.extend(self.pieces)


@attrs.frozen
class TurnPassed(Event):
    """Turn ``turn`` starts: ``seat`` is to move after ``previous``."""

    previous: str
    seat: str
    turn: int

    def replay(self, board: Board) -> None:
        board.to_move = self.seat
        board.turn = self.turn


@attrs.frozen
class PlayerRemoved(Event):
    """A stuck player left the game with these pieces [D16]."""

    seat: str
    pieces: tuple[str, ...]

    def replay(self, board: Board) -> None:
        gone = set(self.pieces)
        for name in list(board.stacks):
            kept = [p for p in board.stacks[name] if p not in gone]
            if kept:
                board.stacks[name] = kept
            else:
                del board.stacks[name]
        board.reserve[self.seat] = 0
        board.removed.append(self.seat)


@attrs.frozen
class GameOver(Event):
    """The game ended: winners, scores by seat (S, W, N, E), reason (rules page: End of the
    game)."""

    winners: tuple[str, ...]
    scores: tuple[int, ...]
    true_win: bool
    reason: str

    def replay(self, board: Board) -> None:
        board.over = True
