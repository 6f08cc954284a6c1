"""What a sketch draws, recorded while it draws: each segment's drawn ends and each segment
length's text and box centre, in pixels (tests/renderers/test_sketch_length_labels.py,
test_sketch_shape_sides.py)."""
from __future__ import annotations

from renderers import get_family
from renderers.canvas import Canvas
from renderers.sketch.spec import SketchSpec


def drawn(spec: SketchSpec, size: int, monkeypatch) -> tuple[list, list]:
    """Each segment's drawn ends, in the order of the segments, and (text, box centre) of each
    segment length, in the order of the labelled segments (the lengths are the last labels
    placed)."""
    lines, labels = [], []
    real_line, real_label = Canvas.line, Canvas.label

    def line(cv, pts, *args, **kwargs):
        if kwargs.get("width") == 2.2:  # a segment (arcs and right-angle marks are thinner)
            lines.append((tuple(pts[0]), tuple(pts[-1])))
        return real_line(cv, pts, *args, **kwargs)

    def label(cv, anchor, text, *args, **kwargs):
        box = real_label(cv, anchor, text, *args, **kwargs)
        labels.append((text, ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)))
        return box

    monkeypatch.setattr(Canvas, "line", line)
    monkeypatch.setattr(Canvas, "label", label)
    get_family("sketch").render(spec, size)
    monkeypatch.undo()
    n = sum(1 for s in spec.segments if s.label)
    return lines, labels[len(labels) - n:]
