"""Words that must agree with the figure, checked over a few hundred sampled rows:

- graph captions call a node "the farthest reachable node" only when no other node is as far
  (with a tie they name every tied node);
- scientific captions write a magnitude beside a word that already gives the direction (a
  spring "compressed by 0.25 m", never "by -0.25 m"; an image "30 cm from the lens");
- an analytic geometry chain of thought names only lines and points that the question of each
  version or its picture introduces (no "the slope of k" where only one wording says what k is).

    python -m pytest -q tests/engines/mavis/test_caption_truth_more.py -p no:xdist
"""
import re

import numpy as np

from engines.mavis.analytic_geometry.problem import TARGETS, make_problem
from engines.mavis.problem import cot_text, distinct_versions, question_text, version_spec
from engines.mavis.registry import get_caption_writer
from renderers.family import FAMILIES
from renderers.text import fmt_num

FAR_ONE = re.compile(r"The farthest reachable node from (\w+) is (\w+), via")
FAR_MANY = re.compile(r"The farthest reachable nodes from (\w+) are ([\w ,]+), each")


def test_graph_farthest_node_is_named_only_when_unique():
    fam, writer = FAMILIES.get("graph"), get_caption_writer("graph")
    single = tied = 0
    for seed in range(300):
        rng = np.random.default_rng([7, seed])
        spec = fam.sample_spec(rng)
        f = fam.facts(spec)
        cap = writer.fn(spec, f, np.random.default_rng(seed))
        d = {v: x for v, x in f["distances"].items() if v != f["source"] and x is not None}
        if not d:
            continue
        top = max(d.values())
        farthest = sorted(v for v, x in d.items() if abs(x - top) < 1e-9)
        one, many = FAR_ONE.search(cap), FAR_MANY.search(cap)
        if one:
            single += 1
            assert [one.group(2)] == farthest, (cap, farthest)
        if many:
            tied += 1
            assert sorted(re.split(r", | and ", many.group(2))) == farthest, (cap, farthest)
            assert len(farthest) > 1, cap
    assert single > 20 and tied > 20


DIRECTED = re.compile(r"\b(stretched|compressed|relaxed|left|right|up|down|above|below)\b"
                      r"(?: by| at)? -\d")


def test_scientific_captions_write_magnitudes_beside_direction_words():
    fam, writer = FAMILIES.get("scientific"), get_caption_writer("scientific")
    springs = lenses = 0
    for seed in range(300):
        kind = ("spring", "lens", None)[seed % 3]
        spec = fam.sample_spec(np.random.default_rng([11, seed]), kind=kind)
        f = fam.facts(spec)
        cap = writer.fn(spec, f, np.random.default_rng(seed))
        assert not DIRECTED.search(cap), cap
        assert not re.search(r"-\d[\d.]* \w+ from the lens", cap), cap
        if f["kind"] == "spring" and f.get("displacement"):
            springs += 1
            for x in re.findall(r"(?:stretched|compressed) by (-?[\d.]+) m", cap):
                assert float(x) == abs(f["displacement"]), cap
        if f["kind"] == "lens" and f["distances_labelled"]:
            lenses += 1
            m = re.search(r"puts the image ([\d.]+) \w+ from the lens(, on the same side)?", cap)
            if m:
                assert m.group(1) == fmt_num(abs(f["image_distance"])), cap
                assert bool(m.group(2)) == (f["image_distance"] < 0), cap
    assert springs > 50 and lenses > 30


TOKEN = re.compile(r"[A-Za-z]+[₀-₉]*")
VARIABLES = {"x", "y", "m", "b", "r", "i", "a", "m₁", "m₂", "b₁", "b₂"}  # not object names


def _names(text: str) -> set[str]:
    """Point names (capitals, also run together as in "AB") and lowercase object names."""
    out = set()
    for t in TOKEN.findall(text):
        if t.isupper():
            out |= set(t)
        elif (len(t.rstrip("₀₁₂₃₄₅₆₇₈₉")) == 1 and t.islower()
              and t not in VARIABLES):
            out.add(t)
    return out


def _drawn(spec) -> set[str]:
    """Labels the picture writes: named points, and a curve's name unless its equation is
    written in its place alone (the name goes before the equation, "l₁: y = 2x", where
    another curve of its kind is drawn)."""
    out = set()
    kinds = [o.kind for o in spec.objects]
    for o in spec.objects:
        out |= {n for n in o.pt_names if n}
        if o.kind in ("line", "circle", "ellipse", "parabola") and o.name and (
                not o.show_eq or kinds.count(o.kind) > 1):
            out.add(o.name)
    return out


def test_analytic_cot_names_only_what_question_or_picture_introduces():
    checked = 0
    for i in range(264):
        target = TARGETS[i % len(TARGETS)]
        p = make_problem(np.random.default_rng([13, i]), target=target)
        used = _names(cot_text(p))
        for v in distinct_versions(p):
            known = _names(question_text(p, v)) | _drawn(version_spec(p, v))
            assert used <= known, (target, v, used - known, question_text(p, v), p.cot)
            checked += 1
    assert checked > 400
