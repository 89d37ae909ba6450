"""The SVG drawing [SC22]: a well-formed document where every point and every module of
every stack has its id (under a prefix when asked), with destinations, gems, control and
the last move marked."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest
from hypothesis import given
from sc_helpers import players_st, playout, pos, seeds_st

from astroplane.games.starcastles import STARCASTLES_GAME, Move, new_game, render_svg
from astroplane.games.starcastles.stacks import stack_text


def _ids(doc: str) -> list[str]:
    root = ET.fromstring(doc)
    return [e.attrib["id"] for e in root.iter() if "id" in e.attrib]


@given(seeds_st, players_st)
def test_every_point_and_module_has_its_id(seed: int, players: int) -> None:
    """In states of random games, the drawing is well-formed XML with one ``pt-`` id per
    point, one ``mod-<point>-<kind>`` id per module on the board, one ``gem-`` per gem in
    play, one ``ctrl-`` per controlled castle, one ``dest-`` per player; no id twice."""
    states, _moves = playout(seed, players, max_plies=150)
    state = states[-1]
    ids = _ids(render_svg(state))
    assert len(ids) == len(set(ids))
    names = state.board.names
    assert sorted(i for i in ids if i.startswith("pt-")) == sorted(f"pt-{n}" for n in names)
    modules = sorted(
        f"mod-{names[p]}-{stack_text(c)[i]}"
        for p, c in enumerate(state.cells)
        for i in range(0, len(stack_text(c)), 2)
    )
    assert sorted(i for i in ids if i.startswith("mod-")) == modules
    assert sum(i.startswith("gem-") for i in ids) == sum(g >= 0 for g in state.gems)
    assert sum(i.startswith("ctrl-") for i in ids) == bin(state.controlled).count("1")
    assert sorted(i for i in ids if i.startswith("dest-")) == [f"dest-{i}" for i in range(players)]


def test_a_stack_shows_each_module_in_its_owners_colour_and_its_text() -> None:
    """A three-module stack of two players draws three shapes, filled with the owners'
    palette colours, and writes the stack text."""
    doc = render_svg(pos({"e3": "P0B1S0"}, controlled=["e3"]))
    fills = dict(re.findall(r'id="mod-e3-([PBS])"[^>]*fill="(#[0-9A-Fa-f]{6})"', doc))
    assert fills == {"P": "#0072B2", "B": "#E69F00", "S": "#0072B2"}
    assert ">P0B1S0</text>" in doc and 'id="ctrl-e3"' in doc


def test_ids_go_under_a_prefix() -> None:
    """With a prefix every id starts with it; a prefix that is no token is refused."""
    ids = _ids(render_svg(new_game(3).play(Move.gem(18)), prefix="left"))
    assert ids and all(i.startswith("left-") for i in ids)
    assert "left-gem-e3" in ids
    with pytest.raises(ValueError, match="id prefix"):
        render_svg(new_game(2), prefix="a b")


def test_the_last_move_is_marked() -> None:
    """The last move is an arrow (a ring for a gem, nothing for a pass); a move that is
    no move of this board is refused."""
    s = new_game(2)
    move = s.legal_moves()[0]
    assert 'id="last-move"' in render_svg(s.play(move), last=move)
    assert 'id="last-move"' in render_svg(s.play(Move.gem(18)), last=Move.gem(18))
    assert 'id="last-move"' not in render_svg(s, last=Move.PASS)
    assert 'id="last-move"' not in render_svg(s)
    with pytest.raises(ValueError, match="last is a move"):
        render_svg(s, last=Move.gem(100))


def test_the_registered_game_draws_with_it() -> None:
    """``Game.render_svg`` is this drawing, labelled with the position text."""
    assert STARCASTLES_GAME.render_svg is not None
    doc = STARCASTLES_GAME.render_svg(new_game(2))
    assert doc.startswith("<svg") and "<title>StarCastles: starcastles 03" in doc
