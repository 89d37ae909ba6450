"""The optional dependencies of ``astroplane.env`` (the extra ``astroplane[rl]``).

They are imported by name, so the package imports (and type-checks) with or without them;
everything from them is typed ``Any``. ``require()`` raises an ``ImportError`` naming the
extra when they are missing.
"""

from __future__ import annotations

import importlib
from typing import Any

__all__ = ["AECEnv", "gymnasium", "np", "require", "spaces", "wrappers"]

_MISSING: ImportError | None = None
np: Any = None
gymnasium: Any = None
spaces: Any = None
wrappers: Any = None
AECEnv: Any = object
try:
    np = importlib.import_module("numpy")
    gymnasium = importlib.import_module("gymnasium")
    spaces = importlib.import_module("gymnasium.spaces")
    AECEnv = importlib.import_module("pettingzoo").AECEnv
    wrappers = importlib.import_module("pettingzoo.utils.wrappers")
except ImportError as exc:  # pragma: no cover - exercised without the rl extra
    _MISSING = exc
    AECEnv = object


def require() -> None:
    """Raise a helpful ImportError when the rl extra is not installed.

    Raises:
        ImportError: If PettingZoo, Gymnasium or NumPy is missing.
    """
    if _MISSING is not None:
        raise ImportError(
            "astroplane.env needs PettingZoo, Gymnasium and NumPy: "
            "pip install 'astroplane[rl]' (or pip install pettingzoo gymnasium numpy)"
        ) from _MISSING


def wrap(raw: Any) -> Any:
    """``raw`` with PettingZoo's usual wrappers: an illegal action ends the game with
    reward -1 for the offender, actions are checked against the space, and the AEC call
    order is enforced."""
    e = wrappers.TerminateIllegalWrapper(raw, illegal_reward=-1)
    e = wrappers.AssertOutOfBoundsWrapper(e)
    return wrappers.OrderEnforcingWrapper(e)
