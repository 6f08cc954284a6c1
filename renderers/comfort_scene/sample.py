"""Random COMFORT scenes: a ball or fronted relatum, the target's angle on its orbit, colours,
camera height, and the addressee or a distractor.

    python -c "import numpy as np; from renderers.comfort_scene.sample import sample_scene; \
print(sample_scene(np.random.default_rng(0), scene='ball'))"
"""
from __future__ import annotations

import math

import numpy as np

from renderers.comfort_scene.draw import min_elevation
from renderers.comfort_scene.spec import (BALL_COLORS, FACINGS, FRONTED, GROUNDS, SCENES, SHIRTS,
                                          SKIES, ComfortSceneSpec, Person, Thing, check_choice,
                                          other_color, rounded)
from renderers.spec import rng_choice


RELATUM_COLORS = {"car": ("red", "blue", "green", "gray", "yellow"),
                  "chair": ("wood", "brown", "gray"), "horse": ("chestnut", "dark", "white"),
                  "bench": ("wood", "brown", "gray"), "laptop": ("silver", "black", "gray"),
                  "duck": ("yellow",), "dog": ("tan", "brown", "dark"),
                  "sofa": ("navy", "gray", "beige"), "bed": ("wood", "brown", "gray"),
                  "bicycle": ("red", "blue", "black")}
RELATUM_SIZES = {"car": (0.85, 1.0), "chair": (1.15, 1.35), "horse": (0.8, 0.95),
                 "bench": (0.85, 1.0), "laptop": (1.0, 1.2), "duck": (1.1, 1.3),
                 "dog": (1.1, 1.3), "sofa": (0.85, 0.95), "bed": (0.8, 0.9),
                 "bicycle": (1.1, 1.25)}


def sample_scene(rng: np.random.Generator, scene: str | None = None,
                 relatum: str | None = None, facing: str | None = None,
                 target_angle: float | None = None, distractor: bool | None = None,
                 labels: bool = True, **knobs) -> ComfortSceneSpec:
    """Knobs: scene ("ball": two spheres as in COMFORT-BALL; "car": a fronted relatum facing
    left or right and an addressee facing right, as in COMFORT-CAR), relatum (one of
    renderers.comfort_scene.spec.FRONTED, COMFORT-CAR's ten; car scenes only), facing
    (left, right), target_angle (degrees), distractor (ball scenes), labels (name tags)."""
    if knobs:
        raise ValueError(f"unknown knob(s) {sorted(knobs)}; valid: scene, relatum, facing, "
                         "target_angle, distractor, labels")
    check_choice("scene", scene, SCENES)
    check_choice("relatum", relatum, FRONTED)
    check_choice("facing", facing, tuple(FACINGS))
    if relatum is not None and scene == "ball":
        raise ValueError("relatum= applies to scene='car' only (a ball scene's relatum is "
                         "a ball)")
    scene = scene or ("car" if relatum or facing else rng_choice(rng, SCENES))
    angle = float(10 * int(rng.integers(36))) if target_angle is None else float(target_angle)
    spec = ComfortSceneSpec(
        target_angle=angle, elevation=rounded(rng.uniform(14, 38), 1),
        orbit=rounded(rng.uniform(1.45, 1.75) if scene == "ball" else rng.uniform(1.8, 2.0)),
        ground=list(rng_choice(rng, GROUNDS)), sky=list(rng_choice(rng, SKIES)),
        labels=bool(labels))
    if scene == "ball":
        c1 = rng_choice(rng, BALL_COLORS)
        c2 = other_color(rng, [c1])
        spec.relatum = Thing("ball", c1, rounded(rng.uniform(0.42, 0.6)))
        spec.target = Thing("ball", c2, rounded(rng.uniform(0.3, 0.45)))
        if distractor if distractor is not None else rng.random() < 0.4:
            a = math.radians(rng_choice(rng, (45.0, 135.0)))
            rad = spec.orbit + 1.2
            spec.distractor = Thing(rng_choice(rng, ("ball", "cube")), other_color(rng, [c1, c2]),
                                    rounded(rng.uniform(0.3, 0.42)), rounded(rad * math.cos(a)),
                                    rounded(rad * math.sin(a)), rounded(rng.uniform(0, 90), 1))
    elif distractor:
        raise ValueError("distractor= applies to scene='ball' only")
    else:
        kind = relatum or rng_choice(rng, FRONTED)
        face = FACINGS[facing or rng_choice(rng, tuple(FACINGS))]
        spec.relatum = Thing(kind, rng_choice(rng, RELATUM_COLORS[kind]),
                             rounded(rng.uniform(*RELATUM_SIZES[kind])), facing=face)
        spec.target = Thing("basketball", "basketball", rounded(rng.uniform(0.3, 0.38)))
        spec.addressee = Person(x=rounded(-(spec.orbit + 1.3)), z=rounded(rng.uniform(0.2, 0.8)),
                                facing=0.0, shirt=rng_choice(rng, SHIRTS),
                                height=rounded(rng.uniform(0.95, 1.1)))
    # a camera too low would hide the target completely behind the relatum at 90 degrees
    spec.elevation = max(spec.elevation, rounded(min_elevation(spec), 1))
    return spec
