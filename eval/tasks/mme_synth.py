"""MME-style paired yes/no subtasks generated from our renderers ("mme-synth").

MME gives every image exactly two questions, one answered yes and one answered no, and scores a
subtask by acc (questions right), acc+ (images with both right) and score = 100 * acc +
100 * acc+ (0..200). The official reading of an answer and the scoring come from
``eval/mme.py`` (lowercase; exactly yes/no, else the first 4 characters). Subtasks:

- perception (from ``object_scene`` scenes): existence, count, position (left/right of, in
  front of/behind), color, OCR (a shop sign: "Is the word X written in the image?");
- cognition: numerical_calculation (a chalkboard expression: "Is the answer to the expression
  in the image equal to N?"; the wrong N is the left-to-right slip when it differs);
- diagrams (from the existing families): shape_type (plane_geometry, no attached shapes),
  function_family (function, one curve, no formula shown), graph_property (graph: tree / cycle /
  directed).

Totals: perception_score (sum of the 5 perception subtasks, max 1000), cognition_score (max
200), diagram_score (max 600), total_score. ``n_images`` per subtask (option, default 30),
seeded by ``--seed``, cached as PNG files + ``questions.jsonl`` under the task's work folder;
``--data DIR`` reads such a folder. ``--limit`` keeps an image's two questions together and
takes images round-robin over the subtasks.

    mm-eval run --model builtin:oracle --tasks mme-synth --limit 40 --output-path runs/mme
"""
from __future__ import annotations

from collections import defaultdict
from pathlib import Path
from typing import Callable

import numpy as np

import renderers
from eval import mme
from eval.plots import grouped_bars
from eval.task import Task, TaskContext, register_task
from eval.tasks.pope import (keep_whole_groups, load_image, read_manifest, save_png,
                             write_manifest)
from renderers.object_scene import ObjectSceneFamily
from renderers.object_scene.spec import KINDS, PLURALS, SIGN_WORDS, THEMES, ObjectSceneSpec
from renderers.spec import rng_choice
from renderers.text import fmt_num

PERCEPTION = ("existence", "count", "position", "color", "OCR")
COGNITION = ("numerical_calculation",)
DIAGRAM = ("shape_type", "function_family", "graph_property")
SUBTASKS = PERCEPTION + COGNITION + DIAGRAM
N_IMAGES = 30
IMAGE_SIZE = 336
VERSION = 1
SUFFIX = " Please answer yes or no."
_STREAM = 5  # engines.dataset's stream id of "mme-synth"
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


def _a(word: str) -> str:
    return ("an " if word[0] in "aeiou" else "a ") + word


# ----------------------------------------------------------------------------- scene subtasks

_SCENES = ObjectSceneFamily()


def existence(rng: np.random.Generator) -> tuple[ObjectSceneSpec, QA] | None:
    spec = _SCENES.sample_spec(rng, sign="")
    present = {o.kind for o in spec.objects}
    near = [k for k in THEMES[spec.theme]["core"] if k not in present]  # expected but absent
    absent = near or [k for k in KINDS if k not in present]
    yes, no = rng_choice(rng, sorted(present)), rng_choice(rng, absent)
    return spec, [(f"Is there {_a(yes)} in this image?", "Yes"),
                  (f"Is there {_a(no)} in this image?", "No")]


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
    spec = _SCENES.sample_spec(rng, sign="")
    kinds = [o.kind for o in spec.objects]
    uniq = [o for o in spec.objects if kinds.count(o.kind) == 1]
    horiz = [(a, b) for a in uniq for b in uniq if a is not b and abs(a.x - b.x) >= 0.2]
    depth = [(a, b) for a in uniq for b in uniq if a is not b and abs(a.depth - b.depth) >= 0.35]
    if not horiz and not depth:
        return None
    if horiz and (not depth or rng.random() < 0.6):
        a, b = horiz[int(rng.integers(len(horiz)))]
        true, false = ("left", "right") if a.x < b.x else ("right", "left")
        t = "Is the {a} on the {w} of the {b} in this image?"
    else:
        a, b = depth[int(rng.integers(len(depth)))]
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
    return spec, [(f"Is there {_a(o.color)} {o.kind} in this image?", "Yes"),
                  (f"Is there {_a(wrong)} {o.kind} in this image?", "No")]


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
# a "no" question must not name a category the shape also belongs to or may look like
_SHAPE_CLOSE = {"square": {"rectangle", "rhombus", "parallelogram"},
                "rectangle": {"square", "parallelogram"},
                "rhombus": {"square", "parallelogram"},
                "parallelogram": {"rectangle", "rhombus", "square", "trapezoid"},
                "trapezoid": {"parallelogram"}, "circle": {"sector"}, "sector": {"circle"},
                "heptagon": {"octagon", "hexagon"}, "octagon": {"heptagon"},
                "hexagon": {"heptagon"}}


def shape_type(rng: np.random.Generator):
    import renderers.plane_geometry.spec as geo

    base = rng_choice(rng, geo.BASES)
    spec = renderers.get_family("plane_geometry").sample_spec(rng, base=base, n_attached=0)
    cat = _POLYGONS[int(round(spec.params["n"]))] if base == "regular_polygon" else \
        _SHAPE_CAT[base]
    pool = [c for c in SHAPE_CATS if c != cat and c not in _SHAPE_CLOSE.get(cat, set())]
    wrong = rng_choice(rng, pool)
    q = "Is the shape in the figure {c}?"
    return spec, [(q.format(c=_a(cat)), "Yes"), (q.format(c=_a(wrong)), "No")]


_FUNC_DESC = {"sine": "a sine curve", "cosine": "a sine curve", "tangent": "a tangent curve",
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


def function_family(rng: np.random.Generator):
    import renderers.function.spec as fn

    kind = rng_choice(rng, fn.KINDS)
    spec = renderers.get_family("function").sample_spec(rng, kind=kind, n_functions=1,
                                                        show_expression="none")
    wrong = rng_choice(rng, _FUNC_FAR[kind])
    q = "Is the plotted function {d}?"
    return spec, [(q.format(d=_FUNC_DESC[kind]), "Yes"), (q.format(d=_FUNC_DESC[wrong]), "No")]


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
        item = GENERATORS[subtask](np.random.default_rng([seed, _STREAM, s, i, attempt]))
        if item is not None:
            return item
    raise RuntimeError(f"mme-synth: no item for {subtask} image {i} in 200 draws")


# ----------------------------------------------------------------------------- the task


def synthetic_docs(ctx: TaskContext) -> list[dict]:
    n = int(ctx.options.get("n_images", N_IMAGES))
    size = int(ctx.options.get("image_size", IMAGE_SIZE))
    if n < 1:
        raise ValueError(f"option n_images must be >= 1, got {n}")
    keep = len(SUBTASKS) * n if ctx.limit is None else min(len(SUBTASKS) * n,
                                                           max(1, ctx.limit // 2))
    slots = [(s, i) for i in range(n) for s in SUBTASKS][:keep]  # round-robin over subtasks
    folder = Path(ctx.work) / f"seed{ctx.seed}-n{n}-{size}px-v{VERSION}" if ctx.work else None
    docs = []
    for s, i in slots:
        spec, qa = make_item(s, ctx.seed, i)
        key = f"{s}/{i:03d}"
        rel = f"images/{s}/{i:03d}.png"
        if folder is not None and not (folder / rel).is_file():
            save_png(renderers.render(spec, size), folder / rel)
        for j, (q, a) in enumerate(qa):
            docs.append({"id": f"{key}/{j}", "subtask": s, "category": category(s),
                         "image": key, "group": key, "question": q, "target": a,
                         "spec": spec.to_json(), "image_size": size, "image_file": rel,
                         "image_path": str(folder / rel) if folder else None})
    if folder is not None:
        write_manifest(folder, docs)
    return docs


def _with_counts(docs: list[dict]) -> list[dict]:
    """Add what the scorer needs to count a question lost to an error as wrong."""
    per_image: dict[str, int] = defaultdict(int)
    per_sub: dict[str, int] = defaultdict(int)
    images: dict[str, set] = defaultdict(set)
    for d in docs:
        if d.get("subtask"):
            per_image[d["image"]] += 1
            per_sub[d["subtask"]] += 1
            images[d["subtask"]].add(d["image"])
    asked = {s: [per_sub[s], len(images[s])] for s in SUBTASKS if s in per_sub}
    for d in docs:
        if d.get("subtask"):
            d.update(image_questions=per_image[d["image"]],
                     subtask_questions=per_sub[d["subtask"]],
                     subtask_images=len(images[d["subtask"]]), asked=asked)
    return docs


def metrics(records: list[dict]) -> dict:
    """Per-subtask MME metrics (official rules, eval/mme.py) and the three totals."""
    groups: dict[str, dict[str, list]] = defaultdict(lambda: defaultdict(list))
    info: dict[str, tuple[int, int]] = {}
    need: dict[str, int] = {}
    for r in records:
        groups[r["subtask"]][r["image"]].append(
            mme.Answer(r["image"], r["target"].lower(), r["parsed"]))
        info[r["subtask"]] = (r["subtask_questions"], r["subtask_images"])
        need[r["image"]] = r["image_questions"]
    asked: dict = {}
    for r in records:
        asked.update(r.get("asked") or {})
    per = {}
    for s in SUBTASKS:
        if s in groups:
            imgs = list(groups[s])
            per[s] = mme.subtask_metrics([groups[s][k] for k in imgs], *info[s],
                                         sizes=[need[k] for k in imgs])
        elif s in asked:  # asked, but every question of it ended in an error
            per[s] = mme.subtask_metrics([], *asked[s])
    tot = {f"{c}_score": sum(m["score"] for s, m in per.items() if category(s) == c)
           for c in ("perception", "cognition", "diagram")}
    nq = sum(m["n_questions"] for m in per.values())
    right = sum(m["acc"] * m["n_questions"] for m in per.values())
    yes = sum(m["yes_ratio"] * m["n_questions"] for m in per.values())
    return {**tot, "total_score": sum(tot.values()), "acc": right / nq if nq else 0.0,
            "yes_ratio": yes / nq if nq else 0.0, "n_other": sum(m["n_other"]
                                                                 for m in per.values()),
            "per_subtask": per}


@register_task
class MMESynth(Task):
    name = "mme-synth"
    description = "MME-style paired yes/no on rendered scenes and diagrams: acc, acc+, score"
    output = "generate"
    max_new_tokens = 16
    parser = "mme-official (lowercase; exact yes/no, else first 4 characters)"

    def docs(self, ctx: TaskContext) -> list[dict]:
        if ctx.data:
            folder = Path(ctx.data)
            if not (folder / "questions.jsonl").is_file():
                raise ValueError(f"--data {folder}: not an mme-synth folder (expected "
                                 f"questions.jsonl and images/ as written by this task)")
            docs = read_manifest(folder, ("id", "subtask", "image", "question", "target",
                                          "image_file", "group"))
            return _with_counts(keep_whole_groups(docs, ctx.limit))
        return _with_counts(synthetic_docs(ctx))

    def image(self, doc):
        return load_image(doc)

    def prompt(self, doc):
        return doc["question"] + SUFFIX

    def oracle(self, doc):
        return doc["target"]

    def process(self, doc, output):
        return mme.judged_record(doc, output, extra=("asked",))

    def aggregate(self, records):
        return metrics(records)

    def plots(self, records, metrics, out):
        per = metrics["per_subtask"]
        subs = list(per)
        title = (f"mme-synth: perception {metrics['perception_score']:.0f}, cognition "
                 f"{metrics['cognition_score']:.0f}, diagram {metrics['diagram_score']:.0f}")
        return [grouped_bars(Path(out) / "mme-synth.png", subs,
                             {"acc x100": [100 * per[s]["acc"] for s in subs],
                              "acc+ x100": [100 * per[s]["acc_plus"] for s in subs]},
                             title, "points", (0, 125))]
