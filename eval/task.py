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

A task is one module under eval/tasks/; ``TASKS`` imports them all on first lookup.
``mm-eval tasks`` lists them. Unknown names fail listing the valid ones.

    mm-eval tasks
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar

from mm.registry import Registry


@dataclass
class TaskContext:
    data: str | None = None  # --data: a local folder (released layout or built by mm-data)
    limit: int | None = None
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
