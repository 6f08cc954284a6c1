"""``dynamath``: every selected seed question times N variants (and ``mm-data dynamath list``).

Unit u is (seed u // N, variant u % N); its RNG depends on (build seed, seed id, variant) only,
so a variant's row is the same bytes in any selection, order or shard.

    mm-data dynamath --seeds all --variants 10 --seed 0 --out data/dynamath
    mm-data dynamath list
"""
from __future__ import annotations

import json
from collections import Counter

import renderers
from engines.cliutil import seed_value
from engines.dataset import BuildConfig, Builder, image_cell, register_builder
from engines.dataset import columns as col
from engines.dynamath.seed import load_seeds, make_variant, resolve_seeds


@register_builder
class DynaMathBuilder(Builder):
    kind = "dynamath"
    size_flag = "--variants"
    order = 50
    help = "DynaMath-style variants of seed questions (or: list)"
    count_columns = ("subject", "knowledge_level", "answer_type", "variation_kinds",
                     "visual_type")
    description = ("DynaMath-style variants: each seed question is a program that draws random "
                   "parameters and renders a concrete variant; the answer is computed from the "
                   "parameters.")

    def add_arguments(self, p):
        p.add_argument("action", nargs="?", choices=["list"], help="list the seed questions")
        p.add_argument("--seeds", default="all", help="all, or seed ids separated by commas")
        p.add_argument("--variants", type=int, default=10, help="variants per seed question")
        p.add_argument("--out", help="output dataset folder")
        p.add_argument("--seed", type=seed_value, default=0)
        p.add_argument("--image-size", type=int, default=336)
        p.add_argument("--no-pin-canonical", action="store_true",
                       help="sample variant 0 too instead of the seed's canonical parameters")
        p.add_argument("--num-proc", type=int, default=1)
        p.add_argument("--shard-index", type=int, default=0)
        p.add_argument("--num-shards", type=int, default=1)
        p.add_argument("--chunk-size", type=int, default=256)
        p.add_argument("--overwrite", action="store_true")
        p.add_argument("--no-progress", action="store_true")

    def config_from_args(self, a):
        if not [i for i in a.seeds.split(",") if i.strip()]:
            raise ValueError("--seeds: no seed id given; use all, or ids separated by commas "
                             "(mm-data dynamath list)")
        if a.variants < 1:
            raise ValueError(f"--variants: must be >= 1, got {a.variants}")
        try:
            return dynamath_config(a.seeds, a.variants, a.seed, a.image_size,
                                   pin_canonical=not a.no_pin_canonical,
                                   chunk_size=a.chunk_size)
        except KeyError as e:
            raise ValueError(f"--seeds: {e.args[0]}") from None

    def command(self, a):
        return list_seeds() if a.action == "list" else None

    def features(self, cfg):
        s, lst = col.string(), col.string_list()
        return col.features({
            "id": s, "seed_id": s, "variant": col.int64(), "question": s,
            "image": col.image(), "ground_truth": s, "answer_type": s, "subject": s,
            "knowledge_level": s, "variation_kinds": lst, "choices": lst, "params": s,
            "visual_type": s})

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
                 "params": json.dumps(v.params, sort_keys=True), "visual_type": v.visual_type}]


def dynamath_config(seeds: str | list[str], variants: int, seed: int, image_size: int = 336,
                    pin_canonical: bool = True, chunk_size: int = 256) -> BuildConfig:
    ids = resolve_seeds(seeds)
    return BuildConfig(kind="dynamath", n=len(ids) * variants, seed=seed, image_size=image_size,
                       chunk_size=chunk_size,
                       options={"seeds": ids, "variants": variants,
                                "pin_canonical": pin_canonical})


def list_seeds() -> int:
    """Print the seed questions with topic, level, answer type, variation kinds and the visual
    type (of variant 0's figure), then the counts of visual types and of topics."""
    seeds = load_seeds()
    kinds = {sid: ", ".join(q.kinds) for sid, q in seeds.items()}
    visual = {sid: make_variant(sid, 0).visual_type for sid in seeds}
    w = max(map(len, kinds.values()))
    print(f"{'seed_id':34s} {'topic':18s} {'level':17s} {'answer':15s} {'kinds':{w}s} visual type")
    for sid, q in sorted(seeds.items()):
        print(f"{sid:34s} {q.topic:18s} {q.level:17s} {q.answer_type:15s} {kinds[sid]:{w}s} "
              f"{visual[sid]}")
    by_visual = Counter(visual.values())
    print("visual types: " + ", ".join(f"{t}: {n}" for t, n in sorted(by_visual.items())))
    by_topic = Counter(q.topic for q in seeds.values())
    print(f"{len(seeds)} seeds; " + ", ".join(f"{t}: {n}" for t, n in sorted(by_topic.items())))
    return 0
