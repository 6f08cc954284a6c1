"""A reader's check of a chain of thought's arithmetic, written apart from the chains it checks:
in each step "... = <numbers and operators> = <result>", the result must be what the printed
operands give, to the precision they are printed with. Every printed operand stands for any
value that rounds to it at two decimals (the chains print two at most, dropping trailing
zeros), so 5.5 stands for 5.495 to 5.505; the expression is worked out at every corner of
those intervals (the step formulas are monotone in each operand) and the printed result must
lie within half a unit of that range. A step whose last but one part is not plain arithmetic
("Since ABCD is a square, DA = AB = 10.") is not checked.

    python -m pytest -q tests/engines/mavis/test_plane_geometry.py -k printed
"""
from __future__ import annotations

import itertools
import math
import re

NUM = re.compile(r"\d+(?:\.\d+)?")
HALF = 0.005  # every number is printed to two decimals at most (trailing zeros dropped)
ARITH = re.compile(r"^[\d.\s·×+−\-/()²√π½°]*(?:(?:sin|cos|tan)\s[\d.]+°[\d.\s·×+−\-/()²√π½°]*)*$")


def _arith_tail(text: str) -> str:
    """The longest run of whole words at the end of ``text`` that is plain arithmetic on
    numbers ("its radius is 4 / 2" -> "4 / 2"); "" where that run does not start a formula of
    its own ("|20| / 2" -> "/ 2" is a part of something else)."""
    words = text.split(" ")
    k = len(words)
    while k > 0 and ARITH.match(" ".join(words[k - 1:])):
        k -= 1
    tail = " ".join(words[k:])
    ok = tail[:1] in set("0123456789(√½π") or re.match(r"[−\-]\d", tail)
    balanced = tail.count("(") == tail.count(")")
    return tail if ok and balanced and NUM.search(tail) else ""


def _python(expr: str) -> tuple[str, list[float], list[float]]:
    """The expression as Python over variables v0..vk, with each number's value and
    half-width."""
    values, halves = [], []

    def var(m: re.Match) -> str:
        t = m.group(0)
        values.append(float(t))
        halves.append(HALF)
        return f"v{len(values) - 1}"

    e = NUM.sub(var, expr)
    e = re.sub(r"(sin|cos|tan)\s(v\d+)°", r"\1(radians(\2))", e)
    e = e.replace("°", "").replace("·", "*").replace("−", "-").replace("½", "0.5")
    e = e.replace("×", "*")
    e = e.replace("²", "**2").replace("π", "*pi").replace("√", "sqrt")
    e = re.sub(r"sqrt(v\d+)", r"sqrt(\1)", e)
    e = re.sub(r"(^|[(*/+\-\s])\*pi", r"\1pi", e)
    e = re.sub(r"(v\d+|\))\s*(sqrt|\()", r"\1*\2", e)  # 2√3, 2(...): a product
    return e, values, halves


def step_faults(step: str) -> list[str]:
    """Why the arithmetic of one step is not what its printed numbers give (empty if it is)."""
    out = []
    for clause in re.split(r",\s(?:so|and)\s", step.rstrip(".")):
        parts = [p.strip() for p in clause.split(" = ")]
        if len(parts) < 2:
            continue
        expr, res = _arith_tail(parts[-2]), parts[-1].rstrip("°")
        if not NUM.fullmatch(res) or not expr:
            continue
        code, values, halves = _python(expr)
        if len(values) > 10:
            continue
        env = {"sqrt": math.sqrt, "sin": math.sin, "cos": math.cos, "tan": math.tan,
               "radians": math.radians, "pi": math.pi}
        got = []
        for signs in itertools.product((-1, 1), repeat=len(values)):
            env.update({f"v{i}": v + s * h for i, (v, s, h) in enumerate(zip(values, signs,
                                                                             halves))})
            got.append(eval(code, {"__builtins__": {}}, env))  # noqa: S307 (our own text)
        r = float(res)
        if not min(got) - HALF - 1e-9 <= r <= max(got) + HALF + 1e-9:
            out.append(f"{expr} = {res}: the printed numbers give {min(got):.4f} to "
                       f"{max(got):.4f}")
    return out
