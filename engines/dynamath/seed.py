"""DynaMath seed questions as programs: the base class, the registry, and variant generation.

A seed question is one small class: what it is (topic, knowledge level, answer type, the
variation kinds it exercises), a parameter sampler taking an explicit RNG, the question text,
the answer computed from the parameters (never read back from the image), the diagram as a
renderer spec, and optionally an independent checker. Adding a seed is one decorated class:

    @register_seed
    class TriangleArea(SeedQuestion):
        seed_id = "plane-triangle-area"
        topic, level, answer_type = "plane geometry", "high school", "float"
        kinds = ("numerical value", "geometric transformation")
        def sample(self, rng): ...
        def question(self, p): ...
        def answer(self, p): ...
        def diagram(self, p): ...

A multiple-choice seed that lists candidate answers, the right one first, and shows them in
an order drawn by its sampler subclasses ``ShuffledCandidates`` and writes ``candidates`` in
place of ``options`` and ``answer``.

Variant v of seed q under build seed S is drawn from an RNG seeded by (S, q, v) alone, so it
is the same bytes whatever else is generated and in which order (DynaMath cannot promise this).

The eighth variation kind, "irrelevant clause" (GSM-Symbolic's NoOp, ICLR 2025, carried over to
images): a seed that lists it in ``kinds`` declares ``clauses``, sentences that state something
true and plausible the answer does not depend on (a value of an unasked quantity, an unneeded
fact). Each variant draws, from a stream of its own (so the other parameters stay those of the
plain variant), whether to add one; the drawn clause is ``params["irrelevant_clause"]`` (None
when the variant has none). ``with_clause`` puts it just before the sentence that asks, or in
front of the whole text where that sentence holds a pronoun that may point back ("What is its
image?"), so it never comes between a pronoun and what the pronoun names. A seed may also draw
it in the figure by reading that key in ``diagram``. ``clause_problems`` proves the answer, the
options and the independent check the same with and without it, and that a point or vector the
clause names as another, undrawn one is none the figure draws.

    mm-data dynamath list
"""
from __future__ import annotations

import re
import zlib
from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np

from engines.dynamath.visual import VISUAL_TYPES, spec_visual_type
from mm.registry import Registry
from renderers.spec import Spec
from renderers.text import fmt_num

TOPICS = ("solid geometry", "plane geometry", "analytic geometry", "algebra", "puzzle test",
          "graph theory", "arithmetic", "scientific figure", "statistics")
LEVELS = ("elementary school", "high school", "undergraduate")
ANSWER_TYPES = ("multiple choice", "float", "text")
IRRELEVANT = "irrelevant clause"
KINDS = ("numerical value", "geometric transformation", "function type", "color",
         "symbolic substitution", "graph structure", "real-life context", IRRELEVANT)
CLAUSE_KEY = "irrelevant_clause"  # the params key of the drawn clause (None: none drawn)
CLAUSE_RATE = 0.5  # share of a clause seed's variants that carry one
CLAUSE_STREAM = 8  # the clause draw's own entry of the variant's seed sequence
# what a clause template's fields are filled with: small counts, larger counts, coordinates
CLAUSE_FIELDS = {"n": (2, 9), "m": (10, 60), "x": (-5, 5), "y": (-5, 5)}
CLAUSE_COLORS = ("blue", "red", "green", "purple", "orange", "brown")
LETTERS = "ABCDE"


class SeedQuestion:
    """One seed question. Subclasses set the class attributes and implement the methods."""

    seed_id: ClassVar[str] = ""
    topic: ClassVar[str] = ""
    level: ClassVar[str] = ""
    answer_type: ClassVar[str] = ""
    kinds: ClassVar[tuple[str, ...]] = ()
    canonical: ClassVar[dict | None] = None  # params of variant 0 when pinned
    #: irrelevant-clause templates (seeds whose kinds hold "irrelevant clause"): {n} 2-9,
    #: {m} 10-60, {x} / {y} nonzero -5..5, {color} a colour name
    clauses: ClassVar[tuple[str, ...]] = ()
    #: put the clause in front of the whole text even where the asking sentence holds no
    #: pronoun (``with_clause`` already does so where it holds one)
    clause_first: ClassVar[bool] = False
    #: the figure's visual type where its spec does not say it (empty: from the spec, see
    #: engines/dynamath/visual.py)
    visual_type: ClassVar[str] = ""

    def sample(self, rng: np.random.Generator) -> dict:
        """Draw the parameters of one variant (JSON-able dict)."""
        raise NotImplementedError

    def question(self, p: dict) -> str:
        """The question text (without the choices, which are added for multiple choice)."""
        raise NotImplementedError

    def answer(self, p: dict) -> Any:
        """float for "float", str for "text", the right option's text for "multiple choice"."""
        raise NotImplementedError

    def options(self, p: dict) -> list[str] | None:
        """The 4-5 options of a multiple-choice question (the answer among them), in order."""
        return None

    def diagram(self, p: dict) -> Spec:
        """The renderer spec of this variant's image."""
        raise NotImplementedError

    def check(self, p: dict) -> Any:
        """An independent re-derivation of the answer, or None where the seed has none."""
        return None

    def clause(self, p: dict, rng: np.random.Generator) -> dict:
        """One irrelevant clause for the variant p: {"text": sentence, ...} (JSON-able; extra
        keys are for a seed that also draws it). Default: a template of ``clauses`` filled."""
        t = self.clauses[int(rng.integers(len(self.clauses)))]
        vals = {k: _nonzero(rng, lo, hi) for k, (lo, hi) in CLAUSE_FIELDS.items()}
        if "{x}" in t and "{y}" in t:
            # "Point Z(x, y) ... is not drawn" is false where (x, y) is a point the figure draws
            taken = figure_points(self.diagram({**p, CLAUSE_KEY: None}))
            while (vals["x"], vals["y"]) in taken:
                vals["x"], vals["y"] = (_nonzero(rng, *CLAUSE_FIELDS[k]) for k in "xy")
        vals["color"] = CLAUSE_COLORS[int(rng.integers(len(CLAUSE_COLORS)))]
        return {"text": t.format(**vals), **({"first": True} if self.clause_first else {})}


def _nonzero(rng: np.random.Generator, lo: int, hi: int) -> int:
    """A clause field: coordinates stay off the axes, counts are positive anyway."""
    v = 0
    while v == 0:
        v = int(rng.integers(lo, hi + 1))
    return v


def figure_points(spec: Spec) -> set[tuple[float, float]]:
    """Every point a spec places (the entries of its "pts", "points", "markers" and "marks"
    lists, as pairs or as {"x", "y"}), and every drawn vector's components (head - tail):
    what a clause may not call another, undrawn point or vector."""
    out: set[tuple[float, float]] = set()

    def pair(e) -> tuple[float, float] | None:
        if isinstance(e, (list, tuple)) and len(e) == 2 and all(
                isinstance(t, (int, float)) for t in e):
            return float(e[0]), float(e[1])
        if isinstance(e, dict) and all(isinstance(e.get(k), (int, float)) for k in "xy"):
            return float(e["x"]), float(e["y"])
        return None

    def walk(o) -> None:
        if isinstance(o, dict):
            for k, v in o.items():
                if k in ("pts", "points", "markers", "marks") and isinstance(v, list):
                    got = [q for q in map(pair, v) if q is not None]
                    out.update(got)
                    if o.get("kind") == "vector" and len(got) == 2:
                        out.add((got[1][0] - got[0][0], got[1][1] - got[0][1]))
                walk(v)
        elif isinstance(o, list):
            for e in o:
                walk(e)

    walk(spec.to_dict())
    return out


class ShuffledCandidates(SeedQuestion):
    """A multiple-choice seed whose options are its candidate texts, the right one first
    (``candidates``), shown in the order its sampler drew into ``p["order"]`` (``draw_order``).
    A seed that computes its answer another way (a name read off a table) overrides ``answer``."""

    def candidates(self, p: dict) -> list[str]:
        """The option texts, the right one first."""
        raise NotImplementedError

    def options(self, p: dict) -> list[str]:
        c = self.candidates(p)
        return [c[i] for i in p["order"]]

    def answer(self, p: dict) -> str:
        return self.candidates(p)[0]


def draw_order(rng: np.random.Generator, n: int = 4) -> list[int]:
    """The order the n candidates are shown in (JSON-able): the right one's letter varies."""
    return [int(i) for i in rng.permutation(n)]


def _check_seed(sid: str, q: SeedQuestion) -> None:
    """Refuse a seed whose topic, level, answer type or variation kinds are not DynaMath's."""
    if q.topic not in TOPICS:
        raise ValueError(f"{sid}: topic {q.topic!r}; valid: {', '.join(TOPICS)}")
    if q.level not in LEVELS:
        raise ValueError(f"{sid}: level {q.level!r}; valid: {', '.join(LEVELS)}")
    if q.answer_type not in ANSWER_TYPES:
        raise ValueError(f"{sid}: answer_type {q.answer_type!r}; valid: "
                         f"{', '.join(ANSWER_TYPES)}")
    bad = [k for k in q.kinds if k not in KINDS]
    if bad or not q.kinds:
        raise ValueError(f"{sid}: variation kinds {bad or '(none)'}; valid: {', '.join(KINDS)}")
    own = type(q).clause is not SeedQuestion.clause
    if (IRRELEVANT in q.kinds) != bool(q.clauses or own):
        raise ValueError(f"{sid}: lists {IRRELEVANT!r} in kinds without clauses, or clauses "
                         f"without the kind")
    if q.visual_type and q.visual_type not in VISUAL_TYPES:
        raise ValueError(f"{sid}: visual_type {q.visual_type!r}; valid: {', '.join(VISUAL_TYPES)}")


SEEDS: Registry[SeedQuestion] = Registry("seed question", package="engines.dynamath.seeds",
                                         key="seed_id", instantiate=True, check=_check_seed)


def register_seed(cls: type[SeedQuestion]) -> type[SeedQuestion]:
    """Class decorator: register one seed question (an instance of it) under its seed_id."""
    return SEEDS.register(cls)


def load_seeds() -> dict[str, SeedQuestion]:
    """Every seed question, seed id -> seed, sorted by id (imports engines.dynamath.seeds)."""
    return dict(SEEDS.items())


def resolve_seeds(sel: str | list[str]) -> list[str]:
    """'all' or ids (comma separated or a list) -> sorted ids; unknown ids raise with the list."""
    ids = sel.split(",") if isinstance(sel, str) else list(sel)
    ids = [i.strip() for i in ids if i.strip()]
    if ids == ["all"]:
        return SEEDS.names()
    bad = [i for i in ids if i not in SEEDS]
    if bad:
        raise KeyError(f"unknown seed id(s) {', '.join(bad)}; run `mm-data dynamath list` "
                       f"({len(SEEDS)} seeds)")
    return sorted(set(ids), key=ids.index)


# ----------------------------------------------------------------------------- variants


@dataclass
class Variant:
    seed_id: str
    variant: int
    params: dict
    question: str  # with the choices appended for multiple choice
    ground_truth: str  # letter for multiple choice, number as text for float, text for text
    answer_type: str
    choices: list[str]
    spec: Spec
    topic: str
    level: str
    kinds: tuple[str, ...]
    visual_type: str = ""

    @property
    def id(self) -> str:
        return f"{self.seed_id}-v{self.variant:03d}"


def variant_rng(seed: int, seed_id: str, variant: int) -> np.random.Generator:
    return np.random.default_rng(np.random.SeedSequence(
        [int(seed), zlib.crc32(seed_id.encode()), int(variant)]))


def fmt_float_answer(x: float) -> str:
    """DynaMath float answers: up to 3 decimals (its judge allows 0.001)."""
    return fmt_num(float(x), digits=3)


# a pronoun of the asking part that may point back past its start ("What is its image?", "How
# far apart are they?"): a clause put just before it would come between it and what it names
POINTS_BACK = re.compile(r"\b(?:it|its|itself|they|them|their|theirs|themselves|the other)\b",
                         re.IGNORECASE)


def with_clause(text: str, clause: dict | None) -> str:
    """The question text with the clause's sentence put just before the sentence that asks
    (the first one ending in "?"), or in front of all: when none does, when the clause asks to,
    or when the asking part holds a pronoun (``POINTS_BACK``), so that the clause never comes
    between a pronoun and what it names ("Point Z(2, 3) is another point of the plane; it is
    not drawn. What are the coordinates of its image?" would name Z)."""
    if not clause:
        return text
    q = text.find("?")
    if q < 0 or clause.get("first"):
        return f"{clause['text']} {text}"
    stop, line = text.rfind(". ", 0, q), text.rfind("\n", 0, q)
    start = max(stop + 2 if stop >= 0 else 0, line + 1)
    if POINTS_BACK.search(text, start):
        return f"{clause['text']} {text}"
    return f"{text[:start]}{clause['text']} {text[start:]}"


def draw_clause(q: SeedQuestion, p: dict, seed: int, seed_id: str, variant: int) -> dict | None:
    """Whether variant v carries an irrelevant clause, and which: from its own stream."""
    rng = np.random.default_rng(np.random.SeedSequence(
        [int(seed), zlib.crc32(seed_id.encode()), int(variant), CLAUSE_STREAM]))
    return q.clause(p, rng) if rng.random() < CLAUSE_RATE else None


def without_clause(p: dict) -> dict:
    return {**p, CLAUSE_KEY: None} if CLAUSE_KEY in p else dict(p)


def clause_problems(q: SeedQuestion, p: dict) -> list[str]:
    """Why the clause of variant p might change its answer (empty: it does not). The answer
    and the options are the same without it, the independent check still gives the answer,
    the question states it, a point or vector it names is none the figure draws, and the
    figure only adds to the plain variant's figure."""
    c = p.get(CLAUSE_KEY)
    if not c:
        return []
    p0, out = without_clause(p), []
    if q.answer(p) != q.answer(p0):
        out.append(f"answer {q.answer(p)!r} with the clause, {q.answer(p0)!r} without")
    if q.options(p) != q.options(p0):
        out.append("the options change with the clause")
    redo = q.check(p)
    if redo is not None and not _same(redo, q.answer(p), q.answer_type):
        out.append(f"independent check {redo!r} != answer {q.answer(p)!r} with the clause")
    if c["text"] not in with_clause(q.question(p), c) or c["text"] in q.question(p0):
        out.append("the clause is not (only) in the question with it")
    named = _clause_point(c["text"])
    if named is not None and named in figure_points(q.diagram(p0)):
        out.append(f"the clause calls {named} undrawn, and the figure draws it")
    big, small = q.diagram(p).to_dict(), q.diagram(p0).to_dict()
    if not _contains(big, small):
        out.append("the figure with the clause drops or changes something of the plain one")
    return out


# the point or vector a clause names: "(x, y)", "⟨x, y⟩" or "x + yi"
_CLAUSE_POINT = re.compile(r"[(⟨](-?\d+), (-?\d+)[)⟩]|(-?\d+) \+ (-?\d+)i")


def _clause_point(text: str) -> tuple[float, float] | None:
    m = _CLAUSE_POINT.search(text)
    if m is None:
        return None
    a, b = (m[1], m[2]) if m[1] is not None else (m[3], m[4])
    return float(a), float(b)


def _same(a, b, answer_type: str) -> bool:
    if answer_type == "float":
        return abs(float(a) - float(b)) < 1e-6 + 1e-6 * abs(float(b))
    return str(a) == str(b)


def _contains(big, small) -> bool:
    """Every field of small is in big; a list of small is a sub-list of big's (in order)."""
    if isinstance(small, dict):
        return isinstance(big, dict) and all(k in big and _contains(big[k], v)
                                             for k, v in small.items())
    if isinstance(small, list) and isinstance(big, list) and len(small) != len(big):
        rest = iter(big)  # the added items go anywhere; the plain ones keep their order
        return all(any(b == s for b in rest) for s in small)
    if isinstance(small, list):
        return isinstance(big, list) and all(_contains(b, s) for b, s in zip(big, small))
    return big == small


def make_variant(seed_id: str, variant: int, seed: int = 0, pin_canonical: bool = True
                 ) -> Variant:
    q = SEEDS.get(seed_id)
    pinned = variant == 0 and pin_canonical and q.canonical is not None
    if pinned:
        p = dict(q.canonical)
    else:
        p = q.sample(variant_rng(seed, seed_id, variant))
    if IRRELEVANT in q.kinds:  # the pinned variant 0 stays the plain question
        p[CLAUSE_KEY] = None if pinned else draw_clause(q, p, seed, seed_id, variant)
    text = with_clause(q.question(p), p.get(CLAUSE_KEY))
    ans = q.answer(p)
    choices: list[str] = []
    if q.answer_type == "multiple choice":
        choices = [str(c) for c in (q.options(p) or [])]
        if not 2 <= len(choices) <= 5 or len(set(choices)) != len(choices):
            raise ValueError(f"{seed_id} v{variant}: choices must be 2-5 distinct, got {choices}")
        if str(ans) not in choices:
            raise ValueError(f"{seed_id} v{variant}: answer {ans!r} not among {choices}")
        gt = LETTERS[choices.index(str(ans))]
        text += "\nChoices: " + " ".join(f"({LETTERS[i]}) {c}" for i, c in enumerate(choices))
    elif q.answer_type == "float":
        gt = fmt_float_answer(ans)
    else:
        gt = str(ans)
    spec = q.diagram(p)
    return Variant(seed_id, variant, p, text, gt, q.answer_type, choices, spec,
                   q.topic, q.level, tuple(q.kinds), q.visual_type or spec_visual_type(spec))
