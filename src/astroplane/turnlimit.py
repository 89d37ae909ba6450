"""One meaning of a tool's turn limit for every game: ``max_turns`` in ``play_game``, the
command line's ``--max-turns``, the conformance suite and the play page.

``max_turns=N`` means: **no turn after turn N is played.** A turn is the protocol's
``State.turn`` (1 for the first player's first turn, one more each time play passes to the
next player), whatever the game calls a turn. How a game is stopped there:

* A game with a turn-limit rule of its own (``Game.with_turn_limit``) ends by that rule,
  set so that the game is over when turn N is over at the latest; it is then finished and
  scored as the rule says (``Game.ended_by_turn_limit`` is true). ASTROPLANE's rule
  [D18] and Square Off's [SO6] count turns and are set to N. StarCastles' draw rule [SC6]
  counts rounds (one turn of every player), so it is set to the whole rounds that end by
  turn N: ``N // players`` rounds, ending after turn ``players * (N // players)``, so that
  every player has had as many turns.
* A game without such a rule (Aeroplane Chess, whose only bound is turn 1,000,000 [AC21];
  the example tic-tac-toe), or a limit its rule cannot express (StarCastles with N smaller
  than the number of players; a limit beyond the rule's range), is *stopped by the tool*:
  the state in which turn N + 1 begins is the last one, it is not over, and the tool
  reports the game as stopped at the turn limit (``GameRun.truncated``; the command line
  says "stopped by the turn limit").

A game's ``Game`` may say what the number its ``with_turn_limit`` takes counts, in a
``turn_limit_unit`` attribute: ``"turn"`` (the default) or ``"round"``; for a round, the
number it takes is turns of the game's largest table (``max(player_counts)`` turns make a
round), as StarCastles' ``with_turn_limit`` documents [SC21]. The bundled games that count
rounds are named below until their ``Game`` says so itself.

Examples:
    >>> from astroplane.protocol import get_game
    >>> sc = get_game("starcastles")
    >>> start = limit_state(sc.new_game(2), 100)
    >>> start.rules.max_rounds, stopped(start, 100)
    (50, False)
    >>> chess = get_game("aeroplane-chess")
    >>> s = limit_state(chess.new_game(2), 1)
    >>> s.turn, stopped(s, 1)
    (1, False)
"""

from __future__ import annotations

from typing import Any, Final, TypeVar

import attrs

from astroplane.protocol import Game, State, game_of

__all__ = [
    "TURN_LIMIT_UNITS",
    "check_max_turns",
    "limit_state",
    "limit_unit",
    "stopped",
    "stopped_words",
]

S = TypeVar("S", bound="State[Any]")

#: The units a turn-limit rule may count.
TURN_LIMIT_UNITS: Final = ("turn", "round")

#: The unit of the bundled games whose ``Game`` does not name it (``turn_limit_unit``).
_BUNDLED_UNITS: Final = {"starcastles": "round"}


def check_max_turns(max_turns: object) -> int:
    """``max_turns`` when it is a positive ``int`` (not a ``bool``).

    Raises:
        ValueError: Otherwise, naming the value.

    Examples:
        >>> check_max_turns(40)
        40
        >>> check_max_turns(0)
        Traceback (most recent call last):
        ...
        ValueError: max_turns is a positive number of turns, not 0
    """
    if isinstance(max_turns, bool) or not isinstance(max_turns, int) or max_turns < 1:
        raise ValueError(f"max_turns is a positive number of turns, not {max_turns!r:.40}")
    return max_turns


def limit_unit(game: Game[Any, Any]) -> str:
    """What the number ``game.with_turn_limit`` takes counts: ``"turn"`` or ``"round"``.

    Raises:
        ValueError: If the game names another unit.

    Examples:
        >>> from astroplane.protocol import get_game
        >>> limit_unit(get_game("astroplane")), limit_unit(get_game("starcastles"))
        ('turn', 'round')
    """
    unit = getattr(game, "turn_limit_unit", None) or _BUNDLED_UNITS.get(game.name, "turn")
    if unit not in TURN_LIMIT_UNITS:
        raise ValueError(f"{game.title}: turn_limit_unit is 'turn' or 'round', not {unit!r:.40}")
    return str(unit)


def _rule_argument(game: Game[Any, Any], state: State[Any], max_turns: int) -> int | None:
    """The number to give ``with_turn_limit`` so that the game ends by turn ``max_turns``,
    or None when its rule cannot end it there (the tool stops the game then)."""
    if limit_unit(game) == "turn":
        return max_turns
    players = len(state.seats)
    rounds = max_turns // players
    if rounds < 1:
        return None
    return rounds * max(game.player_counts)


def limit_state(state: S, max_turns: int, game: Game[Any, Any] | None = None) -> S:
    """``state`` with its game's turn-limit rule set so that the game is over when turn
    ``max_turns`` is over at the latest (see the module docstring for each game).

    The state is returned unchanged when the game has no such rule, when the rule cannot
    express the limit, or when the state has no ``rules`` to set (an ``attrs`` class with
    a ``rules`` field): the tool then stops the game itself (``stopped``).

    Args:
        state: Any state of the ``State`` protocol, at the start or in the middle of a game.
        max_turns: The last turn that may be played, a positive ``int``.
        game: The state's game (default: the registered one, ``game_of(state)``).

    Raises:
        ValueError: If ``max_turns`` is not a positive ``int``.
    """
    check_max_turns(max_turns)
    game = game_of(state) if game is None else game
    rules = getattr(state, "rules", None)
    if game.with_turn_limit is None or rules is None or not attrs.has(type(state)):
        return state
    argument = _rule_argument(game, state, max_turns)
    if argument is None:
        return state
    try:
        limited = game.with_turn_limit(rules, argument)
        return attrs.evolve(state, rules=limited)  # type: ignore[misc]
    except ValueError:  # beyond what the rule takes (Square Off: 100,000 turns [SO6])
        return state


def stopped(state: State[Any], max_turns: int | None) -> bool:
    """True when a tool must stop before playing on from ``state``: it is not over and
    turn ``max_turns`` is over (``state.turn > max_turns``). Always False without a limit.

    Examples:
        >>> from astroplane.protocol import get_game
        >>> s = get_game("aeroplane-chess").new_game(2)
        >>> stopped(s, 1), stopped(s, None)
        (False, False)
    """
    return max_turns is not None and not state.is_over and state.turn > max_turns


def stopped_words(game: Game[Any, Any], max_turns: int) -> str:
    """How a game a tool stopped at its turn limit ended, in words (``stopped`` was true).

    Examples:
        >>> from astroplane.protocol import get_game
        >>> stopped_words(get_game("aeroplane-chess"), 40)
        'stopped when turn 40 was over (the turn limit): Aeroplane Chess has no turn-limit \
rule, so nobody won'
    """
    why = (
        "has no turn-limit rule"
        if game.with_turn_limit is None
        else "cannot end a game there by its own turn-limit rule"
    )
    return (
        f"stopped when turn {max_turns} was over (the turn limit): {game.title} {why}, "
        "so nobody won"
    )
