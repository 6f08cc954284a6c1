"""CausalMM generation and scoring on a LLaVA model, with the branches in one batch.

A batch of B prompts becomes K*B rows, branch-major: rows [0, B) are the factual branch, then
one block of B rows per counterfactual branch ("vision", "language"; config.py names
them). Each block is built under its own intervention:

    vision    the image features come from the CLIP tower run with counterfactual attention
              (or, in "pooled" mode, the factual features times the pooled counterfactual map)
    language  counterfactual attention in the chosen LLM layers, on that block's rows only

All K*B rows run as ONE forward per step, left-padded, with one ``DynamicCache`` whose rows are
each branch's own cache: a counterfactual row's keys and values were computed under its
intervention, at the prompt and at every generated token. (The released CausalMM code reuses
the factual cache for the counterfactual pass, so from the 2nd generated token on its
counterfactual logits are the factual ones, and it runs the branches one after another at
batch 1.) The next token is chosen from the causal logits and appended to every branch.

``make_plan`` resolves a config against any image-text model: LLaVA models run this loop;
other families run the language level through their own forward (own_forward.py) and refuse
the vision level. adapter.py applies the rule to the whole adapter contract.

    from mm.decoding.causalmm import CausalLlavaAdapter, CausalMMConfig
    ad = CausalLlavaAdapter("runs/quickstart/train/final", CausalMMConfig(level="both"))
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import torch

from mm.decoding.causalmm.config import CausalMMConfig
from mm.decoding.causalmm.interventions import (VISION_SALT, CFSpec, check_layers,
                                                decoder_attention, default_language_layers,
                                                default_vision_layers, enable, intervene,
                                                vision_attention)
from mm.decoding.causalmm.rules import causal_logits, select_tokens


@dataclass
class Plan:
    """A config resolved against one model: which attention modules get which intervention."""

    cfg: CausalMMConfig
    language: list = field(default_factory=list)   # [(layer index, attention module)]
    vision: list = field(default_factory=list)
    #: batch order of the branches; ("factual",) alone is plain greedy in the same loop (the
    #: benchmark's reference)
    branches: tuple = ()
    #: a LLaVA model (this file's loop, both levels); else the model's own forward
    #: (own_forward.py, language level)
    llava: bool = True

    def __post_init__(self):
        self.branches = tuple(self.branches) or self.cfg.branches

    def layers(self) -> dict:
        """{"cf_layers": [...], "vision_layers": [...]}: the layers intervened on (None for a
        level the plan does not run)."""
        return {"cf_layers": [i for i, _ in self.language] or None,
                "vision_layers": [i for i, _ in self.vision] or None}


def is_llava(model) -> bool:
    """A ``LlavaForConditionalGeneration``-style model: one CLIP / SigLIP tower whose
    selected features a projector maps onto the image tokens, which this loop rebuilds."""
    inner = getattr(model, "model", model)
    return getattr(model.config, "model_type", None) == "llava" and all(
        hasattr(inner, a) for a in ("vision_tower", "multi_modal_projector"))


def _nearest_self_attention(i: int, mods) -> int:
    # Mllama's middle layer may be a cross-attention layer: the closest self-attention one
    return min((j for j, m in enumerate(mods) if m is not None), key=lambda j: (abs(j - i), j))


def make_plan(model, cfg: CausalMMConfig) -> Plan:
    """Resolve the layers (defaults, range checks) and check the architecture; switches the
    model to the "causalmm" attention function (sdpa outside interventions). Raises
    NotImplementedError (one line naming the model) for what it cannot run."""
    plan = Plan(cfg, llava=is_llava(model))
    if "language" in cfg.branches:
        mods = decoder_attention(model)
        layers = cfg.cf_layers or sorted({_nearest_self_attention(i, mods) for i in
                                          default_language_layers(len(mods), cfg.layer_preset)})
        plan.language = [(i, mods[i]) for i in check_layers("cf_layers", layers, mods, "LLM")]
    if "vision" in cfg.branches:
        if not plan.llava:
            raise NotImplementedError(
                f"CausalMM vision level runs on LLaVA models (a CLIP or SigLIP tower whose "
                f"features the loop rebuilds); {type(model).__name__} "
                f"({getattr(model.config, 'model_type', '?')}) is not one: use --cf-level "
                f"language")
        mods = vision_attention(model)
        layers = cfg.vision_layers or default_vision_layers(
            model.config.vision_feature_layer, len(mods), cfg.vision_mode == "pooled",
            cfg.layer_preset)
        plan.vision = [(i, mods[i]) for i in check_layers("vision_layers", layers, mods,
                                                          "vision encoder")]
    enable(model)
    return plan


def _specs(pairs, cfg: CausalMMConfig, rows, salt: int = 0, pool: bool = False):
    return [(m, CFSpec(cfg.cf_type, cfg.seed, i + salt, rows=rows, pool=pool)) for i, m in pairs]


def image_features(model, pixel_values: torch.Tensor, plan: Plan):
    """(factual (B, P, D), counterfactual (B, P, D) or None): projected image features, the
    second from the vision-level intervention."""
    inner = getattr(model, "model", model)
    vt, cfg = inner.vision_tower, model.config
    layer, strategy = cfg.vision_feature_layer, cfg.vision_feature_select_strategy
    idx = [layer] if isinstance(layer, int) else list(layer)
    pv = pixel_values.to(vt.dtype)
    b = pv.shape[0]

    def select(hidden, weights=None):  # hidden: tuple of (n, T, C); weights (n, T)
        hs = [hidden[i] if weights is None else hidden[i] * weights[..., None] for i in idx]
        if strategy == "default":
            hs = [h[:, 1:] for h in hs]  # drop CLS
        return inner.multi_modal_projector(torch.cat(hs, -1))

    c = plan.cfg
    if not plan.vision or "vision" not in plan.branches:
        return select(vt(pv, output_hidden_states=True).hidden_states), None
    if c.vision_mode == "pooled":
        # one factual pass; the chosen layers record the counterfactual map they would have
        with intervene(_specs(plan.vision, c, None, VISION_SALT, pool=True)) as specs:
            hidden = vt(pv, output_hidden_states=True).hidden_states
        w = torch.stack([s.pooled for s in specs]).mean(0).to(hidden[0].dtype)  # (B, P)
        t = hidden[0].shape[1]
        if w.shape[1] < t:  # a CLS token first: the official code weights patches only
            w = torch.cat([w.new_ones(b, t - w.shape[1]), w], 1)
        return select(hidden), select(hidden, w)
    # factual and counterfactual images in one batch of 2B; rows [B, 2B) intervened
    with intervene(_specs(plan.vision, c, (b, 2 * b), VISION_SALT)):
        feats = select(vt(torch.cat([pv, pv]), output_hidden_states=True).hidden_states)
    return feats[:b], feats[b:]


@dataclass
class Rows:
    """The K*B rows of a prepared batch (branch-major) and what each forward needs."""

    embeds: torch.Tensor       # (K*B, T, D)
    mask: torch.Tensor         # (K*B, T) 1 = token, 0 = left padding
    positions: torch.Tensor    # (K*B, T) position ids counted from the first real token
    k: int
    b: int


@torch.no_grad()
def prepare(model, plan: Plan, input_ids, attention_mask, pixel_values) -> Rows:
    """Embed a left-padded batch once per branch, with that branch's image features."""
    fact, cf_v = image_features(model, pixel_values, plan)
    emb = model.get_input_embeddings()(input_ids)                       # (B, T, D)
    tok_id = getattr(model.config, "image_token_id", None)
    if tok_id is None:
        tok_id = model.config.image_token_index
    img = (input_ids == tok_id)[..., None]                              # (B, T, 1)
    blocks = []
    for name in plan.branches:
        feats = cf_v if name == "vision" else fact
        blocks.append(emb.masked_scatter(img, feats.to(emb.dtype).reshape(-1, emb.shape[-1])))
    k, b = len(blocks), input_ids.shape[0]
    mask = attention_mask.long().repeat(k, 1)
    return Rows(torch.cat(blocks), mask, (mask.cumsum(-1) - 1).clamp_min(0), k, b)


def _groups(plan: Plan, rows: Rows, sequential: bool):
    """[(row slice, language-intervention pairs)]: one group for the batched run, one per
    branch for the sequential (original) method."""
    names, b = plan.branches, rows.b
    if not sequential:
        pairs = []
        if plan.language and "language" in names:
            j = names.index("language")
            pairs = _specs(plan.language, plan.cfg, (j * b, (j + 1) * b))
        return [(slice(0, rows.k * b), pairs)]
    return [(slice(j * b, (j + 1) * b),
             _specs(plan.language, plan.cfg, None) if n == "language" else [])
            for j, n in enumerate(names)]


@torch.no_grad()
def branch_logits(model, plan: Plan, rows: Rows, keep: int = 1) -> torch.Tensor:
    """Logits of the last ``keep`` positions of every branch, no cache: (K, B, keep, V)."""
    outs = []
    for sl, pairs in _groups(plan, rows, sequential=False):
        with intervene(pairs):
            out = model(inputs_embeds=rows.embeds[sl], attention_mask=rows.mask[sl],
                        position_ids=rows.positions[sl], use_cache=False, logits_to_keep=keep)
        outs.append(out.logits.float())
    lg = torch.cat(outs)
    return lg.view(rows.k, rows.b, *lg.shape[1:])


@dataclass
class CausalOutput:
    tokens: torch.Tensor                                  # (B, n) generated ids, pad after eos
    branch_logits: list = field(default_factory=list)     # per step (K, B, V), if traced


@torch.no_grad()
def causal_generate(model, plan: Plan, input_ids, attention_mask, pixel_values,
                    max_new_tokens: int, do_sample: bool = False, temperature: float = 1.0,
                    top_p: float = 1.0, seed: int = 0, eos_token_id=None, pad_token_id: int = 0,
                    stop_at_eos: bool = True, sequential: bool = False,
                    trace: bool = False) -> CausalOutput:
    """Causal decoding of a left-padded batch. ``sequential`` runs each branch as its own
    forward with its own cache (the original's method; same result, for benchmarks);
    ``trace`` keeps every step's branch logits."""
    from transformers import DynamicCache

    cfg = plan.cfg
    rows = prepare(model, plan, input_ids, attention_mask, pixel_values)
    groups = _groups(plan, rows, sequential)
    caches = [DynamicCache(config=model.config) for _ in groups]
    eos = torch.tensor(sorted({eos_token_id} if isinstance(eos_token_id, int) else
                              set(eos_token_id or ())), dtype=torch.long)
    dev = rows.embeds.device
    gen = torch.Generator(device=dev).manual_seed(seed) if do_sample else None
    mask, pos = rows.mask, rows.positions
    step_in = {"inputs_embeds": rows.embeds}
    done = torch.zeros(rows.b, dtype=torch.bool, device=dev)
    out, traced = [], []
    for step in range(max_new_tokens):
        logits = []
        for (sl, pairs), cache in zip(groups, caches):
            with intervene(pairs):
                o = model(**{k: v[sl] for k, v in step_in.items()}, attention_mask=mask[sl],
                          position_ids=pos[sl], cache=cache, use_cache=True, logits_to_keep=1)
            logits.append(o.logits[:, -1].float())
        lg = torch.cat(logits).view(rows.k, rows.b, -1)                  # (K, B, V)
        if trace:
            traced.append(lg.clone())
        tok = select_tokens(causal_logits(lg[0], list(lg[1:]), cfg.gamma, cfg.alpha), do_sample,
                            temperature, top_p, gen)                      # (B,)
        tok = torch.where(done, torch.full_like(tok, pad_token_id), tok)
        out.append(tok)
        if stop_at_eos and eos.numel():
            done = done | torch.isin(tok, eos.to(dev))
            if bool(done.all()):
                break
        step_in = {"input_ids": tok.repeat(rows.k)[:, None]}             # (K*B, 1)
        mask = torch.cat([mask, mask.new_ones(mask.shape[0], 1)], 1)
        pos = pos[:, -1:] + 1
    tokens = torch.stack(out, 1) if out else torch.zeros(rows.b, 0, dtype=torch.long)
    return CausalOutput(tokens, traced)
