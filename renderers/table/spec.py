"""Tables of real-life data (family "table"): a title, a header row and rows of text cells
(times, prices, names, counts), an optional note under the table.

Why: DynaMath reads timetables, price lists, league tables and probability tables; their cells
are text ("08:15", "$2.40", "0.35", "?"), which the numeric tables of the chart family cannot
hold. ``facts`` returns the cells by row and column name.

    python -c "import numpy as np, renderers; f = renderers.get_family('table'); \
f.render(f.sample_spec(np.random.default_rng(0)), 336).save('/tmp/table.png')"
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

from renderers.spec import Spec


@dataclass
class TableSpec(Spec):
    """``header`` names the columns; the first column holds the row names; ``highlight``
    lists [row, column] cells (0-based, body rows) drawn on yellow."""

    family: ClassVar[str] = "table"
    title: str = ""
    header: list[str] = field(default_factory=list)
    rows: list[list[str]] = field(default_factory=list)
    note: str = ""
    highlight: list[list[int]] = field(default_factory=list)


def validate(spec: TableSpec) -> None:
    if not spec.header or not spec.rows:
        raise ValueError("a table needs a header and at least one row")
    bad = [i for i, r in enumerate(spec.rows) if len(r) != len(spec.header)]
    if bad:
        raise ValueError(f"table rows {bad} do not have {len(spec.header)} cells")


def table_facts(spec: TableSpec) -> dict:
    validate(spec)
    return {"title": spec.title, "header": list(spec.header), "n_rows": len(spec.rows),
            "rows": [list(r) for r in spec.rows],
            "cell": {r[0]: dict(zip(spec.header[1:], r[1:])) for r in spec.rows},
            "note": spec.note}
