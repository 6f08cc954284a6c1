"""Training recipes: typed, validated, saved beside every checkpoint.

The four MAVIS stages differ only in their recipe (which modules train, data, learning rate,
schedule, batch, init checkpoint), never in ``if stage == 3`` branches of the loop. A recipe is
the fields every stage shares (``Recipe``) plus ``settings``, the dataclass of the stage's own
keys that its file in ``train/stages/`` declares. Recipe YAML stays flat: the loader routes each
key to the common part or to the stage's part. Flow: code defaults -> recipe YAML -> CLI flags
(``--set key=value``).

Every field is checked when the recipe is made, before any work: its type (from the dataclass
annotation: a whole number, a finite number, true/false, a string, one of a ``Literal``'s
values, a list of them), then its range. A bad value is ``RecipeError`` naming the field, so
the CLI can blame the flag or file it came from.

    python -c "from train.recipe import load_recipe; print(load_recipe('configs/small/stage3.yaml'))"
"""
from __future__ import annotations

import difflib
import json
import math
import re
import types
import typing
from dataclasses import MISSING, asdict, dataclass, field, fields
from pathlib import Path
from typing import Any, Literal

import yaml

from engines.dataset.config import MAX_ROWS
from train.stage import STAGES, stage_named

Preset = Literal["tiny", "small", "base"]
Module = Literal["vision", "text_tower", "projector", "llm", "lora"]
MODULES = typing.get_args(Module)


class RecipeError(ValueError):
    """A bad recipe value or key; ``key`` names the field (None: the file as a whole),
    ``detail`` is the message without the file it came from."""

    def __init__(self, key: str | None, message: str, detail: str | None = None):
        self.key, self.detail = key, detail or message
        super().__init__(message)


# YAML 1.1 (PyYAML) reads an exponent without a dot ("1e-3") as a string
_FLOAT_TEXT = re.compile(r"[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?")


def _describe(hint) -> str:
    if hint is type(None):
        return "null"
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin is Literal:
        return "one of " + ", ".join(map(str, args))
    if origin in (typing.Union, types.UnionType):
        return " or ".join(_describe(a) for a in args)
    if origin is list:
        return f"a list of ({_describe(args[0])})"
    return {bool: "true or false", int: "a whole number", float: "a finite number",
            str: "a string"}.get(hint, getattr(hint, "__name__", str(hint)))


def _accepts(hint, value) -> bool:
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if hint is Any:
        return True
    if hint is type(None):
        return value is None
    if origin is Literal:
        return value in args
    if origin in (typing.Union, types.UnionType):
        return any(_accepts(a, value) for a in args)
    if origin is list:
        return isinstance(value, list) and all(_accepts(args[0], v) for v in value)
    if hint is bool:
        return isinstance(value, bool)
    if hint is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if hint is float:
        return (isinstance(value, (int, float)) and not isinstance(value, bool) and
                math.isfinite(value))
    if hint is str:
        return isinstance(value, str)
    if isinstance(hint, type):
        return isinstance(value, hint)
    return True


def check_types(obj, skip: tuple[str, ...] = ()) -> None:
    """``RecipeError`` naming the first field of the dataclass ``obj`` whose value does not
    have its annotated type (``Literal`` values included). A number written as text that YAML
    1.1 leaves a string ("1e-3") becomes the float it spells."""
    for name, hint in typing.get_type_hints(type(obj)).items():
        if name in skip:
            continue
        value = getattr(obj, name)
        if (isinstance(value, str) and _FLOAT_TEXT.fullmatch(value) and not _accepts(hint, value)
                and _accepts(hint, float(value))):
            value = float(value)
            setattr(obj, name, value)
        if not _accepts(hint, value):
            raise RecipeError(name, f"{name}: expected {_describe(hint)}, got {value!r}")


# YAML 1.1 (PyYAML) reads these words as booleans; a field whose options are words gets the word
_BOOL_WORDS = {False: ("no", "off", "false"), True: ("yes", "on", "true")}


def check_literals(obj) -> None:
    """``RecipeError`` naming the field when a ``Literal``-typed field holds another value. A
    boolean where the options are words is the word YAML 1.1 read as it (``mixed_precision:
    no``)."""
    for name, hint in typing.get_type_hints(type(obj)).items():
        if typing.get_origin(hint) is not Literal:
            continue
        options, value = typing.get_args(hint), getattr(obj, name)
        word = [w for w in _BOOL_WORDS[value] if w in options] if isinstance(value, bool) else []
        if word:
            value = word[0]
            setattr(obj, name, value)
        if value not in options:
            raise RecipeError(name, f"{name}: {value!r}; valid: {', '.join(map(str, options))}")


def check_counts(obj, *names: str, positive: bool = False) -> None:
    """``RecipeError`` when one of ``names`` is not a number (of its annotated type), is
    negative or, with ``positive``, not above zero."""
    hints = typing.get_type_hints(type(obj))
    for name in names:
        v = getattr(obj, name)
        if not _accepts(hints.get(name, float), v) or isinstance(v, (bool, str)):
            raise RecipeError(name, f"{name}: expected {_describe(hints.get(name, float))}, "
                              f"got {v!r}")
        if v is not None and (v <= 0 if positive else v < 0):
            raise RecipeError(name, f"{name}: must be {'positive' if positive else '>= 0'}, "
                              f"got {v}")


def check_range(obj, name: str, low: float, high: float) -> None:
    v = getattr(obj, name)
    if not low <= v <= high:
        raise RecipeError(name, f"{name}: must be in [{low}, {high}], got {v}")


@dataclass
class LoraSettings:
    r: int = 8
    alpha: int = 16
    dropout: float = 0.05
    target_modules: list[str] = field(
        default_factory=lambda: ["q_proj", "k_proj", "v_proj", "o_proj"])

    def __post_init__(self) -> None:
        try:
            check_types(self)
            check_counts(self, "r", "alpha", positive=True)
            if not 0 <= self.dropout < 1:
                raise RecipeError("dropout", f"dropout: must be in [0, 1), got {self.dropout}")
            if not self.target_modules:
                raise RecipeError("target_modules", "target_modules: empty; name the modules "
                                  "LoRA adapts")
        except RecipeError as e:
            raise RecipeError("lora", f"lora.{e}") from None


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
    # the language model's token embeddings (and its head, tied to them) stay as the stage
    # starts them while the rest of train_modules learns: the picture's tokens, which the
    # projector puts near the embeddings of the patch head's words, keep matching them
    freeze_embeddings: bool = False
    # the language model's first this many decoder layers stay as the stage starts them (with
    # LoRA, their adapters too): the small preset's stage 4 trains the last layer alone
    frozen_llm_layers: int = 0
    # optimisation
    lr: float = 1e-3
    # a learning rate of its own for some of train_modules (LLaVA-OneVision's
    # mm_vision_tower_lr): {vision: 1.0e-4} trains the tower ten times slower than the rest
    module_lr: dict = field(default_factory=dict)
    weight_decay: float = 0.0
    # the stage's steps (train.loop; its grounding steps keep AdamW): adamw, or muon: Muon for
    # the language model's hidden matrices, AdamW for the rest (train/optim.py; not under FSDP
    # or DeepSpeed, whose processes hold shards)
    optimizer: Literal["adamw", "muon"] = "adamw"
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
    # the POPE- and MME-format grounding rows (pope-synth, mme-synth builds): mm-eval builds its
    # sets of those kinds at --seed (default 0), far below seed + this offset
    grounding_seed_offset: int = 20_011
    # POPE-format rows kept of each pictured scene: 18 is POPE's whole set (3 splits x 6 probes,
    # the 3 present objects asked again in every split); 6 one split's probes (scene i: split
    # i mod 3), each question once; 2 one present and one absent object of that split. Fewer
    # rows a scene are more scenes for the same pope_n (pope_n / this many)
    pope_rows_per_image: Literal[2, 6, 18] = 18
    # the absent object of those rows: POPE's (its split's rule), or, with 2 rows a scene,
    # balanced: drawn so that each object is asked about as often absent as present in each
    # theme's scenes, where POPE's pairs ask some objects present 22% of the time and others
    # 75%, a prior a model answers from without looking; or out_of_theme: one no scene of the
    # theme holds, so the theme answers every row (a model with a co-occurrence prior, for the
    # CausalMM experiment)
    pope_negatives: Literal["pope", "balanced", "out_of_theme"] = "pope"
    # bookkeeping
    save_every: int = 10
    # checkpoints: accelerate's save_state (each process its shard; needed under FSDP and
    # DeepSpeed), our safetensors files (the unwrapped model's trainable tensors), or auto:
    # accelerate's when the run is sharded, else safetensors (train.checkpoint)
    checkpoint_format: Literal["auto", "safetensors", "accelerate"] = "auto"
    log_every: int = 1
    eval_n: int = 64  # held-out rows for the stage's learning numbers
    # model
    max_length: int = 256  # text tokens per example (image tokens excluded)
    mixed_precision: Literal["no", "bf16", "fp16"] = "no"
    # weights as loaded (stages 2-4: the LLaVA model, a local LLM, the stage-4 reference):
    # bfloat16 halves their memory; the trainable ones are then kept in float32 for AdamW, and
    # the forward pass runs under bf16 autocast (mixed_precision bf16)
    load_dtype: Literal["float32", "bfloat16"] = "float32"
    gradient_checkpointing: bool = False  # recompute activations in the backward pass
    data_workers: int = 0  # DataLoader worker processes building batches (0: the main one)
    # decoded pictures a stage keeps between epochs, in MiB per process (each data worker holds
    # its own): the least recently used go first; the tiny and small presets' fit whole
    cache_mb: float = 1024.0
    # the stage's own keys (its settings dataclass; default: that class's defaults)
    settings: Any = None

    def __post_init__(self) -> None:
        cls = stage_named(self.stage).settings
        check_literals(self)
        if isinstance(self.train_modules, list):
            bad = [m for m in self.train_modules if m not in MODULES]
            if bad:
                raise RecipeError("train_modules", f"train_modules: unknown {bad}; valid: "
                                  f"{', '.join(MODULES)}")
        check_types(self, skip=("lora", "settings"))
        self._check_module_lr()
        if not self.train_modules:
            raise RecipeError("train_modules", "train_modules: empty; a stage must train "
                              "something")
        if self.optimizer == "muon" and "llm" not in self.train_modules:
            raise RecipeError("optimizer", f"optimizer: muon takes the language model's hidden "
                              f"matrices, and train_modules ({', '.join(self.train_modules)}) "
                              f"has no llm; use adamw")
        if "lora" in self.train_modules and self.lora is None:
            self.lora = LoraSettings()
        if isinstance(self.lora, dict):
            unknown = sorted(set(self.lora) - {f.name for f in fields(LoraSettings)})
            if unknown:
                raise RecipeError("lora", f"lora: unknown key(s) {', '.join(map(str, unknown))}; "
                                  f"valid: {', '.join(f.name for f in fields(LoraSettings))}")
            self.lora = LoraSettings(**self.lora)
        elif self.lora is not None and not isinstance(self.lora, LoraSettings):
            raise RecipeError("lora", f"lora: expected a mapping of LoRA settings, got "
                              f"{self.lora!r}")
        check_counts(self, "data_workers", "cache_mb", "frozen_llm_layers")
        check_counts(self, "lr", "max_steps", "batch_size", "grad_accum", "save_every",
                     "log_every", "image_size", "data_n", "eval_n", "max_length", positive=True)
        check_counts(self, "weight_decay", "warmup_steps", "max_grad_norm", "seed",
                     "heldout_seed_offset", "yes_no_seed_offset", "grounding_seed_offset")
        check_range(self, "image_size", 32, 4096)
        check_range(self, "data_n", 1, MAX_ROWS)
        check_range(self, "eval_n", 1, MAX_ROWS)
        if self.load_dtype == "bfloat16" and self.mixed_precision != "bf16":
            raise RecipeError("load_dtype", "load_dtype: bfloat16 needs mixed_precision: bf16 "
                              f"(got {self.mixed_precision}): float32 trainable weights meet "
                              "bfloat16 frozen ones only under bf16 autocast")
        if self.pope_negatives != "pope" and self.pope_rows_per_image != 2:
            raise RecipeError("pope_negatives", f"pope_negatives: {self.pope_negatives} needs "
                              f"pope_rows_per_image: 2 (got {self.pope_rows_per_image})")
        if self.warmup_steps > self.max_steps:
            raise RecipeError("warmup_steps", f"warmup_steps: {self.warmup_steps} is more than "
                              f"max_steps ({self.max_steps})")
        if self.settings is None:
            self.settings = cls()
        elif isinstance(self.settings, dict):
            self.settings = cls(**self.settings)
        elif not isinstance(self.settings, cls):
            raise RecipeError("settings", f"settings: a {type(self.settings).__name__}; stage "
                              f"{self.stage} takes {cls.__name__}")
        check_types(self.settings)

    def _check_module_lr(self) -> None:
        for name, v in list(self.module_lr.items()):
            if v is None:  # YAML reads {vision:1e-4} as one key with no value
                raise RecipeError("module_lr", f"module_lr: {name!r} has no learning rate; write "
                                  "it as {vision: 1.0e-4} (a space after the colon)")
            if name not in self.train_modules:
                raise RecipeError("module_lr", f"module_lr: {name!r} is not one of train_modules "
                                  f"({', '.join(self.train_modules)})")
            if isinstance(v, str) and _FLOAT_TEXT.fullmatch(v):
                v = self.module_lr[name] = float(v)
            if isinstance(v, bool) or not isinstance(v, (int, float)) or not v > 0:
                raise RecipeError("module_lr", f"module_lr.{name}: expected a positive number, "
                                  f"got {v!r}")
            if not math.isfinite(v):
                raise RecipeError("module_lr", f"module_lr.{name}: expected a finite number, "
                                  f"got {v!r}")

    @classmethod
    def from_dict(cls, raw: dict, source: str = "recipe") -> "Recipe":
        """A recipe from flat keys (a YAML file's), each routed to the common part or to the
        stage's settings. A key of another stage or an unknown key fails naming it."""
        if "stage" not in raw:
            raise RecipeError("stage", f"{source}: no 'stage' key; valid: "
                              f"{', '.join(s.name for s in STAGES.values())}")
        try:
            own = stage_named(raw["stage"]).settings
        except ValueError as e:
            raise RecipeError("stage", f"{source}: {e}") from None
        check_keys(raw["stage"], raw, source)
        common = {f.name for f in fields(cls)} - {"settings"}
        mine = {f.name for f in fields(own)}
        try:
            return cls(**{k: v for k, v in raw.items() if k in common},
                       settings=own(**{k: v for k, v in raw.items() if k in mine}))
        except RecipeError as e:
            raise RecipeError(e.key, f"{source}: {e}", e.detail) from None
        except (TypeError, ValueError) as e:
            raise RecipeError(None, f"{source}: {e}") from None

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


def check_keys(stage: str, keys, source: str = "recipe") -> None:
    """``RecipeError`` naming the first of ``keys`` that a recipe of ``stage`` (a stage's
    name) cannot hold: another stage's key, or one no stage has. Its message names
    ``source``; its ``detail`` speaks of the key alone (``--set`` blames the value given)."""
    common = {f.name for f in fields(Recipe)} - {"settings"}
    mine = {f.name for f in fields(stage_named(stage).settings)}
    elsewhere = {}
    for key, other in STAGES.items():
        if other.name != stage:
            for f in fields(other.settings):
                if f.name not in mine:
                    elsewhere.setdefault(f.name, []).append(f"{other.name} ({key})")
    if "settings" in keys:
        elsewhere.setdefault("settings", ["none: write the stage's keys at the top level"])
    foreign = sorted(k for k in keys if k in elsewhere)
    if foreign:
        k = foreign[0]
        what = f"key {k!r} belongs to stage {', '.join(elsewhere[k])}, not {stage}"
        raise RecipeError(k, f"{source}: {what}", what)
    unknown = sorted(map(str, set(keys) - common - mine))
    if unknown:
        valid = f"valid: {', '.join(sorted(common | mine))}"
        near = difflib.get_close_matches(unknown[0], sorted(common | mine), n=1)
        hint = f" (did you mean {near[0]!r}?)" if near else ""
        raise RecipeError(unknown[0], f"{source}: unknown key(s) {', '.join(unknown)}; {valid}",
                          f"unknown key {unknown[0]!r}{hint}; {valid}")


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
    if path.is_dir():
        raise FileNotFoundError(f"recipe {path} is a folder, not a YAML file")
    if not path.is_file():
        raise FileNotFoundError(f"recipe {path} does not exist")
    try:
        raw = yaml.safe_load(path.read_text()) or {}
    except UnicodeDecodeError as e:
        raise RecipeError(None, f"{path}: not UTF-8 text ({e.reason} at byte {e.start})"
                          ) from None
    except yaml.YAMLError as e:
        mark = getattr(e, "problem_mark", None)
        where = f" at line {mark.line + 1}, column {mark.column + 1}" if mark else ""
        what = getattr(e, "problem", None) or str(e).splitlines()[0]
        raise RecipeError(None, f"{path}: not valid YAML ({what}{where})") from None
    if not isinstance(raw, dict):
        raise RecipeError(None, f"{path}: a recipe is a mapping of keys to values")
    raw.update(overrides or {})
    return Recipe.from_dict(raw, source=str(path))


def parse_overrides(items: list[str] | None) -> dict:
    """``["lr=3e-4", "max_steps=10"]`` -> {"lr": 0.0003, "max_steps": 10}."""
    out = {}
    for item in items or []:
        if "=" not in item or not item.split("=", 1)[0].strip():
            raise RecipeError(None, f"--set: expected key=value, got {item!r}")
        k, v = item.split("=", 1)
        try:
            out[k.strip()] = _coerce(v)
        except yaml.YAMLError:
            raise RecipeError(k.strip(), f"--set: {k.strip()}: cannot read {v!r} as a value"
                              ) from None
    return out


def _default(f):
    if f.default is not MISSING:
        return json.loads(json.dumps(f.default))
    if f.default_factory is not MISSING:
        return json.loads(json.dumps(f.default_factory()))
    return None


# Fields that change neither the trained weights nor the training data: how often the loop
# logs and checkpoints and in which format, how many processes build batches and how much of
# the decoded data they keep, and how large the held-out sets that are measured after training
# are (a finished stage keeps the numbers it measured on its own eval_n; metrics.json records
# it). A run resumes or is reused across a change of these, so they stay out of the comparison
# that moves a stage to ``.previous``.
BOOKKEEPING = ("save_every", "log_every", "data_workers", "cache_mb", "eval_n",
               "checkpoint_format")


def recipe_diff(recorded: dict, recipe: Recipe) -> list[str]:
    """Fields whose recorded value (a ``record()`` saved with a checkpoint or a finished stage)
    differs from ``recipe``'s, ``BOOKKEEPING`` left out. A field the record lacks (one added
    since) counts as its default, so new options with defaults do not make finished stages
    stale."""
    now = recipe.record()
    out = []
    for f in [*fields(Recipe), *fields(recipe.settings)]:
        if f.name == "settings" or f.name in BOOKKEEPING:
            continue
        old = recorded[f.name] if f.name in recorded else _default(f)
        if old != now[f.name]:
            out.append(f.name)
    return out


def extends(recorded: dict, recipe: Recipe, step: int) -> bool:
    """Whether ``recipe`` continues a run recorded with ``recorded`` that reached ``step``:
    the two differ in ``max_steps`` alone and the new one is past ``step``."""
    return recipe_diff(recorded, recipe) == ["max_steps"] and recipe.max_steps > step
