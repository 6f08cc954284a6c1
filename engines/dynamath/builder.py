"""The ``dynamath`` dataset kind: every selected seed question times N variants.

Unit u is (seed u // N, variant u % N); its RNG depends on (build seed, seed id, variant) only,
so a variant's row is the same bytes in any selection, order or shard.

    mm-data dynamath --seeds all --variants 10 --seed 0 --out data/dynamath
"""
from __future__ import annotations

import json

import renderers
from engines.dataset import BuildConfig, Builder, image_cell, register_builder
from engines.dynamath.seed import make_variant, resolve_seeds


@register_builder
class DynaMathBuilder(Builder):
    kind = "dynamath"
    count_columns = ("subject", "knowledge_level", "answer_type", "variation_kinds")
    description = ("DynaMath-style variants: each seed question is a program that draws random "
                   "parameters and renders a concrete variant; the answer is computed from the "
                   "parameters.")

    def features(self, cfg):
        import datasets

        s = datasets.Value("string")
        lst = datasets.List(s) if hasattr(datasets, "List") else datasets.Sequence(s)
        return datasets.Features({
            "id": s, "seed_id": s, "variant": datasets.Value("int64"), "question": s,
            "image": datasets.Image(), "ground_truth": s, "answer_type": s, "subject": s,
            "knowledge_level": s, "variation_kinds": lst, "choices": lst, "params": s})

    def validate(self, cfg: BuildConfig) -> None:
        if not cfg.options.get("seeds"):
            raise ValueError("--seeds: no seed questions selected")
        try:
            resolve_seeds(cfg.options["seeds"])
        except KeyError as e:
            raise ValueError(f"--seeds: {e.args[0]}") from None
        if int(cfg.options.get("variants", 0)) < 1:
            raise ValueError("--variants: must be >= 1")

    def unit_rows(self, cfg, u):
        seeds, nv = cfg.options["seeds"], int(cfg.options["variants"])
        v = make_variant(seeds[u // nv], u % nv, cfg.seed,
                         pin_canonical=cfg.options.get("pin_canonical", True))
        img = renderers.render(v.spec, cfg.image_size)
        return [{"id": v.id, "seed_id": v.seed_id, "variant": v.variant, "question": v.question,
                 "image": image_cell(img), "ground_truth": v.ground_truth,
                 "answer_type": v.answer_type, "subject": v.topic, "knowledge_level": v.level,
                 "variation_kinds": list(v.kinds), "choices": v.choices,
                 "params": json.dumps(v.params, sort_keys=True)}]


def dynamath_config(seeds: str | list[str], variants: int, seed: int, image_size: int = 336,
                    pin_canonical: bool = True, chunk_size: int = 256) -> BuildConfig:
    ids = resolve_seeds(seeds)
    return BuildConfig(kind="dynamath", n=len(ids) * variants, seed=seed, image_size=image_size,
                       chunk_size=chunk_size,
                       options={"seeds": ids, "variants": variants,
                                "pin_canonical": pin_canonical})
