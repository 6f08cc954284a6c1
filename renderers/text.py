"""Text for diagrams: the shipped fonts, label sizes, number formatting and cached glyphs.

Labels must read the same on every machine, so fonts are the DejaVu files in assets/fonts (or
matplotlib's copy), never system fonts. A string's rendering and size are cached: tick labels,
vertex letters and values repeat across images, and drawing glyphs was a third of a labelled
diagram's time.

    python -c "from renderers.text import fmt_num, get_font; print(fmt_num(2.50), get_font(14))"
"""
from __future__ import annotations

from functools import lru_cache
import math
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont
import numpy as np

_ASSET_FONTS = Path(__file__).resolve().parent.parent / "assets" / "fonts"
_FONT_FILES = {"sans": "DejaVuSans.ttf", "bold": "DejaVuSans-Bold.ttf",
               "mono": "DejaVuSansMono.ttf", "serif": "DejaVuSerif.ttf"}


@lru_cache(maxsize=None)
def font_path(kind: str = "sans") -> str:
    """DejaVu fonts shipped in assets/fonts, else the copy inside matplotlib (never system fonts)."""
    fname = _FONT_FILES[kind]
    p = _ASSET_FONTS / fname
    if p.exists():
        return str(p)
    import matplotlib

    return str(Path(matplotlib.get_data_path()) / "fonts" / "ttf" / fname)


@lru_cache(maxsize=512)
def get_font(px: int, kind: str = "sans") -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(font_path(kind), size=max(6, int(px)))


def font_px(size: int, scale: float = 1.0) -> int:
    """Label font size in final-image pixels: legible from 224 to 1024 px."""
    return max(11, int(round(size * 0.042 * scale)))


@lru_cache(maxsize=8192)
def text_extent(text: str, px_ss: int, kind: str, ss: int) -> tuple[float, float]:
    """Width and height in final pixels (cached: labels repeat across images)."""
    x0, y0, x1, y1 = get_font(px_ss, kind).getbbox(text)
    return (x1 - x0) / ss, (y1 - y0) / ss


GLYPH_PAD = 2  # margin around a string's box in its cached mask (anti-aliased edges)
_SCRATCH = ImageDraw.Draw(Image.new("L", (1, 1)))


@lru_cache(maxsize=4096)
def glyph_mask(text: str, px_ss: int, kind: str, anchor: str
            ) -> tuple[Image.Image, tuple[int, int, int, int]]:
    """A string's coverage mask and its box relative to the anchor point, in supersampled
    pixels. Rendering glyphs was a third of a labelled diagram's time, and tick labels, vertex
    letters and values repeat across images; the mask is drawn with Pillow's own text drawing,
    so blitting it (``ImageDraw.bitmap``) gives the pixels drawing the text would."""
    f = get_font(px_ss, kind)
    rel = tuple(int(v) for v in _SCRATCH.textbbox((0, 0), text, font=f, anchor=anchor))
    mask = Image.new("L", (rel[2] - rel[0] + 2 * GLYPH_PAD, rel[3] - rel[1] + 2 * GLYPH_PAD), 0)
    ImageDraw.Draw(mask).text((GLYPH_PAD - rel[0], GLYPH_PAD - rel[1]), text, font=f,
                              fill=255, anchor=anchor)
    return mask, rel


def clear_text_cache() -> None:
    """Forget cached string renderings (benchmarks of a cold start)."""
    glyph_mask.cache_clear()


def fmt_num(x: float, digits: int = 2) -> str:
    """Numbers as a person writes them: 5, 3.5, 2.83, -0.5 (no trailing zeros, no -0)."""
    if isinstance(x, (int, np.integer)) and not isinstance(x, bool):
        return str(int(x))
    x = float(x)
    if not math.isfinite(x):
        return str(x)
    s = f"{x:.{digits}f}".rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s
