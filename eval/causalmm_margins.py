"""``python -m eval.causalmm_margins``: where CausalMM's decoding rule moves a model's yes/no
answers, and which of its two parts moves them.

CausalMM's next-token rule (mm/decoding/causalmm/rules.py) is a contrast, (1 + gamma) factual
logits - gamma counterfactual logits, restricted by a plausibility cutoff to the tokens whose
factual probability is at least alpha times the top one's. On each probe of a yes/no task
(POPE-synth by default) this takes the first answer token's logits of the factual branch and of
each setting's counterfactual branch, and counts the probes answered "yes" (P(yes) > P(no), the
yes and no words' tokens summed) by the factual branch alone, by the contrast alone (no cutoff)
and by the whole rule, separately for the probes whose answer is "no" (absent objects called
present) and "yes". A contrast that calls more absent objects present than the factual branch
pushes towards "yes"; a rule that calls as many as the factual branch where the contrast alone
would call fewer is held back by its cutoff.

    python -m eval.causalmm_margins --model runs/quickstart/prior/model \\
        --task-options split=adversarial --limit 180 --data-cache runs/quickstart/eval-data \\
        --out runs/quickstart/prior-margins.json
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import torch

PROG = "python -m eval.causalmm_margins"


def settings() -> list[tuple[str, dict]]:
    """The CausalMM settings of ``mm-eval ablate causalmm`` that contrast (greedy and the
    gamma=0 control have no contrast to count)."""
    from mm.decoding.base import DECODERS

    return [(name, over) for name, over in DECODERS.get("causalmm").ablation()
            if over is not None and over.get("gamma", 1.0) > 0]


def log_odds(logits: torch.Tensor, yes: list[int], no: list[int]) -> torch.Tensor:
    """log P(yes) - log P(no) per row of (B, V) logits, the yes and no words' tokens summed."""
    lp = torch.log_softmax(logits.float(), -1)
    return torch.logsumexp(lp[:, yes], -1) - torch.logsumexp(lp[:, no], -1)


def _yes(logits: torch.Tensor, yes: list[int], no: list[int]) -> torch.Tensor:
    return log_odds(logits, yes, no) > 0


def count(factual: torch.Tensor, counterfactuals: list[torch.Tensor], truth: list[bool],
          gamma: float, alpha: float, yes: list[int], no: list[int]) -> dict:
    """Per kind of probe ("absent": answer no; "present": answer yes), how many the factual
    branch, the contrast alone and the whole rule answer "yes", and the mean log-odds of yes
    over no of the factual branch and of each counterfactual one; (B, V) logits each."""
    from mm.decoding.causalmm.rules import causal_logits, contrast

    said = {"factual": _yes(factual, yes, no),
            "contrast": _yes(contrast(factual, counterfactuals, gamma), yes, no),
            "rule": _yes(causal_logits(factual, counterfactuals, gamma, alpha), yes, no)}
    branches = [log_odds(x, yes, no) for x in (factual, *counterfactuals)]
    t = torch.tensor(truth)
    out = {}
    for kind, rows in (("absent", ~t), ("present", t)):
        mean = [round(float(v[rows].mean()), 4) if rows.any() else None for v in branches]
        out[kind] = {"n": int(rows.sum()), **{k: int((v & rows).sum()) for k, v in said.items()},
                     "log_odds": {"factual": mean[0], "counterfactuals": mean[1:]}}
    return out


def margins(model: str | Path, task_name: str, ctx, batch_size: int = 8) -> dict:
    """``count`` of every contrasting setting on the task's probes (its ``docs(ctx)``), each
    setting's branches from one forward of the model in ``model``."""
    from eval.task import get_task
    from mm.adapters.base import load_adapter
    from mm.decoding.causalmm.adapter import CausalLlavaAdapter
    from mm.decoding.causalmm.config import CausalMMConfig

    task = get_task(task_name)
    docs = task.docs(ctx)
    images, prompts = [task.image(d) for d in docs], [task.prompt(d) for d in docs]
    answers = [str(task.oracle(d)).strip().lower() for d in docs]
    other = sorted(set(answers) - {"yes", "no"})
    if not docs or other:
        raise ValueError(f"--task: {task_name} does not ask yes/no questions (an answer: "
                         f"{other[0].splitlines()[0][:40]!r})" if docs else
                         f"--task: {task_name} has no probes here")
    truth = [a == "yes" for a in answers]
    base = load_adapter(str(model))
    out = {"model": str(model), "task": task_name, "n": len(docs), "settings": {}}
    for name, over in settings():
        cfg = CausalMMConfig(**over)
        ad = CausalLlavaAdapter(base, cfg)
        lg = torch.cat([ad.causal_next_logits(images[s:s + batch_size],
                                              prompts[s:s + batch_size])
                        for s in range(0, len(docs), batch_size)], 1)         # (K, B, V)
        out["settings"][name] = count(lg[0], list(lg[1:]), truth, cfg.gamma, cfg.alpha,
                                      base.yes_ids, base.no_ids)
    return out


def main(argv: list[str] | None = None) -> None:
    from eval.task import TaskContext, check_options, get_task, parse_options

    p = argparse.ArgumentParser(prog=PROG, description=__doc__.split("\n\n")[0])
    p.add_argument("--model", required=True, help="a local LLaVA model folder")
    p.add_argument("--task", default="pope-synth", help="a yes/no task (default pope-synth)")
    p.add_argument("--limit", type=int, default=None, help="probes (whole groups)")
    p.add_argument("--task-options", default="", help="k=v,... (e.g. split=adversarial)")
    p.add_argument("--data-cache", default=None, help="where synthetic sets are built")
    p.add_argument("--batch-size", type=int, default=8)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--out", required=True, help="the JSON file to write")
    a = p.parse_args(argv)
    if not Path(a.model).is_dir():
        p.exit(2, f"{PROG}: error: --model: not a model folder: {a.model}\n")
    if a.batch_size < 1:
        p.exit(2, f"{PROG}: error: --batch-size: must be >= 1, got {a.batch_size}\n")
    try:
        task = get_task(a.task)
        options = check_options([task], parse_options(a.task_options))
    except (KeyError, ValueError) as e:
        p.exit(2, f"{PROG}: error: --task / --task-options: {e.args[0] if e.args else e}\n")
    ctx = TaskContext(None, a.limit, a.seed, options=options,
                      work=Path(a.data_cache) if a.data_cache else None)
    try:
        res = margins(a.model, a.task, ctx, a.batch_size)
    except ValueError as e:
        p.exit(2, f"{PROG}: error: {e}\n")
    Path(a.out).parent.mkdir(parents=True, exist_ok=True)
    Path(a.out).write_text(json.dumps(res, indent=1) + "\n")
    print(json.dumps(res["settings"]))


if __name__ == "__main__":
    main(sys.argv[1:])
