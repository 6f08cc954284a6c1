"""A prism's lateral area is worked without its bases (ins-00000009 of ``mavis-instruct
--families plane_geometry solid_geometry --seed 8181``: "The base is an equilateral triangle of
side 6, so its area is B = (√3/4) × 6² ≈ 15.59." opened the CoT of a lateral area that never
uses it); the total area still adds both bases."""

import numpy as np

import engines.mavis.solid_geometry.problem as PR
import renderers.solid_geometry.spec as S


def test_prism_lateral_area_steps_leave_the_bases_out():
    for base in ("triangle", "hexagon"):
        for seed in range(20):
            spec = S.SolidSpec(kind="prism", base=base, a=6, height=5,
                               vertex_names=[], shown=[])
            lat = PR._area(PR._Build(np.random.default_rng(seed), spec),
                           np.random.default_rng(seed), lateral=True)
            nb = 3 if base == "triangle" else 6
            assert lat.answer == nb * 30
            assert not any("B =" in step or "base is" in step for step in lat.cot), lat.cot
            assert lat.cot[0].startswith(f"The {nb} lateral faces are rectangles 6 by 5")
            tot = PR._area(PR._Build(np.random.default_rng(seed), spec),
                           np.random.default_rng(seed), lateral=False)
            assert any("B =" in step for step in tot.cot)
            assert any(step.startswith("Adding the two bases") for step in tot.cot)
