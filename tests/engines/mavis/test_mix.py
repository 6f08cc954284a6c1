"""Family mixes of the caption and instruct builds (engines/mavis/mix.py): the MAVIS weights per
100 units, the uniform round robin, the flag's default and its record in the build config."""
from __future__ import annotations

from collections import Counter

import pytest

from engines.cli import main as mm_data
from engines.dataset import BuildConfig, get_builder, read_config
from engines.mavis import registry
from engines.mavis.mix import MAVIS_WEIGHTS, check_mix, family_at, schedule

VALID = registry.caption_families()


def test_mavis_mix_holds_the_paper_shares_in_every_100_units():
    for start in (0, 37, 950):
        got = Counter(family_at("mavis", [], VALID, u) for u in range(start, start + 100))
        assert got == {"plane_geometry": 51, "function": 36, "analytic_geometry": 13}


def test_mavis_mix_interleaves_rather_than_runs():
    period = schedule("mavis", ("analytic_geometry", "function", "plane_geometry"))
    longest, run = 1, 1
    for a, b in zip(period, period[1:]):
        run = run + 1 if a == b else 1
        longest = max(longest, run)
    assert longest <= 2  # plane geometry, about one unit in two, never three in a row
    assert Counter(period[:10]) == {"plane_geometry": 5, "function": 4, "analytic_geometry": 1}


def test_uniform_mix_is_the_round_robin():
    assert [family_at("uniform", [], VALID, u) for u in range(len(VALID))] == VALID
    assert [family_at("uniform", ["chart", "graph"], VALID, u) for u in range(3)] == \
        ["chart", "graph", "chart"]


def test_mavis_mix_keeps_the_weights_of_named_families():
    got = Counter(family_at("mavis", ["function", "plane_geometry"], VALID, u)
                  for u in range(87))
    assert got == {"plane_geometry": 51, "function": 36}


def test_mavis_mix_refuses_families_it_cannot_weight():
    with pytest.raises(ValueError, match=r"^--mix: mavis weights only plane_geometry, function, "
                                         r"analytic_geometry, not chart; use --mix uniform$"):
        check_mix("mavis", ["function", "chart"])
    with pytest.raises(ValueError, match="^--mix: unknown even; valid: mavis, uniform$"):
        check_mix("even", [])
    assert set(MAVIS_WEIGHTS) <= set(registry.instruct_families())


@pytest.mark.parametrize("kind", ["mavis-caption", "mavis-instruct"])
def test_cli_default_is_mavis_and_families_default_to_uniform(kind):
    b = get_builder(kind)
    import argparse
    p = argparse.ArgumentParser()
    b.add_arguments(p)
    assert b.config_from_args(p.parse_args(["--n", "3", "--out", "x"])).options["mix"] == "mavis"
    a = p.parse_args(["--n", "3", "--out", "x", "--families", "function"])
    assert b.config_from_args(a).options["mix"] == "uniform"
    a = p.parse_args(["--n", "3", "--out", "x", "--mix", "uniform"])
    assert b.config_from_args(a).options["mix"] == "uniform"


def test_config_without_mix_is_uniform():
    """A stage's own build (BuildConfig without options) keeps the round robin."""
    b = get_builder("mavis-caption")
    cfg = BuildConfig(kind="mavis-caption", n=20, seed=0, image_size=32)
    assert [b.unit_rows(cfg, u)[0]["family"] for u in range(3)] == VALID[:3]


def test_build_records_the_mix_and_a_rerun_with_another_is_refused(tmp_path, capsys):
    out = tmp_path / "cap"
    args = ["mavis-caption", "--n", "6", "--image-size", "32", "--out", str(out),
            "--no-progress"]
    with pytest.raises(SystemExit) as e:
        mm_data(args)
    assert e.value.code == 0
    assert read_config(out)["options"] == {"mix": "mavis"}
    with pytest.raises(SystemExit) as e:
        mm_data(args + ["--mix", "uniform"])
    assert e.value.code != 0
    assert "--overwrite" in capsys.readouterr().err


def test_cli_mix_with_unweighted_family_is_one_line(tmp_path, capsys):
    with pytest.raises(SystemExit) as e:
        mm_data(["mavis-instruct", "--n", "6", "--out", str(tmp_path / "i"), "--mix", "mavis",
                 "--families", "solid_geometry", "--no-progress"])
    assert e.value.code == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "--mix: mavis weights only" in err
