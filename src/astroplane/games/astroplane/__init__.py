"""ASTROPLANE, the first game of the family: its board (``topology``, ``geometry``), state,
rules (``rules``: the rule set, its phases and variants), formats (``formats``: notation,
position text, JSON, records), drawing (``svg``, ``render``) and its ``Game``
(``game.ASTROPLANE``).

The package exports the game's public names of ``astroplane.__all__`` (``new_game``,
``GameState``, ``STANDARD``...), loaded on first use like there; ``astroplane`` itself
keeps them too. The modules' old paths (``astroplane.state``...) work for one release
with a ``DeprecationWarning`` (``astroplane._moved``).

Examples:
    >>> from astroplane.games import astroplane as game
    >>> state = game.new_game(players=2)
    >>> state is not None and game.GameState is type(state)
    True
"""

from __future__ import annotations

import importlib
from typing import Any

from astroplane import _LAZY

_HERE = "astroplane.games.astroplane"

#: Where each name lives (the game's share of ``astroplane._LAZY``).
_NAMES = {name: module for name, module in _LAZY.items() if module.startswith(_HERE)}
# Match play: the generic Match (astroplane.match, a tool) stays importable from here, as
# before it moved, next to ASTROPLANE's own scoring.
_NAMES.update(dict.fromkeys(("Match", "MATCH_POINTS", "start_match"), f"{_HERE}.match"))

__all__ = sorted(_NAMES)


def __getattr__(name: str) -> Any:
    module = _NAMES.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
