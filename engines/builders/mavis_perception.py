"""``mavis-perception``: short questions answered by reading the diagram.

Unit u is one diagram of the u-th family (of those with perception questions) in round-robin
order and one question about it, open or (``--form yes-no``) a claim to confirm or reject.

    mm-data mavis-perception --n 2000 --out data/per --seed 0 [--form yes-no]
"""
from __future__ import annotations

import numpy as np

import renderers
from engines.dataset import (Builder, check_families, image_cell, register_builder,
                             round_robin_family, unit_seed)
from engines.dataset import columns as col
from engines.mavis.perception import (Ask, families_with_questions, perception_ask,
                                      perception_question, yes_no_question)


@register_builder
class PerceptionBuilder(Builder):
    kind = "mavis-perception"
    order = 40
    count_columns = ("family", "answer")
    description = ("Perception questions: short questions answered by reading the diagram "
                   "(chart type, node count, solid, function type...), used to check that a "
                   "model looks at the image; with form yes_no, the same questions as claims "
                   "to confirm or reject (\"Is this a pie chart? Please answer yes or no.\").")
    FORMS = ("open", "yes_no")

    def add_arguments(self, p):
        super().add_arguments(p)
        p.add_argument("--form", default="open", choices=["open", "yes-no"],
                       help="open questions, or yes/no claims to confirm (MME's format)")

    def options_from_args(self, a):
        return {"form": "yes_no"} if a.form == "yes-no" else {}  # open: no option recorded

    def features(self, cfg):
        return col.features({"id": col.string(), "image": col.image(), "question": col.string(),
                             "answer": col.string(), "family": col.string(),
                             "spec": col.string(), "seed": col.int64()})

    def validate(self, cfg):
        check_families(cfg, families_with_questions())
        form = cfg.options.get("form", "open")
        if form not in self.FORMS:
            raise ValueError(f"--form: unknown {form}; valid: open, yes-no")

    def unit_rows(self, cfg, u):
        s = unit_seed(cfg.seed, self.kind, u)
        name = round_robin_family(cfg, families_with_questions(), u)
        fam, spec, facts, rng = unit_picture(name, s)
        if cfg.options.get("form", "open") == "yes_no":
            q = yes_no_question(name, facts, rng, lambda: fam.facts(fam.sample_spec(rng)))
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


def unit_ask(family: str, seed: int) -> Ask | None:
    """The open question of the unit of a row's ``family`` and ``seed``, with its template
    (the build keeps the question and answer alone); the picture is not drawn."""
    _, _, facts, rng = unit_picture(family, seed)
    return perception_ask(family, facts, rng)


def unit_asks(n: int, seed: int) -> list[tuple[str, Ask]]:
    """(family, open question) of the first ``n`` units of an open build of ``seed`` and every
    family, as the build draws them, without their pictures (about a millisecond each)."""
    fams = families_with_questions()
    asks = []
    for u in range(n):
        family = fams[u % len(fams)]
        q = unit_ask(family, unit_seed(seed, PerceptionBuilder.kind, u))
        if q is not None:
            asks.append((family, q))
    return asks
