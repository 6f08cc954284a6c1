"""``mme-synth``: MME-style paired yes/no questions on rendered scenes and diagrams.

MME gives every image exactly two questions, one answered yes and one answered no. Subtasks:

- perception (from ``object_scene`` scenes): existence, count, position (left/right of; in
  front of/behind only for a pair at about one place left to right, as the captions say it),
  color, OCR (a shop sign: "Is the word X written in the image?");
- cognition: numerical_calculation (a chalkboard expression: "Is the answer to the expression
  in the image equal to N?"; the wrong N is the left-to-right slip when it differs);
- diagrams (from the existing families): shape_type (plane_geometry, no attached shapes),
  function_family (function, one curve, no formula shown), graph_property (graph: tree / cycle /
  directed).

Unit u is image u // 9 of subtask u % 9 (round-robin over the subtasks, so any prefix is
balanced), two rows (its Yes and its No question); its draws depend on (seed, subtask, image)
alone. The task eval/tasks/mme_synth.py asks the questions and scores them.

    mm-data mme-synth --n-images 30 --out data/mme-synth --seed 0
"""
from __future__ import annotations

from typing import Callable

import numpy as np

import renderers
from engines.cliutil import add_build_arguments
from engines.dataset import BuildConfig, Builder, image_cell, register_builder
from engines.dataset import columns as col
from engines.dataset.streams import STREAMS
from engines.mavis.object_scene.caption import one_before_other
from engines.mavis.text import article
from renderers.object_scene import ObjectSceneFamily
from renderers.object_scene.spec import (KINDS, PLURALS, SIGN_WORDS, THEMES, ObjectSceneSpec,
                                         clearly_left)
from renderers.spec import rng_choice
from renderers.text import fmt_num

PERCEPTION = ("existence", "count", "position", "color", "OCR")
COGNITION = ("numerical_calculation",)
DIAGRAM = ("shape_type", "function_family", "graph_property")
SUBTASKS = PERCEPTION + COGNITION + DIAGRAM
N_IMAGES = 30
SUFFIX = " Please answer yes or no."  # what the task (and MME) appends to every question
_WORDS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five"}

QA = list[tuple[str, str]]  # [(question, "Yes"), (question, "No")]


def category(subtask: str) -> str:
    if subtask in PERCEPTION:
        return "perception"
    if subtask in COGNITION:
        return "cognition"
    if subtask in DIAGRAM:
        return "diagram"
    raise ValueError(f"unknown mme-synth subtask {subtask!r}; valid: {', '.join(SUBTASKS)}")




# ----------------------------------------------------------------------------- scene subtasks

_SCENES = ObjectSceneFamily()


def existence_question(kind: str) -> str:
    return f"Is there {article(kind)} in this image?"


def existence(rng: np.random.Generator) -> tuple[ObjectSceneSpec, QA] | None:
    spec = _SCENES.sample_spec(rng, sign="")
    present = {o.kind for o in spec.objects}
    near = [k for k in THEMES[spec.theme]["core"] if k not in present]  # expected but absent
    absent = near or [k for k in KINDS if k not in present]
    yes, no = rng_choice(rng, sorted(present)), rng_choice(rng, absent)
    return spec, [(existence_question(yes), "Yes"), (existence_question(no), "No")]


def _count_q(kind: str, n: int) -> str:
    if n == 1:
        return f"Is there exactly one {kind} in this image?"
    return f"Are there {_WORDS[n]} {PLURALS[kind]} in this image?"


def count(rng: np.random.Generator) -> tuple[ObjectSceneSpec, QA] | None:
    theme = rng_choice(rng, tuple(THEMES))
    core = THEMES[theme]["core"]
    kind = rng_choice(rng, core)
    n = int(rng.choice([1, 2, 3, 4], p=[0.2, 0.35, 0.3, 0.15]))
    others = [k for k in core if k != kind]
    m = int(rng.integers(2, 5))  # 3..8 objects in all
    kinds = [kind] * n + [others[int(i)] for i in rng.choice(len(others), m, replace=False)]
    kinds = [kinds[int(i)] for i in rng.permutation(len(kinds))]
    try:
        spec = _SCENES.sample_spec(rng, theme=theme, kinds=kinds, sign="")
    except ValueError:  # too crowded to place: the caller draws again
        return None
    wrong = n + 1 if n == 1 or rng.random() < 0.5 else n - 1
    return spec, [(_count_q(kind, n), "Yes"), (_count_q(kind, wrong), "No")]


def position(rng: np.random.Generator) -> tuple[ObjectSceneSpec, QA] | None:
    """A left/right question (six in ten) or a front/behind one. "in front of" and "behind" are
    asked, as the captions say them, only of two objects at about one place left to right
    (``one_before_other``), never of a cup on the far right "behind" a banana on the left."""
    spec = _SCENES.sample_spec(rng, sign="")
    kinds = [o.kind for o in spec.objects]
    uniq = [o for o in spec.objects if kinds.count(o.kind) == 1]
    side = rng.random() < 0.6
    if side:
        pairs = [(a, b) for a in uniq for b in uniq
                 if clearly_left(a, b, 0.2) or clearly_left(b, a, 0.2)]
    else:
        pairs = [(a, b) for a in uniq for b in uniq if a is not b and
                 abs(a.depth - b.depth) >= 0.35 and one_before_other(a, b)]
    if not pairs:
        return None  # no plain pair of the kind drawn: the caller draws again
    a, b = pairs[int(rng.integers(len(pairs)))]
    if side:
        true, false = ("left", "right") if a.x < b.x else ("right", "left")
        t = "Is the {a} on the {w} of the {b} in this image?"
    else:
        true, false = ("in front of", "behind") if a.depth < b.depth else \
            ("behind", "in front of")
        t = "Is the {a} {w} the {b} in this image?"
    return spec, [(t.format(a=a.kind, b=b.kind, w=true), "Yes"),
                  (t.format(a=a.kind, b=b.kind, w=false), "No")]


def color(rng: np.random.Generator) -> tuple[ObjectSceneSpec, QA] | None:
    spec = _SCENES.sample_spec(rng, sign="")
    o = spec.objects[int(rng.integers(len(spec.objects)))]
    have = {x.color for x in spec.objects if x.kind == o.kind}
    # prefer a colour another object in the scene wears: the question tests binding
    pool = sorted({x.color for x in spec.objects} - have) or \
        sorted(set(KINDS[o.kind].colors) - have)
    if not pool:
        return None
    wrong = rng_choice(rng, pool)
    return spec, [(f"Is there {article(o.color)} {o.kind} in this image?", "Yes"),
                  (f"Is there {article(wrong)} {o.kind} in this image?", "No")]


def ocr(rng: np.random.Generator) -> tuple[ObjectSceneSpec, QA] | None:
    word = rng_choice(rng, SIGN_WORDS)
    similar = [w for w in SIGN_WORDS if w != word and abs(len(w) - len(word)) <= 1]
    other = rng_choice(rng, similar or [w for w in SIGN_WORDS if w != word])
    spec = _SCENES.sample_spec(rng, sign=word, sign_style="shop",
                               n_objects=int(rng.integers(3, 6)))
    return spec, [(f'Is the word "{word}" written in the image?', "Yes"),
                  (f'Is the word "{other}" written in the image?', "No")]


# ----------------------------------------------------------------------------- arithmetic


def evaluate(tokens: list) -> int:
    """Standard precedence (× and ÷ before + and -), left to right within a level."""
    vals, ops = [tokens[0]], []
    for op, v in zip(tokens[1::2], tokens[2::2]):
        if op == "×":
            vals[-1] = vals[-1] * v
        elif op == "÷":
            vals[-1] = vals[-1] // v
        else:
            vals.append(v)
            ops.append(op)
    out = vals[0]
    for op, v in zip(ops, vals[1:]):
        out = out + v if op == "+" else out - v
    return out


def left_to_right(tokens: list) -> int:
    """The common slip: ignore precedence."""
    out = tokens[0]
    for op, v in zip(tokens[1::2], tokens[2::2]):
        out = {"+": out + v, "-": out - v, "×": out * v, "÷": out // v}[op]
    return out


def expression(rng: np.random.Generator) -> list:
    """Tokens of a small expression with a non-negative integer value."""
    while True:
        form = int(rng.integers(3))
        if form == 0:
            q, b = int(rng.integers(2, 13)), int(rng.integers(2, 10))
            toks = [q * b, "÷", b, rng_choice(rng, ("+", "-", "×")), int(rng.integers(2, 10))]
        elif form == 1:
            toks = [int(rng.integers(2, 21)), rng_choice(rng, ("+", "-")),
                    int(rng.integers(2, 13)), "×", int(rng.integers(2, 10))]
        else:
            toks = [int(rng.integers(2, 13)), "×", int(rng.integers(2, 10)),
                    rng_choice(rng, ("+", "-")), int(rng.integers(2, 30))]
        if evaluate(toks) >= 0 and all(t >= 0 for t in toks[::2]):
            return toks


def numerical_calculation(rng: np.random.Generator) -> tuple[ObjectSceneSpec, QA] | None:
    toks = expression(rng)
    value = evaluate(toks)
    slip = left_to_right(toks)
    wrong = slip if slip != value and slip >= 0 else value + int(rng_choice(rng, (-2, -1, 1, 2,
                                                                                 10)))
    if wrong < 0:
        wrong = value + 1
    text = " ".join(str(t) for t in toks) + " = ?"
    spec = _SCENES.sample_spec(rng, sign=text, sign_style="board",
                               n_objects=int(rng.integers(3, 6)))
    q = "Is the answer to the expression in the image equal to {n}?"
    return spec, [(q.format(n=fmt_num(value)), "Yes"), (q.format(n=fmt_num(wrong)), "No")]


# ----------------------------------------------------------------------------- diagram subtasks

_SHAPE_CAT = {"scalene_triangle": "triangle", "right_triangle": "triangle",
              "isosceles_triangle": "triangle", "equilateral_triangle": "triangle",
              "square": "square", "rectangle": "rectangle", "parallelogram": "parallelogram",
              "trapezoid": "trapezoid", "rhombus": "rhombus", "circle": "circle",
              "sector": "sector"}
_POLYGONS = {5: "pentagon", 6: "hexagon", 7: "heptagon", 8: "octagon"}
SHAPE_CATS = ("triangle", "square", "rectangle", "parallelogram", "trapezoid", "rhombus",
              "pentagon", "hexagon", "heptagon", "octagon", "circle", "sector")
# a "no" question must not name a category the shape also belongs to or may look like; a
# trapezoid has at least one pair of parallel sides in the inclusive definition, so every
# parallelogram (a square, a rectangle, a rhombus) is one there and is never asked about it
_SHAPE_CLOSE = {"square": {"rectangle", "rhombus", "parallelogram", "trapezoid"},
                "rectangle": {"square", "parallelogram", "trapezoid"},
                "rhombus": {"square", "parallelogram", "trapezoid"},
                "parallelogram": {"rectangle", "rhombus", "square", "trapezoid"},
                "trapezoid": {"parallelogram"}, "circle": {"sector"}, "sector": {"circle"},
                "heptagon": {"octagon", "hexagon"}, "octagon": {"heptagon"},
                "hexagon": {"heptagon"}}


def shape_category(spec) -> str:
    """The category (one of ``SHAPE_CATS``) of a plane figure's base shape."""
    if spec.base == "regular_polygon":
        return _POLYGONS[int(round(spec.params["n"]))]
    return _SHAPE_CAT[spec.base]


def shape_type(rng: np.random.Generator):
    import renderers.plane_geometry.spec as geo

    base = rng_choice(rng, geo.BASES)
    spec = renderers.get_family("plane_geometry").sample_spec(rng, base=base, n_attached=0)
    cat = shape_category(spec)
    pool = [c for c in SHAPE_CATS if c != cat and c not in _SHAPE_CLOSE.get(cat, set())]
    wrong = rng_choice(rng, pool)
    return spec, [(SHAPE_CLAIM.format(c=article(cat)), "Yes"),
                  (SHAPE_CLAIM.format(c=article(wrong)), "No")]


# how a claim names a function kind ("Is the plotted function a sine curve?")
FUNCTION_CLAIMS = {
    "sine": "a sine curve", "cosine": "a sine curve", "tangent": "a tangent curve",
    "exponential": "an exponential function", "logarithm": "a logarithmic function",
    "absolute": "an absolute value function", "polynomial": "a polynomial function",
    "piecewise": "a piecewise-defined function"}
_FUNC_FAR = {
    "sine": ("tangent", "exponential", "logarithm", "absolute"),
    "cosine": ("tangent", "exponential", "logarithm", "absolute"),
    "tangent": ("sine", "exponential", "logarithm", "absolute"),
    "exponential": ("sine", "tangent", "absolute"),
    "logarithm": ("sine", "tangent", "absolute"),
    "absolute": ("sine", "tangent", "exponential", "logarithm"),
    "polynomial": ("sine", "tangent", "absolute"),
    "piecewise": ("sine", "tangent", "exponential", "logarithm"),
}


FUNCTION_CLAIM = "Is the plotted function {d}?"
SHAPE_CLAIM = "Is the shape in the figure {c}?"


def function_family(rng: np.random.Generator):
    import renderers.function.spec as fn

    # the kinds this subtask words a claim for, in the renderer's order (a kind the renderer
    # gains later does not move the set's draws)
    kind = rng_choice(rng, tuple(k for k in fn.KINDS if k in FUNCTION_CLAIMS))
    spec = renderers.get_family("function").sample_spec(rng, kind=kind, n_functions=1,
                                                        show_expression="none")
    wrong = rng_choice(rng, _FUNC_FAR[kind])
    return spec, [(FUNCTION_CLAIM.format(d=FUNCTION_CLAIMS[kind]), "Yes"),
                  (FUNCTION_CLAIM.format(d=FUNCTION_CLAIMS[wrong]), "No")]


def graph_property(rng: np.random.Generator):
    kind = rng_choice(rng, ("tree", "directed", "general", "cycle", "complete", "bipartite",
                            "grid", "weighted"))
    fam = renderers.get_family("graph")
    spec = fam.sample_spec(rng, kind=kind)
    f = fam.facts(spec)
    tree, cyc, dire = "Is the graph a tree?", "Does the graph contain a cycle?", \
        "Is the graph directed?"
    if f["directed"]:
        return spec, [(dire, "Yes"), ("Is the graph undirected?", "No")]
    if f["is_tree"]:
        yes, no = tree, cyc
    elif f["has_cycle"] and f["is_connected"]:
        yes, no = cyc, tree
    else:
        return None  # a forest of several trees: neither clean yes nor clean no
    # "undirected?" is asked of undirected graphs too, so its wording never gives it away
    r = rng.random()
    if r < 0.25:
        yes = "Is the graph undirected?"
    elif r < 0.5:
        no = dire
    return spec, [(yes, "Yes"), (no, "No")]


GENERATORS: dict[str, Callable] = {
    "existence": existence, "count": count, "position": position, "color": color,
    "OCR": ocr, "numerical_calculation": numerical_calculation, "shape_type": shape_type,
    "function_family": function_family, "graph_property": graph_property,
}


def make_item(subtask: str, seed: int, i: int):
    """Image ``i`` of ``subtask``: (spec, two (question, answer) pairs), from (seed, subtask,
    i) alone. A draw that cannot give a clean yes and a clean no is drawn again."""
    s = SUBTASKS.index(subtask)
    for attempt in range(200):
        rng = np.random.default_rng([seed, STREAMS["mme-synth"], s, i, attempt])
        item = GENERATORS[subtask](rng)
        if item is not None:
            return item
    raise RuntimeError(f"mme-synth: no item for {subtask} image {i} in 200 draws")


# ----------------------------------------------------------------------------- the dataset


def unit_item(u: int) -> tuple[str, int]:
    """(subtask, image index) of unit ``u``: round-robin over the subtasks."""
    return SUBTASKS[u % len(SUBTASKS)], u // len(SUBTASKS)


def image_id(subtask: str, i: int) -> str:
    return f"{subtask}/{i:03d}"


def mme_synth_config(n_images: int, seed: int = 0, image_size: int = 336,
                     chunk_size: int = 256) -> BuildConfig:
    """The first ``n_images`` images (round-robin over the subtasks, so any count is balanced);
    their two questions each."""
    return BuildConfig(kind="mme-synth", n=2 * n_images, seed=seed, image_size=image_size,
                       chunk_size=chunk_size)


@register_builder
class MMESynthBuilder(Builder):
    kind = "mme-synth"
    size_flag = "--n-images"
    order = 60
    help = "evaluation set: MME-style paired yes/no"
    count_columns = ("subtask", "answer")
    description = ("MME-style paired yes/no questions on rendered scenes and diagrams: every "
                   "image has one question answered Yes and one answered No; subtasks "
                   "existence, count, position, color, OCR, numerical_calculation, shape_type, "
                   "function_family, graph_property, taken round-robin.")

    def add_arguments(self, p):
        p.add_argument("--n-images", type=int, default=N_IMAGES,
                       help="images per subtask (two questions each)")
        add_build_arguments(p, rows=False, families=False)

    def config_from_args(self, a):
        if a.n_images < 1:
            raise ValueError(f"--n-images: must be >= 1, got {a.n_images}")
        return mme_synth_config(len(SUBTASKS) * a.n_images, a.seed, a.image_size, a.chunk_size)

    def unit_size(self, cfg):
        return 2

    def features(self, cfg):
        s = col.string()
        return col.features({"id": s, "image": col.image(), "image_id": s, "subtask": s,
                             "category": s, "question": s, "answer": s, "spec": s})

    def unit_rows(self, cfg, u):
        subtask, i = unit_item(u)
        spec, qa = make_item(subtask, cfg.seed, i)
        key = image_id(subtask, i)
        cell = image_cell(renderers.render(spec, cfg.image_size))
        return [{"id": f"{key}/{j}", "image": cell, "image_id": key, "subtask": subtask,
                 "category": category(subtask), "question": q, "answer": a,
                 "spec": spec.to_json()} for j, (q, a) in enumerate(qa)]
