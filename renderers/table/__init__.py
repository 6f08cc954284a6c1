"""The "table" family: tables of text cells (timetables, price lists, league tables).

spec.py holds the spec and the facts, sample.py the sampler, draw.py the drawing.

    python -c "import numpy as np, renderers; f = renderers.get_family('table'); \
f.render(f.sample_spec(np.random.default_rng(0)), 336).save('/tmp/table.png')"
"""
from __future__ import annotations

from renderers.family import eval_only_family
from renderers.table.draw import draw
from renderers.table.sample import sample_spec
from renderers.table.spec import TableSpec, table_facts, validate

TableFamily = eval_only_family(__name__, "table", TableSpec, sample=sample_spec, facts=table_facts,
                               draw=draw, validate=validate)
