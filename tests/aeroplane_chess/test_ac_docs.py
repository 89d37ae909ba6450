"""The Aeroplane Chess docs stay true: the formats page's examples run, the rules page's
pictures are what the script draws, and every decision tag used exists."""

from __future__ import annotations

import doctest
import importlib.util
import re
from pathlib import Path

DOCS = Path(__file__).resolve().parents[2] / "docs" / "aeroplane-chess"
SRC = Path(__file__).resolve().parents[2] / "src" / "astroplane" / "games" / "aeroplane_chess"


def test_the_formats_page_examples_run() -> None:
    """Every >>> example on formats.md gives the output shown."""
    result = doctest.testfile(str(DOCS / "formats.md"), module_relative=False)
    assert result.attempted > 5 and result.failed == 0


def test_the_committed_pictures_are_what_the_script_draws() -> None:
    """docs/aeroplane-chess/img holds exactly the SVGs make_pictures.py draws now."""
    spec = importlib.util.spec_from_file_location("make_pictures", DOCS / "make_pictures.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    pictures = module.pictures()
    assert sorted(pictures) == sorted(p.name for p in (DOCS / "img").glob("*.svg"))
    for name, svg in pictures.items():
        assert (DOCS / "img" / name).read_text(encoding="utf-8") == svg, name
    used = set(re.findall(r"\]\(img/([^)]+)\)", (DOCS / "rules.md").read_text()))
    assert used == set(pictures)


def test_every_tag_used_is_decided() -> None:
    """Each [ACn] quoted in the code, docs or tests has a section on decisions.md."""
    decided = set(re.findall(r"^## (AC\d+) ", (DOCS / "decisions.md").read_text(), re.M))
    assert decided == {f"AC{i}" for i in range(1, len(decided) + 1)}
    texts = [p.read_text(encoding="utf-8") for p in SRC.glob("*.py")]
    texts += [p.read_text(encoding="utf-8") for p in DOCS.glob("*.md")]
    used = {t for text in texts for t in re.findall(r"AC\d+", text)}
    assert used <= decided
