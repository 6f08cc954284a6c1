"""Sampler of the "calendar" family: a month of 1990-2035 with a few ringed days.

    python -c "import numpy as np; from renderers.calendar.sample import sample_spec; \
print(sample_spec(np.random.default_rng(0)))"
"""
from __future__ import annotations

import calendar

import numpy as np

from renderers.calendar.spec import CalendarSpec, Mark


def sample_spec(rng: np.random.Generator) -> CalendarSpec:
    y, m = int(rng.integers(1990, 2036)), int(rng.integers(1, 13))
    n = calendar.monthrange(y, m)[1]
    days = sorted(int(d) for d in rng.choice(np.arange(1, n + 1), size=2, replace=False))
    return CalendarSpec(year=y, month=m, first_weekday=int(rng.choice([0, 6])),
                        marks=[Mark([days[0]], "red", "Start"), Mark([days[1]], "blue", "End")])
