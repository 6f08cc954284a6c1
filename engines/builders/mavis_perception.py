"""``mavis-perception``: short questions answered by reading the diagram.

Unit u is one diagram of the u-th family (of those with perception questions) in round-robin
order and one question about it, open or (``--form yes-no``) a claim to confirm or reject.
With ``--per-picture K`` a unit asks up to K of the questions its picture answers, each a row
of its own with the picture's ``image_id`` (a conversation's worth, ``train.data.
Conversations``); ``--form mixed`` asks each of them open or as a claim by a fair coin.
A single claim is asked of one picture or another (``balanced_claim``); a conversation has one
picture, so its claims weigh its answer against one other picture's (``picture_claim``), and a
question that cannot be claimed so is asked open (mixed) or left out (yes-no; a picture with
no claim left gives no rows).

    mm-data mavis-perception --n 2000 --out data/per --seed 0 [--form yes-no]
    mm-data mavis-perception --n 8000 --out data/per-k --form mixed --per-picture 8
"""
from __future__ import annotations

import numpy as np

import renderers
from engines.dataset import (Builder, check_families, image_cell, register_builder,
                             round_robin_family, unit_seed)
from engines.dataset import columns as col
from engines.mavis.perception import (Ask, balanced_claim, families_with_questions,
                                      perception_ask, perception_question, picture_questions)


@register_builder
class PerceptionBuilder(Builder):
    kind = "mavis-perception"
    order = 40
    count_columns = ("family", "answer")
    description = ("Perception questions: short questions answered by reading the diagram "
                   "(chart type, node count, solid, function type...), used to check that a "
                   "model looks at the image; with form yes_no, the same questions as claims "
                   "to confirm or reject (\"Is this a pie chart? Please answer yes or no.\"); "
                   "with per_picture K, up to K questions of each picture, each a row with the "
                   "picture's image_id, and with form mixed each open or a claim by a fair coin.")
    FORMS = ("open", "yes_no", "mixed")

    def add_arguments(self, p):
        super().add_arguments(p)
        p.add_argument("--form", default="open", choices=["open", "yes-no", "mixed"],
                       help="open questions, yes/no claims to confirm (MME's format), or each "
                            "question either way by a fair coin (mixed)")
        p.add_argument("--per-picture", type=int, default=1,
                       help="questions asked of each picture, at most (rows per unit)")

    def options_from_args(self, a):
        out = {"form": a.form.replace("-", "_")} if a.form != "open" else {}  # open: no option
        if a.per_picture != 1:
            out["per_picture"] = a.per_picture
        return out

    def unit_size(self, cfg):
        return cfg.options.get("per_picture", 1)

    def features(self, cfg):
        cols = {"id": col.string(), "image": col.image()}
        if self.unit_size(cfg) > 1:
            cols["image_id"] = col.string()
        return col.features({**cols, "question": col.string(), "answer": col.string(),
                             "family": col.string(), "spec": col.string(),
                             "seed": col.int64()})

    def validate(self, cfg):
        check_families(cfg, families_with_questions())
        form = cfg.options.get("form", "open")
        if form not in self.FORMS:
            raise ValueError(f"--form: unknown {form}; valid: open, yes-no, mixed")
        k = cfg.options.get("per_picture", 1)
        if not isinstance(k, int) or isinstance(k, bool) or k < 1:
            raise ValueError(f"--per-picture: a whole number of at least 1, got {k!r}")
        if form == "mixed" and k == 1:
            raise ValueError("--form: mixed asks several questions of a picture; give "
                             "--per-picture 2 or more")

    def unit_rows(self, cfg, u):
        s = unit_seed(cfg.seed, self.kind, u)
        name = round_robin_family(cfg, families_with_questions(), u)
        fam, spec, facts, rng = unit_picture(name, s)
        k, form = self.unit_size(cfg), cfg.options.get("form", "open")
        if k > 1:
            qs = picture_questions(name, facts, rng, k, form,
                                   lambda: fam.facts(fam.sample_spec(rng)))
            if not qs and form == "yes_no":  # none of its claims could be balanced: no rows
                return []
            if not qs:
                raise ValueError(f"{name}: no perception question for this spec")
            cell = image_cell(fam.render(spec, cfg.image_size))
            return [{"id": f"per-{u:08d}/{j}", "image": cell, "image_id": f"per-{u:08d}",
                     "question": q, "answer": a, "family": name, "spec": spec.to_json(),
                     "seed": s} for j, (q, a) in enumerate(qs)]
        if form == "yes_no":
            got = balanced_claim(name, rng, _pictures(fam, spec, facts, rng))
            q, spec = got if got is not None else (None, spec)
        else:
            q = perception_question(name, facts, rng)
        if q is None:
            raise ValueError(f"{name}: no perception question for this spec")
        return [{"id": f"per-{u:08d}", "image": image_cell(fam.render(spec, cfg.image_size)),
                 "question": q[0], "answer": q[1], "family": name, "spec": spec.to_json(),
                 "seed": s}]


def unit_picture(family: str, seed: int):
    """A unit's picture, drawn from its family and unit seed (a row's ``family`` and
    ``seed``): (renderer family, spec, facts, rng), the rng where the unit's question is
    drawn from."""
    fam = renderers.get_family(family)
    rng = np.random.default_rng(seed)
    spec = fam.sample_spec(rng)
    return fam, spec, fam.facts(spec), rng


def _pictures(fam, spec, facts, rng):
    """The unit's picture first, then new ones of its family from ``rng``: (spec, facts)."""
    first = [(spec, facts)]

    def draw():
        if first:
            return first.pop()
        other = fam.sample_spec(rng)
        return other, fam.facts(other)
    return draw


def unit_ask(family: str, seed: int) -> Ask | None:
    """The open question of the unit of a row's ``family`` and ``seed``, with its template
    (the build keeps the question and answer alone); the picture is not drawn."""
    _, _, facts, rng = unit_picture(family, seed)
    return perception_ask(family, facts, rng)


def unit_claim(family: str, seed: int) -> tuple[str, str] | None:
    """The yes/no claim (question, answer) of the unit of a yes/no build's row ``family`` and
    ``seed``; the picture is not drawn."""
    fam, spec, facts, rng = unit_picture(family, seed)
    got = balanced_claim(family, rng, _pictures(fam, spec, facts, rng))
    return None if got is None else got[0]


def unit_claims(n: int, seed: int) -> list[tuple[str, str, str]]:
    """(family, question, answer) of the first ``n`` units of a yes/no build of ``seed`` and
    every family, as the build draws them, without their pictures."""
    return [(family, *claim) for family, claim in _each_unit(n, seed, unit_claim)]


def unit_asks(n: int, seed: int) -> list[tuple[str, Ask]]:
    """(family, open question) of the first ``n`` units of an open build of ``seed`` and every
    family, as the build draws them, without their pictures (about a millisecond each)."""
    return _each_unit(n, seed, unit_ask)


def _each_unit(n: int, seed: int, of_unit) -> list[tuple[str, object]]:
    """(family, ``of_unit(family, unit seed)``) of the first ``n`` units of a build of ``seed``
    and every family, the units it gives None left out."""
    fams = families_with_questions()
    out = []
    for u in range(n):
        family = fams[u % len(fams)]
        got = of_unit(family, unit_seed(seed, PerceptionBuilder.kind, u))
        if got is not None:
            out.append((family, got))
    return out
