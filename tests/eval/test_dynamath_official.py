"""The DynaMath judge and prompt against DynaMath's open-model evaluation script.

``official_verdict`` and ``official_prompt_text`` below transcribe
evaluation/opensource_json_eval.py (DynaMath, MIT licence) statement by statement, its
character-at-a-time preprocess loops and bare excepts included; eval.dynamath must agree with
them on every case of the table (issue 11's list among them) and on random outputs, and run in
linear time where the transcription is quadratic.

    pytest tests/eval/test_dynamath_official.py -q
"""
import json
import random
import time

import numpy as np
import pytest

from eval import dynamath as dm

# ---------------------------------------------------------------- the official script, transcribed


def _preprocess(str1):
    str0 = str1
    if str0 == "":
        return str1
    while str0[0] != "{":
        str0 = str0[1:]
        if len(str0) == 1:
            return str1
    while str0[-1] != "}":
        str0 = str0[:-1]
        if len(str0) == 1:
            return str1
    str2 = str0.replace("\\", "")
    str2 = str2.replace("\\n", "\n")
    return str2


def _transfer(str1):
    if "\u03c0" in str1:
        return float(str1.split("\u03c0")[0]) * np.pi
    return float(str1)


def official_verdict(content, truth, answer_type):
    try:
        description = _preprocess(content)
    except:  # noqa: E722 -- the script's own bare except
        description = content
    try:
        dj = json.loads(description, strict=False)
    except:  # noqa: E722
        dj = {"solution": description, "short answer": description.split("\n")[-1][:-1]}
    try:
        answer = str(dj.get("short answer"))
        if answer_type == "float":
            if not answer.isdigit():
                answer = _transfer(answer.split(" ")[0])
            return abs(float(answer) - float(truth)) <= 0.001
        if answer_type == "multiple choice":
            if len(answer) == 1:
                return answer == truth
            return truth in answer[0:3]
        return truth in answer
    except:  # noqa: E722
        return False


_GUIDE = """
## Answer Instruction Please provide an answer to the question outlined above. Your response should adhere\x20
to the following JSON format, which includes two keys: 'solution' and 'short answer'. The 'solution' key can contain\x20
detailed steps needed to solve the question, and the 'short answer' key should provide a concise response. If the problem is a multiple choice problem, just provide the corresponing choice option,\x20
such as 'A', 'B', 'C', or 'D'. If the answer is a numerical value, format it as a three-digit floating-point number.

Example of expected JSON response format:

"""  # noqa: E501


def official_prompt_text(question, answer_type):
    text = "## Question\n" + question
    if answer_type == "float":
        text = text + "Please answer in a floating-point number."
    example = {"solution": "[Detailed step-by-step explanation]",
               "short answer": "[Concise Answer]"}
    return "<IMAGE_TOKEN>" + text + _GUIDE + json.dumps(example, indent=4)


# ---------------------------------------------------------------- the table


def js(answer) -> str:
    return json.dumps({"solution": "step by step", "short answer": answer}, ensure_ascii=False)


# (model output, ground truth, answer type, official verdict)
CASES = [
    # issue 11: correct for the lenient judge, wrong officially
    (js("b"), "B", "multiple choice", False),
    (js("\u03c0/2"), "1.5708", "float", False),
    (js("1/2"), "0.5", "float", False),
    (js("x = 3"), "3", "float", False),
    (js("1,000"), "1000", "float", False),
    (js("$4$"), "4", "float", False),
    (js("45\u00b0"), "45", "float", False),
    (js("Connected"), "connected", "text", False),
    ("The answer is 7", "7", "float", False),
    ("Let me think.\nThe answer is 7", "7", "float", False),
    ("Answer: (C)", "C", "multiple choice", False),
    ("so the result is \\boxed{12}", "12", "float", False),
    ("\\boxed{12}.", "12", "float", False),
    # F and beyond
    (js("F"), "F", "multiple choice", True),
    (js("(F) 7"), "F", "multiple choice", True),
    (js("G"), "G", "multiple choice", True),
    (js("F"), "E", "multiple choice", False),
    # JSON outputs
    (js("B"), "B", "multiple choice", True),
    (js("B) 5"), "B", "multiple choice", True),
    (js("Option B"), "B", "multiple choice", False),
    ("Sure! " + js("3.5") + " Hope this helps.", "3.5", "float", True),
    ("```json\n" + json.dumps({"solution": "..", "short answer": "2"}, indent=4) + "\n```",
     "2", "float", True),
    ('{"solution": "x = \\frac{1}{2}", "short answer": "0.5"}', "0.5", "float", True),
    ('{"solution": "line one\nline two", "short answer": "0.5"}', "0.5", "float", True),
    (js(3.5), "3.5", "float", True),
    (js(12), "12", "float", True),
    (js("12"), "12.0004", "float", True),
    (js("3.0001"), "3", "float", True),
    (js("3.002"), "3", "float", False),
    (js("3.5 cm"), "3.5", "float", True),
    (js(" 3.5"), "3.5", "float", False),
    (js("3.5\t"), "3.5", "float", False),      # JSON's "\\t" loses its backslash: "3.5t"
    ('{"short answer": "3.5\t"}', "3.5", "float", True),  # a raw tab: strict=False reads it
    (js("1e-3"), "0.001", "float", True),
    (js("1_000"), "1000", "float", True),
    (js("\uff11\uff12"), "12", "float", True),   # full-width digits: isdigit, float reads them
    (js("\u00b2"), "2", "float", False),         # isdigit, float refuses it
    (js("inf"), "inf", "float", False),
    (js("nan"), "0", "float", False),
    (js("3\u03c0"), "9.4248", "float", True),
    (js("0.5\u03c0 rad"), "1.5708", "float", True),
    (js("\u03c0"), "3.1416", "float", False),
    (js("-2.5"), "-2.5", "float", True),
    (js("-3"), "-3", "float", True),
    (js("\u22123"), "-3", "float", False),        # a minus sign, not a hyphen
    (js("10**10**10"), "10**10**10", "float", False),
    (js("1"), "10**10**10", "float", False),
    (js("the graph is connected"), "connected", "text", True),
    (js("connected"), "not connected", "text", False),
    (js("[1, 2]"), "[1, 2]", "text", True),
    (js(["a"]), "['a']", "text", True),
    ('{"short answer": null}', "None", "text", True),
    ('{"solution": "no key"}', "None", "text", True),
    ('{"solution": "no key"}', "3", "float", False),
    ('{"a": {"short answer": "B"}}', "B", "multiple choice", False),
    # non-JSON outputs: the last line minus its last character
    ("The answer is\n42.", "42", "float", True),
    ("The answer is\n42", "42", "float", False),
    ("B", "B", "multiple choice", False),
    ("B.", "B", "multiple choice", True),
    ("(B)", "B", "multiple choice", True),
    ("42", "42", "float", False),                # JSON, but not an object
    ("[1, 2]", "1", "text", False),
    ('"B"', "B", "multiple choice", False),
    ("", "0", "float", False),
    ("", "", "text", True),
    ("{", "1", "float", False),
    ("}", "1", "float", False),
    ("}{", "}", "text", True),
    ('{"short answer": "3\\u03c0"}', "9.4248", "float", False),  # escaped: "3u03c0"
    ("x{", "x", "text", True),
    ("abc{", "ab", "text", True),
    ("{}", "None", "text", True),
    ("{1}", "1", "text", True),                  # not JSON: last line "{1}" minus "}"
    ('{"short answer": "A"} {"short answer": "B"}', "B", "multiple choice", False),
    ('{"short answer": "A"}\n{"short answer": "B"}', "B", "multiple choice", False),
    ("a\\b answer: {x}\\n3.\n", "3", "float", False),
    ("no braces, back\\slash\nC.", "C", "multiple choice", True),
    ('{"short answer": "' + "[" * 100 + '"}', "[", "text", True),
    ('{"short answer": ' + "[" * 5000 + "]" * 5000 + "}", "1", "text", False),
    ('{"short answer": ' + "1" * 5000 + "}", "1", "float", False),  # int over Python's limit
]


@pytest.mark.parametrize("output,truth,kind,expected", CASES)
def test_table_agrees_with_the_official_script(output, truth, kind, expected):
    assert official_verdict(output, truth, kind) is expected  # the table itself is right
    assert dm.judge(output, truth, kind).correct is expected


def test_random_outputs_agree_with_the_official_script():
    toks = ["{", "}", '"short answer"', '"solution"', ":", ",", '"', "\\", "\n", " ", "B", "b",
            "F", "3", ".", "5", "-", "\u03c0", "x", "(", ")", "answer", "12", "null", "[", "]"]
    rng = random.Random(0)
    for _ in range(2500):
        out = "".join(rng.choice(toks) for _ in range(rng.randint(0, 18)))
        for truth, kind in (("B", "multiple choice"), ("3.5", "float"), ("12", "float"),
                            ("b", "text"), ("-5", "float"), ("x", "text")):
            assert dm.judge(out, truth, kind).correct is official_verdict(out, truth, kind), \
                (out, truth, kind)


def test_huge_outputs_are_judged_in_linear_time():
    mb = 5_000_000
    cases = [("x" * mb + js("B") + "y" * mb, "B", "multiple choice", True),
             ("x" * mb + "\n7.", "7", "float", True),
             (js("1" * mb), "1", "float", False),
             ("{" * mb + "}" * mb, "1", "float", False),
             ("\\" * mb + "{}" + "\\" * mb, "None", "text", True),
             ("[" * mb, "1", "text", False)]
    for out, truth, kind, expected in cases:
        t = time.perf_counter()
        assert dm.judge(out, truth, kind).correct is expected
        assert time.perf_counter() - t < 2.0


def test_prompt_is_the_official_one():
    for q, kind in (("What is x?", "float"), ("Which curve? Choices: (A) a (B) b",
                                              "multiple choice"), ("Is it planar?", "text")):
        assert "<IMAGE_TOKEN>" + dm.official_prompt(q, kind) == official_prompt_text(q, kind)
    assert dm.official_prompt("Q?", "float").startswith(
        "## Question\nQ?Please answer in a floating-point number.\n## Answer Instruction")


def test_verdict_records_how_the_answer_was_read():
    assert dm.judge(js("B"), "B", "multiple choice") == dm.Judgement(True, "B", "json")
    assert dm.judge("so\nB.", "B", "multiple choice") == dm.Judgement(True, "B", "last line")
    assert dm.judge("42", "42", "float") == dm.Judgement(False, None, "json, not an object")
    assert dm.judge(None, "1", "float") == dm.Judgement(False, "", "last line")
    with pytest.raises(ValueError, match="answer_type 'number'"):
        dm.judge(js("1"), "1", "number")


def test_oracle_is_right_under_the_official_judge(tmp_path):
    from eval.runner import evaluate
    from eval.task import TaskContext
    from mm.adapters import load_adapter

    res = evaluate(load_adapter("builtin:oracle"), ["dynamath"], tmp_path,
                   TaskContext(limit=20, options={"lenient": "true"}), batch_size=20,
                   progress=False)
    m = res["tasks"]["dynamath"]
    assert (m["average"], m["worst"], m["n_not_json"]) == (1.0, 1.0, 0)
    assert m["lenient"]["average"] == 1.0 and m["lenient"]["n_unparsable"] == 0
    assert res["task_info"]["dynamath"]["max_new_tokens"] == 2048
    line = json.loads((tmp_path / "samples_dynamath.jsonl").read_text().splitlines()[0])
    assert line["correct"] is True and line["correct_lenient"] is True


def test_lenient_block_is_separate_and_optional(tmp_path):
    from eval.runner import evaluate
    from eval.task import TaskContext
    from mm.adapters import Adapter

    class Lowercase(Adapter):
        """Answers the truth in lower case, outside JSON: right only for the lenient judge."""

        name = "lowercase"

        def generate(self, images, prompts, gen, oracle=None):
            return ["The answer is " + json.loads(o)["short answer"].lower() for o in oracle]

    res = evaluate(Lowercase(), ["dynamath"], tmp_path / "a",
                   TaskContext(limit=20, options={"lenient": "true"}), progress=False)
    m = res["tasks"]["dynamath"]
    assert m["average"] == 0.0 and m["n_not_json"] == m["n_samples"]
    assert m["lenient"]["average"] > 0.5 and m["lenient"]["n_fallback_parsed"] == m["n_samples"]
    plain = evaluate(Lowercase(), ["dynamath"], tmp_path / "b", TaskContext(limit=20),
                     progress=False)["tasks"]["dynamath"]
    assert "lenient" not in plain and plain["average"] == 0.0


def test_make_run_passes_a_generation_length_and_the_report_states_it():
    from pathlib import Path

    from eval.quickstart import generation_lines

    make = (Path(__file__).resolve().parents[2] / "Makefile").read_text()
    runs = make.split("$(QS_EVAL) run")[1:]
    # the model greedy and with CausalMM, the image-blind twin on mavis-heldout, and the prior
    # model on POPE
    assert "QS_EVAL := HF_HUB_OFFLINE=1 OMP_NUM_THREADS=1 $(BIN)/mm-eval\n" in make
    assert "QS_GEN := --gen-kwargs max_new_tokens=$(QS_MAX_NEW) " in make
    assert len(runs) == 4 and all("$(QS_GEN)" in r.split("--output-path")[0] for r in runs)
    info = {"dynamath": {"output": "generate", "max_new_tokens": 2048},
            "mme-synth": {"output": "yes_no", "max_new_tokens": 64}}
    assert generation_lines({"config": {"gen": {"max_new_tokens": 256}}, "task_info": info}) \
        == ["- max_new_tokens (set by --gen-kwargs): dynamath 256 (DynaMath's official script "
            "sets no limit)", ""]
    assert generation_lines({"config": {"gen": {"max_new_tokens": 0}}, "task_info": info}) == \
        ["- max_new_tokens (task defaults): dynamath 2048", ""]
