"""The StarCastles decisions page stays true: every tag quoted is the spec's or decided."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs" / "starcastles"
SRC = ROOT / "src" / "astroplane" / "games" / "starcastles"
TESTS = ROOT / "tests" / "starcastles"

#: The spec (STARCASTLES.md v1.1) settles [SC1] .. [SC9]; this game's page goes on from SC10.
SPEC_TAGS = {f"SC{i}" for i in range(1, 10)}


def test_every_tag_used_is_the_specs_or_decided() -> None:
    """Each [SCn] quoted in the code, tests or docs is one of the spec's [SC1]..[SC9] or
    has a section on decisions.md, and the page's sections run SC10, SC11, ... with no
    gap."""
    decided = re.findall(r"^## (SC\d+) ", (DOCS / "decisions.md").read_text(), re.M)
    assert decided == [f"SC{i}" for i in range(10, 10 + len(decided))]
    texts = [p.read_text(encoding="utf-8") for p in SRC.glob("*.py")]
    texts += [p.read_text(encoding="utf-8") for p in TESTS.glob("*.py")]
    texts += [p.read_text(encoding="utf-8") for p in DOCS.glob("*.md")]
    used = {t for text in texts for t in re.findall(r"\[(SC\d+)", text)}
    assert used <= SPEC_TAGS | set(decided)
    assert {"SC10", "SC11", "SC12"} <= used


def test_the_formats_page_examples_run() -> None:
    """Every >>> example on formats.md gives the output shown."""
    import doctest

    result = doctest.testfile(str(DOCS / "formats.md"), module_relative=False)
    assert result.attempted > 10
    assert result.failed == 0
