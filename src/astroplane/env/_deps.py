"""The optional dependencies of ``astroplane.env`` (the extra ``astroplane[rl]``).

They are imported by name, so the package imports (and type-checks) with or without them;
everything from them is typed ``Any``, except ``AECEnv``, the base class of the
environments, which the type checker sees as the few members the environments use of it
(PettingZoo ships no type information). ``require()`` raises an ``ImportError`` naming the
extra when they are missing.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

__all__ = ["AECEnv", "gymnasium", "np", "require", "spaces", "wrappers"]

_MISSING: ImportError | None = None
np: Any = None
gymnasium: Any = None
spaces: Any = None
wrappers: Any = None
_base: Any = object
try:
    np = importlib.import_module("numpy")
    gymnasium = importlib.import_module("gymnasium")
    spaces = importlib.import_module("gymnasium.spaces")
    _base = importlib.import_module("pettingzoo").AECEnv
    wrappers = importlib.import_module("pettingzoo.utils.wrappers")
except ImportError as exc:  # pragma: no cover - exercised without the rl extra
    _MISSING = exc
    _base = object

if TYPE_CHECKING:

    class AECEnv:
        """What the environments use of ``pettingzoo.AECEnv``, for the type checker."""

        metadata: dict[str, Any]

        def _was_dead_step(self, action: Any) -> None: ...

        def _accumulate_rewards(self) -> None: ...

else:
    AECEnv = _base  # pettingzoo.AECEnv, or object without the rl extra


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
