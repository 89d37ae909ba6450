"""The conformance suite: the contracts every rule set (and every game) must keep.

Give it a rule set — a shipped preset, an option combination, your own variant — and it
plays seeded random games and checks, at every state:

* ``legal_moves()`` is deterministic (a rebuilt equal state lists the same moves, in
  the same order) and has no duplicates;
* ``play`` never changes the state it is called on, and every legal move plays;
* moves that are not legal (legal elsewhere in the game, but not here) raise a
  ``ValueError`` subclass and change nothing;
* the events of a move replay to the board after it (when the game has events);
* position text and JSON read back equal;
* a finished game's ``returns()`` are values 0..1, not all 0, and the game's own
  invariants hold (for ASTROPLANE: the winners have the highest score unless a true
  win, the piece index agrees with the stacks);
* every game ends under the turn limit;
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
  other games' states, huge drawing sizes, impossible counters, duplicated set items.

It is written against ``astroplane.protocol`` only, so it checks any registered game. The
package's modules: ``conformance`` (the main run), ``hostile`` (the hostile checks),
``inputs`` (the mutators and probes, also used by ``benchmarks/fuzz.py``), ``forgeries``
(the hostile Python values), ``report``.

Examples:
    >>> from astroplane import STANDARD
    >>> report = check_conformance(STANDARD, players=(2,), games=1, max_turns=6, hostile=0)
    >>> report.ok, report.games
    (True, 1)
"""

from __future__ import annotations

from astroplane.testing.conformance import assert_conformance, check_conformance
from astroplane.testing.hostile import (
    ReadOutcome,
    check_hostile,
    check_input,
    loadable_games,
    seed_corpus,
)
from astroplane.testing.inputs import (
    CONFUSABLES,
    DEFAULT_CHECKS,
    HOSTILE_CHARS,
    HOSTILE_CHECKS,
    READERS,
    TURN_BOUND,
    hostile_probes,
    lasting_game,
    mutate_data,
    mutate_text,
)
from astroplane.testing.report import ConformanceError, ConformanceReport

__all__ = [
    "CONFUSABLES",
    "DEFAULT_CHECKS",
    "HOSTILE_CHARS",
    "HOSTILE_CHECKS",
    "READERS",
    "TURN_BOUND",
    "ConformanceError",
    "ConformanceReport",
    "ReadOutcome",
    "assert_conformance",
    "check_conformance",
    "check_hostile",
    "check_input",
    "hostile_probes",
    "lasting_game",
    "loadable_games",
    "mutate_data",
    "mutate_text",
    "seed_corpus",
]
