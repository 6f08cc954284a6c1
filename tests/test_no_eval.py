"""No code of the suite runs text as code: no call of eval, exec or compile anywhere in the
packages (checkers read expressions with ``ast`` and walk them; see the Venn and flowchart seeds).

The scan reads each module's syntax tree, so a comment or a string that mentions eval( does not
count, and ``model.eval()`` (a method) is not the builtin.

    python -m pytest -q tests/test_no_eval.py
"""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("renderers", "engines", "mm", "train", "eval", "demo", "bench")
BANNED = {"eval", "exec", "compile"}


def _calls(source: str) -> list[tuple[int, str]]:
    """(line, name) of each call of a banned builtin, sorted: eval(...), builtins.eval(...)
    and getattr(builtins, "eval")(...)."""
    out = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call):
            continue
        f = node.func
        if isinstance(f, ast.Name) and f.id in BANNED:
            out.append((node.lineno, f.id))
        elif (isinstance(f, ast.Attribute) and f.attr in BANNED and isinstance(f.value, ast.Name)
              and f.value.id in ("builtins", "__builtins__")):
            out.append((node.lineno, f.attr))
        elif (isinstance(f, ast.Name) and f.id == "getattr" and len(node.args) > 1
              and isinstance(node.args[1], ast.Constant) and node.args[1].value in BANNED):
            out.append((node.lineno, node.args[1].value))
    return sorted(out)


def test_scanner_finds_each_form_and_skips_comments_strings_and_methods():
    src = ('import builtins\n'
           'x = eval("1")  # eval( in a comment\n'
           'exec("y = 2")\n'
           'builtins.eval("3")\n'
           'getattr(builtins, "exec")("4")\n'
           's = "eval(5)"\n'
           'model.eval()\n')
    assert _calls(src) == [(2, "eval"), (3, "exec"), (4, "eval"), (5, "exec")]


@pytest.mark.slow
def test_no_package_module_calls_eval_or_exec():
    found = [f"{path.relative_to(ROOT)}:{line}: {name}("
             for pkg in PACKAGES for path in sorted((ROOT / pkg).rglob("*.py"))
             for line, name in _calls(path.read_text())]
    assert found == []
