"""How a game record lays out its plies in lines: one line per round, or per turn.

Part of the kit's records (``astroplane.kit.gamerecord``): a ``RecordFormat`` names its
layout, and both writing and reading a move line go through it, so a game chooses the
layout and never writes a move-line reader of its own.

* ``RoundLines`` (the default): a line per round, ``3. d2 f4`` (``12... xd6 b6`` when the
  line starts in the middle of a round): Square Off, StarCastles, the games of
  ``astroplane.kit.anyrecord``.
* ``TurnLines``: a line per turn, with the seat letter of the player whose turn it is,
  ``3. S: Sl-e2ne e2ne-f3nw`` (ASTROPLANE), ``2. B: 6 B1-BT 3 B1-3`` (Aeroplane Chess, whose
  rolls are moves of the chance player, written as their numbers).

Both read a line the same way: its label must be the one the game's state expects (the
number, and the seat for turn lines), then every ply is parsed against the state it is
played in, and an error names the line, the column and the ply.

Examples:
    >>> round_label(3, True), round_label(12, False)
    ('3.', '12...')
    >>> TurnLines("SWNE").written(4, "W")
    '4. W:'
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, Protocol, TypeVar

import attrs

from astroplane.errors import IllegalMoveError, NotationError
from astroplane.kit.limits import check_ascii, shown

__all__ = [
    "LineGame",
    "Lines",
    "PlayableState",
    "RoundLines",
    "TurnLines",
    "blank_tokens",
    "round_label",
    "turn_label",
]

_WORD = re.compile(r"[^ \t]+")
#: A round line: its number, ``.`` or ``...``, the plies.
_ROUND = re.compile(r"([0-9]{1,9})[ \t]*(\.\.\.|\.)(?!\.)(.*)")
#: A turn line: number, ``.``, a seat letter, ``:``, the plies (ASCII only).
_TURN = re.compile(r"([0-9]{1,9})[ \t]*\.[ \t]*([A-Za-z])[ \t]*:(.*)")


_P = TypeVar("_P", bound="PlayableState")
S = TypeVar("S", bound="PlayableState")
M = TypeVar("M")


class PlayableState(Protocol):
    """What a record needs of a game's state: playing a move gives the next state, and
    whether the game is over."""

    def play(self: _P, move: Any, /) -> _P:
        """The state after ``move``."""
        ...  # pragma: no cover - a protocol

    @property
    def is_over(self) -> bool:
        """True once the game has ended."""
        ...  # pragma: no cover - a protocol


class LineGame(Protocol):
    """What a layout needs of the game (a ``RecordFormat`` is one)."""

    @property
    def round_of(self) -> Callable[[Any], tuple[int, bool]]:
        """``state -> (line number, at its start)``."""
        ...  # pragma: no cover - a protocol

    @property
    def who(self) -> Callable[[Any], str]:
        """``state -> the seat letter of the player to act``."""
        ...  # pragma: no cover - a protocol

    @property
    def parse_move(self) -> Callable[[Any, str], Any]:
        """``(state, text) -> move``, ``NotationError`` for a text naming no legal move."""
        ...  # pragma: no cover - a protocol

    @property
    def tokens(self) -> Callable[[str], list[tuple[int, str]]]:
        """The plies of a line's text with their offsets."""
        ...  # pragma: no cover - a protocol


def blank_tokens(text: str) -> list[tuple[int, str]]:
    """The moves of a line's text, split at blanks, each with its offset.

    Examples:
        >>> blank_tokens(" d2  xf4")
        [(1, 'd2'), (5, 'xf4')]
    """
    return [(m.start(), m.group()) for m in _WORD.finditer(text)]


def round_label(number: int, at_start: bool) -> str:
    """How a round line starts: ``3.`` at the start of round 3, ``3...`` in its middle."""
    return f"{number}{'.' if at_start else '...'}"


class Lines:
    """A layout: how a line of plies is labelled, and reading one line back.

    Subclasses say how a label is written (``label``) and checked (``opening``), and the
    words of their errors; ``read`` is the one move-line reader of every record.
    """

    #: Which plies a line holds, for messages (``move``, ``roll or move``).
    noun: str = "move"

    def label(self, game: LineGame, state: Any) -> str:
        """How the line that starts with ``state`` to act is labelled."""
        raise NotImplementedError  # pragma: no cover - abstract

    def opening(self, game: LineGame, state: Any, raw: str, number: int) -> int:
        """Check the label of line ``raw`` (line ``number``) against ``state``.

        Returns:
            The offset of the plies' text in ``raw``.

        Raises:
            NotationError: If the line is not printable ASCII, has no label, the game is
                over, or the label is not the one ``state`` expects.
        """
        raise NotImplementedError  # pragma: no cover - abstract

    def empty(self, raw: str) -> tuple[str, int]:
        """The problem and column for a line without plies."""
        raise NotImplementedError  # pragma: no cover - abstract

    def ended(self, game: LineGame, state: Any, current: int) -> str | None:
        """Why no more plies fit on line ``current`` in ``state`` (``None``: they do)."""
        raise NotImplementedError  # pragma: no cover - abstract

    def what(self, game: LineGame, state: Any, current: int, token: str) -> str:
        """How an error about ply ``token`` starts."""
        raise NotImplementedError  # pragma: no cover - abstract

    def read(
        self,
        game: LineGame,
        state: S,
        number: int,
        raw: str,
        moves: list[M],
        intern: Callable[[M], M],
    ) -> S:
        """Read line ``raw`` (line ``number`` of the text) played from ``state``: append
        its plies to ``moves`` (through ``intern``) and return the state after them.

        Raises:
            NotationError: If the label is wrong, the line has no ply, a ply does not
                belong on it, or a ply names no legal move (the message says why, ``index``
                is its column).
        """
        offset = self.opening(game, state, raw, number)
        current = game.round_of(state)[0]
        tokens = game.tokens(raw[offset:])
        if not tokens:
            empty, column = self.empty(raw)
            raise NotationError(empty, raw, column, number)
        for at, token in tokens:
            column = offset + at
            ended = self.ended(game, state, current)
            if ended is not None:
                raise NotationError(ended, raw, column, number)
            try:
                move = game.parse_move(state, token)
                state = state.play(move)  # on an error, state is still the one before
            except NotationError as exc:
                what = self.what(game, state, current, token)
                raise NotationError(
                    what + exc.problem, raw, column + (exc.index or 0), number
                ) from None
            except IllegalMoveError as exc:  # pragma: no cover - parse_move gives legal moves
                what = self.what(game, state, current, token)
                raise NotationError(what + str(exc), raw, column, number) from None
            moves.append(intern(move))
        return state


def turn_label(raw: str, number: int, letters: str) -> tuple[int, str, int, str]:
    """Read the label of a turn line ``12. S: plies`` (line ``number``): the turn number,
    the seat letter (upper case, one of ``letters``), the offset of the plies in ``raw``
    and their text.

    Raises:
        NotationError: If the line is not printable ASCII or not a turn line.

    Examples:
        >>> turn_label("12. s: Sl-e2ne", 3, "SWNE")
        (12, 'S', 6, ' Sl-e2ne')
    """
    check_ascii(raw, "a turn line", number)
    m = _TURN.fullmatch(raw.strip(" \t"))
    if m is None or m.group(2).upper() not in letters:
        raise NotationError(f"a turn line is 'number. {letters[0]}: moves'", raw, 0, number)
    return int(m.group(1)), m.group(2).upper(), _lead(raw) + m.start(3), m.group(3)


def _lead(raw: str) -> int:
    return len(raw) - len(raw.lstrip(" \t"))


@attrs.frozen
class RoundLines(Lines):
    """A line per round: ``3. d2 f4``, ``12... xd6 b6`` from the middle of a round.

    ``RecordFormat.round_of`` gives the round and whether it is at its start.
    """

    def label(self, game: LineGame, state: Any) -> str:
        """``3.`` or ``3...``."""
        return round_label(*game.round_of(state))

    def opening(self, game: LineGame, state: Any, raw: str, number: int) -> int:
        """See ``Lines.opening``."""
        check_ascii(raw, "a round line", number)
        lead = _lead(raw)
        m = _ROUND.fullmatch(raw.strip(" \t"))
        if m is None:
            raise NotationError(
                "a round line is the round's number, '.' (or '...' in the middle of a round) "
                "and its moves: '1. d2 f4'",
                raw,
                lead,
                number,
            )
        if state.is_over:
            raise NotationError("the game is already over", raw, lead, number)
        current, at_start = game.round_of(state)
        label = round_label(current, at_start)
        if m.group(1) + m.group(2) != label or int(m.group(1)) != current:
            where = "its start" if at_start else f"its middle, {game.who(state)} to act"
            raise NotationError(
                f"this line is round {current}, from {where}: it starts '{label}'",
                raw,
                lead,
                number,
            )
        return lead + m.start(3)

    def empty(self, raw: str) -> tuple[str, int]:
        """See ``Lines.empty``."""
        return "a round line has at least one move", len(raw) - 1

    def ended(self, game: LineGame, state: Any, current: int) -> str | None:
        """See ``Lines.ended``."""
        if state.is_over:
            return "the game is over before this move"
        now = game.round_of(state)[0]
        if now != current:
            return f"round {current} is over before this move: round {now} starts a new line"
        return None

    def what(self, game: LineGame, state: Any, current: int, token: str) -> str:
        """``round 3, W's move 'xd6': ``."""
        return f"round {current}, {game.who(state)}'s move {shown(token)}: "


@attrs.frozen
class TurnLines(Lines):
    """A line per turn, with the seat letter of the player whose turn it is:
    ``3. S: Sl-e2ne e2ne-f3nw``. A turn in which nobody acts has no line.

    ``RecordFormat.round_of`` gives the turn number (its second value is not used),
    ``RecordFormat.who`` the seat letter (read in either case).

    Attributes:
        letters: Every seat letter, in upper case (the first one is the example in
            messages).
        noun: What a line holds, for messages (``roll or move`` when rolls are written).
    """

    letters: str
    noun: str = "move"

    def written(self, turn: int, letter: str) -> str:
        """The label of turn ``turn`` of seat ``letter``."""
        return f"{turn}. {letter}:"

    def label(self, game: LineGame, state: Any) -> str:
        """``3. S:``."""
        return self.written(game.round_of(state)[0], game.who(state))

    def opening(self, game: LineGame, state: Any, raw: str, number: int) -> int:
        """See ``Lines.opening``."""
        written, letter, offset, _plies = turn_label(raw, number, self.letters)
        lead = _lead(raw)
        if state.is_over:
            raise NotationError("the game is already over", raw, lead, number)
        turn = game.round_of(state)[0]
        if written != turn or letter != game.who(state):
            raise NotationError(
                f"this is turn {turn}, {game.who(state)} to move", raw, lead, number
            )
        return offset

    def empty(self, raw: str) -> tuple[str, int]:
        """See ``Lines.empty``."""
        return f"a turn line has at least one {self.noun}", len(raw.rstrip(" \t")) - 1

    def ended(self, game: LineGame, state: Any, current: int) -> str | None:
        """See ``Lines.ended``."""
        if state.is_over or game.round_of(state)[0] != current:
            return "the turn is over before this move"
        return None

    def what(self, game: LineGame, state: Any, current: int, token: str) -> str:
        """Nothing: the line's label already names the turn and the seat."""
        return ""
