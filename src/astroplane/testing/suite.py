"""The whole suite of a game in one call (``check_game``, ``assert_game``), as
``astroplane check --plugin FILE --game NAME`` runs it: what the repository's own tests
run over every registered game, shipped in the wheel so a plug-in's author runs the same.

Its parts, each a ``ConformanceReport`` in the ``GameReport``:

* ``conformance``: seeded random games of every player count, checked state by state
  (``check_conformance``), then the hostile-input checks (``check_hostile``);
* ``declarations``: what the game declares against what it does (``check_declarations``,
  the drawing included);
* ``readers``: readers refuse well-formed but impossible states (``check_readers``).

In a test suite::

    from astroplane.testing import assert_game

    def test_my_game_conforms():
        assert_game(MY_GAME)

Examples:
    >>> report = check_game("tic-tac-toe", games=2, hostile=2, edits=20)
    >>> report.ok, [name for name, _part in report.parts]
    (True, ['conformance', 'declarations', 'readers'])
"""

from __future__ import annotations

from typing import Any

from astroplane.protocol import Game, get_game
from astroplane.testing.conformance import check_conformance
from astroplane.testing.declarations import check_declarations
from astroplane.testing.readers import check_readers
from astroplane.testing.report import ConformanceError, GameReport

__all__ = ["assert_game", "check_game"]


def check_game(
    game: str | Game[Any, Any],
    *,
    rules: Any = None,
    games: int = 5,
    seed: int = 0,
    max_turns: int = 60,
    hostile: int = 10,
    edits: int = 200,
) -> GameReport:
    """Run every check of the suite on ``game``.

    Args:
        game: The game, by registered name or as a ``Game``. An unregistered ``Game`` is
            checked too, but tools that find a game by name (``astroplane.svg.board``) are
            then left out, with a note.
        rules: The rules of the random games (None: the standard rules).
        games: Random games per player count (``check_conformance``).
        seed: The seed of every random choice: one seed, one run.
        max_turns: The turn limit set on the rules (``with_turn_limit``) for those games.
        hostile: Mutated inputs per reader (``check_hostile``; 0 skips it).
        edits: Edited inputs per state reader (``check_readers``).

    Returns:
        The report of every part (``report.ok``, ``report.problems``, ``str(report)``).

    Raises:
        ValueError: If the game is unknown.
    """
    g = get_game(game) if isinstance(game, str) else game
    conformance = check_conformance(
        rules, game=g, games=games, seed=seed, max_turns=max_turns, hostile=hostile
    )
    return GameReport(
        g.name,
        (
            ("conformance", conformance),
            ("declarations", check_declarations(g, seed=seed)),
            ("readers", check_readers(g, rules=rules, seed=seed, edits=edits)),
        ),
    )


def assert_game(game: str | Game[Any, Any], **options: Any) -> GameReport:
    """``check_game`` for test suites: raise on any problem.

    Raises:
        ConformanceError: If a check failed (its message lists the problems).
    """
    report = check_game(game, **options)
    if not report.ok:
        raise ConformanceError(report)
    return report
