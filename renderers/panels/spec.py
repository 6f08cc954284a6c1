"""Coordinate panels (family "panels"): one or more small labelled coordinate planes, each
drawing curves, shaded regions, points and vectors given by their equations.

Why: DynaMath's analytic geometry asks "which graph shows y = ...?" over four labelled plots
and reads shaded inequality regions, vectors, polar and parametric curves off a grid; the
analytic_geometry family draws one plane of points, lines and conics and fills nothing. A spec
here holds ``panels`` (1, 2, 3, 4 or 6; the letter of each is written above it) and each
panel's ``items``; every curve is given by its kind and parameters, so ``facts`` computes the
ground truth from the equations, never from pixels:

    graph       fn "poly": params = ascending coefficients      y = c0 + c1 x + c2 x² + ...
                fn "exp":  params = [a, b, d]                    y = a·b^x + d
                fn "log":  params = [a, b, c, d]                 y = a·log_b(x - c) + d
    line        params = [a, b, c]                               a x + b y = c
    circle      params = [h, k, r]                               (x - h)² + (y - k)² = r²
    ellipse     params = [h, k, a, b]                            (x - h)²/a² + (y - k)²/b² = 1
    hyperbola   params = [h, k, a, b], fn "x"                    (x - h)²/a² - (y - k)²/b² = 1
                                   fn "y"                    (y - k)²/b² - (x - h)²/a² = 1
    polar       fn "cos" / "sin": params = [c0, c1, k]           r = c0 + c1·cos(kθ) (sin)
                t = [θ0, θ1] (default [0, 2π])
    parametric  fn "lissajous": params = [A, p, B, q, phi]       x = A cos(p t + phi),
                t = [t0, t1] (default [0, 2π])                   y = B sin(q t)
    region      constraints (all must hold), filled in the item's colour; each boundary
                drawn solid where it belongs to the region (<=, >=), dashed where not
    point       pts = [[x, y]], name, show_coords ("P(2, 3)")
    vector      pts = [tail, head], an arrow named ``name``
    segment, polygon  pts

A ``Constraint`` is "line" a x + b y OP c (params [a, b, c]), "parabola" y OP a x² + b x + c
(params [a, b, c]) or "circle" (x - h)² + (y - k)² OP r² (params [h, k, r]).

    python -c "import numpy as np, renderers; f = renderers.get_family('panels'); \
s = f.sample_spec(np.random.default_rng(0)); f.render(s, 336).save('/tmp/p.png'); \
print(f.facts(s))"
"""
from __future__ import annotations

from dataclasses import dataclass, field
import math
from typing import ClassVar

import numpy as np

from renderers.spec import Spec
from renderers.text import r2

ITEM_KINDS = ("graph", "line", "circle", "ellipse", "hyperbola", "polar", "parametric",
              "region", "point", "vector", "segment", "polygon")
GRAPH_FNS = {"poly": None, "exp": 3, "log": 4}  # fn -> number of params (None: any >= 1)
N_PARAMS = {"line": 3, "circle": 3, "ellipse": 4, "hyperbola": 4, "polar": 3,
            "parametric": 5}
FNS = {"graph": tuple(GRAPH_FNS), "hyperbola": ("x", "y"), "polar": ("cos", "sin"),
       "parametric": ("lissajous",)}
N_PTS = {"point": 1, "vector": 2, "segment": 2}
CONSTRAINT_KINDS = ("line", "parabola", "circle")
OPS = ("<=", "<", ">=", ">")
PANEL_COUNTS = (1, 2, 3, 4, 6)
TWO_PI = 2 * math.pi


@dataclass
class Constraint:
    kind: str
    params: list[float]
    op: str = "<="

    def value(self, x, y):
        """The constraint's left side minus its right side at (x, y) (arrays welcome)."""
        if self.kind == "line":
            a, b, c = self.params
            return a * x + b * y - c
        if self.kind == "parabola":
            a, b, c = self.params
            return y - (a * x * x + b * x + c)
        h, k, r = self.params
        return (x - h) ** 2 + (y - k) ** 2 - r * r

    def holds(self, x, y):
        """Whether (x, y) satisfies it (arrays welcome)."""
        v = self.value(x, y)
        return {"<=": v <= 0, "<": v < 0, ">=": v >= 0, ">": v > 0}[self.op]

    @property
    def included(self) -> bool:
        """Whether the boundary belongs to the set (drawn solid)."""
        return self.op in ("<=", ">=")


@dataclass
class Item:
    kind: str
    fn: str = ""
    params: list[float] = field(default_factory=list)
    t: list[float] = field(default_factory=list)  # parameter / domain range, [] = default
    pts: list[list[float]] = field(default_factory=list)
    constraints: list[Constraint] = field(default_factory=list)
    name: str = ""  # label written next to the item ("" = none)
    color: str = "blue"
    dash: bool = False
    show_coords: bool = False


@dataclass
class Panel:
    label: str = ""  # written above the panel ("A"); "" for none
    xmin: int = -5
    xmax: int = 5
    ymin: int = -5
    ymax: int = 5
    items: list[Item] = field(default_factory=list)
    step: float = 1.0  # grid and tick step
    tick_labels: bool = True


@dataclass
class PanelsSpec(Spec):
    family: ClassVar[str] = "panels"

    panels: list[Panel] = field(default_factory=list)
    title: str = ""


def validate(spec: PanelsSpec) -> None:
    if len(spec.panels) not in PANEL_COUNTS:
        raise ValueError(f"panels: {len(spec.panels)} panels; valid counts: "
                         f"{', '.join(map(str, PANEL_COUNTS))}")
    for i, p in enumerate(spec.panels):
        if not (p.xmax > p.xmin and p.ymax > p.ymin):
            raise ValueError(f"panels[{i}]: empty range x {p.xmin}..{p.xmax}, "
                             f"y {p.ymin}..{p.ymax}")
        for j, it in enumerate(p.items):
            where = f"panels[{i}].items[{j}]"
            if it.kind not in ITEM_KINDS:
                raise ValueError(f"{where}: kind {it.kind!r}; valid: {', '.join(ITEM_KINDS)}")
            if it.kind in FNS and it.fn not in FNS[it.kind]:
                raise ValueError(f"{where}: fn {it.fn!r} for a {it.kind}; valid: "
                                 f"{', '.join(FNS[it.kind])}")
            want = GRAPH_FNS.get(it.fn) if it.kind == "graph" else N_PARAMS.get(it.kind)
            if (want is not None and len(it.params) != want) or (it.kind == "graph" and
                                                                 not it.params):
                raise ValueError(f"{where}: {it.kind} {it.fn} takes {want or '>= 1'} params, "
                                 f"got {len(it.params)}")
            if it.kind in N_PTS and len(it.pts) != N_PTS[it.kind]:
                raise ValueError(f"{where}: a {it.kind} takes {N_PTS[it.kind]} point(s), "
                                 f"got {len(it.pts)}")
            if it.kind == "polygon" and len(it.pts) < 3:
                raise ValueError(f"{where}: a polygon takes >= 3 points, got {len(it.pts)}")
            if it.kind == "region" and not it.constraints:
                raise ValueError(f"{where}: a region needs at least one constraint")
            for c in it.constraints:
                if c.kind not in CONSTRAINT_KINDS or c.op not in OPS or len(c.params) != 3:
                    raise ValueError(f"{where}: constraint {c.kind} {c.op} with "
                                     f"{len(c.params)} params; valid kinds "
                                     f"{', '.join(CONSTRAINT_KINDS)}, ops {' '.join(OPS)}, "
                                     f"3 params")


# ----------------------------------------------------------------------------- curves


def graph_y(it: Item, x):
    """y of a graph item at x (nan outside a logarithm's domain)."""
    x = np.asarray(x, dtype=float)
    if it.fn == "poly":
        return np.polynomial.polynomial.polyval(x, it.params)
    if it.fn == "exp":
        a, b, d = it.params
        return a * np.power(b, x) + d
    a, b, c, d = it.params
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.where(x > c, a * np.log(np.abs(x - c) + (x <= c)) / math.log(b) + d, np.nan)


def curve_points(it: Item, panel: Panel, n: int = 721) -> np.ndarray:
    """Points (n x 2, math units) along a curve item; nan rows break it (a hyperbola's two
    branches, a logarithm's domain)."""
    if it.kind == "graph":
        lo, hi = (it.t or [panel.xmin, panel.xmax])
        if it.fn == "log":
            lo = max(lo, it.params[2] + 1e-4)
        # denser near a logarithm's asymptote, where it turns steeply
        s = np.linspace(0, 1, n)
        x = lo + (hi - lo) * (s ** 3 if it.fn == "log" else s)
        return np.column_stack([x, graph_y(it, x)])
    if it.kind == "line":
        a, b, c = it.params
        far = 4 * (panel.xmax - panel.xmin + panel.ymax - panel.ymin)
        n0 = math.hypot(a, b)
        px, py = a * c / n0 ** 2, b * c / n0 ** 2  # the foot from the origin
        dx, dy = -b / n0, a / n0
        return np.array([[px - far * dx, py - far * dy], [px + far * dx, py + far * dy]])
    if it.kind in ("circle", "ellipse"):
        h, k, a = it.params[:3]
        b = it.params[3] if it.kind == "ellipse" else a
        s = np.linspace(0, TWO_PI, n)
        return np.column_stack([h + a * np.cos(s), k + b * np.sin(s)])
    if it.kind == "hyperbola":
        h, k, a, b = it.params
        s = np.linspace(-4, 4, n // 2)
        u, v = np.cosh(s), np.sinh(s)
        br = []
        for sg in (1, -1):
            pu, pv = sg * a * u, b * v  # along the transverse axis, along the other
            if it.fn == "y":
                pu, pv = a * v, sg * b * u
            br.append(np.column_stack([h + pu, k + pv]))
        return np.vstack([br[0], [[np.nan, np.nan]], br[1]])
    if it.kind == "polar":
        c0, c1, k = it.params
        th = np.linspace(*(it.t or [0.0, TWO_PI]), n)
        r = c0 + c1 * (np.cos(k * th) if it.fn == "cos" else np.sin(k * th))
        return np.column_stack([r * np.cos(th), r * np.sin(th)])
    if it.kind == "parametric":
        A, p, B, q, phi = it.params
        t = np.linspace(*(it.t or [0.0, TWO_PI]), n)
        return np.column_stack([A * np.cos(p * t + phi), B * np.sin(q * t)])
    return np.array(it.pts, dtype=float)


def region_mask(it: Item, x, y):
    """Where the region item holds (boolean arrays for coordinate arrays)."""
    ok = np.ones(np.broadcast(x, y).shape, dtype=bool)
    for c in it.constraints:
        ok &= c.holds(x, y)
    return ok


def in_region(it: Item, pt, margin: float = 0.0) -> bool:
    """Whether a point satisfies every constraint, each with ``margin`` to spare when > 0."""
    x, y = float(pt[0]), float(pt[1])
    for c in it.constraints:
        v = c.value(x, y) / (math.hypot(*c.params[:2]) if c.kind == "line" else 1.0)
        if c.op in ("<=", "<"):
            if not (v < -margin if (margin or c.op == "<") else v <= 0):
                return False
        elif not (v > margin if (margin or c.op == ">") else v >= 0):
            return False
    return True


def _clip(poly: list[tuple[float, float]], a: float, b: float, c: float, le: bool
          ) -> list[tuple[float, float]]:
    """One Sutherland-Hodgman step: the part of a convex polygon with a x + b y <= c (or >=
    when not ``le``). Written out because no geometry library is installed; the area of a
    region of half-planes is then exact up to float rounding."""
    sgn = 1.0 if le else -1.0

    def f(p):
        return sgn * (a * p[0] + b * p[1] - c)

    out = []
    for i, p in enumerate(poly):
        q = poly[(i + 1) % len(poly)]
        fp, fq = f(p), f(q)
        if fp <= 0:
            out.append(p)
        if fp * fq < 0:
            t = fp / (fp - fq)
            out.append((p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])))
    return out


def linear_region_polygon(it: Item, panel: Panel) -> list[tuple[float, float]]:
    """The region of half-planes cut to the panel's range, as a polygon (its vertices)."""
    poly = [(panel.xmin, panel.ymin), (panel.xmax, panel.ymin), (panel.xmax, panel.ymax),
            (panel.xmin, panel.ymax)]
    for c in it.constraints:
        a, b, cc = c.params
        poly = _clip(poly, a, b, cc, c.op in ("<=", "<"))
        if not poly:
            break
    return poly


def polygon_area(pts) -> float:
    s = 0.0
    for (x1, y1), (x2, y2) in zip(pts, list(pts[1:]) + list(pts[:1])):
        s += x1 * y2 - x2 * y1
    return abs(s) / 2


def region_area(it: Item, panel: Panel, n: int = 800) -> float:
    """Area of the region inside the panel's range: exact for half-planes, else by the
    midpoint rule on an n x n grid (n even: no midpoint on a whole-number boundary)."""
    if all(c.kind == "line" for c in it.constraints):
        return polygon_area(linear_region_polygon(it, panel))
    dx, dy = (panel.xmax - panel.xmin) / n, (panel.ymax - panel.ymin) / n
    xs = panel.xmin + dx * (np.arange(n) + 0.5)
    ys = panel.ymin + dy * (np.arange(n) + 0.5)
    X, Y = np.meshgrid(xs, ys)
    return float(region_mask(it, X, Y).sum() * dx * dy)


def item_facts(it: Item, panel: Panel) -> dict:
    d: dict = {"kind": it.kind, "name": it.name, "color": it.color}
    if it.fn:
        d["fn"] = it.fn
    if it.kind == "graph":
        y0 = float(graph_y(it, 0.0))
        d["y_intercept"] = None if math.isnan(y0) else r2(y0)
    elif it.kind == "line":
        a, b, c = it.params
        d["slope"] = None if b == 0 else r2(-a / b)
        d["y_intercept"] = None if b == 0 else r2(c / b)
    elif it.kind in ("circle", "ellipse", "hyperbola"):
        d["center"] = [r2(it.params[0]), r2(it.params[1])]
        if it.kind == "circle":
            d["radius"] = r2(it.params[2])
        else:
            d["semi_axes"] = [r2(it.params[2]), r2(it.params[3])]
        if it.kind == "hyperbola":
            a, b = it.params[2:]
            d["asymptote_slopes"] = [r2(-b / a), r2(b / a)]
            d["opens"] = "left-right" if it.fn == "x" else "up-down"
    elif it.kind == "polar" and it.params[0] == 0:  # a rose: k petals for odd k, else 2k
        k = it.params[2]
        if float(k).is_integer() and k > 0:
            d["petals"] = int(k) if int(k) % 2 else 2 * int(k)
    elif it.kind == "region":
        d["area_in_view"] = r2(region_area(it, panel))
        if all(c.kind == "line" for c in it.constraints):
            d["vertices"] = [[r2(x), r2(y)] for x, y in linear_region_polygon(it, panel)]
    elif it.kind == "point":
        d["coords"] = [r2(v) for v in it.pts[0]]
    elif it.kind == "vector":
        (x0, y0), (x1, y1) = it.pts
        d.update(tail=[r2(x0), r2(y0)], components=[r2(x1 - x0), r2(y1 - y0)],
                 length=r2(math.hypot(x1 - x0, y1 - y0)))
    elif it.kind == "polygon":
        d["area"] = r2(polygon_area(it.pts))
    return d


def panels_facts(spec: PanelsSpec) -> dict:
    validate(spec)
    out = []
    for p in spec.panels:
        items = [item_facts(it, p) for it in p.items]
        regions = [it for it in p.items if it.kind == "region"]
        inside = {it.name: [i for i, r in enumerate(regions) if in_region(r, it.pts[0])]
                  for it in p.items if it.kind == "point" and it.name}
        out.append({"label": p.label, "range": [p.xmin, p.xmax, p.ymin, p.ymax],
                    "items": items, "points_in_regions": inside})
    return {"title": spec.title, "n_panels": len(spec.panels),
            "labels": [p.label for p in spec.panels], "panels": out}
