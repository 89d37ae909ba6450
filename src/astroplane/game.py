"""ASTROPLANE as a ``astroplane.protocol.Game``: the bridge between the rules engine, its
formats and the game-agnostic tools (bots, ``perft``, the conformance suite, the command
line).

>>> from astroplane.protocol import get_game
>>> game = get_game("astroplane")
>>> s = game.new_game(2)
>>> game.format_move(s, s.legal_moves()[0])
'Sl-e2ne'
>>> game.position_from_text(game.position_to_text(s)) == s
True
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any

from astroplane.errors import NotationError
from astroplane.evaluation import evaluate
from astroplane.events import Board, Event
from astroplane.formats.events import effects
from astroplane.formats.jsonio import from_json, state_from_dict, state_to_dict, to_json
from astroplane.formats.notation import format_move, parse_move
from astroplane.formats.position import (
    position_from_text,
    position_to_text,
    rules_from_text,
    rules_to_text,
)
from astroplane.moves import Move
from astroplane.outcome import EndReason
from astroplane.pieces import SEAT_NAMES
from astroplane.protocol import Game, register_game
from astroplane.render import render
from astroplane.rules.ruleset import STANDARD, Rules
from astroplane.setup import new_game
from astroplane.state import GameState
from astroplane.svg import board
from astroplane.topology import REFERENCE_BOARD, Topology

__all__ = ["ASTROPLANE", "describe_outcome"]

_HOW = {
    EndReason.TRUE_WIN: "a true win: all four Singularity cells topped",
    EndReason.STUCK: "a player was stuck",
    EndReason.LAST_PLAYER: "stuck players were removed until one was left",
    EndReason.TURN_LIMIT: "the turn limit",
    EndReason.NO_PROGRESS: "no progress",
}


def describe_outcome(state: GameState) -> str:
    """A finished game's result in words (empty while the game goes on).

    >>> import astroplane
    >>> describe_outcome(astroplane.new_game(2))
    ''
    """
    out = state.outcome
    if out is None:
        return ""
    who = " and ".join(SEAT_NAMES[s] for s in out.winners)
    verb = "share the win" if len(out.winners) > 1 else "wins"
    scores = ", ".join(f"{SEAT_NAMES[s]} {out.scores[s]}" for s in state.seats)
    return f"{who} {verb} in turn {out.turn} ({_HOW[out.reason]}); scores {scores}"


def _summary(state: GameState) -> Hashable:
    return Board.of(state).snapshot()


def _replay(state: GameState, events: Sequence[Event]) -> Hashable:
    board = Board.of(state)
    for event in events:
        event.replay(board)
    return board.snapshot()


def _invariants(state: GameState) -> list[str]:
    """ASTROPLANE's own consistency checks for the conformance suite."""
    problems = []
    for p, where in enumerate(state.where):
        if where >= 0 and p not in state.stacks[where]:
            problems.append(f"piece {p} is indexed at {where} but not in that stack")
    for pos, stack in enumerate(state.stacks):
        for p in stack:
            if state.where[p] != pos:
                problems.append(f"piece {p} stands at {pos} but is indexed at {state.where[p]}")
    out = state.outcome
    if out is not None:
        rules = state.rules
        if out.scores != rules.scores(state):
            problems.append(f"the outcome's scores {out.scores} are not the position's")
        if not out.true_win and tuple(out.winners) != tuple(rules.winners(state, out.scores)):
            problems.append(f"the winners {out.winners} do not have the highest scores")
        if out.true_win and not rules.true_win(state, out.winners[0]):
            problems.append("a true win without the winning position")
    return problems


def _new_game(players: int = 2, *, rules: Rules | None = None, first: Any = None) -> GameState:
    return new_game(players, rules=STANDARD if rules is None else rules, first=first)


def _text_json(state: GameState) -> str:
    return to_json(state)


def _state_from_json(text: str | bytes, *, topology: Topology = REFERENCE_BOARD) -> GameState:
    value = from_json(text, topology=topology)
    if not isinstance(value, GameState):
        raise NotationError(f"the JSON holds a {type(value).__name__}, not a game state")
    return value


ASTROPLANE: Game[GameState, Move] = Game(
    name="astroplane",
    title="ASTROPLANE",
    player_counts=(2, 3, 4),
    seat_names=tuple(SEAT_NAMES),
    new_game=_new_game,
    rules_from_text=rules_from_text,
    rules_to_text=rules_to_text,
    format_move=format_move,
    parse_move=parse_move,
    position_to_text=position_to_text,
    position_from_text=position_from_text,
    to_json=_text_json,
    from_json=_state_from_json,
    to_dict=state_to_dict,
    from_dict=state_from_dict,
    render_text=render,
    describe_outcome=describe_outcome,
    render_svg=board,
    evaluate=evaluate,
    effects=effects,
    replay_effects=_replay,
    summary=_summary,
    invariants=_invariants,
)
"""ASTROPLANE, registered under the name ``"astroplane"``."""

register_game(ASTROPLANE)
