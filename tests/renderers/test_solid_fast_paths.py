"""The solid model's fast paths give numpy's bytes: ``projection`` (cross products in Python
floats) and ``polyhedron`` (face orientation without per-face arrays) against the plain numpy
formulas written out here, bit for bit, over a grid of views and dimensions; and ``draw_solid``
takes the scene ``drawn_clash`` built only for a spec of equal field values.

    python -m pytest -q tests/renderers/test_solid_fast_paths.py
"""
from __future__ import annotations

import math

import numpy as np

from renderers.solid_geometry.spec import BASES, SolidSpec, base_polygon, polyhedron, projection


def _projection(spec):
    if spec.projection == "oblique" and spec.kind != "sphere":
        al = math.radians(spec.view_angle)
        P = np.array([[1.0, spec.depth_ratio * math.cos(al), 0.0],
                      [0.0, spec.depth_ratio * math.sin(al), 1.0]])
    else:
        az, el = math.radians(spec.view_angle), math.radians(spec.elevation)
        right = np.array([math.cos(az), math.sin(az), 0.0])
        view = np.array([math.sin(az) * math.cos(el), -math.cos(az) * math.cos(el), math.sin(el)])
        P = np.array([right, np.cross(view, right)])
    v = np.cross(P[0], P[1])
    return P, v / np.linalg.norm(v)


def _normals(verts, faces):
    """Newell's normal of each face, turned away from the solid's centre, numpy per face."""
    centre = verts.mean(axis=0)
    out = []
    for f in faces:
        p = verts[f]
        q = np.roll(p, -1, axis=0)
        n = np.array([((p[:, 1] - q[:, 1]) * (p[:, 2] + q[:, 2])).tolist(),
                      ((p[:, 2] - q[:, 2]) * (p[:, 0] + q[:, 0])).tolist(),
                      ((p[:, 0] - q[:, 0]) * (p[:, 1] + q[:, 1])).tolist()])
        nv = np.array([sum(row) for row in n.tolist()])  # summed in order, as Newell's loop
        nv /= np.linalg.norm(nv)
        out.append(-nv if np.dot(nv, p.mean(axis=0) - centre) < 0 else nv)
    return np.array(out)


def test_projection_is_numpys_bit_for_bit():
    rng = np.random.default_rng(5)
    for i in range(3000):
        spec = SolidSpec(kind=("cube", "sphere", "cone")[i % 3],
                         projection=("oblique", "orthographic")[(i // 3) % 2],
                         view_angle=float(rng.uniform(-90, 90) if i % 4 else rng.integers(-90, 91)),
                         elevation=float(rng.uniform(-30, 60)),
                         depth_ratio=float(rng.uniform(0.2, 1.0)))
        (P, v), (P0, v0) = projection(spec), _projection(spec)
        assert P.tobytes() == P0.tobytes() and v.tobytes() == v0.tobytes(), spec


def test_polyhedron_normals_are_numpys_bit_for_bit_and_outward():
    rng = np.random.default_rng(6)
    kinds = [(k, b) for k in ("cube", "cuboid", "pyramid", "prism") for b in BASES.get(k, ("",))]
    for i in range(1200):
        kind, base = kinds[i % len(kinds)]
        spec = SolidSpec(kind=kind, base=base, a=float(rng.uniform(0.5, 20)),
                         b=float(rng.uniform(0.5, 20)), c=float(rng.uniform(0.5, 20)),
                         height=float(rng.uniform(0.5, 20)))
        poly = polyhedron(spec)
        assert len(poly.verts) == len(base_polygon(spec)) * (1 if kind == "pyramid" else 2) + (
            kind == "pyramid")
        assert poly.normals.tobytes() == _normals(poly.verts, poly.faces).tobytes(), spec
        # every vertex lies on the inner side of every face's plane
        for f, n in zip(poly.faces, poly.normals):
            assert ((poly.verts - poly.verts[f[0]]) @ n <= 1e-9 * spec.a * 100).all()


def test_draw_takes_the_checked_scene_only_for_an_equal_spec():
    import renderers
    from renderers.solid_geometry import draw

    spec = SolidSpec(kind="pyramid", base="square", a=6.0, height=5.0,
                     shown=["height", "base_edge"], projection="orthographic", view_angle=25.0,
                     elevation=20.0)
    draw._last_drawn = ((), None)
    built = renderers.render(spec, 224).tobytes()  # nothing checked: the scene is built
    assert draw.drawn_clash(spec) is None
    checked = draw._last_drawn[1]
    assert draw._scene_to_draw(spec) is checked
    assert draw._scene_to_draw(spec.replace(shown=["height", "base_edge"])) is checked
    assert renderers.render(spec, 224).tobytes() == built
    # another view, the same numbers written as ints, a list changed in place: built anew
    assert draw._scene_to_draw(spec.replace(view_angle=-25.0)) is not checked
    assert draw._scene_to_draw(spec.replace(a=6)) is not checked
    spec.shown.append("slant")
    assert draw._scene_to_draw(spec) is not checked
    assert draw._scene_to_draw(spec).mlabels != checked.mlabels
