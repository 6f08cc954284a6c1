"""``mm-eval score dynamath``: raw outputs re-judged by the official rules (DynaMath's report
JSON, JSONL, mm-eval's own samples), the lenient block when asked, and bad input (responses
files and results CSVs) as one line naming the file, row or line, and the field.

    pytest tests/eval/test_dynamath_score.py -q
"""
import json
import shutil
from pathlib import Path

import pytest

from eval.cli import main
from tests.eval.test_dynamath_official import official_verdict

FIX = Path(__file__).resolve().parents[1] / "fixtures" / "dynamath-results"

# seed -> (ground truth, answer type, outputs of variant 1 and variant 2)
SEEDS = {
    "1": ("B", "multiple choice", [json.dumps({"solution": "..", "short answer": "B"}),
                                   json.dumps({"solution": "..", "short answer": "b"})]),
    "2": ("2.5", "float", ['{"solution": "x", "short answer": "2.5 cm"}',
                           "I think. The answer is\n2.5."]),
    "3": ("F", "multiple choice", ['{"short answer": "F"}', '{"short answer": "(F)"}']),
    "4": ("connected", "text", ['{"short answer": "Connected"}',
                                '{"short answer": "it is connected"}']),
}


def report_entry(output: str, truth: str, kind: str) -> dict:
    """What DynaMath's open-model script records for one output: its response dict (the
    parsed JSON, or the solution / last-line fallback) and its result."""
    i, j = output.find("{"), output.rfind("}")
    text = output[i:j + 1].replace("\\", "") if 0 <= i < j else output
    try:
        dj = json.loads(text, strict=False)
    except ValueError:
        dj = {"solution": text, "short answer": text.split("\n")[-1][:-1]}
    return {"question": "?", "subject": "algebra", "knowledge level": "high school",
            "Ground truth": truth, "image": "image/image1.png", "response": dj,
            "result": "correct" if official_verdict(output, truth, kind) else "fail"}


def write_reports(tmp_path) -> list[str]:
    paths = []
    for v in (0, 1):
        rep = {s: report_entry(outs[v], gt, kind) for s, (gt, kind, outs) in SEEDS.items()}
        p = tmp_path / f"model_variant{v + 1}report"
        p.write_text(json.dumps(rep, indent=4))
        paths.append(str(p))
    (tmp_path / "dataset.json").write_text(json.dumps(
        {s: {"question": "?", "answer": gt, "answer_type": kind, "image": "image/x.png",
             "subject": "algebra", "level": "high school"}
         for s, (gt, kind, _) in SEEDS.items()}))
    return paths


# official: seed 1 right/wrong, seed 2 right/right, seed 3 right/right, seed 4 wrong/right;
# lenient: all right
EXPECTED = {"average": 75.0, "worst": 50.0, "rr": 66.67, "n_seeds": 4, "n_samples": 8}


def test_reports_rejudged_by_the_official_rules(tmp_path, run_cli):
    paths = write_reports(tmp_path)
    for extra in ([], ["--dataset", str(tmp_path / "dataset.json")], ["--dataset", str(tmp_path)]):
        r = run_cli(main, "score", "dynamath", "--responses", *paths, *extra)
        assert r.returncode == 0 and r.stderr == "", r.stderr
        m = json.loads(r.stdout)
        assert {k: m[k] for k in EXPECTED} == EXPECTED
        assert m["per_topic"]["algebra"]["average"] == 75.0 and "lenient" not in m


def test_lenient_block_beside_the_official_numbers(tmp_path, run_cli):
    r = run_cli(main, "score", "dynamath", "--responses", *write_reports(tmp_path), "--lenient",
                "--fractions")
    m = json.loads(r.stdout)
    assert m["average"] == 0.75
    assert m["lenient"]["average"] == 1.0 and m["lenient"]["worst"] == 1.0
    assert m["lenient"]["n_unparsable"] == 0


def test_jsonl_and_mm_eval_samples_round_trip(tmp_path, run_cli):
    from eval.runner import evaluate
    from eval.task import TaskContext
    from mm.adapters import Adapter

    class Mixed(Adapter):
        """Right in JSON for every other sample, the lower-cased truth in free text between."""

        name = "mixed"

        def generate(self, images, prompts, gen, oracle=None):
            out = []
            for i, o in enumerate(oracle):
                a = json.loads(o)["short answer"]
                out.append(o if i % 2 else f"So the answer is {a.lower()}")
            return out

    res = evaluate(Mixed(), ["dynamath"], tmp_path / "run",
                   TaskContext(limit=20, options={"lenient": "true"}), progress=False)
    run = res["tasks"]["dynamath"]
    samples = tmp_path / "run" / "samples_dynamath.jsonl"
    r = run_cli(main, "score", "dynamath", "--responses", str(samples), "--lenient",
                "--fractions")
    assert r.returncode == 0, r.stderr
    m = json.loads(r.stdout)
    for k in ("average", "worst", "rr", "n_seeds", "per_topic", "per_level"):
        assert m[k] == run[k], k
    assert m["lenient"]["average"] == run["lenient"]["average"]
    assert 0 < run["average"] < run["lenient"]["average"]

    # plain JSONL: id shared by the variants of a seed, variant given
    lines = [json.dumps({"id": s, "variant": v, "prediction": outs[v], "ground_truth": gt,
                         "answer_type": kind, "subject": "algebra"})
             for s, (gt, kind, outs) in SEEDS.items() for v in (0, 1)]
    p = tmp_path / "outputs.jsonl"
    p.write_text("\n".join(lines) + "\n")
    m = json.loads(run_cli(main, "score", "dynamath", "--responses", str(p)).stdout)
    assert {k: m[k] for k in EXPECTED} == EXPECTED


@pytest.mark.parametrize("line,message", [
    ({"id": "1", "variant": 0, "ground_truth": "B", "answer_type": "multiple choice"},
     "line 2: field 'prediction': missing"),
    ({"id": "1", "variant": 0, "prediction": "B", "answer_type": "multiple choice"},
     "line 2: field 'ground_truth': missing"),
    ({"id": "1", "variant": 0, "prediction": "B", "ground_truth": "B", "answer_type": "mc"},
     "line 2: field 'answer_type': expected one of multiple choice, float, text, got 'mc'"),
    ({"id": "1", "prediction": "B", "ground_truth": "B", "answer_type": "text"},
     "line 2: field 'variant': missing"),
    ({"id": "1", "variant": "x", "prediction": "B", "ground_truth": "B", "answer_type": "text"},
     "line 2: field 'variant': expected an integer, got 'x'"),
    ({"id": "9", "variant": 0, "prediction": 3, "ground_truth": "3", "answer_type": "float"},
     "line 2: field 'prediction': expected a string"),
    ({"id": "9", "variant": 0, "prediction": "B", "ground_truth": "B", "answer_type": "text"},
     "seed '9' variant 0 is given twice"),
    ("not json", "line 2: not JSON"),
    (5, "line 2: expected a JSON object"),
])
def test_bad_jsonl_is_one_line_naming_file_line_and_field(tmp_path, run_cli, line, message):
    first = {"id": "9", "variant": 0, "prediction": "{}", "ground_truth": "1",
             "answer_type": "float"}
    p = tmp_path / "bad.jsonl"
    p.write_text(json.dumps(first) + "\n" + (line if isinstance(line, str) else
                                              json.dumps(line)) + "\n")
    r = run_cli(main, "score", "dynamath", "--responses", str(p))
    assert (r.returncode, r.stdout, r.stderr.count("\n")) == (2, "", 1), r.stderr
    assert r.stderr.startswith("mm-eval: error: argument --responses: ")
    assert str(p) in r.stderr and message in r.stderr


def test_other_bad_inputs(tmp_path, run_cli):
    paths = write_reports(tmp_path)
    cases = [
        (["--responses", str(tmp_path / "nope.json")], "--responses", "nope.json: no such file"),
        (["--responses", paths[0], "--dataset", str(tmp_path / "x.json")], "--dataset",
         "x.json: no such file"),
        (["--csv", str(FIX / "GPT4o-result.csv"), "--lenient"], "--lenient",
         "applies to --responses only"),
        (["--csv", "a.csv", "--responses", paths[0]], "--responses", "not allowed with"),
        ([], "", "one of the arguments --csv --responses is required"),
    ]
    empty = tmp_path / "empty.jsonl"
    empty.write_text("\n")
    cases.append((["--responses", str(empty)], "--responses", "empty.jsonl: no responses"))
    ds = json.loads((tmp_path / "dataset.json").read_text())
    del ds["4"]
    (tmp_path / "short.json").write_text(json.dumps(ds))
    cases.append((["--responses", paths[0], "--dataset", str(tmp_path / "short.json")],
                  "--responses", "key '4': not in the --dataset file"))
    for argv, flag, message in cases:
        r = run_cli(main, "score", "dynamath", *argv)
        assert r.returncode == 2 and r.stderr.count("\n") == 1, (argv, r.stderr)
        assert flag in r.stderr and message in r.stderr, (argv, r.stderr)


def test_inferred_answer_types_that_disagree_with_the_report_are_noted(tmp_path, run_cli):
    # a text answer that reads as a number is inferred as a float: "10" holds "1", != 1.0
    rep = {"1": report_entry('{"short answer": "10"}', "1", "text")}
    p = tmp_path / "report"
    p.write_text(json.dumps(rep))
    r = run_cli(main, "score", "dynamath", "--responses", str(p))
    assert r.returncode == 0 and json.loads(r.stdout)["average"] == 0.0
    assert r.stderr == ("mm-eval: note: 1 official verdicts differ from the results the report "
                        "recorded (answer types inferred? pass --dataset)\n")


# ------------------------------------------------------------------ results CSVs (issue 13)


def _csv(tmp_path, edit) -> Path:
    lines = (FIX / "GPT4o-result.csv").read_text(encoding="utf-8-sig").splitlines()
    p = tmp_path / "edited.csv"
    p.write_text("\n".join(edit(lines)) + "\n")
    return p


@pytest.mark.parametrize("edit,message", [
    (lambda ls: ls[:3] + [ls[3].rsplit(",", 2)[0]] + ls[4:],
     "row 4 (Q3): column 'Topic': missing (the row is short)"),
    (lambda ls: [ls[0].replace("Topic", "Subject")] + ls[1:],
     "row 1 (header): not a DynaMath results CSV (missing column: Topic)"),
    (lambda ls: ls[:3] + [ls[1]] + ls[3:],
     "row 4: column 'Question ID': Q1 appears twice (first at row 2)"),
    (lambda ls: ls[:2] + [ls[2].replace("correct", "right", 1).replace("fail", "right", 1)]
     + ls[3:], "row 3 (Q2): column 'Variant 1': expected correct/fail, got 'right'"),
])
def test_bad_results_csv_is_one_line_naming_file_row_and_column(tmp_path, run_cli, edit,
                                                                 message):
    p = _csv(tmp_path, edit)
    r = run_cli(main, "score", "dynamath", "--csv", str(p))
    assert (r.returncode, r.stdout, r.stderr.count("\n")) == (2, "", 1), r.stderr
    assert r.stderr == f"mm-eval: error: argument --csv: {p}: {message}\n"


def test_results_csv_scores_unchanged(tmp_path, run_cli):
    shutil.copy(FIX / "GPT4o-result.csv", tmp_path / "a.csv")
    m = json.loads(run_cli(main, "score", "dynamath", "--csv", str(tmp_path / "a.csv")).stdout)
    assert (m["average"], m["worst"], m["rr"], m["n_seeds"], m["n_samples"]) == \
        (63.33, 34.73, 54.84, 501, 5010)
    assert sorted(m) == ["average", "irrelevant_clause", "n_samples", "n_seeds", "per_level",
                         "per_topic", "rr", "worst"]
    assert m["irrelevant_clause"] == {"absent": True}  # DynaMath's results carry no such flag
