"""Venn diagrams (family "venn"): 2 or 3 overlapping sets in a universe box, a label in every
region, optional shading of regions.

Why: DynaMath's statistics questions read counts and probabilities off Venn diagrams and name
shaded regions by set expressions; the spec holds each region's label, ``facts`` derives the
set sizes, unions and intersections from the numeric labels.

    python -c "import numpy as np, renderers; f = renderers.get_family('venn'); \
f.render(f.sample_spec(np.random.default_rng(0)), 336).save('/tmp/venn.png')"
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

from renderers.spec import Spec

# region codes: one character per set, "1" inside, "0" outside; the all-zero code is the
# part of the universe outside every circle
REGIONS = {2: ("10", "01", "11", "00"),
           3: ("100", "010", "001", "110", "101", "011", "111", "000")}


@dataclass
class VennSpec(Spec):
    """``sets``: 2 or 3 names; ``labels``: region code -> text written in it (a count, "x",
    or "" for nothing); ``shade``: region codes filled grey; ``universe``: the box's name."""

    family: ClassVar[str] = "venn"
    title: str = ""
    sets: list[str] = field(default_factory=lambda: ["A", "B"])
    labels: dict[str, str] = field(default_factory=dict)
    shade: list[str] = field(default_factory=list)
    colors: list[str] = field(default_factory=lambda: ["blue", "red", "green"])
    universe: str = "U"


def validate(spec: VennSpec) -> None:
    n = len(spec.sets)
    if n not in REGIONS:
        raise ValueError(f"a Venn diagram has 2 or 3 sets, got {n}")
    bad = [c for c in list(spec.labels) + list(spec.shade) if c not in REGIONS[n]]
    if bad:
        raise ValueError(f"region codes {bad} are not valid for {n} sets; valid: "
                         f"{', '.join(REGIONS[n])}")
    if len(spec.colors) < n:
        raise ValueError(f"{n} sets need {n} colours, got {len(spec.colors)}")


def region_counts(spec: VennSpec) -> dict[str, int] | None:
    """Region code -> count when every region's label is a whole number, else None."""
    out = {}
    for code in REGIONS[len(spec.sets)]:
        t = spec.labels.get(code, "")
        if not t.strip().isdigit():
            return None
        out[code] = int(t)
    return out


def venn_facts(spec: VennSpec) -> dict:
    validate(spec)
    n = len(spec.sets)
    f: dict = {"title": spec.title, "sets": list(spec.sets), "n_sets": n,
               "labels": dict(spec.labels), "shaded": sorted(spec.shade)}
    counts = region_counts(spec)
    if counts is not None:
        f["region_counts"] = counts
        f["set_sizes"] = {s: sum(v for c, v in counts.items() if c[i] == "1")
                          for i, s in enumerate(spec.sets)}
        f["total"] = sum(counts.values())
        f["union"] = sum(v for c, v in counts.items() if "1" in c)
        f["all_sets"] = counts["1" * n]
        f["exactly"] = {str(k): sum(v for c, v in counts.items() if c.count("1") == k)
                        for k in range(n + 1)}
    return f
