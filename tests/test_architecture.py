"""The package's layers: no import cycles, no hidden imports, the core free of the formats."""

from __future__ import annotations

import ast
import importlib
import subprocess
import sys
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parent.parent / "src" / "astroplane"

#: The core: the board, the state and the rules. It may not import the layers above it.
CORE = (
    "astroplane.games.astroplane.enums",
    "astroplane.games.astroplane.pieces",
    "astroplane.games.astroplane.topology",
    "astroplane.games.astroplane.moves",
    "astroplane.games.astroplane.outcome",
    "astroplane.errors",
    "astroplane.games.astroplane.events",
    "astroplane.protocol",
    "astroplane.games.astroplane.render",
    "astroplane.games.astroplane.packed",
    "astroplane.games.astroplane.state",
    "astroplane.games.astroplane.construct",
    "astroplane.games.astroplane.rules",
    "astroplane.games.astroplane.setup",
)
#: What the core may not import: the formats, the command line, the game's registration.
ABOVE_CORE = (
    "astroplane.games.astroplane.formats",
    "astroplane.cli",
    "astroplane.games.astroplane.game",
    "astroplane.agents",
)


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
                # ``from astroplane.games.astroplane.rules import apply`` imports the submodule too
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
    game's registration, type-only imports included."""
    for name, tree in _modules().items():
        if name == core or name.startswith(core + "."):
            above = [m for m in _all_imports(tree) if m.startswith(ABOVE_CORE)]
            assert above == [], f"{name} imports {above}"


#: The registry's look-ups (``astroplane.protocol``): the tools' way to a game.
REGISTRY_LOOKUPS = {"game_of", "get_game", "games"}


def test_no_game_module_looks_a_game_up_in_the_registry() -> None:
    """No module of a game imports the registry's look-ups (``game_of``, ``get_game``,
    ``games``): a state reaches its formats through what its package installs, not by a
    path up through the registry (issue 20)."""
    found = []
    for name, tree in _modules().items():
        if not name.startswith("astroplane.games."):
            continue
        for sub in ast.walk(tree):
            if isinstance(sub, ast.ImportFrom) and sub.module == "astroplane.protocol":
                found += [f"{name}: {a.name}" for a in sub.names if a.name in REGISTRY_LOOKUPS]
            elif isinstance(sub, ast.Import) and any(
                a.name == "astroplane.protocol" for a in sub.names
            ):
                found.append(f"{name}: import astroplane.protocol")
    assert found == []


def test_state_formats_work_without_the_registry() -> None:
    """``GameState.from_text``, ``to_text``, ``to_json``, ``from_dict`` and the SVG of
    Jupyter, and ``AeroplaneState.to_text``, work with only the state modules imported,
    without a registry look-up: ASTROPLANE's registration (``game.py``, what
    ``get_game("astroplane")`` loads) stays unloaded."""
    code = (
        "import sys\n"
        "from astroplane.games.astroplane.state import GameState\n"
        "from astroplane.games.aeroplane_chess.state import AeroplaneState\n"
        "t = 'standard SN S2 t1 Sl:S1S2S3,Sr:S4S5S6,Nl:N1N2N3,Nr:N4N5N6 res:S4,N4'\n"
        "s = GameState.from_text(t)\n"
        "assert s.to_text() == t and GameState.from_json(s.to_json()) == s\n"
        "assert GameState.from_dict(s.to_dict()) == s and s._repr_svg_().startswith('<svg')\n"
        "import astroplane.games.aeroplane_chess.setup as ac\n"
        "assert ac.new_game(2).to_text() == 'standard RB R? t1 -'\n"
        "print(' '.join(m for m in sys.modules if m.startswith('astroplane')))"
    )
    loaded = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout.split()
    assert "astroplane.games.astroplane" in loaded  # the package that installs the formats
    assert "astroplane.games.astroplane.game" not in loaded  # ASTROPLANE's registration


def _all_imports(tree: ast.Module) -> list[str]:
    """Every astroplane module a module imports, type-only imports (``TYPE_CHECKING``)
    included."""
    found = []
    for sub in ast.walk(tree):
        if isinstance(sub, ast.ImportFrom) and sub.module and sub.module.startswith("astroplane"):
            found.append(sub.module)
            found.extend(f"{sub.module}.{a.name}" for a in sub.names)
        elif isinstance(sub, ast.Import):
            found.extend(a.name for a in sub.names if a.name.startswith("astroplane"))
    return found


def _cycles_with_type_only_imports() -> set[frozenset[str]]:
    """The strongly connected groups of two or more modules in the import graph with the
    type-only imports counted as edges (Tarjan)."""
    modules = _modules()
    graph = {
        n: {m for m in _all_imports(t) if m in modules and m != n and not n.startswith(m + ".")}
        for n, t in modules.items()
    }
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: set[frozenset[str]] = set()

    def connect(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                connect(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = set()
            while True:
                w = stack.pop()
                on.discard(w)
                group.add(w)
                if w == v:
                    break
            if len(group) > 1:
                out.add(frozenset(group))

    for v in sorted(graph):
        if v not in index:
            connect(v)
    return out


#: The import circles that remain when type-only imports count (issue 20): a game's state
#: refers to its rules for types and its rules to the state. ASTROPLANE's hang on the one
#: annotation ``GameState.rules: Rules`` (its moves, events and terminal drawing read a
#: ``view.StateView`` and are off the circle); StarCastles and Aeroplane Chess are on none
#: (their rules and drawing take their game's ``view.StateView``). The list must shrink,
#: never grow: a new circle, or a circle that got larger, fails the test below.
KNOWN_TYPE_ONLY_CYCLES = {
    frozenset(
        f"astroplane.games.astroplane.{m}"
        for m in (
            "construct", "rules.apply", "rules.explain", "rules.movegen", "rules.ruleset",
            "rules.scoring", "rules.squares", "rules.turns", "rules.validate",
            "rules.variants", "state",
        )
    ),
    # Aeroplane Chess on its packed core (issue 34): the core, the move generator and the
    # state's helpers name the state type their views are (``AeroplaneCore.state`` returns
    # one), under TYPE_CHECKING only; at run time the state module imports the core and
    # installs its view (``core.use_view``), so no module imports in a circle.
    frozenset(
        f"astroplane.games.aeroplane_chess.{m}"
        for m in (
            "actions", "core", "evaluation", "movegen", "play", "render", "state",
            "validate", "view",
        )
    ),
}  # fmt: skip


def test_type_only_import_cycles_do_not_grow() -> None:
    """With type-only imports counted, the import circles are exactly the known ones
    (svg <-> _svgdraw and topology <-> geometry are gone, errors.py is on none; the kit,
    the protocol and the tools are on none)."""
    found = _cycles_with_type_only_imports()
    new = [sorted(c) for c in found - KNOWN_TYPE_ONLY_CYCLES]
    fixed = [sorted(c) for c in KNOWN_TYPE_ONLY_CYCLES - found]
    assert not new, f"new import circles: {new}"
    assert not fixed, f"fixed circles still listed as known (remove them): {fixed}"
    framework = ("astroplane.kit", "astroplane.protocol")
    assert not any(m.startswith(framework) for c in found for m in c)


def test_the_protocol_and_the_kit_load_no_game() -> None:
    """``import astroplane.protocol`` and ``import astroplane.kit`` (with every kit module)
    load no module of any game: the framework is usable without the games (PEP 562 lazy
    top-level names)."""
    code = (
        "import sys, astroplane.protocol, astroplane.kit.records, astroplane.kit.jsonread, "
        "astroplane.kit.svg, astroplane.kit.graph, astroplane.kit.variants, astroplane.testing, "
        "astroplane.agents, astroplane.perft, astroplane.match; "
        "print(' '.join(sorted(m for m in sys.modules if m.startswith('astroplane'))))"
    )
    loaded = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout.split()
    games = ("astroplane.games", "astroplane.svg")
    assert [m for m in loaded if m.startswith(games)] == []


def test_every_public_name_still_loads_from_the_top_level() -> None:
    """Each name of ``astroplane.__all__`` resolves (lazily) to the object of the module
    that defines it, and a function that shares a submodule's name stays the function."""
    import astroplane

    perft_module = importlib.import_module("astroplane.perft")
    for name in astroplane.__all__:
        assert getattr(astroplane, name) is not None, name
    assert callable(astroplane.perft) and astroplane.perft is perft_module.perft
    assert (
        astroplane.new_game is importlib.import_module("astroplane.games.astroplane.setup").new_game
    )
    assert set(astroplane.__all__) <= set(dir(astroplane))
