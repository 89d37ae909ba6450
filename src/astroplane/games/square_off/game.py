"""Square Off as a first-class game: its ``Game`` value for the generic tools [SO25].

``SQUARE_OFF_GAME`` ties the rules core to the formats (rules text, position text, JSON,
move notation, the OpenSpiel action encoding), the terminal and SVG drawings, a
heuristic evaluation for the greedy bot and the texts for newcomers; the package
registers it as ``"square-off"`` (and the ``astroplane.games`` entry point points here),
so bots, ``perft``, ``Match``, the conformance suite and the command line serve it like
the bundled games.

Examples:
    >>> from astroplane.protocol import get_game
    >>> g = get_game("square-off")
    >>> s = g.new_game(2, rules=g.rules_from_text("jump-off"), first="B")
    >>> g.position_to_text(s)
    'jump-off .../.../.../....../.../.../... 9/9 B - -/- t0 q0'
    >>> g.status(s)
    'B to move (stage 1); in hand W 9, B 9; removed W 0, B 0; turn 1'
"""

from __future__ import annotations

from collections.abc import Iterable
from types import MappingProxyType

import attrs

from astroplane.games.square_off import clicks
from astroplane.games.square_off.evaluation import evaluate
from astroplane.games.square_off.jsonio import (
    from_json,
    json_schema,
    state_from_dict,
    state_to_dict,
)
from astroplane.games.square_off.moves import (
    NUM_ACTIONS,
    Move,
    MoveKind,
    action_to_move,
    move_to_action,
)
from astroplane.games.square_off.notation import format_move, parse_move
from astroplane.games.square_off.observation import observation_shape, observe
from astroplane.games.square_off.options import SQUARE_OFF, Rules
from astroplane.games.square_off.outcome import Ending
from astroplane.games.square_off.play import SEATS
from astroplane.games.square_off.position import position_from_text, position_to_text
from astroplane.games.square_off.record import GameRecord
from astroplane.games.square_off.render import render, status
from astroplane.games.square_off.rulestext import VARIANTS
from astroplane.games.square_off.setup import new_game
from astroplane.games.square_off.state import SquareOffState, core_pair
from astroplane.games.square_off.svg import FILL, render_svg
from astroplane.kit.jsonread import states_only
from astroplane.kit.svg import render_hook
from astroplane.protocol import Game, GameInfo, GameType, delegate

__all__ = [
    "GOAL",
    "LEGEND",
    "RULES_SUMMARY",
    "SQUARE_OFF_GAME",
    "TURN_PLIES",
    "SquareOffGame",
    "describe_outcome",
    "highlights",
    "invariants",
    "max_plies",
    "render_text",
    "with_turn_limit",
]

GOAL = """\
Square Off is a game of three in a row on the Morris board. Place your nine pieces, then
slide them along the lines; each time you make a line of three of your pieces, take one
of your opponent's. Leave your opponent with two pieces, or with no move, and you win."""

LEGEND = """\
How to read the board:
- The 24 points of the Morris board (three squares joined at their midpoints); files a-g
  left to right, ranks 1-7 bottom to top: a point is named like d2.
- W: a piece of White; B: a piece of Black; .: an empty point.
- - and |: the links a piece slides along; a line of three points on a side of a square
  or on a joining line is a line (three of one colour form it).
- >W<: where the last move went (the point marked).
The line under the board: who acts (a removal when a line was just formed), the pieces
in hand and removed on each side, the turn."""

RULES_SUMMARY = """\
The rules in short (the full rules are on the Square Off pages):
- Stage 1: in turn, place a piece from your hand on any empty point.
- Stage 2: slide one of your pieces along a link to the empty point next to it.
- Three of your pieces on a line: remove an opposing piece that is not on a line of
  three (if every one is, the removal is lost).
- Two pieces left, or no move on your turn: you lose. 100 turns without a removal: draw.
- Jump Off adds jumps over an opposing piece (and a cooldown); Trading Places adds
  swapping one of your pieces with an opposing one."""


def render_text(state: SquareOffState, *, highlight: Iterable[object] = ()) -> str:
    """The board for a terminal without its status line (``status`` gives it); points in
    ``highlight`` (point ids) are marked ``>like this<``.

    Examples:
        >>> s = new_game().play(Move.place("a4"))
        >>> print(render_text(s, highlight=highlights(new_game(), Move.place("a4"))))
        7 .-----.-----.
        6 | .---.---. |
        5 | | .-.-. | |
        4>W<.-.   .-.-.
        3 | | .-.-. | |
        2 | .---.---. |
        1 .-----.-----.
          a b c d e f g
    """
    marks = [h for h in highlight if isinstance(h, int) and not isinstance(h, bool)]
    return render(state, marks).rsplit("\n", 1)[0]


def highlights(state: SquareOffState, move: Move) -> tuple[int, ...]:
    """The points a legal move ends on: a placement's point, a move's destination, both
    points of a trade, the point a removal empties.

    Examples:
        >>> highlights(new_game(), Move.place("d2"))
        (19,)
    """
    if not isinstance(move, Move):
        return ()
    if move.kind in (MoveKind.PLACE, MoveKind.REMOVE):
        return (move.point,)
    if move.kind == MoveKind.TRADE:
        return (move.to, move.point)
    return (move.to,)


_HOW = {
    Ending.TWO_PIECES: "{loser} has only two pieces left",
    Ending.BLOCKED: "{loser} has no legal move",
    Ending.MAX_TURNS: "the turn limit ({limit} turns) is reached",
    Ending.NO_REMOVAL_TURNS: "{quiet} turns passed without a removal",
    Ending.THREEFOLD: "the same position occurred three times",
}


def describe_outcome(state: SquareOffState) -> str:
    """A finished game's result in words, saying how it ended ("" while it goes on).

    Examples:
        >>> from astroplane.games.square_off import setup_position
        >>> describe_outcome(setup_position(["a7", "d7", "g7"], ["a1", "d1"], in_hand=(0, 0)))
        'W wins: B has only two pieces left'
    """
    outcome = state.outcome
    if outcome is None:
        return ""
    winner = outcome.winner
    how = _HOW[outcome.ending].format(
        loser=SEATS[1 - winner] if winner is not None else "",
        limit=state.turns,  # max_turns, or the turn bound when it is off [SO32]
        quiet=state.quiet,
    )
    return f"drawn: {how}" if winner is None else f"{SEATS[winner]} wins: {how}"


def with_turn_limit(rules: Rules, turns: int | None) -> Rules:
    """The rules with ``max_turns`` set to ``turns`` (None: 0, no limit) [SO6].

    Examples:
        >>> with_turn_limit(SQUARE_OFF, 50).max_turns, with_turn_limit(SQUARE_OFF, None).max_turns
        (50, 0)
    """
    return attrs.evolve(rules, max_turns=0 if turns is None else turns)


def invariants(state: SquareOffState) -> list[str]:
    """The game's own consistency checks (empty when all is well): pieces conserved, no
    point held twice, counters within the rules, the cooldown and history kept only with
    their options.

    Examples:
        >>> invariants(new_game())
        []
    """
    rules = state.rules
    problems = []
    if state.occupancy[0] & state.occupancy[1]:
        problems.append("a point holds pieces of both sides")
    for seat in (0, 1):
        total = state.occupancy[seat].bit_count() + state.in_hand[seat] + state.removed[seat]
        if total != rules.pieces or min(state.in_hand[seat], state.removed[seat]) < 0:
            problems.append(f"{SEATS[seat]}'s pieces do not add up to {rules.pieces}")
        if state.cooldown[seat] and not rules.cooldown:
            problems.append(f"{SEATS[seat]} has cooldown marks without the cooldown option")
    if not state.quiet <= state.turns:
        problems.append("more turns without a removal than turns")
    if rules.max_turns and state.turns > rules.max_turns:
        problems.append("more turns than max_turns")
    if rules.no_removal_turns and state.quiet > rules.no_removal_turns:
        problems.append("more quiet turns than no_removal_turns")
    if bool(state.history) != rules.threefold:
        problems.append("a threefold history without threefold, or none with it")
    if len(state.removals) > 2 or (state.removals and state.outcome is not None):
        problems.append("removal rights that cannot be pending")
    if state.outcome is None and state.to_move != (
        state.removals[0] if state.removals else state.turn_of
    ):
        problems.append("to_move is not the holder of the first removal right")
    return problems


#: The plies of one turn at most: the move, and up to two removals (a trade's [SO8]).
TURN_PLIES = 3


def max_plies(rules: Rules) -> int | None:
    """The most plies a game under ``rules`` can last, by its draw rules [SO6]: ``max_turns``
    turns; else a stage-2 run of at most ``no_removal_turns`` turns before and after each
    removal (at most ``2 * pieces`` of them), after the ``2 * pieces`` placing turns; no
    bound with neither (a threefold repetition ends a game, but after no useful bound).

    Examples:
        >>> max_plies(SQUARE_OFF), max_plies(attrs.evolve(SQUARE_OFF, max_turns=50))
        (5754, 150)
    """
    if rules.max_turns:
        return rules.max_turns * TURN_PLIES
    if rules.no_removal_turns:
        pieces = 2 * rules.pieces
        return (pieces + (pieces + 1) * rules.no_removal_turns) * TURN_PLIES
    return None


class SquareOffGame(Game[SquareOffState, Move]):
    """Square Off for the generic tools; its action numbers are OpenSpiel's
    ``nine_mens_morris`` ones [SO25]."""

    name, title, player_counts, seat_names = "square-off", "Square Off", (2,), SEATS
    seat_colours, variant_registry, record_type = FILL, VARIANTS, GameRecord
    game_type = GameType(max_game_length=max_plies(SQUARE_OFF))
    evaluation_scale = 5.0  # half a piece of evaluate's WEIGHTS: MCTSBot's eval_scale
    texts = MappingProxyType({"goal": GOAL, "legend": LEGEND, "rules": RULES_SUMMARY})

    format_move, parse_move = delegate(format_move, parse_move)
    click_paths, click_element = delegate(clicks.click_paths, clicks.click_element)
    position_to_text, position_from_text = delegate(position_to_text, position_from_text)
    to_dict, from_dict, json_schema = delegate(state_to_dict, state_from_dict, json_schema)
    from_json = delegate(states_only(from_json, SquareOffState))
    render_text, render_svg = delegate(render_text, render_hook(render_svg))
    describe_outcome, status, highlights = delegate(describe_outcome, status, highlights)
    evaluate, invariants, with_turn_limit = delegate(evaluate, invariants, with_turn_limit)
    observe, observation_shape, action_to_move = delegate(
        observe, observation_shape, action_to_move
    )
    core = delegate(core_pair)

    def new_game(
        self, players: int = 2, *, rules: Rules | None = None, first: int | str | None = None
    ) -> SquareOffState:
        return new_game(SQUARE_OFF if rules is None else rules, "W" if first is None else first)

    def num_actions(self, state: SquareOffState) -> int:
        return NUM_ACTIONS

    def move_to_action(self, state: SquareOffState, move: Move) -> int:
        if not state.is_legal(move):
            state.play(move)  # raises, naming the rule
        return move_to_action(move)

    def ended_by_turn_limit(self, state: SquareOffState) -> bool:
        return state.outcome is not None and state.outcome.ending == Ending.MAX_TURNS

    def game_info(self, state: SquareOffState) -> GameInfo:
        """The length bound of the state's rules (``max_plies``)."""
        return attrs.evolve(super().game_info(state), max_game_length=max_plies(state.rules))


SQUARE_OFF_GAME = SquareOffGame()
"""Square Off, registered under the name ``"square-off"``."""
