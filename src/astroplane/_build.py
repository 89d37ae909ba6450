"""Which build of the engine is in use: the pure-Python reference or the mypyc-compiled one.

``ASTROPLANE_COMPILE=1 pip install astroplane`` (from the source distribution or a clone)
compiles the hot modules with mypyc; a plain install is pure Python. Both run the same
typed code and pass the same tests.
"""

from __future__ import annotations

from astroplane.games.astroplane.rules import movegen

__all__ = ["COMPILED"]

#: True when the move generator is a compiled extension module (mypyc), False when it is
#: the pure-Python source.
COMPILED: bool = (movegen.__file__ or "").endswith((".so", ".pyd"))
