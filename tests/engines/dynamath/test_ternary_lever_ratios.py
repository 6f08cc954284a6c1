"""stat-ternary-lever asks what fraction of mixture M comes from P, M on the dashed line PQ.
The mixing ratio was drawn together with the line, and the short lines (P and Q two steps
apart, M halfway) fit the triangle most often, so 0.5 answered 55% of the variants: a reader
who never looked at the plot was right half the time. Over many sampled variants no share of
P answers more than a sixth of them, and each of the nine shares is drawn."""
from collections import Counter

import pytest

from engines.dynamath.seed import load_seeds, make_variant
from tests.tiers import tiers

SID = "stat-ternary-lever"
load_seeds()  # registers the seeds make_variant draws from


@pytest.mark.parametrize("n", tiers(360, 2000))
def test_no_share_of_p_answers_most_variants(n):
    got = Counter(make_variant(SID, v, seed=9494, pin_canonical=False).ground_truth
                  for v in range(n))
    assert got.most_common(1)[0][1] <= n / 6, got.most_common(3)
    assert set(got) == {"0.2", "0.25", "0.33", "0.4", "0.5", "0.6", "0.67", "0.75", "0.8"}
