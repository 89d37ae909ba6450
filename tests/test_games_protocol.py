"""What the protocol declares, checked for every registered game with the suite the wheel
ships (``astroplane.testing``: so a plug-in's author runs the same checks with
``astroplane check``), and what only the bundled games promise on top."""

from __future__ import annotations

import os
import pickle
import subprocess
import sys

import pytest

from astroplane.protocol import games
from astroplane.testing import check_declarations, check_readers

GAMES = sorted(games())
BUNDLED = ("aeroplane-chess", "astroplane", "square-off", "starcastles")


@pytest.mark.parametrize("name", GAMES)
def test_the_declarations_hold(name: str) -> None:
    """``first``, player counts, another game's state refused by every hook, the turn
    limit, the evaluation, pickling, variants, partners, records and the drawing: what
    the game declares is what it does (``check_declarations``)."""
    report = check_declarations(name, seed=3)
    assert report.ok, report
    assert report.states >= 10


@pytest.mark.parametrize("name", GAMES)
def test_readers_refuse_impossible_states(name: str) -> None:
    """Well-formed edits of what the game writes read as valid states or are refused
    (``check_readers``)."""
    report = check_readers(name, seed=5, edits=150)
    assert report.ok, report


@pytest.mark.parametrize("name", BUNDLED)
def test_a_last_move_that_is_no_move_of_the_game_is_a_drawing_error(name: str) -> None:
    """``astroplane.svg.board(state, last_move=...)`` with a text, a number, any object or
    a move of another game raises ``DrawingError`` (a ``ValueError``): the bundled games
    refuse such a move (a plug-in may draw it as no move)."""
    from astroplane import svg
    from astroplane.errors import DrawingError

    state = games()[name].new_game(2)
    stranger = games()["square-off" if name != "square-off" else "astroplane"]
    foreign = stranger.new_game(2).legal_moves()[0]
    for junk in ("e2", 3, 2.5, object(), foreign):
        with pytest.raises(DrawingError):
            svg.board(state, last_move=junk)


@pytest.mark.parametrize("name", BUNDLED)
def test_the_bundled_drawings_take_a_size(name: str) -> None:
    """The bundled games' drawings are drawn at the ``size`` asked for."""
    from astroplane import svg

    state = games()[name].new_game(2)
    assert 'width="321"' in svg.board(state, size=321)


def test_a_state_pickled_in_another_process_keeps_its_hash() -> None:
    """A state pickled by a process with another string-hash seed comes back equal and
    with this process's hash, so a worker's states find their entries in a cache."""
    script = (
        "import pickle, sys\n"
        "from astroplane.protocol import get_game\n"
        "out = {}\n"
        f"for n in {BUNDLED!r}:\n"
        "    s = get_game(n).new_game(2)\n"
        "    out[n] = s.play(s.legal_moves()[0])\n"
        "sys.stdout.buffer.write(pickle.dumps(out))\n"
    )
    env = {**os.environ, "PYTHONHASHSEED": "12345"}
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, env=env, check=True, timeout=120
    )
    theirs = pickle.loads(done.stdout)
    for name in BUNDLED:
        start = games()[name].new_game(2)
        ours = start.play(start.legal_moves()[0])
        assert theirs[name] == ours and hash(theirs[name]) == hash(ours), name


def test_team_play_is_checked() -> None:
    """Aeroplane Chess's ``teams`` preset gives partners, so ``check_declarations``'s
    partners check has teams to look at (and passes)."""
    chess = games()["aeroplane-chess"]
    start = chess.new_game(4, rules=chess.rules_from_text("teams"))
    assert [chess.partners(start, s) for s in start.seats] == [(2,), (3,), (0,), (1,)]
