"""Equation cards: lines of shape symbols, numbers and operators.

    python -c "import numpy as np, renderers; f = renderers.get_family('arithmetic'); \
f.render(f.sample_spec(np.random.default_rng(1), kind='equation'), 336).save('/tmp/equation.png')"
"""
from __future__ import annotations

import math

from renderers.arithmetic.draw.ink import INK, darker
from renderers.arithmetic.spec import SHAPES, ArithmeticSpec, color_rgb
from renderers.canvas import Canvas
from renderers.text import font_px


def _shape(cv: Canvas, name: str, c, r: float, rgb) -> None:
    x, y = c
    edge = darker(rgb, 0.6)
    if name == "circle":
        cv.circle(c, r, fill=rgb, outline=edge, width=1.5)
        return
    if name == "square":
        pts = [(x - r * 0.88, y - r * 0.88), (x + r * 0.88, y - r * 0.88),
               (x + r * 0.88, y + r * 0.88), (x - r * 0.88, y + r * 0.88)]
    elif name == "triangle":
        pts = [(x, y - r), (x + r * 1.05, y + r * 0.8), (x - r * 1.05, y + r * 0.8)]
    elif name == "diamond":
        pts = [(x, y - r * 1.05), (x + r * 0.8, y), (x, y + r * 1.05), (x - r * 0.8, y)]
    elif name == "hexagon":
        pts = [(x + r * math.cos(math.radians(a)), y + r * math.sin(math.radians(a)))
               for a in range(0, 360, 60)]
    else:  # star
        pts = []
        for i in range(10):
            rr = r * (1.1 if i % 2 == 0 else 0.47)
            a = math.radians(-90 + 36 * i)
            pts.append((x + rr * math.cos(a), y + 0.1 * r + rr * math.sin(a)))
    cv.polygon(pts, fill=rgb, outline=edge, width=1.5)


def draw_equation(spec: ArithmeticSpec, cv: Canvas, box) -> None:
    eq = spec.equation
    x0, y0, x1, y1 = box
    fp = font_px(cv.width)
    cv.rect((x0, y0, x1, y1), fill=(255, 249, 228), outline=(200, 170, 90), width=2.5)
    n = len(eq.lines)
    lh = (y1 - y0) / (n + 0.4)
    px = max(11, min(int(fp * 1.7), int(lh * 0.55)))
    toks = [[("−" if t == "-" else t) for t in line.split()] for line in eq.lines]

    def widths(p: int):
        gap = p * 0.45
        out = []
        for line in toks:
            ws = [p * 1.25 if (t in SHAPES or t == "?") else cv.text_size(t, p)[0]
                  for t in line]
            out.append((ws, sum(ws) + gap * (len(ws) - 1)))
        return out, gap

    ws, gap = widths(px)
    widest = max(w for _, w in ws)
    if widest > (x1 - x0) * 0.9:
        px = max(10, int(px * (x1 - x0) * 0.9 / widest))
        ws, gap = widths(px)
    for li, (line, (tw, total)) in enumerate(zip(toks, ws)):
        yc = y0 + lh * (li + 0.7)
        x = (x0 + x1) / 2 - total / 2
        for t, w in zip(line, tw):
            c = (x + w / 2, yc)
            if t in SHAPES:
                _shape(cv, t, c, px * 0.5, color_rgb(eq.colors.get(t, "gray")))
            elif t == "?":
                r = px * 0.6
                cv.rect((c[0] - r, c[1] - r, c[0] + r, c[1] + r), fill="white",
                        outline=(90, 90, 90), width=1.8)
                cv.text(c, "?", px=int(px * 0.85), color=(90, 90, 90), kind="bold")
            else:
                cv.text(c, t, px=px, color=INK)
            x += w + gap
