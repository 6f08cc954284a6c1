"""Supervised fine-tuning machinery of the LLaVA stages (alignment, instruction tuning, DPO).

Next-token training on (image, prompt) -> response with the loss on response tokens only:
which modules train (``set_trainable``, LoRA through peft), tokenised batches (``encode``), a
lazy example view over datasets (``Examples``), greedy generation and the held-out perception
accuracy the stages report, and saving a finished stage's model folder. Under several
processes the token-mean loss is the global batch's (``token_mean_loss``), generation and
evaluation are split over the processes, and only the main process saves.

    python -c "from train.sft import answer_matches; print(answer_matches('cube.', 'cube'))"
"""
from __future__ import annotations

import json
from pathlib import Path

import torch
from PIL import Image

from engines.builders.mme_synth import SUFFIX as MME_SUFFIX
from mm.llava import save
from mm.seeding import derive_seed, seeded
from mm.tokenizer import next_turn_text, prompt_text
from train import processes
from train.checkpoint import seal_stage
from train.data import ByteCache, Rows
from train.loop import StageTask, model_device
from train.recipe import Recipe

CAPTION_PROMPT = "Describe the diagram."


# ----------------------------------------------------------------------------- model set-up


def set_trainable(model, recipe: Recipe):
    """Freeze everything, then unfreeze the recipe's ``train_modules`` (LoRA wraps the LLM with
    peft) but the token embeddings with ``freeze_embeddings`` and the first
    ``frozen_llm_layers`` decoder layers. The adapters' initial weights come from the recipe's
    seed and stage (``lora_seed``), so a stage starts from the same weights in every
    process."""
    modules, lora = recipe.train_modules, recipe.lora
    for p in model.parameters():
        p.requires_grad_(False)
    if "lora" in modules:
        from peft import LoraConfig, get_peft_model

        cfg = LoraConfig(r=lora.r, lora_alpha=lora.alpha, lora_dropout=lora.dropout,
                         target_modules=lora.target_modules)
        with seeded(lora_seed(recipe)):
            model.model.language_model = get_peft_model(model.model.language_model, cfg)
        for n, p in model.model.language_model.named_parameters():
            p.requires_grad_("lora_" in n)
    parts = {"vision": [model.model.vision_tower],
             "projector": [model.model.multi_modal_projector],
             "llm": [] if "lora" in modules else [model.model.language_model, model.lm_head]}
    for name in modules:
        for module in parts.get(name, []):
            for p in module.parameters():
                p.requires_grad_(True)
    if recipe.freeze_embeddings:  # a tied head is the same tensor
        model.get_input_embeddings().weight.requires_grad_(False)
    layers = model.model.language_model.layers
    if recipe.frozen_llm_layers > len(layers):
        raise ValueError(f"frozen_llm_layers: {recipe.frozen_llm_layers} of the language "
                         f"model's {len(layers)} decoder layers")
    for layer in layers[:recipe.frozen_llm_layers]:
        for p in layer.parameters():
            p.requires_grad_(False)
    for p in model.parameters():  # loaded in bfloat16 (load_dtype): AdamW updates float32
        if p.requires_grad and p.dtype != torch.float32:
            p.data = p.data.float()
    return model


def llava_module_of(name: str) -> str:
    """The train module (``set_trainable``'s names) a LLaVA model's parameter belongs to."""
    if "lora_" in name:
        return "lora"
    if name.startswith("model.vision_tower."):
        return "vision"
    if name.startswith("model.multi_modal_projector."):
        return "projector"
    return "llm"


def lora_seed(recipe: Recipe) -> int:
    """Seed of a stage's LoRA initialisation: the recipe's seed, per stage."""
    return derive_seed(recipe.seed, recipe.stage, "lora")


def merge_lora(model):
    lm = model.model.language_model
    if hasattr(lm, "merge_and_unload"):
        model.model.language_model = lm.merge_and_unload()
    return model


# ----------------------------------------------------------------------------- batches


def blank_like(img: Image.Image) -> Image.Image:
    return Image.new("RGB", img.size, "white")


def process_images(processor, images) -> dict:
    """The vision tower's inputs of a batch of pictures (``pixel_values``): the one
    preprocessing of them that every ``encode`` of the batch shares (DPO's chosen and rejected
    responses of the same rows). A picture that appears more than once (the same object) is
    processed once."""
    first = {}
    for im in images:
        first.setdefault(id(im), len(first))
    if len(first) == len(images):
        return dict(processor.image_processor(images, return_tensors="pt"))
    unique = list({id(im): im for im in images}.values())
    out = dict(processor.image_processor(unique, return_tensors="pt"))
    at = torch.tensor([first[id(im)] for im in images])
    return {k: v[at] if isinstance(v, torch.Tensor) else v for k, v in out.items()}


def expand_image_tokens(processor, pixels: dict, texts, rows=None) -> list[str]:
    """``texts`` with each one's image token repeated as the processor repeats it for the
    processed picture of the same position (what ``processor(images=..., text=...)`` does
    before tokenising); ``rows``: the picture of each text, where it is not its position."""
    mark = processor.image_token
    return [t.replace(mark, processor.replace_image_token(pixels, i))
            for i, t in zip(range(len(texts)) if rows is None else rows, texts)]


def conversation(prompt: str, response, eos: str) -> tuple[str, list[tuple[int, int]]]:
    """The training text of a prompt and its response, and where each answer is in it (start
    and end characters, the end-of-sequence token included). A response is one answer, or a
    conversation about the same picture: answers and the questions between them, ``(a1, q2,
    a2, ..., qk, ak)``, each later question a user turn of the chat template's own form
    (``mm.tokenizer.next_turn_text``)."""
    turns = (response,) if isinstance(response, str) else tuple(response)
    if len(turns) % 2 == 0:
        raise ValueError(f"a conversation ends with an answer: got {len(turns)} parts")
    text, spans = prompt, []
    for k in range(0, len(turns), 2):
        if k:
            text += next_turn_text(turns[k - 1])
        start = len(text)
        text += " " + turns[k] + eos
        spans.append((start, len(text)))
    return text, spans


def encode(processor, images, prompts, responses=None, max_length: int = 256,
           pixels: dict | None = None):
    """Tokenised batch; with responses, labels cover the answers' tokens only (prompt, image,
    a conversation's later questions and padding positions are -100), at most ``max_length``
    of each answer; a response is one answer or a conversation (``conversation``). Right
    padding for training, left for generation. The pictures are preprocessed once (``pixels``,
    when given, is that of ``images``, ``process_images``); the tokens are the processor's own
    (``tests/train/test_data_bounded.py`` and ``test_conversations.py`` compare them)."""
    tok = processor.tokenizer
    if responses is None:
        tok.padding_side = "left"
        return processor(images=images, text=list(prompts), return_tensors="pt", padding=True)
    if pixels is None:
        pixels = process_images(processor, images)
    eos = tok.eos_token or ""
    full, spans = zip(*(conversation(p, r, eos) for p, r in zip(prompts, responses)))
    # token counts of the text before each answer, and through each answer but a row's last
    # (which ends where the row does): the labelled spans' bounds
    prefixes = ([(i, full[i][:a]) for i, sp in enumerate(spans) for a, _ in sp]
                + [(i, full[i][:b]) for i, sp in enumerate(spans) for _, b in sp[:-1]])
    tok.padding_side = "right"
    try:
        batch = dict(tok(expand_image_tokens(processor, pixels, list(full)),
                         return_tensors="pt", padding=True))
        counted = iter([len(x) for x in tok(expand_image_tokens(
            processor, pixels, [t for _, t in prefixes], [i for i, _ in prefixes]),
            padding=False)["input_ids"]])
    finally:
        tok.padding_side = "left"
    batch.update(pixels)
    labels = batch["input_ids"].clone()
    width = labels.shape[1]
    starts = [[next(counted) for _ in sp] for sp in spans]
    ends = [[next(counted) for _ in sp[:-1]] + [width] for sp in spans]
    keep = torch.zeros_like(labels, dtype=torch.bool)
    for i, (st, en) in enumerate(zip(starts, ends)):
        for n, e in zip(st, en):
            # each answer is cut at max_length tokens of its own, whatever else is in the
            # batch (a batch split over processes labels the tokens one process's batch does)
            keep[i, n:min(e, n + max_length)] = True
    labels[~keep] = -100
    labels[batch["attention_mask"] == 0] = -100
    limit = max(st[-1] for st in starts) + max_length
    if labels.shape[1] > limit:  # no labelled token past here (never cuts the image tokens)
        batch = {k: (v[:, :limit] if k in ("input_ids", "attention_mask") else v)
                 for k, v in batch.items()}
        labels = labels[:, :limit]
    batch["labels"] = labels
    return batch


def rows_to_examples(rows, kind: str) -> list[dict]:
    """(image, prompt, response) examples from dataset rows of one kind."""
    out = []
    for r in rows:
        if kind == "mavis-caption":
            out.append({"row": r, "q": CAPTION_PROMPT, "a": r["caption"]})
        elif kind == "mavis-instruct":
            out.append({"row": r, "q": r["question"], "a": r["cot"]})
        elif kind in QUESTION_ASKS:
            qs, ans = r["question"], r["answer"]
            if isinstance(qs, str):
                out.append({"row": r, **dict(zip("qa", QUESTION_ASKS[kind](qs, ans)))})
                continue
            # a conversation about one picture (``train.data.Conversations``)
            turns = [QUESTION_ASKS[kind](q, a) for q, a in zip(qs, ans)]
            rest = tuple(x for q, a in turns[1:] for x in (q, a))
            out.append({"row": r, "q": turns[0][0], "a": (turns[0][1],) + rest})
        else:
            raise ValueError(f"no examples from dataset kind {kind!r}")
    return out


# how each grounding kind's question and answer are asked and answered: POPE asks the bare
# question, its answers parsed yes/no; MME adds its answer instruction
GROUNDING_ASKS = {"pope-synth": lambda q, a: (q, a.capitalize()),
                  "mme-synth": lambda q, a: (q + MME_SUFFIX, a)}
# the kinds whose rows are a question and its short answer, one or a conversation of them
QUESTION_ASKS = {"mavis-perception": lambda q, a: (q, a), **GROUNDING_ASKS}


def example_bytes(ex: dict) -> int:
    """What an example of ``Examples`` holds in memory: its picture's pixels and its text."""
    img = ex["image"]
    text = ex["a"] if isinstance(ex["a"], str) else "".join(ex["a"])
    return img.width * img.height * len(img.getbands()) + len(ex["q"]) + len(text)


class Examples:
    """Lazy (image, prompt, response) view over one or more datasets: a row is read when its
    example is asked for. Decoded pictures are kept at the vision tower's input size, at most
    ``cache_bytes`` of them (least recently used out first; None: all): decoding and resizing
    PNGs would otherwise cost more than the small presets' training step, every epoch."""

    def __init__(self, parts: list[tuple[object, str]], image_size: int | None = None,
                 cache_bytes: int | None = None):
        self.rows = Rows(*(ds for ds, _ in parts))
        self.kinds = [kind for _, kind in parts]
        self.image_size = image_size
        self.cache = ByteCache(cache_bytes, example_bytes)

    def __len__(self):
        return len(self.rows)

    def kind_of(self, j: int) -> str:
        """The dataset kind of example ``j``."""
        return self.kinds[self.rows.locate(j)[0]]

    def __getitem__(self, j):
        return self.cache.get(j, lambda: self._make(j))

    def _make(self, j: int) -> dict:
        part, i = self.rows.locate(j)
        ex = rows_to_examples([self.rows.parts[part][i]], self.kinds[part])[0]
        img = ex["row"]["image"].convert("RGB")
        if self.image_size:
            img = img.resize((self.image_size, self.image_size), Image.BICUBIC)
        ex["image"] = img
        ex["row"] = {}
        return ex


# ----------------------------------------------------------------------------- evaluation


@torch.no_grad()
def generate(model, processor, images, prompts, max_new_tokens: int = 16) -> list[str]:
    return [t for t, _ in generate_finished(model, processor, images, prompts, max_new_tokens)]


@torch.no_grad()
def generate_finished(model, processor, images, prompts, max_new_tokens: int = 16
                      ) -> list[tuple[str, bool]]:
    """Greedy answers, each with whether it ended (an end-of-sequence token came before
    ``max_new_tokens``): an answer cut off by the limit says nothing of what the model would
    conclude."""
    batch = encode(processor, images, [prompt_text(p) for p in prompts])
    batch = {k: v.to(model_device(model)) for k, v in batch.items()}
    out = model.generate(**batch, max_new_tokens=max_new_tokens, do_sample=False)
    new = out[:, batch["input_ids"].shape[1]:]
    eos = model.generation_config.eos_token_id
    eos = torch.tensor([eos] if isinstance(eos, int) else list(eos or []), device=new.device)
    ended = torch.isin(new, eos).any(-1).tolist() if len(eos) else [False] * len(new)
    texts = processor.tokenizer.batch_decode(new, skip_special_tokens=True)
    return list(zip(texts, ended))


def answer_matches(output: str, answer: str) -> bool:
    """A short answer is right when the output starts with it as whole words ("cube" matches
    "cube." and "cube, because", not "cubes" or "cuboid")."""
    import re

    return re.match(re.escape(answer.strip().lower()) + r"(?![\w])",
                    output.strip().lower()) is not None


def perception_accuracy(model, processor, rows, blank: bool = False, batch: int = 16,
                        kind: str = "mavis-perception") -> dict:
    """Share of outputs that start with the row's short answer (rows of ``kind``, asked as
    ``rows_to_examples`` asks them); ``yes_ratio``: share starting with "yes" (a yes/no set's
    bias); on a set answered yes or no alone, also the F1 of "yes" (POPE's headline metric,
    with any output not starting with "yes" counted as a "no", where POPE's parser reads
    free text), and ``truth_yes``, the set's share of rows answered "yes". Per group: the
    row's family, POPE split or MME subtask."""
    model.eval()

    def outcomes(starts):  # (group, answer, right, said yes) per row of the chunks
        out = []
        for s in starts:
            chunk = rows_to_examples([rows[i] for i in range(s, min(s + batch, len(rows)))],
                                     kind)
            imgs = [blank_like(e["row"]["image"]) if blank else e["row"]["image"].convert("RGB")
                    for e in chunk]
            outs = generate(model, processor, imgs, [e["q"] for e in chunk])
            out.append([(_group(e["row"]), e["a"].strip().lower(), answer_matches(o, e["a"]),
                         answer_matches(o, "yes")) for e, o in zip(chunk, outs)])
        return out

    results = [r for chunk in processes.shard_map(outcomes, range(0, len(rows), batch))
               for r in chunk]
    per_group: dict[str, list[bool]] = {}
    for group, _, ok, _ in results:
        per_group.setdefault(group, []).append(ok)
    n = len(results)
    out = {"accuracy": sum(r[2] for r in results) / n, "n": n,
           "yes_ratio": sum(r[3] for r in results) / n,
           "per_family": {k: sum(v) / len(v) for k, v in sorted(per_group.items())}}
    if {r[1] for r in results} <= {"yes", "no"}:
        tp = sum(a == "yes" and y for _, a, _, y in results)
        pred, pos = sum(r[3] for r in results), sum(r[1] == "yes" for r in results)
        out["f1"] = 2 * tp / (pred + pos) if pred + pos else 0.0
        out["truth_yes"] = pos / n  # the set's own share of "yes" answers
    return out


def _group(row: dict) -> str:
    return str(row.get("family") or row.get("split") or row.get("subtask") or "")


# ----------------------------------------------------------------------------- stages


def sft_task(recipe: Recipe, model, processor, examples, blank_images: bool = False
             ) -> StageTask:
    """Next-token loss on the examples' responses (on blank pictures with ``blank_images``)."""
    def make_batch(idx):
        got = {i: examples[i] for i in dict.fromkeys(idx)}  # each row decoded once a step
        exs = [got[i] for i in idx]
        imgs = [e["image"] for e in exs]
        if blank_images:
            imgs = [blank_like(i) for i in imgs]
        return encode(processor, imgs, [prompt_text(e["q"]) for e in exs],
                      [e["a"] for e in exs], recipe.max_length)

    return StageTask(model, len(examples), make_batch, token_mean_loss,
                     module_of=llava_module_of)


def labelled_logits(model, batch: dict) -> tuple[torch.Tensor, torch.Tensor] | None:
    """The model's float logits at the positions that predict a labelled token in some row of
    ``batch`` (``logits_to_keep``) and the labels there: (B, K, V) and (B, K); None when no
    token is labelled. The logits elsewhere add nothing to a loss over the labelled tokens or
    to its gradient, and a batch of short answers (a yes/no, a number) labels few of its
    positions, where the head over the vocabulary is a large share of a small model's step
    (a POPE-row stage-3 step of the small preset: 0.351 -> 0.31 s on 2 cores)."""
    target = batch["labels"][:, 1:]
    keep = torch.nonzero((target != -100).any(0)).flatten()
    if not len(keep):
        return None
    logits = model(**{k: v for k, v in batch.items() if k != "labels"},
                   logits_to_keep=keep).logits
    return logits.float(), target[:, keep]


# the batch keys ``length_groups`` knows how to split by rows
_ROW_KEYS = ("input_ids", "attention_mask", "labels", "pixel_values")
# a split must save at least this share of the batch's positions
_SPLIT_SAVES = 0.25


def length_groups(batch: dict, image_token_id: int | None) -> list[torch.Tensor] | None:
    """The rows of a right-padded training ``batch`` in the two forwards ``token_mean_loss``
    runs where a few long rows (a CoT rationale among short answers) would pad every row to
    their length: the shorter rows and the longer ones, each in batch order, at the split that
    leaves the fewest positions, where that saves at least a quarter of them. None: one
    forward (no such saving, a key other than tokens and one picture a row, or no image token
    id to tell the pictures' rows by). Padding is read and computed for nothing; no library
    call splits a batch this way (transformers' ``group_by_length`` orders whole batches),
    and a whole batch of one length would change which rows train together."""
    if image_token_id is None or set(batch) - set(_ROW_KEYS) or "labels" not in batch:
        return None
    lengths = batch["attention_mask"].sum(1)
    n = len(lengths)
    if n < 2:
        return None
    order = torch.argsort(lengths, stable=True)
    sorted_len = lengths[order]
    cut = torch.arange(1, n)  # rows order[:cut] in the first forward
    cost = cut * sorted_len[:-1] + (n - cut) * sorted_len[-1]
    k = int(cost.argmin())
    if float(cost[k]) > (1 - _SPLIT_SAVES) * n * float(sorted_len[-1]):
        return None
    if "pixel_values" in batch and int(_picture_rows(batch, image_token_id).sum()) != \
            len(batch["pixel_values"]):
        return None
    return [order[:k + 1].sort().values, order[k + 1:].sort().values]


def _picture_rows(batch: dict, image_token_id: int) -> torch.Tensor:
    return (batch["input_ids"] == image_token_id).any(1)


def picture_order(batch: dict, groups: list[torch.Tensor], image_token_id: int
                  ) -> torch.Tensor:
    """The batch's pictures (indices into ``pixel_values``) in the order ``groups``' forwards
    run them."""
    has = _picture_rows(batch, image_token_id)
    index = torch.cumsum(has.long(), 0) - 1  # each picture row's picture
    return torch.cat([index[g[has[g]]] for g in groups])


def row_batch(batch: dict, rows: torch.Tensor, image_token_id: int) -> dict:
    """``rows`` of a right-padded ``batch``, cut to their longest row, with their pictures."""
    width = int(batch["attention_mask"][rows].sum(1).max())
    out = {k: batch[k][rows, :width] for k in ("input_ids", "attention_mask", "labels")}
    if "pixel_values" in batch and bool(_picture_rows(out, image_token_id).any()):
        out["pixel_values"] = batch["pixel_values"][picture_order(batch, [rows],
                                                                  image_token_id)]
    return out


def forward_groups(model, batch: dict) -> tuple[list[torch.Tensor] | None, int | None]:
    """(``length_groups`` of the batch as ``token_mean_loss`` runs it, the model's image token
    id): in one process only."""
    image_id = getattr(getattr(model, "config", None), "image_token_id", None)
    return (length_groups(batch, image_id) if processes.world() == 1 else None), image_id


def token_mean_loss(model, batch: dict) -> torch.Tensor:
    """Next-token loss averaged over the labelled tokens of the global batch: in one process
    the mean of the model's own; under several, each process's summed loss divided by the
    global token count per process (``processes.global_mean_scale``), so that the mean over
    processes (what DDP's gradient averaging takes) is the global batch's token mean. The
    head runs at the labelled positions only (``labelled_logits``). In one process a batch of
    short rows and a few long ones runs as two forwards (``length_groups``), the same loss
    over fewer positions; under several, one (DDP's reducer expects one forward a backward)."""
    groups, image_id = forward_groups(model, batch)
    if groups is not None:
        parts = [labelled_logits(model, row_batch(batch, g, image_id)) for g in groups]
        parts = [p for p in parts if p is not None]
        if parts:
            total = sum(torch.nn.functional.cross_entropy(
                logits.flatten(0, 1), tgt.flatten(), ignore_index=-100, reduction="sum")
                for logits, tgt in parts)
            return total / sum(int((tgt != -100).sum()) for _, tgt in parts)
    kept = labelled_logits(model, batch)
    if kept is None:  # nothing labelled: the model's own loss (and collective) as it is
        if processes.world() == 1:
            return model(**batch).loss
        n = (batch["labels"][:, 1:] != -100).sum()
        return model(**batch, num_items_in_batch=processes.global_mean_scale(n)).loss
    # transformers' causal-LM loss: float logits, cross-entropy over the labelled tokens
    logits, tgt = kept[0].flatten(0, 1), kept[1].flatten()
    if processes.world() == 1:
        return torch.nn.functional.cross_entropy(logits, tgt, ignore_index=-100)
    total = torch.nn.functional.cross_entropy(logits, tgt, ignore_index=-100, reduction="sum")
    return total / processes.global_mean_scale((tgt != -100).sum())


def tower_features(model, pixel_values):
    """The tower's features the projector reads: its input when transformers' own
    ``get_image_features`` runs (the config's feature layers and patch selection)."""
    seen = []
    hook = model.model.multi_modal_projector.register_forward_pre_hook(
        lambda module, args: seen.append(args[0]))
    try:
        model.model.get_image_features(pixel_values=pixel_values)
    finally:
        hook.remove()
    return seen[0]


def tower_size(model) -> int:
    """The vision tower's input size in pixels."""
    return int(model.config.vision_config.image_size)


def finish(recipe: Recipe, model, processor, out: Path, summary: dict, metrics: dict) -> dict:
    """Merge LoRA, save ``out/model`` with the recipe, write (main process) and return the
    stage's result."""
    merge_lora(model)
    result = {"stage": recipe.stage, **{k: v for k, v in summary.items()
                                         if k not in ("losses", "model")}, "metrics": metrics}
    if processes.is_main():
        save(model, processor, out / "model", recipe=recipe.to_dict())
        seal_stage(out)  # before metrics.json, which marks the stage finished
        (out / "metrics.json").write_text(json.dumps(result, indent=1))
    processes.barrier()
    return result
