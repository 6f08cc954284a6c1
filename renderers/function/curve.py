"""A plotted curve of the "function" family: its kind and parameters (one convention for every
kind, listed in renderers/function/spec.py), and the pieces of a piecewise curve.

Below both the spec and the equation text (renderers/function/text.py), which read curves.

    python -c "from renderers.function.curve import Curve; print(Curve('sine', a=2))"
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional


def store_floats(obj, *names: str) -> None:
    """Store numbers as floats so hand-built specs (x=2) serialise like sampled ones (2.0)."""
    for nm in names:
        v = getattr(obj, nm)
        if isinstance(v, list):
            setattr(obj, nm, [float(e) for e in v])
        elif v is not None:
            setattr(obj, nm, float(v))


@dataclass
class Piece:
    """One polynomial piece on [lo, hi) (None = unbounded); ascending coefficients."""

    lo: Optional[float]
    hi: Optional[float]
    coeffs: list[float]

    def __post_init__(self) -> None:
        store_floats(self, "lo", "hi", "coeffs")


@dataclass
class Curve:
    kind: str
    coeffs: list[float] = field(default_factory=list)
    a: float = 1.0
    b: float = 1.0
    c: float = 0.0
    d: float = 0.0
    pieces: list[Piece] = field(default_factory=list)
    name: str = "f"  # "f" -> "f(x) = ...", "" -> "y = ..."
    color: str = "blue"
    marks: list[str] = field(default_factory=list)  # subset of MARKS drawn as labelled dots

    def __post_init__(self) -> None:
        store_floats(self, "coeffs", "a", "b", "c", "d")
