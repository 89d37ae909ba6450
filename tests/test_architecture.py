"""The package's layers: no import cycles, no hidden imports, the core free of the formats."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parent.parent / "src" / "astroplane"

#: The core: the board, the state and the rules. It may not import the layers above it.
CORE = (
    "astroplane.enums",
    "astroplane.pieces",
    "astroplane.topology",
    "astroplane.moves",
    "astroplane.outcome",
    "astroplane.errors",
    "astroplane.events",
    "astroplane.protocol",
    "astroplane.render",
    "astroplane.packed",
    "astroplane.state",
    "astroplane.construct",
    "astroplane.rules",
    "astroplane.setup",
)
#: What the core may not import: the formats, the command line, the game's registration.
ABOVE_CORE = ("astroplane.formats", "astroplane.cli", "astroplane.game", "astroplane.agents")


def _modules() -> dict[str, ast.Module]:
    out = {}
    for path in sorted(SRC.rglob("*.py")):
        parts = path.relative_to(SRC.parent).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        out[name] = ast.parse(path.read_text(encoding="utf-8"))
    return out


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _imports(tree: ast.Module) -> list[str]:
    """The astroplane modules a module imports when it is run (TYPE_CHECKING blocks and
    ``from __future__`` left out)."""
    found = []
    for node in tree.body:
        if isinstance(node, ast.If) and _is_type_checking(node):
            continue
        for sub in ast.walk(node):
            if (
                isinstance(sub, ast.ImportFrom)
                and sub.module
                and sub.module.startswith("astroplane")
            ):
                found.append(sub.module)
                # ``from astroplane.rules import apply`` imports the submodule too
                found.extend(f"{sub.module}.{a.name}" for a in sub.names)
            elif isinstance(sub, ast.Import):
                found.extend(a.name for a in sub.names if a.name.startswith("astroplane"))
    return found


def test_no_import_cycles() -> None:
    """The import graph of the package's modules has no cycle (so state.py is on none)."""
    modules = _modules()
    graph = {
        name: {m for m in _imports(tree) if m in modules and m != name}
        for name, tree in modules.items()
    }
    # A package's modules all run its __init__ first: leave those edges out, as Python
    # imports the package before the module and a package importing its own modules is
    # the normal layout.
    graph = {n: {m for m in deps if not n.startswith(m + ".")} for n, deps in graph.items()}
    state: dict[str, int] = {}
    path: list[str] = []

    def visit(node: str) -> None:
        state[node] = 1
        path.append(node)
        for dep in sorted(graph[node]):
            if state.get(dep) == 1:
                cycle = [*path[path.index(dep) :], dep]
                pytest.fail("import cycle: " + " -> ".join(cycle))
            if dep not in state:
                visit(dep)
        path.pop()
        state[node] = 2

    for name in sorted(graph):
        if name not in state:
            visit(name)


def test_no_imports_inside_functions_or_after_code() -> None:
    """Every import of the package is at the top of its module: none inside a function or
    class, none after the first definition (no import dodging a cycle)."""
    problems = []
    for name, tree in _modules().items():
        seen_code = False
        for node in tree.body:
            if isinstance(node, (ast.FunctionDef, ast.ClassDef, ast.AsyncFunctionDef)):
                seen_code = True
                for sub in ast.walk(node):
                    if isinstance(sub, (ast.Import, ast.ImportFrom)):
                        problems.append(f"{name}: import inside {node.name}")
            elif isinstance(node, (ast.Import, ast.ImportFrom)) and seen_code:
                problems.append(f"{name}: import after code (line {node.lineno})")
    assert problems == []


@pytest.mark.parametrize("core", CORE)
def test_the_core_does_not_import_the_layers_above(core: str) -> None:
    """The board, state and rules import neither the formats nor the command line nor the
    game's registration; they reach the formats only through the game registry."""
    for name, tree in _modules().items():
        if name == core or name.startswith(core + "."):
            above = [m for m in _imports(tree) if m.startswith(ABOVE_CORE)]
            assert above == [], f"{name} imports {above}"
