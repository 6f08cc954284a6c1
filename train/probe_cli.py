"""``mm-train probe tower|binding|words|reading``: the probes' flags, their checks (one line
naming the flag, exit 2) and their JSON (train/probes.py, train/probe_words.py,
train/probe_reading.py)."""
from __future__ import annotations

import argparse
import json
import math
from pathlib import Path

from train.picture_words import PICTURE_FAMILIES
from train.probe_words import PROJECTOR_INITS, probe_words
from train.probes import parse_cover, probe_binding, probe_tower, tower_folder

WORDS_MIN = 3 * len(PICTURE_FAMILIES)  # the reading probe's --words: three diagrams a family


def add_parser(sub) -> None:
    """``mm-train probe tower|binding|words|reading``."""
    p = sub.add_parser("probe", help="diagnose grounding: the tower's object features, or the "
                       "LLM's binding of the object asked")
    kinds = p.add_subparsers(dest="probe", required=True, parser_class=type(p))
    t = kinds.add_parser("tower", help="within-theme object presence from a tower's tokens")
    t.add_argument("--vision", required=True, help="vision folder, or a stage folder with vision/")
    t.add_argument("--n-fit", type=int, default=2000)
    t.add_argument("--n-held", type=int, default=1000)
    t.add_argument("--image-size", type=int, default=224, help="size the scenes are drawn at")
    t.add_argument("--feature-layer", type=int, default=-2)
    t.add_argument("--no-untrained", action="store_true", help="skip the untrained baseline")
    b = kinds.add_parser("binding", help="the preset's LLM on ideal synthetic image tokens")
    b.add_argument("--preset", default="small", choices=["tiny", "small"])
    b.add_argument("--steps", type=int, default=1800)
    b.add_argument("--lr", type=float, default=1e-3)
    b.add_argument("--batch-size", type=int, default=32)
    b.add_argument("--snr", type=float, default=3.0)
    b.add_argument("--naming", type=float, default=0.0)
    b.add_argument("--turns", type=int, default=1, help="questions a picture in training")
    b.add_argument("--kinds", type=int, default=28, help="object kinds (6..28; 28 as in scenes)")
    b.add_argument("--rule", default="binding", choices=["binding", "question", "image"],
                   help="controls: answers that read the question alone or the picture alone")
    b.add_argument("--echo", type=float, default=0.0,
                   help="share of training questions answered by the name of the kind asked")
    b.add_argument("--cover", default="", help="object sizes in training, TOKENS:UNTIL_STEP,... "
                   "(e.g. 36:500,12:900: one object on every token, then on 12; then one token)")
    b.add_argument("--vision", help="a tower folder (or a stage folder with vision/): its tokens "
                   "of rendered object scenes instead of synthetic ones")
    b.add_argument("--negatives", default="theme", choices=["theme", "random"],
                   help="with --vision: absent objects from the scene's theme, or any")
    b.add_argument("--close-until", type=int, default=0,
                   help="with --vision: close-ups of one object until this step")
    b.add_argument("--n-scenes", type=int, default=3000, help="with --vision: scenes to train on")
    b.add_argument("--feature-layer", type=int, default=-2)
    b.add_argument("--n-held", type=int, default=1000)
    w = kinds.add_parser("words", help="grounding in three steps: lookup in text, a word for "
                         "each patch, a projector to the words (train/probe_words.py)")
    w.add_argument("--vision", required=True, help="vision folder, or a stage folder with vision/")
    w.add_argument("--preset", default="small", choices=["tiny", "small"])
    w.add_argument("--text-steps", type=int, default=4000)
    w.add_argument("--hold", type=int, default=600,
                   help="text steps on one-word contexts before they grow")
    w.add_argument("--dense-steps", type=int, default=3000)
    w.add_argument("--align-steps", type=int, default=1200)
    w.add_argument("--lr", type=float, default=1e-3, help="step 1's learning rate")
    w.add_argument("--tower-lr", type=float, default=1e-3)
    w.add_argument("--projector-lr", type=float, default=3e-3)
    w.add_argument("--lm-lr", type=float, default=3e-4, help="the LLM's rate in step 3")
    w.add_argument("--text-mix", type=float, default=0.0,
                   help="share of a batch of text lookup rows beside step 3's questions")
    w.add_argument("--batch-size", type=int, default=32)
    w.add_argument("--n-scenes", type=int, default=3000)
    w.add_argument("--n-held", type=int, default=600)
    w.add_argument("--image-size", type=int, default=224, help="size the scenes are drawn at")
    w.add_argument("--feature-layer", type=int, default=-2)
    w.add_argument("--every-object", action=argparse.BooleanOptionalAction, default=True,
                   help="an object covering no patch by a quarter names the patch it covers "
                   "most (--no-every-object: it names none)")
    w.add_argument("--projector-init", choices=PROJECTOR_INITS, default="random",
                   help="head: step 3's projector starts as the patch head followed by the "
                   "word embeddings")
    r = kinds.add_parser("reading", help="how much of a diagram a LLaVA model's picture tokens "
                         "hold: linear readouts of the family and of perception answers from the "
                         "tower's and the projector's tokens (train/probe_reading.py)")
    r.add_argument("--model", required=True, help="a LLaVA model folder (a stage's model/)")
    r.add_argument("--n", type=int, default=2000, help="pictures, the families in turn")
    r.add_argument("--steps", type=int, default=300, help="each readout's fitting steps")
    r.add_argument("--min-rows", type=int, default=30,
                   help="pictures a question template needs to be read out")
    r.add_argument("--image-size", type=int, default=224, help="size the pictures are drawn at")
    r.add_argument("--words", type=int, default=0,
                   help="also read each diagram's picture word out of this many diagrams")
    for q in (t, b, w, r):
        q.add_argument("--seed", type=int, default=0)
        q.add_argument("--out", help="also write the JSON here")


def run(a, prog: str) -> None:
    """Check the flags (one line naming the flag, exit 2), run the probe, print its JSON."""
    from engines.cliutil import fail

    positive = ("n_fit", "n_held", "steps", "batch_size", "image_size", "turns", "n_scenes",
                "text_steps", "dense_steps", "align_steps", "n")
    for name in positive:
        if getattr(a, name, 1) < 1:
            fail(prog, "--" + name.replace("_", "-"), f"must be >= 1, got {getattr(a, name)}")
    for name in ("lr", "tower_lr", "projector_lr", "lm_lr", "snr"):
        v = getattr(a, name, 1)
        if not (math.isfinite(v) and v > 0):
            fail(prog, "--" + name.replace("_", "-"), f"must be a finite number > 0, got {v}")
    if getattr(a, "hold", 0) < 0:
        fail(prog, "--hold", f"a step >= 0, got {a.hold}")
    if not 0 <= getattr(a, "text_mix", 0) <= 1:
        fail(prog, "--text-mix", f"a share of a batch in [0, 1], got {a.text_mix}")
    if a.probe == "binding":
        if not 0 <= a.naming < 1:
            fail(prog, "--naming", f"a share of the training rows in [0, 1), got {a.naming}")
        if not 0 <= a.echo < 1:
            fail(prog, "--echo", f"a share of the training questions in [0, 1), got {a.echo}")
        try:
            parse_cover(a.cover)
        except ValueError as e:
            fail(prog, "--cover", str(e))
        if not 6 <= a.kinds <= 28:
            fail(prog, "--kinds", f"6..28 kinds (a picture holds up to 5), got {a.kinds}")
        if a.close_until < 0:
            fail(prog, "--close-until", f"a step >= 0, got {a.close_until}")
        if a.vision is not None:
            synthetic = {"--naming": a.naming != 0, "--turns": a.turns != 1,
                         "--kinds": a.kinds != 28, "--rule": a.rule != "binding",
                         "--cover": bool(a.cover)}
            for flag, given in synthetic.items():
                if given:
                    fail(prog, flag, "applies to the synthetic tokens, not to --vision")
    if a.out:
        _check_out_file(a.out, prog)
    if getattr(a, "vision", None) is not None and not Path(a.vision).is_dir():
        fail(prog, "--vision", f"{a.vision} is not a folder")
    if a.probe == "tower":
        if a.n_held < 100:
            fail(prog, "--n-held", f"at least 100 scenes for the within-theme cells, got "
                 f"{a.n_held}")
    if a.probe == "reading":
        if a.min_rows < 3:
            fail(prog, "--min-rows", f"at least 3 (a template's fitted and held-out pictures), "
                 f"got {a.min_rows}")
        if a.words and a.words < WORDS_MIN:
            fail(prog, "--words", f"0, or at least {WORDS_MIN} (three diagrams a family: fitted "
                 f"and held out), got {a.words}")
    try:
        if a.probe == "reading":
            res = _reading(a, prog)
        elif a.probe == "tower":
            res = probe_tower(a.vision, a.n_fit, a.n_held, a.seed, a.image_size,
                              a.feature_layer, untrained=not a.no_untrained)
        elif a.probe == "words":
            res = probe_words(tower_folder(a.vision), a.preset, a.text_steps, a.hold,
                              a.dense_steps, a.align_steps, a.lr, a.tower_lr, a.projector_lr,
                              a.lm_lr, a.batch_size, a.n_scenes, a.n_held, a.seed,
                              a.feature_layer, a.image_size, a.text_mix, a.every_object,
                              a.projector_init)
        else:
            res = probe_binding(a.preset, a.steps, a.lr, a.batch_size, a.snr, a.naming, a.seed,
                                a.n_held, a.turns, a.rule, a.kinds, a.echo, a.cover,
                                a.vision and tower_folder(a.vision), a.negatives,
                                a.close_until, a.n_scenes, a.feature_layer)
    except (IndexError, FileNotFoundError, ValueError, OSError) as e:
        if getattr(a, "vision", None) is None:  # not a tower's error (synthetic, reading)
            raise
        if isinstance(e, IndexError):
            fail(prog, "--feature-layer", f"{a.feature_layer} is not a layer of the tower")
        fail(prog, "--vision", str(e))
    text = json.dumps(res, indent=1)
    if a.out:
        Path(a.out).write_text(text + "\n")
    print(text)


def _check_out_file(out: str, prog: str) -> None:
    """``--out``: a file that can be written once the probe is done, in a folder that exists
    (checked before the probe runs, so its result is not lost)."""
    from engines.cliutil import fail
    from engines.dataset.outdir import out_file_problem

    if Path(out).is_dir():
        fail(prog, "--out", f"{out} is a folder; give a file")
    why = out_file_problem(out)
    if why:
        fail(prog, "--out", f"{out}: {why}")


def _reading(a, prog: str) -> dict:
    from engines.cliutil import fail
    from mm.modelfiles import ModelFolderError
    from train.probe_reading import probe_reading

    if not Path(a.model).is_dir():
        fail(prog, "--model", f"{a.model} is not a folder")
    try:
        return probe_reading(a.model, a.n, a.seed, a.steps, a.min_rows, a.image_size, a.words)
    except ModelFolderError as e:
        fail(prog, "--model", str(e))
