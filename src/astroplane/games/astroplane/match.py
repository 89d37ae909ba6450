"""ASTROPLANE's match play (rules page: Scores and winners; rulebook: How To Win): the
game's own scoring for the generic ``astroplane.match.Match``.

A true win scores 8 points for the winner and 0 for everyone else; any other game adds
each player's game score (``MATCH_POINTS``). ``start_match`` starts a match to the rules'
``match_target`` with that scoring.

Examples:
    >>> import attrs
    >>> from astroplane import STANDARD, new_game, setup_position, parse_move
    >>> m = start_match(new_game(2, rules=attrs.evolve(STANDARD, match_target=15)))
    >>> m
    Match(target=15, seats=(0, 2), scoring=match_points, totals=(0, 0), games=0)

    S tops the last Singularity cell: a true win, 8 points to S.

    >>> s = setup_position(
    ...     stacks={"e5.ne": ["S1"], "f5.nw": ["S2"], "e6.se": ["S3"], "g7.sw": ["S4"],
    ...             "Nl": ["N1"]},
    ...     eliminated=[(f"S{n}", "N") for n in range(5, 11)])
    >>> won = s.play(parse_move(s, "g7sw-f6sw"))
    >>> won.outcome.seat_scores, MATCH_POINTS(won)
    ((8, 18), (8, 0, 0, 0))
    >>> m.add(won).totals
    (8, 0)
"""

from __future__ import annotations

from astroplane.games.astroplane.state import GameState
from astroplane.match import Match, Scoring

__all__ = ["MATCH_POINTS", "Match", "match_points", "start_match"]


def match_points(final: GameState) -> tuple[int, int, int, int]:
    """The match points of a finished ASTROPLANE game, per seat number like ``returns()``:
    8 for the winner of a true win and 0 for the others, otherwise each seat's game score
    (``Outcome.match_points``; rulebook: How To Win).

    Raises:
        ValueError: If the game is not over.
    """
    if final.outcome is None:
        raise ValueError("the game is not over: it has no match points yet")
    return final.outcome.match_points()


#: ASTROPLANE's scoring for ``astroplane.match.Match`` (rulebook: How To Win).
MATCH_POINTS: Scoring = match_points


def start_match(state: GameState, target: int | None = None) -> Match:
    """A match of ASTROPLANE for the seats of ``state``, to ``target`` points (default:
    the rules' ``match_target``), scored by ``MATCH_POINTS``.

    Raises:
        ValueError: If no ``target`` is given and the rules have no ``match_target``.
    """
    if target is None:
        target = state.rules.match_target
    if target is None:
        raise ValueError("these rules have no match_target: give the match a target")
    return Match(target, seats=state.seats, scoring=MATCH_POINTS)
