"""Contact sheets: a grid of rendered samples with captions under each, for people to look at.

    mm-data sheet --families all --per-family 4 --out docs/contact_sheet.png
    mm-data sheet --dynamath-seed plane-... --variants 10 --out docs/dynamath_variants.png
    mm-data sheet --versions --out docs/mavis_versions.png
"""
from __future__ import annotations

import textwrap
from typing import Sequence

import numpy as np
from PIL import Image, ImageDraw

import renderers
from renderers.text import get_font


def grid(images: Sequence[Image.Image], titles: Sequence[str], cols: int, cell: int = 224,
         title_lines: int = 2) -> Image.Image:
    """Tile images (resized to ``cell``) with up to ``title_lines`` wrapped lines under each."""
    font = get_font(11)
    line_h = 14
    rows = -(-len(images) // cols)
    h_cell = cell + 6 + line_h * title_lines
    sheet = Image.new("RGB", (cols * (cell + 8) + 8, rows * (h_cell + 8) + 8), "white")
    d = ImageDraw.Draw(sheet)
    for i, (img, title) in enumerate(zip(images, titles)):
        r, c = divmod(i, cols)
        x, y = 8 + c * (cell + 8), 8 + r * (h_cell + 8)
        im = img.convert("RGB")
        im.thumbnail((cell, cell), Image.LANCZOS)
        sheet.paste(im, (x, y))
        d.rectangle([x - 1, y - 1, x + cell, y + cell], outline=(200, 200, 200))
        for k, line in enumerate(textwrap.wrap(title, width=cell // 6)[:title_lines]):
            d.text((x, y + cell + 4 + k * line_h), line, fill="black", font=font)
    return sheet


def family_sheet(families: Sequence[str], per_family: int, seed: int = 0,
                 size: int = 336) -> Image.Image:
    imgs, titles = [], []
    for name in families:
        fam = renderers.get_family(name)
        for k in range(per_family):
            spec = fam.sample_spec(np.random.default_rng([seed, k, len(name)]))
            imgs.append(fam.render(spec, size))
            titles.append(f"{name} #{k}")
    return grid(imgs, titles, cols=per_family)


def dynamath_sheet(seed_id: str, variants: int, seed: int = 0, size: int = 336) -> Image.Image:
    from engines.dynamath.seed import make_variant

    imgs, titles = [], []
    for v in range(variants):
        var = make_variant(seed_id, v, seed)
        imgs.append(renderers.render(var.spec, size))
        titles.append(f"v{v}: answer {var.ground_truth}")
    return grid(imgs, titles, cols=min(5, variants), title_lines=1)


def version_problem(name: str, seed: int = 0, tries: int = 200):
    """The first problem of family ``name`` (from seeds [seed, k]) that has a row of its own in
    every MAVIS-Instruct version."""
    from engines.mavis import registry
    from engines.mavis.problem import VERSIONS, distinct_versions

    make = registry.get_problem_maker(name)
    for k in range(tries):
        p = make(np.random.default_rng([seed, k]))
        if distinct_versions(p) == list(VERSIONS):
            return p
    raise RuntimeError(f"{name}: no problem with three distinct versions in {tries} seeds")


def versions_sheet(families: Sequence[str], seed: int = 0, size: int = 336,
                   cell: int = 300) -> Image.Image:
    """One row per family: the text_dominant, text_lite and vision_dominant versions of one
    problem side by side, each with its question text."""
    from engines.mavis.problem import VERSIONS, question_text, version_spec

    imgs, titles = [], []
    for name in families:
        p = version_problem(name, seed)
        for v in VERSIONS:
            imgs.append(renderers.render(version_spec(p, v), size))
            titles.append(f"[{name}, {v}] {question_text(p, v)}")
    return grid(imgs, titles, cols=len(VERSIONS), cell=cell, title_lines=9)
