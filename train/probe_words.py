"""``mm-train probe words``: grounding built in three measured steps, each one the small
from-scratch model can learn, where end-to-end training on whole scenes stays at chance.

1. Lookup in text. The preset's Llama learns "Is there a <kind>?" about a context of words: a
   theme's word on every place, one to five kinds' words at random places. The context starts
   one word long (``--hold`` steps: learning "is the word asked the word there" alone) and grows
   to the tower's patch count by the end of the first 60% of ``--text-steps``. This stands in for
   the pretrained language model a LLaVA starts from, which has such lookups already.
2. A word for each patch. The tower and a linear head over the same vocabulary learn, from the
   scenes' object boxes, the word of each patch: the kind of the object covering at least a
   quarter of it (the one covering most), else the scene's theme word; an object covering no
   patch that much names the patch it covers most.
3. Reading the picture. A LLaVA projector (linear, GELU, linear) on the frozen tower's
   (standardised) tokens learns to put out the embeddings of the head's words, while it and the
   language model train on the yes/no questions at ``--lm-lr`` (``--text-mix P``: with step 1's
   rows beside them, a share P of a batch).

Held out, on whole scenes (absent objects from the scene's theme, which the theme does not tell
from the present ones, and from all kinds): the language model, frozen after step 1, reading the
true patch words (the ceiling of step 1), reading the head's words (steps 1 and 2), and the
model of step 3; beside them step 1's text accuracy, before and after step 3, and step 2's patch
accuracy.

    mm-train probe words --vision runs/quickstart/train/stage1
"""
from __future__ import annotations

from dataclasses import asdict

import numpy as np
import torch
import torch.nn.functional as F

from mm.seeding import seeded
from train.probes import (cosine_schedule, feature_stats, presence_questions, question_ids,
                          standardise, theme_cores, train_step, yes_no_score)

THEME_WORDS = 6


def patch_words(boxes, kinds, theme_word: int, grid: int, cover: float = 0.25,
                every: bool = True) -> np.ndarray:
    """(grid * grid,) word ids, row by row: the kind of the box (x0, y0, x1, y1, fractions of
    the picture) covering most of each patch if that is at least ``cover`` of it, else
    ``theme_word``. With ``every``, a box whose kind no patch names then takes the patch it
    covers most (its only patch), so each object in the picture has a word among the patches:
    without it a fifth of the object scenes' kinds (the small ones) had none."""
    cells = np.arange(grid) / grid
    lo, hi = cells, cells + 1 / grid
    words = np.full((grid, grid), theme_word)
    best = np.full((grid, grid), cover)
    shares = []
    for (x0, y0, x1, y1), kind in zip(boxes, kinds):
        w = np.clip(np.minimum(x1, hi) - np.maximum(x0, lo), 0, None) * grid
        h = np.clip(np.minimum(y1, hi) - np.maximum(y0, lo), 0, None) * grid
        share = h[:, None] * w[None, :]
        take = share >= best
        words[take], best[take] = kind, share[take]
        shares.append(share)
    if every:
        # the larger shares last, so that of two small boxes on one patch the larger names it
        for share, kind in sorted(zip(shares, kinds), key=lambda sk: sk[0].max()):
            if share.max() > 0 and not (words == kind).any():
                words[np.unravel_index(share.argmax(), share.shape)] = kind
    return words.reshape(-1)


class WordTask:
    """The vocabulary (the 28 kinds, ``question_ids``' question words, the 6 themes' words) and
    the text lookup rows of step 1."""

    def __init__(self):
        from renderers.object_scene.spec import KIND_NAMES

        question_ids(self, len(KIND_NAMES))
        self.theme0 = self.vocab
        self.vocab += THEME_WORDS

    def question(self, asked: int) -> list[int]:
        return [self.IS, self.THERE, asked, self.QMARK, self.ASSISTANT]

    def lookup_rows(self, n: int, length: int, rng: np.random.Generator):
        """(context ids (n, length), question ids (n, 5), answer ids (n,)): ``lookup_contexts``
        in this vocabulary."""
        context, asked, present = lookup_contexts(n, length, rng, self.kinds, self.theme0)
        questions = torch.tensor([self.question(int(k)) for k in asked], dtype=torch.long)
        answers = torch.where(present, self.YES, self.NO)
        return context, questions.view(n, 5), answers


def lookup_contexts(n: int, length: int, rng: np.random.Generator, kinds: int, theme0: int):
    """Step 1's rows: (context word ids (n, length), the kind asked (n,), whether it is there
    (n,)). A theme's word (``theme0`` + one of the 6 themes) on every place and 1-5 kinds' words
    (at most ``length``) at random places; half the questions ask about one of them, half about
    another kind."""
    context = torch.from_numpy(theme0 + rng.integers(THEME_WORDS, size=(n, 1)))
    context = context.repeat(1, length)
    asked = torch.empty(n, dtype=torch.long)
    present = torch.empty(n, dtype=torch.bool)
    for b in range(n):
        objs = rng.choice(kinds, int(rng.integers(1, min(5, length) + 1)), replace=False)
        context[b, rng.choice(length, len(objs), replace=False)] = torch.from_numpy(objs)
        present[b] = rng.random() < 0.5
        asked[b] = int(rng.choice(objs)) if present[b] else \
            int(rng.choice(np.setdiff1d(np.arange(kinds), objs)))
    return context, asked, present


def place_objects(row: torch.Tensor, pool: np.ndarray, length: int,
                  rng: np.random.Generator) -> tuple[int, bool]:
    """Put 1 to 7 of ``pool``'s kinds on 1 to 3 places each of a context ``row`` (in place), as
    the object scenes' patch words fall; returns (the word asked, whether it is there): by a
    fair coin one of them, or another of ``pool``."""
    k = int(rng.integers(1, min(7, length) + 1))
    objs = rng.choice(pool, k, replace=False)
    reps = np.minimum(rng.geometric(0.5, size=k), 3)
    while reps.sum() > length:
        reps[np.argmax(reps)] -= 1
    row[rng.choice(length, int(reps.sum()), replace=False)] = \
        torch.from_numpy(np.repeat(objs, reps))
    there = rng.random() < 0.5
    return int(rng.choice(objs)) if there else int(rng.choice(np.setdiff1d(pool, objs))), there


def theme_contexts(n: int, length: int, rng: np.random.Generator, theme0: int):
    """``lookup_contexts``' rows drawn as POPE's popular split asks a scene: a theme's word
    (``theme0`` + its index) on every place, 1 to 7 of its 8 usual objects (``theme_cores``) on
    1 to 3 places each, and the word asked, when absent, another of its usual objects. The
    random contexts of ``lookup_contexts`` teach a lookup that says "yes" to a scene's absent
    usual objects (make run's 79.3% of the scenes' words against 100% of held-out contexts;
    docs/grounding, "Several questions a context")."""
    cores = theme_cores()
    context = torch.empty(n, length, dtype=torch.long)
    asked = torch.empty(n, dtype=torch.long)
    present = torch.empty(n, dtype=torch.bool)
    for b in range(n):
        t = int(rng.integers(THEME_WORDS))
        context[b] = theme0 + t
        asked[b], present[b] = place_objects(context[b], cores[t], length, rng)
    return context, asked, present


def lookup_length(step: int, hold: int, ramp: int, full: int) -> int:
    """Step 1's context length: 1 until ``hold``, then rising evenly to ``full`` over ``ramp``."""
    if step < hold:
        return 1
    return int(min(full, 1 + (full - 1) * (step - hold) / max(ramp, 1)))


def render_word_scenes(processor, grid: int, n: int, seed: int, theme0: int,
                       image_size: int = 224, every: bool = True):
    """``n`` object scenes of ``seed`` drawn at ``image_size``: (pixel values (n, 3, S, S) for
    the tower, each patch's word (n, grid * grid) by ``patch_words`` (the kinds' indices, a
    theme's ``theme0`` + its index), the kinds in each (sorted arrays), each one's theme)."""
    from renderers.object_scene import ObjectSceneFamily
    from renderers.object_scene.sample import sample_scene
    from renderers.object_scene.spec import KIND_NAMES, THEME_NAMES, object_box

    fam = ObjectSceneFamily()
    pixels, words, objects, themes = [], [], [], []
    for i in range(n):
        spec = sample_scene(np.random.default_rng([seed, 4, i]), sign="")
        image = fam.render(spec, image_size).convert("RGB")
        pixels.append(processor(images=image, return_tensors="pt")["pixel_values"][0])
        kinds = [KIND_NAMES.index(o.kind) for o in spec.objects]
        theme = THEME_NAMES.index(spec.theme)
        words.append(patch_words([object_box(o) for o in spec.objects], kinds, theme0 + theme,
                                 grid, every=every))
        objects.append(np.array(sorted(set(kinds))))
        themes.append(theme)
    return torch.stack(pixels), torch.from_numpy(np.stack(words)), objects, themes


class WordScenes:
    """Object scenes for steps 2 and 3: pixel values for the tower, each patch's word
    (``patch_words`` on the tower's grid), and what ``presence_questions`` needs."""

    def __init__(self, task: WordTask, processor, grid: int, n: int, seed: int,
                 image_size: int = 224, every: bool = True):
        question_ids(self, task.kinds)
        self.pixels, self.words, self.objects, self.theme = render_word_scenes(
            processor, grid, n, seed, task.theme0, image_size, every)
        self.core = theme_cores()

    def questions(self, idx, rng, negatives: str):
        """(question ids (n, 5) ending with ASSISTANT, answer ids (n,))."""
        q, a = presence_questions(self, idx, rng, negatives=negatives)
        tail = torch.full((len(idx), 1), self.ASSISTANT)
        return torch.cat([q[:, 0], tail], 1), a[:, 0]


def tower_layer(vision, pixels: torch.Tensor, layer: int
                ) -> tuple[torch.Tensor | None, torch.Tensor]:
    """The tower's tokens at hidden-state ``layer``: its class token, (N, width) (None for a
    tower without one), and its patch tokens, (N, patches, width)."""
    from mm.llava import class_tokens

    hidden = vision(pixel_values=pixels, output_hidden_states=True).hidden_states[layer]
    skip = class_tokens(vision.config)
    return (hidden[:, 0] if skip else None), hidden[:, skip:]


def tower_tokens(vision, pixels: torch.Tensor, layer: int) -> torch.Tensor:
    """The tower's patch tokens at hidden-state ``layer`` (its class token, if any, dropped):
    what a LLaVA projector reads at ``vision_feature_layer`` with LLaVA's default selection."""
    return tower_layer(vision, pixels, layer)[1]


def train_patch_head(vision, head, pixels: torch.Tensor, words: torch.Tensor, steps: int,
                     lr: float, batch_size: int, rng: np.random.Generator, layer: int,
                     class_head=None, class_words: torch.Tensor | None = None) -> None:
    """Step 2: the tower and the linear ``head`` (on the tower's device) learn each patch's word
    (cross-entropy over the patches of ``batch_size`` scenes drawn from ``rng`` a step; AdamW at
    ``lr``, cosine); the tower is left in eval mode. With ``class_head``, it also learns each
    picture's ``class_words`` (-100: none) from the tower's class token at ``layer``."""
    params = [*vision.parameters(), *head.parameters(),
              *(class_head.parameters() if class_head is not None else ())]
    opt = torch.optim.AdamW(params, lr=lr, weight_decay=0.0)
    sched = cosine_schedule(opt, steps)
    dev = next(vision.parameters()).device
    vision.train()
    for _ in range(steps):
        idx = torch.from_numpy(rng.integers(len(pixels), size=batch_size))
        cls, patches = tower_layer(vision, pixels[idx].to(dev), layer)
        loss = F.cross_entropy(head(patches).flatten(0, 1), words[idx].to(dev).flatten())
        if class_head is not None:
            target = class_words[idx].to(dev)
            if (target >= 0).any():  # a batch of scenes alone names no picture
                loss = loss + F.cross_entropy(class_head(cls), target, ignore_index=-100)
        train_step(opt, sched, params, loss)
    vision.eval()


@torch.no_grad()
def patch_accuracy(said: torch.Tensor, truth: torch.Tensor, kinds: int) -> dict:
    """Share of the object patches (a kind's word, below ``kinds``) and of the others named
    right, and how many there were."""
    on_object = truth < kinds
    return {"objects": float((said[on_object] == truth[on_object]).float().mean()),
            "background": float((said[~on_object] == truth[~on_object]).float().mean()),
            "object_patches": int(on_object.sum()), "patches": int(truth.numel())}


PROJECTOR_INITS = ("random", "head")


@torch.no_grad()
def head_projector(first, last, head, feats: torch.Tensor, embeddings: torch.Tensor,
                   standardised: bool = True, free_seed: int | None = None) -> None:
    """Set a LLaVA projector (``first`` linear, GELU, ``last`` linear; its hidden width at least
    the head's vocabulary) to put out about the embedding (``embeddings``, (vocabulary, width))
    of the word the patch head (trained on ``feats``, the raw tokens) names: ``first`` the head,
    scaled and shifted so that the median top logit is 3 and the median runner-up -2, with
    ``standardised`` the standardisation of the projector's input folded in; GELU, which
    leaves about 0 of the other words (GELU(-2) = -0.05); ``last`` the embedding matrix over
    3. The hidden units beyond the head's words put out nothing: with ``free_seed`` their input
    weights are random directions (drawn from that seed, scaled to the features' spread), their
    output weights zero, so the projector is the same function but those units can learn;
    without, all their weights are zero, a saddle that training never leaves (the gradient of
    each unit's input weights is its output weights' and the other way round), which leaves
    the language model only the head's words to see a picture by."""
    vocab = head.out_features
    if first.out_features < vocab:
        raise ValueError(f"the projector's width {first.out_features} is below the head's "
                         f"vocabulary {vocab}")
    if standardised:  # standardise's: (x - mean) / std
        mean, std = feature_stats(feats, len(feats))
    else:
        mean, std = feats.new_zeros(feats.shape[-1]), feats.new_ones(feats.shape[-1])
    top, runner_up = head(feats).flatten(0, -2).topk(2, -1).values.median(0).values.tolist()
    scale = 5 / max(top - runner_up, 1e-6)
    first.weight.zero_(), first.bias.zero_(), last.weight.zero_(), last.bias.zero_()
    first.weight[:vocab] = scale * head.weight * std
    first.bias[:vocab] = scale * (head.weight @ mean + head.bias - runner_up) - 2
    last.weight[:, :vocab] = embeddings.T / 3
    free = first.out_features - vocab
    if free_seed is not None and free:
        d = feats.shape[-1]
        at, spread = ((feats.new_zeros(d), feats.new_ones(d)) if standardised
                      else feature_stats(feats, len(feats)))
        gen = torch.Generator().manual_seed(free_seed)
        r = (torch.randn(free, d, generator=gen) / d ** 0.5).to(feats) / spread
        first.weight[vocab:] = r
        first.bias[vocab:] = -(r @ at)


def probe_words(vision_dir, preset: str = "small", text_steps: int = 4000, hold: int = 600,
                dense_steps: int = 3000, align_steps: int = 1200, lr: float = 1e-3,
                tower_lr: float = 1e-3, projector_lr: float = 3e-3, lm_lr: float = 3e-4,
                batch_size: int = 32, n_scenes: int = 3000, n_held: int = 600, seed: int = 0,
                feature_layer: int = -2, image_size: int = 224, text_mix: float = 0.0,
                every_object: bool = True, projector_init: str = "random") -> dict:
    """The three steps of the module's docstring and their held-out numbers; ``text_mix``
    adds that share of a batch of step 1's rows (whole contexts) to each step of step 3;
    ``every_object``: ``patch_words``' ``every``; ``projector_init`` "head": step 3 starts
    from ``head_projector``."""
    if projector_init not in PROJECTOR_INITS:
        raise ValueError(f"projector_init must be one of {PROJECTOR_INITS}, not "
                         f"{projector_init!r}")
    from transformers import LlamaConfig, LlamaForCausalLM

    from mm.llava import LM_PRESETS, load_vision

    vision, processor = load_vision(vision_dir)  # a bad folder fails before rendering
    grid = vision.config.image_size // vision.config.patch_size
    patches = grid * grid
    layers = vision.config.num_hidden_layers
    if not -layers - 1 <= feature_layer <= layers:  # hidden states: the embeddings, each layer
        raise IndexError(feature_layer)
    task = WordTask()
    size = LM_PRESETS[preset]
    with seeded(seed):
        lm = LlamaForCausalLM(LlamaConfig(vocab_size=task.vocab, **asdict(size),
                                          tie_word_embeddings=True))
        head = torch.nn.Linear(vision.config.hidden_size, task.vocab)
        proj = torch.nn.Sequential(torch.nn.Linear(vision.config.hidden_size, size.hidden_size),
                                   torch.nn.GELU(),
                                   torch.nn.Linear(size.hidden_size, size.hidden_size))
    emb = lm.get_input_embeddings()

    def answer(x, questions):
        """The answer's logits after image (or context) embeddings ``x`` and the questions."""
        return lm(inputs_embeds=torch.cat([x, emb(questions)], 1)).logits[:, -1]

    def score(x, questions, answers) -> dict:
        with torch.no_grad():
            said_yes = answer(x, questions)[:, [task.YES, task.NO]].argmax(1) == 0
        return yes_no_score(said_yes, answers == task.YES)

    rng = np.random.default_rng([seed, 1])
    held_text = task.lookup_rows(n_held, patches, np.random.default_rng([seed, 5]))

    def text_score() -> dict:
        context, q, a = held_text
        return score(emb(context), q, a)

    # 1. lookup in text
    ramp = max(int(0.6 * text_steps) - hold, 1)
    params = list(lm.parameters())
    opt = torch.optim.AdamW(params, lr=lr, weight_decay=0.0)
    sched = cosine_schedule(opt, text_steps)
    for s in range(text_steps):
        context, q, a = task.lookup_rows(batch_size, lookup_length(s, hold, ramp, patches), rng)
        train_step(opt, sched, params, F.cross_entropy(answer(emb(context), q), a))
    text_before = text_score()

    # 2. a word for each patch
    data = WordScenes(task, processor, grid, n_scenes + n_held, seed, image_size, every_object)
    held = np.arange(n_scenes, n_scenes + n_held)

    train_patch_head(vision, head, data.pixels[:n_scenes], data.words[:n_scenes], dense_steps,
                     tower_lr, batch_size, rng, feature_layer)
    with torch.no_grad():
        feats = torch.cat([tower_tokens(vision, data.pixels[s:s + 200], feature_layer)
                           for s in range(0, len(data.pixels), 200)])
        said = head(feats).argmax(-1)
    truth = data.words[held]
    patch = patch_accuracy(said[held], truth, task.kinds)

    questions = {neg: data.questions(held, np.random.default_rng([seed, 2, k]), neg)
                 for k, neg in enumerate(("theme", "random"))}

    def on_held(x) -> dict:
        return {f"{neg}_negatives": score(x, q, a) for neg, (q, a) in questions.items()}

    oracle, from_head = on_held(emb(truth)), on_held(emb(said[held]))

    # 3. reading the picture: the projector towards the head's words, the LM fine-tuned
    x_all = standardise(feats, n_scenes)
    if projector_init == "head":
        head_projector(proj[0], proj[2], head, feats[:n_scenes], emb.weight)
    with torch.no_grad():
        projected_before = on_held(proj(x_all[held]))
    params = list(proj.parameters()) + list(lm.parameters())
    opt = torch.optim.AdamW([{"params": list(proj.parameters()), "lr": projector_lr},
                             {"params": list(lm.parameters()), "lr": lm_lr}], weight_decay=0.0)
    sched = cosine_schedule(opt, align_steps)
    for s in range(align_steps):
        idx = rng.integers(n_scenes, size=batch_size)
        q, a = data.questions(idx, rng, "theme")
        x = proj(x_all[idx])
        with torch.no_grad():
            want = emb(said[idx])
            scale = emb.weight.pow(2).mean()
        loss = F.cross_entropy(answer(x, q), a) + \
            20 * F.mse_loss(x, want) / scale
        if text_mix:
            context, q, a = task.lookup_rows(max(1, round(text_mix * batch_size)), patches, rng)
            loss = loss + F.cross_entropy(answer(emb(context), q), a)
        train_step(opt, sched, params, loss)
    with torch.no_grad():
        projected = on_held(proj(x_all[held]))
    return {"preset": preset, "seed": seed, "vision": str(vision_dir),
            "feature_layer": feature_layer, "patches": patches, "n_scenes": n_scenes,
            "n_held": n_held, "batch_size": batch_size,
            "steps": {"text": text_steps, "hold": hold, "dense": dense_steps,
                      "align": align_steps},
            "lr": {"text": lr, "tower": tower_lr, "projector": projector_lr, "lm": lm_lr},
            "text_mix": text_mix, "every_object": every_object,
            "projector_init": projector_init, "projector_before": projected_before,
            "text_lookup": text_before, "patch_words": patch, "true_words": oracle,
            "head_words": from_head, "projector": projected,
            "text_lookup_after": text_score()}
