"""Drawing of the "arithmetic" family: the title, then the kind's drawing (one module per kind
in this folder; ink.py holds the helpers they share). ``aspect`` gives each kind's shape.

Every text is placed at a position computed from the layout (tick labels, table cells, coin
values) so that the boxes are disjoint by construction; only the names of number-line points
and jump labels, whose places depend on the data, go through ``Canvas.label``.

    python -c "import numpy as np, renderers; f = renderers.get_family('arithmetic'); \
f.render(f.sample_spec(np.random.default_rng(1), kind='receipt'), 336).save('/tmp/r.png')"
"""
from __future__ import annotations

from renderers.arithmetic.draw.bar_model import draw_bar_model
from renderers.arithmetic.draw.clock import draw_clocks
from renderers.arithmetic.draw.equation import draw_equation
from renderers.arithmetic.draw.fraction import draw_fractions
from renderers.arithmetic.draw.money import draw_money
from renderers.arithmetic.draw.number_line import draw_number_line
from renderers.arithmetic.draw.receipt import draw_receipt, receipt_units
from renderers.arithmetic.draw.ruler import draw_ruler
from renderers.arithmetic.draw.tally import draw_tally
from renderers.arithmetic.draw.thermometer import draw_thermometer
from renderers.arithmetic.spec import ArithmeticSpec
from renderers.canvas import Canvas
from renderers.text import font_px

INK = (35, 35, 35)


def aspect(spec: ArithmeticSpec) -> float:
    """Height / width per kind (wide strips for lines and rulers, tall slips for receipts)."""
    t = 0.07 if spec.title else 0.0
    k = spec.kind
    if k == "clock":
        return {1: 0.92, 2: 0.6, 3: 0.45}[len(spec.clocks)] + t
    if k == "number_line":
        return (0.52 if spec.number_line.jumps else 0.4) + t
    if k == "equation":
        return min(1.0, 0.22 + 0.17 * len(spec.equation.lines)) + t
    if k == "receipt":
        r = spec.receipt
        if r.style == "tags":
            return 0.14 + 0.28 * -(-len(r.items) // 2) + t
        return 0.08 + 0.0735 * receipt_units(r) + t
    if k == "money":
        n_rows = -(-len(spec.money.notes) // 3) + -(-len(spec.money.coins) // 5)
        return min(1.0, 0.18 + 0.2 * n_rows) + t
    if k == "fraction":
        shapes = {f.shape for f in spec.fractions}
        if shapes == {"bar"}:
            return (0.32 if len(spec.fractions) == 1 else 0.1 + 0.17 * len(spec.fractions)) + t
        return {1: 0.85, 2: 0.6, 3: 0.45}[len(spec.fractions)] + t
    if k == "tally":
        return 0.14 + 0.12 * (len(spec.tally.rows) + 1) + t
    if k == "ruler":
        return 0.46 + t
    if k == "thermometer":
        return 1.0
    if k == "bar_model":
        b = spec.bar_model
        return 0.2 + 0.16 * len(b.bars) + (0.12 if b.total_label else 0) + t
    raise ValueError(k)


def draw_arithmetic(spec: ArithmeticSpec, cv: Canvas) -> None:
    W, H = cv.width, cv.height
    fp = font_px(W)
    m = 0.04 * W
    y0 = m
    if spec.title:
        cv.text((W / 2, m + fp * 0.6), spec.title, px=fp, kind="bold")
        y0 = m + fp * 1.6
    box = (m, y0, W - m, H - m)
    {"clock": draw_clocks, "number_line": draw_number_line, "equation": draw_equation,
     "receipt": draw_receipt, "money": draw_money, "fraction": draw_fractions,
     "tally": draw_tally, "ruler": draw_ruler, "thermometer": draw_thermometer,
     "bar_model": draw_bar_model}[spec.kind](spec, cv, box)


# ----------------------------------------------------------------------------- receipts


__all__ = ["aspect", "draw_arithmetic"]
