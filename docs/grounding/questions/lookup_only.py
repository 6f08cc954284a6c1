"""Stage 2's lookup alone, from a stage-2 run's checkpoint after its caption steps.

The runs of docs/grounding, "Several questions a context": each starts from the same weights
(a make run's stage 2 at step 70, before its lookup) and varies only the lookup, so that the
spread between lookup draws and the effect of a setting are seen apart from stage 1 and the
caption steps. ``--seed`` seeds the lookup's rows and its held-out rows (``lookup_warmup``);
``--questions`` is the recipe's ``lookup_questions``; ``--contexts scene`` draws the training
contexts as the object scenes' patch words fall (2 to 7 kinds, each on 1 to 3 places), where
``lookup_contexts`` puts 1 to 5 kinds on one place each; ``--contexts theme`` as the scenes too,
of one theme's usual objects, the absent word asked another of them (POPE's popular split).

    .venv/bin/python docs/grounding/questions/lookup_only.py --run runs/quickstart/train/stage2 \
        --seed 1 --questions 4 --out q4_s1.json
"""
import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))
import mm  # noqa: E402,F401  (first: the suite's kernels, mm/determinism.py)
import numpy as np  # noqa: E402
import torch  # noqa: E402
from safetensors.torch import load_file  # noqa: E402
from transformers import AutoProcessor, LlavaForConditionalGeneration  # noqa: E402

import train.grounding as gr  # noqa: E402
from train.probe_words import THEME_WORDS, place_objects, theme_contexts  # noqa: E402


def scene_contexts(n, length, rng, kinds, theme0):
    """``lookup_contexts``' rows with contexts as the scenes' patch words fall."""
    context = torch.from_numpy(theme0 + rng.integers(THEME_WORDS, size=(n, 1))).repeat(1, length)
    rows = [place_objects(context[b], np.arange(kinds), length, rng) for b in range(n)]
    return context, torch.tensor([a for a, _ in rows]), torch.tensor([t for _, t in rows])


def every_theme(n, length, rng, kinds, theme0):
    """Every row of ``theme_contexts`` (``--contexts theme``)."""
    return theme_contexts(n, length, rng, theme0)


def drawing(contexts):
    """``LookupRows.draw`` on ``contexts`` (``scene_contexts`` or ``theme_contexts``)."""
    def draw(self, n, length, rng, pictures=0.0, mme=0.0, questions=1, theme=0.0):
        context, asked, present = contexts(n, length, rng, gr.KINDS, gr.KINDS)
        later = gr.later_questions(context, asked, questions - 1, rng) if questions > 1 \
            else None
        return self(context, asked, present, None, later), present
    return draw


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--run", required=True, help="a stage-2 folder with checkpoints/step-000070")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--steps", type=int, default=2000)
    p.add_argument("--hold", type=int, default=400)
    p.add_argument("--lr", type=float, default=5e-4)
    p.add_argument("--batch", type=int, default=32)
    p.add_argument("--copy", type=float, default=0.5)
    p.add_argument("--questions", type=int, default=1)
    p.add_argument("--contexts", choices=["random", "scene", "theme"], default="random")
    p.add_argument("--theme", type=float, default=0.0,
                   help="stage 2's lookup_theme: this share of the object rows drawn as "
                        "theme_contexts, the others as lookup_contexts (--contexts random)")
    p.add_argument("--threads", type=int, default=1)
    p.add_argument("--out", required=True)
    a = p.parse_args()
    if a.theme and a.contexts != "random":
        p.error(f"--theme mixes theme contexts into the random ones; --contexts {a.contexts} "
                "draws every row its own way")
    torch.set_num_threads(a.threads)
    if a.contexts != "random":
        gr.LookupRows.draw = drawing({"scene": scene_contexts, "theme": every_theme}[
            a.contexts])
    run = Path(a.run)
    model = LlavaForConditionalGeneration.from_pretrained(run / "model")
    proc = AutoProcessor.from_pretrained(run / "model")
    _, unexpected = model.load_state_dict(
        load_file(run / "checkpoints" / "step-000070" / "trainable.safetensors"), strict=False)
    if unexpected:
        sys.exit(f"{run}: the checkpoint holds weights the model has not: {unexpected[:3]}")
    t = time.time()
    out = gr.lookup_warmup(model, proc.tokenizer, a.steps, a.hold, a.lr, a.batch, a.seed,
                           model.config.image_seq_length, image_processor=proc.image_processor,
                           n_scenes=300, image_size=224, lengths="mixed", eval_every=250,
                           copy=a.copy, questions=a.questions,
                           theme=a.theme)
    out.update(wall_seconds=round(time.time() - t, 1), args=vars(a))
    Path(a.out).write_text(json.dumps(out, indent=1) + "\n")
    print(a.out, [(c["step"], c["accuracy"]) for c in out["curve"]],
          out["held_out"]["accuracy"], out["held_out_scenes"]["accuracy"])


if __name__ == "__main__":
    main()
