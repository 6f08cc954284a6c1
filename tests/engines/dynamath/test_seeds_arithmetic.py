"""Arithmetic seed questions: exact answers for hand-picked parameters (computed by hand), the
checkers agree, and the set covers levels, answer types and kinds."""
import math

import pytest

from engines.dynamath.seed import load_seeds, make_variant

SEEDS = load_seeds()
ARITH = {sid: q for sid, q in SEEDS.items() if sid.startswith("arith-")}


def _ans(sid, **p):
    q = ARITH[sid]
    a = q.answer(p)
    redo = q.check(p)
    assert redo is None or str(redo) == str(a) or abs(float(redo) - float(a)) < 1e-9, (sid, a, redo)
    return a


def test_set_covers_levels_types_and_kinds():
    assert len(ARITH) >= 14
    assert all(q.topic == "arithmetic" for q in ARITH.values())
    assert {q.level for q in ARITH.values()} == {"elementary school", "high school",
                                                 "undergraduate"}
    assert {q.answer_type for q in ARITH.values()} == {"float", "multiple choice", "text"}
    kinds = {k for q in ARITH.values() for k in q.kinds}
    assert {"numerical value", "real-life context", "symbolic substitution", "color"} <= kinds
    floats = sum(q.answer_type == "float" for q in ARITH.values())
    assert floats > len(ARITH) / 2


def test_clock_answers():
    assert _ans("arith-clock-read-time", hour=3, minute=45, numerals="roman", color="red") == "3:45"
    assert _ans("arith-clock-read-time", hour=12, minute=5, numerals="none", color="red") == "12:05"
    assert _ans("arith-clock-elapsed", hour=11, minute=50, duration=80, activity="a movie",
                colors=["red", "blue"]) == 80
    end = ARITH["arith-clock-elapsed"].diagram(dict(hour=11, minute=50, duration=80,
                                                    activity="x", colors=["red", "blue"]))
    assert (end.clocks[1].hour, end.clocks[1].minute) == (1, 10)
    assert _ans("arith-clock-arrival", hour=11, minute=40, trip=45, vehicle="bus",
                color="red") == "12:25"
    assert _ans("arith-clock-arrival", hour=12, minute=50, trip=20, vehicle="bus",
                color="red") == "1:10"
    for (h, m), deg in {(3, 30): 75, (9, 0): 90, (12, 0): 0, (6, 0): 180, (2, 20): 50}.items():
        assert _ans("arith-clock-hand-angle", hour=h, minute=m, numerals="arabic",
                    color="red") == deg
    for h, order in {4: 3, 5: 12, 12: 1, 6: 2, 9: 4, 10: 6}.items():
        assert _ans("arith-clock-group-order", hour=h, color="red", numerals="arabic") == order


def test_number_line_answers():
    assert _ans("arith-number-line-point", tick=0.5, every=2, start=-2.0, n_ticks=8, idx=3,
                color="red") == -0.5
    assert _ans("arith-number-line-point", tick=0.25, every=4, start=0.0, n_ticks=12, idx=7,
                color="red") == 1.75
    p = dict(tick=1.0, every=2, start=-4.0, n_ticks=10, idx=[1, 4, 9],
             colors=["red", "blue", "green"], ask=[0, 2], order=[3, 1, 0, 2])
    q = ARITH["arith-number-line-distance"]
    assert q.question(p).endswith("between the red point and the green point on the number line?")
    assert _ans("arith-number-line-distance", **p) == "8"  # -3 to 5
    opts = q.options(p)
    assert len(set(opts)) == 4 and "8" in opts and "2" in opts  # |-3 + 5| is the sign slip


def test_equation_answers():
    p = dict(lines=["square + square = 10", "square + star = 9", "star × square = ?"],
             values={"square": 5, "star": 4}, colors={"square": "red", "star": "blue"})
    assert _ans("arith-shape-equations", **p) == 20
    assert _ans("arith-missing-number", a=3, b=4, op="×", slot=1, symbol="?", color="red") == 4
    q = ARITH["arith-missing-number"]
    p = dict(a=6, b=7, op="÷", slot=1, symbol="star", color="red")
    assert q.diagram(p).equation.lines == ["42 ÷ star = 6"]
    assert _ans("arith-missing-number", **p) == 7


def test_fraction_answers():
    fills = ["red", "red", "blue", "", "", "", "", ""]
    p = dict(shape="circle", fills=fills, ask="red", order=[0, 1, 2, 3])
    assert _ans("arith-fraction-color", **p) == "1/4"
    opts = ARITH["arith-fraction-color"].options(p)
    assert opts[0] == "1/4" and len(set(opts)) == 4 and "1/8" in opts  # the blue share
    assert _ans("arith-fraction-sum", shape="circle", food="pizza", models=[[4, 3], [8, 5]],
                color="red") == 1.375


def test_money_and_receipt_answers():
    items = [["Pen", 2, 1.15], ["Glue", 3, 0.35]]
    assert _ans("arith-receipt-total", theme="stationery", currency="$", items=items,
                line_totals=False) == pytest.approx(3.35, abs=1e-9)
    assert _ans("arith-receipt-change", theme="stationery", currency="$", items=items, paid=5,
                show_total=False) == pytest.approx(1.65, abs=1e-9)
    tags = [["Ball", 1, 2.5], ["Kite", 1, 7.25], ["Car", 1, 4.0]]
    assert _ans("arith-price-tags", theme="toys", currency="€", items=tags) == 4.75
    base = dict(theme="stationery", currency="$", items=[["Pen", 2, 5.0], ["Glue", 1, 2.35]])
    assert _ans("arith-receipt-percent", mode="tax", rate=8, **base) == 13.34  # 12.35 * 1.08
    assert _ans("arith-receipt-percent", mode="discount", rate=25, **base) == 9.26  # 9.2625
    assert _ans("arith-money-total", currency="$", coins=[25, 10, 5, 1], notes=[5]) == 5.41
    assert _ans("arith-money-total", currency="£", coins=[200, 50, 2], notes=[10]) == 12.52


def test_compound_interest_answers():
    # 2000 * (1 + 0.05/4)^12 = 2321.509...
    assert _ans("arith-compound-interest", deposit=2000, rate=5.0, freq="quarterly", years=3,
                currency="$") == 2321.51
    assert _ans("arith-compound-interest", deposit=1000, rate=5.0, freq="continuously",
                years=2, currency="$") == round(1000 * math.e ** 0.1, 2) == 1105.17
    assert _ans("arith-compound-interest", deposit=1000, rate=4.0, freq="yearly", years=2,
                currency="$") == 1081.6


def test_measuring_tally_and_bar_model_answers():
    assert _ans("arith-ruler-length", unit="cm", length=10, minor=2, s=3, e=14, item="pencil",
                color="red") == 5.5
    sc = ["°C", -10, 30, 5, 5]
    assert _ans("arith-thermometer-rise", scale=sc, j=[2, 17]) == 15  # -8 -> 7
    assert _ans("arith-thermometer-fahrenheit", scale=sc, j=[33]) == pytest.approx(73.4)
    assert _ans("arith-tally-difference", theme=0, names=["Apple", "Pear", "Mango"],
                counts=[5, 12, 3]) == 9
    cols = ["red", "blue"]
    assert _ans("arith-bar-model", style="part", colors=cols, parts=[12, 20, 8], hide=1) == 20
    assert _ans("arith-bar-model", style="whole", colors=cols, parts=[12, 20], hide=0) == 32
    assert _ans("arith-bar-model", style="groups_part", colors=cols, n=4, v=9) == 9
    assert _ans("arith-bar-model", style="groups_total", colors=cols, n=4, v=9) == 36
    assert _ans("arith-bar-model", style="compare", colors=cols, a=30, d=12) == 12
    spec = ARITH["arith-bar-model"].diagram(dict(style="groups_part", colors=cols, n=4, v=9))
    assert spec.bar_model.total_label == "36"


def test_canonical_variants_and_mc_ground_truth():
    v = make_variant("arith-missing-number", 0, seed=3)
    assert v.spec.equation.lines == ["3 × ? = 12"] and v.ground_truth == "4"
    v = make_variant("arith-clock-read-time", 0, seed=3)
    assert v.ground_truth == "3:45"
    v = make_variant("arith-compound-interest", 0, seed=3)
    assert v.ground_truth == "2321.51"
    for i in range(20):
        v = make_variant("arith-fraction-color", i, seed=1)
        assert v.choices["ABCDE".index(v.ground_truth)] == ARITH["arith-fraction-color"].answer(
            v.params)
