"""The dataset card: DIR/README.md written from build.json and the chunk files present (only
when its text changes, so that re-checking a finished dataset writes nothing).

    mm-data card DIR
"""
from __future__ import annotations

from collections import Counter
from pathlib import Path

from engines.dataset.config import BuildConfig, get_builder
from engines.dataset.files import (CARD_NAME, CONFIG_NAME, CorruptFile, chunk_path, read_config,
                                   read_json)


def write_card(out: str | Path) -> dict:
    """Write DIR/README.md from build.json and the chunks present, unless it already says
    that; returns the counts."""
    out = Path(out)
    text, info = card_text(out)
    card = out / CARD_NAME
    if not card.is_file() or card.read_text(errors="replace") != text:
        card.write_text(text)
    return info


def card_text(out: str | Path) -> tuple[str, dict]:
    """The text of DIR/README.md and the counts, from build.json and the chunks present."""
    import pyarrow.parquet as pq
    import yaml

    out = Path(out)
    cfg = read_config(out)
    if cfg is None:
        raise FileNotFoundError(f"{out / CONFIG_NAME}: no such file; not a dataset built here")
    try:
        build = BuildConfig.from_dict(cfg)
        builder = get_builder(build.kind)
        builder.validate(build)
        n_units = builder.n_units(build)
    except (ValueError, TypeError, KeyError) as e:  # a field a builder reads is not its type
        why = e.args[0] if isinstance(e, KeyError) and e.args else str(e)
        raise CorruptFile(out / CONFIG_NAME, str(why).splitlines()[0]) from None
    n_chunks = -(-n_units // cfg["chunk_size"])
    files = [chunk_path(out, c, n_chunks) for c in range(n_chunks)]
    present = [f for f in files if f.exists()]
    counts: dict[str, Counter] = {col: Counter() for col in builder.count_columns}
    n_rows = 0
    for f in present:
        try:
            t = pq.read_table(f, columns=list(builder.count_columns))
        except Exception as e:  # pyarrow's errors for a cut or foreign file vary by cause
            raise CorruptFile(f, f"not a readable parquet file ({str(e).splitlines()[0]})"
                              ) from None
        n_rows += t.num_rows
        for col in builder.count_columns:
            for v in t.column(col).to_pylist():
                for item in (v if isinstance(v, list) else [v]):
                    counts[col][str(item)] += 1
    errors = []
    for e in sorted((out / "data").glob("errors-*.json")):
        errs = read_json(e)
        if not isinstance(errs, list):
            raise CorruptFile(e, "not a list of failed units")
        errors += errs
    complete = len(present) == n_chunks
    header = {
        "configs": [{"config_name": "default",
                     "data_files": [{"split": "train", "path": "data/*.parquet"}]}],
        "build_config": cfg,
        "num_rows": n_rows,
        "complete": complete,
    }
    lines = ["---", yaml.safe_dump(header, sort_keys=True).rstrip(), "---", "",
             f"# {cfg['kind']}", "", builder.describe(build), "",
             f"- rows: {n_rows} of {cfg['n']} "
             f"({len(present)} of {n_chunks} chunk files present"
             f"{'' if complete else '; build not complete: rerun the same command'})",
             f"- seed: {cfg['seed']}, image size: {cfg['image_size']} px",
             f"- failed units: {len(errors)}" + (" (see data/errors-*.json)" if errors else ""),
             "", "Load it with:", "", "```python", "import datasets",
             f"ds = datasets.load_dataset(\"parquet\", data_files=\"{out.name}/data/*.parquet\", "
             "split=\"train\")", "```", ""]
    for col, cnt in counts.items():
        lines += [f"## Counts by {col}", "", f"| {col} | rows |", "|---|---:|"]
        lines += [f"| {k} | {v} |" for k, v in sorted(cnt.items())]
        lines.append("")
    return "\n".join(lines), {"rows": n_rows, "complete": complete,
                              "counts": {k: dict(v) for k, v in counts.items()}}
