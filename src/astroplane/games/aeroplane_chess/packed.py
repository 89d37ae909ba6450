"""The packed position of Aeroplane Chess: a whole state (but its rules) in five ints.

Private: the layout may change between versions; the public state
(``AeroplaneState``) is a view of one, and the packed core (``core.AeroplaneCore``) plays
its rules on them. Every int is below 2**62, a machine-sized (short) int of CPython and
mypyc. A position is the tuple ``(w0, w1, w2, w3, m)``:

``w0`` .. ``w3``: one word per colour ``c`` (R, Y, B, G), its planes ``4c + i``
(``i`` = 0..3, named ``R1`` .. ``R4`` for Red)::

    bits 6i .. 6i+5     progress of plane i, plus 1: 0 hangar, 1 take-off square,
                        2..51 the loop (progress 1..50), 52..56 the home column,
                        57 the centre (arrived)                          [AC4]
    bits 24+2i, 25+2i   the stack of plane i: the number i' <= i of the lowest
                        plane of its stack (i itself when it is alone)   [AC9]

``m``: the dice, the turn and the end::

    bits 0-2    roll: the roll to play, 1..6; 0 when the die is to be rolled or the
                game is over                                             [AC15]
    bits 3-4    sixes: 6s rolled and played earlier in this turn, 0..2  [AC10]
    bits 5-6    to_move: the colour whose turn it is
    bits 7-10   seats: bit c set for each colour in the game            [AC2]
    bits 11-14  finished: bit c set for each colour that finished       [AC13]
    bits 15-22  the finishing order: 2 bits per place, first place lowest
    bit  23     over: the game is over (a race over or the turn limit)
    bit  24     turn_limit: it ended at the turn limit                 [AC21]
    bits 25-40  sixed: bit p set for each plane moved by earlier 6s   [AC10]
    bits 41-60  turn, 1..1,000,000                                      [AC21]

Each state has exactly one position (a stack's planes all name its lowest plane, a plane
alone or off the board names itself, unused bits are 0), so two positions are equal
exactly when the states are, under the same rules. ``position`` packs a state's fields,
``fields`` unpacks them; both check only what the layout needs (``setup.check_state``
checks the rules of the game).

Examples:
    >>> p = position((0, 2), (-1,) * 16, (), 0, 0, 0, 0, (), 1, False, False)
    >>> [hex(w) for w in p]
    ['0xe4000000', '0xe4000000', '0xe4000000', '0xe4000000', '0x20000000280']
    >>> fields(p)[:2]
    ((0, 2), (-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1))
"""

from __future__ import annotations

from typing import Final

__all__ = [
    "ALONE",
    "FINISHED",
    "LIMIT",
    "OVER",
    "SEATS",
    "SEATS_OF",
    "SIXED",
    "SIXES",
    "TO_MOVE",
    "TURN",
    "Position",
    "fields",
    "finished_of",
    "planes_of",
    "position",
    "stacks_of",
]

#: A packed position: four colour words and the game word (module docs).
Position = tuple[int, int, int, int, int]

#: A colour word with every plane in the hangar, each alone (its own stack).
ALONE: Final = (1 << 26) | (2 << 28) | (3 << 30)
#: Bit offsets in the game word ``m`` (module docs).
SIXES: Final = 3
TO_MOVE: Final = 5
SEATS: Final = 7
FINISHED: Final = 11
ORDER: Final = 15
OVER: Final = 23
LIMIT: Final = 24
SIXED: Final = 25
TURN: Final = 41

#: The seat numbers of each seats mask, in turn order.
SEATS_OF: Final = tuple(tuple(c for c in range(4) if mask >> c & 1) for mask in range(16))


def planes_of(p: Position) -> tuple[int, ...]:
    """Per plane id 0..15, its progress (-1 hangar .. 56 centre)."""
    out: list[int] = []
    for c in range(4):
        w = p[c]
        for i in range(4):
            out.append((w >> (6 * i) & 63) - 1)
    return tuple(out)


def stacks_of(p: Position) -> tuple[tuple[int, ...], ...]:
    """The stacks: the ascending plane ids of each, in ascending order."""
    out: list[tuple[int, ...]] = []
    for c in range(4):
        w = p[c]
        if w >> 24 == 0xE4:  # every plane alone (leaders 0, 1, 2, 3)
            continue
        for i in range(4):
            if w >> (24 + 2 * i) & 3 == i:
                members = [4 * c + j for j in range(i, 4) if w >> (24 + 2 * j) & 3 == i]
                if len(members) > 1:
                    out.append(tuple(members))
    return tuple(out)


def finished_of(m: int) -> tuple[int, ...]:
    """The colours that finished, in the order they did."""
    n = bin(m >> FINISHED & 15).count("1")
    return tuple(m >> (ORDER + 2 * i) & 3 for i in range(n))


def fields(p: Position) -> tuple[
    tuple[int, ...], tuple[int, ...], tuple[tuple[int, ...], ...], int, int, int, int,
    tuple[int, ...], int, bool,
]:  # fmt: skip
    """The state's fields of a position: ``(seats, planes, stacks, to_move, roll, sixes,
    sixed, finished, turn, turn_limit)`` (``AeroplaneState``'s meanings)."""
    m = p[4]
    return (
        SEATS_OF[m >> SEATS & 15],
        planes_of(p),
        stacks_of(p),
        m >> TO_MOVE & 3,
        m & 7,
        m >> SIXES & 3,
        m >> SIXED & 0xFFFF,
        finished_of(m),
        m >> TURN,
        bool(m >> LIMIT & 1),
    )


def position(
    seats: tuple[int, ...],
    planes: tuple[int, ...],
    stacks: tuple[tuple[int, ...], ...],
    to_move: int,
    roll: int,
    sixes: int,
    sixed: int,
    finished: tuple[int, ...],
    turn: int,
    turn_limit: bool,
    over: bool,
) -> Position:
    """The position of a state's fields; ``over`` says the game is over.

    Raises:
        ValueError: If a field does not fit the layout: a seat, colour or plane out of
            range, a progress outside -1..56, a stack of planes of several colours, a
            plane in two stacks, a colour finishing twice, a number too large.
    """
    words = [ALONE, ALONE, ALONE, ALONE]
    if len(planes) != 16:
        raise ValueError("16 planes")
    for q in range(16):
        k = planes[q]
        if not -1 <= k <= 56:
            raise ValueError(f"progress {k}")
        words[q >> 2] |= (k + 1) << (6 * (q & 3))
    stacked = 0
    for st in stacks:
        lead = st[0]
        for q in st:
            if not 0 <= q < 16 or q >> 2 != lead >> 2 or q < lead or stacked >> q & 1:
                raise ValueError("a stack")
            stacked |= 1 << q
            at = 24 + 2 * (q & 3)
            words[q >> 2] = words[q >> 2] & ~(3 << at) | (lead & 3) << at
    m = 0
    for c in seats:
        if not 0 <= c < 4:
            raise ValueError(f"seat {c}")
        m |= 1 << (SEATS + c)
    for i, c in enumerate(finished):
        if not 0 <= c < 4 or m >> (FINISHED + c) & 1:
            raise ValueError(f"finished {c}")
        m |= 1 << (FINISHED + c) | c << (ORDER + 2 * i)
    if not (0 <= to_move < 4 and 0 <= roll < 8 and 0 <= sixes < 4):
        raise ValueError("to_move, roll or sixes")
    if not (0 <= sixed < 1 << 16 and 0 <= turn < 1 << 20):
        raise ValueError("sixed or turn")
    m |= roll | sixes << SIXES | to_move << TO_MOVE | sixed << SIXED | turn << TURN
    m |= int(over) << OVER | int(turn_limit) << LIMIT
    return (words[0], words[1], words[2], words[3], m)
