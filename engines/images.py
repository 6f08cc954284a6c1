"""Reading images the suite did not draw: one pixel limit, checked before decoding.

Pillow only warns below 2 x 89.5 megapixels and decodes whatever it is given; a 169-megapixel
file costs ~700 MB. Every image read from a user's files (evaluation sets, dataset cells, demo
uploads) goes through :func:`open_image`, which reads the header, refuses anything over
``MAX_PIXELS`` with one line naming the file, and only then decodes.

    python -c "from engines.images import open_image; print(open_image('x.png', 'x.png').size)"
"""
from __future__ import annotations

import io
from pathlib import Path

MAX_PIXELS = 40_000_000  # far below Pillow's bomb limit, above any photograph a benchmark holds


class ImageTooLarge(ValueError):
    """An image whose header says it has more than MAX_PIXELS pixels."""


def open_image(src: str | Path | bytes | io.BytesIO, name: str | None = None):
    """``src`` (a path, PNG/JPEG bytes or a file object) decoded and loaded; ``name`` is what
    errors call it (default: the path). Raises ImageTooLarge before decoding a huge image,
    ``ValueError`` for a file that is not an image, FileNotFoundError for a missing path."""
    from PIL import Image, UnidentifiedImageError

    label = name or (str(src) if isinstance(src, (str, Path)) else "image")
    if isinstance(src, (str, Path)) and not Path(src).is_file():
        raise FileNotFoundError(f"{label}: image file does not exist")
    fp = io.BytesIO(src) if isinstance(src, bytes) else src
    try:
        img = Image.open(fp)
    except UnidentifiedImageError:
        raise ValueError(f"{label}: not an image Pillow can read") from None
    except Image.DecompressionBombError:
        raise ImageTooLarge(f"{label}: image too large to decode (limit "
                            f"{MAX_PIXELS // 1_000_000} megapixels)") from None
    w, h = img.size
    if w * h > MAX_PIXELS:
        img.close()
        raise ImageTooLarge(f"{label}: {w} x {h} pixels is over the limit of "
                            f"{MAX_PIXELS // 1_000_000} megapixels")
    try:
        img.load()
    except (OSError, SyntaxError) as e:  # truncated or corrupt pixel data
        raise ValueError(f"{label}: image data is corrupt ({e})") from None
    return img
