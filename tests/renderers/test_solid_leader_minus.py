"""No measurement's leader on a solid runs level into the number's left side, where it reads as
a minus sign ("—7.47" for a pyramid's slant height 7.47, 12 of 138 sampled leaders)."""

import math

import numpy as np

import renderers

FAM = renderers.get_family("solid_geometry")


def test_no_solid_leader_reads_as_a_minus_sign():
    rng = np.random.default_rng(3)
    seen, bad = 0, []
    for i in range(300):
        spec = FAM.sample_spec(rng)
        for size in (224, 336):
            for r in FAM.label_layout(spec, size):
                if getattr(r, "leader", None) is None:
                    continue
                seen += 1
                (sx, sy), (ex, ey) = r.leader
                if abs(sx - r.box[0]) < 0.5 and ex < sx and abs(ey - sy) < math.tan(
                        math.radians(20)) * (sx - ex):
                    bad.append((i, size, spec.kind, r.text))
    assert seen >= 100
    assert bad == [], bad
