"""The "comfort_scene" family: 3-D looking COMFORT scenes, a target ball orbiting a relatum.

spec.py holds the spec, the frames of reference and the facts; sample.py the sampler; draw.py
the camera and the painting.

    python -c "import numpy as np, renderers; f = renderers.get_family('comfort_scene'); \
f.render(f.sample_spec(np.random.default_rng(0), scene='car'), 336).save('/tmp/comfort.png')"
"""
from __future__ import annotations

import numpy as np

from renderers.canvas import Canvas
from renderers.comfort_scene.draw import draw_scene
from renderers.comfort_scene.sample import sample_scene
from renderers.comfort_scene.spec import ComfortSceneSpec, scene_facts
from renderers.family import FAMILIES, Family


@FAMILIES.register
class ComfortScene(Family):
    eval_only = True  # COMFORT's evaluation scenes; not part of the MAVIS caption data
    name = "comfort_scene"
    spec_cls = ComfortSceneSpec

    def sample_spec(self, rng: np.random.Generator, scene: str | None = None,
                    relatum: str | None = None, facing: str | None = None,
                    target_angle: float | None = None, distractor: bool | None = None,
                    labels: bool = True, **knobs) -> ComfortSceneSpec:
        """Knobs: scene ("ball": two spheres as in COMFORT-BALL; "car": a fronted relatum facing
        left or right and an addressee facing right, as in COMFORT-CAR), relatum (one of
        renderers.comfort_scene.spec.FRONTED, COMFORT-CAR's ten; car scenes only), facing
        (left, right), target_angle (degrees), distractor (ball scenes), labels (name tags)."""
        return sample_scene(rng, scene=scene, relatum=relatum, facing=facing,
                            target_angle=target_angle, distractor=distractor, labels=labels,
                            **knobs)

    def facts(self, spec: ComfortSceneSpec) -> dict:
        return scene_facts(spec)

    def draw(self, spec: ComfortSceneSpec, canvas: Canvas) -> None:
        draw_scene(spec, canvas)
