"""The kit's SVG primitives (``astroplane.kit.svg``) that the games' drawing tests do not
pin down on their own: text anchors, descriptions, bent arrows and die faces."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from astroplane.kit.svg import arrow, bent_arrow, desc, die, text

NS = "{http://www.w3.org/2000/svg}"


def _parse(fragment: str) -> ET.Element:
    return ET.fromstring(f'<svg xmlns="http://www.w3.org/2000/svg">{fragment}</svg>')[0]


@pytest.mark.parametrize("anchor", ["start", "middle", "end"])
def test_text_is_centred_unless_another_anchor_is_given(anchor: str) -> None:
    """``text_anchor`` in the extra attributes replaces the default ``middle`` (written
    once, in the same place); without it the text is centred."""
    drawing = text(1, 2, "a", 10, text_anchor=anchor)
    assert _parse(drawing).attrib["text-anchor"] == anchor and drawing.count("text-anchor") == 1
    assert text(1, 2, "a", 10) == text(1, 2, "a", 10, text_anchor="middle")


def test_a_description_is_escaped() -> None:
    """``desc`` writes a ``<desc>`` whose text reads back exactly, markup characters
    included."""
    node = _parse(desc('standard R<B & "x"'))
    assert node.tag == NS + "desc" and node.text == 'standard R<B & "x"'


def test_a_straight_arrow_ends_at_its_end_and_bend_zero_is_straight() -> None:
    """``arrow``'s shaft is a line and the head's tip is the end point; ``bent_arrow``
    with ``bend=0`` draws the same arrow."""
    drawing = arrow((0, 0), (40, 0), "#000000", 2, 10)
    node = _parse(drawing)
    assert node.find(NS + "line") is not None and node.find(NS + "path") is None
    polygon = node.find(NS + "polygon")
    assert polygon is not None and polygon.attrib["points"].startswith("40,0 ")
    assert bent_arrow((0, 0), (40, 0), "#000000", 2, 10, 0) == drawing


@pytest.mark.parametrize("bend, side", [(0.1, -1), (-0.1, 1)])
def test_a_bent_arrow_bulges_to_the_left_of_its_way_by_bend_times_its_length(
    bend: float, side: int
) -> None:
    """A bent arrow is a quadratic curve whose middle lies ``bend`` times its length to
    the left of the straight way as seen on the page (up, for an arrow to the right; y
    grows downwards), or to the right for a negative bend; the head's tip is the end."""
    node = _parse(bent_arrow((0, 0), (40, 0), "#000000", 2, 10, bend, id="a"))
    assert node.attrib["id"] == "a"
    path = node.find(NS + "path")
    assert path is not None and path.attrib["fill"] == "none"
    match = re.fullmatch(r"M0,0 Q([-\d.]+),([-\d.]+) [-\d.]+,[-\d.]+", path.attrib["d"])
    assert match is not None
    cx, cy = float(match.group(1)), float(match.group(2))
    # the middle of the quadratic curve from (0, 0) to (40, 0) around (cx, cy)
    assert (0.5 * cx + 0.25 * 40, 0.5 * cy) == pytest.approx((20, side * 0.1 * 40))
    polygon = node.find(NS + "polygon")
    assert polygon is not None and polygon.attrib["points"].startswith("40,0 ")


@pytest.mark.parametrize("value", [1, 2, 3, 4, 5, 6])
def test_a_die_shows_its_value_in_pips_inside_its_face(value: int) -> None:
    """A die face of value n has n pips, each inside the square face centred on the
    given point."""
    node = _parse(die(100, 50, 40, value, id="die"))
    assert node.attrib["id"] == "die"
    face = node.find(NS + "rect")
    assert face is not None and (face.attrib["x"], face.attrib["width"]) == ("80", "40")
    pips = node.findall(NS + "circle")
    assert len(pips) == value
    for pip in pips:
        assert 80 < float(pip.attrib["cx"]) < 120 and 30 < float(pip.attrib["cy"]) < 70
    assert len({(p.attrib["cx"], p.attrib["cy"]) for p in pips}) == value


def test_a_die_not_rolled_shows_its_mark_and_a_bad_value_is_refused() -> None:
    """A string is written on a blank face; an int outside 1..6 raises ``ValueError``."""
    node = _parse(die(0, 0, 40, "?"))
    assert node.find(NS + "circle") is None
    label = node.find(NS + "text")
    assert label is not None and label.text == "?"
    for bad in (0, 7, -1):
        with pytest.raises(ValueError, match="1 to 6 pips"):
            die(0, 0, 40, bad)
