"""The Gradio app of ``mm-demo``: four tabs over the suite (Ask, DynaMath, COMFORT, data engine).

Why: one page to see what the pipeline makes and what a model does with it: ask a question about
an uploaded or rendered diagram (with any registered decoding method, e.g. greedy or CausalMM,
and the top tokens of each branch; each method's controls come from its config), watch a
model's answers hold or break across DynaMath variants, plot its P(yes) around a COMFORT scene,
and read MAVIS caption / instruct samples. ``build_demo`` is the layout; each event is a plain
module-level function (``on_*``) that calls demo/logic.py and returns the outputs' values, so
tests call them directly. An error never shows a stack trace: the tab's status line says what
went wrong in one sentence.

Files: ``mm-demo`` gives each server a cache folder of its own (``private_cache``), removed
with everything in it when the server stops, so no upload or rendered image outlives it (gradio
leaves some files it writes outside the sets ``delete_cache`` tracks). While it runs, an
uploaded file is removed as soon as it is read (the Ask tab keeps the checked image, which
gradio writes as its own PNG), and every file the app writes is removed once
``CACHE_LIFETIME[1]`` seconds old, checked every ``CACHE_LIFETIME[0]`` seconds (gradio's
``delete_cache``).

    .venv/bin/mm-demo --model builtin:random        # then open http://127.0.0.1:7860
"""
from __future__ import annotations

import functools
import os
import shutil
import sys
import tempfile
import traceback
from contextlib import contextmanager
from typing import Iterator

import gradio as gr
import pandas as pd

from demo import logic
from engines.mavis import registry

QUEUE_SIZE = 16
CACHE_LIFETIME = (600, 3600)  # (check every, remove files older than) seconds
UPLOAD_TYPES = [".png", ".jpg", ".jpeg", ".gif", ".bmp", ".webp", ".tif", ".tiff"]
EMPTY_TOP = pd.DataFrame(columns=["rank", "factual", "P(factual)"])
CSS = ".status p { margin: 0; } #model-info { padding: 4px 0; }"


def error(text: str) -> str:
    return f"**Error:** {text}"


def guarded(*empty):
    """Turn any exception of an event into its status line (the last output) and ``empty``
    for the other outputs; unexpected ones also go to the server log with their traceback."""
    def deco(fn):
        @functools.wraps(fn)
        def wrapper(*args, **kwargs):
            try:
                return fn(*args, **kwargs)
            except logic.DemoError as e:
                return (*empty, error(str(e)))
            except Exception as e:  # noqa: BLE001 (the page gets one line, the log the rest)
                traceback.print_exc(file=sys.stderr)
                msg = f"{type(e).__name__}: {e}".splitlines()[0][:300]
                return (*empty, error(f"something went wrong ({msg}); the server log has "
                                      "the details."))
        return wrapper
    return deco


def whole(value, name: str) -> int:
    """A whole number from a Number box (empty or fractional input: a DemoError)."""
    try:
        f = float(value)
    except (TypeError, ValueError):
        raise logic.DemoError(f"{name}: enter a whole number.") from None
    if not f.is_integer():
        raise logic.DemoError(f"{name}: enter a whole number, got {value}.")
    return int(f)


def table(headers: list[str], rows: list[list]) -> pd.DataFrame:
    return pd.DataFrame(rows, columns=headers)


# ----------------------------------------------------------------------------- Ask


@guarded(None, "")
def on_generate(family: str, seed: int):
    """Render a diagram of ``family`` from ``seed`` into the Ask tab's image."""
    seed = whole(seed, "Seed")
    image, facts = logic.render_diagram(family, seed)
    return image, facts, f"Generated a {family} diagram from seed {seed}."


def on_upload(path: str | None):
    """Check an uploaded file and show it as the Ask tab's image; the uploaded file itself is
    removed from gradio's cache once read, whether it was accepted or not."""
    try:
        return _show_upload(path)
    finally:
        logic.discard_upload(path)


@guarded(None, "")
def _show_upload(path: str | None):
    image = logic.load_image(path)
    return image, "", f"Uploaded an image of {image.width} x {image.height} pixels."


def on_method(method: str):
    """Show the settings of the chosen decoding method only."""
    updates = tuple(gr.update(visible=method == label) for label in method_boxes())
    return updates[0] if len(updates) == 1 else updates


@guarded("", EMPTY_TOP)
def on_ask(model: str | None, image: str | None, question: str, method: str, *values):
    """Answer the question about the current image with the served model. ``values``: every
    decoding control (``logic.decoding_controls`` order), then the max new tokens."""
    *controls, max_new_tokens = values
    res = logic.ask(model, logic.load_image(image), question, method,
                    logic.method_settings(method, controls),
                    whole(max_new_tokens, "Max new tokens"))
    top = table(res.headers, res.rows) if res.rows else EMPTY_TOP
    return res.answer, top, f"{model} answered with {method} decoding. {res.note}".strip()


# ----------------------------------------------------------------------------- DynaMath


@guarded([], None)
def on_dm_generate(seed_id: str, n: int, seed: int):
    """Render N variants of a seed question with their questions and ground truths."""
    variants = logic.dynamath_variants(seed_id, whole(n, "Variants"), whole(seed, "Build seed"))
    images = logic.variant_images(variants)
    gallery = [(im, f"v{v.variant}: answer {v.ground_truth}") for im, v in zip(images, variants)]
    rows = [[v.variant, v.question, v.ground_truth, v.answer_type] for v in variants]
    return (gallery, table(["variant", "question", "ground truth", "answer type"], rows),
            f"{len(variants)} variants of {seed_id} ({variants[0].topic}, {variants[0].level}; "
            f"varies: {', '.join(variants[0].kinds)}).")


@guarded(None)
def on_dm_run(model: str | None, seed_id: str, n: int, seed: int):
    """Run the model on every variant; per-variant correctness, average and worst case."""
    rows, m = logic.dynamath_run(model, seed_id, whole(n, "Variants"), whole(seed, "Build seed"))
    return (table(["variant", "ground truth", "model's answer", "parser", "correct",
                   "model output (start)"], rows),
            logic.dynamath_summary(m))


# ----------------------------------------------------------------------------- COMFORT


def on_comfort_kind(kind: str):
    """A ball scene has a ball relatum and no addressee; a car scene has both."""
    relata = list(logic.COMFORT_RELATA.get(kind, ("ball",)))
    prefixes = list(logic.COMFORT_PREFIXES.get(kind, ("none",)))
    return (gr.update(choices=relata, value=relata[0]),
            gr.update(choices=prefixes, value=prefixes[0]),
            gr.update(visible=kind == "car"))


@guarded(None, None, None)
def on_comfort(model: str | None, kind: str, relatum: str, facing: str, relation: str,
               prefix: str, variation: int):
    """P(yes) around the relatum against the reference curve, with COMFORT's metrics."""
    c = logic.comfort_curve(model, kind, relatum, relation, prefix, facing,
                            whole(variation, "Scene variation"))
    rows = [[k, "n/a" if v is None else round(float(v), 4)] for k, v in c.metrics.items()]
    return (c.image, logic.comfort_figure(c), table(["metric", "value"], rows),
            f"Asked \"{c.question}\" at 36 angles (and the opposite relation, for c_opp); "
            f"reference frame: {c.frame}.")


# ----------------------------------------------------------------------------- data engine


@guarded(None, "", None, "", None, "", None, "")
def on_preview(caption_family: str, instruct_family: str, seed: int, question_type: str):
    """A MAVIS caption sample and an instruct problem in its three versions."""
    seed = whole(seed, "Seed")
    cap_image, caption = logic.caption_sample(caption_family, seed)
    out = [cap_image, caption]
    for _, image, text in logic.instruct_sample(instruct_family, seed, question_type):
        out += [image, text]
    return (*out, f"Caption sample of {caption_family}, instruct sample of "
                  f"{instruct_family} (seed {seed}, {question_type}).")


# ----------------------------------------------------------------------------- layout


def header(model: str | None) -> str:
    if not model:
        return f"**Model:** none. {logic.NO_MODEL}"
    return f"**Model:** `{model}`"


def method_boxes() -> list[str]:
    """The labels of the decoding methods that have settings to show (one box each)."""
    return list(dict.fromkeys(label for label, _ in logic.decoding_controls()))


def setting_control(s) -> gr.components.Component:
    """The Gradio control of one decoding setting (mm.decoding.Setting)."""
    if s.kind == "choice":
        return gr.Dropdown(s.demo_choices(), value=s.default, label=s.label, info=s.help)
    if s.kind in ("float", "int") and s.range:
        return gr.Slider(s.range[0], s.range[1], value=s.default, step=s.step, label=s.label,
                         info=s.help)
    if s.kind in ("float", "int"):
        return gr.Number(s.default, precision=0 if s.kind == "int" else None, label=s.label,
                         info=s.help)
    return gr.Textbox(s.cli_default, label=s.label, info=s.help)


def decoding_controls() -> tuple[list, list]:
    """Inside a ``gr.Blocks``: one hidden group per decoding method with settings (its choices
    in a row, then its other controls), built from the method's config fields. Returns (the
    groups, in ``method_boxes`` order; the controls, in ``logic.decoding_controls`` order)."""
    specs = logic.decoding_controls()
    made: dict[int, gr.components.Component] = {}
    boxes = []
    for label in method_boxes():
        mine = [(i, s) for i, (lab, s) in enumerate(specs) if lab == label]
        with gr.Group(visible=False) as box:
            note = logic.method_support(label)
            if note:
                gr.Markdown(note, elem_id=f"ask-{label.lower()}-missing")
            choices = [(i, s) for i, s in mine if s.kind == "choice"]
            if choices:
                with gr.Row():
                    for i, s in choices:
                        made[i] = setting_control(s)
            for i, s in mine:
                if s.kind != "choice":
                    made[i] = setting_control(s)
        boxes.append(box)
    return boxes, [made[i] for i in range(len(specs))]


def build_demo(model: str | None = None) -> gr.Blocks:
    """The four-tab app serving ``model`` (a model folder, ``builtin:NAME`` or None: data
    tabs only). Queue: one job at a time, at most ``QUEUE_SIZE`` waiting."""
    with gr.Blocks(title="mm-suite demo", analytics_enabled=False,
                   delete_cache=CACHE_LIFETIME) as demo:
        served = gr.State(model)
        gr.Markdown("# mm-suite: multimodal math reasoning")
        gr.Markdown(header(model), elem_id="model-info")
        with gr.Tab("Ask", id="ask"):
            with gr.Row():
                with gr.Column(scale=1):
                    family = gr.Dropdown(logic.diagram_families(), value="plane_geometry",
                                         label="Diagram family", elem_id="ask-family")
                    seed = gr.Number(0, precision=0, label="Seed", elem_id="ask-seed")
                    gen_btn = gr.Button("Generate diagram", elem_id="ask-generate")
                    upload = gr.File(label="... or upload an image (at most 20 MB)",
                                     file_types=UPLOAD_TYPES, type="filepath", height=140,
                                     elem_id="ask-upload")
                    facts = gr.Code(label="Facts of the generated diagram", language="json",
                                    lines=16, max_lines=24, elem_id="ask-facts")
                with gr.Column(scale=1):
                    image = gr.Image(type="filepath", format="png", interactive=False,
                                     label="Image", height=336, elem_id="ask-image")
                    question = gr.Textbox(label="Question", lines=2, elem_id="ask-question",
                                          placeholder="e.g. What is the length of AB?")
                    method = gr.Radio(logic.decoding_methods(), value="greedy",
                                      label="Decoding", elem_id="ask-method")
                    boxes, controls = decoding_controls()
                    max_new = gr.Slider(1, 256, value=64, step=1, label="Max new tokens",
                                        elem_id="ask-max")
                    ask_btn = gr.Button("Ask", variant="primary", elem_id="ask-button")
                    ask_status = gr.Markdown(elem_id="ask-status", elem_classes="status")
                    answer = gr.Textbox(label="Answer", interactive=False, lines=2,
                                        elem_id="ask-answer")
            top = gr.Dataframe(EMPTY_TOP, label="Top tokens at the first answer position "
                               "(factual and counterfactual branches side by side)",
                               interactive=False, elem_id="ask-top")
        with gr.Tab("DynaMath explorer", id="dynamath"):
            with gr.Row():
                seeds = logic.dynamath_seeds()
                seed_id = gr.Dropdown(seeds, value=seeds[0][1], label="Seed question",
                                      elem_id="dm-seed-id", scale=3)
                n_var = gr.Slider(1, logic.MAX_VARIANTS, value=4, step=1, label="Variants")
                dm_seed = gr.Number(0, precision=0, label="Build seed")
            with gr.Row():
                dm_gen = gr.Button("Generate variants", elem_id="dm-generate")
                dm_run = gr.Button("Run the model on all", variant="primary", elem_id="dm-run")
            dm_status = gr.Markdown(elem_id="dm-status", elem_classes="status")
            gallery = gr.Gallery(label="Variants", columns=4, height=320, object_fit="contain",
                                 elem_id="dm-gallery")
            dm_questions = gr.Dataframe(label="Questions", interactive=False, wrap=True,
                                        column_widths=["9%", "69%", "11%", "11%"])
            dm_results = gr.Dataframe(label="Model on each variant", interactive=False,
                                      elem_id="dm-results")
        with gr.Tab("COMFORT explorer", id="comfort"):
            with gr.Row():
                kind = gr.Radio(["ball", "car"], value="ball", label="Scene")
                relatum = gr.Dropdown(["ball"], value="ball", label="Relatum")
                facing = gr.Radio(["left", "right"], value="left", label="Relatum faces",
                                  visible=False)
                relation = gr.Dropdown(["left", "right", "front", "behind"], value="left",
                                       label="Relation")
                prefix = gr.Dropdown(["none", "camera"], value="none",
                                     label="Frame of reference (perspective asked)")
                variation = gr.Number(0, precision=0, label="Scene variation")
            cf_btn = gr.Button("Plot P(yes) around the relatum", variant="primary",
                               elem_id="cf-run")
            cf_status = gr.Markdown(elem_id="cf-status", elem_classes="status")
            with gr.Row():
                cf_image = gr.Image(label="Scene (target at 30 degrees)", interactive=False,
                                    format="png", height=300, scale=2)
                cf_plot = gr.Plot(show_label=False, scale=3, elem_id="cf-plot")
                cf_metrics = gr.Dataframe(label="Metrics", interactive=False, scale=1)
        with gr.Tab("Data engine preview", id="data"):
            with gr.Row():
                cap_family = gr.Dropdown(registry.caption_families(), value="chart",
                                         label="Caption family")
                ins_family = gr.Dropdown(registry.instruct_families(), value="plane_geometry",
                                         label="Instruct family")
                pv_seed = gr.Number(0, precision=0, label="Seed")
                qtype = gr.Radio(["multiple_choice", "free_form"], value="multiple_choice",
                                 label="Question type")
            pv_btn = gr.Button("Show samples", variant="primary", elem_id="pv-run")
            pv_status = gr.Markdown(elem_id="pv-status", elem_classes="status")
            gr.Markdown("### MAVIS-Caption")
            with gr.Row():
                cap_image = gr.Image(show_label=False, interactive=False, format="png",
                                     height=280, scale=1)
                caption = gr.Textbox(label="Caption", lines=6, interactive=False, scale=2,
                                     elem_id="pv-caption")
            gr.Markdown("### MAVIS-Instruct: one problem in its three versions")
            pv_out = []
            with gr.Row():
                for version in ("text_dominant", "text_lite", "vision_dominant"):
                    with gr.Column():
                        gr.Markdown(f"**{version}**")
                        pv_out.append(gr.Image(show_label=False, interactive=False,
                                               format="png", height=260))
                        pv_out.append(gr.Textbox(label="question, chain of thought, answer",
                                                 lines=16, max_lines=40, interactive=False))

        # the model runs one request at a time, whichever tab asks: a CausalMM intervention
        # attaches to the model's attention modules while it runs
        one_model = {"concurrency_id": "model", "concurrency_limit": 1}
        gen_btn.click(on_generate, [family, seed], [image, facts, ask_status],
                      api_name="generate")
        upload.upload(on_upload, [upload], [image, facts, ask_status], api_name="upload")
        if boxes:
            method.change(on_method, [method], boxes, api_visibility="private")
        ask_btn.click(on_ask, [served, image, question, method, *controls, max_new],
                      [answer, top, ask_status], api_name="ask", **one_model)
        dm_gen.click(on_dm_generate, [seed_id, n_var, dm_seed],
                     [gallery, dm_questions, dm_status], api_name="dynamath_variants")
        dm_run.click(on_dm_run, [served, seed_id, n_var, dm_seed], [dm_results, dm_status],
                     api_name="dynamath_run", **one_model)
        kind.change(on_comfort_kind, [kind], [relatum, prefix, facing], api_visibility="private")
        cf_btn.click(on_comfort, [served, kind, relatum, facing, relation, prefix, variation],
                     [cf_image, cf_plot, cf_metrics, cf_status], api_name="comfort", **one_model)
        pv_btn.click(on_preview, [cap_family, ins_family, pv_seed, qtype],
                     [cap_image, caption, *pv_out, pv_status], api_name="preview")
    demo.queue(max_size=QUEUE_SIZE, default_concurrency_limit=1)
    return demo


@contextmanager
def private_cache() -> Iterator[str]:
    """A cache folder for one server (inside ``GRADIO_TEMP_DIR`` when that is set), named to
    gradio for the block and removed with its contents after it. Build the demo inside the
    block: gradio reads the folder when a ``Blocks`` is made."""
    before = os.environ.get("GRADIO_TEMP_DIR")
    folder = tempfile.mkdtemp(prefix="mm-demo-cache-", dir=before)
    os.environ["GRADIO_TEMP_DIR"] = folder
    try:
        yield folder
    finally:
        if before is None:
            os.environ.pop("GRADIO_TEMP_DIR", None)
        else:
            os.environ["GRADIO_TEMP_DIR"] = before
        shutil.rmtree(folder, ignore_errors=True)


def launch(demo: gr.Blocks, host: str = "127.0.0.1", port: int = 7860, **kwargs):
    """Serve with the upload limit (20 MB, refused by the server before any handler runs)
    and without error details in the browser."""
    return demo.launch(server_name=host, server_port=port, max_file_size="20mb",
                       show_error=False, css=CSS, **kwargs)
