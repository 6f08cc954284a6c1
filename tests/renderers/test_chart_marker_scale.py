"""A line chart enlarges a series' marker into a ring round a later series' marker only
where the later one would hide it (equal values, or centres about the later one's outline
and a pixel apart): a near miss stays two points at their own size, since a ring there reads
as the two series meeting (a break-even chart asks where two totals are equal).

Checked by pixels over sampled charts of two or three series, one pair of them near at one
category: the earlier series' colour there lies within its marker drawn alone, and shows."""
import numpy as np
import pytest

import renderers
from renderers.canvas import PALETTE, Canvas
from renderers.chart.draw import MARKER_R
from renderers.chart.spec import ChartSpec, Series
from tests.tiers import tiers

FAM = renderers.get_family("chart")
COLORS = {c: PALETTE[c] for c in ("blue", "orange", "green")}
AT = 3  # the category where the near pair meets or nearly does


def _spec(vals: list[list[float]]) -> ChartSpec:
    return ChartSpec(kind="line", title="Costs", x_title="Month", y_title="Cost",
                     categories=[str(k) for k in range(6)],
                     series=[Series(f"Plan {'ABC'[j]}", v, c)
                             for j, (v, c) in enumerate(zip(vals, COLORS))])


def _frame(layout) -> tuple[float, float]:
    """The pixel rows of the values 0 and 100 (the centres of their tick labels)."""
    ys = {}
    for lb in layout.labels:  # the value ticks come before the categories (one named "0")
        ys.setdefault(lb.text, (lb.box[1] + lb.box[3]) / 2)
    return ys["0"], ys["100"]


def _mask(img, col) -> np.ndarray:
    a = np.asarray(img.convert("RGB"), dtype=int)
    return np.abs(a - np.array(col)).sum(-1) < 60


def _grow(m: np.ndarray) -> np.ndarray:
    g = m.copy()
    g[1:] |= m[:-1]
    g[:-1] |= m[1:]
    g[:, 1:] |= g[:, :-1]
    g[:, :-1] |= g[:, 1:]
    return g


def _case(rng: np.random.Generator):
    """Two or three series over 0..100 (the axis fixed by the first two categories), a near
    pair (j before k) at ``AT``, every other point apart; ``far``: k's value there moved off."""
    n = int(rng.integers(2, 4))
    j, k = sorted(int(x) for x in rng.choice(n, 2, replace=False))
    base = float(rng.integers(30, 71))
    delta = float(rng.choice([0.0, 0.25, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 4.0]) *
                  rng.choice([-1, 1]))
    vals = []
    for s in range(n):
        row = [(0.0, 100.0)[s % 2], (100.0, 0.0)[s % 2], 15.0 + 35 * s, 0.0, 85.0 - 35 * s,
               10.0 + 40 * s]
        row[AT] = base + delta if s == k else base if s == j else base + 30 * (1 - 2 * (s % 2))
        vals.append(row)
    far = [list(v) for v in vals]
    far[k][AT] = base + (-28 if base > 50 else 28)
    return vals, far, j, k, delta


@pytest.mark.parametrize("n", tiers(40, 300))
@pytest.mark.parametrize("size", [224, 336])
def test_a_near_miss_stays_two_points(size, n, monkeypatch):
    rng = np.random.default_rng(size + 7)
    monkeypatch.setattr(Canvas, "line", lambda *a, **kw: None)  # the markers alone
    r = MARKER_R * size / 336.0
    bad, near, rings = [], 0, 0
    for case in range(n):
        vals, far, j, k, delta = _case(rng)
        img, lay = FAM.render_with_layout(_spec(vals), size)
        alone = FAM.render(_spec(far), size)
        y0, y100 = _frame(lay)
        d = abs(delta) * (y0 - y100) / 100.0  # the pair's centres apart, in pixels
        y = y0 + (y100 - y0) * vals[j][AT] / 100.0
        xs = sorted((lb.box[0] + lb.box[2]) / 2 for lb in lay.labels if lb.text == str(AT)
                    and lb.box[1] > y0)
        x = xs[0]
        win = (slice(max(0, int(y - 4 * r)), int(y + 4 * r) + 1),
               slice(max(0, int(x - 4 * r)), int(x + 4 * r) + 1))
        col = list(COLORS.values())[j]
        mine, own = _mask(img, col)[win], _mask(alone, col)[win]
        outside = int((mine & ~_grow(own)).sum())
        # the later marker's white outline is about 0.3 r wide: past it and two pixels the
        # earlier one shows beside it; within it and a pixel it is hidden
        if d >= 0.3 * r + 2.0:  # a near miss: the earlier at its own size, and showing
            near += 1
            if outside or mine.sum() < 2:
                bad.append((case, j, k, round(d / r, 2), outside, int(mine.sum())))
        elif d <= 0.3 * r + 1.0:  # hidden: the earlier shows as a ring round the later
            rings += 1
            if outside < 1 or mine.sum() < 2:
                bad.append((case, j, k, round(d / r, 2), "no ring", outside, int(mine.sum())))
    assert near >= n // 3 and rings >= n // 10 and not bad, (near, rings, bad[:5])
