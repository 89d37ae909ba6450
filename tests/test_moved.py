"""ASTROPLANE's old module paths (before it moved into ``astroplane.games.astroplane``)
keep working for one release, with a ``DeprecationWarning`` (issue 20)."""

from __future__ import annotations

import importlib
import pickle
import subprocess
import sys
import warnings

import pytest

import astroplane as ap
from astroplane._moved import MOVED, new_name


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("astroplane.state", "astroplane.games.astroplane.state"),
        ("astroplane.rules", "astroplane.games.astroplane.rules"),
        ("astroplane.rules.movegen", "astroplane.games.astroplane.rules.movegen"),
        ("astroplane.formats.record", "astroplane.games.astroplane.formats.record"),
        ("astroplane.topology", "astroplane.games.astroplane.topology"),
    ],
)
def test_an_old_path_warns_and_is_the_module_at_the_new_path(old: str, new: str) -> None:
    """Importing an old path warns, naming the new one, and gives the very module there
    (not a copy: its classes are the same objects), with the new module's own spec."""
    sys.modules.pop(old, None)
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        module = importlib.import_module(old)
    assert f"{old} moved to {new}" in [
        str(w.message).split(";")[0] for w in seen if w.category is DeprecationWarning
    ]
    assert module is importlib.import_module(new)
    assert module.__spec__ is not None and module.__spec__.name == new


def test_old_from_imports_give_the_same_classes() -> None:
    """``from astroplane.state import GameState`` is ``astroplane.GameState``, so
    isinstance checks in old code keep working."""
    sys.modules.pop("astroplane.state", None)
    with pytest.warns(DeprecationWarning):
        from astroplane.state import GameState
    assert GameState is ap.GameState
    assert isinstance(ap.new_game(2), GameState)


def test_an_old_submodule_as_an_attribute_warns_too() -> None:
    """``astroplane.setup`` (an attribute, as old code read it after an import) warns and
    gives the module."""
    sys.modules.pop("astroplane.setup", None)
    vars(ap).pop("setup", None)
    with pytest.warns(DeprecationWarning, match="astroplane.setup moved"):
        module = ap.setup
    assert (
        module.SEATS_BY_COUNT
        is importlib.import_module("astroplane.games.astroplane.setup").SEATS_BY_COUNT
    )


def test_states_pickle_under_the_new_path_and_unpickle() -> None:
    """A state pickles by its class's new module and comes back equal."""
    state = ap.new_game(3)
    data = pickle.dumps(state)
    assert b"astroplane.games.astroplane.state" in data
    assert pickle.loads(data) == state


def test_only_the_moved_modules_are_aliased() -> None:
    """The framework's own modules and the other games are not touched by the alias."""
    assert new_name("astroplane.protocol") is None
    assert new_name("astroplane.games.square_off") is None
    assert new_name("astroplane.kit.records") is None
    assert new_name("astroplanets.state") is None
    assert all(new_name(f"astroplane.{m}") == f"astroplane.games.astroplane.{m}" for m in MOVED)


def test_the_library_itself_imports_no_old_path() -> None:
    """Using every game and tool raises no DeprecationWarning (run with warnings as
    errors in a fresh interpreter)."""
    code = (
        "import astroplane as ap, astroplane.svg, astroplane.agents, astroplane.mcts, "
        "astroplane.testing, astroplane.cli.app\n"
        "from astroplane.protocol import games\n"
        "for name, g in sorted(games().items()):\n"
        "    s = g.new_game(g.player_counts[0]); g.position_to_text(s); g.to_json(s)\n"
        "ap.svg.board(ap.new_game(4))\n"
    )
    done = subprocess.run(
        [sys.executable, "-W", "error::DeprecationWarning", "-c", code],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-2000:]
