"""Stage 4: DPO on preference pairs mined from the stage-3 model's own mistakes.

MAVIS: chosen = the engine's CoT, rejected = the stage-3 model's wrong answer. The stage runs
the stage-3 model on engine problems it has not seen (another seed), pairs each wrong answer
with the engine's rationale, and tops the set up with engine-made wrong rationales (``dpo-pairs``
dataset kind). The loss is DPO's with a frozen reference (the stage-3 model):
-log sigmoid(beta * ((pi_c - ref_c) - (pi_r - ref_r))) over summed response log-probs, plus
``dpo_sft_weight`` times the mean per-token NLL of the chosen response (RPO, Pang et al. 2024:
it keeps DPO from lowering both responses), plus ``dpo_replay_weight`` times the stage-3 loss on
a batch of fresh perception rows, open and, with ``yes_no_n``, yes/no (replay of the earlier
objective, as InstructGPT's PPO-ptx mixes pre-training gradients into RL: DPO on rationales
alone pulls the small model off the short answers it learned to read from pictures). TRL's
trainer expects its own model and collator conventions for vision models; this loss is short
and tested, so the one loop of train/loop.py runs it.

Evidence: held-out preference accuracy (policy log p(chosen) > log p(rejected)) stage 3 vs 4 on
pairs of both training sources, made from problems no training pair uses (the stage-3 model's
wrong answers to other problems, and engine-made pairs of another seed), reported overall, per
source and per token; and held-out perception accuracy (must not drop by more than 2 points).

    mm-train stage4 --recipe configs/small/stage4.yaml --init runs/s3 --out runs/s4
"""
from __future__ import annotations

from pathlib import Path

import torch
import torch.nn.functional as F

from engines.mavis.dpo import pairs_from_model
from mm.llava import load as load_llava
from mm.tokenizer import prompt_text
from train.data import HELDOUT_SEED_OFFSET, build_or_load, yes_no_data
from train.loop import StageTask, run
from train.recipe import Recipe
from train.stages.sft import (Examples, _finish, _tower_size, encode, generate,
                              perception_accuracy, set_trainable)

MINE_SEED_OFFSET = 20_011
REPLAY_SEED_OFFSET = 30_011


def dpo_loss(pi_c: torch.Tensor, pi_r: torch.Tensor, ref_c: torch.Tensor, ref_r: torch.Tensor,
             beta: float, sft_weight: float = 0.0, chosen_tokens: torch.Tensor | None = None
             ) -> torch.Tensor:
    """DPO (Rafailov et al. 2023) from summed sequence log-probs, each (B,); with
    ``sft_weight``, plus that weight times the chosen responses' mean per-token NLL (RPO), for
    which ``chosen_tokens`` (B,) gives each chosen response's length."""
    loss = -F.logsigmoid(beta * ((pi_c - ref_c) - (pi_r - ref_r))).mean()
    if sft_weight:
        loss = loss - sft_weight * pi_c.sum() / chosen_tokens.sum().clamp(min=1)
    return loss


def response_tokens(batch: dict) -> torch.Tensor:
    """Labelled (response) tokens per example, as sequence_logps counts them: (B,)."""
    return (batch["labels"][:, 1:] != -100).sum(-1)


def sequence_logps(model, batch: dict) -> torch.Tensor:
    """Sum of log p(token) over labelled (response) positions, per example: (B,)."""
    labels = batch["labels"]
    inputs = {k: v for k, v in batch.items() if k != "labels"}
    logits = model(**inputs).logits[:, :-1].float()  # (B, T-1, V)
    target = labels[:, 1:]
    mask = target != -100
    logp = torch.log_softmax(logits, -1).gather(-1, target.clamp(min=0).unsqueeze(-1))
    return (logp.squeeze(-1) * mask).sum(-1)


def mine_pairs(model, processor, recipe: Recipe, out: Path, heldout: bool = False
               ) -> list[dict]:
    """Run the stage-3 model on unseen problems; keep its wrong answers as rejected.

    Training mines ``dpo_model_pairs`` problems; the held-out set mines ``eval_n`` problems of
    another seed, so no held-out problem is a training problem."""
    n, seed = recipe.dpo_model_pairs, recipe.seed + MINE_SEED_OFFSET
    if heldout:
        n, seed = recipe.eval_n, seed + HELDOUT_SEED_OFFSET
    rows = build_or_load("mavis-instruct", out / "data" / ("mined-problems-heldout" if heldout
                                                            else "mined-problems"), n, seed, 224)
    rows = [rows[i] for i in range(len(rows))]

    def answer_fn(images, prompts):
        return generate(model, processor, [im.convert("RGB") for im in images], prompts,
                        max_new_tokens=96)

    pairs = pairs_from_model(rows, answer_fn)
    return [{"image": p["image"], "prompt": p["prompt"], "chosen": p["chosen"],
             "rejected": p["rejected"], "rejected_source": "model"} for p in pairs]


@torch.no_grad()
def preference_accuracy(model, processor, pairs, batch: int = 8) -> dict:
    """Share of pairs where log p(chosen) > log p(rejected) (summed over the response), overall
    and per ``rejected_source``; ``per_token`` compares mean per-token log-probs instead, which
    length differences between the two responses cannot decide."""
    model.eval()
    wins: dict[str, list[tuple[bool, bool]]] = {}
    for s in range(0, len(pairs), batch):
        chunk = [pairs[i] for i in range(s, min(s + batch, len(pairs)))]
        c, r = _pair_batches(processor, chunk, 256)
        lc, lr = sequence_logps(model, c), sequence_logps(model, r)
        tc, tr = lc / response_tokens(c).clamp(min=1), lr / response_tokens(r).clamp(min=1)
        for p, a, b in zip(chunk, (lc > lr).tolist(), (tc > tr).tolist()):
            wins.setdefault(p.get("rejected_source") or "unknown", []).append((a, b))
    flat = [w for ws in wins.values() for w in ws]

    def summary(ws):
        return {"accuracy": sum(a for a, _ in ws) / len(ws),
                "per_token": sum(b for _, b in ws) / len(ws), "n": len(ws)}

    return {**(summary(flat) if flat else {"accuracy": 0.0, "per_token": 0.0, "n": 0}),
            "by_source": {k: summary(v) for k, v in sorted(wins.items())}}


def _pair_batches(processor, pairs, max_length):
    imgs = [p["image"].convert("RGB") for p in pairs]
    prompts = [prompt_text(p["prompt"]) for p in pairs]
    return (encode(processor, imgs, prompts, [p["chosen"] for p in pairs], max_length),
            encode(processor, imgs, prompts, [p["rejected"] for p in pairs], max_length))


def train_stage4(recipe: Recipe, init: str | Path, out: str | Path, progress: bool = True
                 ) -> dict:
    out = Path(out)
    model, processor = load_llava(Path(init) / "model")
    reference, _ = load_llava(Path(init) / "model")
    for p in reference.parameters():
        p.requires_grad_(False)
    mined = mine_pairs(model, processor, recipe, out)
    engine = build_or_load("dpo-pairs", out / "data" / "dpo-pairs", recipe.data_n, recipe.seed,
                           224)
    held_engine = build_or_load("dpo-pairs", out / "data" / "dpo-pairs-heldout", recipe.eval_n,
                                recipe.seed + HELDOUT_SEED_OFFSET, 224)
    held_pairs = (mine_pairs(model, processor, recipe, out, heldout=True)
                  + [held_engine[i] for i in range(len(held_engine))])
    held_per = build_or_load("mavis-perception", out / "data" / "mavis-perception-heldout",
                             recipe.eval_n, recipe.seed + HELDOUT_SEED_OFFSET, 224)
    pairs = mined + [engine[i] for i in range(len(engine))]
    held_yn = (yes_no_data(recipe, out, recipe.eval_n, 224, heldout=True)
               if recipe.yes_no_n else None)
    replay = None
    if recipe.dpo_replay_weight:
        rows = build_or_load("mavis-perception", out / "data" / "replay-perception",
                             recipe.dpo_replay_n, recipe.seed + REPLAY_SEED_OFFSET, 224)
        parts = [(rows, "mavis-perception")]
        if recipe.yes_no_n:
            parts.append((yes_no_data(recipe, out, recipe.yes_no_n, 224,
                                      seed_offset=REPLAY_SEED_OFFSET), "mavis-perception"))
        replay = Examples(parts, _tower_size(model))

    def evaluate():
        res = {"preference_accuracy": preference_accuracy(model, processor, held_pairs),
               "perception": perception_accuracy(model, processor, held_per)}
        if held_yn is not None:
            res["yes_no"] = perception_accuracy(model, processor, held_yn)
        return res

    before = evaluate()
    set_trainable(model, recipe.train_modules, recipe.lora)

    def make_batch(idx):
        c, r = _pair_batches(processor, [pairs[i] for i in idx], recipe.max_length)
        if replay is None:
            return c, r, None
        ex = [replay[i % len(replay)] for i in idx]  # a fixed replay row per pair
        return c, r, encode(processor, [e["image"] for e in ex],
                            [prompt_text(e["q"]) for e in ex], [e["a"] for e in ex],
                            recipe.max_length)

    def loss(m, batch):
        c, r, rep = batch
        with torch.no_grad():
            ref_c, ref_r = sequence_logps(reference, c), sequence_logps(reference, r)
        total = dpo_loss(sequence_logps(m, c), sequence_logps(m, r), ref_c, ref_r,
                         recipe.dpo_beta, recipe.dpo_sft_weight, response_tokens(c))
        if rep is not None:
            total = total + recipe.dpo_replay_weight * m(**rep).loss
        return total

    summary = run(recipe, StageTask(model, len(pairs), make_batch, loss), out,
                  progress=progress)
    model = summary["model"]
    after = evaluate()
    metrics = {"pairs": {"model": len(mined), "engine": len(engine)},
               "replay_rows": len(replay) if replay is not None else 0,
               "stage3": before, "stage4": after}
    return _finish(recipe, model, processor, out, summary, metrics)

