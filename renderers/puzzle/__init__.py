"""The "puzzle" family: number grids, pyramids, number triangles, shape sequences, matrix
reasoning, odd-one-out rows, coloured-cell grids and operation chains.

spec.py holds the spec, the rules and the facts; sample.py the sampler; draw.py the drawing.

    python -c "import numpy as np, renderers; f = renderers.get_family('puzzle'); \
f.render(f.sample_spec(np.random.default_rng(0), kind='matrix'), 336).save('/tmp/p.png')"
"""
from __future__ import annotations

import numpy as np

from renderers.canvas import Canvas
from renderers.family import FAMILIES, Family
from renderers.puzzle.draw import aspect, draw
from renderers.puzzle.sample import sample_spec
from renderers.puzzle.spec import PuzzleSpec, puzzle_facts, validate


@FAMILIES.register
class PuzzleFamily(Family):
    name = "puzzle"
    spec_cls = PuzzleSpec

    def sample_spec(self, rng: np.random.Generator, kind: str | None = None,
                    rule: str | None = None) -> PuzzleSpec:
        """``kind`` in KINDS forces the puzzle kind; ``rule`` (valid per kind, see RULES)
        forces its rule."""
        return sample_spec(rng, kind=kind, rule=rule)

    def facts(self, spec: PuzzleSpec) -> dict:
        return puzzle_facts(spec)

    def aspect(self, spec: PuzzleSpec) -> float:
        return aspect(spec)

    def draw(self, spec: PuzzleSpec, canvas: Canvas) -> None:
        validate(spec)
        draw(spec, canvas)
