"""DynaMath "algebra" helpers every algebra seed module shares: curves as params dicts, their
exact values, sympy forms of drawn curves, and a parser of option texts.

Curves go through lattice points wherever the answer is read off the grid (windows 10 units
wide, so the grid step is 1); where it must be computed, the formula is in the picture. The
seeds' ``check`` methods rebuild the drawn curve from the diagram's spec with ``sym_curve`` and
substitute, solve or take limits there; ``parse_rhs`` reads an option text back into sympy.

    python -m pytest -q tests/engines/dynamath/test_seeds_algebra.py
"""
from __future__ import annotations

import math
import re
from fractions import Fraction

import numpy as np

from renderers.function.curve import Curve, Piece
from renderers.spec import rng_choice

TOPIC = "algebra"
ELEM, HIGH, UNI = "elementary school", "high school", "undergraduate"
COLORS = ("blue", "red", "green", "purple", "orange", "brown")
ROUND2 = "Round to two decimal places."
P = np.polynomial.polynomial


# ----------------------------------------------------------------------------- helpers


def sp():
    """sympy, imported on first use (checks only; sampling and drawing never need it)."""
    import sympy

    return sympy


def sx():
    return sp().Symbol("x", real=True)


def ch(rng, seq):
    return rng_choice(rng, seq)


def tie(v) -> bool:
    """An exact value half-way between two 2-decimal numbers, where rounding paths may split."""
    return (Fraction(v).limit_denominator(10 ** 6) * 100).denominator == 2


def poly(coeffs) -> dict:
    return {"kind": "polynomial", "coeffs": [float(c) for c in coeffs]}


def curve(d: dict, name: str = "f", color: str = "blue") -> Curve:
    """A renderer Curve from a JSON curve dict (params keep curves in this form)."""
    kw = {k: v for k, v in d.items() if k not in ("kind", "pieces")}
    pieces = [Piece(lo, hi, cs) for lo, hi, cs in d.get("pieces", [])]
    return Curve(d["kind"], pieces=pieces, name=name, color=color, **kw)


def fval(d: dict, x) -> Fraction | float:
    """Closed-form value of a curve dict at x (exact for polynomials, |x| and piecewise)."""
    k = d["kind"]
    if k == "polynomial":
        return sum(Fraction(c) * Fraction(x) ** i for i, c in enumerate(d["coeffs"]))
    if k == "piecewise":
        for lo, hi, cs in d["pieces"]:
            if (lo is None or x >= lo) and (hi is None or x < hi):
                return fval(poly(cs), x)
        raise ValueError(f"{x} outside the pieces")
    a, b, c, dd = (d.get(n, v) for n, v in (("a", 1.0), ("b", 1.0), ("c", 0.0), ("d", 0.0)))
    if k == "absolute":
        return Fraction(a) * abs(Fraction(x) - Fraction(c)) + Fraction(dd)
    if k == "sine":
        return a * math.sin(b * x + c * math.pi) + dd
    if k == "cosine":
        return a * math.cos(b * x + c * math.pi) + dd
    if k == "tangent":
        return a * math.tan(b * x) + dd
    if k == "exponential":
        return a * b ** x + dd
    if k == "logarithm":
        return a * math.log(x - c, b) + dd
    raise ValueError(f"unknown curve kind {k!r}")


def sym_curve(cv: Curve):
    """The drawn curve as a sympy expression in x (from the spec, not from the params): the
    function family's re-checker builds it, so both checks read a curve the same way."""
    from engines.mavis.function.recheck import sym_expr  # sympy only for checks

    return sym_expr(cv)


def parse_rhs(text: str, funcs: dict | None = None):
    """An expression as printed in the options ("2sin(x) + 1", "log_2(x - 1)", "3|x + 1|",
    "(1/2)^x", "2·3^x", "q(x - 2) + 1") parsed with sympy; ``funcs`` names callables."""
    s = sp()
    from sympy.parsing.sympy_parser import (convert_xor, implicit_multiplication_application,
                                            parse_expr, standard_transformations)

    t = text.replace("·", "*").replace("π", "pi").replace("−", "-")
    t = re.sub(r"\|([^|]*)\|", r"Abs(\1)", t)
    t = re.sub(r"log_(\d+)\(", r"(1/log(\1))*log(", t)
    t = t.replace("ln(", "log(")
    local = {"x": sx(), "e": s.E, "pi": s.pi, "Abs": s.Abs, "log": s.log}
    local.update(funcs or {})
    return parse_expr(t, local_dict=local,
                      transformations=standard_transformations +
                      (implicit_multiplication_application, convert_xor))


def interior_ints(lo: float, hi: float, margin: float = 1.0) -> list[int]:
    return list(range(math.ceil(lo + margin), math.floor(hi - margin) + 1))
