"""Drawing of the "scientific" family: the title band, then the kind's drawing in the rest of the
canvas. setups.py draws circuits, forces, inclines, vectors, springs and pendulums; plots.py
lens ray diagrams, wave and motion graphs and graduated vessels; primitives.py the shared
helpers. Every function draws inside a pixel frame, strokes first and labels last, so that
``canvas.label`` sees all the ink it must avoid.

    python -c "import numpy as np, renderers; f = renderers.get_family('scientific'); \
f.render(f.sample_spec(np.random.default_rng(3), kind='circuit'), 336).save('/tmp/c.png')"
"""
from __future__ import annotations

from renderers.canvas import Canvas
from renderers.scientific.draw.plots import draw_cylinder, draw_lens, draw_motion, draw_wave
from renderers.scientific.draw.setups import (draw_circuit, draw_forces, draw_incline,
                                              draw_pendulum, draw_spring, draw_vectors)
from renderers.scientific.spec import ScienceSpec
from renderers.text import font_px


DRAW = {"circuit": ("circuit", draw_circuit), "forces": ("body", draw_forces),
        "incline": ("incline", draw_incline), "vectors": ("vectors", draw_vectors),
        "spring": ("spring", draw_spring), "pendulum": ("pendulum", draw_pendulum),
        "lens": ("lens", draw_lens), "wave": ("wave", draw_wave),
        "motion": ("motion", draw_motion), "cylinder": ("cylinder", draw_cylinder)}


def draw_science(spec: ScienceSpec, c: Canvas):
    """Title band (if any), then the kind's drawing inside the rest of the canvas; returns what
    the drawing returns (an incline's slope dimension, for tests; else None)."""
    fr = (0.0, 0.0, float(c.width), float(c.height))
    if spec.title:
        tp = font_px(c.width, 1.0)
        c.text((c.width / 2, 0.045 * c.height + tp / 2), spec.title, px=tp, kind="bold")
        fr = (0.0, 0.1 * c.height + tp * 0.4, float(c.width), float(c.height))
    attr, fn = DRAW[spec.kind]
    return fn(getattr(spec, attr), c, fr)
