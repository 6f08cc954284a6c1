"""DynaMath "analytic geometry" seeds on linear maps given by a matrix, second set: which
drawn point is the image of a drawn point, the area of a drawn triangle's image, which kind
of map (rotation, reflection, shear, scaling) a drawn image of a square shows, and which
rotation or reflection matrix maps a drawn triangle onto its drawn image.

Why these: DynaMath has matrices and linear-algebra figures at undergraduate level; besides
reading a matrix off the image of the unit square (linear_maps.py), it applies a given matrix
(or one drawn through the images of (1, 0) and (0, 1)) to what is drawn and names the map.
Entries and coordinates are small integers, so every answer is exact; distractors are the
usual slips (the transpose, the sign, the coordinates swapped). ``check`` uses sympy's Matrix and Polygon on the points the spec draws, and
classifies a map by its matrix read back from the drawing (orthogonal, unipotent, diagonal).

    python -m pytest -q tests/engines/dynamath/test_seeds_r2_ag2.py
"""
from __future__ import annotations

import numpy as np

from engines.dynamath.seed import IRRELEVANT, SeedQuestion, draw_order, register_seed
from engines.dynamath.seeds.analytic_geometry.grid import (COLORS, TOPIC, UNI, apart, coord,
                                                           fpts, sp)
from engines.dynamath.seeds.analytic_geometry.linear_maps import _read_m, mat_text
from engines.dynamath.seeds.analytic_geometry.transformations_more import (LETTERS4,
                                                                           TRI_CLAUSES,
                                                                           _triangle)
from renderers.analytic_geometry.spec import AnalyticSpec, GeoObject, shoelace
from renderers.spec import rng_choice


# ----------------------------------------------------------------------------- matrices


def _mv(m, v) -> list[int]:
    return [int(x) for x in np.array(m) @ np.array(v)]


@register_seed
class MatrixImagePoint(SeedQuestion):
    seed_id = "analytic-matrix-image-point"
    topic, level, answer_type = TOPIC, UNI, "multiple choice"
    kinds = ("numerical value", "geometric transformation", IRRELEVANT)
    clauses = ("Point Z({x}, {y}) is another point of the plane; it is not drawn.",)

    def sample(self, rng):
        while True:
            m = [[int(v) for v in rng.integers(-2, 3, size=2)] for _ in range(2)]
            P = [coord(rng, -2, 2), coord(rng, -2, 2)]
            mt = [[m[0][0], m[1][0]], [m[0][1], m[1][1]]]
            img = _mv(m, P)
            pool = [img, _mv(mt, P), [-img[0], -img[1]], [img[1], img[0]], _mv(m, P[::-1])]
            keep = [pool[0]]
            for q in pool[1:]:
                if q not in keep and len(keep) < 4:
                    keep.append(q)
            pts = [P] + keep
            off_axes = all(0 not in q for q in keep)  # labels clear of the tick labels
            if len(keep) == 4 and np.abs(pts).max() <= 5 and apart(pts, 2) and \
                    m[0][1] != m[1][0] and off_axes:
                order = draw_order(rng)
                return {"m": m, "P": P, "pts": [keep[i] for i in order],
                        "right": order.index(0), "color": rng_choice(rng, COLORS)}

    def question(self, p):
        return (f"The linear map T(v) = Mv has the matrix M = {mat_text(p['m'])} (written row "
                f"by row). Which labelled point is the image T(P) of the point P?")

    def options(self, p):
        return list(LETTERS4)

    def answer(self, p):
        return LETTERS4[p["right"]]

    def check(self, p):
        s = sp()
        objs = self.diagram(p).objects
        P = s.Matrix([int(v) for v in objs[0].pts[0]])
        img = s.Matrix(p["m"]) * P
        hits = [o.pt_names[0] for o in objs[1:] if [int(v) for v in o.pts[0]] == list(img)]
        return hits[0] if len(hits) == 1 else None

    def diagram(self, p):
        return AnalyticSpec(xmin=-7, xmax=7, ymin=-7, ymax=7, objects=[
            GeoObject("point", "", fpts([p["P"]]), ["P"], show_coords=True, color=p["color"])
        ] + [GeoObject("point", "", fpts([q]), [L], show_coords=False)
             for L, q in zip(LETTERS4, p["pts"])])


@register_seed
class MatrixAreaImage(SeedQuestion):
    seed_id = "analytic-matrix-area-image"
    topic, level, answer_type = TOPIC, UNI, "float"
    kinds = ("numerical value", "geometric transformation", IRRELEVANT)
    clauses = TRI_CLAUSES

    def sample(self, rng):
        while True:
            # entries off 0: U and V (M's columns) stay off the axes and their tick labels
            m = [[coord(rng, -3, 3), coord(rng, -3, 3)] for _ in range(2)]
            tri = _triangle(rng, 5)
            if m[0][0] * m[1][1] - m[0][1] * m[1][0] not in (0, 1, -1) and \
                    apart(tri + _columns(m)):
                return {"m": m, "tri": tri, "color": rng_choice(rng, COLORS)}

    def question(self, p):
        # M is drawn, never written: its columns are the points U = T(1, 0) and V = T(0, 1)
        return ("The linear map T(v) = Mv sends (1, 0) to the point U and (0, 1) to the point "
                "V drawn. What is the area of the image of triangle ABC under T?")

    def answer(self, p):
        (a, b), (c, d) = p["m"]
        return float(abs(a * d - b * c) * shoelace(p["tri"]))

    def check(self, p):
        """M from the drawn U and V, the image's vertices by sympy's Matrix, its area by
        sympy's Polygon."""
        s = sp()
        tri, u, v = self.diagram(p).objects
        M = s.Matrix([[u.pts[1][0], v.pts[1][0]], [u.pts[1][1], v.pts[1][1]]]).applyfunc(
            s.nsimplify)
        img = [M * s.Matrix([int(x), int(y)]) for x, y in tri.pts]
        return float(abs(s.Polygon(*[s.Point(v[0], v[1]) for v in img]).area))

    def diagram(self, p):
        return AnalyticSpec(xmin=-6, xmax=6, ymin=-6, ymax=6, objects=[
            GeoObject("triangle", "", fpts(p["tri"]), ["A", "B", "C"], color=p["color"],
                      show_coords=True)] + [
            GeoObject("segment", "", fpts([[0, 0], q]), ["", n], show_coords=True,
                      color="black") for n, q in zip("UV", _columns(p["m"]))])


def _columns(m) -> list[list[int]]:
    """M's columns: the images of (1, 0) and (0, 1)."""
    return [[m[0][0], m[1][0]], [m[0][1], m[1][1]]]


MAP_KINDS = ("a rotation about the origin", "a reflection in a line through the origin",
             "a shear", "a scaling along the coordinate axes")


@register_seed
class LinearMapKind(SeedQuestion):
    seed_id = "analytic-linmap-kind"
    topic, level, answer_type = TOPIC, UNI, "multiple choice"
    kinds = ("geometric transformation", "numerical value")

    def sample(self, rng):
        kind = int(rng.integers(4))
        if kind == 0:
            m = [[0, -1], [1, 0]] if rng.random() < 0.5 else [[0, 1], [-1, 0]]
        elif kind == 1:
            m = [[[1, 0], [0, -1]], [[-1, 0], [0, 1]], [[0, 1], [1, 0]],
                 [[0, -1], [-1, 0]]][int(rng.integers(4))]
        elif kind == 2:
            k = int(rng_choice(rng, (-2, -1, 1, 2)))
            m = [[1, k], [0, 1]] if rng.random() < 0.5 else [[1, 0], [k, 1]]
        else:
            a, b = (int(rng_choice(rng, (1, 2, 3))) for _ in range(2))
            a, b = (a, b) if (a, b) != (1, 1) else (2, 3)
            m = [[a, 0], [0, b]]
        return {"m": m, "kind": kind, "color": rng_choice(rng, COLORS)}

    def question(self, p):
        return ("The linear map T(v) = Mv sends the square with corners O(0, 0), (2, 0), "
                "(2, 2), (0, 2) onto the figure OABC drawn, with A = T(2, 0) and C = T(0, 2). "
                "Which kind of linear map is T?")

    def options(self, p):
        return list(MAP_KINDS)

    def answer(self, p):
        return MAP_KINDS[p["kind"]]

    def check(self, p):
        """Classified from M read off the drawn parallelogram: orthogonal with det 1 or -1,
        both eigenvalues 1, or diagonal."""
        s = sp()
        M = _read_m(self.diagram(p)) / 2
        if M.T * M == s.eye(2):
            return MAP_KINDS[0] if M.det() == 1 else MAP_KINDS[1]
        if M.eigenvals() == {1: 2}:
            return MAP_KINDS[2]
        return MAP_KINDS[3] if M.is_diagonal() else None

    def diagram(self, p):
        (a, b), (c, d) = (np.array(p["m"]) * 2).tolist()
        pts = [[0, 0], [a, c], [a + b, c + d], [b, d]]
        return AnalyticSpec(xmin=-7, xmax=7, ymin=-7, ymax=7, objects=[
            GeoObject("quadrilateral", "", fpts(pts), ["O", "A", "B", "C"], color=p["color"])])


# ----------------------------------------------------------------------------- symmetries

SYMMETRIES = ([[0, -1], [1, 0]], [[0, 1], [-1, 0]], [[-1, 0], [0, -1]], [[1, 0], [0, -1]],
              [[-1, 0], [0, 1]], [[0, 1], [1, 0]], [[0, -1], [-1, 0]])  # turns, then mirrors


@register_seed
class SymmetryMatrix(SeedQuestion):
    seed_id = "analytic-symmetry-matrix"
    topic, level, answer_type = TOPIC, UNI, "multiple choice"
    kinds = ("geometric transformation", "symbolic substitution", IRRELEVANT)
    clauses = TRI_CLAUSES

    def sample(self, rng):
        picks = [int(i) for i in rng.choice(len(SYMMETRIES), size=4, replace=False)]
        while True:  # the map first, so that each one is as likely to be the answer
            tri = _triangle(rng, 5)
            img = [_mv(SYMMETRIES[picks[0]], q) for q in tri]
            lo1, hi1 = np.min(tri, 0), np.max(tri, 0)
            lo2, hi2 = np.min(img, 0), np.max(img, 0)
            disjoint = (hi1 < lo2 - 0.5).any() or (hi2 < lo1 - 0.5).any()
            if disjoint and apart(tri + img, 2):
                return {"tri": tri, "picks": picks, "order": draw_order(rng),
                        "colors": ["blue", "red"] if rng.random() < 0.5 else
                        ["green", "orange"]}

    def question(self, p):
        return ("Triangle A'B'C' is the image of triangle ABC under the linear map v → Mv (A to "
                "A', B to B', C to C'). Which matrix is M (written row by row)?")

    def options(self, p):
        return [mat_text(SYMMETRIES[p["picks"][i]]) for i in p["order"]]

    def answer(self, p):
        return mat_text(SYMMETRIES[p["picks"][0]])

    def check(self, p):
        """M solved by sympy from two drawn vertices (not in line with the origin) and their
        images."""
        s = sp()
        t, i = self.diagram(p).objects
        for a, b in ((0, 1), (0, 2), (1, 2)):
            X = s.Matrix([[int(v) for v in t.pts[a]], [int(v) for v in t.pts[b]]]).T
            if X.det() != 0:
                break
        Y = s.Matrix([[int(v) for v in i.pts[a]], [int(v) for v in i.pts[b]]]).T
        M = Y * X.inv()
        return mat_text([[int(M[0, 0]), int(M[0, 1])], [int(M[1, 0]), int(M[1, 1])]])

    def diagram(self, p):
        a, b = p["colors"]
        img = [_mv(SYMMETRIES[p["picks"][0]], q) for q in p["tri"]]
        return AnalyticSpec(xmin=-6, xmax=6, ymin=-6, ymax=6, objects=[
            GeoObject("triangle", "", fpts(p["tri"]), ["A", "B", "C"], color=a),
            GeoObject("triangle", "", fpts(img), ["A'", "B'", "C'"], color=b)])
