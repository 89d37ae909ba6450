"""What a newcomer meets first (issue 31): the README's two commands and the CI that runs
them as written, the test groups that need more than the ``test`` extra, the docs home
page, the API reference and the package metadata."""

from __future__ import annotations

import ast
import re
import subprocess
from pathlib import Path

import pytest
import tomllib

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")
CI_PATH = ROOT / ".ci" / "run"
# CI's harness runs the README's test command in its clone before it runs .ci/run, and that
# clone need not hold .ci/run; the tests that read the script skip there and run everywhere
# else (a checkout, and the second run of .ci/run itself).
CI = CI_PATH.read_text(encoding="utf-8") if CI_PATH.exists() else ""
needs_ci_script = pytest.mark.skipif(
    not CI_PATH.exists(), reason="this copy of the checkout has no .ci/run"
)
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))

MAIN_JOB = (
    "python -m venv .venv && . .venv/bin/activate && pip install '.[cli]' && "
    "astroplane selfplay --players 4 --games 1"
)
TEST_COMMAND = (
    "python -m venv .venv && . .venv/bin/activate && pip install -e '.[test]' && python -m pytest"
)


def _ci_readme_command(marker: str) -> str:
    """The command ``.ci/run`` takes from the README for ``marker``, by its own function."""
    function = re.search(r"^readme_command\(\) \{.*?^\}$", CI, re.M | re.S)
    assert function is not None
    script = f"ROOT={str(ROOT)!r}\n{function[0]}\nreadme_command {marker}\n"
    return subprocess.run(
        ["bash", "-c", script], capture_output=True, text=True, check=True
    ).stdout.strip()


@needs_ci_script
@pytest.mark.parametrize(
    ("marker", "command"), [("main-job", MAIN_JOB), ("test-command", TEST_COMMAND)]
)
def test_ci_runs_the_readme_commands_exactly_as_written(marker: str, command: str) -> None:
    """``.ci/run`` reads each command from the line after its marker in the README, so
    what CI runs is what the README shows, and it runs both before it installs anything."""
    assert f"<!-- ci: {marker} -->\n```bash\n{command}\n```" in README
    assert _ci_readme_command(marker) == command
    first_install = CI.index("pip install -e '.[test,")
    assert CI.index(f"readme_run {marker}") < first_install


def _groups() -> list[str]:
    """The test groups of the root conftest.py (``GROUPS``), in order."""
    tree = ast.parse((ROOT / "conftest.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.AnnAssign) and getattr(node.target, "id", "") == "GROUPS":
            assert isinstance(node.value, ast.Dict)
            return [ast.literal_eval(k) for k in node.value.keys if k is not None]
    raise AssertionError("conftest.py defines no GROUPS")


@needs_ci_script
def test_ci_runs_every_test_group_after_the_readme_run() -> None:
    """The second run selects exactly the groups of conftest.py but the server's, and a
    skip fails it; the server's group runs after its extra and PostgreSQL are installed
    (its browser test ran with the browser group); the README names the selection."""
    expression = " or ".join(g for g in _groups() if g != "server")
    assert f'GROUPS_EXPR="{expression}"' in CI
    run = "ASTROPLANE_NO_SKIPS=1 python -m pytest -p no:cacheprovider -n auto -m"
    assert f'{run} "$GROUPS_EXPR"' in CI
    assert f'{run} "server and not browser"' in CI
    assert CI.index("pip install -e '.[server,test-server]'") < CI.index(
        f'{run} "server and not browser"'
    )
    assert f'-m "{expression}"' in README.replace("\n", " ")
    for group in _groups():
        assert group in PYPROJECT["project"]["optional-dependencies"] or group in ("browser", "ajv")


def _marks(decorators: list[ast.expr]) -> set[str]:
    out = set()
    for d in decorators:
        text = ast.unparse(d)
        found = re.fullmatch(r"pytest\.mark\.(\w+)", text)
        if found:
            out.add(found[1])
    return out


def _needs_more(node: ast.AST) -> bool:
    """Whether code imports an optional module or needs Ajv (it would skip without)."""
    if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
        return False  # a docstring
    text = ast.unparse(node)
    return "importorskip(" in text or ("skip(" in text and "Ajv" in text)


@pytest.mark.parametrize(
    "path",
    sorted(p for p in (ROOT / "tests").rglob("test_*.py") if "browser" not in p.parts),
    ids=lambda p: str(p.relative_to(ROOT / "tests")),
)
def test_a_test_that_needs_more_than_the_test_extra_is_in_a_group(path: Path) -> None:
    """A test that skips without an optional module or Ajv carries the marker of its
    group (module ``pytestmark`` or its own), so the README run skips it naming the group
    and the second CI run selects it: no such test can be left out of both."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    groups = set(_groups())
    module_marks: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(
            getattr(t, "id", "") == "pytestmark" for t in node.targets
        ):
            module_marks |= _marks([node.value])
    for node in tree.body:
        if isinstance(node, ast.FunctionDef) and node.name.startswith("test") and _needs_more(node):
            assert (_marks(node.decorator_list) | module_marks) & groups, (
                f"{path.name}::{node.name}"
            )
        elif not isinstance(node, ast.FunctionDef | ast.ClassDef) and _needs_more(node):
            assert module_marks & groups, f"{path.name}: module-level {ast.unparse(node)[:60]}"


def test_the_env_doctests_are_in_the_rl_group() -> None:
    """The doctests of ``astroplane.env`` need the rl extra: conftest.py marks them."""
    tree = ast.parse((ROOT / "conftest.py").read_text(encoding="utf-8"))
    found = [
        ast.literal_eval(node.value)
        for node in tree.body
        if isinstance(node, ast.Assign)
        and any(getattr(t, "id", "") == "DOCTEST_GROUPS" for t in node.targets)
    ]
    assert found and found[0]["astroplane.env"] == "rl"
    assert set(found[0].values()) <= set(_groups())


@pytest.mark.parametrize("page", ["README.md", "docs/index.md"])
def test_pip_install_comes_before_the_clone_route(page: str) -> None:
    """The README and the docs home page show ``pip install astroplane`` and the ``cli``
    extra before the contributors' route from a clone."""
    text = (ROOT / page).read_text(encoding="utf-8")
    clone = text.index(MAIN_JOB)
    assert -1 < text.find("pip install astroplane ") < clone
    assert -1 < text.find("pip install 'astroplane[cli]'") < clone


GAMES = {
    "ASTROPLANE": ("rules.md", "play/index.html"),
    "Aeroplane Chess": ("aeroplane-chess/rules.md", "play/index.html?game=aeroplane-chess"),
    "Square Off": ("square-off/rules.md", "play/index.html?game=square-off"),
    "StarCastles": ("starcastles/rules.md", "play/index.html?game=starcastles"),
}


@pytest.mark.parametrize("title", list(GAMES))
def test_the_home_page_introduces_each_game_with_a_board_and_its_links(title: str) -> None:
    """The docs home page has a section per game: a board drawn by the engine whose
    picture leads to the game's play page, and links to its rules and its play page."""
    text = (ROOT / "docs" / "index.md").read_text(encoding="utf-8")
    rules, play = GAMES[title]
    section = text.split(f"### {title}\n", 1)[1].split("\n### ", 1)[0]
    board = section.split("```astroplane-board\n", 1)[1].split("```", 1)[0]
    assert re.search(rf"^link: {re.escape(play)}", board, re.M)
    assert f"[Rules]({rules})" in section
    assert "(" + play in section.split("```", 2)[2]
    assert "the reference rules engine for the board game ASTROPLANE" not in text


def test_the_api_reference_has_the_environments() -> None:
    page = (ROOT / "docs" / "api" / "env.md").read_text(encoding="utf-8")
    assert "::: astroplane.env\n" in page and "::: astroplane.env.generic" in page
    nav = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    assert "api/env.md" in nav
    assert "[Environments for learning](env.md)" in (ROOT / "docs/api/index.md").read_text()


def test_the_package_metadata_names_the_four_games_and_what_it_offers() -> None:
    project = PYPROJECT["project"]
    summary = project["description"]
    for name in ("ASTROPLANE", "Aeroplane Chess", "Square Off", "StarCastles", "Nine Men's Morris",
                 "Chinese checkers", "SVG", "reinforcement-learning"):  # fmt: skip
        assert name in summary, name
    keywords = set(project["keywords"])
    assert {"aeroplane chess", "square off", "starcastles", "nine men's morris",
            "chinese checkers", "reinforcement learning", "svg"} <= keywords  # fmt: skip
    classifiers = set(project["classifiers"])
    assert "Topic :: Games/Entertainment :: Board Games" in classifiers
    assert "Topic :: Scientific/Engineering :: Artificial Intelligence" in classifiers


@needs_ci_script
def test_ci_checks_the_package_metadata() -> None:
    """CI builds the sdist and the wheel and checks their metadata as PyPI renders it."""
    assert "twine check --strict" in CI and "python -m build" in CI
