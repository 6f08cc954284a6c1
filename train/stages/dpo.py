"""Stage 4: DPO on preference pairs mined from the stage-3 model's own mistakes.

MAVIS: chosen = the engine's CoT, rejected = the stage-3 model's wrong answer. The stage runs
the stage-3 model on engine problems it has not seen (another seed), pairs each wrong answer
with the engine's rationale, and tops the set up with engine-made wrong rationales (``dpo-pairs``
dataset kind). The loss is DPO's with a frozen reference (the stage-3 model):
-log sigmoid(beta * ((pi_c - ref_c) - (pi_r - ref_r))) over summed response log-probs, plus
``dpo_sft_weight`` times the mean per-token NLL of the chosen response (RPO, Pang et al. 2024:
it keeps DPO from lowering both responses), plus ``dpo_replay_weight`` times the stage-3 loss on
a batch of fresh perception rows, open and, with ``dpo_replay_yes_no_n``, yes/no, and with
``dpo_replay_pope_n`` POPE-format rows of stage 3's grounding pictures (replay of the
earlier objective, as InstructGPT's PPO-ptx mixes pre-training gradients into RL: DPO on
rationales alone pulls the small model off the short answers it learned to read from
pictures). TRL's
trainer expects its own model and collator conventions for vision models; this loss is short
and tested, so the one loop of train/loop.py runs it.

Devices and processes: the policy and the reference sit on the loop's device. With LoRA alone
training, the reference is the policy with its adapter disabled (the stage-3 weights, held
once); otherwise a frozen copy of the stage-3 model. Mining and the held-out numbers are split
over the processes; the RPO and replay terms average over the global batch's tokens.

Evidence: held-out preference accuracy (policy log p(chosen) > log p(rejected)) stage 3 vs 4 on
pairs of both training sources, made from problems no training pair uses (the stage-3 model's
wrong answers to other problems, and engine-made pairs of another seed), reported overall, per
source and per token (goals: up overall; the model's own wrong answers lose in at least half of
their pairs); and held-out perception accuracy (goal: no drop beyond the 95% interval of the
change); with ``dpo_replay_yes_no_n``, held-out yes/no accuracy before and after.

    mm-train stage4 --recipe configs/small/stage4.yaml --init runs/s3 --out runs/s4
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import torch
import torch.nn.functional as F

from engines.mavis.dpo import pairs_from_model
from mm.llava import load as load_llava
from mm.stats import newcombe, wilson
from mm.tokenizer import prompt_text
from train import processes
from train.data import (Rows, build_or_load, cache_bytes, grounding_data, stage_data,
                        yes_no_data)
from train.loop import StageTask, device, model_device, run
from train.recipe import Recipe, check_counts
from train.sft import (GROUNDING_ASKS, Examples, encode, finish, generate_finished,
                       labelled_logits, llava_module_of, perception_accuracy, process_images,
                       set_trainable, token_mean_loss, tower_size)
from train.stage import STAGES, Goal, TrainingStage

PREFERENCE_GOAL = Goal("preference_gain_points", ">", 0,
                       "held-out preference accuracy goes up", measured="{:+.1f} points")
OWN_MISTAKES_GOAL = Goal("own_mistakes_lose_pct", ">=", 50,
                         "the stage-3 model's own wrong answers lose to the engine's solution in "
                         ">= 50% of held-out pairs", measured="{:.1f}%",
                         interval="own_mistakes_lose_ci95", n="own_mistakes_n")
# the change's interval treats the two evaluations of the same rows as independent samples,
# which makes it wider (more lenient to a drop) than a paired interval would be
PERCEPTION_GOAL = Goal("perception_change_points", ">=", 0,
                       "held-out perception accuracy does not drop beyond its 95% interval "
                       "(the upper end of the change's interval >= 0)",
                       measured="{:+.1f} points", interval="perception_change_ci95",
                       n="perception_n", judge="upper")


@dataclass
class DpoSettings:
    dpo_beta: float = 0.1
    dpo_model_pairs: int = 64  # problems the stage-3 model answers to mine pairs
    dpo_sft_weight: float = 0.0  # weight of the chosen responses' NLL (RPO)
    dpo_replay_weight: float = 0.0  # weight of the stage-3 loss on replayed rows
    dpo_replay_n: int = 256  # perception rows replayed when the weight is > 0
    # yes/no perception rows replayed when the weight is > 0; above 0 also measures held-out
    # yes/no accuracy before and after
    dpo_replay_yes_no_n: int = 0
    # POPE-format rows replayed when the weight is > 0: stage 3's own grounding rows (its
    # ``pope_n`` pictures), for a stage 3 that learned object presence from them. Pair i
    # replays row i of open, then yes/no, then POPE rows (``pair_batch``): POPE rows are
    # replayed only by pairs beyond the open and yes/no rows' count
    dpo_replay_pope_n: int = 0
    # POPE-format pairs beside the MAVIS ones: rows of stage 3's grounding kind (its
    # ``pope_rows_per_image`` and negatives, pictures of another seed than the replayed rows),
    # the right answer chosen and the other rejected, as hallucination-DPO pairs are made:
    # DPO then moves the model's answers about objects too, not its rationales alone
    dpo_pope_pairs: int = 0
    pope_pairs_seed_offset: int = 50_021  # seed of those rows, beside the grounding seed
    mine_seed_offset: int = 20_011  # seed of the problems mined for pairs
    replay_seed_offset: int = 30_011  # seed of the replayed rows

    def __post_init__(self) -> None:
        check_counts(self, "dpo_model_pairs", "dpo_sft_weight", "dpo_replay_weight",
                     "dpo_replay_n", "dpo_replay_yes_no_n", "dpo_replay_pope_n",
                     "dpo_pope_pairs")
        check_counts(self, "dpo_beta", positive=True)


def dpo_loss(pi_c: torch.Tensor, pi_r: torch.Tensor, ref_c: torch.Tensor, ref_r: torch.Tensor,
             beta: float, sft_weight: float = 0.0, chosen_tokens: torch.Tensor | None = None
             ) -> torch.Tensor:
    """DPO (Rafailov et al. 2023) from summed sequence log-probs, each (B,); with
    ``sft_weight``, plus that weight times the chosen responses' mean per-token NLL (RPO), for
    which ``chosen_tokens`` (B,) gives each chosen response's length (or, a scalar, the number
    of tokens to average over)."""
    loss = -F.logsigmoid(beta * ((pi_c - ref_c) - (pi_r - ref_r))).mean()
    if sft_weight:
        loss = loss - sft_weight * pi_c.sum() / chosen_tokens.sum().clamp(min=1)
    return loss


def response_tokens(batch: dict) -> torch.Tensor:
    """Labelled (response) tokens per example, as sequence_logps counts them: (B,)."""
    return (batch["labels"][:, 1:] != -100).sum(-1)


def sequence_logps(model, batch: dict) -> torch.Tensor:
    """Sum of log p(token) over labelled (response) positions, per example: (B,); the head
    runs at those positions only (``train.sft.labelled_logits``)."""
    dev = model_device(model)
    kept = labelled_logits(model, {k: v.to(dev) for k, v in batch.items()})
    if kept is None:
        return torch.zeros(len(batch["labels"]), device=dev)
    logits, target = kept
    mask = target != -100
    logp = torch.log_softmax(logits, -1).gather(-1, target.clamp(min=0).unsqueeze(-1))
    return (logp.squeeze(-1) * mask).sum(-1)


class MinedPairs:
    """The pairs mined from the problems build ``problems``: each pair's texts held, its
    picture read from its problem's row when the pair is asked for, so a picture decoded for
    a batch is not kept with the pair."""

    def __init__(self, pairs: list[dict], problems):
        self.pairs, self.problems = pairs, problems

    def __len__(self) -> int:
        return len(self.pairs)

    def __getitem__(self, j: int) -> dict:
        p = self.pairs[j]
        return {**p, "image": self.problems[p["problem"]]["image"]}

    def __iter__(self):
        return (self[j] for j in range(len(self)))


class GroundingPairs:
    """Preference pairs of POPE-format rows, read when indexed: the prompt and the right answer
    as stage 3 trains them (``GROUNDING_ASKS``), the other answer rejected (source
    ``pope``)."""

    def __init__(self, rows):
        self.rows = rows

    def __len__(self) -> int:
        return len(self.rows)

    def __getitem__(self, j: int) -> dict:
        r = self.rows[j]
        q, a = GROUNDING_ASKS["pope-synth"](r["question"], r["answer"])
        return {"prompt": q, "chosen": a, "rejected": "No" if a == "Yes" else "Yes",
                "rejected_source": "pope", "image": r["image"]}


class _Numbered:
    """Rows ``kept`` of ``rows``, each read when sliced and carrying its index as
    ``problem``."""

    def __init__(self, rows, kept: list[int]):
        self.rows, self.kept = rows, kept

    def __len__(self) -> int:
        return len(self.kept)

    def __getitem__(self, s: slice) -> list[dict]:
        return [{**self.rows[i], "problem": i} for i in self.kept[s]]


def mine_pairs(model, processor, recipe: Recipe, out: Path, heldout: bool = False
               ) -> tuple[MinedPairs, int]:
    """Run the stage-3 model on unseen problems; keep its wrong answers as rejected. Returns
    the pairs and the number of answers dropped as unfinished (no end of sequence within
    ``max_length`` new tokens, the length training reads of a response).

    Training mines ``dpo_model_pairs`` problems; the held-out set mines ``eval_n`` problems of
    another seed, so no held-out problem is a training problem."""
    own: DpoSettings = recipe.settings
    n, seed = own.dpo_model_pairs, recipe.seed + own.mine_seed_offset
    if heldout:
        n, seed = recipe.eval_n, seed + recipe.heldout_seed_offset
    rows = build_or_load("mavis-instruct", out / "data" / ("mined-problems-heldout" if heldout
                                                            else "mined-problems"), n, seed,
                         recipe.image_size)
    batch = 8  # pairs_from_model's batches, so one process answers in the same batches

    def answers(share):
        out = []
        for s in range(0, len(share), batch):
            chunk = [rows[i] for i in share[s:s + batch]]
            out += generate_finished(model, processor,
                                     [r["image"].convert("RGB") for r in chunk],
                                     [r["question"] for r in chunk],
                                     max_new_tokens=recipe.max_length)
        return out

    # the processes answer a share each; an answer cut off at max_length is dropped, neither
    # right nor wrong (its reasoning may be right and merely long)
    answered = processes.shard_map(answers, range(len(rows)))
    kept = [i for i, (_, ended) in enumerate(answered) if ended]
    given = iter(text for text, ended in answered if ended)
    pairs = pairs_from_model(_Numbered(rows, kept),
                             lambda images, prompts: [next(given) for _ in prompts],
                             batch_size=batch)
    return MinedPairs([{"problem": p["problem"], "prompt": p["prompt"], "chosen": p["chosen"],
                        "rejected": p["rejected"], "rejected_source": "model"} for p in pairs],
                      rows), len(rows) - len(kept)


@torch.no_grad()
def preference_accuracy(model, processor, pairs, batch: int = 8) -> dict:
    """Share of pairs where log p(chosen) > log p(rejected) (summed over the response), overall
    and per ``rejected_source``; ``per_token`` compares mean per-token log-probs instead, which
    length differences between the two responses cannot decide."""
    model.eval()

    def outcomes(starts):  # (source, summed wins, per-token wins) per pair of the chunks
        out = []
        for s in starts:
            chunk = [pairs[i] for i in range(s, min(s + batch, len(pairs)))]
            c, r = _pair_batches(processor, chunk, 256)
            lc, lr = sequence_logps(model, c).cpu(), sequence_logps(model, r).cpu()
            tc, tr = lc / response_tokens(c).clamp(min=1), lr / response_tokens(r).clamp(min=1)
            out.append([(p.get("rejected_source") or "unknown", a, b)
                        for p, a, b in zip(chunk, (lc > lr).tolist(), (tc > tr).tolist())])
        return out

    wins: dict[str, list[tuple[bool, bool]]] = {}
    for chunk in processes.shard_map(outcomes, range(0, len(pairs), batch)):
        for source, a, b in chunk:
            wins.setdefault(source, []).append((a, b))
    flat = [w for ws in wins.values() for w in ws]

    def summary(ws):
        return {"accuracy": sum(a for a, _ in ws) / len(ws),
                "per_token": sum(b for _, b in ws) / len(ws), "n": len(ws)}

    return {**(summary(flat) if flat else {"accuracy": 0.0, "per_token": 0.0, "n": 0}),
            "by_source": {k: summary(v) for k, v in sorted(wins.items())}}


def _pair_batches(processor, pairs, max_length):
    """The chosen and the rejected batch of ``pairs``: each picture decoded and preprocessed
    once, the two batches sharing its ``pixel_values`` (and the reference pass takes the same
    batches)."""
    imgs = [p["image"].convert("RGB") for p in pairs]
    pixels = process_images(processor, imgs)
    prompts = [prompt_text(p["prompt"]) for p in pairs]
    return (encode(processor, imgs, prompts, [p["chosen"] for p in pairs], max_length, pixels),
            encode(processor, imgs, prompts, [p["rejected"] for p in pairs], max_length, pixels))


def pair_batch(processor, pairs, idx, max_length: int, replay=None):
    """Stage 4's batch of the pairs at ``idx``: (chosen, rejected, replay batch or None), the
    replay rows fixed per pair (``replay[i % len(replay)]``, an ``Examples``)."""
    c, r = _pair_batches(processor, [pairs[i] for i in idx], max_length)
    if replay is None:
        return c, r, None
    got = {i: replay[i % len(replay)] for i in dict.fromkeys(idx)}
    ex = [got[i] for i in idx]
    return c, r, encode(processor, [e["image"] for e in ex], [prompt_text(e["q"]) for e in ex],
                        [e["a"] for e in ex], max_length)


def replayed_rows(n_pairs: int, n_rows: int) -> int:
    """The replay rows stage 4 ever trains on: ``pair_batch`` gives pair i row i mod
    ``n_rows``, so of more rows than pairs the last go unread."""
    return min(n_pairs, n_rows)


def dpo_task(recipe: Recipe, model, processor, pairs, reference=None, replay=None
             ) -> StageTask:
    """The loop's task of stage 4: DPO on ``pairs`` against ``reference`` (None: the policy
    with its LoRA adapter disabled), plus the RPO and replay terms of the recipe's settings.
    The reference pass takes the policy's batches, pictures preprocessed once."""
    own: DpoSettings = recipe.settings

    def make_batch(idx):
        return pair_batch(processor, pairs, idx, recipe.max_length, replay)

    def reference_logps(m, c, r):
        with torch.no_grad():
            if reference is not None:
                return sequence_logps(reference, c), sequence_logps(reference, r)
            policy = getattr(m, "module", m)  # under DDP: the model it wraps
            policy.eval()  # as the separate reference runs: no dropout
            try:
                with policy.model.language_model.disable_adapter():
                    return sequence_logps(policy, c), sequence_logps(policy, r)
            finally:
                policy.train()

    def loss(m, batch):
        c, r, rep = batch
        ref_c, ref_r = reference_logps(m, c, r)
        total = dpo_loss(sequence_logps(m, c), sequence_logps(m, r), ref_c, ref_r,
                         own.dpo_beta, own.dpo_sft_weight,
                         processes.global_mean_scale(response_tokens(c).sum()))
        if rep is not None:
            total = total + own.dpo_replay_weight * token_mean_loss(m, rep)
        return total

    return StageTask(model, len(pairs), make_batch, loss, module_of=llava_module_of)


@STAGES.register
class DpoStage(TrainingStage):
    key = "stage4"
    name = "dpo"
    title = "DPO"
    settings = DpoSettings
    data_kind = "dpo-pairs"
    goals = (PREFERENCE_GOAL, OWN_MISTAKES_GOAL, PERCEPTION_GOAL)

    def train(self, recipe: Recipe, init: Path | None, out: Path, progress: bool = True
              ) -> dict:
        own: DpoSettings = recipe.settings
        out = Path(out)
        size, held_seed = recipe.image_size, recipe.seed + recipe.heldout_seed_offset
        model, processor = load_llava(Path(init) / "model", device=device(),
                                      dtype=recipe.load_dtype)
        reference = None  # the policy with its adapter disabled
        if list(recipe.train_modules) != ["lora"]:
            reference, _ = load_llava(Path(init) / "model", device=device(),
                                      dtype=recipe.load_dtype)
            for p in reference.parameters():
                p.requires_grad_(False)
        mined, unfinished = mine_pairs(model, processor, recipe, out)
        # ``data`` (a dpo-pairs build) replaces the engine-made pairs; mined pairs stay
        engine, _ = stage_data(recipe, self.data_kind, out, heldout=False)
        held_engine = build_or_load("dpo-pairs", out / "data" / "dpo-pairs-heldout",
                                    recipe.eval_n, held_seed, size)
        held_pairs = Rows(mine_pairs(model, processor, recipe, out, heldout=True)[0],
                          held_engine)
        held_per = build_or_load("mavis-perception", out / "data" / "mavis-perception-heldout",
                                 recipe.eval_n, held_seed, size)
        pope = (GroundingPairs(grounding_data(recipe, out, "pope-synth", own.dpo_pope_pairs,
                                              seed_offset=own.pope_pairs_seed_offset))
                if own.dpo_pope_pairs else [])
        pairs = Rows(mined, engine, pope)  # read a batch at a time
        held_yn = (yes_no_data(recipe, out, recipe.eval_n, heldout=True)
                   if own.dpo_replay_yes_no_n else None)
        replay = None
        if own.dpo_replay_weight:
            rows = build_or_load("mavis-perception", out / "data" / "replay-perception",
                                 own.dpo_replay_n, recipe.seed + own.replay_seed_offset, size)
            parts = [(rows, "mavis-perception")]
            if own.dpo_replay_yes_no_n:
                parts.append((yes_no_data(recipe, out, own.dpo_replay_yes_no_n,
                                          seed_offset=own.replay_seed_offset),
                              "mavis-perception"))
            if own.dpo_replay_pope_n:
                parts.append((grounding_data(recipe, out, "pope-synth", own.dpo_replay_pope_n),
                              "pope-synth"))
            replay = Examples(parts, tower_size(model), cache_bytes(recipe))

        before = self.evaluate(model, processor, held_pairs, held_per, held_yn)
        set_trainable(model, recipe)

        summary = run(recipe, dpo_task(recipe, model, processor, pairs, reference, replay), out,
                      progress=progress)
        model = summary["model"]
        after = self.evaluate(model, processor, held_pairs, held_per, held_yn)
        metrics = {"pairs": {"model": len(mined), "engine": len(engine),
                             "pope": len(pope),
                             "unfinished_dropped": unfinished},
                   "replay_rows": len(replay) if replay is not None else 0,
                   "stage3": before, "stage4": after}
        return finish(recipe, model, processor, out, summary, metrics)

    def evaluate(self, model, processor, held_pairs, held_perception, held_yes_no=None) -> dict:
        res = {"preference_accuracy": preference_accuracy(model, processor, held_pairs),
               "perception": perception_accuracy(model, processor, held_perception)}
        if held_yes_no is not None:
            res["yes_no"] = perception_accuracy(model, processor, held_yes_no)
        return res

    def evidence(self, results: dict) -> dict | None:
        s4 = results.get(self.key, {}).get("metrics")
        if not s4:
            return None
        before, after = s4["stage3"], s4["stage4"]
        ev = {"preference_accuracy_stage3": before["preference_accuracy"]["accuracy"],
              "preference_accuracy_stage4": after["preference_accuracy"]["accuracy"],
              "preference_stage3": before["preference_accuracy"],
              "preference_stage4": after["preference_accuracy"],
              "perception_stage3": before["perception"]["accuracy"],
              "perception_stage4": after["perception"]["accuracy"],
              "pairs": s4["pairs"], "replay_rows": s4.get("replay_rows", 0)}
        ev["replay_rows_used"] = replayed_rows(sum(s4["pairs"].get(k, 0) for k in
                                                   ("model", "engine", "pope")),
                                               ev["replay_rows"])
        if "yes_no" in before:
            ev["yes_no_stage3"] = before["yes_no"]["accuracy"]
            ev["yes_no_stage4"] = after["yes_no"]["accuracy"]
        ev["preference_gain_points"] = 100 * (ev["preference_accuracy_stage4"]
                                              - ev["preference_accuracy_stage3"])
        ev["perception_drop_points"] = 100 * (ev["perception_stage3"]
                                              - ev["perception_stage4"])
        n = ev["perception_n"] = after["perception"]["n"]
        lo, hi = newcombe(ev["perception_stage4"], n, ev["perception_stage3"], before[
            "perception"]["n"])
        ev["perception_change_ci95"] = [100 * lo, 100 * hi]
        ev["perception_change_points"] = -ev["perception_drop_points"]
        own = after["preference_accuracy"].get("by_source", {}).get("model")
        if own and own["n"]:
            ev["own_mistakes_lose_pct"] = 100 * own["accuracy"]
            ev["own_mistakes_lose_ci95"] = [100 * x for x in wilson(own["accuracy"], own["n"])]
            ev["own_mistakes_n"] = own["n"]
        return ev
