"""Function-plot renderer: facts of hand-built specs against hand-computed values, knob
validation, what the picture writes (title / labels / marks), clipping and curve sampling."""
import math

import numpy as np
import pytest

import renderers
from renderers.function.curve import Curve, Piece
from renderers.function.draw import branch_samples, clip_runs
from renderers.function.spec import KINDS, FunctionSpec, NamedPoint, XMarker, spec_facts
from renderers.function.text import expression, expression_lines, pi_text

PI = math.pi


def fam():
    return renderers.get_family("function")


def one(cv: Curve, xmin=-5.0, xmax=5.0, ymin=-5.0, ymax=5.0, **kw) -> FunctionSpec:
    return FunctionSpec(curves=[cv], xmin=xmin, xmax=xmax, ymin=ymin, ymax=ymax, **kw)


def test_cubic_facts():
    f = spec_facts(one(Curve("polynomial", coeffs=[0.0, -3.0, 0.0, 1.0]), -3, 3))["functions"][0]
    assert f["expression"] == "f(x) = x^3 - 3x"
    assert f["zeros"] == [-1.73, 0.0, 1.73]
    assert f["extrema"] == [{"type": "max", "x": -1.0, "y": 2.0},
                            {"type": "min", "x": 1.0, "y": -2.0}]
    assert [(m["from"], m["to"], m["trend"]) for m in f["monotonic"]] == [
        (-3.0, -1.0, "increasing"), (-1.0, 1.0, "decreasing"), (1.0, 3.0, "increasing")]
    assert f["y_intercept"] == 0.0 and f["degree"] == 3 and f["asymptotes"] == []


def test_sine_facts():
    cv = Curve("sine", a=2.0, b=1.0, c=0.0, d=1.0, name="")
    f = spec_facts(one(cv, -2 * PI, 2 * PI, -2, 4, pi_ticks=True))["functions"][0]
    assert f["expression"] == "y = 2sin(x) + 1"
    # 2 sin x + 1 = 0  <=>  sin x = -1/2: x = -5π/6, -π/6, 7π/6, 11π/6
    assert f["zeros"] == [-2.62, -0.52, 3.67, 5.76]
    assert f["period"] == 6.28 and f["period_text"] == "2π"
    assert f["amplitude"] == 2.0 and f["range"] == [-1.0, 3.0]
    assert {"type": "max", "x": 1.57, "y": 3.0} in f["extrema"]


def test_tangent_asymptotes_and_domain():
    f = spec_facts(one(Curve("tangent", a=1.0, b=1.0), -PI, PI, pi_ticks=True))["functions"][0]
    assert f["asymptotes"] == [{"type": "vertical", "x": -1.57}, {"type": "vertical", "x": 1.57}]
    assert f["asymptote_rule"] == "x = π/2 + kπ" and f["natural_domain"] == "x ≠ π/2 + kπ"
    assert f["period_text"] == "π" and f["zeros"] == [-3.14, 0.0, 3.14]
    assert all(m["trend"] == "increasing" for m in f["monotonic"])
    half = spec_facts(one(Curve("tangent", b=0.5), -2 * PI, 2 * PI, pi_ticks=True))
    assert half["functions"][0]["asymptote_rule"] == "x = π + 2kπ"


def test_exponential_and_logarithm_facts():
    e = spec_facts(one(Curve("exponential", a=1.0, b=2.0, d=-4.0, name="")))["functions"][0]
    assert e["expression"] == "y = 2^x - 4"
    assert e["zeros"] == [2.0] and e["y_intercept"] == -3.0
    assert e["asymptotes"] == [{"type": "horizontal", "y": -4.0}]
    lg = spec_facts(one(Curve("logarithm", a=1.0, b=math.e, c=1.0), 0, 8))["functions"][0]
    assert lg["expression"] == "f(x) = ln(x - 1)"
    assert lg["zeros"] == [2.0] and lg["y_intercept"] is None
    assert lg["asymptotes"] == [{"type": "vertical", "x": 1.0}]
    assert lg["natural_domain"] == "x > 1" and lg["domain_shown"] == [1.0, 8.0]


def test_absolute_and_piecewise_facts():
    ab = spec_facts(one(Curve("absolute", a=-2.0, c=1.0, d=4.0)))["functions"][0]
    assert ab["expression"] == "f(x) = -2|x - 1| + 4"
    assert ab["zeros"] == [-1.0, 3.0] and ab["extrema"] == [{"type": "max", "x": 1.0, "y": 4.0}]
    pw = Curve("piecewise", pieces=[Piece(None, 0.0, [2.0, 1.0]), Piece(0.0, None, [2.0, 0, -1.0])])
    f = spec_facts(one(pw, -4, 3))["functions"][0]
    assert f["expression"] == "f(x) = x + 2 for x < 0; -x^2 + 2 for x >= 0"
    assert f["zeros"] == [-2.0, 1.41]
    assert f["extrema"] == [{"type": "max", "x": 0.0, "y": 2.0}]
    assert expression_lines(pw) == ["f(x) = x + 2,  x < 0", "f(x) = -x² + 2,  x ≥ 0"]


def test_two_curves_markers_shade_points():
    f = Curve("polynomial", coeffs=[0.0, 0.0, 1.0])
    g = Curve("polynomial", coeffs=[2.0, 1.0], name="g", color="red")
    spec = FunctionSpec(curves=[f, g], xmin=-3, xmax=3, ymin=-1, ymax=9,
                        markers=[XMarker("a", 2.0)], shade=[0.0, 2.0],
                        points=[NamedPoint("P", 1.0, 1.0)])
    facts = spec_facts(spec)
    assert facts["intersections"] == [{"x": -1.0, "y": 1.0}, {"x": 2.0, "y": 4.0}]
    assert facts["markers"] == [{"name": "a", "label": "a = 2", "x": 2.0, "y": 4.0,
                                 "slope": 4.0}]
    assert facts["shade"] == {"from": 0.0, "to": 2.0, "integral": 2.67}  # 8/3
    assert facts["points"] == [{"name": "P", "x": 1.0, "y": 1.0}]
    back = renderers.spec_from_json(spec.to_json())
    assert back == spec and back.to_json() == spec.to_json()


@pytest.mark.parametrize("lo, hi, f, g, meet", [
    # 2tan(x) = 2sin(x) where sin(x)(1 - cos(x)) = 0: x = kπ (sixth caption look, cap-00000017)
    (-2 * PI, 2 * PI, Curve("tangent", a=2.0), Curve("sine", a=2.0, name="g", color="blue"),
     [-2 * PI, -PI, 0.0, PI, 2 * PI]),
    # sin(x) = -sin(x) where sin(x) = 0; the window opens and closes on a meeting
    (0.0, 2 * PI, Curve("sine"), Curve("sine", a=-1.0, name="g", color="red"), [0.0, PI, 2 * PI]),
    # x^2 = x + 2 at x = -1 and x = 2, both ends of the window
    (-1.0, 2.0, Curve("polynomial", coeffs=[0.0, 0.0, 1.0]),
     Curve("polynomial", coeffs=[2.0, 1.0], name="g", color="red"), [-1.0, 2.0]),
])
def test_crossings_on_the_window_edges_are_listed(lo, hi, f, g, meet):
    spec = FunctionSpec(curves=[f, g], xmin=lo, xmax=hi, ymin=-5, ymax=5, pi_ticks=lo != -1.0)
    got = [p["x"] for p in spec_facts(spec)["intersections"]]
    assert got == [round(x, 2) + 0.0 for x in meet]


def test_pi_text():
    assert [pi_text(k) for k in (0.5, 1, 1.5, 2, -0.25, -1, 0)] == \
        ["π/2", "π", "3π/2", "2π", "-π/4", "-π", "0"]


def test_knobs_and_validation():
    rng = np.random.default_rng(0)
    for kind in KINDS:
        s = fam().sample_spec(rng, kind=kind)
        assert s.curves[0].kind == kind
        assert s.xmin < s.xmax and s.ymin < 0 < s.ymax
    assert len(fam().sample_spec(rng, n_functions=2).curves) == 2
    assert fam().sample_spec(rng, show_expression="legend").show_expression == "legend"
    with pytest.raises(ValueError, match="valid: polynomial, sine"):
        fam().sample_spec(rng, kind="hyperbola")
    with pytest.raises(ValueError, match="valid: 1, 2"):
        fam().sample_spec(rng, n_functions=3)
    with pytest.raises(ValueError, match="valid: title, label, legend, none"):
        fam().sample_spec(rng, show_expression="caption")


def _texts(spec, size=336):
    return [lb.text for lb in fam().render_with_layout(spec, size)[1].labels]


@pytest.mark.parametrize("show", ["title", "label", "legend"])
def test_expression_is_written_where_asked(show):
    cv = Curve("polynomial", coeffs=[0.0, -3.0, 0.0, 1.0], name="")
    assert "y = x³ - 3x" in _texts(one(cv, -3, 3, show_expression=show))
    assert "y = x³ - 3x" not in _texts(one(cv, -3, 3, show_expression="none"))


def test_marks_markers_and_points_are_labelled():
    cv = Curve("polynomial", coeffs=[0.0, -3.0, 0.0, 1.0], marks=["extrema"])
    spec = one(cv, -3, 3, markers=[XMarker("a", 2.0), XMarker("p", PI / 6, value_text="π/6")],
               points=[NamedPoint("Q", -2.0, -2.0)], show_expression="none")
    texts = _texts(spec, 224)
    assert {"(-1, 2)", "(1, -2)", "a = 2", "p = π/6", "Q(-2, -2)"} <= set(texts)
    assert spec_facts(spec)["functions"][0]["marked_points"] == [
        {"what": "extrema", "x": -1.0, "y": 2.0}, {"what": "extrema", "x": 1.0, "y": -2.0}]


def test_pi_ticks_are_labelled_in_pi():
    spec = one(Curve("sine"), -2 * PI, 2 * PI, -2, 2, pi_ticks=True, show_expression="none")
    texts = _texts(spec)
    assert "π" in texts and "-π" in texts and "3.14" not in texts


def test_clip_runs_cut_onto_the_border():
    xs = np.linspace(-2, 2, 5)
    runs = clip_runs(xs, xs ** 3, -1.0, 1.0)  # y = -8, -1, 0, 1, 8
    assert len(runs) == 1
    X, Y = runs[0]
    assert Y.min() == -1.0 and Y.max() == 1.0 and np.all(np.abs(Y) <= 1.0)
    # a gap inside (NaN) splits the polyline
    assert len(clip_runs(np.arange(5.0), np.array([0, 0, np.nan, 0, 0.0]), -1, 1)) == 2


def test_tangent_branches_reach_the_window_edges():
    branches = branch_samples(Curve("tangent"), -PI, PI, 40)
    assert len(branches) == 3  # split at -π/2 and π/2
    for xs, ys in branches:
        assert np.all(np.isfinite(ys))
    mid = branches[1][1]
    assert mid.min() < -100 and mid.max() > 100  # sampled right up to the asymptotes


def test_rendering_is_deterministic_and_sized():
    spec = fam().sample_spec(np.random.default_rng(3), n_functions=2)
    a = np.asarray(fam().render(spec, 224))
    b = np.asarray(fam().render(renderers.spec_from_json(spec.to_json()), 224))
    assert a.shape == (224, 224, 3) and np.array_equal(a, b)


def test_expression_text():
    assert expression(Curve("exponential", a=2.0, b=0.5, d=1.0)) == "f(x) = 2·(1/2)^x + 1"
    assert expression(Curve("cosine", a=-1.0, b=0.5, c=0.25, d=-2.0)) == \
        "f(x) = -cos(x/2 + π/4) - 2"
    assert expression(Curve("logarithm", a=2.0, b=2.0, c=-3.0)) == "f(x) = 2log_2(x + 3)"


def test_no_sampled_piece_is_zero_all_along():
    """A piece that is 0 over an interval has an interval of zeros, which no caption's zero
    list, perception count or "only zero" sentence states truly."""
    from renderers.function.sample import sample_piecewise

    pieces = [p for i in range(3000) for p in sample_piecewise(np.random.default_rng(i))]
    assert not [p for p in pieces if not any(p.coeffs)]
    assert any(len(p.coeffs) == 1 for p in pieces)  # nonzero constant pieces remain
