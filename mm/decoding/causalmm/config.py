"""CausalMM's settings: one dataclass whose fields carry their mm-eval flags and demo controls.

Every field is an ``option`` (mm/decoding/base.py), so ``mm-eval run --decoding causalmm
--cf-level language --cf-type reversed --gamma 1 --alpha 0.1`` and the demo's CausalMM controls
come from this file; ``__post_init__`` checks every value and raises ``ConfigError`` naming
the field (mm-eval turns it into one line naming the flag).

    python -c "from mm.decoding.causalmm import CausalMMConfig; print(CausalMMConfig(level='both'))"
"""
from __future__ import annotations

import math
from dataclasses import asdict, dataclass

from mm.decoding.base import ConfigError, option

LEVELS = ("vision", "language", "both")
CF_TYPES = ("random", "uniform", "reversed", "shuffled")
VISION_MODES = ("attention", "pooled")
#: how unset layers are chosen (interventions.default_language_layers / default_vision_layers)
LAYER_PRESETS = ("paper", "wide")


def _layers(name: str, value) -> list[int] | None:
    if value is None:
        return None
    if isinstance(value, str):  # "8,9,10" or "8-12" from a CLI
        value = parse_layers(value, name)
        if value is None:
            return None
    out = list(value)
    if not out:
        raise ConfigError(name, "an empty list; leave it unset for the default layers")
    if any(isinstance(i, bool) or not isinstance(i, int) or i < 0 for i in out):
        raise ConfigError(name, f"layer indices are integers >= 0, got {out}")
    if len(set(out)) != len(out):
        raise ConfigError(name, f"repeated layer index in {out}")
    return sorted(out)


def parse_layers(text: str, name: str = "cf_layers") -> list[int] | None:
    """``"8,9,12-14"`` -> [8, 9, 12, 13, 14]; ``""`` -> None (the default layers)."""
    if not text.strip():
        return None
    out: list[int] = []
    for part in (p.strip() for p in text.split(",") if p.strip()):
        try:
            if "-" in part[1:]:
                lo, hi = part.split("-", 1)
                out.extend(range(int(lo), int(hi) + 1))
            else:
                out.append(int(part))
        except ValueError:
            raise ConfigError(name, f"expected layer numbers like 8,9,12-14, got {text!r}")
    return out


@dataclass
class CausalMMConfig:
    """The settings of one CausalMM run (recorded in results.json via ``to_dict``).

    level          "vision" (CLIP encoder), "language" (LLM decoder) or "both"
    cf_type        counterfactual attention: random | uniform | reversed | shuffled
    gamma          contrast strength g (>= 0; 0 is plain greedy on the factual branch)
    alpha          plausibility cutoff a in [0, 1] on the factual distribution
    cf_layers      LLM decoder layers to intervene on (default: ``layer_preset``)
    vision_layers  vision encoder layers (default: ``layer_preset``)
    layer_preset   the layers used where cf_layers / vision_layers are unset. "paper": single
                   layers, as the paper's ablations intervene: the middle LLM layer (n // 2)
                   and the vision layer that produces the selected features (the layer whose
                   map the official cf_encoder.py edits). "wide": the LLM's middle third and
                   every vision layer feeding the features (far stronger than the paper)
    vision_mode    "attention" (counterfactual attention inside the CLIP layers) or "pooled"
                   (the official code's shortcut: the counterfactual map pooled to one weight
                   per patch, multiplied into the patch features)
    seed           seeds the random and shuffled attention (a counter-based hash, see
                   interventions.py) and the sampler
    """

    level: str = option("language", flag="--cf-level", label="Level", choices=LEVELS)
    cf_type: str = option("random", flag="--cf-type", label="Counterfactual type",
                          choices=CF_TYPES)
    gamma: float = option(1.0, flag="--gamma", range=(0, 5), step=0.1)
    alpha: float = option(0.1, flag="--alpha", range=(0, 1), step=0.01)
    cf_layers: list[int] | None = option(
        None, flag="--cf-layers", help="LLM layers, e.g. 8-15 (default: --cf-layer-preset)",
        demo=False)
    vision_layers: list[int] | None = option(
        None, flag="--cf-vision-layers",
        help="vision encoder layers (default: --cf-layer-preset)", demo=False)
    layer_preset: str = option(
        "paper", flag="--cf-layer-preset", choices=LAYER_PRESETS, demo=False,
        help="unset layers: paper = the middle LLM layer and the vision layer producing the "
             "features; wide = the LLM's middle third and every vision layer feeding them")
    vision_mode: str = option("attention", flag="--cf-vision-mode", choices=VISION_MODES,
                              demo=False)
    seed: int = option(0, flag="--seed", shared=True, demo=False)

    def __post_init__(self):
        if self.level not in LEVELS:
            raise ConfigError("level", f"{self.level!r} is not one of {', '.join(LEVELS)}")
        if self.cf_type not in CF_TYPES:
            raise ConfigError("cf_type", f"{self.cf_type!r} is not one of {', '.join(CF_TYPES)}")
        if self.vision_mode not in VISION_MODES:
            raise ConfigError("vision_mode",
                              f"{self.vision_mode!r} is not one of {', '.join(VISION_MODES)}")
        if self.layer_preset not in LAYER_PRESETS:
            raise ConfigError("layer_preset", f"{self.layer_preset!r} is not one of "
                              f"{', '.join(LAYER_PRESETS)}")
        for name in ("gamma", "alpha"):
            v = getattr(self, name)
            if isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v):
                raise ConfigError(name, f"must be a finite number, got {v!r}")
            setattr(self, name, float(v))
        if self.gamma < 0:
            raise ConfigError("gamma", f"must be >= 0, got {self.gamma}")
        if not 0.0 <= self.alpha <= 1.0:
            raise ConfigError("alpha", f"must be in [0, 1], got {self.alpha}")
        if isinstance(self.seed, bool) or not isinstance(self.seed, int):
            raise ConfigError("seed", f"must be an integer, got {self.seed!r}")
        self.cf_layers = _layers("cf_layers", self.cf_layers)
        self.vision_layers = _layers("vision_layers", self.vision_layers)
        if self.cf_layers is not None and self.level == "vision":
            raise ConfigError("cf_layers", "names LLM layers, but level is 'vision' "
                              "(use vision_layers for CLIP layers)")
        if self.vision_layers is not None and self.level == "language":
            raise ConfigError("vision_layers", "names CLIP layers, but level is 'language'")

    @property
    def branches(self) -> tuple[str, ...]:
        """Branch names in batch order: ("factual", "vision"?, "language"?)."""
        return ("factual",) + (("vision",) if self.level in ("vision", "both") else ()) + \
            (("language",) if self.level in ("language", "both") else ())

    def to_dict(self) -> dict:
        return asdict(self)
