"""The work behind the demo's tabs: thin wrappers over renderers/, engines/, mm/ and eval/.

Why a module apart from the Gradio layout (demo/app.py): every function here takes and returns
plain values (PIL images, strings, lists, dicts), so the tests call them without a browser and
the app stays a layout plus one-line event functions. Anything a user can get wrong raises
``DemoError`` with the sentence the page shows; heavy work stays in the library.

    python -c "from demo import logic; print(logic.ask('builtin:always-yes', \
logic.render_diagram('chart', 0)[0], 'Is this a chart?').answer)"
"""
from __future__ import annotations

import json
import textwrap
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
from PIL import Image, UnidentifiedImageError

from engines.images import MAX_PIXELS

DEFAULT_MODEL = Path("runs/quickstart/train/final")
MAX_UPLOAD_BYTES = 20 * 1024 * 1024
IMAGE_FORMATS = ("PNG", "JPEG", "GIF", "BMP", "WEBP", "TIFF")
IMAGE_SIZE = 336
MAX_VARIANTS = 16
TOP_K = 5

NO_MODEL = ("No model is loaded, so the model buttons are off; the data tabs still work. To get "
            "one, run `make run` (it trains the quickstart model into "
            "runs/quickstart/train/final, which mm-demo loads by default), or start "
            "`mm-demo --model builtin:oracle` (or builtin:random, builtin:always-yes, or a "
            "model folder).")
METHOD_MISSING = "{method} is not available in this build."
ORACLE_ASK = ("builtin:oracle only knows the answers of generated task data (the DynaMath and "
              "COMFORT tabs); it cannot answer a free question. Start mm-demo with "
              "--model builtin:random, builtin:always-yes or a model folder.")


class DemoError(Exception):
    """A problem the page explains in one sentence (never a stack trace)."""


# ----------------------------------------------------------------------------- models


def resolve_model(spec: str | None, default: Path = DEFAULT_MODEL) -> str | None:
    """The model to serve: ``--model`` if given, else the quickstart model if it was built."""
    if spec:
        return spec
    return str(default) if (Path(default) / "config.json").is_file() else None


def check_model(spec: str) -> str | None:
    """Why ``spec`` cannot be a model (one line), or None when it can."""
    from mm.adapters import BUILTIN, builtin_models

    if spec.startswith(BUILTIN):
        if spec not in builtin_models():
            return (f"unknown builtin model {spec[len(BUILTIN):]!r}; valid: "
                    f"{', '.join(builtin_models())}")
        return None
    if not (Path(spec) / "config.json").is_file():
        return f"{spec} is not a model folder (no config.json); run `make run` to build one"
    return None


_ADAPTERS: dict[str, Any] = {}
_LOCK = threading.Lock()


def get_adapter(spec: str | None):
    """The loaded adapter for ``spec`` (cached: a model folder is read once per process)."""
    if not spec:
        raise DemoError(NO_MODEL)
    from mm.adapters import load_adapter

    with _LOCK:
        if spec not in _ADAPTERS:
            try:
                _ADAPTERS[spec] = load_adapter(spec)
            except (OSError, ValueError, KeyError) as e:
                raise DemoError(f"cannot load the model {spec}: {e}") from None
        return _ADAPTERS[spec]


def is_llava(adapter) -> bool:
    from mm.adapters import LlavaAdapter

    return isinstance(adapter, LlavaAdapter)


# ----------------------------------------------------------------------------- decoding


def decoding_methods() -> list[str]:
    """The demo labels of the registered decoding methods, the default (greedy) first."""
    from mm.decoding import DECODERS, method_names

    return [DECODERS.get(n).label for n in method_names()]


def decoding_controls() -> list[tuple[str, Any]]:
    """(method label, ``Setting``) of every setting the demo shows, in the order of the
    methods and then of their config fields: the order of the Ask tab's controls."""
    from mm.decoding import DECODERS, method_names

    return [(DECODERS.get(n).label, s) for n in method_names()
            for s in DECODERS.get(n).settings() if s.demo]


def method_settings(method: str, values) -> dict:
    """The settings of ``method`` from the values of every control (``decoding_controls``
    order), converted to what its config takes."""
    out = {}
    for (label, s), v in zip(decoding_controls(), values):
        if label != method:
            continue
        if s.kind == "float":
            v = float(v)
        elif s.kind == "int":
            v = int(v)
        out[s.name] = s.from_cli(v)
    return out


def method_support(method: str) -> str | None:
    """None when the decoding method ``method`` can run here, else the message the page
    shows."""
    return None if method in decoding_methods() else METHOD_MISSING.format(method=method)


# ----------------------------------------------------------------------------- images


def load_image(path: str | Path | None) -> Image.Image:
    """An uploaded file as an RGB image, after the checks: a file of at most 20 MB, an image
    format PIL reads (PNG, JPEG, GIF, BMP, WebP, TIFF), at most 40 megapixels (checked from
    the header, before any pixel is decoded)."""
    if path is None:
        raise DemoError("Upload an image or generate a diagram first.")
    p = Path(path)
    if not p.is_file():
        raise DemoError("The image file is gone; upload it again.")
    size = p.stat().st_size
    if size > MAX_UPLOAD_BYTES:
        raise DemoError(f"The file is {size / 2**20:.1f} MB; the limit is 20 MB.")
    try:
        with Image.open(p) as im:
            if im.format not in IMAGE_FORMATS:
                raise DemoError(f"{im.format} files are not accepted; upload PNG, JPEG, GIF, "
                                "BMP, WebP or TIFF.")
            w, h = im.size
            if w * h > MAX_PIXELS:
                raise DemoError(f"The image is {w} x {h} pixels ({w * h / 1e6:.0f} MP); the "
                                f"limit is {MAX_PIXELS // 1_000_000} MP.")
            im.seek(0)  # first frame of an animated GIF / multi-page TIFF
            return flatten(im)
    except Image.DecompressionBombError:
        raise DemoError(f"The image is too large to decode safely (limit "
                        f"{MAX_PIXELS // 1_000_000} MP).") from None
    except UnidentifiedImageError:
        raise DemoError("That file is not an image; upload PNG, JPEG, GIF, BMP, WebP or "
                        "TIFF.") from None
    except OSError as e:
        raise DemoError(f"The image could not be read ({e}).") from None


def upload_folder() -> Path:
    """Where gradio keeps the files it receives and writes (its cache)."""
    from gradio.utils import get_upload_folder

    return Path(get_upload_folder()).resolve()


def discard_upload(path: str | Path | None) -> None:
    """Remove an uploaded file (and its folder, once empty) when it lies in gradio's cache; a
    path anywhere else is left alone (it is not the demo's to delete)."""
    if not path:
        return
    cache = upload_folder()
    p = Path(path).resolve()
    if cache not in p.parents:
        return
    p.unlink(missing_ok=True)
    parent = p.parent
    if parent != cache and cache in parent.parents:
        try:
            parent.rmdir()
        except OSError:  # not empty: another file of the same upload batch is in it
            pass


def flatten(im: Image.Image) -> Image.Image:
    """RGB, with any transparency composited on white (diagrams are drawn on white)."""
    if im.mode in ("RGBA", "LA", "PA") or (im.mode == "P" and "transparency" in im.info):
        rgba = im.convert("RGBA")
        bg = Image.new("RGBA", rgba.size, (255, 255, 255, 255))
        return Image.alpha_composite(bg, rgba).convert("RGB")
    return im.convert("RGB")


def diagram_families() -> list[str]:
    import renderers

    return renderers.family_names()


def render_diagram(family: str, seed: int, size: int = IMAGE_SIZE) -> tuple[Image.Image, str]:
    """(image, facts as indented JSON) of the spec ``family`` samples from ``seed``."""
    import renderers

    if family not in diagram_families():
        raise DemoError(f"Unknown diagram family {family!r}; valid: "
                        f"{', '.join(diagram_families())}.")
    fam = renderers.get_family(family)
    spec = fam.sample_spec(np.random.default_rng(int(seed)))
    return fam.render(spec, size), json.dumps(fam.facts(spec), indent=1, default=str)


# ----------------------------------------------------------------------------- ask


@dataclass
class AskResult:
    answer: str
    headers: list[str] = field(default_factory=list)
    rows: list[list] = field(default_factory=list)
    note: str = ""


def _token(tok, i: int) -> str:
    """A token as a quoted string; a piece of a multi-byte character (which decodes to the
    replacement character alone) as its vocabulary entry."""
    text = tok.decode([int(i)])
    if "\ufffd" in text:
        text = tok.convert_ids_to_tokens(int(i))
    return json.dumps(text, ensure_ascii=False)


def top_tokens(tok, dists: dict[str, Any], k: int = TOP_K) -> tuple[list[str], list[list]]:
    """Side-by-side table of the top ``k`` tokens of each named (V,) probability vector."""
    import torch

    headers, cols = ["rank"], []
    for name, p in dists.items():
        v, i = torch.topk(p, min(k, p.shape[-1]))
        headers += [name, f"P({name})"]
        cols.append([(_token(tok, t), round(float(x), 4)) for x, t in zip(v, i)])
    rows = [[r + 1] + [x for c in cols for x in c[r]] for r in range(len(cols[0]))]
    return headers, rows


def ask(spec: str | None, image: Image.Image, question: str, method: str = "greedy",
        settings: dict | None = None, max_new_tokens: int = 64) -> AskResult:
    """Answer one question about one image with the decoding method labelled ``method``
    (``settings``: its config fields, e.g. CausalMM's level, cf_type, gamma, alpha). For a
    LLaVA model the table holds the top tokens at the first answer position of each
    distribution the method explains itself with (CausalMM: the factual branch, every
    counterfactual branch and the causal distribution)."""
    from mm.adapters import GenConfig
    from mm.decoding import ConfigError, by_label

    if not (question or "").strip():
        raise DemoError("Type a question first.")
    if image is None:
        raise DemoError("Upload an image or generate a diagram first.")
    labels = decoding_methods()
    if method not in labels:
        raise DemoError(f"Unknown decoding {method!r}; valid: {', '.join(labels)}.")
    why = method_support(method)
    if why:
        raise DemoError(why)
    dec = by_label(method)
    ad = get_adapter(spec)
    if spec == "builtin:oracle":
        raise DemoError(ORACLE_ASK)
    if not is_llava(ad):
        if dec.requires:
            raise DemoError(f"{method} {dec.requires}; {spec} has none. Start mm-demo with a "
                            "model folder.")
        answer = ad.generate([image], [question], GenConfig(max_new_tokens=max_new_tokens))[0]
        return AskResult(answer, note=f"{spec} is a reference model: no token probabilities.")
    try:
        cfg = dec.make_config(**(settings or {}))
    except (ConfigError, TypeError) as e:
        raise DemoError(f"{method} setting {e}") from None
    try:
        ex = dec.explain(ad, image, question, cfg, max_new_tokens)
    except (NotImplementedError, ValueError) as e:
        raise DemoError(f"{method} cannot run on this model: {e}") from None
    headers, rows = top_tokens(ad.tok, ex.dists)
    return AskResult(ex.answer, headers, rows, ex.note)


# ----------------------------------------------------------------------------- DynaMath


def dynamath_seeds() -> list[tuple[str, str]]:
    """(label, seed id) for a dropdown, sorted by id."""
    from engines.dynamath.seed import load_seeds

    return [(f"{sid} ({q.topic})", sid) for sid, q in sorted(load_seeds().items())]


def dynamath_variants(seed_id: str, n: int, seed: int = 0) -> list:
    """Variants 0..n-1 of a seed question (the same bytes mm-data dynamath writes)."""
    from engines.dynamath.seed import load_seeds, make_variant

    if seed_id not in load_seeds():
        raise DemoError(f"Unknown seed question {seed_id!r}; pick one from the list.")
    n = int(n)
    if not 1 <= n <= MAX_VARIANTS:
        raise DemoError(f"Variants: between 1 and {MAX_VARIANTS}, got {n}.")
    return [make_variant(seed_id, v, int(seed)) for v in range(n)]


def variant_images(variants: list, size: int = IMAGE_SIZE) -> list[Image.Image]:
    import renderers

    return [renderers.render(v.spec, size) for v in variants]


def dynamath_run(spec: str | None, seed_id: str, n: int, seed: int = 0,
                 max_new_tokens: int = 256) -> tuple[list[list], dict]:
    """Run the model on every variant: rows (variant, ground truth, parsed answer, parser,
    correct, the output's first 80 characters) and eval.dynamath's metrics (average, worst,
    rr, ...)."""
    from eval import dynamath as dm
    from mm.adapters import GenConfig

    ad = get_adapter(spec)
    variants = dynamath_variants(seed_id, n, seed)
    prompts = [dm.official_prompt(v.question, v.answer_type) for v in variants]
    oracle = [json.dumps({"solution": "(oracle)", "short answer": v.ground_truth})
              for v in variants]
    outs = ad.generate(variant_images(variants), prompts,
                       GenConfig(max_new_tokens=max_new_tokens), oracle=oracle)
    rows, records = [], []
    for v, out in zip(variants, outs):
        j = dm.judge(out, v.ground_truth, v.answer_type)
        rows.append([v.variant, v.ground_truth, j.parsed or "", j.parser,
                     "yes" if j.correct else "no", " ".join(out.split())[:80]])
        records.append(dm.Record(v.seed_id, v.variant, j.correct, v.topic, v.level))
    return rows, dm.metrics(records)


def dynamath_summary(m: dict) -> str:
    right = round(m["average"] * m["n_samples"])
    return (f"Average-case accuracy {100 * m['average']:.1f}% ({right} of {m['n_samples']} "
            f"variants right). Worst-case accuracy {100 * m['worst']:.1f}% (the seed question "
            f"counts only when every variant is right). Reasoning robustness RR = worst / "
            f"average = {m['rr']:.2f}.")


# ----------------------------------------------------------------------------- COMFORT

COMFORT_RELATA = {"ball": ("ball",), "car": ("car", "horse", "chair")}
COMFORT_PREFIXES = {"ball": ("none", "camera"), "car": ("none", "camera", "addressee", "relatum")}


def comfort_scene(kind: str, relatum: str, facing: str = "left", variation: int = 0):
    """The base scene (target at 0 degrees): comfort-ball's variation ``variation``, or a
    COMFORT-CAR scene with the chosen relatum and facing (mm-eval --seed 0 draws)."""
    from engines.builders.comfort import ball_scene
    from engines.dataset.streams import COMFORT_CAR_OFFSET
    from renderers.comfort_scene import ComfortScene

    if kind not in COMFORT_RELATA:
        raise DemoError(f"Unknown scene kind {kind!r}; valid: ball, car.")
    if relatum not in COMFORT_RELATA[kind]:
        raise DemoError(f"A {kind} scene's relatum is one of "
                        f"{', '.join(COMFORT_RELATA[kind])}, not {relatum!r}.")
    v = int(variation)
    if not 0 <= v < 100:
        raise DemoError(f"Variation: between 0 and 99, got {v}.")
    if kind == "ball":
        return ball_scene(0, v)
    return ComfortScene().sample_spec(np.random.default_rng([0, COMFORT_CAR_OFFSET + v]),
                                      scene="car", relatum=relatum, facing=facing,
                                      target_angle=0.0, labels=False)


@dataclass
class Curve:
    question: str
    frame: str
    angles: np.ndarray
    p_yes: np.ndarray
    reference: np.ndarray       # (1 + cos) / 2 in the asked frame
    metrics: dict
    image: Image.Image          # the scene with the target at 30 degrees


def comfort_curve(spec: str | None, kind: str, relatum: str, relation: str, prefix: str,
                  facing: str = "left", variation: int = 0, size: int = IMAGE_SIZE) -> Curve:
    """The model's P(yes) over the 36 target angles for one question, the reference curve of
    the asked frame, and COMFORT's curve metrics (c_opp from the opposite relation's curve)."""
    from eval import comfort as cm
    from eval.tasks.comfort import PREFIX_FRAME, question
    from renderers.comfort_scene import ComfortScene

    if relation not in cm.RELATIONS:
        raise DemoError(f"Unknown relation {relation!r}; valid: {', '.join(cm.RELATIONS)}.")
    if prefix not in COMFORT_PREFIXES.get(kind, ()):
        raise DemoError(f"A {kind} scene is asked from {', '.join(COMFORT_PREFIXES[kind])}, "
                        f"not {prefix!r}.")
    base = comfort_scene(kind, relatum, facing, variation)
    ad = get_adapter(spec)
    fam, frame = ComfortScene(), PREFIX_FRAME[prefix]
    specs = [base.replace(target_angle=float(cm.STEP * k)) for k in range(cm.N_POS)]
    images = [fam.render(s, size) for s in specs]
    cos = {r: np.array([fam.facts(s)["relation_cos"][frame][r] for s in specs])
           for r in (relation, cm.OPPOSITE[relation])}
    p = {}
    for r, c in cos.items():
        text = question("en", r, prefix, base.target, base.relatum)
        p[r] = np.array(ad.yes_no_prob(images, [text] * cm.N_POS,
                                       oracle=[float(x) for x in cm.truth(c)]))
        if r == relation:
            asked = text
    c, y = cos[relation], p[relation]
    # COMFORT's metrics read each relation's orbit from its own start angle (eval.comfort)
    po, co = cm.official_curve(y, relation), cm.official_curve(c, relation)
    opp = cm.OPPOSITE[relation]
    metrics = {"acc": cm.accuracy(po, co), "eps_cos": cm.eps_cos(po, co),
               "eps_hemi": cm.eps_hemi(po, co), "eta": cm.eta(po), "c_sym": cm.c_sym(po),
               "c_opp": cm.c_opp(po, cm.official_curve(p[opp], opp))}
    return Curve(asked, frame, cm.angles(), y, (1 + c) / 2, metrics, images[3])


def comfort_figure(curve: Curve):
    """P(yes) against the angle beside the reference (1 + cos) / 2 (a matplotlib Figure)."""
    from eval.plots import pyplot

    plt = pyplot()
    fig, ax = plt.subplots(figsize=(6.4, 3.8), dpi=100)
    ax.plot(curve.angles, curve.p_yes, marker=".", lw=1.4, label="model P(yes)")
    ax.plot(curve.angles, curve.reference, ls="--", color="black",
            label=f"reference (1 + cos) / 2, {curve.frame} frame")
    ax.set_xlabel("target angle (degrees, 0 = camera-right of the relatum)", fontsize=9)
    ax.set_ylabel("P(yes)")
    ax.set_xticks(range(0, 360, 45))
    ax.set_ylim(-0.05, 1.05)
    ax.set_title("\n".join(textwrap.wrap(curve.question, 64)), fontsize=9)
    fig.legend(*ax.get_legend_handles_labels(), loc="lower center", ncol=2, fontsize=8,
               frameon=False)
    fig.tight_layout(rect=(0, 0.07, 1, 1))
    plt.close(fig)  # the Figure object stays usable; pyplot forgets it
    return fig


# ----------------------------------------------------------------------------- data engine


def caption_sample(family: str, seed: int) -> tuple[Image.Image, str]:
    """A MAVIS-Caption sample: the diagram ``family`` samples from ``seed`` and its caption."""
    import renderers
    from engines.mavis import registry

    if family not in registry.caption_families():
        raise DemoError(f"No caption writer for {family!r}; valid: "
                        f"{', '.join(registry.caption_families())}.")
    fam = renderers.get_family(family)
    rng = np.random.default_rng(int(seed))
    spec = fam.sample_spec(rng)
    caption = registry.get_caption_writer(family).fn(spec, fam.facts(spec), rng)
    return fam.render(spec, IMAGE_SIZE), caption


def instruct_sample(family: str, seed: int, question_type: str = "multiple_choice"
                    ) -> list[tuple[str, Image.Image, str]]:
    """A MAVIS-Instruct problem in its three versions: (version, image, text), the text
    being the question, the chain of thought and the answer."""
    import renderers
    from engines.mavis import registry
    from engines.mavis.problem import QUESTION_TYPES, to_rows

    if family not in registry.instruct_families():
        raise DemoError(f"No problem maker for {family!r}; valid: "
                        f"{', '.join(registry.instruct_families())}.")
    if question_type not in QUESTION_TYPES:
        raise DemoError(f"Question type: {', '.join(QUESTION_TYPES)}, not {question_type!r}.")
    rng = np.random.default_rng(int(seed))
    problem = registry.get_problem_maker(family)(rng)
    out, cache = [], {}
    for r in to_rows(problem, rng, question_type=question_type):
        key = r["spec"].to_json()
        if key not in cache:  # text_dominant and text_lite share one diagram
            cache[key] = renderers.render(r["spec"], IMAGE_SIZE)
        text = (f"Question:\n{r['question']}\n\nChain of thought:\n{r['cot']}\n\n"
                f"Answer: {r['answer']}")
        out.append((r["version"], cache[key], text))
    return out
