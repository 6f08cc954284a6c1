"""An incline's angle value stands inside the wedge at its foot with room to spare: over many
sampled ramps at 224 and 336 px, every pixel within 3 px of the value's glyph box (beyond the
glyphs' own anti-aliased rim) is the ramp's fill, so no stroke (ground, slope, arc, the weight's
arrow) comes near the number, and the value's box lies between the ground and the slope."""
import dataclasses

import numpy as np

import renderers
from renderers.canvas import Canvas
from renderers.scientific.draw import draw_science

FAM = renderers.get_family("scientific")
FILL = np.array([228, 228, 228])
ANGLES = (15, 20, 25, 30, 35, 37, 40, 45, 50, 53, 60)


def _angle_box(spec, size):
    """The picture and the pixel box of its angle value's glyphs."""
    boxes = []
    real = Canvas.text

    def spy(self, xy, text, *args, **kw):
        box = real(self, xy, text, *args, **kw)
        if text.endswith("°"):
            boxes.append(box)
        return box

    Canvas.text = spy
    try:
        c = Canvas(size, height=int(round(size * FAM.aspect(spec))), ss=4)
        draw_science(spec, c)
    finally:
        Canvas.text = real
    assert len(boxes) == 1, boxes
    return np.asarray(c.finish()).astype(int), boxes[0]


def test_incline_angle_value_has_room_in_its_wedge():
    checked = 0
    for i in range(132):
        spec = FAM.sample_spec(np.random.default_rng(900 + i), kind="incline")
        inc = dataclasses.replace(spec.incline, angle_deg=float(ANGLES[i % len(ANGLES)]))
        spec = dataclasses.replace(spec, incline=inc)
        if i % 4 == 3:
            spec = dataclasses.replace(spec, title="Forces and motion")
        size = (224, 336)[(i // len(ANGLES)) % 2]
        img, (x0, y0, x1, y1) = _angle_box(spec, size)
        where = f"{spec.incline} at {size}"
        yy, xx = np.mgrid[:img.shape[0], :img.shape[1]]
        cx, cy = xx + 0.5, yy + 0.5
        dx = np.maximum(np.maximum(x0 - cx, cx - x1), 0)
        dy = np.maximum(np.maximum(y0 - cy, cy - y1), 0)
        d = np.hypot(dx, dy)
        ring = (d > 1.0) & (d <= 3.0)
        off = np.abs(img[ring] - FILL).sum(axis=-1) > 24
        assert not off.any(), f"{off.sum()} stroke pixels within 3 px of the angle, {where}"
        # inside the wedge: the fill lies all round the value
        assert ring.sum() > 0 and (np.abs(img[ring] - FILL).sum(axis=-1) <= 24).all(), where
        checked += 1
    assert checked == 132
