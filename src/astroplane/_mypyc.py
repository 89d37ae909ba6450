"""``mypyc_attr``: the class decorator of ``mypy_extensions`` that tells mypyc how to
compile a class, or a no-op where ``mypy_extensions`` is not installed (a plain,
pure-Python install needs only attrs).

The compiled build (``hatch_build.py``) is made with mypy, which brings
``mypy_extensions``; mypyc reads the decorator when it compiles, and a compiled module
runs without it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

__all__ = ["mypyc_attr"]

_C = TypeVar("_C")

try:
    from mypy_extensions import mypyc_attr
except ImportError:  # pragma: no cover - depends on the environment

    def mypyc_attr(*attrs: str, **kwattrs: object) -> Callable[[_C], _C]:
        """No-op stand-in of ``mypy_extensions.mypyc_attr``."""
        return lambda cls: cls
