"""``mm-data``: build datasets with the data engines.

    mm-data mavis-caption  --n 10000 --out data/cap --seed 0 --image-size 336 --num-proc 2
    mm-data mavis-instruct --n 10000 --out data/ins --seed 0 [--versions text_lite ...]
    mm-data dpo-pairs      --n 2000  --out data/dpo --seed 0
    mm-data dynamath --seeds all --variants 10 --seed 0 --out data/dynamath
    mm-data dynamath list             # seed questions with topic, level, answer type, kinds
    mm-data mme-synth  --n-images 30 --out data/mme-synth --seed 0   # an evaluation set
    mm-data families                  # renderer families and what the engine makes of each
    mm-data sheet --versions --out docs/mavis_versions.png   # the three instruct versions
    mm-data card DIR                  # rewrite a dataset card from the files present

Every dataset kind registered under engines/builders/ is a subcommand with the flags its
builder declares. Every build takes ``--shard-index i --num-shards k`` (the union of the k
shard runs is byte-identical to one run) and resumes after an interruption: rerun the same
command. One build writes a folder at a time: a second one into the same ``--out`` (with
``--overwrite`` too) is refused, naming the running one.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

from engines import dataset
from engines.cliutil import OneLineParser, fail, seed_value, split_list
from engines.dataset import BUILDERS
from engines.dataset.files import CorruptFile
from engines.dataset.lock import FolderBusy
from engines.dataset.outdir import OutDirError, out_file_problem

PROG = "mm-data"
SHEET_MAX = 64  # pictures per row of a contact sheet: one for people to look at


def _kinds() -> list:
    """The registered dataset kinds, in their ``mm-data --help`` order."""
    return sorted(BUILDERS.values(), key=lambda b: (b.order, b.kind))


def parser() -> OneLineParser:
    ap = OneLineParser(prog=PROG, description="Build datasets with the data engines.")
    sub = ap.add_subparsers(dest="cmd", required=True, parser_class=OneLineParser)
    for builder in _kinds():
        builder.add_arguments(sub.add_parser(builder.kind, help=builder.help or
                                             f"build a {builder.kind} dataset"))
    sh = sub.add_parser("sheet", help="a contact sheet PNG of samples, for people to look at")
    sh.add_argument("--out", required=True, help="PNG path")
    sh.add_argument("--families", nargs="+", default=["all"])
    sh.add_argument("--per-family", type=int, default=4, help=f"1..{SHEET_MAX}")
    sh.add_argument("--dynamath-seed", help="instead: the variants of one seed question")
    sh.add_argument("--variants", type=int, default=10, help=f"1..{SHEET_MAX}")
    sh.add_argument("--versions", action="store_true",
                    help="instead: the three MAVIS-Instruct versions of one problem of each "
                         "instruct family (--families), side by side with their questions")
    sh.add_argument("--seed", type=seed_value, default=0)
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
    _validate_lists(a)


# list flags whose absence means "all": given with no name in it (``--families ,``), a flag is
# refused rather than read as "all"
LIST_FLAGS = (("families", "--families", "family"), ("versions", "--versions", "version"))


def _validate_lists(a) -> None:
    for dest, flag, what in LIST_FLAGS:
        values = getattr(a, dest, None)
        if isinstance(values, list) and not split_list(values):
            fail(PROG, flag, f"no {what} given")


# BuildConfig's fields by the flag that sets them ("n" by the builder's ``size_flag``)
FIELD_FLAGS = {"image_size": "--image-size", "chunk_size": "--chunk-size"}


def _fail_value_error(a, e: ValueError) -> None:
    """A builder's ValueError("--flag: message") or BuildConfig's ("field: message") as the
    one-line error naming that flag."""
    msg = str(e)
    head, _, rest = msg.partition(": ")
    if head.startswith("--"):
        fail(PROG, head, rest)
    if head == "n":
        fail(PROG, BUILDERS.get(a.cmd).size_flag, rest)
    if head in FIELD_FLAGS:
        fail(PROG, FIELD_FLAGS[head], rest)
    fail(PROG, "--" + a.cmd, msg)


def _build(a) -> int:
    builder = BUILDERS.get(a.cmd)
    _validate(a)
    if not a.out:
        fail(PROG, "--out", "is required to build a dataset")
    try:
        cfg = builder.config_from_args(a)
        builder.validate(cfg)
    except ValueError as e:
        _fail_value_error(a, e)
    try:
        summary = dataset.build(cfg, a.out, num_proc=a.num_proc, shard_index=a.shard_index,
                                num_shards=a.num_shards, overwrite=a.overwrite,
                                progress=not a.no_progress)
    except (FileExistsError, FolderBusy, OutDirError, CorruptFile) as e:
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


def _sheet_out(out: str) -> Path:
    """The sheet's path, checked before anything is drawn: a file name whose extension Pillow
    writes, in a folder that exists and can be written."""
    from PIL import Image

    path = Path(out)
    if path.is_dir():
        fail(PROG, "--out", f"{out} is a folder; give the PNG file's path")
    Image.init()
    ext = path.suffix.lower()
    if ext not in Image.registered_extensions():
        fail(PROG, "--out", f"{out}: unknown image extension {ext or '(none)'!r}; use .png")
    why = out_file_problem(path)
    if why:
        fail(PROG, "--out", f"{out}: {why}")
    return path


def _sheet(a) -> int:
    import renderers
    from engines import sheet

    for flag, v in (("--per-family", a.per_family), ("--variants", a.variants)):
        if not 1 <= v <= SHEET_MAX:
            fail(PROG, flag, f"must be in 1..{SHEET_MAX}, got {v}")
    _validate_lists(a)
    out = _sheet_out(a.out)
    if a.dynamath_seed is not None:
        from engines.dynamath.seed import SEEDS

        if a.dynamath_seed not in SEEDS:
            fail(PROG, "--dynamath-seed", f"unknown seed id {a.dynamath_seed!r}; give one of "
                 f"the {len(SEEDS)} ids that `mm-data dynamath list` lists")
        img = sheet.dynamath_sheet(a.dynamath_seed, a.variants, a.seed)
    elif a.versions:
        from engines.mavis import registry

        fams = split_list(a.families)
        valid = registry.instruct_families()
        names = valid if fams == ["all"] else fams
        bad = [f for f in names if f not in valid]
        if bad:
            fail(PROG, "--families", f"no instruct problems for {', '.join(bad)}; valid: "
                 f"{', '.join(valid)}")
        img = sheet.versions_sheet(names, a.seed)
    else:
        fams = split_list(a.families)
        names = renderers.family_names() if fams == ["all"] else fams
        bad = [f for f in names if f not in renderers.family_names()]
        if bad:
            fail(PROG, "--families", f"unknown {', '.join(bad)}; valid: "
                 f"{', '.join(renderers.family_names())}")
        img = sheet.family_sheet(names, a.per_family, a.seed)
    try:
        img.save(out)
    except (OSError, ValueError) as e:
        fail(PROG, "--out", f"{a.out}: cannot write the sheet ({e})")
    print(a.out)
    return 0


def main(argv: list[str] | None = None) -> None:
    a = parser().parse_args(argv)
    if a.cmd in BUILDERS:
        code = BUILDERS.get(a.cmd).command(a)
        if code is None:
            code = _build(a)
    elif a.cmd == "families":
        code = _families()
    elif a.cmd == "sheet":
        code = _sheet(a)
    elif a.cmd == "card":
        if not (Path(a.dir) / dataset.CONFIG_NAME).exists():
            fail(PROG, "dir", f"{a.dir} has no {dataset.CONFIG_NAME}: not a dataset built here")
        try:
            print(json.dumps(dataset.write_card(a.dir)))
        except (CorruptFile, OSError) as e:
            fail(PROG, "dir", str(e))
        code = 0
    raise SystemExit(code)


if __name__ == "__main__":
    main()
