"""The conformance suite: the contracts every rule set (and every game) must keep.

``check_game(game)`` (``assert_game`` in a test; ``astroplane check --plugin FILE --game
NAME`` on the command line) runs all of it on a game: the checks below, what the game
declares against what it does (``check_declarations``: ``first``, player counts, another
game's state refused, the turn limit, the evaluation, pickling, variants, partners,
records, the drawing, the JSON Schema) and readers refusing well-formed but impossible states
(``check_readers``). Every problem starts with the name of its check; docs/writing-a-game.md
says what each means. ``check_conformance`` alone is the seeded random play:

Give it a rule set — a shipped preset, an option combination, your own variant — and it
plays seeded random games and checks, at every state:

* ``legal_moves()`` is deterministic (a rebuilt equal state lists the same moves, in
  the same order) and has no duplicates;
* every state is one (``astroplane.testing.states``): seats, the seat to move, returns in
  the game type's range and all 0 while the game goes on, no moves once it is over;
  chance nodes whose probabilities sum to 1 over exactly the legal moves (and a game
  whose type says chance reaches them); a turn number that starts at 1 and advances;
* the action encoding is a bijection over the legal moves, ``action_to_move`` is its
  inverse and refuses numbers of no legal move; the observation fills its shape with
  values 0..1 (``astroplane.testing.encoding``);
* ``play`` never changes the state it is called on, and every legal move plays;
* moves that are not legal (legal elsewhere in the game, but not here) raise a
  ``ValueError`` subclass and change nothing;
* the events of a move replay to the board after it (when the game has events);
* position text and JSON read back equal;
* a finished game's ``returns()`` sum as the game type declares (a draw shares the win
  of a constant-sum game), also for every finished state one move off the game played,
  and the game's own invariants hold (for ASTROPLANE: the winners have the highest score
  unless a true win, the piece index agrees with the stacks);
* every game ends under the turn limit and within the game's declared length bound;
* hostile input (``check_hostile``, run by ``check_conformance`` unless ``hostile=0``):
  junk, other games' moves and ``float``/``bool`` twins of legal moves given to ``play``
  raise a ``ValueError`` subclass and change nothing; every format the game offers
  (position text, JSON text, ``to_dict`` data, record text, rules text, move text),
  written for random states and then mutated (``mutate_text``, ``mutate_data``), reads
  either as a valid value (the game's invariants hold, it writes and reads back equal, its
  legal moves play) or raises the format's own error, a ``ValueError`` subclass, never a
  ``TypeError``, ``KeyError``, ``RecursionError`` or the like; a state in the last turn
  the readers allow (``TURN_BOUND``) plays to an end that writes and reads back; hostile
  Python values (``forgeries``): forged moves, ``int`` and ``str`` subclasses that lie,
  huge drawing sizes, impossible counters, duplicated set items.

It is written against ``astroplane.protocol`` only, so it checks any registered game. The
package's modules: ``suite`` (``check_game``), ``conformance`` (the main run), ``states``
and ``encoding`` (its checks of one state), ``declarations`` and ``drawing`` (a game as a
whole), ``readers``, ``hostile`` (the hostile checks), ``inputs`` (the mutators and
probes, also used by ``benchmarks/fuzz.py``), ``forgeries`` (the hostile Python values),
``formats``, ``schema`` (a declared JSON Schema against the game's JSON), ``report``, and
``core`` (a packed core against the states).

Examples:
    >>> from astroplane import STANDARD
    >>> report = check_conformance(STANDARD, players=(2,), games=1, max_turns=6, hostile=0)
    >>> report.ok, report.games
    (True, 1)
"""

from __future__ import annotations

from astroplane.testing.conformance import assert_conformance, check_conformance
from astroplane.testing.declarations import check_declarations
from astroplane.testing.hostile import (
    ReadOutcome,
    check_hostile,
    check_input,
    loadable_games,
    seed_corpus,
)
from astroplane.testing.inputs import (
    CONFUSABLES,
    HOSTILE_CHARS,
    HOSTILE_CHECKS,
    READERS,
    TURN_BOUND,
    hostile_probes,
    lasting_game,
    mutate_data,
    mutate_text,
)
from astroplane.testing.readers import check_readers
from astroplane.testing.report import ConformanceError, ConformanceReport, GameReport
from astroplane.testing.suite import assert_game, check_game

__all__ = [
    "CONFUSABLES",
    "HOSTILE_CHARS",
    "HOSTILE_CHECKS",
    "READERS",
    "TURN_BOUND",
    "ConformanceError",
    "ConformanceReport",
    "GameReport",
    "ReadOutcome",
    "assert_conformance",
    "assert_game",
    "check_conformance",
    "check_declarations",
    "check_game",
    "check_hostile",
    "check_input",
    "check_readers",
    "hostile_probes",
    "lasting_game",
    "loadable_games",
    "mutate_data",
    "mutate_text",
    "seed_corpus",
]
