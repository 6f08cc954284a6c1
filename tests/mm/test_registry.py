"""mm.registry: decorator forms, duplicate and unknown names, discovery by package scan."""
from __future__ import annotations

import sys
import textwrap

import pytest

from mm.registry import Registry


def test_register_forms_and_lookup():
    r = Registry("widget", key="name")

    @r.register
    class A:
        name = "a"

    @r.register("b")
    class B:
        pass

    @r.register(name="c")
    def c():
        return 3

    assert r.names() == ["a", "b", "c"]
    assert r.get("a") is A and r.get("b") is B and r.get("c")() == 3
    assert "a" in r and "z" not in r and len(r) == 3 and list(r) == ["a", "b", "c"]
    assert r.items() == [("a", A), ("b", B), ("c", c)]


def test_order_sorts_names_and_items():
    r = Registry("stage", order=lambda name: int(name.removeprefix("stage")))
    for n in ("stage10", "stage2", "stage1"):
        r.add(n, n.upper())
    assert r.names() == ["stage1", "stage2", "stage10"]
    assert r.items() == [("stage1", "STAGE1"), ("stage2", "STAGE2"), ("stage10", "STAGE10")]
    assert Registry("x").names() == []


def test_instantiate_stores_an_instance():
    r = Registry("task", key="name", instantiate=True)

    @r.register
    class T:
        name = "t"

    assert isinstance(r.get("t"), T)


def test_unknown_name_lists_the_valid_ones():
    r = Registry("decoding method")
    r.add("greedy", 1)
    r.add("causalmm", 2)
    with pytest.raises(KeyError) as e:
        r.get("beam")
    assert e.value.args[0] == "unknown decoding method 'beam'; valid: causalmm, greedy"


def test_duplicate_and_nameless_registrations_raise():
    r = Registry("stage", key="name")
    r.add("clip", 1)
    with pytest.raises(ValueError, match="stage 'clip' is registered twice"):
        r.add("clip", 2)

    class NoName:
        pass

    with pytest.raises(ValueError, match="has no 'name'"):
        r.register(NoName)


def test_check_refuses_an_entry():
    def check(name, entry):
        if entry < 0:
            raise ValueError(f"{name}: negative")

    r = Registry("seed", check=check)
    r.add("ok", 1)
    with pytest.raises(ValueError, match="bad: negative"):
        r.add("bad", -1)
    assert r.names() == ["ok"]


def test_isolated_forgets_what_was_added_inside():
    r = Registry("family")
    r.add("a", 1)
    with r.isolated():
        r.add("fake", 2)
        assert r.names() == ["a", "fake"]
    assert r.names() == ["a"]


def _write_pkg(root, name, modules: dict[str, str]):
    pkg = root / name
    for rel, src in modules.items():
        f = pkg / rel
        f.parent.mkdir(parents=True, exist_ok=True)
        f.write_text(textwrap.dedent(src))
    return pkg


def test_discovery_scans_subpackages_once(tmp_path, monkeypatch):
    _write_pkg(tmp_path, "regpkg", {
        "__init__.py": """
            from mm.registry import Registry
            R = Registry("thing", package="regpkg")
        """,
        "one.py": "from regpkg import R\nR.add('one', 1)\n",
        "sub/__init__.py": "",
        "sub/two.py": "from regpkg import R\nR.add('two', 2)\n",
    })
    monkeypatch.syspath_prepend(str(tmp_path))
    try:
        import regpkg

        assert regpkg.R.names() == ["one", "two"]
        assert regpkg.R.get("two") == 2
        assert regpkg.R.names() == ["one", "two"]  # a second lookup imports nothing again
    finally:
        for m in [m for m in sys.modules if m.startswith("regpkg")]:
            del sys.modules[m]


def test_discovery_does_not_swallow_a_broken_module(tmp_path, monkeypatch):
    _write_pkg(tmp_path, "brokenpkg", {
        "__init__.py": """
            from mm.registry import Registry
            R = Registry("thing", package="brokenpkg")
        """,
        "bad.py": "import a_module_that_does_not_exist\n",
    })
    monkeypatch.syspath_prepend(str(tmp_path))
    try:
        import brokenpkg

        with pytest.raises(ModuleNotFoundError, match="a_module_that_does_not_exist"):
            brokenpkg.R.names()
    finally:
        for m in [m for m in sys.modules if m.startswith("brokenpkg")]:
            del sys.modules[m]
