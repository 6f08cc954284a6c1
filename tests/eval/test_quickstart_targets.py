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
    assert "Not measured: MAVIS held-out multiple choice against the image-blind twin (needs " \
           "twin-mavis/results.json" in text
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


def _mc(acc: float, n: int, res: dict | None = None) -> dict:
    """``res`` (default: no other task) with a mavis-heldout result of that multiple-choice
    accuracy over n problems."""
    res = json.loads(json.dumps(res or {"tasks": {}}))
    res["tasks"]["mavis-heldout"] = {"per_question_type": {
        "multiple_choice": {"accuracy": acc, "n": n}, "free_form": {"accuracy": 0.0, "n": 9}}}
    return res


def test_twin_target_is_the_multiple_choice_gain_with_newcombes_interval(tmp_path):
    from eval.quickstart import twin_target
    from mm.stats import newcombe

    [row] = twin_target(_mc(0.6, 50, _results(0.85, 0.5, 0.8)), _mc(0.3, 40))
    lo, hi = newcombe(0.6, 50, 0.3, 40)
    assert (row["measured"], row["met"], row["n"]) == ("+30.0 points", True, "50 / 40")
    assert row["interval_text"] == f"{100 * lo:+.1f} to {100 * hi:+.1f} points"
    assert row["text"] == ("MAVIS held-out multiple choice >= the image-blind twin's (or a "
                           "blind guess's, if higher) + 10 points (60.0% vs 30.0%)")
    [row] = twin_target(_mc(0.35, 50), _mc(0.3, 40))
    assert (row["measured"], row["met"]) == ("+5.0 points", False)
    assert twin_target(_mc(0.35, 50), None) == []
    assert twin_target(_mc(0.35, 50), _mc(0.3, 0)) == []
    # write() reads the twin's run from twin-mavis/ and counts the target
    for run, res in (("eval-greedy", {**_mc(0.35, 50, _results(0.85, 0.5, 0.8)),
                                      "config": {"decoding": None}}),
                     ("twin-mavis", {**_mc(0.3, 40), "config": {"decoding": None}})):
        (tmp_path / run).mkdir()
        (tmp_path / run / "results.json").write_text(json.dumps(res))
    report = write(tmp_path).read_text()
    assert "7 of 8 met; **1 missed**." in report and "Not measured" not in report


def test_twin_target_is_over_a_blind_guess_where_the_guess_beats_the_twin():
    from eval.quickstart import twin_target

    # 4-option problems: a guess is right a quarter of the time, above a twin at 20.3% that
    # answers no letter to some; 18 of 64 right is then +3.1 points, its interval Wilson's
    model, twin = _mc(18 / 64, 64), _mc(13 / 64, 64)
    model["tasks"]["mavis-heldout"]["per_question_type"]["multiple_choice"]["chance"] = 0.25
    [row] = twin_target(model, twin)
    lo, hi = _wilson(18, 64)
    assert (row["measured"], row["met"], row["n"]) == ("+3.1 points", False, "64 / 64")
    assert row["interval_text"] == f"{100 * (lo - 0.25):+.1f} to {100 * (hi - 0.25):+.1f} points"
    assert row["text"].endswith("+ 10 points (28.1% vs a guess's 25.0%; the twin 20.3%)")
    # a twin above the guess stays the baseline
    [row] = twin_target(model, _mc(0.1 + 18 / 64, 64))
    assert row["measured"] == "-10.0 points" and "guess's 25.0%" not in row["text"]


def _wilson(k: int, n: int, z: float = 1.959963984540054) -> tuple[float, float]:
    """Wilson's score interval, from its formula (Wilson 1927)."""
    p = k / n
    centre, half = p + z * z / (2 * n), z * ((p * (1 - p) + z * z / (4 * n)) / n) ** 0.5
    return (centre - half) / (1 + z * z / n), (centre + half) / (1 + z * z / n)


def _quickstart_run(root, counts: dict[str, tuple[int, int]], folder: str = "ablate-causalmm"
                    ) -> dict:
    """A quickstart folder's CausalMM experiment: an ablation whose settings called ``fp`` of
    ``fp + tn`` absent objects present; returns the greedy run's results (two POPE splits)."""
    ab = root / folder
    ab.mkdir()
    (ab / "ablation.md").write_text("# CausalMM ablation\n\n| setting | x |\n|---|---:|\n\n"
                                    "![ablation](ablation.png)\n")
    (ab / "ablation.json").write_text(json.dumps({"table": {k: {} for k in counts}}))
    for name, (fp, tn) in counts.items():
        (ab / name).mkdir()
        (ab / name / "results.json").write_text(json.dumps({"tasks": {"pope-synth": {
            "per_split": {"adversarial": {"fp": fp, "tn": tn, "yes_ratio": 0.5}}}}}))
    return {"tasks": {"pope-synth": {"per_split": {"random": {"fp": 28, "tn": 62},
                                                   "adversarial": {"fp": 53, "tn": 37}}}}}


def test_causalmm_section_counts_absent_companions_per_setting(tmp_path):
    from eval.quickstart import causalmm_section
    from mm.stats import newcombe

    greedy = _quickstart_run(tmp_path, {"greedy": (53, 37), "language-reversed": (74, 16),
                                        "control-gamma0": (53, 37)})
    text = "\n".join(causalmm_section(tmp_path, greedy))
    assert text.startswith("## CausalMM where its premise holds\n")
    assert "Language prior of the greedy model (POPE-synth, absent objects called present): " \
           "adversarial negatives 58.9% of 90, random negatives 31.1% of 90; difference " \
           "+27.8 points" in text
    assert "| setting | x |" in text and "# CausalMM ablation" not in text
    assert "![ablation](ablate-causalmm/ablation.png)" in text
    lo, hi = _wilson(74, 90)
    d_lo, d_hi = newcombe(74 / 90, 90, 53 / 90, 90)
    assert (f"| language-reversed | 74 / 90 (82.2%) | {100 * lo:.1f}% to {100 * hi:.1f}% | "
            f"+23.3 ({100 * d_lo:+.1f} to {100 * d_hi:+.1f}) | 0.50 |") in text
    assert "| control-gamma0 | 53 / 90 (58.9%) | 48.6% to 68.5% |  | 0.50 |" in text
    assert "| greedy | 53 / 90 (58.9%) | 48.6% to 68.5% | +0.0 (" in text


def test_causalmm_section_runs_the_experiment_on_the_prior_model_first(tmp_path):
    from eval.quickstart import causalmm_section
    from mm.stats import newcombe

    greedy = _quickstart_run(tmp_path, {"greedy": (10, 80), "control-gamma0": (10, 80)})
    _quickstart_run(tmp_path, {"greedy": (67, 23), "vision-reversed": (40, 50),
                               "language-reversed": (70, 20), "control-gamma0": (67, 23)},
                    folder="ablate-prior")
    per = {"random": {"fp": 18, "tn": 72}, "adversarial": {"fp": 67, "tn": 23}}
    (tmp_path / "prior-greedy").mkdir()
    (tmp_path / "prior-greedy" / "results.json").write_text(json.dumps(
        {"tasks": {"pope-synth": {"per_split": per}}}))
    metrics = {"pope-synth": {"accuracy": 0.975, "n": 200},
               "pope-synth-balanced": {"accuracy": 0.635, "n": 200, "yes_ratio": 0.835}}
    (tmp_path / "prior").mkdir()
    (tmp_path / "prior" / "metrics.json").write_text(json.dumps(
        {"steps": 500, "metrics": metrics, "recipe": {"lr": 6e-4, "max_steps": 500}}))
    counts = {"absent": {"n": 90, "factual": 67, "contrast": 75, "rule": 70,
                         "log_odds": {"factual": 0.5, "counterfactuals": [-1.25]}},
              "present": {"n": 90, "factual": 80, "contrast": 84, "rule": 83}}
    (tmp_path / "prior-margins.json").write_text(json.dumps(
        {"settings": {"language-reversed": counts}}))
    lines = causalmm_section(tmp_path, greedy)
    text = "\n".join(lines)
    prior, main = text.index("### A model with a co-occurrence prior"), \
        text.index("### The quickstart model")
    assert prior < main
    assert ("The prior model (prior/): 500 steps of stage 3's recipe (the LLM's learning rate "
            "0.0006) from the same stage 2, on POPE rows whose absent object no scene of the "
            "theme holds") in text
    assert ("Held out: 97.5% of such rows (n = 200), 63.5% of balanced probes, where the theme "
            "tells nothing (n = 200; yes 83.5%).") in text
    lo, hi = newcombe(67 / 90, 90, 18 / 90, 90)
    assert (f"Language prior of the prior model (POPE-synth, absent objects called present): "
            f"adversarial negatives 74.4% of 90, random negatives 20.0% of 90; difference "
            f"+54.4 points (95% interval {100 * lo:+.1f} to {100 * hi:+.1f}).") in text
    assert "![ablation](ablate-prior/ablation.png)" in text[prior:main]
    assert "![ablation](ablate-causalmm/ablation.png)" in text[main:]
    # the verdict names the settings whose interval lies below the control: vision-reversed
    # (40 of 90 against 67 of 90) alone
    assert newcombe(40 / 90, 90, 67 / 90, 90)[1] < 0 < newcombe(70 / 90, 90, 67 / 90, 90)[1]
    assert ("Fewer absent objects called present than control-gamma0, beyond the 95% interval: "
            "vision-reversed.") in text[prior:main]
    assert "| language-reversed | 67 / 75 / 70 of 90 | 80 / 84 / 83 of 90 | +0.50 / -1.25 |" \
        in text[prior:main]
    assert "causalmm_margins" not in text[main:]  # no margins.json for the quickstart model
    assert ("Fewer absent objects called present than control-gamma0, beyond the 95% interval: "
            "no setting.") in text[main:]
    # the quickstart model alone, as before, when the prior model has no runs
    import shutil
    for f in ("prior-greedy", "ablate-prior"):
        shutil.rmtree(tmp_path / f)
    (tmp_path / "prior-margins.json").unlink()
    text = "\n".join(causalmm_section(tmp_path, greedy))
    assert "### The quickstart model" in text and "co-occurrence" not in text


def test_companion_lines_pair_the_settings_by_probe_where_the_samples_allow(tmp_path):
    from eval.quickstart import companion_lines
    from mm.stats import newcombe, newcombe_paired

    _quickstart_run(tmp_path, {"vision-reversed": (65, 25), "control-gamma0": (55, 35)})
    ab = tmp_path / "ablate-causalmm"

    def samples(name: str, present: set[int]) -> None:
        rows = [{"id": f"adversarial/s/{i}", "target": "no",
                 "parsed": "yes" if i in present else "no"} for i in range(90)]
        rows.append({"id": "adversarial/s/yes", "target": "yes", "parsed": "no"})
        (ab / name / "samples_pope-synth.jsonl").write_text(
            "\n".join(json.dumps(r) for r in rows) + "\n")

    # the setting calls the control's 55 present and 10 more: a = 55, b = 10, c = 0, d = 25
    samples("control-gamma0", set(range(55)))
    samples("vision-reversed", set(range(65)))
    text = "\n".join(companion_lines(ab))
    lo, hi = newcombe_paired(55, 10, 0, 25)
    assert "| vision-reversed | 65 / 90 (72.2%) |" in text
    assert f"| +11.1 ({100 * lo:+.1f} to {100 * hi:+.1f}) |" in text and lo > 0
    assert "intervals are paired by probe (Newcombe's paired method 10)." in text
    # different probes (one setting's samples cut short): unpaired, as two samples
    samples("vision-reversed", set(range(65)))
    path = ab / "vision-reversed" / "samples_pope-synth.jsonl"
    path.write_text("\n".join(path.read_text().splitlines()[1:]) + "\n")
    text = "\n".join(companion_lines(ab))
    lo, hi = newcombe(65 / 90, 90, 55 / 90, 90)
    assert f"| +11.1 ({100 * lo:+.1f} to {100 * hi:+.1f}) |" in text
    assert "intervals are unpaired (Newcombe), and so conservative." in text


def test_causalmm_section_without_an_ablation_keeps_the_prior(tmp_path):
    from eval.quickstart import causalmm_section, prior_lines

    per = {"random": {"fp": 9, "tn": 81}, "adversarial": {"fp": 36, "tn": 54}}
    greedy = {"tasks": {"pope-synth": {"per_split": per}}}
    text = "\n".join(causalmm_section(tmp_path, greedy))
    assert prior_lines(greedy)[0] in text and "| setting |" not in text
    assert causalmm_section(tmp_path, None) == []


def test_stage4_says_how_many_replay_rows_its_pairs_used():
    from eval.quickstart import training_section

    def stage4_without_used(built, **used):
        ev = {"pairs": {"model": 209, "engine": 1024}, "replay_rows": built, **used,
              "preference_accuracy_stage3": 0.2, "preference_accuracy_stage4": 0.5,
              "perception_stage3": 0.04, "perception_stage4": 0.1}
        lines = training_section({"preset": "small", "evidence": {"stage4": ev}})
        return next(x for x in lines if x.startswith("- pairs:"))

    def stage4(built):
        return stage4_without_used(built, replay_rows_used=min(built, 1233))

    # the stage's count of rows used beside the count built (tests/train/test_dpo_replay.py
    # holds that count to what pair_batch reads)
    assert stage4(2768).endswith("; 1233 of the 2768 replay rows built (open perception, "
                                 "yes/no, POPE rows, in that order; pair i replays row i) "
                                 "trained with the stage-3 loss")
    assert "; 512 of the 512 replay rows" in stage4(512)
    # an older pipeline.json, without the count used: the rows built, not said to be all used
    assert stage4_without_used(2768).endswith("; 2768 replay rows built (open perception, "
                                              "yes/no, POPE rows, in that order; pair i "
                                              "replays row i) trained with the stage-3 loss")
    assert stage4(0) == "- pairs: 209 from the stage-3 model's wrong answers, 1024 engine-made"
    ev = {"pairs": {"model": 209, "engine": 256, "pope": 256}, "replay_rows": 0,
          "preference_accuracy_stage3": 0.2, "preference_accuracy_stage4": 0.5,
          "perception_stage3": 0.04, "perception_stage4": 0.1}
    line = next(x for x in training_section({"preset": "small", "evidence": {"stage4": ev}})
                if x.startswith("- pairs:"))
    assert line == ("- pairs: 209 from the stage-3 model's wrong answers, 256 engine-made, 256 "
                    "POPE-format (the right answer chosen, the other rejected)")


def test_stage3_reports_balanced_probes_against_the_twin_with_newcombes_interval():
    from eval.quickstart import training_section
    from mm.stats import newcombe

    def probes(acc, yes):
        return {"accuracy": acc, "yes_ratio": yes, "n": 200, "f1": 0.6,
                "per_family": {"balanced": acc}}

    def evidence(pope_model, pope_twin):
        # the stage's own evidence of its model's and twin's metrics, as pipeline.json holds it
        from train.stages.instruct import InstructStage

        def metrics(perception, pope, balanced):
            return {"metrics": {"perception": {"accuracy": perception, "n": 200},
                                "pope-synth": pope, "pope-synth-balanced": balanced}}
        return InstructStage().evidence({
            "stage3": metrics(0.04, pope_model, probes(0.51, 0.8)),
            "stage3_blind": metrics(0.12, pope_twin, probes(0.495, 0.7))})

    ev = evidence({**probes(0.725, 0.635), "per_family": {"random": 0.7}},
                  {**probes(0.54, 0.74), "per_family": {"random": 0.5}})
    lines = training_section({"preset": "small", "evidence": {"stage3": ev}})
    pope = next(x for x in lines if x.startswith("Grounding rows held out"))
    assert pope.startswith("Grounding rows held out (POPE's object probes, 200 rows")
    lo, hi = newcombe(0.51, 200, 0.495, 200)
    assert (f"Object probes with balanced negatives held out (each object asked as often "
            f"absent as present in each theme's scenes, so neither the object asked nor the "
            f"scene's theme tells the answer; 200 rows): model 51.0% (yes 80.0%), image-blind "
            f"twin 49.5% (yes 70.0%): +1.5 points (95% interval {100 * lo:+.1f} to "
            f"{100 * hi:+.1f}) for reading the objects themselves.") in lines
    # a pipeline.json written before the stage kept the gap: the two accuracies alone
    for key in ("gain_points", "gain_ci95", "n"):
        del ev["pope-synth-balanced"][key]
    older = training_section({"preset": "small", "evidence": {"stage3": ev}})
    assert any(x.endswith("image-blind twin 49.5% (yes 70.0%).") for x in older)
    # a recipe trained on balanced rows: its own held-out rows are the balanced probes, said
    # once, with the gap's interval; where the stage kept no balanced evidence, said as such
    ev = evidence(probes(0.6, 0.5), probes(0.5, 0.5))
    lines = training_section({"preset": "small", "evidence": {"stage3": ev}})
    assert not any(x.startswith("Grounding rows held out") for x in lines)
    assert sum(x.startswith("Object probes with balanced negatives held out") for x in lines) == 1
    del ev["pope-synth-balanced"]
    lines = training_section({"preset": "small", "evidence": {"stage3": ev}})
    assert any(x.startswith("Grounding rows held out (object probes with balanced negatives, "
                            "200 rows") for x in lines)
    assert not any(x.startswith("Object probes with balanced negatives held out") for x in lines)


def test_grounding_lines_show_the_steps_the_recipes_had():
    from eval.quickstart import grounding_lines

    words = {"n_scenes": 12000, "steps": 3000, "objects": 0.7755, "object_patches": 4869,
             "background": 0.9822, "n_held": 600}
    held = {"accuracy": 0.8783, "n": 600, "accuracy_ci95": [0.8497, 0.9021], "yes_ratio": 0.625}
    scenes = {"accuracy": 0.7867, "n": 300, "accuracy_ci95": [0.7372, 0.8290], "yes_ratio": 0.6767,
              "present_by_kinds": {"2": {"n": 12, "accuracy": 1.0},
                                   "6": {"n": 13, "accuracy": 0.9231}}}
    s2 = {"lookup": {"steps": 5000, "held_out": held},
          "projector_head": {"n_scenes": 256, "nearest_is_heads_word": 0.8347}}
    assert grounding_lines(words, s2) == [
        "### Grounding steps (train/grounding.py)", "",
        "- stage 1, a word for each patch (12000 object scenes, 3000 steps): held-out object "
        "patches named right 77.5% of 4869, the others 98.2% (600 scenes)",
        "- stage 2, lookup in text (5000 steps): POPE's question about a context of words in "
        "the picture's places, held out 87.8% (85.0% to 90.2%, n = 600; yes 62.5%)",
        "- stage 2, the projector from the patch head: on 256 scenes the image tokens are "
        "nearest to the embedding of the head's word for 83.5% of the patches", ""]
    held["present_by_objects"] = {"1": {"n": 65, "accuracy": 1.0},
                                  "5": {"n": 63, "accuracy": 0.5079}}
    s2["lookup"]["held_out_scenes"] = scenes
    s2["lookup"]["curve"] = [{"step": 500, "length": 1, "accuracy": 0.505, "yes_ratio": 0.0,
                              "at_length": 0.985},
                             {"step": 1000, "length": 10, "accuracy": 0.64, "yes_ratio": 0.6,
                              "at_length": 0.7}]
    assert grounding_lines(None, s2)[3] == (
        "- stage 2, the lookup held out as it trained (200 rows, contexts as long as the "
        "picture's; in brackets, as long as the step's): step 500 50.5% (98.5%), step 1000 "
        "64.0% (70.0%)")
    del s2["lookup"]["curve"]
    assert grounding_lines(None, s2)[2:4] == [
        "- stage 2, lookup in text (5000 steps): POPE's question about a context of words in "
        "the picture's places, held out 87.8% (85.0% to 90.2%, n = 600; yes 62.5%); where the "
        "word asked is there, by object words: 1 100.0% (n = 65), 5 50.8% (n = 63)",
        "- stage 2, the same lookup on the patch words of object scenes (absent objects: the "
        "theme's usual ones): 78.7% (73.7% to 82.9%, n = 300; yes 67.7%); where the word asked "
        "is there, by kinds: 2 100.0% (n = 12), 6 92.3% (n = 13)"]
    assert grounding_lines(None, {}) == []
    assert grounding_lines(None, {"projector_head": s2["projector_head"]})[2].startswith(
        "- stage 2, the projector from the patch head")


def test_grounding_lines_show_the_diagrams_words_where_there_are_any():
    from eval.quickstart import grounding_lines

    words = {"n_scenes": 12000, "steps": 3500, "objects": 0.75, "object_patches": 4800,
             "background": 0.98, "n_held": 600, "n_pictures": 3000,
             "pictures": {"patches": 0.8512, "pictures": 0.9, "n": 600,
                          "by_family": {"plane_geometry": {"n": 120, "patches": 0.61},
                                        "chart": {"n": 120, "patches": 0.975}}}}
    pictures = {"accuracy": 0.99, "n": 600, "accuracy_ci95": [0.978, 0.995], "yes_ratio": 0.5}
    s2 = {"lookup": {"steps": 1500, "pictures": 0.2, "held_out": pictures,
                     "held_out_pictures": pictures}}
    lines = grounding_lines(words, s2)
    assert lines[3] == (
        "- stage 1, a word for what each diagram shows (3000 diagrams, on their inked patches): "
        "held-out patches named right 85.1% (plane geometry 61.0%, chart 97.5%), pictures whose "
        "most named word is theirs 90.0% (n = 600)")
    assert lines[5] == (
        "- stage 2, the lookup on diagrams' words (a diagram's word among blank places, asked "
        "in its family's claim or another word's; 20.0% of the rows): held out 99.0% (97.8% to "
        "99.5%, n = 600; yes 50.0%)")
    del words["pictures"]
    assert not any("diagram" in x for x in grounding_lines(words, {}))


def test_stage3_yes_no_goal_says_when_its_baseline_is_the_common_answer():
    from eval.quickstart import training_section
    from train.stages.instruct import InstructStage

    def run(yes_no):
        return {"metrics": {"perception": {"accuracy": 0.01, "n": 200, "common_answer": 0.405},
                            "yes_no": yes_no}}

    ev = InstructStage().evidence({
        "stage3": run({"accuracy": 0.5, "n": 200, "yes_ratio": 0.83, "truth_yes": 0.5}),
        "stage3_blind": run({"accuracy": 0.02, "n": 200, "yes_ratio": 0.06, "truth_yes": 0.5})})
    ev["goals"] = []
    text = "\n".join(training_section({"preset": "small", "evidence": {"stage3": ev}}))
    assert ("model 50.0% (answers yes 83.0%), image-blind twin 2.0% (yes 6.0%). The goal's "
            "baseline is always answering the claims' more common answer, 50.0%, above the "
            "twin's.") in text
    assert ev["yes_no_gain_points"] == 0.0
    # the open questions' baseline: each template's common answer, above the twin's 1.0%
    assert ("- model: 1.0%\n- image-blind twin (same recipe, blank images): 1.0%\n"
            "- always giving each question template's most common answer (a rule a model "
            "blind to the pictures can learn from the questions): 40.5%, above the twin's: the "
            "goal's baseline\n- gain: -39.5 points") in text
    assert ev["gain_baseline"] == "common" and ev["gain_common"] == 0.405


def test_the_report_names_the_kernels_each_stage_trained_with():
    from eval.quickstart import kernel_lines

    k = {"torch": "2.14.1", "cpu_capability": "AVX2", "mkl_cbwr": "AVX2",
         "onednn_max_cpu_isa": "AVX2", "threads": 2}
    stages = {"stage1": {"kernels": k}, "stage3_blind": {"kernels": {**k, "threads": 1}},
              "stage3": {"kernels": k}, "stage4": {},
              "stage9": {"kernels": {**k, "cpu_capability": "AVX512", "mkl_cbwr": None}}}
    assert kernel_lines(stages)[2:] == [
        "- stage1, stage3: torch 2.14.1, CPU kernels AVX2 (MKL_CBWR AVX2, ONEDNN_MAX_CPU_ISA "
        "AVX2), 2 threads",
        "- stage3_blind: torch 2.14.1, CPU kernels AVX2 (MKL_CBWR AVX2, ONEDNN_MAX_CPU_ISA "
        "AVX2), 1 thread",
        "- stage9: torch 2.14.1, CPU kernels AVX512 (MKL_CBWR unset, ONEDNN_MAX_CPU_ISA AVX2), "
        "2 threads", ""]
    assert kernel_lines({"stage1": {"steps": 2}}) == []  # a run from before the record


def test_the_report_lists_the_letters_each_model_answered_to_multiple_choice(tmp_path):
    from eval.quickstart import letter_lines

    def samples(run, answers, targets):
        (tmp_path / run).mkdir()
        rows = [{"question_type": "multiple_choice", "choices": ["1", "2", "3", "4"],
                 "parsed": a, "target": t} for a, t in zip(answers, targets)]
        rows.append({"question_type": "free_form", "choices": [], "parsed": "A", "target": "7"})
        (tmp_path / run / "samples_mavis-heldout.jsonl").write_text(
            "\n".join(json.dumps(r) for r in rows) + "\n")

    assert letter_lines(tmp_path) == []
    targets = ["A", "B", "C", "D", "C", "C"]
    # "E" is no letter of a four-option problem, "-2.5" a value: neither is a letter answered
    samples("eval-greedy", ["D", "D", "D", "B", "-2.5", "E"], targets)
    line = ("MAVIS held-out multiple choice, the letters answered (of 6): model D 3, B 1, none "
            "of its letters 2")
    end = ("right letters C 3, A 1, B 1, D 1. A model that answers one letter whatever the "
           "picture scores that letter's share of the right ones.")
    assert letter_lines(tmp_path) == [f"{line}; {end}", ""]
    samples("twin-mavis", ["A", "A", "B", "A", "A", None], targets)
    assert letter_lines(tmp_path) == [
        f"{line}; image-blind twin (of 6) A 4, B 1, none of its letters 1; {end}", ""]
    (tmp_path / "eval-greedy" / "results.json").write_text(json.dumps(
        {**_mc(0.2, 6, _results(0.85, 0.5, 0.8)), "config": {"decoding": None}}))
    assert f"{line}; image-blind twin" in write(tmp_path).read_text()
