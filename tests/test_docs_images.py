"""The built site's picture check (docs/hooks/images.py): a page whose picture is not in the
site fails ``mkdocs build``, whether the path is wrong or the file is missing."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

DOCS = Path(__file__).resolve().parent.parent / "docs"


def _load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("docs_images_hook", DOCS / "hooks/images.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


images = _load()


def _site(tmp_path: Path, body: str) -> Path:
    page = tmp_path / "aeroplane-chess" / "rules" / "index.html"
    page.parent.mkdir(parents=True)
    page.write_text(f"<html><body>{body}</body></html>", encoding="utf-8")
    (tmp_path / "aeroplane-chess" / "img").mkdir()
    (tmp_path / "aeroplane-chess" / "img" / "board.svg").write_text("<svg/>", encoding="utf-8")
    return tmp_path


def test_a_picture_path_relative_to_the_markdown_file_is_reported(tmp_path: Path) -> None:
    """A page served one folder deeper than its Markdown file shows ``img/x.svg`` from
    the wrong folder: the check names the page and the picture (the Aeroplane Chess rules
    page's six pictures were such 404s)."""
    site = _site(tmp_path, '<img src="img/board.svg">')
    assert images.missing_images(site) == ["aeroplane-chess/rules/index.html: img/board.svg"]


def test_pictures_that_resolve_and_remote_pictures_pass(tmp_path: Path) -> None:
    """Relative paths that reach the file, site-absolute paths, remote and data URLs pass."""
    site = _site(
        tmp_path,
        '<img src="../img/board.svg"><img src="/aeroplane-chess/img/board.svg">'
        '<img src="https://example.org/x.png"><img src="data:image/png;base64,AA==">',
    )
    assert images.missing_images(site) == []


def test_the_build_fails_on_a_missing_picture(tmp_path: Path) -> None:
    """``on_post_build`` raises, listing what is missing, so ``mkdocs build`` stops."""
    site = _site(tmp_path, '<object data="../img/gone.svg"></object>')
    with pytest.raises(images.ImageCheckError, match=r"rules/index.html: \.\./img/gone.svg"):
        images.on_post_build({"site_dir": str(site)})
