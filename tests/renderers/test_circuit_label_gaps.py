"""Circuit labels over many sampled circuits (the family's sampler and the DynaMath circuit
seeds) at 224 and 336 px: no two element labels ("R1 = 20 Ω", "L2", "S1") stand closer than
a character's width, so that labels along one wire never read as one line of text, and every
label stays clear of the wires' strokes."""
import dataclasses
import math

import renderers
from renderers.canvas import Canvas
from renderers.scientific.draw import draw_science
from renderers.scientific.draw.primitives import label_px
from renderers.scientific.draw.setups import _elem_text

import numpy as np  # noqa: E402  (after the suite, which sets numpy's kernels up)

from engines.dynamath.seed import load_seeds

FAM = renderers.get_family("scientific")
CIRCUIT_SEEDS = ("sci-series-current", "sci-equivalent-resistance", "sci-branch-current",
                 "sci-circuit-topology", "sci-bulbs-lit", "sci-resistor-power",
                 "sci-brightest-bulb", "sci-bulb-removed")


def _specs():
    """Circuit specs: 120 from the family's sampler (a title on every third, which shrinks the
    frame) and 30 from each DynaMath circuit seed."""
    for i in range(120):
        spec = FAM.sample_spec(np.random.default_rng(4000 + i), kind="circuit")
        if i % 3 == 2:
            spec = dataclasses.replace(spec, title="Electric circuit")
        yield f"family {i}", spec
    seeds = load_seeds()
    for sid in CIRCUIT_SEEDS:
        q = seeds[sid]
        for i in range(30):
            yield f"{sid} {i}", q.diagram(q.sample(np.random.default_rng(6000 + i)))


def _gap(a, b) -> float:
    dx = max(a[0] - b[2], b[0] - a[2], 0.0)
    dy = max(a[1] - b[3], b[1] - a[3], 0.0)
    return math.hypot(dx, dy)


def test_circuit_labels_keep_a_character_apart_and_off_the_wires():
    checked = rows = 0
    for where, spec in _specs():
        cir = spec.circuit
        elems = cir.series + [e for b in cir.branches for e in b]
        texts = {_elem_text(e) for e in elems} - {""}
        for size in (224, 336):
            c = Canvas(size)
            draw_science(spec, c)
            ink = np.asarray(c.ink, dtype=bool)
            cw = c.text_size("0", label_px(c))[0]
            labs = [lb for lb in c.layout.labels if lb.text in texts]
            assert len(labs) == len(texts), (where, size)
            for k, a in enumerate(labs):
                x0, y0, x1, y1 = a.box
                assert not ink[int(y0):int(math.ceil(y1)) + 1,
                               int(x0):int(math.ceil(x1)) + 1].any(), (where, size, a.text)
                for b in labs[k + 1:]:
                    g = _gap(a.box, b.box)
                    assert g >= cw, (where, size, a.text, b.text, round(g, 1), cw)
                    # two labels whose boxes share rows: neighbours along one wire
                    rows += a.box[1] < b.box[3] and b.box[1] < a.box[3]
            checked += 1
    assert checked == 2 * (120 + 30 * len(CIRCUIT_SEEDS))
    assert rows >= 100  # the sample holds many labels side by side
