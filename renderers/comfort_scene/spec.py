"""3-D looking scenes for COMFORT (family "comfort_scene"): a target ball orbiting a relatum.

Why: COMFORT (ICLR 2025) asks yes/no spatial questions ("Is the red ball to the left of the
car?") while the target moves around the relatum in 36 steps of 10 degrees, under several frames
of reference. The spec fixes the scene (relatum kind, colours, sizes, facing, camera height,
addressee, distractor) and the target's angle; ``facts`` gives, per frame of reference, the
direction of each relation and the cosine between it and the target's direction (yes when > 0).

World coordinates: ground plane y = 0, x to the camera's right, z away from the camera; angles
are degrees counter-clockwise seen from above, 0 = camera-right, 90 = away from the camera. The
relatum stands at the origin; the target at ``orbit * (cos a, sin a)``. Drawing is plain PIL
through ``Canvas``: a perspective camera, Lambert-shaded boxes, gradient spheres with highlights,
soft ground shadows, a tiled ground plane, painter's order.

    python -c "import numpy as np, renderers; f = renderers.get_family('comfort_scene'); \
f.render(f.sample_spec(np.random.default_rng(0), scene='car'), 336).save('/tmp/comfort.png')"
"""
from __future__ import annotations

from dataclasses import dataclass, field
import math
from typing import ClassVar, Optional

import numpy as np

from renderers.spec import Spec, rng_choice


BALL_COLORS = ("red", "blue", "green", "yellow", "purple", "orange")


SCENES = ("ball", "car")


# COMFORT-CAR's relata (data_generation/comfort_car_*_config.py), in its variation order
FRONTED = ("horse", "bench", "laptop", "duck", "chair", "dog", "sofa", "bed", "bicycle", "car")


KINDS = ("ball", "cube", "basketball") + FRONTED


RELATIONS = ("left", "right", "front", "behind")


FACINGS = {"left": 180.0, "right": 0.0}


GROUNDS = ([196, 192, 178], [184, 198, 182], [200, 190, 172], [188, 190, 196])


SKIES = ([222, 232, 242], [236, 236, 230], [226, 236, 232])


SHIRTS = ("green", "purple", "orange", "cyan", "pink", "olive")


@dataclass
class Thing:
    """One object on the ground. ``size`` is the radius of a ball or cube half-side, else a scale
    (1 = a car 2 units long). ``facing`` (degrees) is the front of a fronted object."""

    kind: str = "ball"
    color: str = "red"
    size: float = 0.4
    x: float = 0.0
    z: float = 0.0
    facing: float = 0.0


@dataclass
class Person:
    """The addressee: a standing figure at (x, z) looking towards ``facing`` (degrees)."""

    x: float = -3.6
    z: float = 0.4
    facing: float = 0.0
    shirt: str = "green"
    height: float = 1.0


@dataclass
class ComfortSceneSpec(Spec):
    family: ClassVar[str] = "comfort_scene"

    relatum: Thing = field(default_factory=lambda: Thing("ball", "blue", 0.5))
    target: Thing = field(default_factory=lambda: Thing("ball", "red", 0.38))
    target_angle: float = 0.0  # degrees, 0 = camera-right of the relatum, 90 = behind it
    orbit: float = 2.0  # distance from the relatum's centre to the target's centre
    elevation: float = 25.0  # camera height as the angle above the ground, degrees
    distance: float = 9.0  # camera to the scene centre
    addressee: Optional[Person] = None
    distractor: Optional[Thing] = None
    ground: list[int] = field(default_factory=lambda: list(GROUNDS[0]))
    sky: list[int] = field(default_factory=lambda: list(SKIES[0]))
    labels: bool = True  # name tags above the objects (COMFORT's own images have none)


def _deg(a: float) -> float:
    return float(round(a % 360.0, 6))


def relative_frame(view: float) -> dict[str, float]:
    """Relative frame of a viewer looking towards ``view`` (English reflected convention):
    "behind" is away from the viewer, "in front of" towards it, left/right are the viewer's."""
    return {"left": _deg(view + 90), "right": _deg(view - 90), "front": _deg(view + 180),
            "behind": _deg(view)}


def intrinsic_frame(facing: float) -> dict[str, float]:
    """Intrinsic frame of a fronted object: its front, its back, its own left and right."""
    return {"left": _deg(facing + 90), "right": _deg(facing - 90), "front": _deg(facing),
            "behind": _deg(facing + 180)}


def frame_directions(spec: ComfortSceneSpec) -> dict[str, dict[str, float]]:
    """Direction (degrees) of each relation in each frame the scene defines. The camera looks
    along +z (90 degrees); its translated and rotated conventions are the non-English readings
    COMFORT-BALL probes (translated: "in front of" = farther away; rotated: the relatum faces the
    viewer, so left and right swap too)."""
    cam = relative_frame(90.0)
    out = {"camera": cam,
           "camera_translated": {**cam, "front": cam["behind"], "behind": cam["front"]},
           "camera_rotated": {**cam, "left": cam["right"], "right": cam["left"]}}
    if spec.relatum.kind in FRONTED:
        out["relatum"] = intrinsic_frame(spec.relatum.facing)
    if spec.addressee is not None:
        out["addressee"] = relative_frame(spec.addressee.facing)
    return out


def relation_cos(angle: float, direction: float) -> float:
    """cos of the angle between the target's direction and the relation's; exact 0 at 90."""
    c = math.cos(math.radians(angle - direction))
    return 0.0 if abs(c) < 1e-10 else round(c, 6)


def rounded(x: float, nd: int = 3) -> float:
    return float(round(float(x), nd))


def other_color(rng: np.random.Generator, taken: list[str], pool=BALL_COLORS) -> str:
    return rng_choice(rng, [c for c in pool if c not in taken])


def check_choice(name: str, value, valid) -> None:
    if value is not None and value not in valid:
        raise ValueError(f"{name}={value!r} is not valid; valid: {', '.join(map(str, valid))}")


def target_of(spec: ComfortSceneSpec) -> Thing:
    a = math.radians(spec.target_angle)
    return Thing(**{**spec.target.__dict__, "x": spec.orbit * math.cos(a),
                    "z": spec.orbit * math.sin(a)})


def scene_facts(spec: ComfortSceneSpec) -> dict:
    frames = frame_directions(spec)
    t = target_of(spec)
    cos = {f: {r: relation_cos(spec.target_angle, d) for r, d in dirs.items()}
           for f, dirs in frames.items()}
    return {
        "scene": "ball" if spec.relatum.kind == "ball" else "fronted",
        "target_angle": _deg(spec.target_angle), "orbit_radius": spec.orbit,
        "target": {"kind": t.kind, "color": t.color, "radius": t.size,
                   "x": rounded(t.x, 4), "z": rounded(t.z, 4)},
        "relatum": {"kind": spec.relatum.kind, "color": spec.relatum.color,
                    "size": spec.relatum.size, "fronted": spec.relatum.kind in FRONTED,
                    "facing": spec.relatum.facing if spec.relatum.kind in FRONTED else None},
        "addressee": None if spec.addressee is None else {
            "x": spec.addressee.x, "z": spec.addressee.z, "facing": spec.addressee.facing},
        "distractor": None if spec.distractor is None else {
            "kind": spec.distractor.kind, "color": spec.distractor.color,
            "x": spec.distractor.x, "z": spec.distractor.z},
        "camera_elevation": spec.elevation,
        "frames": frames,
        "relation_cos": cos,
        "relations_true": {f: [r for r in RELATIONS if c[r] > 0] for f, c in cos.items()},
    }
