"""ASTROPLANE as a ``astroplane.protocol.Game``: the bridge between the rules engine, its
formats and the game-agnostic tools (bots, ``perft``, the conformance suite, the command
line).

Examples:
    >>> from astroplane.protocol import get_game
    >>> game = get_game("astroplane")
    >>> s = game.new_game(2)
    >>> game.format_move(s, s.legal_moves()[0])
    'Sl-e2ne'
    >>> game.position_from_text(game.position_to_text(s)) == s
    True
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from types import MappingProxyType
from typing import Any

import attrs

from astroplane.games.astroplane import actions, clicks
from astroplane.games.astroplane.enums import SEAT_NAMES
from astroplane.games.astroplane.evaluation import evaluate
from astroplane.games.astroplane.events import Board, Event
from astroplane.games.astroplane.formats.events import effects
from astroplane.games.astroplane.formats.jsonio import (
    json_schema,
    state_from_dict,
    state_from_json,
    state_to_dict,
)
from astroplane.games.astroplane.formats.notation import format_move, parse_move
from astroplane.games.astroplane.formats.position import position_from_text, position_to_text
from astroplane.games.astroplane.formats.record import GameRecord
from astroplane.games.astroplane.moves import SQUARE_KINDS, STEP_KINDS, Move, MoveKind
from astroplane.games.astroplane.outcome import EndReason
from astroplane.games.astroplane.pieces import PIECES_PER_PLAYER
from astroplane.games.astroplane.render import LEGEND, render, status_line
from astroplane.games.astroplane.rules.core import PackedCore, core_for
from astroplane.games.astroplane.rules.ruleset import STANDARD, VARIANTS, Rules
from astroplane.games.astroplane.rules.turns import MAX_TURN
from astroplane.games.astroplane.setup import new_game
from astroplane.games.astroplane.state import GameState
from astroplane.games.astroplane.svg import board
from astroplane.games.astroplane.topology import grid_position
from astroplane.kit.svg import PALETTE
from astroplane.protocol import Game, GameInfo, GameType, delegate, register_game

__all__ = ["ASTROPLANE", "TURN_ACTIONS", "AstroplaneGame", "describe_outcome", "highlights"]

GOAL = """\
ASTROPLANE is a race into the Singularity, the point where the four centre cells meet.
Steer your pieces from your Start Areas across the board (a piece moves diagonally, through
the corner it points at), through Hyperspace, Wormholes and the Anomaly, and into the
centre cells: a piece on top of a centre cell scores 2, a piece lower down 1, and a
player on top of all four centre cells wins at once. You have 2 moves a turn."""

RULES = """\
The rules in short (the full rules, with pictures, are on the documentation's Rules page):
- A turn has 2 moves. A piece steps through the corner it points at into the next cell and
  turns to one of the other three corners there (free of overlap, or on top of a stack).
- Landing on a stack holds the pieces below captive; leaving another player's piece later
  gives a bonus move. Landing opposite another player's stack sends it back to Start.
- Hyperspace (H) flings a piece to another Hyperspace cell; a Wormhole end (O) lets a piece
  travel free to the other end. Two pieces of yours in an Anomaly corner's firing
  positions (A) fire into the Singularity with one move.
- A piece entering the Singularity (C) never moves again and brings a reserve piece into a
  Start Area of your choice.
- Two of your single pieces back to back in a cell form a Square, which slides and kills.
- A player who cannot move at the start of a turn is stuck: a 2-player game ends (3-4
  players: that player leaves the game). The highest score wins."""


def describe_outcome(state: GameState) -> str:
    """A finished game's result in one line of words: who won and why, the scores of the
    seats in the game, and how the game ended (empty while the game goes on).

    Examples:
        >>> import astroplane as ap
        >>> describe_outcome(ap.new_game(2))
        ''
        >>> s = ap.setup_position(
        ...     stacks={"e5.ne": ["S1"], "f5.nw": ["S2"], "e6.se": ["S3"], "g7.sw": ["S4"],
        ...             "Nl": ["N1"]},
        ...     eliminated=[(f"S{n}", "N") for n in range(5, 11)])
        >>> describe_outcome(s.play(ap.parse_move(s, "g7sw-f6sw")))
        'S wins (a true win: on top of all four Singularity cells); scores S 8, N 18; ended by \
    the rules in turn 1'
    """
    out = state.outcome
    if out is None:
        return ""
    who = "+".join(SEAT_NAMES[s] for s in out.winners)
    scores = ", ".join(
        f"{SEAT_NAMES[s]} {x}" for s, x in zip(out.seats, out.seat_scores, strict=True)
    )
    if out.true_win:
        why = "a true win: on top of all four Singularity cells"
    elif len(out.winners) > 1:
        why = "no true win: equal highest scores"
    else:
        why = "no true win: the highest score"
    verb = "share the win" if len(out.winners) > 1 else "wins"
    reason = out.reason
    if reason == EndReason.TURN_LIMIT:
        ended = f"ended by the turn limit after turn {out.turn}"
    else:
        how = {
            EndReason.TRUE_WIN: "",
            EndReason.STUCK: f" ({SEAT_NAMES[state.to_move]} was stuck: no legal move at the "
            "start of its turn)",
            EndReason.LAST_PLAYER: " (stuck players were removed until one was left: "
            f"{', '.join(SEAT_NAMES[s] for s in state.removed)} removed)",
            EndReason.NO_PROGRESS: f" (no progress for {state.rules.no_progress_rounds} "
            "rounds: no Singularity entry, elimination or send-back)",
        }[reason]
        ended = f"ended by the rules{how} in turn {out.turn}"
    return f"{who} {verb} ({why}); scores {scores}; {ended}"


def highlights(state: GameState, move: Move) -> tuple[int, ...]:
    """The positions a move puts pieces on (for ``render(highlight=...)``); none for
    anything that is not a ``Move``."""
    if not isinstance(move, Move):
        return ()
    t = state.topology
    if move.kind in STEP_KINDS:
        return (move.target,)
    if move.kind == MoveKind.FIRE:
        return tuple(
            t.singularity_position[t.fire_target[f]] for f in t.firing_of_cell[move.origin]
        )
    if move.kind in SQUARE_KINDS:
        cell = move.origin
        return tuple(
            grid_position(move.target, a) for a in range(4) if state.stacks[grid_position(cell, a)]
        )
    return ()


#: A bound on the actions of one turn [D7]: 2 moves, a bonus move per release (a piece
#: leaves a stack it stood on before the turn: at most once per piece, 10 pieces [D9]),
#: a free Wormhole travel per piece and per step it made (a piece travels again only after
#: a step [D14]) and the end-turn action: 2 + 10 + (10 + 12) + 1 <= 3 * 10 + 5.
TURN_ACTIONS = 3 * PIECES_PER_PLAYER + 5


class AstroplaneGame(Game[GameState, Move]):
    """ASTROPLANE for the generic tools: its formats, drawing, evaluation, events and
    action encoding; the rules text, variants and JSON text come from the kit's defaults
    (``variant_registry``, ``to_dict``)."""

    name, title, player_counts = "astroplane", "ASTROPLANE", (2, 3, 4)
    seat_names, seat_colours = tuple(SEAT_NAMES), tuple(c.fill for c in PALETTE[:4])
    game_type = GameType(max_game_length=MAX_TURN * TURN_ACTIONS)
    search_playout = "turn"  # a turn is several actions [D7]: MCTSBot finishes it first
    texts = MappingProxyType({"goal": GOAL, "legend": LEGEND, "rules": RULES})
    variant_registry, record_type = VARIANTS, GameRecord

    format_move, parse_move = delegate(format_move, parse_move)
    position_to_text, position_from_text = delegate(position_to_text, position_from_text)
    to_dict, from_dict, from_json = delegate(state_to_dict, state_from_dict, state_from_json)
    json_schema = delegate(json_schema)
    render_svg, evaluate, effects = delegate(board, evaluate, effects)
    describe_outcome, status, highlights = delegate(describe_outcome, status_line, highlights)
    action_to_move = delegate(actions.action_to_move)
    click_paths, click_element = delegate(clicks.click_paths, clicks.click_element)

    def new_game(
        self, players: int = 2, *, rules: Rules | None = None, first: Any = None
    ) -> GameState:
        return new_game(players, rules=STANDARD if rules is None else rules, first=first)

    def render_text(self, state: GameState, *, highlight: Iterable[Any] = ()) -> str:
        return render(state, highlight=highlight, footer=False)

    def summary(self, state: GameState) -> Hashable:
        return Board.of(state).snapshot()

    def replay_effects(self, state: GameState, events: Sequence[Event]) -> Hashable:
        board_ = Board.of(state)
        for event in events:
            event.replay(board_)
        return board_.snapshot()

    def invariants(self, state: GameState) -> list[str]:
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
            by_seat = tuple(out.score(s) for s in range(4))
            if by_seat != rules.scores(state):
                problems.append(f"the outcome's scores {out.seat_scores} are not the position's")
            if out.seats != state.seats:
                problems.append(f"the outcome's seats {out.seats} are not the game's {state.seats}")
            if not out.true_win and tuple(out.winners) != tuple(rules.winners(state, by_seat)):
                problems.append(f"the winners {out.winners} do not have the highest scores")
            if out.true_win and not rules.true_win(state, out.winners[0]):
                problems.append("a true win without the winning position")
        return problems

    def with_turn_limit(self, rules: Rules, turns: int | None) -> Rules:
        return attrs.evolve(rules, max_turns=turns)

    def num_actions(self, state: GameState) -> int:
        """The actions of the board (``actions.action_space``).

        Raises:
            ValueError: For rules that add kinds of action (a variant's ``ActionType``):
                the encoding numbers the standard ones only.
        """
        if state.rules.actions:
            added = ", ".join(a.name for a in state.rules.actions)
            raise ValueError(f"the action encoding numbers the standard actions, not {added}")
        return actions.action_space(state.topology).count

    def move_to_action(self, state: GameState, move: Move) -> int:
        return actions.move_to_action(move, state.topology)

    def ended_by_turn_limit(self, state: GameState) -> bool:
        return state.outcome is not None and state.outcome.reason == EndReason.TURN_LIMIT

    def core(self, state: GameState) -> tuple[PackedCore, bytes]:
        """ASTROPLANE's packed core (``rules.core``) and the state's packed position."""
        return core_for(state), state.packed

    def game_info(self, state: GameState) -> GameInfo:
        """The bound follows the rules' turn limit [D18]: ``TURN_ACTIONS`` per turn."""
        info = super().game_info(state)
        return attrs.evolve(info, max_game_length=state.rules.turn_limit * TURN_ACTIONS)


ASTROPLANE = AstroplaneGame()
"""ASTROPLANE, registered under the name ``"astroplane"``."""

register_game(ASTROPLANE)
