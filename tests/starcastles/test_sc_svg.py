"""The SVG drawing [SC22]: a well-formed document where every point and every module of
every stack has its id (under a prefix when asked), with destinations, gems, control and
the last move marked."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest
from hypothesis import given, settings
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


# ---- the layout: stack texts and point names clear of each other and of the shapes -------


def _text_boxes(doc: str) -> tuple[list[tuple[float, ...]], list[tuple[float, ...]]]:
    """The boxes (left, top, right, bottom) of the stack texts (written with a halo) and
    of the point names (grey), from their centre, font size and length: a glyph is at
    most 0.62 em wide, from 0.37 em above the centre to 0.35 em below (``dy=".35em"``)."""
    labels, names = [], []
    for e in ET.fromstring(doc).iter("{http://www.w3.org/2000/svg}text"):
        x, y, size = (float(e.attrib[k]) for k in ("x", "y", "font-size"))
        half = len(e.text or "") * 0.62 * size / 2
        box = (x - half, y - 0.37 * size, x + half, y + 0.35 * size)
        if "stroke" in e.attrib:
            labels.append(box)
        elif e.attrib["fill"] == "#7a7262":
            names.append(box)
    return labels, names


def _modules(doc: str) -> list[tuple[str, list[tuple[float, float]]]]:
    """Each module's point name and polygon corners."""
    out = []
    for e in ET.fromstring(doc).iter("{http://www.w3.org/2000/svg}polygon"):
        if e.attrib.get("id", "").startswith("mod-"):
            corners = [tuple(map(float, p.split(","))) for p in e.attrib["points"].split()]
            out.append((e.attrib["id"].split("-")[1], corners))
    return out


def _overlap(box: tuple[float, ...], corners: list[tuple[float, float]]) -> bool:
    """Whether a box and a convex polygon overlap (separating axes: the box's two and
    each polygon edge's normal)."""
    left, top, right, bottom = box
    rect = [(left, top), (right, top), (right, bottom), (left, bottom)]
    axes = [(1.0, 0.0), (0.0, 1.0)]
    for (x0, y0), (x1, y1) in zip(corners, corners[1:] + corners[:1], strict=True):
        axes.append((y0 - y1, x1 - x0))
    for ax, ay in axes:
        a = [ax * x + ay * y for x, y in rect]
        b = [ax * x + ay * y for x, y in corners]
        if max(a) <= min(b) or max(b) <= min(a):
            return False
    return True


def _boxes_overlap(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


@settings(max_examples=30)
@given(seeds_st, players_st)
def test_stack_texts_and_point_names_overlap_nothing(seed: int, players: int) -> None:
    """The play page's StarCastles stacks are labelled legibly: in states of random games,
    no stack text (``P0B0S0``) overlaps another, a point name, or the shapes of another
    point's stack, and no point name overlaps a shape (they did, on the page, before)."""
    states, _moves = playout(seed, players, max_plies=120)
    for state in (states[0], states[len(states) // 2], states[-1]):
        doc = render_svg(state)
        labels, names = _text_boxes(doc)
        assert len(labels) == sum(1 for c in state.cells if c)
        assert len(names) == len(state.board.names)
        for i, box in enumerate(labels):
            assert not any(_boxes_overlap(box, other) for other in labels[i + 1 :])
            assert not any(_boxes_overlap(box, name) for name in names)
        for point, corners in _modules(doc):
            cx = sum(x for x, _ in corners) / len(corners)
            for box in labels:
                if abs((box[0] + box[2]) / 2 - cx) > 1e-6:  # another point's text
                    assert not _overlap(box, corners), (point, box)
            assert not any(_overlap(name, corners) for name in names), point
