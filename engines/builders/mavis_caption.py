"""``mavis-caption``: rendered math diagrams with rule-based captions.

Unit u is one diagram of the family the mix gives unit u (``--mix mavis``, the default: plane
geometry, functions and analytic geometry as MAVIS weights them; ``--mix uniform``: every family
in turn; engines/mavis/mix.py), from an RNG seeded by ``unit_seed(seed, kind, u)`` alone;
engines.dataset does sharding, resume and the card. Columns follow DESIGN.md. A config without
a ``mix`` option (a stage's own build) is uniform.

    mm-data mavis-caption --n 10000 --out data/cap --seed 0 [--mix uniform]
"""
from __future__ import annotations

import numpy as np

import renderers
from engines.dataset import Builder, check_families, image_cell, register_builder, unit_seed
from engines.dataset import columns as col
from engines.mavis import registry
from engines.mavis.mix import add_mix_argument, check_mix, family_at, mix_option


@register_builder
class CaptionBuilder(Builder):
    kind = "mavis-caption"
    order = 10
    count_columns = ("family",)
    description = ("MAVIS-Caption: rendered math diagrams with rule-based captions written from "
                   "each diagram's facts (every number in a caption is true of its image).")

    def add_arguments(self, p):
        super().add_arguments(p)
        add_mix_argument(p)

    def options_from_args(self, a):
        return {"mix": mix_option(a)}

    def features(self, cfg):
        return col.features({"id": col.string(), "image": col.image(), "caption": col.string(),
                             "family": col.string(), "spec": col.string(), "seed": col.int64()})

    def validate(self, cfg):
        check_families(cfg, registry.caption_families())
        check_mix(cfg.options.get("mix", "uniform"), cfg.families)

    def unit_rows(self, cfg, u):
        s = unit_seed(cfg.seed, self.kind, u)
        rng = np.random.default_rng(s)
        name = family_at(cfg.options.get("mix", "uniform"), cfg.families,
                         registry.caption_families(), u)
        fam = renderers.get_family(name)
        spec = fam.sample_spec(rng)
        facts = fam.facts(spec)
        caption = registry.get_caption_writer(name).fn(spec, facts, rng)
        return [{"id": f"cap-{u:08d}", "image": image_cell(fam.render(spec, cfg.image_size)),
                 "caption": caption, "family": name, "spec": spec.to_json(), "seed": s}]
