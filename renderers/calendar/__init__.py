"""The "calendar" family: month calendars with ringed days and a legend.

spec.py holds the spec and the facts, sample.py the sampler, draw.py the drawing.

    python -c "import numpy as np, renderers; f = renderers.get_family('calendar'); \
f.render(f.sample_spec(np.random.default_rng(0)), 336).save('/tmp/calendar.png')"
"""
from __future__ import annotations

from renderers.calendar.draw import draw
from renderers.calendar.sample import sample_spec
from renderers.calendar.spec import CalendarSpec, calendar_facts, validate
from renderers.family import eval_only_family

CalendarFamily = eval_only_family(__name__, "calendar", CalendarSpec, sample=sample_spec,
                                  facts=calendar_facts, draw=draw, validate=validate)
