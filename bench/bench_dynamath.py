"""DynaMath variant speed: CPU ms per variant, per topic, ours against DynaMath's own generator
programs, both timed on this machine in the same run.

    git clone https://github.com/DynaMath/DynaMath
    .venv/bin/python bench/bench_dynamath.py --variants 5 --dynamath-repo DynaMath [--cold]

Ours: one variant is sample + question + answer + render at 336 px + PNG bytes, as
``mm-data dynamath`` makes it. DynaMath's: one variant is what their driver
(``dataset_generator/generate_json.py``) does per question, ``Q()`` then ``q.draw(num)``, which
draws with matplotlib or PIL and saves the PNG (a few questions copy a stored picture and vary
only their text: those cost well under 1 ms, as in DynaMath's own runs). Their files are loaded
from ``--dynamath-repo``/dataset_generator (matplotlib's Agg backend forced first) and drawn in a
temporary copy of that folder's layout; their packages come with the ``bench`` extra
(``pip install -e '.[bench]'``). A file that does not import, or a class that raises when built
or drawn (pyglet and turtle need a display, IPython's LaTeX needs dvipng), is listed under
"dynamath_skipped" and left out from then on.

The two are interleaved (for each repeat, for each topic: our seeds' variant, then DynaMath's
classes of that topic) so that load from other processes on the machine falls on both alike;
one untimed variant of each first warms imports and fonts. Without ``--dynamath-repo`` only
ours are timed: a ratio against times taken on another machine is not a measurement.

Variants run one after another in one process, so caches that carry across variants (fonts,
rendered strings; matplotlib's own for theirs) are warm; ``--cold`` empties our string cache
before each of our variants to show the cost without that reuse.

Target: >= 10x faster per variant than DynaMath's programs on the same topics.
"""
from __future__ import annotations

import argparse
import contextlib
import importlib.util
import inspect
import io
import json
import os
import random
import re
import shutil
import signal
import statistics
import sys
import tempfile
import time
import warnings
from collections import defaultdict
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from types import FrameType

import renderers
from engines.dataset import png_bytes
from engines.dynamath.seed import load_seeds, make_variant
from renderers.text import clear_text_cache

WARMUP = 999  # variant index (ours) and repeat (theirs) of the untimed warm-up
# wall seconds before one of their variants counts as hung and its class is skipped: their
# slowest take 1.5 s here, and Q265's resampling loop never ends when it draws x = 2.0
TIMEOUT_S = 30


def one(seed_id: str, v: int, cold: bool = False) -> float:
    """CPU ms of one variant: the work is single-threaded, so CPU time is what it costs even
    when other processes share the cores (wall time would charge their load to us). ``cold``
    empties the renderers' glyph cache first (a generating process keeps it warm)."""
    if cold:
        clear_text_cache()
    t = time.process_time()
    var = make_variant(seed_id, v, seed=0)
    png_bytes(renderers.render(var.spec, 336))  # what the dataset writer stores
    return 1000 * (time.process_time() - t)


# --- DynaMath's programs -----------------------------------------------------------------------

@dataclass
class DynaMath:
    """DynaMath's question classes that still run, their topics, and what was skipped."""
    classes: dict[str, type] = field(default_factory=dict)  # "Q01" -> class
    topics: dict[str, str] = field(default_factory=dict)  # "Q01" -> .subject, from the warm-up
    skipped_files: list[dict[str, str]] = field(default_factory=list)
    skipped_classes: list[dict[str, str | None]] = field(default_factory=list)

    def skip(self, name: str, err: BaseException) -> None:
        """Reports ``name`` with its error and leaves it out from then on."""
        cls = self.classes.pop(name)
        topic = self.topics.pop(name, None) or source_topic(cls)
        self.skipped_classes.append({"class": name, "topic": topic, "error": one_line(err)})

    def by_topic(self) -> dict[str, list[str]]:
        out: dict[str, list[str]] = defaultdict(list)
        for name in sorted(self.classes, key=class_num):
            out[self.topics[name]].append(name)
        return out


def one_line(err: BaseException) -> str:
    msg = str(err).strip().splitlines()
    return f"{type(err).__name__}: {msg[0] if msg else ''}"[:200]


def class_num(name: str) -> int:
    return int(name[1:])


def source_topic(cls: type) -> str | None:
    """The topic of a class that failed before setting ``.subject``, read from its source."""
    try:
        m = re.search(r"""self\.subject\s*=\s*["']([^"']+)["']""", inspect.getsource(cls))
    except (OSError, TypeError):
        return None
    return m.group(1) if m else None


def load_dynamath(repo: Path) -> DynaMath:
    """Each file of ``repo``/dataset_generator as its own module, as their driver loads them;
    keeps the ``Q<n>`` classes each defines. A file that fails to import is reported."""
    import matplotlib
    matplotlib.use("Agg", force=True)  # before their pyplot imports: no window, no GUI toolkit
    headless_pyglet()
    dm = DynaMath()
    files = sorted((repo / "dataset_generator").glob("*.py"))
    if not files:
        raise SystemExit(f"no {repo / 'dataset_generator'}/*.py: --dynamath-repo takes the "
                         "root of a DynaMath clone")
    dont_write = sys.dont_write_bytecode
    sys.dont_write_bytecode = True  # leave their clone as it was
    try:
        for path in files:
            mod_name = f"dynamath_{path.stem}"
            spec = importlib.util.spec_from_file_location(mod_name, path)
            assert spec is not None and spec.loader is not None
            module = importlib.util.module_from_spec(spec)
            sys.modules[mod_name] = module
            try:
                with quiet():
                    spec.loader.exec_module(module)
            except Exception as err:  # noqa: BLE001  (a missing package, no display ...)
                del sys.modules[mod_name]
                dm.skipped_files.append({"file": path.name, "error": one_line(err)})
                continue
            for name, obj in vars(module).items():
                if re.fullmatch(r"Q\d+", name) and isinstance(obj, type) \
                        and obj.__module__ == mod_name:
                    dm.classes[name] = obj
    finally:
        sys.dont_write_bytecode = dont_write
    return dm


def headless_pyglet() -> None:
    """Two of their files subclass pyglet's Window in a class body, so pyglet opens a display
    when the file is imported: headless (EGL) lets the file's other classes load without one."""
    try:
        import pyglet
    except ImportError:
        return  # those files are reported as not importing
    pyglet.options["headless"] = True


@contextlib.contextmanager
def quiet() -> Iterator[None]:
    """Their programs print and warn; our JSON on stdout must stay clean."""
    with warnings.catch_warnings(), contextlib.redirect_stdout(io.StringIO()), \
            contextlib.redirect_stderr(io.StringIO()):
        warnings.simplefilter("ignore")
        yield


@contextlib.contextmanager
def sandbox(repo: Path) -> Iterator[None]:
    """cwd = tmp/gen, a copy of dataset_generator's data files (arial.ttf, temp_image/ ...,
    which their programs open by relative path), beside tmp/dataset/image/, where ``draw``
    saves (``dirname(getcwd())/dataset/image``). Restores the cwd and deletes tmp after."""
    src = repo / "dataset_generator"
    tmp = Path(tempfile.mkdtemp(prefix="bench_dynamath_"))
    gen = tmp / "gen"
    shutil.copytree(src, gen, ignore=shutil.ignore_patterns("*.py", "__pycache__"))
    (tmp / "dataset" / "image").mkdir(parents=True)
    cwd = os.getcwd()
    os.chdir(gen)
    try:
        yield
    finally:
        os.chdir(cwd)
        shutil.rmtree(tmp, ignore_errors=True)


def _hung(signum: int, frame: FrameType | None) -> None:
    raise TimeoutError(f"no result after {TIMEOUT_S} s (a hang at this seed)")


def theirs(name: str, cls: type, r: int) -> tuple[float, str]:
    """CPU ms of one of their variants, exactly what their driver does per question:
    ``Q()`` + ``q.draw(num)`` (which saves the PNG); and the class's topic. Seeded per
    (repeat, class) so that runs repeat; figures are closed after the clock stops."""
    import matplotlib.pyplot as plt
    import numpy as np
    num = class_num(name)
    random.seed(1000 * r + num)
    np.random.seed(1000 * r + num)
    old = signal.signal(signal.SIGALRM, _hung)
    signal.alarm(TIMEOUT_S)
    try:
        with quiet():
            t = time.process_time()
            q = cls()
            q.draw(num)
            ms = 1000 * (time.process_time() - t)
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)
        plt.close("all")
    return ms, q.subject


def warm_theirs(dm: DynaMath) -> None:
    """One untimed variant of every class: imports, fonts, and each class's topic; a class that
    fails here is skipped."""
    for name in sorted(dm.classes, key=class_num):
        try:
            dm.topics[name] = theirs(name, dm.classes[name], WARMUP)[1]
        except Exception as err:  # noqa: BLE001
            dm.skip(name, err)


# --- the run -----------------------------------------------------------------------------------

def measure(ours: dict[str, list[str]], dm: DynaMath | None, variants: int, cold: bool
            ) -> tuple[dict[str, list[float]], dict[str, list[float]], dict[str, set[str]]]:
    """For each repeat, for each topic: our seeds' variant r, then each of their classes once.
    Returns our ms and their ms per topic, and which of their classes gave a time."""
    ours_ms: dict[str, list[float]] = defaultdict(list)
    their_ms: dict[str, list[float]] = defaultdict(list)
    ran: dict[str, set[str]] = defaultdict(set)
    for r in range(variants):
        theirs_now = dm.by_topic() if dm is not None else {}
        for topic in sorted(set(ours) | set(theirs_now)):
            ours_ms[topic] += [one(sid, r, cold) for sid in ours.get(topic, [])]
            for name in theirs_now.get(topic, []):
                assert dm is not None
                try:
                    their_ms[topic].append(theirs(name, dm.classes[name], r)[0])
                    ran[topic].add(name)
                except Exception as err:  # noqa: BLE001
                    dm.skip(name, err)
    return ours_ms, their_ms, ran


def summary(ours: list[float], dyn: list[float] | None, classes: int | None = None) -> dict:
    out: dict = {"ours_median_ms": _r(ours, statistics.median), "ours_min_ms": _r(ours, min),
                 "ours_n": len(ours)}
    if dyn is None:
        return out
    out |= {"dynamath_median_ms": _r(dyn, statistics.median), "dynamath_min_ms": _r(dyn, min),
            "dynamath_n": len(dyn), "dynamath_classes": classes,
            "speedup": round(statistics.median(dyn) / statistics.median(ours), 1)
            if dyn and ours else None}
    return out


def _r(xs: list[float], f: Callable[[list[float]], float]) -> float | None:
    return round(f(xs), 2) if xs else None


def machine() -> str | None:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return None


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--variants", type=int, default=5, help="repeats: variants per seed/class")
    ap.add_argument("--cold", action="store_true",
                    help="render each of our variants with an empty glyph cache")
    ap.add_argument("--dynamath-repo", type=Path, metavar="PATH",
                    help="a DynaMath clone (reads PATH/dataset_generator/*.py): times their "
                         "programs in the same run and gives the speed-up")
    a = ap.parse_args()
    dm = load_dynamath(a.dynamath_repo.resolve()) if a.dynamath_repo is not None else None
    seeds = load_seeds()
    ours: dict[str, list[str]] = defaultdict(list)
    for sid, q in sorted(seeds.items()):
        ours[q.topic].append(sid)
    for sid in seeds:  # warm fonts and imports
        one(sid, WARMUP)
    out: dict = {"machine": machine(), "variants": a.variants}
    if dm is None:
        ours_ms, _, _ = measure(ours, None, a.variants, a.cold)
        for topic, xs in sorted(ours_ms.items()):
            out[topic] = summary(xs, None)
        out["overall"] = summary([x for xs in ours_ms.values() for x in xs], None)
        out["speedup"] = "needs --dynamath-repo: DynaMath's programs timed in the same run"
    else:
        with sandbox(a.dynamath_repo.resolve()):
            warm_theirs(dm)
            ours_ms, their_ms, ran = measure(ours, dm, a.variants, a.cold)
        for topic in sorted(set(ours_ms) | set(their_ms)):
            out[topic] = summary(ours_ms.get(topic, []), their_ms.get(topic, []),
                                 len(ran.get(topic, ())))
        out["overall"] = summary([x for xs in ours_ms.values() for x in xs],
                                 [x for xs in their_ms.values() for x in xs],
                                 sum(len(s) for s in ran.values()))
        out["dynamath_skipped"] = {"files": dm.skipped_files, "classes": dm.skipped_classes}
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
