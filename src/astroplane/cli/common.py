"""Shared pieces of the command line: choosing the game and its rules, bots, errors, and how
boards, moves and results are printed. Everything goes through the game's registration
(``astroplane.protocol.Game``), so every command plays every registered game."""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from rich.text import Text

from astroplane.agents import Agent, make_bot
from astroplane.kit.svg import PALETTE
from astroplane.protocol import Game, State
from astroplane.turnlimit import limit_state

__all__ = [
    "DEFAULT_MAX_TURNS",
    "RECORD_SUFFIX",
    "CliError",
    "board_text",
    "bots_for",
    "counts_text",
    "numbered_path",
    "output_problem",
    "partners_of",
    "plain_reason",
    "rules_for",
    "rules_label",
    "seat_style",
    "sides",
    "start_state",
    "svg_path",
    "write_svg",
]

#: Default turn limit of ``selfplay`` and ``play``: no turn after turn 1000 is played
#: (``astroplane.turnlimit``), far above the length of real games (bot games end by the
#: rules after 25-650 turns), so that every game ends even if the players only shuffle
#: pieces around.
DEFAULT_MAX_TURNS = 1000
RECORD_SUFFIX = ".apgame"

#: Colour-blind-safe styles for up to four seats, by seat number (as the SVG's palette).


class CliError(Exception):
    """A failure to report as one line on stderr with exit code 1."""


def rules_for(game: Game[Any, Any], text: str | None) -> Any:
    """The rules a ``--rules`` text names for ``game`` (None: the standard rules).

    Raises:
        CliError: If the text names no rules of the game.
    """
    try:
        return (
            getattr(game.new_game(game.player_counts[0]), "rules", None)
            if text is None
            else game.rules_from_text("".join(text.split()))
        )
    except ValueError as e:
        raise CliError(f"--rules: {e}") from e


def start_state(game: Game[Any, Any], players: int, rules: Any, max_turns: int) -> State[Any]:
    """The setup of a game of ``players`` under ``rules``, with the turn limit
    ``max_turns`` set on the game's own turn-limit rule where it has one
    (``astroplane.turnlimit.limit_state``); the commands stop any other game when turn
    ``max_turns`` is over (``astroplane.turnlimit.stopped``)."""
    state: State[Any] = game.new_game(players, rules=rules)
    return limit_state(state, max_turns)


def rules_label(game: Game[Any, Any], rules: Any) -> str:
    """The rules' text without the turn limit (which commands print on their own)."""
    if rules is None:
        return "standard"
    if game.with_turn_limit is not None:
        rules = game.with_turn_limit(rules, None)
    text: str = game.rules_to_text(rules)
    return text


def partners_of(game: Game[Any, Any], state: State[Any], seat: int) -> tuple[int, ...]:
    """The seats that play on ``seat``'s side (``Game.partners``); none in a game without
    teams."""
    return tuple(game.partners(state, seat)) if game.partners is not None else ()


def sides(game: Game[Any, Any], state: State[Any]) -> list[tuple[int, ...]]:
    """The teams of ``state``'s game, each in turn order, in the order their first seat
    plays; empty when every seat plays for itself.

    Examples:
        >>> from astroplane.protocol import get_game
        >>> chess = get_game("aeroplane-chess")
        >>> sides(chess, chess.new_game(4, rules=chess.rules_from_text("teams")))
        [(0, 2), (1, 3)]
        >>> sides(chess, chess.new_game(4))
        []
    """
    seats = [int(s) for s in state.seats]
    if not any(partners_of(game, state, s) for s in seats):
        return []
    out: list[tuple[int, ...]] = []
    for s in seats:
        if not any(s in side for side in out):
            mates = set(partners_of(game, state, s)) | {s}
            out.append(tuple(x for x in seats if x in mates))
    return out


def bots_for(
    names: Sequence[str], seats: Iterable[int], seeds: Iterable[int], think: float | None
) -> dict[int, Agent]:
    """One bot per seat, the names cycled, each with its own seed."""
    return {
        seat: make_bot(names[i % len(names)], seed, think=think)
        for i, (seat, seed) in enumerate(zip(seats, seeds, strict=False))
    }


def seat_style(game: Game[Any, Any], seat: int) -> str:
    """The rich style of a seat's pieces and name: the game's seat colour
    (``Game.seat_colours``, else the kit's palette); a colour too dark or too light to
    read as text on a terminal is shown as a badge (the text on that colour)."""
    colours = game.seat_colours or tuple(c.fill for c in PALETTE)
    fill = colours[seat % len(colours)]
    r, g, b = (int(fill[i : i + 2], 16) / 255 for i in (1, 3, 5))
    luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b
    if luminance < 0.12:
        return f"bold #ffffff on {fill}"
    if luminance > 0.8:
        return f"bold #000000 on {fill}"
    return f"bold {fill}"


def board_text(game: Game[Any, Any], state: State[Any], highlight: Iterable[Any] = ()) -> Text:
    """The game's text drawing of ``state``, pieces coloured by seat, marked positions bold."""
    text = Text(game.render_text(state, highlight=tuple(highlight)))
    letters = "".join(name[0] for name in game.seat_names if name)
    pieces = re.compile(rf"\b([{re.escape(letters)}])(10|[1-9])(?=[a-z*\s/\]<]|$)")
    for m in pieces.finditer(text.plain):
        text.stylize(seat_style(game, letters.index(m.group(1))), m.start(), m.end())
    for m in re.finditer(r">[^<\s]+<", text.plain):
        text.stylize("reverse", m.start(), m.end())
    return text


_TAGS = re.compile(r"\s*\[((?:D|AC)\d+(?:, ?(?:D|AC)\d+)*)\]\s*")


def plain_reason(message: str) -> str:
    """An error message in plain language: the rule first, decision tags such as ``[D8]``
    moved to the end as a reference.

    Examples:
        >>> plain_reason("illegal move: [D8] a step from Sl cannot reach e2.sw")
        'illegal move: a step from Sl cannot reach e2.sw (see [D8] on the Decisions page)'
    """
    tags = _TAGS.findall(message)
    text = _TAGS.sub(" ", message).strip()
    text = re.sub(r"\s+", " ", text).replace(": (", " (").replace(" :", ":")
    if tags:
        text += f" (see [{', '.join(tags)}] on the Decisions page)"
    return text


def counts_text(counts: Sequence[int]) -> str:
    """Player counts in words.

    Examples:
        >>> counts_text((2,)), counts_text((2, 3, 4)), counts_text((2, 4))
        ('2', '2 to 4', '2 or 4')
    """
    items = [str(c) for c in counts]
    if len(items) > 2 and list(counts) == list(range(counts[0], counts[-1] + 1)):
        return f"{items[0]} to {items[-1]}"
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} or {items[-1]}"


def svg_path(path: Path) -> Path:
    """``path`` with the ``.svg`` suffix it needs (``final`` is written as ``final.svg``).

    Examples:
        >>> svg_path(Path("final")).name, svg_path(Path("end.SVG")).name
        ('final.svg', 'end.SVG')
    """
    return path if path.suffix.lower() == ".svg" else path.with_name(path.name + ".svg")


def output_problem(path: Path) -> str | None:
    """Why a file cannot be written at ``path`` (its folder is missing or not writable,
    or it is a folder), checked before a command plays a game; None when it can be."""
    folder = path.parent
    if path.is_dir():
        return f"{str(path)!r} is a directory"
    if not folder.is_dir():
        return f"the directory {str(folder)!r} does not exist"
    if not os.access(folder, os.W_OK):
        return f"the directory {str(folder)!r} is not writable"
    return None


def numbered_path(path: Path, number: int, count: int) -> Path:
    """``path`` itself for one file; ``name-007.ext`` when a command writes several."""
    return path if count == 1 else path.with_name(f"{path.stem}-{number:03d}{path.suffix}")


def write_svg(game: Game[Any, Any], state: State[Any], path: Path, last_move: Any = None) -> None:
    """Write the game's SVG drawing of ``state`` to ``path``, ``last_move`` (the move that
    led to it, if any) marked as the game marks it.

    Raises:
        CliError: If the game draws no SVG or the file cannot be written.
    """
    if game.render_svg is None:
        raise CliError(f"--svg: {game.title} has no SVG drawing")
    try:
        path.write_text(game.render_svg(state, last_move=last_move), encoding="utf-8")
    except OSError as e:
        raise CliError(f"cannot write {str(path)!r}: {e.strerror or e}") from e
