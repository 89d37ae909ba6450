"""Move effects: what a move does, as a list of events, for animations and logs.

``effects`` returns typed events in the order a frontend animates them:

* the action itself: ``PieceMoved`` (then ``Jumped`` for a
  Hyperspace or Wormhole jump, ``BonusMove`` when the piece was released
  from a stack [D9], ``Landed`` on a stack, ``SentBack`` per owner
  [D10], ``EnteredSingularity`` and ``ReservePlaced`` [D13]);
  ``Fired`` followed by each fired piece's events [D5]; ``SquareMoved``
  and ``Eliminated`` (section 8);
* then how the turn goes on: ``TurnPassed`` for each turn that starts,
  ``PlayerRemoved`` for a stuck player [D16], ``GameOver``.

Pieces, positions, cells and seats are names (``"S3"``, ``"e2.ne"``, ``"e2"``,
``"S"``); every event has ``to_dict()`` giving a plain JSON object with an
``"event"`` field naming its class in snake case.

Examples:
    >>> import astroplane
    >>> s = astroplane.new_game()
    >>> [e.to_dict() for e in effects(s, s.legal_moves()[0])]
    [{'event': 'piece_moved', 'piece': 'S3', 'origin': 'Sl', 'target': 'e2.ne', 'apex': 'ne', \
'free': False}]
"""

from __future__ import annotations

import re
from typing import Any, ClassVar

import attrs

from astroplane.moves import RESERVE_CHOICES, Move, MoveKind
from astroplane.pieces import SEAT_NAMES, next_reserve_piece, piece_name
from astroplane.state import REMOVED, GameState
from astroplane.topology import APEX_NAMES, CellKind, Topology

__all__ = [
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
    "effects",
]


@attrs.frozen
class Event:
    """Base class of the events; ``to_dict()`` is the JSON form."""

    name: ClassVar[str] = "event"

    def to_dict(self) -> dict[str, Any]:
        """A plain JSON object: ``{"event": <snake_case name>, <fields>...}``."""
        out: dict[str, Any] = {"event": self.name}
        for field in attrs.fields(type(self)):
            value = getattr(self, field.name)
            out[field.name] = list(value) if isinstance(value, tuple) else value
        return out

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


@attrs.frozen
class Fired(Event):
    """The corner fired its two top pieces into the Singularity [D5]."""

    corner: str
    pieces: tuple[str, ...]


@attrs.frozen
class SquareMoved(Event):
    """A Square slid from ``origin`` to ``target`` with its pieces (section 8)."""

    owner: str
    origin: str
    target: str
    pieces: tuple[str, ...]


@attrs.frozen
class Eliminated(Event):
    """The pieces in ``cell`` were eliminated by ``by``'s Square (section 8)."""

    pieces: tuple[str, ...]
    by: str
    cell: str


@attrs.frozen
class TurnPassed(Event):
    """Turn ``turn`` starts: ``seat`` is to move after ``previous``."""

    previous: str
    seat: str
    turn: int


@attrs.frozen
class PlayerRemoved(Event):
    """A stuck player left the game with these pieces [D16]."""

    seat: str
    pieces: tuple[str, ...]


@attrs.frozen
class GameOver(Event):
    """The game ended: winners, scores by seat (S, W, N, E), reason (section 9)."""

    winners: tuple[str, ...]
    scores: tuple[int, ...]
    true_win: bool
    reason: str


def _pos(t: Topology, p: int) -> str:
    return t.position_name(p)


def _names(pieces: tuple[int, ...] | list[int]) -> tuple[str, ...]:
    return tuple(piece_name(p) for p in pieces)


def effects(state: GameState, move: Move) -> list[Event]:
    """What ``move`` does in ``state``, in order (see the module docstring).

    Args:
        state: The state before the move.
        move: A legal move.

    Returns:
        The events; consistent with ``state.play(move)``.

    Raises:
        IllegalMoveError: If the move is not legal in ``state``.
    """
    after = state.play(move)
    t = state.topology
    mover = state.to_move
    out: list[Event] = []
    kind = move.kind
    if kind in (MoveKind.STEP, MoveKind.TRAVEL):
        out.extend(_single(state, move.origin, move.target, kind == MoveKind.TRAVEL))
        if _sing(t, move.target):
            out.extend(_reserve(state, move.choice))
        else:
            out.extend(_send_back(state, move))
    elif kind == MoveKind.FIRE:
        fps = t.corner_firing[move.origin]
        out.append(Fired(t.cell_name(move.origin), _names([state.stacks[f][-1] for f in fps])))
        for f in fps:
            out.extend(_single(state, f, t.singularity_position[t.fire_target[f]], False))
        out.extend(_reserve(state, move.choice))
    elif kind in (MoveKind.SQUARE, MoveKind.ELIMINATE):
        pieces = [p for a in range(4) for p in state.stacks[4 * move.origin + a]]
        out.append(
            SquareMoved(
                SEAT_NAMES[mover],
                t.cell_name(move.origin),
                t.cell_name(move.target),
                _names(pieces),
            )
        )
        if kind == MoveKind.ELIMINATE:
            gone = [p for a in range(4) for p in state.stacks[4 * move.target + a]]
            out.append(Eliminated(_names(gone), SEAT_NAMES[mover], t.cell_name(move.target)))
    out.extend(_turns(state, after))
    return out


def _sing(t: Topology, p: int) -> bool:
    return 0 <= p < t.fire_base and t.singularity_position[p >> 2] == p


def _single(state: GameState, src: int, dst: int, free: bool) -> list[Event]:
    t = state.topology
    st = state.stacks[src]
    pid = st[-1]
    name = piece_name(pid)
    apex = APEX_NAMES[dst & 3] if dst < t.fire_base else None
    out: list[Event] = [PieceMoved(name, _pos(t, src), _pos(t, dst), apex, free)]
    entry = t.link[src]
    if free:
        out.append(Jumped(name, "wormhole", t.cell_name(src >> 2), t.cell_name(dst >> 2)))
    elif 0 <= entry < t.fire_base and dst < t.fire_base and dst >> 2 != entry >> 2:
        via = "hyperspace" if t.kind[entry >> 2] == CellKind.HYPERSPACE else "wormhole"
        out.append(Jumped(name, via, t.cell_name(entry >> 2), t.cell_name(dst >> 2)))
    if len(st) >= 2 and st[-2] // 10 != state.to_move and not state.landed >> pid & 1:
        out.append(BonusMove(name, piece_name(st[-2])))
    if _sing(t, dst):
        out.append(EnteredSingularity(name, t.cell_name(dst >> 2)))
    elif state.stacks[dst]:
        out.append(Landed(name, _pos(t, dst), _names(state.stacks[dst])))
    return out


def _send_back(state: GameState, move: Move) -> list[Event]:
    t = state.topology
    if move.target >= t.fire_base:
        return []
    opp = state.stacks[move.target ^ 2]
    if not any(q // 10 != state.to_move for q in opp):
        return []
    out: list[Event] = []
    for seat in range(4):
        mine = [q for q in opp if q // 10 == seat]
        if mine:
            area = t.start_areas[2 * seat + (move.choice >> seat & 1)].name
            origin = _pos(t, move.target ^ 2)
            out.append(SentBack(SEAT_NAMES[seat], _names(mine), origin, area))
    return out


def _reserve(state: GameState, choice: int) -> list[Event]:
    seat = state.to_move
    left = state.reserve[seat]
    out: list[Event] = []
    for side in RESERVE_CHOICES[choice]:
        piece = next_reserve_piece(seat, left)
        left -= 1
        out.append(
            ReservePlaced(piece_name(piece), state.topology.start_areas[2 * seat + side].name)
        )
    return out


def _turns(before: GameState, after: GameState) -> list[Event]:
    out: list[Event] = []
    gone = after.removed[len(before.removed) :]
    previous = before.to_move
    for i in range(after.turn - before.turn):
        seat = gone[i] if i < len(gone) else after.to_move
        out.append(TurnPassed(SEAT_NAMES[previous], SEAT_NAMES[seat], before.turn + i + 1))
        if i < len(gone):
            pieces = [
                p
                for p in range(10 * seat, 10 * seat + 10)
                if after.where[p] == REMOVED and before.where[p] != REMOVED
            ]
            out.append(PlayerRemoved(SEAT_NAMES[seat], _names(pieces)))
        previous = seat
    if after.outcome is not None:
        o = after.outcome
        out.append(
            GameOver(
                tuple(SEAT_NAMES[s] for s in o.winners), tuple(o.scores), o.true_win, o.reason.value
            )
        )
    return out
