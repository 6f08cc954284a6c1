"""The quickstart report: training evidence (from the pipeline's pipeline.json) and the
evaluation results of the quickstart model, side by side, with the goals each number is held to.

Reads artifacts only (train/pipeline.json, eval-*/results.json), so eval does not import train:
each stage's goals, as its file in train/stages/ defines them, come recorded in pipeline.json
with the measured value and whether it is met.

    python -m eval.quickstart runs/quickstart       # writes runs/quickstart/report.md
"""
from __future__ import annotations

import json
import operator
import sys
from collections import Counter
from pathlib import Path

from eval.report import task_section


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def goal_lines(evidence: dict) -> list[str]:
    """One line per goal pipeline.json records for a stage."""
    return [f"Goal: {g['text']}. Measured {g['measured']}"
            + (f" (95% interval {g['interval_text']}" + (f", n = {g['n']}" if g.get("n") else "")
               + ")" if g.get("interval_text") else "")
            + f": **{'met' if g['met'] else 'missed'}**." for g in evidence.get("goals", [])]


# what the quickstart model's greedy evaluation is held to (issue-level targets of the small
# preset): (task, figure path in its metrics, comparison, threshold, words); POPE's hold on
# every split the run has
EVAL_TARGETS = (
    ("pope-synth", "per_split.{split}.f1", ">=", 0.8, "POPE-synth F1 ({split}) >= 0.8"),
    ("pope-synth", "per_split.{split}.yes_ratio", ">=", 0.4,
     "POPE-synth yes ratio ({split}) >= 0.4"),
    ("pope-synth", "per_split.{split}.yes_ratio", "<=", 0.6,
     "POPE-synth yes ratio ({split}) <= 0.6"),
    ("mme-synth", "acc", ">=", 0.75, "MME-synth accuracy >= 0.75"),
)
_CMP = {">=": operator.ge, "<=": operator.le}
# the model against its image-blind twin (stage 3's control, shown white pictures) on the same
# held-out MAVIS multiple-choice problems: the twin's run is TWIN_RUN/results.json, made by
# ``mm-eval run --model train/stage3-blind/model --tasks mavis-heldout --task-options
# blank_images=true`` with the greedy run's --limit and seed
TWIN_RUN = "twin-mavis"
# make run's model with a co-occurrence prior: its stage-3 folder, its greedy POPE run and its
# CausalMM ablation
PRIOR_MODEL, PRIOR_RUN, PRIOR_ABLATION = "prior", "prior-greedy", "ablate-prior"
# ``python -m eval.causalmm_margins`` of each model on the ablation's probes
MARGINS = {PRIOR_ABLATION: "prior-margins.json", "ablate-causalmm": "margins.json"}
TWIN_GAIN = 10.0  # points


def _figure(metrics: dict, path: str):
    node = metrics
    for part in path.split("."):
        node = node.get(part) if isinstance(node, dict) else None
    return node if isinstance(node, (int, float)) else None


def twin_target(res: dict | None, twin: dict | None) -> list[dict]:
    """MAVIS held-out multiple-choice accuracy of the model minus its image-blind twin's, in
    points, with the difference's 95% interval (Newcombe), when both runs have such problems.
    Where a blind guess (``chance``: the engine draws the right option's place uniformly, so
    no constant letter does better in expectation) beats the twin, the gain is over the guess,
    its interval the model's own (Wilson) less the guess's accuracy."""
    from mm.stats import newcombe, wilson

    def mc(r):
        m = ((r or {}).get("tasks", {}).get("mavis-heldout") or {})
        return (m.get("per_question_type") or {}).get("multiple_choice")

    a, b = mc(res), mc(twin)
    if not (a and b and a.get("n") and b.get("n")):
        return []
    text = (f"MAVIS held-out multiple choice >= the image-blind twin's (or a blind guess's, "
            f"if higher) + {TWIN_GAIN:g} points ({_pct(a['accuracy'])} vs ")
    if a.get("chance", 0.0) > b["accuracy"]:
        base = a["chance"]
        lo, hi = (x - base for x in wilson(a["accuracy"], a["n"]))
        text += f"a guess's {_pct(base)}; the twin {_pct(b['accuracy'])})"
    else:
        base = b["accuracy"]
        lo, hi = newcombe(a["accuracy"], a["n"], b["accuracy"], b["n"])
        text += f"{_pct(b['accuracy'])})"
    gain = 100 * (a["accuracy"] - base)
    return [{"text": text, "value": gain, "measured": f"{gain:+.1f} points",
             "met": gain >= TWIN_GAIN, "n": f"{a['n']} / {b['n']}",
             "interval_text": f"{100 * lo:+.1f} to {100 * hi:+.1f} points"}]


def _samples(f: Path) -> list[dict]:
    """A run's samples file read as it is (eval.runner.read_samples would mend a torn file;
    the report only reads); empty where the run has none."""
    return [json.loads(ln) for ln in f.read_text().splitlines() if ln.strip()] \
        if f.exists() else []


def _letters(f: Path) -> tuple[Counter, Counter, int] | None:
    """The letters answered to a run's MAVIS held-out multiple-choice problems (anything but
    one of a problem's own letters counted as ``None``), the right letters, and the count;
    None without such samples."""
    mc = [r for r in _samples(f) if r.get("question_type") == "multiple_choice"]
    if not mc:
        return None
    own = [{chr(65 + i) for i in range(len(r.get("choices") or []))} for r in mc]
    return (Counter(r.get("parsed") if r.get("parsed") in ok else None
                    for r, ok in zip(mc, own)),
            Counter(r.get("target") for r in mc), len(mc))


def letter_lines(root: Path) -> list[str]:
    """Which letters the greedy model and its image-blind twin (``TWIN_RUN``) answered to the
    MAVIS held-out multiple-choice problems, beside the right ones: a model that answers one
    letter whatever the picture scores that letter's share of the right answers, which the
    multiple-choice target then measures."""
    model = _letters(root / "eval-greedy" / "samples_mavis-heldout.jsonl")
    if model is None:
        return []
    answered, right, n = model

    def listed(c: Counter) -> str:
        parts = [f"{k} {v}" for k, v in sorted(c.items(), key=lambda kv: (-kv[1], kv[0] or ""))
                 if k is not None]
        return ", ".join(parts + ([f"none of its letters {c[None]}"] if c[None] else []))

    text = f"MAVIS held-out multiple choice, the letters answered (of {n}): model "
    text += listed(answered)
    twin = _letters(root / TWIN_RUN / "samples_mavis-heldout.jsonl")
    if twin is not None:
        twin_answered, _, twin_n = twin
        text += f"; image-blind twin (of {twin_n}) {listed(twin_answered)}"
    return [text + f"; right letters {listed(right)}. A model that answers one letter "
            "whatever the picture scores that letter's share of the right ones.", ""]


def eval_targets(res: dict) -> list[dict]:
    """The EVAL_TARGETS a results.json can answer, each with its value, 95% interval and n
    (from the run's intervals) and whether it is met."""
    out = []
    for task, path, cmp, threshold, text in EVAL_TARGETS:
        metrics = res.get("tasks", {}).get(task)
        if not metrics:
            continue
        splits = metrics.get("splits", [""]) if "{split}" in path else [""]
        for split in splits:
            fig = path.format(split=split)
            value = _figure(metrics, fig)
            if value is None:
                continue
            iv = res.get("intervals", {}).get(task, {}).get("figures", {}).get(fig, {})
            out.append({"text": text.format(split=split), "value": value,
                        "measured": f"{value:.3f}", "met": _CMP[cmp](value, threshold),
                        "interval_text": "{:.3f} to {:.3f}".format(*iv["ci95"])
                        if iv.get("ci95") else "", "n": iv.get("n")})
    return out


def targets_section(p: dict | None, res: dict | None, twin: dict | None = None) -> list[str]:
    """Every goal of the training stages and every evaluation target, with its 95% interval
    and sample count; a missed one is flagged, one that could not be measured is named."""
    rows = []
    for stage, ev in ((p or {}).get("evidence") or {}).items():
        rows += [(stage, g) for g in ev.get("goals", [])]
    if res:
        rows += [("eval greedy", t) for t in eval_targets(res) + twin_target(res, twin)]
    if not rows:
        return []
    missed = sum(not g["met"] for _, g in rows)
    lines = ["## Targets", "",
             f"{len(rows) - missed} of {len(rows)} met" + (
                 f"; **{missed} missed**" if missed else "") + ".", "",
             "| where | target | measured | 95% interval | n | |", "|---|---|---:|---|---:|---|"]
    for where, g in rows:
        lines.append(f"| {where} | {g['text']} | {g['measured']} | "
                     f"{g.get('interval_text', '')} | {g.get('n', '') or ''} | "
                     f"{'met' if g['met'] else '**missed**'} |")
    unmeasured = [] if twin_target(res, twin) else [
        f"MAVIS held-out multiple choice against the image-blind twin (needs {TWIN_RUN}/"
        "results.json and multiple-choice problems in both runs)"]
    return lines + [""] + (["Not measured: " + "; ".join(unmeasured) + ".", ""] if unmeasured
                           else []) + [
                    "Intervals: stage numbers by Wilson (one accuracy) or Newcombe (a "
                    "difference of two, also the twin comparison); evaluation figures by the "
                    "run's stratified half-sampling.", ""]


def _pope_pairs_text(e: dict) -> str:
    n = e["pairs"].get("pope")
    return (f", {n} POPE-format (the right answer chosen, the other rejected)" if n else "")


def _replay_text(e: dict) -> str:
    """What stage 4 replayed: the rows its pairs read (``replay_rows_used``) of those built; a
    pipeline.json written before that count was kept gives the rows built alone."""
    built = e.get("replay_rows")
    if not built:
        return ""
    used = e.get("replay_rows_used")
    return (f"; {'' if used is None else f'{used} of the '}{built} replay rows built (open "
            f"perception, yes/no, POPE rows, in that order; pair i replays row i) trained with "
            f"the stage-3 loss")


def kernel_lines(stages: dict) -> list[str]:
    """The torch build, CPU kernels and threads each stage trained with (``kernels`` of its
    metrics.json, mm/determinism.py): beyond the seed, what its weights depend on."""
    by: dict[tuple, list[str]] = {}
    for name, r in stages.items():
        k = r.get("kernels")
        if k:
            key = (k.get("torch"), k.get("cpu_capability"), k.get("mkl_cbwr"),
                   k.get("onednn_max_cpu_isa"), k.get("threads"))
            by.setdefault(key, []).append(name)
    if not by:
        return []
    out = [f"- {', '.join(names)}: torch {t}, CPU kernels {cap} (MKL_CBWR {mkl or 'unset'}, "
           f"ONEDNN_MAX_CPU_ISA {dnn or 'unset'}), {n} thread{'s' if n != 1 else ''}"
           for (t, cap, mkl, dnn, n), names in by.items()]
    return ["What the weights depend on beyond the seed (mm/determinism.py; with every kernel at "
            "AVX2, the same on any x86-64 machine with AVX2):", "", *out, ""]


def training_section(p: dict) -> list[str]:
    ev = p.get("evidence", {})
    st = p.get("stages", {})
    lines = ["## Training (preset: {})".format(p.get("preset")), "",
             "| stage | steps | first loss | final loss | wall time (s) |", "|---|---:|---:|---:|---:|"]
    for name, r in st.items():
        lines.append(f"| {name} | {r.get('steps')} | {r.get('first_loss', 0):.4f} | "
                     f"{r.get('final_loss', 0):.4f} | {r.get('wall_seconds', '')} |")
    lines += ["", *kernel_lines(st)]
    if "stage1" in ev:
        e = ev["stage1"]
        lines += ["### Stage 1, CLIP-Math: held-out retrieval", "",
                  "| | trained | untrained |", "|---|---:|---:|",
                  f"| image->caption R@1 | {_pct(e['i2t_r1'])} | {_pct(e['i2t_r1_untrained'])} |",
                  f"| caption->image R@1 | {_pct(e['t2i_r1'])} | {_pct(e['t2i_r1_untrained'])} |",
                  f"| image->caption R@5 | {_pct(e['i2t_r5'])} | |", "",
                  *goal_lines(e), ""]
    lines += grounding_lines(ev.get("stage1", {}).get("patch_words"), ev.get("stage2", {}))
    if "stage3" in ev:
        e = ev["stage3"]
        lines += ["### Stage 3, instruction tuning: perception questions (answer in the picture)",
                  "", f"- model: {_pct(e['accuracy'])}",
                  f"- image-blind twin (same recipe, blank images): "
                  f"{_pct(e['blind_twin_accuracy'])}", *_common_line(e),
                  f"- gain: {e['gain_points']:+.1f} points", "", *goal_lines(e), ""]
        if e.get("yes_no"):
            m, b = e["yes_no"]["model"], e["yes_no"]["blind_twin"]
            base = ""
            if e.get("yes_no_gain_baseline") == "majority":
                base = (f" The goal's baseline is always answering the claims' more common "
                        f"answer, {_pct(e['yes_no_gain_majority'])}, above the twin's.")
            lines += [f"Yes/no form of the same questions (MME's answer format; half the claims "
                      f"true, {m['n']} held out): model {_pct(m['accuracy'])} (answers yes "
                      f"{_pct(m['yes_ratio'])}), image-blind twin {_pct(b['accuracy'])} (yes "
                      f"{_pct(b['yes_ratio'])}).{base}", ""]
        for kind, what in (("pope-synth", "POPE's object probes"),
                           ("mme-synth", "MME's paired yes/no claims")):
            if e.get(kind):
                m, b = e[kind]["model"], e[kind]["blind_twin"]
                if "balanced" in (m.get("per_family") or {}):
                    if e.get("pope-synth-balanced"):  # the same rows: said below, with the gap
                        continue
                    what = "object probes with balanced negatives"
                lines += [f"Grounding rows held out ({what}, {m['n']} rows of another seed "
                          f"than training and mm-eval): model {_pct(m['accuracy'])} (yes "
                          f"{_pct(m['yes_ratio'])}), image-blind twin {_pct(b['accuracy'])} "
                          f"(yes {_pct(b['yes_ratio'])}).", ""]
        lines += _balanced_lines(e.get("pope-synth-balanced"))
    if "stage4" in ev:
        e = ev["stage4"]
        lines += ["### Stage 4, DPO", "",
                  f"- pairs: {e['pairs']['model']} from the stage-3 model's wrong answers, "
                  f"{e['pairs']['engine']} engine-made" + _pope_pairs_text(e)
                  + _replay_text(e),
                  f"- held-out preference accuracy: {_pct(e['preference_accuracy_stage3'])} -> "
                  f"{_pct(e['preference_accuracy_stage4'])}",
                  f"- held-out perception accuracy: {_pct(e['perception_stage3'])} -> "
                  f"{_pct(e['perception_stage4'])}"]
        if "yes_no_stage3" in e:
            lines.append(f"- held-out yes/no perception accuracy: {_pct(e['yes_no_stage3'])} -> "
                         f"{_pct(e['yes_no_stage4'])}")
        lines += ["", *goal_lines(e), ""]
        lines += _preference_table(e.get("preference_stage3"), e.get("preference_stage4"))
    return lines


def _score(score: dict) -> str:
    """"87.8% (85.0% to 90.2%, n = 600; yes 62.5%)" of a ``yes_no_score``."""
    lo, hi = score["accuracy_ci95"]
    return (f"{_pct(score['accuracy'])} ({_pct(lo)} to {_pct(hi)}, n = {score['n']}; yes "
            f"{_pct(score['yes_ratio'])})")


def _by_count(score: dict, key: str, what: str) -> str:
    """The tail "; where the word asked is there, by <what>: 1 100.0% (n = 65), ..." of a
    lookup line, where ``score`` has the breakdown ``key``."""
    if key not in score:  # metrics written before the breakdown
        return ""
    parts = [f"{c} {_pct(v['accuracy'])} (n = {v['n']})" for c, v in score[key].items()]
    return f"; where the word asked is there, by {what}: " + ", ".join(parts)


def grounding_lines(words: dict | None, s2: dict) -> list[str]:
    """Stage 1's patch words and stage 2's lookup and projector (train/grounding.py), where the
    recipes had them."""
    lines = []
    if words:
        lines.append(f"- stage 1, a word for each patch ({words['n_scenes']} object scenes, "
                     f"{words['steps']} steps): held-out object patches named right "
                     f"{_pct(words['objects'])} of {words['object_patches']}, the others "
                     f"{_pct(words['background'])} ({words['n_held']} scenes)")
        if words.get("pictures"):
            pic = words["pictures"]
            fams = ", ".join(f"{f.replace('_', ' ')} {_pct(v['patches'])}"
                             for f, v in pic["by_family"].items())
            lines.append(f"- stage 1, a word for what each diagram shows ({words['n_pictures']} "
                         f"diagrams, on their inked patches): held-out patches named right "
                         f"{_pct(pic['patches'])} ({fams}), pictures whose most named word is "
                         f"theirs {_pct(pic['pictures'])} (n = {pic['n']})")
    if s2.get("lookup"):
        lk, held = s2["lookup"], s2["lookup"]["held_out"]
        lines.append(f"- stage 2, lookup in text ({lk['steps']} steps): POPE's question about "
                     f"a context of words in the picture's places, held out {_score(held)}"
                     + _by_count(held, "present_by_objects", "object words"))
        if lk.get("curve"):
            lines.append("- stage 2, the lookup held out as it trained (200 rows, contexts as "
                         "long as the picture's; in brackets, as long as the step's): " +
                         ", ".join(f"step {c['step']} {_pct(c['accuracy'])} "
                                   f"({_pct(c.get('at_length', c['accuracy']))})"
                                   for c in lk["curve"]))
        if "held_out_pictures" in lk:
            lines.append(f"- stage 2, the lookup on diagrams' words (a diagram's word among "
                         f"blank places, asked in its family's claim or another word's; "
                         f"{_pct(lk['pictures'])} of the rows): held out "
                         f"{_score(lk['held_out_pictures'])}")
        if "held_out_scenes" in lk:
            sc = lk["held_out_scenes"]
            lines.append(f"- stage 2, the same lookup on the patch words of object scenes "
                         f"(absent objects: the theme's usual ones): {_score(sc)}"
                         + _by_count(sc, "present_by_kinds", "kinds"))
    if s2.get("projector_head"):
        ph = s2["projector_head"]
        lines.append(f"- stage 2, the projector from the patch head: on {ph['n_scenes']} scenes "
                     f"the image tokens are nearest to the embedding of the head's word for "
                     f"{_pct(ph['nearest_is_heads_word'])} of the patches")
    if not lines:
        return []
    return ["### Grounding steps (train/grounding.py)", "", *lines, ""]


def _common_line(e: dict) -> list[str]:
    """The open goal's baseline where it is the templates' common answers, not the twin."""
    if e.get("gain_baseline") != "common":
        return []
    return [f"- always giving each question template's most common answer (a rule a model blind "
            f"to the pictures can learn from the questions): {_pct(e['gain_common'])}, above "
            f"the twin's: the goal's baseline"]


def _balanced_lines(e: dict | None) -> list[str]:
    """Stage 3 on held-out object probes whose absent object is drawn so that each object is
    asked as often absent as present in each theme's scenes: neither the object asked nor the
    scene's theme answers them, so above the twin is reading the objects themselves (the
    stage's gap and its Newcombe interval)."""
    if not e:
        return []
    m, b = e["model"], e["blind_twin"]
    line = (f"Object probes with balanced negatives held out (each object asked as often absent "
            f"as present in each theme's scenes, so neither the object asked nor the scene's "
            f"theme tells the answer; {m['n']} rows): model {_pct(m['accuracy'])} (yes "
            f"{_pct(m['yes_ratio'])}), image-blind twin {_pct(b['accuracy'])} (yes "
            f"{_pct(b['yes_ratio'])})")
    if "gain_ci95" not in e:  # a pipeline.json written before the stage kept the gap
        return [line + ".", ""]
    lo, hi = e["gain_ci95"]
    return [f"{line}: {e['gain_points']:+.1f} points (95% interval {lo:+.1f} to {hi:+.1f}) "
            "for reading the objects themselves.", ""]


def _preference_table(before: dict | None, after: dict | None) -> list[str]:
    """Held-out preference accuracy per rejected source, summed and per-token log-probs."""
    if not before or not after:
        return []
    rows = [("all", before, after)] + [
        (k, v, after["by_source"].get(k)) for k, v in before.get("by_source", {}).items()]
    lines = ["| held-out pairs (rejected from) | n | stage 3 | stage 4 | stage 3 per token | "
             "stage 4 per token |", "|---|---:|---:|---:|---:|---:|"]
    for name, b, a in rows:
        if a:
            lines.append(f"| {name} | {b['n']} | {_pct(b['accuracy'])} | {_pct(a['accuracy'])} "
                         f"| {_pct(b['per_token'])} | {_pct(a['per_token'])} |")
    return lines + ["", "model: the stage-3 model's own wrong answers to held-out problems; "
                    "misread_value / wrong_formula / arithmetic_slip: engine-made solutions "
                    "with that error at one step, carried through to a wrong final answer. "
                    "Per token: mean instead of summed log-probs.", ""]


def comparison(root: Path) -> list[str]:
    """Greedy vs CausalMM on the same model and tasks: one headline metric per task."""
    from eval.ablate import headline

    runs = {ev.name[5:]: json.loads((ev / "results.json").read_text())["tasks"]
            for ev in sorted(root.glob("eval-*")) if (ev / "results.json").exists()}
    if len(runs) < 2:
        return []
    tasks = sorted({t for r in runs.values() for t in r})
    lines = ["## Greedy vs CausalMM", "", "| task (metric) | " + " | ".join(runs) + " |",
             "|---|" + "---:|" * len(runs)]
    for t in tasks:
        hs = {name: headline(r.get(t, {})) for name, r in runs.items()}
        key = next((h[0] for h in hs.values() if h), "")
        lines.append(f"| {t} ({key}) | " + " | ".join(
            f"{h[1]:.4f}" if h else "" for h in hs.values()) + " |")
    return lines + ["", "Whatever the direction, these are the measured numbers of the "
                    "quickstart model; the sections below give every metric.", ""]


def prior_lines(res: dict | None, who: str = "the greedy model") -> list[str]:
    """The language prior a greedy run (of ``who``) shows on POPE: how often an absent object
    is called present when it is one that co-occurs with the image's objects (adversarial)
    against any absent object (random), with the difference's 95% interval (Newcombe)."""
    from mm.stats import newcombe

    per = ((res or {}).get("tasks", {}).get("pope-synth") or {}).get("per_split", {})
    if not {"random", "adversarial"} <= set(per):
        return []
    if not all({"fp", "tn"} <= set(per[s]) for s in ("random", "adversarial")):
        return []
    neg = {s: per[s]["fp"] + per[s]["tn"] for s in ("random", "adversarial")}
    if not all(neg.values()):
        return []
    fpr = {s: per[s]["fp"] / neg[s] for s in neg}
    lo, hi = newcombe(fpr["adversarial"], neg["adversarial"], fpr["random"], neg["random"])
    return [f"Language prior of {who} (POPE-synth, absent objects called present): "
            f"adversarial negatives {_pct(fpr['adversarial'])} of {neg['adversarial']}, random "
            f"negatives {_pct(fpr['random'])} of {neg['random']}; difference "
            f"{100 * (fpr['adversarial'] - fpr['random']):+.1f} points (95% interval "
            f"{100 * lo:+.1f} to {100 * hi:+.1f}).", ""]


# the setting each CausalMM setting's false positives are compared with
CONTROL = "control-gamma0"


def _ablation_table(folder: Path, prefix: str) -> list[str]:
    """``mm-eval ablate``'s table (its own title dropped), image links made relative to the
    report."""
    table = folder / "ablation.md"
    if not table.exists():
        return []
    body = table.read_text().splitlines()[2:]
    return [ln.replace("](ablation.png)", f"]({prefix}ablation.png)") for ln in body] + [""]


def _called_present(folder: Path) -> dict[str, bool]:
    """Per absent-object probe of a setting's POPE samples (by id): whether it was called
    present; empty without the samples."""
    return {r["id"]: r.get("parsed") == "yes"
            for r in _samples(folder / "samples_pope-synth.jsonl") if r.get("target") == "no"}


def _vs_control(mine: dict[str, bool], ctl: dict[str, bool], fp: int, neg: int,
                ctl_fp: int, ctl_neg: int) -> tuple[float, float, bool]:
    """The 95% interval of a setting's share of absent objects called present less the
    control's: paired (Newcombe's paired method 10) where both samples hold the same probes,
    else as two independent proportions (Newcombe); and whether it is paired."""
    from mm.stats import newcombe, newcombe_paired

    if mine and set(mine) == set(ctl):
        a = sum(mine[k] and ctl[k] for k in mine)
        b = sum(mine[k] and not ctl[k] for k in mine)
        c = sum(ctl[k] and not mine[k] for k in mine)
        return (*newcombe_paired(a, b, c, len(mine) - a - b - c), True)
    return (*newcombe(fp / neg, neg, ctl_fp / ctl_neg, ctl_neg), False)


def companion_lines(folder: Path) -> list[str]:
    """Per setting of a CausalMM ablation on POPE: absent objects called present (the false
    positives of the split it ran, with Wilson's 95% interval), each setting's difference to
    the gamma=0 control (paired by probe where the samples allow, ``_vs_control``), the yes
    ratio, and the settings that call fewer absent objects present than the control beyond
    the interval."""
    from mm.stats import wilson

    ab = folder / "ablation.json"
    if not ab.exists():
        return []
    rows, probes = {}, {}
    for name in json.loads(ab.read_text()).get("table", {}):
        rj = folder / name / "results.json"
        per = (json.loads(rj.read_text())["tasks"].get("pope-synth") or {}).get(
            "per_split", {}) if rj.exists() else {}
        split = next((v for v in per.values() if {"fp", "tn"} <= set(v)), None)
        if split and split["fp"] + split["tn"]:
            rows[name] = (split["fp"], split["fp"] + split["tn"], split.get("yes_ratio"))
            probes[name] = _called_present(folder / name)
    if not rows:
        return []
    lines = ["| setting | absent objects called present | 95% interval | vs " + CONTROL
             + " (points, 95% interval) | yes ratio |", "|---|---:|---|---|---:|"]
    ctl = rows.get(CONTROL)
    fewer, paired = [], []
    for name, (fp, neg, yes) in rows.items():
        lo, hi = wilson(fp / neg, neg)
        diff = ""
        if ctl and name != CONTROL:
            d_lo, d_hi, pair = _vs_control(probes[name], probes[CONTROL], fp, neg, *ctl[:2])
            paired.append(pair)
            if d_hi < 0:
                fewer.append(name)
            diff = (f"{100 * (fp / neg - ctl[0] / ctl[1]):+.1f} ({100 * d_lo:+.1f} to "
                    f"{100 * d_hi:+.1f})")
        lines.append(f"| {name} | {fp} / {neg} ({_pct(fp / neg)}) | {_pct(lo)} to {_pct(hi)} | "
                     f"{diff} | {'' if yes is None else f'{yes:.2f}'} |")
    how = ("paired by probe (Newcombe's paired method 10)" if paired and all(paired) else
           "unpaired (Newcombe), and so conservative")
    verdict = ([f"Fewer absent objects called present than {CONTROL}, beyond the 95% "
                f"interval: {', '.join(fewer) if fewer else 'no setting'}.", ""] if ctl else [])
    return lines + ["", f"The same absent objects in every row; the differences' intervals are "
                    f"{how}.", "", *verdict]


def margin_lines(path: Path) -> list[str]:
    """``python -m eval.causalmm_margins``'s counts as a table: per setting, the absent objects
    called present and the present ones found by the factual branch, the contrast alone and
    CausalMM's whole rule (the contrast within its plausibility cutoff)."""
    if not path.exists():
        return []
    res = json.loads(path.read_text())
    lines = [f"Which part of the rule moves the answers (`python -m eval.causalmm_margins`, "
             f"{path.name}; the first answer token, yes where P(yes) > P(no)): absent objects "
             "called present and present ones found, by the factual branch alone, by the "
             "contrast alone (no cutoff) and by the whole rule; and on the absent objects, the "
             "mean log-odds of yes over no of the factual branch and of each counterfactual one "
             "(gamma 1: the contrast's are about twice the first less the second, three times "
             "the first less the other two for both levels; exactly so where yes and no are one "
             "token each).", "",
             "| setting | absent called present: factual / contrast / rule | present found: "
             "factual / contrast / rule | absent, mean log-odds: factual / counterfactual |",
             "|---|---:|---:|---:|"]
    for name, c in res.get("settings", {}).items():
        a, p = c["absent"], c["present"]
        odds = a.get("log_odds") or {}
        cell = (" / ".join(f"{v:+.2f}" for v in (odds["factual"], *odds["counterfactuals"]))
                if odds.get("factual") is not None else "")
        lines.append(f"| {name} | {a['factual']} / {a['contrast']} / {a['rule']} of {a['n']} | "
                     f"{p['factual']} / {p['contrast']} / {p['rule']} of {p['n']} | {cell} |")
    return lines + [""]


def _experiment(root: Path, greedy: dict | None, who: str, folder: str) -> list[str]:
    """One model's CausalMM experiment: its language prior as its greedy run measures it, then
    ``mm-eval ablate causalmm``'s table in ``root / folder``, ``companion_lines`` and
    ``margin_lines``."""
    return (prior_lines(greedy, who) + _ablation_table(root / folder, f"{folder}/")
            + companion_lines(root / folder) + margin_lines(root / MARGINS[folder]))


def prior_model_lines(root: Path) -> list[str]:
    """What the prior model (``PRIOR_MODEL``) is, and its stage's held-out probes: its own rows
    (absent objects of other themes) and the balanced ones (as often absent as present in a
    theme)."""
    mj = root / PRIOR_MODEL / "metrics.json"
    done = json.loads(mj.read_text()) if mj.exists() else {}
    m = done.get("metrics") or {}
    lr = (done.get("recipe") or {}).get("lr")
    at = f" (the LLM's learning rate {lr:g})" if isinstance(lr, (int, float)) else ""
    lines = [f"The prior model ({PRIOR_MODEL}/): {done.get('steps', 'some')} steps of stage 3's "
             f"recipe{at} from the same stage 2, on POPE rows whose absent object no scene of "
             "the theme holds (`pope_negatives: out_of_theme`), so that the scene's theme "
             "answers every row it learns from."]
    own, bal = m.get("pope-synth"), m.get("pope-synth-balanced")
    if own and bal:
        lines[0] += (f" Held out: {_pct(own['accuracy'])} of such rows (n = {own['n']}), "
                     f"{_pct(bal['accuracy'])} of balanced probes, where the theme tells nothing "
                     f"(n = {bal['n']}; yes {_pct(bal['yes_ratio'])}).")
    return lines + [""]


def causalmm_section(root: Path, greedy: dict | None) -> list[str]:
    """The CausalMM experiment on a model with a co-occurrence prior (``PRIOR_MODEL``,
    ``PRIOR_RUN``, ``PRIOR_ABLATION``), and on the quickstart model: each one's language prior
    as its greedy run measures it, then ``mm-eval ablate causalmm``'s table (greedy, each level
    and counterfactual type, the gamma=0 control, with intervals) and how often each setting
    calls an absent companion present."""
    run = root / PRIOR_RUN / "results.json"
    prior = _experiment(root, json.loads(run.read_text()) if run.exists() else None,
                        "the prior model", PRIOR_ABLATION)
    main = _experiment(root, greedy, "the greedy model", "ablate-causalmm")
    if not (prior or main):
        return []
    lines = ["## CausalMM where its premise holds", "",
             "Scenes of a theme (kitchen, office, street ...) hold their objects together, so "
             "a model can learn which objects come with which; POPE's adversarial split asks "
             "about exactly those absent companions. CausalMM's counterfactual attention is "
             "meant to remove what the answer owes to such a prior.", ""]
    if prior:
        lines += ["### A model with a co-occurrence prior", "", *prior_model_lines(root),
                  *prior]
    if main:
        lines += ["### The quickstart model", "", *main]
    return lines


def generation_lines(res: dict) -> list[str]:
    """The generation length each generating task ran with: --gen-kwargs max_new_tokens when
    the run passed one, else the task's default (DynaMath's is the official-length 2048)."""
    given = (res["config"].get("gen") or {}).get("max_new_tokens") or 0
    info = {t: i for t, i in res.get("task_info", {}).items() if i.get("output") == "generate"}
    if not info:
        return []
    parts = [f"{t} {given or i.get('max_new_tokens')}" for t, i in info.items()]
    how = "set by --gen-kwargs" if given else "task defaults"
    note = (" (DynaMath's official script sets no limit)" if "dynamath" in info and given
            else "")
    return [f"- max_new_tokens ({how}): {', '.join(parts)}{note}", ""]


def write(root: str | Path) -> Path:
    root = Path(root)
    lines = ["# Quickstart report", ""]
    pj = root / "train" / "pipeline.json"
    p = json.loads(pj.read_text()) if pj.exists() else None
    greedy = root / "eval-greedy" / "results.json"
    greedy_res = json.loads(greedy.read_text()) if greedy.exists() else None
    twin = root / TWIN_RUN / "results.json"
    lines += targets_section(p, greedy_res,
                             json.loads(twin.read_text()) if twin.exists() else None)
    lines += letter_lines(root)
    if p:
        lines += training_section(p)
    lines += comparison(root)
    lines += causalmm_section(root, greedy_res)
    for ev in sorted(root.glob("eval-*")):
        rj = ev / "results.json"
        if not rj.exists():
            continue
        res = json.loads(rj.read_text())
        lines += [f"## Evaluation: {ev.name[5:]} (`{json.dumps(res['config'].get('decoding'))}`)",
                  ""] + generation_lines(res)
        for name, metrics in res["tasks"].items():
            sec = task_section(name, metrics, res.get("plots", {}).get(name, []),
                               prefix=ev.name + "/",
                               intervals=res.get("intervals", {}).get(name))
            lines += ["#" + sec[0]] + sec[1:]
    path = root / "report.md"
    path.write_text("\n".join(lines))
    return path


if __name__ == "__main__":
    print(write(sys.argv[1] if len(sys.argv) > 1 else "runs/quickstart"))
