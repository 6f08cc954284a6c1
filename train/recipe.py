"""Training recipes: typed, validated, saved beside every checkpoint.

The four MAVIS stages differ only in their recipe (which modules train, data, learning rate,
schedule, batch, init checkpoint), never in ``if stage == 3`` branches of the loop. Flow:
code defaults -> recipe YAML -> CLI flags (``--set key=value``).

    python -c "from train.recipe import load_recipe; print(load_recipe('configs/small/stage3.yaml'))"
"""
from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Literal

import yaml

Stage = Literal["clip", "align", "instruct", "dpo"]
STAGES = ("clip", "align", "instruct", "dpo")
STAGE_NAMES = {"stage1": "clip", "stage2": "align", "stage3": "instruct", "stage4": "dpo"}
MODULES = ("vision", "text_tower", "projector", "llm", "lora")


@dataclass
class LoraSettings:
    r: int = 8
    alpha: int = 16
    dropout: float = 0.05
    target_modules: list[str] = field(
        default_factory=lambda: ["q_proj", "k_proj", "v_proj", "o_proj"])


@dataclass
class Recipe:
    stage: Stage
    preset: Literal["tiny", "small", "base"] = "tiny"
    # data: a dataset folder built by mm-data (None: the stage builds its own small set)
    data: str | None = None
    data_n: int = 256  # rows of the stage's own data build when data is None
    init: str | None = None  # previous stage's output folder
    train_modules: list[str] = field(default_factory=list)
    lora: LoraSettings | None = None
    # optimisation
    lr: float = 1e-3
    weight_decay: float = 0.0
    schedule: Literal["cosine", "linear", "constant"] = "cosine"
    warmup_steps: int = 0
    max_steps: int = 20
    batch_size: int = 8
    grad_accum: int = 1
    max_grad_norm: float = 1.0
    seed: int = 0
    # bookkeeping
    save_every: int = 10
    log_every: int = 1
    eval_n: int = 64  # held-out rows for the stage's learning numbers
    # model
    clip_arch: str | None = None  # default: the preset's CLIP architecture
    clip_checkpoint: str | None = None  # local open_clip checkpoint file (base preset)
    lm_path: str | None = None  # local HF causal LM folder (None: from scratch)
    vocab_size: int = 2048  # BPE vocabulary of a from-scratch LM
    max_length: int = 256  # text tokens per example (image tokens excluded)
    mixed_precision: Literal["no", "bf16", "fp16"] = "no"
    # stage-specific
    unfreeze_text: bool = False  # stage 1: also train the CLIP text tower
    dpo_beta: float = 0.1  # stage 4
    dpo_model_pairs: int = 64  # stage 4: problems the stage-3 model answers to mine pairs
    dpo_sft_weight: float = 0.0  # stage 4: weight of the chosen responses' NLL (RPO)
    dpo_replay_weight: float = 0.0  # stage 4: weight of the stage-3 loss on replayed rows
    dpo_replay_n: int = 256  # stage 4: perception rows replayed when the weight is > 0
    blank_images: bool = False  # image-blind twin (the control for stage 3's evidence)
    perception_n: int | None = None  # stage 3: perception rows (None: data_n)
    yes_no_n: int = 0  # stage 3: yes/no perception rows (MME's format); stage 4: replayed

    def __post_init__(self) -> None:
        if self.stage not in STAGES:
            raise ValueError(f"stage: {self.stage!r}; valid: {', '.join(STAGES)}")
        if self.preset not in ("tiny", "small", "base"):
            raise ValueError(f"preset: {self.preset!r}; valid: tiny, small, base")
        bad = [m for m in self.train_modules if m not in MODULES]
        if bad:
            raise ValueError(f"train_modules: unknown {bad}; valid: {', '.join(MODULES)}")
        if not self.train_modules:
            raise ValueError("train_modules: empty; a stage must train something")
        if "lora" in self.train_modules and self.lora is None:
            self.lora = LoraSettings()
        if isinstance(self.lora, dict):
            self.lora = LoraSettings(**self.lora)
        for name in ("lr", "max_steps", "batch_size", "grad_accum", "save_every"):
            if getattr(self, name) <= 0:
                raise ValueError(f"{name}: must be positive, got {getattr(self, name)}")

    def to_dict(self) -> dict:
        return asdict(self)

    def record(self) -> dict:
        """``to_dict()`` as it reads back from JSON (tuples as lists): what checkpoints and
        ``metrics.json`` store, and what ``recipe_diff`` compares."""
        return json.loads(json.dumps(self.to_dict()))


def _coerce(value: str):
    v = yaml.safe_load(value)
    if isinstance(v, str):  # YAML 1.1 reads "1e-3" (no dot) as a string
        try:
            return float(v)
        except ValueError:
            pass
    return v


def load_recipe(path: str | Path, overrides: dict | None = None) -> Recipe:
    """Recipe from YAML (+ overrides); unknown keys fail naming the file and the key."""
    path = Path(path)
    if not path.is_file():
        raise FileNotFoundError(f"recipe {path} does not exist")
    raw = yaml.safe_load(path.read_text()) or {}
    if not isinstance(raw, dict):
        raise ValueError(f"{path}: a recipe is a mapping of keys to values")
    raw.update(overrides or {})
    names = {f.name for f in fields(Recipe)}
    unknown = sorted(set(raw) - names)
    if unknown:
        raise ValueError(f"{path}: unknown key(s) {', '.join(unknown)}; valid: "
                         f"{', '.join(sorted(names))}")
    try:
        return Recipe(**raw)
    except (TypeError, ValueError) as e:
        raise ValueError(f"{path}: {e}") from None


def parse_overrides(items: list[str] | None) -> dict:
    """``["lr=3e-4", "max_steps=10"]`` -> {"lr": 0.0003, "max_steps": 10}."""
    out = {}
    for item in items or []:
        if "=" not in item:
            raise ValueError(f"--set: expected key=value, got {item!r}")
        k, v = item.split("=", 1)
        out[k.strip()] = _coerce(v)
    return out


def recipe_diff(recorded: dict, recipe: Recipe) -> list[str]:
    """Fields whose recorded value (a ``to_dict()`` saved with a checkpoint or a finished stage)
    differs from ``recipe``'s. A field the record lacks (one added since) counts as its
    default, so new options with defaults do not make finished stages stale."""
    from dataclasses import MISSING

    now = recipe.record()
    out = []
    for f in fields(Recipe):
        if f.name in recorded:
            old = recorded[f.name]
        elif f.default is not MISSING:
            old = json.loads(json.dumps(f.default))
        elif f.default_factory is not MISSING:
            old = json.loads(json.dumps(f.default_factory()))
        else:
            old = None
        if old != now[f.name]:
            out.append(f.name)
    return out
