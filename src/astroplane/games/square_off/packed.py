"""The packed position: a Square Off state as a small tuple of integers.

The rules (``core.SquareOffCore``) work on *packed positions*, tuples of ints, and a
``SquareOffState`` is a view of one (``astroplane.core``). A position ``p`` is
``(white, black, side, marks, turns, quiet, history)``:

* ``p[0]`` and ``p[1]``: W's and B's points, bit ``i`` for point id ``i`` (24 bits);
* ``p[2]``, the **side word** (23 bits): how the game ended (bits 0-2, ``OUTCOMES``' code,
  0 while it goes on), W's pieces in hand (3-6), B's (7-10), W's removed pieces (11-14),
  B's (15-18), the seat whose turn it is (19) and the removal rights still to come
  (20-22, ``RIGHTS``' code);
* ``p[3]``: the cooldown marks, W's lines (the low ``L`` bits, ``L`` the board's number of
  lines) then B's [SO7]; 0 without the cooldown;
* ``p[4]`` and ``p[5]``: the completed turns and the stage-2 turns without a removal
  [SO6];
* ``p[6]``: with ``threefold``, the keys of the positions since the last placement or
  removal, this one's last (``key``), as a ``history.History`` (a ply extends it by one
  key without copying the others, and it knows how often its last key occurs) [SO19];
  ``()`` otherwise.

Every field but the history is a machine-sized int (one digit of a Python int, a native
int in the compiled build); two positions are equal exactly when the states are (under
one core's rules and board: a ``History`` equals the tuple of its keys).

Examples:
    >>> p = pack(16, occupancy=(1, 2), in_hand=(8, 8), removed=(0, 0), turn_of=0,
    ...          removals=(), cooldown=(0, 0), turns=2, quiet=0, history=(), outcome=0)
    >>> p
    (1, 2, 1088, 0, 2, 0, ())
    >>> in_hand(p), removed(p), to_move(p)
    ((8, 8), (0, 0), 0)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from astroplane.games.square_off.history import History
from astroplane.games.square_off.outcome import Ending, Outcome

__all__ = [
    "FIRST",
    "OUTCOMES",
    "PUSH",
    "REST",
    "RETURNS",
    "RIGHTS",
    "Position",
    "cooldown",
    "in_hand",
    "key",
    "pack",
    "removed",
    "to_move",
]

Position = tuple[int, int, int, int, int, int, Sequence[int]]
"""A packed position: ``(white, black, side, marks, turns, quiet, history)``, the history
a ``History`` with ``threefold`` (else ``()``)."""

OVER: Final = 7
"""The outcome bits of the side word: nonzero once the game is over."""
HAND_W: Final = 3
HAND_B: Final = 7
REMOVED_W: Final = 11
REMOVED_B: Final = 15
TURN_OF: Final = 19
RIGHTS_SHIFT: Final = 20
HISTORY: Final = 6
"""The index of the history."""

RIGHTS: Final[tuple[tuple[int, ...], ...]] = ((), (0,), (1,), (0, 0), (0, 1), (1, 0), (1, 1))
"""The removal rights still to come, by code (the code is their index) [SO4], [SO8]."""
_CODE: Final[dict[tuple[int, ...], int]] = {r: i for i, r in enumerate(RIGHTS)}
"""The code of each sequence of rights."""
FIRST: Final[tuple[int, ...]] = (-1, 0, 1, 0, 0, 1, 1)
"""By code, the seat holding the first right (-1: none)."""
REST: Final[tuple[int, ...]] = (0, 0, 0, 1, 2, 1, 2)
"""By code, the code of the rights after the first."""
PUSH: Final[tuple[tuple[int, int], ...]] = ((1, 2), (3, 4), (5, 6))
"""By code (0-2: none or one right), the code with a right of seat 0 or 1 added last."""

OUTCOMES: Final[tuple[Outcome | None, ...]] = (
    None,
    Outcome(0, Ending.TWO_PIECES),
    Outcome(1, Ending.TWO_PIECES),
    Outcome(0, Ending.BLOCKED),
    Outcome(1, Ending.BLOCKED),
    Outcome(None, Ending.MAX_TURNS),
    Outcome(None, Ending.NO_REMOVAL_TURNS),
    Outcome(None, Ending.THREEFOLD),
)
"""How the game ended, by code (the code is the index; 0: it goes on) [SO6]: a win at two
pieces is ``1 + winner``, by a blockade ``3 + winner``."""
_OUTCOME_CODE: Final[dict[Outcome, int]] = {o: i for i, o in enumerate(OUTCOMES) if o is not None}
"""The code of each outcome."""
RETURNS: Final[tuple[tuple[float, float], ...]] = (
    (0.0, 0.0), (1.0, 0.0), (0.0, 1.0), (1.0, 0.0), (0.0, 1.0), (0.5, 0.5), (0.5, 0.5),
    (0.5, 0.5),
)  # fmt: skip
"""The returns by outcome code [SO6]."""


def key(white: int, black: int, side: int, marks: int) -> int:
    """The threefold key of a position (``play.position_key``), one exact int: the points
    of each seat (bits 0-47), the hands (48-55), the player to act with the rights to
    come (56-59), the cooldown marks (60 on) [SO19]."""
    code = side >> RIGHTS_SHIFT
    mover = FIRST[code] if code else side >> TURN_OF & 1
    hands = side >> HAND_W & 255
    return white | black << 24 | hands << 48 | (mover | code << 1) << 56 | marks << 60


def _field(value: object, what: str, bound: int) -> int:
    if not isinstance(value, int) or not 0 <= value < bound:
        raise ValueError(f"a Square Off state's {what} is an int 0..{bound - 1}, not {value!r}")
    return int(value)


def _count(value: object, what: str) -> int:
    if not isinstance(value, int) or value < 0:
        raise ValueError(f"a Square Off state's {what} is an int >= 0, not {value!r}")
    return int(value)


def pack(
    lines: int,
    *,
    occupancy: tuple[int, int],
    in_hand: tuple[int, int],
    removed: tuple[int, int],
    turn_of: int,
    removals: tuple[int, ...],
    cooldown: tuple[int, int],
    turns: int,
    quiet: int,
    history: Sequence[int],
    outcome: int,
) -> Position:
    """The packed position of these fields (``lines``: the board's number of lines);
    ``outcome`` is its code. A ``History`` given is kept (it is immutable); other keys
    become one, and no keys ``()``.

    Raises:
        ValueError: If a field cannot be held (a count out of 0..15, a mask too wide, a
            seat not 0 or 1, rights no turn can leave, a negative counter).
    """
    w, b = (_field(occupancy[s], "occupancy", 1 << 24) for s in (0, 1))
    hw, hb = (_field(in_hand[s], "in_hand", 16) for s in (0, 1))
    rw, rb = (_field(removed[s], "removed", 16) for s in (0, 1))
    mw, mb = (_field(cooldown[s], "cooldown", 1 << lines) for s in (0, 1))
    code = _CODE.get(tuple(removals))
    if code is None:
        raise ValueError(f"a Square Off state's removals are up to two seats, not {removals!r}")
    side = (
        outcome
        | hw << HAND_W
        | hb << HAND_B
        | rw << REMOVED_W
        | rb << REMOVED_B
        | _field(turn_of, "turn_of", 2) << TURN_OF
        | code << RIGHTS_SHIFT
    )
    counters = (_count(turns, "turns"), _count(quiet, "quiet"))
    bound = 1 << (60 + 2 * lines)
    keys = [_field(k, "history key", bound) for k in history]
    plain = isinstance(history, History) and all(type(k) is int for k in history)
    kept: Sequence[int] = history if plain else History.of(keys)
    return (w, b, side, mw | mb << lines, counters[0], counters[1], kept if keys else ())


def in_hand(p: Position) -> tuple[int, int]:
    """W's and B's pieces in hand."""
    side = p[2]
    return (side >> HAND_W & 15, side >> HAND_B & 15)


def removed(p: Position) -> tuple[int, int]:
    """W's and B's removed pieces."""
    side = p[2]
    return (side >> REMOVED_W & 15, side >> REMOVED_B & 15)


def cooldown(p: Position, lines: int) -> tuple[int, int]:
    """W's and B's cooldown marks (bitmasks of line indices; ``lines`` lines) [SO7]."""
    marks = p[3]
    return (marks & ((1 << lines) - 1), marks >> lines)


def to_move(p: Position) -> int:
    """The seat to act: the first holder of a removal right, else the one whose turn it
    is."""
    side = p[2]
    code = side >> RIGHTS_SHIFT
    return FIRST[code] if code else side >> TURN_OF & 1
