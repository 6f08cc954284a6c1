"""Bar models (tape diagrams).

    python -c "import numpy as np, renderers; f = renderers.get_family('arithmetic'); \
f.render(f.sample_spec(np.random.default_rng(1), kind='bar_model'), 336).save('/tmp/bar_model.png')"
"""
from __future__ import annotations

from renderers.arithmetic.draw.ink import INK, light
from renderers.arithmetic.spec import ArithmeticSpec, color_rgb
from renderers.canvas import Canvas
from renderers.text import font_px


def draw_bar_model(spec: ArithmeticSpec, cv: Canvas, box) -> None:
    b = spec.bar_model
    x0, y0, x1, y1 = box
    fp = font_px(cv.width)
    u = cv.unit
    name_w = max([cv.text_size(bar.name, fp, "bold")[0] for bar in b.bars if bar.name] + [0])
    left = x0 + (name_w + 0.04 * cv.width if name_w else 0.02 * cv.width)
    right = x1 - 0.02 * cv.width
    most = max(sum(p.value for p in bar.parts) for bar in b.bars)
    scale = (right - left) / most
    brace = fp * 2.2 if b.total_label else 0.0
    n = len(b.bars)
    bh = min(fp * 2.4, (y1 - y0 - brace) / (n * 1.45))
    gap = (y1 - y0 - brace - n * bh) / (n + 1)
    for i, bar in enumerate(b.bars):
        top = y0 + brace + gap * (i + 1) + bh * i
        if bar.name:
            cv.text((x0, top + bh / 2), bar.name, px=fp, anchor="lm", kind="bold")
        x = left
        for p in bar.parts:
            w = p.value * scale
            cv.rect((x, top, x + w, top + bh), fill=light(color_rgb(p.color), 0.6),
                    outline=INK, width=1.6)
            if p.label:
                cv.text((x + w / 2, top + bh / 2), p.label, px=fp, color=INK)
            x += w
        if i == 0 and b.total_label:
            yb = top - 10 * u
            cv.line([(left, yb + 6 * u), (left, yb), (x, yb), (x, yb + 6 * u)], color=INK,
                    width=1.5)
            cv.line([((left + x) / 2, yb), ((left + x) / 2, yb - 4 * u)], color=INK, width=1.5)
            cv.text(((left + x) / 2, yb - 4 * u - fp * 0.6), b.total_label, px=fp, kind="bold")
