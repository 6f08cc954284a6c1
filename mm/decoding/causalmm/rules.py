"""CausalMM's decoding rules (ICLR 2025), as pure functions on logits.

CausalMM treats the visual and the language priors as confounders of attention -> output. It
approximates the back-door adjustment with *counterfactual attention* (interventions.py beside
this module) and decodes with the contrast between the factual logits ``l`` and the logits of
branches run under counterfactual attention:

    one level    l_causal = (1 + g) * l - g * l_cf
    both levels  l_causal = (1 + 2g) * l - g * l_v - g * l_l

restricted to the tokens the factual model finds plausible (adaptive plausibility):
``p_factual(t) >= a * max_t' p_factual(t')``; every other token gets -inf. Greedy takes the
argmax; sampling applies temperature and top-p to the restricted logits.

Everything here is a pure function of tensors (no model, no state), so each rule is unit
tested on hand-made logits; generate.py runs the branches and calls these.

    python -m pytest tests/mm/test_causalmm.py -k "contrast or plausib or scoring"
"""
from __future__ import annotations

import math
from typing import Sequence

import torch

#: log-probability given to a token outside the plausible set when *scoring* (a finite
#: number, so results stay valid JSON and a continuation with fewer implausible tokens always
#: ranks above one with more)
IMPLAUSIBLE_LOGP = -1.0e4


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
