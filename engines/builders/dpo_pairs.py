"""``dpo-pairs``: preference pairs (chosen: the engine's rationale; rejected: a wrong one).

Unit u is one problem in one drawn version (of its distinct ones), from an RNG seeded by
``unit_seed(seed, kind, u)``; the question type and right letter come from mavis-instruct's
``answer_slot`` (balanced letters); takes mavis-instruct's ``--versions`` and
``--question-type``.

    mm-data dpo-pairs --n 2000 --out data/dpo --seed 0
"""
from __future__ import annotations

import numpy as np

import renderers
from engines.builders.mavis_instruct import (add_problem_arguments, answer_slot,
                                             problem_options, validate_problems, versions)
from engines.dataset import Builder, image_cell, register_builder, round_robin_family, unit_seed
from engines.dataset import columns as col
from engines.mavis import registry
from engines.mavis.dpo import engine_pair, wrong_chains
from engines.mavis.problem import distinct_versions, version_spec


MAX_DRAWS = 50  # problems a unit draws before it is recorded as failed


@register_builder
class DPOBuilder(Builder):
    kind = "dpo-pairs"
    order = 30
    count_columns = ("family", "version", "rejected_source")
    description = ("Preference pairs for DPO: chosen = the engine's chain-of-thought and answer; "
                   "rejected = a model's wrong answer (stage 4) or an engine-made wrong "
                   "solution: a misread value, a wrong formula or an arithmetic slip at one "
                   "step, carried through to a wrong final answer.")

    def add_arguments(self, p):
        super().add_arguments(p)
        add_problem_arguments(p)

    def options_from_args(self, a):
        return problem_options(a)

    def features(self, cfg):
        return col.features({
            "id": col.string(), "image": col.image(), "prompt": col.string(),
            "chosen": col.string(), "rejected": col.string(), "rejected_source": col.string(),
            "answer": col.string(), "choices": col.string_list(), "version": col.string(),
            "family": col.string(), "spec": col.string(), "seed": col.int64()})

    def validate(self, cfg):
        validate_problems(cfg)

    def unit_rows(self, cfg, u):
        s = unit_seed(cfg.seed, self.kind, u)
        rng = np.random.default_rng(s)
        name = round_robin_family(cfg, registry.instruct_families(), u)
        make = registry.get_problem_maker(name)
        # a problem no plausible wrong solution is known for in the version drawn (a period, a
        # monotonicity answer; a misread where the text states the value) gives no pair: the
        # unit draws the family's next problem, so a build of n units holds n pairs whatever
        # the families
        for _ in range(MAX_DRAWS):
            p = make(rng)
            vs = distinct_versions(p, versions(cfg))
            version = vs[int(rng.integers(len(vs)))]
            if wrong_chains(p, version=version):
                break
        else:
            raise ValueError(f"{name}: no problem with a wrong solution in {MAX_DRAWS} draws")
        qt, at = answer_slot(cfg, self.kind, u)
        pair = engine_pair(p, version, rng, multiple_choice=qt == "multiple_choice",
                           answer_at=at)
        spec = version_spec(p, version)
        return [{"id": f"dpo-{u:08d}", "image": image_cell(renderers.render(spec, cfg.image_size)),
                 **pair, "version": version, "family": name, "spec": spec.to_json(),
                 "seed": s}]
