"""Function-plot point labels a reader cannot pin on the wrong dot, at 224, 336 and 1024 px:
each marked point's coordinates (zeros, extremes, intercepts, crossings, named points) are
nearer their own dot than any other dot, or joined to it by a leader line, over sampled
function plots and the rows of the sixth caption look where they were not.

    python -m pytest -q tests/renderers/test_function_labels.py
"""
from __future__ import annotations

import math

import numpy as np
import pytest

from renderers import get_family, spec_from_json

SIZES = (224, 336, 1024)

# cap-00000054 (the zeros of 2tan(x) - 1: "(0.46, 0)" beside the dot at 3.61) and cap-00000004
# ("(-0.67, 0)" beside the dot at (0, -1)), built with seed 2031
LOOKED_AT = {
    "cap-00000054": '{"curves":[{"a":2.0,"b":1.0,"c":0.0,"coeffs":[],"color":"purple","d":-1.0,'
                    '"kind":"tangent","marks":["zeros"],"name":"f","pieces":[]}],"family":'
                    '"function","mark_intersections":false,"markers":[],"pi_ticks":true,'
                    '"points":[],"shade":[],"show_expression":"title","xmax":6.283185307179586,'
                    '"xmin":-6.283185307179586,"ymax":6.0,"ymin":-8.0}',
    "cap-00000004": '{"curves":[{"a":-3.0,"b":1.0,"c":1.0,"coeffs":[],"color":"blue","d":2.0,'
                    '"kind":"rational","marks":[],"name":"f","pieces":[]},{"a":1.0,"b":1.0,'
                    '"c":0.0,"coeffs":[-1.0,-1.5],"color":"green","d":0.0,"kind":"polynomial",'
                    '"marks":["zeros","y_intercept"],"name":"g","pieces":[]}],"family":'
                    '"function","mark_intersections":true,"markers":[],"pi_ticks":false,'
                    '"points":[],"shade":[],"show_expression":"label","xmax":5.0,"xmin":-3.0,'
                    '"ymax":7.0,"ymin":-6.0}',
}


def _gap(box, q) -> float:
    """Distance from point q to the nearest point of the box (0 inside it)."""
    x0, y0, x1, y1 = box
    return math.hypot(max(x0 - q[0], 0.0, q[0] - x1), max(y0 - q[1], 0.0, q[1] - y1))


def dot_label_faults(spec, size: int) -> list[str]:
    out = []
    for r in get_family("function").label_layout(spec, size):
        if r.leader is not None:
            start, end = r.leader
            x0, y0, x1, y1 = r.box
            if math.dist(end, r.at) > 0.5:
                out.append(f"{size}px {r.text}: leader ends off its dot")
            if not (x0 - 1 <= start[0] <= x1 + 1 and y0 - 1 <= start[1] <= y1 + 1):
                out.append(f"{size}px {r.text}: leader does not start at the label")
            continue
        own = _gap(r.box, r.at)
        near = min((_gap(r.box, q) for q in r.others), default=math.inf)
        if near <= own:
            out.append(f"{size}px {r.text}: {near:.1f} px from another dot, {own:.1f} px from "
                       f"its own")
    return out


@pytest.mark.parametrize("row", sorted(LOOKED_AT))
def test_the_looked_at_rows_label_each_dot_beside_itself(row):
    spec = spec_from_json(LOOKED_AT[row])
    assert len(get_family("function").label_layout(spec, 336)) == 4
    assert [f for size in SIZES for f in dot_label_faults(spec, size)] == []


def test_a_label_beside_another_dot_is_a_fault():
    # the check itself: a record whose box touches another dot and stands off its own
    from renderers.function.draw import DotLabel

    class Fake:
        def label_layout(self, spec, size):
            return [DotLabel("(0.46, 0)", (200.0, 150.0, 240.0, 160.0), (170.0, 170.0),
                             [(243.0, 170.0)])]

    import tests.renderers.test_function_labels as me
    real = me.get_family
    me.get_family = lambda name: Fake()
    try:
        assert dot_label_faults(None, 336) == [
            "336px (0.46, 0): 10.4 px from another dot, 31.6 px from its own"]
    finally:
        me.get_family = real


def sampled_specs(n: int, seed0: int):
    fam = get_family("function")
    for i in range(n):
        spec = fam.sample_spec(np.random.default_rng(seed0 + i), n_functions=1 + i % 2)
        if any(cv.marks for cv in spec.curves) or spec.mark_intersections or spec.points:
            yield spec


@pytest.mark.slow
def test_sampled_plots_label_each_dot_beside_itself():
    faults, seen = [], 0
    for i, spec in enumerate(sampled_specs(120, 7000)):
        seen += 1
        for size in SIZES:
            if size < 1024 or i % 8 == 0:
                faults += dot_label_faults(spec, size)
    assert seen > 40
    assert faults == []
