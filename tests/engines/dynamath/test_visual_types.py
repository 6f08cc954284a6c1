"""Visual types of DynaMath variants: derived from the spec's family and kind, a seed's own
override, the fallback for a family not named, the `mm-data dynamath list` column and the
dataset card's counts."""
from dataclasses import dataclass
from typing import ClassVar

import pytest

from engines.builders.dynamath import dynamath_config, list_seeds
from engines.dataset import build
from engines.dataset.card import card_text
from engines.dynamath.seed import _check_seed, load_seeds, make_variant
from engines.dynamath.visual import GENERIC, VISUAL_TYPES, spec_visual_type
from renderers.arithmetic.spec import ArithmeticSpec
from renderers.chart.spec import ChartSpec
from renderers.heatmap.spec import HeatmapSpec
from renderers.spec import Spec
from renderers.venn.spec import VennSpec

SEEDS = load_seeds()


@dataclass
class _Unnamed(Spec):
    family: ClassVar[str] = "no_such_family"
    kind: str = "table"


def test_type_by_family_and_kind():
    assert spec_visual_type(ChartSpec(kind="bar")) == "chart"
    assert spec_visual_type(ChartSpec(kind="table")) == "table"
    assert spec_visual_type(HeatmapSpec()) == "heatmap"
    assert spec_visual_type(VennSpec()) == "Venn diagram"
    assert spec_visual_type(ArithmeticSpec(kind="clock")) == "clock"
    assert spec_visual_type(ArithmeticSpec(kind="tally")) == "arithmetic figure"


def test_unnamed_family_falls_back_to_the_generic_type():
    assert spec_visual_type(_Unnamed()) == GENERIC == "diagram"


def test_seed_override_and_its_check():
    v = make_variant("algebra-matrix-determinant", 3)
    assert v.spec.family == "heatmap" and v.visual_type == "matrix"
    assert make_variant("stat-venn3-exactly", 3).visual_type == "Venn diagram"

    class Odd(type(SEEDS["algebra-matrix-determinant"])):
        visual_type = "hologram"
    with pytest.raises(ValueError, match="visual_type 'hologram'; valid: 3-D surface"):
        _check_seed("t-odd", Odd())


def test_every_seed_has_a_named_type():
    types = {sid: make_variant(sid, 0).visual_type for sid in SEEDS}
    assert set(types.values()) <= set(VISUAL_TYPES)
    assert [s for s, t in types.items() if t == GENERIC] == []
    for t in ("function plot", "table", "chart", "graph/network", "Venn diagram", "heatmap",
              "3-D surface", "contour plot", "matrix", "flowchart", "calendar"):
        assert sum(x == t for x in types.values()) >= 3, t


def test_list_shows_the_type_last_and_counts_it(capsys):
    assert list_seeds() == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split()[:5] == ["seed_id", "topic", "level", "answer", "kinds"]
    assert lines[0].endswith(" visual type")
    row = next(x for x in lines if x.startswith("algebra-matrix-eigenvalue "))
    col = lines[0].index("visual type")
    assert row[col:] == "matrix"
    assert row[:col].rstrip().endswith(" numerical value, symbolic substitution")
    assert lines[-1].startswith(f"{len(SEEDS)} seeds; algebra: ")
    counts = dict(x.split(": ") for x in lines[-2].removeprefix("visual types: ").split(", "))
    assert sum(map(int, counts.values())) == len(SEEDS)
    assert int(counts["matrix"]) >= 3


def test_card_counts_visual_types(tmp_path):
    cfg = dynamath_config(["algebra-matrix-determinant", "stat-venn3-exactly",
                           "algebra-table-rule"], 2, 0, image_size=32)
    build(cfg, tmp_path, progress=False)
    text, info = card_text(tmp_path)
    assert info["counts"]["visual_type"] == {"matrix": 2, "Venn diagram": 2, "table": 2}
    assert info["counts"]["subject"] == {"algebra": 4, "statistics": 2}
    assert "## Counts by visual_type\n\n| visual_type | rows |\n|---|---:|\n" \
           "| Venn diagram | 2 |\n| matrix | 2 |\n| table | 2 |\n" in text
