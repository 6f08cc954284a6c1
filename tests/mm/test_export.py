"""CLIP-Math: configs register with open_clip, the vision tower exports to CLIPVisionModel with
the same features, the caption-length policy keeps whole sentences, and CaptionTokens tokenises
them exactly as the tokenizer does."""
import numpy as np
import pytest
import torch

from mm.clip_math import create_clip, fit_caption, model_name, register_configs, token_counter
from mm.export import export_vision_tower


def test_configs_register_and_unknown_names_list_presets():
    assert {"mm-clip-tiny", "mm-clip-small"} <= set(register_configs())
    assert model_name("tiny") == "mm-clip-tiny"
    with pytest.raises(KeyError, match="presets: tiny, small, base"):
        model_name("huge")


def test_export_parity_with_open_clip_tower():
    model, _, _, _ = create_clip("tiny", seed=0)
    model.eval()
    # trained-looking weights: perturb everything so that no parameter is at its init value
    g = torch.Generator().manual_seed(0)
    with torch.no_grad():
        for p in model.visual.parameters():
            p.add_(0.02 * torch.randn(p.shape, generator=g))
    hf = export_vision_tower(model)
    x = torch.randn(3, 3, 64, 64, generator=g)
    with torch.no_grad():
        oc = model.visual(x)  # (B, embed_dim) = ln_post(cls) @ proj
        out = hf(pixel_values=x, output_hidden_states=True)
        pooled = out.pooler_output @ model.visual.proj  # (B, embed_dim)
    assert (pooled - oc).abs().max().item() < 1e-4
    # per-token hidden states (what LLaVA consumes) match open_clip's block outputs too
    with torch.no_grad():
        v = model.visual
        t = v.conv1(x).flatten(2).transpose(1, 2)
        t = torch.cat([v.class_embedding.expand(t.shape[0], 1, -1), t], 1) + v.positional_embedding
        t = v.ln_pre(t)
        for i, blk in enumerate(v.transformer.resblocks):
            t = blk(t)
            assert (out.hidden_states[i + 1] - t).abs().max().item() < 1e-4, i


def test_fit_caption_keeps_whole_sentences():
    _, _, _, tok = create_clip("tiny")
    n = token_counter(tok)
    cap = " ".join(f"Sentence number {w} says that side AB is {w} units long." for w in
                   ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"])
    assert n(cap) > 77
    outs = {fit_caption(cap, n, 77, np.random.default_rng(s)) for s in range(20)}
    assert len(outs) > 3  # different starts over epochs
    for o in outs:
        assert n(o) <= 77 and o.endswith(".") and o in cap + " " + cap
    short = "A triangle ABC."
    assert fit_caption(short, n, 77, np.random.default_rng(0)) == short


CAPTIONS = [
    # what the caption engine writes: sentences with coordinates, superscripts, minus signs
    "The picture shows a pair of coordinate axes together with a parabola p and triangle BCD. "
    "Horizontally the grid spans -1 to 15; vertically, -13 to 3. The parabola p has vertex "
    "A(9, -2) and opens downward; its equation is y = -0.5(x - 9)² - 2. It is symmetric about "
    "x = 9. Triangle BCD connects the points B(1, 2), C(4, −7) and D(12, 0). Its side BC is "
    "drawn dashed. The area of BCD is 40.5 square units. Point E lies on p at x = 11.",
    # what the tokenizer's cleaning rewrites: HTML entities, mojibake ftfy repairs, a '<'
    # (ftfy then leaves entities to open_clip's own unescaping), runs of whitespace, line breaks
    "Angle &lt;ABC is 30°. The café Ã  côté has side AB. It isn't &amp; won't be. "
    "Side  AB\tis 4. Then x < 3 holds.\nA new line says BC = 5. " * 4,
    "Ã© is fixed here. VoilÃ  it is. " * 12,
    # a sentence longer than the context: fit_caption keeps its leading words
    "One " + "very " * 90 + "long sentence. And a short one.",
    "A triangle ABC.",
]


def test_caption_tokens_equal_the_tokenizers_own():
    """CaptionTokens measures and tokenises what fit_caption picks exactly as the tokenizer
    does, whether a run's ids are joined from its parts or the text is encoded whole."""
    from mm.clip_math import CaptionTokens

    _, _, _, tok = create_clip("tiny")
    n = token_counter(tok)
    ct = CaptionTokens(tok)
    for epoch in range(4):
        picks = [fit_caption(c, n, 77, np.random.default_rng([epoch, i]))
                 for i, c in enumerate(CAPTIONS)]
        ours = [fit_caption(c, ct.count, 77, np.random.default_rng([epoch, i]))
                for i, c in enumerate(CAPTIONS)]
        assert ours == picks
        assert torch.equal(ct.tokenize(ours), tok(picks))
    # every run measured, each candidate checked against the whole text's encoding
    for c in CAPTIONS:
        for s in range(len(c.split(". "))):
            run = ". ".join(c.split(". ")[s:s + 3])
            assert ct.ids(run) == tuple(tok.encode(run))
            assert ct.count(run) == n(run)
    # runs were joined from their parts: fewer texts encoded whole than measured
    assert ct._encode.cache_info().misses < ct._ids.cache_info().misses
    # ftfy reads "Ã" before a space as mojibake of "à" only in the joined text: its parts'
    # ids would be wrong, and the text is encoded whole
    ct.ids("VoilÃ")
    assert ct._encode("VoilÃ") + ct._encode("it is.") != tuple(tok.encode("VoilÃ it is."))
    assert ct.ids("VoilÃ it is.") == tuple(tok.encode("VoilÃ it is."))
