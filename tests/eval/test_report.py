"""report.md: each figure with its sample count and 95% interval, "-" where a figure has none."""
from eval.report import task_section


def test_figures_carry_n_and_interval():
    metrics = {"acc": 0.5, "n_samples": 40, "per_topic": {
        "algebra": {"average": 0.25, "n": 20}, "graph theory": {"average": 0.75, "n": 20}}}
    iv = {"method": "M", "groups": 8, "figures": {
        "acc": {"n": 40, "ci95": [0.3, 0.7]},
        "per_topic.algebra.average": {"n": 20, "ci95": [0.1, 0.4]},
        "per_topic.graph theory.average": {"n": 20, "ci95": None}}}
    lines = task_section("dynamath", metrics, [], intervals=iv)
    assert "| acc | 0.5000 | 40 | [0.3000, 0.7000] |" in lines
    assert "| n_samples | 40 |  |  |" in lines
    assert "| | n | average |" in lines
    assert "| algebra | 20 | 0.2500 [0.1000, 0.4000] |" in lines
    assert "| graph theory | 20 | 0.7500 - |" in lines
    assert "n: samples behind each figure; 95% intervals by M, over 8 groups." in lines


def test_without_intervals_the_tables_stay_plain():
    lines = task_section("t", {"acc": 0.5}, [])
    assert "| acc | 0.5000 |  |  |" in lines and not any(x.startswith("n: ") for x in lines)
