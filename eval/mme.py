"""MME: loading the released benchmark and its official scoring rules, as pure functions.

MME asks two yes/no questions per image (one answered "yes", one "no") in 14 subtasks: 10 of
perception and 4 of cognition. The official tool (``eval_tool/calculation.py``) reads one
``<subtask>.txt`` per subtask, lines ``image<TAB>question<TAB>gt<TAB>response``, and scores:

- the response is lowercased; exactly "yes" or "no" is taken as is, otherwise only its first 4
  characters are read: containing "yes" -> yes, else containing "no" -> no, else "other"
  (always wrong). So "Not sure" -> no, "nope" -> no, " Yes" -> yes, "The answer is yes" and
  "**Yes**" -> other;
- acc = right questions / questions; acc+ = images with both questions right / images (the tool
  pairs consecutive lines); score = 100 * acc + 100 * acc+ per subtask (0..200); the
  perception and cognition totals are sums of subtask scores (0..2000 and 0..800).

Local layouts that load (subtask folders named as released, e.g. ``OCR``, ``code_reasoning``):
(a) ``<subtask>/images/*.jpg|png`` + ``<subtask>/questions_answers_YN/<image stem>.txt``;
(b) image and txt side by side, ``<subtask>/0001.png`` + ``<subtask>/0001.txt``; and the
lmms-lab/MME parquet (question_id, image, question, answer, category). Each txt line is
``question<TAB>answer``. The subtask folders may sit up to two folders down (the release's
``MME_Benchmark_release_version/MME_Benchmark/<subtask>``).

Bad data is recorded, never fatal: a txt that is not UTF-8 becomes one bad item naming the file;
a malformed line, a missing or unreadable image (or one over engines.images' pixel limit) a
bad sample counted wrong. An image with other than two questions is a bad item left out of
the counts and of the official files: the tool pairs consecutive lines and asserts every pair
is whole, so it cannot score such an image (it stops on an odd line count, and pairs the
questions of different images otherwise); left out, the files mm-eval writes are ones the
tool, ``mm-eval score mme`` and results.json score alike.

    mm-eval score mme --dir runs/eval/mme_official
"""
from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Sequence

PERCEPTION = ("existence", "count", "position", "color", "posters", "celebrity", "scene",
              "landmark", "artwork", "OCR")
COGNITION = ("commonsense_reasoning", "numerical_calculation", "text_translation",
             "code_reasoning")
SUBTASKS = PERCEPTION + COGNITION
IMAGE_EXTS = (".jpg", ".jpeg", ".png")
QA_DIR = "questions_answers_YN"


def category(subtask: str) -> str:
    if subtask in PERCEPTION:
        return "perception"
    if subtask in COGNITION:
        return "cognition"
    raise ValueError(f"unknown MME subtask {subtask!r}; valid: {', '.join(SUBTASKS)}")


# ----------------------------------------------------------------------------- official rules


def parse_pred(response: str | None) -> str:
    """The official tool's reading of a response: "yes", "no" or "other"."""
    if response is None:
        return "other"
    r = response.lower()
    if r in ("yes", "no"):
        return r
    head = r[:4]
    if "yes" in head:
        return "yes"
    if "no" in head:
        return "no"
    return "other"


@dataclass
class Answer:
    """One scored question: its image (the acc+ group), ground truth and parsed prediction."""

    image: str
    gt: str  # "yes" | "no"
    pred: str  # "yes" | "no" | "other"

    @property
    def correct(self) -> bool:
        return self.gt == self.pred


RECORD_KEYS = ("subtask", "category", "image", "question", "image_questions",
               "subtask_questions", "subtask_images")


def judged_record(doc: dict, output: str, extra: Sequence[str] = ()) -> dict:
    """The sample record of one MME-style question: the official parse of the response, whether
    it matches the ground truth, and the doc fields the metrics group by."""
    parsed = parse_pred(output)
    rec = {"id": doc["id"], "prediction": output, "target": doc["target"],
           "correct": parsed == doc["target"].lower(), "parsed": parsed}
    rec.update({k: doc[k] for k in (*RECORD_KEYS, *extra)})
    return rec


def subtask_metrics(groups: Sequence[Sequence[Answer]], n_questions: int | None = None,
                    n_images: int | None = None, sizes: Sequence[int] | None = None) -> dict:
    """acc, acc+, score of one subtask from its image groups.

    ``n_questions`` / ``n_images`` default to what the groups hold and ``sizes`` (questions
    asked per group) to the group lengths; mm-eval passes what it asked, so that a question
    lost to an error counts as wrong, as a missing answer would in the official tool.
    """
    answers = [a for g in groups for a in g]
    nq = len(answers) if n_questions is None else n_questions
    ni = len(groups) if n_images is None else n_images
    sizes = [len(g) for g in groups] if sizes is None else sizes
    right = sum(a.correct for a in answers)
    both = sum(1 for g, k in zip(groups, sizes) if g and len(g) == k and
               all(a.correct for a in g))
    acc = right / nq if nq else 0.0
    acc_plus = both / ni if ni else 0.0
    return {"acc": acc, "acc_plus": acc_plus, "score": 100 * acc + 100 * acc_plus,
            "n_questions": nq, "n_images": ni,
            "n_other": sum(a.pred == "other" for a in answers),
            "yes_ratio": sum(a.pred == "yes" for a in answers) / nq if nq else 0.0}


def totals(per_subtask: dict[str, dict]) -> dict:
    """The official sums: perception (10 subtasks), cognition (4) and their total, plus the
    share of yes answers over every question scored."""
    perc = sum(m["score"] for s, m in per_subtask.items() if s in PERCEPTION)
    cog = sum(m["score"] for s, m in per_subtask.items() if s in COGNITION)
    nq = sum(m["n_questions"] for m in per_subtask.values())
    yes = sum(m["yes_ratio"] * m["n_questions"] for m in per_subtask.values())
    return {"perception_score": perc, "cognition_score": cog, "total_score": perc + cog,
            "yes_ratio": yes / nq if nq else 0.0,
            "missing_subtasks": [s for s in SUBTASKS if s not in per_subtask]}


# ----------------------------------------------------------------------------- result files


def _lines(path: Path) -> list[str]:
    """Lines as the official tool's ``readlines`` sees them: universal newlines only (not the
    extra separators of ``str.splitlines``, which a response may contain)."""
    return path.read_text(encoding="utf-8-sig").split("\n")


def read_result_file(path: str | Path) -> list[list[Answer]]:
    """One official-tool input file -> image groups of two consecutive lines (as the tool pairs
    them). A malformed line or an odd line count raises ValueError naming file and line."""
    path = Path(path)
    rows = []
    try:
        lines = _lines(path)
    except UnicodeDecodeError as e:
        raise ValueError(f"{path}: not UTF-8 text (byte {e.start}: {e.reason})") from None
    for k, line in enumerate(lines, 1):
        if not line.strip():
            continue
        parts = line.split("\t", 3)  # the response is last: a tab inside it stays in it
        if len(parts) != 4:
            raise ValueError(f"{path}:{k}: expected image<TAB>question<TAB>gt<TAB>response, "
                             f"got {len(parts)} field(s)")
        img, _, gt, resp = parts
        gt = gt.strip().lower()
        if gt not in ("yes", "no"):
            raise ValueError(f"{path}:{k}: ground truth must be yes or no, got {parts[2]!r}")
        rows.append((k, Answer(img, gt, parse_pred(resp))))
    if len(rows) % 2:
        raise ValueError(f"{path}: {len(rows)} question lines; MME pairs two questions per "
                         f"image (line {rows[-1][0]} has no partner)")
    return [[rows[i][1], rows[i + 1][1]] for i in range(0, len(rows), 2)]


def score_mme_dir(d: str | Path) -> dict:
    """Score a folder of official-tool input files (``<subtask>.txt``): per-subtask acc, acc+,
    score and the perception / cognition / total sums; subtasks without a file are listed in
    ``missing_subtasks`` and add nothing to the sums."""
    d = Path(d)
    if not d.is_dir():
        raise FileNotFoundError(f"{d} is not a folder")
    per = {}
    for s in SUBTASKS:
        f = d / f"{s}.txt"
        if f.is_file():
            per[s] = subtask_metrics(read_result_file(f))
    if not per:
        raise ValueError(f"{d} holds none of the MME result files "
                         f"({', '.join(s + '.txt' for s in SUBTASKS)})")
    return {"per_subtask": per, **totals(per)}


def write_result_files(records: Iterable[dict], d: str | Path) -> list[Path]:
    """mm-eval sample records -> the official tool's input files (one per subtask, lines in
    question order). Newlines and tabs in a response become spaces (the tool reads lines; the
    change never alters how the first 4 characters parse). Images whose questions are not all
    in ``records`` (an error) are left out, because the tool pairs consecutive lines."""
    d = Path(d)
    d.mkdir(parents=True, exist_ok=True)
    by_sub: dict[str, dict[str, list[dict]]] = defaultdict(lambda: defaultdict(list))
    for r in sorted(records, key=lambda r: r["order"]):
        by_sub[r["subtask"]][r["image"]].append(r)
    out = []
    for s, images in by_sub.items():
        lines = []
        for img, recs in images.items():
            if len(recs) != recs[0]["image_questions"]:
                continue
            for r in recs:
                resp = str(r["prediction"])
                for ch in "\t\r\n":
                    resp = resp.replace(ch, " ")
                lines.append(f"{img.split('/', 1)[1]}\t{r['question']}\t{r['target']}\t{resp}")
        path = d / f"{s}.txt"
        path.write_text("".join(x + "\n" for x in lines), encoding="utf-8")
        out.append(path)
    return out


def metrics_from_records(records: Sequence[dict]) -> dict:
    """MME metrics from mm-eval sample records (subtask, image, image_questions,
    subtask_questions, subtask_images, target, parsed). Questions that ended in an error are
    absent from ``records`` and count as wrong through the subtask counts."""
    groups: dict[str, dict[str, list[Answer]]] = defaultdict(lambda: defaultdict(list))
    counts: dict[str, tuple[int, int]] = {}
    need: dict[str, int] = {}
    for r in records:
        groups[r["subtask"]][r["image"]].append(
            Answer(r["image"], r["target"].lower(), r["parsed"]))
        counts[r["subtask"]] = (r["subtask_questions"], r["subtask_images"])
        need[r["image"]] = r["image_questions"]
    per = {}
    for s in SUBTASKS:
        if s not in groups:
            continue
        imgs = list(groups[s])
        per[s] = subtask_metrics([groups[s][i] for i in imgs], *counts[s],
                                 sizes=[need[i] for i in imgs])
    return {**totals(per), "per_subtask": per}


# ----------------------------------------------------------------------------- loading


@dataclass
class Question:
    """One MME question as loaded; ``error`` holds why it cannot be asked (bad line, no image)."""

    subtask: str
    image: str  # image file name, e.g. "0001.png"
    index: int  # 0, 1 within the image
    question: str
    answer: str  # "Yes" | "No" ("" when the line is malformed)
    image_path: str | None = None
    image_bytes: bytes | None = None
    error: str | None = None  # a malformed line: the sample is recorded as an error
    source: str = ""  # file:line the question came from
    scored: bool = True  # False: a bad item outside the counts (unreadable txt, unpaired image)


def _subtask_dirs(root: Path) -> dict[str, Path]:
    names = {s.lower(): s for s in SUBTASKS}
    return {names[p.name.lower()]: p for p in sorted(root.iterdir())
            if p.is_dir() and p.name.lower() in names}


def _read_qa(txt: Path, subtask: str, image_name: str, image_path: Path | None
             ) -> list[Question]:
    """Questions of one txt; a malformed line becomes a Question with ``error`` (so the run
    records that one sample as an error and goes on)."""
    out = []
    try:
        lines = [(k, ln) for k, ln in enumerate(_lines(txt), 1) if ln.strip()]
    except UnicodeDecodeError as e:
        return [Question(subtask, image_name, 0, "", "", None, None,
                         f"{txt}: not UTF-8 text (byte {e.start}: {e.reason})", str(txt),
                         scored=False)]
    for i, (k, line) in enumerate(lines):
        q, err = line, None
        ans = ""
        if "\t" not in line:
            err = f"{txt}:{k}: malformed line (expected question<TAB>answer): {line[:60]!r}"
        else:
            q, a = line.rsplit("\t", 1)
            if a.strip().lower() not in ("yes", "no"):
                err = f"{txt}:{k}: answer must be Yes or No, got {a.strip()[:20]!r}"
            else:
                ans = a.strip().capitalize()
        out.append(Question(subtask, image_name, i, q.strip(), ans,
                            str(image_path) if image_path else None, None, err,
                            f"{txt}:{k}"))
    return out


def _images_by_stem(folder: Path) -> dict[str, Path]:
    return {p.stem: p for p in sorted(folder.iterdir())
            if p.is_file() and p.suffix.lower() in IMAGE_EXTS} if folder.is_dir() else {}


def load_subtask(folder: Path, subtask: str) -> list[Question]:
    """One subtask folder in layout (a) or (b)."""
    qa = folder / QA_DIR
    if qa.is_dir():
        txts, images = sorted(qa.glob("*.txt")), _images_by_stem(folder / "images")
    else:
        txts, images = sorted(folder.glob("*.txt")), _images_by_stem(folder)
    if not txts:
        raise ValueError(f"{folder}: not an MME subtask folder (expected {QA_DIR}/*.txt with "
                         f"images/, or <name>.txt beside <name>.jpg|png)")
    out = []
    for t in txts:
        img = images.get(t.stem)
        out += _read_qa(t, subtask, img.name if img else t.stem, img)
    return out


def _load_parquet(files: list[Path]) -> list[Question]:
    """lmms-lab/MME: question_id ("code_reasoning/0020.png"), image, question, answer, category."""
    import pyarrow.parquet as pq

    out, seen = [], defaultdict(int)
    for f in files:
        t = pq.read_table(f)
        missing = {"question_id", "image", "question", "answer", "category"} - set(t.column_names)
        if missing:
            raise ValueError(f"{f}: not an MME parquet file (missing columns: "
                             f"{', '.join(sorted(missing))})")
        for k, r in enumerate(t.to_pylist()):
            sub = {s.lower(): s for s in SUBTASKS}.get(str(r["category"]).lower())
            if sub is None:
                raise ValueError(f"{f}: row {k}: unknown category {r['category']!r}")
            name = str(r["question_id"]).split("/")[-1]
            ans = str(r["answer"]).strip().capitalize()
            img = r["image"] or {}
            err = None if ans in ("Yes", "No") else \
                f"{f}: row {k}: answer must be Yes or No, got {r['answer']!r}"
            out.append(Question(sub, name, seen[(sub, name)], str(r["question"]), ans,
                                img.get("path"), img.get("bytes"), err, f"{f.name}:row {k}"))
            seen[(sub, name)] += 1
    return out


def load_mme(root: str | Path) -> list[Question]:
    """Every question of a local MME copy, in the official subtask order, images sorted by name.

    ``root`` holds the subtask folders (or one folder that does, e.g. the release's
    ``MME_Benchmark_release_version``), or the lmms-lab parquet files. A folder with neither
    raises ValueError naming it and the expected subtask folders."""
    root = Path(root)
    if not root.is_dir():
        raise ValueError(f"{root}: no such folder")
    pq_files = sorted(root.glob("*.parquet")) or sorted(root.glob("data/*.parquet"))
    if pq_files:
        qs = _load_parquet(pq_files)
    else:
        dirs = _find_subtask_dirs(root)
        if not dirs:
            raise ValueError(f"{root}: no MME subtask folders (expected some of: "
                             f"{', '.join(SUBTASKS)})")
        qs = [q for s, p in dirs.items() for q in load_subtask(p, s)]
    order = {s: i for i, s in enumerate(SUBTASKS)}
    return _unpaired(sorted(qs, key=lambda q: (order[q.subtask], q.image, q.index)))


def _find_subtask_dirs(root: Path, depth: int = 2) -> dict[str, Path]:
    """The subtask folders in ``root`` or in the first folder (sorted) up to ``depth`` levels
    below it that holds some: the release wraps them in ``MME_Benchmark_release_version`` and,
    in some copies, ``MME_Benchmark`` inside it."""
    level = [root]
    for _ in range(depth + 1):
        for folder in level:
            dirs = _subtask_dirs(folder)
            if dirs:
                return dirs
        level = [p for f in level for p in sorted(f.iterdir()) if p.is_dir()]
    return {}


def _unpaired(qs: list[Question]) -> list[Question]:
    """Mark every question of an image that has other than two as a bad item outside the
    counts (see the module docstring: the official tool scores images as pairs of lines)."""
    n: dict[tuple[str, str], int] = defaultdict(int)
    for q in qs:
        n[(q.subtask, q.image)] += 1
    for q in qs:
        k = n[(q.subtask, q.image)]
        if k != 2 and q.scored:
            q.scored = False
            q.error = q.error or (f"{q.source}: image {q.image} has {k} question(s); MME "
                                  f"asks two per image and the official tool pairs them")
    return qs


def limit_images(qs: Sequence[Question], limit: int | None) -> list[Question]:
    """At most ``limit`` questions, whole images only (at least one image), taken round-robin
    over the subtasks (image 1 of every subtask, then image 2, ...) so a small run still covers
    every subtask; returned in the official order."""
    if limit is None:
        return list(qs)
    by_sub: dict[str, dict[str, list[Question]]] = defaultdict(dict)
    for q in qs:
        by_sub[q.subtask].setdefault(q.image, []).append(q)
    queues = [list(imgs.values()) for imgs in by_sub.values()]
    rounds = [qu[i] for i in range(max(map(len, queues), default=0)) for qu in queues
              if i < len(qu)]
    keep, n = set(), 0
    for g in rounds:
        if keep and n + len(g) > limit:
            break
        keep |= {id(q) for q in g}
        n += len(g)
    return [q for q in qs if id(q) in keep]


def recount(records: Sequence[dict]) -> list[dict]:
    """``records`` of a subset of whole images with the subtask counts (and mme-synth's
    ``asked``) of that subset: the interval replicates (eval/intervals.py) score a half of the
    images as a run asked only those."""
    images: dict[str, dict[str, int]] = defaultdict(dict)
    for r in records:
        images[r["subtask"]][r["image"]] = r["image_questions"]
    counts = {s: (sum(im.values()), len(im)) for s, im in images.items()}
    asked = {s: list(c) for s, c in counts.items()}
    out = []
    for r in records:
        q, n = counts[r["subtask"]]
        rec = {**r, "subtask_questions": q, "subtask_images": n}
        if "asked" in r:
            rec["asked"] = asked
        out.append(rec)
    return out
