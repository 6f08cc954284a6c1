"""algebra-composite-value draws y = f(x) and y = g(x) in one window: where the two graphs
ran along one another (|x - 1| over the ray of |x + 1| - 2) the one drawn last hid the other,
and f(g(a)) could need a value read off the hidden stretch. Over many sampled variants the
two drawn curves agree at single points only."""
import numpy as np

from engines.dynamath.seed import load_seeds, make_variant
from engines.dynamath.seeds.algebra.curves import sx, sym_curve, sp

SEEDS = load_seeds()
SID = "algebra-composite-value"


def _longest_shared(spec) -> float:
    """The longest stretch of x (in window units) on which both drawn curves take the same
    visible value."""
    f, g = (sp().lambdify(sx(), sym_curve(cv), "numpy") for cv in spec.curves)
    xs = np.linspace(spec.xmin, spec.xmax, 2001)
    fy, gy = (np.broadcast_to(np.asarray(h(xs), float), xs.shape) for h in (f, g))
    same = (np.abs(fy - gy) < 1e-9) & (fy >= spec.ymin) & (fy <= spec.ymax)
    best = run = 0
    for s in same:
        run = run + 1 if s else 0
        best = max(best, run)
    return max(best - 1, 0) * (xs[1] - xs[0])


def test_the_two_graphs_never_run_along_one_another():
    q = SEEDS[SID]
    bad = []
    for v in range(300):
        var = make_variant(SID, v, seed=9191, pin_canonical=False)
        if _longest_shared(q.diagram(var.params)) > 0.01:
            bad.append((v, var.params["f"], var.params["g"]))
    assert not bad, bad[:5]


def test_a_shared_ray_is_found():
    """The check sees the case that was drawn: |x + 1| - 2 under |x - 1| for x >= 1."""
    q = SEEDS[SID]
    p = {"f": {"kind": "absolute", "a": 1.0, "c": -1.0, "d": -2.0},
         "g": {"kind": "absolute", "a": 1.0, "c": 1.0, "d": 0.0}, "a": -3,
         "colors": ["green", "red"]}
    assert _longest_shared(q.diagram(p)) > 3.9
