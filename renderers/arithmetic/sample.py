"""Random specs of the "arithmetic" family, one sampler per kind (specs and facts live in
renderers/arithmetic/spec.py). All randomness comes from the ``numpy.random.Generator`` passed in.

The vocabularies (receipt themes, tally themes, shape colours) are public so that seed
questions build their own specs from the same words.

    python -c "import numpy as np; from renderers.arithmetic.sample import sample_arithmetic; \
print(sample_arithmetic(np.random.default_rng(0), 'tally'))"
"""
from __future__ import annotations

import numpy as np

from renderers.arithmetic.spec import (KINDS, RULER_ITEMS, SHAPES, ArithmeticSpec, BarModel,
                                       BarPart, ClockFace, EquationCard, FractionModel, Jump,
                                       LineItem, Mark, ModelBar, Money, NumberLine, Reading,
                                       Receipt, ReceiptRow, Ruler, Tally, TallyRow, Thermometer,
                                       line_ticks, money_text)
from renderers.spec import rng_choice
from renderers.text import fmt_num

FACE_COLORS = ("blue", "red", "green", "purple", "orange", "brown", "gray")
MARK_COLORS = ("red", "blue", "green", "orange", "purple")
SHAPE_COLORS = ("red", "blue", "green", "orange", "purple", "pink", "cyan", "brown")
FILL_COLORS = ("blue", "red", "green", "orange", "purple", "yellow")
ITEM_COLORS = ("orange", "blue", "green", "red", "purple", "yellow")

# store name, [(item, lowest price, highest price)]
RECEIPT_THEMES = {
    "grocery": ("Fresh Market", (("Apples", 0.5, 4), ("Bread", 1.5, 4), ("Milk", 0.8, 3),
                                 ("Eggs", 2, 5), ("Cheese", 3, 8), ("Bananas", 0.3, 2),
                                 ("Rice", 1, 5), ("Juice", 1.5, 4))),
    "stationery": ("Paper & Co", (("Pen", 0.5, 3), ("Notebook", 1.5, 6), ("Ruler", 0.8, 3),
                                  ("Eraser", 0.3, 1.5), ("Glue", 1, 3), ("Markers", 2, 8),
                                  ("Folder", 0.5, 2.5))),
    "cafe": ("Corner Café", (("Coffee", 1.5, 4.5), ("Tea", 1, 3), ("Muffin", 1.5, 3.5),
                             ("Bagel", 1, 3), ("Cookie", 0.5, 2), ("Sandwich", 3, 7),
                             ("Lemonade", 2, 4))),
    "hardware": ("Fix-It Shop", (("Nails", 1, 5), ("Hammer", 6, 15), ("Tape", 1, 4),
                                 ("Paint", 8, 20), ("Brush", 2, 6), ("Screws", 1, 5),
                                 ("Gloves", 3, 9))),
    "toys": ("Toy Box", (("Ball", 2, 8), ("Puzzle", 5, 15), ("Kite", 4, 12), ("Yo-yo", 1, 4),
                         ("Crayons", 1.5, 5), ("Robot", 6, 18), ("Car", 3, 9))),
}
TALLY_THEMES = (
    ("Favourite fruit", "Fruit", ("Apple", "Banana", "Cherry", "Grape", "Mango", "Pear")),
    ("Pets in our class", "Pet", ("Cat", "Dog", "Fish", "Rabbit", "Bird", "Hamster")),
    ("Favourite sport", "Sport", ("Soccer", "Tennis", "Swimming", "Hockey", "Running")),
    ("Favourite colour", "Colour", ("Red", "Blue", "Green", "Yellow", "Purple")),
    ("Cars passing by", "Car", ("White", "Black", "Silver", "Red", "Blue")),
)
CURRENCY_COINS = {"$": (1, 5, 10, 25, 50), "€": (1, 2, 5, 10, 20, 50, 100, 200),
                  "£": (1, 2, 5, 10, 20, 50, 100, 200)}
CURRENCY_NOTES = {"$": (1, 5, 10, 20), "€": (5, 10, 20, 50), "£": (5, 10, 20)}
# (tick, label every): steps whose labels stay short
LINE_STEPS = ((1, 1), (1, 2), (1, 5), (2, 1), (2, 2), (5, 1), (5, 2), (10, 1), (10, 2),
              (0.5, 2), (0.1, 5), (0.25, 4), (25, 2))
# thermometer scales: (unit, lo, hi, step, minor)
THERMO_SCALES = (("°C", -20, 40, 10, 5), ("°C", -10, 40, 10, 5), ("°C", 0, 50, 10, 5),
                 ("°C", -10, 30, 5, 5), ("°C", -30, 20, 10, 5), ("°F", 0, 100, 20, 4),
                 ("°F", 20, 100, 10, 5), ("°F", -20, 60, 10, 5))


def sample_arithmetic(rng: np.random.Generator, kind: str | None = None) -> ArithmeticSpec:
    if kind is None:
        kind = KINDS[int(rng.integers(len(KINDS)))]
    return _SAMPLERS[kind](rng)


def cents(rng: np.random.Generator, lo: float, hi: float, step: int = 5) -> float:
    """A price in lo..hi on a grid of ``step`` cents."""
    k = int(rng.integers(int(round(lo * 100)) // step, int(round(hi * 100)) // step + 1))
    return k * step / 100


def sample_clock(rng: np.random.Generator) -> ArithmeticSpec:
    n = int(rng_choice(rng, (1, 1, 1, 2, 2)))
    if n == 2:
        caps = rng_choice(rng, (("Start", "End"), ("Clock A", "Clock B"), ("Leave", "Arrive"),
                                ("Before", "After")))
    else:
        caps = (rng_choice(rng, ("", "", "Now", "Kitchen clock", "School clock")),)
    faces = []
    for cap in caps:
        minute = int(rng.integers(12)) * 5 if rng.random() < 0.6 else int(rng.integers(60))
        numerals = rng_choice(rng, ("arabic", "arabic", "roman", "none") if n == 1
                              else ("arabic", "arabic", "none"))
        faces.append(ClockFace(hour=int(rng.integers(1, 13)), minute=minute,
                               caption=cap or ("Clock" if numerals == "none" else ""),
                               numerals=numerals, color=rng_choice(rng, FACE_COLORS)))
    return ArithmeticSpec(kind="clock", clocks=faces)


def line_fits(start: float, tick: float, every: int, n_ticks: int) -> bool:
    """True when the tick labels stay legible at 224 px (short and not too many)."""
    labels = [fmt_num(round(start + i * tick, 9)) for i in range(0, n_ticks + 1, every)]
    return len(labels) * max(len(s) for s in labels) <= 28 and n_ticks <= 40


def sample_number_line(rng: np.random.Generator) -> ArithmeticSpec:
    while True:
        tick, every = rng_choice(rng, LINE_STEPS)
        n_lab = int(rng.integers(4, 9))
        n_ticks = (n_lab - 1) * every
        if n_ticks < 4:
            n_ticks *= 2
        big = tick * every
        start = big * int(rng.integers(-n_lab + 1, 1) if rng.random() < 0.35
                          else rng.integers(0, 4))
        start = round(start, 9)
        if line_fits(start, tick, every, n_ticks):
            break
    nl = NumberLine(start=start, stop=round(start + n_ticks * tick, 9), tick=float(tick),
                    label_every=every)
    ticks = line_ticks(nl)
    if rng.random() < 0.25:
        k = int(rng.integers(2, max(2, n_ticks // 3) + 1))
        hops = int(rng.integers(2, 5))
        while hops * k > n_ticks:
            hops -= 1
        s = int(rng.integers(0, n_ticks - hops * k + 1))
        nl.jumps = [Jump(ticks[s + i * k], ticks[s + (i + 1) * k], "+" + fmt_num(k * tick))
                    for i in range(hops)]
        nl.marks = [Mark("A", ticks[s + hops * k], rng_choice(rng, MARK_COLORS))]
    else:
        m = int(rng.integers(1, 4))
        idx = sorted(rng.choice(n_ticks + 1, size=m, replace=False).tolist())
        cols = rng.permutation(len(MARK_COLORS))[:m]
        names = rng_choice(rng, ("ABC", "PQR", "XYZ"))
        nl.marks = [Mark(names[i], ticks[j], MARK_COLORS[int(c)])
                    for i, (j, c) in enumerate(zip(idx, cols))]
    return ArithmeticSpec(kind="number_line", number_line=nl)


def shape_system(rng: np.random.Generator, n_unknowns: int) -> tuple[list[str], dict, dict]:
    """Lines where each introduces one new shape (so the system has one solution), the last
    line asks for a combination with "?". Returns (lines, shape -> value, shape -> colour)."""
    shapes = [SHAPES[int(i)] for i in rng.permutation(len(SHAPES))[:n_unknowns]]
    vals = {s: int(rng.integers(1, 13)) for s in shapes}
    cols = {s: SHAPE_COLORS[int(i)] for s, i in
            zip(shapes, rng.permutation(len(SHAPE_COLORS)))}
    a = shapes[0]
    reps = int(rng.integers(2, 4))
    lines = [" ".join([a] + ["+", a] * (reps - 1)) + f" = {reps * vals[a]}"]
    for prev, s in zip(shapes, shapes[1:]):
        if rng.random() < 0.5 or vals[s] > vals[prev]:
            lines.append(f"{prev} + {s} = {vals[prev] + vals[s]}")
        else:
            lines.append(f"{prev} - {s} = {vals[prev] - vals[s]}")
    # the asked combination is never one of the given left sides (no copying the answer)
    first, last = shapes[0], shapes[-1]
    asks = [f"{last} × {first}", f"{last} + {last}" if len(shapes) > 1 else f"{last} × {last}"]
    if len(shapes) > 2:
        asks.append(f"{first} + {last}")
    lines.append(rng_choice(rng, asks) + " = ?")
    return lines, vals, cols


def sample_equation(rng: np.random.Generator) -> ArithmeticSpec:
    style = int(rng.integers(3))
    if style == 0:
        lines, _, cols = shape_system(rng, int(rng.integers(1, 4)))
    elif style == 1:
        a, b = int(rng.integers(2, 13)), int(rng.integers(2, 13))
        op = rng_choice(rng, ("+", "-", "×", "÷"))
        x, y, z = {"+": (a, b, a + b), "-": (a + b, b, a), "×": (a, b, a * b),
                   "÷": (a * b, b, a)}[op]
        slot = int(rng.integers(3))
        toks = [str(x), op, str(y), "=", str(z)]
        toks[(0, 2, 4)[slot]] = "?"
        lines, cols = [" ".join(toks)], {}
    else:
        q, r = (int(v) for v in rng.integers(2, 10, size=2))
        p = q * r + int(rng.integers(0, 21))
        form = int(rng.integers(3))
        line = (f"{p} + {q} × {r} = ?", f"{p} - {q} × {r} = ?",
                f"{p} + {q * r} ÷ {r} = ?")[form]
        lines, cols = [line], {}
    return ArithmeticSpec(kind="equation", equation=EquationCard(lines=lines, colors=cols))


def receipt_items(rng: np.random.Generator, theme: str, n: int, step: int = 5,
                  max_qty: int = 4) -> list[LineItem]:
    _, pool = RECEIPT_THEMES[theme]
    idx = sorted(rng.choice(len(pool), size=n, replace=False).tolist())
    return [LineItem(pool[i][0], int(rng.integers(1, max_qty + 1)),
                     cents(rng, pool[i][1], pool[i][2], step)) for i in idx]


def sample_receipt(rng: np.random.Generator) -> ArithmeticSpec:
    theme = rng_choice(rng, tuple(RECEIPT_THEMES))
    store = RECEIPT_THEMES[theme][0]
    cur = rng_choice(rng, ("$", "$", "€", "£"))
    if rng.random() < 0.3:
        items = receipt_items(rng, theme, int(rng.integers(2, 7)), max_qty=1)
        return ArithmeticSpec(kind="receipt", receipt=Receipt(store=store, style="tags",
                                                              currency=cur, items=items))
    items = receipt_items(rng, theme, int(rng.integers(2, 6)))
    rows = []
    extra = rng.random()
    if extra < 0.2:
        rows.append(ReceiptRow("Sales tax", f"{int(rng_choice(rng, (5, 8, 10, 15)))}%"))
    elif extra < 0.4:
        rows.append(ReceiptRow("Paid", money_text(cur, rng_choice(rng, (20, 50, 100)))))
    elif extra < 0.5:
        rows.append(ReceiptRow("Discount", f"{int(rng_choice(rng, (10, 20, 25)))}%"))
    return ArithmeticSpec(kind="receipt", receipt=Receipt(
        store=store, currency=cur, items=items, show_line_totals=bool(rng.random() < 0.35),
        show_total=bool(rng.random() < 0.35), rows=rows))


def sample_money(rng: np.random.Generator) -> ArithmeticSpec:
    cur = rng_choice(rng, ("$", "$", "€", "£"))
    coins = sorted((int(rng_choice(rng, CURRENCY_COINS[cur]))
                    for _ in range(int(rng.integers(2, 9)))), reverse=True)
    notes = sorted((int(rng_choice(rng, CURRENCY_NOTES[cur]))
                    for _ in range(int(rng_choice(rng, (0, 0, 1, 1, 2, 3))))), reverse=True)
    return ArithmeticSpec(kind="money", money=Money(currency=cur, coins=coins, notes=notes))


def fraction_fills(rng: np.random.Generator, parts: int, counts: dict[str, int],
                   contiguous: bool) -> list[str]:
    fills = [c for c, k in counts.items() for _ in range(k)]
    fills += [""] * (parts - len(fills))
    if not contiguous:
        fills = [fills[int(i)] for i in rng.permutation(parts)]
    return fills


def sample_fraction(rng: np.random.Generator) -> ArithmeticSpec:
    n = int(rng_choice(rng, (1, 1, 1, 2, 2, 3)))
    shape = rng_choice(rng, ("bar", "circle"))
    models = []
    for i in range(n):
        sh = shape if rng.random() < 0.7 else rng_choice(rng, ("bar", "circle"))
        parts = int(rng_choice(rng, (2, 3, 4, 5, 6, 8, 10, 12)))
        k = int(rng.integers(1, parts))
        c1 = rng_choice(rng, FILL_COLORS)
        counts = {c1: k}
        if n == 1 and k >= 2 and rng.random() < 0.4:
            c2 = rng_choice(rng, [c for c in FILL_COLORS if c != c1])
            k2 = int(rng.integers(1, k))
            counts = {c1: k - k2, c2: k2}
        cap = (rng_choice(rng, ("Pizza", "Pie", "Cake")) if sh == "circle"
               else rng_choice(rng, ("Chocolate bar", "Garden", "Ribbon"))) if n == 1 else "ABC"[i]
        models.append(FractionModel(sh, fraction_fills(rng, parts, counts,
                                                       bool(rng.random() < 0.6)), cap))
    return ArithmeticSpec(kind="fraction", fractions=models)


def sample_tally(rng: np.random.Generator) -> ArithmeticSpec:
    title, header, names = TALLY_THEMES[int(rng.integers(len(TALLY_THEMES)))]
    n = int(rng.integers(3, 6))
    idx = sorted(rng.choice(len(names), size=min(n, len(names)), replace=False).tolist())
    rows = [TallyRow(names[i], int(rng.integers(1, 24))) for i in idx]
    return ArithmeticSpec(kind="tally", title=title, tally=Tally(header=header, rows=rows))


def sample_ruler(rng: np.random.Generator) -> ArithmeticSpec:
    if rng.random() < 0.75:
        unit, length = "cm", int(rng.integers(5, 11))
        minor = 10 if length <= 5 and rng.random() < 0.6 else 2  # millimetres only if short
    else:
        unit, length = "in", int(rng.integers(4, 9))
        minor = 4 if length <= 6 and rng.random() < 0.6 else 2
    n = length * minor
    s = 0 if rng.random() < 0.5 else int(rng.integers(0, n // 2))
    e = int(rng.integers(s + minor, n + 1))
    return ArithmeticSpec(kind="ruler", ruler=Ruler(
        length=length, unit=unit, minor=minor, item=rng_choice(rng, RULER_ITEMS),
        start=round(s / minor, 9), end=round(e / minor, 9), color=rng_choice(rng, ITEM_COLORS)))


def sample_thermometer(rng: np.random.Generator) -> ArithmeticSpec:
    unit, lo, hi, step, minor = THERMO_SCALES[int(rng.integers(len(THERMO_SCALES)))]
    n = int(rng_choice(rng, (1, 1, 2)))
    caps = (rng_choice(rng, (("Morning", "Afternoon"), ("Mon", "Tue"), ("Inside", "Outside")))
            if n == 2 else (rng_choice(rng, ("", "Today", "Noon")),))
    steps = int(round((hi - lo) / step)) * minor
    readings = [Reading(c, round(lo + int(rng.integers(1, steps)) * step / minor, 9))
                for c in caps]
    return ArithmeticSpec(kind="thermometer", thermometer=Thermometer(
        unit=unit, lo=float(lo), hi=float(hi), step=float(step), minor=minor,
        readings=readings))


def sample_bar_model(rng: np.random.Generator) -> ArithmeticSpec:
    style = int(rng.integers(3))
    col = rng_choice(rng, FILL_COLORS)
    if style == 0:  # part-whole
        parts = [int(v) for v in rng.integers(5, 40, size=int(rng.integers(2, 4)))]
        hide = int(rng.integers(len(parts) + 1))
        bars = [ModelBar("", [BarPart(float(v), "?" if j == hide else str(v), col)
                              for j, v in enumerate(parts)])]
        total = "?" if hide == len(parts) else str(sum(parts))
        return ArithmeticSpec(kind="bar_model", bar_model=BarModel(bars, total))
    if style == 1:  # equal groups
        n, v = int(rng.integers(3, 7)), int(rng.integers(3, 25))
        show_total = bool(rng.random() < 0.5)
        parts = [BarPart(float(v), ("?" if show_total else str(v)) if j == 0 else "", col)
                 for j in range(n)]
        return ArithmeticSpec(kind="bar_model", bar_model=BarModel(
            [ModelBar("", parts)], str(n * v) if show_total else "?"))
    a, d = int(rng.integers(10, 50)), int(rng.integers(5, 30))
    n1, n2 = rng_choice(rng, (("Ann", "Ben"), ("Red", "Blue"), ("Mon", "Tue"), ("Jo", "Max")))
    col2 = rng_choice(rng, [c for c in FILL_COLORS if c != col])
    bars = [ModelBar(n1, [BarPart(float(a), str(a), col)]),
            ModelBar(n2, [BarPart(float(a), "", col), BarPart(float(d), rng_choice(
                rng, ("?", str(d))), col2)])]
    return ArithmeticSpec(kind="bar_model", bar_model=BarModel(bars, ""))


_SAMPLERS = {"clock": sample_clock, "number_line": sample_number_line,
             "equation": sample_equation, "receipt": sample_receipt, "money": sample_money,
             "fraction": sample_fraction, "tally": sample_tally, "ruler": sample_ruler,
             "thermometer": sample_thermometer, "bar_model": sample_bar_model}
