"""``--plugin``: load a game that is not installed, from a module name or a Python file.

A game plug-in is a module that calls ``astroplane.protocol.register_game`` when it is
imported (``examples/games/tictactoe.py`` is one). Installed plug-ins are found through
the ``astroplane.games`` entry points and need no option; ``--plugin`` is for a game under
development::

    astroplane --plugin examples/games/tictactoe.py selfplay --game tic-tac-toe

Loading a plug-in runs its code, as ``python FILE`` would: only name files you trust.
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import sys
from collections.abc import Sequence
from pathlib import Path

from astroplane.protocol import games

__all__ = ["load_plugin", "split_plugins"]


def split_plugins(argv: Sequence[str]) -> tuple[list[str], list[str]]:
    """The ``--plugin`` values of ``argv`` (wherever they are) and the other arguments.

    Examples:
        >>> split_plugins(["--plugin", "a.py", "selfplay", "--plugin=b", "--games", "2"])
        (['a.py', 'b'], ['selfplay', '--games', '2'])
    """
    pre = argparse.ArgumentParser(add_help=False, allow_abbrev=False)
    pre.add_argument("--plugin", action="append", default=[])
    plugins: list[str] = []
    rest: list[str] = []
    args = list(argv)
    i = 0
    while i < len(args):
        a = args[i]
        if a == "--":
            rest.extend(args[i:])
            break
        if a == "--plugin" and i + 1 < len(args):
            plugins.append(args[i + 1])
            i += 2
            continue
        if a.startswith("--plugin="):
            plugins.append(a.partition("=")[2])
        else:
            rest.append(a)
        i += 1
    return plugins, rest


def load_plugin(spec: str) -> str:
    """Import the plug-in ``spec`` names: a path to a ``.py`` file, or a module name.

    A file already imported (by its resolved path) is not run again.

    Returns:
        The name of the module loaded.

    Raises:
        ValueError: If the file does not exist or the module cannot be imported, or its
            code raises, or it registers no game (a module that is no plug-in, such as
            ``os``): the message says which and why.
    """
    text = spec.strip()
    before = set(games())
    if text.endswith(".py") or "/" in text or "\\" in text:
        path = Path(text).expanduser().resolve()
        if not path.is_file():
            raise ValueError(f"no such file: {spec!r}")
        for name, module in list(sys.modules.items()):
            if getattr(module, "__file__", None) and Path(module.__file__ or "") == path:
                return name
        name = f"astroplane_plugin_{path.stem}"
        loader_spec = importlib.util.spec_from_file_location(name, path)
        if loader_spec is None or loader_spec.loader is None:
            raise ValueError(f"not a Python module: {spec!r}")
        module = importlib.util.module_from_spec(loader_spec)
        sys.modules[name] = module
        try:
            loader_spec.loader.exec_module(module)
        except Exception as e:
            del sys.modules[name]
            raise ValueError(f"{spec!r} failed to load: {type(e).__name__}: {e}") from e
        _registered_some(spec, before)
        return name
    if text in sys.modules:  # imported before: given twice, or a module that is no plug-in
        if not any(_defined_in(g.new_game, text) for g in games().values()):
            raise _no_game(spec)
        return text
    try:
        importlib.import_module(text)
    except Exception as e:
        raise ValueError(f"cannot import {spec!r}: {type(e).__name__}: {e}") from e
    _registered_some(spec, before)
    return text


def _defined_in(function: object, module: str) -> bool:
    where = getattr(function, "__module__", None) or ""
    return where == module or where.startswith(f"{module}.")


def _registered_some(spec: str, before: set[str]) -> None:
    if not set(games()) - before:
        raise _no_game(spec)


def _no_game(spec: str) -> ValueError:
    return ValueError(
        f"{spec!r} registered no game: a plug-in calls "
        "astroplane.protocol.register_game when it is imported"
    )
