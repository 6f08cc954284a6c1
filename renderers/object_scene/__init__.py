"""The "object_scene" family: 3-8 everyday objects on a floor, for POPE / MME-style
perception questions (existence, count, colour, position) and scene captions.

spec.py holds the object vocabulary, the spec and the facts; sample.py the sampler; draw.py the
painters of the 28 object kinds.

    python -c "import numpy as np, renderers; f = renderers.get_family('object_scene'); \
f.render(f.sample_spec(np.random.default_rng(0)), 336).save('/tmp/scene.png')"
"""
from __future__ import annotations

import numpy as np

from renderers.canvas import Canvas
from renderers.family import FAMILIES, Family
from renderers.object_scene.draw import draw_scene
from renderers.object_scene.sample import sample_scene
from renderers.object_scene.spec import ObjectSceneSpec, scene_facts, validate


@FAMILIES.register
class ObjectSceneFamily(Family):
    name = "object_scene"
    spec_cls = ObjectSceneSpec

    def sample_spec(self, rng: np.random.Generator, theme: str | None = None,
                    n_objects: int | None = None, kinds: list[str] | None = None,
                    colors: list[str] | None = None, sign: str | None = None,
                    sign_style: str | None = None, frame: int | None = None
                    ) -> ObjectSceneSpec:
        """Knobs: ``theme`` in THEMES; ``n_objects`` 3..8; ``kinds`` (exact list of kinds,
        1..8, e.g. to force duplicates) with optional ``colors`` per kind; ``sign`` ("" = none,
        None = 20% chance of a shop word); ``sign_style`` in SIGN_STYLES; ``frame`` number."""
        return sample_scene(rng, theme, n_objects, kinds, colors, sign, sign_style, frame)

    def facts(self, spec: ObjectSceneSpec) -> dict:
        return scene_facts(spec)

    def draw(self, spec: ObjectSceneSpec, canvas: Canvas) -> None:
        validate(spec)
        draw_scene(spec, canvas)
