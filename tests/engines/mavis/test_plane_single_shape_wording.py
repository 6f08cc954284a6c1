"""A plane figure of one shape is not called composite (ins-00000008 of ``mavis-instruct
--seed 7171``: "Compute the area of the entire composite shape." of a lone rhombus)."""
import numpy as np

from engines.mavis.plane_geometry.problem import make_problem
from renderers.plane_geometry.spec import build_model


def test_one_shape_is_never_a_composite_shape():
    singles = composites = 0
    for seed in range(600):
        p = make_problem(np.random.default_rng(seed))
        if p.tags["target"] != "area":
            continue
        spec = p.spec
        if len(build_model(spec).pieces) == 1:
            singles += 1
            assert "composite" not in p.stem, (seed, p.stem)
        else:
            composites += "composite" in p.stem
    assert singles >= 10 and composites >= 3
