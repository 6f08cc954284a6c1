"""Drawing of "object_scene" specs: background (wall and floor, or sky and ground), the sign,
the frame tag, and 28 procedurally drawn object kinds with shadows and simple shading.

Each painter draws one kind inside its screen box using fractions of that box (``Box.p``), so
one description serves every size and depth. Light comes from the upper left: shadows fall to
the right, highlights sit upper left, right-hand faces are darker. Only plain PIL through
``Canvas``; nothing here records ink, because every text is at a fixed, reserved place.

    python -m pytest -q tests/renderers/test_object_scene.py
"""
from __future__ import annotations

import math
from typing import Callable

from renderers.canvas import Canvas
from renderers.object_scene.spec import (HORIZON, KINDS, THEMES, ObjectSceneSpec, SceneObject,
                                         base_y, object_box)
from renderers.text import font_px

RGB = tuple[int, int, int]
COLOR_RGB: dict[str, RGB] = {
    "red": (205, 45, 40), "orange": (240, 135, 30), "yellow": (240, 205, 45),
    "green": (70, 160, 65), "blue": (50, 105, 205), "purple": (130, 75, 175),
    "pink": (240, 140, 185), "brown": (130, 80, 45), "gray": (135, 135, 140),
    "black": (40, 40, 45), "white": (245, 245, 240),
}
WALL = {"kitchen": (205, 225, 220), "office": (222, 222, 215), "living_room": (236, 222, 198),
        "hallway": (226, 216, 232)}
FLOOR = {"kitchen": (196, 192, 182), "office": (158, 170, 186), "living_room": (190, 146, 100),
         "hallway": (176, 132, 92), "street": (204, 200, 190), "park": (122, 182, 92)}
SKY = (172, 212, 242)
DARK = (45, 45, 50)


def shade(c: RGB, f: float) -> RGB:
    """f < 1 darkens towards black, f > 1 lightens towards white."""
    if f <= 1:
        return (int(c[0] * f), int(c[1] * f), int(c[2] * f))
    t = min(1.0, f - 1)
    return (int(c[0] + (255 - c[0]) * t), int(c[1] + (255 - c[1]) * t),
            int(c[2] + (255 - c[2]) * t))


def edge(c: RGB) -> RGB:
    return shade(c, 0.5) if sum(c) > 150 else (10, 10, 12)


class Box:
    """An object's screen box; painters address it in fractions (fx, fy) of width / height."""

    def __init__(self, cv: Canvas, x0: float, y0: float, w: float, h: float):
        self.cv, self.x0, self.y0, self.w, self.h = cv, x0, y0, w, h
        # thinner outlines on small, distant objects; in 336-px units, so the same at any size
        self.lw = max(0.6, min(1.3, h / (60 * cv.unit)))

    def p(self, fx: float, fy: float) -> tuple[float, float]:
        return (self.x0 + fx * self.w, self.y0 + fy * self.h)

    def poly(self, pts, fill, outline=None, width: float = 1.0) -> None:
        self.cv.polygon([self.p(*q) for q in pts], fill=fill, outline=outline,
                        width=width * self.lw, ink=False)

    def rect(self, fx0, fy0, fx1, fy1, fill, outline=None) -> None:
        self.poly([(fx0, fy0), (fx1, fy0), (fx1, fy1), (fx0, fy1)], fill, outline)

    def ell(self, fx, fy, rx, ry, fill, outline=None, width: float = 1.0) -> None:
        """Ellipse; radii in fractions of the box width (rx) and height (ry)."""
        self.cv.ellipse(self.p(fx, fy), rx * self.w, ry * self.h, fill=fill, outline=outline,
                        width=width * self.lw, ink=False)

    def circ(self, fx, fy, r, fill, outline=None, width: float = 1.0) -> None:
        """Circle of radius ``r`` in fractions of the box height."""
        self.cv.ellipse(self.p(fx, fy), r * self.h, r * self.h, fill=fill, outline=outline,
                        width=width * self.lw, ink=False)

    def line(self, pts, color, width: float = 1.0) -> None:
        self.cv.line([self.p(*q) for q in pts], color=color, width=width * self.lw, ink=False)


# ----------------------------------------------------------------------------- painters


def _apple(b: Box, c: RGB, bg: RGB) -> None:
    leaf = (40, 110, 40) if c == COLOR_RGB["green"] else (60, 150, 55)
    b.line([(0.5, 0.25), (0.55, 0.02)], (100, 65, 35), 1.8)
    b.ell(0.7, 0.1, 0.15, 0.06, leaf, edge(leaf))
    b.ell(0.5, 0.6, 0.47, 0.4, c, edge(c))
    b.ell(0.64, 0.66, 0.22, 0.26, shade(c, 0.88))
    b.ell(0.32, 0.46, 0.09, 0.1, shade(c, 1.5))


def _banana(b: Box, c: RGB, bg: RGB) -> None:
    n = 12
    outer = [(0.02 + 0.96 * i / n, 0.22 + 0.74 * math.sin(math.pi * i / n)) for i in range(n + 1)]
    inner = [(0.12 + 0.76 * i / n, 0.24 + 0.38 * math.sin(math.pi * i / n))
             for i in range(n, -1, -1)]
    b.poly(outer + inner, c, edge(c))
    b.line([(0.1 + 0.8 * i / n, 0.3 + 0.5 * math.sin(math.pi * i / n)) for i in range(n + 1)],
           shade(c, 0.82), 1.2)
    b.ell(0.04, 0.22, 0.03, 0.07, (90, 60, 30))
    b.ell(0.96, 0.22, 0.03, 0.07, (90, 60, 30))


def _cup(b: Box, c: RGB, bg: RGB) -> None:
    b.ell(0.82, 0.55, 0.13, 0.2, None, shade(c, 0.8), 3.5)
    body = [(0.06, 0.22), (0.78, 0.22), (0.7, 0.97), (0.14, 0.97)]
    b.poly(body, c)
    b.poly([(0.58, 0.22), (0.78, 0.22), (0.7, 0.97), (0.54, 0.97)], shade(c, 0.82))
    b.poly(body, None, edge(c))
    b.ell(0.42, 0.22, 0.36, 0.08, shade(c, 0.6), edge(c))


def _bottle(b: Box, c: RGB, bg: RGB) -> None:
    pts = [(0.08, 1), (0.08, 0.45), (0.32, 0.3), (0.36, 0.12), (0.64, 0.12), (0.68, 0.3),
           (0.92, 0.45), (0.92, 1)]
    b.poly(pts, c)
    b.poly([(0.7, 0.45), (0.92, 0.45), (0.92, 1), (0.7, 1)], shade(c, 0.78))
    b.rect(0.08, 0.58, 0.92, 0.78, (240, 235, 220))
    b.rect(0.2, 0.45, 0.3, 0.56, shade(c, 1.45))
    b.poly(pts, None, edge(c))
    b.rect(0.33, 0.02, 0.67, 0.13, (70, 70, 75), DARK)


def _bowl(b: Box, c: RGB, bg: RGB) -> None:
    b.rect(0.38, 0.88, 0.62, 1.0, shade(c, 0.7), edge(c))
    pts = [(0.5 + 0.5 * math.cos(a), 0.25 + 0.68 * math.sin(a))
           for a in (math.pi * i / 14 for i in range(15))]
    b.poly(pts, c)
    b.poly([(0.5 + 0.5 * math.cos(a), 0.25 + 0.68 * math.sin(a))
            for a in (math.pi * i / 14 for i in range(8))] + [(0.62, 0.25)], shade(c, 0.82))
    b.poly(pts, None, edge(c))
    b.ell(0.5, 0.25, 0.5, 0.2, shade(c, 0.62), edge(c))


def _book(b: Box, c: RGB, bg: RGB) -> None:
    b.poly([(0.0, 0.5), (0.72, 0.5), (1.0, 0.1), (0.28, 0.1)], c, edge(c))
    b.poly([(0.0, 0.5), (0.72, 0.5), (0.72, 0.94), (0.0, 0.94)], shade(c, 0.72), edge(c))
    b.poly([(0.72, 0.5), (1.0, 0.1), (1.0, 0.52), (0.72, 0.94)], (246, 240, 222), edge(c))
    b.line([(0.76, 0.62), (0.98, 0.3)], (200, 190, 170), 0.8)
    b.line([(0.76, 0.78), (0.98, 0.44)], (200, 190, 170), 0.8)
    b.rect(0.08, 0.66, 0.6, 0.76, shade(c, 1.4))


def _ball(b: Box, c: RGB, bg: RGB) -> None:
    b.ell(0.5, 0.5, 0.48, 0.48, shade(c, 0.7))
    b.ell(0.46, 0.46, 0.42, 0.42, c)
    b.line([(0.08, 0.36), (0.3, 0.5), (0.6, 0.56), (0.92, 0.52)], shade(c, 0.6), 1.4)
    b.ell(0.32, 0.28, 0.1, 0.07, shade(c, 1.6))
    b.ell(0.5, 0.5, 0.48, 0.48, None, edge(c))


def _chair(b: Box, c: RGB, bg: RGB) -> None:
    e, d = edge(c), shade(c, 0.6)
    b.rect(0.2, 0.6, 0.27, 0.9, d, e)
    b.rect(0.73, 0.6, 0.8, 0.9, d, e)
    b.rect(0.14, 0.0, 0.22, 0.56, c, e)
    b.rect(0.78, 0.0, 0.86, 0.56, shade(c, 0.85), e)
    b.rect(0.14, 0.0, 0.86, 0.14, c, e)
    b.rect(0.14, 0.26, 0.86, 0.34, c, e)
    b.poly([(0.1, 0.52), (0.9, 0.52), (0.98, 0.64), (0.02, 0.64)], shade(c, 1.15), e)
    b.rect(0.02, 0.64, 0.98, 0.71, shade(c, 0.8), e)
    b.rect(0.04, 0.71, 0.13, 1.0, c, e)
    b.rect(0.87, 0.71, 0.96, 1.0, shade(c, 0.85), e)


def _table(b: Box, c: RGB, bg: RGB) -> None:
    e, d = edge(c), shade(c, 0.6)
    b.rect(0.13, 0.4, 0.18, 0.86, d, e)
    b.rect(0.82, 0.4, 0.87, 0.86, d, e)
    b.poly([(0.1, 0.14), (0.9, 0.14), (1.0, 0.36), (0.0, 0.36)], shade(c, 1.12), e)
    b.rect(0.0, 0.36, 1.0, 0.46, shade(c, 0.8), e)
    b.rect(0.03, 0.46, 0.1, 1.0, c, e)
    b.rect(0.9, 0.46, 0.97, 1.0, shade(c, 0.85), e)


def _lamp(b: Box, c: RGB, bg: RGB) -> None:
    b.ell(0.5, 0.95, 0.4, 0.05, (70, 70, 75), DARK)
    b.rect(0.46, 0.38, 0.54, 0.95, (95, 95, 100))
    b.ell(0.5, 0.4, 0.34, 0.03, (250, 240, 170))
    shade_pts = [(0.22, 0.02), (0.78, 0.02), (0.98, 0.4), (0.02, 0.4)]
    b.poly(shade_pts, c)
    b.poly([(0.62, 0.02), (0.78, 0.02), (0.98, 0.4), (0.72, 0.4)], shade(c, 0.82))
    b.poly(shade_pts, None, edge(c))


def _clock(b: Box, c: RGB, bg: RGB) -> None:
    e = edge(c)
    b.rect(0.2, 0.86, 0.3, 1.0, DARK)
    b.rect(0.7, 0.86, 0.8, 1.0, DARK)
    b.circ(0.24, 0.14, 0.11, c, e)
    b.circ(0.76, 0.14, 0.11, c, e)
    b.circ(0.5, 0.53, 0.43, c, e)
    b.circ(0.5, 0.53, 0.33, (250, 250, 245), e)
    for k in range(4):
        a = k * math.pi / 2
        b.circ(0.5 + 0.27 * math.cos(a) / 0.9, 0.53 + 0.27 * math.sin(a), 0.025, DARK)
    b.line([(0.5, 0.53), (0.36, 0.42)], DARK, 1.8)
    b.line([(0.5, 0.53), (0.74, 0.4)], DARK, 1.2)


def _car(b: Box, c: RGB, bg: RGB) -> None:
    e = edge(c)
    b.poly([(0.2, 0.48), (0.32, 0.12), (0.68, 0.12), (0.84, 0.48)], shade(c, 1.08), e)
    glass = (185, 215, 235)
    b.poly([(0.26, 0.46), (0.35, 0.19), (0.48, 0.19), (0.48, 0.46)], glass, e)
    b.poly([(0.52, 0.46), (0.52, 0.19), (0.65, 0.19), (0.77, 0.46)], glass, e)
    body = [(0.0, 0.52), (0.05, 0.44), (0.95, 0.44), (1.0, 0.54), (1.0, 0.8), (0.0, 0.8)]
    b.poly(body, c)
    b.rect(0.0, 0.68, 1.0, 0.8, shade(c, 0.78))
    b.poly(body, None, e)
    b.ell(0.965, 0.56, 0.025, 0.05, (250, 230, 120))
    b.ell(0.025, 0.56, 0.02, 0.05, (150, 30, 30))
    for fx in (0.22, 0.78):
        b.circ(fx, 0.82, 0.17, (35, 35, 38))
        b.circ(fx, 0.82, 0.07, (175, 175, 180))


def _tree(b: Box, c: RGB, bg: RGB) -> None:
    b.poly([(0.43, 0.5), (0.57, 0.5), (0.61, 1.0), (0.39, 1.0)], (115, 78, 45), (70, 45, 25))
    d = shade(c, 0.75)
    for fx, fy, r in ((0.27, 0.5, 0.2), (0.73, 0.5, 0.2), (0.5, 0.6, 0.19)):
        b.circ(fx, fy, r, d)
    for fx, fy, r in ((0.5, 0.29, 0.26), (0.3, 0.42, 0.18), (0.7, 0.42, 0.18)):
        b.circ(fx, fy, r, c)
    b.circ(0.4, 0.2, 0.08, shade(c, 1.25))


def _house(b: Box, c: RGB, bg: RGB) -> None:
    e = edge(c)
    roof = (85, 85, 95) if c in (COLOR_RGB["red"], COLOR_RGB["brown"], COLOR_RGB["orange"],
                                 COLOR_RGB["pink"]) else (160, 60, 45)
    b.rect(0.68, 0.1, 0.8, 0.32, (120, 90, 80), DARK)
    b.rect(0.1, 0.45, 0.9, 1.0, c, e)
    b.rect(0.72, 0.45, 0.9, 1.0, shade(c, 0.84), e)
    b.poly([(0.02, 0.48), (0.5, 0.06), (0.98, 0.48)], roof, edge(roof))
    b.rect(0.42, 0.7, 0.58, 1.0, (110, 70, 40), DARK)
    for x0 in (0.17, 0.65):
        b.rect(x0, 0.58, x0 + 0.17, 0.74, (190, 220, 240), e)
        b.line([(x0 + 0.085, 0.58), (x0 + 0.085, 0.74)], e, 0.8)
        b.line([(x0, 0.66), (x0 + 0.17, 0.66)], e, 0.8)


def _cat(b: Box, c: RGB, bg: RGB) -> None:
    e = edge(c)
    b.line([(0.68, 0.94), (0.88, 0.88), (0.95, 0.66), (0.9, 0.5)], shade(c, 0.8), 4.0)
    b.ell(0.45, 0.7, 0.32, 0.29, c, e)
    b.ell(0.45, 0.76, 0.15, 0.17, shade(c, 1.25))
    b.poly([(0.27, 0.26), (0.3, 0.04), (0.42, 0.16)], c, e)
    b.poly([(0.48, 0.16), (0.6, 0.04), (0.63, 0.26)], c, e)
    b.circ(0.45, 0.32, 0.2, c, e)
    eye = (230, 200, 40) if sum(c) < 200 else (40, 40, 40)
    b.ell(0.37, 0.29, 0.035, 0.035, eye)
    b.ell(0.53, 0.29, 0.035, 0.035, eye)
    b.poly([(0.42, 0.37), (0.48, 0.37), (0.45, 0.41)], (230, 130, 150))
    for dy in (-0.02, 0.03):
        b.line([(0.36, 0.4), (0.16, 0.4 + dy)], e, 0.6)
        b.line([(0.54, 0.4), (0.74, 0.4 + dy)], e, 0.6)
    b.ell(0.34, 0.96, 0.08, 0.04, shade(c, 1.15), e)
    b.ell(0.56, 0.96, 0.08, 0.04, shade(c, 1.15), e)


def _dog(b: Box, c: RGB, bg: RGB) -> None:
    e, far = edge(c), shade(c, 0.78)
    b.line([(0.14, 0.42), (0.06, 0.16)], c, 3.5)
    for x0, col in ((0.28, far), (0.62, far), (0.18, c), (0.54, c)):
        b.rect(x0, 0.55, x0 + 0.08, 0.98, col, e)
    b.ell(0.45, 0.5, 0.33, 0.2, c, e)
    b.circ(0.78, 0.28, 0.19, c, e)
    b.ell(0.9, 0.37, 0.09, 0.09, shade(c, 1.15), e)
    b.ell(0.71, 0.32, 0.06, 0.15, shade(c, 0.65), e)
    b.circ(0.975, 0.33, 0.035, (20, 20, 20))
    b.circ(0.81, 0.23, 0.03, (20, 20, 20) if sum(c) > 200 else (240, 240, 240))


def _bird(b: Box, c: RGB, bg: RGB) -> None:
    leg = (200, 120, 40)
    b.line([(0.42, 0.78), (0.4, 1.0)], leg, 1.2)
    b.line([(0.54, 0.78), (0.56, 1.0)], leg, 1.2)
    b.poly([(0.16, 0.5), (0.0, 0.4), (0.02, 0.68)], shade(c, 0.8), edge(c))
    b.ell(0.45, 0.58, 0.33, 0.24, c, edge(c))
    b.ell(0.5, 0.66, 0.2, 0.13, shade(c, 1.3))
    b.ell(0.38, 0.55, 0.19, 0.12, shade(c, 0.75), edge(c))
    b.circ(0.72, 0.32, 0.17, c, edge(c))
    beak = (240, 160, 40) if c != COLOR_RGB["orange"] else (120, 70, 20)
    b.poly([(0.86, 0.29), (1.0, 0.35), (0.86, 0.41)], beak, edge(beak))
    b.circ(0.76, 0.28, 0.035, (15, 15, 15))


def _phone(b: Box, c: RGB, bg: RGB) -> None:
    b.rect(0.04, 0.02, 0.96, 0.98, c, edge(c))
    b.rect(0.13, 0.1, 0.87, 0.84, (40, 58, 86))
    b.poly([(0.13, 0.1), (0.6, 0.1), (0.13, 0.5)], (70, 92, 125))
    b.circ(0.5, 0.91, 0.035, shade(c, 0.7) if sum(c) > 200 else (120, 120, 125))
    b.line([(0.4, 0.06), (0.6, 0.06)], shade(c, 0.6) if sum(c) > 200 else (110, 110, 110), 0.8)


def _umbrella(b: Box, c: RGB, bg: RGB) -> None:
    b.line([(0.5, 0.45), (0.5, 0.9)], DARK, 1.8)
    b.line([(0.5 - 0.06 + 0.06 * math.cos(a), 0.9 + 0.06 * math.sin(a))
            for a in (math.pi * i / 8 for i in range(9))], DARK, 1.8)
    top = [(0.5 - 0.5 * math.cos(a), 0.48 - 0.44 * math.sin(a))
           for a in (math.pi * i / 16 for i in range(17))]
    scallop = []
    for k in range(4, 0, -1):
        xa, xb = k / 4, (k - 1) / 4
        scallop += [(xa - 0.125 + 0.125 * math.cos(t), 0.48 - 0.07 * math.sin(t))
                    for t in (math.pi * i / 6 for i in range(1, 6))] + [(xb, 0.48)]
    pts = top + scallop
    b.poly(pts, c)
    b.poly([(0.5, 0.04)] + top[12:] + scallop[:6], shade(c, 0.8))
    b.poly(pts, None, edge(c))
    for fx in (0.25, 0.5, 0.75):
        b.line([(0.5, 0.04), (fx, 0.48)], shade(c, 0.6), 0.8)


def _hat(b: Box, c: RGB, bg: RGB) -> None:
    e = edge(c)
    b.ell(0.5, 0.84, 0.5, 0.14, shade(c, 0.8), e)
    b.rect(0.24, 0.2, 0.76, 0.84, c)
    b.rect(0.58, 0.2, 0.76, 0.84, shade(c, 0.85))
    band = (30, 30, 30) if sum(c) > 200 else (200, 40, 40)
    b.rect(0.24, 0.64, 0.76, 0.76, band)
    b.line([(0.24, 0.2), (0.24, 0.84)], e)
    b.line([(0.76, 0.2), (0.76, 0.84)], e)
    b.ell(0.5, 0.2, 0.26, 0.08, shade(c, 1.15), e)


def _shoe(b: Box, c: RGB, bg: RGB) -> None:
    sole = (240, 240, 235) if sum(c) < 600 else (120, 120, 125)
    b.poly([(0.02, 0.82), (0.99, 0.82), (0.99, 0.95), (0.95, 1.0), (0.04, 1.0), (0.02, 0.95)],
           sole, edge(sole))
    up = [(0.04, 0.82), (0.04, 0.22), (0.3, 0.16), (0.44, 0.45), (0.75, 0.52), (0.95, 0.64),
          (0.99, 0.82)]
    b.poly(up, c, edge(c))
    b.ell(0.17, 0.21, 0.13, 0.05, (30, 30, 30))
    for i in range(3):
        b.line([(0.36 + 0.1 * i, 0.36 + 0.05 * i), (0.44 + 0.1 * i, 0.3 + 0.05 * i)],
               shade(c, 1.5), 1.2)
    b.line([(0.14, 0.74), (0.5, 0.56)], shade(c, 1.4), 1.4)


def _pencil(b: Box, c: RGB, bg: RGB) -> None:
    b.rect(0.0, 0.15, 0.08, 0.85, (240, 150, 170), (150, 80, 95))
    b.rect(0.08, 0.12, 0.14, 0.88, (180, 180, 185), (110, 110, 115))
    b.rect(0.14, 0.15, 0.8, 0.85, c)
    b.rect(0.14, 0.15, 0.8, 0.38, shade(c, 1.25))
    b.rect(0.14, 0.62, 0.8, 0.85, shade(c, 0.8))
    b.poly([(0.8, 0.15), (0.97, 0.5), (0.8, 0.85)], (235, 205, 160), (150, 120, 80))
    b.poly([(0.92, 0.4), (1.0, 0.5), (0.92, 0.6)], (50, 50, 50))
    b.rect(0.14, 0.15, 0.8, 0.85, None, edge(c))


def _key(b: Box, c: RGB, bg: RGB) -> None:
    e = edge(c)
    b.rect(0.3, 0.4, 0.98, 0.6, c, e)
    for x0, y1 in ((0.7, 0.82), (0.8, 0.74), (0.9, 0.84)):
        b.rect(x0, 0.6, x0 + 0.06, y1, c, e)
    b.circ(0.18, 0.5, 0.42, c, e)
    b.circ(0.13, 0.5, 0.14, bg, e)
    b.circ(0.22, 0.36, 0.08, shade(c, 1.4))


def _flower(b: Box, c: RGB, bg: RGB) -> None:
    green = (60, 140, 60)
    b.line([(0.5, 0.3), (0.5, 0.82)], green, 2.2)
    b.ell(0.35, 0.62, 0.17, 0.05, green)
    b.ell(0.65, 0.52, 0.17, 0.05, green)
    b.poly([(0.28, 0.8), (0.72, 0.8), (0.65, 1.0), (0.35, 1.0)], (190, 100, 60), (120, 60, 35))
    for k in range(6):
        a = k * math.pi / 3 + 0.3
        b.circ(0.5 + 0.13 * math.cos(a) / 0.6, 0.22 + 0.13 * math.sin(a), 0.085, c, edge(c),
               0.8)
    b.circ(0.5, 0.22, 0.065, (120, 70, 30) if c == COLOR_RGB["yellow"] else (245, 200, 40))


def _bench(b: Box, c: RGB, bg: RGB) -> None:
    e, iron = edge(c), (60, 60, 65)
    b.rect(0.08, 0.06, 0.12, 0.9, iron)
    b.rect(0.88, 0.06, 0.92, 0.9, iron)
    b.rect(0.03, 0.08, 0.97, 0.2, c, e)
    b.rect(0.03, 0.27, 0.97, 0.39, c, e)
    b.poly([(0.04, 0.48), (0.96, 0.48), (1.0, 0.6), (0.0, 0.6)], shade(c, 1.15), e)
    b.rect(0.0, 0.6, 1.0, 0.68, shade(c, 0.78), e)
    b.rect(0.05, 0.68, 0.1, 1.0, iron)
    b.rect(0.9, 0.68, 0.95, 1.0, iron)


def _bicycle(b: Box, c: RGB, bg: RGB) -> None:
    tyre = (30, 30, 30)
    for fx in (0.2, 0.8):
        b.circ(fx, 0.68, 0.3, None, tyre, 2.6)
        b.circ(fx, 0.68, 0.04, (140, 140, 145))
    frame = [(0.2, 0.68), (0.47, 0.7), (0.4, 0.32), (0.2, 0.68)]
    b.line(frame, c, 3.4)
    b.line([(0.4, 0.32), (0.72, 0.3), (0.47, 0.7)], c, 3.6)
    b.line([(0.72, 0.3), (0.8, 0.68)], shade(c, 0.8), 3.0)
    for fx in (0.2, 0.8):  # mudguards over the wheels, in the frame colour
        b.line([(fx + 0.35 * math.cos(a) / 1.6, 0.68 - 0.35 * math.sin(a))
                for a in (math.radians(20 + 14 * i) for i in range(11))], c, 2.8)
    b.line([(0.72, 0.3), (0.74, 0.18)], DARK, 1.6)
    b.line([(0.68, 0.18), (0.8, 0.16)], DARK, 2.0)
    b.poly([(0.32, 0.26), (0.47, 0.26), (0.44, 0.31), (0.34, 0.31)], (25, 25, 25))
    b.circ(0.47, 0.7, 0.06, shade(c, 0.7), DARK)


def _candle(b: Box, c: RGB, bg: RGB) -> None:
    b.rect(0.15, 0.32, 0.85, 1.0, c)
    b.rect(0.62, 0.32, 0.85, 1.0, shade(c, 0.85))
    b.rect(0.15, 0.32, 0.85, 1.0, None, edge(c))
    b.ell(0.5, 0.32, 0.35, 0.04, shade(c, 1.15), edge(c))
    b.line([(0.5, 0.3), (0.5, 0.22)], DARK, 1.0)
    b.poly([(0.5, 0.0), (0.64, 0.12), (0.6, 0.2), (0.5, 0.23), (0.4, 0.2), (0.36, 0.12)],
           (250, 165, 40))
    b.poly([(0.5, 0.07), (0.57, 0.15), (0.5, 0.21), (0.43, 0.15)], (255, 230, 110))


def _vase(b: Box, c: RGB, bg: RGB) -> None:
    pts = [(0.32, 0.03), (0.68, 0.03), (0.62, 0.2), (0.86, 0.45), (0.9, 0.62), (0.78, 0.92),
           (0.64, 1.0), (0.36, 1.0), (0.22, 0.92), (0.1, 0.62), (0.14, 0.45), (0.38, 0.2)]
    b.poly(pts, c)
    b.poly([(0.62, 0.2), (0.86, 0.45), (0.9, 0.62), (0.78, 0.92), (0.64, 1.0), (0.62, 1.0),
            (0.7, 0.62), (0.58, 0.2)], shade(c, 0.8))
    b.ell(0.3, 0.58, 0.05, 0.14, shade(c, 1.4))
    b.poly(pts, None, edge(c))
    b.ell(0.5, 0.04, 0.18, 0.03, shade(c, 0.55), edge(c))


PAINTERS: dict[str, Callable[[Box, RGB, RGB], None]] = {
    "apple": _apple, "banana": _banana, "cup": _cup, "bottle": _bottle, "bowl": _bowl,
    "book": _book, "ball": _ball, "chair": _chair, "table": _table, "lamp": _lamp,
    "clock": _clock, "car": _car, "tree": _tree, "house": _house, "cat": _cat, "dog": _dog,
    "bird": _bird, "phone": _phone, "umbrella": _umbrella, "hat": _hat, "shoe": _shoe,
    "pencil": _pencil, "key": _key, "flower": _flower, "bench": _bench, "bicycle": _bicycle,
    "candle": _candle, "vase": _vase,
}
assert set(PAINTERS) == set(KINDS)


# ----------------------------------------------------------------------------- scene


def _background(spec: ObjectSceneSpec, cv: Canvas) -> RGB:
    W, H = cv.width, cv.height
    hy = HORIZON * H
    floor = FLOOR[spec.theme]
    if THEMES[spec.theme]["setting"] == "indoor":
        cv.rect((0, 0, W, hy), fill=WALL[spec.theme], outline=None, ink=False)
        cv.rect((0, hy - 0.02 * H, W, hy), fill=shade(WALL[spec.theme], 0.85), outline=None,
                ink=False)
    else:
        cv.rect((0, 0, W, hy), fill=SKY, outline=None, ink=False)
        cv.rect((0, 0.6 * hy, W, hy), fill=shade(SKY, 1.1), outline=None, ink=False)
    cv.rect((0, hy, W, H), fill=floor, outline=None, ink=False)
    grid = shade(floor, 0.9)
    vx, vy = W / 2, hy - 0.9 * H  # vanishing point far above: gentle convergence
    t = (hy - H) / (vy - H)
    for k in range(0, 7):  # the lines that start on the bottom edge stay in the image
        xb = W * k / 6
        cv.line([(xb, H), (xb + (vx - xb) * t, hy)], color=grid, width=0.8, ink=False)
    for d in (0.15, 0.45, 0.8):
        y = (base_y(d) + 0.02) * H
        cv.line([(0, y), (W, y)], color=grid, width=0.8, ink=False)
    if spec.theme == "street":
        cv.rect((0, hy, W, hy + 0.05 * H), fill=(95, 95, 100), outline=None, ink=False)
        for k in range(6):
            x = W * (k + 0.25) / 6
            cv.line([(x, hy + 0.025 * H), (x + 0.07 * W, hy + 0.025 * H)], color=(240, 230, 150),
                    width=1.2, ink=False)
    return floor


def _sign(spec: ObjectSceneSpec, cv: Canvas) -> None:
    W, H = cv.width, cv.height
    px = font_px(W, 1.15)
    tw, th = cv.text_size(spec.sign, px, "bold")
    while tw > 0.82 * W and px > 8:
        px -= 1
        tw, th = cv.text_size(spec.sign, px, "bold")
    bw, bh = tw + 1.4 * px, th + 1.0 * px
    x0, y0 = W / 2 - bw / 2, 0.11 * H
    board = spec.sign_style == "board"
    fill, ink_c = ((40, 72, 56), (242, 242, 232)) if board else ((250, 240, 212), (60, 40, 25))
    frame_c = (120, 80, 40)
    if THEMES[spec.theme]["setting"] == "outdoor":
        for fx in (0.2, 0.8):
            x = x0 + fx * bw
            cv.rect((x - 0.01 * W, y0 + bh, x + 0.01 * W, HORIZON * H + 0.04 * H),
                    fill=(110, 85, 60), outline=None, ink=False)
    else:
        hook = (W / 2, 0.045 * H)
        cv.line([(x0 + 0.1 * bw, y0), hook, (x0 + 0.9 * bw, y0)], color=(90, 70, 50),
                width=1.0, ink=False)
    cv.rect((x0, y0, x0 + bw, y0 + bh), fill=fill, outline=frame_c, width=2.4, ink=False)
    cv.text((W / 2, y0 + bh / 2), spec.sign, px=px, color=ink_c, kind="bold")


def _shadow(cv: Canvas, o: SceneObject, floor: RGB) -> None:
    x0, y0, x1, y1 = object_box(o)
    W, H = cv.width, cv.height
    w, h = (x1 - x0) * W, (y1 - y0) * H
    cx, cy = (x0 + x1) / 2 * W + 0.12 * w + 0.04 * h, y1 * H - 0.01 * h
    cv.ellipse((cx, cy), 0.5 * w + 0.06 * h, 0.05 * h + 0.05 * w, fill=shade(floor, 0.72),
               outline=None, ink=False)


def draw_scene(spec: ObjectSceneSpec, cv: Canvas) -> None:
    floor = _background(spec, cv)
    if spec.sign:
        _sign(spec, cv)
    W, H = cv.width, cv.height
    cv.text((0.025 * W, 0.045 * H), f"Scene {spec.frame}", px=font_px(W, 0.8),
            color=(70, 70, 75), anchor="lm")
    for o in sorted(spec.objects, key=lambda o: (-o.depth, o.x)):
        _shadow(cv, o, floor)
        x0, y0, x1, y1 = object_box(o)
        PAINTERS[o.kind](Box(cv, x0 * W, y0 * H, (x1 - x0) * W, (y1 - y0) * H),
                         COLOR_RGB[o.color], floor)


__all__ = ["COLOR_RGB", "PAINTERS", "draw_scene", "shade"]
