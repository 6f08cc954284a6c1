"""The MAVIS-Instruct versions contact sheet (engines/sheet.py, ``mm-data sheet --versions``):
one problem per family whose three versions differ, drawn side by side."""
from __future__ import annotations

import pytest
from PIL import Image

from engines import sheet
from engines.cli import main as mm_data
from engines.mavis.problem import VERSIONS, distinct_versions, question_text, version_spec


def test_version_problem_has_three_distinct_rows():
    p = sheet.version_problem("function", seed=0)
    assert distinct_versions(p) == list(VERSIONS)
    qs = [question_text(p, v) for v in VERSIONS]
    assert len(set(qs)) == 3 and len(qs[0]) > len(qs[1]) > len(qs[2])
    specs = {version_spec(p, v).to_json() for v in VERSIONS}
    assert len(specs) == 3


def test_versions_sheet_is_one_row_of_three(tmp_path):
    img = sheet.versions_sheet(["analytic_geometry"], size=96, cell=96)
    assert img.size[0] == 3 * (96 + 8) + 8


def test_cli_versions_sheet_and_bad_family(tmp_path, capsys):
    out = tmp_path / "v.png"
    with pytest.raises(SystemExit) as e:
        mm_data(["sheet", "--versions", "--families", "analytic_geometry", "--out", str(out)])
    assert e.value.code == 0 and Image.open(out).size[0] == 3 * 308 + 8
    with pytest.raises(SystemExit) as e:
        mm_data(["sheet", "--versions", "--families", "chart", "--out", str(out)])
    assert e.value.code == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err[-1].startswith("mm-data: error: argument --families: no instruct problems for "
                              "chart; valid: analytic_geometry, function")
