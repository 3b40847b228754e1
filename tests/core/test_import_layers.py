"""Each game package imports only downward (issue 22): no import circle among a game's modules.

Every ``from . import x`` / ``from .x import y`` counts, at module level or inside a function alike (an import
hidden in a function is still a circle a reader has to untangle). The procedure table is the one place that
knows every step; phase modules hand on by frame kind.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[2] / "digitutor"
GAMES = PACKAGE / "games"


def sibling_imports(package: Path) -> dict[str, set[str]]:
    """module -> the modules of the same package it imports."""
    modules = {path.stem for path in package.glob("*.py")}
    graph: dict[str, set[str]] = {}
    for path in package.glob("*.py"):
        found: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.level == 1:
                if node.module:
                    found.add(node.module.split(".")[0])
                else:
                    found.update(alias.name for alias in node.names)
        graph[path.stem] = {name for name in found if name in modules and name != path.stem}
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Every strongly connected group of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for other in sorted(graph[node]):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


@pytest.mark.parametrize("game", sorted(p.name for p in GAMES.iterdir() if (p / "__init__.py").exists()))
def test_a_game_package_has_no_import_circle(game):
    assert circles(sibling_imports(GAMES / game)) == []


@pytest.mark.parametrize(
    "package",
    sorted(
        str(p.relative_to(PACKAGE))
        for p in PACKAGE.rglob("__init__.py")
        if "games" not in p.relative_to(PACKAGE).parts[:-1] or p.parent == GAMES
    ),
)
def test_every_other_package_imports_only_downward(package):
    """The same for core, widgets, rules, scenarios, serving and the rest
    (DESIGN: no import circles inside a package)."""
    assert circles(sibling_imports((PACKAGE / package).parent)) == []
