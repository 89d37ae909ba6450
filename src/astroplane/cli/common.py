"""Shared pieces of the command line: presets, errors and how results are printed."""

from __future__ import annotations

import re
from collections.abc import Sequence

import attrs
from rich.text import Text

from astroplane.formats.notation import format_move
from astroplane.formats.position import rules_from_text
from astroplane.outcome import EndReason, Outcome
from astroplane.pieces import SEAT_NAMES
from astroplane.rules.ruleset import PRESETS, Rules
from astroplane.state import GameState

__all__ = [
    "DEFAULT_MAX_TURNS",
    "PIECE_RE",
    "PRESETS",
    "RECORD_SUFFIX",
    "SEAT_STYLE",
    "CliError",
    "board",
    "ending",
    "format_move",
    "result_line",
    "rules_with_limit",
    "scores_text",
    "seats_text",
]

#: Default turn limit of ``selfplay`` and ``play`` [D18]: far above the length of
#: real games (bot games end by the rules after 25-650 turns), so that every
#: game ends even if the players only shuffle pieces around.
DEFAULT_MAX_TURNS = 1000

SEAT_STYLE = {"S": "bold red", "W": "bold green", "N": "bold blue", "E": "bold yellow"}
PIECE_RE = re.compile(r"\b([SWNE])(10|[1-9])(?=[a-z*\s/\]]|$)")
RECORD_SUFFIX = ".apgame"


class CliError(Exception):
    """A failure to report as one line on stderr with exit code 1."""


# ---- output helpers ---------------------------------------------------------


def board(state: GameState) -> Text:
    """The board of ``state`` (``str(state)``) with pieces coloured by seat."""
    text = Text(str(state))
    for m in PIECE_RE.finditer(text.plain):
        text.stylize(SEAT_STYLE[m.group(1)], m.start(), m.end())
    return text


def seats_text(state: GameState) -> str:
    return "".join(SEAT_NAMES[s] for s in state.seats)


def scores_text(state: GameState, points: Sequence[int]) -> str:
    return ", ".join(f"{SEAT_NAMES[s]} {points[s]}" for s in state.seats)


def ending(outcome: Outcome) -> str:
    if outcome.reason == EndReason.TURN_LIMIT:
        return f"ended by the turn limit after turn {outcome.turn}"
    how = {
        EndReason.TRUE_WIN: "true win",
        EndReason.STUCK: "a player was stuck",
        EndReason.LAST_PLAYER: "stuck players removed, one left",
        EndReason.NO_PROGRESS: "no progress",
    }[outcome.reason]
    return f"ended by the rules ({how}) in turn {outcome.turn}"


def result_line(state: GameState, outcome: Outcome) -> str:
    who = "+".join(SEAT_NAMES[s] for s in outcome.winners)
    verb = "share the win" if outcome.is_shared else "wins"
    true = "a true win" if outcome.true_win else "no true win"
    return f"{who} {verb} ({true}); scores {scores_text(state, outcome.scores)}; {ending(outcome)}"


def rules_with_limit(text: str, max_turns: int | None) -> Rules:
    """The rules a ``--rules`` text names (a preset and options, as in position text),
    with the command's turn limit."""
    rules = rules_from_text(text)
    return rules if max_turns is None else attrs.evolve(rules, max_turns=max_turns)
