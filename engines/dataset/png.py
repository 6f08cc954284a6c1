"""Image cells of a dataset: lossless PNG bytes written without Pillow's filter search.

Pillow's encoder always runs PNG's adaptive per-row filter search on RGB images and has no
option to skip it; on flat-colour diagrams that search costs more than the compression itself.
Filter 0 (none) is ~2.5x faster and the files are ~10% smaller; the bytes decode to the same
pixels (tests/engines/dataset/test_writer.py).

The deflate stream is zlib-ng's (the ``zlib-ng`` package, level 2), not zlib's: on these
diagrams it is about 3.5x faster than zlib at level 3 (~0.23 ms against ~0.8 ms a 336-px figure,
most of the PNG cost) and its files are ~4% smaller; any inflate reads it. Intel's ISA-L is
faster still but reads uninitialised memory when it compresses (valgrind shows it; its hash
table is not cleared), so the same picture could deflate to other bytes in another run: zlib-ng
clears its tables as zlib does, and its bytes are a function of the input and the library's
version (and, as for numpy's kernels, possibly of the CPU family).

    python bench/bench_dynamath.py
"""
from __future__ import annotations

import io
import struct
import zlib

import numpy as np
from zlib_ng import zlib_ng

_PNG_COLOR_TYPE = {"L": 0, "RGB": 2, "RGBA": 6}


def _png_chunk(tag: bytes, data: bytes) -> bytes:
    return (struct.pack(">I", len(data)) + tag + data
            + struct.pack(">I", zlib.crc32(tag + data) & 0xFFFFFFFF))


def png_bytes(img) -> bytes:
    """Lossless PNG bytes of an 8-bit L/RGB/RGBA image (other modes go through Pillow)."""
    ctype = _PNG_COLOR_TYPE.get(img.mode)
    if ctype is None:
        buf = io.BytesIO()
        img.save(buf, format="PNG", compress_level=3)
        return buf.getvalue()
    w, h = img.size
    rows = np.frombuffer(img.tobytes(), dtype=np.uint8).reshape(h, -1)
    raw = np.empty((h, rows.shape[1] + 1), np.uint8)
    raw[:, 0] = 0  # each row's filter byte: none
    raw[:, 1:] = rows
    ihdr = struct.pack(">IIBBBBB", w, h, 8, ctype, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + _png_chunk(b"IHDR", ihdr)
            + _png_chunk(b"IDAT", zlib_ng.compress(raw, 2)) + _png_chunk(b"IEND", b""))


def image_cell(img) -> dict:
    """A ``datasets.Image`` cell holding the image's PNG bytes."""
    return {"bytes": png_bytes(img), "path": None}


def cell_image(cell):
    """The PIL image of an image cell (bytes, else path), loaded."""
    from engines.images import open_image

    src = cell["bytes"] if cell.get("bytes") else cell.get("path")
    if src is None:
        raise FileNotFoundError("the image cell holds neither bytes nor a path")
    return open_image(src, None if cell.get("path") and not cell.get("bytes") else "image cell")
