"""pytest setup for the whole repository: the example variants of the docs ("Writing a
variant") are importable by the tests and doctests as a third party imports its own
modules."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent / "examples" / "variants"))
