"""The lenient DynaMath judge parses answers, never evaluates them, and judges any input in bounded
time: hostile arithmetic, deep nesting, megabyte outputs and long whitespace runs each get a
stated verdict; the forms accepted before keep their values; no eval/exec in eval/.

    pytest tests/eval/test_dynamath_judge_bounds.py -q
"""
import io
import math
import random
import re
import tokenize
from pathlib import Path

import pytest

from eval import dynamath as dm
from eval.dynamath import Judgement, parse_output, to_float
from eval.dynamath import judge_lenient as judge

ROOT = Path(__file__).resolve().parents[2]


def js(answer: str) -> str:
    return '{"solution": "..", "short answer": "%s"}' % answer


DEEP = "(" * 10_000 + "1" + ")" * 10_000


@pytest.mark.parametrize("expr,value", [
    ("10**10**10", None),      # 10**(10**10): the integer result is refused before it runs
    ("9**9**9**9", None),
    (DEEP, None),              # over MAX_EXPR_CHARS
    ("1e308*1e308", math.inf),  # float overflow is inf, as in Python; never within tolerance
    ("2**-2000", 0.0),         # a negative power is a float: underflows to 0.0
    ("2**4096", None),         # too large for a float either way
    ("10.0**400", None),       # OverflowError
    ("(-8)**(1/3)", None),     # complex
])
def test_hostile_arithmetic_is_a_value_or_not_a_number(expr, value):
    assert to_float(expr) == value


@pytest.mark.parametrize("output,gt,kind,expected", [
    (js("10**10**10"), "10**10**10", "float", Judgement(False, "10**10**10", "json")),
    (js("9**9**9**9"), "9**9**9**9", "float", Judgement(False, "9**9**9**9", "json")),
    (js("1"), "10**10**10", "float", Judgement(False, "1", "json")),  # hostile ground truth
    (js(DEEP), "1", "float", Judgement(False, DEEP, "json")),
    (js("1e308*1e308"), "1e308*1e308", "float", Judgement(False, "1e308*1e308", "json")),
    (js("2**-2000"), "0", "float", Judgement(True, "2**-2000", "json")),
    (js("2**-2000"), "2**-2000", "float", Judgement(True, "2**-2000", "json")),
    # JSON that the decoder refuses with other errors than JSONDecodeError
    ('{"short answer": ' + "[" * 100_000 + "}", "1", "float", Judgement(False, None, "unparsable")),
    ('{"short answer": ' + "1" * 5000 + "}", "1", "float", Judgement(False, None, "unparsable")),
])
def test_hostile_answers_get_a_stated_verdict(output, gt, kind, expected):
    assert judge(output, gt, kind) == expected


def test_megabyte_outputs():
    mb = 1_000_000
    # the answer statement ends the output: found in the fallback window
    assert judge("x" * mb + " The answer is (B).", "B", "multiple choice") == \
        Judgement(True, "B", "fallback")
    # a statement further back than FALLBACK_WINDOW characters is not read
    assert judge("The answer is (B)." + " " * mb, "B", "multiple choice") == \
        Judgement(False, None, "unparsable")
    assert judge(js("1" * mb), "1", "float") == Judgement(False, "1" * mb, "json")
    assert judge(js("(1+" * (mb // 3)), "1", "float").correct is False
    assert judge("answer is" + " " * mb + "!", "1", "text") == Judgement(False, None, "unparsable")


@pytest.mark.parametrize("output,parsed", [
    # long whitespace runs (cubic backtracking for adjacent whitespace quantifiers): same answers
    ("The answer is" + " " * 1500 + "$y", ("y", "fallback")),
    ("The answer is (B)" + " " * 1500 + ".", ("B", "fallback")),
    ("Answer: 3.5" + " " * 1500 + ".", ("3.5", "fallback")),
    ("answer is 7" + " " * 900 + "." + " " * 900 + "\n", ("7", "fallback")),
    ("answer is 7" + " " * 1500 + "8", ("7" + " " * 8 + "8", "fallback")),  # run kept at its ends
    (("answer is" + (" " * 8 + "x") * 3) * 55 + "$y", (None, "unparsable")),
])
def test_long_whitespace_runs(output, parsed):
    assert parse_output(output) == parsed


# The accepted forms and their values (those of Python arithmetic on the same text).
@pytest.mark.parametrize("text,value", [
    ("3.5", 3.5), ("-2", -2.0), ("+5", 5.0), (".5", 0.5), ("1e-3", 0.001), ("$4.0$", 4.0),
    ("45°", 45.0), ("1,000", 1000.0), ("−3", -3.0), ("1/2", 0.5), ("7//2", 3.0),
    ("2**3", 8.0), ("2**-3", 0.125), ("2 ** 0.5", math.sqrt(2)), ("-(1+2)*3", -9.0),
    ("2pi", 2 * math.pi), ("π/2", math.pi / 2), ("3*pi/4", 3 * math.pi / 4), ("e", math.e),
    ("10**400/10**399", 10.0), ("-" * 199 + "1", -1.0),
    ("about 7 units", 7.0), ("x = -1.5e-2", -0.015),
    ("3+", None), ("()", None), ("pi(2)", None), ("ep", None), ("1/0", None), ("0123", None),
    ("2**5000", None), ("", None), ("none", None),
    ("1" + "+1" * 100, None),  # 201 characters: over MAX_EXPR_CHARS
])
def test_accepted_forms_keep_their_values(text, value):
    v = to_float(text)
    assert v == value if value is None else v == pytest.approx(value, rel=1e-15)


# The fallback patterns as they were written with adjacent whitespace quantifiers; the
# rewritten ones must find exactly the same answers (findall) at the same spans.
_REFERENCE = [
    re.compile(r"\\boxed\{([^{}]*)\}"),
    re.compile(r"answer is\s*:?\s*\(?\s*([A-Ea-e])\s*\)?(?![\w.])", re.I),
    re.compile(r"answer is\s*:?\s*\$?([^\n$]+?)\$?\s*\.?\s*$", re.I | re.M),
    re.compile(r"answer\s*:\s*\(?([^\n]+?)\)?\s*\.?\s*$", re.I | re.M),
]


def test_fallback_patterns_match_their_reference():
    toks = ["answer is", "Answer", "answer", ":", " ", "  ", "\n", "\t", "(", ")", "$", ".",
            "B", "c", "x", "5", "\\boxed{", "}", "{", "-"]
    rng = random.Random(0)
    assert len(_REFERENCE) == len(dm._FALLBACKS)
    for _ in range(5000):
        s = "".join(rng.choice(toks) for _ in range(rng.randint(1, 14)))
        for ref, (_, pat) in zip(_REFERENCE, dm._FALLBACKS):
            assert [m.span() for m in pat.finditer(s)] == [m.span() for m in ref.finditer(s)], s
            assert pat.findall(s) == ref.findall(s), s


def test_no_eval_or_exec_in_the_eval_package():
    calls = []
    for path in sorted((ROOT / "eval").rglob("*.py")):
        toks = [t for t in tokenize.generate_tokens(io.StringIO(path.read_text()).readline)
                if t.type not in (tokenize.COMMENT, tokenize.NL, tokenize.NEWLINE)]
        for prev, tok, nxt in zip([None] + toks, toks, toks[1:]):
            if (tok.type == tokenize.NAME and tok.string in ("eval", "exec") and nxt.string == "("
                    and not (prev and prev.string == ".")):  # model.eval() is a method
                calls.append(f"{path.relative_to(ROOT)}:{tok.start[0]}")
    assert calls == []
