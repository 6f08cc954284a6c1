"""The runner's run habits: stratified --limit (whole groups, every stratum), intervals with
their sample counts, prompt and doc_hash per sample line, results.json after each task, torn
sample lines moved aside, and a finished run in a read-only folder reported without writing."""
import hashlib
import json
from collections import Counter

import pytest
from PIL import Image

import eval.runner as runner
from eval.evalsets import groups_kept, stratified_limit
from eval.intervals import intervals
from eval.runner import NotFinished, doc_hash, evaluate, read_samples
from eval.task import TASKS, Task, TaskContext
from mm.adapters import load_adapter

STRATA = ("a", "b", "c", "d")


class Strata(Task):
    """4 strata x 5 groups x 3 samples; the doc order puts all of stratum a first."""
    name = "toy-strata"
    description = "toy with strata"

    def docs(self, ctx):
        docs = [{"id": f"{s}{g}-{k}", "stratum": s, "group": f"{s}{g}", "n": i,
                 "target": "yes" if (i % 2) else "no"}
                for i, (s, g, k) in enumerate((s, g, k) for s in STRATA for g in range(5)
                                              for k in range(3))]
        return self.limit_docs(docs, ctx)

    def stratum(self, doc):
        return doc["stratum"]

    def record_stratum(self, record):
        return record["id"][0]

    def record_group(self, record):
        return record["id"].split("-")[0]

    def image(self, doc):
        return Image.new("RGB", (8, 8), (doc["n"], 0, 0))

    def prompt(self, doc):
        return f"Is {doc['id']} odd?"

    def oracle(self, doc):
        return doc["target"]

    def process(self, doc, output):
        return {"id": doc["id"], "prediction": output, "target": doc["target"],
                "correct": output.strip().lower() == doc["target"]}

    def aggregate(self, records):
        return {"acc": sum(r["correct"] for r in records) / len(records),
                "per_stratum": {s: {"acc": sum(r["correct"] for r in rs) / len(rs)}
                                for s in STRATA if (rs := [r for r in records
                                                           if r["id"][0] == s])}}


class Second(Strata):
    name = "toy-strata-2"

    def process(self, doc, output):
        if doc["id"] == "b1-0":
            raise KeyboardInterrupt  # killed during this task
        return super().process(doc, output)


for t in (Strata(), Second()):
    if t.name not in TASKS:
        TASKS.add(t.name, t)


def _strata(docs):
    return Counter(d["stratum"] for d in docs)


def test_limit_takes_whole_groups_round_robin_over_strata():
    docs = Strata().docs(TaskContext(limit=12, seed=0))
    assert _strata(docs) == {s: 3 for s in STRATA}  # one whole group of every stratum
    assert all(c == 3 for c in Counter(d["group"] for d in docs).values())
    # a limit that fits 5 groups: one stratum has two; not a multiple of 3 rounds down
    assert sorted(_strata(Strata().docs(TaskContext(limit=17, seed=0))).values()) == [3, 3, 3, 6]
    # the seed picks other groups, in the same spread
    other = Strata().docs(TaskContext(limit=12, seed=1))
    assert _strata(other) == _strata(docs) and {d["group"] for d in other} != \
        {d["group"] for d in docs}
    # the original order is kept; at least one group even below a group's size
    assert [d["id"] for d in docs] == sorted((d["id"] for d in docs),
                                             key=lambda i: (i[0], int(i[1]), i))
    assert len(Strata().docs(TaskContext(limit=1))) == 3


def test_fraction_limit_and_idempotence():
    docs = Strata().docs(TaskContext())
    tenth = Strata().docs(TaskContext(limit=0.1))  # 10% of 20 groups = 2 groups
    assert len(tenth) == 6 and len(_strata(tenth)) == 2
    assert len(Strata().docs(TaskContext(limit=0.5))) == 30
    key = (lambda d: d["group"], lambda d: d["stratum"])
    once = stratified_limit(docs, 21, 5, *key)
    assert stratified_limit(once, 21, 5, *key) == once
    half = stratified_limit(docs, 0.5, 5, *key)
    assert stratified_limit(half, 0.5, 5, *key, total_groups=20) == half
    assert groups_kept(0.1, 20, 3) == 2 and groups_kept(60, 20, 3) == 20
    assert groups_kept(2, 20, 3) == 1 and groups_kept(None, 7, 3) == 7


@pytest.mark.slow
def test_dynamath_and_comfort_limits_cover_every_topic_and_relation(tmp_path):
    from eval.task import get_task

    dm = get_task("dynamath").docs(TaskContext(limit=90, seed=0, work=tmp_path / "dm"))
    assert len(dm) == 90 and len({d["subject"] for d in dm}) == 9
    assert all(c == 10 for c in Counter(d["seed_id"] for d in dm).values())
    cf = get_task("comfort-ball").docs(TaskContext(limit=144, seed=0, work=tmp_path / "cf"))
    assert len(cf) == 144 and Counter(d["relation"] for d in cf) == {
        "left": 36, "right": 36, "front": 36, "behind": 36}


def test_samples_carry_prompt_and_doc_hash(tmp_path):
    evaluate(load_adapter("builtin:oracle"), ["toy-strata"], tmp_path, TaskContext(limit=12),
             progress=False)
    recs = [json.loads(x) for x in (tmp_path / "samples_toy-strata.jsonl").read_text()
            .splitlines()]
    docs = {d["id"]: d for d in Strata().docs(TaskContext(limit=12))}
    r = recs[0]
    assert r["prompt"] == f"Is {r['id']} odd?"
    want = hashlib.sha256(json.dumps(docs[r["id"]], sort_keys=True, separators=(",", ":"))
                          .encode()).hexdigest()
    assert r["doc_hash"] == want == doc_hash(docs[r["id"]])
    img = Image.new("RGB", (2, 2), (1, 2, 3))
    h = doc_hash({"id": "x", "image": img})
    assert h == doc_hash({"id": "x", "image": img.copy()})
    assert h != doc_hash({"id": "x", "image": Image.new("RGB", (2, 2), (1, 2, 4))})
    assert doc_hash({"b": b"\x00\x01"}) != doc_hash({"b": b"\x00\x02"})


def test_results_written_after_each_task(tmp_path):
    with pytest.raises(KeyboardInterrupt):
        evaluate(load_adapter("builtin:oracle"), ["toy-strata", "toy-strata-2"], tmp_path,
                 TaskContext(), progress=False)
    res = json.loads((tmp_path / "results.json").read_text())
    assert list(res["tasks"]) == ["toy-strata"] and res["tasks"]["toy-strata"]["acc"] == 1.0
    assert (tmp_path / "report.md").exists()


def test_intervals_recompute_the_aggregate_on_half_samples(tmp_path):
    res = evaluate(load_adapter("builtin:random", seed=2), ["toy-strata"], tmp_path,
                   TaskContext(seed=2), progress=False)
    iv = res["intervals"]["toy-strata"]
    assert iv["groups"] == 20 and iv["replicates"] == 200
    acc = res["tasks"]["toy-strata"]["acc"]
    lo, hi = iv["figures"]["acc"]["ci95"]
    assert lo < acc < hi and 0.05 < hi - lo < 0.6
    assert iv["figures"]["acc"]["n"] == 60
    assert iv["figures"]["per_stratum.a.acc"]["n"] == 15  # the samples of stratum a
    # the same seed, the same intervals; a figure resting on one group gets none
    again = intervals(Strata(), [json.loads(x) for x in
                                 (tmp_path / "samples_toy-strata.jsonl").read_text().splitlines()],
                      res["tasks"]["toy-strata"], seed=2)
    assert again["figures"]["acc"] == iv["figures"]["acc"]
    one = [{"id": "a0-0", "correct": True}, {"id": "b0-0", "correct": False}]
    got = intervals(Strata(), one, Strata().aggregate(one), seed=0)["figures"]
    assert got["per_stratum.a.acc"]["ci95"] is None
    report = (tmp_path / "report.md").read_text()
    assert f"| acc | {acc:.4f} | 60 | [{lo:.4f}, {hi:.4f}] |" in report
    assert "stratified half-sampling of whole groups" in report


def test_torn_line_inside_samples_is_moved_aside(tmp_path, capsys):
    ref = evaluate(load_adapter("builtin:random", seed=4), ["toy-strata"], tmp_path / "ref",
                   TaskContext(seed=4, limit=24), progress=False)
    out = tmp_path / "run"
    evaluate(load_adapter("builtin:random", seed=4), ["toy-strata"], out,
             TaskContext(seed=4, limit=24), progress=False)
    path = out / "samples_toy-strata.jsonl"
    lines = path.read_text().splitlines(keepends=True)
    lines[3] = lines[3][:20] + "\n"  # torn, then more lines after it
    lines[5] = "42\n"                # JSON, but not a sample
    path.write_text("".join(lines))
    capsys.readouterr()
    again = evaluate(load_adapter("builtin:random", seed=4), ["toy-strata"], out,
                     TaskContext(seed=4, limit=24), progress=False)
    err = capsys.readouterr().err
    assert f"{path}: line(s) 4, 6 are not sample records; moved to samples_toy-strata.jsonl.bad" \
        in err
    assert (out / "samples_toy-strata.jsonl.bad").read_text() == lines[3] + "42\n"
    assert again["tasks"] == ref["tasks"]
    assert len(read_samples(path)) == 24


def test_read_only_finished_run_is_reported_without_writing(tmp_path, monkeypatch):
    ctx = TaskContext(limit=12)
    done = evaluate(load_adapter("builtin:oracle"), ["toy-strata"], tmp_path, ctx,
                    progress=False)
    before = {p: p.stat().st_mtime_ns for p in tmp_path.rglob("*")}
    monkeypatch.setattr(runner, "writable", lambda folder: False)
    again = evaluate(load_adapter("builtin:oracle"), ["toy-strata"], tmp_path, ctx,
                     progress=False)
    assert again["tasks"] == done["tasks"]
    assert {p: p.stat().st_mtime_ns for p in tmp_path.rglob("*")} == before
    with pytest.raises(NotFinished, match="task toy-strata-2 is not finished"):
        evaluate(load_adapter("builtin:oracle"), ["toy-strata", "toy-strata-2"], tmp_path,
                 ctx, progress=False)
    with pytest.raises(NotFinished, match=r"of another run \(differs in limit\)"):
        evaluate(load_adapter("builtin:oracle"), ["toy-strata"], tmp_path,
                 TaskContext(limit=15), progress=False)
