"""``python -m eval.causalmm_margins``: which yes/no answers CausalMM's contrast and its cutoff
move, counted against the decoding rule written out here from the paper's formula."""
from __future__ import annotations

import json
import math

import torch

from eval.causalmm_margins import PROG, count, main, settings


def _rule_says_yes(f: list[float], cf: list[float], gamma: float, alpha: float | None,
                   yes: list[int], no: list[int]) -> bool:
    """(1 + gamma) f - gamma cf over the tokens whose factual probability is at least alpha
    times the top one's (all tokens when alpha is None); yes when its yes tokens' probability
    is above its no tokens'."""
    z = max(f)
    pf = [math.exp(v - z) for v in f]
    keep = [alpha is None or p >= alpha * max(pf) for p in pf]
    c = [(1 + gamma) * a - gamma * b if k else -math.inf for a, b, k in zip(f, cf, keep)]
    m = max(c)
    pc = [math.exp(v - m) if v > -math.inf else 0.0 for v in c]
    return sum(pc[i] for i in yes) > sum(pc[i] for i in no)


def test_count_matches_the_rule_written_from_its_formula():
    g = torch.Generator().manual_seed(3)
    yes, no = [0, 1], [2]
    f, cf = torch.randn(64, 6, generator=g) * 3, torch.randn(64, 6, generator=g) * 3
    truth = [bool(i % 3) for i in range(64)]
    got = count(f, [cf], truth, 1.0, 0.1, yes, no)
    want = {"absent": {"n": 0, "factual": 0, "contrast": 0, "rule": 0},
            "present": {"n": 0, "factual": 0, "contrast": 0, "rule": 0}}
    odds = {"absent": ([], []), "present": ([], [])}

    def log_odds(row: list[float]) -> float:
        e = [math.exp(v) for v in row]
        return math.log(sum(e[i] for i in yes)) - math.log(sum(e[i] for i in no))

    for i, t in enumerate(truth):
        kind = "present" if t else "absent"
        w = want[kind]
        w["n"] += 1
        fi, ci = f[i].tolist(), cf[i].tolist()
        w["factual"] += _rule_says_yes(fi, fi, 0.0, None, yes, no)
        w["contrast"] += _rule_says_yes(fi, ci, 1.0, None, yes, no)
        w["rule"] += _rule_says_yes(fi, ci, 1.0, 0.1, yes, no)
        odds[kind][0].append(log_odds(fi))
        odds[kind][1].append(log_odds(ci))
    for kind in want:
        lo = got[kind].pop("log_odds")
        assert lo["factual"] == round(sum(odds[kind][0]) / len(odds[kind][0]), 4)
        assert lo["counterfactuals"] == [round(sum(odds[kind][1]) / len(odds[kind][1]), 4)]
    assert got == want
    # the three differ on these draws: the test tells the contrast from the rule
    assert len({got["absent"][k] for k in ("factual", "contrast", "rule")}) > 1


def test_a_confident_yes_is_kept_by_the_cutoff_whatever_the_contrast():
    # factual: yes 5 logits above no (p ratio e^5 > 1/alpha); the counterfactual much surer of
    # yes, so the contrast alone says no, and the cutoff has removed "no"
    f, cf = torch.tensor([[5.0, 0.0]]), torch.tensor([[12.0, 0.0]])
    got = count(f, [cf], [False], 1.0, 0.1, [0], [1])
    assert got["absent"] == {"n": 1, "factual": 1, "contrast": 0, "rule": 1,
                             "log_odds": {"factual": 5.0, "counterfactuals": [12.0]}}
    assert got["present"]["log_odds"] == {"factual": None, "counterfactuals": [None]}
    # two counterfactual branches (both levels): each its own mean
    two = count(f, [cf, torch.tensor([[0.0, 3.0]])], [False], 1.0, 0.1, [0], [1])
    assert two["absent"]["log_odds"] == {"factual": 5.0, "counterfactuals": [12.0, -3.0]}
    # within the cutoff (a margin below ln 10) the contrast decides
    got = count(torch.tensor([[2.0, 0.0]]), [torch.tensor([[12.0, 0.0]])], [False], 1.0, 0.1,
                [0], [1])
    assert {k: got["absent"][k] for k in ("factual", "contrast", "rule")} == \
        {"factual": 1, "contrast": 0, "rule": 0}


def test_the_settings_are_the_ablations_contrasting_ones():
    names = [n for n, _ in settings()]
    assert names[0] == "vision-reversed" and "control-gamma0" not in names
    assert "greedy" not in names and "language-shuffled" in names


def test_cli_counts_a_tiny_models_probes(tiny_llava, tmp_path, run_cli):
    out = tmp_path / "m.json"
    r = run_cli(main, "--model", tiny_llava, "--limit", "12", "--task-options",
                "split=adversarial", "--data-cache", str(tmp_path / "cache"), "--out", str(out))
    assert r.returncode == 0, r.stderr
    res = json.loads(out.read_text())
    assert res["n"] == 12 and set(res["settings"]) == {n for n, _ in settings()}
    for c in res["settings"].values():
        assert c["absent"]["n"] == c["present"]["n"] == 6
        assert all(0 <= c[k][v] <= 6 for k in ("absent", "present")
                   for v in ("factual", "contrast", "rule"))
    # every setting shares the factual branch
    assert len({json.dumps([c["absent"]["factual"], c["present"]["factual"]])
                for c in res["settings"].values()}) == 1


def test_cli_names_the_bad_flag(tmp_path, run_cli):
    r = run_cli(main, "--model", str(tmp_path / "none"), "--out", str(tmp_path / "m.json"))
    assert r.returncode == 2 and "--model: not a model folder" in r.stderr
    r = run_cli(main, "--model", str(tmp_path), "--task-options", "colour=red",
                "--out", str(tmp_path / "m.json"))
    assert r.returncode == 2
    assert "--task / --task-options: unknown key 'colour' for pope-synth" in r.stderr
    r = run_cli(main, "--model", str(tmp_path), "--task-options", "adversarial",
                "--out", str(tmp_path / "m.json"))
    assert r.returncode == 2
    assert "--task / --task-options: expected key=value, got 'adversarial'" in r.stderr


def test_cli_refuses_a_task_without_yes_no_answers(tiny_llava, tmp_path, run_cli):
    r = run_cli(main, "--model", tiny_llava, "--task", "mavis-heldout", "--limit", "4",
                "--data-cache", str(tmp_path / "cache"), "--out", str(tmp_path / "m.json"))
    assert r.returncode == 2 and not (tmp_path / "m.json").exists()
    assert r.stderr.startswith(f"{PROG}: error: --task: mavis-heldout does not ask yes/no "
                               "questions (an answer: '")
    assert len(r.stderr.splitlines()) == 1
    r = run_cli(main, "--model", tiny_llava, "--task", "nope", "--out", str(tmp_path / "m.json"))
    assert r.returncode == 2 and r.stderr.startswith(
        f"{PROG}: error: --task / --task-options: unknown task 'nope'; valid: comfort-ball, ")
