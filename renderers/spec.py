"""Renderer specs: the JSON-able dataclass every family draws from, and its round trip.

A spec holds everything a drawing needs (a renderer is a pure function of it), so it is what a
dataset row stores: ``spec.to_json()`` and ``Spec.from_dict`` rebuild nested dataclasses, lists
of dataclasses and Optional fields. ``rng_choice`` is the one sampling helper every family's
sampler shares. Reading a spec of any family (``spec_from_json``) needs the family registry and
lives in renderers/family.py.

    python -c "import numpy as np, renderers; s = renderers.get_family('chart').sample_spec(\
np.random.default_rng(0)); print(renderers.spec_from_json(s.to_json()) == s)"
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass
import json
import typing
from typing import Any, ClassVar, Sequence

import numpy as np


@dataclass
class Spec:
    """Base class of every renderer spec. Subclasses are dataclasses of JSON-able fields.

    Nested dataclasses, lists of dataclasses and Optional fields round-trip through
    ``to_dict`` / ``from_dict``; the family name travels in the dict under "family". Each
    subclass sets ``family`` to its family's registry key (the name of its subpackage).
    """

    family: ClassVar[str] = ""

    def to_dict(self) -> dict:
        d = _to_jsonable(self)
        d["family"] = self.family
        return d

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), sort_keys=True, separators=(",", ":"))

    @classmethod
    def from_dict(cls, d: dict) -> "Spec":
        d = {k: v for k, v in d.items() if k != "family"}
        return _from_jsonable(cls, d)

    def replace(self, **changes) -> "Spec":
        return dataclasses.replace(self, **changes)


def _to_jsonable(x: Any) -> Any:
    if dataclasses.is_dataclass(x) and not isinstance(x, type):
        return {f.name: _to_jsonable(getattr(x, f.name)) for f in dataclasses.fields(x)}
    if isinstance(x, (list, tuple)):
        return [_to_jsonable(v) for v in x]
    if isinstance(x, dict):
        return {str(k): _to_jsonable(v) for k, v in x.items()}
    if isinstance(x, (np.floating,)):
        return float(x)
    if isinstance(x, (np.integer,)):
        return int(x)
    if isinstance(x, np.bool_):
        return bool(x)
    return x


def _from_jsonable(tp: Any, v: Any) -> Any:
    """Rebuild a value of annotated type ``tp`` from its JSON form."""
    if v is None:
        return None
    origin = typing.get_origin(tp)
    if dataclasses.is_dataclass(tp):
        hints = typing.get_type_hints(tp)
        kwargs = {}
        names = {f.name for f in dataclasses.fields(tp) if f.init}
        unknown = set(v) - names
        if unknown:
            raise ValueError(f"{tp.__name__}: unknown field(s) {sorted(unknown)}")
        for name in names:
            if name in v:
                kwargs[name] = _from_jsonable(hints[name], v[name])
        return tp(**kwargs)
    if origin in (list, Sequence, typing.Sequence) or tp is list:
        (arg,) = typing.get_args(tp) or (Any,)
        return [_from_jsonable(arg, e) for e in v]
    if origin is tuple:
        args = typing.get_args(tp)
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_from_jsonable(args[0], e) for e in v)
        return tuple(_from_jsonable(a, e) for a, e in zip(args, v))
    if origin is dict:
        _, vt = typing.get_args(tp) or (Any, Any)
        return {k: _from_jsonable(vt, e) for k, e in v.items()}
    if origin in (typing.Union, getattr(__import__("types"), "UnionType", typing.Union)):
        for arg in typing.get_args(tp):
            if arg is type(None):
                continue
            try:
                return _from_jsonable(arg, v)
            except (TypeError, ValueError, KeyError):
                continue
        return v
    if origin is typing.Literal:
        return v
    if tp is float and isinstance(v, int):
        return float(v)
    return v


def rng_choice(rng: np.random.Generator, seq: Sequence[Any]) -> Any:
    """``rng.choice`` for any sequence (numpy's choice turns tuples into arrays)."""
    return seq[int(rng.integers(len(seq)))]
