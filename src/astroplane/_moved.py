"""ASTROPLANE's old module paths, kept working for one release with a ``DeprecationWarning``.

ASTROPLANE's modules moved into its game package, ``astroplane.games.astroplane``, next to
the other games (issue 20): ``astroplane.state`` is now
``astroplane.games.astroplane.state``, ``astroplane.rules.movegen`` is
``astroplane.games.astroplane.rules.movegen``, and so on. Importing an old path warns
and gives the module at the new path itself (not a copy), so classes, ``isinstance`` and
pickles are unchanged. The names of ``astroplane.__all__`` (``astroplane.new_game``,
``astroplane.GameState``, ``astroplane.svg``...) are not deprecated.

Type checkers see only the new paths.
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import sys
import warnings
from collections.abc import Sequence
from types import ModuleType

__all__ = ["MOVED", "install"]

#: The old top-level modules and packages of ASTROPLANE (each with its submodules).
MOVED = frozenset(
    {
        "_svgdraw",
        "_svgscene",
        "actions",
        "construct",
        "enums",
        "evaluation",
        "events",
        "formats",
        "game",
        "geometry",
        "moves",
        "outcome",
        "packed",
        "pieces",
        "render",
        "rules",
        "setup",
        "state",
        "topology",
    }
)

_OLD = "astroplane."
_NEW = "astroplane.games.astroplane."


def new_name(old: str) -> str | None:
    """The new path of an old module path, or None if ``old`` did not move."""
    if not old.startswith(_OLD):
        return None
    rest = old[len(_OLD) :]
    if rest.split(".", 1)[0] not in MOVED:
        return None
    return _NEW + rest


class _Alias(importlib.abc.Loader):
    """Loads an old path as the module at its new path."""

    def __init__(self, new: str) -> None:
        self.new = new

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType:
        warnings.warn(
            f"{spec.name} moved to {self.new}; the old path goes away in the next release",
            DeprecationWarning,
            stacklevel=2,
        )
        module = importlib.import_module(self.new)
        self._spec = module.__spec__
        return module

    def exec_module(self, module: ModuleType) -> None:
        # The import system set the old spec on the module: give it back its own.
        module.__spec__ = self._spec


class _Finder(importlib.abc.MetaPathFinder):
    """Finds the old paths (only those: every other import goes on as usual)."""

    def find_spec(
        self,
        fullname: str,
        path: Sequence[str] | None,
        target: ModuleType | None = None,
    ) -> importlib.machinery.ModuleSpec | None:
        new = new_name(fullname)
        if new is None:
            return None
        return importlib.machinery.ModuleSpec(fullname, _Alias(new))


_FINDER = _Finder()


def install() -> None:
    """Put the finder first on ``sys.meta_path`` (once)."""
    if _FINDER not in sys.meta_path:
        sys.meta_path.insert(0, _FINDER)
