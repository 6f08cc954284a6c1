"""Grounding in the stages: the three steps ``mm-train probe words`` measured
(train/probe_words.py), on the LLaVA model the stages train.

- Stage 1, ``dense_steps``: after the contrastive steps, the exported tower and a linear head over
  ``PATCH_WORDS`` (the 28 object kinds, then the 6 scene themes) learn each patch's word on
  rendered object scenes (``patch_words``: the kind of the object covering it, else the scene's
  theme); the head is saved beside the tower (``save_head``). With ``dense_pictures``, diagrams
  too, each patch named by the word for what the picture shows (train/picture_words.py): the
  head's vocabulary is then ``WORDS``, the same words followed by ``PICTURE_WORDS``.
- Stage 2, ``lookup_steps``: after the caption steps, the language model learns POPE's question,
  "Is there a <kind> in the image?", about a context of words in the places of the picture's
  tokens (``LookupRows``): a row of POPE's training format whose image tokens are words. The
  context is one word long at first, then grows to the tower's patch count (``lookup_length``).
  A from-scratch LM has no such lookup, and end-to-end training on whole scenes does not teach
  it one (the probe: 64% where the three steps reach 85%).
- Stage 2, ``projector_head``: the projector starts as stage 1's head followed by the words'
  embeddings (``head_projector``): it puts out, for each patch, about the embedding of the word
  the head names, which the lookup has learnt to read.
- Stage 3, ``lookup_mix``: lookup rows beside each batch, so the model keeps the lookup while it
  learns the pictures.

Each word stands in the context as one token of its own (``word_tokens``): the first of its
tokens after a space, as the question spells it (" cup"); a word whose first token another word
took takes the next of its own.

    python -c "from train.grounding import PATCH_WORDS; print(PATCH_WORDS)"
"""
from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import torch
import torch.nn.functional as F

from engines.builders.mme_synth import existence_question
from mm.llava import class_tokens
from mm.seeding import derive_seed, seeded
from mm.tokenizer import IMAGE_TOKEN
from renderers.object_scene.spec import KIND_NAMES, THEME_NAMES
from renderers.spec import rng_choice
from train.picture_words import (BLANK, FAMILY_CLAIMS, FAMILY_WORDS, PICTURE_FAMILIES,
                                 PICTURE_WORDS, claim, ink_patches, word_pictures)
from train.probe_words import (head_projector, lookup_contexts, lookup_length, patch_accuracy,
                               render_word_scenes, theme_contexts, tower_layer,
                               train_patch_head)
from train.loop import model_device
from train.probes import cosine_schedule, train_step, yes_no_score

PATCH_WORDS = tuple(KIND_NAMES) + tuple(THEME_NAMES)
KINDS = len(KIND_NAMES)  # the themes' words follow the kinds'
# a head trained on diagrams too names them by the picture words, which follow the others
WORDS = PATCH_WORDS + PICTURE_WORDS
# each family's picture words as indices into WORDS ("tree" and "table" the kinds')
FAMILY_WORD_IDS = {f: np.array([WORDS.index(w) for w in FAMILY_WORDS[f]])
                   for f in PICTURE_FAMILIES}
BLANK_ID = WORDS.index(BLANK)
HEAD_FILE, HEAD_META = "patch_head.safetensors", "patch_head.json"
# the tower's layer the head reads: the one a LLaVA projector reads (mm.llava.build_llava's
# vision_feature_layer)
DENSE_LAYER = -2


# ----------------------------------------------------------------------------- stage 1


def render_word_pictures(processor, grid: int, n: int, seed: int, image_size: int = 224):
    """``n`` diagrams of ``seed`` (``word_pictures``): (pixel values (n, 3, S, S) for the tower,
    each patch's word (n, grid * grid) as an index into ``WORDS``: the picture's word where the
    patch has ink, else "blank" (``ink_patches``); the pictures' families)."""
    images, families, words = word_pictures(n, seed, image_size)
    pixels = [processor(images=im, return_tensors="pt")["pixel_values"][0] for im in images]
    ids = np.full((n, grid * grid), BLANK_ID)
    for i, (im, w) in enumerate(zip(images, words)):
        ids[i][ink_patches(im, grid)] = WORDS.index(w)
    return torch.stack(pixels), torch.from_numpy(ids), families


def dense_objective(vision, processor, steps: int, n: int, n_held: int, lr: float,
                    batch_size: int, seed: int, layer: int, image_size: int = 224,
                    n_pictures: int = 0, class_words: bool = False):
    """Train ``vision`` (in place) and a new patch head on ``n`` object scenes and
    ``n_pictures`` diagrams (``render_word_pictures``; then the head's vocabulary is
    ``WORDS``, else ``PATCH_WORDS``); (head, metrics: the held-out scenes' object and
    background patches named right, and with pictures, ``n_held`` held-out diagrams' patches
    named right, by family). ``class_words``: a head on the tower's class token learns each
    diagram's word too (a word for the whole picture, where the patch head names it patch by
    patch), its held-out diagrams named right by family in the metrics (``class_token``)."""
    grid = vision.config.image_size // vision.config.patch_size
    scene_seed = derive_seed(seed, "patch-words")
    pixels, words, _, _ = render_word_scenes(processor, grid, n + n_held, scene_seed, KINDS,
                                             image_size)
    held_px, held_words = pixels[n:], words[n:]
    pixels, words = pixels[:n], words[:n]
    if n_pictures:
        pic_px, pic_words, families = render_word_pictures(
            processor, grid, n_pictures + n_held, derive_seed(seed, "picture-words"),
            image_size)
        pixels = torch.cat([pixels, pic_px[:n_pictures]])
        words = torch.cat([words, pic_words[:n_pictures]])
        held_px = torch.cat([held_px, pic_px[n_pictures:]])
        held_words = torch.cat([held_words, pic_words[n_pictures:]])
    dev = next(vision.parameters()).device
    with seeded(derive_seed(seed, "patch-head")):
        head = torch.nn.Linear(vision.config.hidden_size,
                               len(WORDS if n_pictures else PATCH_WORDS)).to(dev)
    class_head = targets = None
    if class_words:
        if not class_tokens(vision.config):
            raise ValueError("dense_class: the vision tower has no class token")
        with seeded(derive_seed(seed, "class-head")):
            class_head = torch.nn.Linear(vision.config.hidden_size, len(WORDS)).to(dev)
        targets = torch.cat([torch.full((n,), -100), picture_words(pic_words[:n_pictures])])
    rng = np.random.default_rng(derive_seed(seed, "patch-batches"))
    train_patch_head(vision, head, pixels, words, steps, lr, batch_size, rng, layer,
                     class_head, targets)
    said, said_class = [], []  # each held-out picture's patch words, and its class token's
    with torch.no_grad():
        for s in range(0, len(held_px), 200):
            cls, patches = tower_layer(vision, held_px[s:s + 200].to(dev), layer)
            said.append(head(patches).argmax(-1).cpu())
            if class_head is not None:
                said_class.append(class_head(cls).argmax(-1).cpu())
    said = torch.cat(said)
    metrics = {**patch_accuracy(said[:n_held], held_words[:n_held], KINDS), "steps": steps,
               "n_scenes": n, "n_held": n_held, "feature_layer": layer}
    if n_pictures:
        metrics["pictures"] = picture_accuracy(said[n_held:], held_words[n_held:],
                                               families[n_pictures:])
        metrics["n_pictures"] = n_pictures
    if class_head is not None:
        metrics["pictures"]["class_token"] = class_accuracy(
            torch.cat(said_class)[n_held:], picture_words(held_words[n_held:]),
            families[n_pictures:])
    return head, metrics


def picture_words(patch_words: torch.Tensor) -> torch.Tensor:
    """Each diagram's word (an index into ``WORDS``) from its patches' (n, patches): the one
    its inked patches carry; -100 for a picture with no ink."""
    word = torch.where(patch_words != BLANK_ID, patch_words, -1).max(1).values
    return torch.where(word >= 0, word, -100)


def class_accuracy(said: torch.Tensor, truth: torch.Tensor, families: list[str]) -> dict:
    """Held-out diagrams whose word the head on the tower's class token ``said`` right: overall
    and by family."""
    right, fams = (said == truth), np.array(families)
    return {"pictures": float(right.float().mean()),
            "by_family": {f: float(right[torch.from_numpy(fams == f)].float().mean())
                          for f in PICTURE_FAMILIES if (fams == f).any()}}


@torch.no_grad()
def picture_accuracy(said: torch.Tensor, truth: torch.Tensor, families: list[str]) -> dict:
    """Held-out diagrams: the share of their inked patches named by the picture's word, overall
    and by family; of their white patches named "blank"; and of the pictures whose most named
    word among their inked patches is theirs."""
    ink = truth != BLANK_ID
    right = said == truth
    word = picture_words(truth)
    major = torch.tensor([bool(len(s[k]) and torch.mode(s[k]).values == w)
                          for s, k, w in zip(said, ink, word)])
    fams = np.array(families)
    by = {}
    for f in PICTURE_FAMILIES:
        pick = torch.from_numpy(fams == f)[:, None] & ink
        if pick.any():
            by[f] = {"n": int((fams == f).sum()), "patches": float(right[pick].float().mean())}
    return {"patches": float(right[ink].float().mean()),
            "blank": float(right[~ink].float().mean()) if (~ink).any() else None,
            "pictures": float(major.float().mean()), "n": len(families), "by_family": by}


def save_head(head: torch.nn.Linear, out: Path, layer: int) -> None:
    from safetensors.torch import save_file

    save_file({"weight": head.weight.detach().cpu().contiguous(),
               "bias": head.bias.detach().cpu().contiguous()}, str(Path(out) / HEAD_FILE))
    (Path(out) / HEAD_META).write_text(json.dumps(
        {"words": list(WORDS[:head.out_features]), "kinds": KINDS, "feature_layer": layer},
        indent=1))


def check_head(folder: Path, setting: str) -> None:
    """A stage's ``check_init`` for a recipe whose ``setting`` needs the head in ``folder``:
    ValueError naming the setting and the missing or foreign file."""
    try:
        load_head(folder)
    except FileNotFoundError as e:
        raise ValueError(f"{setting}: {e}") from None


def load_head(folder: Path) -> tuple[torch.nn.Linear, dict]:
    """Stage 1's patch head and its description; FileNotFoundError / ValueError naming the
    file."""
    from safetensors.torch import load_file

    folder = Path(folder)
    for name in (HEAD_FILE, HEAD_META):
        if not (folder / name).is_file():
            raise FileNotFoundError(f"{folder / name} does not exist (stage 1 with dense_steps "
                                    "> 0 writes it, stage 2 with projector_head hands it on)")
    meta = json.loads((folder / HEAD_META).read_text())
    if tuple(meta.get("words", ())) not in (PATCH_WORDS, WORDS):
        raise ValueError(f"{folder / HEAD_META}: its words are not this suite's patch words")
    w = load_file(str(folder / HEAD_FILE))
    head = torch.nn.Linear(w["weight"].shape[1], w["weight"].shape[0])
    head.load_state_dict(w)
    return head, meta


def copy_head(src: Path, dst: Path) -> None:
    """Stage 1's head files from ``src`` into ``dst`` (stage 2 hands them on to stage 3)."""
    import shutil

    for name in (HEAD_FILE, HEAD_META):
        shutil.copyfile(Path(src) / name, Path(dst) / name)


# ----------------------------------------------------------------------------- stage 2 and 3

# how stage 2's lookup contexts grow (``lookup_warmup``)
LOOKUP_LENGTHS = ("ramp", "mixed")
# the copy rows' question (``LookupRows.copy_rows``)
COPY_QUESTION = "What is in the image?"


def word_tokens(tokenizer) -> tuple[list[int], list[str]]:
    """One token id for each of ``WORDS``: the first token of " word" (an underscore read
    as a space), or where another word has that one, the next of its own; and the words left
    with none of their own, which then share their first token with another word (a
    from-scratch tokenizer too small to spell them; ``tokenizer_texts`` makes that rare)."""
    taken: dict[int, str] = {}
    out, shared = [], []
    for word in WORDS:
        ids = tokenizer(" " + word.replace("_", " "), add_special_tokens=False)["input_ids"]
        free = [i for i in ids if i not in taken]
        if not free:
            shared.append(word)
        taken.setdefault((free or ids)[0], word)
        out.append((free or ids)[0])
    return out, shared


def tokenizer_texts(copies: int = 20, pictures: bool = False) -> list[str]:
    """Text for a from-scratch tokenizer beside the captions and problems: POPE's question about
    each kind in the chat frame, and the themes' words, ``copies`` times each, so that the
    words and the frame's "USER" and "ASSISTANT" are tokens of their own (a POPE row of the
    small preset: 68 tokens -> 55); with ``pictures``, the picture words too."""
    from engines.builders.pope_synth import question
    from mm.tokenizer import prompt_text

    frame = [prompt_text(question(k)).replace(IMAGE_TOKEN, "") + " Yes" for k in KIND_NAMES]
    themes = " ".join(t.replace("_", " ") for t in THEME_NAMES)
    extra = [" ".join(PICTURE_WORDS)] if pictures else []
    return (frame + [themes] + extra) * copies


class LookupRows:
    """Lookup rows in the model's own format: the tokens ``train.sft.encode`` makes of a POPE
    training row ("Is there a <kind> in the image?" -> "Yes" / "No"), with the picture's tokens
    replaced by a context's words (``word_tokens``), as many as the context is long; the labels
    on the answer alone, as ``encode`` puts them."""

    def __init__(self, tokenizer, image_token_id: int):
        self.tok, self.image_id = tokenizer, image_token_id
        ids, self.shared = word_tokens(tokenizer)
        self.words = torch.tensor(ids)
        self.templates: dict[tuple[int, bool], tuple[list[int], list[int], int]] = {}
        self.copies: dict[int, tuple[list[int], list[int]]] = {}  # ``copy_rows``' rows
        self.turns: dict[tuple[int, bool, str], tuple[list[int], list[int]]] = {}  # ``turn``

    def template(self, kind: int, yes: bool, form: str = "pope"
                 ) -> tuple[list[int], list[int], int]:
        """(tokens before the picture, tokens after it, where the answer starts in those) of
        the row asking about word ``kind`` in ``form``: "pope", POPE's question; "mme", MME's
        existence question ("Is there a cup in this image? Please answer yes or no."); a
        picture family's name, the claim of the word in that family's words
        (``picture_words.claim``, with MME's answer instruction)."""
        if (kind, yes, form) not in self.templates:
            from mm.tokenizer import prompt_text
            from train.sft import conversation

            q, a = self._asked(kind, yes, form)
            prompt = prompt_text(q)
            ids = self.tok(conversation(prompt, a, self.tok.eos_token or "")[0])["input_ids"]
            at = ids.index(self.image_id)
            start = len(self.tok(prompt)["input_ids"]) - at - 1
            self.templates[(kind, yes, form)] = (ids[:at], ids[at + 1:], start)
        return self.templates[(kind, yes, form)]

    def turn(self, kind: int, yes: bool, form: str = "pope") -> tuple[list[int], list[int]]:
        """(tokens, labels) of a later question of a row's conversation, asking about word
        ``kind`` in ``form`` (an object form of ``template``'s) and answered: the tokens
        ``train.sft.conversation`` adds for it, the labels on its answer alone. Found as the
        difference between a one-question row's tokens and a two-question one's, so that they
        are the tokenizer's own for the whole text (the end-of-sequence token before the
        question parts them)."""
        if (kind, yes, form) not in self.turns:
            from mm.tokenizer import next_turn_text, prompt_text
            from train.sft import conversation

            first = prompt_text(self._asked(0, True, form)[0])
            q, a = self._asked(kind, yes, form)
            one = conversation(first, "Yes", self.tok.eos_token or "")[0]
            ids = [self.tok(t, add_special_tokens=False)["input_ids"]
                   for t in (one, one + next_turn_text(q), conversation(
                       first, ("Yes", q, a), self.tok.eos_token or "")[0])]
            if any(x[:len(ids[0])] != ids[0] for x in ids[1:]):
                raise ValueError(f"the tokenizer merges across a turn's start: {q!r}")
            piece, start = ids[2][len(ids[0]):], len(ids[1]) - len(ids[0])
            self.turns[(kind, yes, form)] = (piece, [-100] * start + piece[start:])
        return self.turns[(kind, yes, form)]

    def _asked(self, kind: int, yes: bool, form: str) -> tuple[str, str]:
        """The question about word ``kind`` in ``form`` and its answer, as a row's prompt and
        response carry them (``template``)."""
        from engines.builders.pope_synth import question
        from train.sft import GROUNDING_ASKS

        word, answer = WORDS[kind].replace("_", " "), "yes" if yes else "no"
        if form == "pope":
            return GROUNDING_ASKS["pope-synth"](question(word), answer)
        q = existence_question(word) if form == "mme" else claim(form, WORDS[kind])
        return GROUNDING_ASKS["mme-synth"](q, answer.capitalize())

    def __call__(self, context: torch.Tensor, asked: torch.Tensor, present: torch.Tensor,
                 forms: list[str] | None = None,
                 later: list[list[tuple[int, bool]]] | None = None) -> dict:
        """A right-padded batch (input_ids, attention_mask, labels) of the rows, each asked in
        its ``forms`` (``template``; None: POPE's); ``later``: for each row, more questions
        about its context (word, whether it is there), each a later turn of the row's
        conversation in its form (``turn``)."""
        rows, labels = [], []
        for i, (words, kind, yes, form) in enumerate(zip(
                self.words[context].tolist(), asked.tolist(), present.tolist(),
                forms or ["pope"] * len(asked))):
            before, after, start = self.template(kind, yes, form)
            rows.append(before + words + after)
            labels.append([-100] * (len(before) + len(words) + start) + after[start:])
            for more in (later[i] if later else ()):
                ids, lab = self.turn(*more, form)
                rows[-1] += ids
                labels[-1] += lab
        return self.padded(rows, labels)

    def padded(self, rows: list[list[int]], labels: list[list[int]]) -> dict:
        """``rows`` and their ``labels`` as one right-padded batch (input_ids, attention_mask,
        labels)."""
        width = max(map(len, rows))
        pad = self.tok.pad_token_id
        ids = torch.tensor([r + [pad] * (width - len(r)) for r in rows])
        mask = torch.tensor([[1] * len(r) + [0] * (width - len(r)) for r in rows])
        lab = torch.tensor([r + [-100] * (width - len(r)) for r in labels])
        return {"input_ids": ids, "attention_mask": mask, "labels": lab}

    def copy_rows(self, words: torch.Tensor) -> dict:
        """Rows "What is in the image?" -> the word, the picture's place holding that one word
        (``words``: indices into ``WORDS``): copying the word there, which a from-scratch
        LM learns at once, puts its attention on the context before the one-word lookup needs
        it. The labels on the answer alone, as ``__call__``'s; each word's row made once."""
        from mm.tokenizer import prompt_text
        from train.sft import conversation

        prompt = prompt_text(COPY_QUESTION)
        for w in set(words.tolist()) - self.copies.keys():
            answer = WORDS[w].replace("_", " ")
            ids = self.tok(conversation(prompt, answer, self.tok.eos_token or "")[0])["input_ids"]
            at = ids.index(self.image_id)
            row = ids[:at] + [int(self.words[w])] + ids[at + 1:]
            start = len(self.tok(prompt)["input_ids"])
            self.copies[w] = (row, [-100] * start + row[start:])
        rows = [self.copies[w] for w in words.tolist()]
        return self.padded([r for r, _ in rows], [lab for _, lab in rows])

    def draw(self, n: int, length: int, rng: np.random.Generator, pictures: float = 0.0,
             mme: float = 0.0, questions: int = 1, theme: float = 0.0
             ) -> tuple[dict, torch.Tensor]:
        """``n`` rows of ``lookup_contexts`` (contexts ``length`` words long) and their truth
        (of each row's first question); with ``pictures``, about that share of them
        (``binomial``) of ``picture_contexts``, each asked in its family's claim; with
        ``theme``, about that share of the object rows of ``theme_contexts`` (a theme's usual
        objects, the absent word asked another of them), after the others; with ``mme``,
        that share of the object rows asked in MME's existence question (else POPE's); with
        ``questions`` > 1, each object row asks that many questions of its context
        (``later_questions``)."""
        k = int(rng.binomial(n, pictures)) if pictures else 0
        t = int(rng.binomial(n - k, theme)) if theme else 0
        context, asked, present = lookup_contexts(n - k - t, length, rng, KINDS, KINDS)
        if t:
            context, asked, present = (torch.cat(p) for p in zip(
                (context, asked, present), theme_contexts(t, length, rng, KINDS)))
        forms = ["mme" if mme and rng.random() < mme else "pope" for _ in range(n - k)]
        later = later_questions(context, asked, questions - 1, rng) if questions > 1 else None
        if k:
            *parts, families = picture_contexts(k, length, rng)
            context, asked, present = (torch.cat(p) for p in
                                       zip((context, asked, present), parts))
            forms += families
            later = later and later + [[] for _ in range(k)]
        return self(context, asked, present, forms, later), present


# at most this many questions a lookup context: every one of them may ask a word not there,
# and a context leaves 22 of the 28 kinds out
LOOKUP_MAX_QUESTIONS = 16


def later_questions(context: torch.Tensor, asked: torch.Tensor, n: int,
                    rng: np.random.Generator) -> list[list[tuple[int, bool]]]:
    """For each row of a lookup context, ``n`` more questions (word, whether it is there):
    each word there or not by a fair coin (one not there where every object word of the
    context has been asked), no word asked twice in a row. Asking a context several
    questions, some answered yes and some no, gives the matching of the word asked against the
    context's words a gradient from each answer: with four, two lookup seeds that read
    84.8-92.2% of held-out contexts with one read 97.2% and 99.2%, for 2.7 times the lookup's
    time (docs/grounding, "Several questions a context")."""
    if n + 1 > LOOKUP_MAX_QUESTIONS:
        raise ValueError(f"at most {LOOKUP_MAX_QUESTIONS} questions a context, not {n + 1}")
    out = []
    for words, first in zip(context.tolist(), asked.tolist()):
        there = [w for w in dict.fromkeys(words) if w < KINDS and w != first]
        absent = [w for w in range(KINDS) if w not in there and w != first]
        there, absent = list(rng.permutation(there)), list(rng.permutation(absent))
        row = []
        for _ in range(n):
            yes = bool(rng.random() < 0.5 and there)
            row.append((int((there if yes else absent).pop()), yes))
        out.append(row)
    return out


def picture_contexts(n: int, length: int, rng: np.random.Generator):
    """Lookup rows about diagrams' words, as ``lookup_contexts``' (context (n, length), the word
    asked (n,), whether its claim is true (n,)) and each row's family: "blank" on every place,
    a family drawn and one of its picture words on 1 to ``length`` places (a diagram's inked
    patches), half the rows asking that word's claim (``picture_words.claim``), half another
    word's of the family whose claim differs ("cosine" is claimed as "a sine curve" too)
    (indices into ``WORDS``)."""
    context = torch.full((n, length), BLANK_ID, dtype=torch.long)
    asked = torch.empty(n, dtype=torch.long)
    present = torch.from_numpy(rng.random(n) < 0.5)
    families = []
    for b in range(n):
        family = PICTURE_FAMILIES[int(rng.integers(len(PICTURE_FAMILIES)))]
        words, claims = FAMILY_WORDS[family], FAMILY_CLAIMS[family]
        there = int(rng.integers(len(words)))
        others = [w for w, c in zip(words, claims) if c != claims[there]]
        context[b, rng.choice(length, int(rng.integers(1, length + 1)), replace=False)] = \
            WORDS.index(words[there])
        asked[b] = WORDS.index(words[there] if present[b] else rng_choice(rng, others))
        families.append(family)
    return context, asked, present, families


def pad_cat(a: dict, b: dict, pad_id: int) -> dict:
    """Two right-padded batches as one (input_ids, attention_mask, labels padded to the longer
    width; any other key, e.g. the pictures' pixel_values, from ``a``)."""
    width = max(a["input_ids"].shape[1], b["input_ids"].shape[1])
    fill = {"input_ids": pad_id, "attention_mask": 0, "labels": -100}
    out = dict(a)
    for key, value in fill.items():
        out[key] = torch.cat([F.pad(x[key], (0, width - x[key].shape[1]), value=value)
                              for x in (a, b)])
    return out


def with_lookup_rows(task, share: float, tokenizer, image_token_id: int, length: int,
                     seed: int, pictures: float = 0.0, mme: float = 0.0, theme: float = 0.0):
    """``task`` (a ``train.loop.StageTask``) with lookup rows (contexts ``length`` words long;
    ``pictures`` of them about diagrams' words, ``mme`` of the others in MME's question,
    ``theme`` of those of a theme's usual objects, ``LookupRows.draw``) beside each batch,
    ``share`` of its rows (at least one); each batch's rows drawn from its first example's
    stream position, so whichever process builds a batch builds the same."""
    from dataclasses import replace

    rows = LookupRows(tokenizer, image_token_id)
    base, keyed = task.make_batch, task.keyed

    def make_batch(idx, keys):
        rng = np.random.default_rng(derive_seed(seed, "lookup-mix", keys[0]))
        extra, _ = rows.draw(max(1, round(share * len(idx))), length, rng, pictures, mme,
                             theme=theme)
        return pad_cat(base(idx, keys) if keyed else base(idx), extra, tokenizer.pad_token_id)

    return replace(task, make_batch=make_batch, keyed=True)


ANCHORED = "anchored_pictures"  # the batch's key of ``with_projector_anchor``'s mask


def with_projector_anchor(task, model, head: torch.nn.Linear, tokenizer, weight: float,
                          anchored=None):
    """``task`` with ``weight`` x the projector's squared distance from the embedding of the
    word stage 1's head names for each patch (over the mean square of the embedding entries)
    added to its loss: the projector kept on the words the language model reads while it
    learns the questions (the probe's step 3). ``anchored(indices)``: whether each example's
    picture is held so (one bool an example; None: every picture). A head that learnt its
    words on object scenes alone names nothing of a chart or a diagram, and holding those
    pictures' tokens on it would leave the language model only the head's 34 words to tell a
    chart from a network by (a head with ``dense_pictures`` names them too). Returns the
    task and the hook's handle."""
    from dataclasses import replace

    from train.sft import forward_groups, picture_order

    proj = model.model.multi_modal_projector
    emb = model.get_input_embeddings()
    ids = torch.tensor(word_tokens(tokenizer)[0])
    seen: list = []  # (input, output) of each forward's pictures
    handle = proj.register_forward_hook(lambda m, args, out: seen.append((args[0], out)))
    base, base_batch, keyed = task.loss, task.make_batch, task.keyed

    def make_batch(idx, keys=None):
        batch = base_batch(idx, keys) if keyed else base_batch(idx)
        if anchored is None:
            return batch
        # the pictures run through the projector in the order of the rows that have one
        return {**batch, ANCHORED: torch.tensor(anchored(idx), dtype=torch.bool)}

    def loss(m, batch):
        batch = dict(batch)
        mask = batch.pop(ANCHORED, None)
        seen.clear()
        value = base(m, batch)
        if not seen or (mask is not None and not mask.any()):  # no picture held
            return value
        x, y = torch.cat([a for a, _ in seen]), torch.cat([b for _, b in seen])
        groups, image_id = forward_groups(m, batch)
        if groups is not None:  # the pictures back in the batch's order
            back = torch.argsort(picture_order(batch, groups, image_id)).to(x.device)
            x, y = x[back], y[back]
        if mask is not None:
            x, y = x[mask.to(x.device)], y[mask.to(y.device)]
        with torch.no_grad():
            h = head.to(x.device)
            want = emb.weight[ids.to(x.device)][h(x.float()).argmax(-1)]
            scale = emb.weight.pow(2).mean()
        return value + weight * F.mse_loss(y.float(), want.float()) / scale

    return replace(task, make_batch=make_batch, loss=loss), handle


def answer_loss(model, batch: dict) -> torch.Tensor:
    """Mean next-token loss on the labelled tokens (the head at those positions alone)."""
    from train.sft import labelled_logits

    logits, target = labelled_logits(model, batch)
    return F.cross_entropy(logits.flatten(0, 1), target.flatten(), ignore_index=-100)


def answer_fork(rows: LookupRows) -> tuple[int, int, int]:
    """(how many answer tokens "Yes" and "No" share, the first token each then has)."""
    yes, no = (rows.template(0, y)[1][rows.template(0, y)[2]:] for y in (True, False))
    d = next(i for i, (a, b) in enumerate(zip(yes, no)) if a != b)
    return d, yes[d], no[d]


@torch.no_grad()
def said_yes(model, rows: LookupRows, batch: dict) -> torch.Tensor:
    """For each lookup row of ``batch``, whether the model puts "Yes"'s token above "No"'s
    where the two answers part (batches of 64)."""
    shared, yes_id, no_id = answer_fork(rows)
    said = []
    model.eval()
    dev = model_device(model)
    for s in range(0, len(batch["input_ids"]), 64):
        part = {k: v[s:s + 64].to(dev) for k, v in batch.items()}
        at = (part["labels"] != -100).int().argmax(1) + shared  # where the answers part
        logits = model(input_ids=part["input_ids"], attention_mask=part["attention_mask"]
                       ).logits[torch.arange(len(at)), at - 1]
        said.append((logits[:, yes_id] > logits[:, no_id]).cpu())
    return torch.cat(said)


def by_count(said: torch.Tensor, present: torch.Tensor, count: torch.Tensor) -> dict:
    """Accuracy on the rows whose asked word is there, by ``count`` (the context's object
    words, or a scene's kinds): {count: {"n", "accuracy"}}; ``by_count(~said, ~present,
    count)``: on the rows whose word is not. A lookup that sums the object words it sees
    rather than matching the word asked fades on the first as the count grows; one that matches
    loosely, on the second."""
    out = {}
    for c in sorted(set(count[present].tolist())):
        pick = present & (count == c)
        out[str(c)] = {"n": int(pick.sum()), "accuracy": float(said[pick].float().mean())}
    return out


def picture_lookup_score(model, rows: LookupRows, n: int, length: int, seed: int) -> dict:
    """Held-out lookup rows about diagrams' words (``picture_contexts``, ``seed``'s own
    stream), scored as ``lookup_score``'s."""
    context, asked, present, families = picture_contexts(
        n, length, np.random.default_rng(derive_seed(seed, "lookup-pictures-held")))
    return yes_no_score(said_yes(model, rows, rows(context, asked, present, families)),
                        present)


def lookup_score(model, rows: LookupRows, n: int, length: int, seed: int) -> dict:
    """Held-out lookup rows (contexts ``length`` words long, of ``seed``'s own stream): whether
    the model puts the right answer's token above the other's, where they part; then on the
    rows whose word is there and on those whose word is not, by the number of object words in
    the context (``by_count``)."""
    context, asked, present = lookup_contexts(
        n, length, np.random.default_rng(derive_seed(seed, "lookup-held")), KINDS, KINDS)
    said = said_yes(model, rows, rows(context, asked, present))
    count = (context < KINDS).sum(1)
    return {**yes_no_score(said, present), "present_by_objects": by_count(said, present, count),
            "absent_by_objects": by_count(~said, ~present, count)}


def scene_lookup_score(model, rows: LookupRows, image_processor, n: int, seed: int,
                       image_size: int = 224) -> dict:
    """The lookup on the words of ``n`` object scenes of their own seed (each patch's
    ``patch_words``: what the image tokens should carry): half the rows ask about a kind with
    a patch of its own, half about a usual object of the scene's theme that is not in it (POPE's
    popular negatives); then as ``lookup_score``, by the number of kinds with patches."""
    from train.probes import theme_cores

    vc = model.config.vision_config
    _, words, objects, themes = render_word_scenes(
        image_processor, vc.image_size // vc.patch_size, n,
        derive_seed(seed, "lookup-scenes"), KINDS, image_size)
    rng = np.random.default_rng(derive_seed(seed, "lookup-scenes-asked"))
    cores, asked, present = theme_cores(), [], []
    seen_kinds = [np.unique(w[w < KINDS].numpy()) for w in words]  # the kinds with a patch
    for seen, obj, theme in zip(seen_kinds, objects, themes):
        absent = np.setdiff1d(cores[theme], obj)
        if not len(absent):  # every usual object is in the scene
            absent = np.setdiff1d(np.arange(KINDS), obj)
        present.append(bool(len(seen)) and rng.random() < 0.5)
        asked.append(int(rng.choice(seen if present[-1] else absent)))
    asked, present = torch.tensor(asked), torch.tensor(present)
    said = said_yes(model, rows, rows(words, asked, present))
    kinds = torch.tensor([len(seen) for seen in seen_kinds])
    return {**yes_no_score(said, present), "present_by_kinds": by_count(said, present, kinds),
            "absent_by_kinds": by_count(~said, ~present, kinds)}


def curve_point(model, rows: LookupRows, step: int, length: int, patches: int,
                seed: int) -> dict:
    """The lookup held out at ``step``: 200 rows of contexts ``patches`` words long
    (``accuracy``, ``yes_ratio``) and 200 as long as the ramp's ``length`` then
    (``at_length``), each of its own stream, the same at every step."""
    full = lookup_score(model, rows, 200, patches, derive_seed(seed, "lookup-curve"))
    now = full if length == patches else lookup_score(
        model, rows, 200, length, derive_seed(seed, "lookup-curve", length))
    return {"step": step, "length": length, "accuracy": full["accuracy"],
            "yes_ratio": full["yes_ratio"], "at_length": now["accuracy"]}


def lookup_warmup(model, tokenizer, steps: int, hold: int, lr: float, batch_size: int,
                  seed: int, patches: int, n_held: int = 600, image_processor=None,
                  n_scenes: int = 300, image_size: int = 224, lengths: str = "ramp",
                  eval_every: int = 0, copy: float = 0.0, pictures: float = 0.0,
                  mme: float = 0.0, questions: int = 1, theme: float = 0.0) -> dict:
    """Stage 2's lookup steps: the language model (and its embeddings) trained on
    ``LookupRows`` whose context grows from one word (``hold`` steps) to ``patches`` words by
    60% of ``steps`` (AdamW at ``lr``, cosine); ``lengths`` "mixed": after the hold, each
    batch's length drawn between one word and the ramp's; ``copy``: during the hold, that share
    of a batch (at least one row) more of ``LookupRows.copy_rows``, their loss added;
    ``pictures``: that share of the rows about diagrams' words, ``mme``: that share of the
    others in MME's existence question, ``questions`` asked of each context, ``theme``: that
    share of the object rows of a theme's usual objects (``LookupRows.draw``). Every
    process runs the same steps (no collectives): each ends with the same weights. Returns the
    losses, the held-out lookup accuracy every ``eval_every`` steps (``curve``, of
    ``curve_point``; 0: none) and at the end on contexts ``patches`` words long, and with
    ``image_processor`` on the words of ``n_scenes`` object scenes (``scene_lookup_score``)."""
    if lengths not in LOOKUP_LENGTHS:
        raise ValueError(f"lengths must be one of {LOOKUP_LENGTHS}, not {lengths!r}")
    rows = LookupRows(tokenizer, model.config.image_token_id)
    lm = [model.model.language_model, model.lm_head]
    params = list(dict.fromkeys(p for m in lm for p in m.parameters()))
    was = [p.requires_grad for p in params]
    for p in params:
        p.requires_grad_(True)
    opt = torch.optim.AdamW(params, lr=lr, weight_decay=0.0)
    sched = cosine_schedule(opt, steps)
    rng = np.random.default_rng(derive_seed(seed, "lookup"))
    ramp = max(int(0.6 * steps) - hold, 1)
    losses, dev = [], model_device(model)
    model.train()
    curve = []
    for s in range(steps):
        length = ramped = lookup_length(s, hold, ramp, patches)
        if lengths == "mixed" and s >= hold:
            length = int(rng.integers(1, ramped + 1))
        batch, _ = rows.draw(batch_size, length, rng, pictures, mme, questions, theme)
        loss = answer_loss(model, {k: v.to(dev) for k, v in batch.items()})
        if copy and s < hold:
            extra = rows.copy_rows(torch.from_numpy(
                rng.integers(KINDS, size=max(1, round(copy * batch_size)))))
            loss = loss + answer_loss(model, {k: v.to(dev) for k, v in extra.items()})
        train_step(opt, sched, params, loss)
        losses.append(loss.item())
        if eval_every and (s + 1) % eval_every == 0:
            curve.append(curve_point(model, rows, s + 1, ramped, patches, seed))
            model.train()
    for p, w in zip(params, was):
        p.requires_grad_(w)
    out = {"steps": steps, "hold": hold, "lr": lr, "batch_size": batch_size,
           "words_sharing_a_token": [w for w in rows.shared if pictures or w in PATCH_WORDS],
           "first_loss": losses[0] if losses else None,
           "final_loss": float(np.mean(losses[-20:])) if losses else None,
           "lengths": lengths, "copy": copy, "pictures": pictures, "mme": mme,
           "questions": questions, "theme": theme,
           "curve": curve,
           "held_out": lookup_score(model, rows, n_held, patches, seed)}
    if pictures:
        out["held_out_pictures"] = picture_lookup_score(model, rows, n_held, patches, seed)
    if image_processor is not None and n_scenes:
        out["held_out_scenes"] = scene_lookup_score(model, rows, image_processor, n_scenes,
                                                    seed, image_size)
    return out


@torch.no_grad()
def projector_from_head(model, processor, head: torch.nn.Linear, tokenizer, n: int,
                        seed: int, image_size: int = 224) -> dict:
    """Set the model's projector to stage 1's ``head`` followed by the words' embeddings
    (``head_projector`` on the raw tower features the projector reads, over ``n`` object
    scenes of their own seed, and for a head that names diagrams too, a quarter as many
    diagrams); the words the head names on them, and how often the model's image tokens are
    then nearest (cosine) to the embedding of that word among the words'."""
    from train.sft import tower_features

    grid = model.config.vision_config.image_size // model.config.vision_config.patch_size
    pixels, _, _, _ = render_word_scenes(processor.image_processor, grid, n,
                                         derive_seed(seed, "projector-head"), KINDS, image_size)
    n_pictures = n // 4 if head.out_features == len(WORDS) else 0
    if n_pictures:
        pixels = torch.cat([pixels, render_word_pictures(
            processor.image_processor, grid, n_pictures, derive_seed(seed, "projector-pictures"),
            image_size)[0]])
    pv = pixels.to(model_device(model), model.model.vision_tower.dtype)
    feats = torch.cat([tower_features(model, pv[s:s + 64]) for s in range(0, len(pv), 64)])
    proj = model.model.multi_modal_projector
    ids = torch.tensor(word_tokens(tokenizer)[0][:head.out_features])
    emb = model.get_input_embeddings().weight[ids].float()
    head = head.to(feats.device)
    head_projector(proj.linear_1, proj.linear_2, head, feats.float(), emb, standardised=False,
                   free_seed=derive_seed(seed, "projector-free"))
    said = head(feats.float()).argmax(-1).flatten()
    out = F.normalize(proj(feats).float().flatten(0, 1), dim=-1) @ F.normalize(emb, dim=-1).T
    return {"n_scenes": n, "n_pictures": n_pictures,
            "object_patches_named": float((said < KINDS).float().mean()),
            "nearest_is_heads_word": float((out.argmax(-1) == said).float().mean())}
