"""Layout of the "scientific" set-ups over many sampled pictures: an incline's length is
dimensioned over its whole slope and clear of everything else, and pendulums and vector
diagrams stay inside the picture with a margin."""
import dataclasses
import math

import numpy as np
from PIL import Image, ImageDraw

import renderers
from renderers.canvas import Canvas, boxes_overlap
from renderers.scientific.draw import draw_science, setups
from renderers.scientific.spec import Pendulum, ScienceSpec

FAM = renderers.get_family("scientific")


def _sampled(kind: str, n: int, seed0: int):
    """``n`` specs of ``kind`` from the family's sampler, with the size each is drawn at (224
    and 336 in turn) and a title on every third, which shrinks the frame."""
    for i in range(n):
        spec = FAM.sample_spec(np.random.default_rng(seed0 + i), kind=kind)
        if i % 3 == 2:
            spec = dataclasses.replace(spec, title="Forces and motion")
        yield spec, (224, 336)[i % 2]


def _outer_rows_blank(img: Image.Image, k: int = 2) -> bool:
    a = np.asarray(img).astype(int)
    ink = np.abs(a - 255).sum(axis=-1) > 30
    return not (ink[:k].any() or ink[-k:].any() or ink[:, :k].any() or ink[:, -k:].any())


def test_incline_dimension_spans_the_whole_slope_clear_of_the_rest(monkeypatch):
    # the ink and labels already there when the dimension is drawn: what it must keep clear of
    before = {}
    real = setups.dimension

    def spy(c, *args, **kw):
        before["ink"] = np.array(c.ink, dtype=bool)
        return real(c, *args, **kw)

    monkeypatch.setattr(setups, "dimension", spy)
    checked = 0
    for spec, size in _sampled("incline", 200, 500):
        inc = spec.incline
        if inc.length == 0:  # the sampler leaves some unmeasured: measure them too
            spec = dataclasses.replace(spec, incline=dataclasses.replace(inc, length=4.0))
        c = Canvas(size)
        dim = draw_science(spec, c)
        where = f"{spec.incline} at {size}"
        p0, p1 = np.array(dim.p0), np.array(dim.p1)
        hyp = float(np.linalg.norm(p1 - p0))
        e = (p1 - p0) / hyp
        # the measured segment is the slope: from the foot up to the top at the ramp's angle
        assert abs(math.degrees(math.atan2(-e[1], e[0])) - spec.incline.angle_deg) < 1e-6, where
        ink = np.asarray(c.ink, dtype=bool)

        def inked(q) -> bool:  # ink within 2 px (the mask's lines are drawn at whole pixels)
            x, y = int(round(q[0])), int(round(q[1]))
            return bool(ink[y - 2:y + 3, x - 2:x + 3].any())

        assert all(inked(p0 + t * (p1 - p0)) for t in np.linspace(0.02, 0.98, 25)), where
        # the dimension line's ends project onto the slope's ends, at one offset on the open
        # side (away from the ramp: up and to the left)
        a, b = np.array(dim.a), np.array(dim.b)
        assert abs(float((a - p0) @ e)) < 2 and abs(float((b - p0) @ e) - hyp) < 2, where
        nrm = np.array([e[1], -e[0]])  # the slope's normal pointing up and left
        assert nrm[1] < 0 and abs(float((a - p0) @ nrm) - float((b - p0) @ nrm)) < 1, where
        assert float((a - p0) @ nrm) > 0.1 * size, where
        # it is drawn there: the line, and the extension lines from both ends of the slope
        for q0, q1 in ((a, b), (p0 + 0.3 * (a - p0), a), (p1 + 0.3 * (b - p1), b)):
            assert all(inked(q0 + t * (q1 - q0)) for t in np.linspace(0, 1, 12)), where
        # the line and extension lines cross no stroke drawn before them (the extension lines
        # start a few pixels off the slope, clear of the ground line) and no label; its label
        # covers no stroke and no other label
        u = size / 336
        gap = (max(3.0, 4.0 / math.cos(math.radians(spec.incline.angle_deg))) + 1) * u
        lines = []
        for g in (gap, 1.0):
            mask = Image.new("1", (size, size), 0)
            draw = ImageDraw.Draw(mask)
            for q0, q1 in ((a, b), (p0 + g * nrm, a), (p1 + g * nrm, b)):
                draw.line([tuple(q0), tuple(q1)], fill=1, width=1)
            lines.append(np.asarray(mask, dtype=bool))
        assert not (lines[0] & before["ink"]).any(), where
        lines = lines[1]
        others = [lb for lb in c.layout.labels if lb.box != dim.box]
        assert len(others) == len(c.layout.labels) - 1, where
        for lb in others:
            x0, y0, x1, y1 = lb.box
            assert not lines[int(y0):int(math.ceil(y1)) + 1,
                             int(x0):int(math.ceil(x1)) + 1].any(), (where, lb.text)
            assert not boxes_overlap(lb.box, dim.box), (where, lb.text)
        x0, y0, x1, y1 = dim.box
        assert not before["ink"][int(y0):int(math.ceil(y1)) + 1,
                                 int(x0):int(math.ceil(x1)) + 1].any(), where
        # the label sits beside the line's middle, inside the picture
        mid_t = float((np.array([(x0 + x1) / 2, (y0 + y1) / 2]) - p0) @ e)
        assert abs(mid_t - hyp / 2) < 2, where
        assert 2 <= x0 and x1 <= size - 2 and 2 <= y0 and y1 <= size - 2, where
        checked += 1
    assert checked == 200


def test_pendulums_stay_inside_the_picture():
    extreme = [ScienceSpec(kind="pendulum", pendulum=Pendulum(2.5, s * 60.0, 0.5, True))
               for s in (1, -1)]
    cases = list(_sampled("pendulum", 200, 700)) + [(s, z) for s in extreme for z in (224, 336)]
    for spec, size in cases:
        img, layout = FAM.render_with_layout(spec, size)
        where = f"{spec.pendulum} at {size}"
        assert _outer_rows_blank(img), where
        for lb in layout.labels:
            x0, y0, x1, y1 = lb.box
            assert 2 <= x0 and x1 <= size - 2 and 2 <= y0 and y1 <= size - 2, (where, lb.text)


def test_vector_diagrams_keep_their_tick_numbers_off_the_border():
    for spec, size in _sampled("vectors", 100, 900):
        img = FAM.render(spec, size)
        assert _outer_rows_blank(img), f"{spec.vectors} at {size}"


def _shared_stretch(s, t) -> bool:
    """Whether integer segments ``s`` and ``t`` lie on one line and share more than a point."""
    (ax, ay), (bx, by) = s
    (px, py), (qx, qy) = t
    d = (bx - ax, by - ay)
    if d[0] * (py - ay) - d[1] * (px - ax) or d[0] * (qy - ay) - d[1] * (qx - ax):
        return False
    along = sorted((px - ax) * d[0] + (py - ay) * d[1] for px, py in t)
    return min(along[1], d[0] ** 2 + d[1] ** 2) > max(along[0], 0)


def test_no_vector_arrow_is_drawn_over_another():
    """c = -b drawn head to tail retraced b (b showed only its head), a vector along another
    from the origin hid it: every drawn arrow, the dashed resultant included, keeps a stretch
    of its own."""
    checked = 0
    for seed in range(1500):
        vs = FAM.sample_spec(np.random.default_rng(seed), kind="vectors").vectors
        segs = [((v.tail_x, v.tail_y), (v.tail_x + v.x, v.tail_y + v.y)) for v in vs.vectors]
        if vs.show_resultant and len(vs.vectors) >= 2:
            end = (vs.vectors[0].tail_x + sum(v.x for v in vs.vectors),
                   vs.vectors[0].tail_y + sum(v.y for v in vs.vectors))
            if end != segs[0][0]:
                segs.append((segs[0][0], end))
        for i, s in enumerate(segs):
            for t in segs[i + 1:]:
                assert not _shared_stretch(s, t), (seed, vs)
        checked += len(segs) > 1
    assert checked > 700


def test_lens_labels_cover_no_ray_or_arrow(monkeypatch):
    """With a virtual image the rays traced back past the object's tip left "object" no free
    place there: its white halo cut the ray parallel to the axis and the image's dashed shaft
    (one lens picture in five at 224 px). Every label of a lens diagram now lies where nothing
    was drawn before it."""
    covered = []
    text = Canvas.text

    def spy(self, xy, s, px=None, color="black", anchor="mm", kind="sans", record=True,
            halo=False):
        w, h = self.text_size(s, px, kind)
        if anchor == "mm" and not self.is_free((xy[0] - w / 2, xy[1] - h / 2, xy[0] + w / 2,
                                                xy[1] + h / 2)):
            covered.append(s)
        return text(self, xy, s, px=px, color=color, anchor=anchor, kind=kind, record=record,
                    halo=halo)

    monkeypatch.setattr(Canvas, "text", spy)
    virtual = 0
    for i in range(300):
        spec = FAM.sample_spec(np.random.default_rng(i), kind="lens")
        virtual += spec.lens.object_distance < spec.lens.focal_length
        for size in (224, 336):
            covered.clear()
            FAM.render(spec, size)
            assert not covered, (spec.lens, size, covered)
    assert virtual > 60
