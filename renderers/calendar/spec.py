"""Month calendars (family "calendar"): one month as a grid of weeks, days optionally marked
with coloured rings and a legend saying what each colour means.

Why: DynaMath asks calendar questions (the weekday of a date, days between two marked dates,
how many of a weekday a month has); the spec names the year and month, ``facts`` derives every
date's weekday from Python's ``calendar`` module.

    python -c "import numpy as np, renderers; f = renderers.get_family('calendar'); \
f.render(f.sample_spec(np.random.default_rng(0)), 336).save('/tmp/calendar.png')"
"""
from __future__ import annotations

import calendar
from dataclasses import dataclass, field
from typing import ClassVar

from renderers.spec import Spec

WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August",
          "September", "October", "November", "December")


@dataclass
class Mark:
    """Days ringed in one colour, and what the legend says they are ("" = no legend entry)."""

    days: list[int]
    color: str = "red"
    meaning: str = ""


@dataclass
class CalendarSpec(Spec):
    """``first_weekday`` 0 (weeks start on Monday) or 6 (on Sunday)."""

    family: ClassVar[str] = "calendar"
    year: int = 2024
    month: int = 1
    first_weekday: int = 0
    marks: list[Mark] = field(default_factory=list)
    title: str = ""  # "" = "<Month> <year>"


def validate(spec: CalendarSpec) -> None:
    if not 1 <= spec.month <= 12 or not 1 <= spec.year <= 9999:
        raise ValueError(f"calendar month {spec.month} / year {spec.year} out of range")
    if spec.first_weekday not in (0, 6):
        raise ValueError(f"calendar first_weekday {spec.first_weekday}; valid: 0 (Monday), "
                         f"6 (Sunday)")
    n = calendar.monthrange(spec.year, spec.month)[1]
    bad = [d for m in spec.marks for d in m.days if not 1 <= d <= n]
    if bad:
        raise ValueError(f"marked days {bad} are not in a month of {n} days")


def title_of(spec: CalendarSpec) -> str:
    return spec.title or f"{MONTHS[spec.month - 1]} {spec.year}"


def calendar_facts(spec: CalendarSpec) -> dict:
    validate(spec)
    n = calendar.monthrange(spec.year, spec.month)[1]
    wd = {d: WEEKDAYS[calendar.weekday(spec.year, spec.month, d)] for d in range(1, n + 1)}
    return {"title": title_of(spec), "year": spec.year, "month": MONTHS[spec.month - 1],
            "n_days": n, "weekday_of": {str(d): w for d, w in wd.items()},
            "count_of": {w: sum(v == w for v in wd.values()) for w in WEEKDAYS},
            "first_weekday": WEEKDAYS[spec.first_weekday],
            "marks": [{"days": list(m.days), "color": m.color, "meaning": m.meaning}
                      for m in spec.marks]}
