"""DynaMath: the official prompt and judge, a lenient judge beside it, and robustness metrics;
shared by ``mm-eval run`` and ``mm-eval score``.

Official rules (``judge``, the default everywhere): those of DynaMath's open-model evaluation
script (evaluation/opensource_json_eval.py). The prompt is "## Question\n" + question (+ "Please
answer in a floating-point number." for float answers) + the answer guide + a JSON example. The
output is cut to its outermost "{...}" with every backslash dropped (when it holds such a pair)
and read with ``json.loads(strict=False)``; when that fails, the short answer is the last line
minus its last character. A float answer: unless it is all digits, the text before its first
space, "<x>π" read as x*pi; right when within 0.001 of float(ground truth). Multiple choice: a
one-character answer must equal the truth, a longer one must hold it in its first 3 characters.
Text: the truth must be a substring of the answer. Anything that raises is wrong. Ours runs in
linear time (the official cut strips one character at a time, quadratic) and evaluates nothing.

Lenient rules (``judge_lenient``, a separate metric block, never mixed into the official
numbers): first "{" to last "}" as JSON, else fallback parses of free text ("The answer is
(B)", "Answer: 3.5", a boxed value); floats read through a bounded arithmetic parser
("3*pi/4", "1/2", "45°", "1,000"); letters and text compared case-insensitively. Outputs
neither can read are counted as unparsable (and wrong), never hidden.

Answers are parsed, never evaluated: the lenient arithmetic goes through a small ``ast`` walker
with bounds on length, node count and integer size, and the fallback patterns read only the
output's last ``FALLBACK_WINDOW`` characters, so judging one sample takes bounded time whatever
the model (or a ground truth) contains.

Metrics: average-case accuracy, worst-case accuracy (a seed counts only when all its variants
are right), reasoning robustness RR = worst / average, repetition consistency RC; overall, per
topic and per knowledge level.

    mm-eval score dynamath --csv ../shared/fixtures/dynamath-results/GPT4o-result.csv
"""
from __future__ import annotations

import ast
import csv
import json
import math
import operator
import re
from collections import defaultdict
from dataclasses import dataclass
from typing import Iterable, Sequence

ANSWER_TYPES = ("multiple choice", "float", "text")
FLOAT_TOL = 1e-3

# ----------------------------------------------------------------------------- official prompt

# DynaMath's answer guide and JSON example, character for character (the trailing spaces of
# three lines included): the official prompt is what the official numbers were measured with.
GUIDE = ("\n## Answer Instruction Please provide an answer to the question outlined above. "
         "Your response should adhere \n"
         "to the following JSON format, which includes two keys: 'solution' and 'short answer'. "
         "The 'solution' key can contain \n"
         "detailed steps needed to solve the question, and the 'short answer' key should provide "
         "a concise response. If the problem is a multiple choice problem, just provide the "
         "corresponing choice option, \n"
         "such as 'A', 'B', 'C', or 'D'. If the answer is a numerical value, format it as a "
         "three-digit floating-point number.\n\n"
         "Example of expected JSON response format:\n\n")
EXAMPLE = json.dumps({"solution": "[Detailed step-by-step explanation]",
                      "short answer": "[Concise Answer]"}, indent=4)
FLOAT_INSTRUCTION = "Please answer in a floating-point number."
PROMPT_SUFFIX = GUIDE + EXAMPLE  # what follows the question (and float instruction)
# The official script sets no generation limit (the server's default applies); ours is a
# documented large default, recorded in results.json (task_info.max_new_tokens).
MAX_NEW_TOKENS = 2048


def official_prompt(question: str, answer_type: str) -> str:
    """The text DynaMath's open-model script sends with the image (its "<IMAGE_TOKEN>" marker
    left out: the adapter places the image)."""
    text = "## Question\n" + question
    if answer_type == "float":
        text += FLOAT_INSTRUCTION
    return text + PROMPT_SUFFIX


# ----------------------------------------------------------------------------- official judge


@dataclass
class Judgement:
    correct: bool
    parsed: str | None  # the short answer read from the output
    parser: str  # official: "json" | "last line" | "json, not an object";
    #              lenient: "json" | "fallback" | "unparsable"


def official_response(output: str | None) -> tuple[object, str]:
    """(the response the official script records, how it was read) for a model output.

    The response is the JSON value of the output's outermost "{...}" (backslashes dropped), or,
    when that is not JSON, {"solution": text, "short answer": last line minus its last
    character}. Linear time: one find, one rfind, one replace, one JSON decode.
    """
    text = output if isinstance(output, str) else ""
    i, j = text.find("{"), text.rfind("}")
    if 0 <= i < j:  # the official cut keeps text otherwise as it is, backslashes included
        text = text[i:j + 1].replace("\\", "")
    try:
        return json.loads(text, strict=False), "json"
    except Exception:  # the official script catches everything here (RecursionError included)
        return {"solution": text, "short answer": text.rpartition("\n")[2][:-1]}, "last line"


def official_short_answer(response: object) -> str | None:
    """str(response["short answer"]) as the official script reads it ("None" when the key is
    missing), or None when the response is not a JSON object (officially wrong)."""
    if not isinstance(response, dict):
        return None
    try:
        return str(response.get("short answer"))
    except Exception:  # str() of an int beyond Python's digit limit, or of deep nesting
        return None


def official_correct(answer: str | None, ground_truth: object, answer_type: str) -> bool:
    """DynaMath's open-model rule for one short answer; whatever raises is wrong."""
    if answer is None:
        return False
    try:
        if answer_type == "float":
            value: object = answer
            if not answer.isdigit():
                first = answer.partition(" ")[0]
                value = float(first.partition("\u03c0")[0]) * math.pi if "\u03c0" in first \
                    else float(first)
            return abs(float(value) - float(ground_truth)) <= FLOAT_TOL
        if answer_type == "multiple choice":
            return answer == ground_truth if len(answer) == 1 else ground_truth in answer[0:3]
        return ground_truth in answer
    except Exception:
        return False


def judge(output: str, ground_truth: str, answer_type: str) -> Judgement:
    """The official verdict on one model output (DynaMath's open-model evaluation script)."""
    if answer_type not in ANSWER_TYPES:
        raise ValueError(f"answer_type {answer_type!r}; valid: {', '.join(ANSWER_TYPES)}")
    response, how = official_response(output)
    answer = official_short_answer(response)
    if answer is None and how == "json":
        how = "json, not an object"
    return Judgement(official_correct(answer, ground_truth, answer_type), answer, how)


# ----------------------------------------------------------------------------- lenient judge


# The fallback patterns' backtracking cost grows with the text they scan and, worse, with the
# length of whitespace runs in it (cubic: three whitespace quantifiers can share one run). So
# they read only the output's last FALLBACK_WINDOW characters (the answer statement ends the
# output), and a whitespace run longer than MAX_WS_RUN keeps only its ends (and one line break
# if it had one inside): what these patterns and .strip() look at. The patterns also match each
# whitespace run with one quantifier where they can (r"\s*(?::\s*)?", not r"\s*:?\s*"):
# the same matches, fewer ways to backtrack.
FALLBACK_WINDOW = 2000
MAX_WS_RUN = 8
_LONG_WS = re.compile(r"\s{%d,}" % (MAX_WS_RUN + 1))


def _short_run(m: re.Match) -> str:
    run, half = m.group(0), MAX_WS_RUN // 2
    return run[:half] + ("\n" if "\n" in run[half:-half] else "") + run[-half:]


_FALLBACKS = [
    ("boxed", re.compile(r"\\boxed\{([^{}]*)\}")),
    ("answer_is", re.compile(r"answer is\s*(?::\s*)?(?:\(\s*)?([A-Ea-e])\s*\)?(?![\w.])", re.I)),
    ("answer_is", re.compile(r"answer is\s*(?::\s*)?\$?([^\n$]+?)\$?\s*(?:\.\s*)?$", re.I | re.M)),
    ("answer_colon", re.compile(r"answer\s*:\s*\(?([^\n]+?)\)?\s*(?:\.\s*)?$", re.I | re.M)),
]


def parse_output(text: str) -> tuple[str | None, str]:
    """(short answer, parser name) from a model output."""
    if text is None:
        return None, "unparsable"
    i, j = text.find("{"), text.rfind("}")
    if 0 <= i < j:
        blob = text[i:j + 1]
        try:
            obj = json.loads(blob)
        except (ValueError, RecursionError):  # also: ints over 4300 digits, deep nesting
            m = re.search(r'"short answer"\s*:\s*"([^"]*)"', blob)
            if m:
                return m.group(1).strip(), "json"
        else:
            if isinstance(obj, dict):
                for k in ("short answer", "short_answer", "answer"):
                    if k in obj:
                        try:
                            return str(obj[k]).strip(), "json"
                        except (ValueError, RecursionError):  # str() of a huge int / deep list
                            break
    tail = _LONG_WS.sub(_short_run, text[-FALLBACK_WINDOW:])
    for _, pat in _FALLBACKS:
        found = pat.findall(tail)
        if found:
            return found[-1].strip(), "fallback"
    return None, "unparsable"


# Arithmetic bounds: an expression longer than MAX_EXPR_CHARS or with more than MAX_EXPR_NODES
# nodes is not a number; an integer operation whose result would exceed MAX_INT_BITS bits is
# refused before it runs (that is what makes "10**10**10" cheap). Float operations are O(1)
# and behave as Python's do (2**-2000 is 0.0, 1e308*1e308 is inf, 10.0**400 overflows).
MAX_EXPR_CHARS = 200
MAX_EXPR_NODES = 256
MAX_INT_BITS = 4096
_NAMES = {"pi": math.pi, "e": math.e}
_BINOPS = {ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul,
           ast.Div: operator.truediv, ast.FloorDiv: operator.floordiv, ast.Pow: operator.pow}


class _NotANumber(Exception):
    pass


def _int_result_too_big(op: type, a: int, b: int) -> bool:
    if op is ast.Mult:
        return a.bit_length() + b.bit_length() > MAX_INT_BITS
    if op is ast.Pow and b > 0 and abs(a) > 1:  # result has at least b*(bits(a)-1) bits
        return b > MAX_INT_BITS or b * (abs(a).bit_length() - 1) > MAX_INT_BITS
    return False  # + - / // and negative powers (a float) stay within their operands' size


def _value(node: ast.AST, budget: list[int]) -> int | float:
    budget[0] -= 1
    if budget[0] < 0:
        raise _NotANumber("too many nodes")
    if isinstance(node, ast.Constant) and type(node.value) in (int, float):
        return node.value
    if isinstance(node, ast.Name) and node.id in _NAMES:
        return _NAMES[node.id]
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
        v = _value(node.operand, budget)
        return -v if isinstance(node.op, ast.USub) else +v
    if isinstance(node, ast.BinOp) and type(node.op) in _BINOPS:
        a, b = _value(node.left, budget), _value(node.right, budget)
        if type(a) is int and type(b) is int and _int_result_too_big(type(node.op), a, b):
            raise _NotANumber("integer result too large")
        v = _BINOPS[type(node.op)](a, b)
        if isinstance(v, complex):  # (-8)**(1/3): never a real answer
            raise _NotANumber("complex")
        return v
    raise _NotANumber(type(node).__name__)


def arithmetic(t: str) -> float | None:
    """The value of a bounded arithmetic expression (numbers, pi, e, + - * / // **, unary
    signs, parentheses) as Python would compute it, or None: over the bounds, another
    construct, or an arithmetic error (division by zero, float overflow)."""
    if not t or len(t) > MAX_EXPR_CHARS:
        return None
    try:
        tree = ast.parse(t, mode="eval")
        return float(_value(tree.body, [MAX_EXPR_NODES]))
    except (_NotANumber, SyntaxError, ValueError, TypeError, ArithmeticError,
            RecursionError, MemoryError):
        return None


def to_float(s: str) -> float | None:
    """'3.5', '-2', '2pi', 'π/2', '3*pi/4', '1e-3', '$4.0$', '45°' -> float, else None."""
    t = s.strip().strip("$").replace("°", "").replace(",", "").replace("−", "-").lower()
    t = t.replace("π", "pi").replace(" ", "")
    t = re.sub(r"(\d)(pi)", r"\1*\2", t)
    if not re.fullmatch(r"[0-9.+\-*/()epi]*", t) or not t:
        m = re.search(r"-?\d+(?:\.\d+)?(?:e-?\d+)?", t)
        return float(m.group(0)) if m else None
    return arithmetic(t)


def judge_lenient(output: str, ground_truth: str, answer_type: str) -> Judgement:
    """The lenient verdict: fallback parses, bounded arithmetic, case folding (not official)."""
    if answer_type not in ANSWER_TYPES:
        raise ValueError(f"answer_type {answer_type!r}; valid: {', '.join(ANSWER_TYPES)}")
    parsed, parser = parse_output(output)
    if parsed is None:
        return Judgement(False, None, parser)
    gt = str(ground_truth).strip()
    if answer_type == "multiple choice":
        m = re.match(r"\(?\s*([A-Za-z])\b", parsed)
        ok = bool(m) and m.group(1).upper() == gt.strip("()").upper()[:1]
    elif answer_type == "float":
        p, g = to_float(parsed), to_float(gt)
        ok = p is not None and g is not None and abs(p - g) <= FLOAT_TOL
    else:
        ok = gt.lower() in parsed.lower()
    return Judgement(ok, parsed, parser)


# ----------------------------------------------------------------------------- metrics


@dataclass
class Record:
    seed_id: str
    variant: int
    correct: bool
    topic: str = ""
    level: str = ""
    clause: bool | None = None  # carries an irrelevant clause; None: not a clause variant


def _acc(records: Sequence[Record]) -> dict:
    by_seed: dict[str, list[bool]] = defaultdict(list)
    for r in records:
        by_seed[r.seed_id].append(r.correct)
    avg = sum(r.correct for r in records) / len(records) if records else 0.0
    worst = sum(all(v) for v in by_seed.values()) / len(by_seed) if by_seed else 0.0
    return {"average": avg, "worst": worst, "rr": worst / avg if avg else 0.0,
            "n_seeds": len(by_seed), "n_samples": len(records)}


def metrics(records: Sequence[Record]) -> dict:
    """Average, worst-case, RR overall and per topic / level (fractions in [0, 1])."""
    out = _acc(records)
    for key, attr in (("per_topic", "topic"), ("per_level", "level")):
        groups: dict[str, list[Record]] = defaultdict(list)
        for r in records:
            groups[getattr(r, attr)].append(r)
        out[key] = {k: _acc(v) for k, v in sorted(groups.items())}
    out["irrelevant_clause"] = clause_split(records)
    return out


def clause_split(records: Sequence[Record]) -> dict:
    """Accuracy of the variants with an irrelevant clause and of the plain variants of the
    same clause seeds, and the drop (plain minus with), overall and per topic. Not an official
    DynaMath metric: the eighth variation kind is ours (GSM-Symbolic's NoOp on images).
    ``{"absent": True}`` when no record says (another release, or a build before the kind)."""
    rows = [r for r in records if r.clause is not None]
    if not rows:
        return {"absent": True}

    def split(rs):
        w = [r for r in rs if r.clause]
        wo = [r for r in rs if not r.clause]
        a, b = _acc(w), _acc(wo)
        return {"with": a, "without": b, "drop": b["average"] - a["average"]}

    out = split(rows)
    topics: dict[str, list[Record]] = defaultdict(list)
    for r in rows:
        topics[r.topic].append(r)
    out["per_topic"] = {t: split(v) for t, v in sorted(topics.items())}
    return out


def repetition_consistency(runs: Sequence[dict[str, str]]) -> float:
    """RC: how often K repeated runs give the answer of the first run, over all samples.

    ``runs[k][sample_id]`` is run k's short answer (or correctness) for that sample.
    """
    if len(runs) < 2:
        raise ValueError("repetition consistency needs at least 2 runs")
    first = runs[0]
    agree = total = 0
    for run in runs[1:]:
        for sid, ans in first.items():
            if sid in run:
                total += 1
                agree += run[sid] == ans
    return agree / total if total else 0.0


def read_results_csv(path: str) -> list[Record]:
    """DynaMath's released per-variant results: Question ID, Variant 1..10 (correct/fail),
    # of correct per question, Topic, Difficulty Level; footer rows are skipped.

    ValueError (one line naming the file, row and column) for a missing column, a short row, a
    cell other than correct/fail, or a Question ID given twice (never counted twice).
    """
    records = []
    with open(path, newline="", encoding="utf-8-sig") as f:
        reader = csv.DictReader(f)
        fields = reader.fieldnames or []
        variants = [c for c in fields if c.startswith("Variant")]
        missing = [c for c in ("Question ID", "Topic", "Difficulty Level") if c not in fields]
        if missing or not variants:
            raise ValueError(f"{path}: row 1 (header): not a DynaMath results CSV (missing "
                             f"column: {', '.join(missing) or 'Variant N'})")
        for v in variants:
            if not re.fullmatch(r"Variant \d+", v.strip()):
                raise ValueError(f"{path}: row 1 (header): column {v!r} is not 'Variant N'")
        seen: dict[str, int] = {}
        for row in reader:
            line = reader.line_num
            qid = (row.get("Question ID") or "").strip()
            if not re.fullmatch(r"Q\d+", qid):
                continue  # footer rows: '# of correct per variant', 'A_avg', blanks
            if qid in seen:
                raise ValueError(f"{path}: row {line}: column 'Question ID': {qid} appears "
                                 f"twice (first at row {seen[qid]})")
            seen[qid] = line
            for c in variants + ["Topic", "Difficulty Level"]:
                if row.get(c) is None:  # DictReader fills a short row's tail with None
                    raise ValueError(f"{path}: row {line} ({qid}): column {c!r}: missing "
                                     "(the row is short)")
            for v in variants:
                cell = row[v].strip().lower()
                if cell not in ("correct", "fail"):
                    raise ValueError(f"{path}: row {line} ({qid}): column {v!r}: expected "
                                     f"correct/fail, got {cell!r}")
                records.append(Record(qid, int(v.split()[-1]), cell == "correct",
                                      row["Topic"].strip(), row["Difficulty Level"].strip()))
    if not records:
        raise ValueError(f"{path}: no question rows")
    return records


def as_percent(m: dict) -> dict:
    """The same metrics dict with accuracies in percent, rounded to 2 decimals."""
    out = {}
    for k, v in m.items():
        if isinstance(v, dict):
            out[k] = as_percent(v)
        elif k in ("average", "worst", "rr", "drop"):
            out[k] = round(100 * v, 2)
        else:
            out[k] = v
    return out


def records_from_samples(samples: Iterable[dict]) -> list[Record]:
    """Records from mm-eval sample lines (seed_id, variant, correct, subject, knowledge_level)."""
    return [Record(s["seed_id"], int(s["variant"]), bool(s["correct"]), s.get("subject", ""),
                   s.get("knowledge_level", ""), s.get("irrelevant_clause")) for s in samples]
