"""Function-plot x markers and trig tick labels a reader cannot misread, at 224 and 336 px.

An x marker ("a = -1": a dot on the x-axis, a dashed line up to the curve) has its label
beside its own dot: the label's centre on the dot's side of x = 0 and nearer the dot than any
other marked dot, or a leader line joining them. The dot at x = -1 of a MAVIS-Instruct
f(x) = log2(x + 2) problem had its label between "O" and "2", so the axis read "O a = -1 2"
and the marker looked right of the origin. Over the MAVIS function problems that mark an x
and over sampled plots with markers added, every marker label passes.

A trig window symmetric about 0 labels its ticks symmetrically: x from -π to π showed "π" at
the right end and no "-π" at the left, whose label had no room past the grid's left edge.

    python -m pytest -q tests/renderers/test_function_markers.py
"""
from __future__ import annotations

import math
import re
import sys

import numpy as np
import pytest

import renderers.function  # noqa: F401  (registers the family and its module)
from engines.mavis.function.problem import TARGETS, make_problem
from renderers import get_family
from renderers.canvas import Canvas
from renderers.function.curve import Curve
from renderers.function.spec import FunctionSpec, XMarker, analyze, mark_points, value
from tests.renderers.test_function_labels import dot_label_faults
from tests.tiers import tiers

SIZES = (224, 336)
DRAW = sys.modules["renderers.function.draw"]
PI_LABEL = re.compile(r"^-?\d*π(/\d+)?$")


def _render(spec: FunctionSpec, size: int, monkeypatch):
    """The picture's labels, the labels drawn with a leader to their dot, its viewport and
    the marked dots (math points) it drew."""
    calls = []
    real = DRAW.draw_axes

    def record(*args, **kwargs):
        vp = real(*args, **kwargs)
        calls.append((kwargs, vp))
        return vp

    fam = get_family("function")
    canvas = Canvas(size, height=int(round(size * fam.aspect(spec))))
    monkeypatch.setattr(DRAW, "draw_axes", record)
    records = DRAW.draw(spec, canvas)
    monkeypatch.undo()
    (kwargs, vp), = calls
    led = {r.text for r in records if r.leader is not None}
    return canvas.layout.labels, led, vp, list(kwargs.get("keep_clear", ()))


def marker_faults(spec: FunctionSpec, size: int, monkeypatch) -> list[str]:
    """Each x marker label whose centre is across x = 0 from its dot, or no nearer its own
    dots (the one on the x-axis and the one on the curve) than any other marked dot and not
    joined to its dot by a leader (a crowded small picture may leave no place nearer)."""
    labels, led, vp, marked = _render(spec, size, monkeypatch)
    dots = [vp(x, y) for x, y in marked]
    axis_x = vp(0, 0)[0]
    y0 = min(max(0.0, spec.ymin), spec.ymax)
    out = []
    for m in spec.markers:
        if not spec.xmin <= m.x <= spec.xmax:
            continue
        boxes = [lb.box for lb in labels if lb.text == m.label()]
        if len(boxes) != 1:
            out.append(f"{size}px {m.label()}: {len(boxes)} labels")
            continue
        x0, y0b, x1, y1 = boxes[0]
        c = ((x0 + x1) / 2, (y0b + y1) / 2)
        fy = value(spec.curves[0], m.x)
        own = [vp(m.x, y0)]
        if np.isfinite(fy) and spec.ymin <= fy <= spec.ymax:
            own.append(vp(m.x, fy))
        others = [q for q in dots if min(math.dist(q, o) for o in own) > 0.5]
        if m.x != 0 and (c[0] - axis_x) * (own[0][0] - axis_x) <= 0:
            out.append(f"{size}px {m.label()}: centre across x = 0 from its dot")
        mine = min(math.dist(c, o) for o in own)
        other = min((math.dist(c, q) for q in others), default=math.inf)
        if other <= mine and m.label() not in led:
            out.append(f"{size}px {m.label()}: centre {other:.1f} px from another dot, "
                       f"{mine:.1f} px from its own")
    return out


def problem_specs(n: int):
    """The vision-dominant pictures (every marker drawn) of MAVIS function problems."""
    for i in range(n):
        pr = make_problem(np.random.default_rng(i), TARGETS[i % len(TARGETS)])
        if pr.vision_spec.markers:
            yield f"problem {i} {TARGETS[i % len(TARGETS)]}", pr.vision_spec


def marked_specs(n: int, seed0: int = 500):
    """Sampled plots with one or two markers at whole x, two apart and a unit off any marked
    point (a marker label cannot be nearer its own dot than a dot a pixel or two away)."""
    fam = get_family("function")
    for i in range(n):
        rng = np.random.default_rng(seed0 + i)
        spec = fam.sample_spec(rng, n_functions=1 + i % 2)
        taken = [x for cv in spec.curves if cv.marks
                 for _, x, _ in mark_points(cv, analyze(cv, spec.xmin, spec.xmax), spec)]
        xs = []
        for x in rng.permutation(np.arange(math.ceil(spec.xmin), math.floor(spec.xmax) + 1)):
            if all(abs(x - t) >= 1 for t in taken) and all(abs(x - t) >= 2 for t in xs):
                xs.append(float(x))
            if len(xs) == 1 + i % 2:
                break
        spec.markers = [XMarker(name, x) for name, x in zip("ab", sorted(xs))]
        if spec.markers:
            yield f"sampled {seed0 + i}", spec


def log2_spec(xmin, xmax, ymin, ymax, show, a=1.0) -> FunctionSpec:
    return FunctionSpec(curves=[Curve("logarithm", a=a, b=2.0, c=-2.0, name="f",
                                      color="blue")],
                        xmin=xmin, xmax=xmax, ymin=ymin, ymax=ymax, show_expression=show,
                        markers=[XMarker("a", -1.0)])


@pytest.mark.parametrize("window", [(-3, 7, -3, 3), (-3, 8, -3, 3), (-4, 5, -3, 4),
                                    (-4, 7, -3, 4), (-5, 6, -3, 4)])
@pytest.mark.parametrize("a", [1.0, 2.0])
def test_the_log2_marker_stands_left_of_the_origin(window, a, monkeypatch):
    # f(x) = log2(x + 2) with a = -1 marked: its label stood between "O" and "2"
    faults = []
    for show in ("none", "title", "legend"):
        spec = log2_spec(*window, show, a)
        for size in SIZES:
            faults += marker_faults(spec, size, monkeypatch)
            faults += dot_label_faults(spec, size)
    assert faults == []


@pytest.mark.slow
@pytest.mark.parametrize("n", tiers(180, 360))
def test_marker_labels_stand_beside_their_own_dots(monkeypatch, n):
    faults, seen = [], 0
    for name, spec in [*problem_specs(n), *marked_specs(n * 7 // 18)]:
        seen += 1
        for size in SIZES:
            faults += [f"{name} {f}" for f in marker_faults(spec, size, monkeypatch)]
            faults += [f"{name} {f}" for f in dot_label_faults(spec, size)]
    assert seen > n // 2  # the problems that mark an x, and the marked plots
    assert faults == [], f"{len(faults)} marker labels astray:\n" + "\n".join(faults[:20])


def test_the_check_sees_a_label_across_the_y_axis(monkeypatch):
    # the check itself: the marker's label set beside the mirror image of its dot, right of
    # the origin, is a fault
    spec = log2_spec(-3, 7, -3, 3, "none")
    real = DRAW.place_dot_label

    def across(canvas, at, others, text, px, **kw):
        if text == "a = -1":
            return real(canvas, (2 * kw["side"] - at[0], at[1]), others, text, px)
        return real(canvas, at, others, text, px, **kw)

    with monkeypatch.context() as mp:
        mp.setattr(DRAW, "place_dot_label", across)
        faults = marker_faults(spec, 336, monkeypatch)
    assert any("across x = 0" in f for f in faults)
    assert marker_faults(spec, 336, monkeypatch) == []


def pi_labels(spec: FunctionSpec, size: int) -> set[str]:
    _, layout = get_family("function").render_with_layout(spec, size)
    return {lb.text for lb in layout.labels if PI_LABEL.match(lb.text)}


def trig_specs(n: int):
    fam = get_family("function")
    for i in range(n):
        kind = ("sine", "cosine", "tangent")[i % 3]
        spec = fam.sample_spec(np.random.default_rng(i), kind=kind, n_functions=1 + i % 2)
        if spec.pi_ticks and abs(spec.xmin + spec.xmax) < 1e-9:
            yield i, spec


def test_symmetric_trig_windows_label_both_ends_alike():
    faults, seen, ends = [], 0, 0
    for i, spec in trig_specs(150):
        for size in SIZES:
            seen += 1
            got = pi_labels(spec, size)
            pos = {t for t in got if not t.startswith("-")}
            neg = {t[1:] for t in got if t.startswith("-")}
            if pos != neg:
                faults.append(f"seed {i} {size}px x to {spec.xmax / math.pi:g}π: "
                              f"{sorted(pos - neg)} without their negatives, "
                              f"{sorted(neg - pos)} without their positives")
            end = "π" if abs(spec.xmax - math.pi) < 1e-9 else f"{spec.xmax / math.pi:g}π"
            ends += end in got and "-" + end in got
    assert seen > 150
    assert faults == [], f"{len(faults)} asymmetric axes:\n" + "\n".join(faults[:20])
    assert ends > 0.8 * seen  # both ends labelled wherever there is room


def tick_gap_faults(spec: FunctionSpec, size: int, monkeypatch) -> list[str]:
    """Each x marker label standing in a row with a tick label (the axes', "O" or a pi
    label) less than a character's width ("0") from it: "a = -3" close beside "-4" reads
    "-4 a = -3", a label in the row of tick labels as one more of them."""
    labels, _, vp, _ = _render(spec, size, monkeypatch)
    ticks = [lb.box for lb in labels if PI_LABEL.match(lb.text)]
    ticks += [lab.box for lab in vp.painted if lab.role in ("x", "y", "origin")]
    cw = Canvas(size).text_size("0", DRAW.font_px(size, 0.8))[0]
    out = []
    for m in spec.markers:
        for x0, y0, x1, y1 in [lb.box for lb in labels if lb.text == m.label()]:
            for t in ticks:
                gap = max(t[0] - x1, x0 - t[2])
                if t[1] < y1 and y0 < t[3] and gap < cw:
                    out.append(f"{size}px {m.label()!r}: {gap:.1f} px beside a tick label")
    return out


def test_marker_labels_keep_a_character_from_tick_labels(monkeypatch):
    """Over MAVIS function problems that mark an x and sampled plots with markers added (169
    plots), no marker label stands in a row with a tick label less than a character's width
    from it; 7 did at 224 px and 24 at 336 px ("4 a = 5 6", "π/2 a = 5π/6 π", "O q = 0":
    the pi labels drawn after the markers', and no gap kept)."""
    faults, seen = [], 0
    for name, spec in [*problem_specs(240), *marked_specs(90)]:
        seen += 1
        for size in SIZES:
            faults += [f"{name} {f}" for f in tick_gap_faults(spec, size, monkeypatch)]
    assert seen > 150
    assert faults == [], f"{len(faults)} marker labels beside tick labels:\n" + \
        "\n".join(faults[:20])
