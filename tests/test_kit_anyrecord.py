"""Records for a game that brings none (astroplane.kit.anyrecord): every registered game
can be recorded and replayed by the tools, the example game included (issue 20)."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from astroplane.errors import NotationError
from astroplane.kit.anyrecord import record_format, record_functions
from astroplane.kit.gamerecord import Record
from astroplane.protocol import games, get_game, sample_chance

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "games" / "tictactoe.py"


def _play(game: Any, seed: int, plies: int, players: int) -> tuple[Any, list[Any]]:
    rng = random.Random(seed)
    s = start = game.new_game(players)
    moves: list[Any] = []
    for _ in range(plies):
        if s.is_over:
            break
        m = sample_chance(s, rng) if s.is_chance_node else rng.choice(s.legal_moves())
        moves.append(m)
        s = s.play(m)
    return start, moves


@pytest.mark.parametrize("name", sorted(games()))
def test_the_kit_record_of_any_game_reads_back(name: str) -> None:
    """For every registered game (even those with a record of their own), the record the
    kit makes from its Game alone writes and reads back every game, every player count."""
    game = get_game(name)
    fmt = record_format(game)
    cls = type("Probe", (Record,), {"__slots__": (), "FORMAT": fmt})
    for players in game.player_counts:
        start, moves = _play(game, seed=players, plies=40, players=players)
        text = cls.from_game(start, moves, event="probe").to_text()
        again = cls.from_text(text)
        assert (again.initial, again.moves) == (start, tuple(moves))


def test_a_game_with_its_own_records_keeps_them() -> None:
    """record_functions gives a game's own record functions when it has them."""
    game = get_game("square-off")
    assert record_functions(game) == (game.record_to_text, game.record_from_text)


def test_the_example_game_gets_a_readable_record() -> None:
    """Tic-tac-toe has no record format: the kit's record writes one line per round and a
    Result from the returns, and refuses an illegal move naming its round and line."""
    game = get_game("tic-tac-toe")
    to_text, from_text = record_functions(game)
    start = game.new_game(2)
    text = to_text(start, [4, 0, 8, 2, 1, 7, 6, 5, 3], {})
    assert text.splitlines()[1:] == ['[Result "draw"]', "", "1. b2 a1", "2. c3 c1",
                                     "3. b1 b3", "4. a3 c2", "5. a2"]  # fmt: skip
    with pytest.raises(NotationError, match="line 4"):
        from_text('[Game "tic-tac-toe"]\n[Result "*"]\n\n1. b2 b2\n')
    with pytest.raises(NotationError, match="aeroplane-chess"):
        from_text('[Game "aeroplane-chess"]\n\n1. b2\n')


def test_selfplay_and_replay_record_a_plug_in_game(tmp_path: Path) -> None:
    """``selfplay --record`` writes the example game's records and ``replay`` reads them:
    the command line records any game without code of its own for it."""
    base = [sys.executable, "-m", "astroplane", "--plugin", str(EXAMPLE)]
    done = subprocess.run(
        [*base, "selfplay", "--game", "tic-tac-toe", "--games", "2", "--seed", "4",
         "--record", str(tmp_path)],
        capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    records = sorted(tmp_path.iterdir())
    assert len(records) == 2
    done = subprocess.run(
        [*base, "replay", str(records[0])], capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr
    assert "every move is legal" in done.stdout
