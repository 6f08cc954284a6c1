"""The "calendar" family: month calendars with ringed days and a legend.

spec.py holds the spec and the facts, sample.py the sampler, draw.py the drawing.

    python -c "import numpy as np, renderers; f = renderers.get_family('calendar'); \
f.render(f.sample_spec(np.random.default_rng(0)), 336).save('/tmp/calendar.png')"
"""
from __future__ import annotations

import numpy as np

from renderers.calendar.draw import draw
from renderers.calendar.sample import sample_spec
from renderers.calendar.spec import CalendarSpec, calendar_facts, validate
from renderers.canvas import Canvas
from renderers.family import FAMILIES, Family


@FAMILIES.register
class CalendarFamily(Family):
    name = "calendar"
    spec_cls = CalendarSpec
    eval_only = True  # drawn for DynaMath-style questions; no MAVIS captions are written

    def sample_spec(self, rng: np.random.Generator) -> CalendarSpec:
        return sample_spec(rng)

    def facts(self, spec: CalendarSpec) -> dict:
        return calendar_facts(spec)

    def draw(self, spec: CalendarSpec, canvas: Canvas) -> None:
        validate(spec)
        draw(spec, canvas)
