"""Two sizes of one scale check: `make test` runs the small one (every seed, family or kill
point class is still exercised), `make test-soak` the large one (marked ``soak``).

    @pytest.mark.parametrize("n", tiers(200, 1000))
    def test_problems_recheck(name, n): ...
"""
import pytest


def tiers(small: int, large: int) -> list:
    """``small`` as a plain parameter, ``large`` marked soak (and slow); ids n<small>, n<large>."""
    return [pytest.param(small, id=f"n{small}"),
            pytest.param(large, id=f"n{large}", marks=[pytest.mark.soak, pytest.mark.slow])]


def first_only(values: list) -> list:
    """The first value as a plain parameter, the rest marked soak (and slow): make test kills at
    one drawn point, the soak tier at every one. A tuple is one case of several argnames."""
    soak = [pytest.mark.soak, pytest.mark.slow]
    return [v if i == 0 else pytest.param(*(v if isinstance(v, tuple) else (v,)), marks=soak)
            for i, v in enumerate(values)]
