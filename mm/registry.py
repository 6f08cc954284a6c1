"""The suite's one registry mechanism: a named table that a decorator fills and a package scan loads.

Every extensible kind (renderer families, caption writers, problem makers, dataset builders,
DynaMath seeds, eval tasks, model adapters, decoding methods, training stages) is a ``Registry``.
Adding one is a file that registers itself; nothing keeps a list of modules by hand:

    TASKS = Registry("task", package="eval.tasks", key="name", instantiate=True)

    @TASKS.register
    class MyTask(Task):
        name = "my-task"

    TASKS.get("my-task")      # imports every module under eval.tasks once, then looks up
    TASKS.get("nope")         # KeyError: unknown task 'nope'; valid: my-task, ...

This module imports nothing from the suite, so every layer (renderers at the bottom included)
may use it without an import cycle.

    python -c "from eval.task import TASKS; print(TASKS.names())"
"""
from __future__ import annotations

import contextlib
import importlib
import pkgutil
from typing import Any, Callable, Generic, Iterator, TypeVar

T = TypeVar("T")


class Registry(Generic[T]):
    """A name -> entry table.

    kind: what an entry is, for messages ("task", "seed question").
    package: dotted package whose modules (recursively) register entries; imported on first
        lookup. None: entries are added explicitly.
    key: the class attribute that names an entry when ``register`` is used without a name.
    instantiate: store ``cls()`` instead of the class (for stateless singletons).
    check: called with (name, entry) before it is stored; raises ValueError to refuse it.
    order: sort key of a name for ``names()`` / ``items()`` (default: the name itself), e.g.
        the number in "stage10" so that it comes after "stage2".
    """

    def __init__(self, kind: str, package: str | None = None, key: str = "name",
                 instantiate: bool = False, check: Callable[[str, Any], None] | None = None,
                 order: Callable[[str], Any] | None = None):
        self.kind = kind
        self.package = package
        self.key = key
        self.instantiate = instantiate
        self.check = check
        self.order = order
        self._entries: dict[str, T] = {}
        self._loaded = package is None
        self._loading = False

    # ------------------------------------------------------------------ filling

    def register(self, obj: Any = None, *, name: str | None = None):
        """Decorator: ``@R.register``, ``@R.register(name="x")`` or ``@R.register("x")``."""
        if isinstance(obj, str):
            name, obj = obj, None
        if obj is None:
            return lambda o: self.register(o, name=name)
        key = name if name is not None else getattr(obj, self.key, None)
        if not key or not isinstance(key, str):
            raise ValueError(f"{self.kind} {getattr(obj, '__name__', obj)!r} has no "
                             f"{self.key!r} to register it under")
        self.add(key, obj() if self.instantiate and isinstance(obj, type) else obj)
        return obj

    def add(self, name: str, entry: T) -> T:
        if name in self._entries:
            raise ValueError(f"{self.kind} {name!r} is registered twice")
        if self.check is not None:
            self.check(name, entry)
        self._entries[name] = entry
        return entry

    # ------------------------------------------------------------------ discovery

    def load(self) -> "Registry[T]":
        """Import every module under ``package`` once (sorted, so the order is the same
        everywhere). Import errors propagate: a broken module is never silently skipped."""
        if self._loaded or self._loading:
            return self
        self._loading = True
        try:
            for mod in _walk(self.package):
                importlib.import_module(mod)
            self._loaded = True
        finally:
            self._loading = False
        return self

    # ------------------------------------------------------------------ lookup

    def get(self, name: str) -> T:
        self.load()
        if name not in self._entries:
            raise KeyError(f"unknown {self.kind} {name!r}; valid: {', '.join(self.names())}")
        return self._entries[name]

    def names(self) -> list[str]:
        self.load()
        return sorted(self._entries, key=self.order)

    def items(self) -> list[tuple[str, T]]:
        return [(name, self._entries[name]) for name in self.names()]

    def values(self) -> list[T]:
        return [v for _, v in self.items()]

    def as_dict(self) -> dict[str, T]:
        self.load()
        return dict(self._entries)

    def __contains__(self, name: object) -> bool:
        self.load()
        return name in self._entries

    def __iter__(self) -> Iterator[str]:
        return iter(self.names())

    def __len__(self) -> int:
        self.load()
        return len(self._entries)

    def __repr__(self) -> str:
        return f"Registry({self.kind!r}, package={self.package!r}, {len(self._entries)} entries)"

    @contextlib.contextmanager
    def isolated(self):
        """Entries added inside the block are gone after it (for tests that register fakes)."""
        self.load()
        saved = dict(self._entries)
        try:
            yield self
        finally:
            self._entries.clear()
            self._entries.update(saved)


def _walk(package: str) -> list[str]:
    """Dotted names of every module under ``package`` (subpackages included), sorted."""
    pkg = importlib.import_module(package)
    paths = getattr(pkg, "__path__", None)
    if paths is None:
        return []
    def fail(name: str) -> None:
        raise ImportError(f"cannot import {name} while loading the {package} registry")

    return sorted(m.name for m in pkgutil.walk_packages(paths, prefix=f"{package}.",
                                                        onerror=fail))
