"""The quickstart report's targets table: evaluation targets read from a results.json (value,
95% interval, n, met or flagged missed), with the training goals of pipeline.json."""
from __future__ import annotations

import json

from eval.quickstart import eval_targets, targets_section, write


def _results(f1_adv: float, yes_adv: float, acc: float) -> dict:
    per = {"random": {"f1": 0.9, "yes_ratio": 0.5, "n": 20},
           "adversarial": {"f1": f1_adv, "yes_ratio": yes_adv, "n": 20}}
    figures = {"per_split.random.f1": {"n": 20, "ci95": [0.8, 0.95]},
               "per_split.adversarial.f1": {"n": 20, "ci95": [0.5, 0.7]},
               "acc": {"n": 60, "ci95": [0.7, 0.9]}}
    return {"tasks": {"pope-synth": {"splits": ["random", "adversarial"], "per_split": per},
                      "mme-synth": {"acc": acc}},
            "intervals": {"pope-synth": {"figures": figures},
                          "mme-synth": {"figures": {"acc": figures["acc"]}}}}


def test_every_split_is_held_to_each_pope_target():
    rows = eval_targets(_results(0.6, 0.7, 0.8))
    got = {r["text"]: r["met"] for r in rows}
    assert got == {"POPE-synth F1 (random) >= 0.8": True,
                   "POPE-synth F1 (adversarial) >= 0.8": False,
                   "POPE-synth yes ratio (random) >= 0.4": True,
                   "POPE-synth yes ratio (adversarial) >= 0.4": True,
                   "POPE-synth yes ratio (random) <= 0.6": True,
                   "POPE-synth yes ratio (adversarial) <= 0.6": False,
                   "MME-synth accuracy >= 0.75": True}
    by_text = {r["text"]: r for r in rows}
    assert by_text["POPE-synth F1 (adversarial) >= 0.8"]["interval_text"] == "0.500 to 0.700"
    assert by_text["MME-synth accuracy >= 0.75"]["n"] == 60
    # a figure without an interval (none computed) still reports its value
    assert by_text["POPE-synth yes ratio (random) <= 0.6"]["interval_text"] == ""


def test_the_table_flags_what_is_missed_and_counts_it(tmp_path):
    goal = {"text": "R@1 >= 20x chance", "measured": "14.0x", "met": False,
            "interval_text": "8.0x to 22.1x", "n": 200}
    lines = targets_section({"evidence": {"stage1": {"goals": [goal]}}},
                            _results(0.85, 0.5, 0.5))
    text = "\n".join(lines)
    assert "6 of 8 met; **2 missed**." in text
    assert "Not measured: MAVIS held-out multiple-choice accuracy >= the image-blind twin's" in text
    assert "| stage1 | R@1 >= 20x chance | 14.0x | 8.0x to 22.1x | 200 | **missed** |" in text
    assert "| eval greedy | MME-synth accuracy >= 0.75 | 0.500 | 0.700 to 0.900 | 60 | " \
           "**missed** |" in text
    # write() puts the table first, from the files of a quickstart folder
    (tmp_path / "eval-greedy").mkdir()
    (tmp_path / "eval-greedy" / "results.json").write_text(json.dumps(
        {**_results(0.85, 0.5, 0.8), "config": {"decoding": None}}))
    report = write(tmp_path).read_text()
    assert report.splitlines()[2] == "## Targets" and "7 of 7 met." in report


def test_language_prior_line_compares_false_positives_of_two_splits():
    from eval.quickstart import prior_lines

    per = {"random": {"fp": 9, "tn": 81}, "adversarial": {"fp": 36, "tn": 54}}
    [line, _] = prior_lines({"tasks": {"pope-synth": {"per_split": per}}})
    assert line.startswith("Language prior of the greedy model (POPE-synth, absent objects "
                           "called present): adversarial negatives 40.0% of 90, random "
                           "negatives 10.0% of 90; difference +30.0 points (95% interval +17.")
    assert prior_lines({"tasks": {"pope-synth": {"per_split": {"random": per["random"]}}}}) == []
