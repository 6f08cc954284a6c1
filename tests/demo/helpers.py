"""Helpers of the demo tests: a served app on a free local port, headless Chromium, a tiny LLaVA,
and the script that takes the committed screenshots docs/demo_*.png (one per tab).

Why here: the API test, the browser test and the screenshot script all start the same server
and drive the same page, so the waits and selectors live in one place. The screenshots are not
taken by the test run (they go to the repository); run this by hand after a layout change:

    .venv/bin/python -m tests.demo.helpers --model tiny-llava --tabs ask
    .venv/bin/python -m tests.demo.helpers --model builtin:random --tabs dynamath \
        --dm-seed algebra-function-type
    .venv/bin/python -m tests.demo.helpers --model builtin:oracle --tabs comfort data

(``--model tiny-llava`` builds a tiny random LLaVA in a temporary folder so that the Ask tab
shows CausalMM's branches; with ``make run`` done, use runs/quickstart/train/final.)
"""
from __future__ import annotations

import argparse
import socket
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path

from tests.tiny import make_tiny_llava


class LazyModule:
    """Module ``name``'s public names, the module imported on first use: every xdist worker
    collects the demo's test modules, and importing gradio (demo.app) takes seconds that only
    the worker running a demo test should spend. Private and dunder names are not forwarded,
    so pytest's collection, which probes module globals for markers, leaves it unloaded; a
    public name set on it (monkeypatch) is set on the module."""

    def __init__(self, name: str):
        self._name = name

    def _module(self):
        import importlib

        return importlib.import_module(self._name)

    def __getattr__(self, attr: str):
        if attr.startswith("_"):
            raise AttributeError(attr)
        return getattr(self._module(), attr)

    def __setattr__(self, attr: str, value) -> None:  # monkeypatch.setattr(app, ...) too
        if attr.startswith("_"):
            object.__setattr__(self, attr, value)
        else:
            setattr(self._module(), attr, value)


CHROMIUM = Path("/usr/bin/chromium")
CHROMEDRIVER = Path("/usr/bin/chromedriver")
CHROME_FLAGS = ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--disable-background-networking", "--disable-component-update",
                "--disable-sync", "--no-first-run")
TABS = ("ask", "dynamath", "comfort", "data")
TAB_LABELS = {"ask": "Ask", "dynamath": "DynaMath explorer", "comfort": "COMFORT explorer",
              "data": "Data engine preview"}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextmanager
def serve(model: str | None):
    """The demo serving ``model`` on 127.0.0.1 (a free port) in this process; yields its URL."""
    from demo.app import build_demo, launch

    demo = build_demo(model)
    port = free_port()
    launch(demo, "127.0.0.1", port, prevent_thread_lock=True, quiet=True)
    try:
        yield f"http://127.0.0.1:{port}/"
    finally:
        demo.close()


# ----------------------------------------------------------------------------- browser


def chrome(profile: str | Path, width: int = 1280, height: int = 1000):
    """Headless Chromium through /usr/bin/chromedriver, with a fresh profile folder."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    opts = webdriver.ChromeOptions()
    opts.binary_location = str(CHROMIUM)
    for flag in CHROME_FLAGS + (f"--user-data-dir={profile}", f"--window-size={width},{height}"):
        opts.add_argument(flag)
    return webdriver.Chrome(service=Service(str(CHROMEDRIVER)), options=opts)


def css(driver, selector: str):
    from selenium.webdriver.common.by import By

    return driver.find_element(By.CSS_SELECTOR, selector)


def wait_for(driver, condition, timeout: float = 30.0, what: str = ""):
    from selenium.webdriver.support.ui import WebDriverWait

    return WebDriverWait(driver, timeout, poll_frequency=0.1).until(
        lambda d: condition(d), message=f"timed out waiting for {what}")


def status_says(driver, elem_id: str, text: str, timeout: float = 60.0) -> str:
    """Wait until the status line ``#elem_id`` contains ``text``; fail at once on an error."""
    def check(d):
        s = css(d, f"#{elem_id}").text
        if s.startswith("Error:"):
            raise AssertionError(f"#{elem_id}: {s}")
        return s if text in s else False
    return wait_for(driver, check, timeout, f"#{elem_id} to say {text!r}")


def click(driver, selector: str):
    from selenium.webdriver.support import expected_conditions as EC
    from selenium.webdriver.common.by import By

    from selenium.common.exceptions import ElementClickInterceptedException

    wait_for(driver, EC.element_to_be_clickable((By.CSS_SELECTOR, selector)), what=selector)

    def clicked(d):
        el = css(d, selector)
        d.execute_script("arguments[0].scrollIntoView({block: 'center'});", el)
        try:
            el.click()
        except ElementClickInterceptedException:  # the page's loading cover is still over it
            return False
        return True
    wait_for(driver, clicked, what=f"{selector} to take a click")


def open_tab(driver, tab: str):
    from selenium.webdriver.common.by import By

    label = TAB_LABELS[tab]
    wait_for(driver, lambda d: d.find_elements(
        By.XPATH, f"//button[@role='tab' and normalize-space()='{label}']"), what=label)
    driver.find_element(By.XPATH, f"//button[@role='tab' and normalize-space()='{label}']").click()


def ask(driver, question: str, causal: bool = False, max_new_tokens: int | None = None) -> str:
    """Generate the default diagram, ask ``question``; returns the answer box's text."""
    from selenium.webdriver.common.by import By

    click(driver, "#ask-generate")
    status_says(driver, "ask-status", "Generated a")
    wait_for(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#ask-image img"),
             what="the diagram")
    box = css(driver, "#ask-question textarea")
    box.clear()
    box.send_keys(question)
    if causal:
        driver.find_element(By.XPATH, "//*[@id='ask-method']//label[normalize-space()="
                                      "'CausalMM']").click()
    if max_new_tokens is not None:
        n = css(driver, "#ask-max input[type='number']")
        n.clear()
        n.send_keys(str(max_new_tokens))
    click(driver, "#ask-button")
    status_says(driver, "ask-status", "answered")
    return css(driver, "#ask-answer textarea").get_attribute("value")


def choose(driver, elem_id: str, value: str):
    """Pick ``value`` in the Gradio dropdown ``#elem_id`` (type it, then Enter)."""
    from selenium.webdriver.common.keys import Keys

    box = css(driver, f"#{elem_id} input")
    box.click()
    box.send_keys(Keys.CONTROL, "a")
    box.send_keys(value)
    box.send_keys(Keys.ENTER)


def run_tab(driver, tab: str, dm_seed: str | None = None) -> str:
    """Press a tab's main buttons and wait for its results; returns its status line."""
    from selenium.webdriver.common.by import By

    open_tab(driver, tab)
    if tab == "ask":
        ask(driver, "Which point is the vertex of the marked angle?", causal=True,
            max_new_tokens=12)
        return css(driver, "#ask-status").text
    if tab == "dynamath":
        if dm_seed:
            choose(driver, "dm-seed-id", dm_seed)
        click(driver, "#dm-generate")
        status_says(driver, "dm-status", "variants of")
        wait_for(driver, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#dm-gallery img")) >= 4,
                 what="the variant gallery")
        click(driver, "#dm-run")
        return status_says(driver, "dm-status", "Average-case accuracy", 120)
    if tab == "comfort":
        click(driver, "#cf-run")
        return status_says(driver, "cf-status", "at 36 angles", 120)
    click(driver, "#pv-run")
    return status_says(driver, "pv-status", "Caption sample")


def full_page_screenshot(driver, path: str | Path, width: int = 1280):
    """Resize the window to the page's height (capped), settle, and save a PNG."""
    last = None
    for _ in range(6):  # the height settles once tables and images have laid out again
        h = int(driver.execute_script("return document.documentElement.scrollHeight"))
        if h == last:
            break
        last = h
        # the viewport itself (a window size would include the browser's frame)
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
            "width": width, "height": min(max(h, 800), 2400), "deviceScaleFactor": 1,
            "mobile": False})
        time.sleep(0.4)
    driver.execute_script("window.scrollTo(0, 0);")
    time.sleep(0.3)
    driver.save_screenshot(str(path))


def take_screenshots(out: str | Path, model: str | None, tabs=TABS,
                     dm_seed: str | None = None) -> list[str]:
    """Serve ``model``, run each tab in a real browser and save ``out/demo_<tab>.png``."""
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    paths = []
    with tempfile.TemporaryDirectory() as tmp, serve(model) as url:
        driver = chrome(Path(tmp) / "profile")
        try:
            driver.get(url)
            for tab in tabs:
                driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
                driver.get(url)  # a fresh page per tab: each shot shows one tab's results
                print(f"{tab}: {run_tab(driver, tab, dm_seed)}")
                paths.append(str(out / f"demo_{tab}.png"))
                full_page_screenshot(driver, paths[-1])
        finally:
            driver.quit()
    return paths


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description="Take the demo's screenshots, one per tab.")
    ap.add_argument("--out", default="docs")
    ap.add_argument("--model", default=None,
                    help="model to serve; 'tiny-llava' builds a tiny random LLaVA first")
    ap.add_argument("--tabs", nargs="+", default=list(TABS), choices=TABS)
    ap.add_argument("--dm-seed", help="the DynaMath seed question to show (default: the first)")
    args = ap.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        model = args.model
        if model == "tiny-llava":
            model = make_tiny_llava(Path(tmp) / "tiny-random-llava")
        from demo.logic import resolve_model

        for p in take_screenshots(args.out, resolve_model(model), args.tabs, args.dm_seed):
            print(p)


if __name__ == "__main__":
    main()
