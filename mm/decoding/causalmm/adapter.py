"""CausalMM applied to the whole adapter contract (generate, yes_no_prob for COMFORT / POPE /
MME, loglikelihood), on any model folder the folder adapter loads.

``CausalLlavaAdapter`` wraps the folder's own adapter (its processor, chat template and
encode) and runs each call through the plan's path: LLaVA models through generate.py's branch
loop (both levels), other families through their own forward (own_forward.py, language level).

    from mm.decoding.causalmm import CausalLlavaAdapter, CausalMMConfig
    ad = CausalLlavaAdapter("runs/quickstart/train/final", CausalMMConfig(level="both"))
"""
from __future__ import annotations

from pathlib import Path

import torch

from mm.adapters import Adapter, load_adapter
from mm.decoding.causalmm.config import CausalMMConfig
from mm.decoding.causalmm.generate import branch_logits, causal_generate, make_plan, prepare
from mm.decoding.causalmm.own_forward import own_generate, own_logits
from mm.decoding.causalmm.rules import causal_log_probs, yes_probability


class CausalLlavaAdapter(Adapter):
    """A model folder's adapter with CausalMM applied; ``decoding`` (recorded in
    results.json) is {"method": "causalmm", **config}, with the layers the plan intervenes on
    in place of unset (default) ones. Anything else (encode, model, tok, ...) is the wrapped
    adapter's."""

    def __init__(self, path: str | Path | Adapter, config: CausalMMConfig | None = None,
                 device: str | None = None, **options):
        """``path`` a model folder (loaded by ``load_adapter`` with the loader ``options``:
        dtype, device_map, attn_implementation) or an adapter already loaded."""
        self.base = path if isinstance(path, Adapter) else load_adapter(str(path), device=device,
                                                                        **options)
        self.name = self.base.name
        self.cfg = config or CausalMMConfig()
        self.plan = make_plan(self.base.model, self.cfg)
        self.decoding = {"method": "causalmm", **self.cfg.to_dict(), **self.plan.layers()}

    def __getattr__(self, name):
        if name == "base":  # not set yet: no recursion
            raise AttributeError(name)
        return getattr(self.base, name)

    def info(self) -> dict:
        return {"name": self.name, "decoding": self.decoding}

    def fingerprint(self) -> dict:
        return {**self.base.fingerprint(), **self.info()}

    def _eos(self):
        eos = self.model.generation_config.eos_token_id
        return eos if eos is not None else self.tok.eos_token_id

    def generate(self, images, prompts, gen, oracle=None):
        b = self.encode(images, prompts)
        if self.plan.llava:
            tokens = causal_generate(self.model, self.plan, b["input_ids"], b["attention_mask"],
                                     b["pixel_values"], gen.max_new_tokens, gen.do_sample,
                                     gen.temperature, gen.top_p, gen.seed, self._eos(),
                                     self.tok.pad_token_id).tokens
        else:
            tokens, _ = own_generate(self.model, self.plan, b, gen.max_new_tokens,
                                     gen.do_sample, gen.temperature, gen.top_p, gen.seed,
                                     self._eos(), self.tok.pad_token_id)
        return self.tok.batch_decode(tokens, skip_special_tokens=True)

    def causal_next_logits(self, images, prompts) -> torch.Tensor:
        """Branch logits at the first answer position, (K, B, V)."""
        b = self.encode(images, prompts)
        if not self.plan.llava:
            return own_logits(self.model, self.plan, b)[:, :, -1]
        rows = prepare(self.model, self.plan, b["input_ids"], b["attention_mask"],
                       b["pixel_values"])
        return branch_logits(self.model, self.plan, rows)[:, :, -1]

    def yes_no_prob(self, images, prompts, oracle=None, words=None):
        lg = self.causal_next_logits(images, prompts)                    # (K, B, V)
        out = []
        for i in range(len(prompts)):
            yes, no = self.word_ids(words[i] if words else None)
            p = yes_probability(lg[0, i:i + 1], [c[i:i + 1] for c in lg[1:]],
                                self.cfg.gamma, self.cfg.alpha, yes, no)
            out.append(float(p[0]))
        return out

    def loglikelihood(self, images, prompts, continuations, oracle=None):
        """Sum of log p_causal(continuation token | image, prompt, previous tokens), all
        requests in one left-padded batch."""
        ctx = self.encode(images, prompts)
        conts = [self.tok.encode(c, add_special_tokens=False) for c in continuations]
        seqs = [ids[m.bool()].tolist() + c for ids, m, c in
                zip(ctx["input_ids"].cpu(), ctx["attention_mask"].cpu(), conts)]
        t = max(len(s) for s in seqs)
        pad = self.tok.pad_token_id
        ids = torch.tensor([[pad] * (t - len(s)) + s for s in seqs], device=self.device)
        mask = torch.tensor([[0] * (t - len(s)) + [1] * len(s) for s in seqs],
                            device=self.device)
        keep = max(len(c) for c in conts) + 1
        extra = {k: _realign(v, ctx["attention_mask"], [len(c) for c in conts], t)
                 if torch.is_tensor(v) and v.shape == ctx["input_ids"].shape else v
                 for k, v in ctx.items() if k not in ("input_ids", "attention_mask")}
        if self.plan.llava:
            rows = prepare(self.model, self.plan, ids, mask, ctx["pixel_values"])
            lg = branch_logits(self.model, self.plan, rows, keep)        # (K, B, keep, V)
        else:
            lg = own_logits(self.model, self.plan, {**extra, "input_ids": ids,
                                                      "attention_mask": mask}, keep)
        lp = causal_log_probs(lg[0], list(lg[1:]), self.cfg.gamma, self.cfg.alpha)
        out = []
        for i, c in enumerate(conts):
            if not c:
                out.append(0.0)
                continue
            pred = lp[i, keep - 1 - len(c):keep - 1]                     # (n, V) before each
            out.append(float(pred.gather(-1, torch.tensor(c, device=pred.device)[:, None])
                             .sum()))
        return out


def _realign(v: torch.Tensor, mask: torch.Tensor, extra: list[int], t: int) -> torch.Tensor:
    """A per-token tensor of the prompts (a family's token type ids) laid out like the
    prompt + continuation rows: left padding 0, the continuation's tokens 0."""
    rows = [torch.cat([r[m.bool()], r.new_zeros(n)]) for r, m, n in zip(v, mask, extra)]
    return torch.stack([torch.cat([r.new_zeros(t - len(r)), r]) for r in rows])
