"""Text for diagrams: the shipped fonts, label sizes, number formatting and cached glyphs.

Labels must read the same on every machine, so fonts are the DejaVu files in assets/fonts (or
matplotlib's copy), never system fonts. A string's rendering and size are cached: tick labels,
vertex letters and values repeat across images, and drawing glyphs was a third of a labelled
diagram's time.

    python -c "from renderers.text import fmt_num, get_font; print(fmt_num(2.50), get_font(14))"
"""
from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
import math
from pathlib import Path
from typing import Any

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
    """Numbers as a person writes them: 5, 3.5, 2.83, -0.5 (no trailing zeros, no -0), a
    half rounded up (0.125 -> 0.13, as ``half_up``; Python's formatting gives 0.12)."""
    if isinstance(x, (int, np.integer)) and not isinstance(x, bool):
        return str(int(x))
    x = float(x)
    if not math.isfinite(x):
        return str(x)
    s = f"{half_up(x, digits):.{digits}f}"
    s = s.rstrip("0").rstrip(".") if "." in s else s
    return "0" if s in ("-0", "") else s


# how far (relative to the value, at least 1) a float may lie from a half and still count as
# that half: float noise of an exact computation, never a real difference a reader would see
HALF_TOL = 1e-9


def half_up(x: Any, places: int = 2) -> Any:
    """``x`` rounded to ``places`` decimals as a reader rounds it: an exact half away from
    zero (1.125 -> 1.13, -1.125 -> -1.13), where round() rounds the binary value half to even
    (1.125 -> 1.12, 2.675 -> 2.67). A Fraction is rounded exactly; a float within
    ``HALF_TOL`` of a half counts as that half (2.3749999999997 worked out for 2.375 -> 2.38).
    An int comes back as it is, any other number as a float. The one rounding of stated values
    in the suite: the engines' answers and the facts the renderers write."""
    if isinstance(x, (int, np.integer)) and not isinstance(x, bool):
        return int(x)
    scale = 10 ** places
    if isinstance(x, Fraction):
        q = x * scale
        k = math.floor(abs(q) + Fraction(1, 2))
        return (k if q >= 0 else -k) / scale + 0.0
    x = float(x)
    if not math.isfinite(x):
        return x
    y = x * scale
    low = math.floor(y)
    if abs(y - (low + 0.5)) <= HALF_TOL * max(1.0, abs(x)) * scale:  # a half: away from 0
        k = low + 1 if y > 0 else low
    else:  # no tie, so round() is the nearest
        k = round(y)
    return k / scale + 0.0  # int / int is correctly rounded, as float(Fraction(k, scale))


def fact_num(x: Any) -> float | int:
    """A value as the renderers' facts hold it: an int where ``x`` is whole (float noise
    aside: 3.0 and 2.9999999999 -> 3), else ``x`` to two decimals, half up."""
    x = float(x)
    whole = round(x)
    return int(whole) if abs(x - whole) < 1e-9 else r2(x)


def r2(x: Any) -> float:
    """``x`` to two decimals, half up (``half_up``), always a float: 7.0, 2.38 for 2.375."""
    return float(half_up(x, 2))


def fmt_round(x: Any, places: int = 2) -> str:
    """A number written with at most ``places`` decimals, rounded half up (``half_up``):
    5, 3.5, 1.13 for 9/8, -0.5 (no trailing zeros, no -0)."""
    if isinstance(x, (int, np.integer)) and not isinstance(x, bool):
        return str(int(x))
    return fmt_num(half_up(x, places), places)


def exact_to(x: Any, places: int = 2) -> bool:
    """Whether ``places`` decimals write ``x`` in full (float noise aside): 2.5 and 0.25, not
    1/3, 1.125 or √2; a question about a value that is not says how it is rounded."""
    if isinstance(x, Fraction):
        return (x * 10 ** places).denominator == 1
    x = float(x)
    if not math.isfinite(x):
        return False
    y = x * 10 ** places
    return abs(y - math.floor(y + 0.5)) <= HALF_TOL * max(1.0, abs(x)) * 10 ** places
