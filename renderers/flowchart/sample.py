"""Sampling of the "flowchart" family: a counting loop (initialise, test, body, back arrow,
output) or a two-way branch on the input, with random constants.

    python -m pytest -q tests/renderers/test_flowchart.py
"""
from __future__ import annotations

import numpy as np

from renderers.flowchart.spec import FlowchartSpec, FlowEdge, FlowNode
from renderers.spec import rng_choice

COLORS = ("blue", "green", "orange", "purple", "cyan")


def loop_chart(init: str, test: str, body: list[str], out: str, color: str = "blue",
               yes_stays: bool = True) -> FlowchartSpec:
    """Start, init, a decision, the body below it (arrow back up the left lane) and, to the
    right of the decision, the output and End. ``yes_stays``: "Yes" enters the body (else
    "No" does)."""
    stay, leave = ("Yes", "No") if yes_stays else ("No", "Yes")
    nodes = [FlowNode("start", "Start", 0, 0), FlowNode("process", init, 0, 1),
             FlowNode("decision", test, 0, 2)]
    nodes += [FlowNode("process", b, 0, 3 + i) for i, b in enumerate(body)]
    k = len(nodes)
    nodes += [FlowNode("io", out, 1, 3), FlowNode("end", "End", 1, 4)]
    edges = [FlowEdge(0, 1), FlowEdge(1, 2), FlowEdge(2, 3, "bottom", stay)]
    edges += [FlowEdge(3 + i, 4 + i) for i in range(len(body) - 1)]
    edges += [FlowEdge(k - 1, 2, "left", lane=-0.72), FlowEdge(2, k, "right", leave),
              FlowEdge(k, k + 1)]
    return FlowchartSpec(nodes=nodes, edges=edges, color=color)


def branch_chart(inp: str, test: str, yes: str, no: str, out: str, color: str = "blue"
                 ) -> FlowchartSpec:
    """Start, input, a decision; "Yes" below it, "No" to the right; both into the output."""
    nodes = [FlowNode("start", "Start", 0, 0), FlowNode("io", inp, 0, 1),
             FlowNode("decision", test, 0, 2), FlowNode("process", yes, 0, 3),
             FlowNode("process", no, 1, 3), FlowNode("io", out, 0, 4),
             FlowNode("end", "End", 0, 5)]
    edges = [FlowEdge(0, 1), FlowEdge(1, 2), FlowEdge(2, 3, "bottom", "Yes"),
             FlowEdge(2, 4, "right", "No"), FlowEdge(3, 5), FlowEdge(4, 5, "bottom"),
             FlowEdge(5, 6)]
    return FlowchartSpec(nodes=nodes, edges=edges, color=color)


def sample_spec(rng: np.random.Generator, kind: str | None = None) -> FlowchartSpec:
    kind = kind or rng_choice(rng, ("loop", "branch"))
    color = rng_choice(rng, COLORS)
    a, b, n = (int(rng.integers(1, 10)) for _ in range(3))
    if kind == "loop":
        return loop_chart(f"s = {a}, i = 1", f"i ≤ {n + 2}?", [f"s = s + {b} × i", "i = i + 1"],
                          "Output s", color)
    return branch_chart("Input x", f"x > {n}?", f"y = {a}x + {b}", f"y = x - {a + b}",
                        "Output y", color)
