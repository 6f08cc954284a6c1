"""Re-judging raw DynaMath model outputs with the official rules (``mm-eval score dynamath``).

Two kinds of file, told apart by their content:

- DynaMath's report JSON, as its open-model script writes it: {"i": {"question", "subject",
  "knowledge level", "Ground truth", "image", "response": {"solution", "short answer"},
  "result"}}. The report keeps the parsed response, not the raw output, so the official rule
  is applied to ``str(response["short answer"])``. It has no answer type: it is read from
  DynaMath's ``dataset.json`` (``--dataset``, the file or its folder) when given, else inferred
  from the ground truth (one capital letter: multiple choice; a number ``float()`` reads:
  float; else text). Several reports are several variants: the k-th file is variant k. Seed ids
  are the report's keys.
- JSONL, one output per line: ``prediction`` (the raw output), ``ground_truth`` (or ``target``,
  ``answer``), ``answer_type``, and either ``seed_id`` (variant: ``variant`` or the order within
  the seed) or ``id`` with ``variant`` (the same id in every variant, as DynaMath's HF splits
  have it); optional ``subject``/``topic`` and ``knowledge_level``/``level``. mm-eval's own
  ``samples_dynamath.jsonl`` is such a file (repeats after the first are left out).

Bad input is one ``ValueError`` line naming the file, line or key, and the field.

    mm-eval score dynamath --responses runs/dm/samples_dynamath.jsonl --lenient
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from eval import dynamath as dm


@dataclass
class Response:
    seed_id: str
    variant: int
    ground_truth: str
    answer_type: str
    topic: str
    level: str
    prediction: str | None = None  # the raw output (JSONL)
    response: object = None  # the parsed response (DynaMath's report)
    recorded: str | None = None  # the report's own "result"

    def official(self) -> bool:
        if self.prediction is not None:
            return dm.judge(self.prediction, self.ground_truth, self.answer_type).correct
        return dm.official_correct(dm.official_short_answer(self.response), self.ground_truth,
                                   self.answer_type)

    def lenient(self) -> dm.Judgement:
        text = self.prediction if self.prediction is not None else json.dumps(self.response)
        return dm.judge_lenient(text, self.ground_truth, self.answer_type)


def infer_answer_type(ground_truth: str) -> str:
    """The answer type a report entry most likely has (pass --dataset to know it)."""
    g = ground_truth.strip()
    if len(g) == 1 and "A" <= g <= "Z":
        return "multiple choice"
    try:
        float(g)
        return "float"
    except ValueError:
        return "text"


def _answer_types(dataset: str | None) -> dict[str, str] | None:
    if dataset is None:
        return None
    p = Path(dataset)
    if p.is_dir():
        p = p / "dataset.json"
    if not p.is_file():
        raise ValueError(f"{p}: no such file (DynaMath's dataset.json)")
    try:
        data = json.loads(p.read_text(encoding="utf-8"))
    except (ValueError, UnicodeDecodeError) as e:
        raise ValueError(f"{p}: not JSON ({str(e).splitlines()[0]})") from None
    if not isinstance(data, dict):
        raise ValueError(f"{p}: expected an object keyed by question number")
    out = {}
    for k, v in data.items():
        t = v.get("answer_type") if isinstance(v, dict) else None
        if t not in dm.ANSWER_TYPES:
            raise ValueError(f"{p}: key {k!r}: field 'answer_type': expected one of "
                             f"{', '.join(dm.ANSWER_TYPES)}, got {t!r}")
        out[str(k)] = t
    return out


def _is_report(data: object) -> bool:
    return isinstance(data, dict) and bool(data) and all(
        isinstance(v, dict) and "Ground truth" in v for v in data.values())


def _from_report(path: str, data: dict, variant: int,
                 types: dict[str, str] | None) -> list[Response]:
    out = []
    for k, e in data.items():
        if "response" not in e:
            raise ValueError(f"{path}: key {k!r}: field 'response': missing")
        gt = str(e["Ground truth"])
        if types is None:
            t = infer_answer_type(gt)
        elif str(k) in types:
            t = types[str(k)]
        else:
            raise ValueError(f"{path}: key {k!r}: not in the --dataset file")
        out.append(Response(str(k), variant, gt, t, str(e.get("subject", "")),
                            str(e.get("knowledge level", "")), response=e["response"],
                            recorded=e.get("result")))
    return out


def _field(path: str, n: int, row: dict, names: tuple[str, ...], required: bool = True):
    for name in names:
        if row.get(name) is not None:
            return row[name]
    if required:
        raise ValueError(f"{path}: line {n}: field {names[0]!r}: missing")
    return None


def _from_jsonl(path: str, text: str) -> list[Response]:
    out = []
    count: dict[str, int] = {}
    for n, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
        except ValueError:
            raise ValueError(f"{path}: line {n}: not JSON") from None
        if not isinstance(row, dict):
            raise ValueError(f"{path}: line {n}: expected a JSON object")
        if row.get("repeat", 0):
            continue  # mm-eval's repeats 2..K: repetition consistency, not accuracy
        pred = _field(path, n, row, ("prediction",))
        if not isinstance(pred, str):
            raise ValueError(f"{path}: line {n}: field 'prediction': expected a string")
        gt = str(_field(path, n, row, ("ground_truth", "target", "answer")))
        t = _field(path, n, row, ("answer_type",))
        if t not in dm.ANSWER_TYPES:
            raise ValueError(f"{path}: line {n}: field 'answer_type': expected one of "
                             f"{', '.join(dm.ANSWER_TYPES)}, got {t!r}")
        sid = _field(path, n, row, ("seed_id",), required=False)
        if sid is None:
            sid = _field(path, n, row, ("id",))
            variant = _field(path, n, row, ("variant",))
        else:
            variant = row.get("variant", count.get(str(sid), 0))
        count[str(sid)] = count.get(str(sid), 0) + 1
        try:
            variant = int(variant)
        except (TypeError, ValueError):
            raise ValueError(f"{path}: line {n}: field 'variant': expected an integer, got "
                             f"{variant!r}") from None
        out.append(Response(str(sid), variant, gt, t,
                            str(_field(path, n, row, ("subject", "topic"), False) or ""),
                            str(_field(path, n, row, ("knowledge_level", "level"), False) or ""),
                            prediction=pred))
    return out


def read_responses(paths: list[str], dataset: str | None = None) -> list[Response]:
    """Every response of the files, in order; ValueError naming the file and field."""
    types = _answer_types(dataset)
    out: list[Response] = []
    seen: dict[tuple[str, int], str] = {}
    for k, path in enumerate(paths):
        try:
            text = Path(path).read_text(encoding="utf-8")
        except FileNotFoundError:
            raise ValueError(f"{path}: no such file") from None
        except (UnicodeDecodeError, IsADirectoryError, PermissionError) as e:
            raise ValueError(f"{path}: cannot read ({type(e).__name__})") from None
        try:
            data = json.loads(text)
        except ValueError:
            data = None
        rows = _from_report(path, data, k + 1, types) if _is_report(data) else \
            _from_jsonl(path, text)
        if not rows:
            raise ValueError(f"{path}: no responses")
        for r in rows:
            key = (r.seed_id, r.variant)
            if key in seen:
                raise ValueError(f"{path}: seed {r.seed_id!r} variant {r.variant} is given twice "
                                 f"(also in {seen[key]})")
            seen[key] = path
        out += rows
    return out


def score_responses(paths: list[str], dataset: str | None = None,
                    lenient: bool = False) -> tuple[dict, int]:
    """(metrics under the official rules, plus a "lenient" block when asked; the number of
    official verdicts that differ from the results DynaMath's reports recorded)."""
    rows = read_responses(paths, dataset)
    verdicts = [r.official() for r in rows]
    m = dm.metrics([dm.Record(r.seed_id, r.variant, ok, r.topic, r.level)
                    for r, ok in zip(rows, verdicts)])
    if lenient:
        js = [r.lenient() for r in rows]
        m["lenient"] = dm.metrics([dm.Record(r.seed_id, r.variant, j.correct, r.topic, r.level)
                                   for r, j in zip(rows, js)])
        m["lenient"]["n_unparsable"] = sum(j.parser == "unparsable" for j in js)
        m["lenient"]["n_fallback_parsed"] = sum(j.parser == "fallback" for j in js)
    differ = sum(r.recorded is not None and (r.recorded == "correct") != ok
                 for r, ok in zip(rows, verdicts))
    return m, differ
