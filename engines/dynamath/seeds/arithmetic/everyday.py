"""DynaMath seed questions, topic "arithmetic": everyday pictures. Receipts, price tags and a
bank statement (totals, change, tax or discount, compound interest), coins and banknotes, a
ruler, thermometers, a tally chart and bar models. Clocks, number lines, equations and fractions
are in arithmetic/clocks_numbers.py.

Money is summed in integer cents in the checks; rounded answers (tax, interest) are sampled so
that the exact value is never a half-cent tie, so both code paths round the same way.

    python -m pytest -q tests/engines/dynamath/test_seeds_arithmetic.py
"""
from __future__ import annotations

import math
from fractions import Fraction


from engines.dynamath.seed import IRRELEVANT, SeedQuestion, register_seed
from renderers.arithmetic.sample import (CURRENCY_COINS, CURRENCY_NOTES, FILL_COLORS, ITEM_COLORS,
                                         RECEIPT_THEMES, TALLY_THEMES, THERMO_SCALES, receipt_items)
from renderers.arithmetic.spec import (CURRENCIES, ArithmeticSpec, BarModel, BarPart, LineItem,
                                       ModelBar, Money, Reading, Receipt, ReceiptRow, Ruler, Tally,
                                       TallyRow, Thermometer, coin_text, money_text)
from renderers.spec import rng_choice
from renderers.text import fmt_num, half_up

TOPIC = "arithmetic"
ELEM, HIGH, UNI = "elementary school", "high school", "undergraduate"
THEMES = tuple(RECEIPT_THEMES)


def _cur_name(p: dict) -> str:
    return CURRENCIES[p["currency"]][1]


def _items(rng, theme: str, n: int, max_qty: int) -> list[list]:
    return [[it.name, it.qty, it.price] for it in receipt_items(rng, theme, n, max_qty=max_qty)]


def _receipt(p: dict, **kw) -> ArithmeticSpec:
    return ArithmeticSpec(kind="receipt", receipt=Receipt(
        store=RECEIPT_THEMES[p["theme"]][0], currency=p["currency"],
        items=[LineItem(n, q, pr) for n, q, pr in p["items"]], **kw))


def _cents(items: list) -> int:
    """Sum of the items in integer cents, from the spec's line items."""
    return sum(it.qty * int(round(it.price * 100)) for it in items)


def _base(rng, n_lo: int, n_hi: int, max_qty: int) -> dict:
    theme = rng_choice(rng, THEMES)
    return {"theme": theme, "currency": rng_choice(rng, ("$", "$", "€", "£")),
            "items": _items(rng, theme, int(rng.integers(n_lo, n_hi + 1)), max_qty)}


# ----------------------------------------------------------------------------- receipts


@register_seed
class ReceiptTotal(SeedQuestion):
    seed_id = "arith-receipt-total"
    topic, level, answer_type = TOPIC, ELEM, "float"
    kinds = ("real-life context", "numerical value", IRRELEVANT)
    clauses = ("The shop is {n} km from the customer's home.",)

    def sample(self, rng):
        p = _base(rng, 2, 5, 4)
        p["line_totals"] = bool(rng.random() < 0.4)
        return p

    def question(self, p):
        return f"How much does the whole purchase on this receipt cost, in {_cur_name(p)}?"

    def answer(self, p):
        return sum(q * pr for _, q, pr in p["items"])

    def diagram(self, p):
        return _receipt(p, show_line_totals=p["line_totals"])

    def check(self, p):
        return _cents(self.diagram(p).receipt.items) / 100


@register_seed
class ReceiptChange(SeedQuestion):
    seed_id = "arith-receipt-change"
    topic, level, answer_type = TOPIC, ELEM, "float"
    kinds = ("real-life context", "numerical value")

    def sample(self, rng):
        p = _base(rng, 2, 4, 3)
        total = sum(q * pr for _, q, pr in p["items"])
        p["paid"] = next(v for v in (5, 10, 20, 50, 100, 200) if v > total + 0.001)
        p["show_total"] = bool(rng.random() < 0.5)
        return p

    def question(self, p):
        return ("The customer paid the amount shown at the bottom of the receipt. How much "
                f"change should they get back, in {_cur_name(p)}?")

    def answer(self, p):
        return p["paid"] - sum(q * pr for _, q, pr in p["items"])

    def diagram(self, p):
        return _receipt(p, show_total=p["show_total"],
                        rows=[ReceiptRow("Paid", money_text(p["currency"], p["paid"]))])

    def check(self, p):
        r = self.diagram(p).receipt
        paid = int(round(float(r.rows[0].value[1:]) * 100))
        return (paid - _cents(r.items)) / 100


@register_seed
class PriceTagsRange(SeedQuestion):
    seed_id = "arith-price-tags"
    topic, level, answer_type = TOPIC, ELEM, "float"
    kinds = ("real-life context", "numerical value")

    def sample(self, rng):
        while True:
            p = _base(rng, 3, 6, 1)
            if len({pr for _, _, pr in p["items"]}) > 1:
                return p

    def question(self, p):
        return ("How much more does the most expensive item on the price tags cost than the "
                f"cheapest one, in {_cur_name(p)}?")

    def answer(self, p):
        prices = [pr for _, _, pr in p["items"]]
        return max(prices) - min(prices)

    def diagram(self, p):
        return _receipt(p, style="tags")

    def check(self, p):
        c = sorted(int(round(it.price * 100)) for it in self.diagram(p).receipt.items)
        return (c[-1] - c[0]) / 100


@register_seed
class ReceiptPercent(SeedQuestion):
    seed_id = "arith-receipt-percent"
    topic, level, answer_type = TOPIC, HIGH, "float"
    kinds = ("real-life context", "numerical value")

    def sample(self, rng):
        while True:
            p = _base(rng, 2, 4, 3)
            p["mode"] = rng_choice(rng, ("tax", "discount"))
            p["rate"] = int(rng_choice(rng, (5, 8, 10, 12, 15) if p["mode"] == "tax"
                                       else (10, 15, 20, 25, 30)))
            sub = sum(q * int(round(pr * 100)) for _, q, pr in p["items"])
            factor = 100 + p["rate"] if p["mode"] == "tax" else 100 - p["rate"]
            if (sub * factor) % 100 != 50:  # no half-cent tie
                return p

    def question(self, p):
        return ("A percentage is printed under the items: a sales tax is added to the subtotal, "
                "a discount is taken off it. What is the final amount to pay? Round to two "
                "decimal places.")

    def answer(self, p):
        sub = sum(q * pr for _, q, pr in p["items"])
        sign = 1 if p["mode"] == "tax" else -1
        return half_up(sub * (1 + sign * p["rate"] / 100), 2)

    def diagram(self, p):
        label = "Sales tax" if p["mode"] == "tax" else "Discount"
        return _receipt(p, show_line_totals=True, show_total=True,
                        rows=[ReceiptRow(label, f"{p['rate']}%")])

    def check(self, p):
        r = self.diagram(p).receipt
        rate = Fraction(r.rows[0].value.rstrip("%"))
        sign = 1 if r.rows[0].label == "Sales tax" else -1
        exact = Fraction(_cents(r.items)) * (100 + sign * rate) / 100  # in cents
        return math.floor(exact + Fraction(1, 2)) / 100


FREQS = {"yearly": 1, "half-yearly": 2, "quarterly": 4, "monthly": 12, "continuously": 0}


def _balance(p: dict) -> float:
    r, t, n = p["rate"] / 100, p["years"], FREQS[p["freq"]]
    if n == 0:
        return p["deposit"] * math.exp(r * t)
    return p["deposit"] * (1 + r / n) ** (n * t)


@register_seed
class CompoundInterest(SeedQuestion):
    seed_id = "arith-compound-interest"
    topic, level, answer_type = TOPIC, UNI, "float"
    kinds = ("real-life context", "numerical value")
    canonical = {"deposit": 2000, "rate": 5.0, "freq": "quarterly", "years": 3,
                 "currency": "$"}

    def sample(self, rng):
        while True:
            p = {"deposit": int(rng.integers(2, 37)) * 250,
                 "rate": float(rng_choice(rng, (1.5, 2, 2.5, 3, 3.5, 4, 4.5, 5, 6))),
                 "freq": rng_choice(rng, tuple(FREQS)), "years": int(rng.integers(2, 13)),
                 "currency": rng_choice(rng, ("$", "€", "£"))}
            x = _balance(p) * 100
            if abs(x - math.floor(x) - 0.5) > 1e-4:  # far from a half-cent tie
                return p

    def question(self, p):
        return ("The bank statement shows a savings deposit that earns compound interest. What "
                "is the balance at the end of the term? Round to two decimal places.")

    def answer(self, p):
        return half_up(_balance(p), 2)

    def diagram(self, p):
        rows = [ReceiptRow("Deposit", money_text(p["currency"], p["deposit"])),
                ReceiptRow("Annual rate", f"{fmt_num(p['rate'])}%"),
                ReceiptRow("Compounded", p["freq"]),
                ReceiptRow("Term", f"{p['years']} years")]
        return ArithmeticSpec(kind="receipt", receipt=Receipt(
            store="Savings account", currency=p["currency"], rows=rows))

    def check(self, p):
        rows = {r.label: r.value for r in self.diagram(p).receipt.rows}
        bal = float(rows["Deposit"][1:])
        r = float(rows["Annual rate"].rstrip("%")) / 100
        t = int(rows["Term"].split()[0])
        n = FREQS[rows["Compounded"]]
        if n == 0:  # e^(rt) as a power series
            term, total = 1.0, 1.0
            for k in range(1, 60):
                term *= r * t / k
                total += term
            return half_up(bal * total, 2)
        for _ in range(n * t):
            bal *= 1 + r / n
        return half_up(bal, 2)


@register_seed
class MoneyTotal(SeedQuestion):
    seed_id = "arith-money-total"
    topic, level, answer_type = TOPIC, ELEM, "float"
    kinds = ("real-life context", "numerical value", IRRELEVANT)
    clauses = ("The money is kept in a wallet that also holds {n} receipts.",)

    def sample(self, rng):
        cur = rng_choice(rng, ("$", "€", "£"))
        coins = sorted((int(rng_choice(rng, CURRENCY_COINS[cur]))
                        for _ in range(int(rng.integers(3, 10)))), reverse=True)
        notes = sorted((int(rng_choice(rng, CURRENCY_NOTES[cur]))
                        for _ in range(int(rng_choice(rng, (0, 1, 1, 2))))), reverse=True)
        return {"currency": cur, "coins": coins, "notes": notes}

    def question(self, p):
        return f"How much money is shown altogether, in {_cur_name(p)}?"

    def answer(self, p):
        return (sum(p["coins"]) + 100 * sum(p["notes"])) / 100

    def diagram(self, p):
        return ArithmeticSpec(kind="money", money=Money(p["currency"], p["coins"], p["notes"]))

    def check(self, p):
        """Add up the values as the coins and notes are labelled in the picture."""
        m = self.diagram(p).money
        total = Fraction(0)
        for c in m.coins:
            s = coin_text(m.currency, c)
            total += Fraction(s[1:]) if s[0] == m.currency else Fraction(s[:-1]) / 100
        total += sum(Fraction(v) for v in m.notes)
        return float(total)


# ----------------------------------------------------------------------------- measuring


@register_seed
class RulerLength(SeedQuestion):
    seed_id = "arith-ruler-length"
    topic, level, answer_type = TOPIC, ELEM, "float"
    kinds = ("numerical value", "real-life context", IRRELEVANT)
    clauses = ("The ruler is made of wood and weighs {n} grams.",)

    def sample(self, rng):
        if rng.random() < 0.7:
            unit, length = "cm", int(rng.integers(5, 11))
            minor = 10 if length <= 5 and rng.random() < 0.6 else 2  # millimetres if short
        else:
            unit, length = "in", int(rng.integers(4, 9))
            minor = 4 if length <= 6 and rng.random() < 0.6 else 2
        n = length * minor
        s = 0 if rng.random() < 0.4 else int(rng.integers(0, n // 2))
        return {"unit": unit, "length": length, "minor": minor, "s": s,
                "e": int(rng.integers(s + minor, n + 1)),
                "item": rng_choice(rng, ("pencil", "ribbon", "nail")),
                "color": rng_choice(rng, ITEM_COLORS)}

    def question(self, p):
        unit = {"cm": "centimetres", "in": "inches"}[p["unit"]]
        return f"How long is the {p['item']}, in {unit}?"

    def answer(self, p):
        return round(p["e"] / p["minor"] - p["s"] / p["minor"], 9)

    def diagram(self, p):
        return ArithmeticSpec(kind="ruler", ruler=Ruler(
            p["length"], p["unit"], p["minor"], p["item"], p["s"] / p["minor"],
            p["e"] / p["minor"], p["color"]))

    def check(self, p):
        return float(Fraction(p["e"] - p["s"], p["minor"]))


def _scale(rng, unit: str | None = None) -> list:
    scales = [s for s in THERMO_SCALES if unit is None or s[0] == unit]
    return list(scales[int(rng.integers(len(scales)))])


def _thermo(p: dict, caps: tuple[str, ...]) -> ArithmeticSpec:
    unit, lo, hi, step, minor = p["scale"]
    return ArithmeticSpec(kind="thermometer", thermometer=Thermometer(
        unit, lo, hi, step, minor,
        [Reading(c, lo + j * step / minor) for c, j in zip(caps, p["j"])]))


@register_seed
class ThermometerRise(SeedQuestion):
    seed_id = "arith-thermometer-rise"
    topic, level, answer_type = TOPIC, ELEM, "float"
    kinds = ("numerical value", "real-life context")

    def sample(self, rng):
        sc = _scale(rng)
        steps = int(round((sc[2] - sc[1]) / sc[3])) * sc[4]
        a = int(rng.integers(1, steps - 1))
        return {"scale": sc, "j": [a, int(rng.integers(a + 1, steps))]}

    def question(self, p):
        return "By how many degrees did the temperature rise from the morning to the afternoon?"

    def answer(self, p):
        _, lo, _, step, minor = p["scale"]
        a, b = (lo + j * step / minor for j in p["j"])
        return round(b - a, 9)

    def diagram(self, p):
        return _thermo(p, ("Morning", "Afternoon"))

    def check(self, p):
        t = self.diagram(p).thermometer
        return float((p["j"][1] - p["j"][0]) * Fraction(fmt_num(t.step / t.minor, 6)))


@register_seed
class ThermometerFahrenheit(SeedQuestion):
    seed_id = "arith-thermometer-fahrenheit"
    topic, level, answer_type = TOPIC, HIGH, "float"
    kinds = ("numerical value",)

    def sample(self, rng):
        sc = _scale(rng, "°C")
        steps = int(round((sc[2] - sc[1]) / sc[3])) * sc[4]
        return {"scale": sc, "j": [int(rng.integers(1, steps))]}

    def question(self, p):
        return "What temperature does the thermometer show, converted to degrees Fahrenheit?"

    def answer(self, p):
        _, lo, _, step, minor = p["scale"]
        return (lo + p["j"][0] * step / minor) * 9 / 5 + 32

    def diagram(self, p):
        return _thermo(p, ("",))

    def check(self, p):
        c = Fraction(fmt_num(self.diagram(p).thermometer.readings[0].value, 6))
        return float(c * Fraction(9, 5) + 32)


# ----------------------------------------------------------------------------- tally, bar model


@register_seed
class TallyDifference(SeedQuestion):
    seed_id = "arith-tally-difference"
    topic, level, answer_type = TOPIC, ELEM, "float"
    kinds = ("numerical value", "real-life context")

    def sample(self, rng):
        theme = int(rng.integers(len(TALLY_THEMES)))
        names = TALLY_THEMES[theme][2]
        idx = sorted(int(i) for i in rng.choice(len(names), size=int(rng.integers(3, 6)),
                                                replace=False))
        while True:
            counts = [int(c) for c in rng.integers(1, 24, size=len(idx))]
            if max(counts) != min(counts):
                break
        return {"theme": theme, "names": [names[i] for i in idx], "counts": counts}

    def question(self, p):
        return (f"The tally chart shows {TALLY_THEMES[p['theme']][0].lower()}. How many more "
                "tally marks does the row with the most marks have than the row with the fewest?")

    def answer(self, p):
        return float(max(p["counts"]) - min(p["counts"]))

    def diagram(self, p):
        title, header, _ = TALLY_THEMES[p["theme"]]
        return ArithmeticSpec(kind="tally", title=title, tally=Tally(
            header, [TallyRow(n, c) for n, c in zip(p["names"], p["counts"])]))

    def check(self, p):
        # count strokes the way they are drawn: bundles of five plus loose strokes
        marks = [5 * (r.count // 5) + r.count % 5 for r in self.diagram(p).tally.rows]
        marks.sort()
        return float(marks[-1] - marks[0])


BAR_STYLES = ("part", "whole", "groups_total", "groups_part", "compare")


@register_seed
class BarModelUnknown(SeedQuestion):
    seed_id = "arith-bar-model"
    topic, level, answer_type = TOPIC, ELEM, "float"
    kinds = ("numerical value",)

    def sample(self, rng):
        style = rng_choice(rng, BAR_STYLES)
        p = {"style": style, "colors": [FILL_COLORS[int(i)] for i in rng.permutation(6)[:2]]}
        if style in ("part", "whole"):
            p["parts"] = [int(v) for v in rng.integers(5, 40, size=int(rng.integers(2, 4)))]
            p["hide"] = int(rng.integers(len(p["parts"])))
        elif style.startswith("groups"):
            p["n"], p["v"] = int(rng.integers(3, 7)), int(rng.integers(3, 25))
        else:
            p["a"], p["d"] = int(rng.integers(10, 50)), int(rng.integers(5, 30))
        return p

    def question(self, p):
        return "What number does the question mark stand for in the bar model?"

    def answer(self, p):
        s = p["style"]
        if s == "part":
            return float(p["parts"][p["hide"]])
        if s == "whole":
            return float(sum(p["parts"]))
        if s == "groups_total":
            return float(p["n"] * p["v"])
        if s == "groups_part":
            return float(p["v"])
        return float(p["d"])

    def diagram(self, p):
        s, (c1, c2) = p["style"], p["colors"]
        if s in ("part", "whole"):
            parts = [BarPart(v, "?" if (s == "part" and j == p["hide"]) else str(v), c1)
                     for j, v in enumerate(p["parts"])]
            total = "?" if s == "whole" else str(sum(p["parts"]))
            return ArithmeticSpec(kind="bar_model", bar_model=BarModel([ModelBar("", parts)],
                                                                       total))
        if s.startswith("groups"):
            first = str(p["v"]) if s == "groups_total" else "?"
            parts = [BarPart(p["v"], first if j == 0 else "", c1) for j in range(p["n"])]
            total = "?" if s == "groups_total" else str(p["n"] * p["v"])
            return ArithmeticSpec(kind="bar_model", bar_model=BarModel([ModelBar("", parts)],
                                                                       total))
        bars = [ModelBar("Ben", [BarPart(p["a"], "", c1), BarPart(p["d"], "?", c2)]),
                ModelBar("Ann", [BarPart(p["a"], str(p["a"]), c1)])]
        return ArithmeticSpec(kind="bar_model", bar_model=BarModel(bars, str(p["a"] + p["d"])))

    def check(self, p):
        """Solve from the drawn labels only: the brace total equals the parts of the top bar,
        blank parts equal a labelled part of the same size."""
        bm = self.diagram(p).bar_model
        top = bm.bars[0].parts
        known = {round(q.value, 6): int(q.label) for bar in bm.bars for q in bar.parts
                 if q.label not in ("", "?")}
        vals = [int(q.label) if q.label not in ("", "?") else known.get(round(q.value, 6))
                for q in top]
        if bm.total_label == "?":
            return float(sum(vals))
        rest = [v for v, q in zip(vals, top) if q.label != "?"]
        n_unknown = sum(q.label == "?" for q in top)
        if any(v is None for v in rest):  # equal groups: the blanks are the unknown's size
            return float(int(bm.total_label) / len(top))
        return float((int(bm.total_label) - sum(rest)) / n_unknown)


__all__ = ["ReceiptTotal", "ReceiptChange", "PriceTagsRange", "ReceiptPercent",
           "CompoundInterest", "MoneyTotal", "RulerLength", "ThermometerRise",
           "ThermometerFahrenheit", "TallyDifference", "BarModelUnknown"]
