"""Model folders checked before and while they load: every error names the file at fault.

``transformers``' ``from_pretrained`` answers a cut-short safetensors file, a bad config.json or
weights of the wrong shape with a traceback that names neither the file nor the folder (or
with "Check your internet connection"). ``check_model_folder`` reads config.json and the header
of every safetensors file (``safetensors.safe_open`` checks that the file covers what its
header lists) before any weight is loaded, and ``load_failure`` turns what ``from_pretrained``
still raises (a shape that does not fit the config) into one ``ModelFolderError`` whose first
line names the weights file. mm.adapters (``--model`` of mm-eval and mm-demo), mm.llava.load
and mm-train's ``--init`` use them.

    python -c "from mm.modelfiles import check_model_folder; check_model_folder('runs/tiny/final')"
"""
from __future__ import annotations

import json
from contextlib import contextmanager
from pathlib import Path

CONFIG = "config.json"


class ModelFolderError(ValueError):
    """A model folder that cannot be loaded; the message's first line names the file."""


def check_config(folder: str | Path) -> dict:
    """``folder/config.json`` as a dict with a ``model_type``, or ``ModelFolderError``."""
    path = Path(folder) / CONFIG
    if not path.is_file():
        raise ModelFolderError(f"{path}: no such file; {folder} is not a model folder")
    try:
        cfg = json.loads(path.read_text())
    except (UnicodeDecodeError, ValueError) as e:
        raise ModelFolderError(f"{path}: not valid JSON ({str(e).splitlines()[0]})") from None
    if not isinstance(cfg, dict) or not isinstance(cfg.get("model_type"), str):
        raise ModelFolderError(f"{path}: not a model config (a JSON object with a "
                               "'model_type')")
    return cfg


def check_weights(path: str | Path) -> list[str]:
    """The tensor names of one safetensors file, or ``ModelFolderError`` naming it when its
    header is unreadable or the file is shorter or longer than the header says."""
    from safetensors import safe_open

    try:
        with safe_open(str(path), framework="pt") as f:
            return list(f.keys())
    except Exception as e:  # SafetensorError derives from Exception alone
        raise ModelFolderError(f"{path}: not a readable safetensors file "
                               f"({str(e).splitlines()[0]})") from None


def weight_files(folder: str | Path) -> list[Path]:
    return sorted(Path(folder).glob("*.safetensors"))


def check_model_folder(folder: str | Path) -> dict:
    """config.json and every safetensors file of ``folder`` readable; returns the config.
    A folder with no weights file is refused too (``from_pretrained`` would go looking for
    ``pytorch_model.bin`` and then for the Hub)."""
    folder = Path(folder)
    if not folder.is_dir():
        raise ModelFolderError(f"{folder}: no such folder")
    cfg = check_config(folder)
    files = weight_files(folder)
    if not files:
        raise ModelFolderError(f"{folder}: no *.safetensors weights file next to {CONFIG}")
    for f in files:
        check_weights(f)
    return cfg


def load_failure(folder: str | Path, error: BaseException) -> ModelFolderError:
    """What ``from_pretrained`` raised for ``folder`` (after ``check_model_folder`` passed)
    as one line naming the weights file: config and weights disagree (shapes, names)."""
    files = weight_files(folder)
    name = files[0] if len(files) == 1 else Path(folder) / "*.safetensors"
    text = str(error)
    if "mismatched_sizes" in text or "size mismatch" in text:
        why = f"tensor shapes differ from the ones {CONFIG} describes"
    else:
        first = next((ln.strip() for ln in text.splitlines() if ln.strip()), "")
        why = f"{type(error).__name__}: {first}"
    return ModelFolderError(f"{name}: does not fit {Path(folder) / CONFIG} ({why})")


@contextmanager
def quiet_loading():
    """transformers' load report (a table of mismatched tensors on stderr) and progress bar
    held back: the error raised after them is the one line the CLIs show."""
    from transformers.utils import logging

    level, bars = logging.get_verbosity(), logging.is_progress_bar_enabled()
    logging.set_verbosity_error()
    logging.disable_progress_bar()
    try:
        yield
    finally:
        logging.set_verbosity(level)
        if bars:
            logging.enable_progress_bar()
