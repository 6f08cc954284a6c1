"""Helpers the arithmetic drawings share: the ink colour, tints and shades, and fitting a font
size to the room a text has.

    python -c "import numpy as np, renderers; f = renderers.get_family('arithmetic'); \
f.render(f.sample_spec(np.random.default_rng(2), kind='ruler'), 336).save('/tmp/ruler.png')"
"""
from __future__ import annotations

from typing import Callable

from renderers.canvas import Canvas

INK = (35, 35, 35)


def light(rgb, t: float = 0.55):
    """``rgb`` blended toward white by ``t``."""
    return tuple(int(c + (255 - c) * t) for c in rgb)


def fit_px(cv: Canvas, px: int, measure: Callable[[int], float], room: float,
           floor: int = 9) -> int:
    """The largest font size <= px whose measured width fits in ``room``."""
    while px > floor and measure(px) > room:
        px -= 1
    return px


def darker(rgb, f: float = 0.75):
    return tuple(int(c * f) for c in rgb)
