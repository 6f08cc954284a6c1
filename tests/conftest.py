"""Shared test set-up: offline hubs, the tiny LLaVA folders, the markers.

Markers (pyproject.toml): ``slow`` (seconds each: training runs, re-checks of hundreds of
problems, per-seed variant checks, kill -9 resumes), ``soak`` (the same checks at scale: the large
side of ``tests.tiers``; make test-soak) and ``browser`` (headless Chromium). make test runs
``-m "not soak"``; the inner loop leaves the slow ones out too:

    .venv/bin/python -m pytest -m "not slow and not soak"
"""
import os

import mm.determinism  # noqa: F401  (before numpy: the same kernels as every machine)
import pytest

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("HF_DATASETS_OFFLINE", "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
# one xdist worker per core (make test): torch, OpenMP and BLAS threads of each worker (and of the
# processes its tests start) share the worker's core instead of all of them fighting over all
if os.environ.get("PYTEST_XDIST_WORKER_COUNT"):
    _threads = str(max(1, (os.cpu_count() or 1) // int(os.environ["PYTEST_XDIST_WORKER_COUNT"])))
    for _var in ("OMP_NUM_THREADS", "MKL_NUM_THREADS", "OPENBLAS_NUM_THREADS"):
        os.environ.setdefault(_var, _threads)


@pytest.fixture(scope="session")
def tiny_llava(tmp_path_factory) -> str:
    """A tiny random LLaVA folder with weights redrawn at std 0.2 (answers differ between
    prompts; CausalMM's interventions move the logits). Read-only: copy it to change it."""
    from tests.tiny import make_tiny_llava

    return make_tiny_llava(tmp_path_factory.mktemp("llava") / "m")


@pytest.fixture(scope="session")
def tiny_llava_plain(tmp_path_factory) -> str:
    """A tiny random LLaVA folder as ``build_llava`` initialises it. Read-only."""
    from tests.tiny import make_tiny_llava

    return make_tiny_llava(tmp_path_factory.mktemp("llava-plain") / "m", redraw_std=None)


class CliResult:
    def __init__(self, returncode: int, stdout: str, stderr: str):
        self.returncode, self.stdout, self.stderr = returncode, stdout, stderr


@pytest.fixture
def run_cli(capsys):
    """Run a CLI's ``main(argv)`` in this process: exit code, stdout and stderr, as a
    subprocess would give them (without paying the interpreter start and imports each time)."""

    def run(main, *argv: str) -> CliResult:
        capsys.readouterr()
        try:
            main(list(argv))
            code = 0
        except SystemExit as e:
            code = e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
        out, err = capsys.readouterr()
        return CliResult(code, out, err)

    return run



def pytest_collection_modifyitems(config, items):
    """Slow tests first: with one worker per core (make test), a long test that started last
    would keep one worker busy while the others sit idle."""
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)
