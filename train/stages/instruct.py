"""Stage 3, instruction tuning: CoT problems + perception questions (answer in the picture).

Next-token training of stage 2's LLaVA model on MAVIS-Instruct (question -> CoT) mixed with
``perception_n`` perception questions and, with ``yes_no_n``, the same kind of questions as
yes/no claims (MME's answer format, which neither CoT problems nor open questions teach), and
with ``pope_n`` / ``mme_n`` grounding rows in the formats of mm-eval's POPE and MME sets (object
presence, counts, positions, colours, text and diagram claims on pictures of their own seed).
The recipe says which modules train (projector + LoRA, or the whole LLM for from-scratch
presets; ``vision`` too where the tower must learn what the questions ask of it).

Evidence: held-out perception accuracy against an image-blind twin trained by the same recipe
on blank images (``blank_images``); held-out yes/no accuracy and share of "yes" answers of
both (also when ``yes_no_n`` is 0); with ``pope_n`` / ``mme_n``, the same on held-out rows of
those kinds (POPE's F1 of "yes" too). Goals: +15 points on open questions, +25 on yes/no
claims, each with its 95% interval, over the better of the twin and a rule blind to the
pictures that a twin can learn (each question template's most common answer; the claims' more
common answer).

    mm-train stage3 --recipe configs/small/stage3.yaml --init runs/s2 --out runs/s3
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from engines.builders.mavis_perception import unit_ask, unit_asks
from engines.mavis.perception import common_answers, families_with_questions, template_key
from mm.llava import load as load_llava
from mm.stats import newcombe, wilson
from train import processes
from train.data import (GROUNDING, Conversations, cache_bytes, grounding_data,
                        picture_question_data, stage_data, yes_no_data)
from train.grounding import (HEAD_FILE, check_head, copy_head, load_head, with_lookup_rows,
                             with_projector_anchor)
from train.loop import run
from train.recipe import Recipe, RecipeError, check_counts, check_range
from train.sft import (Examples, answer_matches, finish, perception_accuracy, set_trainable,
                       sft_task, tower_size)
from train.stage import STAGES, Goal, TrainingStage, Twin

GAIN_GOAL = Goal("gain_points", ">=", 15,
                 "perception accuracy >= 15 points above the image-blind twin's (or above "
                 "always giving each question template's most common answer, if higher)",
                 measured="{:+.1f} points", interval="gain_ci95", n="n")
YES_NO_GOAL = Goal("yes_no_gain_points", ">=", 25,
                   "yes/no perception accuracy >= 25 points above the image-blind twin's "
                   "(or above always giving the claims' more common answer, if higher)",
                   measured="{:+.1f} points", interval="yes_no_gain_ci95", n="yes_no_n")


# the kinds of rows stage 3's mix can hold
MIX_KINDS = ("mavis-instruct", "mavis-perception", *GROUNDING)
# the held-out POPE probes with balanced negatives (``grounding_data(balanced=True)``)
BALANCED = "pope-synth-balanced"


@dataclass
class InstructSettings:
    perception_n: int | None = None  # perception rows in the mix (None: data_n)
    yes_no_n: int = 0  # yes/no perception rows in the mix (0: none, and no yes/no evidence)
    # the families of those claims and of the held-out ones (e.g. [chart, solid_geometry]);
    # empty: every family with perception questions
    yes_no_families: list[str] = field(default_factory=list)
    # pictures asked up to ``picture_questions`` of the perception questions they answer, each
    # open or a yes/no claim, as one conversation a picture (train.data.picture_question_data)
    perception_pictures: int = 0
    picture_questions: int = 8
    # their build's seed: the recipe's seed plus this, away from every held-out build's seed
    picture_questions_seed_offset: int = 70_001
    # grounding rows in the formats of mm-eval's POPE and MME sets (object presence on scenes;
    # existence, count, position, colour, text and diagram claims), built from those
    # builders at the recipe's grounding seed; each also adds its held-out evidence
    pope_n: int = 0
    mme_n: int = 0
    # grounding rows of one picture asked in one conversation, at most this many turns (1:
    # each row its own sequence): the same rows, with the picture's tokens shared
    grounding_turns: int = 1
    blank_images: bool = False  # train and evaluate on blank pictures (the image-blind twin)
    # stage 2's lookup rows (train/grounding.py; contexts as long as the tower's patch count)
    # beside each batch, this share of its rows: the lookup kept while the pictures are learnt
    lookup_mix: float = 0.0
    # this share of those lookup rows about diagrams' words (stage 2's lookup_pictures)
    lookup_pictures: float = 0.0
    lookup_mme: float = 0.0  # and this share of the others in MME's question (stage 2's)
    # and this share of the object rows of one theme's usual objects (stage 2's lookup_theme)
    lookup_theme: float = 0.0
    # weight of the projector's squared distance from the embedding of the word stage 1's
    # patch head names for each patch (train/grounding.py; the head comes from a stage 2 run
    # with projector_head); 0: none
    projector_anchor: float = 0.0
    # the rows whose pictures the anchor holds, by kind: the head learnt its words on object
    # scenes, POPE's pictures; on the other kinds' charts and diagrams the projector is free
    projector_anchor_kinds: list[str] = field(default_factory=lambda: ["pope-synth"])

    def __post_init__(self) -> None:
        check_counts(self, "perception_n", "yes_no_n", "pope_n", "mme_n", "lookup_mix",
                     "projector_anchor", "perception_pictures", "picture_questions_seed_offset")
        check_counts(self, "grounding_turns", positive=True)
        check_counts(self, "picture_questions", positive=True)
        check_range(self, "picture_questions", 2, 32)
        check_range(self, "lookup_pictures", 0, 1)
        check_range(self, "lookup_mme", 0, 1)
        check_range(self, "lookup_theme", 0, 1)
        # the valid names take a picture's facts of every family (0.6 s): only where named
        fams = families_with_questions() if self.yes_no_families else []
        bad = [f for f in self.yes_no_families if f not in fams]
        if bad:
            raise RecipeError("yes_no_families", f"yes_no_families: unknown {bad}; valid: "
                              f"{', '.join(fams)}")
        bad = [k for k in self.projector_anchor_kinds if k not in MIX_KINDS]
        if bad:
            raise RecipeError("projector_anchor_kinds", f"projector_anchor_kinds: unknown "
                              f"{bad}; valid: {', '.join(MIX_KINDS)}")


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
        parts.append((yes_no_data(recipe, out, own.yes_no_n, families=own.yes_no_families),
                      "mavis-perception"))
    if own.perception_pictures:
        parts.append((picture_question_data(recipe, out, own.perception_pictures,
                                            own.picture_questions,
                                            own.picture_questions_seed_offset),
                      "mavis-perception"))
    for kind, n in grounding_counts(own).items():
        rows = grounding_data(recipe, out, kind, n)
        if own.grounding_turns > 1:
            rows = Conversations(rows, own.grounding_turns, recipe.seed)
        parts.append((rows, kind))
    return parts, held


def grounding_counts(own: InstructSettings) -> dict[str, int]:
    """The grounding kinds in the mix and their row counts."""
    return {k: n for k, n in (("pope-synth", own.pope_n), ("mme-synth", own.mme_n)) if n}


def gap(model: dict, twin: dict, name: str, n_key: str) -> dict:
    """The model's accuracy minus the twin's, in points, with its 95% interval (Newcombe):
    ``{name}_points``, ``{name}_ci95``, and the model's row count under ``n_key``."""
    lo, hi = newcombe(model["accuracy"], model["n"], twin["accuracy"], twin["n"])
    return {f"{name}_points": round(100 * (model["accuracy"] - twin["accuracy"]), 1),
            f"{name}_ci95": [round(100 * lo, 1), round(100 * hi, 1)], n_key: model["n"]}


def over_baseline(model: dict, twin: dict, constant: float | None, name: str, n_key: str,
                  label: str) -> dict:
    """``gap`` over the better of the twin and a rule blind to the pictures (its accuracy on the
    same rows, ``constant``; None: no such rule): a blind model can learn the rule, so a twin
    that has not learnt the answer format is no baseline to beat. Against the rule, the
    interval is the model's own (Wilson) less the rule's accuracy. ``{name}_baseline`` says
    which ("twin" or ``label``), ``{name}_{label}`` the rule's accuracy where it is the one."""
    if constant is None or constant <= twin["accuracy"]:
        return {**gap(model, twin, name, n_key), f"{name}_baseline": "twin"}
    lo, hi = wilson(model["accuracy"], model["n"])
    return {f"{name}_points": round(100 * (model["accuracy"] - constant), 1),
            f"{name}_ci95": [round(100 * (lo - constant), 1), round(100 * (hi - constant), 1)],
            n_key: model["n"], f"{name}_baseline": label, f"{name}_{label}": constant}


def yes_no_gap(model: dict, twin: dict) -> dict:
    """The yes/no goal's gap: over the better of the twin and always giving the held-out
    claims' more common answer (``truth_yes``)."""
    majority = (max(model["truth_yes"], 1 - model["truth_yes"]) if "truth_yes" in model
                else None)
    return over_baseline(model, twin, majority, "yes_no_gain", YES_NO_GOAL.n, "majority")


def perception_gap(model: dict, twin: dict) -> dict:
    """The open goal's gap: over the better of the twin and always giving each question
    template's most common answer (``common_answer``)."""
    return over_baseline(model, twin, model.get("common_answer"), "gain", GAIN_GOAL.n, "common")


# units of the training build whose answers give each template's most common one: twenty a
# held-out row, at most 4,000 (make run's 200 rows; about a millisecond a unit)
COMMON_PER_ROW, COMMON_UNITS = 20, 4000


def common_answer_accuracy(rows, seed: int, n: int | None = None) -> float | None:
    """Accuracy on held-out open perception ``rows`` of always giving each question template's
    most common answer among the first ``n`` units of the training build (``seed``; default
    ``COMMON_PER_ROW`` a row, at most ``COMMON_UNITS``), drawn without their pictures: the best
    a model blind to the pictures learns from the questions.
    Each row's template is drawn again from its ``family`` and ``seed``; a template the units
    never ask counts as wrong. None for rows without a ``seed`` column (not a build)."""
    if "seed" not in getattr(rows, "column_names", ()) or not len(rows):
        return None
    modes = common_answers(unit_asks(n or min(COMMON_UNITS, COMMON_PER_ROW * len(rows)), seed))
    hits = 0
    for family, s, answer in zip(rows["family"], rows["seed"], rows["answer"]):
        q = unit_ask(family, s)
        common = modes.get(template_key(family, q.template)) if q is not None else None
        hits += common is not None and answer_matches(common, answer)
    return hits / len(rows)


@STAGES.register
class InstructStage(TrainingStage):
    key = "stage3"
    name = "instruct"
    title = "instruction tuning"
    settings = InstructSettings
    data_kind = "mavis-instruct"
    continues = True  # --init a stage-3 folder: another mix on the model it made
    twins = (Twin("blind", {"blank_images": True}),)
    goals = (GAIN_GOAL, YES_NO_GOAL)

    def follows(self, recipe: Recipe, previous: Recipe) -> None:
        if recipe.settings.projector_anchor and not getattr(previous.settings,
                                                            "projector_head", False):
            raise RecipeError("projector_anchor", "projector_anchor: needs stage 1's patch "
                              "head, which stage 2 hands on with projector_head: true")

    def check_init(self, recipe: Recipe, init: Path) -> None:
        if recipe.settings.projector_anchor:
            check_head(init, "projector_anchor")

    def train(self, recipe: Recipe, init: Path | None, out: Path, progress: bool = True
              ) -> dict:
        own: InstructSettings = recipe.settings
        out = Path(out)
        model, processor = load_llava(Path(init) / "model", dtype=recipe.load_dtype)
        parts, held = mix(recipe, out)
        set_trainable(model, recipe)
        examples = Examples(parts, tower_size(model), cache_bytes(recipe))
        task = sft_task(recipe, model, processor, examples,
                        blank_images=own.blank_images)
        if own.lookup_mix:
            task = with_lookup_rows(task, own.lookup_mix, processor.tokenizer,
                                    model.config.image_token_id,
                                    model.config.image_seq_length, recipe.seed,
                                    own.lookup_pictures, own.lookup_mme, own.lookup_theme)
        hook = None
        if own.projector_anchor:
            anchored = set(own.projector_anchor_kinds)
            task, hook = with_projector_anchor(
                task, model, load_head(Path(init))[0], processor.tokenizer,
                own.projector_anchor, lambda idx: [examples.kind_of(j) in anchored for j in idx])
        summary = run(recipe, task, out, progress=progress)
        if hook is not None:
            hook.remove()
        model = summary["model"]
        metrics = self.evaluate(recipe, model, processor, out, held)
        if processes.is_main() and (Path(init) / HEAD_FILE).is_file():
            copy_head(Path(init), out)  # a stage 3 that continues from this one anchors too
        return finish(recipe, model, processor, out, summary, metrics)

    def evaluate(self, recipe: Recipe, model, processor, out: Path, held) -> dict:
        own: InstructSettings = recipe.settings
        metrics = {"perception": perception_accuracy(model, processor, held,
                                                     blank=own.blank_images)}
        common = common_answer_accuracy(held, recipe.seed)
        if common is not None:
            metrics["perception"]["common_answer"] = common
        # held-out yes/no claims whether or not the mix has any: the yes/no goal holds for
        # every recipe, and one that teaches no yes/no claims is measured as such
        metrics["yes_no"] = perception_accuracy(
            model, processor, yes_no_data(recipe, out, recipe.eval_n, heldout=True,
                                          families=own.yes_no_families),
            blank=own.blank_images)
        for kind in grounding_counts(own):
            metrics[kind] = perception_accuracy(
                model, processor, grounding_data(recipe, out, kind, recipe.eval_n, heldout=True),
                blank=own.blank_images, kind=kind)
        if own.pope_n and recipe.pope_negatives == "balanced":
            metrics[BALANCED] = metrics["pope-synth"]  # the same held-out rows, scored once
        elif own.pope_n:
            # whatever the training rows' negatives: POPE's let the object asked and the
            # scene's theme answer much of a probe; these leave the objects in the picture
            metrics[BALANCED] = perception_accuracy(
                model, processor, grounding_data(recipe, out, "pope-synth", recipe.eval_n,
                                                 heldout=True, balanced=True),
                blank=own.blank_images, kind="pope-synth")
        return metrics

    def evidence(self, results: dict) -> dict | None:
        s3 = results.get(self.key, {}).get("metrics")
        blind = results.get(f"{self.key}_blind", {}).get("metrics")
        if not (s3 and blind):
            return None
        ev = {"accuracy": s3["perception"]["accuracy"],
              "blind_twin_accuracy": blind["perception"]["accuracy"],
              **perception_gap(s3["perception"], blind["perception"]),
              "goal_points": GAIN_GOAL.threshold}
        if "yes_no" in s3 and "yes_no" in blind:
            ev["yes_no"] = {k: {"accuracy": m["yes_no"]["accuracy"],
                                "yes_ratio": m["yes_no"]["yes_ratio"], "n": m["yes_no"]["n"]}
                            for k, m in (("model", s3), ("blind_twin", blind))}
            ev.update(yes_no_gap(s3["yes_no"], blind["yes_no"]))
        for kind in (*GROUNDING, BALANCED):
            if kind in s3 and kind in blind:
                ev[kind] = {k: {key: m[kind].get(key) for key in
                                ("accuracy", "f1", "yes_ratio", "n", "per_family")}
                            for k, m in (("model", s3), ("blind_twin", blind))}
        if BALANCED in ev:  # reading the objects themselves: the model over its twin
            ev[BALANCED].update(gap(s3[BALANCED], blind[BALANCED], "gain", "n"))
        return ev
