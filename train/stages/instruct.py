"""Stage 3, instruction tuning: CoT problems + perception questions (answer in the picture).

Next-token training of stage 2's LLaVA model on MAVIS-Instruct (question -> CoT) mixed with
``perception_n`` perception questions and, with ``yes_no_n``, the same kind of questions as
yes/no claims (MME's answer format, which neither CoT problems nor open questions teach). The
recipe says which modules train (projector + LoRA, or the whole LLM for from-scratch presets).

Evidence: held-out perception accuracy against an image-blind twin trained by the same recipe
on blank images (``blank_images``); with ``yes_no_n``, held-out yes/no accuracy and share of
"yes" answers of both.

    mm-train stage3 --recipe configs/small/stage3.yaml --init runs/s2 --out runs/s3
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from mm.llava import load as load_llava
from train.data import stage_data, yes_no_data
from train.loop import run
from train.recipe import Recipe, check_counts
from train.sft import Examples, finish, perception_accuracy, set_trainable, sft_task, tower_size
from train.stage import STAGES, Goal, TrainingStage, Twin

GAIN_GOAL = Goal("gain_points", ">=", 15,
                 "perception accuracy >= 15 points above the image-blind twin's",
                 measured="{:+.1f} points")


@dataclass
class InstructSettings:
    perception_n: int | None = None  # perception rows in the mix (None: data_n)
    yes_no_n: int = 0  # yes/no perception rows in the mix (0: none, and no yes/no evidence)
    blank_images: bool = False  # train and evaluate on blank pictures (the image-blind twin)

    def __post_init__(self) -> None:
        check_counts(self, "perception_n", "yes_no_n")


def mix(recipe: Recipe, out: Path) -> tuple[list[tuple[object, str]], object]:
    """The training parts ((rows, kind) each) and the held-out perception rows. ``data`` (a
    mavis-instruct build) replaces the instruct rows alone: the perception rows are always the
    stage's own build (``perception_n`` rows, default ``data_n``), so no problem is read
    twice."""
    own: InstructSettings = recipe.settings
    ins, _ = stage_data(recipe, InstructStage.data_kind, out, heldout=False)
    per_recipe = recipe
    if own.perception_n is not None or recipe.data:
        per_recipe = recipe.with_overrides(data=None, data_n=(
            recipe.data_n if own.perception_n is None else own.perception_n))
    per, held = stage_data(per_recipe, "mavis-perception", out)
    parts = [(ins, "mavis-instruct"), (per, "mavis-perception")]
    if own.yes_no_n:
        parts.append((yes_no_data(recipe, out, own.yes_no_n), "mavis-perception"))
    return parts, held


@STAGES.register
class InstructStage(TrainingStage):
    key = "stage3"
    name = "instruct"
    title = "instruction tuning"
    settings = InstructSettings
    data_kind = "mavis-instruct"
    twins = (Twin("blind", {"blank_images": True}),)
    goals = (GAIN_GOAL,)

    def train(self, recipe: Recipe, init: Path | None, out: Path, progress: bool = True
              ) -> dict:
        own: InstructSettings = recipe.settings
        out = Path(out)
        model, processor = load_llava(Path(init) / "model", dtype=recipe.load_dtype)
        parts, held = mix(recipe, out)
        set_trainable(model, recipe)
        task = sft_task(recipe, model, processor, Examples(parts, tower_size(model)),
                        blank_images=own.blank_images)
        summary = run(recipe, task, out, progress=progress)
        model = summary["model"]
        return finish(recipe, model, processor, out, summary,
                      self.evaluate(recipe, model, processor, out, held))

    def evaluate(self, recipe: Recipe, model, processor, out: Path, held) -> dict:
        own: InstructSettings = recipe.settings
        metrics = {"perception": perception_accuracy(model, processor, held,
                                                     blank=own.blank_images)}
        if own.yes_no_n:
            metrics["yes_no"] = perception_accuracy(
                model, processor, yes_no_data(recipe, out, recipe.eval_n, heldout=True),
                blank=own.blank_images)
        return metrics

    def evidence(self, results: dict) -> dict | None:
        s3 = results.get(self.key, {}).get("metrics")
        blind = results.get(f"{self.key}_blind", {}).get("metrics")
        if not (s3 and blind):
            return None
        a, b = s3["perception"]["accuracy"], blind["perception"]["accuracy"]
        ev = {"accuracy": a, "blind_twin_accuracy": b, "gain_points": round(100 * (a - b), 1),
              "goal_points": GAIN_GOAL.threshold}
        if "yes_no" in s3 and "yes_no" in blind:
            ev["yes_no"] = {k: {"accuracy": m["yes_no"]["accuracy"],
                                "yes_ratio": m["yes_no"]["yes_ratio"], "n": m["yes_no"]["n"]}
                            for k, m in (("model", s3), ("blind_twin", blind))}
        return ev
