"""The stages' optimizer (the recipe's ``optimizer``): AdamW, or Muon for the language model's
hidden matrices beside AdamW for everything else.

Muon (``torch.optim.Muon``) takes each update of a 2-D weight through momentum and then
orthogonalises it (Newton-Schulz), so that every direction of the matrix moves alike. It is
meant for the hidden layers of a transformer; embeddings, the output head, norms and biases stay
with AdamW. Here it takes the 2-D weights of the language model's decoder layers (``hidden``);
its learning rate is scaled to match AdamW's update size (``adjust_lr_fn="match_rms_adamw"``),
so the recipe's ``lr``, ``module_lr`` and schedule mean the same for both. Measured on the
small preset's stage 3 (docs/grounding, "Muon"): claims about charts that AdamW leaves at
chance for 1,000 steps are learnt; the claims of every family together are not.

torch has the two optimizers but none that runs them side by side over one model under one
scheduler and one checkpoint: ``MuonAdamW`` is that pairing, one ``Optimizer`` whose
``param_groups`` are the two's (the scheduler sets their rates) and whose ``state_dict`` is one
of the usual form, Muon's tensors numbered first (train.checkpoint stores it flat).
"""
from __future__ import annotations

from typing import Callable

import torch

OPTIMIZERS = ("adamw", "muon")


def hidden(model: torch.nn.Module, module_of: Callable[[str], str] | None) -> set[int]:
    """The ids of the trainable 2-D weights of the language model's hidden layers: parameters
    of the ``llm`` module (``module_of``) other than its input and output embeddings."""
    if module_of is None:
        return set()
    embeddings = set()
    if hasattr(model, "get_input_embeddings"):  # a transformers model
        embeddings = {id(m.weight) for m in (model.get_input_embeddings(),
                                             model.get_output_embeddings()) if m is not None}
    return {id(p) for n, p in model.named_parameters()
            if p.requires_grad and p.ndim == 2 and module_of(n) == "llm"
            and id(p) not in embeddings}


def _split(groups, muon: set[int]) -> tuple[list[dict], list[dict]]:
    """Each AdamW group (``train.loop.param_groups``: a list of parameters or of groups) as a
    Muon group of its ``muon`` parameters and an AdamW group of the others, its own settings
    (a learning rate, a weight decay) kept with both; empty ones dropped."""
    groups = list(groups)
    if groups and not isinstance(groups[0], dict):
        groups = [{"params": groups}]
    mine, others = [], []
    for g in groups:
        extra = {k: v for k, v in g.items() if k != "params"}
        params = list(g["params"])
        for keep, out in ((True, mine), (False, others)):
            chosen = [p for p in params if (id(p) in muon) == keep]
            if chosen:
                out.append({"params": chosen, **extra})
    return mine, others


class MuonAdamW(torch.optim.Optimizer):
    """``torch.optim.Muon`` on ``muon_groups`` and ``torch.optim.AdamW`` on ``adamw_groups``,
    stepped together; ``param_groups`` lists Muon's groups, then AdamW's."""

    def __init__(self, muon_groups: list[dict], adamw_groups: list[dict], lr: float,
                 weight_decay: float = 0.0):
        self.muon = torch.optim.Muon(muon_groups, lr=lr, weight_decay=weight_decay,
                                     adjust_lr_fn="match_rms_adamw")
        # foreach: as make_optimizer's AdamW
        self.adamw = (torch.optim.AdamW(adamw_groups, lr=lr, weight_decay=weight_decay,
                                        foreach=True) if adamw_groups else None)
        super().__init__([p for o in self._parts() for g in o.param_groups
                          for p in g["params"]], {"lr": lr})
        self._link()

    def _parts(self) -> list[torch.optim.Optimizer]:
        return [o for o in (self.muon, self.adamw) if o is not None]

    def _link(self) -> None:
        self.param_groups = [g for o in self._parts() for g in o.param_groups]

    @torch.no_grad()
    def step(self, closure=None):
        loss = None
        if closure is not None:
            with torch.enable_grad():
                loss = closure()
        for o in self._parts():
            o.step()
        return loss

    def _sizes(self) -> list[int]:
        return [sum(len(g["params"]) for g in o.param_groups) for o in self._parts()]

    def state_dict(self) -> dict:
        state, groups, base = {}, [], 0
        for o, size in zip(self._parts(), self._sizes()):
            sd = o.state_dict()
            state.update({base + i: v for i, v in sd["state"].items()})
            groups += [{**g, "params": [base + i for i in g["params"]]}
                       for g in sd["param_groups"]]
            base += size
        return {"state": state, "param_groups": groups}

    def load_state_dict(self, state_dict: dict) -> None:
        groups, base, at = state_dict["param_groups"], 0, 0
        for o, size in zip(self._parts(), self._sizes()):
            mine = groups[at:at + len(o.param_groups)]
            at += len(o.param_groups)
            o.load_state_dict({
                "state": {int(i) - base: v for i, v in state_dict["state"].items()
                          if base <= int(i) < base + size},
                "param_groups": [{**g, "params": [i - base for i in g["params"]]}
                                 for g in mine]})
            base += size
        self._link()


def make_optimizer(name: str, model: torch.nn.Module, groups, lr: float, weight_decay: float,
                   module_of: Callable[[str], str] | None = None) -> torch.optim.Optimizer:
    """The optimizer ``name`` (``OPTIMIZERS``) over ``groups`` (``train.loop.param_groups``).
    ValueError for muon where the stage trains no hidden matrix of a language model."""
    if name == "adamw":
        # foreach: each AdamW operation on all tensors in one call; on a CPU torch's default
        # is a Python loop over the tensors (about a tenth of a tiny stage-1 step), same
        # arithmetic
        return torch.optim.AdamW(groups, lr=lr, weight_decay=weight_decay, foreach=True)
    if name != "muon":
        raise ValueError(f"optimizer: unknown {name!r}; valid: {', '.join(OPTIMIZERS)}")
    mine, others = _split(groups, hidden(model, module_of))
    if not mine:
        raise ValueError("optimizer: muon takes the language model's hidden matrices, and "
                         "this stage trains none (train_modules without llm, or all its "
                         "layers frozen); use adamw")
    return MuonAdamW(mine, others, lr=lr, weight_decay=weight_decay)
