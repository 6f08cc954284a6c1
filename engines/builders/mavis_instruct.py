"""``mavis-instruct``: problems with chain-of-thought rationales in three versions.

Unit u is one problem of the u-th family in round-robin order, written in each requested version
(text_dominant, text_lite, vision_dominant), from an RNG seeded by ``unit_seed(seed, kind, u)``.
``--versions`` and ``--question-type`` are shared with dpo-pairs.

    mm-data mavis-instruct --n 3000 --out data/instruct --seed 0 [--versions text_lite ...]
"""
from __future__ import annotations

import numpy as np

import renderers
from engines.cliutil import split_list
from engines.dataset import (BuildConfig, Builder, check_families, image_cell,
                             register_builder, round_robin_family, unit_seed)
from engines.dataset import columns as col
from engines.mavis import registry
from engines.mavis.problem import QUESTION_TYPES, VERSIONS, to_rows


def add_problem_arguments(p) -> None:
    p.add_argument("--versions", nargs="+",
                   help="text_dominant text_lite vision_dominant (default: all)")
    p.add_argument("--question-type", default="mixed",
                   choices=["mixed", "multiple_choice", "free_form"])


def problem_options(a) -> dict:
    return {"versions": split_list(a.versions) or None, "question_type": a.question_type}


def versions(cfg: BuildConfig) -> list[str]:
    return list(cfg.options.get("versions") or VERSIONS)


def validate_problems(cfg: BuildConfig) -> None:
    check_families(cfg, registry.instruct_families())
    bad = [v for v in versions(cfg) if v not in VERSIONS]
    if bad:
        raise ValueError(f"--versions: unknown {', '.join(bad)}; valid: {', '.join(VERSIONS)}")
    qt = cfg.options.get("question_type", "mixed")
    if qt not in QUESTION_TYPES + ("mixed",):
        raise ValueError(f"--question-type: unknown {qt}; valid: mixed, "
                         f"{', '.join(QUESTION_TYPES)}")


def question_type(cfg: BuildConfig, rng: np.random.Generator) -> str:
    qt = cfg.options.get("question_type", "mixed")
    if qt == "mixed":
        return "multiple_choice" if rng.random() < 0.5 else "free_form"
    return qt


@register_builder
class InstructBuilder(Builder):
    kind = "mavis-instruct"
    order = 20
    count_columns = ("family", "version", "question_type")
    description = ("MAVIS-Instruct: problems with chain-of-thought rationales, each in the "
                   "text_dominant, text_lite and vision_dominant versions; answers correct by "
                   "construction and re-checked by an independent computation.")

    def add_arguments(self, p):
        super().add_arguments(p)
        add_problem_arguments(p)

    def options_from_args(self, a):
        return problem_options(a)

    def unit_size(self, cfg):
        return len(versions(cfg))

    def features(self, cfg):
        return col.features({
            "id": col.string(), "image": col.image(), "question": col.string(),
            "version": col.string(), "question_type": col.string(),
            "choices": col.string_list(), "cot": col.string(), "answer": col.string(),
            "family": col.string(), "spec": col.string(), "seed": col.int64()})

    def validate(self, cfg):
        validate_problems(cfg)

    def problem(self, cfg, u):
        s = unit_seed(cfg.seed, self.kind, u)
        rng = np.random.default_rng(s)
        name = round_robin_family(cfg, registry.instruct_families(), u)
        return s, rng, name, registry.get_problem_maker(name)(rng)

    def unit_rows(self, cfg, u):
        s, rng, name, p = self.problem(cfg, u)
        rows, cache = [], {}
        for r in to_rows(p, rng, versions=versions(cfg), question_type=question_type(cfg, rng)):
            spec = r.pop("spec")
            key = spec.to_json()
            if key not in cache:  # text_dominant and text_lite share one diagram
                cache[key] = image_cell(renderers.render(spec, cfg.image_size))
            rows.append({"id": f"ins-{u:08d}-{r['version']}", "image": cache[key], **r,
                         "family": name, "spec": key, "seed": s})
        return rows
