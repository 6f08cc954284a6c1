"""Flowcharts (family "flowchart"): start/end terminals, process boxes, input/output
parallelograms and decision diamonds on a grid of columns and rows, joined by arrows that run
straight down, bend once into the next box, or run along a side lane (loops back up).

Why: DynaMath asks what an algorithm drawn as a flowchart outputs; the spec holds the box texts
and the arrows, ``facts`` the boxes, the arrows and each decision's Yes / No successor, so a
seed can run the chart it draws (the seeds interpret ``facts``, never pixels).

    python -c "import numpy as np, renderers; f = renderers.get_family('flowchart'); \
f.render(f.sample_spec(np.random.default_rng(0)), 336).save('/tmp/flow.png')"
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

from renderers.spec import Spec

NODE_KINDS = ("start", "end", "process", "io", "decision")
SIDES = ("bottom", "right", "left")


@dataclass
class FlowNode:
    """One box: ``kind`` in NODE_KINDS, its text, and its grid cell (column, row; row 0 on
    top)."""

    kind: str
    text: str
    col: int = 0
    row: int = 0


@dataclass
class FlowEdge:
    """An arrow from node ``src`` to node ``dst`` (indices), leaving ``src`` at ``side``.
    Without ``lane`` it runs to the column of ``dst`` and enters it from above (or straight
    down in one column, or across into its side on the same row); with ``lane`` (a column
    position, e.g. -0.8 left of column 0) it runs out to that lane, along it to the row of
    ``dst`` and into ``dst``'s side facing the lane. ``label`` ("Yes", "No") is written at the
    arrow's start."""

    src: int
    dst: int
    side: str = "bottom"
    label: str = ""
    lane: float | None = None


@dataclass
class FlowchartSpec(Spec):
    family: ClassVar[str] = "flowchart"
    nodes: list[FlowNode] = field(default_factory=list)
    edges: list[FlowEdge] = field(default_factory=list)
    color: str = "blue"


def validate(spec: FlowchartSpec) -> None:
    if not spec.nodes:
        raise ValueError("a flowchart needs at least one node")
    for i, n in enumerate(spec.nodes):
        if n.kind not in NODE_KINDS:
            raise ValueError(f"node {i}: kind {n.kind!r}; valid: {', '.join(NODE_KINDS)}")
    cells = [(n.col, n.row) for n in spec.nodes]
    if len(set(cells)) != len(cells):
        raise ValueError("two flowchart nodes share a grid cell")
    for e in spec.edges:
        if not (0 <= e.src < len(spec.nodes) and 0 <= e.dst < len(spec.nodes)):
            raise ValueError(f"edge {e.src}->{e.dst}: node index out of range")
        if e.side not in SIDES:
            raise ValueError(f"edge {e.src}->{e.dst}: side {e.side!r}; valid: {', '.join(SIDES)}")


def flowchart_facts(spec: FlowchartSpec) -> dict:
    """Boxes in order, arrows as (from, to, label), and the successor of each box: "next"
    for a plain box, "Yes" / "No" for a decision."""
    validate(spec)
    succ: dict[str, dict[str, int]] = {}
    for e in spec.edges:
        succ.setdefault(str(e.src), {})[e.label or "next"] = e.dst
    return {"nodes": [{"kind": n.kind, "text": n.text} for n in spec.nodes],
            "edges": [[e.src, e.dst, e.label] for e in spec.edges],
            "successors": succ,
            "decisions": sum(n.kind == "decision" for n in spec.nodes)}
