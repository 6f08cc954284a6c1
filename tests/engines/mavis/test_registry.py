"""The MAVIS registries: caption writers, problem makers, re-checkers and perception askers.

    python -m pytest -q tests/engines/mavis/test_registry.py
"""
from __future__ import annotations

import pytest

import renderers
from engines.mavis import registry
from engines.mavis.perception import ASKERS, asker

TABLES = [(registry.CAPTIONS, "caption", lambda fam: registry.caption_writer(fam, 1)),
          (registry.PROBLEMS, "problem", registry.problem_maker),
          (registry.RECHECKS, "recheck", registry.rechecker),
          (ASKERS, "perception", asker)]


@pytest.mark.parametrize("get", [registry.get_caption_writer, registry.get_problem_maker,
                                 registry.get_rechecker])
def test_unknown_family_lists_the_valid_ones(get):
    with pytest.raises(KeyError, match="unknown .*'nope'; valid: .*plane_geometry"):
        get("nope")


@pytest.mark.parametrize("table,module,deco", TABLES)
def test_registering_a_family_twice_raises(table, module, deco):
    with table.isolated():
        with pytest.raises(ValueError, match="registered twice"):
            deco(table.names()[0])(lambda *a: None)


@pytest.mark.parametrize("table,module,deco", TABLES)
def test_each_entry_lives_in_its_family_folder(table, module, deco):
    for family, entry in table.items():
        fn = entry.fn if isinstance(entry, registry.CaptionWriter) else entry
        assert family in renderers.family_names()
        assert fn.__module__ == f"engines.mavis.{family}.{module}"


def test_every_problem_family_has_a_caption_writer_and_a_recheck():
    assert set(registry.instruct_families()) <= set(registry.caption_families())
    assert registry.instruct_families() == registry.RECHECKS.names()
