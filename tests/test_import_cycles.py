"""No import circle in ``sim/`` (issue 10 part 7): a walk over every module's imports.

Each module under ``sim/`` is parsed with :mod:`ast` (nothing is imported). Every ``import`` and
``from ... import`` naming ``sim.*`` becomes an edge, at module level and inside functions alike:
a function-level import that closes a circle is a circle that only waits for the first call.
Relative imports are resolved against the module's package; ``from sim.x import y`` counts as an
import of ``sim.x.y`` when ``y`` is a module, else of ``sim.x``.

Two kinds are left out, on principle: imports under ``if TYPE_CHECKING:`` (never executed, they
exist for annotations only), and the implicit import of a module's parent packages (every
``sim.a.b`` loads ``sim`` and ``sim.a`` first; counting that would call every package ``__init__``
that imports a submodule a circle, which Python resolves by design).
"""

from __future__ import annotations

import ast
from pathlib import Path

import networkx as nx

SIM = Path(__file__).resolve().parents[1] / "sim"


def _module_name(path: Path) -> str:
    parts = path.relative_to(SIM.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _modules() -> dict[str, Path]:
    return {_module_name(p): p for p in sorted(SIM.rglob("*.py"))}


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _import_nodes(tree: ast.AST):
    """Every import statement, at any depth, except those under ``if TYPE_CHECKING:``."""
    stack = [tree]
    while stack:
        node = stack.pop()
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and _is_type_checking(child):
                stack.extend(child.orelse)
                continue
            if isinstance(child, (ast.Import, ast.ImportFrom)):
                yield child
            stack.append(child)


def imports_of(name: str, path: Path, known: set[str]) -> set[str]:
    """The ``sim`` modules that module ``name`` (file ``path``) imports."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out: set[str] = set()
    for node in _import_nodes(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        else:
            if node.level:
                base = package.split(".")
                base = base[:len(base) - node.level + 1]
                source = ".".join(base + ([node.module] if node.module else []))
            else:
                source = node.module or ""
            targets = [f"{source}.{alias.name}" if f"{source}.{alias.name}" in known else source
                       for alias in node.names]
        for target in targets:
            while target and target not in known:  # "import sim.blades.score.score as s" names the module itself
                target = target.rpartition(".")[0]
            if target and target != name and (target == "sim" or target.startswith("sim.")):
                out.add(target)
    return out


def import_graph() -> nx.DiGraph:
    modules = _modules()
    graph = nx.DiGraph()
    graph.add_nodes_from(modules)
    for name, path in modules.items():
        graph.add_edges_from((name, target) for target in imports_of(name, path, set(modules)))
    return graph


def test_the_walk_sees_module_and_function_level_imports():
    graph = import_graph()
    assert graph.has_edge("sim.blades.score.score", "sim.blades.score.scenes")  # module level
    assert graph.has_edge("sim.commands.schema", "sim.content.export")  # inside run()
    assert graph.has_edge("sim.sampling", "sim.odds") and graph.has_edge("sim.odds", "sim.dice")
    assert len(graph) > 80


def test_no_import_cycle_in_sim():
    graph = import_graph()
    cycles = sorted(" -> ".join([*c, c[0]]) for c in nx.simple_cycles(graph))
    assert cycles == [], "import circles:\n" + "\n".join(cycles)


def test_fate_never_imports_blades():
    graph = import_graph()
    fate = [n for n in graph if n == "sim.fate" or n.startswith("sim.fate.")]
    reached = {n for f in fate for n in nx.descendants(graph, f)}
    assert sorted(n for n in reached if n == "sim.blades" or n.startswith("sim.blades.")) == []


def test_dice_sit_below_the_odds():
    """The table sampler lives beside the odds (sim.sampling); sim.dice imports neither."""
    graph = import_graph()
    assert not ({"sim.odds", "sim.sampling"} & nx.descendants(graph, "sim.dice"))
