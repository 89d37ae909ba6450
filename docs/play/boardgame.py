"""The play page's Python side for the games other than ASTROPLANE (Square Off,
StarCastles, Aeroplane Chess), through the generic protocol only
(``astroplane.protocol.get_game``): a person plays one seat against bots, or bots play
every seat while the person watches.

Like bridge.py (ASTROPLANE's richer session), everything crosses to JavaScript as JSON
text and moves travel as their notation: the page sends back a move text it was offered,
and ``parse_move`` rejects anything that is not legal. How clicks make moves is in
astroplane.server.clicks (shipped in the wheel).

    >>> import json
    >>> session = GameSession("square-off", human="W", seed=1)
    >>> view = json.loads(session.view())
    >>> view["to_move"], view["your_turn"], len(view["paths"]), view["paths"][0]["clicks"]
    ('W', True, 24, ['a7'])
    >>> json.loads(session.play("d2"))["text"], json.loads(session.bot_move())["text"]
    ('d2', 'd6')
"""

from __future__ import annotations

import importlib
import json
import random
from typing import Any

from astroplane.agents import make_bot
from astroplane.kit.anyrecord import record_functions
from astroplane.protocol import get_game, sample_chance
from astroplane.server.catalog import variant_players
from astroplane.server.clicks import HOWTO, button_label, click_paths, element_id
from astroplane.turnlimit import limit_state, stopped, stopped_words

__all__ = ["GameSession", "catalogue"]

#: The games the page offers besides ASTROPLANE, in the selector's order.
GAMES = ("square-off", "starcastles", "aeroplane-chess")

#: Each game's rules page on the documentation site, relative to the play page.
RULES_PAGES = {
    "square-off": "../square-off/rules/",
    "starcastles": "../starcastles/decisions/",
    "aeroplane-chess": "../aeroplane-chess/rules/",
}

#: The person's move at their chance node (a die to roll): the session draws the outcome.
ROLL = {"text": "roll", "clicks": ["@roll"], "words": "roll the die"}


def _variants(name: str) -> list[str]:
    """The registered variants (presets) of a game, standard first: ``Game.variants``, or
    the ``VARIANTS`` (or ``PRESETS``) of its package ``astroplane.games.<name>``."""
    game = get_game(name)
    if getattr(game, "variants", None) is not None:
        return list(game.variants())
    package = importlib.import_module("astroplane.games." + name.replace("-", "_"))
    return list(getattr(package, "VARIANTS", None) or getattr(package, "PRESETS", ()))


def _partners(game: Any, state: Any, seat: int) -> list[int]:
    """The seats on ``seat``'s side (``Game.partners``; none in a game without teams)."""
    hook = getattr(game, "partners", None)
    return list(hook(state, seat)) if hook is not None else []


def _and(names: list[str]) -> str:
    """``R``, ``R and B``, ``R, B and G``."""
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def catalogue() -> str:
    """The games of the selector as JSON: name, title, player counts, seats, colours,
    variants, and the game's texts (goal, rules in short)."""
    out = []
    for name in GAMES:
        game = get_game(name)
        out.append(
            {
                "name": name,
                "title": game.title,
                "player_counts": list(game.player_counts),
                "seat_names": list(game.seat_names),
                "seats": {
                    n: [game.seat_names[s] for s in game.new_game(n).seats]
                    for n in game.player_counts
                },
                "seat_colours": list(game.seat_colours or ()),
                "variants": _variants(name),
                "variant_players": variant_players(get_game(name)),
                "goal": game.texts.get("goal", ""),
                "rules": game.texts.get("rules", ""),
                "howto": HOWTO.get(name, "Click a move's button to play it."),
                "rules_page": RULES_PAGES.get(name, "../"),
                # Every game takes a turn limit (astroplane.turnlimit): by its own rule,
                # or stopped by the session when the turn is over.
                "turn_limit": True,
            }
        )
    return json.dumps(out)


class GameSession:
    """One game of ``name``: the person plays seat ``human`` (None: bots play every
    seat), bots made by ``make_bot(bot, seed + i)`` the others.

    Args:
        name: A registered game name ("square-off", "starcastles").
        players: A number of players the game allows.
        variant: A rules text of the game ("jump-off"); None: its standard rules.
        human: The person's seat name; None or "" to watch the bots play every seat.
        bot: A bot name for ``astroplane.agents.make_bot``.
        seed: The bots' seed (each bot gets ``seed + i``) and the dice's; None: unseeded.
        max_turns: Play no turn after this one, as every tool of the library
            (``astroplane.turnlimit``): a game with a turn-limit rule ends by it (scored),
            any other game is stopped by the session when that turn is over.
        iterations: Search budget per action for a bot that has one (MCTS).

    Raises:
        ValueError: If the game, players, variant or seat is not one the game has.
    """

    def __init__(
        self,
        name: str,
        players: int = 2,
        variant: str | None = None,
        human: str | None = None,
        bot: str = "greedy",
        seed: int | None = None,
        max_turns: int | None = None,
        iterations: int | None = None,
    ) -> None:
        game = self.game = get_game(name)
        rules = game.rules_from_text(variant) if variant else game.new_game(int(players)).rules
        self.max_turns = int(max_turns) if max_turns else None
        try:
            self.initial = game.new_game(int(players), rules=rules)
        except ValueError as exc:  # rules for some player counts only (teams: four)
            raise ValueError(
                f"the {variant or 'standard'} rules of {game.title} cannot be played by "
                f"{int(players)} players: {exc}"
            ) from exc
        if self.max_turns is not None:
            self.initial = limit_state(self.initial, self.max_turns)
        seats = [game.seat_names[s] for s in self.initial.seats]
        if human and human not in seats:
            raise ValueError(f"the person's seat {human!r} is not one of {seats}")
        self.human = human or None
        self.bot_name = bot
        self.bots = {}
        for i, seat in enumerate(s for s in seats if s != self.human):
            agent = make_bot(bot, None if seed is None else int(seed) + i)
            if iterations and hasattr(agent, "iterations"):
                agent.iterations = int(iterations)
            self.bots[seat] = agent
        self.dice = random.Random(None if seed is None else int(seed))
        self.state = self.initial
        # One entry per move played: (state before, move, its text).
        self.history: list[tuple[Any, Any, str]] = []

    # ---- queries ------------------------------------------------------------------
    def seat_name(self, seat: int) -> str:
        return str(self.game.seat_names[seat])

    def teams(self) -> list[list[str]]:
        """The teams (``Game.partners``) by seat names, in the order their first seat
        plays; empty when everyone plays for themselves."""
        out: list[list[str]] = []
        for seat in self.initial.seats:
            side = sorted(
                {seat, *_partners(self.game, self.initial, seat)}, key=self.initial.seats.index
            )
            names = [self.seat_name(s) for s in side]
            if len(names) > 1 and names not in out:
                out.append(names)
        return out

    def sides(self) -> str:
        """Who plays with and against whom, in words (empty without teams): ``You play R
        with your partner B against Y and G.`` or ``Teams: R and B against Y and G.``"""
        teams = self.teams()
        if not teams:
            return ""
        if self.human is None:
            return "Teams: " + " against ".join(_and(t) for t in teams) + "."
        mine = next(t for t in teams if self.human in t)
        mates = [s for s in mine if s != self.human]
        others = [s for t in teams if t is not mine for s in t]
        partner = "partners" if len(mates) > 1 else "partner"
        return f"You play {self.human} with your {partner} {_and(mates)} against {_and(others)}."

    @property
    def to_move(self) -> str:
        return self.seat_name(self.state.to_move)

    @property
    def over(self) -> bool:
        """The game is over, or stopped by the turn limit (``astroplane.turnlimit``)."""
        return self.state.is_over or stopped(self.state, self.max_turns)

    @property
    def your_turn(self) -> bool:
        return self.human is not None and not self.over and self.to_move == self.human

    def _turns(self) -> list[dict[str, Any]]:
        """The moves played, one line per turn of one seat."""
        turns: list[dict[str, Any]] = []
        for before, _move, text in self.history:
            seat = self.seat_name(before.to_move)
            if not turns or (turns[-1]["turn"], turns[-1]["seat"]) != (before.turn, seat):
                turns.append({"turn": before.turn, "seat": seat, "moves": []})
            turns[-1]["moves"].append(text)
        return turns

    def _status(self) -> str:
        game, state = self.game, self.state
        if state.is_over:
            return f"Game over: {game.describe_outcome(state)}{self._team_result()}"
        if self.over:
            return f"Game over: {stopped_words(game, self.max_turns or 0)}."
        if self.your_turn:
            mates = [self.seat_name(s) for s in _partners(game, state, state.to_move)]
            partner = f", partner of {_and(mates)}" if mates else ""
            return f"Your turn ({self.human}{partner}): {game.status(state)}"
        if self.human is None:
            return f"The bots play: {game.status(state)}"
        if self.human in [self.seat_name(s) for s in _partners(game, state, state.to_move)]:
            return f"Your partner, the bot {self.to_move}, is to move: {game.status(state)}"
        return f"The bot {self.to_move} is to move: {game.status(state)}"

    def _team_result(self) -> str:
        """`` Your team wins.`` (or loses, or shares the result) for a person in a team
        game that is over, from ``returns()``; empty otherwise."""
        if self.human is None or not self.teams():
            return ""
        values = self.state.returns()
        mine = values[self.game.seat_names.index(self.human)]
        if all(values[s] == mine for s in self.state.seats):
            return ". Your team shares the result."
        return ". Your team wins." if mine == max(values) else ". Your team loses."

    def view(self) -> str:
        """Everything the page draws, as JSON; ``paths`` are the person's moves (empty when
        it is not their turn), ``buttons`` the labels of the button tokens."""
        game, state = self.game, self.state
        last = self.history[-1][1] if self.history else None
        svg = game.render_svg(state, last_move=last)
        if not self.your_turn:
            paths = []
        elif state.is_chance_node:
            paths = [ROLL]
        else:
            paths = click_paths(game, state)
        buttons = {t: button_label(t) for p in paths for t in p["clicks"] if t.startswith("@")}
        seats = [self.seat_name(s) for s in self.initial.seats]
        colours = game.seat_colours or ()
        return json.dumps(
            {
                "game": game.name,
                "title": game.title,
                "svg": svg,
                "human": self.human,
                "seats": seats,
                "teams": self.teams(),
                "sides": self.sides(),
                "colours": {self.seat_name(s): colours[s] for s in self.initial.seats}
                if colours
                else {},
                "to_move": self.to_move,
                "your_turn": self.your_turn,
                "over": self.over,
                "status": self._status(),
                "ply": len(self.history),
                "paths": paths,
                "buttons": buttons,
                "elements": {
                    t: element_id(game.name, t)
                    for p in paths
                    for t in p["clicks"]
                    if not t.startswith("@")
                },
                "can_undo": any(self._yours(before) for before, _, _ in self.history),
                "turns": self._turns(),
                "position": game.position_to_text(state),
                "rules": game.rules_to_text(self.initial.rules),
                "bot": self.bot_name,
            }
        )

    # ---- moves ----------------------------------------------------------------------
    def play(self, text: str) -> str:
        """Play the person's move given by its notation (``"roll"`` at their chance node:
        the session rolls the die); returns ``{"text", "events"}``.

        Raises:
            ValueError: If it is not the person's turn, or the text is not a legal move.
        """
        if not self.your_turn:
            raise ValueError("it is not your turn")
        if self.state.is_chance_node:
            if text != "roll":
                raise ValueError(f"the die is to be rolled (play 'roll'), not {text!r}")
            return self._play(sample_chance(self.state, self.dice))
        return self._play(self.game.parse_move(self.state, text))

    def bot_move(self) -> str:
        """Let the bot to move choose and play one move (or roll its die); returns
        ``{"text", "events"}``."""
        if self.over or self.your_turn:
            raise ValueError("it is not a bot's turn")
        if self.state.is_chance_node:
            return self._play(sample_chance(self.state, self.dice))
        return self._play(self.bots[self.to_move].choose(self.state))

    def _play(self, move: Any) -> str:
        state = self.state
        text = self.game.format_move(state, move)
        self.state = state.play(move)
        self.history.append((state, move, text))
        return json.dumps({"text": text, "events": []})

    def _yours(self, before: Any) -> bool:
        """Whether the move played in ``before`` was a choice of the person (not a roll)."""
        return not before.is_chance_node and self.seat_name(before.to_move) == self.human

    def undo(self) -> str:
        """Take back the person's last move and the bots' answers to it; returns ``view()``.
        A die the person rolled before that move stays rolled."""
        if not any(self._yours(before) for before, _, _ in self.history):
            return self.view()
        while self.history:
            before, _move, _text = self.history.pop()
            self.state = before
            if self._yours(before):
                break
        return self.view()

    def record(self) -> str:
        """The game so far as the game's record text (its own format, or the kit's record
        made from its Game: ``astroplane.kit.anyrecord``)."""
        headers = {
            "Event": "astroplane in the browser",
            **{
                f"Player{seat}": "Human" if seat == self.human else self.bot_name
                for seat in (self.seat_name(s) for s in self.initial.seats)
            },
        }
        moves = [move for _before, move, _text in self.history]
        return str(record_functions(self.game)[0](self.initial, moves, headers))
