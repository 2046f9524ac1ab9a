"""The engine's layers stand on one another, never in a circle: core ← cardgame ← tricks, scoring, … ←
the games; bots and search above them.  Read from the source (every import statement, including those
inside functions and under ``TYPE_CHECKING``), so a lazy import cannot hide a circle."""

from __future__ import annotations

import ast
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[2] / "engine"
PACKAGE = "parlour"


def module_name(path: Path) -> str:
    parts = path.relative_to(ENGINE).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def engine_modules() -> dict[str, Path]:
    return {module_name(path): path for path in sorted((ENGINE / PACKAGE).rglob("*.py"))}


def imported(name: str, source: str, known: set[str], is_package: bool = False) -> set[str]:
    """The engine modules ``source`` (the module ``name``) imports, anywhere in its text."""
    package = name if is_package else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[:len(package.split(".")) - (node.level - 1)]
                origin = ".".join(base + ([node.module] if node.module else []))
            else:
                origin = node.module or ""
            # ``from . import cards`` imports the module parlour.cards; ``from .core import State``, parlour.core.
            found |= {f"{origin}.{alias.name}" if f"{origin}.{alias.name}" in known else origin
                      for alias in node.names}
    return {module for module in found if module in known and module != name}


def import_graph() -> dict[str, set[str]]:
    modules = engine_modules()
    known = set(modules)
    return {name: imported(name, path.read_text(encoding="utf-8"), known, path.name == "__init__.py")
            for name, path in modules.items()}


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The groups of modules that import one another round a circle (Tarjan's strongly connected
    components of more than one module; a module importing itself counts too)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        on_stack.add(module)
        for other in sorted(graph[module]):
            if other not in index:
                visit(other)
                low[module] = min(low[module], low[other])
            elif other in on_stack:
                low[module] = min(low[module], index[other])
        if low[module] == index[module]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == module:
                    break
            if len(group) > 1 or module in graph[module]:
                found.append(sorted(group))

    for module in sorted(graph):
        if module not in index:
            visit(module)
    return found


def describe(group: list[str], graph: dict[str, set[str]]) -> str:
    members = set(group)
    return "; ".join(f"{m} imports {', '.join(sorted(graph[m] & members))}" for m in group)


def test_no_engine_module_imports_one_that_imports_it_back():
    graph = import_graph()
    assert "parlour.core" in graph and "parlour.rulebook.hearts" in graph
    found = circles(graph)
    assert not found, "import circles: " + " | ".join(describe(group, graph) for group in found)


def test_the_core_imports_no_layer_built_on_it():
    graph = import_graph()
    above = {"parlour.cardgame", "parlour.tricks", "parlour.scoring", "parlour.bots", "parlour.search",
             "parlour.clock", "parlour.determinise", "parlour.simultaneous", "parlour.registry"}
    assert not (graph["parlour.core"] & above)
    assert not (graph["parlour.cardgame"] & (above - {"parlour.cardgame"}))


def test_the_reader_finds_lazy_and_type_only_imports():
    known = {"parlour.core", "parlour.bots", "parlour.search", "parlour.cards"}
    source = ("from typing import TYPE_CHECKING\nfrom . import cards as C\nif TYPE_CHECKING:\n"
              "    from .bots import Bot\n\ndef f():\n    from .search import SearchBot\n")
    assert imported("parlour.core", source, known) == {"parlour.bots", "parlour.search", "parlour.cards"}


def test_a_circle_through_three_modules_is_found():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert circles(graph) == [["a", "b", "c"]]
    assert circles({"a": {"b"}, "b": set()}) == []
