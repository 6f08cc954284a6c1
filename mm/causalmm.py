"""CausalMM (ICLR 2025): the settings and the decoding rules, as pure functions on logits.

CausalMM treats the visual and the language priors as confounders of attention -> output. It
approximates the back-door adjustment with *counterfactual attention* (mm/interventions.py)
and decodes with the contrast between the factual logits ``l`` and the logits of branches run
under counterfactual attention:

    one level    l_causal = (1 + g) * l - g * l_cf
    both levels  l_causal = (1 + 2g) * l - g * l_v - g * l_l

restricted to the tokens the factual model finds plausible (adaptive plausibility):
``p_factual(t) >= a * max_t' p_factual(t')``; every other token gets -inf. Greedy takes the
argmax; sampling applies temperature and top-p to the restricted logits.

Everything here is a pure function of tensors (no model, no state), so each rule is unit
tested on hand-made logits; mm/causal_generate.py runs the branches and calls these.

    python -c "from mm.causalmm import CausalMMConfig; print(CausalMMConfig(level='both'))"
"""
from __future__ import annotations

import math
from dataclasses import asdict, dataclass
from typing import Sequence

import torch

LEVELS = ("vision", "language", "both")
CF_TYPES = ("random", "uniform", "reversed", "shuffled")
VISION_MODES = ("attention", "pooled")
#: the flag of mm-eval that sets each field (for one-line CLI errors)
FLAGS = {"level": "--cf-level", "cf_type": "--cf-type", "gamma": "--gamma", "alpha": "--alpha",
         "cf_layers": "--cf-layers", "vision_layers": "--cf-vision-layers",
         "vision_mode": "--cf-vision-mode", "seed": "--seed"}
#: log-probability given to a token outside the plausible set when *scoring* (a finite
#: number, so results stay valid JSON and a continuation with fewer implausible tokens always
#: ranks above one with more)
IMPLAUSIBLE_LOGP = -1.0e4


class ConfigError(ValueError):
    """A bad CausalMM setting; ``field`` names the dataclass field (``FLAGS`` maps it to the
    mm-eval flag)."""

    def __init__(self, field_name: str, message: str):
        super().__init__(f"{field_name}: {message}")
        self.field = field_name


def _layers(name: str, value) -> list[int] | None:
    if value is None:
        return None
    if isinstance(value, str):  # "8,9,10" or "8-12" from a CLI
        value = parse_layers(value, name)
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
    cf_layers      LLM decoder layers to intervene on (default: the middle third)
    vision_layers  CLIP encoder layers (default: those feeding ``vision_feature_layer``; in
                   "pooled" mode the one layer that produces it)
    vision_mode    "attention" (counterfactual attention inside the CLIP layers) or "pooled"
                   (the official code's shortcut: the counterfactual map pooled to one weight
                   per patch, multiplied into the patch features)
    seed           seeds the random and shuffled attention (a counter-based hash, see
                   mm/interventions.py) and the sampler
    """

    level: str = "language"
    cf_type: str = "random"
    gamma: float = 1.0
    alpha: float = 0.1
    cf_layers: list[int] | None = None
    vision_layers: list[int] | None = None
    vision_mode: str = "attention"
    seed: int = 0

    def __post_init__(self):
        if self.level not in LEVELS:
            raise ConfigError("level", f"{self.level!r} is not one of {', '.join(LEVELS)}")
        if self.cf_type not in CF_TYPES:
            raise ConfigError("cf_type", f"{self.cf_type!r} is not one of {', '.join(CF_TYPES)}")
        if self.vision_mode not in VISION_MODES:
            raise ConfigError("vision_mode",
                              f"{self.vision_mode!r} is not one of {', '.join(VISION_MODES)}")
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


# ----------------------------------------------------------------------------- rules


def contrast(factual: torch.Tensor, counterfactuals: Sequence[torch.Tensor],
             gamma: float) -> torch.Tensor:
    """(1 + n*g) * l - g * sum(l_cf) over the n counterfactual branches: the paper's
    single-level rule for n = 1 and its two-level rule for n = 2. Shapes (..., V)."""
    out = (1.0 + gamma * len(counterfactuals)) * factual.float()
    for cf in counterfactuals:
        out = out - gamma * cf.float()
    return out


def plausible(factual: torch.Tensor, alpha: float) -> torch.Tensor:
    """Bool (..., V): p_factual >= alpha * max p_factual, computed in log space (exact for
    logits of any scale; alpha = 0 keeps every token, alpha = 1 keeps the argmax ties)."""
    logp = torch.log_softmax(factual.float(), -1)
    if alpha <= 0.0:
        return torch.ones_like(logp, dtype=torch.bool)
    return logp >= logp.max(-1, keepdim=True).values + math.log(alpha)


def causal_logits(factual: torch.Tensor, counterfactuals: Sequence[torch.Tensor], gamma: float,
                  alpha: float) -> torch.Tensor:
    """The contrast with every implausible token at -inf. (..., V) float32."""
    out = contrast(factual, counterfactuals, gamma)
    return out.masked_fill(~plausible(factual, alpha), float("-inf"))


def causal_log_probs(factual: torch.Tensor, counterfactuals: Sequence[torch.Tensor],
                     gamma: float, alpha: float) -> torch.Tensor:
    """log p of the causal decoding distribution (softmax of ``causal_logits``) for scoring;
    implausible tokens get ``IMPLAUSIBLE_LOGP`` instead of -inf. (..., V) float32."""
    keep = plausible(factual, alpha)
    out = torch.log_softmax(contrast(factual, counterfactuals, gamma).masked_fill(
        ~keep, float("-inf")), -1)
    return out.masked_fill(~keep, IMPLAUSIBLE_LOGP)


def yes_probability(factual: torch.Tensor, counterfactuals: Sequence[torch.Tensor],
                    gamma: float, alpha: float, yes_ids: Sequence[int],
                    no_ids: Sequence[int]) -> torch.Tensor:
    """COMFORT's P(yes) = Y / (Y + N) under the causal distribution, per row of (B, V) logits.
    Where the cutoff removes every yes and no token of a row, that row's ratio is taken under
    the contrast alone (without the cutoff) rather than 0/0. Returns (B,)."""
    yes, no = list(yes_ids), list(no_ids)
    p = torch.softmax(causal_logits(factual, counterfactuals, gamma, alpha), -1)
    y, n = p[:, yes].sum(-1), p[:, no].sum(-1)
    q = torch.softmax(contrast(factual, counterfactuals, gamma), -1)
    y0, n0 = q[:, yes].sum(-1), q[:, no].sum(-1)
    cut = (y + n) <= 0
    y, n = torch.where(cut, y0, y), torch.where(cut, n0, n)
    return y / (y + n).clamp_min(1e-30)


def top_p_filter(logits: torch.Tensor, top_p: float) -> torch.Tensor:
    """Keep the smallest set of tokens whose probability reaches ``top_p`` (always the top
    one); the rest to -inf. (B, V)."""
    if top_p >= 1.0:
        return logits
    sorted_l, order = torch.sort(logits, -1, descending=True)
    cum = torch.softmax(sorted_l, -1).cumsum(-1)
    drop = (cum - torch.softmax(sorted_l, -1)) >= top_p  # mass before this token already >= p
    drop[..., 0] = False
    return logits.masked_fill(drop.scatter(-1, order, drop), float("-inf"))


def select_tokens(logits: torch.Tensor, do_sample: bool = False, temperature: float = 1.0,
                  top_p: float = 1.0, generator: torch.Generator | None = None) -> torch.Tensor:
    """Next token per row of (B, V) causal logits: argmax, or a draw after temperature and
    top-p. -inf entries are never chosen. Returns (B,) int64."""
    if not do_sample:
        return logits.argmax(-1)
    if temperature <= 0:
        raise ValueError(f"temperature: must be > 0 when sampling, got {temperature}")
    probs = torch.softmax(top_p_filter(logits / temperature, top_p), -1)
    return torch.multinomial(probs, 1, generator=generator)[:, 0]
