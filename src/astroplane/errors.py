"""Exceptions of every game. All subclass ``ValueError`` and carry their data.

Part of the framework: no game's module is imported here, not even for types (a move is
any object a game uses as one)."""

from __future__ import annotations

__all__ = [
    "DrawingError",
    "IllegalMoveError",
    "NotationError",
    "PositionError",
    "UnknownGameError",
    "UnknownVariantError",
    "WrongGameError",
]


class PositionError(ValueError):
    """A position breaks an invariant (occupancy, piece conservation, seats...).

    Attributes:
        problem: What is wrong, in words.
    """

    def __init__(self, problem: str) -> None:
        super().__init__(problem)
        self.problem = problem


class IllegalMoveError(ValueError):
    """A move that the rules do not allow in this state.

    Attributes:
        move: The rejected move.
        reason: Which rule forbids it, with its tag (``"[D6] ..."``).
    """

    def __init__(self, move: object, reason: str) -> None:
        super().__init__(f"illegal move {_shown_move(move)}: {reason}")
        self.move = move
        self.reason = reason


def _shown_move(move: object) -> str:
    """``repr(move)`` cut to 200 characters, or its type when the repr fails (a move
    forged past its class's checks, a caller's object whose ``__repr__`` raises)."""
    try:
        text = repr(move)
    except Exception:
        return f"<{type(move).__name__}>"
    return text if len(text) <= 200 else text[:200] + "..."


#: Longest text quoted whole in a ``NotationError`` message; longer texts are quoted as
#: an excerpt around the problem (``text`` keeps all of it).
QUOTE_LIMIT = 160


def _excerpt(text: str, index: int | None) -> str:
    if len(text) <= QUOTE_LIMIT:
        return repr(text)
    at = 0 if index is None else max(0, min(index, len(text)))
    start = max(0, at - QUOTE_LIMIT // 2)
    end = min(len(text), start + QUOTE_LIMIT)
    head = "..." if start else ""
    tail = "..." if end < len(text) else ""
    return f"{head}{text[start:end]!r}{tail} (from column {start + 1})"


class NotationError(ValueError):
    """Text (a move, a position, a game record) that cannot be read.

    The message quotes ``text`` whole when it is short, else an excerpt around
    ``index``, so a message stays short whatever the input.

    Attributes:
        text: The text that was being read.
        index: Where in ``text`` the problem is (0-based character offset), or None.
        problem: What is wrong, in words.
        line: The line number in a multi-line text (1-based), or None.
    """

    def __init__(
        self, problem: str, text: str = "", index: int | None = None, line: int | None = None
    ) -> None:
        where = ""
        if line is not None:
            where += f"line {line}"
        if index is not None:
            where += (", " if where else "") + f"column {index + 1}"
        super().__init__(f"{problem}" + (f" ({where}: {_excerpt(text, index)})" if where else ""))
        self.text = text
        self.index = index
        self.problem = problem
        self.line = line


class _UnknownName(NotationError):
    """A ``NotationError`` about a name nothing is registered under (``name``)."""

    def __init__(
        self,
        name: str,
        problem: str,
        text: str = "",
        index: int | None = None,
        line: int | None = None,
    ) -> None:
        super().__init__(problem, text, index, line)
        self.name = name


class UnknownVariantError(_UnknownName):
    """A variant name that is not registered (``astroplane.register_variant``), or rules
    whose phases are no registered variant's: such rules cannot be written or read.

    Attributes:
        name: The unknown variant name ("" for unregistered rules).
    """


class UnknownGameError(_UnknownName):
    """A record naming a game that is neither registered nor installed, or whose
    installed game fails to load (``astroplane.read_record``).

    Attributes:
        name: The game name the record gives.
    """


class DrawingError(ValueError):
    """A drawing request that cannot be met (``astroplane.svg.board``): an arrow or
    highlight naming something that is not on the board, a bad orientation or size.

    Attributes:
        problem: What is wrong, in words.
    """

    def __init__(self, problem: str) -> None:
        super().__init__(problem)
        self.problem = problem


class WrongGameError(ValueError):
    """A value of another game (or no game's value at all) given to a game's function:
    ``get_game("astroplane").describe_outcome(square_off_state)``.

    Attributes:
        game: The name of the game whose function refused the value.
        problem: What was given instead, in words.
    """

    def __init__(self, game: str, problem: str) -> None:
        super().__init__(problem)
        self.game = game
        self.problem = problem
