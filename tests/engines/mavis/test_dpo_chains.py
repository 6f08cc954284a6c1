"""DPO rejected chains, checked over a few hundred problems of every family: one error of the
named kind, made at one step of the chosen chain and carried through to a wrong answer; the
givens restated as given (but the one a misread chain misreads); misreads a reader makes;
slips close to the step's right result; and the integral's shaded region inside the window."""
import re

import numpy as np
import pytest

from engines.mavis import registry
from engines.mavis.dpo import engine_pair, wrong_chains
from engines.mavis.problem import LETTERS, fmt_answer

NUM = re.compile(r"(?<![\w.])-?\d+(?:\.\d+)?(?:/\d+)?(?![\w.]?\d)")


def _num(tok: str) -> float:
    a, _, b = tok.partition("/")
    return round(float(a) / float(b) if b else float(a), 2)


def _statements(text: str, given: str) -> list[list[str]]:
    """The values ``text`` restates the given ``given`` with: "AB = 9" (also "BA = 9",
    "∠EDA = 40°" for "∠ADE = 40°") where the value ends the statement, "P(-3, 6)" for a
    point."""
    m = re.fullmatch(r"(?:the (?:vertex|point) )?([A-Z]\w*)\((\S+), (\S+)\)", given)
    if m:
        return [list(x) for x in re.findall(rf"(?<!\w){m[1]}\((-?[\d.]+), (-?[\d.]+)\)", text)]
    m = re.fullmatch(r"(∠?)([A-Za-z]{1,3}) = (-?\d+(?:\.\d+)?)°?", given)
    if not m:
        return []
    out = []
    for name in {m[2], m[2][::-1]}:
        for v, after in re.findall(rf"(?<![\w∠]){m[1]}{name} = (-?\d+(?:\.\d+)?)°?(.?.?)",
                                   text):
            if not re.match(r"[\d.]|\s*[-+−·×*/^(]", after):
                out.append([v])
    return out


def _given_values(p) -> dict[str, list[str]]:
    out = {}
    for g in p.givens:
        m = re.fullmatch(r"(?:the (?:vertex|point) )?([A-Z]\w*)\((\S+), (\S+)\)", g.text)
        m2 = re.fullmatch(r"∠?[A-Za-z]{1,3} = (-?\d+(?:\.\d+)?)°?", g.text)
        if m:
            out[g.text] = [m[2], m[3]]
        elif m2:
            out[g.text] = [m2[1]]
    return out


def _first_diff(a: list[str], b: list[str]) -> int:
    return next(i for i, (x, y) in enumerate(zip(a, b)) if x != y)


def _recognised_slip(right: float, got: float) -> bool:
    """A slip of a result: close to it, its sign turned, its decimal point moved, or its
    digits in another order."""
    digits = lambda v: sorted(re.sub(r"\D", "", fmt_answer(abs(v))))  # noqa: E731
    return (abs(got - right) <= max(1.0, 0.15 * abs(right)) + 1e-9 or got == -right or
            any(abs(got - v) <= 0.01 * abs(v) + 0.01 for v in (right * 10, right / 10)) or
            digits(got) == digits(right))


def _check_chain(p, cot: list[str], kind: str, value) -> None:
    chosen = list(p.cot)
    text = "\n".join(cot)
    assert fmt_answer(value) != p.answer_text()
    # one error at one step: the steps before it are the chosen ones, the steps after it
    # that the error does not touch stay where the chosen chain has them
    e = _first_diff(chosen, cot)
    assert len(cot) == len(chosen), (chosen, cot)
    assert all(s == chosen[i] for i, s in enumerate(cot) if s in chosen), (chosen, cot)
    assert chosen[-1] not in cot, (chosen, cot)  # the chosen final statement is not kept
    # the givens restated as given, but for the one a misread chain reads wrong
    changed = {g for g, vals in _given_values(p).items()
               if any(v != vals for v in _statements(text, g))}
    assert not changed or (kind == "misread_value" and len(changed) == 1), (changed, cot)
    if kind == "arithmetic_slip":
        # the step's first changed number is a slip of the right one
        pairs = [(_num(x), _num(y)) for x, y in zip(NUM.findall(chosen[e]),
                                                    NUM.findall(cot[e])) if x != y]
        assert pairs and _recognised_slip(*pairs[0]), (chosen[e], cot[e])
        if p.family != "plane_geometry" and not p.wrong_chains:  # a generic slip: the step
            # as written, but for its result (an exact value and its decimal)
            assert NUM.sub("#", chosen[e]) == NUM.sub("#", cot[e]), (chosen[e], cot[e])
            assert len(pairs) <= 2 and _recognised_slip(*pairs[-1]), (chosen[e], cot[e])


SAMPLES = {"analytic_geometry": 250, "function": 300, "plane_geometry": 200,
           "solid_geometry": 250}


@pytest.mark.parametrize("name", registry.instruct_families())
def test_every_rejected_chain_is_one_carried_error(name):
    """Every wrong chain a problem offers (the family's own and the generic ones), over a few
    hundred problems: one error of its kind carried through, givens kept, slips close."""
    make = registry.get_problem_maker(name)
    kinds, n_chains = set(), 0
    for s in range(SAMPLES[name]):
        p = make(np.random.default_rng(s))
        for w in wrong_chains(p):
            _check_chain(p, w.cot, w.kind, w.value)
            kinds.add(w.kind)
            n_chains += 1
    assert n_chains >= SAMPLES[name]
    assert {"wrong_formula", "arithmetic_slip"} <= kinds, kinds


@pytest.mark.parametrize("name", registry.instruct_families())
def test_pairs_hold_one_carried_error_and_their_answer_among_the_options(name):
    """Pairs as the builder makes them: the rejected answer is an option of a multiple-choice
    prompt, the rejected chain one carried error; a problem with no plausible wrong chain
    (a text answer, an answer no step works out) gives no pair."""
    make = registry.get_problem_maker(name)
    skipped = 0
    for s in range(150):
        p = make(np.random.default_rng(s))
        rng = np.random.default_rng(s)
        if not wrong_chains(p):
            skipped += 1
            with pytest.raises(ValueError, match="no wrong solution"):  # nor a misread
                engine_pair(p, "text_dominant", rng, multiple_choice=bool(s % 2))
            continue
        pair = engine_pair(p, "text_lite", rng, multiple_choice=bool(s % 2), answer_at=s % 4)
        rejected = pair["rejected"].split("\n")
        got = re.fullmatch(r"The answer is (.+?)\.", rejected[-1])[1]
        if pair["choices"]:
            letter, value = got.split(": ")
            assert pair["choices"][LETTERS.index(letter)] == value != p.answer_text()
            assert pair["answer"] == LETTERS[s % 4] and len(set(pair["choices"])) == 4
            assert f"{letter}: {value}" in pair["prompt"]
        else:
            value = got
        assert pair["chosen"].split("\n")[:-1] == p.cot
        _check_chain(p, rejected[:-1], pair["rejected_source"], value)
    assert skipped <= (0.45 if name == "function" else 0.06) * 150, skipped


def test_plane_geometry_misreads_are_values_a_reader_takes_the_given_for(monkeypatch):
    """A misread length or angle is another given of its kind, the value with a digit taken
    for a like one (6/9, 1/7, 3/8) or its digits turned around; never a made-up x.5; an angle
    read stays acute or obtuse as drawn."""
    import engines.mavis.plane_geometry.problem as pg

    seen = []

    def record(givens, rng):
        got = misread(givens, rng)
        seen.extend(((g, read), [(o.key, o.value) for o in givens if o.value is not None])
                    for g, read, _ in got)
        return got
    misread = pg._misread
    monkeypatch.setattr(pg, "_misread", record)
    like = {"6": "9", "9": "6", "1": "7", "7": "1", "3": "8", "8": "3"}
    kinds = []
    for s in range(200):
        p = pg.make_problem(np.random.default_rng(s))
        kinds += [w.kind for w in p.wrong_chains]
    assert kinds.count("misread_value") >= 100
    for (g, read), givens in seen:
        true = fmt_answer(g.value)
        looks = {true[:i] + like[c] + true[i + 1:] for i, c in enumerate(true) if c in like}
        same_kind = {fmt_answer(v) for k, v in givens if k[:3] == g.key[:3]}
        assert fmt_answer(read) in (same_kind | looks | {true[::-1]}) - {true}, (g, read)
        assert read > 0
        if g.key.startswith("ang:"):
            assert (read < 90) == (g.value < 90) and read < 180


def test_plane_geometry_wrong_formula_step_comes_where_the_right_one_stands():
    """The wrong formula replaces the rule's own step after the steps it builds on ("Since
    ABCD is a square, DA = AB = 9" before "In triangle DAE, ED = DA · sin ∠EDA")."""
    from engines.mavis.plane_geometry.problem import make_problem

    n = 0
    for s in range(200):
        p = make_problem(np.random.default_rng(s))
        for w in p.wrong_chains:
            if w.kind == "wrong_formula":
                e = _first_diff(p.cot, w.cot)
                assert len(w.cot) == len(p.cot), (p.cot, w.cot)
                lead = re.match(r"In triangle [A-Z]+, ", p.cot[e])
                assert not lead or w.cot[e].startswith(lead.group()), (p.cot[e], w.cot[e])
                n += 1
    assert n >= 100


def test_integral_region_lies_inside_the_window():
    """The shaded region between f and the x-axis from a to b is inside the drawn window (off
    its frame), in every version's diagram."""
    from engines.mavis.function.problem import make_problem
    from renderers.function.spec import evaluate

    for s in range(200):
        p = make_problem(np.random.default_rng(s), target="integral")
        for sp in (p.spec, p.vision_spec, p.bare_spec):
            a, b = sp.shade
            ys = evaluate(sp.curves[0], np.linspace(a, b, 401))
            assert sp.xmin < a < b < sp.xmax and sp.ymin <= 0 <= sp.ymax
            assert sp.ymin < ys.min() and ys.max() < sp.ymax, (s, p.cot[0], sp.ymin, sp.ymax)
