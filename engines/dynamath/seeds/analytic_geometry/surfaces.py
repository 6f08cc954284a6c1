"""DynaMath "analytic geometry" seeds on 3-D surface plots z = f(x, y): which function is
drawn, above which point of the floor the maximum is, how many peaks the surface has, and which
marked point of the surface is highest.

Why these: DynaMath reads 3-D surface plots (multivariable calculus, undergraduate), and a
surface is read only through its shape against the axes box, the unit grid on the surface and
the z ticks. Shapes differ in kind (bowl, dome, saddle along x or along y, plane, wave,
hill), peaks stand at integer points at least 2.5 apart, the highest 1.5 above the next, and
marked points differ in height by at least 1 z unit, so no answer is a tie. ``check`` works on
the drawn spec: each candidate formula evaluated with sympy on a mesh against the spec's f,
the argmax of f on a fine mesh, strict local maxima counted on a mesh, f at the marked points.

    python -m pytest -q tests/engines/dynamath/test_seeds_analytic_surfaces.py
"""
from __future__ import annotations

import math

import numpy as np

from engines.dynamath.seed import (IRRELEVANT, SeedQuestion, ShuffledCandidates, draw_order,
                                   register_seed)
from engines.dynamath.seeds.analytic_geometry.grid import COLORS, TOPIC, UNI, sp
from renderers.spec import rng_choice
from renderers.surface3d.spec import Peak, SurfacePoint, SurfaceSpec, count_peaks, mesh, values

AZIMS = (-60.0, -50.0, -120.0, -130.0, 30.0, 40.0)
# the shapes a "which function" question chooses from: formula, then the spec's terms
SHAPES = {
    "z = x² + y²": {"quad": [1.0, 1.0]},
    "z = -x² - y²": {"quad": [-1.0, -1.0]},
    "z = x² - y²": {"quad": [1.0, -1.0]},
    "z = y² - x²": {"quad": [-1.0, 1.0]},
    "z = x + y": {"plane": [1.0, 1.0]},
    "z = x - y": {"plane": [1.0, -1.0]},
    "z = 3sin(x)cos(y)": {"wave": 3.0},
    "z = 4exp(-(x² + y²)/2)": {"peaks": [[0.0, 0.0, 4.0, 1.0]]},
}


def _spec(p: dict, **terms) -> SurfaceSpec:
    peaks = [Peak(*map(float, k)) for k in terms.pop("peaks", [])]
    pts = [SurfacePoint(n, float(x), float(y), on_floor=False) for n, (x, y) in
           terms.pop("points", [])]
    return SurfaceSpec(peaks=peaks, points=pts, azim=float(p["azim"]), color=p["color"],
                       **{k: [float(v) for v in val] if isinstance(val, list) else float(val)
                          for k, val in terms.items()})


@register_seed
class SurfaceWhichFunction(ShuffledCandidates):
    seed_id = "analytic-surface-which-function"
    topic, level, answer_type = TOPIC, UNI, "multiple choice"
    kinds = ("function type", "geometric transformation")

    def sample(self, rng):
        names = list(SHAPES)
        pick = [names[int(i)] for i in rng.choice(len(names), size=4, replace=False)]
        return {"shape": pick[0], "order": draw_order(rng),
                "others": pick[1:], "azim": float(rng_choice(rng, AZIMS)),
                "color": rng_choice(rng, COLORS)}

    def question(self, p):
        return "The surface z = f(x, y) is drawn over the square -3 ≤ x, y ≤ 3. Which function is f?"

    def candidates(self, p):
        return [p["shape"], *p["others"]]

    def check(self, p):
        """Each option's formula, parsed by sympy, against the drawn spec's f on a mesh."""
        s = sp()
        from sympy.parsing.sympy_parser import (implicit_multiplication_application,
                                                parse_expr, standard_transformations)
        tr = standard_transformations + (implicit_multiplication_application,)
        x, y = s.symbols("x y")
        spec = self.diagram(p)
        xs, ys, z = mesh(spec, 13)
        hits = []
        for o in self.options(p):
            f = s.lambdify((x, y), parse_expr(o.split("= ", 1)[1].replace("²", "**2"),
                                              transformations=tr), "numpy")
            if np.allclose(np.broadcast_to(f(xs, ys), z.shape), z, atol=1e-9):
                hits.append(o)
        return hits[0] if len(hits) == 1 else None

    def diagram(self, p):
        terms = {k: (list(v) if isinstance(v, list) else v) for k, v in SHAPES[p["shape"]].items()}
        return _spec(p, **terms)


def _peaks(rng, n: int, gap: float = 0.0):
    """n hills at integer points 2.5 or more apart, the highest `gap` or more above the next."""
    while True:
        pos = [[int(rng.integers(-2, 3)), int(rng.integers(-2, 3))] for _ in range(n)]
        hs = sorted((int(rng.integers(3, 8)) for _ in range(n)), reverse=True)
        far = all(math.dist(a, b) >= 2.5 for i, a in enumerate(pos) for b in pos[i + 1:])
        if far and (n == 1 or hs[0] - hs[1] >= gap):
            return [[x, y, h, 0.8] for (x, y), h in zip(pos, hs)]


def _pt(q) -> str:
    return f"({q[0]}, {q[1]})"


@register_seed
class SurfaceMaxLocation(ShuffledCandidates):
    seed_id = "analytic-surface-max"
    topic, level, answer_type = TOPIC, UNI, "multiple choice"
    kinds = ("numerical value", "geometric transformation", IRRELEVANT)
    clauses = ("The surface was drawn with a step of 0.25 in x and in y.",
               "The same function was also plotted for -{n} ≤ x, y ≤ {n} in another figure.")

    def sample(self, rng):
        while True:
            peaks = _peaks(rng, 2, gap=1.5)
            (x0, y0), (x1, y1) = peaks[0][:2], peaks[1][:2]
            cands = list(dict.fromkeys([(x0, y0), (x1, y1), (y0, x0), (-x0, y0), (x0, -y0),
                                        (-x0, -y0)]))
            if len(cands) >= 4:
                return {"peaks": peaks, "cands": [list(c) for c in cands[:4]],
                        "order": draw_order(rng),
                        "azim": float(rng_choice(rng, AZIMS)), "color": rng_choice(rng, COLORS)}

    def question(self, p):
        return ("The surface z = f(x, y) is drawn over the square -3 ≤ x, y ≤ 3. At which point "
                "(x, y) of the square is f largest?")

    def candidates(self, p):  # the first is the highest peak's position
        return [_pt(c) for c in p["cands"]]

    def check(self, p):
        xs, ys, z = mesh(self.diagram(p), 121)
        i = np.unravel_index(int(np.argmax(z)), z.shape)
        return _pt([int(round(float(xs[i]))), int(round(float(ys[i])))])

    def diagram(self, p):
        return _spec(p, peaks=p["peaks"])


@register_seed
class SurfacePeakCount(SeedQuestion):
    seed_id = "analytic-surface-peaks"
    topic, level, answer_type = TOPIC, UNI, "multiple choice"
    kinds = ("numerical value", "function type", IRRELEVANT)
    clauses = ("The surface was drawn with a step of 0.25 in x and in y.",)
    ANS = ("1", "2", "3", "4")

    def sample(self, rng):
        n = int(rng.integers(1, 5))
        while True:
            peaks = _peaks(rng, n)
            # a pit 2 or more from the border (it dents the border less than 0.2): one beside
            # the border dents it, and the corner between two dents stands up as a spike, a
            # peak to the eye
            pits = [[int(rng.integers(-1, 2)), int(rng.integers(-1, 2)), -int(rng.integers(2, 5)),
                     0.8] for _ in range(int(rng.integers(0, 2)))]
            p = {"peaks": peaks + pits, "n": n, "azim": float(rng_choice(rng, AZIMS)),
                 "color": rng_choice(rng, COLORS)}
            # the drawn surface has exactly n maxima (a pit cannot merge or split a hill)
            if count_peaks(mesh(self.diagram(p), 61)[2]) == n:
                return p

    def question(self, p):
        return ("The surface z = f(x, y) is drawn over the square -3 ≤ x, y ≤ 3. How many local "
                "maxima (peaks) does f have inside the square?")

    def options(self, p):
        return list(self.ANS)

    def answer(self, p):
        return str(p["n"])

    def check(self, p):
        return str(count_peaks(mesh(self.diagram(p), 121)[2]))

    def diagram(self, p):
        return _spec(p, peaks=p["peaks"])


@register_seed
class SurfaceHighestPoint(SeedQuestion):
    seed_id = "analytic-surface-highest-point"
    topic, level, answer_type = TOPIC, UNI, "multiple choice"
    kinds = ("numerical value", "geometric transformation", IRRELEVANT)
    clauses = ("A fifth point E, not drawn, also lies on the surface.",)
    NAMES = ("A", "B", "C", "D")

    def sample(self, rng):
        while True:
            a, b = (float(v) for v in rng_choice(rng, ((0.4, 0.2), (0.2, 0.4), (-0.4, -0.2),
                                                       (0.3, -0.3), (-0.3, 0.3))))
            plane = [float(rng_choice(rng, (-0.5, 0.0, 0.5))) for _ in range(2)]
            pts = [[int(rng.integers(-3, 4)), int(rng.integers(-3, 4))] for _ in range(4)]
            p = {"quad": [a, b], "plane": plane, "pts": pts, "azim": float(rng_choice(rng, AZIMS)),
                 "color": rng_choice(rng, COLORS)}
            spec = self.diagram(p)
            zs = sorted(float(values(spec, *q)) for q in pts)
            if all(math.dist(u, v) >= 2.5 for i, u in enumerate(pts) for v in pts[i + 1:]) and \
                    zs[3] - zs[2] >= 1.0 and min(zs[2] - zs[1], zs[1] - zs[0]) >= 0.5:
                return p

    def question(self, p):
        return ("The points A, B, C and D lie on the surface z = f(x, y); a dashed line drops "
                "from each to the floor. Which of the points A, B, C and D is highest (largest "
                "z)?")

    def options(self, p):
        return list(self.NAMES)

    def answer(self, p):
        (a, b), (c, d) = p["quad"], p["plane"]
        z = [a * x * x + b * y * y + c * x + d * y for x, y in p["pts"]]
        return self.NAMES[int(np.argmax(z))]

    def check(self, p):
        from renderers.surface3d.spec import spec_facts
        return spec_facts(self.diagram(p))["highest"]

    def diagram(self, p):
        return _spec(p, quad=p["quad"], plane=p["plane"],
                     points=list(zip(self.NAMES, p["pts"])))
