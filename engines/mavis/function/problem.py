"""MAVIS-Instruct problems on function plots.

Fifteen targets: the value f(a), a zero, an extremum value, the turning point, monotonicity on
[p, q] (a text answer), the derivative f'(a), a definite integral over the shaded interval, the
period, the amplitude, the slope of a line through two labelled points, the coefficient a of a
parabola through its labelled vertex and a labelled point, an asymptote, and on piecewise
functions the zeros (largest, smallest or how many), the interval where f decreases or
increases (a text answer) and the value at a breakpoint. Each builder (targets.py,
shape_targets.py, piecewise_targets.py) draws a curve with simple parameters, works the answer out from
the renderer's closed forms and writes the forward chain of thought; this module turns its
``Draft`` into a ``Problem``.

Givens are the equation (drawn as a title, label or legend), the named x positions (dashed
markers "a = 2") and labelled points; each is in the base diagram or not at random
(``mixed_flags``), every one is drawn in ``vision_spec``, so the vision-dominant question is the
bare stem, and none in ``bare_spec`` (text_dominant: the curve and the points' names). A number
answer that two decimals do not give in full (``Draft.value``) comes with "Round to two decimal
places." in the stem.

    python -c "import numpy as np; from engines.mavis.function.problem import make_problem; \
p = make_problem(np.random.default_rng(0)); print(p.stem, p.cot, p.answer)"
"""
from __future__ import annotations

import numpy as np

from engines.mavis.function.shape_targets import BUILDERS
from engines.mavis.function.targets import Draft
from engines.mavis.problem import Given, Problem, mixed_flags
from engines.mavis.registry import problem_maker
from renderers.function.sample import choose_window
from renderers.function.spec import FunctionSpec, NamedPoint
from renderers.function.text import expression
from renderers.spec import rng_choice
from renderers.text import exact_to, fmt_num

TARGETS = tuple(BUILDERS)
SHOWN = ("title", "title", "label", "legend")


@problem_maker("function")
def make_problem(rng: np.random.Generator, target: str | None = None) -> Problem:
    if target is not None and target not in BUILDERS:
        raise ValueError(f"unknown target {target!r}; valid: {', '.join(TARGETS)}")
    target = target or str(rng_choice(rng, TARGETS))
    d: Draft = BUILDERS[target](rng)
    return _assemble(rng, target, d)


def _assemble(rng: np.random.Generator, target: str, d: Draft) -> Problem:
    cv = d.curve
    cv.name, cv.color = "f", str(rng_choice(rng, ("blue", "red", "green", "purple")))
    xmin, xmax, ymin, ymax, pi_ticks = d.window or choose_window(rng, [cv])
    givens: list[Given] = []
    show_v = str(rng_choice(rng, SHOWN)) if d.expr_given else "none"
    show_b = "none"
    flags = iter(mixed_flags(rng, int(d.expr_given) + len(d.markers) + len(d.points)))
    if d.expr_given:
        eq = expression(cv)
        inside = next(flags)
        givens.append(Given(f"the function {eq}", eq, in_diagram=inside, drawable=True))
        show_b = show_v if inside else "none"
    base_markers, vis_markers = [], []
    for m in d.markers:
        inside = next(flags)
        val = m.value_text or m.x
        givens.append(Given(f"{m.name} = {m.value_text or fmt_num(m.x)}", val,
                            in_diagram=inside, drawable=True))
        vis_markers.append(m)
        if inside:
            base_markers.append(m)
    base_pts, vis_pts = [], []
    for p in d.points:
        inside = next(flags)
        what = "the vertex" if p.name == "V" else "the point"
        givens.append(Given(f"{what} {p.name}({fmt_num(p.x)}, {fmt_num(p.y)})",
                            [p.x, p.y], in_diagram=inside, drawable=True))
        vis_pts.append(NamedPoint(p.name, p.x, p.y, show_coords=True))
        base_pts.append(NamedPoint(p.name, p.x, p.y, show_coords=inside))
    common = dict(curves=[cv], xmin=xmin, xmax=xmax, ymin=ymin, ymax=ymax, pi_ticks=pi_ticks,
                  shade=list(d.shade))
    spec = FunctionSpec(show_expression=show_b, markers=base_markers, points=base_pts, **common)
    vision = FunctionSpec(show_expression=show_v, markers=vis_markers, points=vis_pts,
                          **{k: (list(v) if isinstance(v, list) else v)
                             for k, v in common.items()})
    vision.curves = [cv]
    bare = FunctionSpec(show_expression="none", markers=[],
                        points=[NamedPoint(p.name, p.x, p.y, show_coords=False) for p in d.points],
                        **{k: (list(v) if isinstance(v, list) else v)
                           for k, v in common.items()})
    bare.curves = [cv]
    tags = {"target": target, "kind": cv.kind, **d.tags}
    return Problem(family="function", spec=spec, vision_spec=vision, givens=givens,
                   stem=d.stem + (" Round to two decimal places." if _rounded(d) else ""),
                   cot=d.cot, answer=d.answer, distractors=d.distractors,
                   answer_kind=d.answer_kind, tags=tags, bare_spec=bare,
                   wrong_chains=d.wrong_chains)


def _rounded(d: Draft) -> bool:
    """Whether the question must say how its answer is rounded: a number that two decimals do
    not give in full (f'(7) = -1/(7·ln 3) ≈ -0.13, a zero 1 + √2), unless the stem says it."""
    if d.answer_kind != "number" or "decimal" in d.stem:
        return False
    return not exact_to(d.answer if d.value is None else d.value)
