"""Optional compiled build: ``ASTROPLANE_COMPILE=1 pip install .`` compiles the hot modules
with mypyc (which ships with mypy) into C extensions next to the pure-Python sources.

Without the variable the build is untouched: a pure-Python, universal wheel
(``py3-none-any``), which stays the reference. With it, the wheel is platform-specific and
holds both the ``.py`` sources and the extensions; Python imports the extension.
``astroplane.COMPILED`` tells which one is in use. Editable installs are never compiled.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

#: The modules mypyc compiles (paths under src/). Only modules mypyc accepts and whose
#: compiled form passes the whole test suite; the attrs classes (state.py, ruleset.py)
#: are left out (a compiled frozen attrs class crashed at run time), and so is perft.py
#: (mypyc drops the docstrings of public functions). Square Off's packed core: its packed
#: positions, move generation, ply, heuristic and the native base of its state class
#: (``viewbase.PackedView``; the attrs class on top stays pure, as ASTROPLANE's does; so
#: does ``history.History``, the threefold keys a position holds). Aeroplane Chess's packed
#: core and its layout (its state, a view of the packed position, stays pure). StarCastles'
#: packed core and its layout (its state, an attrs view, and ``movegen``, which holds an
#: attrs class, stay pure).
COMPILED_MODULES = (
    "astroplane/games/astroplane/packed.py",
    "astroplane/games/astroplane/construct.py",
    "astroplane/games/astroplane/rules/engine.py",
    "astroplane/games/astroplane/rules/core.py",
    "astroplane/games/astroplane/rules/scoring.py",
    "astroplane/games/astroplane/rules/movegen.py",
    "astroplane/games/astroplane/rules/apply.py",
    "astroplane/games/astroplane/rules/turns.py",
    "astroplane/games/astroplane/rules/squares.py",
    "astroplane/games/astroplane/rules/explain.py",
    "astroplane/games/square_off/packed.py",
    "astroplane/games/square_off/movegen.py",
    "astroplane/games/square_off/play.py",
    "astroplane/games/square_off/evaluation.py",
    "astroplane/games/square_off/core.py",
    "astroplane/games/square_off/viewbase.py",
    "astroplane/games/aeroplane_chess/packed.py",
    "astroplane/games/aeroplane_chess/core.py",
    "astroplane/games/starcastles/packed.py",
    "astroplane/games/starcastles/core.py",
)

_SETUP = """
import sys
from setuptools import setup
from mypyc.build import mypycify

setup(
    name="astroplane-compiled",
    ext_modules=mypycify(sys.argv[1:], opt_level="3", target_dir={target!r}),
    script_args=["build_ext", "--build-lib", {lib!r}, "--build-temp", {tmp!r}],
)
"""


def _enabled() -> bool:
    return os.environ.get("ASTROPLANE_COMPILE", "").strip().lower() in {"1", "true", "yes", "on"}


class CompileHook(BuildHookInterface):  # type: ignore[type-arg]
    """Compile ``COMPILED_MODULES`` with mypyc when ``ASTROPLANE_COMPILE=1``."""

    PLUGIN_NAME = "custom"

    def dependencies(self) -> list[str]:
        if self.target_name == "wheel" and _enabled():
            return ["mypy>=1.10", "setuptools", "attrs>=23.1"]
        return []

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name != "wheel" or version == "editable" or not _enabled():
            return
        src = Path(self.root) / "src"
        with tempfile.TemporaryDirectory() as temp:
            lib = os.path.join(temp, "lib")
            setup_py = os.path.join(temp, "setup.py")
            Path(setup_py).write_text(
                _SETUP.format(
                    target=os.path.join(temp, "c"),
                    lib=lib,
                    tmp=os.path.join(temp, "tmp"),
                ),
                encoding="utf-8",
            )
            proc = subprocess.run(
                [sys.executable, setup_py, *COMPILED_MODULES],
                cwd=src,
                stdout=subprocess.PIPE,
                stderr=subprocess.STDOUT,
                text=True,
            )
            if proc.returncode:
                raise RuntimeError(f"mypyc failed (ASTROPLANE_COMPILE=1):\n{proc.stdout}")
            out = Path(self.directory) / ".mypyc"  # kept until the wheel is written
            shutil.rmtree(out, ignore_errors=True)
            shutil.copytree(lib, out)
        built = [p for p in out.rglob("*") if p.suffix in {".so", ".pyd"}]
        if not built:
            raise RuntimeError("mypyc produced no extension module")
        for path in built:
            build_data["force_include"][str(path)] = path.relative_to(out).as_posix()
        build_data["pure_python"] = False
        build_data["infer_tag"] = True

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        shutil.rmtree(Path(self.directory) / ".mypyc", ignore_errors=True)
