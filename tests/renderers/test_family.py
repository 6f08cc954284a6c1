"""The renderer family registry: families are found by the package scan, each lives in the
subpackage named by its key, and unknown names list the valid ones.

    python -m pytest -q tests/renderers/test_family.py
"""
from __future__ import annotations

import ast
import pkgutil
from pathlib import Path

import numpy as np
import pytest

import renderers
from renderers.family import FAMILIES, Family
from renderers.spec import Spec

ROOT = Path(renderers.__file__).parent
SUBPACKAGES = sorted(m.name for m in pkgutil.iter_modules([str(ROOT)]) if m.ispkg)


def test_every_subpackage_is_a_family_named_by_its_folder():
    assert renderers.family_names() == SUBPACKAGES
    for name in SUBPACKAGES:
        fam = renderers.get_family(name)
        assert type(fam).__module__ == f"renderers.{name}"
        assert fam.name == name and fam.spec_cls.family == name


def test_unknown_family_lists_the_valid_ones():
    with pytest.raises(KeyError) as e:
        renderers.get_family("no_such_family")
    msg = str(e.value)
    assert "unknown renderer family 'no_such_family'" in msg
    assert all(name in msg for name in SUBPACKAGES)


def test_a_family_outside_its_subpackage_or_with_a_foreign_spec_is_refused():
    class OddSpec(Spec):
        family = "chart"

    class Stray(Family):  # defined in tests/, not in renderers.stray
        name = "stray"
        spec_cls = OddSpec

    with FAMILIES.isolated():
        with pytest.raises(ValueError, match="belongs in the subpackage renderers.stray"):
            FAMILIES.register(Stray)
        Stray.__module__ = "renderers.stray"
        with pytest.raises(ValueError, match="whose family is 'chart'"):
            FAMILIES.register(Stray)
    assert "stray" not in FAMILIES


def test_a_family_registered_twice_raises():
    with FAMILIES.isolated():
        with pytest.raises(ValueError, match="registered twice"):
            FAMILIES.register(type(renderers.get_family("chart")))


@pytest.mark.parametrize("name", SUBPACKAGES)
def test_spec_round_trips_through_json(name):
    fam = renderers.get_family(name)
    for seed in range(3):
        spec = fam.sample_spec(np.random.default_rng(seed))
        back = renderers.spec_from_json(spec.to_json())
        assert type(back) is fam.spec_cls and back == spec
        assert back.to_json() == spec.to_json()
        assert renderers.spec_from_dict(spec.to_dict()) == spec


def test_the_shared_layer_imports_no_family():
    for mod in (m.name for m in pkgutil.iter_modules([str(ROOT)]) if not m.ispkg):
        tree = ast.parse((ROOT / f"{mod}.py").read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module:
                targets = [node.module]
            elif isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            else:
                continue
            for t in targets:
                assert t.split(".")[:2] not in ([["renderers", f] for f in SUBPACKAGES]), \
                    f"renderers.{mod} imports {t}"
