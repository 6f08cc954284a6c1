"""DPO preference pairs: chosen = the engine's CoT + answer, rejected = a wrong rationale.

MAVIS stage 4 pairs the stage-3 model's wrong answers (rejected) with the engine's CoT (chosen).
Engines never import models: a model enters as a plain callable ``answer_fn(images, prompts) ->
texts``. Without a model (or to top up where the model was right), the engine writes its own
wrong solutions, as long as the chosen one and in its style: an error made at one step (a
misread value, a wrong formula, an arithmetic slip) and carried through every later step to a
wrong final answer (``wrong_chains``). Never the right chain with a contradicting line added,
never a rejected answer equal to the right one, never a given restated with another value
(but the one a misread chain misreads). A misread (``MisreadChain``) is a misreading of the
figure: a pair's rejected side misreads only a given its version's figure shows and its text
does not state (none in text_dominant, whose text states every given).

The family's own chains (plane geometry, piecewise zeros) redo every step after the error.
For the others the error sits in the step that works the answer out and the wrong value runs
through the steps that restate it: the distractor's wrong formula written as that step (one
that uses what the steps before it worked out), or a slip in its arithmetic (a digit one off,
two digits swapped, a sign lost where a negative number enters; never the decimal point
moved, and one of several solutions listed together keeps its place among them). A problem
whose answer no step works out (a text answer, a value read off the formula) gets no
engine-made rejected side: ``engine_pair`` raises ValueError, and the dpo-pairs builder draws
the family's next problem. A multiple-choice prompt shows the rejected answer among its
options.

    from engines.mavis.dpo import pairs_from_model
    pairs = pairs_from_model(rows, my_model_fn)   # rows: mavis-instruct dicts with images
"""
from __future__ import annotations

import ast
import math
import operator
import re
from typing import Any, Callable, Sequence

import numpy as np

from engines.mavis.problem import (LETTERS, Given, Problem, WrongChain, fmt_answer,
                                   make_choices, question_text)
from renderers.spec import rng_choice

AnswerFn = Callable[[Sequence[Any], Sequence[str]], Sequence[str]]

_ANSWER_PATTERNS = [
    re.compile(r"answer is\s*:?\s*\(?([A-E])\)?\s*[:.)]", re.I),
    # an interval ("(-∞, 3]", "[1, 2.5]") before the numbers it starts with
    re.compile(r"answer is\s*:?\s*([\[(]\s*-?(?:∞|\d+(?:\.\d+)?)\s*,\s*-?(?:∞|\d+(?:\.\d+)?)"
               r"\s*[\])])", re.I),
    # pi forms before plain numbers: "4π", "π/2", "3π/4"
    re.compile(r"answer is\s*:?\s*(-?\d*(?:\.\d+)?\s*π(?:\s*/\s*\d+)?)", re.I),
    re.compile(r"answer is\s*:?\s*\$?(-?\d+(?:\.\d+)?)", re.I),
    re.compile(r"answer is\s*:?\s*([A-Za-z][\w\- ]*?)\s*\.?$", re.I | re.M),
    re.compile(r"answer\s*:\s*\(?([A-E])\)?\b", re.I),
    re.compile(r"answer\s*:\s*(-?\d+(?:\.\d+)?)", re.I),
]


def extract_answer(text: str) -> str | None:
    """The final answer a rationale states ("The answer is B: 12.5." -> "B"), or None."""
    for pat in _ANSWER_PATTERNS:
        found = pat.findall(text)
        if found:
            return found[-1].strip()
    return None


def is_correct(text: str, answer: str, choices: Sequence[str] = ()) -> bool:
    """Whether a model's rationale ends in the right answer (letter, value or word)."""
    got = extract_answer(text)
    if got is None:
        return False
    if choices and got.upper() in LETTERS[: len(choices)]:
        return got.upper() == answer.upper()
    if choices and answer.upper() in LETTERS[: len(choices)]:
        answer = choices[LETTERS.index(answer.upper())]
    g, a = _number(got), _number(str(answer))
    if g is not None and a is not None:
        return abs(g - a) <= 1e-3 * max(1.0, abs(a))
    return got.strip().lower() == str(answer).strip().lower()


def _number(s: str) -> float | None:
    """'3.5' -> 3.5, '4π' -> 12.566.., 'π/2' -> 1.5707.., else None."""
    import math

    t = s.strip().replace(" ", "")
    m = re.fullmatch(r"(-?\d*(?:\.\d+)?)π(?:/(\d+))?", t)
    if m:
        k = m.group(1)
        coef = -1.0 if k == "-" else float(k) if k else 1.0
        return coef * math.pi / (float(m.group(2)) if m.group(2) else 1.0)
    try:
        return float(t)
    except ValueError:
        return None


def _final(answer: str, choices: Sequence[str]) -> str:
    if choices:
        return f"The answer is {answer}: {choices[LETTERS.index(answer)]}."
    return f"The answer is {answer}."


# a value as a step writes it: 3, -2.25, 32/3 (not an argument: the 1 of f(1))
_VAL = re.compile(r"(?<![\w.])(?<!\w\()-?\d+(?:\.\d+)?(?:/\d+)?(?![\w.]?\d)")
# what stands before a value that states a result: "= 3", "≈ 3", "is 3", "at x = 3", "gives 3"
_MARK = re.compile(r"(?:=|≈|→|\bis|\bto|\bat|\bgives)\s*$")
# arithmetic in the expression a result is worked out from
_OPS = re.compile(r"[-+−·×*/√∛^²³(|π]")
# words of a distractor's note that name the mistake: a solver making it would not write them
_SELF_AWARE = re.compile(r"slip|forget|forgot|ignor|instead|invert|wrong|mistak|read|reverses|"
                         r"one unit|mixed|not squared|that is the|without|taking|taken|only the|"
                         r"changed|left out|other coordinate|swap|confus|using the|dropping|"
                         r"picking|giving|counting|estimating|subtracting in", re.I)
# a remark in brackets, in words: "(the inequality includes 0)", not "(8 · sin 50°)"
_REMARK = re.compile(r"\((?=[^()]*[a-z]{4})[^()]*\)")
# a function's value named, "f(3)", "f'(2)": the brackets hold no arithmetic
_APPLIED = re.compile(r"(?<![\w])[A-Za-z]'*\(-?[\w.]+\)")
KINDS = ("misread_value", "wrong_formula", "arithmetic_slip")


def _shown_only(g: Given, version: str) -> bool:
    """Whether ``version``'s figure shows the given ``g`` and its text does not state it: no
    given in text_dominant (its text states them all, its figure none), those the base diagram
    draws in text_lite, every drawable one in vision_dominant."""
    return {"text_dominant": False, "text_lite": g.in_diagram,
            "vision_dominant": g.drawable}[version]


def _fits(p: Problem, w: WrongChain, version: str | None) -> bool:
    """Whether ``w`` is a plausible wrong solution of ``p`` asked in ``version``: a misread
    only of a value the version's figure offers and its text does not state, read as another
    only where the figure offers that one too (None: whatever the version, so no misread);
    any other kind in every version."""
    if w.kind != "misread_value":
        return True

    def shown(name) -> bool:
        return any(_shown_only(g, version) for g in p.givens if name in (g.text, g.value))
    given, other = getattr(w, "given", None), getattr(w, "taken_for", None)
    return version is not None and given is not None and shown(given) and \
        (other is None or shown(other))


def _value(tok: str) -> float:
    """'3.5' -> 3.5, '-9/4' -> -2.25."""
    num, _, den = tok.partition("/")
    return float(num) / float(den) if den else float(num)


def _shown(v: float) -> str:
    """A value as an answer states it: two decimals, rounded half up (1.125 -> 1.13)."""
    return fmt_answer(float(v))


def _result(step: str, right: str) -> re.Match | None:
    """The step's last value when it states ``right`` as a result ("... = 3.", "is 3 m.")."""
    vals = list(_VAL.finditer(step))
    if not vals or _shown(_value(vals[-1].group())) != right:
        return None
    return vals[-1] if _MARK.search(step[:vals[-1].start()]) else None


def _expression(step: str, m: re.Match) -> str:
    """The expression the result ``m`` of a step is worked out from: the clause right before
    its "=" ("(6 - 3)/1" in "So a = (6 - 3)/1 = 3."), or the one before a "so" clause ("area
    (1/2) × 4.5 × 3.87" in "... (1/2) × 4.5 × 3.87, so the lateral area is 34.84.")."""
    head = step[:m.start()]
    parts = re.split(r"[=≈→,;:]", head[:_MARK.search(head).start()])
    if len(parts) > 1 and re.match(r"\s*so\b", parts[-1]) and not re.search(r"\d", parts[-1]):
        return parts[-2]
    return parts[-1]


def _computes(step: str, m: re.Match) -> bool:
    """Whether the result ``m`` is worked out in the step: its expression holds numbers and
    arithmetic ("(6 - 3)/1 = 3", "f(0) = 1", "Adding the base 10² = 100 gives S = 360"), not
    a name restated ("so OB = 7", "the area of triangle ABC = 54", "is 60°"), a value
    restated under another name ("y = -2, so k = -2": the minus is a sign, no arithmetic) nor
    one whose only brackets hold a remark ("x = 0 satisfies x >= 0 (the inequality includes
    0), so use f(x) = 2")."""
    adding = re.match(r"\s*Adding\b", step)
    # a remark in brackets is no arithmetic ("x = 0 satisfies x >= 0 (the inequality includes
    # 0), so use f(x) = 2": a slip there rewrites the formula given)
    expr = _REMARK.sub(" ", step[:m.start()] if adding else _expression(step, m))
    lone = _VAL.fullmatch(expr.strip())
    if not adding and lone and "/" not in lone.group() and \
            _shown(_value(lone.group())) == _shown(_value(m.group())):
        return False
    return bool(re.search(r"\d", expr)) and bool(adding or _OPS.search(expr))


def _answer_step(cot: Sequence[str], right: str) -> int | None:
    """The step that works the answer out: the first of the closing steps that all state it
    (the others only restate it) in which it is the result of arithmetic; None where there is
    none, where that step only names a function's value that an earlier one of those steps
    states ("so use f(x) = 0.5." then "f(3) = 0.5.": the value is read off the formula), or
    where a later step holds the answer's value other than as a stated result, but in a
    sentence that ``_restated`` leaves out."""
    tail = len(cot)
    while tail > 0 and _result(cot[tail - 1], right):
        tail -= 1
    j = next((i for i in range(tail, len(cot)) if _computes(cot[i], _result(cot[i], right))),
             None)
    if j is not None and _read_off(cot, tail, j, right):
        return None
    if j is None or any(_restated(s, right) is None for s in cot[j + 1:]):
        return None
    return j


def _read_off(cot: Sequence[str], tail: int, j: int, right: str) -> bool:
    """Whether step ``j`` only names a function's value ("f(3) = 0.5.") that a step before it
    in the closing ones gives as the function's formula ("so use f(x) = 0.5."): the value is
    read off the formula, not worked out."""
    expr = _expression(cot[j], _result(cot[j], right))
    named = _APPLIED.search(expr)
    if not named or _OPS.search(_APPLIED.sub("v", expr)):
        return False
    formula = re.compile(r"(?<!\w)" + re.escape(named.group().split("(")[0]) +
                         r"\(x\)\s*[=≈]\s*$")
    return any(formula.search(cot[i][:_result(cot[i], right).start()]) for i in range(tail, j))


def _restated(step: str, right: str) -> str | None:
    """A step after the answer's own, as a solver with another answer writes it: the same
    where it holds the answer's value only as stated results ("So f(1) = 0."); without the
    sentences that hold it otherwise, a check that the other value would fail ("The piece
    on the left gives the same value at x = 1 (0): f is continuous there."); None where no
    sentence stating the result is left."""
    def clean(sent: str) -> bool:
        return all(_shown(_value(m.group())) != right or _MARK.search(sent[:m.start()])
                   for m in _VAL.finditer(sent))
    sents = re.split(r"(?<=\.)\s+(?=[A-Z])", step)
    kept = [t for t in sents if clean(t)]
    return " ".join(kept) if kept and _result(kept[-1], right) else None


def _carry(cot: Sequence[str], j: int, step: str, right: str, wrong: str) -> list[str]:
    """The CoT with step ``j`` replaced and the wrong value in place of the answer's in every
    later step (each only restates the result, ``_restated``)."""
    def sub(m: re.Match) -> str:
        return wrong if _shown(_value(m.group())) == right else m.group()
    return list(cot[:j]) + [step] + [_VAL.sub(sub, _restated(s, right)) for s in cot[j + 1:]]


def _digit_slips(tok: str) -> list[str]:
    """``tok`` with one digit one off (not the leading digit of a number of several digits,
    so no 14 -> 04 or 24) or its last two digits swapped where they stand side by side (no
    150.8 -> 158.0 across the decimal point) and the swap keeps the number's first digit in
    its place (no 0.04 -> 0.40: that is the decimal point moved)."""
    out = []
    pos = [i for i, c in enumerate(tok) if c.isdigit()]
    for i in pos:
        if i == pos[0] and len(pos) > 1 and "." not in tok[:pos[1]]:
            continue
        for d in (-1, 1):
            c = int(tok[i]) + d
            if 0 <= c <= 9:
                out.append(tok[:i] + str(c) + tok[i + 1:])
    if len(pos) >= 2 and pos[-1] == pos[-2] + 1 and tok[pos[-1]] != tok[pos[-2]]:
        i, k = pos[-2], pos[-1]
        t = tok[:i] + tok[k] + tok[i + 1:k] + tok[i] + tok[k + 1:]
        if re.search(r"[1-9]", tok) and re.search(r"[1-9]", tok).start() == \
                re.search(r"[1-9]", t).start():
            out.append(t)
    return out


# a result listed before another of the same equation: "x = -6 or x = ", "x ≈ -1.73 and x ≈ "
_BEFORE = re.compile(r"[a-z]\s*[=≈]\s*(-?\d+(?:\.\d+)?)\s+(?:or|and)\s+[a-z]\s*[=≈]\s*$")
_AFTER = re.compile(r"\s+(?:or|and)\s+[a-z]\s*[=≈]\s*(-?\d+(?:\.\d+)?)(?![\w.]?\d)")


def _siblings(step: str, m: re.Match) -> list[float]:
    """The results listed with the value ``m`` as solutions of one equation ("x = 2 ± 8, that
    is x = -6 or x = 10": -6 for 10; "is 0 at x ≈ -1.73 and x ≈ 1.73")."""
    out, head, tail = [], step[:m.start()], step[m.end():]
    while (b := _BEFORE.search(head)):
        out.append(_value(b[1]))
        head = head[:b.start(1)]
    while (a := _AFTER.match(tail)):
        out.append(_value(a[1]))
        tail = tail[a.end():]
    return out


def _keeps_place(right: float, wrong: float, siblings: Sequence[float]) -> bool:
    """Whether a slip from ``right`` to ``wrong`` keeps its place among the results listed
    with it: a restatement that picks one by its order ("The largest zero is 10" of -6 and 10)
    holds of the slipped value too (no "-6 or x = -10", then "The largest zero is -10"), and
    no two results come out equal."""
    return all(wrong != s and (wrong - s) * (right - s) > 0 for s in siblings)


def _close(right: str, wrong: str) -> bool:
    """Whether ``wrong`` is a slip a solver makes for the result ``right``: close to it (at
    most 15 % or 1 away), its sign turned, or two neighbouring digits swapped; not its decimal
    point moved ("12.08² = 14.6" for 146, "8.5 · tan 45° = 85", "0.4" for 0.04: no reader
    takes that for a slip of the hand)."""
    r, w = _value(right), _value(wrong)
    q = math.log10(max(abs(w / r), abs(r / w))) if r and w else 0.0
    if q > 0.5 and abs(q - round(q)) < 0.005:
        return False  # ten times it, to the print's rounding: "-1 / 24 ≈ -0.4" for -0.04
    return abs(w - r) <= max(1.0, 0.15 * abs(r)) + 1e-9 or w == -r or \
        wrong in _digit_slips(right)


def _slips(tok: str, signed: bool) -> list[str]:
    """Results a solver writes by an arithmetic slip in place of ``tok``: a digit one off or
    two digits swapped, close to it (at most 15 % or 1 away, at least 1 % away), or the
    sign lost or gained (``signed``: where the step's expression has a negative number)."""
    r = _value(tok)
    num, _, den = tok.partition("/")
    out = []
    for t in _digit_slips(num):
        if den:  # the numerator slips: -9/4 -> -7/4, but no -8/4
            if "." in t or math.gcd(int(t), int(den)) != 1:
                continue
            t = f"{t}/{den}"
        d = abs(_value(t) - r)
        if max(0.01, 0.01 * abs(r)) - 1e-9 <= d <= max(1.0, 0.15 * abs(r)) + 1e-9:
            out.append(t)
    if signed and r != 0:
        out.append(tok[1:] if tok.startswith("-") else "-" + tok)
    return out


def _written(tok: str) -> str:
    """A slipped result as the step writes it: a fraction as it is, a decimal as printed."""
    return tok if "/" in tok else _shown(_value(tok))


def _formula_step(p: Problem, j: int, note: str, wrong: str) -> str | None:
    """The answer's step written with a distractor's wrong formula: its note ("y_M = (y_B -
    y_A) / 2 = 2.5 (...)", "d = 6.5 + 2 + 2.") as a step ending in the wrong value, in place
    of the right formula in step ``j`` (keeping the step's lead-in); None where the note is
    no such step (a narration, or one that names its mistake) or an earlier step already
    fixed the quantity's formula."""
    # without a closing remark in brackets, "(a sign slip)", "(that is the area)"
    text = re.sub(r"\s+\((?=[^()]*[a-z]{3})[^()]*\)\s*\.?$", "", note.strip()).rstrip(". ")
    if "=" not in text or _SELF_AWARE.search(text):
        return None
    if not _result(text, wrong):
        expr = text.rsplit("=", 1)[1]
        if _VAL.fullmatch(expr.strip()):  # it ends in another value
            return None
        exact = _evaluate(expr)  # numbers only: "√(h² - r²)" may be no number at all
        if exact is None or _shown(exact) != wrong:
            return None
        text += f" {'=' if abs(exact - _value(wrong)) < 1e-9 else '≈'} {wrong}"
    lhs = text.split("=", 1)[0].strip()
    at = re.compile(r"(?<![\w])" + re.escape(lhs) + r"\s*=")
    if any(at.search(s) for s in p.cot[:j]):
        return None
    m = at.search(p.cot[j])
    return (p.cot[j][:m.start()] if m else "") + text + "."


def _leaves_work(cot: Sequence[str], j: int, step: str) -> bool:
    """Whether ``step``, in place of the answer's step ``cot[j]``, leaves unused a result an
    earlier step worked out for it: neither its value nor a name it was stated under in
    ``step`` ("The terms are -26, -8, 54, 13; their sum is 33." then "Area of the bounding
    rectangle: 5 × 5 = 25.": a solver who sums the terms goes on with the sum)."""
    def vals(text: str) -> set[str]:
        return {_shown(_value(t.group())) for t in _VAL.finditer(text)}
    used, now = vals(cot[j]), vals(step)
    names: dict[str, set[str]] = {}  # a stated result's value -> the names it is stated under
    worked = set()  # those stated after the first step, which restates the givens
    for i, s in enumerate(cot[:j]):
        for m in _VAL.finditer(s):
            if not _MARK.search(s[:m.start()]) or \
                    not re.match(r"\s*(?:[,;.]|$|(?:and|so|gives)\b)", s[m.end():]):
                continue  # no result stated ("3" of "r² = 3V/(πh)")
            v = _shown(_value(m.group()))
            worked |= {v} if i else set()
            # "sum" of "their sum is 33", "Δy" of "Δy = 6.5 - 2 = 4.5", "radius", "r" and
            # "AB" of "Its radius is r = AB = √17 ≈ 4.12"
            clause = re.split(r"[,;:]|\band\b", s[:m.start()])[-1]
            names.setdefault(v, set()).update(
                t.split()[-1] for t in re.split(r"=|≈|\bis\b", clause)
                if t.strip() and not re.search(r"\d", t))
    return any(v in used and v not in now and not any(
        re.search(r"(?<![A-Za-z0-9_])" + re.escape(n) + r"(?![A-Za-z0-9_])", step)
        for n in names[v]) for v in worked)


def _evaluate(expr: str) -> float | None:
    """The value of a written numeric expression ("π × 12 × 9", "√(12² + 10²)", "6.5 + 2 +
    2"), or None where it holds names or anything else."""
    t = expr.strip().replace("×", "*").replace("·", "*").replace("−", "-").replace("^", "**")
    t = t.replace("²", "**2").replace("³", "**3")
    t = re.sub(r"√(\d+(?:\.\d+)?)", r"sqrt(\1)", t).replace("√", "sqrt")
    t = re.sub(r"(\d)\s*(π|sqrt|\()", r"\1*\2", t).replace("π", "pi")
    try:
        v = _arith(ast.parse(t, mode="eval").body)
    except (SyntaxError, ValueError, TypeError, ArithmeticError, RecursionError):
        return None
    return float(v) if isinstance(v, (int, float)) and math.isfinite(v) else None


_ARITH = {ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul,
          ast.Div: operator.truediv, ast.Pow: operator.pow}


def _arith(node: ast.AST) -> float:
    """A parsed step expression walked, never run: numbers, pi, sqrt(...), + - * / ** and
    signs; ValueError on anything else."""
    if isinstance(node, ast.Constant) and type(node.value) in (int, float):
        return node.value
    if isinstance(node, ast.Name) and node.id == "pi":
        return math.pi
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
        v = _arith(node.operand)
        return -v if isinstance(node.op, ast.USub) else v
    if isinstance(node, ast.BinOp) and type(node.op) in _ARITH:
        right = _arith(node.right)
        if isinstance(node.op, ast.Pow) and abs(right) > 12:  # no 10 ** 10 ** 10
            raise ValueError("a power beyond any a step writes")
        return _ARITH[type(node.op)](_arith(node.left), right)
    if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
            and node.func.id == "sqrt" and len(node.args) == 1 and not node.keywords):
        return math.sqrt(_arith(node.args[0]))
    raise ValueError(f"not step arithmetic: {type(node).__name__}")


def _generic_chains(p: Problem) -> list[WrongChain]:
    """Wrong solutions of any family with a number answer, made at the step that works the
    answer out (``_answer_step``) and carried through the steps that restate it: that step
    with a distractor's wrong formula (wrong_formula) or with an arithmetic slip in its result
    (arithmetic_slip). A text answer, or a chain whose answer no step works out, gets none:
    changing only its closing statement would leave the reasoning that contradicts it."""
    if p.answer_kind != "number":
        return []
    right = fmt_answer(p.answer)
    j = _answer_step(p.cot, right)
    if j is None:
        return []
    out, seen = [], {right}
    for d in p.distractors:
        w = fmt_answer(d.value)
        step = _formula_step(p, j, d.wrong_step, w) if d.wrong_step and w not in seen else None
        if step and not _leaves_work(p.cot, j, step):
            seen.add(w)
            out.append(WrongChain("wrong_formula", _carry(p.cot, j, step, right, w),
                                  _value(w)))
    step = p.cot[j]
    m = _result(step, right)
    # "-13/7 ≈ -1.86", "-3/2 = -1.5": the slip is in the exact value (its decimal follows it)
    # or in working out the decimal
    pure = _VAL.fullmatch(_expression(step, m).strip())
    pure = pure and _shown(_value(pure.group())) == right  # the same value in two forms
    exact = list(_VAL.finditer(step[:m.start()]))[-1] if pure else m
    # a sign is lost or gained where the expression has a negative number ("(5 - (-3))/4",
    # "-1/2·5/2"), not in a plain subtraction, nor in one of the solutions of an equation
    # listed together ("x = 2 ± 8, that is x = -6 or x = 10"), each keeping its place
    sibs = _siblings(step, m)
    signed = not sibs and bool(re.search(r"-(?=[\w(√π])", _expression(step, exact)))
    slipped = [(step[:exact.start()] + _written(t) + step[exact.end():m.start()] +
                (_shown(_value(t)) if pure else "") + step[m.end():], _shown(_value(t)))
               for t in _slips(exact.group(), signed)]
    if pure:
        slipped += [(step[:m.start()] + _written(t) + step[m.end():], _shown(_value(t)))
                    for t in _slips(m.group(), False)]
    for text, w in slipped:
        if not _keeps_place(_value(right), _value(w), sibs):
            continue
        if w not in seen and _value(w) != 0:  # no 0 from work on numbers that are not
            seen.add(w)
            out.append(WrongChain("arithmetic_slip", _carry(p.cot, j, text, right, w),
                                  _value(w)))
    return out


def _given_forms(p: Problem) -> list[tuple[str, re.Pattern, list[str]]]:
    """How the givens with a value are restated in a chain: (name, pattern, values), for
    "AB = 9" / "∠ADE = 40°" (either way round) and points "P(-3, 6)"."""
    out = []
    for g in p.givens:
        m = re.fullmatch(r"(?:the (?:vertex|point) )?([A-Z]\w*)\((-?[\d.]+), (-?[\d.]+)\)",
                         g.text)
        if m:
            out.append((m[1], re.compile(r"(?<![\w])" + m[1] + r"\((-?[\d.]+), (-?[\d.]+)\)"),
                        [m[2], m[3]]))
            continue
        m = re.fullmatch(r"(∠?)([A-Za-z]{1,3}) = (-?\d+(?:\.\d+)?)°?", g.text)
        if m:
            names = "|".join(sorted({m[1] + m[2], m[1] + m[2][::-1]}))
            # the value ends the statement: "AB = 9." but not "∠EDA = 9 · cos 40°"
            out.append((m[2], re.compile(r"(?<![\w∠])(?:" + names + r") = "
                                         r"(?>(-?\d+(?:\.\d+)?)°?)(?![\d.]|\s*[-+−·×*/^(²])"),
                        [m[3]]))
    return out


def _keeps_givens(p: Problem, w: WrongChain) -> bool:
    """Whether the chain restates every given with its value, but for the one a misread
    chain misreads: "CD = AB = 10" where AB = 9 is given is no arithmetic slip."""
    changed = set()
    text = "\n".join(w.cot)
    for name, pat, vals in _given_forms(p):
        if any(list(m.groups()) != vals for m in pat.finditer(text)):
            changed.add(name)
    return not changed or (w.kind == "misread_value" and len(changed) == 1)


def _sound(p: Problem, w: WrongChain) -> bool:
    """A family's own chain fit to pair: its givens kept (``_keeps_givens``) and, for a
    slip, one in a step's arithmetic, not in a step that restates a value ("so OB = 7"), close
    to the value it slips from (``_close``) and in its place among the solutions listed with
    it (``_keeps_place``)."""
    if not _keeps_givens(p, w):
        return False
    if w.kind != "arithmetic_slip":
        return True
    e = next((i for i, (a, b) in enumerate(zip(p.cot, w.cot)) if a != b), None)
    if e is None:
        return False
    vals = list(_VAL.finditer(p.cot[e]))
    got = list(_VAL.finditer(w.cot[e]))
    # the first value the slip changes ("x ≈ -1.73 or x ≈ 0.73, both inside" for "... or x ≈
    # 1.73; only x ≈ -1.73 lies inside")
    at = next(((a, b) for a, b in zip(vals, got) if a.group() != b.group()), None)
    if at and "/" not in at[0].group() + at[1].group() and \
            not (_close(at[0].group(), at[1].group()) and _keeps_place(
                _value(at[0].group()), _value(at[1].group()), _siblings(p.cot[e], at[0]))):
        return False
    if not vals or len(vals) != len(got) or vals[-1].group() == got[-1].group() or \
            not _MARK.search(p.cot[e][:vals[-1].start()]):
        return True  # not a result at the step's end: nothing to judge here
    return _computes(p.cot[e], vals[-1])


def wrong_chains(p: Problem, choices: Sequence[str] = (), version: str | None = None
                 ) -> list[WrongChain]:
    """Every plausible wrong solution of ``p`` asked in ``version`` (None: in any version): the
    family's own (an error at any step, worked through again) that keep its givens and misread
    only what the version's figure alone shows (``_fits``), and the generic ones
    (``_generic_chains``). With ``choices``, only those whose value is an option other than
    the right one."""
    right = fmt_answer(p.answer)
    out = [w for w in p.wrong_chains if fmt_answer(w.value) != right and _sound(p, w) and
           _fits(p, w, version)]
    out += [w for w in _generic_chains(p) if _keeps_givens(p, w)]
    if choices:
        out = [w for w in out if fmt_answer(w.value) in choices]
    return out


def _choose(p: Problem, choices: Sequence[str], rng: np.random.Generator,
            options_only: bool = False, version: str | None = None) -> WrongChain:
    """A kind drawn among those ``p`` has a wrong solution of in ``version`` (the family's own
    solutions first: they redo every step after the error), then a solution of that kind, one
    whose value is an option where there is one (``options_only``: only those)."""
    cands = wrong_chains(p, choices if options_only else (), version)
    own = [w for w in cands if any(w is c for c in p.wrong_chains)]
    cands = own or cands
    if not cands:
        raise ValueError(f"{p.family}: no wrong solution to pair with (answer "
                         f"{fmt_answer(p.answer)!r}{' among the options' * options_only})")
    kinds = sorted({w.kind for w in cands}, key=KINDS.index)
    kind = rng_choice(rng, kinds)
    pool = [c for c in cands if c.kind == kind]
    fit = [c for c in pool if fmt_answer(c.value) in choices]
    return rng_choice(rng, fit or pool)


def _rejected_text(w: WrongChain, choices: Sequence[str]) -> str:
    wrong = fmt_answer(w.value)
    final = _final(LETTERS[list(choices).index(wrong)], choices) if choices else _final(wrong, ())
    return "\n".join(w.cot) + "\n" + final


def engine_rejected(p: Problem, choices: Sequence[str], rng: np.random.Generator,
                    version: str | None = None) -> tuple[str, str]:
    """A plausible wrong solution of ``p`` asked in ``version`` (an error at one step carried
    through to a wrong final answer, as long as the right one) and its kind (misread_value,
    wrong_formula, arithmetic_slip), its answer one of ``choices`` where given; ValueError
    where there is none (``engine_pair`` puts the rejected answer among the options
    instead)."""
    w = _choose(p, choices, rng, options_only=bool(choices), version=version)
    return _rejected_text(w, choices), w.kind


def engine_pair(p: Problem, version: str, rng: np.random.Generator,
                multiple_choice: bool, answer_at: int | None = None) -> dict:
    """One preference pair from the engine alone (no model); ``answer_at``: the right option's
    index of a multiple-choice prompt (else drawn). The rejected solution's answer stands
    among the options: where the drawn ones lack it, it takes a wrong option's place."""
    choices: list[str] = []
    answer = p.answer_text()
    prompt = question_text(p, version)
    if multiple_choice:
        choices, idx = make_choices(p, rng, answer_at=answer_at)
        answer = LETTERS[idx]
    w = _choose(p, choices, rng, version=version)
    if choices and fmt_answer(w.value) not in choices:
        choices[rng_choice(rng, [i for i in range(len(choices)) if i != idx])] = \
            fmt_answer(w.value)
    if choices:
        prompt += "\nChoices:\n" + "\n".join(f"{LETTERS[i]}: {c}" for i, c in enumerate(choices))
    chosen = "\n".join(p.cot) + "\n" + _final(answer, choices)
    return {"prompt": prompt, "chosen": chosen, "rejected": _rejected_text(w, choices),
            "rejected_source": w.kind, "answer": answer, "choices": choices}


def pairs_from_model(rows: Sequence[dict], answer_fn: AnswerFn, batch_size: int = 8,
                     samples_per_prompt: int = 1) -> list[dict]:
    """Run a model on instruct rows (with "image", "question", "cot", "answer", "choices") and
    pair each wrong answer (rejected) with the engine's CoT (chosen). Rows it got right give no
    pair; the caller tops those up with ``engine_rejected`` pairs."""
    pairs = []
    for start in range(0, len(rows), batch_size):
        batch = rows[start:start + batch_size]
        for _ in range(samples_per_prompt):
            texts = answer_fn([r["image"] for r in batch], [r["question"] for r in batch])
            for r, t in zip(batch, texts):
                if not is_correct(t, r["answer"], r.get("choices") or ()):
                    pairs.append({**{k: r[k] for k in r}, "prompt": r["question"],
                                  "chosen": r["cot"], "rejected": t,
                                  "rejected_source": "model"})
    return pairs
