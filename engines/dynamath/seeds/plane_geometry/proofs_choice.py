"""DynaMath "plane geometry" multiple-choice seeds on what a figure proves or draws: the
congruence criterion its marks give, the similarity statement its equal angles give, the
straightedge-and-compass construction its arcs show, the locus of a point under a condition.

The answer is read from the sampled parameters; each ``check`` works from the drawn sketch
alone (which parts carry values, measured angles of every vertex matching, which line the
result is perpendicular to or halves, which fitted curve keeps the condition at every point).

    python -m pytest -q tests/engines/dynamath/test_seeds_r2_pg.py
"""
from __future__ import annotations

import math

from engines.dynamath.seed import ShuffledCandidates, draw_order, register_seed
from engines.dynamath.seeds.plane_geometry.measure import TOPIC
from engines.dynamath.seeds.plane_geometry.sketching import (angle, arc_names, chain, intersect,
                                                              polar, sk_points, turn)
from renderers.sketch.spec import (SkAngle, SketchSpec, SkPoint, SkSegment, angle_deg,
                                   points_of)
from renderers.spec import rng_choice
from renderers.text import half_up

COLORS = ("blue", "green", "purple", "orange")
HS, UNI = "high school", "undergraduate"


def _perm(rng, items, k):
    return [items[int(i)] for i in rng.permutation(len(items))[:k]]


# ----------------------------------------------------------------------------- congruence

CRITERIA = ("SSS", "SAS", "ASA", "AAS", "HL")
CONFLICT = {"ASA": "AAS", "AAS": "ASA"}  # two angles give the third: never both offered


def _apex(kind: str, p: dict) -> tuple[float, float]:
    """The third vertex over the base (0, 0)-(a, 0) from the kind's given parts."""
    a = p["a"]
    if kind == "SSS":
        s0, s1 = p["s"]
        x = (a * a + s0 * s0 - s1 * s1) / (2 * a)
        return (x, math.sqrt(s0 * s0 - x * x))
    if kind == "SAS":
        return polar(p["s"][0], p["g"][0])
    if kind == "HL":
        return (a, math.sqrt(p["s"][0] ** 2 - a * a))
    return intersect((0.0, 0.0), polar(1, p["g"][0]), (a, 0.0), polar(1, 180 - p["g"][1]))


@register_seed
class CongruenceCriterion(ShuffledCandidates):
    seed_id = "plane-congruence-criterion"
    topic, level, answer_type = TOPIC, HS, "multiple choice"
    kinds = ("geometric transformation", "numerical value", "symbolic substitution")

    def sample(self, rng):
        kind = rng_choice(rng, CRITERIA)
        while True:
            a = int(rng.integers(5, 10))
            s = [int(rng.integers(4, 10)), int(rng.integers(4, 10))]
            g = [int(rng.integers(35, 80)), int(rng.integers(35, 80))]
            p = {"kind": kind, "a": a, "s": s, "g": g}
            if kind == "SSS" and not (abs(s[0] - s[1]) < a < s[0] + s[1] and len({a, *s}) == 3):
                continue
            if kind == "HL" and not s[0] - a >= 2 or kind == "SAS" and s[0] == a:
                continue
            x, y = _apex(kind, p)
            if y > 2.5 and -2 < x < a + 2:
                break
        others = [c for c in CRITERIA if c not in (kind, CONFLICT.get(kind))]
        return {**p, "names": _perm(rng, list("ABC"), 3), "wrong": _perm(rng, others, 3),
                "mirror": bool(rng.random() < 0.5), "turn": float(rng.integers(0, 360)),
                "rot": float(rng.integers(-20, 21)), "order": draw_order(rng),
                "color": rng_choice(rng, COLORS)}

    def question(self, p):
        return ("Parts of triangles ABC and DEF marked with the same value are equal, and A, "
                "B, C correspond to D, E, F. Which congruence criterion proves △ABC ≅ △DEF "
                "directly from the marked parts?")

    def candidates(self, p):
        return [p["kind"]] + p["wrong"]

    def diagram(self, p):
        kind, a = p["kind"], p["a"]
        base = [(0.0, 0.0), (float(a), 0.0), _apex(kind, p)]
        n0, n1, n2 = p["names"]  # the names of the base's ends and of the apex
        V = {n0: base[0], n1: base[1], n2: base[2]}
        img = {"A": "D", "B": "E", "C": "F"}
        moved = []
        for q in base:
            q = (q[0], -q[1]) if p["mirror"] else q
            moved.append(turn(q, p["turn"]))
        shift = max(x for x, _ in base) + 3 - min(x for x, _ in moved)
        cy = sum(y for _, y in base) / 3 - sum(y for _, y in moved) / 3
        for n, q in zip((n0, n1, n2), moved):
            V[img[n]] = (q[0] + shift, q[1] + cy)
        segs, angs = [], []
        for tri in ((n0, n1, n2), tuple(img[n] for n in (n0, n1, n2))):
            b0, b1, ap = tri
            segs += [SkSegment(b0, b1), SkSegment(b1, ap), SkSegment(ap, b0)]
            lab = {}  # which parts carry values: base, b0-apex side, b1-apex side; angles
            if kind == "SSS":
                lab = {(b0, b1): a, (b0, ap): p["s"][0], (b1, ap): p["s"][1]}
            elif kind == "SAS":
                lab = {(b0, b1): a, (b0, ap): p["s"][0]}
                angs.append(SkAngle(b1, b0, ap, f"{p['g'][0]}°"))
            elif kind == "HL":
                lab = {(b0, b1): a, (b0, ap): p["s"][0]}
                angs.append(SkAngle(b0, b1, ap, right=True))
            else:
                lab = {(b0, b1): a} if kind == "ASA" else {(b1, ap): half_up(
                    math.dist(base[1], base[2]), 2)}
                angs += [SkAngle(b1, b0, ap, f"{p['g'][0]}°"),
                         SkAngle(b0, b1, ap, f"{p['g'][1]}°")]
            for s in segs[-3:]:
                for (u, v), val in lab.items():
                    if {s.a, s.b} == {u, v}:
                        s.label = f"{val:g}"
        return SketchSpec(points=sk_points(V, p["rot"]), segments=segs, angles=angs,
                          color=p["color"])

    def check(self, p):
        spec = self.diagram(p)
        P = points_of(spec)
        tri = {"A", "B", "C"}
        sides = [frozenset((s.a, s.b)) for s in spec.segments if s.label and s.a in tri]
        angs = [a for a in spec.angles if a.vertex in tri]
        right = [a.vertex for a in angs if a.right]
        valued = [a.vertex for a in angs if not a.right]
        # the image triangle carries the same values on the matching parts
        img = {"A": "D", "B": "E", "C": "F"}
        for s in spec.segments:
            if s.label and s.a in tri:
                twin = [t for t in spec.segments if {t.a, t.b} == {img[s.a], img[s.b]}][0]
                if twin.label != s.label or abs(math.dist(P[s.a], P[s.b])
                                                - math.dist(P[twin.a], P[twin.b])) > 1e-6:
                    return None
        if len(sides) == 3:
            return "SSS"
        if right and len(sides) == 2:
            opposite = frozenset(tri - {right[0]})
            return "HL" if opposite in sides else None
        if len(sides) == 2 and len(valued) == 1:
            return "SAS" if all(valued[0] in s for s in sides) else None
        if len(sides) == 1 and len(valued) == 2:
            return "ASA" if sides[0] == frozenset(valued) else "AAS"
        return None


# ----------------------------------------------------------------------------- similarity


@register_seed
class SimilarStatement(ShuffledCandidates):
    seed_id = "plane-similar-statement"
    topic, level, answer_type = TOPIC, HS, "multiple choice"
    kinds = ("geometric transformation", "symbolic substitution", "irrelevant clause")
    clauses = ("The figure is one of {n} on the same worksheet.",
               "The triangle is cut from one of {n} sheets of card in a pack.")

    def sample(self, rng):
        while True:
            B, C = int(rng.integers(40, 80)), int(rng.integers(40, 80))
            A = 180 - B - C  # a scalene triangle: only one statement matches the angles
            if abs(B - C) >= 12 and A >= 35 and min(abs(A - B), abs(A - C)) >= 8:
                break
        anti = bool(rng.random() < 0.5)
        right = "ACB" if anti else "ABC"
        others = [x for x in ("ABC", "ACB", "BAC", "BCA", "CAB", "CBA") if x != right]
        wrong = ["ABC" if anti else "ACB"] + _perm(rng, [x for x in others if x not in
                                                          ("ABC", "ACB")], 2)
        return {"B": B, "C": C, "anti": anti, "t": half_up(float(rng.uniform(0.4, 0.6)), 3),
                "wrong": wrong, "order": draw_order(rng), "rot": float(rng.integers(-15, 16)),
                "color": rng_choice(rng, COLORS)}

    def question(self, p):
        return ("D lies on AB and E on AC; the angles marked with the same value are equal. "
                "Which similarity statement is true?")

    def candidates(self, p):
        return [f"△ADE ~ △{'ACB' if p['anti'] else 'ABC'}"] + [f"△ADE ~ △{w}"
                                                                for w in p["wrong"]]

    def _coords(self, p):
        B, C = (0.0, 0.0), (8.0, 0.0)
        A = intersect(B, polar(1, p["B"]), C, polar(1, 180 - p["C"]))
        ab, ac = math.dist(A, B), math.dist(A, C)
        # parallel: AD / AB = AE / AC; antiparallel: AD / AC = AE / AB (D, E kept on the sides)
        t = min(p["t"], 0.85 * ab / ac, 0.85 * ac / ab) if p["anti"] else p["t"]
        ad, ae = (t * ac, t * ab) if p["anti"] else (t * ab, t * ac)
        D = (A[0] + (B[0] - A[0]) * ad / ab, A[1] + (B[1] - A[1]) * ad / ab)
        E = (A[0] + (C[0] - A[0]) * ae / ac, A[1] + (C[1] - A[1]) * ae / ac)
        return {"A": A, "B": B, "C": C, "D": D, "E": E}

    def diagram(self, p):
        V = self._coords(p)
        val = f"{p['C'] if p['anti'] else p['B']}°"
        angs = [SkAngle("A", "D", "E", val),
                SkAngle("A", "C", "B", val) if p["anti"] else SkAngle("A", "B", "C", val)]
        segs = [SkSegment("A", "D"), SkSegment("D", "B"), SkSegment("B", "C"),
                SkSegment("C", "E"), SkSegment("E", "A"), SkSegment("D", "E")]
        return SketchSpec(points=sk_points(V, p["rot"]), segments=segs, angles=angs,
                          color=p["color"])

    def check(self, p):
        spec = self.diagram(p)
        def at(tri, i):  # the angle of triangle tri at its i-th vertex
            return angle(spec, tri[i - 1], tri[i], tri[(i + 1) % 3])

        good = [opt for opt in self.options(p)
                if all(abs(at("ADE", i) - at(opt.split("△")[2], i)) < 1e-5 for i in range(3))]
        return good[0] if len(good) == 1 else None


# ----------------------------------------------------------------------------- construction

CONSTRUCTIONS = ("the perpendicular bisector of segment AB", "the bisector of angle AOB",
                 "the perpendicular to line AB at its point P",
                 "the perpendicular from P to line AB")


def _arc(prefix: str, c, r: float, through, half: float = 16.0) -> dict:
    t = math.degrees(math.atan2(through[1] - c[1], through[0] - c[0]))
    return arc_names(prefix, c, r, t - half, t + half, step=4.0)


@register_seed
class WhichConstruction(ShuffledCandidates):
    seed_id = "plane-which-construction"
    topic, level, answer_type = TOPIC, HS, "multiple choice"
    kinds = ("geometric transformation", "numerical value")

    def sample(self, rng):
        kind = int(rng.integers(4))
        off = float(rng.uniform(0.9, 1.6)) * (1 if rng.random() < 0.5 else -1)
        return {"kind": kind, "d": half_up(float(rng.uniform(5.0, 7.0)), 2),
                "u": half_up(float(rng.uniform(0.65, 0.85)), 3),
                "open": int(rng.integers(45, 110)), "off": half_up(off, 3),
                "h": half_up(float(rng.uniform(2.5, 3.5)), 3), "order": draw_order(rng),
                "rot": float(rng.integers(0, 360)), "color": rng_choice(rng, COLORS)}

    def question(self, p):
        return ("The dashed arcs are the compass arcs of a straightedge-and-compass "
                "construction; the solid line through X is its result. What does the "
                "construction draw?")

    def candidates(self, p):
        k = p["kind"]
        return [CONSTRUCTIONS[k]] + [c for i, c in enumerate(CONSTRUCTIONS) if i != k]

    def diagram(self, p):
        k, d, u = p["kind"], p["d"], p["u"]
        V, arcs, segs, hidden = {}, [], [], []
        if k == 0:
            A, B = (0.0, 0.0), (d, 0.0)
            r = u * d
            h = math.sqrt(r * r - d * d / 4)
            I1, I2 = (d / 2, h), (d / 2, -h)
            V.update(A=A, B=B, X=(d / 2, h + 1.2), Y=(d / 2, -h - 1.2))
            for c, n in ((A, "a"), (B, "b")):
                arcs += [_arc(n + "p", c, r, I1), _arc(n + "q", c, r, I2)]
            segs.append(SkSegment("A", "B"))
        elif k == 1:
            O, r1 = (0.0, 0.0), 2.2
            A, B = polar(6.0, 0), polar(6.0, p["open"])
            M, N = polar(r1, 0), polar(r1, p["open"])
            r2 = 1.4 * math.dist(M, N) / 2 + 0.8
            mid = polar(r1 * math.cos(math.radians(p["open"] / 2)), p["open"] / 2)
            R = polar(math.dist(O, mid) + math.sqrt(r2 * r2 - (math.dist(M, N) / 2) ** 2),
                      p["open"] / 2)
            V.update(O=O, A=A, B=B, X=polar(7.0, p["open"] / 2))
            arcs += [arc_names("o", O, r1, -8, p["open"] + 8, step=4.0),
                     _arc("m", M, r2, R), _arc("n", N, r2, R)]
            segs += [SkSegment("O", "A"), SkSegment("O", "B"), SkSegment("O", "X")]
        else:
            A, B = (0.0, 0.0), (8.0, 0.0)
            x0 = 4.0 + p["off"]
            P = (x0, 0.0) if k == 2 else (x0, p["h"])
            r1 = 1.8 if k == 2 else p["h"] + 0.9
            w = r1 if k == 2 else math.sqrt(r1 * r1 - p["h"] ** 2)
            M, N = (x0 - w, 0.0), (x0 + w, 0.0)
            r2 = 1.3 * w + 0.6
            R = (x0, math.sqrt(r2 * r2 - w * w) * (1 if k == 2 else -1))
            V.update(A=A, B=B, P=P, X=(x0, R[1] + (1.0 if k == 2 else -1.0)))
            arcs += [_arc("m", P, r1, M), _arc("n", P, r1, N), _arc("s", M, r2, R),
                     _arc("t", N, r2, R)]
            segs += [SkSegment("A", "B", extend=0.6), SkSegment("P", "X")]
        if k == 0:
            segs.append(SkSegment("Y", "X"))
        for a in arcs:
            V.update(a)
            hidden += list(a)
            segs += chain(list(a), dash=True)
        return SketchSpec(points=sk_points(V, p["rot"], hidden=tuple(hidden) + ("Y",)),
                          segments=segs, color=p["color"])

    def check(self, p):
        P = points_of(self.diagram(p))
        X = P["X"]
        Y = P.get("Y") or P.get("P") or P.get("O")

        def perp(a, b):
            return abs((b[0] - a[0]) * (X[0] - Y[0]) + (b[1] - a[1]) * (X[1] - Y[1])) < 1e-6

        def on(q, a, b):  # q on line ab
            return abs((b[0] - a[0]) * (q[1] - a[1]) - (b[1] - a[1]) * (q[0] - a[0])) < 1e-6

        ok = []
        A, B = P["A"], P["B"]
        if "O" not in P and perp(A, B) and on(((A[0] + B[0]) / 2, (A[1] + B[1]) / 2), X, Y):
            ok.append(CONSTRUCTIONS[0])
        if "O" in P and abs(angle_deg(A, P["O"], X) - angle_deg(X, P["O"], B)) < 1e-6:
            ok.append(CONSTRUCTIONS[1])
        if "P" in P and perp(A, B) and on(P["P"], X, Y):
            ok.append(CONSTRUCTIONS[2] if on(P["P"], A, B) else CONSTRUCTIONS[3])
        return ok[0] if len(ok) == 1 else None


# ----------------------------------------------------------------------------- locus

LOCI = ("the perpendicular bisector of AB", "the circle with diameter AB",
        "an ellipse with foci A and B", "a hyperbola with foci A and B",
        "two lines parallel to AB")
# written in the figure only, so the answer needs the image
CONDITIONS = ("PA = PB", "∠APB = 90°", "PA + PB = {k}", "|PA − PB| = {k}", "d(P, AB) = {k}")


@register_seed
class Locus(ShuffledCandidates):
    seed_id = "plane-locus"
    topic, level, answer_type = TOPIC, UNI, "multiple choice"
    kinds = ("geometric transformation", "symbolic substitution", "irrelevant clause")
    clauses = ("The worksheet with this figure has {n} questions.",
               "The segment AB is drawn on a board in room {m}.")

    def sample(self, rng):
        kind = int(rng.integers(5))
        d = int(rng.integers(4, 9))
        k = {2: d + int(rng.integers(2, 5)), 3: int(rng.integers(1, d)),
             4: int(rng.integers(2, 4))}.get(kind, 0)
        others = [c for i, c in enumerate(LOCI) if i != kind]
        return {"kind": kind, "d": d, "k": k, "t": half_up(float(rng.uniform(0.6, 1.2)), 3),
                "side": 1 if rng.random() < 0.5 else -1, "wrong": _perm(rng, others, 3),
                "order": draw_order(rng), "rot": float(rng.integers(-30, 31)),
                "color": rng_choice(rng, COLORS)}

    def question(self, p):
        return ("A and B are fixed. Point P moves so that the condition written in the figure "
                "keeps holding (d(P, AB) is the distance from P to line AB); one position of P "
                "is drawn. What is the locus of P?")

    def candidates(self, p):
        return [LOCI[p["kind"]]] + p["wrong"]

    def _p(self, p):
        kind, c, k, t, s = p["kind"], p["d"] / 2, p["k"], p["t"], p["side"]
        if kind == 0:
            return (0.0, s * (1.5 + 1.5 * t))
        if kind == 1:
            return polar(c, s * (40 + 60 * t))
        if kind == 2:
            a = k / 2
            return (a * math.cos(t), s * math.sqrt(a * a - c * c) * math.sin(t))
        if kind == 3:
            a = k / 2
            return (a * math.cosh(t), s * math.sqrt(c * c - a * a) * math.sinh(t))
        return (c * (t - 0.9) * 2, s * k)

    def diagram(self, p):
        c = p["d"] / 2
        V = {"A": (-c, 0.0), "B": (c, 0.0), "P": self._p(p)}
        segs = [SkSegment("A", "B", str(p["d"])), SkSegment("P", "A", dash=True),
                SkSegment("P", "B", dash=True)]
        angs = []
        if p["kind"] == 1:
            angs.append(SkAngle("A", "P", "B", right=True))
        if p["kind"] == 4:
            V["H"] = (V["P"][0], 0.0)
            segs = [SkSegment("A", "B", extend=1.5),
                    SkSegment("P", "H", str(p["k"]), dash=True)]
            angs.append(SkAngle("P", "H", "B" if V["P"][0] < c else "A", right=True))
        pts = sk_points(V, p["rot"], nodot=("H",) if "H" in V else ())
        top = max(q.y for q in pts) + 1.2
        pts.append(SkPoint(CONDITIONS[p["kind"]].format(k=p["k"]),
                           sum(q.x for q in pts) / len(pts), top, dot=False))
        return SketchSpec(points=pts, segments=segs, angles=angs, color=p["color"])

    def check(self, p):
        P = points_of(self.diagram(p))
        A, B, Q = P["A"], P["B"], P["P"]
        M = ((A[0] + B[0]) / 2, (A[1] + B[1]) / 2)
        c = math.dist(A, B) / 2
        u = ((B[0] - A[0]) / (2 * c), (B[1] - A[1]) / (2 * c))
        n = (-u[1], u[0])

        def at(x, y):
            return (M[0] + x * u[0] + y * n[0], M[1] + x * u[1] + y * n[1])

        # the condition as the figure writes it: which relation, and its value
        text = [q.name for q in self.diagram(p).points if "P" in q.name and "=" in q.name][0]
        kind = [i for i, c in enumerate(CONDITIONS) if c.split("=")[0] == text.split("=")[0]][0]
        k = float(text.split("= ")[1]) if kind >= 2 else 0.0
        cond = [lambda X: math.dist(X, A) - math.dist(X, B),
                lambda X: (A[0] - X[0]) * (B[0] - X[0]) + (A[1] - X[1]) * (B[1] - X[1]),
                lambda X: math.dist(X, A) + math.dist(X, B) - k,
                lambda X: abs(math.dist(X, A) - math.dist(X, B)) - k,
                lambda X: abs((X[0] - M[0]) * n[0] + (X[1] - M[1]) * n[1]) - k][kind]
        # each candidate curve fitted through the drawn P (where its family has a size)
        e2 = math.dist(Q, A) + math.dist(Q, B)
        h2 = abs(math.dist(Q, A) - math.dist(Q, B))
        dist = abs((Q[0] - M[0]) * n[0] + (Q[1] - M[1]) * n[1])
        ts = (-1.1, -0.4, 0.3, 0.9, 1.7)
        curves = {LOCI[0]: [at(0, 2 * t) for t in ts],
                  LOCI[1]: [at(c * math.cos(t), c * math.sin(t)) for t in ts],
                  LOCI[2]: [at(e2 / 2 * math.cos(t), math.sqrt(max(e2 * e2 / 4 - c * c, 0))
                               * math.sin(t)) for t in ts],
                  LOCI[3]: [at(h2 / 2 * math.cosh(t), math.sqrt(max(c * c - h2 * h2 / 4, 0))
                               * math.sinh(t)) for t in ts] if h2 > 1e-6 else [],
                  LOCI[4]: [at(2 * t, dist * (1 if i % 2 else -1)) for i, t in enumerate(ts)]}
        good = [name for name, pts in curves.items()
                if pts and all(abs(cond(X)) < 1e-6 for X in pts + [Q])]
        return good[0] if len(good) == 1 else None
