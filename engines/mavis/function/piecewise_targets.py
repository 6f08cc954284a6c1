"""Builders of problems on piecewise-defined functions: the zeros of f (the largest, the
smallest or how many), the interval on which f decreases (or increases), and the value at a
breakpoint, where the formula changes.

Each solves piece by piece as a student does: a piece's polynomial on its own interval, roots
kept only where they fall inside it, the slope of a line or the vertex of a parabola for where
it rises or falls; the CoT writes those steps with the actual numbers. The curves are the
renderer's continuous piecewise functions (renderers/function/sample.py) with every zero and
turning point inside the plotted window. engines/mavis/function/recheck.py re-derives each
answer with sympy. A zero problem also writes its wrong solutions for DPO pairs (a coefficient
misread, a solution's sign lost or a piece's interval not checked, a solution off by one), each
worked through every later step to its own answer.

    python -c "import numpy as np; from engines.mavis.function.piecewise_targets import *; \
d = b_piece_zero(np.random.default_rng(1)); print(d.stem, d.cot, d.answer)"
"""
from __future__ import annotations

import math
from dataclasses import replace
from typing import Callable

import numpy as np

from engines.mavis.function.targets import Draft, distract, eq_sign, n, par, poly_at
from engines.mavis.problem import MisreadChain, WrongChain, fmt_answer
from renderers.function.curve import Curve, Piece
from renderers.function.sample import choose_window, sample_curve
from renderers.function.spec import XMarker, value
from renderers.function.text import expression, piece_condition, poly_text
from renderers.spec import rng_choice
from renderers.text import r2

INF = "∞"


def _roots(cs: list[float]) -> list[float]:
    """Real roots of a polynomial of degree <= 2 (ascending coefficients); a constant has
    none (a zero piece is refused by the caller)."""
    cs = list(cs) + [0.0] * (3 - len(cs))
    c, b, a = cs[:3]
    if abs(a) < 1e-12:
        return [] if abs(b) < 1e-12 else [-c / b]
    disc = b * b - 4 * a * c
    if disc < -1e-12:
        return []
    s = math.sqrt(max(disc, 0.0))
    return sorted({(-b - s) / (2 * a), (-b + s) / (2 * a)})


def _inside(p: Piece, x: float) -> bool:
    return (p.lo is None or x >= p.lo - 1e-12) and (p.hi is None or x < p.hi - 1e-12)


def _curve(rng: np.random.Generator, ok: Callable[[Curve, tuple], bool]) -> tuple[Curve, tuple]:
    for _ in range(200):
        cv = sample_curve(rng, "piecewise")
        if any(len(p.coeffs) > 3 or all(abs(c) < 1e-12 for c in p.coeffs) for p in cv.pieces):
            continue
        win = choose_window(rng, [cv])
        if ok(cv, win):
            return cv, win
    raise ValueError("piecewise: no curve fits in 200 draws")


def _zeros(cv: Curve) -> list[tuple[float, Piece]]:
    return [(x, p) for p in cv.pieces for x in _roots(p.coeffs) if _inside(p, x)]


def _solve_text(p: Piece, xs: list[float], kept: list[float]) -> str:
    eq = f"{poly_text(p.coeffs)} = 0"
    cond = piece_condition(p)
    if not xs:
        return f"On {cond}: {eq} has no real solution."
    sols = " or ".join(f"x {eq_sign(x)} {n(r2(x))}" for x in xs)
    if kept == xs:
        return f"On {cond}: {eq} gives {sols}, {'both' if len(xs) == 2 else 'which is'} inside."
    if not kept:
        return f"On {cond}: {eq} gives {sols}, outside this piece, so no zero here."
    return (f"On {cond}: {eq} gives {sols}; only x {eq_sign(kept[0])} {n(r2(kept[0]))} lies "
            f"inside.")


def _final_zero(zs: list[float], which: str) -> tuple[str, float] | None:
    """The closing step for the zeros a solver kept, and the answer it gives (None where
    ``which`` asks what those zeros cannot answer: the only zero of two, the largest of none)."""
    zs = sorted(zs)
    if which == "count":
        listed = ", ".join(n(r2(x)) for x in zs)
        if not zs:
            return "No piece has a zero inside its own interval: 0 zeros in all.", 0.0
        return (f"Keeping those, f has the zero{'s' if len(zs) > 1 else ''} x = {listed}: "
                f"{len(zs)} in all."), float(len(zs))
    if not zs or (which == "only" and len(zs) != 1):
        return None
    pick = max(zs) if which == "largest" else min(zs)
    word = {"largest": "The largest", "smallest": "The smallest", "only": "The only"}[which]
    return f"{word} zero of f is x {eq_sign(pick)} {n(r2(pick))}.", r2(pick)


def _zero_work(cv: Curve, which: str, shown: dict[int, list[float]] | None = None,
               roots: dict[int, list[float]] | None = None, check: bool = True
               ) -> tuple[list[str], float] | None:
    """The piece-by-piece solution of f(x) = 0 after its opening step, and its answer, as a
    solver writes it: piece i read as ``shown[i]`` (a misread coefficient), solved to
    ``roots[i]`` (a wrong formula or a slip), every solution kept when ``check`` is off (the
    piece's interval not looked at). With no argument, the right solution."""
    shown, roots = shown or {}, roots or {}
    steps, kept_all = [], []
    for i, p in enumerate(cv.pieces):
        q = Piece(p.lo, p.hi, shown.get(i, p.coeffs))
        xs = sorted(roots.get(i, _roots(q.coeffs)))
        kept = [x for x in xs if _inside(p, x)] if check else xs
        kept_all += kept
        if check or not xs:
            steps.append(_solve_text(q, xs, kept))
        else:
            sols = " or ".join(f"x {eq_sign(x)} {n(r2(x))}" for x in xs)
            steps.append(f"On {piece_condition(q)}: {poly_text(q.coeffs)} = 0 gives {sols}.")
    if len({round(x, 6) for x in kept_all}) != len(kept_all):
        return None  # two pieces giving one point: the solver would see it and look again
    end = _final_zero(kept_all, which)
    return None if end is None else (steps + [end[0]], end[1])


def _zero_wrong_chains(cv: Curve, which: str, opening: str, ans: float) -> list[WrongChain]:
    """Wrong solutions of a piecewise zero problem, each carried through to its own answer:
    a coefficient misread (misread_value: a ``MisreadChain`` of the formula, which its opening
    states as misread), the sign of a solution lost or the pieces' intervals not checked
    (wrong_formula), a solution off by one (arithmetic_slip)."""
    out: list[WrongChain] = []
    seen = {fmt_answer(ans)}
    given = expression(cv)  # the formula the figure or the text gives (the problem's Given)

    def add(kind: str, work, read: Curve | None = None) -> None:
        if work is not None and fmt_answer(work[1]) not in seen:
            seen.add(fmt_answer(work[1]))
            if read is None:
                out.append(WrongChain(kind, [opening] + work[0], work[1]))
                return
            # the misread formula is the one the solver writes down and works with
            start = opening.replace(given, expression(read))
            out.append(MisreadChain(kind, [start] + work[0], work[1], given))
    for i, p in enumerate(cv.pieces):
        c0 = p.coeffs[0]
        for c in (c0 + 1, c0 - 1, -c0):
            shown = {i: [c] + list(p.coeffs[1:])}
            read = replace(cv, pieces=[Piece(q.lo, q.hi, shown.get(j, q.coeffs))
                                       for j, q in enumerate(cv.pieces)])
            add("misread_value", _zero_work(cv, which, shown=shown), read)
        rs = _roots(p.coeffs)
        if rs:
            add("wrong_formula", _zero_work(cv, which, roots={i: [-x for x in rs]}))
            for k in range(len(rs)):
                for dv in (1.0, -1.0):
                    slip = [x + dv if j == k else x for j, x in enumerate(rs)]
                    add("arithmetic_slip", _zero_work(cv, which, roots={i: slip}))
    add("wrong_formula", _zero_work(cv, which, check=False))
    return out


def b_piece_zero(rng: np.random.Generator) -> Draft:
    def ok(cv, win):
        zs = _zeros(cv)
        return 1 <= len(zs) <= 4 and all(win[0] < x < win[1] for x, _ in zs) and \
            len({round(x, 6) for x, _ in zs}) == len(zs)
    cv, win = _curve(rng, ok)
    zs = sorted(x for x, _ in _zeros(cv))
    which = str(rng_choice(rng, ("largest", "smallest", "count") if len(zs) > 1 else
                                ("only", "count")))
    opening = (f"The function is {expression(cv)}; solve f(x) = 0 on each piece and keep the "
               f"solutions that lie in that piece's interval.")
    steps, ans = _zero_work(cv, which)
    cot = [opening] + steps
    chains = _zero_wrong_chains(cv, which, opening, ans)
    # the options are the chains' answers where there are three, so that every option has
    # a worked wrong solution behind it
    cands: list[tuple[object, str | None]] = [(w.value, None) for w in chains]
    more = len(chains) < 3
    if which == "count":
        stem = "How many zeros does f have?"
        all_roots = sum(len(_roots(p.coeffs)) for p in cv.pieces)
        cands += [(float(all_roots), "Counting every solution of every piece's equation, "
                                     "also those outside the piece, gives "
                                     f"{all_roots}."),
                  (float(len(zs) + 1), None), (float(max(len(zs) - 1, 0)), None),
                  # more counts, so that the generic numeric padding (a half of the
                  # answer among them) is never needed: every option stays a whole number
                  (float(len(zs) + 2), None), (float(len(zs) + 3), None)]
    else:
        pick = max(zs) if which == "largest" else min(zs)
        stem = {"largest": "What is the largest zero of f?",
                "smallest": "What is the smallest zero of f?",
                "only": "f has exactly one zero. What is it?"}[which]
        outside = [x for p in cv.pieces for x in _roots(p.coeffs) if not _inside(p, x)]
        cands += [(x, f"Keeping a solution outside its piece gives x = {n(r2(x))}.")
                  for x in outside]
        cands += [(-pick, f"A sign slip gives x = {n(r2(-pick))}.")]
        cands += [(x, None) for x in zs if x != pick]
        cands += [(value(cv, 0.0), "Reading the y-intercept instead of a zero.")]
        cands += [(pick + 1, None), (pick - 1, None)]
    ds = distract(ans, cands if more else cands[:len(chains)])
    return Draft(cv, stem, cot, ans, ds, window=win, tags={"which": which},
                 wrong_chains=chains, value=None if which == "count" else pick)


def _monotone_runs(cv: Curve) -> list[tuple[float, float, str]]:
    """Maximal intervals (lo, hi; +-inf at the ends) on which f strictly rises or falls, from
    each piece's slope (a line) or vertex (a parabola)."""
    cuts: list[tuple[float, float, str]] = []
    for p in cv.pieces:
        lo = -math.inf if p.lo is None else p.lo
        hi = math.inf if p.hi is None else p.hi
        cs = list(p.coeffs) + [0.0] * (3 - len(p.coeffs))
        c, b, a = cs[:3]
        if abs(a) < 1e-12:
            cuts.append((lo, hi, "increasing" if b > 0 else "decreasing" if b < 0 else "constant"))
            continue
        h = -b / (2 * a)
        left, right = ("decreasing", "increasing") if a > 0 else ("increasing", "decreasing")
        if h <= lo:
            cuts.append((lo, hi, right))
        elif h >= hi:
            cuts.append((lo, hi, left))
        else:
            cuts += [(lo, h, left), (h, hi, right)]
    runs: list[tuple[float, float, str]] = []
    for lo, hi, t in cuts:
        if runs and runs[-1][2] == t:
            runs[-1] = (runs[-1][0], hi, t)
        else:
            runs.append((lo, hi, t))
    return runs


def run_text(lo: float, hi: float) -> str:
    """An interval of monotonicity as written: closed at finite ends, (-∞, ...) and (..., ∞)."""
    a = f"(-{INF}" if lo == -math.inf else f"[{n(lo)}"
    b = f"{INF})" if hi == math.inf else f"{n(hi)}]"
    return f"{a}, {b}"


def b_piece_monotonic(rng: np.random.Generator) -> Draft:
    want = str(rng_choice(rng, ("decreasing", "increasing")))

    def ok(cv, win):
        runs = _monotone_runs(cv)
        ends = [e for lo, hi, _ in runs for e in (lo, hi) if math.isfinite(e)]
        return sum(t == want for _, _, t in runs) == 1 and len(runs) >= 2 and \
            all(win[0] < e < win[1] and abs(e - round(e * 2) / 2) < 1e-9 for e in ends)
    cv, win = _curve(rng, ok)
    runs = _monotone_runs(cv)
    lo, hi, _ = next(r for r in runs if r[2] == want)
    ans = run_text(lo, hi)
    cot = [f"The function is {expression(cv)}; find where each piece rises or falls."]
    for p in cv.pieces:
        cs = list(p.coeffs) + [0.0] * (3 - len(p.coeffs))
        c, b, a = cs[:3]
        cond = piece_condition(p)
        if abs(a) < 1e-12:
            how = "rises" if b > 0 else "falls" if b < 0 else "is constant"
            cot.append(f"On {cond}, f(x) = {poly_text(p.coeffs)} is a line of slope {n(b)}, "
                       f"so it {how}.")
        else:
            h = -b / (2 * a)
            lo_p = -math.inf if p.lo is None else p.lo
            hi_p = math.inf if p.hi is None else p.hi
            before, after = ("falls", "rises") if a > 0 else ("rises", "falls")
            head = (f"On {cond}, f(x) = {poly_text(p.coeffs)} is a parabola opening "
                    f"{'upward' if a > 0 else 'downward'} with vertex at x = -{par(b)}/"
                    f"(2·{par(a)}) = {n(r2(h))}")
            if h <= lo_p:
                cot.append(f"{head}, at or left of this piece, so on it f {after}.")
            elif h >= hi_p:
                cot.append(f"{head}, at or right of this piece, so on it f {before}.")
            else:
                cot.append(f"{head}: f {before} before x = {n(r2(h))} and {after} after it.")
    cot.append(f"Joining the pieces (f is continuous), f is {want} exactly on {ans}.")
    others = [run_text(a, b) for a, b, t in runs if t != want]
    cands: list[tuple[object, str | None]] = [
        (o, "Reading the graph from right to left swaps rising and falling.") for o in others]
    cands += [(run_text(p.lo if p.lo is not None else -math.inf,
                        p.hi if p.hi is not None else math.inf), None) for p in cv.pieces]
    for dl, dh in ((0, 1), (-1, 0), (1, 0), (0, -1), (-1, 1)):  # an end misread by one unit
        a, b = lo + dl, hi + dh
        if a < b:
            cands.append((run_text(a, b), None))
    ds = distract(ans, cands)
    stem = f"On which interval is f {want}?"
    return Draft(cv, stem, cot, ans, ds, answer_kind="text", window=win,
                 tags={"which": want})


def b_piece_breakpoint(rng: np.random.Generator) -> Draft:
    def ok(cv, win):
        return all(win[0] < p.lo < win[1] for p in cv.pieces[1:])
    cv, win = _curve(rng, ok)
    k = int(rng.integers(1, len(cv.pieces)))
    left, right = cv.pieces[k - 1], cv.pieces[k]
    b = float(right.lo)
    fb = value(cv, b)
    ans = r2(fb)
    at = n(b)
    cot = [f"The function is {expression(cv)}, and the formula changes at x = {at}.",
           f"x = {at} satisfies {piece_condition(right)} (the inequality includes {at}), so "
           f"use f(x) = {poly_text(right.coeffs)}.",
           f"{poly_at(right.coeffs, at, fb)}."]
    lv = float(np.polynomial.polynomial.polyval(b, left.coeffs))
    cot.append(f"The piece on the left, {poly_text(left.coeffs)}, gives the same value at "
               f"x = {at} ({n(r2(lv))}): f is continuous there. So f({at}) = {n(ans)}.")
    cands = [(-fb, f"A sign slip gives f({at}) = {n(r2(-fb))}."),
             (value(cv, b + 1), f"Reading the graph one unit too far right gives "
                                f"{n(r2(value(cv, b + 1)))}."),
             (value(cv, b - 1), f"Reading the graph one unit too far left gives "
                                f"{n(r2(value(cv, b - 1)))}."),
             (fb - right.coeffs[0], f"Dropping the constant term gives "
                                    f"{n(r2(fb - right.coeffs[0]))}."),
             (b, "Giving the x-coordinate of the breakpoint instead of the value.")]
    return Draft(cv, "The formula of f changes at x = b. What is f(b)?", cot, ans,
                 distract(ans, cands), markers=[XMarker("b", b)], window=win, value=fb)


PIECEWISE_BUILDERS: dict[str, Callable[[np.random.Generator], Draft]] = {
    "piece_zero": b_piece_zero, "piece_monotonic": b_piece_monotonic,
    "piece_breakpoint": b_piece_breakpoint,
}

__all__ = ["PIECEWISE_BUILDERS", "b_piece_breakpoint", "b_piece_monotonic", "b_piece_zero",
           "run_text"]
