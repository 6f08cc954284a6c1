"""Files the demo receives or writes do not stay behind: an upload is removed from gradio's cache
once read (accepted or not), a file outside the cache is never touched, what the app wrote is
removed by gradio's ``delete_cache`` when old, and the server's own cache folder with
everything in it when the server stops."""
import os
from pathlib import Path

import pytest
from PIL import Image

from demo import logic
from tests.demo import helpers

app = helpers.LazyModule("demo.app")  # gradio loads when a test first uses it
# one worker runs the demo's tests, so one worker pays for importing gradio
pytestmark = pytest.mark.xdist_group("gradio")


@pytest.fixture
def cache(tmp_path, monkeypatch):
    """gradio's cache folder moved into the test's folder."""
    folder = tmp_path / "gradio-cache"
    folder.mkdir()
    monkeypatch.setenv("GRADIO_TEMP_DIR", str(folder))
    return folder


def test_upload_in_the_cache_is_removed_once_read(cache):
    good = cache / "a1b2" / "ok.png"
    good.parent.mkdir()
    Image.new("RGB", (20, 10), "white").save(good)
    image, _, status = app.on_upload(str(good))
    assert status == "Uploaded an image of 20 x 10 pixels." and image.size == (20, 10)
    assert not good.exists() and not good.parent.exists()
    bad = cache / "c3d4" / "fake.png"
    bad.parent.mkdir()
    bad.write_text("not an image")
    assert app.on_upload(str(bad))[2].startswith("**Error:** That file is not an image")
    assert not bad.exists()
    assert list(cache.iterdir()) == []


def test_a_file_outside_the_cache_is_left_alone(cache, tmp_path):
    mine = tmp_path / "mine.png"
    Image.new("RGB", (8, 8), "white").save(mine)
    assert app.on_upload(str(mine))[2] == "Uploaded an image of 8 x 8 pixels."
    assert mine.exists()
    sneaky = cache / ".." / "mine.png"  # resolves outside the cache
    app.on_upload(str(sneaky))
    assert mine.exists()
    logic.discard_upload(None)


def test_folder_with_another_file_is_kept(cache):
    folder = cache / "e5f6"
    folder.mkdir()
    one, other = folder / "one.png", folder / "other.png"
    for p in (one, other):
        Image.new("RGB", (4, 4), "white").save(p)
    app.on_upload(str(one))
    assert not one.exists() and other.exists()


def test_the_app_deletes_what_it_writes():
    demo = app.build_demo("builtin:random")
    assert demo.delete_cache == app.CACHE_LIFETIME == (600, 3600)


def test_private_cache_is_named_to_gradio_and_removed(cache):
    from gradio.utils import get_upload_folder

    with app.private_cache() as folder:
        assert get_upload_folder() == folder and Path(folder).parent == cache
        (Path(folder) / "x" / "y.png").parent.mkdir()
        (Path(folder) / "x" / "y.png").write_bytes(b"png")
    assert not Path(folder).exists() and os.environ["GRADIO_TEMP_DIR"] == str(cache)


@pytest.mark.slow
def test_served_upload_and_generated_files_are_gone_after_use_and_stop(cache, tmp_path):
    from gradio_client import Client, handle_file

    ok = tmp_path / "ok.png"
    Image.new("RGB", (30, 20), "white").save(ok)
    with app.private_cache() as folder:
        with helpers.serve("builtin:always-yes") as url:
            c = Client(url, verbose=False)
            shown, _, status = c.predict(handle_file(str(ok)), api_name="/upload")
            assert status == "Uploaded an image of 30 x 20 pixels."
            served = [p for p in Path(folder).rglob("*") if p.is_file()]
            # the upload itself is gone; the PNG the Image component shows stays meanwhile
            assert all(p.name != "ok.png" for p in served), served
            assert any(p.name == "image.png" for p in served), served
    assert list(cache.iterdir()) == []
    assert os.path.exists(shown)  # the client's own download, outside the server's cache
