"""Everyday arithmetic pictures (family "arithmetic"): clocks, number lines, equation cards with
shape symbols, receipts and price tags, coins and banknotes, fraction bars and circles, tally
charts, rulers, thermometers and bar models.

Why: DynaMath's "arithmetic" topic and MAVIS captions need elementary-maths pictures whose every
value is known exactly: the spec holds what is drawn (the time, the marked points, the prices,
which parts are shaded), ``facts`` derives what a reader can work out from it (elapsed time,
hand angles, subtotals, money totals, fractions, tally totals, lengths), ``draw`` (in
``renderers.arithmetic.draw``) paints it with plain PIL, and the samplers live in
``renderers.arithmetic.sample``.

    python -c "import numpy as np, renderers; f = renderers.get_family('arithmetic'); \
f.render(f.sample_spec(np.random.default_rng(0), kind='clock'), 336).save('/tmp/arith.png')"
"""
from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import ClassVar

from renderers.canvas import PALETTE
from renderers.spec import Spec
from renderers.text import fmt_num

KINDS = ("clock", "number_line", "equation", "receipt", "money", "fraction", "tally", "ruler",
         "thermometer", "bar_model")
SHAPES = ("square", "triangle", "circle", "star", "diamond", "hexagon")
OPERATORS = ("+", "-", "×", "÷", "=")
NUMERALS = ("arabic", "roman", "none")
RECEIPT_STYLES = ("receipt", "tags")
CURRENCIES = {"$": ("¢", "dollars"), "€": ("c", "euros"), "£": ("p", "pounds")}
FRACTION_SHAPES = ("bar", "circle")
RULER_ITEMS = ("pencil", "ribbon", "nail")
RULER_UNITS = ("cm", "in")
TEMP_UNITS = ("°C", "°F")


# ----------------------------------------------------------------------------- specs


@dataclass
class ClockFace:
    """An analogue clock: ``hour`` 1..12 and ``minute`` 0..59 (the hour hand sits between hour
    marks as real clocks do); ``numerals`` arabic | roman | none (ticks only)."""

    hour: int = 12
    minute: int = 0
    caption: str = ""
    numerals: str = "arabic"
    color: str = "blue"


@dataclass
class Mark:
    """A named point on a number line."""

    name: str
    value: float
    color: str = "red"

    def __post_init__(self) -> None:  # ints from callers -> floats (stable JSON)
        self.value = float(self.value)


@dataclass
class Jump:
    """A hop drawn as an arc above the number line, from ``start`` to ``end``."""

    start: float
    end: float
    label: str = ""

    def __post_init__(self) -> None:  # ints from callers -> floats (stable JSON)
        self.start = float(self.start)
        self.end = float(self.end)


@dataclass
class NumberLine:
    """Ticks every ``tick`` from ``start`` to ``stop``; every ``label_every``-th tick (counted
    from ``start``) carries its number."""

    start: float = 0.0
    stop: float = 10.0
    tick: float = 1.0
    label_every: int = 1
    marks: list[Mark] = field(default_factory=list)
    jumps: list[Jump] = field(default_factory=list)

    def __post_init__(self) -> None:  # ints from callers -> floats (stable JSON)
        self.start = float(self.start)
        self.stop = float(self.stop)
        self.tick = float(self.tick)


@dataclass
class EquationCard:
    """Lines of space-separated tokens: numbers, operators (+ - × ÷ =), "?" (drawn as a box)
    and shape names from SHAPES (drawn as coloured shapes, colour from ``colors``)."""

    lines: list[str] = field(default_factory=list)
    colors: dict[str, str] = field(default_factory=dict)


@dataclass
class LineItem:
    name: str
    qty: int = 1
    price: float = 0.0  # unit price in currency units

    def __post_init__(self) -> None:  # ints from callers -> floats (stable JSON)
        self.price = float(self.price)


@dataclass
class ReceiptRow:
    """An extra row under the items, e.g. ("Sales tax", "8%") or ("Paid", "$20.00")."""

    label: str
    value: str


@dataclass
class Receipt:
    """``style`` receipt (a till slip with Item / Qty / Each [/ Amount] columns) or tags (one
    price tag per item, quantities not shown)."""

    store: str = "Receipt"
    style: str = "receipt"
    currency: str = "$"
    items: list[LineItem] = field(default_factory=list)
    show_line_totals: bool = False
    show_total: bool = False
    rows: list[ReceiptRow] = field(default_factory=list)


@dataclass
class Money:
    """Coins (values in cents / pence) and banknotes (values in whole currency units)."""

    currency: str = "$"
    coins: list[int] = field(default_factory=list)
    notes: list[int] = field(default_factory=list)


@dataclass
class FractionModel:
    """A bar or circle cut into ``len(fills)`` equal parts; a part's fill is a colour name or
    "" (unshaded)."""

    shape: str = "bar"
    fills: list[str] = field(default_factory=list)
    caption: str = ""


@dataclass
class TallyRow:
    name: str
    count: int


@dataclass
class Tally:
    header: str = "Choice"
    rows: list[TallyRow] = field(default_factory=list)


@dataclass
class Ruler:
    """A ruler 0..``length`` ``unit`` with ``minor`` divisions per unit and an ``item`` lying
    along it from ``start`` to ``end``."""

    length: int = 10
    unit: str = "cm"
    minor: int = 2
    item: str = "pencil"
    start: float = 0.0
    end: float = 5.0
    color: str = "orange"

    def __post_init__(self) -> None:  # ints from callers -> floats (stable JSON)
        self.start = float(self.start)
        self.end = float(self.end)


@dataclass
class Reading:
    caption: str
    value: float

    def __post_init__(self) -> None:  # ints from callers -> floats (stable JSON)
        self.value = float(self.value)


@dataclass
class Thermometer:
    """One or more thermometers sharing the scale ``lo``..``hi``: a number every ``step`` and
    ``minor`` divisions between numbers."""

    unit: str = "°C"
    lo: float = -10.0
    hi: float = 40.0
    step: float = 10.0
    minor: int = 5
    readings: list[Reading] = field(default_factory=list)

    def __post_init__(self) -> None:  # ints from callers -> floats (stable JSON)
        self.lo = float(self.lo)
        self.hi = float(self.hi)
        self.step = float(self.step)


@dataclass
class BarPart:
    value: float
    label: str = ""  # drawn in the part: a number, "?" or "" (blank)
    color: str = "blue"

    def __post_init__(self) -> None:  # ints from callers -> floats (stable JSON)
        self.value = float(self.value)


@dataclass
class ModelBar:
    name: str = ""
    parts: list[BarPart] = field(default_factory=list)


@dataclass
class BarModel:
    """Bars of parts drawn to scale; ``total_label`` (if any) sits on a brace over bar 0."""

    bars: list[ModelBar] = field(default_factory=list)
    total_label: str = ""


@dataclass
class ArithmeticSpec(Spec):
    """One arithmetic picture. ``kind`` (in KINDS) names the field that holds it:
    clock -> ``clocks``; number_line -> ``number_line``; equation -> ``equation``;
    receipt -> ``receipt``; money -> ``money``; fraction -> ``fractions``; tally -> ``tally``;
    ruler -> ``ruler``; thermometer -> ``thermometer``; bar_model -> ``bar_model``.
    ``title`` (optional) is written on top."""

    family: ClassVar[str] = "arithmetic"
    kind: str = "clock"
    title: str = ""
    clocks: list[ClockFace] = field(default_factory=list)
    number_line: NumberLine | None = None
    equation: EquationCard | None = None
    receipt: Receipt | None = None
    money: Money | None = None
    fractions: list[FractionModel] = field(default_factory=list)
    tally: Tally | None = None
    ruler: Ruler | None = None
    thermometer: Thermometer | None = None
    bar_model: BarModel | None = None


# ----------------------------------------------------------------------------- helpers


def clock_time(hour: int, minute: int) -> str:
    return f"{hour}:{minute:02d}"


def hand_angles(hour: int, minute: int) -> tuple[float, float]:
    """Hour and minute hand directions in degrees clockwise from 12."""
    return (hour % 12) * 30.0 + minute * 0.5, minute * 6.0


def money_text(currency: str, amount: float) -> str:
    return f"{currency}{amount:.2f}"


def coin_text(currency: str, cents: int) -> str:
    if cents >= 100:
        return f"{currency}{fmt_num(cents / 100)}"
    return f"{cents}{CURRENCIES[currency][0]}"


def line_ticks(nl: NumberLine) -> list[float]:
    n = int(round((nl.stop - nl.start) / nl.tick))
    return [round(nl.start + i * nl.tick, 9) for i in range(n + 1)]


def thermo_ticks(t: Thermometer) -> list[float]:
    n = int(round((t.hi - t.lo) / t.step))
    return [round(t.lo + i * t.step, 9) for i in range(n + 1)]


def fraction_text(k: int, n: int) -> str:
    return f"{k}/{n}"


def _check(cond: bool, msg: str) -> None:
    if not cond:
        raise ValueError(msg)


def validate(spec: ArithmeticSpec) -> None:
    """Raise ValueError (naming the valid values) when the spec cannot be drawn truthfully."""
    _check(spec.kind in KINDS, f"arithmetic kind {spec.kind!r} is not valid; valid kinds: "
           f"{', '.join(KINDS)}")
    k = spec.kind
    if k == "clock":
        _check(1 <= len(spec.clocks) <= 3, "clock: give 1 to 3 clocks")
        for c in spec.clocks:
            _check(1 <= c.hour <= 12 and 0 <= c.minute <= 59, f"clock time {c.hour}:{c.minute}"
                   " is not valid; hour 1..12, minute 0..59")
            _check(c.numerals in NUMERALS, f"numerals {c.numerals!r}; valid: "
                   f"{', '.join(NUMERALS)}")
    elif k == "number_line":
        nl = spec.number_line
        _check(nl is not None and nl.tick > 0 and nl.stop > nl.start, "number_line: needs "
               "stop > start and tick > 0")
        n = (nl.stop - nl.start) / nl.tick
        _check(abs(n - round(n)) < 1e-6 and 2 <= round(n) <= 40, "number_line: (stop - start) "
               "must be 2..40 ticks")
        for m in nl.marks:
            _check(nl.start <= m.value <= nl.stop, f"mark {m.name} outside the line")
    elif k == "equation":
        eq = spec.equation
        _check(eq is not None and 1 <= len(eq.lines) <= 4, "equation: give 1 to 4 lines")
        for line in eq.lines:
            for tok in line.split():
                _check(tok in OPERATORS or tok in SHAPES or tok == "?" or _is_num(tok),
                       f"equation token {tok!r}; valid: numbers, {' '.join(OPERATORS)}, ?, "
                       f"{', '.join(SHAPES)}")
    elif k == "receipt":
        r = spec.receipt
        _check(r is not None and r.style in RECEIPT_STYLES, f"receipt style; valid: "
               f"{', '.join(RECEIPT_STYLES)}")
        _check(r.currency in CURRENCIES, f"currency {r.currency!r}; valid: {', '.join(CURRENCIES)}")
        _check(len(r.items) + len(r.rows) >= 1 and len(r.items) <= 6, "receipt: 0..6 items")
    elif k == "money":
        m = spec.money
        _check(m is not None and m.currency in CURRENCIES, f"money currency; valid: "
               f"{', '.join(CURRENCIES)}")
        _check(1 <= len(m.coins) + len(m.notes) <= 16 and len(m.notes) <= 4, "money: 1..16 "
               "pieces, at most 4 notes")
    elif k == "fraction":
        _check(1 <= len(spec.fractions) <= 3, "fraction: give 1 to 3 models")
        for f in spec.fractions:
            _check(f.shape in FRACTION_SHAPES, f"fraction shape {f.shape!r}; valid: "
                   f"{', '.join(FRACTION_SHAPES)}")
            _check(2 <= len(f.fills) <= 16, "fraction: 2..16 parts")
    elif k == "tally":
        _check(spec.tally is not None and 1 <= len(spec.tally.rows) <= 6, "tally: 1..6 rows")
        _check(all(0 <= r.count <= 30 for r in spec.tally.rows), "tally counts must be 0..30")
    elif k == "ruler":
        r = spec.ruler
        _check(r is not None and r.unit in RULER_UNITS and r.item in RULER_ITEMS,
               f"ruler: unit in {', '.join(RULER_UNITS)}, item in {', '.join(RULER_ITEMS)}")
        _check(0 <= r.start < r.end <= r.length and r.minor >= 1, "ruler: need "
               "0 <= start < end <= length")
    elif k == "thermometer":
        t = spec.thermometer
        _check(t is not None and t.unit in TEMP_UNITS and t.hi > t.lo and t.step > 0,
               f"thermometer: unit in {', '.join(TEMP_UNITS)}, hi > lo, step > 0")
        _check(1 <= len(t.readings) <= 3 and all(t.lo <= r.value <= t.hi for r in t.readings),
               "thermometer: 1..3 readings inside lo..hi")
    elif k == "bar_model":
        b = spec.bar_model
        _check(b is not None and 1 <= len(b.bars) <= 3 and all(bar.parts for bar in b.bars)
               and all(p.value > 0 for bar in b.bars for p in bar.parts),
               "bar_model: 1..3 bars of parts with positive values")


def _is_num(tok: str) -> bool:
    try:
        float(tok)
        return True
    except ValueError:
        return False


# ----------------------------------------------------------------------------- facts


def arithmetic_facts(spec: ArithmeticSpec) -> dict:
    validate(spec)
    out: dict = {"kind": spec.kind}
    if spec.title:
        out["title"] = spec.title
    out.update(_FACTS[spec.kind](spec))
    return out


def _clock_facts(spec: ArithmeticSpec) -> dict:
    clocks = []
    for c in spec.clocks:
        h, m = hand_angles(c.hour, c.minute)
        between = abs(h - m) % 360
        clocks.append({"caption": c.caption, "hour": c.hour, "minute": c.minute,
                       "time": clock_time(c.hour, c.minute), "numerals": c.numerals,
                       "color": c.color, "hour_hand_deg": h, "minute_hand_deg": m,
                       "hands_angle_deg": min(between, 360 - between)})
    out: dict = {"n_clocks": len(clocks), "clocks": clocks}
    if len(clocks) >= 2:
        a, b = spec.clocks[0], spec.clocks[-1]
        t0, t1 = (a.hour % 12) * 60 + a.minute, (b.hour % 12) * 60 + b.minute
        out["elapsed_minutes"] = (t1 - t0) % 720  # on a 12-hour dial, within 12 hours
    return out


def _number_line_facts(spec: ArithmeticSpec) -> dict:
    nl = spec.number_line
    ticks = line_ticks(nl)
    labelled = ticks[::nl.label_every]
    marks = [{"name": m.name, "value": m.value, "color": m.color} for m in nl.marks]
    dist = {}
    for i, a in enumerate(nl.marks):
        for b in nl.marks[i + 1:]:
            dist[a.name + b.name] = round(abs(a.value - b.value), 9)
    jumps = [{"start": j.start, "end": j.end, "length": round(j.end - j.start, 9),
              "label": j.label} for j in nl.jumps]
    return {"start": nl.start, "stop": nl.stop, "tick": nl.tick, "n_ticks": len(ticks),
            "tick_labels": labelled, "marks": marks, "distances": dist, "jumps": jumps,
            "n_jumps": len(jumps)}


def _equation_facts(spec: ArithmeticSpec) -> dict:
    eq = spec.equation
    used = []
    for line in eq.lines:
        for tok in line.split():
            if tok in SHAPES and tok not in used:
                used.append(tok)
    return {"lines": list(eq.lines), "n_lines": len(eq.lines), "symbols": used,
            "colors": {s: eq.colors.get(s, "black") for s in used},
            "unknown_box": any("?" in line.split() for line in eq.lines)}


def _receipt_facts(spec: ArithmeticSpec) -> dict:
    r = spec.receipt
    cents = [it.qty * int(round(it.price * 100)) for it in r.items]
    items = [{"name": it.name, "qty": it.qty, "price": it.price, "line_total": c / 100}
             for it, c in zip(r.items, cents)]
    return {"store": r.store, "style": r.style, "currency": r.currency,
            "currency_name": CURRENCIES[r.currency][1], "items": items, "n_items": len(items),
            "total_quantity": sum(it.qty for it in r.items), "subtotal": sum(cents) / 100,
            "line_totals_shown": r.show_line_totals, "total_shown": r.show_total,
            "rows": {row.label: row.value for row in r.rows}}


def _money_facts(spec: ArithmeticSpec) -> dict:
    m = spec.money
    total = sum(m.coins) + 100 * sum(m.notes)
    counts: dict[str, int] = {}
    for c in m.coins:
        counts[coin_text(m.currency, c)] = counts.get(coin_text(m.currency, c), 0) + 1
    for v in m.notes:
        key = f"{m.currency}{v} note"
        counts[key] = counts.get(key, 0) + 1
    return {"currency": m.currency, "currency_name": CURRENCIES[m.currency][1],
            "coins": list(m.coins), "notes": list(m.notes), "n_coins": len(m.coins),
            "n_notes": len(m.notes), "n_pieces": len(m.coins) + len(m.notes),
            "counts": counts, "total_cents": total, "total": total / 100}


def _fraction_facts(spec: ArithmeticSpec) -> dict:
    models = []
    total = Fraction(0)
    for f in spec.fractions:
        n = len(f.fills)
        by_color: dict[str, int] = {}
        for c in f.fills:
            if c:
                by_color[c] = by_color.get(c, 0) + 1
        k = sum(by_color.values())
        total += Fraction(k, n)
        red = Fraction(k, n)
        models.append({"caption": f.caption, "shape": f.shape, "parts": n, "shaded": k,
                       "unshaded": n - k, "fraction": fraction_text(k, n),
                       "simplest": fraction_text(red.numerator, red.denominator),
                       "value": k / n, "by_color": by_color})
    return {"n_models": len(models), "models": models, "shaded_sum": float(total),
            "shaded_sum_fraction": fraction_text(total.numerator, total.denominator)}


def _tally_facts(spec: ArithmeticSpec) -> dict:
    rows = spec.tally.rows
    counts = [r.count for r in rows]
    hi, lo = max(counts), min(counts)
    return {"header": spec.tally.header, "rows": {r.name: r.count for r in rows},
            "n_rows": len(rows), "total": sum(counts), "max": hi, "min": lo,
            "most": [r.name for r in rows if r.count == hi],
            "least": [r.name for r in rows if r.count == lo]}


def _ruler_facts(spec: ArithmeticSpec) -> dict:
    r = spec.ruler
    return {"unit": r.unit, "ruler_length": r.length, "minor": r.minor, "item": r.item,
            "color": r.color, "start": r.start, "end": r.end,
            "item_length": round(r.end - r.start, 9), "division": round(1 / r.minor, 9)}


def _thermo_facts(spec: ArithmeticSpec) -> dict:
    t = spec.thermometer
    out = {"unit": t.unit, "lo": t.lo, "hi": t.hi, "step": t.step,
           "division": round(t.step / t.minor, 9), "scale_labels": thermo_ticks(t),
           "readings": [{"caption": r.caption, "value": r.value} for r in t.readings],
           "n_readings": len(t.readings)}
    if len(t.readings) >= 2:
        out["change"] = round(t.readings[-1].value - t.readings[0].value, 9)
        out["difference"] = abs(out["change"])
    return out


def _bar_model_facts(spec: ArithmeticSpec) -> dict:
    b = spec.bar_model
    bars = []
    for bar in b.bars:
        parts = [{"label": p.label, "value": p.value, "color": p.color} for p in bar.parts]
        bars.append({"name": bar.name, "parts": parts, "n_parts": len(parts),
                     "total": round(sum(p.value for p in bar.parts), 9)})
    out = {"bars": bars, "n_bars": len(bars), "total_label": b.total_label,
           "unknown_labels": sum(p.label == "?" for bar in b.bars for p in bar.parts)
           + (b.total_label == "?")}
    if len(bars) >= 2:
        out["difference"] = round(abs(bars[0]["total"] - bars[1]["total"]), 9)
    return out


_FACTS = {"clock": _clock_facts, "number_line": _number_line_facts,
          "equation": _equation_facts, "receipt": _receipt_facts, "money": _money_facts,
          "fraction": _fraction_facts, "tally": _tally_facts, "ruler": _ruler_facts,
          "thermometer": _thermo_facts, "bar_model": _bar_model_facts}


# ----------------------------------------------------------------------------- family


def color_rgb(name: str) -> tuple[int, int, int]:
    return PALETTE.get(name, PALETTE["gray"])
