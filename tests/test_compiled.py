"""The build in use: pure Python (the reference) or compiled with mypyc (optional)."""

from __future__ import annotations

import os

import astroplane
from astroplane.games.astroplane.rules import movegen


def test_compiled_flag_matches_the_move_generator() -> None:
    assert isinstance(astroplane.COMPILED, bool)
    assert movegen.__file__.endswith((".so", ".pyd")) == astroplane.COMPILED


def test_expected_build() -> None:
    """``ASTROPLANE_EXPECT_COMPILED=1`` (set by scripts/ci_compiled.sh) or ``=0`` asserts which
    build the tests run against, so a silently pure install cannot pass as compiled."""
    expected = os.environ.get("ASTROPLANE_EXPECT_COMPILED")
    if expected is not None:
        assert astroplane.COMPILED is (expected == "1")
