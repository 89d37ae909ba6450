"""The lobby's list of games: every registered game (plug-ins included) with what a client
needs to offer it: player counts, seats, rules variants (and the player counts each
allows), colours, whether players may agree draws, and short texts for newcomers.
"""

from __future__ import annotations

import functools
from typing import Any

from astroplane.agents import BOTS, THINKING_BOTS
from astroplane.protocol import Game, games, get_game
from astroplane.server.clicks import HOWTO
from astroplane.server.live import game_has_draws

__all__ = ["bots_json", "game_json", "games_json", "variant_players", "variants"]


def variants(game: Game[Any, Any]) -> list[str]:
    """The game's registered variants (its presets first), by name."""
    return list(game.variants()) if game.variants is not None else []


def variant_players(game: Game[Any, Any]) -> dict[str, list[int]]:
    """The player counts each variant allows (Aeroplane Chess's ``teams``: four only)."""
    allowed: dict[str, list[int]] = {}
    for variant in variants(game):
        rules = game.rules_from_text(variant)
        allowed[variant] = []
        for n in game.player_counts:
            try:
                game.new_game(n, rules=rules)
            except ValueError:
                continue
            allowed[variant].append(n)
    return allowed


def _declared(game: Game[Any, Any], name: str) -> Any:
    """A property of the game's declared type (``game.game_type``), None if undeclared."""
    return getattr(getattr(game, "game_type", None), name, None)


@functools.cache
def _game_json(name: str, game_id: int) -> dict[str, Any]:
    game = get_game(name)
    seats = {
        str(n): [game.seat_names[s] for s in game.new_game(n).seats] for n in game.player_counts
    }
    return {
        "name": game.name,
        "title": game.title,
        "player_counts": list(game.player_counts),
        "seat_names": list(game.seat_names),
        "seats": seats,
        "seat_colours": list(game.seat_colours or ()),
        "variants": variants(game),
        "variant_players": variant_players(game),
        "turn_limit": game.with_turn_limit is not None,
        "draws": game_has_draws(game),
        "chance": _declared(game, "chance"),
        "actions": game.num_actions is not None,
        "goal": game.texts.get("goal", ""),
        "rules": game.texts.get("rules", ""),
        "howto": HOWTO.get(game.name, "Click a move's button to play it."),
        "rules_page": None,
    }


def game_json(name: str) -> dict[str, Any]:
    """One game as the lobby shows it.

    Raises:
        ValueError: If no game has that name (the registry's message).
    """
    game = get_game(name)
    return dict(_game_json(game.name, id(game)))


def games_json() -> list[dict[str, Any]]:
    """Every registered game, by name."""
    return [game_json(name) for name in sorted(games())]


def bots_json() -> list[dict[str, Any]]:
    """The bots a seat may be given, and whether they take a thinking time."""
    return [{"name": name, "thinks": name in THINKING_BOTS} for name in sorted(BOTS)]
