"""``mm-train probe reading``: how much of a diagram a LLaVA model's picture tokens hold before
its language model reads them.

Perception questions (engines/mavis/perception.py) on pictures of every family: a linear readout
fitted on two thirds of the pictures, scored on the rest, from the vision tower's tokens (what
the projector reads) and from the projector's (what the language model reads):

- ``family``: which of the families drew the picture;
- ``answers``: for each question template asked of at least ``min_rows`` pictures, its answer
  (a readout of the template's own), against the template's most common answer on the fitted
  pictures, which is what a model that never looks at the picture can learn at best (stage 3's
  image-blind twin);
- ``picture_words`` (``--words N``): each diagram's word of train/picture_words.py, a readout
  per family, against the family's most common word.

A tower whose readout beats the templates' common answers by far, under a stage-3 model that
does not beat its twin, says the picture's facts are there and the language model does not
read them; a projector whose readout falls far below the tower's says they are lost before it.

    mm-train probe reading --model runs/quickstart/train/stage3/model --out reading.json
"""
from __future__ import annotations

from collections import Counter, defaultdict
from pathlib import Path

import numpy as np
import torch
import torch.nn.functional as F

from mm.seeding import derive_seed, seeded


def picture_rows(n: int, seed: int, size: int) -> list[dict]:
    """``n`` pictures, the families in turn, each with one perception question drawn as the
    ``mavis-perception`` build draws it: its family, template and answer."""
    import renderers
    from engines.mavis.perception import families_with_questions, perception_ask, template_key

    fams = families_with_questions()
    rows = []
    for u in range(n):
        name = fams[u % len(fams)]
        rng = np.random.default_rng(derive_seed(seed, "reading", u))
        fam = renderers.get_family(name)
        spec = fam.sample_spec(rng)
        q = perception_ask(name, fam.facts(spec), rng)
        if q is None:
            continue
        rows.append({"image": fam.render(spec, size).convert("RGB"), "family": name,
                     "template": template_key(name, q.template), "answer": q.answer})
    return rows


@torch.no_grad()
def picture_tokens(model, processor, images, batch: int = 64
                   ) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor | None]:
    """The tower's tokens the projector reads and the projector's, (N, tokens, width) each,
    and the tower's class token at the projector's layer, (N, width), which LLaVA's default
    feature selection leaves out (None for a tower without one, SigLIP, or features from
    several layers), from one pass of the tower."""
    from mm.llava import class_tokens
    from train.loop import model_device
    from train.sft import process_images, tower_features

    model.eval()
    layer = model.config.vision_feature_layer
    tower, proj, cls = [], [], []
    hook = None
    if isinstance(layer, int) and class_tokens(model.config.vision_config):
        hook = model.model.vision_tower.register_forward_hook(
            lambda module, args, out: cls.append(out.hidden_states[layer][:, 0].float().cpu()))
    try:
        for s in range(0, len(images), batch):
            px = process_images(processor, images[s:s + batch])["pixel_values"]
            f = tower_features(model, px.to(model_device(model)))
            tower.append(f.float().cpu())
            proj.append(model.model.multi_modal_projector(f).float().cpu())
    finally:
        if hook is not None:
            hook.remove()
    return torch.cat(tower), torch.cat(proj), torch.cat(cls) if cls else None


def readout_inputs(tokens: torch.Tensor) -> torch.Tensor:
    """Each picture's tokens side by side with their mean and maximum, (N, features)."""
    return torch.cat([tokens.flatten(1), tokens.mean(1), tokens.amax(1)], -1)


def linear_readout(x: torch.Tensor, labels: list[str], n_fit: int, steps: int, seed: int
                   ) -> float:
    """Held-out accuracy of a linear classifier (softmax, weight decay, Adam) fitted on the first
    ``n_fit`` rows of ``x`` (standardised by their statistics) and scored on the rest. A few
    hundred full-batch steps on a few thousand rows: written here rather than taken from a
    library (scikit-learn is not a dependency)."""
    keys = sorted(set(labels))
    y = torch.tensor([keys.index(v) for v in labels])
    mean, std = x[:n_fit].mean(0), x[:n_fit].std(0) + 1e-5
    x = (x - mean) / std
    with seeded(seed):
        w = torch.zeros(x.shape[1], len(keys), requires_grad=True)
        b = torch.zeros(len(keys), requires_grad=True)
    opt = torch.optim.Adam([w, b], lr=3e-3)
    for _ in range(steps):
        opt.zero_grad()
        loss = F.cross_entropy(x[:n_fit] @ w + b, y[:n_fit]) + 1e-2 * w.pow(2).sum()
        loss.backward()
        opt.step()
    with torch.no_grad():
        return float(((x[n_fit:] @ w + b).argmax(-1) == y[n_fit:]).float().mean())


def majority_readout(labels: list[str], n_fit: int) -> float:
    """Held-out accuracy of the fitted rows' most common label."""
    top = Counter(labels[:n_fit]).most_common(1)[0][0]
    return sum(v == top for v in labels[n_fit:]) / max(1, len(labels) - n_fit)


def group_readouts(sources: dict[str, torch.Tensor], idx: list[int], labels: list[str],
                   steps: int, seed: int) -> dict:
    """One group's readouts (a template's answers, a family's words): fitted on the first two
    thirds of ``idx`` (rows of each source) and ``labels``, against their most common label;
    where the fitted rows hold one label alone, each readout is that majority."""
    fit = 2 * len(idx) // 3
    got = {"n_held": len(idx) - fit, "majority": majority_readout(labels, fit)}
    for name, x in sources.items():
        got[name] = (linear_readout(x[idx], labels, fit, steps, seed)
                     if len(set(labels[:fit])) > 1 else got["majority"])
    return got


def word_readouts(model, processor, n: int, seed: int, steps: int, image_size: int) -> dict:
    """Per family of train/picture_words.py, a linear readout of each diagram's word (the
    shape's category, the function's kind, the chart's type, the solid, the network's kind)
    from the tower's and the projector's tokens of ``n`` diagrams (the families in turn),
    fitted on two thirds of the family's pictures, against their most common word: what a
    word for the whole picture could name, where stage 1's patch head names it patch by
    patch. Also from the tower's class token alone, where it has one."""
    from train.picture_words import word_pictures

    images, fams, words = word_pictures(n, seed, image_size)
    tower, proj, cls = picture_tokens(model, processor, images)
    sources = {"tower": readout_inputs(tower), "projector": readout_inputs(proj)}
    if cls is not None:  # what a word for the whole picture could be read from, alone
        sources["class_token"] = cls
    out = {}
    for fam in sorted(set(fams)):
        idx = [i for i, f in enumerate(fams) if f == fam]
        labels = [words[i] for i in idx]
        got = group_readouts(sources, idx, labels, steps, seed)
        out[fam] = {"n_held": got.pop("n_held"), "words": len(set(labels)), **got}
    return out


def probe_reading(model_dir, n: int = 2000, seed: int = 0, steps: int = 300,
                  min_rows: int = 30, image_size: int = 224, words: int = 0) -> dict:
    """The module's readouts of the model in ``model_dir`` on ``n`` pictures of ``seed`` (and
    with ``words``, ``word_readouts`` of that many diagrams)."""
    from mm.llava import load

    model, processor = load(Path(model_dir))
    rows = picture_rows(n, seed, image_size)
    tower, proj, _ = picture_tokens(model, processor, [r["image"] for r in rows])
    sources = {"tower": readout_inputs(tower), "projector": readout_inputs(proj)}
    fams = [r["family"] for r in rows]
    n_fit = 2 * len(rows) // 3
    out: dict = {"model": str(model_dir), "n": len(rows), "seed": seed, "steps": steps,
                 "family": {"n_held": len(rows) - n_fit, "classes": len(set(fams)),
                            "majority": majority_readout(fams, n_fit),
                            **{k: linear_readout(x, fams, n_fit, steps, seed)
                               for k, x in sources.items()}}}
    by_template: dict[str, list[int]] = defaultdict(list)
    for i, r in enumerate(rows):
        by_template[r["template"]].append(i)
    per, held = [], Counter()
    for t, idx in sorted(by_template.items(), key=lambda kv: (-len(kv[1]), kv[0])):
        if len(idx) < min_rows:
            continue
        got = {"template": t, "n": len(idx),
               **group_readouts(sources, idx, [rows[i]["answer"] for i in idx], steps, seed)}
        k = got["n_held"]
        for key in ("majority", *sources):
            held[key] += got[key] * k
        held["n"] += k
        per.append(got)
    out["answers"] = {"templates": len(per), "min_rows": min_rows, "n_held": held["n"],
                      **{key: (held[key] / held["n"] if held["n"] else None)
                         for key in ("majority", *sources)},
                      "per_template": per}
    if words:
        out["picture_words"] = word_readouts(model, processor, words, seed, steps, image_size)
    return out
