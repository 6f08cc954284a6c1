"""The label mask's numpy view, which ``is_free`` reads, stays equal to the label mask Pillow
draws: ``claim`` sets the view's pixels itself, by Pillow's rule for a rectangle's corners."""
import numpy as np

from renderers.canvas import Canvas


def test_claimed_boxes_set_the_pixels_pillow_fills():
    rng = np.random.default_rng(0)
    c = Canvas(224, height=160)
    c.is_free((10, 10, 20, 20))  # builds the numpy copies
    for i in range(3000):
        x0, y0 = rng.uniform(-4, 230), rng.uniform(-4, 166)
        if i % 5 == 0:  # whole and half pixels, where rounding and truncating part
            x0, y0 = round(x0) + 0.5 * (i % 2), float(round(y0))
        box = (x0, y0, x0 + rng.uniform(0, 30) * (i % 7 != 0), y0 + rng.uniform(0, 12))
        c.claim(box, "t")
        if i % 100 == 0:
            np.testing.assert_array_equal(c.label_mask(), np.array(c.lab))
    np.testing.assert_array_equal(c.label_mask(), np.array(c.lab))
    assert 0.3 < np.array(c.lab).mean() < 1.0
