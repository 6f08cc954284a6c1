"""Graph-theory seeds on flowcharts and networks: 50 variants each pass the contract and the
independent checker (200 in the slow run), hand-computed cases, and the flowchart interpreter
running a chart written by hand."""
import pytest

from engines.dynamath.seed import clause_problems, load_seeds, make_variant
from engines.dynamath.seeds.graph.flowcharts import run_chart
from renderers.flowchart.sample import loop_chart
from tests.engines.dynamath.hand_cases import check_hand_case
from tests.engines.dynamath.test_seeds_plane_geometry_more import check_variants

SEEDS = load_seeds()
NEW = sorted(s for s in SEEDS if s.startswith("graph-flowchart-")) + [
    s for s in ("graph-max-flow", "graph-hamiltonian-cycle", "graph-spanning-tree-count",
                "graph-triangle-count", "graph-dag-paths", "graph-critical-path",
                "graph-mst-excluded-edge") if s in SEEDS]


@pytest.mark.parametrize("sid", NEW)
def test_50_variants_pass_checker_and_contract(sid):
    check_variants(sid, 50)


@pytest.mark.soak  # 200 variants: the soak tier (the soak tier also runs the 50-variant check here; make test checks every seed in test_seed.py)
@pytest.mark.parametrize("sid", NEW)
def test_200_variants(sid):
    check_variants(sid, 200)


def test_flowchart_seed_count():
    assert len([s for s in SEEDS if s.startswith("graph-flowchart-")]) >= 3


CASES = [
    ("graph-flowchart-loop-sum", {"s0": 2, "k": 3, "n": 4, "var": "s", "color": "blue"},
     32.0),  # 2 + 3 (1 + 2 + 3 + 4)
    ("graph-flowchart-doubling", {"x0": 3, "f": 2, "limit": 48, "color": "blue"},
     4.0),  # 3, 6, 12, 24, 48: four doublings
    ("graph-flowchart-euclid", {"a": 84, "b": 36, "color": "blue"}, 12.0),
    ("graph-flowchart-branch", {"t": 5, "a": 2, "b": 3, "c": 1, "x": 4, "color": "blue",
                                "below": 1, "order": [0, 1, 2, 3, 4]},
     "15"),  # 4 < 5: y = 4 * 4 - 1
]


@pytest.mark.parametrize("sid,params,expected", CASES)
def test_hand_computed(sid, params, expected):
    check_hand_case(SEEDS[sid], {**params, "irrelevant_clause": None}, expected)


def test_interpreter_runs_a_hand_written_chart():
    chart = loop_chart("p = 1, i = 1", "i ≤ 4?", ["p = p × 2", "i = i + 1"], "Output p")
    assert run_chart(chart, {}) == 16
    chart = loop_chart("x = 10, n = 0", "x > 1?", ["x = x - 3", "n = n + 1"], "Output n")
    assert run_chart(chart, {}) == 3  # 10, 7, 4, 1
