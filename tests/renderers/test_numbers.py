"""One rounding for every stated number (renderers/text.py): the facts the renderers keep, the
numbers their pictures and captions write and the engines' answers round an exact half up, as
a reader does (0.125 -> 0.13, 2.675 -> 2.68), where Python's round() and format() give 0.12
and 2.67. Checked against decimal arithmetic on the written value (an independent reader)."""
import random
from decimal import Decimal
from fractions import Fraction

import pytest

from renderers.function.curve import Curve
from renderers.function.spec import FunctionSpec, spec_facts
from renderers.chart.stats import pie_percentages
from renderers.text import fact_num, fmt_num, half_up, r2
from tests.rounding import reader


def written(d: Decimal) -> str:
    s = format(d, "f")
    s = s.rstrip("0").rstrip(".") if "." in s else s
    return "0" if s in ("-0", "") else s


def values(n: int = 4000) -> list:
    rng = random.Random(7)
    out = [0.125, -0.125, 2.675, 1.005, -6.125, 12.25, 0.5, 1 / 3, 2.3749999999997]
    for _ in range(n):
        k, den = rng.randint(-5000, 5000), rng.choice([2, 4, 8, 16, 40, 80, 200, 400, 1000, 3])
        out += [k / den, Fraction(k, den), rng.uniform(-100, 100)]
    return out


@pytest.mark.parametrize("places", [0, 1, 2, 3])
def test_half_up_and_fmt_num_write_what_a_reader_writes(places):
    for x in values():
        want = reader(x, places)
        assert Decimal(repr(half_up(x, places))) == want, (x, places)
        if not isinstance(x, Fraction):
            assert fmt_num(x, places) == written(want), (x, places)


def test_the_halves_python_rounds_down():
    assert (round(0.125, 2), f"{2.675:.2f}", round(6.25, 1)) == (0.12, "2.67", 6.2)
    assert (half_up(0.125), fmt_num(2.675), half_up(6.25, 1)) == (0.13, "2.68", 6.3)
    assert (fmt_num(-0.125), fmt_num(0.5, 0), fmt_num(-0.001)) == ("-0.13", "1", "0")
    assert (fmt_num(749.5, 0), fmt_num(750.0, 0), fmt_num(100.0)) == ("750", "750", "100")
    assert (r2(7), r2(-0.0001), r2(Fraction(9, 8))) == (7.0, 0.0, 1.13)
    assert [fact_num(v) for v in (3.0, 2.9999999999, 0.125, -0.125)] == [3, 3, 0.13, -0.13]
    assert isinstance(fact_num(3.0), int) and isinstance(r2(7), float)
    assert pie_percentages([1, 15]) == [6.3, 93.8]  # 6.25 and 93.75


def test_a_functions_facts_state_its_extremum_rounded_half_up():
    # y = 0.5x^2 + 0.5x - 6: the minimum at (-0.5, -6.125)
    spec = FunctionSpec(curves=[Curve(kind="polynomial", coeffs=[-6.0, 0.5, 0.5])],
                        xmin=-4, xmax=4, ymin=-8, ymax=6)
    (ext,) = spec_facts(spec)["functions"][0]["extrema"]
    assert (ext["x"], ext["y"]) == (-0.5, -6.13)
