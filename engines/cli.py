"""``mm-data``: build datasets with the data engines.

    mm-data mavis-caption  --n 10000 --out data/cap --seed 0 --image-size 336 --num-proc 2
    mm-data mavis-instruct --n 10000 --out data/ins --seed 0 [--versions text_lite ...]
    mm-data dpo-pairs      --n 2000  --out data/dpo --seed 0
    mm-data dynamath --seeds all --variants 10 --seed 0 --out data/dynamath
    mm-data dynamath list             # seed questions with topic, level, answer type, kinds
    mm-data families                  # renderer families and what the engine makes of each
    mm-data card DIR                  # rewrite a dataset card from the files present

Every build takes ``--shard-index i --num-shards k`` (the union of the k shard runs is
byte-identical to one run) and resumes after an interruption: rerun the same command.
"""
from __future__ import annotations

import json
import sys

from engines.cliutil import OneLineParser, fail, split_list

PROG = "mm-data"
BUILD_KINDS = ("mavis-caption", "mavis-instruct", "dpo-pairs", "mavis-perception")


def _add_build_args(p: OneLineParser) -> None:
    p.add_argument("--n", type=int, required=True, help="number of rows")
    p.add_argument("--out", required=True, help="output dataset folder")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--image-size", type=int, default=336, help="image side in pixels")
    p.add_argument("--families", nargs="+", help="renderer families (space or comma separated)")
    p.add_argument("--num-proc", type=int, default=1)
    p.add_argument("--shard-index", type=int, default=0)
    p.add_argument("--num-shards", type=int, default=1)
    p.add_argument("--chunk-size", type=int, default=256, help="units per parquet file")
    p.add_argument("--overwrite", action="store_true", help="replace a DIR built otherwise")
    p.add_argument("--no-progress", action="store_true")


def parser() -> OneLineParser:
    ap = OneLineParser(prog=PROG, description="Build datasets with the data engines.")
    sub = ap.add_subparsers(dest="cmd", required=True, parser_class=OneLineParser)
    for kind in BUILD_KINDS:
        p = sub.add_parser(kind, help=f"build a {kind} dataset")
        _add_build_args(p)
        if kind in ("mavis-instruct", "dpo-pairs"):
            p.add_argument("--versions", nargs="+",
                           help="text_dominant text_lite vision_dominant (default: all)")
            p.add_argument("--question-type", default="mixed",
                           choices=["mixed", "multiple_choice", "free_form"])
        if kind == "mavis-perception":
            p.add_argument("--form", default="open", choices=["open", "yes-no"],
                           help="open questions, or yes/no claims to confirm (MME's format)")
    d = sub.add_parser("dynamath", help="DynaMath-style variants of seed questions (or: list)")
    d.add_argument("action", nargs="?", choices=["list"], help="list the seed questions")
    d.add_argument("--seeds", default="all", help="all, or seed ids separated by commas")
    d.add_argument("--variants", type=int, default=10, help="variants per seed question")
    d.add_argument("--out", help="output dataset folder")
    d.add_argument("--seed", type=int, default=0)
    d.add_argument("--image-size", type=int, default=336)
    d.add_argument("--no-pin-canonical", action="store_true",
                   help="sample variant 0 too instead of the seed's canonical parameters")
    d.add_argument("--num-proc", type=int, default=1)
    d.add_argument("--shard-index", type=int, default=0)
    d.add_argument("--num-shards", type=int, default=1)
    d.add_argument("--chunk-size", type=int, default=256)
    d.add_argument("--overwrite", action="store_true")
    d.add_argument("--no-progress", action="store_true")
    sh = sub.add_parser("sheet", help="a contact sheet PNG of samples, for people to look at")
    sh.add_argument("--out", required=True, help="PNG path")
    sh.add_argument("--families", nargs="+", default=["all"])
    sh.add_argument("--per-family", type=int, default=4)
    sh.add_argument("--dynamath-seed", help="instead: the variants of one seed question")
    sh.add_argument("--variants", type=int, default=10)
    sh.add_argument("--seed", type=int, default=0)
    sub.add_parser("families", help="list renderer families and engine coverage")
    c = sub.add_parser("card", help="rewrite DIR/README.md from the files present")
    c.add_argument("dir")
    return ap


def _validate(a) -> None:
    if getattr(a, "n", 1) <= 0:
        fail(PROG, "--n", f"must be a positive number of rows, got {a.n}")
    if not 32 <= a.image_size <= 4096:
        fail(PROG, "--image-size", f"must be between 32 and 4096 pixels, got {a.image_size}")
    if a.num_proc < 1:
        fail(PROG, "--num-proc", f"must be >= 1, got {a.num_proc}")
    if a.num_shards < 1:
        fail(PROG, "--num-shards", f"must be >= 1, got {a.num_shards}")
    if not 0 <= a.shard_index < a.num_shards:
        fail(PROG, "--shard-index", f"must be in [0, {a.num_shards}), got {a.shard_index}")
    if a.chunk_size < 1:
        fail(PROG, "--chunk-size", f"must be >= 1, got {a.chunk_size}")


def _config(a):
    from engines import dataset

    if a.cmd == "dynamath":
        from engines.dynamath.builder import dynamath_config

        if a.variants < 1:
            fail(PROG, "--variants", f"must be >= 1, got {a.variants}")
        try:
            return dynamath_config(a.seeds, a.variants, a.seed, a.image_size,
                                   pin_canonical=not a.no_pin_canonical,
                                   chunk_size=a.chunk_size)
        except KeyError as e:
            fail(PROG, "--seeds", e.args[0])
    options = {}
    if a.cmd in ("mavis-instruct", "dpo-pairs"):
        options = {"versions": split_list(a.versions) or None, "question_type": a.question_type}
    elif a.cmd == "mavis-perception":
        options = {"form": "yes_no"} if a.form == "yes-no" else {}  # open: as before
    return dataset.BuildConfig(kind=a.cmd, n=a.n, seed=a.seed, image_size=a.image_size,
                               families=split_list(a.families), chunk_size=a.chunk_size,
                               options=options)


def _build(a) -> int:
    from engines import dataset

    _validate(a)
    if not a.out:
        fail(PROG, "--out", "is required to build a dataset")
    try:
        cfg = _config(a)
        dataset.get_builder(a.cmd).validate(cfg)
    except ValueError as e:
        msg = str(e)
        flag = msg.split(":")[0] if msg.startswith("--") else "--" + a.cmd
        fail(PROG, flag, msg.split(": ", 1)[1] if msg.startswith("--") else msg)
    try:
        summary = dataset.build(cfg, a.out, num_proc=a.num_proc, shard_index=a.shard_index,
                                num_shards=a.num_shards, overwrite=a.overwrite,
                                progress=not a.no_progress)
    except FileExistsError as e:
        fail(PROG, "--out", str(e))
    for err in summary["errors"]:
        sys.stderr.write(f"{PROG}: unit {err['unit']} failed: {err['error']}\n")
    print(json.dumps({k: v for k, v in summary.items() if k != "errors"} |
                     {"failed_units": len(summary["errors"])}))
    return 0


def _families() -> int:
    import renderers
    from engines.mavis import registry

    caps, probs = registry.caption_families(), registry.instruct_families()
    for name in renderers.family_names():
        print(f"{name:20s} caption={'yes' if name in caps else 'no':3s} "
              f"instruct={'yes' if name in probs else 'no'}")
    return 0


def _sheet(a) -> int:
    import renderers
    from engines import sheet

    if a.dynamath_seed:
        from engines.dynamath.seed import resolve_seeds

        try:
            resolve_seeds(a.dynamath_seed)
        except KeyError as e:
            fail(PROG, "--dynamath-seed", e.args[0])
        img = sheet.dynamath_sheet(a.dynamath_seed, a.variants, a.seed)
    else:
        fams = split_list(a.families)
        names = renderers.family_names() if fams == ["all"] else fams
        bad = [f for f in names if f not in renderers.family_names()]
        if bad:
            fail(PROG, "--families", f"unknown {', '.join(bad)}; valid: "
                 f"{', '.join(renderers.family_names())}")
        img = sheet.family_sheet(names, a.per_family, a.seed)
    img.save(a.out)
    print(a.out)
    return 0


def _list_seeds() -> int:
    from collections import Counter

    from engines.dynamath.seed import load_seeds

    seeds = load_seeds()
    print(f"{'seed_id':34s} {'topic':18s} {'level':17s} {'answer':15s} kinds")
    for sid, q in sorted(seeds.items()):
        print(f"{sid:34s} {q.topic:18s} {q.level:17s} {q.answer_type:15s} {', '.join(q.kinds)}")
    by_topic = Counter(q.topic for q in seeds.values())
    print(f"{len(seeds)} seeds; " + ", ".join(f"{t}: {n}" for t, n in sorted(by_topic.items())))
    return 0


def main(argv: list[str] | None = None) -> None:
    a = parser().parse_args(argv)
    if a.cmd == "dynamath" and a.action == "list":
        code = _list_seeds()
    elif a.cmd in BUILD_KINDS + ("dynamath",):
        code = _build(a)
    elif a.cmd == "families":
        code = _families()
    elif a.cmd == "sheet":
        code = _sheet(a)
    elif a.cmd == "card":
        from pathlib import Path

        from engines import dataset

        if not (Path(a.dir) / dataset.CONFIG_NAME).exists():
            fail(PROG, "dir", f"{a.dir} has no {dataset.CONFIG_NAME}: not a dataset built here")
        print(json.dumps(dataset.write_card(a.dir)))
        code = 0
    raise SystemExit(code)


if __name__ == "__main__":
    main()
