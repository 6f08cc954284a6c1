"""``Canvas.finish`` downsamples only the extent its primitives drew: the picture must be the
one a downsampling of the whole supersampled canvas gives, byte for byte."""
from __future__ import annotations

import numpy as np
import pytest

import renderers
from renderers import canvas as cv


def _whole(c: cv.Canvas):
    return c._img.reduce(c.ss) if c.ss > 1 else c._img


@pytest.fixture
def finishes(monkeypatch):
    """Every finished canvas's picture next to the whole canvas's downsampling."""
    seen = []
    finish = cv.Canvas.finish

    def both(self):
        out = finish(self)
        seen.append((out.tobytes(), _whole(self).tobytes(), self._whole))
        return out
    monkeypatch.setattr(cv.Canvas, "finish", both)
    return seen


@pytest.mark.parametrize("name", renderers.family_names())
def test_every_family_same_pixels(name, finishes):
    fam = renderers.get_family(name)
    rng = np.random.default_rng(11)
    for _ in range(3):
        spec = fam.sample_spec(rng)
        for size in (224, 336):
            renderers.render(spec, size)
    assert finishes and all(a == b for a, b, _ in finishes)


def test_primitives_at_the_edges():
    c = cv.Canvas(224, background=(250, 240, 230))
    c.line([(-5, 3), (40, 1)], width=3)
    c.line([(200, 200), (223.9, 223.9), (100, 224)], width=2.5, dash=(3, 2), color="red")
    c.polygon([(0, 100), (10, 90), (3, 120)], fill="blue", outline=None)
    c.ellipse((223, 0), 6, 4, fill="green", width=3)
    c.text((222, 112), "edge", px=14, halo=True, anchor="rm")
    assert not c._whole
    assert c.finish().tobytes() == _whole(c).tobytes()


def test_empty_canvas_is_background():
    c = cv.Canvas(100, 60, background="white")
    assert c.finish().tobytes() == _whole(c).tobytes() == b"\xff" * 100 * 60 * 3


def test_drawing_on_the_picture_itself_downsamples_all():
    c = cv.Canvas(120)
    c.dot((60, 60))
    c.d.rectangle([0, 0, 10, 10], fill="black")  # outside the primitives' extent
    assert c._whole
    assert c.finish().tobytes() == _whole(c).tobytes()
    assert c.finish().getpixel((1, 1)) == (0, 0, 0)
    c2 = cv.Canvas(120)
    c2.img.paste((0, 0, 0), (0, 0, 8, 8))
    assert c2._whole and c2.finish().getpixel((1, 1)) == (0, 0, 0)
