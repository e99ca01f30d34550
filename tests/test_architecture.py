"""The layering of docs/ARCHITECTURE.md, enforced: model <- engines <- commands, one face per engine,
no command importing another, no import cycle.

Imports are read from the source (every `import` and `from ... import` anywhere in a module, not
only at the top), and every module is also really imported, so a cycle that only shows at run time
fails too.
"""

from __future__ import annotations

import ast
import re
import importlib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("optimal", "greedy", "lookahead")

#: The model: what every layer may use. It imports nothing above it.
MODEL = {"optimal", "optimal.errors", "optimal.files", "optimal.words", "optimal.feedback",
         "optimal.game", "optimal.tree", "optimal.report", "optimal.adversaries", "optimal.dordle",
         "optimal.multiboard",
         "optimal.weights"}
MODEL_PACKAGES = ("optimal.rules",)
ENGINES = ("greedy", "lookahead")
#: Code only commands import: the plumbing (optimal.cli) and the game logic shared by the terminal
#: assistant and the web page (optimal.play).
SHARED = ("optimal.cli", "optimal.play")


def module_names() -> list[str]:
    names = []
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            names.append(".".join(parts))
    return names


MODULES = module_names()


def source_of(name: str) -> Path:
    path = ROOT.joinpath(*name.split("."))
    return path / "__init__.py" if path.is_dir() else path.with_suffix(".py")


def imports_of(name: str) -> set[str]:
    """The project modules `name` imports (a `from package import name` that names a submodule
    counts as importing that submodule)."""
    tree = ast.parse(source_of(name).read_text())
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            targets = [node.module] + [f"{node.module}.{alias.name}" for alias in node.names]
        else:
            continue
        found.update(t for t in targets if t in MODULES)
    return found - {name}


def in_package(name: str, package: str) -> bool:
    return name == package or name.startswith(package + ".")


def layer(name: str) -> str:
    if name in MODEL or any(in_package(name, p) for p in MODEL_PACKAGES):
        return "model"
    if name == "greedy.__main__":
        return "command"
    if any(in_package(name, e) for e in ENGINES):
        return "engine"
    if any(in_package(name, s) for s in SHARED):
        return "shared"
    return "command"


def unit(name: str) -> str:
    """The engine, shared package or command a module belongs to (optimal.search.first ->
    optimal.search; greedy.__main__ is the greedy command)."""
    if name == "greedy.__main__":
        return "greedy command"
    for prefix in ENGINES:
        if in_package(name, prefix):
            return prefix
    return ".".join(name.split(".")[:2])


GRAPH: dict[str, set[str]] = {}


def graph() -> dict[str, set[str]]:
    """Every module's project imports, parsed on first use (at collection it cost every test worker
    a second, whichever tests it ran)."""
    if not GRAPH:
        GRAPH.update({name: imports_of(name) for name in MODULES})
    return GRAPH


def test_the_layers_are_what_the_architecture_says():
    """Every module is classified, and each layer is non-empty (a rename cannot empty a rule)."""
    layers = {layer(name) for name in MODULES}
    assert layers == {"model", "engine", "shared", "command"}
    assert "optimal.search.command" in MODULES and layer("optimal.search.command") == "command"


@pytest.mark.parametrize("name", MODULES)
def test_every_module_imports(name):
    importlib.import_module(name)


def test_no_import_cycle():
    index, low, on_stack, stack, cycles = {}, {}, set(), [], []

    def visit(v: str) -> None:  # Tarjan's strongly connected components
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in graph()[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                cycles.append(sorted(component))

    for name in MODULES:
        if name not in index:
            visit(name)
    assert not cycles, f"import cycles: {cycles}"


def violations() -> list[str]:
    out = []
    for name, targets in graph().items():
        mine = layer(name)
        for target in sorted(targets):
            theirs = layer(target)
            why = None
            if mine == "model" and theirs != "model":
                why = "the model imports nothing above it"
            elif mine == "engine" and theirs in ("shared", "command"):
                why = "an engine imports no command code"
            elif mine == "engine" and theirs == "engine" and unit(target) != unit(name):
                why = "engines do not import each other"
            elif mine in ("shared", "command") and theirs == "engine" and target not in ENGINES:
                why = f"commands use the engine's face ({unit(target)}), not its internals"
            elif mine == "shared" and theirs == "command":
                why = "shared command code imports no command"
            elif mine == "shared" and theirs == "shared" and unit(target) != unit(name):
                why = "the shared packages are independent of each other"
            elif mine == "command" and theirs == "command" and unit(target) != unit(name):
                why = "no command imports another command"
            if why:
                out.append(f"{name} imports {target}: {why}")
    return out


def test_arrows_point_one_way():
    assert violations() == []


def test_the_checker_catches_a_bad_arrow(monkeypatch):
    """The rules can fail: a model module importing a command, a command reaching past the engine's
    face or into another command are each reported."""
    monkeypatch.setitem(graph(), "optimal.game", graph()["optimal.game"] | {"optimal.search.command"})
    monkeypatch.setitem(graph(), "optimal.verify", graph()["optimal.verify"] | {"lookahead.kernels.total",
                                                                            "optimal.search.render"})
    found = violations()
    assert any(v.startswith("optimal.game imports optimal.search.command") for v in found)
    assert any(v.startswith("optimal.verify imports lookahead.kernels.total") for v in found)
    assert any(v.startswith("optimal.verify imports optimal.search.render") for v in found)


def test_console_scripts_name_real_entry_points():
    """Each console script in pyproject.toml is a command's `main`, beside its `python -m` form."""
    import tomllib

    scripts = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["scripts"]
    assert {"optimal-search", "optimal-verify", "optimal-assist", "optimal-greedy"} <= set(scripts)
    for name, target in scripts.items():
        module, function = target.split(":")
        assert layer(module) == "command", name
        assert callable(getattr(importlib.import_module(module), function)), name
    readme = (ROOT / "README.md").read_text()
    assert not [name for name in scripts if f"`{name}`" not in readme]  # the README lists them all


#: The engine's rooms, lowest first (docs/ARCHITECTURE.md): a module may import its own room and
#: the rooms below it, never one above. The face (`lookahead/__init__.py`) stands over them all.
LOOKAHEAD_ROOMS = ("kernels", "spaces", "solvers", "parallel", "questions")


def room(name: str) -> str | None:
    """The room of a `lookahead` module (lookahead.kernels.total -> kernels); None for the face."""
    parts = name.split(".")
    return parts[1] if parts[0] == "lookahead" and len(parts) > 1 else None


def room_violations() -> list[str]:
    out = []
    for name, targets in graph().items():
        if not in_package(name, "lookahead") or name == "lookahead":
            continue
        mine = room(name)
        for target in sorted(targets):
            if target == "lookahead":
                out.append(f"{name} imports lookahead: only commands use the face")
                continue
            if not in_package(target, "lookahead"):
                continue
            theirs = room(target)
            if LOOKAHEAD_ROOMS.index(theirs) > LOOKAHEAD_ROOMS.index(mine):
                out.append(f"{name} imports {target}: the {mine} room is below the {theirs} room")
    return out


def test_every_engine_module_lives_in_a_room():
    """No module beside the face at the top of lookahead/, and no room the list does not know."""
    for name in MODULES:
        if in_package(name, "lookahead") and name != "lookahead":
            assert room(name) in LOOKAHEAD_ROOMS, name
            assert (ROOT / "lookahead" / room(name) / "__init__.py").read_text().startswith('"""'), name


def test_engine_rooms_point_one_way():
    assert room_violations() == []


def test_the_room_checker_catches_a_bad_arrow(monkeypatch):
    """A kernel importing a solver, or a solver importing a question, is reported."""
    monkeypatch.setitem(graph(), "lookahead.kernels.total",
                        graph()["lookahead.kernels.total"] | {"lookahead.solvers.single"})
    monkeypatch.setitem(graph(), "lookahead.solvers.single",
                        graph()["lookahead.solvers.single"] | {"lookahead.questions.state"})
    found = room_violations()
    assert "lookahead.kernels.total imports lookahead.solvers.single: the kernels room is below the solvers room" in found
    assert "lookahead.solvers.single imports lookahead.questions.state: the solvers room is below the questions room" in found


def test_no_tool_asks_a_rule_its_name():
    """The rule protocol is honest: outside optimal/rules/, code asks a rule what it can do
    (`colour_replies`, `results_prefix`, `hard_mode`), never which rule it is. A rule's name is
    only ever written out (files, messages) or looked up (`rule_named`)."""
    pattern = re.compile(r"rule\.name\s*(==|!=|in\b)|==\s*[\w.]*rule\.name")
    offenders = [name for name in MODULES if not in_package(name, "optimal.rules")
                 and pattern.search(source_of(name).read_text())]
    assert offenders == []


# ---------------------------------------------------------------- docstrings and function length

#: Functions that may be longer than MAX_FUNCTION_LINES, each with the reason.
RECURSIVE_KERNEL = ("a recursive kernel: numba caches self-recursion on disk but not mutual "
                    "recursion, so its recursion cannot be split into helpers that call back")
LONG_ALLOWED = {
    "lookahead/kernels/total.py:solve": RECURSIVE_KERNEL,
    "lookahead/kernels/pair_total.py:solve_two": RECURSIVE_KERNEL,
    "lookahead/kernels/finish.py:can_finish": RECURSIVE_KERNEL,
}
#: Public functions without a docstring: none.
UNDOCUMENTED_FOR_NOW: set[str] = set()
MAX_FUNCTION_LINES = 80


def function_findings(path: str, source: str) -> tuple[list[str], list[str]]:
    """(public functions and methods without a docstring, functions over MAX_FUNCTION_LINES lines)
    of one module, each as 'path:Qualified.name' (with the length for the second). Public: the
    name and every enclosing class's name do not start with '_'; functions nested in functions
    are part of their enclosing function (its length counts them; they need no docstring)."""
    undocumented, long = [], []

    def visit(body: list[ast.stmt], prefix: str, public: bool) -> None:
        for node in body:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                name = f"{path}:{prefix}{node.name}"
                if public and not node.name.startswith("_") and ast.get_docstring(node) is None:
                    undocumented.append(name)
                lines = node.end_lineno - node.lineno + 1
                if lines > MAX_FUNCTION_LINES:
                    long.append(f"{name} ({lines} lines)")
            elif isinstance(node, ast.ClassDef):
                visit(node.body, f"{prefix}{node.name}.", public and not node.name.startswith("_"))

    visit(ast.parse(source).body, "", True)
    return undocumented, long


def all_function_findings() -> tuple[list[str], list[str]]:
    """`function_findings` over every module of the three packages (the web page's static files
    are not Python)."""
    undocumented, long = [], []
    for name in MODULES:
        path = source_of(name)
        found = function_findings(path.relative_to(ROOT).as_posix(), path.read_text())
        undocumented += found[0]
        long += found[1]
    return undocumented, long


def test_every_public_function_has_a_docstring():
    """A docstring says what a function returns and, where it is not obvious, why it exists."""
    undocumented, _ = all_function_findings()
    assert [name for name in undocumented if name not in UNDOCUMENTED_FOR_NOW] == []


def test_no_function_is_over_80_lines_outside_the_recursive_kernels():
    _, long = all_function_findings()
    assert [entry for entry in long if entry.split(" (")[0] not in LONG_ALLOWED] == []


def test_the_long_kernels_say_why_they_are_long():
    """Each recursive kernel allowed to be long carries the reason in a comment just above it."""
    for entry, reason in LONG_ALLOWED.items():
        if reason != RECURSIVE_KERNEL:
            continue
        path, name = entry.split(":")
        lines = (ROOT / path).read_text().splitlines()
        node = next(n for n in ast.parse("\n".join(lines)).body
                    if isinstance(n, ast.FunctionDef) and n.name == name)
        above = lines[min([d.lineno for d in node.decorator_list] + [node.lineno]) - 2]
        assert above.lstrip().startswith("#") and "self-recursion" in above, entry


def test_the_function_checker_catches_what_it_should():
    source = ('def shown():\n    """Documented."""\n\n'
              'def bare():\n    def nested():\n        pass\n\n'
              'def _private():\n    pass\n\n'
              'class Open:\n    def method(self):\n        pass\n\n'
              'class _Closed:\n    def method(self):\n        pass\n\n'
              'def long():\n    """Documented."""\n' + "    x = 1\n" * 80)
    undocumented, long = function_findings("m.py", source)
    assert undocumented == ["m.py:bare", "m.py:Open.method"]
    assert long == ["m.py:long (82 lines)"]
