"""Every registered game passes the conformance suite with its standard rules (as
OpenSpiel's games_sim_test runs over registered_games()): a game added to the registry,
bundled or installed, is checked here without a test file of its own."""

from __future__ import annotations

import pytest

from astroplane.protocol import games
from astroplane.testing import assert_conformance


@pytest.mark.parametrize("name", sorted(games()))
def test_every_registered_game_conforms(name: str) -> None:
    """Random games of every player count keep the protocol's contracts (deterministic
    legal moves, immutability, illegal moves rejected, formats round-trip, returns) and
    end within the bound."""
    report = assert_conformance(game=name, games=1, max_turns=200, seed=11)
    assert report.games == len(games()[name].player_counts)
    assert report.plies > 0
