"""The dataset writer: loadable output, shard union, num-proc, resume, config guard, bad units."""
import hashlib
import json
from pathlib import Path

import numpy as np
import pytest

from engines import dataset
from engines.dataset import BUILDERS, BuildConfig, Builder, image_cell, unit_seed
from renderers.canvas import Canvas


class ToyBuilder(Builder):
    kind = "toy"
    count_columns = ("parity",)
    description = "toy rows for tests"

    def features(self, cfg):
        import datasets

        return datasets.Features({"id": datasets.Value("string"), "image": datasets.Image(),
                                  "value": datasets.Value("int64"),
                                  "parity": datasets.Value("string")})

    def unit_size(self, cfg):
        return 2

    def unit_rows(self, cfg, u):
        if u in cfg.options.get("fail_units", []):
            raise RuntimeError(f"unit {u} is bad on purpose")
        rng = np.random.default_rng(unit_seed(cfg.seed, self.kind, u))
        v = int(rng.integers(1000))
        c = Canvas(32)
        c.text((16, 16), str(v % 10), px=12)
        rows = []
        for j in range(2):
            rows.append({"id": f"toy-{u}-{j}", "image": image_cell(c.finish()), "value": v + j,
                         "parity": "even" if (v + j) % 2 == 0 else "odd"})
        return rows


@pytest.fixture(autouse=True)
def toy_kind():
    """The toy kind is registered for each test and gone after it."""
    with BUILDERS.isolated():
        BUILDERS.register(ToyBuilder)
        yield


def _cfg(**kw):
    base = dict(kind="toy", n=41, seed=3, image_size=32, chunk_size=4)
    base.update(kw)
    return BuildConfig(**base)


def _digests(out: Path) -> dict[str, str]:
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted((out / "data").glob("*.parquet"))}


def test_build_loads_with_datasets_and_has_exact_rows(tmp_path):
    s = dataset.build(_cfg(), tmp_path / "d", progress=False)
    assert s["chunks"] == 6 and s["built"] == 6 and s["complete"]
    ds = dataset.load(tmp_path / "d")
    assert len(ds) == 41  # 21 units of 2 rows, the last unit cut
    assert ds[0]["id"] == "toy-0-0" and ds[40]["id"] == "toy-20-0"
    assert ds[0]["image"].size == (32, 32)  # decoded as a PIL image by datasets.Image
    card = (tmp_path / "d" / "README.md").read_text()
    assert card.startswith("---\n") and "build_config:" in card and "num_rows: 41" in card
    assert "| even |" in card and "complete: true" in card


def test_shard_union_and_num_proc_are_byte_identical(tmp_path):
    dataset.build(_cfg(), tmp_path / "one", progress=False)
    for i in range(3):
        dataset.build(_cfg(), tmp_path / "sharded", shard_index=i, num_shards=3, progress=False)
    dataset.build(_cfg(), tmp_path / "par", num_proc=2, progress=False)
    one = _digests(tmp_path / "one")
    assert len(one) == 6
    assert _digests(tmp_path / "sharded") == one
    assert _digests(tmp_path / "par") == one
    assert (tmp_path / "sharded" / "README.md").read_text().replace("sharded", "one") == \
        (tmp_path / "one" / "README.md").read_text()


def test_partial_shard_card_says_incomplete(tmp_path):
    s = dataset.build(_cfg(), tmp_path / "d", shard_index=0, num_shards=2, progress=False)
    assert not s["complete"] and s["built"] == 3
    assert "build not complete" in (tmp_path / "d" / "README.md").read_text()


def test_resume_keeps_finished_chunks(tmp_path):
    out = tmp_path / "d"
    dataset.build(_cfg(), out, progress=False)
    ref = _digests(out)
    files = sorted((out / "data").glob("*.parquet"))
    files[2].unlink()
    files[4].unlink()
    (out / "data" / "train-00001-of-00006.parquet.tmp999").write_bytes(b"half a file")
    mtime = files[0].stat().st_mtime_ns
    s = dataset.build(_cfg(), out, progress=False)
    assert s["built"] == 2 and s["kept"] == 4
    assert files[0].stat().st_mtime_ns == mtime
    assert _digests(out) == ref
    assert not list((out / "data").glob("*.tmp*"))


def test_other_config_refused_unless_overwrite(tmp_path):
    out = tmp_path / "d"
    dataset.build(_cfg(), out, progress=False)
    with pytest.raises(FileExistsError, match=r"differs in: seed"):
        dataset.build(_cfg(seed=4), out, progress=False)
    s = dataset.build(_cfg(seed=4), out, overwrite=True, progress=False)
    assert s["built"] == 6
    assert json.loads((out / "build.json").read_text())["seed"] == 4
    foreign = tmp_path / "foreign"
    foreign.mkdir()
    (foreign / "notes.txt").write_text("mine")
    with pytest.raises(FileExistsError, match="not a dataset built here"):
        dataset.build(_cfg(), foreign, progress=False)


def test_bad_unit_is_recorded_and_build_goes_on(tmp_path):
    out = tmp_path / "d"
    s = dataset.build(_cfg(options={"fail_units": [5]}), out, progress=False)
    assert [e["unit"] for e in s["errors"]] == [5]
    assert "bad on purpose" in s["errors"][0]["error"]
    assert len(dataset.load(out)) == 39
    assert "failed units: 1" in (out / "README.md").read_text()


def test_unit_seed_depends_only_on_its_inputs():
    assert unit_seed(0, "toy", 5) == unit_seed(0, "toy", 5)
    seeds = {unit_seed(s, k, u) for s in range(3) for k in ("a", "mavis-caption") for u in range(50)}
    assert len(seeds) == 300
    assert all(0 <= x < 2 ** 63 for x in seeds)


@pytest.mark.parametrize("mode", ["RGB", "L", "RGBA", "P", "1"])
def test_png_bytes_decode_to_the_same_pixels(mode):
    import io

    from PIL import Image

    rng = np.random.default_rng(3)
    rgb = Image.fromarray(rng.integers(0, 256, (37, 53, 3), dtype=np.uint8))
    img = rgb.convert(mode) if mode != "P" else rgb.quantize(16)
    data = dataset.png_bytes(img)
    back = Image.open(io.BytesIO(data))
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    assert back.mode == img.mode and back.size == (53, 37)
    assert np.array_equal(np.asarray(back), np.asarray(img))
    assert dataset.png_bytes(img) == data  # deterministic


def test_png_bytes_of_a_diagram_is_smaller_than_pillows_default():
    import io

    import renderers

    fam = renderers.FAMILIES.get("plane_geometry")
    img = renderers.render(fam.sample_spec(np.random.default_rng(0)), 336)
    buf = io.BytesIO()
    img.save(buf, format="PNG")
    assert len(dataset.png_bytes(img)) < 1.1 * len(buf.getvalue())
