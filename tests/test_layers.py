"""DESIGN.md's layers hold (import-linter's contracts in pyproject.toml), and no module of
``scorekeeper`` imports itself back through others, counting imports made inside functions (a
lazy import hides a circle, it does not remove it)."""

from __future__ import annotations

from pathlib import Path

import grimp
from importlinter import cli

ROOT = Path(__file__).resolve().parent.parent


def test_the_layers_of_design_md_hold(monkeypatch, capsys):
    monkeypatch.chdir(ROOT)
    broken = cli.lint_imports(config_filename="pyproject.toml", no_cache=True, no_logo=True)
    assert broken == 0, capsys.readouterr().out  # the report names the import that breaks a contract


def cycles(graph: grimp.ImportGraph) -> list[list[str]]:
    """The import circles of ``graph``: its strongly connected components of more than one module
    (Tarjan's algorithm, iterative), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []
    for root in sorted(graph.modules):
        if root in index:
            continue
        work = [(root, iter(sorted(graph.find_modules_directly_imported_by(root))))]
        index[root] = low[root] = len(index)
        stack.append(root)
        while work:
            module, children = work[-1]
            child = next(children, None)
            if child is None:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[module])
                if low[module] == index[module]:
                    component = stack[stack.index(module):]
                    del stack[stack.index(module):]
                    if len(component) > 1:
                        found.append(sorted(component))
            elif child not in index:
                index[child] = low[child] = len(index)
                stack.append(child)
                work.append((child, iter(sorted(graph.find_modules_directly_imported_by(child)))))
            elif child in stack:
                low[module] = min(low[module], index[child])
    return found


def test_no_module_imports_itself_back_through_others():
    assert cycles(grimp.build_graph("scorekeeper", cache_dir=None)) == []


def test_the_cycle_finder_finds_a_circle_hidden_in_a_function(tmp_path, monkeypatch):
    """The check above cannot pass for want of looking: a lazy import that closes a circle is found."""
    package = tmp_path / "circle"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "a.py").write_text("from . import b\n")
    (package / "b.py").write_text("def later():\n    from . import c\n")
    (package / "c.py").write_text("from .a import b\n")
    (package / "d.py").write_text("from . import a\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    assert cycles(grimp.build_graph("circle", cache_dir=None)) == [["circle.a", "circle.b", "circle.c"]]
