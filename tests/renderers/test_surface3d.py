"""The surface3d family: f and its facts (values, argmax, peak count) on specs computed by
hand, same spec same bytes, and labels inside the image at 224/336/1024 px."""
import io
import itertools

import numpy as np

import renderers
from renderers.canvas import boxes_overlap
from renderers.surface3d.spec import Peak, SurfacePoint, SurfaceSpec, count_peaks


def test_values_and_facts_by_hand():
    s = SurfaceSpec(quad=[1.0, -1.0], plane=[0.0, 2.0], const=1.0,
                    points=[SurfacePoint("P", 1.0, 2.0), SurfacePoint("Q", -2.0, 0.0, True)])
    f = renderers.facts(s)
    assert f["values"] == {"P": 1 - 4 + 4 + 1, "Q": 4 + 1}  # x² - y² + 2y + 1
    assert f["highest"] == "Q" and f["lowest"] == "P"
    hill = SurfaceSpec(peaks=[Peak(1.0, -2.0, 5.0, 0.8), Peak(-2.0, 1.0, 3.0, 0.8)])
    f = renderers.facts(hill)
    assert f["argmax"] == [1.0, -2.0] and f["peaks"] == 2 and abs(f["max"] - 5.0) < 1e-3


def test_count_peaks_ignores_the_border_and_plateaus():
    z = np.zeros((5, 5))
    z[2, 2] = 1.0
    z[0, 0] = 9.0  # on the border: not a peak inside
    assert count_peaks(z) == 1
    assert count_peaks(np.ones((5, 5))) == 0


def test_render_deterministic_and_labels_inside():
    fam = renderers.get_family("surface3d")
    spec = fam.sample_spec(np.random.default_rng(4))
    for size in (224, 336, 1024):
        img, layout = fam.render_with_layout(spec, size)
        assert img.size == (size, size)
        for lb in layout.labels:
            x0, y0, x1, y1 = lb.box
            assert 0 <= x0 < x1 <= size and 0 <= y0 < y1 <= size
        for a, b in itertools.combinations(layout.labels, 2):
            assert not boxes_overlap(a.box, b.box), (size, a, b)
        texts = {lb.text for lb in layout.labels}
        assert {"x", "y", "z", "P", "Q"} <= texts
    a, b = io.BytesIO(), io.BytesIO()
    fam.render(spec, 336).save(a, format="PNG")
    fam.render(renderers.spec_from_json(spec.to_json()), 336).save(b, format="PNG")
    assert a.getvalue() == b.getvalue()
