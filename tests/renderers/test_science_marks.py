"""Marks of the "scientific" set-ups and plots kept off one another, over sampled specs of the
family's sampler (what the MAVIS engines draw) and of the DynaMath seeds drawing each, at 224
and 336 px: a spring's dashed equilibrium line stops short of the block and its mass, a motion
graph's segment letter reads as its own segment's, a measuring cylinder's surface line keeps
off the scale's numbers, and a force's angle arc keeps off its arrowhead."""
import dataclasses
import math

import numpy as np
import pytest

import renderers
from engines.dynamath.seed import make_variant
from renderers.canvas import Canvas, arc_points, seg_dist
from renderers.scientific.draw import draw_science, plots
from renderers.scientific.draw.primitives import box_segment_gap, light
from renderers.text import fmt_num
from tests.tiers import tiers

FAM = renderers.get_family("scientific")


def _specs(kind: str, seeds: tuple[str, ...], n: int, seed0: int):
    """``n`` specs of ``kind``, the family's sampler and the seeds' variants in turn, each with
    the size it is drawn at (224 and 336 in turn) and a title on every fifth."""
    for i in range(n):
        if i % 2 == 0 or not seeds:
            spec = FAM.sample_spec(np.random.default_rng(seed0 + i), kind=kind)
        else:
            spec = make_variant(seeds[i // 2 % len(seeds)], i // 2, seed0, False).spec
        if i % 5 == 4:
            spec = dataclasses.replace(spec, title="Mechanics")
        yield spec, (224, 336)[i // 2 % 2]


def _spy(c: Canvas, name: str) -> list:
    """Every call of ``c.<name>`` from now on, as (args, kwargs)."""
    calls, real = [], getattr(c, name)

    def spy(*args, **kw):
        calls.append((args, kw))
        return real(*args, **kw)

    setattr(c, name, spy)
    return calls


@pytest.mark.parametrize("n", tiers(120, 600))
def test_spring_equilibrium_line_stops_short_of_the_block(n):
    """The dashed equilibrium (or natural-length) line enters neither the block nor the box
    of its mass: a compressed spring's block stood over the line, which ran down through the
    mass to the floor."""
    seen = 0
    for spec, size in _specs("spring", ("sci-spring-max-speed", "sci-spring-energy"), n, 70):
        c = Canvas(size)
        lines, rects = _spy(c, "line"), _spy(c, "rect")
        draw_science(spec, c)
        s = spec.spring
        mass = f"{fmt_num(s.mass)} kg" if s.show_mass else "m"
        (box,) = [lb.box for lb in c.layout.labels if lb.text == mass]
        (block,) = [a[0] for a, kw in rects if kw.get("fill") == (222, 230, 242)]
        inner = (block[0] + 2, block[1] + 2, block[2] - 2, block[3] - 2)
        dashed = [a[0] for a, kw in lines if kw.get("dash") == (5, 4)
                  and kw.get("color") == (110, 110, 110)]
        assert dashed, spec
        for pts in dashed:
            for p, q in zip(pts, pts[1:]):
                where = f"{s} at {size}: the line {p}-{q}, the block {block}, {mass} {box}"
                assert box_segment_gap(box, p, q) > 1, where
                assert box_segment_gap(inner, p, q) > 0, where
        seen += s.orientation == "horizontal" and s.displacement < 0
    assert seen >= n // 10  # compressed springs among them


def _motion_specs(n: int):
    for spec, size in _specs("motion", ("sci-greatest-acceleration", "sci-fastest-segment",
                                        "sci-vt-distance", "sci-vt-displacement"), n, 90):
        yield dataclasses.replace(spec, motion=dataclasses.replace(
            spec.motion, segment_labels=True)), size


def _side(p, a, b) -> float:
    return (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0])


@pytest.mark.parametrize("n", tiers(60, 400))
def test_motion_segment_letters_read_as_their_own(n, monkeypatch):
    """Each segment's letter stands nearer its own segment than any other, clear of the other
    segments' strokes; where two segments meet at a low point and both letters stand inside
    the V, each is at least twice as far from the other arm as from its own: both letters
    stood inside the V, each about as near the other's segment as its own."""
    segs: list = []
    real = plots.thick_segment

    def spy(c, a, b, *args, **kw):
        segs.append((a, b))
        return real(c, a, b, *args, **kw)

    monkeypatch.setattr(plots, "thick_segment", spy)
    lows = 0
    for spec, size in _motion_specs(n):
        segs.clear()
        c = Canvas(size)
        draw_science(spec, c)
        u = c.unit
        boxes = {ord(lb.text) - 65: lb.box for lb in c.layout.labels
                 if len(lb.text) == 1 and "A" <= lb.text <= "Z"}
        assert sorted(boxes) == list(range(len(segs))), spec
        for i, box in boxes.items():
            own = box_segment_gap(box, *segs[i])
            other = min(box_segment_gap(box, *s) for j, s in enumerate(segs) if j != i)
            where = f"{spec.motion} at {size}: {chr(65 + i)} {box}, {own:.1f} / {other:.1f} px"
            assert other > own + 0.5 and other > 1.3 * u + 1, where
        for k in range(1, len(segs)):
            (a, v), (_, b) = segs[k - 1], segs[k]
            if not (a[1] < v[1] - 1e-6 and b[1] < v[1] - 1e-6):  # a low point (y down)
                continue
            lows += 1
            pair = ((k - 1, k, b), (k, k - 1, a))  # each letter, the other arm, its far end
            inside = [_side(((boxes[i][0] + boxes[i][2]) / 2, (boxes[i][1] + boxes[i][3]) / 2),
                            *segs[i]) * _side(far, *segs[i]) > 0 for i, _, far in pair]
            if all(inside):
                for i, j, _ in pair:
                    gaps = box_segment_gap(boxes[i], *segs[j]), box_segment_gap(boxes[i], *segs[i])
                    assert gaps[0] >= 2 * gaps[1], f"{spec.motion} at {size}: {chr(65 + i)}"
    assert lows >= n // 4


@pytest.mark.parametrize("n", tiers(60, 400))
def test_cylinder_surface_keeps_off_the_scale_numbers(n):
    """The liquid's surface line crosses none of the scale's numbers (nor the unit): at a
    level by a number it struck the number out."""
    beside = 0  # surfaces with a number beside them
    for spec, size in _specs("cylinder", ("sci-cylinder-reading", "sci-stone-volume"), n, 110):
        c = Canvas(size)
        lines = _spy(c, "line")
        draw_science(spec, c)
        edge = light(spec.cylinder.liquid, 0.25)
        surface = [a[0] for a, kw in lines if kw.get("color") == edge]
        assert surface, spec
        texts = [lb for lb in c.layout.labels if lb.text.replace(".", "").isdigit()
                 or lb.text == spec.cylinder.unit]
        for pts in surface:
            for p, q in zip(pts, pts[1:]):
                for lb in texts:
                    assert box_segment_gap(lb.box, p, q) > 0.5, \
                        f"{spec.cylinder} at {size}: {lb.text} {lb.box} under {p}-{q}"
        # a number beside the surface: between its lowest and highest points
        ys = [y for pts in surface for _, y in pts]
        xs = [x for pts in surface for x, _ in pts]
        beside += any(lb.box[1] <= max(ys) and lb.box[3] >= min(ys)
                              and lb.box[0] <= max(xs) and lb.box[2] >= min(xs) for lb in texts)
    assert beside >= n // 20  # levels by a number among them


def _short_forces(n: int):
    """Force diagrams, every other one with its first slanted force cut to a twentieth of the
    largest (the shortest arrow drawn)."""
    seeds = ("sci-net-force", "sci-block-acceleration", "sci-net-force-angle",
             "sci-balancing-force")
    for i, (spec, size) in enumerate(_specs("forces", seeds, n, 130)):
        fs = spec.body.forces
        slant = [k for k, f in enumerate(fs) if f.angle_deg % 90]
        if i % 2 and slant:
            big = max(f.magnitude for f in fs)
            fs = list(fs)
            fs[slant[0]] = dataclasses.replace(fs[slant[0]], magnitude=big / 20)
            spec = dataclasses.replace(spec, body=dataclasses.replace(spec.body, forces=fs))
        yield spec, size


def _head(a, b, head: float, unit: float) -> list:
    """The arrowhead ``Canvas.arrow`` draws from a to b: its tip and two back corners."""
    ang = math.atan2(b[1] - a[1], b[0] - a[0])
    h = head * unit
    return [b, (b[0] - h * math.cos(ang - 0.4), b[1] - h * math.sin(ang - 0.4)),
            (b[0] - h * math.cos(ang + 0.4), b[1] - h * math.sin(ang + 0.4))]


def _inside(p, tri) -> bool:
    sides = [(q[0] - o[0]) * (p[1] - o[1]) - (q[1] - o[1]) * (p[0] - o[0])
             for o, q in zip(tri, tri[1:] + tri[:1])]
    return all(v >= 0 for v in sides) or all(v <= 0 for v in sides)


@pytest.mark.parametrize("n", tiers(120, 600))
def test_force_angle_arcs_keep_off_arrowheads(n):
    """Every angle arc stays 2.5 units off every arrowhead (the strokes' half widths and a gap
    between): a short arrow's arc at the usual radius ran across its head. Each angle's value
    stands nearer an arc of that angle than any other arc."""
    arcs_seen = 0
    for spec, size in _short_forces(n):
        c = Canvas(size)
        arrows, arcs = _spy(c, "arrow"), _spy(c, "arc")
        draw_science(spec, c)
        u = c.unit
        heads = [_head(a[0], a[1], kw.get("head", 9.0), u) for a, kw in arrows]
        drawn = []
        for a, kw in arcs:
            ctr, r, lo, hi = a[:4]
            pts = arc_points(ctr, r, lo, hi)
            drawn.append((f"{fmt_num(hi - lo)}°", pts))
            for tri in heads:
                gap = min(min(seg_dist(p, q0, q1) for q0, q1 in
                              zip(tri, tri[1:] + tri[:1])) for p in pts)
                where = f"{spec.body} at {size}: arc r={r:.1f} at {ctr}, head {tri}"
                assert not any(_inside(p, tri) for p in pts) and gap >= 2.5 * u, where
            arcs_seen += 1
        for lb in c.layout.labels:
            if not lb.text.endswith("°"):
                continue
            near = min(drawn, key=lambda d: min(
                box_segment_gap(lb.box, p, q) for p, q in zip(d[1], d[1][1:])))
            assert near[0] == lb.text, f"{spec.body} at {size}: {lb.text} {lb.box}"
    assert arcs_seen >= n // 2
