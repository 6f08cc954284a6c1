"""Model folders checked before and while they load: every error names the file at fault.

``transformers``' ``from_pretrained`` answers a cut-short safetensors file, a bad config.json or
weights of the wrong shape with a traceback that names neither the file nor the folder (or
with "Check your internet connection"). ``check_model_folder`` reads config.json, every other
JSON file of the folder (tokenizer, processor and generation configs) and the header of every
safetensors file (``safetensors.safe_open`` checks that the file covers what its header lists)
before any weight is loaded, and ``load_failure`` turns what ``from_pretrained`` still raises
into one ``ModelFolderError`` whose first line names the file: the one the error quotes, else
the weights file (a shape that does not fit the config). ``template_failure`` names the file a
chat template that does not render came from. mm.adapters (``--model`` of mm-eval and mm-demo), mm.llava.load
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
    for f in sorted(folder.glob("*.json")):
        if f.name != CONFIG:
            check_json(f)
    check_weight_files(files)
    return cfg


def check_weight_files(files: list[Path]) -> None:
    """The header of each safetensors file of ``files`` readable (``check_weights``); other
    formats (``pytorch_model.bin``) are left to their loader."""
    for f in files:
        if f.suffix == ".safetensors":
            check_weights(f)


def find_weights(folder: str | Path, patterns: tuple[str, ...] = ("*.safetensors",)
                 ) -> list[Path]:
    """The weights files of ``folder`` matching ``patterns``, each safetensors header read;
    ``ModelFolderError`` saying which names were looked for where there is none."""
    found = [f for pattern in patterns for f in sorted(Path(folder).glob(pattern))]
    if not found:
        raise ModelFolderError(f"no weights file ({' or '.join(patterns)})")
    check_weight_files(found)
    return found


def check_json(path: str | Path) -> None:
    """``ModelFolderError`` naming ``path`` when it is not valid JSON (transformers reads the
    tokenizer and processor files with errors that name neither, and skips a bad
    generation_config.json with a warning)."""
    try:
        json.loads(Path(path).read_text())
    except (UnicodeDecodeError, ValueError) as e:
        raise ModelFolderError(f"{path}: not valid JSON ({str(e).splitlines()[0]})") from None


PROCESSOR_FILES = ("tokenizer.json", "tokenizer_config.json", "special_tokens_map.json",
                   "processor_config.json", "preprocessor_config.json")


def load_failure(folder: str | Path, error: BaseException, part: str = "weights"
                 ) -> ModelFolderError:
    """What loading ``part`` of ``folder`` raised (after ``check_model_folder`` passed) as one
    line naming the file: the folder's file the error quotes; else config.json (``part``
    "config"), the tokenizer and processor files ("processor") or the weights file, which
    then does not fit the config (shapes, names)."""
    folder = Path(folder)
    files = weight_files(folder)
    name = files[0] if len(files) == 1 else folder / "*.safetensors"
    text = str(error)
    first = next((ln.strip() for ln in text.splitlines() if ln.strip()), "")
    why = f"{type(error).__name__}: {first}"
    quoted = [f for f in sorted(folder.iterdir()) if f.is_file() and str(f) in text]
    if quoted and quoted[0] not in files:  # a tokenizer or processor file, say
        return ModelFolderError(f"{quoted[0]}: cannot be loaded ({why})")
    if part == "config":
        return ModelFolderError(f"{folder / CONFIG}: not a config transformers can load ({why})")
    if part == "processor":
        here = [f for f in PROCESSOR_FILES if (folder / f).is_file()]
        return ModelFolderError(f"{folder}: its tokenizer or processor files "
                                f"({', '.join(here) or 'none'}) cannot be loaded ({why})")
    if "mismatched_sizes" in text or "size mismatch" in text:
        why = f"tensor shapes differ from the ones {CONFIG} describes"
    return ModelFolderError(f"{name}: does not fit {folder / CONFIG} ({why})")


TEMPLATE_FILES = ("chat_template.jinja", "chat_template.json", "processor_config.json",
                  "tokenizer_config.json")


def template_failure(folder: str | Path, error: BaseException) -> ModelFolderError:
    """A chat template that does not compile or render as one line naming the file it comes
    from (the first of ``TEMPLATE_FILES`` present)."""
    folder = Path(folder)
    here = [folder / f for f in TEMPLATE_FILES if (folder / f).is_file()]
    name = here[0] if here else folder
    first = next((ln.strip() for ln in str(error).splitlines() if ln.strip()), "")
    return ModelFolderError(f"{name}: the chat template does not render "
                            f"({type(error).__name__}: {first})")


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
