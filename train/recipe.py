"""Training recipes: typed, validated, saved beside every checkpoint.

The four MAVIS stages differ only in their recipe (which modules train, data, learning rate,
schedule, batch, init checkpoint), never in ``if stage == 3`` branches of the loop. A recipe is
the fields every stage shares (``Recipe``) plus ``settings``, the dataclass of the stage's own
keys that its file in ``train/stages/`` declares. Recipe YAML stays flat: the loader routes each
key to the common part or to the stage's part. Flow: code defaults -> recipe YAML -> CLI flags
(``--set key=value``).

    python -c "from train.recipe import load_recipe; print(load_recipe('configs/small/stage3.yaml'))"
"""
from __future__ import annotations

import json
import typing
from dataclasses import MISSING, asdict, dataclass, field, fields
from pathlib import Path
from typing import Any, Literal

import yaml

from train.stage import STAGES, stage_named

Preset = Literal["tiny", "small", "base"]
Module = Literal["vision", "text_tower", "projector", "llm", "lora"]
MODULES = typing.get_args(Module)


@dataclass
class LoraSettings:
    r: int = 8
    alpha: int = 16
    dropout: float = 0.05
    target_modules: list[str] = field(
        default_factory=lambda: ["q_proj", "k_proj", "v_proj", "o_proj"])


def check_literals(obj) -> None:
    """ValueError naming the field when a ``Literal``-typed field holds another value."""
    for name, hint in typing.get_type_hints(type(obj)).items():
        if typing.get_origin(hint) is Literal and getattr(obj, name) not in typing.get_args(hint):
            raise ValueError(f"{name}: {getattr(obj, name)!r}; valid: "
                             f"{', '.join(map(str, typing.get_args(hint)))}")


def check_counts(obj, *names: str, positive: bool = False) -> None:
    """ValueError when one of ``names`` is negative (or, with ``positive``, not above zero)."""
    for name in names:
        v = getattr(obj, name)
        if v is not None and (v <= 0 if positive else v < 0):
            raise ValueError(f"{name}: must be {'positive' if positive else '>= 0'}, got {v}")


@dataclass
class Recipe:
    stage: str  # a registered stage's name (clip, align, instruct, dpo)
    preset: Preset = "tiny"
    # data: a dataset folder built by mm-data (None: the stage builds its own small set)
    data: str | None = None
    data_n: int = 256  # rows of the stage's own data build when data is None
    init: str | None = None  # previous stage's output folder
    train_modules: list[Module] = field(default_factory=list)
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
    # data builds: pictures are drawn at image_size (>= 224 px keeps labels legible; the
    # vision tower's preprocessing resizes them); each build of a stage has its own seed, the
    # recipe's seed plus an offset, so no held-out or yes/no row is a training row
    image_size: int = 224
    heldout_seed_offset: int = 10_007
    yes_no_seed_offset: int = 40_009
    # bookkeeping
    save_every: int = 10
    log_every: int = 1
    eval_n: int = 64  # held-out rows for the stage's learning numbers
    # model
    max_length: int = 256  # text tokens per example (image tokens excluded)
    mixed_precision: Literal["no", "bf16", "fp16"] = "no"
    data_workers: int = 0  # DataLoader worker processes building batches (0: the main one)
    # the stage's own keys (its settings dataclass; default: that class's defaults)
    settings: Any = None

    def __post_init__(self) -> None:
        cls = stage_named(self.stage).settings
        check_literals(self)
        bad = [m for m in self.train_modules if m not in MODULES]
        if bad:
            raise ValueError(f"train_modules: unknown {bad}; valid: {', '.join(MODULES)}")
        if not self.train_modules:
            raise ValueError("train_modules: empty; a stage must train something")
        if "lora" in self.train_modules and self.lora is None:
            self.lora = LoraSettings()
        if isinstance(self.lora, dict):
            self.lora = LoraSettings(**self.lora)
        check_counts(self, "data_workers")
        check_counts(self, "lr", "max_steps", "batch_size", "grad_accum", "save_every",
                     "image_size", positive=True)
        if self.settings is None:
            self.settings = cls()
        elif isinstance(self.settings, dict):
            self.settings = cls(**self.settings)
        elif not isinstance(self.settings, cls):
            raise ValueError(f"settings: a {type(self.settings).__name__}; stage "
                             f"{self.stage} takes {cls.__name__}")

    @classmethod
    def from_dict(cls, raw: dict, source: str = "recipe") -> "Recipe":
        """A recipe from flat keys (a YAML file's), each routed to the common part or to the
        stage's settings. A key of another stage or an unknown key fails naming it."""
        if "stage" not in raw:
            raise ValueError(f"{source}: no 'stage' key; valid: "
                             f"{', '.join(s.name for s in STAGES.values())}")
        try:
            own = stage_named(raw["stage"]).settings
        except ValueError as e:
            raise ValueError(f"{source}: {e}") from None
        common = {f.name for f in fields(cls)} - {"settings"}
        mine = {f.name for f in fields(own)}
        elsewhere = {}
        for key, stage in STAGES.items():
            if stage.name != raw["stage"]:
                for f in fields(stage.settings):
                    if f.name not in mine:
                        elsewhere.setdefault(f.name, []).append(f"{stage.name} ({key})")
        if "settings" in raw:
            elsewhere.setdefault("settings", ["none: write the stage's keys at the top level"])
        foreign = sorted(k for k in raw if k in elsewhere)
        if foreign:
            k = foreign[0]
            raise ValueError(f"{source}: key {k!r} belongs to stage {', '.join(elsewhere[k])}, "
                             f"not {raw['stage']}")
        unknown = sorted(set(raw) - common - mine)
        if unknown:
            raise ValueError(f"{source}: unknown key(s) {', '.join(unknown)}; valid: "
                             f"{', '.join(sorted(common | mine))}")
        try:
            return cls(**{k: v for k, v in raw.items() if k in common},
                       settings=own(**{k: v for k, v in raw.items() if k in mine}))
        except (TypeError, ValueError) as e:
            raise ValueError(f"{source}: {e}") from None

    def with_overrides(self, **changes) -> "Recipe":
        """A copy with some flat keys changed (common or the stage's own)."""
        return Recipe.from_dict({**self.to_dict(), **changes})

    def to_dict(self) -> dict:
        """The flat form: common fields, then the stage's own."""
        common = asdict(self)
        del common["settings"]
        return {**common, **asdict(self.settings)}

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
    """Recipe from YAML (+ overrides); a wrong key fails naming the file and the key."""
    path = Path(path)
    if not path.is_file():
        raise FileNotFoundError(f"recipe {path} does not exist")
    raw = yaml.safe_load(path.read_text()) or {}
    if not isinstance(raw, dict):
        raise ValueError(f"{path}: a recipe is a mapping of keys to values")
    raw.update(overrides or {})
    return Recipe.from_dict(raw, source=str(path))


def parse_overrides(items: list[str] | None) -> dict:
    """``["lr=3e-4", "max_steps=10"]`` -> {"lr": 0.0003, "max_steps": 10}."""
    out = {}
    for item in items or []:
        if "=" not in item:
            raise ValueError(f"--set: expected key=value, got {item!r}")
        k, v = item.split("=", 1)
        out[k.strip()] = _coerce(v)
    return out


def _default(f):
    if f.default is not MISSING:
        return json.loads(json.dumps(f.default))
    if f.default_factory is not MISSING:
        return json.loads(json.dumps(f.default_factory()))
    return None


def recipe_diff(recorded: dict, recipe: Recipe) -> list[str]:
    """Fields whose recorded value (a ``record()`` saved with a checkpoint or a finished stage)
    differs from ``recipe``'s. A field the record lacks (one added since) counts as its
    default, so new options with defaults do not make finished stages stale."""
    now = recipe.record()
    out = []
    for f in [*fields(Recipe), *fields(recipe.settings)]:
        if f.name == "settings":
            continue
        old = recorded[f.name] if f.name in recorded else _default(f)
        if old != now[f.name]:
            out.append(f.name)
    return out
