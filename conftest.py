"""pytest setup for the whole repository: the example variants of the docs ("Writing a
variant") and the example game ("Writing a game") are importable by the tests and doctests
as a third party imports its own modules. The example games, tic-tac-toe and Pig, are
registered for the whole run, so every test that runs over the registered games checks
them too."""

from __future__ import annotations

import sys
from pathlib import Path

EXAMPLES = Path(__file__).resolve().parent / "examples"
sys.path.insert(0, str(EXAMPLES / "variants"))
sys.path.insert(0, str(EXAMPLES / "games"))

import pig  # noqa: E402  (registers "pig")
import tictactoe  # noqa: E402  (registers "tic-tac-toe" with astroplane.protocol)

assert tictactoe.GAME.name == "tic-tac-toe" and pig.GAME.name == "pig"
