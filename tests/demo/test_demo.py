"""The demo: the layout, every event function called directly (exact strings and numbers), the
upload checks, the CLI's one-line errors, the HTTP API through gradio_client against a server on
127.0.0.1, and a real headless Chromium that generates a diagram and asks a question."""
import struct
import zlib

import matplotlib.figure
import pytest
import torch
from PIL import Image

from demo import cli, logic
from mm.decoding.causalmm import CausalLlavaAdapter, CausalMMConfig, causal_logits
from tests.demo import helpers

app = helpers.LazyModule("demo.app")  # gradio loads when a test first uses it
# one worker runs the demo's tests, so one worker pays for importing gradio (seconds); they
# run in make test, not in the inner loop
pytestmark = [pytest.mark.xdist_group("gradio"), pytest.mark.slow]

ERR_NOT_IMAGE = ("**Error:** That file is not an image; upload PNG, JPEG, GIF, BMP, WebP or "
                 "TIFF.")


@pytest.fixture(scope="module")
def diagram(tmp_path_factory):
    """The chart of seed 0 as a PNG file, as the Ask tab's image component passes it."""
    path = tmp_path_factory.mktemp("img") / "chart.png"
    app.on_generate("chart", 0)[0].save(path)
    return str(path)


def png_header(path, width: int, height: int) -> str:
    """A PNG whose header claims ``width`` x ``height`` pixels (no pixel data needed: the
    checks must refuse it from the header alone)."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(
            ">I", zlib.crc32(kind + data))
    ihdr = struct.pack(">IIBBBBB", width, height, 1, 0, 0, 0, 0)
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) +
                     chunk(b"IDAT", zlib.compress(b"")) + chunk(b"IEND", b""))
    return str(path)


# ----------------------------------------------------------------------------- layout


def test_build_demo_tabs_endpoints_and_queue():
    demo = app.build_demo("builtin:random")
    cfg = demo.get_config_file()
    tabs = [c["props"]["label"] for c in cfg["components"] if c["type"] == "tabitem"]
    assert tabs == ["Ask", "DynaMath explorer", "COMFORT explorer", "Data engine preview"]
    public = [d["api_name"] for d in cfg["dependencies"] if d["api_visibility"] == "public"]
    assert public == ["generate", "upload", "ask", "dynamath_variants", "dynamath_run",
                      "comfort", "preview"]
    assert demo._queue.max_size == app.QUEUE_SIZE == 16
    # every event that runs the model shares one slot (an intervention must not leak into
    # another request's forward pass)
    shared = sorted(f.api_name for f in demo.fns.values() if f.concurrency_id == "model")
    assert shared == ["ask", "comfort", "dynamath_run"]
    assert all(f.concurrency_limit == 1 for f in demo.fns.values() if f.api_name in shared)
    texts = [c["props"].get("value") for c in cfg["components"] if c["type"] == "markdown"]
    assert "**Model:** `builtin:random`" in texts


def test_without_a_model_the_page_says_how_to_get_one(tmp_path, diagram):
    cfg = app.build_demo(None).get_config_file()
    texts = [c["props"].get("value") for c in cfg["components"] if c["type"] == "markdown"]
    assert f"**Model:** none. {logic.NO_MODEL}" in texts
    assert "`make run`" in logic.NO_MODEL and "--model builtin:oracle" in logic.NO_MODEL
    # the model buttons explain; the data tabs work
    out = app.on_ask(None, diagram, "Is it?", "greedy", "language", "random", 1.0, 0.1, 8)
    assert out[0] == "" and out[2] == f"**Error:** {logic.NO_MODEL}"
    assert app.on_dm_run(None, "algebra-asymptote", 2, 0) == (None, f"**Error:** "
                                                                    f"{logic.NO_MODEL}")
    assert app.on_preview("chart", "function", 0, "free_form")[-1].startswith("Caption sample")
    # the default model is the quickstart folder, once it exists
    final = tmp_path / "final"
    assert logic.resolve_model(None, final) is None
    final.mkdir()
    (final / "config.json").write_text("{}")
    assert logic.resolve_model(None, final) == str(final)
    assert logic.resolve_model("builtin:random", final) == "builtin:random"


# ----------------------------------------------------------------------------- Ask


def test_generate_a_diagram():
    image, facts, status = app.on_generate("chart", 0)
    assert image.size == (336, 336)
    assert '"title": "Car age and price"' in facts and '"n_points": 10' in facts
    assert status == "Generated a chart diagram from seed 0."
    assert app.on_generate("chart", 1.5) == (None, "", "**Error:** Seed: enter a whole number,"
                                                        " got 1.5.")
    assert app.on_generate("nope", 0)[2].startswith("**Error:** Unknown diagram family 'nope'; "
                                                    "valid: analytic_geometry, arithmetic,")


def test_an_unexpected_error_is_one_line_in_the_page(monkeypatch, capsys):
    def boom(family, seed):
        raise RuntimeError("boom\nsecond line")
    monkeypatch.setattr(logic, "render_diagram", boom)
    assert app.on_generate("chart", 0) == (None, "", "**Error:** something went wrong "
                                           "(RuntimeError: boom); the server log has the "
                                           "details.")
    assert "Traceback" in capsys.readouterr().err


def test_upload_checks(tmp_path):
    ok = tmp_path / "ok.png"
    Image.new("RGBA", (40, 30), (0, 0, 0, 0)).save(ok)        # transparent -> white
    image, _, status = app.on_upload(str(ok))
    assert image.mode == "RGB" and image.getpixel((5, 5)) == (255, 255, 255)
    assert status == "Uploaded an image of 40 x 30 pixels."
    fake = tmp_path / "fake.png"
    fake.write_text("not an image")
    assert app.on_upload(str(fake)) == (None, "", ERR_NOT_IMAGE)
    big = tmp_path / "big.png"
    with open(big, "wb") as f:
        f.truncate(21 * 2**20)
    assert app.on_upload(str(big))[2] == "**Error:** The file is 21.0 MB; the limit is 20 MB."
    wide = png_header(tmp_path / "wide.png", 10000, 5000)
    assert app.on_upload(wide)[2] == ("**Error:** The image is 10000 x 5000 pixels (50 MP); "
                                      "the limit is 40 MP.")
    bomb = png_header(tmp_path / "bomb.png", 20000, 10000)   # past PIL's own bomb guard
    assert app.on_upload(bomb)[2] == ("**Error:** The image is too large to decode safely "
                                      "(limit 40 MP).")
    ppm = tmp_path / "x.png"
    Image.new("RGB", (4, 4)).save(ppm, format="PPM")
    assert app.on_upload(str(ppm))[2] == ("**Error:** PPM files are not accepted; upload PNG, "
                                          "JPEG, GIF, BMP, WebP or TIFF.")
    assert app.on_upload(None)[2] == "**Error:** Upload an image or generate a diagram first."


def test_ask_with_reference_models(diagram):
    out = app.on_ask("builtin:always-yes", diagram, "Is this a chart?", "greedy", "language",
                     "random", 1.0, 0.1, 8)
    assert out[0] == "Yes" and out[1] is app.EMPTY_TOP
    assert out[2] == ("builtin:always-yes answered with greedy decoding. builtin:always-yes is "
                      "a reference model: no token probabilities.")
    # builtin:random: the same answer for the same image and question
    a = app.on_ask("builtin:random", diagram, "Is the trend decreasing?", "greedy", "language",
                   "random", 1.0, 0.1, 8)[0]
    assert a in ("Yes", "No") and a == app.on_ask("builtin:random", diagram,
                                                  "Is the trend decreasing?", "greedy",
                                                  "language", "random", 1.0, 0.1, 8)[0]
    assert app.on_ask("builtin:oracle", diagram, "Is it?", "greedy", "language", "random",
                      1.0, 0.1, 8)[2] == f"**Error:** {logic.ORACLE_ASK}"
    assert app.on_ask("builtin:random", diagram, "Is it?", "CausalMM", "both", "random", 1.0,
                      0.1, 8)[2] == ("**Error:** CausalMM contrasts attention branches of an "
                                     "image-text model; builtin:random has none. Start mm-demo "
                                     "with a model folder.")
    assert app.on_ask("builtin:random", diagram, "  ", "greedy", "language", "random", 1.0,
                      0.1, 8)[2] == "**Error:** Type a question first."
    assert app.on_ask("builtin:random", None, "Is it?", "greedy", "language", "random", 1.0,
                      0.1, 8)[2] == "**Error:** Upload an image or generate a diagram first."


def test_ask_llava_greedy_and_causalmm_side_by_side(tiny_llava, diagram):
    q = "Is the triangle red?"
    greedy = app.on_ask(tiny_llava, diagram, q, "greedy", "language", "random", 1.0, 0.1, 6)
    assert list(greedy[1].columns) == ["rank", "factual", "P(factual)"]
    assert greedy[1]["rank"].tolist() == [1, 2, 3, 4, 5]
    assert greedy[2].endswith("greedy decoding. Top tokens at the first answer position.")
    both = app.on_ask(tiny_llava, diagram, q, "CausalMM", "both", "uniform", 1.0, 0.1, 6)
    top = both[1]
    assert list(top.columns) == ["rank", "factual", "P(factual)", "vision cf", "P(vision cf)",
                                 "language cf", "P(language cf)", "CausalMM", "P(CausalMM)"]
    # the factual branch is the plain model; the branches differ under the interventions
    assert top["factual"].tolist() == greedy[1]["factual"].tolist()
    assert top["P(factual)"].tolist() == greedy[1]["P(factual)"].tolist()
    assert top["P(language cf)"].tolist() != top["P(factual)"].tolist()
    # the causal column is CausalMM's rule on the branch logits of the library's adapter
    ref = CausalLlavaAdapter(tiny_llava, CausalMMConfig(level="both", cf_type="uniform"))
    lg = ref.causal_next_logits([logic.load_image(diagram)], [q])[:, 0]   # (K, V)
    p = torch.softmax(causal_logits(lg[:1], [c[None] for c in lg[1:]], 1.0, 0.1)[0], -1)
    assert top["P(CausalMM)"].tolist() == pytest.approx(torch.topk(p, 5).values.tolist(),
                                                         abs=1e-4)
    assert top["P(vision cf)"].tolist() == pytest.approx(
        torch.topk(torch.softmax(lg[1], -1), 5).values.tolist(), abs=1e-4)
    assert both[2].endswith("CausalMM level=both, type=uniform, gamma=1, alpha=0.1.")
    # gamma 0 and no cutoff: CausalMM is greedy decoding
    same = app.on_ask(tiny_llava, diagram, q, "CausalMM", "language", "random", 0.0, 0.0, 6)
    assert same[0] == greedy[0]
    assert app.on_ask(tiny_llava, diagram, q, "CausalMM", "language", "random", -1.0, 0.1,
                      6)[2] == "**Error:** CausalMM setting gamma: must be >= 0, got -1.0"


def test_causal_option_explains_when_missing(monkeypatch, diagram):
    monkeypatch.setattr(logic, "method_support", lambda method: None if method == "greedy"
                        else logic.METHOD_MISSING.format(method=method))
    assert app.on_ask("builtin:random", diagram, "Is it?", "CausalMM", "language", "random",
                      1.0, 0.1, 8)[2] == "**Error:** CausalMM is not available in this build."
    cfg = app.build_demo("builtin:random").get_config_file()
    assert any(c["props"].get("value") == "CausalMM is not available in this build."
               for c in cfg["components"] if c["type"] == "markdown")


# ----------------------------------------------------------------------------- DynaMath


def test_dynamath_variants_and_run():
    gallery, questions, status = app.on_dm_generate("algebra-asymptote", 3, 0)
    assert [c for _, c in gallery] == ["v0: answer -2", "v1: answer -1", "v2: answer 0"]
    assert questions["ground truth"].tolist() == ["-2", "-1", "0"]
    assert status == ("3 variants of algebra-asymptote (algebra, high school; varies: "
                      "numerical value, function type).")
    rows, summary = app.on_dm_run("builtin:oracle", "algebra-asymptote", 3, 0)
    assert rows["correct"].tolist() == ["yes"] * 3
    assert summary == ("Average-case accuracy 100.0% (3 of 3 variants right). Worst-case "
                       "accuracy 100.0% (the seed question counts only when every variant is "
                       "right). Reasoning robustness RR = worst / average = 1.00.")
    # random guesses (drawn from the prompt and the picture's pixels): two variants of four
    # right, so the worst case is 0
    rows, summary = app.on_dm_run("builtin:random", "algebra-function-type", 4, 1)
    assert rows["ground truth"].tolist() == ["D", "C", "C", "D"]
    assert rows["model's answer"].tolist() == ["D", "C", "B", "B"]
    assert rows["correct"].tolist() == ["yes", "yes", "no", "no"]
    assert summary.startswith("Average-case accuracy 50.0% (2 of 4 variants right). "
                              "Worst-case accuracy 0.0%")
    assert summary.endswith("RR = worst / average = 0.00.")
    assert app.on_dm_generate("algebra-asymptote", 17, 0) == (
        [], None, "**Error:** Variants: between 1 and 16, got 17.")
    assert app.on_dm_run("builtin:oracle", "no-such-seed", 2, 0)[1] == (
        "**Error:** Unknown seed question 'no-such-seed'; pick one from the list.")


# ----------------------------------------------------------------------------- COMFORT


def test_comfort_curves_and_metrics():
    image, fig, metrics, status = app.on_comfort("builtin:always-yes", "ball", "ball", "left",
                                                 "left", "none", 0)
    m = dict(zip(metrics["metric"], metrics["value"]))
    # COMFORT's always-yes numbers (eval/comfort.py): 17/36, sqrt(3/8 * 36/37),
    # sqrt(17/37); eta undefined for a constant curve
    assert m == {"acc": 0.4722, "eps_cos": 0.604, "eps_hemi": 0.6778, "eta": "n/a",
                 "c_sym": 0.0, "c_opp": 1.0}
    assert status == ('Asked "Is the red sphere to the left of the blue sphere?" '
                      'at 36 angles (and the opposite relation, for c_opp); reference frame: '
                      'camera.')
    assert isinstance(fig, matplotlib.figure.Figure) and image.size == (336, 336)
    assert [len(line.get_ydata()) for line in fig.axes[0].lines] == [36, 36]
    _, _, metrics, status = app.on_comfort("builtin:oracle", "car", "horse", "right", "front",
                                           "relatum", 0)
    m = dict(zip(metrics["metric"], metrics["value"]))
    # c_sym mirrors about the camera axis of "in front of" (COMFORT's rule): a horse facing
    # right puts its front on the other axis, so the relatum-frame oracle is not symmetric there
    assert (m["acc"], m["eps_hemi"], m["c_sym"]) == (1.0, 0.0, 1.0)
    assert status.startswith('Asked "From the horse\'s viewpoint, is the ')
    assert status.endswith("reference frame: relatum.")
    relatum, prefix, facing = app.on_comfort_kind("car")
    assert (relatum["choices"], relatum["value"]) == (["car", "horse", "chair"], "car")
    assert prefix["choices"] == ["none", "camera", "addressee", "relatum"]
    assert facing["visible"] is True and app.on_comfort_kind("ball")[2]["visible"] is False
    assert app.on_comfort("builtin:oracle", "ball", "car", "left", "left", "none", 0)[3] == (
        "**Error:** A ball scene's relatum is one of ball, not 'car'.")


# ----------------------------------------------------------------------------- data engine


def test_data_engine_preview():
    out = app.on_preview("chart", "plane_geometry", 0, "multiple_choice")
    assert out[1] == ('The visual is a scatter chart summarising "Car age and price". 10 data '
                      'points relate Age (years) (horizontal) to Price ($k) (vertical). The '
                      'points show a decreasing trend, with a correlation of -0.99. Price ($k) '
                      'ranges from 0 to 26.8.')
    td, tl, vd = out[3], out[5], out[7]
    assert td.startswith("Question:\nGiven AD = 4, ∠BEF = 35°, ABCD is a parallelogram, BCE is "
                         "an equilateral triangle, FE = FB and a semicircle is drawn outward on "
                         "BF as diameter. Find the area of the semicircle on BF.")
    assert tl.startswith("Question:\nGiven AD = 4. Find the area of the semicircle on BF.")
    assert vd.startswith("Question:\nFind the area of the semicircle on BF.")
    assert all(t.endswith("The answer is B: 2.34.\n\nAnswer: B") for t in (td, tl, vd))
    # information moves into the diagram: text_lite draws ∠BEF, vision_dominant AD too
    assert len({out[2].tobytes(), out[4].tobytes(), out[6].tobytes()}) == 3
    assert out[-1] == ("Caption sample of chart, instruct sample of plane_geometry (seed 0, "
                       "multiple_choice).")
    assert app.on_preview("chart", "chart", 0, "free_form")[-1].startswith(
        "**Error:** No problem maker for 'chart'; valid: analytic_geometry, function,")


# ----------------------------------------------------------------------------- CLI


@pytest.mark.parametrize("argv,line", [
    (["--port", "0"], "mm-demo: error: argument --port: must be in 1..65535, got 0"),
    (["--port", "x"], "mm-demo: error: argument --port: invalid int value: 'x'"),
    (["--model", "builtin:nope"], "mm-demo: error: argument --model: unknown builtin model "
     "'nope'; valid: builtin:always-yes, builtin:random, builtin:oracle"),
    (["--bogus"], "mm-demo: error: unrecognized arguments: --bogus"),
])
def test_cli_bad_flags_one_line_exit_2(argv, line, capsys):
    with pytest.raises(SystemExit) as e:
        cli.main(argv)
    assert e.value.code == 2 and capsys.readouterr().err == line + "\n"


def test_cli_model_folder_and_default_host(tmp_path, monkeypatch, capsys):
    with pytest.raises(SystemExit):
        cli.main(["--model", str(tmp_path)])
    assert capsys.readouterr().err == (f"mm-demo: error: argument --model: {tmp_path} is not a "
                                       "model folder (no config.json); run `make run` to build "
                                       "one\n")
    seen = {}
    monkeypatch.setattr(app, "launch", lambda demo, host, port: seen.update(host=host, port=port))
    cli.main(["--model", "builtin:random"])
    assert seen == {"host": "127.0.0.1", "port": 7860}
    assert capsys.readouterr().err == ("mm-demo: model builtin:random; starting on "
                                       "http://127.0.0.1:7860\n")

    def busy(demo, host, port):
        raise OSError("Cannot find empty port in range: 7861-7861.")
    monkeypatch.setattr(app, "launch", busy)
    with pytest.raises(SystemExit) as e:
        cli.main(["--model", "builtin:random", "--port", "7861"])
    assert e.value.code == 2 and capsys.readouterr().err.splitlines()[-1] == (
        "mm-demo: error: argument --port: cannot serve on 127.0.0.1:7861 (the port is in use, "
        "or the host is not an address of this machine)")


# ----------------------------------------------------------------------------- served


def test_api_through_gradio_client(tmp_path):
    import httpx
    from gradio_client import Client, handle_file

    fake = tmp_path / "fake.png"
    fake.write_text("not an image")
    big = tmp_path / "big.png"
    with open(big, "wb") as f:
        f.truncate(21 * 2**20)
    with helpers.serve("builtin:always-yes") as url:
        assert url.startswith("http://127.0.0.1:")
        c = Client(url, verbose=False)
        path, facts, status = c.predict("chart", 0, api_name="/generate")
        assert status == "Generated a chart diagram from seed 0."
        answer, _, status = c.predict(handle_file(path), "Is this a chart?", "greedy",
                                      "language", "random", 1.0, 0.1, 8, api_name="/ask")
        assert answer == "Yes" and status.startswith("builtin:always-yes answered with greedy")
        assert c.predict(handle_file(str(fake)), api_name="/upload")[2] == ERR_NOT_IMAGE
        rows, summary = c.predict("algebra-asymptote", 2, 0, api_name="/dynamath_run")
        assert [r[4] for r in rows["data"]] == ["no", "no"]
        assert summary.startswith("Average-case accuracy 0.0% (0 of 2 variants right).")
        # the server refuses a file over 20 MB before any handler runs
        with open(big, "rb") as f:
            r = httpx.post(url + "gradio_api/upload", files={"files": ("big.png", f)})
        assert r.status_code == 413


@pytest.mark.browser
@pytest.mark.skipif(not helpers.CHROMIUM.exists(), reason="/usr/bin/chromium is absent "
                    "(apt-get install chromium chromium-driver to run the browser test)")
def test_browser_generates_a_diagram_and_answers(tmp_path):
    with helpers.serve("builtin:always-yes") as url:
        driver = helpers.chrome(tmp_path / "profile")
        try:
            driver.get(url)
            answer = helpers.ask(driver, "Is AB longer than BC?")
            assert answer == "Yes"
            assert helpers.css(driver, "#ask-status").text == (
                "builtin:always-yes answered with greedy decoding. builtin:always-yes is a "
                "reference model: no token probabilities.")
            src = helpers.css(driver, "#ask-image img").get_attribute("src")
            assert src.startswith(url) and src.endswith(".png")
            driver.save_screenshot(str(tmp_path / "ask.png"))
        finally:
            driver.quit()
    assert Image.open(tmp_path / "ask.png").size[0] == 1280
