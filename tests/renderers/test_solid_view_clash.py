"""``view_clash`` (all label sets at once, then each in turn where that clashes) finds its
candidates with numpy and confirms them with scalar tests; its verdicts and messages must be
those of the plain scalar loops over every corner, segment pair and labelled midpoint.
Compared here with such loops, written out in the test, over a grid of views of every kind
(about a fifth of which clash), with names, shading and label values set as a sampler sets
them; ``drawn_clash`` (the spec's own drawing, DynaMath's seeds) against the same loops on that
one scene. Also: the shared model and view arrays are read-only and the public
``polyhedron`` / ``projection`` still hand out fresh ones.

    python -m pytest -q tests/renderers/test_solid_view_clash.py
"""
from __future__ import annotations

import math

import numpy as np
import pytest

from renderers.solid_geometry.draw import drawn_clash, scene, view_clash, view_clash_each
from renderers.solid_geometry.spec import (BASES, EXTRAS, KINDS, MEASURES, SolidSpec, polyhedron,
                                           projection, shared_model, shared_projection)


def _dist(p, a, b):
    dx, dy = b[0] - a[0], b[1] - a[1]
    L = dx * dx + dy * dy
    t = 0.0 if L == 0 else max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / L))
    return math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy)


def _close(p, q, eps=1e-6):
    return abs(p[0] - q[0]) < eps and abs(p[1] - q[1]) < eps


def scalar_clash(spec, tol=0.02, min_deg=3.0):
    """Every corner against every segment, every pair of segments, every labelled midpoint
    against every line, in that order; the first fault found, worded as view_clash words it."""
    full = spec.replace(shown=list(MEASURES[spec.kind]), extras=[], note="")
    sets = [full] + [full.replace(extras=[e]) for e in EXTRAS[spec.kind]]
    if spec.kind == "pyramid":
        sets.append(full.replace(shown=["slant", "height", "lateral_edge"]))
    for sp in sets:
        why = scalar_scene_clash(scene(sp), tol, min_deg)
        if why is not None:
            return why
    return None


def scalar_scene_clash(sc, tol=0.02, min_deg=3.0):
    """The scalar loops over one scene's corners, segment pairs and labelled midpoints."""
    segs = [tuple(st.pts) for st in sc.strokes if not st.mark and len(st.pts) == 2]
    curve = [s for st in sc.strokes if not st.mark and len(st.pts) > 2
             for s in zip(st.pts[:-1], st.pts[1:])]
    pts = np.array([p for s in segs + curve for p in s])
    eps = tol * float(max(np.ptp(pts[:, 0]), np.ptp(pts[:, 1])))
    for p in {(round(p[0], 9), round(p[1], 9)) for s in segs for p in s}:
        for a, b in segs:
            mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
            if min(math.dist(p, a), math.dist(p, b), math.dist(p, mid)) > 1e-9 and \
                    _dist(p, a, b) < eps:
                return (f"corner ({p[0]:.2f}, {p[1]:.2f}) lies on the segment "
                        f"({a[0]:.2f}, {a[1]:.2f})-({b[0]:.2f}, {b[1]:.2f})")
    for i, s in enumerate(segs):
        for t in segs[i + 1:]:
            common = [p for p in s for q in t if math.dist(p, q) < 1e-9]
            if len(common) != 1:
                continue
            o = common[0]
            u = [p for p in s if math.dist(p, o) > 1e-9][0]
            v = [p for p in t if math.dist(p, o) > 1e-9][0]
            turn = abs(math.degrees(math.atan2(u[1] - o[1], u[0] - o[0]) -
                                    math.atan2(v[1] - o[1], v[0] - o[0]))) % 360
            if min(turn, 360 - turn) < min_deg:
                return (f"two segments from ({o[0]:.2f}, {o[1]:.2f}) nearly coincide: to "
                        f"({u[0]:.2f}, {u[1]:.2f}) and ({v[0]:.2f}, {v[1]:.2f})")
    for m in sc.mlabels:
        c = ((m.a[0] + m.b[0]) / 2, (m.a[1] + m.b[1]) / 2)
        for s in segs + curve:
            own = (_close(s[0], m.a) and _close(s[1], m.b)) or \
                (_close(s[0], m.b) and _close(s[1], m.a))
            along = _dist(s[0], m.a, m.b) < 1e-6 and _dist(s[1], m.a, m.b) < 1e-6
            if not own and _dist(c, *s) < eps and not along:
                return f"the midpoint of the {m.key} segment is crossed by another line"
    return None


NAMES = {"cube": list("ABCDEFGH"), "cuboid": list("ABCDEFGH"), "cylinder": ["O", "P"],
         "cone": ["S", "O"], "sphere": ["O"], ("pyramid", "square"): list("ABCDP"),
         ("pyramid", "triangle"): list("ABCP"), ("prism", "triangle"): list("ABCDEF"),
         ("prism", "hexagon"): list("ABCDEF") + [x + "'" for x in "ABCDEF"]}


def grid():
    for kind in KINDS:
        for base in BASES.get(kind, ("",)):
            names = NAMES.get((kind, base), NAMES.get(kind))
            for proj in ("oblique", "orthographic"):
                for k, az in enumerate(range(-57, 60, 9)):
                    yield SolidSpec(kind=kind, base=base, a=5, b=3, c=4.5, radius=3, height=6.5,
                                    projection=proj, view_angle=float(az),
                                    elevation=float((12, 20, 28)[k % 3]), depth_ratio=0.5,
                                    vertex_names=names if k % 2 else [], shade=bool(k % 3),
                                    label_style=("value", "named", "symbol")[k % 3], unit="cm")


def test_view_clash_says_what_the_scalar_loops_say():
    specs = list(grid())
    verdicts = [(view_clash(s), scalar_clash(s)) for s in specs]
    assert [got for got, _ in verdicts] == [want for _, want in verdicts]
    # view_clash first checks every label set at once; a clash there sends it to the one-by-one
    # check, whose verdicts are the scalar loops' too
    assert [view_clash_each(s) for s in specs] == [want for _, want in verdicts]
    kinds = {w.split()[0] for _, w in verdicts if w}  # every kind of fault is met
    assert kinds == {"corner", "two", "the"}
    assert 0.1 < sum(w is not None for _, w in verdicts) / len(verdicts) < 0.5


def test_drawn_clash_judges_what_the_spec_draws():
    """DynaMath's seeds fix their labels before the view is settled: ``drawn_clash`` judges the
    spec's own drawing, as the scalar loops do on that one scene, and is never stricter than
    ``view_clash`` (whose label sets include every measurement and extra)."""
    specs = [s.replace(shown=list(MEASURES[s.kind])[:1 + i % 2],
                       extras=list(EXTRAS[s.kind])[:i % 2])
             for i, s in enumerate(grid())]
    got = [drawn_clash(s) for s in specs]
    assert got == [scalar_scene_clash(scene(s)) for s in specs]
    assert all(view_clash(s) is not None for s, g in zip(specs, got) if g is not None)
    assert 0.02 < sum(g is not None for g in got) / len(got) < \
        sum(view_clash(s) is not None for s in specs) / len(specs)


def test_the_oblique_cube_message_is_exact():
    # a face diagonal's corner on the space diagonal of the 45-degree cabinet cube
    cube = SolidSpec(kind="cube", a=4, projection="oblique", view_angle=45, depth_ratio=0.5)
    assert view_clash(cube) == scalar_clash(cube) == \
        "corner (-1.29, 0.71) lies on the segment (-2.71, -0.71)-(2.71, 4.71)"


def test_shared_arrays_are_read_only_and_public_ones_fresh():
    spec = SolidSpec(kind="prism", base="hexagon", a=3, height=5, projection="orthographic",
                     view_angle=20, elevation=25)
    poly, edges = shared_model(spec)
    P, v = shared_projection(spec)
    for x in (poly.verts, poly.normals, P, v):
        with pytest.raises(ValueError):
            x[0] = 0
    assert shared_model(spec)[0] is poly and len(edges) == 18
    fresh = polyhedron(spec)
    fresh.verts[0] = 0  # the caller's own copy
    assert np.array_equal(polyhedron(spec).verts, poly.verts)
    P2, v2 = projection(spec)
    assert np.array_equal(P2, P) and np.array_equal(v2, v) and P2.flags.writeable
