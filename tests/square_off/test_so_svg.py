"""Square Off's SVG drawing [SO24]: well-formed standalone SVG with stable ids for every
point, piece and piece in hand, the last move and the lines it formed marked, removable
pieces marked while a removal is pending, ids under a prefix."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest
from so_helpers import play, playout, pos

from astroplane.games.square_off import (
    BOARD,
    JUMP_OFF,
    PRESETS,
    SQUARE_OFF_GAME,
    Move,
    new_game,
    parse_move,
    render_svg,
)

NS = "{http://www.w3.org/2000/svg}"


def _ids(svg: str) -> list[str]:
    root = ET.fromstring(svg)
    return [e.attrib["id"] for e in root.iter() if "id" in e.attrib]


def test_every_point_and_piece_has_its_id() -> None:
    """pt-<point> for all 24 points, piece-<point> for each piece, hand-<seat>-<n> for
    each piece in hand; ids are unique."""
    s = play(new_game(), "a7 d2 g7")
    ids = _ids(render_svg(s))
    assert len(ids) == len(set(ids))
    assert {f"pt-{n}" for n in BOARD.names} <= set(ids)
    assert {i for i in ids if i.startswith("piece-")} == {"piece-a7", "piece-d2", "piece-g7"}
    assert sum(i.startswith("hand-W-") for i in ids) == 7
    assert sum(i.startswith("hand-B-") for i in ids) == 8


def test_pieces_carry_their_letter_and_class() -> None:
    """A piece is a group of class 'piece W' or 'piece B' with its letter, so colour is
    never the only cue."""
    root = ET.fromstring(render_svg(play(new_game(), "a7 d2")))
    groups = {g.attrib["id"]: g for g in root.iter(f"{NS}g") if "id" in g.attrib}
    assert groups["piece-a7"].attrib["class"] == "piece W"
    assert groups["piece-d2"].attrib["class"] == "piece B"
    assert [t.text for t in groups["piece-d2"].iter(f"{NS}text")] == ["B"]


def test_removable_pieces_are_marked_while_a_removal_is_pending() -> None:
    """With a removal pending, each piece that may be removed gets a removable-<point>
    ring; none otherwise."""
    s = play(new_game(), "a7 b6 d7 d6 g7")
    ids = _ids(render_svg(s, last=Move.place("g7")))
    assert sorted(i for i in ids if i.startswith("removable-")) == ["removable-b6", "removable-d6"]
    assert "formed-0" in ids and "last" in ids
    after = s.play(parse_move(s, "xb6"))
    assert not [i for i in _ids(render_svg(after)) if i.startswith("removable-")]


def test_the_last_move_is_an_arrow_for_moves_and_a_ring_for_placements() -> None:
    """A jump's last move is an arrow group (drawn under the pieces), a trade's has two
    heads and its lines formed for both sides are marked; a placement's is a ring."""
    s = pos("a1 d1 b2 c3", "a4 g1 f2 e3", rules=JUMP_OFF, in_hand=(0, 0))
    m = parse_move(s, "a1^a7")
    root = ET.fromstring(render_svg(s.play(m), last=m))
    last = next(e for e in root.iter() if e.attrib.get("id") == "last")
    assert last.tag == f"{NS}g"
    s = pos("a7 d7 a1 c3", "d1 g1 g7 e4", rules=PRESETS["trading-places"])
    m = parse_move(s, "a1<>g7")
    root = ET.fromstring(render_svg(s.play(m), last=m))
    last = next(e for e in root.iter() if e.attrib.get("id") == "last")
    assert len(list(last.iter(f"{NS}polygon"))) == 2  # a swap: two heads
    assert sum(1 for e in root.iter() if e.attrib.get("id", "").startswith("formed-")) == 2
    root = ET.fromstring(render_svg(play(new_game(), "d2"), last=Move.place("d2")))
    last = next(e for e in root.iter() if e.attrib.get("id") == "last")
    assert last.tag == f"{NS}circle"


def test_ids_take_a_prefix() -> None:
    """With a prefix, every id starts with it; a bad prefix is refused."""
    ids = _ids(render_svg(play(new_game(), "a7"), prefix="left", last=Move.place("a7")))
    assert ids and all(i.startswith("left-") for i in ids)
    with pytest.raises(ValueError, match="prefix"):
        render_svg(new_game(), prefix="1 bad")
    with pytest.raises(ValueError, match="Move"):
        render_svg(new_game(), last="a7")  # type: ignore[arg-type]


@pytest.mark.parametrize("name", list(PRESETS))
def test_any_state_draws_as_well_formed_svg(name: str) -> None:
    """Every state of a random game of each preset draws as parseable SVG with a title,
    through the Game's render_svg too."""
    assert SQUARE_OFF_GAME.render_svg is not None
    for state in playout(11, PRESETS[name])[0][::13]:
        svg = SQUARE_OFF_GAME.render_svg(state)
        root = ET.fromstring(svg)
        assert root.tag == f"{NS}svg" and root.find(f"{NS}title") is not None
