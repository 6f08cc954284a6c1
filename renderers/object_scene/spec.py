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

    python -c "import numpy as np, renderers; f = renderers.get_family('object_scene'); \
s = f.sample_spec(np.random.default_rng(0)); f.render(s, 336).save('scene.png')"
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

from renderers.spec import Spec


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

    family: ClassVar[str] = "object_scene"
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


def annotated_kinds(spec: "ObjectSceneSpec") -> list[str]:
    """The scene's kinds as an annotator lists them: each kind once, the most prominent first
    (largest on-screen area of any of its objects; ties left to right). POPE's positives are
    the first three annotated objects of an image, so this order decides which kinds it asks
    about: the big, salient ones, as in COCO's object lists."""
    best: dict[str, tuple[float, float]] = {}
    for o in spec.objects:
        x0, y0, x1, y1 = object_box(o)
        key = (-(x1 - x0) * (y1 - y0), o.x)
        if o.kind not in best or key < best[o.kind]:
            best[o.kind] = key
    return sorted(best, key=lambda k: best[k])


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
