"""Game-specific worst cases for the cost section of ``benchmarks/fuzz.py`` (issue 32).

The generic cases (inputs at the size limits, one long game, many tiny games, long
headers) are the same for every reader; these are the inputs one game's rules make dear:
Square Off's threefold history, which a reader checks key by key and a replay extends at
every quiet ply. Each builder returns ``(label, input, reader, size)``: ``reader`` is None
for the target's own reader, or the function to time instead (``setup_position``, which
takes Python data with no size limit); ``size`` the input's size in characters (None:
its text, or its JSON for data).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

from astroplane.games import square_off, starcastles
from astroplane.kit import limits
from astroplane.testing import lasting_game

Case = tuple[str, Any, Callable[[Any], Any] | None, int | None]

#: Square Off with three pieces a side that fly, threefold on and no no-removal draw: a
#: game that never forms a line goes on for ever, every ply a quiet one.
QUIET = square_off.Rules(pieces=3, flying=True, threefold=True, no_removal_turns=0)
_GAMES: dict[int, tuple[Any, list[Any]]] = {}


def quiet_game(plies: int, seed: int) -> tuple[Any, list[Any]]:
    """The start and the moves of a quiet threefold game of ``plies`` plies (kept)."""
    if plies not in _GAMES:
        start = square_off.new_game(QUIET)
        rng = random.Random(seed)
        _GAMES[plies] = (start, lasting_game(start, plies, rng, avoid=lambda s: bool(s.removals)))
    return _GAMES[plies]


def _final(start: Any, moves: list[Any]) -> Any:
    s = start
    for m in moves:
        s = s.play(m)
    return s


def square_off_record(seed: int) -> list[Case]:
    """A record of one quiet threefold game just under ``MAX_RECORD_TEXT``: every ply
    extends the history (22 s for 64,000 plies before issue 32, quadratic)."""
    start, moves = quiet_game(120_000, seed)
    n = len(moves)
    while True:
        try:  # the writer refuses a record past the limit
            text = square_off.GameRecord.from_game(start, moves[:n]).to_text()
            break
        except ValueError:
            n -= n // 40
    return [(f"a threefold game of {n:,} quiet plies", text, None, None)]


def square_off_position(seed: int) -> list[Case]:
    """The position text of a state with the longest history that fits
    ``MAX_POSITION_TEXT``: every key checked, and the state's legal moves made."""
    start, moves = quiet_game(120_000, seed)
    s, best = start, ""
    for m in moves:
        s = s.play(m)
        try:
            best = square_off.position_to_text(s)
        except ValueError:  # longer than the limit: the one before is the longest
            break
    return [(f"a position of {best.count(',') + 1} history keys", best, None, None)]


def square_off_json(seed: int) -> list[Case]:
    """The JSON of a state with the longest history that fits ``MAX_JSON_TEXT`` (its
    check counted every key against every other before: 3.7 s for 255 KB)."""
    start, moves = quiet_game(120_000, seed)
    n = 9_000
    while True:
        text = square_off.to_json(_final(start, moves[:n]))
        if len(text) > limits.MAX_JSON_TEXT or n >= len(moves):
            break
        n += 500
    text = square_off.to_json(_final(start, moves[: n - 500]))
    return [(f"a state with a history of {n - 501:,} keys", text, None, None)]


def square_off_dict(seed: int) -> list[Case]:
    """``state_from_dict`` of a state with the reader's most history keys (20,000), and
    ``setup_position`` with 40,000 (Python data, no size limit: 16 s before)."""
    start, moves = quiet_game(40_001, seed)
    data = square_off.state_to_dict(_final(start, moves[:20_001]))
    state = _final(start, moves)

    def setup(s: Any) -> Any:
        return square_off.setup_position(
            s.points_of(0), s.points_of(1), in_hand=s.in_hand, to_move=s.turn_of,
            turns=s.turns, quiet=s.quiet, history=s.history[:-1], rules=s.rules,
        )  # fmt: skip

    keys = len(state.history) - 1
    return [
        (f"a state with {len(data['history']):,} history keys", data, None, None),
        (f"setup_position, {keys:,} history keys", state, setup,
         len(json.dumps(square_off.state_to_dict(state)))),
    ]  # fmt: skip


def starcastles_record(seed: int) -> list[Case]:
    """The record of a six-player StarCastles game under ``max_rounds=10000``, played at
    random for up to 30,000 plies (a game under the default 200 rounds is too short to
    show a per-MiB cost): every ply's legal moves are made to check it."""
    rules = starcastles.Rules(max_rounds=10_000)
    start = starcastles.new_game(6, rules=rules)
    moves = lasting_game(start, 30_000, random.Random(seed))
    text = starcastles.GameRecord.from_game(start, moves).to_text()
    return [(f"a six-player game of {len(moves):,} plies", text, None, None)]


#: Extra cost cases by target (``<game>:<reader>``).
EXTRA_COSTS: dict[str, Callable[[int], list[Case]]] = {
    "square-off:position": square_off_position,
    "square-off:record": square_off_record,
    "square-off:records": square_off_record,
    "square-off:json": square_off_json,
    "square-off:dict": square_off_dict,
    "starcastles:record": starcastles_record,
    "starcastles:records": starcastles_record,
}
