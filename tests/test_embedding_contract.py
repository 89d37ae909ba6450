"""What a frontend gets from every registered game (``games()``: the bundled games and any
plug-in) the same way: JSON that names its game, and an SVG drawing whose root says its
size and what it shows (docs/embedding.md)."""

from __future__ import annotations

import json
import random
import xml.etree.ElementTree as ET
from typing import Any

import pytest

from astroplane.protocol import Game, games, sample_chance

GAMES = sorted(games())
SVG = "{http://www.w3.org/2000/svg}"


def _states(game: Game[Any, Any], seed: int, plies: int = 12) -> list[Any]:
    """A new game of each player count and the states of a short seeded random playout."""
    rng = random.Random(seed)
    out = []
    for players in game.player_counts:
        state = game.new_game(players)
        out.append(state)
        for _ in range(plies):
            if state.is_over:
                break
            if state.is_chance_node:
                state = state.play(sample_chance(state, rng))
            else:
                state = state.play(rng.choice(state.legal_moves()))
            out.append(state)
    return out


@pytest.mark.parametrize("name", GAMES)
def test_every_json_document_names_its_game(name: str) -> None:
    """A state's JSON starts with ``format_version``, ``game`` (the registry name) and
    ``type``, and reads back."""
    game = games()[name]
    if game.to_json is None:
        pytest.skip(f"{name} has no JSON (records start from a new game)")
    assert game.from_json is not None
    for state in _states(game, seed=11):
        data = json.loads(game.to_json(state))
        assert list(data)[:3] == ["format_version", "game", "type"], data
        assert data["game"] == name and data["type"] == "state"
        assert game.from_json(game.to_json(state)) == state


@pytest.mark.parametrize("name", GAMES)
def test_every_drawing_root_has_a_size_a_role_and_a_title(name: str) -> None:
    """The ``<svg>`` root has ``width``, ``height`` (pixels, in the ``viewBox``'s
    proportion), a four-number ``viewBox``, ``role="img"`` and a non-empty ``<title>`` as
    its first child."""
    game = games()[name]
    if game.render_svg is None:
        pytest.skip(f"{name} has no drawing")
    for state in _states(game, seed=12, plies=6):
        root = ET.fromstring(game.render_svg(state))
        assert root.tag == f"{SVG}svg"
        box = [float(x) for x in root.get("viewBox", "").split()]
        assert len(box) == 4 and box[2] > 0 and box[3] > 0
        width, height = int(root.get("width", "0")), int(root.get("height", "0"))
        assert width > 0 and height > 0
        assert abs(height - width * box[3] / box[2]) <= 1, (width, height, box)
        assert root.get("role") == "img"
        first = root[0]
        assert first.tag == f"{SVG}title" and (first.text or "").strip(), first.tag
