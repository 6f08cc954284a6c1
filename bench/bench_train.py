"""Training throughput against the libraries users would train with instead, measured in one
run: stage 1 (CLIP-Math) samples/s against open_clip's own loop (``open_clip_train.train.
train_one_epoch``), stage 3 (instruction tuning) tokens/s against TRL's ``SFTTrainer`` and
stage 4 (DPO) pairs/s against TRL's ``DPOTrainer``, on the same model, rows, batch size,
optimizer (AdamW, cosine schedule, clipping at 1.0), precision (float32) and number of steps.
The two sides run interleaved (ours, theirs, ours, ...) ``--repeats`` times after ``--warmup``
untimed rounds, each from the same initial weights; the min and median of each and the ratio
ours/theirs of the medians are printed (and written to ``--json``). A baseline whose library
is missing is one line and skipped (``pip install -e .[bench]`` adds TRL).

What is timed is the same work on both sides, a whole run as a user's ends: the optimizer and
schedule, the steps with their batches built from the dataset rows inside (decoding,
preprocessing, tokenising), and one checkpoint with the optimizer state at the end. Ours:
``train.loop.run`` (its Accelerator, DataLoader, safetensors checkpoint). open_clip: what
``open_clip_train.main`` does around its data (AdamW, ``cosine_lr``, ``train_one_epoch`` per
epoch, ``torch.save`` of the last epoch's model and optimizer). TRL: ``Trainer.train`` (its
Accelerator, optimizer, and under ``save_strategy="steps"`` the checkpoint of the last step).
Models, rows and trainers are made before the clock starts. Stage 1 takes the steps of
open_clip's loader on both sides (it drops each epoch's last partial batch). Tokens are those
the model's forward pass is given in training (attention mask ones, image tokens included),
counted on each side by a forward hook.

TRL is set up as its docs describe for a small model on a CPU: ``bf16=False`` (its configs
default to bf16, which on a CPU without bfloat16 units autocasts every matmul to bfloat16:
about 0.9 s a tiny SFT step against 0.2 s in float32), no gradient checkpointing (on by default
in TRL; off in our recipes), padding to each batch's longest (``max_length=None``, no packing),
no evaluation, logging only at the end, no DataLoader workers (ours: ``data_workers`` 0), the
reference model run at each step (``precompute_ref_log_probs`` False, as our stage 4).

Stage 1 trains the whole model on both sides and is measured against open_clip twice: line
``stage1/sample`` with the texts our stage 1 trains on (captions longer than the text context
cut to a run of whole sentences, ``mm.clip_math.fit_caption``, drawn in open_clip's dataset with
each text's token count memoised: the same data on both sides), line ``stage1/truncate`` with
open_clip's own truncation at the context length (less work per caption than sentence
sampling). Ours keeps preprocessed images across epochs where open_clip's dataset decodes them
again. Both sides run ``--threads`` torch threads.

    OMP_NUM_THREADS=1 .venv/bin/python bench/bench_train.py --preset tiny --repeats 5 \
        --json docs/bench_train.json
"""
from __future__ import annotations

import argparse
import copy
import importlib.util
import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path
from types import SimpleNamespace

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import mm.determinism  # noqa: E402,F401  (before torch loads numpy: the data's usual bytes)
import torch  # noqa: E402

SIZES = {"tiny": dict(rows=32, batch=8, image=64), "small": dict(rows=64, batch=16, image=96)}


def _tokens_counter(model):
    """A forward pre-hook adding up the attention-mask ones of each training forward pass."""
    seen = [0]

    def hook(module, args, kwargs):
        if module.training and kwargs.get("attention_mask") is not None:
            seen[0] += int(kwargs["attention_mask"].sum())

    model.register_forward_pre_hook(hook, with_kwargs=True)
    return seen


# ----------------------------------------------------------------------------- stage 1


def clip_setup(preset, data, epochs, captions="sample"):
    from mm.clip_math import create_clip

    model, _, pre, tok = create_clip(preset, seed=0)
    model.output_dict = False
    return dict(model=model, pre=pre, tok=tok, rows=data["captions"], epochs=epochs,
                captions=captions)


def clip_ours(s, recipe, out):
    import open_clip

    from train.data import cache_bytes
    from train.loop import StageTask, run
    from train.stages.clip import CaptionBatches, PixelCache

    model = copy.deepcopy(s["model"])
    loss_fn = open_clip.ClipLoss()

    def loss(m, batch):
        return loss_fn(*m(*batch)[:3])

    rows = s["rows"]
    task = StageTask(model, len(rows), CaptionBatches(PixelCache(rows, s["pre"],
                                                                 cache_bytes(recipe)),
                                                      rows["caption"], s["tok"], 0),
                     loss, keyed=True)
    t = time.perf_counter()
    run(recipe, task, out, progress=False)
    return recipe.max_steps * recipe.batch_size / (time.perf_counter() - t)


class _CaptionRows(torch.utils.data.Dataset):
    """Rows as open_clip's ``CsvDataset`` gives them: the preprocessed image and the tokenised
    caption, made when the loader asks. ``captions="sample"``: the caption as our stage 1 sees
    it, a run of whole sentences (``fit_caption``, a seed per item served, each text's token
    count memoised), the way a user would add sentence sampling to open_clip's dataset;
    ``"truncate"``: open_clip's own truncation at the context length."""

    def __init__(self, rows, pre, tok, captions: str):
        import functools

        from mm.clip_math import token_counter

        self.rows, self.pre, self.tok, self.captions = rows, pre, tok, captions
        self.n_tokens = functools.lru_cache(maxsize=2**16)(token_counter(tok))
        self.served = 0

    def __len__(self):
        return len(self.rows)

    def __getitem__(self, i):
        import numpy as np

        from mm.clip_math import fit_caption

        r = self.rows[i]
        text = r["caption"]
        if self.captions == "sample":
            self.served += 1
            text = fit_caption(text, self.n_tokens, self.tok.context_length,
                               np.random.default_rng([0, self.served]))
        return self.pre(r["image"].convert("RGB")), self.tok([text])[0]


def clip_theirs(s, recipe, out):
    import open_clip
    from open_clip_train.scheduler import cosine_lr
    from open_clip_train.train import train_one_epoch

    model = copy.deepcopy(s["model"])
    model.output_dict = True
    loader = torch.utils.data.DataLoader(_CaptionRows(s["rows"], s["pre"], s["tok"],
                                                      s["captions"]),
                                         batch_size=recipe.batch_size, shuffle=True,
                                         drop_last=True, num_workers=0,
                                         generator=torch.Generator().manual_seed(0))
    loader.num_batches, loader.num_samples = len(loader), len(loader) * recipe.batch_size
    if s["epochs"] * loader.num_batches != recipe.max_steps:
        raise ValueError(f"stage 1: {s['epochs']} epochs of {loader.num_batches} batches are not "
                         f"the recipe's {recipe.max_steps} steps")
    # open_clip_train.data's DataInfo, without its webdataset imports: what train_one_epoch reads
    data = {"train": SimpleNamespace(dataloader=loader, set_epoch=lambda epoch: None)}
    args = SimpleNamespace(device="cpu", precision="fp32", distill=False, accum_freq=1,
                           skip_scheduler=False, grad_clip_norm=recipe.max_grad_norm,
                           horovod=False, log_every_n_steps=10**9, world_size=1, rank=0,
                           local_rank=0, batch_size=recipe.batch_size, wandb=False,
                           save_logs=False, distributed=False)
    loss = open_clip.ClipLoss()
    t = time.perf_counter()
    # what open_clip_train.main does around its epochs: the optimizer and schedule, then the
    # checkpoint of the last epoch (model and optimizer state, torch.save)
    params = [p for p in model.parameters() if p.requires_grad]
    optimizer = torch.optim.AdamW(params, lr=recipe.lr, weight_decay=0.0)
    scheduler = cosine_lr(optimizer, recipe.lr, recipe.warmup_steps, recipe.max_steps)
    for epoch in range(s["epochs"]):
        train_one_epoch(model, data, loss, epoch, optimizer, None, scheduler, None, args)
    out.mkdir(parents=True, exist_ok=True)
    torch.save({"epoch": s["epochs"], "name": "bench", "state_dict": model.state_dict(),
                "optimizer": optimizer.state_dict()}, out / f"epoch_{s['epochs']}.pt")
    return recipe.max_steps * recipe.batch_size / (time.perf_counter() - t)


# ----------------------------------------------------------------------------- stages 3 and 4


def llava_setup(preset, data, size):
    from mm.clip_math import create_clip
    from mm.export import export_vision_tower, image_processor_for
    from mm.llava import build_llava
    from mm.tokenizer import train_tokenizer

    ins = data["instruct"]
    texts = [r["question"] + "\n" + r["cot"] for r in ins.select_columns(["question", "cot"])]
    clip = create_clip(preset, seed=0)[0]
    model, processor = build_llava(export_vision_tower(clip), image_processor_for(clip),
                                   tokenizer=train_tokenizer(texts, vocab_size=512),
                                   lm_preset=preset, seed=0)
    return dict(model=model, processor=processor, size=size, **data)


def _sft_rows(s):
    """The instruct rows as TRL's vision SFT takes them (prompt-completion, one image)."""
    import datasets

    from mm.tokenizer import prompt_text

    eos = s["processor"].tokenizer.eos_token
    ins = s["instruct"]
    return datasets.Dataset.from_dict(
        {"image": [r["image"] for r in ins], "prompt": [prompt_text(q) for q in ins["question"]],
         "completion": [" " + c + eos for c in ins["cot"]]},
        features=datasets.Features({"image": datasets.Image(), "prompt": datasets.Value(
            "string"), "completion": datasets.Value("string")}))


def sft_ours(s, recipe, out):
    from train.data import cache_bytes
    from train.loop import run
    from train.sft import Examples, set_trainable, sft_task, tower_size

    model = set_trainable(copy.deepcopy(s["model"]), recipe)
    examples = Examples([(s["instruct"], "mavis-instruct")], tower_size(model),
                        cache_bytes(recipe))
    seen = _tokens_counter(model)
    t = time.perf_counter()
    run(recipe, sft_task(recipe, model, s["processor"], examples), out, progress=False)
    return seen[0] / (time.perf_counter() - t)


def _trl_args(cls, recipe, out, **kw):
    return cls(output_dir=str(out), max_steps=recipe.max_steps,
               per_device_train_batch_size=recipe.batch_size, learning_rate=recipe.lr,
               lr_scheduler_type="cosine", warmup_steps=recipe.warmup_steps, weight_decay=0.0,
               max_grad_norm=recipe.max_grad_norm, logging_steps=10**6,
               # one checkpoint, at the end (the Trainer saves the last step under "steps")
               save_strategy="steps", save_steps=10**6,
               report_to="none", use_cpu=True, dataloader_num_workers=0, seed=0,
               disable_tqdm=True, max_length=None,
               # TRL's configs turn both on by default; our recipes (and this bench's) run in
               # float32 without checkpointing
               gradient_checkpointing=False, bf16=False, **kw)


def sft_theirs(s, recipe, out):
    from trl import SFTConfig, SFTTrainer

    from train.sft import set_trainable

    model = set_trainable(copy.deepcopy(s["model"]), recipe)
    trainer = SFTTrainer(model=model, args=_trl_args(SFTConfig, recipe, out,
                                                     completion_only_loss=True),
                         train_dataset=_sft_rows(s), processing_class=s["processor"])
    seen = _tokens_counter(model)
    t = time.perf_counter()
    trainer.train()
    return seen[0] / (time.perf_counter() - t)


def dpo_ours(s, recipe, out):
    from train.loop import run
    from train.sft import set_trainable
    from train.stages.dpo import dpo_task

    model = set_trainable(copy.deepcopy(s["model"]), recipe)
    reference = copy.deepcopy(s["model"]).requires_grad_(False)
    t = time.perf_counter()
    run(recipe, dpo_task(recipe, model, s["processor"], s["pairs"], reference), out,
        progress=False)
    return recipe.max_steps * recipe.batch_size / (time.perf_counter() - t)


def _dpo_rows(s):
    import datasets

    from mm.tokenizer import prompt_text

    eos = s["processor"].tokenizer.eos_token
    p = s["pairs"]
    return datasets.Dataset.from_dict(
        {"image": [r["image"] for r in p], "prompt": [prompt_text(q) for q in p["prompt"]],
         "chosen": [" " + c + eos for c in p["chosen"]],
         "rejected": [" " + r + eos for r in p["rejected"]]},
        features=datasets.Features({"image": datasets.Image(), **{k: datasets.Value("string")
                                    for k in ("prompt", "chosen", "rejected")}}))


def dpo_theirs(s, recipe, out):
    from trl import DPOConfig, DPOTrainer

    from train.sft import set_trainable

    model = set_trainable(copy.deepcopy(s["model"]), recipe)
    reference = copy.deepcopy(s["model"]).requires_grad_(False)
    trainer = DPOTrainer(model=model, ref_model=reference,
                         args=_trl_args(DPOConfig, recipe, out, beta=recipe.settings.dpo_beta),
                         train_dataset=_dpo_rows(s), processing_class=s["processor"])
    t = time.perf_counter()
    trainer.train()
    return recipe.max_steps * recipe.batch_size / (time.perf_counter() - t)


# ----------------------------------------------------------------------------- the bench


def build_data(root: Path, size: dict) -> dict:
    from train.data import build_or_load

    n, img = size["rows"], size["image"]
    return {"captions": build_or_load("mavis-caption", root / "caption", n, 0, img),
            "instruct": build_or_load("mavis-instruct", root / "instruct", n, 0, img),
            "pairs": build_or_load("dpo-pairs", root / "pairs", n, 0, img)}


def measure(name, unit, ours, theirs, repeats, rows, steps, warmup=1, scratch=None) -> dict:
    """Interleaved repeats after ``warmup`` untimed rounds (the first run of a side pays its
    lazy imports and first allocations); one printed line: min and median of each, the ratio
    of medians. The runs write under ``scratch``, emptied after each (checkpoints of tens of
    megabytes a run)."""
    from accelerate.state import AcceleratorState

    def side(fn):
        # each side makes its own Accelerator (TRL's Trainer with its own settings)
        AcceleratorState._reset_state(reset_partial_state=True)
        try:
            return fn()
        finally:
            if scratch is not None:
                shutil.rmtree(scratch, ignore_errors=True)

    a, b = [], []
    for i in range(warmup + repeats):
        x = side(ours)
        if theirs is not None:
            y = side(theirs)
        if i >= warmup:
            a.append(x)
            if theirs is not None:
                b.append(y)
    line = (f"{name:<8} ({rows} rows, {steps} steps) ours {unit}: min {min(a):9.1f} median "
            f"{statistics.median(a):9.1f}")
    result = {"unit": unit, "rows": rows, "steps": steps,
              "ours": {"min": round(min(a), 2), "median": round(statistics.median(a), 2),
                       "runs": [round(x, 2) for x in a]}}
    if b:
        ratio = statistics.median(a) / statistics.median(b)
        line += (f" | theirs: min {min(b):9.1f} median {statistics.median(b):9.1f}"
                 f" | ours/theirs {ratio:.2f}x")
        result.update(theirs={"min": round(min(b), 2), "median": round(statistics.median(b), 2),
                              "runs": [round(x, 2) for x in b]},
                      ours_over_theirs=round(ratio, 3))
    print(line, flush=True)
    return result


def _versions() -> dict:
    from importlib.metadata import PackageNotFoundError, version

    out = {}
    for name in ("torch", "accelerate", "transformers", "open_clip_torch", "trl"):
        try:
            out[name] = version(name)
        except PackageNotFoundError:
            out[name] = None
    return out


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--preset", choices=sorted(SIZES), default="tiny")
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--epochs", type=int, default=2, help="passes over the rows per run")
    ap.add_argument("--warmup", type=int, default=1, help="untimed rounds before the repeats")
    ap.add_argument("--stages", default="1,3,4")
    ap.add_argument("--threads", type=int, default=1, help="torch threads, both sides")
    ap.add_argument("--open-clip-captions", choices=["both", "sample", "truncate"],
                    default="both", help="open_clip's texts: our stage 1's sentence runs (the "
                    "same data as ours), its own truncation, or one line for each")
    ap.add_argument("--json", type=Path, help="also write the numbers here (docs/bench_train.json)")
    ap.add_argument("--note", default="", help="what the JSON says of the machine")
    args = ap.parse_args(argv)
    torch.set_num_threads(args.threads)
    root = Path(tempfile.mkdtemp(prefix="bench_train_"))
    try:
        bench(args, root)
    finally:
        shutil.rmtree(root, ignore_errors=True)


def bench(args, root: Path) -> None:
    """The stages ``args`` asks for, their data built under ``root``."""
    from train.recipe import Recipe

    size = SIZES[args.preset]
    steps = args.epochs * size["rows"] // size["batch"]
    data = build_data(root / "data", size)
    common = dict(batch_size=size["batch"], max_steps=steps, save_every=10**6, lr=1e-3,
                  warmup_steps=1, seed=0)
    runs = iter(range(10**6))

    def out():
        return root / "runs" / f"run{next(runs)}"

    have_trl = importlib.util.find_spec("trl") is not None
    have_oc = importlib.util.find_spec("open_clip_train") is not None
    print(f"preset {args.preset}: batch {size['batch']}, {args.epochs} epochs of {size['rows']} "
          f"rows asked, {args.warmup} untimed + {args.repeats} timed rounds, torch threads "
          f"{torch.get_num_threads()}", flush=True)
    stages = set(args.stages.split(","))
    results: dict = {}
    if "1" in stages:
        s = clip_setup(args.preset, data, args.epochs)
        # open_clip's loader drops each epoch's last partial batch: both sides take its steps
        r = Recipe(stage="clip", preset=args.preset, train_modules=["vision"], **{
            **common, "max_steps": args.epochs * (len(s["rows"]) // size["batch"])})
        if not have_oc:
            print("stage 1: open_clip_train is not installed; its baseline is skipped")
        modes = ["sample", "truncate"] if args.open_clip_captions == "both" else [
            args.open_clip_captions]
        for mode in modes:
            sm = {**s, "captions": mode}
            results[f"stage1-{mode}"] = measure(
                f"stage1/{mode}", "samples/s",
                lambda: clip_ours(sm, r, out()),
                (lambda: clip_theirs(sm, r, out())) if have_oc else None, args.repeats,
                len(s["rows"]), r.max_steps, args.warmup, root / "runs")
    if stages & {"3", "4"}:
        s = llava_setup(args.preset, data, size)
        if not have_trl:
            print("stages 3-4: trl is not installed (pip install -e .[bench]); its baselines "
                  "are skipped")
    # responses whole on both sides (TRL: max_length None): the longest is under 300 tokens
    if "3" in stages:
        r = Recipe(stage="instruct", preset=args.preset, train_modules=["projector", "llm"],
                   max_length=512, **common)
        results["stage3"] = measure(
            "stage3", "tokens/s", lambda: sft_ours(s, r, out()),
            (lambda: sft_theirs(s, r, out())) if have_trl else None, args.repeats,
            len(s["instruct"]), steps, args.warmup, root / "runs")
    if "4" in stages:
        r = Recipe(stage="dpo", preset=args.preset, train_modules=["llm"], max_length=512,
                   **common)
        results["stage4"] = measure(
            "stage4", "pairs/s", lambda: dpo_ours(s, r, out()),
            (lambda: dpo_theirs(s, r, out())) if have_trl else None, args.repeats,
            len(s["pairs"]), steps, args.warmup, root / "runs")

    if args.json:
        import json
        import platform

        args.json.write_text(json.dumps(
            {"preset": args.preset, "batch": size["batch"], "epochs": args.epochs,
             "open_clip_captions": args.open_clip_captions,
             "repeats": args.repeats, "warmup": args.warmup, "threads": torch.get_num_threads(),
             "machine": f"{platform.machine()}, {os.cpu_count()} CPUs", "note": args.note,
             "versions": _versions(), "stages": results}, indent=1) + "\n")


if __name__ == "__main__":
    main()
