"""engines.images: the one pixel limit, checked from the header before decoding."""
import io

import pytest
from PIL import Image

from engines.images import MAX_PIXELS, ImageTooLarge, open_image


def _png(w, h) -> bytes:
    buf = io.BytesIO()
    Image.new("1", (w, h)).save(buf, format="PNG")  # 1-bit: a huge canvas stays small on disk
    return buf.getvalue()


def test_small_image_decodes_from_bytes_and_path(tmp_path):
    p = tmp_path / "a.png"
    p.write_bytes(_png(30, 20))
    assert open_image(p).size == (30, 20)
    assert open_image(p.read_bytes(), "cell 3").size == (30, 20)


def test_over_the_limit_is_refused_naming_the_file(tmp_path):
    p = tmp_path / "huge.png"
    p.write_bytes(_png(MAX_PIXELS // 1000 + 1, 1000))
    with pytest.raises(ImageTooLarge, match=r"huge\.png: 40001 x 1000 pixels is over the limit "
                                             r"of 40 megapixels"):
        open_image(p)


def test_not_an_image_and_missing_file(tmp_path):
    p = tmp_path / "notes.png"
    p.write_text("hello")
    with pytest.raises(ValueError, match=r"notes\.png: not an image Pillow can read"):
        open_image(p)
    with pytest.raises(FileNotFoundError, match="gone.png: image file does not exist"):
        open_image(tmp_path / "gone.png")


def test_truncated_image_is_one_error(tmp_path):
    buf = io.BytesIO()
    Image.new("RGB", (64, 64), (200, 10, 10)).save(buf, format="PNG")
    p = tmp_path / "cut.png"
    p.write_bytes(buf.getvalue()[:60])
    with pytest.raises(ValueError, match=r"cut\.png: "):
        open_image(p)
