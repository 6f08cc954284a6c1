"""The "table" family: tables of text cells (timetables, price lists, league tables).

spec.py holds the spec and the facts, sample.py the sampler, draw.py the drawing.

    python -c "import numpy as np, renderers; f = renderers.get_family('table'); \
f.render(f.sample_spec(np.random.default_rng(0)), 336).save('/tmp/table.png')"
"""
from __future__ import annotations

import numpy as np

from renderers.canvas import Canvas
from renderers.family import FAMILIES, Family
from renderers.table.draw import draw
from renderers.table.sample import sample_spec
from renderers.table.spec import TableSpec, table_facts, validate


@FAMILIES.register
class TableFamily(Family):
    name = "table"
    spec_cls = TableSpec
    eval_only = True  # drawn for DynaMath-style questions; no MAVIS captions are written

    def sample_spec(self, rng: np.random.Generator) -> TableSpec:
        return sample_spec(rng)

    def facts(self, spec: TableSpec) -> dict:
        return table_facts(spec)

    def draw(self, spec: TableSpec, canvas: Canvas) -> None:
        validate(spec)
        draw(spec, canvas)
