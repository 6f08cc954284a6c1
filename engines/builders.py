"""The dataset kinds ``mm-data`` builds: mavis-caption, mavis-instruct, dpo-pairs.

Each builder turns unit u (one diagram, or one problem in its versions) into rows, from an RNG
seeded by ``unit_seed(seed, kind, u)`` alone; engines.dataset does sharding, resume and the card.
Columns follow DESIGN.md.

    mm-data mavis-instruct --n 3000 --out data/instruct --seed 0
"""
from __future__ import annotations

import numpy as np

import renderers
from engines.dataset import BuildConfig, Builder, image_cell, register_builder, unit_seed
from engines.mavis import registry
from engines.mavis.dpo import engine_pair
from engines.mavis.problem import QUESTION_TYPES, VERSIONS, to_rows


def _features(columns: dict):
    import datasets

    return datasets.Features(columns)


def _str():
    import datasets

    return datasets.Value("string")


def _str_list():
    import datasets

    return datasets.List(datasets.Value("string")) if hasattr(datasets, "List") else \
        datasets.Sequence(datasets.Value("string"))


def _image():
    import datasets

    return datasets.Image()


def _int():
    import datasets

    return datasets.Value("int64")


def _check_families(cfg: BuildConfig, valid: list[str]) -> None:
    bad = [f for f in cfg.families if f not in valid]
    if bad:
        raise ValueError(f"--families: unknown {', '.join(bad)}; valid: {', '.join(valid)}")


def _family(cfg: BuildConfig, valid: list[str], u: int) -> str:
    """Round-robin over the requested families: exact balance, independent of sharding."""
    fams = cfg.families or valid
    return fams[u % len(fams)]


@register_builder
class CaptionBuilder(Builder):
    kind = "mavis-caption"
    count_columns = ("family",)
    description = ("MAVIS-Caption: rendered math diagrams with rule-based captions written from "
                   "each diagram's facts (every number in a caption is true of its image).")

    def features(self, cfg):
        return _features({"id": _str(), "image": _image(), "caption": _str(),
                          "family": _str(), "spec": _str(), "seed": _int()})

    def validate(self, cfg):
        _check_families(cfg, registry.caption_families())

    def unit_rows(self, cfg, u):
        s = unit_seed(cfg.seed, self.kind, u)
        rng = np.random.default_rng(s)
        name = _family(cfg, registry.caption_families(), u)
        fam = renderers.get_family(name)
        spec = fam.sample_spec(rng)
        facts = fam.facts(spec)
        caption = registry.get_caption_writer(name).fn(spec, facts, rng)
        return [{"id": f"cap-{u:08d}", "image": image_cell(fam.render(spec, cfg.image_size)),
                 "caption": caption, "family": name, "spec": spec.to_json(), "seed": s}]


def _versions(cfg: BuildConfig) -> list[str]:
    return list(cfg.options.get("versions") or VERSIONS)


def _validate_instruct(cfg: BuildConfig) -> None:
    _check_families(cfg, registry.instruct_families())
    bad = [v for v in _versions(cfg) if v not in VERSIONS]
    if bad:
        raise ValueError(f"--versions: unknown {', '.join(bad)}; valid: {', '.join(VERSIONS)}")
    qt = cfg.options.get("question_type", "mixed")
    if qt not in QUESTION_TYPES + ("mixed",):
        raise ValueError(f"--question-type: unknown {qt}; valid: mixed, "
                         f"{', '.join(QUESTION_TYPES)}")


def _question_type(cfg: BuildConfig, rng: np.random.Generator) -> str:
    qt = cfg.options.get("question_type", "mixed")
    if qt == "mixed":
        return "multiple_choice" if rng.random() < 0.5 else "free_form"
    return qt


@register_builder
class InstructBuilder(Builder):
    kind = "mavis-instruct"
    count_columns = ("family", "version", "question_type")
    description = ("MAVIS-Instruct: problems with chain-of-thought rationales, each in the "
                   "text_dominant, text_lite and vision_dominant versions; answers correct by "
                   "construction and re-checked by an independent computation.")

    def unit_size(self, cfg):
        return len(_versions(cfg))

    def features(self, cfg):
        return _features({"id": _str(), "image": _image(), "question": _str(), "version": _str(),
                          "question_type": _str(), "choices": _str_list(), "cot": _str(),
                          "answer": _str(), "family": _str(), "spec": _str(), "seed": _int()})

    def validate(self, cfg):
        _validate_instruct(cfg)

    def problem(self, cfg, u):
        s = unit_seed(cfg.seed, self.kind, u)
        rng = np.random.default_rng(s)
        name = _family(cfg, registry.instruct_families(), u)
        return s, rng, name, registry.get_problem_maker(name)(rng)

    def unit_rows(self, cfg, u):
        s, rng, name, p = self.problem(cfg, u)
        rows, cache = [], {}
        for r in to_rows(p, rng, versions=_versions(cfg), question_type=_question_type(cfg, rng)):
            spec = r.pop("spec")
            key = spec.to_json()
            if key not in cache:  # text_dominant and text_lite share one diagram
                cache[key] = image_cell(renderers.render(spec, cfg.image_size))
            rows.append({"id": f"ins-{u:08d}-{r['version']}", "image": cache[key], **r,
                         "family": name, "spec": key, "seed": s})
        return rows


@register_builder
class DPOBuilder(Builder):
    kind = "dpo-pairs"
    count_columns = ("family", "version", "rejected_source")
    description = ("Preference pairs for DPO: chosen = the engine's chain-of-thought and answer; "
                   "rejected = a model's wrong answer (stage 4) or an engine-made wrong "
                   "rationale (a wrong step, or a wrong final value).")

    def features(self, cfg):
        return _features({"id": _str(), "image": _image(), "prompt": _str(), "chosen": _str(),
                          "rejected": _str(), "rejected_source": _str(), "answer": _str(),
                          "choices": _str_list(), "version": _str(), "family": _str(),
                          "spec": _str(), "seed": _int()})

    def validate(self, cfg):
        _validate_instruct(cfg)

    def unit_rows(self, cfg, u):
        s = unit_seed(cfg.seed, self.kind, u)
        rng = np.random.default_rng(s)
        name = _family(cfg, registry.instruct_families(), u)
        p = registry.get_problem_maker(name)(rng)
        versions = _versions(cfg)
        version = versions[int(rng.integers(len(versions)))]
        mc = _question_type(cfg, rng) == "multiple_choice"
        pair = engine_pair(p, version, rng, multiple_choice=mc)
        spec = p.vision_spec if version == "vision_dominant" else p.spec
        return [{"id": f"dpo-{u:08d}", "image": image_cell(renderers.render(spec, cfg.image_size)),
                 **pair, "version": version, "family": name, "spec": spec.to_json(),
                 "seed": s}]


@register_builder
class PerceptionBuilder(Builder):
    kind = "mavis-perception"
    count_columns = ("family", "answer")
    description = ("Perception questions: short questions answered by reading the diagram "
                   "(chart type, node count, solid, function type...), used to check that a "
                   "model looks at the image; with form yes_no, the same questions as claims "
                   "to confirm or reject (\"Is this a pie chart? Please answer yes or no.\").")
    FORMS = ("open", "yes_no")

    def features(self, cfg):
        return _features({"id": _str(), "image": _image(), "question": _str(),
                          "answer": _str(), "family": _str(), "spec": _str(), "seed": _int()})

    def validate(self, cfg):
        from engines.mavis.perception import families_with_questions

        _check_families(cfg, families_with_questions())
        form = cfg.options.get("form", "open")
        if form not in self.FORMS:
            raise ValueError(f"--form: unknown {form}; valid: open, yes-no")

    def unit_rows(self, cfg, u):
        from engines.mavis.perception import perception_question, yes_no_question

        s = unit_seed(cfg.seed, self.kind, u)
        rng = np.random.default_rng(s)
        name = _family(cfg, _perception_families(), u)
        fam = renderers.get_family(name)
        spec = fam.sample_spec(rng)
        if cfg.options.get("form", "open") == "yes_no":
            q = yes_no_question(name, fam.facts(spec), rng,
                                lambda: fam.facts(fam.sample_spec(rng)))
        else:
            q = perception_question(name, fam.facts(spec), rng)
        if q is None:
            raise ValueError(f"{name}: no perception question for this spec")
        return [{"id": f"per-{u:08d}", "image": image_cell(fam.render(spec, cfg.image_size)),
                 "question": q[0], "answer": q[1], "family": name, "spec": spec.to_json(),
                 "seed": s}]


def _perception_families() -> list[str]:
    from engines.mavis.perception import families_with_questions

    return families_with_questions()
