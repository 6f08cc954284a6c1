"""Photo-like instruments (family "objects"): thermometers, dial gauges, spring scales, a ruler
with a strobe-lit ball and measuring cylinders with a meniscus, drawn shaded like objects on a
lab bench.

Why: DynaMath's scientific figures include photographs of everyday measuring instruments whose
reading a question needs. The spec holds one or two instruments, each a linear scale and the
value it shows; ``object_facts`` derives the readings, the number of small divisions up to each
and the difference between two readings, all from the spec, never from pixels.

    python -c "import numpy as np, renderers; f = renderers.get_family('objects'); \
f.render(f.sample_spec(np.random.default_rng(0)), 336).save('/tmp/objects.png')"
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

from renderers.spec import Spec

KINDS = ("thermometer", "gauge", "spring_scale", "ruler", "cylinder")
MAX_DIVISIONS = {"thermometer": 60, "gauge": 50, "spring_scale": 40, "ruler": 60,
                 "cylinder": 60}


@dataclass
class Scale:
    """A linear scale from ``lo`` to ``hi``: a small tick every ``minor``, a number every
    ``major`` (a whole number of small divisions)."""

    lo: float = 0.0
    hi: float = 100.0
    minor: float = 2.0
    major: float = 10.0
    unit: str = ""


@dataclass
class Instrument:
    """One instrument showing ``value`` on its ``scale``.

    thermometer: the top of the liquid column; gauge: the needle; spring_scale: the pointer
    (0 at the top, the load hangs from the hook; ``immersed`` hangs it in a beaker of water);
    cylinder: the bottom of the meniscus (``immersed`` puts a stone in it); ruler: ``marks``
    are the positions of a ball's centre on the scale, each with its text in ``mark_labels``
    (``value`` is not drawn). ``name`` is written on a gauge's face or on a spring scale's
    load; ``caption`` under the instrument."""

    kind: str = "thermometer"
    scale: Scale = field(default_factory=Scale)
    value: float = 0.0
    name: str = ""
    caption: str = ""
    immersed: bool = False
    color: str = "red"
    marks: list[float] = field(default_factory=list)
    mark_labels: list[str] = field(default_factory=list)


@dataclass
class ObjectsSpec(Spec):
    """One or two instruments side by side (a ruler stands alone), under an optional title."""

    family: ClassVar[str] = "objects"
    title: str = ""
    items: list[Instrument] = field(default_factory=list)


def _on_grid(x: float, lo: float, step: float) -> bool:
    k = (x - lo) / step
    return abs(k - round(k)) < 1e-6


def validate(spec: ObjectsSpec) -> None:
    if not 1 <= len(spec.items) <= 2:
        raise ValueError(f"objects: 1 or 2 instruments, got {len(spec.items)}")
    for i, it in enumerate(spec.items):
        where = f"objects item {i} ({it.kind})"
        if it.kind not in KINDS:
            raise ValueError(f"objects item {i}: kind {it.kind!r} is not valid; valid: "
                             f"{', '.join(KINDS)}")
        if it.kind == "ruler" and len(spec.items) != 1:
            raise ValueError(f"{where}: a ruler stands alone in its picture")
        s = it.scale
        if not (s.hi > s.lo and s.minor > 0 and s.major >= s.minor and
                _on_grid(s.major, 0.0, s.minor)):
            raise ValueError(f"{where}: scale needs lo < hi, 0 < minor <= major, major a "
                             f"multiple of minor")
        n = (s.hi - s.lo) / s.minor
        if abs(n - round(n)) > 1e-6 or round(n) > MAX_DIVISIONS[it.kind]:
            raise ValueError(f"{where}: (hi - lo) / minor must be a whole number up to "
                             f"{MAX_DIVISIONS[it.kind]}, got {n:g}")
        if it.kind != "ruler" and not s.lo <= it.value <= s.hi:
            raise ValueError(f"{where}: value {it.value:g} outside the scale {s.lo:g}..{s.hi:g}")
        if it.kind == "ruler":
            if not 1 <= len(it.marks) <= 6 or len(it.mark_labels) != len(it.marks):
                raise ValueError(f"{where}: 1-6 marks, one label each")
            if any(not s.lo <= m <= s.hi for m in it.marks) or \
                    any(b <= a for a, b in zip(it.marks, it.marks[1:])):
                raise ValueError(f"{where}: marks increasing and on the scale")


def divisions(it: Instrument, x: float | None = None) -> float:
    """Small divisions from the scale's start to x (the instrument's value by default)."""
    x = it.value if x is None else x
    return round((x - it.scale.lo) / it.scale.minor, 6)


def object_facts(spec: ObjectsSpec) -> dict:
    validate(spec)
    items = []
    for it in spec.items:
        d = {"kind": it.kind, "unit": it.scale.unit, "lo": it.scale.lo, "hi": it.scale.hi,
             "minor": it.scale.minor, "major": it.scale.major, "name": it.name,
             "caption": it.caption, "immersed": it.immersed}
        if it.kind == "ruler":
            d.update(marks=list(it.marks), mark_labels=list(it.mark_labels),
                     gaps=[round(b - a, 6) for a, b in zip(it.marks, it.marks[1:])])
        else:
            d.update(reading=it.value, divisions=divisions(it),
                     fraction_of_range=round((it.value - it.scale.lo) /
                                             (it.scale.hi - it.scale.lo), 6))
        items.append(d)
    out = {"title": spec.title, "n_items": len(items), "items": items}
    if len(items) == 2:
        out["difference"] = round(spec.items[1].value - spec.items[0].value, 6)
    return out


def needle_angle(it: Instrument, sweep: float = 270.0) -> float:
    """A gauge needle's direction in degrees counter-clockwise from +x: the scale runs
    clockwise over ``sweep`` degrees centred on straight up."""
    start = 90.0 + sweep / 2
    frac = (it.value - it.scale.lo) / (it.scale.hi - it.scale.lo)
    return start - sweep * frac


def angle_to_value(it: Instrument, angle_deg: float, sweep: float = 270.0) -> float:
    """The reading a needle pointing at ``angle_deg`` gives (inverse of ``needle_angle``)."""
    start = 90.0 + sweep / 2
    a = (start - angle_deg) % 360.0
    return it.scale.lo + (it.scale.hi - it.scale.lo) * a / sweep


__all__ = ["KINDS", "Scale", "Instrument", "ObjectsSpec", "validate", "object_facts",
           "divisions", "needle_angle", "angle_to_value"]
