"""The shape of the house: no import cycle, imports run one way between layers.

The graph has an edge A -> B for every ``import B`` / ``from B import ...`` written anywhere in
module A (function-local imports included: a cycle closed inside a function is still a cycle).
``from pkg import name`` points at ``pkg.name`` when that is a module, else at ``pkg``.
"""
from __future__ import annotations

import ast
import functools
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("renderers", "engines", "mm", "train", "eval", "demo")
# what each layer may import (DESIGN.md): engines use renderers; mm stands alone (its registry
# is the one mechanism every layer shares); train and eval use mm and engines; demo on top.
ALLOWED = {
    "renderers": {"renderers", "mm.registry", "mm.determinism"},
    "engines": {"engines", "renderers", "mm.registry", "mm.determinism"},
    "mm": {"mm"},
    "train": {"train", "mm", "engines", "renderers"},
    "eval": {"eval", "mm", "engines", "renderers"},
    "demo": {"demo", "eval", "mm", "engines", "renderers"},
}


def _modules() -> dict[str, Path]:
    out = {}
    for pkg in PACKAGES:
        for f in (ROOT / pkg).rglob("*.py"):
            parts = f.relative_to(ROOT).with_suffix("").parts
            name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
            out[name] = f
    return out


def _imports(name: str, path: Path, modules: dict[str, Path]) -> set[str]:
    is_pkg = path.name == "__init__.py"
    here = name if is_pkg else name.rpartition(".")[0]
    out = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = here.split(".")
                anchor = anchor[:len(anchor) - (node.level - 1)]
                base = ".".join(anchor + ([base] if base else []))
            targets = [f"{base}.{a.name}" if f"{base}.{a.name}" in modules else base
                       for a in node.names]
        else:
            continue
        for t in targets:
            while t and t not in modules:  # `import a.b.c` of a non-module attribute
                t = t.rpartition(".")[0]
            if t and t != name:
                out.add(t)
    return out


@functools.lru_cache(maxsize=1)  # both checks read it; parsing every module takes a second
def _graph() -> dict[str, set[str]]:
    modules = _modules()
    return {m: _imports(m, p, modules) for m, p in modules.items()}


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components with more than one module (Tarjan, iterative)."""
    index, low, on, stack, out, counter = {}, {}, set(), [], [], [0]
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = counter[0]; counter[0] += 1
        stack.append(root); on.add(root)
        while work:
            v, it = work[-1]
            w = next(it, None)
            if w is not None:
                if w not in index:
                    index[w] = low[w] = counter[0]; counter[0] += 1
                    stack.append(w); on.add(w)
                    work.append((w, iter(sorted(graph[w]))))
                elif w in on:
                    low[v] = min(low[v], index[w])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[v])
            if low[v] == index[v]:
                comp = []
                while True:
                    w = stack.pop(); on.discard(w); comp.append(w)
                    if w == v:
                        break
                if len(comp) > 1:
                    out.append(sorted(comp))
    return out


def test_cycle_finder_finds_a_planted_cycle():
    g = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": set()}
    assert _cycles(g) == [["a", "b", "c"]]
    assert _cycles({"a": {"b"}, "b": set()}) == []


def test_no_import_cycle():
    cycles = _cycles(_graph())
    assert not cycles, "import cycles:\n" + "\n".join(" <-> ".join(c) for c in cycles)


def test_layers_import_one_way():
    bad = []
    for mod, targets in sorted(_graph().items()):
        layer = mod.split(".")[0]
        for t in sorted(targets):
            if not any(t == a or t.startswith(a + ".") for a in ALLOWED[layer]):
                bad.append(f"{mod} -> {t}")
    assert not bad, "imports against the layering:\n" + "\n".join(bad)
