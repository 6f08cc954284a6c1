"""Multi-object scenes ("object_scene"): 3-8 everyday objects on a floor, for POPE / MME-style
perception questions (existence, count, colour, position) and scene captions.

Why this family: hallucination and perception benchmarks ask whether an object is present, how
many there are, what colour they have and where they stand. A rendered scene whose spec *is* the
ground truth gives exact answers for free. Objects come from a vocabulary of 28 procedurally
drawn kinds; each scene has a theme (kitchen, office, living_room, hallway, street, park) whose
co-occurrence group supplies most of its objects, so that "adversarial" absent objects (POPE)
are the ones a model expects to see. Objects are unlabelled; the only texts are a neutral
"Scene N" frame tag and, optionally, a sign (a shop word or a chalkboard expression) for OCR.

Geometry (fractions of the image, so facts do not depend on the pixel size): an object stands
at horizontal centre ``x`` in [0, 1] (image left to right) and depth ``depth`` in [0, 1]
(0 = front, near the camera, 1 = back). Its base line is at ``0.95 - 0.42 * depth`` of the
height, and it is scaled by ``1 - 0.38 * depth`` (perspective). Screen boxes (with the shadow)
never overlap.

    python -c "import numpy as np, renderers.objects as o; f = o.ObjectSceneFamily(); \
s = f.sample_spec(np.random.default_rng(0)); f.render(s, 336).save('scene.png')"
"""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from renderers.base import Canvas, Family, Spec, register_family, rng_choice


@dataclass(frozen=True)
class KindInfo:
    """How a kind is drawn: height (fraction of the image, front row, medium size), width /
    height, the colours its main body may have, and its plural."""

    height: float
    aspect: float
    colors: tuple[str, ...]
    plural: str = ""


_ALL = ("red", "orange", "yellow", "green", "blue", "purple", "pink", "brown", "gray", "black",
        "white")
KINDS: dict[str, KindInfo] = {
    "apple": KindInfo(0.11, 1.0, ("red", "green", "yellow")),
    "banana": KindInfo(0.08, 1.8, ("yellow", "green")),
    "cup": KindInfo(0.11, 1.15, ("red", "blue", "green", "yellow", "white", "pink", "purple",
                                 "orange", "gray")),
    "bottle": KindInfo(0.19, 0.42, ("green", "blue", "brown", "red", "purple")),
    "bowl": KindInfo(0.08, 1.9, ("red", "blue", "white", "green", "yellow", "orange")),
    "book": KindInfo(0.09, 1.5, ("red", "blue", "green", "yellow", "purple", "orange", "brown",
                                 "black")),
    "ball": KindInfo(0.12, 1.0, ("red", "blue", "green", "yellow", "orange", "purple", "pink",
                                 "white")),
    "chair": KindInfo(0.24, 0.8, ("brown", "red", "blue", "green", "black", "white", "gray",
                                  "yellow")),
    "table": KindInfo(0.2, 1.5, ("brown", "white", "gray", "black", "red")),
    "lamp": KindInfo(0.27, 0.6, ("red", "blue", "green", "yellow", "white", "orange", "pink",
                                 "purple")),
    "clock": KindInfo(0.14, 0.9, ("red", "blue", "green", "black", "brown", "white", "yellow",
                                  "orange")),
    "car": KindInfo(0.15, 2.0, ("red", "blue", "green", "yellow", "orange", "black", "white",
                                "gray", "purple")),
    "tree": KindInfo(0.34, 0.78, ("green", "orange")),
    "house": KindInfo(0.3, 1.0, ("red", "blue", "yellow", "white", "green", "orange", "pink",
                                 "gray", "brown")),
    "cat": KindInfo(0.16, 1.0, ("orange", "gray", "black", "white", "brown")),
    "dog": KindInfo(0.17, 1.3, ("brown", "black", "white", "gray")),
    "bird": KindInfo(0.11, 1.1, ("red", "blue", "yellow", "green", "black", "orange")),
    "phone": KindInfo(0.14, 0.55, ("black", "white", "gray", "blue", "red", "pink")),
    "umbrella": KindInfo(0.22, 1.0, ("red", "blue", "green", "yellow", "purple", "pink",
                                     "orange", "black")),
    "hat": KindInfo(0.1, 1.4, ("red", "blue", "black", "brown", "green", "yellow", "purple",
                               "gray")),
    "shoe": KindInfo(0.08, 1.8, ("red", "blue", "black", "brown", "white", "green", "pink")),
    "pencil": KindInfo(0.045, 4.5, ("yellow", "red", "blue", "green", "orange", "purple")),
    "key": KindInfo(0.06, 2.4, ("yellow", "gray")),
    "flower": KindInfo(0.2, 0.6, ("red", "yellow", "pink", "purple", "orange", "blue", "white")),
    "bench": KindInfo(0.16, 1.9, ("brown", "green", "red", "blue", "gray")),
    "bicycle": KindInfo(0.19, 1.6, ("red", "blue", "green", "black", "yellow", "orange")),
    "candle": KindInfo(0.15, 0.42, ("white", "red", "yellow", "pink", "purple", "blue")),
    "vase": KindInfo(0.17, 0.62, ("blue", "red", "white", "green", "purple", "yellow",
                                  "orange")),
}
KIND_NAMES = tuple(KINDS)
PLURALS = {k: (KINDS[k].plural or (k + "es" if k.endswith("ch") else k + "s")) for k in KINDS}
COLORS = _ALL
SIZES = ("small", "medium", "large")
SIZE_FACTOR = {"small": 0.8, "medium": 1.0, "large": 1.2}

# Co-occurrence groups: a theme's "core" kinds fill most of its scenes; "extra" kinds appear
# now and then (so that presence is not fully predictable from the theme).
THEMES: dict[str, dict] = {
    "kitchen": {"setting": "indoor", "core": ("cup", "bottle", "apple", "banana", "bowl",
                                               "table", "chair", "clock"),
                "extra": ("candle", "vase", "cat", "phone", "book")},
    "office": {"setting": "indoor", "core": ("book", "pencil", "phone", "lamp", "cup", "clock",
                                              "chair", "key"),
               "extra": ("table", "bottle", "apple", "vase", "hat")},
    "living_room": {"setting": "indoor", "core": ("cat", "chair", "table", "lamp", "vase",
                                                   "flower", "candle", "book"),
                    "extra": ("dog", "clock", "ball", "cup", "phone")},
    "hallway": {"setting": "indoor", "core": ("hat", "shoe", "umbrella", "key", "phone", "lamp",
                                               "dog", "clock"),
                "extra": ("book", "ball", "cat", "bottle", "vase")},
    "street": {"setting": "outdoor", "core": ("car", "house", "tree", "bicycle", "bench",
                                               "bird", "dog", "umbrella"),
               "extra": ("hat", "ball", "phone", "cat", "shoe")},
    "park": {"setting": "outdoor", "core": ("tree", "bench", "ball", "dog", "bird", "flower",
                                             "bicycle", "cat"),
             "extra": ("umbrella", "hat", "apple", "bottle", "car")},
}
THEME_NAMES = tuple(THEMES)
GROUPS: dict[str, tuple[str, ...]] = {t: v["core"] for t, v in THEMES.items()}
CORE_P = 0.85
SIGN_WORDS = ("OPEN", "CAFE", "BAKERY", "HOTEL", "MARKET", "BOOKS", "GARDEN", "SCHOOL", "TAXI",
              "PIZZA", "MUSEUM", "LIBRARY", "PHARMACY", "FLOWERS", "BANK", "CINEMA", "SALE",
              "EXIT", "KITCHEN", "STUDIO", "BAR", "POST", "TOYS", "MUSIC")
SIGN_STYLES = ("shop", "board")

# screen geometry, fractions of the image (see the module docstring)
FRONT_Y, DEPTH_Y, PERSPECTIVE = 0.95, 0.42, 0.38
HORIZON = 0.40
SCALE = 1.3  # every KindInfo.height is multiplied by this
TOP_LIMIT = 0.27  # objects stay below the sign / tag strip
GAP = 0.012


@dataclass
class SceneObject:
    """One object: ``kind`` in KINDS, ``color`` in its kind's colours, ``size`` in SIZES,
    ``x`` centre in [0, 1] (left..right), ``depth`` in [0, 1] (front..back)."""

    kind: str = "ball"
    color: str = "red"
    size: str = "medium"
    x: float = 0.5
    depth: float = 0.5


@dataclass
class ObjectSceneSpec(Spec):
    """A scene: ``theme`` (background and co-occurrence group), ``objects``, ``frame`` (the
    number on the "Scene N" tag), ``sign`` (text on a sign, "" = none) drawn as ``sign_style``
    ("shop": a hanging shop sign, "board": a chalkboard)."""

    theme: str = "kitchen"
    objects: list[SceneObject] = field(default_factory=list)
    frame: int = 1
    sign: str = ""
    sign_style: str = "shop"


def base_y(depth: float) -> float:
    return FRONT_Y - DEPTH_Y * depth


def object_box(o: SceneObject) -> tuple[float, float, float, float]:
    """Screen box (fractions) of the object itself: x0, y0, x1, y1."""
    info = KINDS[o.kind]
    h = SCALE * info.height * SIZE_FACTOR[o.size] * (1 - PERSPECTIVE * o.depth)
    w = h * info.aspect
    by = base_y(o.depth)
    return (o.x - w / 2, by - h, o.x + w / 2, by)


def footprint(o: SceneObject) -> tuple[float, float, float, float]:
    """Object box grown by its shadow (cast to the right, light from the upper left)."""
    x0, y0, x1, y1 = object_box(o)
    h = y1 - y0
    return (x0, y0, x1 + 0.15 * (x1 - x0) + 0.08 * h, y1 + 0.05 * h + 0.01)


def _fits(box, others) -> bool:
    x0, y0, x1, y1 = box
    if x0 < 0.01 or x1 > 0.99 or y0 < TOP_LIMIT or y1 > 0.995:
        return False
    return all(x1 + GAP <= b[0] or b[2] + GAP <= x0 or y1 + GAP <= b[1] or b[3] + GAP <= y0
               for b in others)


def horizontal(x: float) -> str:
    return "left" if x < 1 / 3 else ("right" if x > 2 / 3 else "centre")


def depth_position(depth: float) -> str:
    return "front" if depth < 0.5 else "back"


def validate(spec: ObjectSceneSpec) -> None:
    if spec.theme not in THEMES:
        raise ValueError(f"unknown theme {spec.theme!r}; valid: {', '.join(THEME_NAMES)}")
    if spec.sign_style not in SIGN_STYLES:
        raise ValueError(f"unknown sign_style {spec.sign_style!r}; valid: "
                         f"{', '.join(SIGN_STYLES)}")
    for o in spec.objects:
        if o.kind not in KINDS:
            raise ValueError(f"unknown kind {o.kind!r}; valid: {', '.join(KIND_NAMES)}")
        if o.color not in COLORS:
            raise ValueError(f"unknown color {o.color!r}; valid: {', '.join(COLORS)}")
        if o.size not in SIZES:
            raise ValueError(f"unknown size {o.size!r}; valid: {', '.join(SIZES)}")


# ----------------------------------------------------------------------------- sampling


def draw_kind(rng: np.random.Generator, theme: str) -> str:
    t = THEMES[theme]
    return rng_choice(rng, t["core"] if rng.random() < CORE_P else t["extra"])


def place(rng: np.random.Generator, kinds: list[str], colors: list[str] | None = None,
          tries: int = 64) -> list[SceneObject] | None:
    """Place ``kinds`` (larger first) at random free spots; None if one does not fit.

    Each object draws ``tries`` candidate spots at once and takes the first free one (the
    second half of the candidates are tried at the small size): vectorised, because rejection
    sampling one spot at a time was the slowest part of a render.
    """
    n = len(kinds)
    order = sorted(range(n), key=lambda i: -KINDS[kinds[i]].height *
                   max(1.0, KINDS[kinds[i]].aspect))
    cols = list(colors) if colors else [rng_choice(rng, KINDS[k].colors) for k in kinds]
    r = rng.random(n)
    sizes = ["small" if v < 0.3 else ("medium" if v < 0.7 else "large") for v in r]
    xy = np.round(rng.random((n, tries, 2)) * (0.9, 1.0) + (0.05, 0.0), 3)
    half = tries // 2
    hk = np.array([SCALE * KINDS[k].height for k in kinds])[:, None]
    ak = np.array([KINDS[k].aspect for k in kinds])[:, None]
    sf = np.array([SIZE_FACTOR[z] for z in sizes])[:, None]
    sf = np.where(np.arange(tries)[None, :] < half, sf, SIZE_FACTOR["small"])
    h = hk * sf * (1 - PERSPECTIVE * xy[..., 1])
    w = h * ak
    y1 = FRONT_Y - DEPTH_Y * xy[..., 1]
    # footprint() of every candidate, vectorised: (n, tries, 4)
    fp = np.stack([xy[..., 0] - w / 2, y1 - h, xy[..., 0] + w / 2 + 0.15 * w + 0.08 * h,
                   y1 + 0.05 * h + 0.01], -1)
    inside = (fp[..., 0] >= 0.01) & (fp[..., 2] <= 0.99) & (fp[..., 1] >= TOP_LIMIT) & \
        (fp[..., 3] <= 0.995)
    placed: dict[int, SceneObject] = {}
    boxes: list[np.ndarray] = []
    for i in order:
        ok = inside[i]
        c = fp[i]
        for bx in boxes:
            ok = ok & ((c[:, 2] + GAP <= bx[0]) | (bx[2] + GAP <= c[:, 0]) |
                       (c[:, 3] + GAP <= bx[1]) | (bx[3] + GAP <= c[:, 1]))
        hits = np.flatnonzero(ok)
        if not len(hits):
            return None
        j = int(hits[0])
        placed[i] = SceneObject(kinds[i], cols[i], sizes[i] if j < half else "small",
                                float(xy[i, j, 0]), float(xy[i, j, 1]))
        boxes.append(c[j])
    return [placed[i] for i in range(n)]


def sample_scene(rng: np.random.Generator, theme: str | None = None,
                 n_objects: int | None = None, kinds: list[str] | None = None,
                 colors: list[str] | None = None, sign: str | None = None,
                 sign_style: str | None = None, frame: int | None = None) -> ObjectSceneSpec:
    if theme is not None and theme not in THEMES:
        raise ValueError(f"unknown theme {theme!r}; valid: {', '.join(THEME_NAMES)}")
    if n_objects is not None and not 3 <= n_objects <= 8:
        raise ValueError(f"n_objects must be in 3..8, got {n_objects}")
    if kinds is not None:
        bad = [k for k in kinds if k not in KINDS]
        if bad:
            raise ValueError(f"unknown kind(s) {bad}; valid: {', '.join(KIND_NAMES)}")
        if not 1 <= len(kinds) <= 8:
            raise ValueError(f"kinds: 1..8 objects, got {len(kinds)}")
        if n_objects is not None and n_objects != len(kinds):
            raise ValueError(f"n_objects={n_objects} but {len(kinds)} kinds given")
    if colors is not None:
        if kinds is None or len(colors) != len(kinds):
            raise ValueError("colors needs kinds of the same length")
        bad = [c for c in colors if c not in COLORS]
        if bad:
            raise ValueError(f"unknown color(s) {bad}; valid: {', '.join(COLORS)}")
    if sign_style is not None and sign_style not in SIGN_STYLES:
        raise ValueError(f"unknown sign_style {sign_style!r}; valid: {', '.join(SIGN_STYLES)}")
    theme = theme or rng_choice(rng, THEME_NAMES)
    objs = None
    for _ in range(40):
        ks = list(kinds) if kinds is not None else \
            [draw_kind(rng, theme) for _ in range(n_objects or int(rng.integers(3, 9)))]
        objs = place(rng, ks, colors)
        if objs is not None:
            break
    if objs is None:
        raise ValueError(f"could not place {kinds} without overlap")
    if sign is None:
        sign = rng_choice(rng, SIGN_WORDS) if rng.random() < 0.2 else ""
    style = sign_style or "shop"
    return ObjectSceneSpec(theme=theme, objects=objs,
                           frame=int(frame if frame is not None else rng.integers(1, 1000)),
                           sign=sign, sign_style=style)


# ----------------------------------------------------------------------------- facts


def scene_facts(spec: ObjectSceneSpec) -> dict:
    validate(spec)
    objs = sorted(spec.objects, key=lambda o: (o.x, o.depth))
    counts: dict[str, int] = {}
    color_counts: dict[str, int] = {}
    kc: dict[str, int] = {}
    for o in objs:
        counts[o.kind] = counts.get(o.kind, 0) + 1
        color_counts[o.color] = color_counts.get(o.color, 0) + 1
        kc[f"{o.color} {o.kind}"] = kc.get(f"{o.color} {o.kind}", 0) + 1
    return {
        "theme": spec.theme,
        "setting": THEMES[spec.theme]["setting"],
        "n_objects": len(objs),
        "n_kinds": len(counts),
        "frame": spec.frame,
        "objects": [{"kind": o.kind, "color": o.color, "size": o.size, "x": o.x,
                     "depth": o.depth, "horizontal": horizontal(o.x),
                     "depth_position": depth_position(o.depth)} for o in objs],
        "kinds": sorted(counts),
        "counts": dict(sorted(counts.items())),
        "color_counts": dict(sorted(color_counts.items())),
        "kind_color_counts": dict(sorted(kc.items())),
        "left_to_right": [o.kind for o in objs],
        "front_to_back": [o.kind for o in sorted(spec.objects, key=lambda o: (o.depth, o.x))],
        "sign": spec.sign,
        "sign_style": spec.sign_style if spec.sign else "",
    }


@register_family
class ObjectSceneFamily(Family):
    name = "object_scene"
    spec_cls = ObjectSceneSpec

    def sample_spec(self, rng: np.random.Generator, theme: str | None = None,
                    n_objects: int | None = None, kinds: list[str] | None = None,
                    colors: list[str] | None = None, sign: str | None = None,
                    sign_style: str | None = None, frame: int | None = None
                    ) -> ObjectSceneSpec:
        """Knobs: ``theme`` in THEMES; ``n_objects`` 3..8; ``kinds`` (exact list of kinds,
        1..8, e.g. to force duplicates) with optional ``colors`` per kind; ``sign`` ("" = none,
        None = 20% chance of a shop word); ``sign_style`` in SIGN_STYLES; ``frame`` number."""
        return sample_scene(rng, theme, n_objects, kinds, colors, sign, sign_style, frame)

    def facts(self, spec: ObjectSceneSpec) -> dict:
        return scene_facts(spec)

    def draw(self, spec: ObjectSceneSpec, canvas: Canvas) -> None:
        from renderers.objects_draw import draw_scene

        validate(spec)
        draw_scene(spec, canvas)
