"""No import cycles anywhere in the package, between modules or between packages (ui and scenes
importing each other is a cycle even when no single module closes it), counting imports made
inside functions: they hide a cycle from a reader, not from the program. Only imports made for
type checking are left out: they never run."""

from __future__ import annotations

import grimp


def strongly_connected(graph: grimp.ImportGraph) -> list[set[str]]:
    """The groups of modules that import each other, directly or through others (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[set[str]] = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        on_stack.add(module)
        for imported in graph.find_modules_directly_imported_by(module):
            if imported not in index:
                visit(imported)
                low[module] = min(low[module], low[imported])
            elif imported in on_stack:
                low[module] = min(low[module], index[imported])
        if low[module] == index[module]:
            group = set()
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.add(member)
                if member == module:
                    break
            if len(group) > 1:
                groups.append(group)

    for module in sorted(graph.modules):
        if module not in index:
            visit(module)
    return groups


def packages(graph: grimp.ImportGraph, depth: int) -> grimp.ImportGraph:
    """The graph with every module folded into its package `depth` names deep; imports
    between a package and its own parts are left out (a package's parts may use it)."""

    def folded(module: str) -> str:
        return ".".join(module.split(".")[:depth])

    result = grimp.ImportGraph()
    for module in graph.modules:
        result.add_module(folded(module))
    for module in graph.modules:
        for imported in graph.find_modules_directly_imported_by(module):
            one, other = folded(module), folded(imported)
            if not (one == other or one.startswith(other + ".") or other.startswith(one + ".")):
                result.add_import(importer=one, imported=other)
    return result


def the_package() -> grimp.ImportGraph:
    graph = grimp.build_graph("moonlight_desktop", exclude_type_checking_imports=True)
    assert "moonlight_desktop.ui.table.scene" in graph.modules  # the graph is the real one
    return graph


def test_no_module_imports_itself_through_others() -> None:
    assert strongly_connected(the_package()) == []


def test_no_package_imports_itself_through_others() -> None:
    graph = the_package()
    for depth in (2, 3, 4):  # moonlight_desktop.ui, .ui.table, .games.castle.ui
        assert strongly_connected(packages(graph, depth)) == [], depth


def test_a_function_local_import_cycle_is_caught() -> None:
    """The check itself: a cycle closed by an import inside a function is found."""
    graph = grimp.ImportGraph()
    for module in ("a", "b", "c"):
        graph.add_module(module)
    graph.add_import(importer="a", imported="b", line_number=1, line_contents="import b")
    graph.add_import(importer="b", imported="c", line_number=1, line_contents="import c")
    graph.add_import(importer="c", imported="a", line_number=9, line_contents="    from a import x")
    assert strongly_connected(graph) == [{"a", "b", "c"}]


def test_a_cycle_between_packages_is_caught() -> None:
    """As ui.launch importing the scenes (inside a function) while the scenes use ui.app."""
    graph = grimp.ImportGraph()
    for module in ("p.ui.launch", "p.ui.app", "p.scenes.gallery"):
        graph.add_module(module)
    graph.add_import(importer="p.ui.launch", imported="p.scenes.gallery")
    graph.add_import(importer="p.scenes.gallery", imported="p.ui.app")
    assert strongly_connected(graph) == []
    assert strongly_connected(packages(graph, 2)) == [{"p.ui", "p.scenes"}]
