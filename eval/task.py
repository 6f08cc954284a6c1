"""A benchmark task is data plus pure functions; tasks register by name.

    @register_task
    class MyTask(Task):
        name = "my-task"
        output = "generate"             # or "yes_no" (P(yes)) or "loglikelihood"
        def docs(self, ctx): ...        # list of dicts, each with a unique "id"
        def image(self, doc): ...       # PIL image (raise -> the sample is recorded as an error)
        def prompt(self, doc): ...      # text sent with the image
        def oracle(self, doc): ...      # what a model that knows the answer returns
        def process(self, doc, output): ...   # -> sample record: id, prediction, target, correct
        def aggregate(self, records): ...     # -> metrics dict
        def plots(self, records, metrics, out): ...  # -> PNG paths (optional)
        task_options = {"repeats": Option(int, 1, "ask each sample K times")}  # --task-options
        def group(self, doc): ...       # docs kept whole by --limit (default doc["group"])
        def stratum(self, doc): ...     # --limit spreads the groups over these (default "")

``--limit`` keeps whole groups, round-robin over the strata (``Task.limit_docs``,
eval/evalsets.py); the interval of every reported figure resamples the same groups
(eval/intervals.py).

A task is one module under eval/tasks/; ``TASKS`` imports them all on first lookup.
``mm-eval tasks`` lists them. Unknown names fail listing the valid ones.

    mm-eval tasks
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar

from mm.registry import Registry


def parse_options(text: str) -> dict[str, str]:
    """``k=v,...`` (``--task-options``) as strings; an item without ``=`` continues the
    previous value (``prefixes=none,camera``). ValueError for a first item without ``=``."""
    raw: dict[str, str] = {}
    last = None
    for item in filter(None, (x.strip() for x in text.split(","))):
        if "=" not in item:
            if last is None:
                raise ValueError(f"expected key=value, got {item!r}")
            raw[last] += "," + item
            continue
        last, v = (x.strip() for x in item.split("=", 1))
        raw[last] = v
    return raw


def check_options(tasks: list["Task"], options: dict) -> dict:
    """``options`` converted to the types the tasks declare and checked against each task that
    declares them (its ``Option`` ranges, then its ``validate_options``); an unknown key or a
    bad value raises ValueError naming it (and, for a key, the valid ones)."""
    declared: dict[str, Option] = {}
    for t in tasks:
        declared.update(t.task_options)
    out = {}
    for k, v in options.items():
        if k not in declared:
            valid = ", ".join(sorted(declared)) or "none"
            raise ValueError(f"unknown key {k!r} for {', '.join(t.name for t in tasks)}; "
                             f"valid: {valid}")
        try:
            out[k] = declared[k].convert(v)
            for t in tasks:
                if k in t.task_options:
                    t.task_options[k].convert(out[k])
        except (TypeError, ValueError) as e:
            raise ValueError(f"{k}={v!r}: {e}") from None
    for t in tasks:
        t.validate_options({k: v for k, v in out.items() if k in t.task_options})
    return out


#: the image sides a task may render (those ``mm-data --image-size`` builds)
IMAGE_SIDES = (32, 4096)


@dataclass(frozen=True)
class Option:
    """One ``--task-options`` key a task reads: its type (int, float, str, bool), default,
    meaning and, for a number, its range (``min``, ``max``, both inclusive); ``mm-eval run``
    converts and checks the values before any work starts."""
    type: type
    default: Any
    help: str = ""
    min: float | None = None
    max: float | None = None

    def convert(self, value: Any) -> Any:
        if self.type is bool:
            if isinstance(value, bool):
                return value
            v = str(value).strip().lower()
            if v not in ("1", "0", "true", "false", "yes", "no"):
                raise ValueError(f"expected true or false, got {value!r}")
            return v in ("1", "true", "yes")
        v = self.type(value)
        if self.min is not None and v < self.min:
            raise ValueError(f"must be >= {self.min}" if self.max is None else
                             f"must be between {self.min} and {self.max}")
        if self.max is not None and v > self.max:
            raise ValueError(f"must be <= {self.max}" if self.min is None else
                             f"must be between {self.min} and {self.max}")
        return v


@dataclass
class TaskContext:
    data: str | None = None  # --data: a local folder (released layout or built by mm-data)
    limit: int | float | None = None  # samples (int) or a fraction of the groups (0 < f < 1)
    seed: int = 0
    work: Path | None = None  # where a task may build its synthetic data (cached)
    options: dict = field(default_factory=dict)


class Task:
    name: ClassVar[str] = ""
    description: ClassVar[str] = ""
    output: ClassVar[str] = "generate"
    max_new_tokens: ClassVar[int] = 64
    prompt_suffix: ClassVar[str] = ""
    parser: ClassVar[str] = ""
    task_options: ClassVar[dict[str, Option]] = {}

    def group(self, doc: dict) -> str:
        """The group ``doc`` belongs to (a seed's variants, an image's questions, a curve):
        ``--limit`` keeps groups whole and intervals resample them."""
        return str(doc.get("group", doc["id"]))

    def stratum(self, doc: dict) -> str:
        """The stratum of ``doc``'s group (topic, split, subtask, relation): ``--limit`` takes
        groups round-robin over the strata."""
        return ""

    def record_group(self, record: dict) -> str:
        """The group of a sample record (as ``group`` of its doc)."""
        return self.group(record)

    def record_stratum(self, record: dict) -> str:
        return self.stratum(record)

    def limit_docs(self, docs: list[dict], ctx: "TaskContext",
                   total_groups: int | None = None) -> list[dict]:
        """The docs of whole groups ``ctx.limit`` keeps, spread over the strata (a fraction is
        of ``total_groups``, default the groups of ``docs``)."""
        from eval.evalsets import stratified_limit

        return stratified_limit(docs, ctx.limit, ctx.seed, self.group, self.stratum,
                                total_groups)

    def replicate(self, records: list[dict]) -> list[dict]:
        """The records of a subset of whole groups as ``aggregate`` should see them (a task
        whose records carry counts of the whole run recounts them)."""
        return records

    def validate_options(self, options: dict) -> None:
        """Raise ValueError naming the option when ``options`` (converted, this task's keys
        only) cannot run: a value outside the task's choices (a split, a language)."""

    def docs(self, ctx: TaskContext) -> list[dict]:
        raise NotImplementedError

    def image(self, doc: dict):
        return doc["image"]

    def prompt(self, doc: dict) -> str:
        raise NotImplementedError

    def continuation(self, doc: dict) -> str:
        raise NotImplementedError

    def oracle(self, doc: dict) -> Any:
        raise NotImplementedError

    def yes_no_words(self, doc: dict) -> tuple[list[str], list[str]] | None:
        """The (yes, no) words of the prompt's language for P(yes); None means English."""
        return None

    def process(self, doc: dict, output: Any) -> dict:
        raise NotImplementedError

    def aggregate(self, records: list[dict]) -> dict:
        raise NotImplementedError

    def plots(self, records: list[dict], metrics: dict, out: Path) -> list[str]:
        return []

    def info(self) -> dict:
        return {"output": self.output, "prompt_suffix": self.prompt_suffix,
                "parser": self.parser, "max_new_tokens": self.max_new_tokens}


TASKS: Registry[Task] = Registry("task", package="eval.tasks", key="name", instantiate=True)


def register_task(cls: type[Task]) -> type[Task]:
    """Class decorator: register one instance of the task under its ``name``."""
    return TASKS.register(cls)


def load_tasks() -> dict[str, Task]:
    """Every task by name (sorted)."""
    return dict(TASKS.items())


def get_task(name: str) -> Task:
    """The task ``name``; KeyError lists the valid names."""
    return TASKS.get(name)
