"""Where grounding fails: probes that tell a vision tower that cannot see the objects from a
language model that cannot look them up (and ``words``, train/probe_words.py, which builds the
two in steps that each learn).

``tower``: does a vision tower's output tell which objects a scene holds? Object scenes (the
``object_scene`` family: a theme, 3-8 objects, the theme's co-occurrence group supplying most
of them) are encoded by the frozen tower; a linear head on each image token the LLM reads
(``--feature-layer``, LLaVA's -2, class token dropped) is fitted, and its maximum over the
tokens scores each of the 28 kinds (one object fills one or two patches, so presence is a max
over the picture, not a mean). Scored on held-out scenes by ROC AUC within each theme: the
theme alone (background, usual objects) gives 0.5 there, so what is above 0.5 is the objects
themselves. The same for an untrained tower of the same config, as stage 1's retrieval does.

``binding``: can the preset's language model, from scratch, answer "Is there a <kind>?" from
image tokens when the features are ideal? The picture is replaced by synthetic tokens: every
token a theme's background vector plus Gaussian noise, each object's token also carrying its
kind's vector (``--snr`` times the noise's scale), so a linear probe reads every object off its
token. The preset's Llama and a LLaVA projector train on balanced questions (half the kinds
asked present; absent ones drawn from the rest) at the stage-3 batch size; held-out accuracy
(chance 0.5) says whether the LLM learns the lookup in that many steps. ``--naming P`` makes a
share P of the training rows "What is in the image?" about a one-object picture, answered by
the kind's word (tying the kind's features to its word embedding); ``--turns N`` asks N
questions of each training picture in one sequence, every answer labelled (as
``grounding_turns`` does in stage 3); ``--rule question|image`` are the controls, answers that
need only the question or only the picture, which show the LLM and the projector train at all;
``--kinds K`` draws the objects from K kinds instead of the scenes' 28. ``--echo P`` asks a share
P of the questions "What <kind>?", answered by the kind's word (from the question alone), and
``--cover 36:500,12:900,...`` draws the objects large first (each on 36 tokens until step 500,
then on 12, ..., then on one): together they get the small LLM past the start where balanced
questions leave it (README, Training). ``--vision DIR`` asks the same of a tower's tokens of
rendered object scenes and of close-ups of one of their objects (``SceneTokens``;
``--close-until STEP`` trains on close-ups until STEP, ``--negatives theme|random``).

    mm-train probe tower --vision runs/quickstart/train/stage1
    mm-train probe binding --preset small --steps 1800 --lr 1e-3 --naming 0.5
    mm-train probe binding --preset small --echo 0.25 --cover 36:500,12:900,6:1300,3:1600
    mm-train probe binding --vision runs/quickstart/train/stage1 --echo 0.25 --close-until 1800
    mm-train probe words --vision runs/quickstart/train/stage1

Each prints one JSON object (``--out FILE`` also writes it; flags and their checks:
train/probe_cli.py); the same arguments give the same numbers on one machine.
"""
from __future__ import annotations

from dataclasses import asdict
from pathlib import Path

import numpy as np
import torch
import torch.nn.functional as F

from mm.seeding import seeded
from mm.stats import wilson


def auc(scores: np.ndarray, labels: np.ndarray) -> float:
    """ROC AUC: the chance that a positive outscores a negative, ties counting half (the
    Mann-Whitney U statistic over n_pos * n_neg, from average ranks). Written here because
    neither scikit-learn nor scipy is a dependency of the suite."""
    scores, labels = np.asarray(scores, float), np.asarray(labels).astype(bool)
    n_pos, n_neg = int(labels.sum()), int((~labels).sum())
    if not n_pos or not n_neg:
        raise ValueError("AUC needs positives and negatives")
    order = np.argsort(scores, kind="mergesort")
    ranks = np.empty(len(scores))
    sorted_scores = scores[order]
    i = 0
    while i < len(scores):  # average ranks over ties
        j = i
        while j + 1 < len(scores) and sorted_scores[j + 1] == sorted_scores[i]:
            j += 1
        ranks[order[i:j + 1]] = (i + j) / 2 + 1
        i = j + 1
    return float((ranks[labels].sum() - n_pos * (n_pos + 1) / 2) / (n_pos * n_neg))


def within_group_auc(scores: np.ndarray, labels: np.ndarray, groups: np.ndarray,
                     min_each: int = 5) -> tuple[float, int]:
    """Mean AUC of every (group, column) cell with at least ``min_each`` positives and as
    many negatives; and how many cells there were."""
    cells = []
    for g in np.unique(groups):
        rows = groups == g
        for k in range(labels.shape[1]):
            y = labels[rows, k]
            if min_each <= y.sum() <= len(y) - min_each:
                cells.append(auc(scores[rows, k], y))
    if not cells:
        raise ValueError(f"no (theme, kind) cell has {min_each} scenes with and without the "
                         "kind: too few held-out scenes")
    return float(np.mean(cells)), len(cells)


def fit_max_head(tokens: torch.Tensor, labels: torch.Tensor, steps: int = 300, lr: float = 1e-2,
                 seed: int = 0) -> torch.nn.Linear:
    """A linear head on each token, max over tokens, fitted full-batch by binary cross-entropy
    on (scenes, tokens, dim) features and (scenes, kinds) 0/1 labels. Features are standardised
    by the caller."""
    with seeded(seed):
        head = torch.nn.Linear(tokens.shape[-1], labels.shape[1])
    opt = torch.optim.Adam(head.parameters(), lr=lr)
    for _ in range(steps):
        opt.zero_grad()
        F.binary_cross_entropy_with_logits(head(tokens).amax(1), labels).backward()
        opt.step()
    return head


def scenes(n: int, seed: int, size: int):
    """``n`` object scenes (no sign): their pictures, 0/1 kinds and theme indices."""
    from renderers.object_scene import ObjectSceneFamily
    from renderers.object_scene.sample import sample_scene
    from renderers.object_scene.spec import KIND_NAMES, THEME_NAMES

    fam = ObjectSceneFamily()
    images, kinds, themes = [], np.zeros((n, len(KIND_NAMES)), np.float32), np.zeros(n, int)
    for i in range(n):
        spec = sample_scene(np.random.default_rng([seed, i]), sign="")
        images.append(fam.render(spec, size).convert("RGB"))
        for o in spec.objects:
            kinds[i, KIND_NAMES.index(o.kind)] = 1
        themes[i] = THEME_NAMES.index(spec.theme)
    return images, kinds, themes


def feature_stats(x: torch.Tensor, n_fit: int) -> tuple[torch.Tensor, torch.Tensor]:
    """Per dim of (scenes, tokens, dim) features: the first ``n_fit`` scenes' mean and standard
    deviation (+ 1e-6), by which ``standardise`` scales them."""
    return x[:n_fit].mean((0, 1)), x[:n_fit].std((0, 1)) + 1e-6


def standardise(x: torch.Tensor, n_fit: int) -> torch.Tensor:
    """(scenes, tokens, dim) features scaled per dim by the first ``n_fit`` scenes' mean and
    standard deviation."""
    mean, std = feature_stats(x, n_fit)
    return (x - mean) / std


@torch.no_grad()
def image_tokens(vision, processor, images, layer: int, batch: int = 64) -> torch.Tensor:
    """The tokens the LLM reads: hidden states of ``layer``, the class token dropped (CLIP)."""
    from mm.llava import class_tokens

    drop = class_tokens(vision.config)
    out = []
    for s in range(0, len(images), batch):
        px = processor(images[s:s + batch], return_tensors="pt")["pixel_values"]
        hidden = vision(pixel_values=px, output_hidden_states=True).hidden_states
        out.append(hidden[layer][:, drop:])
    return torch.cat(out)


def tower_presence(vision, processor, data, n_fit: int, seed: int = 0, layer: int = -2) -> dict:
    """Within-theme AUC of a max-over-tokens linear head on the frozen tower's tokens of
    ``data`` (``scenes``' output): fitted on the first ``n_fit`` scenes, scored on the rest."""
    images, kinds, themes = data
    n_held = len(images) - n_fit
    x = standardise(image_tokens(vision.eval(), processor, images, layer), n_fit)
    y = torch.from_numpy(kinds)
    head = fit_max_head(x[:n_fit], y[:n_fit], seed=seed)
    with torch.no_grad():
        held = head(x[n_fit:]).amax(1).numpy()
    within, cells = within_group_auc(held, kinds[n_fit:], themes[n_fit:])
    seen = [k for k in range(kinds.shape[1]) if 0 < kinds[n_fit:, k].sum() < n_held]
    overall = float(np.mean([auc(held[:, k], kinds[n_fit:, k]) for k in seen]))
    return {"within_theme_auc": within, "cells": cells, "auc": overall,
            "n_fit": n_fit, "n_held": n_held, "tokens": int(x.shape[1])}


def tower_folder(path: str | Path) -> Path:
    """A vision folder, or a stage folder's ``vision/``."""
    path = Path(path)
    return path / "vision" if (path / "vision").is_dir() else path


def probe_tower(path: str | Path, n_fit: int = 2000, n_held: int = 1000, seed: int = 0,
                image_size: int = 224, layer: int = -2, untrained: bool = True) -> dict:
    """``tower_presence`` of the tower in ``path`` (a vision folder, or a stage folder with a
    ``vision/`` one) and, with ``untrained``, of a freshly initialised tower of its config."""
    from mm.llava import load_vision

    path = tower_folder(path)
    vision, processor = load_vision(path)
    data = scenes(n_fit + n_held, seed, image_size)
    out = {"vision": str(path), "feature_layer": layer, "seed": seed,
           "trained": tower_presence(vision, processor, data, n_fit, seed, layer)}
    if untrained:
        with seeded(seed):
            fresh = type(vision)(vision.config)
        out["untrained"] = tower_presence(fresh, processor, data, n_fit, seed, layer)
    return out


def question_ids(task, kinds: int) -> None:
    """The binding tasks' vocabulary on ``task``: the ``kinds`` kinds' words (ids 0..kinds-1),
    then IS, THERE, WHAT, QMARK, ASSISTANT, YES, NO; ``kinds`` and ``vocab`` with them."""
    task.kinds, task.vocab = kinds, kinds + 7
    task.IS, task.THERE, task.WHAT, task.QMARK, task.ASSISTANT, task.YES, task.NO = \
        range(kinds, kinds + 7)


class BindingTask:
    """Synthetic pictures of ``kinds`` kinds over ``themes`` backgrounds: ``patches`` tokens of
    ``dim`` features, 1-5 objects a picture, each on a token of its own."""

    def __init__(self, seed: int, snr: float, kinds: int = 28, themes: int = 6,
                 patches: int = 36, dim: int = 128):
        g = torch.Generator().manual_seed(seed)
        self.kind_vec = torch.randn(kinds, dim, generator=g)
        self.theme_vec = torch.randn(themes, dim, generator=g)
        self.snr, self.patches, self.dim = snr, patches, dim
        question_ids(self, kinds)

    def rows(self, n: int, rng: np.random.Generator, naming: float = 0.0, turns: int = 1,
             rule: str = "binding", echo: float = 0.0, cover: int = 1):
        """(features, question ids (n, turns, 4), answer ids (n, turns)) of ``n`` pictures,
        ``turns`` questions each: a share ``naming`` of one-object pictures whose first
        question asks for the object's name, the other questions yes/no, half present, each
        of them with probability ``echo`` asking instead for the name of the kind it asks
        about (answered from the question alone). Each object fills ``cover`` tokens, a
        picture holding up to ``patches // cover`` of them (at most 5). The controls answer
        the same questions by a rule that reads one side alone: ``question`` "yes" when the
        kind asked is one of the first half of the kinds, ``image`` when the picture holds
        one of them."""
        feats = self.theme_vec[torch.from_numpy(rng.integers(len(self.theme_vec), size=n))]
        feats = feats[:, None, :] + torch.from_numpy(
            rng.standard_normal((n, self.patches, self.dim))).float()
        questions = torch.empty(n, turns, 4, dtype=torch.long)
        answers = torch.empty(n, turns, dtype=torch.long)
        for b in range(n):
            name = rng.random() < naming
            m = 1 if name else int(rng.integers(1, min(5, self.patches // cover) + 1))
            objs = rng.choice(self.kinds, m, replace=False)
            spots = rng.choice(self.patches, m, replace=False) if cover == 1 else \
                rng.permutation(self.patches)[:m * cover].reshape(m, cover)
            for o, p in zip(objs, spots):
                feats[b, p] += self.snr * self.kind_vec[o]
            for t in range(turns):
                if name and t == 0:
                    questions[b, t] = torch.tensor([self.WHAT, self.WHAT, self.WHAT, self.QMARK])
                    answers[b, t] = int(objs[0])
                    continue
                present = rng.random() < 0.5
                asked = int(rng.choice(objs)) if present else \
                    int(rng.choice(np.setdiff1d(np.arange(self.kinds), objs)))
                if echo and rng.random() < echo:
                    questions[b, t] = torch.tensor([self.WHAT, self.THERE, asked, self.QMARK])
                    answers[b, t] = asked
                    continue
                questions[b, t] = torch.tensor([self.IS, self.THERE, asked, self.QMARK])
                yes = {"binding": present, "question": asked < self.kinds // 2,
                       "image": bool((objs < self.kinds // 2).any())}[rule]
                answers[b, t] = self.YES if yes else self.NO
        return feats, questions, answers


def presence_questions(scenes, idx: np.ndarray, rng: np.random.Generator,
                       close_up: bool = False, negatives: str = "theme", echo: float = 0.0):
    """(question ids (n, 1, 4), answer ids (n, 1)) of "Is there a <kind>?" about scenes ``idx``
    of ``scenes`` (its ``objects``, ``theme``, ``core``, ``question_ids``, and for close-ups
    ``focus``): half present (the close-up's object, or any of the scene's), half absent from
    the scene (``negatives`` "theme": one of its theme's usual objects, which the theme does not
    tell from the present ones; "random": any), each with probability ``echo`` asked as "What
    <kind>?" and answered by its word."""
    t = scenes
    n = len(idx)
    questions = torch.empty(n, 1, 4, dtype=torch.long)
    answers = torch.empty(n, 1, dtype=torch.long)
    for b, i in enumerate(idx):
        present = rng.random() < 0.5
        absent = np.setdiff1d(t.core[t.theme[i]] if negatives == "theme"
                              else np.arange(t.kinds), t.objects[i])
        if not len(absent):  # every usual object is in the scene
            absent = np.setdiff1d(np.arange(t.kinds), t.objects[i])
        asked = (t.focus[i] if close_up else int(rng.choice(t.objects[i]))) \
            if present else int(rng.choice(absent))
        if echo and rng.random() < echo:
            questions[b, 0] = torch.tensor([t.WHAT, t.THERE, asked, t.QMARK])
            answers[b, 0] = asked
        else:
            questions[b, 0] = torch.tensor([t.IS, t.THERE, asked, t.QMARK])
            answers[b, 0] = t.YES if present else t.NO
    return questions, answers


def yes_no_score(said_yes: torch.Tensor, truth_yes: torch.Tensor) -> dict:
    """Accuracy with its Wilson interval, n and the share of "yes" answers."""
    n = len(said_yes)
    acc = float((said_yes == truth_yes).float().mean())
    return {"accuracy": acc, "accuracy_ci95": list(wilson(acc, n)), "n": n,
            "yes_ratio": float(said_yes.float().mean())}


def train_step(opt, sched, params, loss: torch.Tensor) -> None:
    """One optimiser step on ``loss``: gradients clipped to norm 1, then the schedule's step."""
    opt.zero_grad()
    loss.backward()
    torch.nn.utils.clip_grad_norm_(params, 1.0)
    opt.step()
    sched.step()


def theme_cores() -> list[np.ndarray]:
    """Each theme's usual objects (``THEMES[t]["core"]``) as kind indices, in THEME_NAMES'
    order: where ``presence_questions`` draws theme negatives."""
    from renderers.object_scene.spec import KIND_NAMES, THEME_NAMES, THEMES

    return [np.array([KIND_NAMES.index(k) for k in THEMES[t]["core"]]) for t in THEME_NAMES]


def cosine_schedule(opt, steps: int, warmup: int = 10):
    """Linear warm-up over ``warmup`` steps, then cosine decay to zero at ``steps``."""
    return torch.optim.lr_scheduler.LambdaLR(
        opt, lambda s: min(1.0, (s + 1) / warmup) * 0.5 * (1 + np.cos(np.pi * min(s, steps)
                                                                         / steps)))


class SceneTokens:
    """The binding task on a tower's tokens of rendered object scenes (``scenes``' sampler):
    ``n_train`` + ``n_held`` scenes, and of each a close-up, the square around one of its
    objects (1.3 times the object's larger side) scaled to the scene's size, so that the object
    fills the picture. Tokens are ``layer``'s (class token dropped), standardised by the
    training scenes' statistics. Question and answer ids: ``question_ids``."""

    def __init__(self, vision_dir, n_train: int, n_held: int, seed: int, layer: int = -2,
                 image_size: int = 224):
        from PIL import Image

        from mm.llava import load_vision
        from renderers.object_scene import ObjectSceneFamily
        from renderers.object_scene.sample import sample_scene
        from renderers.object_scene.spec import KIND_NAMES, THEME_NAMES, object_box

        vision, processor = load_vision(Path(vision_dir))  # a bad folder fails before rendering
        fam = ObjectSceneFamily()
        full, close, self.objects, self.theme, self.focus = [], [], [], [], []
        for i in range(n_train + n_held):
            rng = np.random.default_rng([seed, 3, i])
            spec = sample_scene(rng, sign="")
            image = fam.render(spec, image_size).convert("RGB")
            o = spec.objects[int(rng.integers(len(spec.objects)))]
            x0, y0, x1, y1 = object_box(o)
            side = min(1.0, 1.3 * max(x1 - x0, y1 - y0))
            left = min(max((x0 + x1 - side) / 2, 0.0), 1 - side)
            top = min(max((y0 + y1 - side) / 2, 0.0), 1 - side)
            box = tuple(round(v * image_size) for v in (left, top, left + side, top + side))
            full.append(image)
            close.append(image.crop(box).resize(image.size, Image.BICUBIC))
            self.objects.append(np.array(sorted({KIND_NAMES.index(b.kind) for b in spec.objects})))
            self.theme.append(THEME_NAMES.index(spec.theme))
            self.focus.append(KIND_NAMES.index(o.kind))
        self.core = theme_cores()
        vision.eval()
        # scenes then close-ups: both scaled by the first n_train, the training scenes
        both = standardise(torch.cat([image_tokens(vision, processor, full, layer),
                                      image_tokens(vision, processor, close, layer)]), n_train)
        self.tokens = {"full": both[:len(full)], "close": both[len(full):]}
        _, self.patches, self.dim = both.shape
        question_ids(self, len(KIND_NAMES))

    def rows(self, idx: np.ndarray, rng: np.random.Generator, close_up: bool = False,
             negatives: str = "theme", echo: float = 0.0):
        """(tokens, question ids (n, 1, 4), answer ids (n, 1)) of scenes ``idx``: the close-ups'
        or the whole scenes' tokens and ``presence_questions`` about them."""
        questions, answers = presence_questions(self, idx, rng, close_up, negatives, echo)
        return self.tokens["close" if close_up else "full"][torch.as_tensor(idx)], questions, \
            answers


def parse_cover(text: str, patches: int = 36) -> list[tuple[int, int]]:
    """``"36:500,12:900"`` -> [(36, 500), (12, 900)]: objects fill 36 tokens until step 500,
    then 12 until step 900, then one. Raises ValueError naming the bad part."""
    out = []
    for part in filter(None, text.split(",")):
        try:
            size, until = (int(x) for x in part.split(":"))
        except ValueError:
            raise ValueError(f"{part!r} is not TOKENS:UNTIL_STEP") from None
        if not 1 <= size <= patches:
            raise ValueError(f"{part!r}: an object fills 1..{patches} tokens")
        if until < 1 or (out and until <= out[-1][1]):
            raise ValueError(f"{part!r}: the steps must rise from 1")
        out.append((size, until))
    return out


def probe_binding(preset: str = "small", steps: int = 1800, lr: float = 1e-3,
                  batch_size: int = 32, snr: float = 3.0, naming: float = 0.0, seed: int = 0,
                  n_held: int = 1000, turns: int = 1, rule: str = "binding",
                  kinds: int = 28, echo: float = 0.0, cover: str = "", vision=None,
                  negatives: str = "theme", close_until: int = 0, n_scenes: int = 3000,
                  feature_layer: int = -2) -> dict:
    """Train the preset's from-scratch Llama and a LLaVA projector on ``BindingTask`` rows
    (picture tokens, then each turn's question and answer, every answer labelled), cosine
    schedule with 10 warm-up steps; held-out accuracy on one yes/no question a picture, each
    object on one token. ``cover`` is the curriculum of object sizes (``parse_cover``).
    With ``vision`` (a tower folder) the pictures are ``SceneTokens``: ``n_scenes`` scenes to
    train on, close-ups until step ``close_until``, then whole scenes; held-out accuracy on
    ``n_held`` other scenes with ``negatives`` (the headline), with the other kind of
    negatives, and on their close-ups."""
    from transformers import LlamaConfig, LlamaForCausalLM

    from mm.llava import LM_PRESETS

    if vision is None:
        task = BindingTask(seed, snr, kinds=kinds)
    else:
        task = SceneTokens(vision, n_scenes, n_held, seed, feature_layer)
    sizes = parse_cover(cover, task.patches)
    size = LM_PRESETS[preset]
    with seeded(seed):
        lm = LlamaForCausalLM(LlamaConfig(vocab_size=task.vocab, **asdict(size),
                                          tie_word_embeddings=True))
        proj = torch.nn.Sequential(torch.nn.Linear(task.dim, size.hidden_size),
                                   torch.nn.GELU(),
                                   torch.nn.Linear(size.hidden_size, size.hidden_size))

    def logits(feats, questions, answers):
        """Each turn's answer logits, (n, turns, vocab): the answers are the next turns' input."""
        n, k = answers.shape
        turn = torch.cat([questions, torch.full((n, k, 1), task.ASSISTANT), answers[..., None]], 2)
        tail = turn.reshape(n, -1)[:, :-1]  # the last answer is not input
        out = lm(inputs_embeds=torch.cat([proj(feats), lm.get_input_embeddings()(tail)], 1))
        return out.logits[:, task.patches + turn.shape[2] * torch.arange(k) + 4]

    params = list(lm.parameters()) + list(proj.parameters())
    opt = torch.optim.AdamW(params, lr=lr, weight_decay=0.0)
    sched = cosine_schedule(opt, steps)
    rng = np.random.default_rng([seed, 1])
    losses = []
    for step in range(steps):
        if vision is None:
            size_now = next((c for c, until in sizes if step < until), 1)
            feats, questions, answers = task.rows(batch_size, rng, naming, turns, rule, echo,
                                                  size_now)
        else:
            feats, questions, answers = task.rows(rng.integers(n_scenes, size=batch_size), rng,
                                                  step < close_until, negatives, echo)
        loss = F.cross_entropy(logits(feats, questions, answers).flatten(0, 1), answers.flatten())
        train_step(opt, sched, params, loss)
        losses.append(loss.item())

    def held(feats, questions, answers) -> dict:
        with torch.no_grad():
            pred = logits(feats, questions, answers)[:, 0, [task.YES, task.NO]].argmax(1)
        return yes_no_score(pred == 0, answers[:, 0] == task.YES)

    held_rng = np.random.default_rng([seed, 2])
    if vision is None:
        out = held(*task.rows(n_held, held_rng, rule=rule))
        extra = {}
    else:
        idx = np.arange(n_scenes, n_scenes + n_held)
        other = {"theme": "random", "random": "theme"}[negatives]
        out = held(*task.rows(idx, held_rng, negatives=negatives))
        extra = {"vision": str(vision), "feature_layer": feature_layer, "n_scenes": n_scenes,
                 "negatives": negatives, "close_until": close_until,
                 f"held_{other}_negatives": held(*task.rows(idx, held_rng, negatives=other)),
                 "held_close_ups": held(*task.rows(idx, held_rng, True, negatives))}
    tail = losses[-min(100, len(losses)):]
    return {"preset": preset, "steps": steps, "lr": lr, "batch_size": batch_size, "snr": snr,
            "naming": naming, "turns": turns, "rule": rule, "kinds": kinds, "echo": echo,
            "cover": [list(c) for c in sizes], "seed": seed, **out,
            "first_loss": losses[0], "final_loss_mean100": float(np.mean(tail)), **extra}
