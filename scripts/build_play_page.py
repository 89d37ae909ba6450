"""Build the in-browser game page (docs/play/) from a fresh clone.

The page (docs/play/index.html, play.js, clicktree.js, play.css, bridge.py, clicks.py,
boardgame.py: committed) runs the project's own pure-Python wheel under Pyodide. This
script makes what it loads and writes it to docs/play/_build/ (gitignored), which
``mkdocs build`` then publishes with the docs:

* _build/pyodide/  the Pyodide runtime, copied from web/node_modules/pyodide (npm ci in
  web/, which pins the version in package.json and package-lock.json);
* _build/wheels/   the astroplane wheel built from this checkout, and attrs' wheel
  (pure Python) downloaded from PyPI;
* _build/manifest.json  what the page reads first: the wheel files and versions.

Nothing is fetched from any other host when the page runs: Pyodide's index URL is the
local copy, and the wheels are loaded from their local URLs.

Usage (from the repository root, in a venv where ``pip`` works)::

    python scripts/build_play_page.py            # npm ci, build the wheel, copy, write
    python scripts/build_play_page.py --skip-npm # reuse web/node_modules as it is
    python scripts/build_play_page.py --out DIR  # write somewhere else (e.g. a site dir)

Then ``python -m http.server -d docs/play`` and open http://127.0.0.1:8000/ (or
``mkdocs serve`` and open /play/).
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
import zipfile
from importlib import metadata
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "web"
PAGE = ROOT / "docs" / "play"
DEFAULT_OUT = PAGE / "_build"

#: The files of the npm package that the page needs (the rest are Node and type files).
RUNTIME_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
    "package.json",
)


def run(cmd: list[str], cwd: Path = ROOT) -> None:
    print("+", " ".join(cmd), flush=True)
    subprocess.run(cmd, cwd=cwd, check=True)


def pinned_pyodide() -> str:
    """The Pyodide version pinned by web/package-lock.json."""
    lock = json.loads((WEB / "package-lock.json").read_text(encoding="utf-8"))
    return str(lock["packages"]["node_modules/pyodide"]["version"])


def install_pyodide(skip_npm: bool) -> Path:
    """Run ``npm ci`` in web/ (unless skipped) and return the pyodide package folder."""
    package = WEB / "node_modules" / "pyodide"
    if not skip_npm:
        npm = shutil.which("npm")
        if npm is None:
            sys.exit("npm is not installed: install Node.js and npm (Debian: apt-get install npm)")
        run([npm, "ci", "--no-audit", "--no-fund"], cwd=WEB)
    want = pinned_pyodide()
    try:
        have = json.loads((package / "package.json").read_text(encoding="utf-8"))["version"]
    except FileNotFoundError:
        sys.exit(f"{package} is missing: run 'npm ci' in web/ (or drop --skip-npm)")
    if have != want:
        sys.exit(f"web/node_modules has pyodide {have}, the lockfile pins {want}: run 'npm ci'")
    return package


def build_wheels(dest: Path, attrs_spec: str) -> list[Path]:
    """Build astroplane's wheel from this checkout and download attrs' wheel into ``dest``."""
    with tempfile.TemporaryDirectory() as tmp:
        run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--wheel-dir", tmp, str(ROOT)])
        run(
            [
                sys.executable,
                "-m",
                "pip",
                "download",
                "--no-deps",
                "--only-binary=:all:",
                "--dest",
                tmp,
                attrs_spec,
            ]
        )
        wheels = sorted(Path(tmp).glob("*.whl"))
        names = sorted(w.name.split("-")[0].lower() for w in wheels)
        if names != ["astroplane", "attrs"]:
            sys.exit(f"expected the astroplane and attrs wheels, got {[w.name for w in wheels]}")
        for wheel in wheels:
            if not wheel.name.endswith("-py3-none-any.whl"):
                sys.exit(f"{wheel.name} is not a pure-Python wheel: Pyodide cannot load it")
            shutil.copy2(wheel, dest / wheel.name)
    check_wheel(next(dest.glob("astroplane-*.whl")))
    # attrs first: astroplane imports it.
    return sorted(dest.glob("*.whl"), key=lambda w: not w.name.startswith("attrs-"))


#: What the wheel holds besides src/: the play page's files the server serves (copies of
#: docs/play's, which the page itself loads from its own folder).
PAGE_COPY = "astroplane/server/static/"


def check_wheel(wheel: Path) -> None:
    """Stop unless the wheel holds exactly this checkout's package sources (so a stale
    wheel from some cache can never end up in the page)."""
    src = ROOT / "src"
    with zipfile.ZipFile(wheel) as archive:
        packed = {
            name: archive.read(name)
            for name in archive.namelist()
            if name.startswith("astroplane/")
            and ".dist-info/" not in name
            and not name.startswith(PAGE_COPY)
        }
    tracked = {
        path.relative_to(src).as_posix(): path.read_bytes()
        for path in (src / "astroplane").rglob("*")
        if path.is_file() and "__pycache__" not in path.parts
    }
    if packed != tracked:
        differ = sorted(set(packed) ^ set(tracked)) or [
            name for name in packed if packed[name] != tracked[name]
        ]
        sys.exit(f"{wheel.name} does not match src/astroplane: {differ[:5]}")


def default_attrs_spec() -> str:
    """attrs at the version this environment runs the tests with, else the newest."""
    try:
        return f"attrs=={metadata.version('attrs')}"
    except metadata.PackageNotFoundError:
        return "attrs>=23.1"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="output folder")
    parser.add_argument("--skip-npm", action="store_true", help="do not run npm ci")
    parser.add_argument("--attrs", default=None, help="pip requirement for attrs' wheel")
    args = parser.parse_args(argv)

    package = install_pyodide(args.skip_npm)
    out: Path = args.out.resolve()
    if out.exists():
        shutil.rmtree(out)
    (out / "pyodide").mkdir(parents=True)
    (out / "wheels").mkdir()
    for name in RUNTIME_FILES:
        shutil.copy2(package / name, out / "pyodide" / name)
    wheels = build_wheels(out / "wheels", args.attrs or default_attrs_spec())
    pyodide_version = json.loads((package / "package.json").read_text(encoding="utf-8"))["version"]
    manifest = {
        "pyodide": pyodide_version,
        "wheels": [f"wheels/{w.name}" for w in wheels],
        "versions": {w.name.split("-")[0].lower(): w.name.split("-")[1] for w in wheels},
    }
    (out / "manifest.json").write_text(json.dumps(manifest, indent=2) + "\n", encoding="utf-8")
    size = sum(f.stat().st_size for f in out.rglob("*") if f.is_file())
    print(
        f"wrote {out} ({size / 1e6:.1f} MB): pyodide {pyodide_version}, "
        + ", ".join(w.name for w in wheels)
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
