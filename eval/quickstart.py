"""The quickstart report: training evidence (from the pipeline's pipeline.json) and the
evaluation results of the quickstart model, side by side, with the goals each number is held to.

Reads artifacts only (train/pipeline.json, eval-*/results.json), so eval does not import train:
each stage's goals, as its file in train/stages/ defines them, come recorded in pipeline.json
with the measured value and whether it is met.

    python -m eval.quickstart runs/quickstart       # writes runs/quickstart/report.md
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

from eval.report import task_section


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def goal_lines(evidence: dict) -> list[str]:
    """One line per goal pipeline.json records for a stage."""
    return [f"Goal: {g['text']}. Measured {g['measured']}: "
            f"**{'met' if g['met'] else 'missed'}**." for g in evidence.get("goals", [])]


def training_section(p: dict) -> list[str]:
    ev = p.get("evidence", {})
    st = p.get("stages", {})
    lines = ["## Training (preset: {})".format(p.get("preset")), "",
             "| stage | steps | first loss | final loss | wall time (s) |", "|---|---:|---:|---:|---:|"]
    for name, r in st.items():
        lines.append(f"| {name} | {r.get('steps')} | {r.get('first_loss', 0):.4f} | "
                     f"{r.get('final_loss', 0):.4f} | {r.get('wall_seconds', '')} |")
    lines.append("")
    if "stage1" in ev:
        e = ev["stage1"]
        lines += ["### Stage 1, CLIP-Math: held-out retrieval", "",
                  "| | trained | untrained |", "|---|---:|---:|",
                  f"| image->caption R@1 | {_pct(e['i2t_r1'])} | {_pct(e['i2t_r1_untrained'])} |",
                  f"| caption->image R@1 | {_pct(e['t2i_r1'])} | {_pct(e['t2i_r1_untrained'])} |",
                  f"| image->caption R@5 | {_pct(e['i2t_r5'])} | |", "",
                  *goal_lines(e), ""]
    if "stage3" in ev:
        e = ev["stage3"]
        lines += ["### Stage 3, instruction tuning: perception questions (answer in the picture)",
                  "", f"- model: {_pct(e['accuracy'])}",
                  f"- image-blind twin (same recipe, blank images): "
                  f"{_pct(e['blind_twin_accuracy'])}",
                  f"- gain: {e['gain_points']:+.1f} points", "", *goal_lines(e), ""]
        if e.get("yes_no"):
            m, b = e["yes_no"]["model"], e["yes_no"]["blind_twin"]
            lines += [f"Yes/no form of the same questions (MME's answer format; half the claims "
                      f"true, {m['n']} held out): model {_pct(m['accuracy'])} (answers yes "
                      f"{_pct(m['yes_ratio'])}), image-blind twin {_pct(b['accuracy'])} (yes "
                      f"{_pct(b['yes_ratio'])}).", ""]
    if "stage4" in ev:
        e = ev["stage4"]
        lines += ["### Stage 4, DPO", "",
                  f"- pairs: {e['pairs']['model']} from the stage-3 model's wrong answers, "
                  f"{e['pairs']['engine']} engine-made"
                  + (f"; {e['replay_rows']} perception rows replayed with the stage-3 loss"
                     if e.get("replay_rows") else ""),
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
    if pj.exists():
        lines += training_section(json.loads(pj.read_text()))
    lines += comparison(root)
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
