"""CausalMM: the decoding rules on hand-made logits, the four counterfactual attentions on
hand-made rows (masks kept, rows summing to 1, seeded and padding/cache invariant), and on a
tiny random LLaVA: one cache per branch (no shared-cache bug), batched == sequential branches,
batch invariance, and scoring through the same rule."""
import math

import pytest
import torch
from PIL import Image

from mm.decoding import ConfigError
from mm.decoding.causalmm.config import CausalMMConfig, parse_layers
from mm.decoding.causalmm.interventions import (CFSpec, allowed_keys, counterfactual_probs,
                                                decoder_attention, default_language_layers,
                                                default_vision_layers, hash_uniform, intervene,
                                                real_positions, vision_attention)
from mm.decoding.causalmm.rules import (IMPLAUSIBLE_LOGP, causal_log_probs, causal_logits,
                                        contrast, plausible, select_tokens, top_p_filter,
                                        yes_probability)

# ----------------------------------------------------------------------------- rules


def test_contrast_one_and_two_levels():
    l, cf = torch.tensor([2.0, 1.0, 0.0]), torch.tensor([1.0, 1.0, 1.0])
    assert contrast(l, [cf], 0.5).tolist() == [2.5, 1.0, -0.5]          # 1.5 l - 0.5 cf
    lv, ll = torch.tensor([0.0, 2.0, 0.0]), torch.tensor([4.0, 0.0, 0.0])
    # (1 + 2g) l - g lv - g ll with g = 1
    assert contrast(l, [lv, ll], 1.0).tolist() == [6 - 0 - 4, 3 - 2 - 0, 0.0]
    assert torch.equal(contrast(l, [cf], 0.0), l)


def test_plausibility_cutoff_overrides_the_contrast():
    l = torch.log(torch.tensor([[0.5, 0.3, 0.2]]))
    l_cf = torch.tensor([[0.0, -5.0, -10.0]])
    # without the cutoff the contrast prefers token 2 (2l - l_cf = [-1.39, 2.59, 6.78])
    assert select_tokens(causal_logits(l, [l_cf], 1.0, 0.0)).item() == 2
    # alpha 0.5 keeps p >= 0.25: tokens 0 and 1 only
    assert plausible(l, 0.5).tolist() == [[True, True, False]]
    out = causal_logits(l, [l_cf], 1.0, 0.5)
    assert out[0, 2] == float("-inf") and select_tokens(out).item() == 1
    assert plausible(l, 1.0).tolist() == [[True, False, False]]


def test_top_p_and_sampling_never_pick_cut_tokens():
    l = torch.log(torch.tensor([[0.5, 0.3, 0.15, 0.05]]))
    kept = top_p_filter(l, 0.7)
    assert torch.isfinite(kept).tolist() == [[True, True, False, False]]
    g = torch.Generator().manual_seed(0)
    draws = select_tokens(l.expand(4000, 4), do_sample=True, temperature=1.0, top_p=0.7,
                          generator=g)
    assert set(draws.tolist()) == {0, 1}
    assert (draws == 0).float().mean().item() == pytest.approx(0.5 / 0.8, abs=0.03)
    # temperature 0.25 raises p to the 4th power: 0.878, 0.114, 0.007, ...; top-p 0.95 keeps
    # the first two, drawn 0.885 : 0.115
    draws = select_tokens(l.expand(4000, 4), True, 0.25, 0.95, torch.Generator().manual_seed(1))
    assert set(draws.tolist()) == {0, 1}
    assert (draws == 0).float().mean().item() == pytest.approx(0.0625 / 0.0706, abs=0.03)


def test_scoring_rules():
    l = torch.log(torch.tensor([[0.4, 0.3, 0.2, 0.1]]))
    cf = torch.log(torch.tensor([[0.1, 0.6, 0.2, 0.1]]))
    lp = causal_log_probs(l, [cf], 1.0, 0.45)            # keeps p >= 0.18: tokens 0, 1, 2
    assert lp[0, 3].item() == IMPLAUSIBLE_LOGP
    c = 2 * l[0, :3] - cf[0, :3]
    assert lp[0, :3].tolist() == pytest.approx(torch.log_softmax(c, -1).tolist(), abs=1e-6)
    # P(yes) with yes = {0}, no = {1, 2}
    p = torch.softmax(c, -1)
    assert yes_probability(l, [cf], 1.0, 0.45, [0], [1, 2]).item() == pytest.approx(
        float(p[0] / p.sum()), abs=1e-6)
    # alpha 0.9 keeps token 0 only: yes = {2} and no = {3} are both cut -> contrast alone
    q = torch.softmax(2 * l[0] - cf[0], -1)
    assert yes_probability(l, [cf], 1.0, 0.9, [2], [3]).item() == pytest.approx(
        float(q[2] / (q[2] + q[3])), abs=1e-6)


@pytest.mark.parametrize("kw,field", [
    ({"level": "audio"}, "level"), ({"cf_type": "zero"}, "cf_type"), ({"gamma": -1}, "gamma"),
    ({"gamma": float("nan")}, "gamma"), ({"alpha": 1.5}, "alpha"),
    ({"cf_layers": [1, 1]}, "cf_layers"), ({"cf_layers": [-1]}, "cf_layers"),
    ({"cf_layers": []}, "cf_layers"), ({"level": "vision", "cf_layers": [0]}, "cf_layers"),
    ({"vision_layers": [0]}, "vision_layers"), ({"vision_mode": "mean"}, "vision_mode"),
    ({"seed": 1.5}, "seed")])
def test_config_errors_name_the_field(kw, field):
    with pytest.raises(ConfigError, match=f"^{field}: ") as e:
        CausalMMConfig(**kw)
    assert e.value.field == field


def test_config_round_trip_and_branches():
    c = CausalMMConfig(level="both", cf_type="shuffled", gamma=0.5, alpha=0.2,
                       cf_layers="3,1-2", vision_layers=[0], seed=7)
    assert c.cf_layers == [1, 2, 3] and c.branches == ("factual", "vision", "language")
    assert CausalMMConfig(**c.to_dict()) == c
    assert c.to_dict()["gamma"] == 0.5 and "branches" not in c.to_dict()
    assert CausalMMConfig(level="vision").branches == ("factual", "vision")
    assert parse_layers("") is None and parse_layers("4-6,9") == [4, 5, 6, 9]
    with pytest.raises(ConfigError, match="cf_layers"):
        parse_layers("a,b")


def test_default_layers():
    # the paper's presets: one middle LLM layer, the one vision layer producing the features
    assert default_language_layers(2) == [1]
    assert default_language_layers(32) == [16]
    assert default_vision_layers(-2, 24) == [22]               # LLaVA-1.5: hidden_states[-2]
    assert default_vision_layers(-2, 24, pooled=True) == [22]
    # the wide preset: the middle third, every vision layer feeding the features
    assert default_language_layers(2, "wide") == [0, 1]
    assert default_language_layers(4, "wide") == [1, 2]
    assert default_language_layers(32, "wide") == list(range(10, 22))
    assert default_vision_layers(-2, 24, preset="wide") == list(range(23))
    assert default_vision_layers(-2, 24, pooled=True, preset="wide") == [22]
    assert default_vision_layers([3, -1], 24, preset="wide") == list(range(24))

# ----------------------------------------------------------------------------- attention


def _rows():
    # one query row per line; key 0 is left padding, causal over keys 1..3
    allowed = torch.tensor([[False, True, False, False], [False, True, True, False],
                            [False, True, True, True]]).view(1, 1, 3, 4)
    p = torch.tensor([[0, 1.0, 0, 0], [0, 0.6, 0.4, 0], [0, 0.2, 0.3, 0.5]]).view(1, 1, 3, 4)
    return p, allowed


def test_counterfactual_types_on_hand_made_rows():
    p, allowed = _rows()
    qpos, kpos = real_positions(allowed, None, causal=True)
    assert qpos.flatten().tolist() == [0, 1, 2]
    assert kpos[0, 0, 2, 1:].tolist() == [0, 1, 2]
    u = hash_uniform(3, 5, torch.zeros(1, 1, 1, 1), qpos, kpos)
    out = {t: counterfactual_probs(p, allowed, t, u)[0, 0]
           for t in ("uniform", "reversed", "shuffled", "random")}
    assert out["uniform"][2].tolist() == pytest.approx([0, 1 / 3, 1 / 3, 1 / 3])
    # official reverse_and_normalize: (row max - p) / sum; the favourite gets 0
    assert out["reversed"][2].tolist() == pytest.approx([0, 0.6, 0.4, 0])
    assert out["reversed"][1].tolist() == pytest.approx([0, 0, 1, 0])
    assert out["reversed"][0].tolist() == [0, 1, 0, 0]                          # one key
    assert sorted(out["shuffled"][2, 1:].tolist()) == pytest.approx([0.2, 0.3, 0.5])
    assert sorted(out["shuffled"][1, 1:3].tolist()) == pytest.approx([0.4, 0.6])
    for t, a in out.items():
        assert torch.all(a[~allowed[0, 0]] == 0), t                 # masked stays exactly 0
        assert a.sum(-1).tolist() == pytest.approx([1, 1, 1], abs=1e-6), t
        if t != "reversed":
            assert torch.all(a[allowed[0, 0]] > 0), t
    # rows with no allowed key (pad queries) are all zero, never NaN
    z = counterfactual_probs(torch.zeros(1, 1, 1, 4), torch.zeros(1, 1, 1, 4, dtype=torch.bool),
                             "reversed")
    assert z.tolist() == [[[[0, 0, 0, 0]]]]
    # an exactly uniform row (0 / 0 in the official code) stays uniform
    flat = torch.tensor([[[[0.25, 0.25, 0.25, 0.25]]]])
    assert counterfactual_probs(flat, torch.ones(1, 1, 1, 4, dtype=torch.bool),
                                "reversed").tolist() == [[[[0.25] * 4]]]


def test_allowed_keys_from_the_model_masks():
    # no mask, causal, 2 new queries over a cache of 2: aligned to the last key
    a = allowed_keys(None, 1, 2, 4, causal=True, device="cpu")
    assert a[0, 0].tolist() == [[True, True, True, False], [True, True, True, True]]
    assert allowed_keys(None, 2, 2, 3, causal=False, device="cpu").all()
    # an additive float mask (0 = attend, dtype min = masked) and a bool one agree
    b = torch.tensor([[[[False, True, True]]]])
    f = torch.where(b, 0.0, torch.finfo(torch.float32).min)
    assert torch.equal(allowed_keys(f, 1, 1, 3, True, "cpu"), b)
    assert torch.equal(allowed_keys(b, 1, 1, 3, True, "cpu"), b)


@pytest.mark.parametrize("cf_type", ["random", "shuffled"])
def test_seeded_and_invariant_to_padding_and_cache(cf_type):
    torch.manual_seed(0)
    s = torch.randn(1, 2, 3, 3)
    causal = torch.ones(3, 3, dtype=torch.bool).tril().view(1, 1, 3, 3)
    p = torch.softmax(s.masked_fill(~causal, float("-inf")), -1)
    head = torch.arange(2).view(1, 2, 1, 1)

    def cf(probs, allowed, pos=None, seed=0):
        q, k = real_positions(allowed, pos, causal=True)
        return counterfactual_probs(probs, allowed, cf_type, hash_uniform(seed, 1, head, q, k))

    full = cf(p, causal)
    # the same rows behind two pad keys
    padded_allowed = torch.cat([torch.zeros(1, 1, 3, 2, dtype=torch.bool), causal], -1)
    padded = cf(torch.cat([torch.zeros(1, 2, 3, 2), p], -1), padded_allowed)
    assert torch.equal(padded[..., 2:], full) and torch.all(padded[..., :2] == 0)
    # the last query alone, as at a cached decoding step (position id 2)
    step = cf(p[:, :, 2:], torch.ones(1, 1, 1, 3, dtype=torch.bool), torch.tensor([[2]]))
    assert torch.equal(step, full[:, :, 2:])
    assert torch.equal(cf(p, causal, seed=0), full) and not torch.equal(cf(p, causal, seed=1),
                                                                         full)

# ----------------------------------------------------------------------------- tiny LLaVA


PROMPTS = [f"Question {i}: " + "is it red? " * (i % 3 + 1) for i in range(4)]
IMAGES = [Image.new("RGB", (40 + 5 * i, 40), (60 * i, 100, 200 - 40 * i)) for i in range(4)]


def _adapter(path, **kw):
    from mm.decoding.causalmm.adapter import CausalLlavaAdapter

    return CausalLlavaAdapter(path, CausalMMConfig(**kw))


def test_no_intervention_is_sdpa_and_rows_are_isolated(tiny_llava):
    from mm.adapters import LlavaAdapter

    ref = LlavaAdapter(tiny_llava)
    ad = _adapter(tiny_llava)
    assert ad.model.config.text_config._attn_implementation == "causalmm"
    assert ad.model.config.vision_config._attn_implementation == "causalmm"
    b = ref.encode(IMAGES[:2], PROMPTS[:2])
    with torch.no_grad():
        base = ref.model(**b).logits
        same = ad.model(**b).logits
        assert torch.allclose(base, same, atol=1e-5)
        pairs = [(m, CFSpec("uniform", 0, i, rows=(1, 2)))
                 for i, m in enumerate(decoder_attention(ad.model))]
        with intervene(pairs):
            part = ad.model(**b).logits
    assert torch.allclose(part[0], base[0], atol=1e-5)         # row 0 untouched
    assert (part[1] - base[1]).abs().max() > 0.1                # row 1 intervened
    assert not any(hasattr(m, "_causalmm_cf") for m, _ in pairs)


@pytest.mark.parametrize("kw", [dict(level="language", cf_type="reversed"),
                                dict(level="vision", cf_type="random"),
                                dict(level="both", cf_type="shuffled"),
                                dict(level="vision", cf_type="reversed", vision_mode="pooled")])
def test_each_branch_has_its_own_cache(tiny_llava, kw):
    """The released code's bug: both branches share the factual KV cache, so from the 2nd
    generated token on l_cf == l. Here every counterfactual branch, at every step, differs
    from the factual one and equals a no-cache recomputation of that branch."""
    from mm.decoding.causalmm.generate import Rows, branch_logits, causal_generate, prepare

    ad = _adapter(tiny_llava, **kw)
    b = ad.encode(IMAGES[:3], PROMPTS[:3])                      # left-padded
    res = causal_generate(ad.model, ad.plan, b["input_ids"], b["attention_mask"],
                          b["pixel_values"], 5, stop_at_eos=False, trace=True)
    assert res.tokens.shape == (3, 5)
    prompt = prepare(ad.model, ad.plan, b["input_ids"], b["attention_mask"], b["pixel_values"])
    for s in range(1, 5):
        # generated tokens enter as plain token embeddings (one may be the image token's id)
        new = ad.model.get_input_embeddings()(res.tokens[:, :s]).repeat(prompt.k, 1, 1)
        mask = torch.cat([prompt.mask, prompt.mask.new_ones(prompt.mask.shape[0], s)], 1)
        rows = Rows(torch.cat([prompt.embeds, new], 1), mask, (mask.cumsum(-1) - 1).clamp_min(0),
                    prompt.k, prompt.b)
        fresh = branch_logits(ad.model, ad.plan, rows)[:, :, -1]  # (K, B, V)
        cached = res.branch_logits[s]
        assert torch.allclose(cached, fresh, atol=1e-4), (s, (cached - fresh).abs().max())
        for k in range(1, cached.shape[0]):
            assert (cached[k] - cached[0]).abs().max() > 1e-2, (s, k)


@pytest.mark.parametrize("kw", [dict(level="language", cf_type="random"),
                                dict(level="both", cf_type="reversed")])
def test_batched_branches_equal_sequential(tiny_llava, kw):
    from mm.decoding.causalmm.generate import causal_generate

    ad = _adapter(tiny_llava, **kw)
    b = ad.encode(IMAGES, PROMPTS)
    args = (ad.model, ad.plan, b["input_ids"], b["attention_mask"], b["pixel_values"], 4)
    one = causal_generate(*args, stop_at_eos=False, trace=True)
    seq = causal_generate(*args, stop_at_eos=False, trace=True, sequential=True)
    assert torch.equal(one.tokens, seq.tokens)
    for a, c in zip(one.branch_logits, seq.branch_logits):
        assert torch.allclose(a, c, atol=1e-4)


@pytest.mark.parametrize("kw", [dict(level="both", cf_type="random"),
                                dict(level="language", cf_type="shuffled", gamma=2.0)])
def test_batch_invariance(tiny_llava, kw):
    from mm.adapters import GenConfig

    ad = _adapter(tiny_llava, **kw)
    gen = GenConfig(max_new_tokens=8)
    one = [ad.generate([im], [p], gen)[0] for im, p in zip(IMAGES, PROMPTS)]
    four = ad.generate(IMAGES, PROMPTS, gen)
    assert one == four and len(set(four)) > 1                  # and answers differ
    y1 = [ad.yes_no_prob([im], [p])[0] for im, p in zip(IMAGES, PROMPTS)]
    assert ad.yes_no_prob(IMAGES, PROMPTS) == pytest.approx(y1, abs=1e-5)
    conts = [" yes", " no it is not", " 3", ""]
    l1 = [ad.loglikelihood([im], [p], [c])[0] for im, p, c in zip(IMAGES, PROMPTS, conts)]
    assert ad.loglikelihood(IMAGES, PROMPTS, conts) == pytest.approx(l1, abs=1e-3)
    assert l1[3] == 0.0


def test_gamma_zero_is_plain_greedy_and_decoding_is_recorded(tiny_llava):
    from mm.adapters import GenConfig, LlavaAdapter

    ref = LlavaAdapter(tiny_llava)
    ad = _adapter(tiny_llava, level="both", gamma=0.0, alpha=0.0)
    gen = GenConfig(max_new_tokens=8)
    assert ad.generate(IMAGES, PROMPTS, gen) == ref.generate(IMAGES, PROMPTS, gen)
    # the settings, with the layers the plan resolved in place of the unset defaults
    assert ad.decoding == {"method": "causalmm", **CausalMMConfig(
        level="both", gamma=0.0, alpha=0.0).to_dict(), "cf_layers": [1],
        "vision_layers": [len(vision_attention(ad.model)) - 2]}
    assert CausalMMConfig(**{k: v for k, v in ad.decoding.items() if k != "method"}).level == \
        "both"
    assert ad.info()["decoding"]["level"] == "both"


def test_sampling_is_seeded(tiny_llava):
    from mm.adapters import GenConfig

    ad = _adapter(tiny_llava, level="language", cf_type="uniform", alpha=0.0)
    runs = [ad.generate(IMAGES, PROMPTS, GenConfig(max_new_tokens=6, do_sample=True,
                                                   temperature=1.5, seed=s)) for s in (3, 3, 4)]
    assert runs[0] == runs[1] and runs[0] != runs[2]


def test_scores_follow_the_rule(tiny_llava):
    ad = _adapter(tiny_llava, level="language", cf_type="uniform", gamma=1.5, alpha=0.01)
    im, p = IMAGES[1], PROMPTS[1]
    lg = ad.causal_next_logits([im], [p])                         # (K, 1, V)
    assert lg.shape[0] == 2 and (lg[1] - lg[0]).abs().max() > 0.1
    adj = torch.softmax(causal_logits(lg[0], [lg[1]], 1.5, 0.01), -1)[0]
    y, n = adj[ad.yes_ids].sum(), adj[ad.no_ids].sum()
    if y + n == 0:  # every yes/no token cut: the ratio under the contrast alone
        adj = torch.softmax(2.5 * lg[0, 0] - 1.5 * lg[1, 0], -1)
        y, n = adj[ad.yes_ids].sum(), adj[ad.no_ids].sum()
    assert ad.yes_no_prob([im], [p])[0] == pytest.approx(float(y / (y + n)), rel=1e-4)
    # loglikelihood of a one-token continuation = log p_causal at the first answer position
    word = ad.tok.decode([ad.yes_ids[0]])
    assert ad.tok.encode(word, add_special_tokens=False) == [ad.yes_ids[0]]
    want = causal_log_probs(lg[0], [lg[1]], 1.5, 0.01)[0, ad.yes_ids[0]].item()
    assert ad.loglikelihood([im], [p], [word])[0] == pytest.approx(want, abs=1e-3)
    # and of a longer one: the sum over its tokens of the same rule, position by position
    from mm.decoding.causalmm.generate import branch_logits, prepare

    cont = ad.tok.encode(" no it is not", add_special_tokens=False)
    b = ad.encode([im], [p])
    ids = torch.cat([b["input_ids"], torch.tensor([cont])], 1)
    rows = prepare(ad.model, ad.plan, ids, torch.ones_like(ids), b["pixel_values"])
    lg = branch_logits(ad.model, ad.plan, rows, keep=len(cont) + 1)[:, 0, :-1]  # (K, n, V)
    lp = causal_log_probs(lg[0], [lg[1]], 1.5, 0.01)
    want = lp.gather(-1, torch.tensor(cont)[:, None]).sum().item()
    assert ad.loglikelihood([im], [p], [" no it is not"])[0] == pytest.approx(want, abs=1e-3)


def test_pooled_mode_weights_patches_by_the_pooled_map(tiny_llava):
    from mm.decoding.causalmm.generate import image_features

    ad = _adapter(tiny_llava, level="vision", cf_type="uniform", vision_mode="pooled")
    pv = ad.encode(IMAGES[:2], PROMPTS[:2])["pixel_values"]
    fact, cf = image_features(ad.model, pv, ad.plan)
    inner = ad.model.model
    with torch.no_grad():
        hidden = inner.vision_tower(pv, output_hidden_states=True).hidden_states[-2]
        t = hidden.shape[1]                                       # 16 patches + CLS
        # uniform map -> every token receives 1/T; patches scaled by 1/T before the projector
        want = inner.multi_modal_projector(hidden[:, 1:] / t)
    assert torch.allclose(cf, want, atol=1e-5)
    assert torch.allclose(fact, inner.multi_modal_projector(hidden[:, 1:]), atol=1e-5)


def _official_pooled(attn: torch.Tensor, feats: torch.Tensor, method: str) -> torch.Tensor:
    """cf_encoder.py's edit_attention + apply_attention (vision level), transcribed: the
    layer's (B, H, T, T) attention edited unnormalised, resized to the patch grid, averaged
    over heads, multiplied into the (B, P, C) patch features."""
    import math

    import torch.nn.functional as F

    if method == "uniform":
        edited = attn.mean(dim=(2, 3), keepdim=True).expand_as(attn)
    elif method == "reversed":
        mh, _ = torch.max(attn, dim=2, keepdim=True)
        mx, _ = torch.max(mh, dim=3, keepdim=True)
        edited = mx - attn
    else:
        raise ValueError(method)
    g = int(math.sqrt(feats.shape[1]))
    resized = F.interpolate(edited, size=(g, g), mode="bilinear", align_corners=False)
    avg = torch.mean(resized, dim=1).view(feats.shape[0], -1, 1).expand(-1, -1, feats.shape[-1])
    return feats * avg


@pytest.mark.parametrize("cf_type", ["uniform", "reversed"])
def test_pooled_mode_equals_the_official_vision_code(tiny_llava, cf_type):
    from mm.decoding.causalmm.generate import image_features

    ad = _adapter(tiny_llava, level="vision", cf_type=cf_type, vision_mode="pooled")
    pv = ad.encode(IMAGES[:2], PROMPTS[:2])["pixel_values"]
    _, cf = image_features(ad.model, pv, ad.plan)
    inner = ad.model.model
    vt = inner.vision_tower
    old = vt.config._attn_implementation
    vt.set_attn_implementation("eager")
    try:
        with torch.no_grad():
            out = vt(pv, output_hidden_states=True, output_attentions=True)
    finally:
        vt.set_attn_implementation(old)
    sel = ad.model.config.vision_feature_layer                    # -2, as LLaVA-1.5
    feats = out.hidden_states[sel][:, 1:]
    want = inner.multi_modal_projector(_official_pooled(out.attentions[sel], feats, cf_type))
    assert ad.plan.vision[0][0] == len(out.attentions) + sel      # the layer it pools
    assert torch.allclose(cf, want, atol=1e-5)
    if cf_type == "reversed":  # far from the ~1/T of a per-key average of normalised rows
        assert not torch.allclose(cf, inner.multi_modal_projector(feats / feats.shape[1]),
                                  atol=1e-3)


def test_unsupported_architecture_and_bad_layers(tiny_llava):
    class GPT2Attention(torch.nn.Module):
        pass

    class Layer(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.self_attn = GPT2Attention()

    class Fake(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.layers = torch.nn.ModuleList([Layer()])

    with pytest.raises(NotImplementedError, match="GPT2Attention"):
        decoder_attention(Fake())
    with pytest.raises(ConfigError, match=r"^cf_layers: .*out of range.* 2 layers"):
        _adapter(tiny_llava, cf_layers=[5])
    with pytest.raises(ConfigError, match=r"^vision_layers: "):
        _adapter(tiny_llava, level="vision", vision_layers=[9])
    with pytest.raises(RuntimeError, match="enable"):
        with intervene([(Layer().self_attn, CFSpec("uniform", 0, 0))]):
            pass
    assert math.isfinite(_adapter(tiny_llava).yes_no_prob(IMAGES[:1], PROMPTS[:1])[0])
