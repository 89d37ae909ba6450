"""The board pictures of the docs (docs/hooks/pictures.py): every ``astroplane-board`` block
of the pages reads with the engine, so a broken example fails here as well as in
``mkdocs build --strict``; and the hook's own parsing, errors and HTML."""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"


def _load_hook() -> ModuleType:
    spec = importlib.util.spec_from_file_location("docs_pictures_hook", DOCS / "hooks/pictures.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look the module up while building
    spec.loader.exec_module(module)
    return module


hook = _load_hook()

PAGES = sorted(
    p for p in DOCS.rglob("*.md") if "```astroplane-board" in p.read_text(encoding="utf-8")
)


def _blocks(page: Path) -> list[Any]:
    return hook.find_blocks(page.read_text(encoding="utf-8"), str(page.relative_to(ROOT)))


def test_the_rules_page_has_its_pictures() -> None:
    assert DOCS / "rules.md" in PAGES
    assert len(_blocks(DOCS / "rules.md")) >= 20


@pytest.mark.parametrize(
    "page, number",
    [(page, b.number) for page in PAGES for b in _blocks(page)],
    ids=lambda v: v.name if isinstance(v, Path) else str(v),
)
def test_every_block_builds(page: Path, number: int) -> None:
    """The position reads, every move is legal and each frame draws; the figure has a
    caption."""
    block = _blocks(page)[number - 1]
    frames = block.frames()
    assert frames
    for frame in frames:
        assert frame.drawing.startswith("<svg") and frame.drawing.rstrip().endswith("</svg>")
    assert block.caption, f"{block.where()}: every figure needs a caption"
    html = hook.figure_html(block, frames, [f"x{n}.svg" for n in range(len(frames))])
    assert html.count("<img ") == len(frames)


def test_mkdocs_runs_the_hook() -> None:
    config = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    assert re.search(r"^hooks:\n\s+- docs/hooks/pictures\.py$", config, re.M)


# ---- the hook itself -----------------------------------------------------------------------
START = "standard SN S2 t1 Sl:S1S2S3,Sr:S4S5S6,Nl:N1N2N3,Nr:N4N5N6 res:S4,N4"


def _page(*lines: str) -> str:
    return "# Page\n\nText.\n\n```astroplane-board\n" + "\n".join(lines) + "\n```\n\nMore.\n"


def test_a_block_plays_its_moves() -> None:
    (block,) = hook.find_blocks(
        _page(
            f"position: {START}",
            "destinations: S3",
            "move: Sl-e2ne | S3 comes in",
            "move: e2ne-f3nw; Nl-f9sw",
            "caption: Two `moves`,",
            "  on **two** lines",
        ),
        "docs/x.md",
    )
    assert (block.number, block.line) == (1, 5)
    first, second, third = block.frames()
    assert first.moves == [] and len(first.highlight) == 3
    assert second.notation == ["Sl-e2ne"] and second.label == "S3 comes in"
    assert third.notation == ["e2ne-f3nw", "Nl-f9sw"]  # S's turn ends, then N moves
    assert third.state is not None and third.state.to_move == 2 and third.state.moves_left == 1
    assert block.caption == "Two `moves`, on **two** lines"
    html = hook.figure_html(block, [first, second, third], ["a.svg", "b.svg", "c.svg"])
    assert "<code>Sl-e2ne</code> S3 comes in" in html
    assert "<figcaption>Two <code>moves</code>, on <strong>two</strong> lines</figcaption>" in html


def test_the_empty_board() -> None:
    (block,) = hook.find_blocks(_page("position: empty", "legend: on", "caption: x"), "p.md")
    (frame,) = block.frames()
    assert frame.state is None and 'id="legend"' in frame.drawing


@pytest.mark.parametrize(
    "lines, problem",
    [
        ([f"position: {START}", "move: Sl-e2sw"], "move 'Sl-e2sw'"),
        (["position: standard SN S2 t1 e2ne:S1,e2nw:N1"], "overlap"),
        ([f"position: {START}", "colour: red"], "line 7: expected one of"),
        (["move: Sl-e2ne"], "move: before position:"),
        ([f"position: {START}", "arrows: Sl->x9"], "'x9'"),
        ([f"position: {START}", "view: a1-z3"], "'z3'"),
        ([f"position: {START}", "width: 5"], "width"),
    ],
)
def test_a_broken_block_names_page_block_and_line(lines: list[str], problem: str) -> None:
    with pytest.raises(hook.PictureError) as info:
        for block in hook.find_blocks(_page(*lines), "docs/rules.md"):
            block.frames()
            block.width(1)
    message = str(info.value)
    assert message.startswith("docs/rules.md: astroplane-board block 1 (line ")
    assert problem in message


SO_START = "square-off .../.../.../....../.../.../... 9/9 W - -/- t0 q0"


def test_a_block_of_another_game_plays_through_its_game() -> None:
    """With ``game:``, the position and moves are that game's texts, and each frame is its
    ``render_svg`` drawing with the last move marked; the status is the game's own."""
    (block,) = hook.find_blocks(
        _page("game: square-off", f"position: {SO_START}", "move: d2; f4 | two", "caption: c"),
        "docs/square-off/rules.md",
    )
    first, second = block.frames()
    assert first.moves == [] and first.drawing.startswith("<svg")
    assert second.notation == ["d2", "f4"] and second.game is not None
    assert second.drawing == second.game.render_svg(second.state, last_move=second.moves[-1])
    assert "W to move" in second.status()
    assert "position: square-off" in second.alt()


def test_the_game_of_every_page_block_is_named_on_its_rules_page() -> None:
    """The rules pages of Square Off and StarCastles have pictures of their own game."""
    for page, name in (
        ("square-off/rules.md", "square-off"),
        ("starcastles/rules.md", "starcastles"),
    ):
        blocks = _blocks(DOCS / page)
        assert len(blocks) >= 4
        assert all(b.option("game") == name for b in blocks)


@pytest.mark.parametrize(
    "lines, problem",
    [
        (["game: square-off", f"position: {SO_START}", "move: z9"], "move 'z9'"),
        (["game: square-off", "position: square-off nonsense"], "position 'square-off"),
        (["game: square-off", f"position: {SO_START}", "arrows: a1->d1"], "ASTROPLANE"),
        (["game: no-such-game", f"position: {SO_START}"], "game:"),
        ([f"position: {SO_START}", "game: square-off"], "game: comes first"),
    ],
)
def test_a_broken_block_of_another_game_is_named(lines: list[str], problem: str) -> None:
    """A bad position or move of another game, an ASTROPLANE-only key, an unknown game or a
    late ``game:`` stops the build with the block and what is wrong."""
    with pytest.raises(hook.PictureError, match=re.escape(problem)):
        for block in hook.find_blocks(_page(*lines), "docs/square-off/rules.md"):
            block.frames()


def test_unclosed_and_nested_blocks() -> None:
    with pytest.raises(hook.PictureError, match="not closed"):
        hook.find_blocks("```astroplane-board\nposition: empty\n", "p.md")
    shown = "````markdown\n```astroplane-board\nposition: nonsense\n```\n````\n"
    assert hook.find_blocks(shown, "p.md") == []  # an example of the syntax is left alone


def test_a_cut_down_picture_keeps_its_coordinates() -> None:
    (block,) = hook.find_blocks(_page(f"position: {START}", "view: c3-f6", "caption: x"), "p.md")
    (frame,) = block.frames()
    box = re.search(r'viewBox="([^"]*)"', frame.drawing)
    assert box is not None
    width, height = (float(v) for v in box.group(1).split()[2:])
    assert width < 250 and height < 250  # four cells of 40 units, plus a little
    labels = re.findall(r">([a-j]|\d+)</text>", frame.drawing.split("crop-coordinates")[1])
    assert sorted(labels) == ["3", "4", "5", "6", "c", "d", "e", "f"]


def test_a_picture_can_link_to_a_page_of_the_docs() -> None:
    """``link:`` makes the pictures lead to a file of the docs (with a query kept), as the
    home page's boards lead to each game's play page; a path that is not in the docs
    stops the build, naming the block."""
    from types import SimpleNamespace

    (block,) = hook.find_blocks(_page(f"position: {START}", "link: play/index.html?game=x"), "i.md")
    known = {"play/index.html": SimpleNamespace(url="play/")}
    files = SimpleNamespace(get_file_from_path=known.get)
    page = SimpleNamespace(url="")
    link = hook._link(block, page, files, lambda target, base: target)
    assert link == "play/?game=x"
    html = hook.figure_html(block, block.frames(), ["a.svg"], link)
    assert '<a href="play/?game=x" title="Follow the link"><img src="a.svg"' in html
    (lost,) = hook.find_blocks(_page(f"position: {START}", "link: nowhere.md"), "i.md")
    with pytest.raises(hook.PictureError, match=r"i\.md: .*link: 'nowhere\.md' is not a file"):
        hook._link(lost, page, files, lambda target, base: target)
