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


# What a reader can tell from the picture (fractions of the image; 336 px: 20 px, 13 px). Two
# objects whose centres are less than SEPARATION apart, or one of which lies within the other's
# horizontal span (a cup behind a car), stand at the same place left to right: neither is
# "left of" the other. A region ("on the left") is clear only REGION_MARGIN inside its third, a
# depth ("near the front") only DEPTH_MARGIN of depth from the middle (0.042 of the height).
SEPARATION = 0.06
REGION_MARGIN = 0.04
DEPTH_MARGIN = 0.1


def as_object(o: "SceneObject | dict") -> SceneObject:
    """A SceneObject from itself or from an object of ``scene_facts`` (its kind, colour, size,
    x and depth)."""
    if isinstance(o, SceneObject):
        return o
    return SceneObject(o["kind"], o["color"], o["size"], o["x"], o["depth"])


def clear_horizontal(x: float) -> str | None:
    """``horizontal(x)`` where the picture shows it plainly: None for a centre within
    REGION_MARGIN of a third's boundary (a reader could place it in either region)."""
    if min(abs(x - 1 / 3), abs(x - 2 / 3)) < REGION_MARGIN:
        return None
    return horizontal(x)


def clear_depth_position(depth: float) -> str | None:
    """``depth_position(depth)`` where the picture shows it plainly (None within DEPTH_MARGIN
    of the middle)."""
    return None if abs(depth - 0.5) < DEPTH_MARGIN else depth_position(depth)


def clearly_left(a: "SceneObject | dict", b: "SceneObject | dict",
                 gap: float = SEPARATION) -> bool:
    """Whether a reader sees ``a`` to the left of ``b``: centres at least ``gap`` apart and
    neither object within the other's horizontal span. Takes SceneObjects or facts objects."""
    a, b = as_object(a), as_object(b)
    if b.x - a.x < gap:
        return False
    (a0, _, a1, _), (b0, _, b1, _) = object_box(a), object_box(b)
    return not (a0 <= b0 and b1 <= a1) and not (b0 <= a0 and a1 <= b1)


def left_to_right_groups(objs: list) -> list[list]:
    """``objs`` (SceneObjects or facts objects) left to right in groups that a reader can order:
    every object of a group is ``clearly_left`` of every object of the next groups, and a group
    holds several objects only where no such cut exists between them (they stand at about the
    same place). Sorted by centre, then depth, like ``left_to_right``."""
    order = sorted(objs, key=lambda o: (as_object(o).x, as_object(o).depth))
    groups: list[list] = []
    start = 0
    for cut in range(1, len(order) + 1):
        if cut == len(order) or all(clearly_left(a, b) for a in order[start:cut]
                                    for b in order[cut:]):
            groups.append(order[start:cut])
            start = cut
    return groups


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
