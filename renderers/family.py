"""The renderer family contract and the registry of families.

A family is one subpackage renderers/<name>/ whose ``__init__`` defines a ``Family`` subclass
with ``name = "<name>"`` and registers it with ``@FAMILIES.register``. It holds four things: a
JSON-able spec dataclass (``spec_cls``, whose ``family`` is the same name), a sampler
``sample_spec(rng, **knobs)`` that takes an explicit ``numpy.random.Generator``, a pure drawing
function ``draw(spec, canvas)``, and ``facts(spec)``: the ground truth the spec implies
(lengths, angles, coordinates, values), in math units, independent of the image size.
``FAMILIES`` finds families by importing every module under renderers/; nothing lists them.
A family drawn only for evaluation sets is one call of ``eval_only_family`` in its ``__init__``.

    python -c "import numpy as np, renderers; f = renderers.get_family('function'); \
s = f.sample_spec(np.random.default_rng(0)); f.render(s, 336).save('f.png')"
"""
from __future__ import annotations

import json
from typing import Callable, ClassVar

from PIL import Image
import numpy as np

from mm.registry import Registry
from renderers.canvas import Canvas, Layout
from renderers.spec import Spec


class Family:
    """One renderer family. Subclass, set ``name`` and ``spec_cls``, decorate with
    ``@FAMILIES.register``. ``draw`` must be pure: everything it needs is in the spec."""

    name: ClassVar[str] = ""
    spec_cls: ClassVar[type[Spec]] = Spec
    #: drawn only for evaluation sets (COMFORT scenes): no MAVIS captions are written for it
    eval_only: ClassVar[bool] = False

    def sample_spec(self, rng: np.random.Generator, **knobs) -> Spec:
        raise NotImplementedError

    def facts(self, spec: Spec) -> dict:
        raise NotImplementedError

    def draw(self, spec: Spec, canvas: Canvas) -> None:
        raise NotImplementedError

    def aspect(self, spec: Spec) -> float:
        """Height / width of the image; square unless a family needs otherwise."""
        return 1.0

    def render_with_layout(self, spec: Spec, size: int = 336, ss: int | None = None
                           ) -> tuple[Image.Image, Layout]:
        canvas = Canvas(size, height=int(round(size * self.aspect(spec))), ss=ss)
        self.draw(spec, canvas)
        return canvas.finish(), canvas.layout

    def render(self, spec: Spec, size: int = 336) -> Image.Image:
        return self.render_with_layout(spec, size)[0]


def _check(name: str, family: Family) -> None:
    """A family lives in the subpackage named by its key, and its spec carries the same key
    (a dataset row's ``family`` column is how its spec is read back)."""
    module = type(family).__module__
    if module != f"renderers.{name}" and not module.startswith(f"renderers.{name}."):
        raise ValueError(f"renderer family {name!r} is defined in {module}; it belongs in the "
                         f"subpackage renderers.{name}")
    if family.spec_cls.family != name:
        raise ValueError(f"renderer family {name!r} draws {family.spec_cls.__name__}, whose "
                         f"family is {family.spec_cls.family!r}")


FAMILIES: Registry[Family] = Registry("renderer family", package="renderers", key="name",
                                      instantiate=True, check=_check)


def eval_only_family(module: str, name: str, spec_cls: type[Spec], *,
                     sample: Callable[..., Spec], facts: Callable[[Spec], dict],
                     draw: Callable[[Spec, Canvas], None],
                     validate: Callable[[Spec], None] | None = None,
                     aspect: Callable[[Spec], float] | None = None) -> type[Family]:
    """Register the family ``name``, drawn only for evaluation sets (DynaMath-style questions;
    no MAVIS captions are written for it), made of its modules' functions: ``sample(rng,
    **knobs)``, ``facts(spec)``, ``draw(spec, canvas)``; ``validate(spec)`` runs before each
    drawing and ``aspect(spec)`` gives height / width, where given. ``module`` is the calling
    package's ``__name__`` (a family is defined in the subpackage of its key). Returns the
    registered class, ``<Name>Family``."""

    def sample_spec(self, rng: np.random.Generator, *args, **knobs) -> Spec:
        return sample(rng, *args, **knobs)

    def _facts(self, spec: Spec) -> dict:
        return facts(spec)

    def _draw(self, spec: Spec, canvas: Canvas) -> None:
        if validate is not None:
            validate(spec)
        draw(spec, canvas)

    sample_spec.__doc__ = sample.__doc__  # the knobs are the sampler's
    body = {"__module__": module, "__doc__": f"The {name!r} renderer family (evaluation only).",
            "name": name, "spec_cls": spec_cls, "eval_only": True,
            "sample_spec": sample_spec, "facts": _facts, "draw": _draw}
    if aspect is not None:
        body["aspect"] = lambda self, spec: aspect(spec)
    cls = type(f"{name.title().replace('_', '')}Family", (Family,), body)
    return FAMILIES.register(cls)


def get_family(name: str) -> Family:
    return FAMILIES.get(name)


def family_names() -> list[str]:
    return FAMILIES.names()


def spec_from_dict(d: dict) -> Spec:
    if "family" not in d:
        raise ValueError("spec has no 'family' field")
    return get_family(d["family"]).spec_cls.from_dict(d)


def spec_from_json(s: str) -> Spec:
    return spec_from_dict(json.loads(s))


def render(spec: Spec, size: int = 336) -> Image.Image:
    return get_family(spec.family).render(spec, size)


def facts(spec: Spec) -> dict:
    return get_family(spec.family).facts(spec)
