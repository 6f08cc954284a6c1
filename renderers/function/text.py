"""Equations of function-plot curves as text: ASCII for captions and questions
("f(x) = x^3 - 3x", "y = 2sin(x + π/2) + 1", "log_2(x + 1)"), and as drawn on the picture
(superscripts "x³", subscripts "log₂", one line per piece of a piecewise function); multiples
of pi as a person writes them ("3π/2"). Used by the "function" family (facts, drawing) and the
MAVIS engine (captions, CoT).

    python -c "from renderers.function.curve import Curve; from renderers.function.text import \
expression; print(expression(Curve('sine', a=2.0, c=0.5, d=1.0)))"
"""
from __future__ import annotations

from fractions import Fraction
import math

from renderers.function.curve import Curve, Piece
from renderers.text import fmt_num

TRIG_FN = {"sine": "sin", "cosine": "cos", "tangent": "tan"}
_SUP = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")
_SUB = str.maketrans("0123456789", "₀₁₂₃₄₅₆₇₈₉")


def pi_text(k: float) -> str:
    """k*pi as a person writes it: π/2, 3π/2, -π, 2π, 0."""
    f = Fraction(k).limit_denominator(12)
    if f == 0:
        return "0"
    sign = "-" if f < 0 else ""
    n, dnm = abs(f.numerator), f.denominator
    top = "π" if n == 1 else f"{n}π"
    return sign + (top if dnm == 1 else f"{top}/{dnm}")


def _shift(v: float) -> str:
    if abs(v) < 1e-12:
        return ""
    return f" {'-' if v < 0 else '+'} {fmt_num(abs(v))}"


def _factor(a: float, sep: str = "") -> str:
    """Leading factor: 1 -> '', -1 -> '-', 2 -> '2' (+ sep)."""
    if a == 1:
        return ""
    if a == -1:
        return "-"
    return fmt_num(a) + sep


def poly_text(coeffs: list[float], uni: bool = False) -> str:
    terms = []
    for p in range(len(coeffs) - 1, -1, -1):
        c = coeffs[p]
        if abs(c) < 1e-12:
            continue
        body = "" if (abs(c) == 1 and p > 0) else fmt_num(abs(c))
        if p >= 1:
            body += "x" + ((str(p).translate(_SUP) if uni else f"^{p}") if p > 1 else "")
        terms.append(("-" if c < 0 else "+", body))
    if not terms:
        return "0"
    s = ("-" if terms[0][0] == "-" else "") + terms[0][1]
    for sg, body in terms[1:]:
        s += f" {sg} {body}"
    return s


def _inner(b: float, c: float) -> str:
    """Argument b x + c pi of a trig function."""
    bx = "x" if b == 1 else ("x/2" if b == 0.5 else f"{fmt_num(b)}x")
    if c == 0:
        return bx
    t = pi_text(abs(c))
    return f"{bx} {'-' if c < 0 else '+'} {t}"


def _base_text(b: float) -> str:
    if math.isclose(b, math.e):
        return "e"
    if b < 1:
        f = Fraction(b).limit_denominator(20)
        return f"({f.numerator}/{f.denominator})"
    return fmt_num(b)


def _xc(c: float) -> str:
    return "x" + _shift(-c)


def rhs_text(cv: Curve, uni: bool = False) -> str:
    """Right-hand side of the curve's equation (not for piecewise)."""
    k, a, b, c, d = cv.kind, cv.a, cv.b, cv.c, cv.d
    if k == "polynomial":
        return poly_text(cv.coeffs, uni)
    if k in TRIG_FN:
        fn = TRIG_FN[k]
        return f"{_factor(a)}{fn}({_inner(b, c if k != 'tangent' else 0.0)}){_shift(d)}"
    if k == "exponential":
        return f"{_factor(a, '·')}{_base_text(b)}{'ˣ' if uni else '^x'}{_shift(d)}"
    if k == "logarithm":
        if math.isclose(b, math.e):
            fn = "ln"
        else:
            fn = "log" + (fmt_num(b).translate(_SUB) if uni else "_" + fmt_num(b))
        return f"{_factor(a)}{fn}({_xc(c)}){_shift(d)}"
    if k == "absolute":
        return f"{_factor(a)}|{_xc(c)}|{_shift(d)}"
    if k == "rational":
        den = "x" if c == 0 else f"({_xc(c)})"
        return f"{fmt_num(a)}/{den}{_shift(d)}"
    raise ValueError(f"no closed form text for kind {k!r}")


def lhs_text(cv: Curve) -> str:
    return f"{cv.name}(x)" if cv.name else "y"


def piece_condition(p: Piece, uni: bool = False) -> str:
    le, ge = ("≤", "≥") if uni else ("<=", ">=")
    if p.lo is None and p.hi is None:
        return "all x"
    if p.lo is None:
        return f"x < {fmt_num(p.hi)}"
    if p.hi is None:
        return f"x {ge} {fmt_num(p.lo)}"
    return f"{fmt_num(p.lo)} {le} x < {fmt_num(p.hi)}"


def expression(cv: Curve) -> str:
    """Readable ASCII equation, e.g. "y = 2sin(x) + 1", "f(x) = x^3 - 3x"."""
    if cv.kind == "piecewise":
        parts = [f"{poly_text(p.coeffs)} for {piece_condition(p)}" for p in cv.pieces]
        return f"{lhs_text(cv)} = " + "; ".join(parts)
    return f"{lhs_text(cv)} = {rhs_text(cv)}"


def expression_lines(cv: Curve) -> list[str]:
    """The equation as drawn (superscripts), one line per piece for piecewise."""
    if cv.kind == "piecewise":
        return [f"{lhs_text(cv)} = {poly_text(p.coeffs, True)},  {piece_condition(p, True)}"
                for p in cv.pieces]
    return [f"{lhs_text(cv)} = {rhs_text(cv, True)}"]
