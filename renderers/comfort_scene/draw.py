"""Drawing of COMFORT scenes: a perspective camera, Lambert-shaded boxes, gradient spheres
with highlights, soft ground shadows, a tiled ground plane, painter's order (plain PIL through
``Canvas``).

    python -c "import numpy as np, renderers; f = renderers.get_family('comfort_scene'); \
f.render(f.sample_spec(np.random.default_rng(0), scene='car'), 336).save('/tmp/comfort.png')"
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
import math

import numpy as np

from renderers.canvas import PALETTE, Canvas
from renderers.comfort_scene.spec import FRONTED, KINDS, ComfortSceneSpec, Person, Thing, target_of

LIGHT = np.array([-0.45, 0.85, -0.55]) / np.linalg.norm([-0.45, 0.85, -0.55])
LIGHT_XZ = (0.35, 0.45)  # where a shadow slides per unit of height (away from the light)


# ----------------------------------------------------------------------------- 3-D geometry


class _Camera:
    """Pinhole camera looking at the scene centre from ``elevation`` degrees above the ground."""

    def __init__(self, elevation: float, distance: float, look_y: float = 0.45):
        e = math.radians(elevation)
        look = np.array([0.0, look_y, 0.0])
        self.pos = look + distance * np.array([0.0, math.sin(e), -math.cos(e)])
        f = look - self.pos
        self.f = f / np.linalg.norm(f)
        r = np.array([self.f[2], 0.0, -self.f[0]])
        self.r = r / np.linalg.norm(r)
        self.u = np.cross(self.f, self.r)
        self.basis = np.stack([self.r, self.u, self.f], 1)
        self.scale, self.ox, self.oy = 1.0, 0.0, 0.0

    def depth(self, p) -> np.ndarray:
        return (np.asarray(p, float) - self.pos) @ self.f

    def unit(self, pts: np.ndarray) -> np.ndarray:
        d = (np.atleast_2d(pts) - self.pos) @ self.basis
        return d[:, :2] / np.maximum(d[:, 2:], 1e-3)

    def fit(self, pts: np.ndarray, w: float, h: float, margin: float) -> None:
        uv = self.unit(pts)
        lo, hi = uv.min(0), uv.max(0)
        self.scale = min(w * (1 - 2 * margin) / (hi[0] - lo[0]),
                         h * (1 - 2 * margin) / (hi[1] - lo[1]))
        cx, cy = (lo + hi) / 2
        self.ox, self.oy = w / 2 - self.scale * cx, h / 2 + self.scale * cy

    def px(self, pts) -> list[tuple[float, float]]:
        uv = self.unit(np.asarray(pts, float))
        x = (self.ox + self.scale * uv[:, 0]).tolist()
        y = (self.oy - self.scale * uv[:, 1]).tolist()
        return list(zip(x, y))


@lru_cache(maxsize=256)
def _axes(yaw: float, pitch: float = 0.0):
    y, p = math.radians(yaw), math.radians(pitch)
    fwd = np.array([math.cos(y), 0.0, math.sin(y)])
    up = np.array([0.0, 1.0, 0.0])
    side = np.array([-math.sin(y), 0.0, math.cos(y)])  # the object's left
    return fwd * math.cos(p) + up * math.sin(p), up * math.cos(p) - fwd * math.sin(p), side


@dataclass
class _Part:
    """A drawable piece of an object: a box, a sphere or a flat disc (wheel), in world units."""

    kind: str
    centre: tuple
    rgb: tuple
    size: tuple = (0.0, 0.0, 0.0)  # box: length (forward), height, width; sphere/disc: radius
    yaw: float = 0.0
    pitch: float = 0.0
    bias: float = 0.0  # depth offset that orders pieces inside one object (hub over tyre)
    face: float = 0.0  # discs: which side of the object (+1 its left, -1 its right)

    def __post_init__(self) -> None:
        # world points computed once: box corners, or the extremes of a sphere / disc
        if self.kind == "box":
            self.pts = _box_corners(self)
        else:
            r, c = self.size[0], np.asarray(self.centre, float)
            self.pts = c + np.array([(r, 0, 0), (-r, 0, 0), (0, r, 0), (0, -r, 0)])


_SIGNS = np.array([(a, b, d) for a in (-1, 1) for b in (-1, 1) for d in (-1, 1)], float)


def _box_corners(p: _Part) -> np.ndarray:
    f, u, s = _axes(p.yaw, p.pitch)
    half = np.stack([f * p.size[0], u * p.size[1], s * p.size[2]]) / 2
    return np.asarray(p.centre, float) + _SIGNS @ half


# corner index = 4*(a>0) + 2*(b>0) + (d>0); faces as (corner cycle, axis, sign); no bottom face
_FACES = (((4, 5, 7, 6), 0, 1), ((0, 1, 3, 2), 0, -1), ((2, 3, 7, 6), 1, 1),
          ((1, 3, 7, 5), 2, 1), ((0, 2, 6, 4), 2, -1))
_FACE_IDX = np.array([f[0] for f in _FACES])


def _shade(rgb, normal: np.ndarray) -> tuple[int, int, int]:
    k = 0.5 + 0.62 * max(0.0, float(normal @ LIGHT))
    return tuple(int(min(255, v * k)) for v in rgb)


def _darker(rgb, k: float = 0.72) -> tuple[int, int, int]:
    return tuple(int(v * k) for v in rgb)


COLORS = {**PALETTE, "chestnut": (150, 86, 48), "dark": (72, 64, 60), "white": (236, 234, 228),
          "wood": (168, 116, 66), "basketball": (212, 104, 38), "silver": (176, 178, 184),
          "black": (46, 46, 50), "tan": (196, 160, 110), "navy": (52, 62, 110),
          "beige": (214, 196, 160)}


def _rgb(name) -> tuple[int, int, int]:
    return tuple(name) if isinstance(name, (list, tuple)) else COLORS[name]


# ----------------------------------------------------------------------------- object models


def _placer(x: float, z: float, yaw: float):
    """Object-local (forward, up, left) offsets -> world points, for an object at (x, z)."""
    f, _, side = _axes(yaw)

    def at(a: float, y: float, d: float) -> tuple:
        return tuple(a * f + np.array([x, y, z]) + d * side)
    return at


def _box(a, y, d, col, L, H, W, pitch=0.0) -> tuple:
    return ("box", a, y, d, col, (L, H, W), pitch, 0.0)


# Object models in object-local units (forward, up, left), scaled by the object's size; colours
# "base" (the object's colour), "dark" / "leg" (shades of it) or fixed ones in _FIXED.
_MODELS = {
    "car": [_box(0, .38, 0, "base", 2.0, .44, .95), _box(-.18, .77, 0, "glass", 1.0, .34, .86),
            _box(-.18, .955, 0, "base", 1.02, .03, .88)]
    + [_box(1.0, .46, d, "lamp", .03, .1, .2) for d in (-.3, .3)]
    + [_box(-1.0, .48, d, "tail", .03, .08, .18) for d in (-.3, .3)]
    + [("disc", a, .22, d, c, (r,), 0.0, b) for a in (-.62, .62) for d in (-.49, .49)
       for c, r, b in (("tyre", .22, 0.0), ("hub", .09, -.01))],
    "chair": [_box(0, .5, 0, "base", .72, .08, .72), _box(-.33, .92, 0, "base", .07, .78, .72)]
    + [_box(a, .23, d, "leg", .07, .46, .07) for a in (-.3, .3) for d in (-.3, .3)],
    "horse": [_box(0, .95, 0, "base", 1.3, .48, .44), _box(.7, 1.33, 0, "base", .52, .24, .24, 55),
              _box(.95, 1.55, 0, "base", .46, .2, .22, -28),
              _box(.62, 1.5, 0, "dark", .36, .07, .08, 55),
              _box(-.72, .82, 0, "dark", .08, .55, .08, -22)]
    + [_box(.86, 1.74, d, "dark", .05, .12, .05) for d in (-.07, .07)]
    + [_box(a, .37, d, "base", .12, .74, .12) for a in (-.5, .5) for d in (-.15, .15)],
    "bench": [_box(0, .44, 0, "base", .44, .06, 1.6), _box(-.2, .74, 0, "base", .05, .42, 1.6)]
    + [_box(a, .21, d, "leg", .06, .42, .06) for a in (-.17, .17) for d in (-.72, .72)],
    "laptop": [_box(0, .03, 0, "base", .62, .05, .9), _box(.05, .065, 0, "dark", .36, .01, .8),
               _box(-.36, .33, 0, "base", .04, .6, .9, 10),
               _box(-.33, .34, 0, "glass", .01, .5, .8, 10)],
    "duck": [("sphere", 0, .34, 0, "base", (.34,), 0.0, 0.0),
             ("sphere", .3, .74, 0, "base", (.2,), 0.0, 0.0),
             _box(.52, .71, 0, "beak", .2, .06, .14), _box(-.34, .5, 0, "base", .2, .1, .16, 35)],
    "dog": [_box(0, .55, 0, "base", .85, .3, .3), _box(.52, .8, 0, "base", .28, .26, .24),
            _box(.72, .74, 0, "dark", .16, .12, .14),
            _box(-.55, .74, 0, "dark", .32, .06, .06, 40)]
    + [_box(.48, .98, d, "dark", .06, .12, .06) for d in (-.08, .08)]
    + [_box(a, .22, d, "base", .1, .44, .1) for a in (-.32, .32) for d in (-.1, .1)],
    "sofa": [_box(0, .28, 0, "base", .85, .32, 1.9), _box(-.36, .66, 0, "dark", .18, .5, 1.9)]
    + [_box(0, .52, d, "dark", .85, .28, .18) for d in (-.86, .86)],
    "bed": [_box(0, .22, 0, "base", 2.0, .28, 1.4), _box(0, .42, 0, "sheet", 1.9, .14, 1.3),
            _box(-.74, .55, 0, "sheet", .34, .1, .9), _box(-1.0, .55, 0, "dark", .08, .9, 1.45)],
    "bicycle": [("disc", a, .34, 0.0, c, (r,), 0.0, b) for a in (-.55, .55)
                for c, r, b in (("tyre", .34, 0.0), ("hub", .08, -.01))]
    + [_box(0, .62, 0, "base", .8, .05, .05), _box(-.25, .47, 0, "base", .05, .36, .05, 15),
       _box(.25, .47, 0, "base", .62, .05, .05, -50), _box(-.28, .8, 0, "seat", .22, .05, .1),
       _box(.5, .72, 0, "base", .05, .34, .05, -15), _box(.46, .9, 0, "seat", .05, .05, .5)],
    "person": [_box(0, 1.08, 0, "base", .24, .56, .42),
               ("sphere", 0, 1.52, 0, "skin", (.15,), 0.0, 0.0),
               _box(.16, 1.52, 0, "nose", .06, .05, .05), _box(-.07, 1.42, 0, "hair", .14, .4, .3)]
    + [_box(0, .42, d, "trousers", .13, .8, .13) for d in (-.09, .09)]
    + [_box(.06, .04, d, "shoe", .28, .08, .13) for d in (-.09, .09)]
    + [_box(0, 1.06, d, "base", .11, .54, .11) for d in (-.27, .27)],
}
_FIXED = {"glass": (160, 190, 214), "beak": (240, 150, 30), "sheet": (238, 238, 232),
          "seat": (40, 40, 40), "hair": (90, 60, 40), "lamp": (255, 244, 170),
          "tail": (205, 25, 25),
          "tyre": (45, 45, 48), "hub": (150, 150, 155), "skin": (232, 192, 160),
          "nose": (208, 172, 144), "trousers": (60, 70, 105), "shoe": (40, 40, 40)}


def _model(kind: str, x: float, z: float, yaw: float, s: float, color) -> list[_Part]:
    at = _placer(x, z, yaw)
    base = _rgb(color)
    pal = {**_FIXED, "base": base, "dark": _darker(base, 0.55), "leg": _darker(base, 0.8)}
    return [_Part(k, at(a * s, y * s, d * s), pal[c], tuple(v * s for v in size), yaw, pitch,
                  bias, math.copysign(1.0, d) if k == "disc" else 0.0)
            for k, a, y, d, c, size, pitch, bias in _MODELS[kind]]


def _person(p: Person) -> list[_Part]:
    return _model("person", p.x, p.z, p.facing, p.height, p.shirt)


def _thing(t: Thing) -> list[_Part]:
    if t.kind in ("ball", "basketball"):
        return [_Part("sphere", (t.x, t.size, t.z), _rgb(t.color), (t.size,))]
    if t.kind == "cube":
        return [_Part("box", (t.x, t.size, t.z), _rgb(t.color), (2 * t.size,) * 3, t.facing)]
    if t.kind not in FRONTED:
        raise ValueError(f"unknown object kind {t.kind!r}; valid: {', '.join(KINDS)}")
    return _model(t.kind, t.x, t.z, t.facing, t.size, t.color)


def _footprint(t) -> float:
    """Radius of the ground shadow."""
    if isinstance(t, Person):
        return 0.3 * t.height
    return {"ball": 0.9, "basketball": 0.9, "cube": 1.25, "car": 1.05, "chair": 0.5,
            "horse": 0.75, "bench": 0.8, "laptop": 0.5, "duck": 0.4, "dog": 0.5, "sofa": 0.95,
            "bed": 1.1, "bicycle": 0.7}[t.kind] * t.size


def _top(parts: list[_Part]) -> np.ndarray:
    pts = _points(parts)
    return np.array([pts[:, 0].mean(), pts[:, 1].max(), pts[:, 2].mean()])


def _points(parts: list[_Part]) -> np.ndarray:
    return np.vstack([p.pts for p in parts])


# ----------------------------------------------------------------------------- drawing


def _draw_ground(cv: Canvas, cam: _Camera, ground: tuple, sky: tuple) -> None:
    cv.d.rectangle((0, 0, cv.width * cv.ss, cv.height * cv.ss), fill=sky)
    z0 = float(cam.pos[2]) + 1.5
    edges = [z0] + [z0 + (60 - z0) * (i / 7) ** 1.6 for i in range(1, 8)]
    far = np.array(ground) * 0.86 + np.array(sky) * 0.14
    band = cam.px([(x, 0, z) for z in edges for x in (-80, 80)])
    for i in range(7):
        k = i / 6
        col = tuple(int(v) for v in np.array(ground) * (1 - k) + far * k)
        quad = [band[2 * i], band[2 * i + 1], band[2 * i + 3], band[2 * i + 2]]
        cv.d.polygon([(x * cv.ss, y * cv.ss) for x, y in quad], fill=col)
    line = _darker(ground, 0.9)
    zs = range(int(math.ceil(z0)), 11)
    ends = cam.px([(x, 0, z) for x in range(-7, 8) for z in (z0, 10)] +
                  [(x, 0, z) for z in zs for x in (-12, 12)])
    w = max(1, round(0.6 * cv.unit * cv.ss))
    for i in range(0, len(ends), 2):
        (xa, ya), (xb, yb) = ends[i:i + 2]
        cv.d.line([(xa * cv.ss, ya * cv.ss), (xb * cv.ss, yb * cv.ss)], fill=line, width=w)


def _draw_shadow(cv: Canvas, cam: _Camera, x: float, z: float, r: float, h: float,
                 ground: tuple) -> None:
    cx, cz = x + LIGHT_XZ[0] * h * 0.5, z + LIGHT_XZ[1] * h * 0.5
    ring = [(cx + 1.15 * r * math.cos(t), 0.0, cz + r * math.sin(t))
            for t in np.linspace(0, 2 * math.pi, 20, endpoint=False)]
    cv.d.polygon([(x * cv.ss, y * cv.ss) for x, y in cam.px(ring)], fill=_darker(ground, 0.74))


def _draw_sphere(cv: Canvas, cam: _Camera, p: _Part) -> None:
    (cx, cy), = cam.px([p.centre])
    r = cam.scale * p.size[0] / float(cam.depth(p.centre))
    base = np.array(p.rgb, float)
    dark, light = base * 0.42, np.minimum(255, base * 1.12 + 38)
    n = int(min(16, max(6, r / 2.5)))  # enough rings that no band is wider than ~2 px
    for i in range(n):
        t = i / n
        k = t ** 0.8
        col = tuple(int(v) for v in dark * (1 - k) + light * k)
        ri = r * (1 - 0.82 * t)
        cv.circle((cx - 0.3 * r * t, cy - 0.34 * r * t), ri, fill=col, outline=None,
                  ink=i == 0)
    cv.circle((cx - 0.33 * r, cy - 0.38 * r), 0.12 * r, fill=(255, 255, 250), outline=None,
              ink=False)


def _fill(cv: Canvas, pts: list, col: tuple, edge: tuple | None = None) -> None:
    """A filled polygon straight through PIL (one call with its edge; Canvas.polygon strokes
    the edge as a separate polyline, 3x slower for the ~60 faces of a scene); ink = its area."""
    s = cv.ss
    cv.d.polygon([(x * s, y * s) for x, y in pts], fill=col, outline=edge,
                 width=max(1, round(0.5 * cv.unit * s)) if edge else 0)
    cv.ink_d.polygon(pts, fill=1)


def _part_depth(cam: _Camera, p: _Part) -> float:
    return float(cam.depth(p.centre)) + p.bias


def _draw_part(cv: Canvas, cam: _Camera, p: _Part) -> None:
    if p.kind == "sphere":
        _draw_sphere(cv, cam, p)
        return
    if p.kind == "disc":
        f, u, _ = _axes(p.yaw)
        c = np.asarray(p.centre, float)
        ring = [c + p.size[0] * (math.cos(t) * f + math.sin(t) * u)
                for t in np.linspace(0, 2 * math.pi, 18, endpoint=False)]
        _fill(cv, cam.px(ring), p.rgb)
        return
    corners = p.pts
    axes = _axes(p.yaw, p.pitch)
    normals = np.array([axes[ax] * sign for _, ax, sign in _FACES])
    mids = corners[_FACE_IDX].mean(1)
    seen = np.einsum("ij,ij->i", normals, cam.pos - mids) > 1e-9
    depth = (mids - cam.pos) @ cam.f
    xy = cam.px(corners)
    for i in sorted(np.flatnonzero(seen), key=lambda i: -depth[i]):
        col = _shade(p.rgb, normals[i])
        _fill(cv, [xy[j] for j in _FACES[i][0]], col, _darker(col, 0.82))


def _order_parts(cam: _Camera, parts: list[_Part]) -> list[_Part]:
    """Far to near by centre depth; a wheel goes behind the body unless its side faces the
    camera (centre depths alone put the low wheels behind the body's side face)."""
    def key(p: _Part) -> float:
        d = _part_depth(cam, p)
        if p.kind == "disc":
            _, _, side = _axes(p.yaw)
            c = np.asarray(p.centre, float)
            seen = float((side * p.face) @ (cam.pos - c)) > 0
            d += -50.0 if seen else 50.0
        return -d
    return sorted(parts, key=key)


def _static_objects(spec: ComfortSceneSpec) -> list[tuple[object, list[_Part]]]:
    out = [(spec.relatum, _thing(spec.relatum))]
    if spec.addressee is not None:
        out.append((spec.addressee, _person(spec.addressee)))
    if spec.distractor is not None:
        out.append((spec.distractor, _thing(spec.distractor)))
    return out


def scene_camera(spec: ComfortSceneSpec, width: int, height: int, statics=None) -> _Camera:
    """The camera framed on every position the target can take (not only the current one), so
    all 36 views of a curve share one framing and the relatum stays put."""
    statics = _static_objects(spec) if statics is None else statics
    tr = spec.target.size
    ring = [(spec.orbit * math.cos(a) + dx, y, spec.orbit * math.sin(a))
            for a in np.linspace(0, 2 * math.pi, 24, endpoint=False)
            for y in (0.0, 2 * tr) for dx in (-tr, tr)]
    pts = np.vstack([np.array(ring)] + [_points(parts) for _, parts in statics])
    cam = _Camera(spec.elevation, spec.distance)
    cam.fit(pts, width, height, 0.1 if spec.labels else 0.06)
    return cam


def min_elevation(spec: ComfortSceneSpec) -> float:
    """Lowest camera elevation (degrees, +5 margin) at which the target's centre, straight
    behind the relatum (90 degrees), clears the relatum parts in its line of sight."""
    w = spec.target.size / 2
    near = [p.pts for p in _thing(spec.relatum) if p.pts[:, 0].min() <= w and
            p.pts[:, 0].max() >= -w] or [np.zeros((1, 3))]
    pts = np.vstack(near)
    top, edge = pts[:, 1].max(), pts[:, 2].max()
    return math.degrees(math.atan2(top - spec.target.size, spec.orbit - edge)) + 5.0


def _name(obj) -> str:
    if isinstance(obj, Person):
        return "woman"  # COMFORT's names: the addressee, "{colour} sphere", the relatum's
    if obj.kind == "ball":
        return f"{obj.color} sphere"
    return f"{obj.color} {obj.kind}" if obj.kind == "cube" else obj.kind


def draw_scene(spec: ComfortSceneSpec, canvas: Canvas) -> None:
    target = target_of(spec)
    statics = _static_objects(spec)
    cam = scene_camera(spec, canvas.width, canvas.height, statics)
    ground, sky = tuple(spec.ground), tuple(spec.sky)
    _draw_ground(canvas, cam, ground, sky)
    objs = statics + [(target, _thing(target))]
    for obj, parts in objs:
        h = float(_points(parts)[:, 1].max())
        _draw_shadow(canvas, cam, obj.x, obj.z, _footprint(obj), h, ground)
    for obj, parts in sorted(objs, key=lambda o: -float(cam.depth((o[0].x, 0.3, o[0].z)))):
        for p in _order_parts(cam, parts):
            _draw_part(canvas, cam, p)
    if spec.labels:  # after all objects, so that a tag never sits under a nearer object
        for obj, parts in objs:
            (x, y), = cam.px([_top(parts)])
            canvas.label((x, y - 2 * canvas.unit), _name(obj), prefer=(0, -1), halo=True)
