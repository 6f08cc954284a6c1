"""``mm-eval run --decoding causalmm`` end to end on a tiny LLaVA folder: the flags reach the
config recorded in results.json (with the layers used), and every recorded P(yes) is the causal
rule computed here by hand from the branch logits with the flags' gamma and alpha.

    python -m pytest tests/mm/test_causalmm_cli.py
"""
import json
import math

import pytest
import torch

from eval.cli import main
from eval.task import TaskContext, get_task
from mm.decoding.causalmm import CausalLlavaAdapter, CausalMMConfig


def test_cli_flags_reach_the_rule(tiny_llava, tmp_path, run_cli):
    out = tmp_path / "cmm"
    r = run_cli(main, "run", "--model", tiny_llava, "--tasks", "pope-synth-prob", "--limit",
                "6", "--decoding", "causalmm", "--cf-type", "uniform", "--gamma", "0.7",
                "--alpha", "0.05", "--cf-layers", "0", "--output-path", str(out))
    assert r.returncode == 0, r.stderr
    dec = json.loads((out / "results.json").read_text())["config"]["decoding"]
    assert {k: dec[k] for k in ("method", "level", "cf_type", "gamma", "alpha", "cf_layers",
                                "vision_layers", "layer_preset")} == {
        "method": "causalmm", "level": "language", "cf_type": "uniform", "gamma": 0.7,
        "alpha": 0.05, "cf_layers": [0], "vision_layers": None, "layer_preset": "paper"}
    recs = [json.loads(line) for line in (out / "samples_pope-synth-prob.jsonl").open()]
    task = get_task("pope-synth-prob")
    docs = {d["id"]: d for d in task.docs(TaskContext(None, 6, 0, out / "data" /
                                                        "pope-synth-prob", {}))}
    ad = CausalLlavaAdapter(tiny_llava, CausalMMConfig(cf_type="uniform", cf_layers=[0]))
    moved = 0
    for rec in recs:
        d = docs[rec["id"]]
        lg = ad.causal_next_logits([task.image(d)], [task.prompt(d)])[:, 0]  # (2, V)
        logp = torch.log_softmax(lg[0], -1)
        keep = logp >= logp.max() + math.log(0.05)
        c = torch.where(keep, 1.7 * lg[0] - 0.7 * lg[1], torch.tensor(float("-inf")))
        p = torch.softmax(c, -1)
        y, n = p[ad.yes_ids].sum(), p[ad.no_ids].sum()
        if y + n == 0:  # every yes / no token cut: the contrast alone
            q = torch.softmax(1.7 * lg[0] - 0.7 * lg[1], -1)
            y, n = q[ad.yes_ids].sum(), q[ad.no_ids].sum()
        assert rec["p_yes"] == pytest.approx(float(y / (y + n)), abs=1e-5), rec["id"]
        f = torch.softmax(lg[0], -1)
        moved += abs(rec["p_yes"] - float(f[ad.yes_ids].sum() / (f[ad.yes_ids].sum() +
                                                                 f[ad.no_ids].sum()))) > 1e-3
    assert moved > 0                                   # the contrast changes P(yes)
