"""The Square Off docs stay true: the formats page's examples run, the rules page's board
is what the terminal draws, and every [SOn] tag quoted is decided on decisions.md."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

from astroplane.games.square_off import SQUARE_OFF_GAME, new_game

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs" / "square-off"
SRC = ROOT / "src" / "astroplane" / "games" / "square_off"


def test_the_formats_page_examples_run() -> None:
    """Every >>> example on formats.md gives the output shown."""
    result = doctest.testfile(
        str(DOCS / "formats.md"), module_relative=False, optionflags=doctest.ELLIPSIS
    )
    assert result.attempted > 15 and result.failed == 0


def test_the_rules_page_shows_the_board_the_terminal_draws() -> None:
    """The board picture on rules.md is render_text of the start."""
    page = (DOCS / "rules.md").read_text(encoding="utf-8")
    assert SQUARE_OFF_GAME.render_text(new_game()) in page


def test_every_tag_quoted_is_decided() -> None:
    """Each [SOn] quoted in the code, the docs or the tests is a row of the spec's table
    or a section of decisions.md, and the sections are numbered without gaps."""
    decisions = (DOCS / "decisions.md").read_text(encoding="utf-8")
    rows = set(re.findall(r"^\| (SO\d+) \|", decisions, re.M))
    sections = re.findall(r"^## (SO\d+) ", decisions, re.M)
    assert rows == {f"SO{i}" for i in range(1, 10)}
    assert sections == [f"SO{i}" for i in range(10, 10 + len(sections))]
    texts = [p.read_text(encoding="utf-8") for p in SRC.glob("*.py")]
    texts += [p.read_text(encoding="utf-8") for p in DOCS.glob("*.md")]
    texts += [p.read_text(encoding="utf-8") for p in Path(__file__).parent.glob("*.py")]
    used = {tag for t in texts for tag in re.findall(r"\[(SO\d+)\]", t)}
    assert used and used <= rows | set(sections)
