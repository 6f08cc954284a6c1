"""DynaMath "statistics" seeds: month calendars.

Why these: DynaMath's calendar questions read a weekday off a month, count the days between
two marked dates, count a weekday or the working days of a month, and carry a date forward.
The month is drawn, so the weekday of any date is read from the picture; marked days are ringed
and named in a legend. Answers come from the ``calendar`` module; ``check`` re-derives them with
``datetime`` arithmetic day by day.

    python -m pytest -q tests/engines/dynamath/test_statistics_calendar.py
"""
from __future__ import annotations

import calendar as cal
import datetime as dt

from engines.dynamath.seed import SeedQuestion, register_seed
from engines.dynamath.seeds.statistics.common import ELEM, HIGH, TOPIC, shuffled
from renderers.calendar.spec import WEEKDAYS, CalendarSpec, Mark, calendar_facts


def _month(rng) -> dict:
    return {"year": int(rng.integers(1995, 2035)), "month": int(rng.integers(1, 13)),
            "first": int(rng.choice([0, 6]))}


def _ndays(p: dict) -> int:
    return cal.monthrange(p["year"], p["month"])[1]


def _spec(p: dict, marks: list[Mark] | None = None) -> CalendarSpec:
    return CalendarSpec(year=p["year"], month=p["month"], first_weekday=p["first"],
                        marks=marks or [])


def _weekday_options(rng, ans: str) -> list[str]:
    others = [w for w in WEEKDAYS if w != ans]
    pick = [others[int(i)] for i in rng.choice(len(others), size=4, replace=False)]
    return shuffled(rng, [ans] + pick)


@register_seed
class CalendarWeekday(SeedQuestion):
    seed_id = "stat-calendar-weekday"
    topic, level, answer_type = TOPIC, ELEM, "multiple choice"
    kinds = ("numerical value", "real-life context")

    def sample(self, rng):
        p = _month(rng)
        p["day"] = int(rng.integers(1, _ndays(p) + 1))
        p["opts"] = _weekday_options(rng, self.answer(p))
        return p

    def question(self, p):
        return (f"According to the calendar, on what day of the week is day {p['day']} of the "
                f"month shown?")

    def options(self, p):
        return list(p["opts"])

    def answer(self, p):
        return WEEKDAYS[cal.weekday(p["year"], p["month"], p["day"])]

    def check(self, p):
        return dt.date(p["year"], p["month"], p["day"]).strftime("%A")

    def diagram(self, p):
        return _spec(p)


@register_seed
class CalendarCountWeekday(SeedQuestion):
    seed_id = "stat-calendar-count-weekday"
    topic, level, answer_type = TOPIC, ELEM, "float"
    kinds = ("numerical value", "real-life context")

    def sample(self, rng):
        p = _month(rng)
        p["wd"] = int(rng.integers(7))
        return p

    def question(self, p):
        return f"How many {WEEKDAYS[p['wd']]}s are there in the month shown in the calendar?"

    def answer(self, p):
        return float(calendar_facts(_spec(p))["count_of"][WEEKDAYS[p["wd"]]])

    def check(self, p):
        d, n = dt.date(p["year"], p["month"], 1), 0
        while d.month == p["month"]:
            n += d.weekday() == p["wd"]
            d += dt.timedelta(days=1)
        return float(n)

    def diagram(self, p):
        return _spec(p)


@register_seed
class CalendarDaysBetween(SeedQuestion):
    seed_id = "stat-calendar-days-between"
    topic, level, answer_type = TOPIC, ELEM, "float"
    kinds = ("numerical value", "real-life context")

    def sample(self, rng):
        p = _month(rng)
        a, b = sorted(int(x) for x in rng.choice(range(1, _ndays(p) + 1), size=2, replace=False))
        p["days"] = [a, b]
        p["inclusive"] = bool(rng.random() < 0.5)
        return p

    def question(self, p):
        if p["inclusive"]:
            return ("A trip starts on the day ringed in red and ends on the day ringed in blue. "
                    "On how many days of the month is the trip under way (count both the start "
                    "day and the end day)?")
        return ("A parcel is posted on the day ringed in red and arrives on the day ringed in "
                "blue. How many days after posting does it arrive?")

    def answer(self, p):
        a, b = p["days"]
        return float(b - a + (1 if p["inclusive"] else 0))

    def check(self, p):
        a, b = (dt.date(p["year"], p["month"], d) for d in p["days"])
        return float((b - a).days + p["inclusive"])

    def diagram(self, p):
        a, b = ("Start", "End") if p["inclusive"] else ("Posted", "Arrived")
        return _spec(p, [Mark([p["days"][0]], "red", a), Mark([p["days"][1]], "blue", b)])


@register_seed
class CalendarDaysLater(SeedQuestion):
    seed_id = "stat-calendar-days-later"
    topic, level, answer_type = TOPIC, HIGH, "multiple choice"
    kinds = ("numerical value", "real-life context")

    def sample(self, rng):
        p = _month(rng)
        p["day"] = int(rng.integers(1, _ndays(p) + 1))
        p["k"] = int(rng.integers(9, 80))
        p["opts"] = _weekday_options(rng, self.answer(p))
        return p

    def question(self, p):
        return (f"A parcel is posted on the ringed day. It arrives {p['k']} days later. On what "
                f"day of the week does it arrive?")

    def options(self, p):
        return list(p["opts"])

    def answer(self, p):
        return WEEKDAYS[(cal.weekday(p["year"], p["month"], p["day"]) + p["k"]) % 7]

    def check(self, p):
        d = dt.date(p["year"], p["month"], p["day"]) + dt.timedelta(days=p["k"])
        return d.strftime("%A")

    def diagram(self, p):
        return _spec(p, [Mark([p["day"]], "red", "Posted")])


@register_seed
class CalendarWorkingDays(SeedQuestion):
    seed_id = "stat-calendar-working-days"
    topic, level, answer_type = TOPIC, HIGH, "float"
    kinds = ("numerical value", "real-life context")

    def sample(self, rng):
        p = _month(rng)
        weekdays = [d for d in range(1, _ndays(p) + 1) if cal.weekday(p["year"], p["month"], d) < 5]
        k = int(rng.integers(1, 4))
        p["holidays"] = sorted(int(weekdays[int(i)])
                               for i in rng.choice(len(weekdays), size=k, replace=False))
        return p

    def question(self, p):
        return ("Working days are Monday to Friday, except public holidays. The public holidays "
                "of this month are ringed in red. How many working days does the month have?")

    def answer(self, p):
        f = calendar_facts(_spec(p))
        return float(sum(f["count_of"][w] for w in WEEKDAYS[:5]) - len(p["holidays"]))

    def check(self, p):
        d, n = dt.date(p["year"], p["month"], 1), 0
        while d.month == p["month"]:
            n += d.weekday() < 5 and d.day not in p["holidays"]
            d += dt.timedelta(days=1)
        return float(n)

    def diagram(self, p):
        return _spec(p, [Mark(list(p["holidays"]), "red", "Public holiday")])


@register_seed
class CalendarNextMonth(SeedQuestion):
    seed_id = "stat-calendar-next-month"
    topic, level, answer_type = TOPIC, HIGH, "multiple choice"
    kinds = ("numerical value", "real-life context")

    def sample(self, rng):
        p = _month(rng)
        p["opts"] = _weekday_options(rng, self.answer(p))
        return p

    def question(self, p):
        return ("The calendar shows one month. On what day of the week does the month after it "
                "begin?")

    def options(self, p):
        return list(p["opts"])

    def answer(self, p):
        last = cal.weekday(p["year"], p["month"], _ndays(p))
        return WEEKDAYS[(last + 1) % 7]

    def check(self, p):
        d = dt.date(p["year"], p["month"], 28)
        while d.month == p["month"]:
            d += dt.timedelta(days=1)
        return d.strftime("%A")

    def diagram(self, p):
        return _spec(p)


ORDINALS = ("first", "second", "third", "fourth")


@register_seed
class CalendarNthWeekday(SeedQuestion):
    seed_id = "stat-calendar-nth-weekday"
    topic, level, answer_type = TOPIC, HIGH, "float"
    kinds = ("numerical value", "real-life context")

    def sample(self, rng):
        p = _month(rng)
        p["wd"], p["nth"] = int(rng.integers(7)), int(rng.integers(4))
        return p

    def question(self, p):
        return (f"A club meets on the {ORDINALS[p['nth']]} {WEEKDAYS[p['wd']]} of the month "
                f"shown. On what date of the month does it meet? Answer with the day number.")

    def answer(self, p):
        first = (p["wd"] - cal.weekday(p["year"], p["month"], 1)) % 7 + 1
        return float(first + 7 * p["nth"])

    def check(self, p):
        hits = [d for d in range(1, _ndays(p) + 1)
                if dt.date(p["year"], p["month"], d).weekday() == p["wd"]]
        return float(hits[p["nth"]])

    def diagram(self, p):
        return _spec(p)
