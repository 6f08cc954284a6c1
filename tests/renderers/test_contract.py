"""Contract every renderer family must meet: JSON round trip, determinism, legible sizes,
labels that never overlap each other and stay inside the image."""
import io
import json
import itertools

import numpy as np
import pytest

import renderers
from renderers.canvas import boxes_overlap

FAMILIES = renderers.family_names()


def _png(img) -> bytes:
    b = io.BytesIO()
    img.save(b, format="PNG")
    return b.getvalue()


def test_all_families_present():
    assert set(FAMILIES) >= {"plane_geometry", "analytic_geometry", "function",
                             "solid_geometry", "chart", "graph"}


@pytest.mark.parametrize("name", FAMILIES)
def test_spec_json_round_trip_and_facts(name):
    fam = renderers.get_family(name)
    for seed in range(40):
        spec = fam.sample_spec(np.random.default_rng(seed))
        back = renderers.spec_from_json(spec.to_json())
        assert back == spec, (name, seed)
        assert back.to_json() == spec.to_json()
        facts = fam.facts(spec)
        assert isinstance(facts, dict) and facts
        json.dumps(facts)  # JSON-serialisable


@pytest.mark.slow
@pytest.mark.parametrize("name", FAMILIES)
def test_same_seed_same_bytes(name):
    fam = renderers.get_family(name)
    for seed in range(5):
        a = _png(fam.render(fam.sample_spec(np.random.default_rng(seed)), 336))
        b = _png(fam.render(fam.sample_spec(np.random.default_rng(seed)), 336))
        assert a == b
    specs = {fam.sample_spec(np.random.default_rng(s)).to_json() for s in range(20)}
    assert len(specs) >= 15, "sampler has too little variety"


@pytest.mark.slow
@pytest.mark.parametrize("name", FAMILIES)
@pytest.mark.parametrize("size", [224, 336, 1024])
def test_labels_never_overlap(name, size):
    fam = renderers.get_family(name)
    n = 25 if size != 1024 else 6
    for seed in range(n):
        spec = fam.sample_spec(np.random.default_rng(1000 + seed))
        img, layout = fam.render_with_layout(spec, size)
        assert img.size[0] == size and img.mode == "RGB"
        assert layout.labels, f"{name} seed {seed}: no labels recorded"
        for lb in layout.labels:
            x0, y0, x1, y1 = lb.box
            assert -0.5 <= x0 < x1 <= img.size[0] + 0.5 and -0.5 <= y0 < y1 <= img.size[1] + 0.5, \
                (name, seed, lb)
        for a, b in itertools.combinations(layout.labels, 2):
            assert not boxes_overlap(a.box, b.box), (name, size, seed, a, b)


@pytest.mark.parametrize("name", FAMILIES)
def test_image_not_blank(name):
    fam = renderers.get_family(name)
    img = fam.render(fam.sample_spec(np.random.default_rng(7)), 336)
    arr = np.asarray(img.convert("L"))
    assert (arr < 128).mean() > 0.003
    # anti-aliased: intermediate grey levels exist
    assert len(np.unique(arr)) > 8


@pytest.mark.parametrize("name, size, seed", [
    ("function", 64, 3),  # a dot's label wider than the canvas: no place on the grid
    ("function", 128, 6),  # no candidate box for a label: the box counts of none
    ("arithmetic", 48, 46),  # a fraction's caption taller than the room left for its circle
    ("scientific", 32, 5),  # no tick spacing leaves room for the labels: the sparsest
    ("arithmetic", 32, 23),  # a circle's radius below zero: drawn as a point
    ("calendar", 32, 0),
    ("function", 32, 17),  # axes of no length: the first tick's label alone
    ("panels", 32, 1),
])
def test_small_canvases_draw(name, size, seed):
    fam = renderers.get_family(name)
    img = fam.render(fam.sample_spec(np.random.default_rng(seed)), size)
    assert img.size[0] == size and img.getextrema() != ((255, 255),) * 3


def test_a_pie_on_a_small_canvas_keeps_a_radius():
    """The legend of a pie chart with long category names leaves a 64-pixel canvas no room:
    the pie is drawn a few pixels wide, not with a negative radius."""
    import dataclasses

    fam = renderers.get_family("chart")
    spec = fam.sample_spec(np.random.default_rng(0), kind="pie")
    spec = dataclasses.replace(spec, categories=[c * 6 for c in spec.categories])
    assert fam.render(spec, 64).size == (64, 64)


@pytest.mark.parametrize("name", FAMILIES)
def test_every_family_draws_at_the_smallest_size_mm_data_takes(name):
    """``mm-data --image-size 32`` is accepted: every family draws there (illegibly)."""
    fam = renderers.get_family(name)
    for seed in range(6):
        assert fam.render(fam.sample_spec(np.random.default_rng(seed)), 32).size[0] == 32
