"""Plane-geometry renderer: facts of hand-built figures, knob validation, rejection of
impossible attachments, labels actually drawn."""
import math

import numpy as np
import pytest

import renderers
from renderers.plane_geometry.spec import (Attachment, PlaneGeometrySpec, build_model,
                                           composite_values, geometry_facts)

FAM = renderers.get_family("plane_geometry")


def _tri_square_semi(**kw) -> PlaneGeometrySpec:
    """Right triangle legs 6, 8; square on the hypotenuse CA; semicircle on the far side."""
    return PlaneGeometrySpec(
        base="right_triangle", params={"leg1": 6, "leg2": 8}, names=["A", "B", "C"],
        attachments=[Attachment("square", side="CA", names=["D", "E"]),
                     Attachment("semicircle_out", side="ED")],
        shown_sides=["AB", "BC"], shown_angles=["BAC"], right_marks=["ABC"], **kw)


def test_facts_of_chained_figure():
    f = geometry_facts(_tri_square_semi())
    tri, sq, semi = f["shapes"]
    assert tri["sides"] == {"AB": 6.0, "BC": 8.0, "CA": 10.0}
    assert tri["angles"]["ABC"] == 90.0 and tri["angles"]["CAB"] == pytest.approx(53.130102)
    assert sq["type"] == "square" and sq["vertices"] == ["C", "A", "E", "D"]
    assert set(sq["sides"].values()) == {10.0} and sq["area"] == 100.0
    assert semi["radius"] == 5.0 and semi["arc_length"] == pytest.approx(5 * math.pi, abs=1e-6)
    assert f["points"]["D"] == [14.0, 8.0] and f["points"]["E"] == [6.0, 14.0]
    comp = f["composite"]
    assert comp["area"] == pytest.approx(24 + 100 + 12.5 * math.pi, abs=1e-5)
    # boundary: AB + BC + two free square sides + the arc (CA and ED are inside)
    assert comp["perimeter"] == pytest.approx(6 + 8 + 20 + 5 * math.pi, abs=1e-5)
    assert f["shown"]["sides"] == {"AB": 6.0, "BC": 8.0}
    assert f["counts"] == {"shapes": 3, "attachments": 2, "points": 5, "right_angles": 5,
                           "shaded_shapes": 0}


def test_attached_triangle_from_its_base_angles():
    spec = PlaneGeometrySpec(base="square", params={"side": 6}, names=list("ABCD"),
                             attachments=[Attachment("triangle", side="CD", names=["E"],
                                                     angles=[90, 30])])
    f = geometry_facts(spec)
    tri = f["shapes"][1]
    assert tri["type"] == "right triangle"
    assert tri["sides"]["DE"] == pytest.approx(6 / math.sqrt(3) * 2, abs=1e-6)  # hypotenuse
    assert tri["sides"]["EC"] == pytest.approx(6 * math.tan(math.radians(30)), abs=1e-6)
    assert f["points"]["E"][1] > 6  # outward, above the square


def test_shaded_square_minus_inscribed_circle_and_cut_out():
    spec = PlaneGeometrySpec(base="square", params={"side": 4}, names=list("ABCD"),
                             base_shaded=True, attachments=[Attachment("incircle", names=["O"])])
    assert composite_values(build_model(spec))["shaded_area"] == pytest.approx(16 - 4 * math.pi,
                                                                               abs=1e-5)
    cut = PlaneGeometrySpec(base="rectangle", params={"width": 8, "height": 5},
                            names=list("ABCD"), base_shaded=True,
                            attachments=[Attachment("semicircle_in", side="CD")])
    v = composite_values(build_model(cut))
    assert v["area"] == pytest.approx(40 - 8 * math.pi, abs=1e-5)
    assert v["shaded_area"] == v["area"]
    assert v["perimeter"] == pytest.approx(8 + 5 + 5 + 4 * math.pi, abs=1e-5)


@pytest.mark.parametrize("att,msg", [
    (Attachment("incircle", names=["O"]), "no inscribed circle"),
    (Attachment("semicircle_in", side="AB"), "does not fit"),
    (Attachment("square", side="AC", names=["E", "F"]), "not a free side"),
    (Attachment("blob", side="AB"), "valid: semicircle_out"),
])
def test_impossible_attachments_rejected(att, msg):
    spec = PlaneGeometrySpec(base="rectangle", params={"width": 10, "height": 3},
                             names=list("ABCD"), attachments=[att])
    with pytest.raises(ValueError, match=msg):
        build_model(spec)


def test_overlapping_attachment_rejected():
    # 60 + 155 + 155 > 360 degrees around A: the two flat triangles must collide
    spec = PlaneGeometrySpec(base="equilateral_triangle", params={"side": 5},
                             names=list("ABC"),
                             attachments=[Attachment("triangle", side="AB", names=["E"],
                                                     angles=[155, 15]),
                                          Attachment("triangle", side="CA", names=["F"],
                                                     angles=[15, 155])])
    with pytest.raises(ValueError, match="overlaps"):
        build_model(spec)
    build_model(spec.replace(attachments=spec.attachments[:1]))  # one alone fits


def test_knobs_validated_and_respected():
    rng = np.random.default_rng(0)
    with pytest.raises(ValueError, match="valid: scalene_triangle"):
        FAM.sample_spec(rng, base="hexagon")
    with pytest.raises(ValueError, match="n_attached"):
        FAM.sample_spec(rng, n_attached=5)
    with pytest.raises(ValueError, match="attach"):
        FAM.sample_spec(rng, attach=["blob"])
    with pytest.raises(ValueError, match="circle base"):
        FAM.sample_spec(rng, base="circle", n_attached=1)
    for seed in range(10):
        s = FAM.sample_spec(np.random.default_rng(seed), base="square", n_attached=2)
        assert s.base == "square" and len(s.attachments) == 2
        s = FAM.sample_spec(np.random.default_rng(seed), attach=["square", "semicircle_out"])
        assert [a.kind for a in s.attachments] == ["square", "semicircle_out"]


def test_params_must_match_base():
    with pytest.raises(ValueError, match="params must be exactly"):
        build_model(PlaneGeometrySpec(base="square", params={"width": 3}, names=list("ABCD")))
    with pytest.raises(ValueError, match="distinct capital letters"):
        build_model(PlaneGeometrySpec(base="square", params={"side": 3}, names=list("ABCA")))


def test_labels_drawn_and_deterministic():
    spec = _tri_square_semi()
    img, layout = FAM.render_with_layout(spec, 336)
    texts = [lb.text for lb in layout.labels]
    assert sorted(texts) == sorted(["A", "B", "C", "D", "E", "6", "8", "53.13°"])
    assert FAM.render(spec, 336).tobytes() == img.tobytes()
    small, lay224 = FAM.render_with_layout(spec, 224)
    assert small.size == (224, 224) and len(lay224.labels) == 8


def test_json_round_trip_keeps_floats():
    spec = _tri_square_semi(rotation=30)
    back = renderers.spec_from_json(spec.to_json())
    assert back == spec and back.to_json() == spec.to_json()
    assert isinstance(back.params["leg1"], float) and back.attachments[0].kind == "square"


def test_right_triangle_keeps_its_mark_where_a_corner_is_marked_already():
    """cap-00000099 (the fourth look): rectangle ABCD with ∠DAB marked and right triangle ABE
    whose right angle ∠BAE is at A too: each right angle of a sampled triangle is marked,
    even at a corner that carries another shape's mark."""
    from renderers.plane_geometry.spec import CURVED, angle_at

    def key(r: str) -> str:
        return r[1] + "".join(sorted(r[0] + r[2]))

    shared = 0
    for seed in range(300):
        s = FAM.sample_spec(np.random.default_rng(seed))
        m = build_model(s)
        P = m.points
        marked = {key(r) for r in s.right_marks}
        for p in m.pieces:
            if len(p.verts) != 3 or p.kind in CURVED:
                continue
            V = p.verts
            for a, b, c in zip(V[-1:] + V[:-1], V, V[1:] + V[:1]):
                if abs(angle_at(P[a], P[b], P[c]) - 90) < 1e-6:
                    assert key(a + b + c) in marked, (seed, a + b + c, s.right_marks)
                    shared += sum(r[1] == b for r in s.right_marks) > 1
    assert shared >= 3  # the case of the look, a corner with two marks, does occur


def test_no_parallelogram_is_a_rhombus():
    """A parallelogram with equal sides is a rhombus (and only then has an inscribed circle):
    naming it a parallelogram would hide the property (seventh caption look: cap-00000073 of
    seed 2033, "parallelogram ABCD contains an inscribed circle", base = side = 7)."""
    import numpy as np

    import renderers

    fam = renderers.get_family("plane_geometry")
    specs = [fam.sample_spec(np.random.default_rng(i), base="parallelogram") for i in range(300)]
    assert all(s.params["base"] != s.params["side"] for s in specs)
    assert not any(a.kind == "incircle" and a.shape == 0 for s in specs for a in s.attachments)
