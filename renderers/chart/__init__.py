"""The "chart" family: bar, line, pie, scatter, histogram, table and box plot.

spec.py holds the spec and the facts, stats.py the numbers facts and drawing share, sample.py
the sampler and its themes, draw.py the drawing.

    python -c "import numpy as np, renderers; f = renderers.get_family('chart'); \
f.render(f.sample_spec(np.random.default_rng(0), kind='pie'), 336).save('/tmp/chart.png')"
"""
from __future__ import annotations

import numpy as np

from renderers.canvas import Canvas
from renderers.chart.draw import draw_chart
from renderers.chart.sample import sample_chart
from renderers.chart.spec import ChartSpec, chart_facts, validate
from renderers.family import FAMILIES, Family


@FAMILIES.register
class ChartFamily(Family):
    name = "chart"
    spec_cls = ChartSpec

    def sample_spec(self, rng: np.random.Generator, kind: str | None = None,
                    theme: str | None = None) -> ChartSpec:
        """Knobs: ``kind`` in KINDS (None = random); ``theme`` in THEME_NAMES for the kinds
        that use the category vocabularies (bar, pie, table, box; line takes months / years)."""
        return sample_chart(rng, kind, theme)

    def facts(self, spec: ChartSpec) -> dict:
        return chart_facts(spec)

    def draw(self, spec: ChartSpec, canvas: Canvas) -> None:
        validate(spec)
        draw_chart(spec, canvas)
