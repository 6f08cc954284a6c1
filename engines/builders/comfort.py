"""``comfort``: COMFORT scenes (ICLR 2025), each a target orbiting a relatum in 36 views.

A variation is one scene; its 36 views put the target at 0, 10, ..., 350 degrees around the
relatum (rows in that order). Scenes (renderers.comfort_scene, no text in the images):

- ball (COMFORT-BALL): COMFORT's 5 variations in its order: default (red target sphere, blue
  relatum sphere), color (yellow target, green relatum), size (a larger target, a smaller
  relatum), cam_position (a lower camera), distractor (a green sphere beside them); variations
  past 5 are drawn at random (colours, sizes, camera height, every second with a distractor);
- car (COMFORT-CAR): COMFORT's 10 relata (horse, bench, laptop, duck, chair, dog, sofa, bed,
  bicycle, car) each facing left then right (variation 2i: relatum i facing left, 2i + 1:
  facing right; 20 in all, then again with new colours and sizes), a basketball as the target
  and a woman as the addressee, always facing right.

Variation v depends on (seed, v) alone, so fewer variations are a prefix of more. The tasks
comfort-ball and comfort-car (eval/tasks/comfort.py) ask the spatial questions about them.

    mm-data comfort --scene car --variations 4 --out data/comfort-car --seed 0
"""
from __future__ import annotations

import numpy as np

from engines.cliutil import add_build_arguments
from engines.dataset import BuildConfig, Builder, image_cell, register_builder
from engines.dataset import columns as col
from engines.dataset.streams import COMFORT_CAR_OFFSET
from renderers.comfort_scene import ComfortScene
from renderers.comfort_scene.draw import min_elevation
from renderers.comfort_scene.spec import FRONTED, GROUNDS, ComfortSceneSpec, Thing

SCENES = ("ball", "car")
N_POS = 36  # views per variation (eval.comfort.N_POS)
STEP = 10  # degrees between views (eval.comfort.STEP)
VARIATIONS = {"ball": 5, "car": 2 * len(FRONTED)}
BALL_VARIATIONS = ("default", "color", "size", "cam_position", "distractor")


def ball_scene(seed: int, v: int) -> ComfortSceneSpec:
    """COMFORT-BALL variation ``v`` (0-4: COMFORT's own, BALL_VARIATIONS)."""
    base = ComfortSceneSpec(relatum=Thing("ball", "blue", 0.5), target=Thing("ball", "red", 0.5),
                            orbit=1.6, elevation=28.0, ground=list(GROUNDS[0]), labels=False)
    if v == 1:
        return base.replace(relatum=Thing("ball", "green", 0.5),
                            target=Thing("ball", "yellow", 0.5))
    if v == 2:
        return base.replace(relatum=Thing("ball", "blue", 0.38), target=Thing("ball", "red", 0.58))
    if v == 3:
        low = base.replace(elevation=16.0)
        return low.replace(elevation=max(16.0, round(min_elevation(low), 1)))
    if v == 4:
        return base.replace(distractor=Thing("ball", "green", 0.42, -2.2, 2.2))
    if v > 4:
        return ComfortScene().sample_spec(np.random.default_rng([seed, v]), scene="ball",
                                          target_angle=0.0, distractor=v % 2 == 1, labels=False)
    return base


def car_scene(seed: int, v: int) -> ComfortSceneSpec:
    """COMFORT-CAR variation ``v``: relatum FRONTED[v // 2 % 10], facing left for even v."""
    kind, facing = FRONTED[v // 2 % len(FRONTED)], ("left", "right")[v % 2]
    return ComfortScene().sample_spec(np.random.default_rng([seed, COMFORT_CAR_OFFSET + v]),
                                      scene="car", relatum=kind, facing=facing,
                                      target_angle=0.0, labels=False)


def ball_scenes(n: int, seed: int) -> list[ComfortSceneSpec]:
    return [ball_scene(seed, v) for v in range(n)]


def car_scenes(n: int, seed: int) -> list[ComfortSceneSpec]:
    return [car_scene(seed, v) for v in range(n)]


def views(base: ComfortSceneSpec) -> list[ComfortSceneSpec]:
    """The 36 views of a scene: the target at 0, 10, ..., 350 degrees."""
    return [base.replace(target_angle=float(STEP * k)) for k in range(N_POS)]


def comfort_config(scene: str, variations: int, seed: int = 0, image_size: int = 336,
                   chunk_size: int = 256) -> BuildConfig:
    return BuildConfig(kind="comfort", n=N_POS * variations, seed=seed, image_size=image_size,
                       chunk_size=chunk_size, options={"scene": scene})


@register_builder
class ComfortBuilder(Builder):
    kind = "comfort"
    size_flag = "--variations"
    order = 80
    help = "evaluation set: COMFORT scenes, 36 views each"
    count_columns = ("scene", "variation")
    description = ("COMFORT scenes (ICLR 2025): a target orbiting a relatum in 36 views, 10 "
                   "degrees apart, for spatial yes/no questions under frames of reference "
                   "(ball: two spheres; car: a fronted relatum and an addressee).")

    def add_arguments(self, p):
        p.add_argument("--scene", default="ball", choices=SCENES,
                       help="ball (COMFORT-BALL) or car (COMFORT-CAR)")
        p.add_argument("--variations", type=int,
                       help="scenes (default: ball 5, car 20, COMFORT's counts), 36 views each")
        add_build_arguments(p, rows=False, families=False)

    def config_from_args(self, a):
        n = VARIATIONS[a.scene] if a.variations is None else a.variations
        if n < 1:
            raise ValueError(f"--variations: must be >= 1, got {n}")
        return comfort_config(a.scene, n, a.seed, a.image_size, a.chunk_size)

    def validate(self, cfg):
        scene = cfg.options.get("scene")
        if scene not in SCENES:
            raise ValueError(f"--scene: unknown {scene}; valid: {', '.join(SCENES)}")

    def unit_size(self, cfg):
        return N_POS

    def features(self, cfg):
        s, i = col.string(), col.int64()
        return col.features({"id": s, "image": col.image(), "scene": s, "variation": i,
                             "angle": i, "pos": i, "spec": s})

    def unit_rows(self, cfg, u):
        scene = cfg.options["scene"]
        base = ball_scene(cfg.seed, u) if scene == "ball" else car_scene(cfg.seed, u)
        fam = ComfortScene()
        return [{"id": f"{scene}/v{u}/{STEP * k:03d}",
                 "image": image_cell(fam.render(spec, cfg.image_size)), "scene": scene,
                 "variation": u, "angle": STEP * k, "pos": k, "spec": spec.to_json()}
                for k, spec in enumerate(views(base))]
