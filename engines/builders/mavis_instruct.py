"""``mavis-instruct``: problems with chain-of-thought rationales in three versions.

Unit u is one problem of the family the mix gives unit u (``--mix mavis``, the default: plane
geometry, functions and analytic geometry as MAVIS weights them; ``--mix uniform``: every family
in turn, also what a config without ``mix`` means; engines/mavis/mix.py), written in each
requested version (text_dominant, text_lite, vision_dominant), from an RNG seeded by
``unit_seed(seed, kind, u)``. A version whose question and image equal another version's of the problem is not written, so a
build holds at most ``--n`` rows. Whether a unit is multiple choice, and its right letter, come
from ``answer_slot`` (balanced by construction). ``--versions`` and ``--question-type`` are
shared with dpo-pairs.

    mm-data mavis-instruct --n 3000 --out data/instruct --seed 0 [--versions text_lite ...] \
        [--mix uniform]
"""
from __future__ import annotations

import numpy as np

import renderers
from engines.cliutil import split_list
from engines.dataset import (BuildConfig, Builder, check_families, image_cell,
                             register_builder, unit_seed)
from engines.dataset import columns as col
from engines.dataset.streams import ANSWER_SLOT_DRAW, stream
from engines.mavis import registry
from engines.mavis.mix import add_mix_argument, check_mix, family_at, mix_option
from engines.mavis.problem import QUESTION_TYPES, VERSIONS, to_rows

N_CHOICES = 4


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


def answer_slot(cfg: BuildConfig, kind: str, u: int) -> tuple[str, int | None]:
    """(question type, the right option's index or None) of unit ``u``, balanced by
    construction: units come in blocks of 2·4, each block a seeded permutation k of 0..7. Mixed
    types: the units with k < 4 are multiple choice, their right letters A-D once each a block;
    multiple choice only: the right letter is k mod 4, each letter twice a block. A uniform draw
    per unit misses "each letter within 2 points of uniform" at 1,000 rows about one build in
    three; a block moves a letter's count by at most one against another's."""
    qt = cfg.options.get("question_type", "mixed")
    if qt == "free_form":
        return qt, None
    block, i = divmod(int(u), 2 * N_CHOICES)
    k = int(np.random.default_rng([int(cfg.seed), stream(kind), ANSWER_SLOT_DRAW, block]
                                  ).permutation(2 * N_CHOICES)[i])
    if qt == "mixed" and k >= N_CHOICES:
        return "free_form", None
    return "multiple_choice", k % N_CHOICES


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
        add_mix_argument(p)

    def options_from_args(self, a):
        return {**problem_options(a), "mix": mix_option(a)}

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
        check_mix(cfg.options.get("mix", "uniform"), cfg.families)

    def problem(self, cfg, u):
        s = unit_seed(cfg.seed, self.kind, u)
        rng = np.random.default_rng(s)
        name = family_at(cfg.options.get("mix", "uniform"), cfg.families,
                         registry.instruct_families(), u)
        return s, rng, name, registry.get_problem_maker(name)(rng)

    def unit_rows(self, cfg, u):
        s, rng, name, p = self.problem(cfg, u)
        qt, at = answer_slot(cfg, self.kind, u)
        rows, cache, seen = [], {}, set()
        for r in to_rows(p, rng, versions=versions(cfg), question_type=qt, answer_at=at):
            spec = r.pop("spec")
            key = spec.to_json()
            if key not in cache:
                cache[key] = image_cell(renderers.render(spec, cfg.image_size))
            # two specs may still draw the same picture (a flag with nothing to show)
            same = (r["question"], cache[key]["bytes"])
            if same in seen:
                continue
            seen.add(same)
            rows.append({"id": f"ins-{u:08d}-{r['version']}", "image": cache[key], **r,
                         "family": name, "spec": key, "seed": s})
        return rows
