"""Game plug-ins that are not installed: load one from a module name or a ``.py`` file.

A game plug-in is a module that calls ``astroplane.protocol.register_game`` when it is
imported (``examples/games/tictactoe.py`` is one). Installed plug-ins are found through the
``astroplane.games`` entry points and need nothing from here. ``load_plugin`` is what the
command line's ``--plugin`` option, the worker processes of ``astroplane.runs`` and the
server's bot pool use, so a plug-in file is imported the same way everywhere and never
twice in one process.

Loading a plug-in runs its code, as ``python FILE`` would: only name files you trust.
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.util
import sys
from pathlib import Path

from astroplane.protocol import games

__all__ = ["load_plugin"]


def load_plugin(spec: str) -> str:
    """Import the plug-in ``spec`` names: a path to a ``.py`` file, or a module name.

    A file already imported (by its resolved path, under any module name) is not run
    again. A file is imported as ``astroplane_plugin_<stem>``, or with a digest of its path
    added when another file of the same stem holds that name.

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
        imported = _imported_as(path)
        if imported is not None:
            return imported
        name = f"astroplane_plugin_{path.stem}"
        if name in sys.modules:  # another file of the same stem
            name += "_" + hashlib.sha256(str(path).encode()).hexdigest()[:12]
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


def _imported_as(path: Path) -> str | None:
    """The name under which the file at ``path`` (resolved) is imported, or None."""
    for name, module in list(sys.modules.items()):
        file = getattr(module, "__file__", None)
        if isinstance(file, str) and (file == str(path) or Path(file).resolve() == path):
            return name
    return None


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
