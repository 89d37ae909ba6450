"""mkdocs hook: every picture of the built site exists.

``mkdocs build --strict`` checks Markdown links, but not the ``src`` of raw HTML images,
nor pictures whose path is right in the Markdown file and wrong in the page's URL (a page
``a/b.md`` is served as ``a/b/index.html``, one folder deeper). After the build, this hook
reads every HTML page of the site and fails the build, naming the page and the picture,
when an ``<img src>`` or an ``<object data>`` with a local path has no file behind it.
``tests/test_docs_pictures.py`` runs the check on a small site, so the check itself is
tested.
"""

from __future__ import annotations

import html.parser
import posixpath
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

__all__ = ["ImageCheckError", "missing_images", "on_post_build"]


class ImageCheckError(Exception):
    """A page of the built site shows a picture that is not in the site."""


class _Sources(html.parser.HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.found: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        wanted = {"img": "src", "object": "data", "source": "srcset"}.get(tag)
        for name, value in attrs:
            if name == wanted and value:
                self.found.append(value.split()[0])


def _is_local(url: str) -> bool:
    parts = urlsplit(url)
    return not (parts.scheme or parts.netloc or url.startswith(("#", "data:")))


def missing_images(site_dir: Path) -> list[str]:
    """Every ``page: picture`` pair of the built site whose picture file does not exist."""
    problems = []
    for page in sorted(site_dir.rglob("*.html")):
        parser = _Sources()
        parser.feed(page.read_text(encoding="utf-8"))
        for src in parser.found:
            if not _is_local(src):
                continue
            path = unquote(urlsplit(src).path)
            if path.startswith("/"):
                target = site_dir / path.lstrip("/")
            else:
                rel = page.parent.relative_to(site_dir).as_posix()
                target = site_dir / posixpath.normpath(posixpath.join(rel, path))
            if not target.is_file():
                problems.append(f"{page.relative_to(site_dir).as_posix()}: {src}")
    return problems


def on_post_build(config: Any, **_kwargs: Any) -> None:
    """Fail the build when a page shows a picture that is not in the site."""
    problems = missing_images(Path(config["site_dir"]))
    if problems:
        raise ImageCheckError(
            "pictures missing from the built site:\n  " + "\n  ".join(problems)
        )
