"""StarCastles as a ``astroplane.protocol.Game``: the bridge between the rules, their
formats and the game-agnostic tools (the package registers ``STARCASTLES_GAME``).

Examples:
    >>> from astroplane.protocol import get_game
    >>> g = get_game("starcastles")
    >>> s = g.new_game(3, first="V")
    >>> s.to_move, g.game_info(s).max_game_length
    (2, 1200)
"""

from __future__ import annotations

from collections.abc import Sequence
from types import MappingProxyType

import attrs

from astroplane.games.starcastles import actions, clicks
from astroplane.games.starcastles.evaluation import evaluate, standing
from astroplane.games.starcastles.jsonio import (
    from_json,
    json_schema,
    state_from_dict,
    state_to_dict,
)
from astroplane.games.starcastles.moves import Move
from astroplane.games.starcastles.names import SEAT_COLOURS, SEAT_NAMES
from astroplane.games.starcastles.notation import format_move, parse_move
from astroplane.games.starcastles.observation import observation_shape, observe
from astroplane.games.starcastles.options import STARCASTLES, VARIANTS, Rules
from astroplane.games.starcastles.position import position_from_text, position_to_text
from astroplane.games.starcastles.record import GameRecord
from astroplane.games.starcastles.render import (
    GOAL,
    LEGEND,
    RULES_SUMMARY,
    describe_outcome,
    highlights,
    render_text,
    status,
)
from astroplane.games.starcastles.setup import check_state, new_game
from astroplane.games.starcastles.state import StarCastlesState, core_pair
from astroplane.games.starcastles.svg import render_svg
from astroplane.kit.limits import shown
from astroplane.kit.svg import render_hook
from astroplane.protocol import Game, GameInfo, GameType, delegate

__all__ = ["STARCASTLES_GAME", "TURN_PLIES", "StarCastlesGame", "with_turn_limit"]

#: The plies of one turn at most: a Phase Gem, then a move or a pass [SC3].
TURN_PLIES = 2


def with_turn_limit(rules: Rules, turns: int | None) -> Rules:
    """The rules with ``max_rounds`` set so that a game ends by its draw rule [SC6] after
    turn ``turns`` at the latest, whatever the number of players [SC21]: a round is one
    turn of each player, so ``max_rounds = max(1, turns // 6)`` (a game of fewer players
    ends sooner: after ``players * max_rounds`` turns; under 6 turns, after one round).
    ``turns`` None restores the default, 200 rounds.

    Raises:
        ValueError: If ``turns`` is not a positive int or None.

    Examples:
        >>> with_turn_limit(STARCASTLES, 60).max_rounds, with_turn_limit(STARCASTLES, 3).max_rounds
        (10, 1)
        >>> with_turn_limit(Rules(max_rounds=5), None).max_rounds
        200
    """
    if turns is None:
        return attrs.evolve(rules, max_rounds=Rules().max_rounds)
    if type(turns) is not int or turns < 1:
        raise ValueError(f"turns is a positive int, not {shown(turns)}")
    return attrs.evolve(rules, max_rounds=min(10_000, max(1, turns // 6)))


class StarCastlesGame(Game[StarCastlesState, Move]):
    """StarCastles for the generic tools; the action encoding is sized by the rules (the
    board's arms), so ``num_actions`` and the numbers take the state's rules."""

    name, title, player_counts = "starcastles", "StarCastles", (2, 3, 4, 5, 6)
    seat_names, seat_colours = SEAT_NAMES, SEAT_COLOURS
    game_type = GameType(max_game_length=STARCASTLES.max_rounds * 6 * TURN_PLIES)
    texts = MappingProxyType({"goal": GOAL, "legend": LEGEND, "rules": RULES_SUMMARY})
    variant_registry, record_type = VARIANTS, GameRecord
    turn_limit_unit = "round"  # with_turn_limit's number counts rounds [SC21]
    # MCTSBot: a move is worth a point or two of evaluate's nearness, so a scale of 2; each
    # playout is every rival's greedy turn, rated when the searching seat is to play again
    # (with 5 and 6 players "turn", the next seat's alone, lost to greedy: the bots page);
    # rated by how far the heuristic moved since the search's root, so that the logistic
    # of scale 2 does not saturate once a seat leads by a castle (the bots page)
    evaluation_scale = 2.0
    search_playout = "round"
    search_playout_depth = 0
    search_relative = True
    # the search's tree gives each rival its greedy action, as the playouts do, so that the
    # budget goes to the seat's own choices; and it rates a playout's end by the seat's
    # progress less the mean rival's, not the best rival's, so that it does not spend its
    # moves hindering a leader for the benefit of every other rival (the bots page)
    search_rivals = "greedy"

    format_move, parse_move, from_json = delegate(format_move, parse_move, from_json)
    position_to_text, position_from_text = delegate(position_to_text, position_from_text)
    to_dict, from_dict, invariants = delegate(state_to_dict, state_from_dict, check_state)
    json_schema = delegate(json_schema)
    render_text, render_svg = delegate(render_text, render_hook(render_svg))
    describe_outcome, status = delegate(describe_outcome, status)
    evaluate, highlights, with_turn_limit = delegate(evaluate, highlights, with_turn_limit)
    search_rating = delegate(standing)
    observe, observation_shape = delegate(observe, observation_shape)
    click_paths, click_element = delegate(clicks.click_paths, clicks.click_element)
    core = delegate(core_pair)  # the packed core (issue 34)

    def new_game(
        self,
        players: int = 2,
        *,
        rules: Rules | None = None,
        first: int | str | None = None,
        arms: Sequence[int] | None = None,
    ) -> StarCastlesState:
        """The start, as the package's ``new_game`` [SC2]: ``first`` is a player number or
        seat letter (``Game`` turns a letter into a number); ``arms``, a keyword of this
        game beside the protocol's, the players' home arms, strictly increasing (None:
        [SC2]'s seats).

        Raises:
            ValueError: (``PositionError``) If a value is out of range or of the wrong
                type.

        Examples:
            >>> STARCASTLES_GAME.new_game(2, arms=(1, 4), first="O").arms
            (1, 4)
        """
        if isinstance(first, str):  # no seat letter: a name of no seat
            raise ValueError(f"first is a player 0..5 or a seat letter of {SEAT_NAMES}")
        start = 0 if first is None else first
        rules = STARCASTLES if rules is None else rules
        return new_game(players, rules=rules, arms=arms, first=start)

    def num_actions(self, state: StarCastlesState) -> int:
        return actions.num_actions(state.rules)

    def action_to_move(self, state: StarCastlesState, action: int) -> Move:
        """``actions.action_to_move``: the legal move ``action`` stands for [SC21]."""
        return actions.action_to_move(state, action)

    def move_to_action(self, state: StarCastlesState, move: Move) -> int:
        """``actions.move_to_action``: the number of ``move`` on the state's board [SC11]."""
        return actions.encode_move(state.rules, move)

    def ended_by_turn_limit(self, state: StarCastlesState) -> bool:
        return state.is_over and state.winner is None

    def game_info(self, state: StarCastlesState) -> GameInfo:
        """The length bound of the rules' draw [SC6]: ``max_rounds`` rounds of a turn of
        each player, each at most ``TURN_PLIES`` plies."""
        bound = state.rules.max_rounds * len(state.seats) * TURN_PLIES
        return attrs.evolve(super().game_info(state), max_game_length=bound)


STARCASTLES_GAME = StarCastlesGame()
"""StarCastles, registered under the name ``"starcastles"``."""
