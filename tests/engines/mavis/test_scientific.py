"""MAVIS captions and perception questions of the "scientific" family: physics a caption states
of a force diagram is the physics of the picture, and the opening sentence agrees with what it
names."""
import math
import re

import numpy as np
import pytest

import renderers
from engines.mavis import registry
from engines.mavis.perception import perception_questions

FAM = renderers.get_family("scientific")
WRITER = registry.get_caption_writer("scientific")
G = 9.8  # m/s², the value the captions state


def true_net(body) -> tuple[float | None, float | None]:
    """(|net force|, |acceleration|) of a force diagram, worked from the spec with every force:
    the drawn ones and, on a frictionless floor, the weight and the floor's normal force (the
    floor pushes up only while the drawn forces lift less than the weight). None where the
    picture does not determine it (no mass, or a floor with unknown weight and an upward pull)."""
    fx = sum(f.magnitude * math.cos(math.radians(f.angle_deg)) for f in body.forces)
    fy = sum(f.magnitude * math.sin(math.radians(f.angle_deg)) for f in body.forces)
    if body.surface:
        if body.mass > 0:
            w = body.mass * G
            normal = max(0.0, w - fy)
            fy = fy - w + normal
        elif abs(fy) > 1e-9:
            return None, None
    net = math.hypot(fx, fy)
    return net, (net / body.mass if body.mass > 0 else None)


def _values(pattern: str, text: str) -> list[float]:
    return [0.0 if m == "zero" else float(m) for m in re.findall(pattern, text)]


NET = r"net force\D*?(zero|\d[\d.]*)"
ACC = r"accelerat\w*\D*?(\d[\d.]*) m/s²"
RESULTANT = r"(?:drawn forces add up to|resultant of the applied forces is) (\d[\d.]*) N"


@pytest.mark.parametrize("seeds", [range(300)])
def test_force_captions_state_the_physics_of_the_picture(seeds):
    on_floor = stated = 0
    for seed in seeds:
        rng = np.random.default_rng(seed)
        spec = FAM.sample_spec(rng, kind="forces")
        cap = WRITER.fn(spec, FAM.facts(spec), rng)
        body = spec.body
        if not all(f.show_value for f in body.forces):
            continue
        net, acc = true_net(body)
        nets, accs = _values(NET, cap), _values(ACC, cap)
        if net is None:
            assert not nets, (seed, cap)
        for v in nets:
            assert v == pytest.approx(net, abs=0.006), (seed, net, cap)
        if acc is None:
            assert not accs, (seed, cap)
        for v in accs:
            assert v == pytest.approx(acc, abs=0.006), (seed, acc, cap)
        if body.surface:
            on_floor += 1
            stated += bool(nets)
            fx = sum(f.magnitude * math.cos(math.radians(f.angle_deg)) for f in body.forces)
            fy = sum(f.magnitude * math.sin(math.radians(f.angle_deg)) for f in body.forces)
            for v in _values(RESULTANT, cap):  # the drawn arrows alone, named as such
                assert v == pytest.approx(math.hypot(fx, fy), abs=0.006), (seed, cap)
            if nets and net > 1e-6 and fy <= body.mass * G:
                assert "frictionless" in cap, (seed, cap)
    assert on_floor >= 60 and stated >= 30, (on_floor, stated)


def test_opening_sentence_agrees_with_what_it_names():
    plural = re.compile(r"\b(is|there is) (the forces|the vectors|two)\b")
    singular = re.compile(r"\b(are|there are) (a|an|one)\b")
    seen = 0
    for seed in range(400):
        rng = np.random.default_rng(seed)
        spec = FAM.sample_spec(rng)
        first = WRITER.fn(spec, FAM.facts(spec), rng).split(". ")[0]
        assert not plural.search(first) and not singular.search(first), (seed, first)
        seen += " are " in first
    assert seen >= 3


def test_force_questions_count_arrows_not_every_force():
    """On a floor the undrawn weight and normal force act too: the count is of drawn arrows."""
    for seed in range(100):
        spec = FAM.sample_spec(np.random.default_rng(seed), kind="forces")
        f = FAM.facts(spec)
        for q in perception_questions("scientific", f):
            if "force" in q.question.lower():
                assert "arrow" in q.question and q.answer == str(f["n_forces"]), q


def test_vector_captions_keep_the_vectors_names_lower_case():
    """"A starts at (0, 0)": a sentence opening with a vector's name capitalised it, a point's
    name where the picture draws the vector a."""
    seen = 0
    for seed in range(300):
        rng = np.random.default_rng(seed)
        spec = FAM.sample_spec(rng, kind="vectors")
        text = WRITER.fn(spec, FAM.facts(spec), rng)
        assert not re.search(r"\b[ABC] (starts|runs|goes|ends|has|is)\b", text), (seed, text)
        seen += "starts at" in text
    assert seen >= 10


def test_one_bulb_is_not_counted_as_one_of_one():
    """"1 of the 1 bulbs would light": a single bulb is said to light or not."""
    ones = 0
    for seed in range(400):
        rng = np.random.default_rng(seed)
        spec = FAM.sample_spec(rng, kind="circuit")
        f = FAM.facts(spec)
        text = WRITER.fn(spec, f, rng)
        assert not re.search(r"\b(of the 1 bulbs|\d+ of 1)\b", text), (seed, text)
        if f["n_bulbs"] == 1:
            ones += 1
            lit = re.search(r"bulb (would light|lights)\.", text)
            dark = re.search(r"bulb (would not light|stays dark)\.", text)
            assert (lit, dark)[not f["n_lit"]] and not (lit, dark)[bool(f["n_lit"])], text
    assert ones >= 20


def test_numbers_take_the_article_they_are_read_with():
    """"a 8 kg block", "a 18 V battery": an article before a number goes by its sound."""
    seen = 0
    for seed in range(1500):
        rng = np.random.default_rng(seed)
        spec = FAM.sample_spec(rng)
        text = WRITER.fn(spec, FAM.facts(spec), rng)
        assert not re.search(r"\b[Aa] (8|11|18)\b", text), (seed, text)
        assert not re.search(r"\b[Aa]n (?!8|11|18)\d", text), (seed, text)
        seen += bool(re.search(r"\b[Aa]n (8|11|18)\b", text))
    assert seen >= 10
