"""What the play page's online mode draws for one client of a match: the board (the game's
SVG, from the seat's side when the drawing can turn), the click paths of the seat's
legal moves (``astroplane.server.clicks``), the moves so far by turn and a status line.
The shape is the local page's (docs/play/boardgame.py), so play.js draws both alike.
"""

from __future__ import annotations

import functools
import inspect
from typing import Any

from astroplane.protocol import Game
from astroplane.server.clicks import button_label, click_paths, element_id
from astroplane.server.live import Match, game_has_draws

__all__ = ["draws_allowed", "match_view", "names_and", "teams"]


def names_and(names: list[str]) -> str:
    """``R``, ``R and B``, ``R, B and G``."""
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def teams(game: Game[Any, Any], state: Any) -> list[list[str]]:
    """The teams (``Game.partners``) by seat names, in the order their first seat plays;
    empty when everyone plays for themselves."""
    out: list[list[str]] = []
    for seat in state.seats:
        partners = game.partners(state, seat) if game.partners is not None else ()
        side = sorted({seat, *partners}, key=list(state.seats).index)
        names = [str(game.seat_names[s]) for s in side]
        if len(names) > 1 and names not in out:
            out.append(names)
    return out


@functools.cache
def _turns_drawing(render: Any) -> bool:
    """Whether a game's drawing takes ``orientation`` (the seat shown at the bottom)."""
    try:
        return "orientation" in inspect.signature(render).parameters
    except (TypeError, ValueError):
        return False


def _svg(match: Match, seat: int | None) -> str:
    game = match.game
    if game.render_svg is None:
        return ""
    last = match.moves[-1] if match.moves else None
    if seat is not None and _turns_drawing(game.render_svg):
        return str(game.render_svg(match.state, last_move=last, orientation=seat))
    return str(game.render_svg(match.state, last_move=last))


def _who(match: Match, seat: int) -> str:
    found = match.seats[seat]
    name = match.seat_name(seat)
    if found.kind == "bot":
        return f"the {found.bot} bot {name}"
    return f"{found.name} ({name})" if found.name else str(name)


def _status(match: Match, seat: int | None) -> str:
    game, state = match.game, match.state
    if match.status == "over":
        return f"Game over: {(match.result or {}).get('text', '')}"
    free = [str(match.seat_name(s)) for s in match.order if not match.seats[s].taken]
    if match.status == "open":
        return f"Waiting for players to take {names_and(free)}; share the link."
    to_move = match.to_move
    assert to_move is not None
    if seat == to_move:
        return f"Your turn ({match.seat_name(seat)}): {game.status(state)}"
    if not match.seats[to_move].taken:
        return f"Waiting for someone to take seat {match.seat_name(to_move)}: {game.status(state)}"
    return f"{_who(match, to_move)} is to move: {game.status(state)}"


def _turns(match: Match) -> list[dict[str, Any]]:
    """The moves played, one line per turn of one seat (a roll is its turn's)."""
    out: list[dict[str, Any]] = []
    for before, text in zip(match.states, match.texts, strict=False):
        seat = str(match.seat_name(int(before.to_move)))
        if not out or (out[-1]["turn"], out[-1]["seat"]) != (before.turn, seat):
            out.append({"turn": before.turn, "seat": seat, "moves": []})
        out[-1]["moves"].append(text)
    return out


def match_view(match: Match, seat: int | None) -> dict[str, Any]:
    """The play page's view of ``match`` for ``seat`` (None: a spectator)."""
    game, state = match.game, match.state
    yours = seat is not None and match.status == "active" and seat == match.to_move
    paths = click_paths(game, state) if yours and not state.is_chance_node else []
    colours = game.seat_colours or ()
    found = teams(game, match.states[0])
    return {
        "game": game.name,
        "title": game.title,
        "match": match.id,
        "svg": _svg(match, seat),
        "human": match.seat_name(seat),
        "seats": [str(match.seat_name(s)) for s in match.order],
        "players": match.seats_json(),
        "teams": found,
        "sides": "Teams: " + " against ".join(names_and(t) for t in found) + "." if found else "",
        "colours": {str(match.seat_name(s)): colours[s] for s in match.order} if colours else {},
        "to_move": match.seat_name(match.to_move),
        "your_turn": yours,
        "over": match.status == "over",
        "online": match.status,
        "status": _status(match, seat),
        "ply": match.version,
        "version": match.version,
        "seq": match.seq,
        "paths": paths,
        "buttons": {t: button_label(t) for p in paths for t in p["clicks"] if t.startswith("@")},
        "elements": {
            t: element_id(game.name, t) for p in paths for t in p["clicks"] if not t.startswith("@")
        },
        "can_undo": False,
        "turns": _turns(match),
        "position": (None if game.position_to_text is None else game.position_to_text(state)),
        "rules": match.rules,
        "draws": draws_allowed(match),
        "draw_offers": [match.seat_name(s) for s in match.order if s in match.draw_offers],
        "result": match.result,
    }


def draws_allowed(match: Match) -> bool:
    """Whether a draw may be offered now: a game with draws, running, no bot seat."""
    bots = any(s.kind == "bot" for s in match.seats.values())
    return match.status == "active" and game_has_draws(match.game) and not bots
