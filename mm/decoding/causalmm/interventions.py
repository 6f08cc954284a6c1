"""Counterfactual attention for CausalMM: a registered transformers attention function.

CausalMM (ICLR 2025) intervenes on attention, do(A = A*), and reads the effect of the factual
attention off the contrast of the outputs. Here A* replaces the POST-softmax attention
probabilities of chosen layers, for chosen batch rows only (the counterfactual branches of a
batch laid out as branches x prompts), in four ways:

    uniform   1/n over the n keys the row may attend to
    random    positive random weights over those keys, normalised (Dirichlet(1) draws)
    reversed  (max - p) renormalised over those keys, max being the row's largest
              probability: the official ``reverse_and_normalize_attention`` (the factual
              favourite gets 0). A row whose allowed keys all have the same probability (one
              key, or an exactly uniform row; the official code divides 0 by 0 there) becomes
              uniform over its allowed keys.
    shuffled  the row's probabilities permuted among its allowed keys

Every type keeps masked keys (causal, padding, sliding window) at exactly 0 and every row with
an allowed key sums to 1; rows without one (pad queries) are all 0.

Pooled vision mode is the official vision-level code (cf_encoder.py): the counterfactual map is
built from the layer's whole (heads x queries x keys) attention WITHOUT renormalising (random
2U(0,1); uniform the map's mean; reversed the map's max minus the map; shuffled one permutation
of the flattened query x key entries per head), resized bilinearly to the patch grid
(``F.interpolate(..., align_corners=False)``), averaged over heads and multiplied into the patch
features: ``official_pooled_map``.

Seeding: the random weights and the shuffle order come from a counter-based hash of (seed,
layer, head, query position, key position), with positions counted from the first real token.
A stateful ``torch.Generator`` would make the draw depend on call order, batch composition,
padding and on whether a KV cache was used; the hash gives the same counterfactual for a
prompt at batch 1 or 8, left-padded or not, cached or recomputed.

Mechanism (no forked model code): ``enable(model)`` registers the function and its mask
builder under the name "causalmm" in transformers' ``AttentionInterface`` /
``AttentionMaskInterface`` (the only process-wide state this module touches; idempotent) and
calls ``model.set_attn_implementation("causalmm")`` for the LLM and the vision tower. Without an
intervention the function IS transformers' sdpa attention. ``intervene`` attaches a ``CFSpec``
to the chosen attention modules inside a ``with`` block and removes it on exit.

    python -m pytest tests/mm/test_causalmm.py -k counterfactual
"""
from __future__ import annotations

import math
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Iterable, Sequence

import torch

from mm.decoding.base import ConfigError
from mm.decoding.causalmm.config import CF_TYPES

ATTN_NAME = "causalmm"
SPEC_ATTR = "_causalmm_cf"
#: added to vision layer indices in the hash, so vision layer i and LLM layer i differ
VISION_SALT = 1 << 20
_M32 = 0xFFFFFFFF


@dataclass
class CFSpec:
    """One intervention on one attention module.

    rows    (start, stop): the contiguous block of batch rows that gets the counterfactual
            (a branch, in the branches x prompts layout); None: every row
    pool    pooled mode: the output stays factual; ``pooled`` receives the official pooled
            counterfactual map, one weight per patch, (n, P) (``official_pooled_map``)
    """

    cf_type: str
    seed: int
    layer: int
    rows: tuple[int, int] | None = None
    pool: bool = False
    pooled: torch.Tensor | None = None

    def __post_init__(self):
        if self.cf_type not in CF_TYPES:
            raise ConfigError("cf_type", f"{self.cf_type!r} is not one of {', '.join(CF_TYPES)}")


# ----------------------------------------------------------------------------- pure parts


def _mix32(x: torch.Tensor) -> torch.Tensor:
    # a 32-bit avalanche step kept inside int64: x < 2^32 and odd multipliers < 2^31, so
    # products stay below 2^63 (no signed overflow, identical on every device)
    x = x & _M32
    x = x ^ (x >> 16)
    x = (x * 0x7FEB352D) & _M32
    x = x ^ (x >> 15)
    x = (x * 0x5BD1E995) & _M32
    return x ^ (x >> 16)


def hash_uniform(seed: int, layer: int, head: torch.Tensor, qpos: torch.Tensor,
                 kpos: torch.Tensor) -> torch.Tensor:
    """Uniform numbers in (0, 1) that depend only on (seed, layer, head, query position, key
    position); the tensor arguments broadcast, e.g. head (1, H, 1, 1), qpos (n, 1, Q, 1),
    kpos (n, 1, Q, K) -> (n, H, Q, K) float32."""
    h = _mix32(torch.tensor(seed, dtype=torch.int64, device=qpos.device) ^ 0x9E3779B9)
    h = _mix32(h ^ (layer & _M32))
    h = _mix32(h ^ head.long())
    h = _mix32(h ^ qpos.long())
    h = _mix32(h ^ kpos.long())
    return ((h.double() + 0.5) / 4294967296.0).float()


def allowed_keys(attention_mask: torch.Tensor | None, n: int, q_len: int, kv_len: int,
                 causal: bool, device) -> torch.Tensor:
    """Bool (n, 1, Q, K): which keys each query may attend to. ``attention_mask`` is the 4D
    mask the model passes to its attention function (bool, True = attend; or additive float),
    already restricted to the n rows; None means causal (aligned to the last key, as with a
    KV cache) or, for a bidirectional module, everything."""
    if attention_mask is None:
        if not causal:
            return torch.ones(n, 1, q_len, kv_len, dtype=torch.bool, device=device)
        i = torch.arange(q_len, device=device)[:, None] + (kv_len - q_len)
        return (torch.arange(kv_len, device=device)[None, :] <= i).expand(n, 1, q_len, kv_len)
    m = attention_mask[..., -kv_len:]
    if m.dtype != torch.bool:
        m = m > torch.finfo(m.dtype).min / 2
    return m.expand(n, 1, q_len, kv_len)


def real_positions(allowed: torch.Tensor, position_ids: torch.Tensor | None, causal: bool):
    """(qpos (n, 1, Q, 1), kpos (n, 1, Q, K)): positions counted from the first real token,
    so that padding and caching do not change them. Causal rows: a query's allowed keys are a
    run of real positions ending at the query itself (causal, padding, sliding window), so
    key k sits at qpos - #(allowed keys at or after k) + 1. Without position ids the query's
    position is its number of allowed keys - 1 (full causal attention)."""
    n, _, q_len, kv_len = allowed.shape
    dev = allowed.device
    if not causal:
        return (torch.arange(q_len, device=dev).view(1, 1, q_len, 1),
                torch.arange(kv_len, device=dev).view(1, 1, 1, kv_len))
    if position_ids is not None and position_ids.dim() == 2:
        qpos = position_ids.expand(n, q_len).reshape(n, 1, q_len, 1).long()
    else:
        qpos = allowed.sum(-1, keepdim=True).long() - 1
    after = allowed.flip(-1).long().cumsum(-1).flip(-1)  # (n, 1, Q, K) allowed keys >= k
    return qpos, qpos - after + 1


def factual_probs(query: torch.Tensor, key: torch.Tensor, scaling: float,
                  allowed: torch.Tensor) -> torch.Tensor:
    """softmax(q k^T * scaling) over allowed keys; masked entries and empty rows exactly 0.
    query (n, H, Q, D), key (n, H, K, D) -> (n, H, Q, K) float32."""
    s = torch.matmul(query.float(), key.float().transpose(-1, -2)) * scaling
    s = s.masked_fill(~allowed, float("-inf"))
    p = torch.softmax(s, -1)
    return torch.where(allowed.any(-1, keepdim=True), p, torch.zeros_like(p))


def counterfactual_probs(probs: torch.Tensor | None, allowed: torch.Tensor, cf_type: str,
                         u: torch.Tensor | None = None) -> torch.Tensor:
    """The counterfactual attention A* (n, H, Q, K) float32.

    probs    factual probabilities (needed by reversed and shuffled), masked entries 0
    allowed  bool, broadcastable to (n, H, Q, K)
    u        uniforms in (0, 1) of that shape (random and shuffled), from ``hash_uniform``
    """
    shape = probs.shape if probs is not None else torch.broadcast_shapes(
        allowed.shape, u.shape if u is not None else allowed.shape)
    a = allowed.expand(shape)
    af = a.float()
    n_allowed = af.sum(-1, keepdim=True)  # (n, H, Q, 1)
    if cf_type == "uniform":
        return af / n_allowed.clamp_min(1.0)
    if cf_type == "random":
        w = -torch.log(u.expand(shape)) * af  # Exp(1) weights -> Dirichlet(1) after normalising
        return w / w.sum(-1, keepdim=True).clamp_min(1e-30)
    if probs is None:
        raise ValueError(f"cf_type {cf_type!r} needs the factual probabilities")
    p = probs.float() * af
    if cf_type == "reversed":
        w = (p.amax(-1, keepdim=True) - p) * af
        total = w.sum(-1, keepdim=True)
        flat = total <= 1e-12 * n_allowed  # one key or an exactly uniform row: 0 / 0 officially
        return torch.where(flat, af / n_allowed.clamp_min(1.0), w / total.clamp_min(1e-30))
    if cf_type == "shuffled":
        big = torch.finfo(torch.float32).max
        idx = torch.arange(shape[-1], device=p.device, dtype=torch.float32).expand(shape)
        by_pos = torch.argsort(torch.where(a, idx, big), dim=-1, stable=True)
        by_hash = torch.argsort(torch.where(a, u.expand(shape), 2.0), dim=-1, stable=True)
        # the i-th allowed key (position order) receives the probability of the allowed key
        # with the i-th smallest hash; past the n allowed keys both orders list masked keys,
        # whose probability is 0
        return torch.zeros_like(p).scatter(-1, by_pos, p.gather(-1, by_hash))
    raise ValueError(f"cf_type {cf_type!r} is not one of {', '.join(CF_TYPES)}")


def official_pooled_map(probs: torch.Tensor, cf_type: str, u: torch.Tensor | None,
                        n_patches: int) -> torch.Tensor:
    """The official vision-level counterfactual, one weight per patch (n, n_patches).

    probs      the layer's factual attention (n, H, T, T), T tokens (CLS + patches, or patches)
    u          uniforms in (0, 1) broadcastable to it (random and shuffled), from the hash
    n_patches  a square number: the map is resized to that grid, as cf_encoder.apply_attention
               resizes to sqrt(#features) x sqrt(#features)
    """
    import torch.nn.functional as F

    n, h, q, k = probs.shape
    p = probs.float()
    if cf_type == "random":
        raw = 2.0 * u.expand(n, h, q, k)
    elif cf_type == "uniform":
        raw = p.mean(dim=(2, 3), keepdim=True).expand(n, h, q, k)
    elif cf_type == "reversed":
        raw = p.amax(dim=(2, 3), keepdim=True) - p
    elif cf_type == "shuffled":
        # one permutation of the flattened map per head, the same for every image
        u0 = u.expand(-1, h, q, k)[:1].reshape(1, h, q * k)
        perm = torch.argsort(u0, dim=-1, stable=True)
        raw = p.reshape(n, h, q * k).gather(-1, perm.expand(n, h, q * k)).view(n, h, q, k)
    else:
        raise ValueError(f"cf_type {cf_type!r} is not one of {', '.join(CF_TYPES)}")
    g = math.isqrt(n_patches)
    if g * g != n_patches:
        raise NotImplementedError(f"CausalMM pooled mode needs a square patch grid; got "
                                  f"{n_patches} patches")
    grid = F.interpolate(raw, size=(g, g), mode="bilinear", align_corners=False)
    return grid.mean(dim=1).reshape(n, n_patches)


# ----------------------------------------------------------------------------- attention fn


def _repeat_kv(x: torch.Tensor, n_rep: int) -> torch.Tensor:
    # (n, Hkv, K, D) -> (n, Hkv * n_rep, K, D), GQA heads in transformers' order
    if n_rep == 1:
        return x
    n, h, k, d = x.shape
    return x[:, :, None].expand(n, h, n_rep, k, d).reshape(n, h * n_rep, k, d)


def causalmm_attention(module, query, key, value, attention_mask, scaling=None, dropout=0.0,
                       **kwargs):
    """transformers attention function. query (N, H, Q, D), key/value (N, Hkv, K, D), returns
    ((N, Q, H, D), None). Rows named by the module's ``CFSpec`` get counterfactual attention;
    all other rows (and modules without a spec) go through transformers' sdpa attention."""
    from transformers.integrations.sdpa_attention import sdpa_attention_forward

    spec: CFSpec | None = getattr(module, SPEC_ATTR, None)
    if spec is None:
        return sdpa_attention_forward(module, query, key, value, attention_mask,
                                      dropout=dropout, scaling=scaling, **kwargs)
    n_all, n_heads, q_len, _ = query.shape
    kv_len = key.shape[2]
    lo, hi = spec.rows if spec.rows is not None else (0, n_all)
    cf_rows = slice(lo, hi)

    def rows_of(t, sl):  # a per-row tensor (mask, position ids) may broadcast over the batch
        return t[sl] if t is not None and t.shape[0] == n_all else t

    parts = []
    for sl in (slice(0, lo), slice(hi, n_all)):  # the rows outside the block: plain sdpa
        if sl.stop > sl.start:
            o, _ = sdpa_attention_forward(module, query[sl], key[sl], value[sl],
                                          rows_of(attention_mask, sl), dropout=dropout,
                                          scaling=scaling, **kwargs)
            parts.append((sl.start, o))
    n_rep = n_heads // key.shape[1]
    q = query[cf_rows]                                        # (n, H, Q, D)
    k = _repeat_kv(key[cf_rows], n_rep)                       # (n, H, K, D)
    v = _repeat_kv(value[cf_rows], n_rep)                     # (n, H, K, D)
    causal = bool(getattr(module, "is_causal", True))
    allowed = allowed_keys(rows_of(attention_mask, cf_rows), hi - lo, q_len, kv_len, causal,
                           query.device)                      # (n, 1, Q, K)
    scale = scaling if scaling is not None else q.shape[-1] ** -0.5
    p = factual_probs(q, k, scale, allowed) if (
        spec.pool or spec.cf_type in ("reversed", "shuffled")) else None
    u = None
    if spec.cf_type in ("random", "shuffled"):
        pid = kwargs.get("position_ids")
        qpos, kpos = real_positions(allowed, rows_of(pid, cf_rows), causal)
        head = torch.arange(n_heads, device=query.device).view(1, n_heads, 1, 1)
        u = hash_uniform(spec.seed, spec.layer, head, qpos, kpos)
    if spec.pool:
        spec.pooled = official_pooled_map(p, spec.cf_type, u, _patches(kv_len))
        cf = p
    else:
        cf = counterfactual_probs(p, allowed, spec.cf_type, u)   # (n, H, Q, K)
    o = torch.matmul(cf.to(v.dtype), v).transpose(1, 2)      # (n, Q, H, D)
    parts.append((lo, o.to(query.dtype)))
    if len(parts) == 1:
        return parts[0][1].contiguous(), None
    return torch.cat([o for _, o in sorted(parts, key=lambda x: x[0])]), None


def _patches(n_tokens: int) -> int:
    """Patch tokens among a vision layer's tokens: all of them when they form a square grid
    (SigLIP), else all but the CLS token (CLIP)."""
    return n_tokens if math.isqrt(n_tokens) ** 2 == n_tokens else n_tokens - 1


def register() -> None:
    """Register the function and transformers' sdpa mask builder under ``ATTN_NAME``."""
    from transformers import AttentionInterface
    from transformers.masking_utils import AttentionMaskInterface, sdpa_mask

    AttentionInterface.register(ATTN_NAME, causalmm_attention)
    AttentionMaskInterface.register(ATTN_NAME, sdpa_mask)


def enable(model) -> None:
    """Switch every (sub)model to the "causalmm" attention (sdpa until ``intervene``)."""
    register()
    model.set_attn_implementation(ATTN_NAME)


# ----------------------------------------------------------------------------- layers


def _inner(model):
    return getattr(model, "model", model)


_INTERFACE: dict[type, bool] = {}


def uses_attention_interface(module) -> bool:
    """Whether the module's forward dispatches through transformers' attention interface
    (``ALL_ATTENTION_FUNCTIONS`` keyed by ``config._attn_implementation``): only such a
    module calls the "causalmm" function. Read from the forward's source, once per class;
    a class whose source cannot be read counts as not dispatching."""
    import inspect

    cls = type(module)
    if cls not in _INTERFACE:
        try:
            src = inspect.getsource(cls.forward)
        except (OSError, TypeError):
            src = ""
        _INTERFACE[cls] = "ALL_ATTENTION_FUNCTIONS" in src and "_attn_implementation" in src
    return _INTERFACE[cls]


def text_decoder(model):
    """The LLM of an image-text model (``language_model`` / ``text_model``), or the model."""
    inner = _inner(model)
    for name in ("language_model", "text_model"):
        lm = getattr(inner, name, None)
        if lm is not None:
            return getattr(lm, "model", lm) if not hasattr(lm, "layers") else lm
    return inner


def decoder_attention(model) -> list:
    """The self-attention module of each LLM decoder layer, in order; None for a layer without
    one (Mllama's cross-attention layers). A self-attention module that does not dispatch
    through the attention interface is refused, naming its class."""
    layers = getattr(text_decoder(model), "layers", None)
    if layers is None:
        raise NotImplementedError(f"CausalMM: cannot find the decoder layers of "
                                  f"{type(model).__name__}")
    mods = [getattr(layer, "self_attn", None) for layer in layers]
    for m in mods:
        if m is not None and not uses_attention_interface(m):
            raise NotImplementedError(
                f"CausalMM language level: {type(m).__name__} (in {type(model).__name__}) does "
                f"not call transformers' attention interface (ALL_ATTENTION_FUNCTIONS)")
    if all(m is None for m in mods):
        raise NotImplementedError(f"CausalMM: the decoder layers of {type(model).__name__} "
                                  f"have no self_attn")
    return mods


def vision_attention(model) -> list:
    """The self-attention modules of the vision encoder's layers, in order."""
    vt = getattr(_inner(model), "vision_tower", None)
    enc = getattr(vt, "encoder", None) or getattr(getattr(vt, "vision_model", None),
                                                   "encoder", None)
    if enc is None:
        raise NotImplementedError(f"CausalMM: cannot find the vision encoder of "
                                  f"{type(model).__name__}")
    mods = [layer.self_attn for layer in enc.layers]
    for m in mods:
        if not uses_attention_interface(m):
            raise NotImplementedError(
                f"CausalMM vision level: {type(m).__name__} (in {type(model).__name__}) does "
                f"not call transformers' attention interface (ALL_ATTENTION_FUNCTIONS)")
    return mods


def default_language_layers(n_layers: int, preset: str = "paper") -> list[int]:
    """paper: the one middle layer, n // 2 (the paper's language-level ablation intervenes
    on single middle layers); wide: the middle third, [n // 3, ceil(2n / 3))."""
    if preset == "paper":
        return [n_layers // 2]
    start = n_layers // 3
    return list(range(start, max(start + 1, (2 * n_layers + 2) // 3)))


def vision_hidden_index(feature_layer: int | Sequence[int], n_layers: int) -> int:
    """hidden_states index (0 = embeddings, i = output of layer i - 1) of the deepest
    selected feature layer."""
    idx = [feature_layer] if isinstance(feature_layer, int) else list(feature_layer)
    return max(i if i >= 0 else n_layers + 1 + i for i in idx)


def default_vision_layers(feature_layer, n_layers: int, pooled: bool = False,
                          preset: str = "paper") -> list[int]:
    """The one layer that produces the selected features (the layer whose attention map the
    official vision-level code edits: ``attentions[select_layer]``); the "wide" preset in
    attention mode: every layer feeding them."""
    h = vision_hidden_index(feature_layer, n_layers)
    if h < 1:
        raise ConfigError("vision_layers", "the selected vision feature is the embedding "
                          "output; no encoder layer feeds it")
    return [h - 1] if pooled or preset == "paper" else list(range(h))


def check_layers(name: str, layers: Iterable[int], mods: Sequence, what: str) -> list[int]:
    """The layers, checked against the attention modules ``mods`` (None: a layer without
    self-attention)."""
    layers, n_layers = list(layers), len(mods)
    bad = [i for i in layers if not 0 <= i < n_layers]
    if bad:
        raise ConfigError(name, f"layer(s) {bad} out of range: the {what} has {n_layers} "
                          f"layers (0-{n_layers - 1})")
    cross = [i for i in layers if mods[i] is None]
    if cross:
        raise ConfigError(name, f"layer(s) {cross} of the {what} have no self-attention "
                          f"(cross-attention layers)")
    return layers


@contextmanager
def intervene(pairs: Sequence[tuple[torch.nn.Module, CFSpec]]):
    """Attach each spec to its attention module for the duration of the block."""
    for mod, _ in pairs:
        impl = getattr(getattr(mod, "config", None), "_attn_implementation", None)
        if impl != ATTN_NAME:
            raise RuntimeError(f"{type(mod).__name__} runs {impl!r} attention; call "
                               f"mm.decoding.causalmm.interventions.enable(model) first")
    try:
        for mod, spec in pairs:
            setattr(mod, SPEC_ATTR, spec)
        yield [spec for _, spec in pairs]
    finally:
        for mod, _ in pairs:
            if hasattr(mod, SPEC_ATTR):
                delattr(mod, SPEC_ATTR)
