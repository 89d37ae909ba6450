"""Aeroplane Chess keeps the contracts of the shared conformance suite (astroplane.testing),
with no special case for the game or its dice."""

from __future__ import annotations

import pytest

from astroplane.games.aeroplane_chess import PRESETS
from astroplane.testing import assert_conformance


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_every_preset_passes_the_conformance_suite(name: str) -> None:
    """Every Aeroplane Chess preset passes the same conformance suite as ASTROPLANE's rules:
    deterministic legal moves and chance outcomes, immutable states, text and JSON round
    trips, illegal moves rejected, games that end."""
    rules = PRESETS[name]
    players = (4,) if rules.teams else (2, 3, 4)  # team play is for four [AC26]
    # The game has no turn-limit rule: a limit far above a race's length (random 4-player
    # games take 300-500 turns) lets every game run to its end, which is checked too.
    report = assert_conformance(
        rules, game="aeroplane-chess", players=players, games=1, max_turns=2000
    )
    assert report.games == len(players) and report.plies > 100 * len(players)
