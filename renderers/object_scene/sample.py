"""Random object scenes: a theme, objects drawn mostly from its co-occurrence group, placed
front to back without overlapping, and an optional sign.

    python -c "import numpy as np; from renderers.object_scene.sample import sample_scene; \
print(sample_scene(np.random.default_rng(0)))"
"""
from __future__ import annotations

import numpy as np

from renderers.object_scene.spec import (COLORS, CORE_P, DEPTH_Y, FRONT_Y, GAP, KINDS, KIND_NAMES,
                                         PERSPECTIVE, SCALE, SIGN_STYLES, SIGN_WORDS, SIZE_FACTOR,
                                         THEMES, THEME_NAMES, TOP_LIMIT, ObjectSceneSpec,
                                         SceneObject)
from renderers.spec import rng_choice


def draw_kind(rng: np.random.Generator, theme: str) -> str:
    t = THEMES[theme]
    return rng_choice(rng, t["core"] if rng.random() < CORE_P else t["extra"])


def place(rng: np.random.Generator, kinds: list[str], colors: list[str] | None = None,
          tries: int = 64) -> list[SceneObject] | None:
    """Place ``kinds`` (larger first) at random free spots; None if one does not fit.

    Each object draws ``tries`` candidate spots at once and takes the first free one (the
    second half of the candidates are tried at the small size): vectorised, because rejection
    sampling one spot at a time was the slowest part of a render.
    """
    n = len(kinds)
    order = sorted(range(n), key=lambda i: -KINDS[kinds[i]].height *
                   max(1.0, KINDS[kinds[i]].aspect))
    cols = list(colors) if colors else [rng_choice(rng, KINDS[k].colors) for k in kinds]
    r = rng.random(n)
    sizes = ["small" if v < 0.3 else ("medium" if v < 0.7 else "large") for v in r]
    xy = np.round(rng.random((n, tries, 2)) * (0.9, 1.0) + (0.05, 0.0), 3)
    half = tries // 2
    hk = np.array([SCALE * KINDS[k].height for k in kinds])[:, None]
    ak = np.array([KINDS[k].aspect for k in kinds])[:, None]
    sf = np.array([SIZE_FACTOR[z] for z in sizes])[:, None]
    sf = np.where(np.arange(tries)[None, :] < half, sf, SIZE_FACTOR["small"])
    h = hk * sf * (1 - PERSPECTIVE * xy[..., 1])
    w = h * ak
    y1 = FRONT_Y - DEPTH_Y * xy[..., 1]
    # footprint() of every candidate, vectorised: (n, tries, 4)
    fp = np.stack([xy[..., 0] - w / 2, y1 - h, xy[..., 0] + w / 2 + 0.15 * w + 0.08 * h,
                   y1 + 0.05 * h + 0.01], -1)
    inside = (fp[..., 0] >= 0.01) & (fp[..., 2] <= 0.99) & (fp[..., 1] >= TOP_LIMIT) & \
        (fp[..., 3] <= 0.995)
    placed: dict[int, SceneObject] = {}
    boxes: list[np.ndarray] = []
    for i in order:
        ok = inside[i]
        c = fp[i]
        for bx in boxes:
            ok = ok & ((c[:, 2] + GAP <= bx[0]) | (bx[2] + GAP <= c[:, 0]) |
                       (c[:, 3] + GAP <= bx[1]) | (bx[3] + GAP <= c[:, 1]))
        hits = np.flatnonzero(ok)
        if not len(hits):
            return None
        j = int(hits[0])
        placed[i] = SceneObject(kinds[i], cols[i], sizes[i] if j < half else "small",
                                float(xy[i, j, 0]), float(xy[i, j, 1]))
        boxes.append(c[j])
    return [placed[i] for i in range(n)]


def sample_scene(rng: np.random.Generator, theme: str | None = None,
                 n_objects: int | None = None, kinds: list[str] | None = None,
                 colors: list[str] | None = None, sign: str | None = None,
                 sign_style: str | None = None, frame: int | None = None) -> ObjectSceneSpec:
    if theme is not None and theme not in THEMES:
        raise ValueError(f"unknown theme {theme!r}; valid: {', '.join(THEME_NAMES)}")
    if n_objects is not None and not 3 <= n_objects <= 8:
        raise ValueError(f"n_objects must be in 3..8, got {n_objects}")
    if kinds is not None:
        bad = [k for k in kinds if k not in KINDS]
        if bad:
            raise ValueError(f"unknown kind(s) {bad}; valid: {', '.join(KIND_NAMES)}")
        if not 1 <= len(kinds) <= 8:
            raise ValueError(f"kinds: 1..8 objects, got {len(kinds)}")
        if n_objects is not None and n_objects != len(kinds):
            raise ValueError(f"n_objects={n_objects} but {len(kinds)} kinds given")
    if colors is not None:
        if kinds is None or len(colors) != len(kinds):
            raise ValueError("colors needs kinds of the same length")
        bad = [c for c in colors if c not in COLORS]
        if bad:
            raise ValueError(f"unknown color(s) {bad}; valid: {', '.join(COLORS)}")
    if sign_style is not None and sign_style not in SIGN_STYLES:
        raise ValueError(f"unknown sign_style {sign_style!r}; valid: {', '.join(SIGN_STYLES)}")
    theme = theme or rng_choice(rng, THEME_NAMES)
    objs = None
    for _ in range(40):
        ks = list(kinds) if kinds is not None else \
            [draw_kind(rng, theme) for _ in range(n_objects or int(rng.integers(3, 9)))]
        objs = place(rng, ks, colors)
        if objs is not None:
            break
    if objs is None:
        raise ValueError(f"could not place {kinds} without overlap")
    if sign is None:
        sign = rng_choice(rng, SIGN_WORDS) if rng.random() < 0.2 else ""
    style = sign_style or "shop"
    return ObjectSceneSpec(theme=theme, objects=objs,
                           frame=int(frame if frame is not None else rng.integers(1, 1000)),
                           sign=sign, sign_style=style)
