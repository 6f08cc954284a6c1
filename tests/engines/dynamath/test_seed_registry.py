"""The DynaMath seed registry: one folder per topic, ids unique, DynaMath's vocabulary enforced.

    python -m pytest -q tests/engines/dynamath/test_seed_registry.py
"""
from __future__ import annotations

import pytest

from engines.dynamath.seed import (SEEDS, TOPICS, SeedQuestion, load_seeds, make_variant,
                                   register_seed)

# the folder under engines/dynamath/seeds/ of each topic: the renderer family's name where the
# topic has one
TOPIC_FOLDERS = {"solid geometry": "solid_geometry", "plane geometry": "plane_geometry",
                 "analytic geometry": "analytic_geometry", "algebra": "algebra",
                 "puzzle test": "puzzle", "graph theory": "graph", "arithmetic": "arithmetic",
                 "scientific figure": "scientific", "statistics": "statistics"}


def test_every_topic_has_a_folder():
    assert set(TOPIC_FOLDERS) == set(TOPICS)


@pytest.mark.parametrize("sid,q", sorted(load_seeds().items()))
def test_seed_lives_in_its_topics_folder(sid, q):
    parts = type(q).__module__.split(".")
    assert parts[:3] == ["engines", "dynamath", "seeds"] and len(parts) == 5, type(q).__module__
    assert parts[3] == TOPIC_FOLDERS[q.topic], f"{sid} ({q.topic}) is in seeds/{parts[3]}/"


def test_load_seeds_is_sorted_by_id():
    assert list(load_seeds()) == sorted(load_seeds())


def test_unknown_seed_lists_the_valid_ones():
    with pytest.raises(KeyError, match="unknown seed question 'nope'; valid: .*plane-"):
        make_variant("nope", 0)


def _seed(**kw) -> type[SeedQuestion]:
    attrs = dict(seed_id="test-seed", topic="algebra", level="high school", answer_type="float",
                 kinds=("numerical value",))
    attrs.update(kw)
    return type("TestSeed", (SeedQuestion,), attrs)


def test_registering_a_seed_id_twice_raises():
    with SEEDS.isolated():
        register_seed(_seed())
        assert "test-seed" in SEEDS
        with pytest.raises(ValueError, match="registered twice"):
            register_seed(_seed())
    assert "test-seed" not in SEEDS


@pytest.mark.parametrize("bad", [dict(topic="geometry"), dict(level="kindergarten"),
                                 dict(answer_type="essay"), dict(kinds=()),
                                 dict(kinds=("colour",)), dict(seed_id="")])
def test_seeds_outside_dynamaths_vocabulary_are_refused(bad):
    with SEEDS.isolated():
        with pytest.raises(ValueError):
            register_seed(_seed(**bad))
