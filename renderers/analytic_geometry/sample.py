"""Random specs of the analytic geometry family, placed with rejection so nothing is confusing.

Rules a placement must pass (math units, the grid step is 1): named points at least 2.5 apart
and 1.5 from both axes (the tick labels run along them); a named point at least 0.6 from every
curve it does not belong to; closed shapes (segments, circles, ellipses, polygons) with
bounding boxes at least 1.5 apart; parallel lines at least 1.2 apart, never coincident;
no level side or segment, nor a circle's or an ellipse's flat top or bottom, along a tick's
row through the y-axis' tick labels (the last range of a draw may, rather than place too few);
everything inside the plotted range. Lines may cross other objects
(intersections are part of what the diagrams show); parabolas only cross lines, and show a
long enough arc.

    python -c "import numpy as np; from renderers.analytic_geometry.sample import sample_analytic; \
print(sample_analytic(np.random.default_rng(0), objects=['triangle', 'line']))"
"""
from __future__ import annotations

import math
from typing import Sequence

import numpy as np

from renderers.analytic_geometry.spec import KINDS, POLYGONS, AnalyticSpec, GeoObject, line_coeffs
from renderers.spec import rng_choice

LETTERS = "ABCDEFGHKLMNPQRST"  # no O (origin), I/J (read as 1), U-Z (x, y look-alikes)
COLORS = ("blue", "red", "green", "purple", "orange", "brown")
SLOPES = (-3.0, -2.0, -1.5, -1.0, -0.5, 0.0, 0.5, 1.0, 1.5, 2.0, 3.0)
PARABOLA_COEFS = (-2.0, -1.0, -0.5, -0.25, 0.25, 0.5, 1.0, 2.0)
SUBSCRIPTS = "₁₂₃₄₅₆"
KIND_LETTER = {"line": "l", "circle": "c", "ellipse": "e", "parabola": "p"}
MIN_PT_GAP, MIN_CURVE_GAP, MIN_BOX_GAP = 2.5, 0.6, 1.5
AXIS_GAP = 1.5  # named points keep this far from the axes, clear of the tick labels
TICK_ROW_REACH = 2.5  # how far beside the y-axis its tick labels reach (units)


class Placer:
    """Holds the range and what is placed; proposes objects of each kind and tests them."""

    def __init__(self, rng: np.random.Generator, xmin: int, xmax: int, ymin: int, ymax: int):
        self.rng, self.xmin, self.xmax, self.ymin, self.ymax = rng, xmin, xmax, ymin, ymax
        self.objects: list[GeoObject] = []
        self.tick_rows = True  # keep level strokes off the tick labels' rows (_along_tick_row)
        self._foot: list[tuple[np.ndarray, np.ndarray, tuple | None]] = []
        self._last: tuple[GeoObject, tuple] | None = None  # footprint of the last fits() call

    # --- coordinates ---
    def coord(self, lo: float, hi: float, half_p: float = 0.1, nonzero: bool = False) -> float:
        """An integer (a half with probability ``half_p``) in [lo, hi]; ``nonzero``: at least
        ``AXIS_GAP`` away from 0 where the interval allows (named points keep off the axes)."""
        lo_i, hi_i = math.ceil(lo), math.floor(hi)
        if hi_i < lo_i:
            return float(lo_i)
        v = float(self.rng.integers(lo_i, hi_i + 1))
        if self.rng.random() < half_p and v + 0.5 <= hi:
            v += 0.5
        if nonzero and abs(v) < AXIS_GAP:
            v = 2.0 if (self.rng.random() < 0.5 and hi >= 2) or lo > -2 else -2.0
        return v

    def point(self, margin: float = 1.0, half_p: float = 0.1) -> list[float]:
        return [self.coord(self.xmin + margin, self.xmax - margin, half_p, nonzero=True),
                self.coord(self.ymin + margin, self.ymax - margin, half_p, nonzero=True)]

    def inside(self, p: Sequence[float], margin: float = 0.5) -> bool:
        return (self.xmin + margin <= p[0] <= self.xmax - margin and
                self.ymin + margin <= p[1] <= self.ymax - margin)

    # --- footprints: (named points, curve samples, closed bbox or None) ---
    def clip_line(self, p, q) -> tuple[np.ndarray, np.ndarray] | None:
        """The part of the infinite line pq inside the range."""
        d = np.array([q[0] - p[0], q[1] - p[1]], float)
        p0 = np.array(p, float)
        t0, t1 = -1e9, 1e9
        for k, lo, hi in ((0, self.xmin, self.xmax), (1, self.ymin, self.ymax)):
            if abs(d[k]) < 1e-12:
                if not lo <= p0[k] <= hi:
                    return None
                continue
            a, b = (lo - p0[k]) / d[k], (hi - p0[k]) / d[k]
            t0, t1 = max(t0, min(a, b)), min(t1, max(a, b))
        if t0 >= t1:
            return None
        return p0 + t0 * d, p0 + t1 * d

    def footprint(self, o: GeoObject) -> tuple[np.ndarray, np.ndarray, tuple | None]:
        named = np.array([p for n, p in zip(o.pt_names, o.pts) if n], float).reshape(-1, 2)
        box = None
        if o.kind == "point":
            curve = np.zeros((0, 2))
        elif o.kind == "line":
            seg = self.clip_line(o.pts[0], o.pts[1])
            curve = _sample_poly(list(seg)) if seg else np.zeros((0, 2))
        elif o.kind in ("segment", "triangle", "quadrilateral"):
            pts = [tuple(p) for p in o.pts]
            curve = _sample_poly(pts + pts[:1] if o.kind != "segment" else pts)
        elif o.kind in ("circle", "ellipse"):
            rx = o.radius if o.kind == "circle" else o.semi_x
            ry = o.radius if o.kind == "circle" else o.semi_y
            t = np.linspace(0, 2 * math.pi, 72, endpoint=False)
            c = o.pts[0]
            curve = np.stack([c[0] + rx * np.cos(t), c[1] + ry * np.sin(t)], 1)
        else:  # parabola, visible part only
            h, k = o.pts[0]
            xs = np.linspace(self.xmin, self.xmax, 161)
            ys = o.coef * (xs - h) ** 2 + k
            keep = (ys >= self.ymin) & (ys <= self.ymax)
            curve = np.stack([xs[keep], ys[keep]], 1)
        if o.kind not in ("point", "line", "parabola") and len(curve):
            box = (curve[:, 0].min(), curve[:, 1].min(), curve[:, 0].max(), curve[:, 1].max())
        return named, curve, box

    def fits(self, o: GeoObject) -> bool:
        self._last = (o, self.footprint(o))
        named, curve, box = self._last[1]
        if o.kind == "parabola" and (len(curve) < 2 or np.hypot(*np.diff(curve, axis=0).T).sum()
                                     < 0.8 * min(self.xmax - self.xmin, self.ymax - self.ymin)):
            return False  # only a sliver of it would show
        # named points stay off the axes, where tick labels leave their labels no room
        if any(not self.inside(p, 1.0) or abs(p[0]) < AXIS_GAP or abs(p[1]) < AXIS_GAP
               for p in named):
            return False
        pad = 0.25 if box is not None else -1e-9  # closed shapes keep off the frame
        if len(curve) and (curve[:, 0].min() < self.xmin + pad or
                           curve[:, 0].max() > self.xmax - pad or
                           curve[:, 1].min() < self.ymin + pad or
                           curve[:, 1].max() > self.ymax - pad):
            return False
        if _on_axis(o) or (self.tick_rows and _along_tick_row(o, self.xmin, self.xmax)):
            return False
        for other, (n2, c2, b2) in zip(self.objects, self._foot):
            if _min_dist(named, n2) < MIN_PT_GAP:
                return False
            if _min_dist(named, c2) < MIN_CURVE_GAP or _min_dist(n2, curve) < MIN_CURVE_GAP:
                return False
            if box is not None and b2 is not None and _boxes_near(box, b2, MIN_BOX_GAP):
                return False
            if o.kind == "line" and other.kind == "line" and not _lines_ok(o, other):
                return False
            # a parabola crossing a closed shape or another parabola is clutter, not content
            kinds = {o.kind, other.kind}
            if "parabola" in kinds and "line" not in kinds and "point" not in kinds and \
                    _min_dist(curve, c2) < MIN_CURVE_GAP:
                return False
        return True

    def add(self, o: GeoObject) -> None:
        self.objects.append(o)
        last = self._last
        self._foot.append(last[1] if last is not None and last[0] is o else self.footprint(o))

    # --- proposals per kind (names filled in later) ---
    def propose(self, kind: str) -> GeoObject | None:
        rng = self.rng
        if kind == "point":
            return GeoObject("point", pts=[self.point()], pt_names=["?"])
        if kind == "segment":
            p, q = self.point(), self.point()
            if math.dist(p, q) < 3:
                return None
            return GeoObject("segment", pts=[p, q], pt_names=["?", "?"])
        if kind == "line":
            return self._line()
        if kind == "circle":
            return self._circle()
        if kind == "ellipse":
            a, b = (float(v) for v in rng.integers(1, 6, size=2))
            span = min(self.xmax - self.xmin, self.ymax - self.ymin)
            if abs(a - b) < 1 or max(a, b) > 0.45 * span:
                return None
            c = [self.coord(self.xmin + a + 0.3, self.xmax - a - 0.3, 0),
                 self.coord(self.ymin + b + 0.3, self.ymax - b - 0.3, 0)]
            names = ["?"] if rng.random() < 0.4 else [""]
            return GeoObject("ellipse", pts=[c], pt_names=names, semi_x=a, semi_y=b)
        if kind == "parabola":
            a = rng_choice(rng, PARABOLA_COEFS)
            v = self.point(margin=1.0, half_p=0.0)
            names = ["?"] if rng.random() < 0.5 else [""]
            return GeoObject("parabola", pts=[v], pt_names=names, coef=a)
        if kind in POLYGONS:
            return self.polygon(POLYGONS[kind])
        raise ValueError(kind)

    def _line(self) -> GeoObject | None:
        rng = self.rng
        r = rng.random()
        if r < 0.45:  # through two named points
            p, q = self.point(), self.point()
            if math.dist(p, q) < 3 or p[0] == q[0] and rng.random() < 0.7:
                return None
            o = GeoObject("line", pts=[p, q], pt_names=["?", "?"])
        elif r < 0.5:  # vertical line x = c
            c = self.coord(self.xmin + 1, self.xmax - 1, 0)
            o = GeoObject("line", pts=[[c, 0.0], [c, 1.0]], pt_names=["", ""])
        else:  # y = mx + b, its defining points hidden
            m = rng_choice(self.rng, SLOPES)
            b = self.coord(self.ymin + 1, self.ymax - 1, 0.1 if m == 0 else 0.0)
            o = GeoObject("line", pts=[[0.0, b], [2.0, b + 2 * m]], pt_names=["", ""])
        seg = self.clip_line(o.pts[0], o.pts[1])
        span = min(self.xmax - self.xmin, self.ymax - self.ymin)
        if seg is None or np.hypot(*(seg[1] - seg[0])) < 0.5 * span:
            return None
        return o

    def _circle(self) -> GeoObject | None:
        rng = self.rng
        span = min(self.xmax - self.xmin, self.ymax - self.ymin)
        if rng.random() < 0.35:  # centre and a marked point on the circle
            dx, dy = (int(v) for v in rng.integers(-4, 5, size=2))
            r = math.hypot(dx, dy)
            pts_extra = [[dx, dy]]
        else:
            r = float(rng_choice(rng, (1.5, 2.0, 2.5, 3.0, 3.5, 4.0, 5.0)))
            pts_extra = []
        if r < 1.5 or r > 0.42 * span:
            return None
        c = [self.coord(self.xmin + r + 0.3, self.xmax - r - 0.3, 0),
             self.coord(self.ymin + r + 0.3, self.ymax - r - 0.3, 0)]
        pts = [c] + [[c[0] + e[0], c[1] + e[1]] for e in pts_extra]
        names = ["?"] * len(pts) if pts_extra or rng.random() < 0.6 else [""]
        return GeoObject("circle", pts=pts, pt_names=names, radius=r)

    def polygon(self, n: int) -> GeoObject | None:
        rng = self.rng
        if n == 4 and rng.random() < 0.3:  # axis-aligned rectangle or a parallelogram
            p = self.point()
            w, h = (float(v) for v in rng.integers(3, 7, size=2))
            s = float(rng.integers(-2, 3)) if rng.random() < 0.5 else 0.0
            pts = [p, [p[0] + w, p[1]], [p[0] + w + s, p[1] + h], [p[0] + s, p[1] + h]]
        else:
            c = self.point(margin=2.5, half_p=0)
            gaps = rng.dirichlet(np.ones(n)) * (2 * math.pi - n * 0.75) + 0.75
            ang = rng.uniform(0, 2 * math.pi) + np.concatenate([[0], np.cumsum(gaps)[:-1]])
            rad = rng.uniform(2.0, 3.8, size=n)
            pts = [[float(round(c[0] + r * math.cos(a))), float(round(c[1] + r * math.sin(a)))]
                   for a, r in zip(ang, rad)]
        pts = _off_axes(pts)
        if pts is None or not _good_polygon(pts):
            return None
        return GeoObject("triangle" if n == 3 else "quadrilateral", pts=pts, pt_names=["?"] * n)


def _off_axes(pts: list[list[float]]) -> list[list[float]] | None:
    """The polygon shifted by the smallest whole step that takes every vertex ``AXIS_GAP`` off
    both axes (rounding the vertices of a random polygon often lands one on an axis)."""
    out = [list(p) for p in pts]
    for k in (0, 1):
        for d in (0, 1, -1, 2, -2, 3, -3):
            if all(abs(p[k] + d) >= AXIS_GAP for p in out):
                for p in out:
                    p[k] += d
                break
        else:
            return None
    return out


def _sample_poly(pts: Sequence[Sequence[float]], step: float = 0.3) -> np.ndarray:
    """Points every ~``step`` along a polyline (both ends included)."""
    p = np.asarray(pts, float)
    a, b = p[:-1], p[1:]
    n = np.maximum(2, (np.hypot(*(b - a).T) / step).astype(int) + 1)
    idx = np.repeat(np.arange(len(a)), n)
    t = (np.arange(n.sum()) - np.repeat(np.cumsum(n) - n, n)) / np.repeat(n - 1, n)
    return a[idx] + (b - a)[idx] * t[:, None]


def _min_dist(a: np.ndarray, b: np.ndarray) -> float:
    if len(a) == 0 or len(b) == 0:
        return math.inf
    d = a[:, None, :] - b[None, :, :]
    return float(np.sqrt((d ** 2).sum(-1).min()))


def _nice_line(o: GeoObject) -> bool:
    """Slope and intercept with denominators 1 or 2 (the equation reads cleanly)."""
    m, b = line_coeffs(o.pts[0], o.pts[1])
    return (m is None or m.denominator <= 2) and b.denominator <= 2


def _on_axis(o: GeoObject) -> bool:
    """Whether a straight piece of the object lies along an axis (it would hide the axis)."""
    if o.kind in ("segment", "line"):
        pairs = [(o.pts[0], o.pts[1])]
    elif o.kind in POLYGONS:
        pairs = list(zip(o.pts, o.pts[1:] + o.pts[:1]))
    else:
        return False
    return any((p[0] == 0 and q[0] == 0) or (p[1] == 0 and q[1] == 0) for p, q in pairs)


def _along_tick_row(o: GeoObject, xmin: float, xmax: float) -> bool:
    """Whether a level side or segment, or the flat top or bottom of a circle or ellipse, runs
    along a tick's row through the y-axis' tick labels (``TICK_ROW_REACH`` either side of the
    axis): a stroke into the left of "2" reads as its minus sign, "-2", and on a small
    picture the label has no room above or below it."""
    ax = 0.0 if xmin <= 0 <= xmax else (xmin if abs(xmin) < abs(xmax) else xmax)
    if o.kind in ("circle", "ellipse"):
        (cx, cy), rx = o.pts[0], (o.radius if o.kind == "circle" else o.semi_x)
        ry = o.radius if o.kind == "circle" else o.semi_y
        return abs(cx - ax) < TICK_ROW_REACH + 0.5 * rx and any(
            float(cy + s * ry).is_integer() for s in (-1, 1))
    if o.kind == "segment":
        pairs = [(o.pts[0], o.pts[1])]
    elif o.kind in POLYGONS:
        pairs = list(zip(o.pts, o.pts[1:] + o.pts[:1]))
    else:
        return False
    return any(p[1] == q[1] and float(p[1]).is_integer() and
               min(p[0], q[0]) < ax + TICK_ROW_REACH and max(p[0], q[0]) > ax - TICK_ROW_REACH
               for p, q in pairs)


def _boxes_near(a, b, gap: float) -> bool:
    return not (a[2] + gap <= b[0] or b[2] + gap <= a[0] or a[3] + gap <= b[1] or
                b[3] + gap <= a[1])


def _lines_ok(a: GeoObject, b: GeoObject) -> bool:
    ma, ba = line_coeffs(a.pts[0], a.pts[1])
    mb, bb = line_coeffs(b.pts[0], b.pts[1])
    if ma != mb:
        return True
    if ma is None:
        return abs(ba - bb) >= 1.2
    return abs(float(ba - bb)) / math.sqrt(1 + float(ma) ** 2) >= 1.2


def _good_polygon(pts: list[list[float]]) -> bool:
    """Convex (turning one way throughout), sides >= 2.5, angles 25..155 degrees."""
    n = len(pts)
    sign = 0.0
    cos_lo, cos_hi = math.cos(math.radians(155)), math.cos(math.radians(25))
    for i in range(n):
        (ax, ay), (bx, by), (cx, cy) = pts[i - 1], pts[i], pts[(i + 1) % n]
        ux, uy, vx, vy = ax - bx, ay - by, cx - bx, cy - by
        lu, lv = math.hypot(ux, uy), math.hypot(vx, vy)
        if lu < 2.5 or lv < 2.5:
            return False
        cross = ux * vy - uy * vx
        if cross == 0 or cross * sign < 0:
            return False
        sign = cross
        cos = (ux * vx + uy * vy) / (lu * lv)
        if not cos_lo <= cos <= cos_hi:
            return False
    return True


def _assign_names(objs: list[GeoObject]) -> None:
    """Letters for named points in placement order, names for curves (l, l₁, l₂, ...)."""
    letters = iter(LETTERS)
    per_kind = {k: sum(o.kind == k for o in objs) for k in KIND_LETTER}
    seen = {k: 0 for k in KIND_LETTER}
    for o in objs:
        o.pt_names = [next(letters) if n else "" for n in o.pt_names]
        if o.kind in KIND_LETTER:
            seen[o.kind] += 1
            base = KIND_LETTER[o.kind]
            o.name = base if per_kind[o.kind] == 1 else base + SUBSCRIPTS[seen[o.kind] - 1]
        else:
            o.name = "".join(o.pt_names)


def _check_kinds(objects: Sequence[str]) -> list[str]:
    if isinstance(objects, str):
        objects = [objects]
    out = []
    for k in objects:
        if k == "polygon":
            out.append("polygon")
        elif k in KINDS:
            out.append(k)
        else:
            raise ValueError(f"unknown object kind {k!r}; valid: {', '.join(KINDS + ('polygon',))}")
    if not 1 <= len(out) <= 6:
        raise ValueError(f"objects: give 1 to 6 kinds, got {len(out)}")
    return out


def sample_range(rng: np.random.Generator, n_objects: int = 1) -> tuple[int, int, int, int]:
    """Integer range, 9..14 units wide (up to 16 for 3 or more objects), nearly square; the
    origin inside most of the time."""
    lo, hi = (9, 14) if n_objects <= 2 else (12, 16)
    sx = int(rng.integers(lo, hi + 1))
    sy = int(np.clip(sx + rng.integers(-2, 3), lo, hi))
    out = []
    for s in (sx, sy):
        lo = -int(rng.integers(2, s - 1)) if rng.random() < 0.85 else -int(rng.integers(0, 2))
        out += [lo, lo + s]
    return out[0], out[1], out[2], out[3]


def sample_analytic(rng: np.random.Generator, objects: Sequence[str] | None = None,
                    n_objects: int | None = None, show_coords: bool | None = None,
                    show_eq: bool | None = None) -> AnalyticSpec:
    if objects is not None:
        kinds = _check_kinds(objects)
        if n_objects is not None and n_objects != len(kinds):
            raise ValueError(f"n_objects={n_objects} but {len(kinds)} objects given")
    else:
        if n_objects is not None and not (isinstance(n_objects, (int, np.integer))
                                          and 1 <= n_objects <= 4):
            raise ValueError(f"n_objects must be an int in 1..4, got {n_objects!r}")
        n = n_objects or int(rng.choice([1, 2, 3], p=[0.3, 0.45, 0.25]))
        kinds = [rng_choice(rng, KINDS) for _ in range(n)]
    kinds = [k if k != "polygon" else rng_choice(rng, tuple(POLYGONS)) for k in kinds]
    best: Placer | None = None
    # asked-for objects get many tries; a random draw few (a crowded draw that does not fit
    # keeps what fits, which bounds the time per spec)
    n_ranges, n_tries = (30, 40) if objects is not None else (3, 20)
    need = len(kinds) if objects is not None else 1
    for r in range(n_ranges):
        pl = Placer(rng, *sample_range(rng, len(kinds)))
        # the last range may run a level stroke along a tick's row rather than place too few
        pl.tick_rows = r < n_ranges - 1 or (best is not None and len(best.objects) >= need)
        for k in kinds:
            for _ in range(n_tries):
                o = pl.propose(k)
                if o is not None and pl.fits(o):
                    pl.add(o)
                    break
        if best is None or len(pl.objects) > len(best.objects):
            best = pl
        if len(pl.objects) == len(kinds):
            break
    assert best is not None
    pl = best
    # a random draw that does not fit keeps what was placed; asked-for objects must all fit
    if len(pl.objects) < need:
        raise RuntimeError(f"could not place objects {kinds}")
    finish_objects(rng, pl.objects, show_coords, show_eq)
    return AnalyticSpec(xmin=pl.xmin, xmax=pl.xmax, ymin=pl.ymin, ymax=pl.ymax,
                        objects=pl.objects, grid=True, tick_labels=True)


def finish_objects(rng: np.random.Generator, objs: list[GeoObject],
                   show_coords: bool | None = None, show_eq: bool | None = None) -> None:
    """Names (points A, B, ... in order; l, c, e, p for curves), colours and which labels
    show, for objects placed with ``pt_names`` "?" (named) or "" (hidden)."""
    _assign_names(objs)
    colors = list(COLORS)
    rng.shuffle(colors)
    for i, o in enumerate(objs):
        o.color = "black" if o.kind == "point" else colors[i % len(colors)]
        has_pts = any(o.pt_names)
        o.show_coords = bool(has_pts and (rng.random() < 0.35 if show_coords is None
                                          else show_coords))
        if show_coords is None and o.kind in ("circle", "ellipse") and \
                (o.radius if o.kind == "circle" else o.semi_x) < 3:
            o.show_coords = False  # "C(-4, 2)" would not fit inside a small shape
        if o.kind in ("line", "circle", "ellipse", "parabola"):
            p = 0.75 if (o.kind == "line" and not has_pts) else 0.45
            if show_eq is None and o.kind == "line" and not _nice_line(o):
                p = 0.0  # no "y = (10/3)x - 38/3" on the picture
            if o.kind in ("circle", "ellipse") and max(o.radius, o.semi_x) < 2.5:
                p = 0.2  # a long equation beside a small shape rarely finds room
            o.show_eq = bool(rng.random() < p if show_eq is None else show_eq)
