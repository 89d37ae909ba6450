"""The SVG board renderer (issue 11): valid XML, stable ids, marks, errors and snapshots.

Snapshot tests compare ``svg.board`` output with the files in ``tests/snapshots``. After
a deliberate change of the drawing, regenerate them with

    ASTROPLANE_UPDATE_SNAPSHOTS=1 python -m pytest tests/test_svg.py

then look at the new pictures (docs/contributing-visuals.md) before committing them.
"""

from __future__ import annotations

import ast
import difflib
import itertools
import os
import sys
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given

import astroplane as ap
import astroplane.games.astroplane._svgdraw as svgdraw_module
from astroplane import svg
from astroplane.errors import DrawingError
from astroplane.games import aeroplane_chess
from astroplane.games.astroplane.geometry import board_geometry
from astroplane.kit.limits import MAX_DRAWING_MARKS, MAX_DRAWING_SIZE
from astroplane.protocol import get_game
from helpers import BIG_BOARD
from strategies import playout_states

NS = "{http://www.w3.org/2000/svg}"
SNAPSHOTS = Path(__file__).parent / "snapshots"
UPDATE = os.environ.get("ASTROPLANE_UPDATE_SNAPSHOTS") == "1"
B = ap.REFERENCE_BOARD

#: A move of another game (Aeroplane Chess's roll of 6).
AC_MOVE = aeroplane_chess.Move.roll(6)

#: A 12x12 board of another layout.
BIG = BIG_BOARD


# ---- helpers ---------------------------------------------------------------------------------
def parse(document: str) -> ET.Element:
    """The root element of an SVG document (fails the test if it is not XML)."""
    root = ET.fromstring(document)
    assert root.tag == f"{NS}svg"
    return root


def by_class(root: ET.Element, name: str) -> list[ET.Element]:
    """Elements whose class list holds ``name``."""
    return [e for e in root.iter() if name in e.get("class", "").split()]


def by_id(root: ET.Element) -> dict[str, ET.Element]:
    """Elements by id; fails on a duplicate id."""
    ids = Counter(e.get("id") for e in root.iter() if e.get("id"))
    assert not [i for i, n in ids.items() if n > 1], "duplicate ids"
    return {e.get("id", ""): e for e in root.iter() if e.get("id")}


def cell_box(root: ET.Element, name: str) -> tuple[float, float]:
    """Screen x and y of a cell's square."""
    rect = by_id(root)[f"cell-{name}"]
    return float(rect.get("x", "")), float(rect.get("y", ""))


def midgame() -> ap.GameState:
    """N to move; a Square of S in c3, S1 holding N1 captive in g6, N's Anomaly corner a1
    loaded, a Singularity stack S2 N4 S3 in e5, a stack of N's own two in h4."""
    return ap.setup_position(
        players=2,
        stacks={
            "c3.ne": ["S7"],
            "c3.sw": ["S8"],
            "g6.ne": ["N1", "S1"],
            "a1S": ["N2"],
            "a1W": ["N3"],
            "e5.ne": ["S2", "N4", "S3"],
            "f6.sw": ["N5"],
            "h4.nw": ["N6", "N7"],
            "Sl": ["S4", "S5"],
            "Sr": ["S6"],
            "Nl": ["N8"],
            "b1.ne": ["S9"],
        },
        reserve={"S": 1, "N": 2},
        to_move="N",
    )


def finished() -> ap.GameState:
    """A true win of S (all four Singularity cells topped by S), read from position text."""
    return ap.position_from_text(
        "standard SN S0 t17 c3ne:S5,c3sw:S6,e5ne:S1,f5nw:S2,e6se:S3,f6sw:N1S4,g7ne:N2S7,"
        "a1S:N3,Nl:N4 res:S3,N6 over:true_win"
    )


def loaded() -> ap.GameState:
    """S to move with both firing positions of a1 topped by S: firing is legal."""
    return ap.setup_position(
        players=2, stacks={"a1S": ["N1", "S1"], "a1W": ["S2"], "Nl": ["N2"]}, to_move="S"
    )


def fire(state: ap.GameState) -> ap.Move:
    """The first legal firing."""
    return next(m for m in state.legal_moves() if m.kind == ap.MoveKind.FIRE)


def check_snapshot(name: str, document: str) -> None:
    """Compare with ``tests/snapshots/<name>.svg``; ASTROPLANE_UPDATE_SNAPSHOTS=1 rewrites it."""
    path = SNAPSHOTS / f"{name}.svg"
    if UPDATE:
        SNAPSHOTS.mkdir(exist_ok=True)
        path.write_text(document, encoding="utf-8")
        return
    assert path.exists(), f"no snapshot {path}: run with ASTROPLANE_UPDATE_SNAPSHOTS=1"
    expected = path.read_text(encoding="utf-8")
    if document != expected:
        diff = difflib.unified_diff(
            expected.replace(">", ">\n").splitlines(),
            document.replace(">", ">\n").splitlines(),
            "snapshot",
            "now",
            lineterm="",
            n=1,
        )
        pytest.fail(
            f"{path.name} differs (ASTROPLANE_UPDATE_SNAPSHOTS=1 regenerates it):\n"
            + "\n".join(list(diff)[:40])
        )


# ---- structure -------------------------------------------------------------------------------
def test_the_drawing_is_a_standalone_svg_document_that_scales() -> None:
    """board() gives one XML document: an <svg> root with a viewBox, a size of one pixel per
    user unit unless asked, and the same state always gives the same text."""
    state = ap.new_game(2)
    document = svg.board(state)
    root = parse(document)
    assert document.startswith("<svg ") and document.endswith("</svg>\n")
    assert len(root.get("viewBox", "").split()) == 4
    box = root.get("viewBox", "").split()
    assert (root.get("width"), root.get("height")) == (box[2], box[3])
    assert root.get("class") == "astroplane-board" and root.get("data-to-move") == "S"
    assert svg.board(state) == document
    sized = parse(svg.board(state, size=600))
    assert sized.get("width") == "600" and int(sized.get("height", "0")) > 600


def test_every_piece_has_one_element_with_its_id_class_and_data() -> None:
    """Each piece on a position has exactly one element id="piece-S3", class "piece seat-S" and
    data-piece/data-position/data-level/data-height, bottom of the stack at level 0."""
    state = midgame()
    root = parse(svg.board(state))
    ids = by_id(root)
    pieces = by_class(root, "piece")
    on_board = [p for p in range(40) if state.location(p) >= 0]
    assert sorted(e.get("data-piece", "") for e in pieces) == sorted(map(ap.piece_name, on_board))
    for p in on_board:
        name = ap.piece_name(p)
        element = ids[f"piece-{name}"]
        assert element.get("class", "").split()[:2] == ["piece", f"seat-{name[0]}"]
        assert element.get("data-piece") == name
        position = state.location(p)
        stack = state.stacks[position]
        assert element.get("data-position") == B.position_name(position)
        assert element.get("data-level") == str(stack.index(p))
        assert element.get("data-height") == str(len(stack))


def test_every_position_and_cell_has_its_element() -> None:
    """Every position a piece can stand on has a click target id="pos-<name>" with
    data-position, and every cell a rect id="cell-<name>" with its kind as a class."""
    root = parse(svg.board(ap.new_game(4)))
    ids = by_id(root)
    geo = board_geometry(B)
    targets = by_class(root, "pos")
    assert len(targets) == len(geo.positions) == 368
    for p in geo.positions:
        element = ids[f"pos-{p.name}"]
        assert element.get("data-position") == p.name and "pos" in element.get("class", "")
    for c in geo.cells:
        element = ids[f"cell-{c.name}"]
        assert element.get("data-cell") == c.name
        assert element.get("class", "").split() == ["cell", c.kind.value, f"u{c.universe}"]


def test_pieces_below_another_players_top_piece_are_captive() -> None:
    """Captives get class "captive" (the top piece's badge is a padlock); pieces under their
    own top piece, and any piece low in a Singularity stack, are "under"."""
    root = parse(svg.board(midgame()))
    ids = by_id(root)
    classes = {name: ids[f"piece-{name}"].get("class", "").split()[-1] for name in
               ("N1", "S1", "N6", "N7", "S2", "N4", "S3", "S4", "S5")}  # fmt: skip
    assert classes == {
        "N1": "captive",
        "S1": "top",
        "N6": "under",
        "N7": "top",
        "S2": "under",
        "N4": "under",
        "S3": "top",
        "S4": "under",
        "S5": "top",
    }
    assert len(by_class(ids["piece-S1"], "locked")) == 1
    assert not by_class(ids["piece-S3"], "locked") and by_class(ids["piece-S3"], "badge")


def test_squares_are_outlined_and_special_cells_are_marked() -> None:
    """A Square's cell gets an outline class "square seat-S"; Wormhole tubes join their ends;
    Hyperspace cells carry an "H"; each firing position is labelled with its target."""
    root = parse(svg.board(midgame()))
    squares = by_class(root, "square")
    assert [(e.get("data-cell"), e.get("class")) for e in squares] == [("c3", "square seat-S")]
    assert sorted(e.get("data-ends", "") for e in by_class(root, "tube")) == [
        "a9 a2",
        "b1 i1",
        "i10 b10",
        "j2 j9",
    ]
    marks = [e.text for e in by_class(root, "mark") if e.tag == f"{NS}text"]
    assert marks == ["H"] * 4
    firing = {e.get("data-position"): e for e in by_class(root, "firing")}
    assert len(firing) == 8
    assert [t.text for t in firing["a1S"].iter(f"{NS}text")] == ["a1S", "\u2192e6"]


def test_status_shows_whose_turn_moves_left_reserve_and_score() -> None:
    """Below the board: the turn line with the seat to move and its moves left, and one group
    per seat with its reserve and score; the seat to move is marked "to-move"."""
    state = midgame()
    root = parse(svg.board(state))
    ids = by_id(root)
    turn = by_class(root, "turn")[0].text
    assert turn == "Turn 1: N (North) to move, 2 moves left"
    assert ids["seat-N"].get("class") == "seat seat-N to-move"
    assert ids["seat-S"].get("class") == "seat seat-S"
    lines = [t.text for t in ids["seat-S"].iter(f"{NS}text")]
    assert f"reserve 1 \u00b7 score {state.scores()[0]}" in lines
    assert "seat-W" not in ids


def test_a_finished_game_shows_the_result_and_the_winners() -> None:
    """Once over, the turn line gives the result, winners are marked "winner", no seat is to
    move."""
    root = parse(svg.board(finished()))
    ids = by_id(root)
    assert by_class(root, "turn")[0].text == "Game over after turn 17: S wins (true win)"
    assert ids["seat-S"].get("class") == "seat seat-S winner"
    assert root.get("data-to-move") is None and not by_class(root, "to-move")


def test_a_removed_seat_is_shown_as_removed() -> None:
    """A seat removed as a stuck player [D16] keeps its status box, marked "removed", and its
    side badge is greyed."""
    state = ap.setup_position(
        players=3,
        stacks={"e5.ne": ["W1"], "Sl": ["S1"], "Nl": ["N1"]},
        removed=["W"],
        to_move="N",
    )
    root = parse(svg.board(state))
    ids = by_id(root)
    assert ids["seat-W"].get("class") == "seat seat-W removed"
    assert [t.text for t in ids["seat-W"].iter(f"{NS}text")][1] == "W \u00b7 removed"
    badge = next(e for e in by_class(root, "seat-badge") if "seat-W" in e.get("class", ""))
    assert badge.find(f"{NS}rect").get("fill") == svgdraw_module.ABSENT  # type: ignore[union-attr]
    assert ids["piece-W1"].get("data-position") == "e5.ne"


def test_a_shared_win_names_every_winner() -> None:
    """A shared win lists the winners."""
    text = (
        "standard,max_turns=5 SWNE S0 t5 Sl:S1S2S3,Sr:S4S5S6,Wl:W1W2W3,Wr:W4W5W6,"
        "Nl:N1N2N3,Nr:N4N5N6,El:E1E2E3,Er:E4E5E6 res:S4,W4,N4,E4 over:turn_limit"
    )
    root = parse(svg.board(ap.position_from_text(text)))
    turn = by_class(root, "turn")[0].text
    assert turn == "Game over after turn 5: S, W, N and E share the win (turn limit)"


# ---- marks -----------------------------------------------------------------------------------
def test_last_move_marks_origin_and_target_with_an_arrow() -> None:
    """A step's origin and target positions are filled "last-move" and joined by an arrow."""
    start = ap.new_game(2)
    move = start.legal_moves()[0]
    root = parse(svg.board(start.play(move), last_move=move))
    marked = [e.get("data-position") for e in by_class(root, "last-move") if e.tag != f"{NS}g"]
    assert marked == ["Sl", "e2.ne"]
    assert len([e for e in by_class(root, "arrow") if "last-move" in e.get("class", "")]) == 1


def test_last_move_of_a_firing_marks_both_pieces_flights() -> None:
    """Firing marks both firing positions and both landing places, with two arrows."""
    state = loaded()
    move = fire(state)
    root = parse(svg.board(state.play(move), last_move=move))
    marked = [e.get("data-position") for e in by_class(root, "last-move") if e.tag != f"{NS}g"]
    assert marked == ["a1S", "a1W", "e6.se", "f5.nw"]
    assert len(by_class(root, "arrow")) == 2


def test_last_move_of_a_square_marks_cells_and_end_turn_marks_nothing() -> None:
    """A Square move marks its two cells; ending the turn marks nothing."""
    state = ap.setup_position(
        players=2, stacks={"c3.ne": ["S1"], "c3.sw": ["S2"], "Nl": ["N1"]}, to_move="S"
    )
    move = next(m for m in state.legal_moves() if m.kind == ap.MoveKind.SQUARE)
    root = parse(svg.board(state.play(move), last_move=move))
    cells = [e.get("data-cell") for e in by_class(root, "last-move") if e.get("data-cell")]
    assert cells == [B.cell_name(move.origin), B.cell_name(move.target)]
    none = parse(svg.board(state, last_move=ap.Move(ap.MoveKind.END_TURN)))
    assert not by_class(none, "last-move")


def test_highlights_and_arrows_take_indices_position_names_and_cell_names() -> None:
    """highlight= marks positions (a frontend passes state.destinations(piece)) and cells;
    arrows= draws one arrow per pair, ends named by index, position name or cell name."""
    state = ap.new_game(2)
    dests = state.destinations("S3")
    root = parse(
        svg.board(
            state,
            highlight=[*dests, "h7", "a1S"],
            arrows=[(B.position("Sl"), "e2.ne"), ("e2", "j10E")],
        )
    )
    fills = [e for e in by_class(root, "highlight") if "outline" not in e.get("class", "")]
    assert [e.get("data-position") or e.get("data-cell") for e in fills] == [
        "h7",
        *(B.position_name(p) for p in dests),
        "a1S",
    ]
    outlines = by_class(root, "outline")
    assert len(outlines) == len(dests) + 1
    assert len(by_class(root, "arrow")) == 2


@pytest.mark.parametrize(
    ("orientation", "corner"),
    [("S", "bottom-left"), ("W", "bottom-right"), ("N", "top-right"), ("E", "top-left")],
)
def test_orientation_puts_that_seat_at_the_bottom(orientation: str, corner: str) -> None:
    """orientation turns the board: a1 (S's left corner) ends up where that seat sees it."""
    root = parse(svg.board(ap.new_game(4), orientation=orientation))
    assert root.get("data-orientation") == orientation
    xs = sorted({cell_box(root, f"{f}{r}")[0] for f in "aj" for r in (1, 10)})
    ys = sorted({cell_box(root, f"{f}{r}")[1] for f in "aj" for r in (1, 10)})
    x, y = cell_box(root, "a1")
    where = ("top" if y == ys[0] else "bottom") + "-" + ("left" if x == xs[0] else "right")
    assert where == corner
    badge = by_class(root, f"seat-{orientation}")
    assert any("seat-badge" in e.get("class", "") for e in badge)


def test_orientation_accepts_seats_numbers_and_letters() -> None:
    """Seat.W, 1 and "w" all put W at the bottom."""
    state = ap.new_game(4)
    drawings = {svg.board(state, orientation=o) for o in (ap.Seat.W, 1, "w")}
    assert len(drawings) == 1


def test_coordinates_and_legend_can_be_left_out() -> None:
    """coordinates=False drops the file and rank labels, legend=False the key."""
    state = ap.new_game(2)
    full = parse(svg.board(state))
    bare = parse(svg.board(state, coordinates=False, legend=False))
    assert by_class(full, "coordinates") and not by_class(bare, "coordinates")
    assert "legend" in by_id(full) and "legend" not in by_id(bare)
    assert by_id(bare)["status"] is not None


def test_an_empty_board_or_another_topology_can_be_drawn() -> None:
    """board() draws the empty reference board; a Topology draws that board; a state on a
    12x12 board draws its own cells and pieces."""
    empty = parse(svg.board())
    assert not by_class(empty, "piece") and len(by_class(empty, "pos")) == 368
    assert "status" not in by_id(empty)
    big = parse(svg.board(BIG))
    assert "cell-l12" in by_id(big)
    state = ap.new_game(2, topology=BIG)
    root = parse(svg.board(state, highlight=["l12"]))
    assert len(by_class(root, "piece")) == 12
    assert len(by_class(root, "pos")) == len(board_geometry(BIG).positions)


def test_a_prefix_goes_before_every_id_so_two_boards_share_a_page() -> None:
    """With prefix="left" every element id is the unprefixed one after "left-" (cells,
    positions, pieces, seats, status, legend), so two boards' ids never meet on one page."""
    state = ap.new_game(2)
    plain = [e.get("id") for e in ET.fromstring(svg.board(state)).iter() if e.get("id")]
    left = [e.get("id") for e in ET.fromstring(svg.board(state, prefix="left")).iter()
            if e.get("id")]  # fmt: skip
    assert {"cell-e2", "piece-S3", "seat-S", "status", "legend"} <= set(plain)
    assert left == [f"left-{i}" for i in plain]
    right = [e.get("id") for e in ET.fromstring(svg.board(state, prefix="right")).iter()
             if e.get("id")]  # fmt: skip
    assert not set(left) & set(right) and len(set(left)) == len(left)


# ---- errors ----------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"arrows": [("Sl", "x9")]}, "arrow end 'x9' is not a position or cell"),
        ({"arrows": [("Sl",)]}, "an arrow is a (from, to) pair"),
        ({"arrows": [(B.position("e2.ne"), 10_000)]}, "arrow end 10000 is not a position index"),
        ({"arrows": [(0, "e2")]}, "arrow end 0 is not a position index"),  # a1 is off the grid
        ({"highlight": ["d1.ne"]}, "highlight 'd1.ne' is not a position or cell"),
        ({"highlight": [2.5]}, "highlight must be a position index or a name"),
        ({"orientation": "X"}, "orientation: not a seat"),
        ({"size": 0}, "size must be a positive number of pixels"),
        ({"size": True}, "size must be a positive number of pixels"),
        ({"last_move": ap.Move(ap.MoveKind.STEP, 0, 10_000)}, "does not fit this board"),
        ({"last_move": ap.Move(ap.MoveKind.FIRE, B.cell("e2"))}, "e2 is not an Anomaly corner"),
        ({"last_move": ap.Move(9)}, "is not a move"),
        ({"prefix": "1st"}, "an id prefix is letters, digits, - and _, starting with a letter"),
        ({"prefix": 'a" onload="x'}, "an id prefix is letters"),
        ({"arrows": None}, "arrows is a list of (from, to) pairs, not None"),
        ({"arrows": "Sl"}, "arrows is a list of (from, to) pairs, not the string 'Sl'"),
        ({"highlight": 3}, "highlight is a list of positions or cells, not 3"),
        ({"highlight": "e2"}, "highlight is a list of positions or cells, not the string"),
        ({"last_move": "Sl-e2ne"}, "last_move must be an ASTROPLANE Move, not 'Sl-e2ne'"),
        ({"last_move": AC_MOVE}, "last_move must be an ASTROPLANE Move, not Move.roll(6)"),
        ({"coordinates": "yes"}, "coordinates is True or False, not 'yes'"),
        ({"legend": None}, "legend is True or False, not None"),
        ({"flip": True}, "ASTROPLANE's drawing takes last_move, arrows, highlight"),
    ],
)
def test_bad_requests_raise_a_drawing_error(kwargs: dict[str, object], message: str) -> None:
    """Anything not on the board, a bad orientation or size raises DrawingError, a ValueError
    saying what is wrong."""
    with pytest.raises(svg.DrawingError) as info:
        svg.board(ap.new_game(2), **kwargs)  # type: ignore[arg-type]
    assert isinstance(info.value, ValueError)
    assert message in str(info.value) and info.value.problem == str(info.value)


def test_the_drawing_refuses_what_is_no_astroplane_board() -> None:
    """The game's own board() draws a state, a Topology or None (the reference board); a
    state of another game or anything else is a DrawingError, not an empty board."""
    from astroplane.games import square_off
    from astroplane.games.astroplane.svg import board

    for junk in (square_off.new_game(), "e2", 42):
        with pytest.raises(svg.DrawingError, match="not an ASTROPLANE state, board or None"):
            board(junk)  # type: ignore[arg-type]
    assert board(None) == board(ap.REFERENCE_BOARD)


def test_the_renderer_uses_only_the_standard_library() -> None:
    """svg.py and its helper import only the standard library and astroplane."""
    for module in (svg, svgdraw_module):
        tree = ast.parse(Path(module.__file__ or "").read_text(encoding="utf-8"))
        names = {
            alias.name if isinstance(node, ast.Import) else node.module or ""
            for node in ast.walk(tree)
            if isinstance(node, ast.Import | ast.ImportFrom)
            for alias in node.names
        }
        outside = {
            n
            for n in names
            if n.split(".")[0] not in sys.stdlib_module_names and n.split(".")[0] != "astroplane"
        }
        assert outside <= {"attrs"}, outside  # attrs: the package's value classes


# ---- random states ---------------------------------------------------------------------------
@given(playout_states(max_length=80))
def test_any_game_state_draws_one_element_per_piece_on_the_board(state: ap.GameState) -> None:
    """For random game states, board() parses, ids are unique and there is exactly one piece
    element per piece on a position, at that position."""
    root = parse(svg.board(state, orientation=state.to_move))
    ids = by_id(root)
    pieces = by_class(root, "piece")
    on_board = {ap.piece_name(p): state.location(p) for p in range(40) if state.location(p) >= 0}
    assert len(pieces) == len(on_board)
    for name, position in on_board.items():
        assert ids[f"piece-{name}"].get("data-position") == B.position_name(position)


# ---- snapshots -------------------------------------------------------------------------------
def test_snapshot_start_of_a_two_player_game() -> None:
    """The 2-player setup, drawn from S's side, matches its snapshot."""
    check_snapshot("start-2p", svg.board(ap.new_game(2)))


def test_snapshot_start_of_a_four_player_game_seen_by_west() -> None:
    """The 4-player setup, turned for W, with S3's destinations marked, matches its snapshot."""
    state = ap.new_game(4)
    check_snapshot(
        "start-4p-west", svg.board(state, orientation="W", highlight=state.destinations("S3"))
    )


def test_snapshot_midgame() -> None:
    """A mid-game position (Square, captive, loaded firing positions, Singularity stack) with
    arrows and N7's destinations marked matches its snapshot."""
    state = midgame()
    document = svg.board(
        state, arrows=[("a1S", "e6"), ("a1W", "f5")], highlight=state.destinations("N7")
    )
    check_snapshot("midgame", document)


def test_snapshot_after_firing() -> None:
    """The position after S fires a1, with the firing as last move, matches its snapshot."""
    state = loaded()
    move = fire(state)
    check_snapshot("after-firing", svg.board(state.play(move), last_move=move))


def test_snapshot_finished_game() -> None:
    """A true win, seen from N's side, matches its snapshot."""
    check_snapshot("finished", svg.board(finished(), orientation="N"))


def test_snapshot_empty_board() -> None:
    """The empty reference board (the rulebook's lost diagram) matches its snapshot."""
    check_snapshot("empty-board", svg.board())


# ---- issue 32, item 7: drawing bounds ----------------------------------------------------------
@pytest.mark.parametrize("name", ["astroplane", "aeroplane-chess", "square-off", "starcastles"])
@pytest.mark.parametrize("size", [10**309, 2**64, MAX_DRAWING_SIZE + 1])
def test_a_huge_size_is_a_drawing_error_in_every_game(name: str, size: int) -> None:
    """Issue 32.7: ``size=10**309`` raised ``OverflowError`` in all four games; a size
    past ``MAX_DRAWING_SIZE`` pixels is a ``DrawingError`` naming the bound."""
    g = get_game(name)
    state = g.new_game(g.player_counts[0])
    with pytest.raises(DrawingError, match=f"at most {MAX_DRAWING_SIZE}"):
        svg.board(state, size=size)
    assert 'width="100000"' in svg.board(state, size=MAX_DRAWING_SIZE)


@pytest.mark.parametrize("option", ["highlight", "arrows"])
def test_astroplane_marks_are_bounded(option: str) -> None:
    """Issue 32.7: ``highlight`` and ``arrows`` took lists of any length (200,000
    highlights: 57 MiB of SVG); at most ``MAX_DRAWING_MARKS`` items are read, so an
    endless iterator is refused too."""
    s = ap.new_game(2)
    item: Any = "e2" if option == "highlight" else ("Sl", "e2")
    assert svg.board(s, **{option: [item] * MAX_DRAWING_MARKS}).startswith("<svg")
    with pytest.raises(DrawingError, match=f"at most {MAX_DRAWING_MARKS}"):
        svg.board(s, **{option: [item] * 200_000})
    with pytest.raises(DrawingError, match=f"at most {MAX_DRAWING_MARKS}"):
        svg.board(s, **{option: itertools.repeat(item)})
