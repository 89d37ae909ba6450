"""The SVG board [AC20]: a standalone, well-formed document with a viewBox, stable ids,
colour-blind-safe colours with letters."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest
from ac_helpers import playout, pos

from astroplane.games.aeroplane_chess import Move, new_game, render_svg
from astroplane.games.aeroplane_chess.board import SQUARE_NAMES
from astroplane.games.aeroplane_chess.moves import MoveKind
from astroplane.games.aeroplane_chess.svg import FILL, INK
from astroplane.protocol import get_game

NS = "{http://www.w3.org/2000/svg}"


def _ids(svg: str) -> list[str]:
    return [e.attrib["id"] for e in ET.fromstring(svg).iter() if "id" in e.attrib]


def test_a_standalone_document_with_a_view_box() -> None:
    """The SVG parses as XML, is in the SVG namespace, has a viewBox, a title and a desc
    holding the position text."""
    root = ET.fromstring(render_svg(new_game(4)))
    assert root.tag == NS + "svg" and root.attrib["viewBox"] == "0 0 640 700"
    assert root.find(NS + "title") is not None
    desc = root.find(NS + "desc")
    assert desc is not None and desc.text == "standard RYBG R? t1 -"


def test_every_square_and_plane_in_play_has_a_stable_unique_id() -> None:
    """Ids: one per square (sq-1 .. sq-GH6), hangar, shortcut, plane in play, and the die."""
    ids = _ids(render_svg(new_game(2)))
    assert len(ids) == len(set(ids))
    assert {f"sq-{n}" for n in SQUARE_NAMES} <= set(ids)
    assert {f"plane-{c}{n}" for c in "RB" for n in range(1, 5)} <= set(ids)
    assert not any(i.startswith(("plane-Y", "plane-G")) for i in ids)
    assert {"hangar-R", "shortcut-G", "die", "status"} <= set(ids)


def test_stacks_are_outlined_and_every_state_of_a_game_draws() -> None:
    """A stack gets an outline with its id; every state of a random game gives valid XML
    with its planes' ids."""
    s = pos("RB", {"R1": "7", "R2": "7"}, stacks=[("R1", "R2")], roll=3)
    assert "stack-R1" in _ids(render_svg(s, arrows=[(6, 13)]))
    states, _ = playout(3, "RYBG", max_plies=300)
    for state in states[::25]:
        ids = _ids(render_svg(state))
        assert sum(i.startswith("plane-") for i in ids) == 16


def test_colours_are_the_okabe_ito_set_with_letters_and_readable_ink() -> None:
    """Fills are Okabe-Ito vermillion, yellow, blue, bluish green; every coloured square
    carries its colour letter; text on a fill has a contrast ratio of at least 4.5."""
    assert FILL == ("#D55E00", "#F0E442", "#0072B2", "#009E73")
    svg = render_svg(new_game(4))
    square = re.search(r'<g id="sq-14">.*?</g>', svg)
    assert square is not None and ">R</text>" in square.group()

    def luminance(hex_colour: str) -> float:
        rgb = [int(hex_colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
        lin = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb]
        return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]

    for fill, ink in zip(FILL, INK, strict=True):
        a, b = sorted((luminance(fill), luminance(ink)))
        assert (b + 0.05) / (a + 0.05) >= 4.5


def test_a_prefix_goes_on_every_id_so_two_boards_share_a_page() -> None:
    """With ``prefix="left"`` every id starts ``left-`` (``left-plane-R1``), so two drawings
    on one page have no id in common; the drawing has no stylesheet or ``<defs>`` that
    would reach the other one; a bad prefix is refused (kit ``Ids``)."""
    s = new_game(4)
    plain, left = _ids(render_svg(s)), _ids(render_svg(s, prefix="left"))
    assert left == [f"left-{i}" for i in plain]
    assert not set(plain) & set(left) and "left-plane-R1" in left
    svg = render_svg(s, prefix="left")
    assert "<style" not in svg and "<defs" not in svg and "url(#" not in svg
    with pytest.raises(ValueError, match="id prefix"):
        render_svg(s, prefix="1 bad")


def test_size_sets_the_displayed_width_and_keeps_the_proportions() -> None:
    """``size`` is the displayed width in pixels (the height follows the 640 by 700
    viewBox); by default the drawing is 640 pixels wide."""
    root = ET.fromstring(render_svg(new_game(2), size=320))
    assert (root.attrib["width"], root.attrib["height"]) == ("320", "350")
    root = ET.fromstring(render_svg(new_game(2)))
    assert (root.attrib["width"], root.attrib["height"]) == ("640", "700")


def test_the_die_shows_the_roll_or_what_is_next() -> None:
    """The die shows the roll in pips, ``?`` before a roll, ``-`` once the game is over."""

    def die(svg: str) -> ET.Element:
        return next(e for e in ET.fromstring(svg).iter() if e.attrib.get("id") == "die")

    assert len(die(render_svg(pos("RB", roll=5))).findall(NS + "circle")) == 5
    assert die(render_svg(new_game(2))).findtext(NS + "text") == "?"
    over = pos("RB", {f"R{n}": "RH6" for n in range(1, 5)}, finished=["R"], to_move="B")
    assert over.is_over and die(render_svg(over)).findtext(NS + "text") == "-"


def test_the_last_move_rings_the_square_it_ended_on() -> None:
    """last= rings the square a launch or flight ended on (the take-off square, a track
    square, the centre triangle), over the planes, under its own id; a roll or a pass
    marks nothing; the Game's render_svg passes last_move through; a non-move is refused."""
    s = pos("RB", {"R1": "RT"}, roll=4)
    fly = next(m for m in s.legal_moves() if m.kind == MoveKind.FLY)
    drawn = render_svg(s.play(fly), last=fly, prefix="x")
    ring = [e for e in ET.fromstring(drawn).iter() if e.attrib.get("id") == "x-last"]
    assert len(ring) == 1 and ring[0].attrib["class"] == "last-move"
    assert SQUARE_NAMES[fly.square] in ET.tostring(ring[0], encoding="unicode")
    assert _ids(drawn).index("x-last") > _ids(drawn).index("x-planes")
    home = pos("RB", {"R1": "RH5"}, roll=1)
    arrive = next(m for m in home.legal_moves() if m.kind == MoveKind.FLY)
    assert "polygon" in ET.tostring(
        next(e for e in ET.fromstring(render_svg(home.play(arrive), last=arrive)).iter()
             if e.attrib.get("id") == "last"), encoding="unicode")  # fmt: skip
    launch = render_svg(new_game(2), last=Move.launch("R1"))
    assert 'id="last"' in launch and ">the last move: to RT<" in launch
    for quiet in (Move.roll(6), Move.PASS, None):
        assert 'id="last"' not in render_svg(new_game(2), last=quiet)
    via_game = get_game("aeroplane-chess").render_svg
    assert via_game is not None and 'id="last"' in via_game(new_game(2), Move.launch("R1"))
    with pytest.raises(ValueError, match="last must be an Aeroplane Chess Move"):
        render_svg(new_game(2), last="R1")  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"arrows": [(1, 999)]}, "arrow end 999 is not a square id 0..79"),
        ({"arrows": [("RT", 5)]}, "arrow end 'RT' is not a square id"),
        ({"arrows": [(1, 2, 3)]}, "an arrow is a pair of square ids"),
        ({"size": 0}, "size must be a positive number of pixels"),
        ({"size": True}, "size must be a positive number of pixels"),
        ({"prefix": "1x"}, "an id prefix is letters"),
    ],
)
def test_bad_drawing_requests_are_value_errors(kwargs: dict[str, object], message: str) -> None:
    """A square id off the board, a malformed arrow, a size that is no positive number of
    pixels or a bad prefix is a ValueError saying so, never an IndexError from inside."""
    with pytest.raises(ValueError, match=message):
        render_svg(new_game(2), **kwargs)  # type: ignore[arg-type]
