"""The sketch family: facts measure lengths and angles from the coordinates, labels are
written, unknown point names fail with one line."""
import pytest

import renderers
from renderers.sketch.spec import SkAngle, SketchSpec, SkPoint, SkSegment


def test_facts_measure_the_figure():
    spec = SketchSpec(points=[SkPoint("A", 0, 0), SkPoint("B", 3, 0), SkPoint("C", 0, 4)],
                      segments=[SkSegment("B", "C", "5")],
                      angles=[SkAngle("B", "A", "C", right=True)])
    f = renderers.facts(spec)
    assert f["lengths"] == {"BC": 5.0} and f["angles"] == {"BAC": 90.0}
    _, layout = renderers.get_family("sketch").render_with_layout(spec, 336)
    assert {"A", "B", "C", "5"} <= {lb.text for lb in layout.labels}


def test_unknown_point():
    with pytest.raises(ValueError, match="unknown point"):
        renderers.facts(SketchSpec(points=[SkPoint("A", 0, 0)], segments=[SkSegment("A", "Z")]))
