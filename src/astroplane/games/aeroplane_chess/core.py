"""The packed core of Aeroplane Chess: its rules, written once, over packed positions.

Private. ``AeroplaneCore`` is ``astroplane.core.Core`` for one ``Rules`` value: the legal
action numbers of a position (``actions`` numbering; the die's outcomes are 0..5), the
position after an action, the end, the returns, on the five ints of ``packed``. The
public states (``state.AeroplaneState``) are views of its positions and ask it everything;
search, playouts, perft and the learning environment use it directly. Get a core with
``core_for(rules)`` (or ``astroplane.core.core_of(state)``).

A plane ends where ``routes`` says: the square its roll reaches, then a jump from an
own-colour square and the shortcut, as the rules allow [AC6, AC7]; past the centre it
bounces, stays or enters [AC11, AC25]; opponent walls cut routes short [AC22]. A move
sends back the opponents on the squares it lands on and the one its shortcut crosses
[AC8] (never a partner [AC26]); a 6 rolls again, a third 6 sends planes back [AC10, AC23,
AC24]; the turn passes clockwise to the next player still racing, or the game ends
[AC13, AC21, AC26]; with ``roll_for_partner`` a player whose planes are all home rolls
for the partner [AC28].

Examples:
    >>> from astroplane.games.aeroplane_chess.options import STANDARD
    >>> core = core_for(STANDARD)
    >>> p = core.start((0, 2), 0)
    >>> core.legal_actions(p), core.is_chance(p)
    ([0, 1, 2, 3, 4, 5], True)
    >>> p = core.apply(p, 5)  # the die shows 6
    >>> core.legal_actions(p)  # R1 taxis out (action 7)
    [7]
    >>> core.to_move(core.apply(core.apply(p, 7), 3))  # another roll after the 6: a 4
    0
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Final

from astroplane.games.aeroplane_chess.actiontable import MOVES
from astroplane.games.aeroplane_chess.board import (
    CENTRE,
    CROSSING,
    EXIT,
    JUMP_TO,
    N_PLANES,
    PROGRESS_AT,
    SHORTCUT_FROM,
    SHORTCUT_TO,
    SQUARE_OF,
    TAKE_OFF,
)
from astroplane.games.aeroplane_chess.evaluation import evaluate
from astroplane.games.aeroplane_chess.moves import Move
from astroplane.games.aeroplane_chess.options import (
    Overshoot,
    Rerolls,
    Rules,
    Stacking,
    ThirdSix,
)
from astroplane.games.aeroplane_chess.packed import (
    ALONE,
    FINISHED,
    LIMIT,
    OVER,
    SEATS,
    SEATS_OF,
    SIXED,
    SIXES,
    TO_MOVE,
    TURN,
    Position,
)
from astroplane.kit import limits

if TYPE_CHECKING:
    from astroplane.games.aeroplane_chess.state import AeroplaneState

__all__ = [
    "FLY_BASE",
    "LAUNCH_BASE",
    "MAX_TURN",
    "NUM_ACTIONS",
    "PASS_ACTION",
    "AeroplaneCore",
    "core_for",
    "race_over",
    "route_list",
    "use_view",
]

MAX_TURN: Final = limits.MAX_TURN
"""The last turn of a game: the game ends when it is over [AC21]."""
#: The number of the pass.
PASS_ACTION: Final = 6
#: The number of the launch of plane 0; plane ``p``'s is ``LAUNCH_BASE + p``.
LAUNCH_BASE: Final = 7
#: The number of the first flight (plane 0 to progress 1, not stacking); plane ``p`` to
#: progress ``k`` is ``FLY_BASE + (56 p + k - 1) * 2``, plus 1 when it stacks there.
FLY_BASE: Final = LAUNCH_BASE + N_PLANES
_STEPS: Final = 56  # the progresses a flight can end on: 1..56
#: The size of the encoding: every roll, the pass, every launch and every flight.
NUM_ACTIONS: Final = FLY_BASE + N_PLANES * _STEPS * 2

_CENTRE_CODE: Final = CENTRE + 1  # a plane's code in its colour word once it arrived
_CROSSED_CODE: Final = CENTRE  # the code of the fifth home square (progress 55)
_HOME_CODE: Final = EXIT + 2  # the code of the first home square: loop codes are 2..51
_ROLLS: Final = (0, 1, 2, 3, 4, 5)
_OUTCOMES: Final = tuple((a, 1 / 6) for a in range(6))
#: ``_SQUARE[57 * colour + progress]`` and ``_PROGRESS[80 * colour + square]``: the
#: board's ``SQUARE_OF`` and ``PROGRESS_AT`` laid flat.
_SQUARE: Final = tuple(sq for route in SQUARE_OF for sq in route)
_PROGRESS: Final = tuple(k for table in PROGRESS_AT for k in table)
_JUMP: Final = JUMP_TO
_CROSSING: Final = CROSSING
#: The bits of the game word a new turn keeps: the seats and who finished, in order.
_KEEP: Final = (0xF << SEATS) | (0xF << FINISHED) | (0xFF << 15)

# A route, one way for a plane to end with a roll, as an int: bits 0-5, 6-11 and 12-17
# the progresses landed on, in order; bits 18-19 how many; bit 20 it flew the shortcut;
# bits 21-26 where it ends. Routes sort by where they end.
_SHORTCUT_BIT: Final = 1 << 20
_TO: Final = 21


def _route(to: int, landed: list[int], shortcut: bool) -> int:
    code = to << _TO | len(landed) << 18 | (_SHORTCUT_BIT if shortcut else 0)
    for n in range(len(landed)):
        code |= landed[n] << (6 * n)
    return code


def route_list(
    start: int,
    roll: int,
    shortcut_jump: bool,
    compulsory: bool,
    overshoot: int,
    wall: int,
) -> tuple[int, ...]:
    """The ways a plane (or stack) at progress ``start`` (0..55) can end with ``roll``, as
    route ints (see above), by where they end; empty when it cannot move.

    ``overshoot`` is 0 bounce, 1 stay, 2 enter [AC11, AC25]. ``wall`` has bit ``k`` set
    for an opponent wall at progress ``k`` of the mover's route, and bit 0 for one on the
    square its shortcut crosses [AC22]: the roll may neither pass nor reach a wall, a jump
    or the shortcut that would end on one is not made, and a wall on the crossing or on
    the shortcut's end closes the shortcut.
    """
    target = start + roll
    if target > CENTRE:  # past the centre [AC11, AC25]; no walls in the home column
        if overshoot == 0:
            return (_route(2 * CENTRE - target, [], False),)
        return (_route(CENTRE, [], False),) if overshoot == 2 else ()
    way = (1 << (target + 1)) - (1 << (start + 1))  # the squares after start up to target
    if wall & way:  # the roll's way is walled [AC22]
        return ()
    if target > EXIT:  # the home column: no jumps, nobody to send back
        return (_route(target, [], False),)
    out: list[int] = []
    fly = not (wall & 1 or wall >> SHORTCUT_TO & 1)  # the shortcut is open [AC22]
    jump = _JUMP[target]
    if target == SHORTCUT_FROM:  # a direct landing on the shortcut square [AC7]
        if fly:
            flown = [target, SHORTCUT_TO]
            after = _JUMP[SHORTCUT_TO]
            if shortcut_jump and not wall >> after & 1:
                flown.append(after)
            out.append(_route(flown[len(flown) - 1], flown, True))
        if not compulsory or not fly:  # declined: rule 3's jump still applies
            if wall >> jump & 1:
                out.append(_route(target, [target], False))
            else:
                out.append(_route(jump, [target, jump], False))
    elif jump == SHORTCUT_FROM:  # a jump onto the shortcut square [AC7]
        if wall >> SHORTCUT_FROM & 1:
            out.append(_route(target, [target], False))
        else:
            if fly:
                out.append(_route(SHORTCUT_TO, [target, SHORTCUT_FROM, SHORTCUT_TO], True))
            if not compulsory or not fly:
                out.append(_route(SHORTCUT_FROM, [target, SHORTCUT_FROM], False))
    elif jump and not wall >> jump & 1:  # a jump to the next own-colour square [AC6]
        out.append(_route(jump, [target, jump], False))
    else:
        out.append(_route(target, [target], False))
    out.sort()
    return tuple(out)


def race_over(seats: int, finished: int, teams: bool) -> bool:
    """The race is over (masks of colours): one player is left [AC13], or in team play
    both partners of a team have finished [AC26]; the turn limit [AC21] is apart."""
    if teams:
        return finished & 5 == 5 or finished & 10 == 10
    left = seats & ~finished
    return left & (left - 1) == 0  # at most one bit


def _lowest(mask: int) -> int:
    """The lowest colour of a non-empty mask."""
    c = 0
    while not mask >> c & 1:
        c += 1
    return c


def _count(mask: int) -> int:
    n = 0
    while mask:
        mask &= mask - 1
        n += 1
    return n


class AeroplaneCore:
    """The rules of one ``Rules`` value over packed positions (``packed.Position``):
    ``astroplane.core.Core``. Cores are shared: get one with ``core_for``.

    Attributes:
        rules: The rules in force.
        num_actions: ``NUM_ACTIONS`` (1815).
        evaluate: ``evaluate(p, seat)``: the game's heuristic
            (``evaluation.evaluate``) on the state of ``p``.
    """

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.num_actions: int = NUM_ACTIONS
        self.evaluate: Callable[[Position, int], float] | None = self._evaluate
        launch = 0
        for r in rules.launch_rolls:
            launch |= 1 << r
        self.launch: int = launch
        #: ``stacking``: 0 choice, 1 always, 2 never [AC9]; ``overshoot``: 0 bounce, 1 stay,
        #: 2 enter [AC11, AC25]; ``rerolls``: 0 three, 1 unlimited, 2 none [AC24].
        self.stacking: int = list(Stacking).index(rules.stacking)
        self.overshoot: int = list(Overshoot).index(rules.overshoot)
        self.shortcut_jump: bool = rules.shortcut_jump
        self.compulsory: bool = rules.compulsory_shortcut
        self.blocking: bool = rules.blocking
        self.third_all: bool = rules.third_six is ThirdSix.ALL
        self.rerolls: int = list(Rerolls).index(rules.rerolls)
        self.teams: bool = rules.teams
        self.helps: bool = rules.teams and rules.roll_for_partner
        table: list[tuple[int, ...]] = []
        for start in range(CENTRE):
            for roll in range(8):
                table.append(self.routes(start, roll, 0) if 1 <= roll <= 6 else ())
        #: The routes without walls, at ``8 * start + roll``.
        self.table: list[tuple[int, ...]] = table
        #: The move of each action number (``actions.MOVES``).
        self.moves: tuple[Move, ...] = MOVES

    # ---- the Core protocol --------------------------------------------------------------
    def legal_actions(self, p: Position) -> list[int]:
        """The legal action numbers of ``p``, in ``legal_moves()`` order: the launch,
        then each plane or stack (by its lowest plane) by number, its ends by progress,
        not stacking before stacking; a lone pass when nothing else is legal [AC12]; the
        six rolls at a chance node; none once the game is over."""
        m = p[4]
        roll = m & 7
        if roll == 0:
            return [] if m >> OVER & 1 else list(_ROLLS)
        c = self.mover(m)
        w = p[c]
        out: list[int] = []
        if self.launch >> roll & 1:  # the lowest plane in the hangar [AC5]
            for i in range(4):
                if w >> (6 * i) & 63 == 0:
                    out.append(LAUNCH_BASE + 4 * c + i)
                    break
        wall = self.walls(p, c) if self.blocking else 0
        stacking = self.stacking
        for i in range(4):
            code = w >> (6 * i) & 63
            if code == 0 or code == _CENTRE_CODE or w >> (24 + 2 * i) & 3 != i:
                continue  # in the hangar, home, or carried by a lower plane's stack
            routes = self.routes(code - 1, roll, wall) if wall else self.table[8 * code - 8 + roll]
            fly = FLY_BASE + (4 * c + i) * 2 * _STEPS - 2
            for r in routes:
                to = r >> _TO
                a = fly + 2 * to
                if to == CENTRE or stacking == 2 or not _others_at(w, i, to + 1):
                    out.append(a)
                elif stacking == 1:
                    out.append(a + 1)
                else:
                    out.append(a)
                    out.append(a + 1)
        if not out:
            out.append(PASS_ACTION)
        return out

    def legal_pair(self, p: Position) -> tuple[tuple[int, ...], tuple[Move, ...]]:
        """``legal_actions(p)`` and their moves (``actions.MOVES``): what a state keeps."""
        actions = self.legal_actions(p)
        table = self.moves
        return (tuple(actions), tuple([table[a] for a in actions]))

    def apply(self, p: Position, action: int) -> Position:
        """The position after the legal action ``action`` (unchecked)."""
        m = p[4]
        if action < 6:
            return self._roll(p, action + 1)
        c = self.mover(m)
        words = [p[0], p[1], p[2], p[3]]
        unit = 0
        if action >= FLY_BASE:
            unit, to, _route_code, captured, joined = self.details(p, action)
            for q in range(N_PLANES):
                if captured >> q & 1:  # [AC8]; a stack sent back comes apart (seed rule 5)
                    words[q >> 2] = _place(words[q >> 2], q & 3, 0, q & 3)
            w = words[c]
            lead = _lowest_plane(unit | joined) & 3
            for i in range(4):
                bit = unit >> (4 * c + i) & 1
                if bit:
                    w = _place(w, i, to + 1, i if to == CENTRE else lead)
                elif joined >> (4 * c + i) & 1:  # stacks with the unit [AC9]
                    w = _place(w, i, to + 1, lead)
            words[c] = w
        elif action >= LAUNCH_BASE:  # taxis out onto its take-off square [AC5]
            q = action - LAUNCH_BASE
            unit = 1 << q
            words[c] = _place(words[c], q & 3, 1, q & 3)
        roll = m & 7
        done = words[c] & 0xFFFFFF == _HOME and not m >> (FINISHED + c) & 1
        if done:  # all four planes home: finished [AC13]
            fin = m >> FINISHED & 15
            m |= 1 << (FINISHED + c) | c << (15 + 2 * _count(fin))
        if done or roll != 6 or self.rerolls == 2:  # [AC10, AC24]
            return self._pass_turn(words, m)
        if self.rerolls == 1:  # another roll, with no 6s counted [AC24]
            return (words[0], words[1], words[2], words[3], m & ~7)
        m = (m & ~7) + (1 << SIXES) | unit << SIXED  # one more 6 counted [AC10]
        return (words[0], words[1], words[2], words[3], m)

    def is_terminal(self, p: Position) -> bool:
        """True once the game is over."""
        return p[4] >> OVER & 1 == 1

    def is_chance(self, p: Position) -> bool:
        """True when the die is to be rolled [AC15]."""
        m = p[4]
        return m & 7 == 0 and not m >> OVER & 1

    def chance_outcomes(self, p: Position) -> tuple[tuple[int, float], ...]:
        """At a chance node the six rolls (actions 0..5), 1/6 each; empty elsewhere."""
        return _OUTCOMES if self.is_chance(p) else ()

    def to_move(self, p: Position) -> int:
        """The colour whose turn it is."""
        return p[4] >> TO_MOVE & 3

    def seats(self, p: Position) -> tuple[int, ...]:
        """The colours in the game, in turn order."""
        return SEATS_OF[p[4] >> SEATS & 15]

    def turn(self, p: Position) -> int:
        """The turn number."""
        return p[4] >> TURN

    def returns(self, p: Position) -> tuple[float, ...]:
        """Per seat number, what the game is worth (``AeroplaneState.returns``) [AC14,
        AC21, AC26]."""
        m = p[4]
        # the tuples of floats written out: a Final tuple of floats is never set in the
        # compiled module (NameError), as in ASTROPLANE's core
        if not m >> OVER & 1:
            return (0.0, 0.0, 0.0, 0.0)
        limit = m >> LIMIT & 1
        if self.teams:
            if limit:
                return (0.5, 0.5, 0.5, 0.5)
            won = float(self._last(m) & 1)
            return (1.0 - won, won, 1.0 - won, won)
        values = [0.0, 0.0, 0.0, 0.0]
        seats = m >> SEATS & 15
        n = _count(seats)
        for place, s in enumerate(self.ranking(p), 1):
            values[s] = (n - place) / (n - 1)
        if limit:  # the players still racing share the places left [AC21]
            left = seats & ~(m >> FINISHED & 15)
            total = 0.0
            for s in SEATS_OF[left]:
                total += values[s]
            share = total / _count(left)
            for s in SEATS_OF[left]:
                values[s] = share
        return (values[0], values[1], values[2], values[3])

    def state(self, p: Position) -> AeroplaneState:
        """The state ``p`` stands for (``state.view_of``, installed by ``use_view``)."""
        view = _view_of
        if view is None:  # the package imports the state module before any core is used
            raise RuntimeError("astroplane.games.aeroplane_chess.state is not imported")
        return view(self, p)

    def _evaluate(self, p: Position, seat: int) -> float:
        return evaluate(self.state(p), seat)

    # ---- the rules ----------------------------------------------------------------------
    def start(self, seats: tuple[int, ...], first: int) -> Position:
        """The start of a game of ``seats`` (valid colours) with ``first`` to roll."""
        m = first << TO_MOVE | 1 << TURN
        for c in seats:
            m |= 1 << (SEATS + c)
        return (ALONE, ALONE, ALONE, ALONE, m)

    def mover(self, m: int) -> int:
        """The colour whose planes move (game word ``m``): the one to move, or its partner
        when it has finished and rolls for the partner [AC28]."""
        c = m >> TO_MOVE & 3
        if self.helps and m >> (FINISHED + c) & 1:
            return c ^ 2
        return c

    def routes(self, start: int, roll: int, wall: int) -> tuple[int, ...]:
        """``route_list`` under these rules."""
        return route_list(start, roll, self.shortcut_jump, self.compulsory, self.overshoot, wall)

    def walls(self, p: Position, colour: int) -> int:
        """The opponent walls on ``colour``'s route, as ``route_list``'s ``wall``: two or
        more planes of one opponent colour on a square, stacked or not; a partner's
        planes are no wall [AC22, AC26]."""
        partner = colour ^ 2 if self.teams else colour
        wall = 0
        for d in range(4):
            if d in (colour, partner):
                continue
            w = p[d]
            for i in range(3):
                code = w >> (6 * i) & 63
                if code == 0 or code == _CENTRE_CODE:
                    continue
                for j in range(i + 1, 4):
                    if w >> (6 * j) & 63 == code:
                        sq = _SQUARE[57 * d + code - 1]
                        if sq == _CROSSING[colour]:
                            wall |= 1
                        k = _PROGRESS[80 * colour + sq]
                        if k > TAKE_OFF:
                            wall |= 1 << k
                        break
        return wall

    def details(self, p: Position, action: int) -> tuple[int, int, int, int, int]:
        """What the legal flight ``action`` does: ``(planes, to, route, captured,
        joined)``: the planes that move (a mask of plane ids: the stack), their progress
        at the end, the route (as ``route_list``'s), the opponents sent back and the own
        planes they stack with (masks) [AC7-AC9, AC22, AC26]."""
        rel = (action - FLY_BASE) >> 1
        stack = (action - FLY_BASE) & 1
        q = rel // _STEPS
        to = rel % _STEPS + 1
        c = q >> 2
        i = q & 3
        w = p[c]
        unit = 0
        joined = 0
        for j in range(4):
            if w >> (24 + 2 * j) & 3 == i:
                unit |= 1 << (4 * c + j)
            elif stack and w >> (6 * j) & 63 == to + 1:
                joined |= 1 << (4 * c + j)
        wall = self.walls(p, c) if self.blocking else 0
        start = (w >> (6 * i) & 63) - 1
        roll = p[4] & 7
        found = 0
        for r in self.routes(start, roll, wall) if wall else self.table[8 * start + roll]:
            if r >> _TO == to:
                found = r
        landed = 0  # the loop squares landed on, as a mask of square ids
        for n in range(found >> 18 & 3):
            landed |= 1 << _SQUARE[57 * c + (found >> (6 * n) & 63)]
        captured = 0
        partner = c ^ 2 if self.teams else c
        seats = p[4] >> SEATS & 15
        for d in range(4):
            if d in (c, partner) or not seats >> d & 1:
                continue
            w = p[d]
            for j in range(4):
                code = w >> (6 * j) & 63
                if 1 < code < _HOME_CODE and landed >> _SQUARE[57 * d + code - 1] & 1:
                    captured |= 1 << (4 * d + j)  # on a square landed on [AC8]
        if found & _SHORTCUT_BIT and partner == c:  # over the crossing [AC7]; never a partner's
            captured |= _planes_at(p[c ^ 2], _CROSSED_CODE) << (4 * (c ^ 2))
        return (unit, to, found, captured, joined)

    def ranking(self, p: Position) -> tuple[int, ...]:
        """The colours by place (``AeroplaneState.ranking``) [AC13, AC21, AC26]."""
        m = p[4]
        seats = m >> SEATS & 15
        fin = m >> FINISHED & 15
        order = [m >> (15 + 2 * n) & 3 for n in range(_count(fin))]
        if not m >> OVER & 1:
            return tuple(order)
        left = list(SEATS_OF[seats & ~fin])
        if self.teams and not m >> LIMIT & 1:  # the winners first [AC26]
            won = order[len(order) - 1] & 1
            return tuple(
                [s for s in order if s & 1 == won] + [s for s in order if s & 1 != won] + left
            )
        return tuple(order + left)

    def _last(self, m: int) -> int:
        """The colour that finished last."""
        return m >> (15 + 2 * (_count(m >> FINISHED & 15) - 1)) & 3

    def _roll(self, p: Position, value: int) -> Position:
        """The die shows ``value``. A third 6 in a turn is not played: the planes moved by
        the first two 6s go back to the hangar (stacks they were in come apart) and the
        turn passes [AC10]; with ``third_six=all`` every plane of the mover not home goes
        back too [AC23]. Only ``rerolls=three`` counts 6s [AC24]."""
        m = p[4]
        if value != 6 or m >> SIXES & 3 < 2:
            return (p[0], p[1], p[2], p[3], m & ~7 | value)
        c = self.mover(m)
        back = m >> SIXED & 0xFFFF
        w = p[c]
        if self.third_all:
            for i in range(4):
                if w >> (6 * i) & 63 != _CENTRE_CODE:
                    back |= 1 << (4 * c + i)
        back = back >> (4 * c) & 15
        heads = [-1, -1, -1, -1]  # the new lowest plane of each stack that lost planes
        for i in range(4):
            lead = w >> (24 + 2 * i) & 3
            if back >> i & 1:
                w = _place(w, i, 0, i)
            elif back >> lead & 1:
                if heads[lead] < 0:
                    heads[lead] = i
                w = _place(w, i, w >> (6 * i) & 63, heads[lead])
        words = [p[0], p[1], p[2], p[3]]
        words[c] = w
        return self._pass_turn(words, m)

    def _pass_turn(self, words: list[int], m: int) -> Position:
        """Pass the turn clockwise to the next player still racing, or end the game when
        the race is over [AC13, AC26] or turn ``MAX_TURN`` is over [AC21]."""
        seats = m >> SEATS & 15
        fin = m >> FINISHED & 15
        turn = m >> TURN
        kept = m & _KEEP
        if race_over(seats, fin, self.teams):  # over: the first one left is to move
            kept |= _lowest(seats & ~fin) << TO_MOVE | 1 << OVER | turn << TURN
        elif turn >= MAX_TURN:  # over at the turn limit [AC21]
            kept |= _lowest(seats & ~fin) << TO_MOVE | 1 << OVER | 1 << LIMIT | turn << TURN
        else:
            racing = seats if self.helps else seats & ~fin  # helpers keep their turns [AC28]
            c = m >> TO_MOVE & 3
            for k in range(1, 5):
                s = (c + k) & 3
                if racing >> s & 1:
                    c = s
                    break
            kept |= c << TO_MOVE | (turn + 1) << TURN
        return (words[0], words[1], words[2], words[3], kept)


_HOME: Final = _CENTRE_CODE * (1 | 1 << 6 | 1 << 12 | 1 << 18)  # four planes home


def _place(w: int, i: int, code: int, lead: int) -> int:
    """Colour word ``w`` with plane ``i`` at ``code`` in the stack of plane ``lead``."""
    w = w & ~(63 << (6 * i)) | code << (6 * i)
    return w & ~(3 << (24 + 2 * i)) | lead << (24 + 2 * i)


def _others_at(w: int, i: int, code: int) -> bool:
    """Some plane of colour word ``w`` outside plane ``i``'s stack is at ``code``."""
    for j in range(4):  # noqa: SIM110 (a loop, not a generator, when compiled)
        if w >> (6 * j) & 63 == code and w >> (24 + 2 * j) & 3 != i:
            return True
    return False


def _planes_at(w: int, code: int) -> int:
    """The planes (bits 0..3) of colour word ``w`` at ``code``."""
    found = 0
    for j in range(4):
        if w >> (6 * j) & 63 == code:
            found |= 1 << j
    return found


def _lowest_plane(mask: int) -> int:
    """The lowest plane id of a non-empty mask."""
    q = 0
    while not mask >> q & 1:
        q += 1
    return q


_CORES: dict[Rules, AeroplaneCore] = {}


#: The view of a position as a state (``state.view_of``). The state module imports this
#: one, so this one does not import it: the state module installs its view with
#: ``use_view`` when it is imported (the game's package imports it before any core runs).
_view_of: Callable[[AeroplaneCore, Position], AeroplaneState] | None = None


def use_view(view: Callable[[AeroplaneCore, Position], AeroplaneState]) -> None:
    """Install ``view`` (``state.view_of``) as what ``AeroplaneCore.state`` returns."""
    global _view_of
    _view_of = view


def core_for(rules: Rules) -> AeroplaneCore:
    """The packed core of ``rules`` (one per rules value, kept)."""
    found = _CORES.get(rules)
    if found is None:
        if len(_CORES) >= 256:
            _CORES.clear()
        found = _CORES[rules] = AeroplaneCore(rules)
    return found
