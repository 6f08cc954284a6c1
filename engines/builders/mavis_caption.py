"""``mavis-caption``: rendered math diagrams with rule-based captions.

Unit u is one diagram of the u-th family in round-robin order, from an RNG seeded by
``unit_seed(seed, kind, u)`` alone; engines.dataset does sharding, resume and the card.
Columns follow DESIGN.md.

    mm-data mavis-caption --n 10000 --out data/cap --seed 0
"""
from __future__ import annotations

import numpy as np

import renderers
from engines.dataset import (Builder, check_families, image_cell, register_builder,
                             round_robin_family, unit_seed)
from engines.dataset import columns as col
from engines.mavis import registry


@register_builder
class CaptionBuilder(Builder):
    kind = "mavis-caption"
    order = 10
    count_columns = ("family",)
    description = ("MAVIS-Caption: rendered math diagrams with rule-based captions written from "
                   "each diagram's facts (every number in a caption is true of its image).")

    def features(self, cfg):
        return col.features({"id": col.string(), "image": col.image(), "caption": col.string(),
                             "family": col.string(), "spec": col.string(), "seed": col.int64()})

    def validate(self, cfg):
        check_families(cfg, registry.caption_families())

    def unit_rows(self, cfg, u):
        s = unit_seed(cfg.seed, self.kind, u)
        rng = np.random.default_rng(s)
        name = round_robin_family(cfg, registry.caption_families(), u)
        fam = renderers.get_family(name)
        spec = fam.sample_spec(rng)
        facts = fam.facts(spec)
        caption = registry.get_caption_writer(name).fn(spec, facts, rng)
        return [{"id": f"cap-{u:08d}", "image": image_cell(fam.render(spec, cfg.image_size)),
                 "caption": caption, "family": name, "spec": spec.to_json(), "seed": s}]
