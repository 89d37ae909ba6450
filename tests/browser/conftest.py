"""Fixtures for the browser tests: the built play page served on 127.0.0.1 and Debian's
Chromium driven by Playwright for Python.

A test marked ``browser`` is skipped, with the reason, when Playwright is not installed,
no Chromium is found, or the page is not built from this checkout's sources (``python
scripts/build_play_page.py``: a page built before a change would run the old code);
``bash scripts/ci_browser.sh`` installs all three. ``ASTROPLANE_CHROMIUM`` names another
Chromium binary. Playwright's own browser downloads (``playwright install``) are not used.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .browser_helpers import (
    BUILD_HINT,
    CHROMIUM_ARGS,
    PAGE,
    Page,
    Server,
    chromium_path,
    serve,
    stale_build,
)


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        "browser: drives the play page (docs/play) in a real Chromium; skipped when "
        "Playwright, Chromium or the built page is missing",
    )


@pytest.fixture(scope="module")
def chromium() -> Iterator[Any]:
    """A headless Chromium launched by Playwright, closed after the module's tests (so
    neither the browser nor Playwright's event loop outlives them)."""
    sync_api = pytest.importorskip(
        "playwright.sync_api", reason="Playwright is not installed (pip install playwright)"
    )
    executable = chromium_path()
    if executable is None:
        pytest.skip("Chromium is not installed (apt-get install -y chromium)")
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            browser.close()


@pytest.fixture(scope="session")
def built_page() -> Path:
    """docs/play, with the build output the page loads (skips when it is missing)."""
    if not (PAGE / "_build" / "manifest.json").is_file():
        pytest.skip(f"the play page is not built: run {BUILD_HINT}")
    stale = stale_build(PAGE / "_build")
    if stale:
        pytest.skip(f"the play page was built from other sources ({stale}): run {BUILD_HINT}")
    return PAGE


@pytest.fixture()
def page_server(built_page: Path) -> Iterator[Server]:
    yield from serve(built_page)


@pytest.fixture()
def tab(chromium: Any) -> Iterator[Page]:
    """A fresh browser context and page, 1280 x 900, downloads allowed."""
    page = Page(chromium, viewport={"width": 1280, "height": 900}, accept_downloads=True)
    try:
        yield page
    finally:
        page.close()
