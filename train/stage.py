"""What a training stage is: the ``STAGES`` registry, the stage interface and its goals.

Each file in ``train/stages/`` registers one stage under its command name (``stage1`` ...), so
``STAGES.names()`` is the pipeline's order. A stage brings its own settings dataclass (the keys
its recipe may hold besides the common ones of ``train.recipe.Recipe``), ``train`` (build the
stage's output folder), ``evaluate`` (its held-out numbers), ``evidence`` (the numbers the
quickstart report shows) and ``goals`` (what those numbers are held to). The pipeline, the CLI
and the recipe loader read these; none of them names a stage.

    python -c "from train.stage import STAGES; print(STAGES.names())"
"""
from __future__ import annotations

import operator
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar, Literal

from mm.registry import Registry

Comparison = Literal[">=", ">", "<=", "<"]
_COMPARE = {">=": operator.ge, ">": operator.gt, "<=": operator.le, "<": operator.lt}


@dataclass(frozen=True)
class Goal:
    """A stage's evidence number held to a threshold: ``evidence[metric] comparison threshold``.

    text: the goal in words for the report; measured: how the report writes the value;
    interval / n: the evidence keys of the value's 95% interval ([lo, hi], in its units) and of
    the held-out rows behind it, which the report prints beside it; judge: what is held to the
    threshold, the value or an end of its interval ("upper": no drop beyond the interval)."""
    metric: str
    comparison: Comparison
    threshold: float
    text: str
    measured: str = "{:.1f}"
    interval: str = ""
    n: str = ""
    judge: Literal["value", "lower", "upper"] = "value"

    def __post_init__(self) -> None:
        if self.comparison not in _COMPARE:
            raise ValueError(f"goal {self.metric}: comparison {self.comparison!r}; valid: "
                             f"{', '.join(_COMPARE)}")
        if self.judge != "value" and not self.interval:
            raise ValueError(f"goal {self.metric}: judge {self.judge!r} needs an interval key")

    def met(self, evidence: dict) -> bool:
        held = evidence[self.metric] if self.judge == "value" else \
            evidence[self.interval][0 if self.judge == "lower" else 1]
        return bool(_COMPARE[self.comparison](held, self.threshold))

    def record(self, evidence: dict) -> dict:
        """The goal and its outcome as ``pipeline.json`` stores it (the report reads this)."""
        value = evidence[self.metric]
        out = {"metric": self.metric, "comparison": self.comparison,
               "threshold": self.threshold, "text": self.text, "value": value,
               "measured": self.measured.format(value), "met": self.met(evidence)}
        if self.interval and evidence.get(self.interval) is not None:
            lo, hi = evidence[self.interval]
            out["interval"] = [lo, hi]
            out["interval_text"] = f"{self.measured.format(lo)} to {self.measured.format(hi)}"
        if self.n and evidence.get(self.n) is not None:
            out["n"] = evidence[self.n]
        return out


@dataclass(frozen=True)
class Twin:
    """A control run of a stage by the same recipe plus ``overrides`` (pipeline key
    ``<stage>_<name>``, folder ``<stage>-<name>``), trained from the same init."""
    name: str
    overrides: dict = field(default_factory=dict)


class TrainingStage:
    """One MAVIS stage. Subclasses set the class attributes and implement ``train`` and
    ``evidence``; ``evaluate`` computes the held-out numbers ``train`` stores in its metrics
    (its arguments are the stage's own)."""

    key: ClassVar[str]  # "stage1": CLI command, output folder and pipeline.json key
    name: ClassVar[str]  # "clip": the ``stage:`` of its recipes
    title: ClassVar[str]  # "CLIP-Math", for messages
    settings: ClassVar[type]  # dataclass of the stage's own recipe keys
    needs_init: ClassVar[bool] = True  # starts from the previous stage's output folder
    # may also start from an output folder of its own: more of the stage on a model it made
    # (a curriculum: one mix, then another)
    continues: ClassVar[bool] = False
    takes_pipeline_data: ClassVar[bool] = False  # ``mm-train pipeline --data`` feeds it
    # the dataset kind ``data`` (``--data``) replaces (``train.data.check_dataset`` checks a
    # folder against it before any work); None: the stage takes no ``data``
    data_kind: ClassVar[str | None] = None
    twins: ClassVar[tuple[Twin, ...]] = ()
    goals: ClassVar[tuple[Goal, ...]] = ()

    def init_needed(self, recipe: Any) -> bool:
        """Whether this recipe of the stage starts from ``--init`` (``needs_init`` unless the
        recipe brings what the previous stage would give)."""
        return self.needs_init

    def ready(self, recipe: Any) -> None:
        """``train.recipe.RecipeError`` naming the field when the recipe cannot run here (a
        field that needs another one, a folder that is missing); checked before any work."""

    def follows(self, recipe: Any, previous: Any) -> None:
        """``train.recipe.RecipeError`` naming the field when this recipe cannot start from what
        the previous stage's recipe (``previous``) makes; the pipeline checks it before any
        work."""

    def check_init(self, recipe: Any, init: Path) -> None:
        """``ValueError`` saying what the previous stage's finished folder ``init`` lacks for
        this recipe; ``mm-train <stage> --init`` checks it before any work."""

    def train(self, recipe: Any, init: Path | None, out: Path, progress: bool = True) -> dict:
        """Train into ``out``; returns the stage's result (steps, losses, ``metrics``)."""
        raise NotImplementedError

    def evaluate(self, *args, **kwargs) -> dict:
        raise NotImplementedError

    def evidence(self, results: dict) -> dict | None:
        """The report's numbers from the pipeline's results (keyed by stage and twin key), or
        None when the stage shows none."""
        return None

    def goal_records(self, evidence: dict) -> list[dict]:
        """The goals whose number the evidence holds (a recipe without yes/no rows measures
        no yes/no gain)."""
        return [g.record(evidence) for g in self.goals if g.metric in evidence]


def _check(key: str, stage: Any) -> None:
    if not re.fullmatch(r"stage\d+", key):
        raise ValueError(f"training stage {key!r}: the key is stage<N> (the pipeline's order)")
    for attr in ("name", "title", "settings"):
        if not hasattr(stage, attr):
            raise ValueError(f"training stage {key!r} has no {attr!r}")


STAGES: Registry[TrainingStage] = Registry("training stage", package="train.stages", key="key",
                                           instantiate=True, check=_check,
                                           order=lambda key: int(key.removeprefix("stage")))


def stage_named(name: str) -> TrainingStage:
    """The stage whose recipes say ``stage: name``."""
    for stage in STAGES.values():
        if stage.name == name:
            return stage
    raise ValueError(f"stage: {name!r}; valid: {', '.join(s.name for s in STAGES.values())}")
