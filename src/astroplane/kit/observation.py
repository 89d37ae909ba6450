"""The generic observation: what learning tools (``astroplane.env``) see of a game that has
an action encoding but describes no observation of its own (``Game.observe``).

Every value is a float from 0.0 to 1.0, in one flat row of ``len(seat_names) + 2 +
num_actions + T`` values:

1. **who acts**, as seen from the observer: one value per seat name, 1.0 at ``k`` when the
   seat ``k`` places after the observer in turn order (among ``state.seats``) is to act
   (``k = 0``: the observer); all 0.0 once the game is over;
2. **chance node** (1.0 at a chance node) and **game over** (1.0 once over);
3. **the legal actions** of the player to act: 1.0 at each legal move's action number
   (``Game.move_to_action``); all 0.0 at a chance node and once the game is over;
4. **the position**: the position text (``Game.position_to_text``), or for a game without
   one its compact JSON (``Game.to_json``), as UTF-8 bytes, each byte ``b`` as ``b / 255``,
   then 0.0 up to ``T = Game.observation_text_length`` values (``T`` is 0 for a game with
   neither format: the observation then holds parts 1 to 3 only).

The encoding loses nothing a position text keeps, so a perfect-information game's
observation says everything about the state; it is a plain encoding, not a learned-friendly
one (a game that wants planes per piece, as the bundled games have, gives ``observe``).
A game of imperfect information gets no generic observation: its position text would show
what a seat may not see.

Examples:
    >>> from astroplane.protocol import get_game
    >>> game = get_game("tic-tac-toe")  # examples/games/tictactoe.py
    >>> s = game.new_game(2).play(4)
    >>> shape = generic_shape(game, s)
    >>> values = generic_observation(game, s, 0)
    >>> shape == (len(values),), values[:4]
    (True, [0.0, 1.0, 0.0, 0.0])
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from astroplane.kit.limits import shown

__all__ = ["ObservableGame", "generic_observation", "generic_shape"]


class ObservableGame(Protocol):
    """What the generic observation needs of a game (a ``Game`` has all of it)."""

    name: str
    seat_names: tuple[str, ...]
    observation_text_length: int
    num_actions: Callable[[Any], int] | None
    move_to_action: Callable[[Any, Any], int] | None
    position_to_text: Callable[[Any], str] | None
    to_json: Callable[[Any], str] | None


def _text_length(game: ObservableGame) -> int:
    has_text = game.position_to_text is not None or game.to_json is not None
    return game.observation_text_length if has_text else 0


def generic_shape(game: ObservableGame, state: Any) -> tuple[int]:
    """The shape of ``generic_observation``'s values for ``state``'s game: one row.

    Raises:
        ValueError: If the game has no action encoding.
    """
    if game.num_actions is None:
        raise ValueError(f"{game.name} has no action encoding: no generic observation")
    return (len(game.seat_names) + 2 + game.num_actions(state) + _text_length(game),)


def generic_observation(game: ObservableGame, state: Any, seat: int) -> list[float]:
    """``state`` as the player of ``seat`` sees it, in the layout of the module docstring.

    Raises:
        ValueError: If ``seat`` is not a seat of ``state``'s game, the game has no action
            encoding, or its position text is longer than ``observation_text_length``
            bytes.
    """
    seats = tuple(state.seats)
    if not isinstance(seat, int) or isinstance(seat, bool) or seat not in seats:
        raise ValueError(f"a seat of this game is one of {seats}, not {shown(seat)}")
    if game.num_actions is None or game.move_to_action is None:
        raise ValueError(f"{game.name} has no action encoding: no generic observation")
    n_seats, n_actions, n_text = len(game.seat_names), game.num_actions(state), _text_length(game)
    values = [0.0] * (n_seats + 2 + n_actions + n_text)
    over, chance = bool(state.is_over), bool(state.is_chance_node)
    if not over:
        values[(seats.index(int(state.to_move)) - seats.index(seat)) % len(seats)] = 1.0
    values[n_seats] = float(chance)
    values[n_seats + 1] = float(over)
    if not (over or chance):
        for move in state.legal_moves():
            values[n_seats + 2 + game.move_to_action(state, move)] = 1.0
    if n_text:
        write = game.position_to_text if game.position_to_text is not None else game.to_json
        data = write(state).encode() if write is not None else b""
        if len(data) > n_text:
            raise ValueError(
                f"the position of {game.name} takes {len(data)} bytes, more than its "
                f"observation_text_length {n_text}: raise it, or give observe"
            )
        start = n_seats + 2 + n_actions
        values[start : start + len(data)] = [b / 255 for b in data]
    return values
