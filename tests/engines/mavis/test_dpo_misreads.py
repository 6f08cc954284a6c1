"""A DPO pair's misread is a misreading of its version's figure: the rejected chain misreads
only a given the figure shows and the question's text does not state (none in text_dominant,
whose text states every given); a piecewise formula misread is the formula the chain writes."""
import re

import numpy as np

from engines.mavis.dpo import engine_pair, wrong_chains
from engines.mavis.function.problem import make_problem as function_problem
from engines.mavis.plane_geometry.problem import make_problem as plane_problem
from engines.mavis.problem import distinct_versions, question_text


def _misread_givens(p, rejected: str) -> set[str]:
    """The givens (by text: "AB = 7", "∠DAB = 70°") a rejected chain restates with another
    value ("DA = AB = 1.", "BA = 1 ·" is no restatement)."""
    out = set()
    for g in p.givens:
        m = re.fullmatch(r"(∠?)([A-Z]{2,3}) = (\d+(?:\.\d+)?)°?", g.text)
        if not m:
            continue
        for name in {m[2], m[2][::-1]}:
            for v in re.findall(rf"(?<![\w∠]){m[1]}{name} = (\d+(?:\.\d+)?)°?"
                                r"(?![\d.]?\d|\s*[-+−·×*/^(])", rejected):
                if v != m[3]:
                    out.add(g.text)
    return out


def test_plane_geometry_pairs_misread_only_what_the_figure_alone_shows():
    """Pairs as the builder makes them, in every version of 300 problems: a misread_value
    rejected chain never in text_dominant, and never of a given the prompt states ("Given
    OA = 10." then "The radius of circle O is OA = 70.")."""
    seen = {"text_lite": 0, "vision_dominant": 0}
    checked = 0
    for s in range(300):
        p = plane_problem(np.random.default_rng(s))
        if not wrong_chains(p):
            continue  # the builder draws the next problem
        for v in distinct_versions(p):
            pair = engine_pair(p, v, np.random.default_rng(s), multiple_choice=bool(s % 2),
                               answer_at=s % 4)
            if pair["rejected_source"] != "misread_value":
                continue
            assert v != "text_dominant", (s, pair["prompt"], pair["rejected"])
            seen[v] += 1
            changed = _misread_givens(p, pair["rejected"])
            checked += bool(changed)
            for g in changed:
                assert g not in pair["prompt"], (s, v, g, pair["prompt"], pair["rejected"])
    assert min(seen.values()) >= 20 and checked >= 30, (seen, checked)


def test_misread_chains_fit_the_version_they_are_offered_in():
    """``wrong_chains`` in a version offers a misread only of a given that version's question
    leaves to the figure; without a version (the builder's test that a problem has a pair in
    any version) it offers none."""
    n_misread = 0
    for s in range(200):
        for p in (plane_problem(np.random.default_rng(s)),
                  function_problem(np.random.default_rng(s), target="piece_zero")):
            assert all(w.kind != "misread_value" for w in wrong_chains(p))
            for v in distinct_versions(p):
                q = question_text(p, v)
                for w in wrong_chains(p, version=v):
                    if w.kind != "misread_value":
                        continue
                    n_misread += 1
                    assert v != "text_dominant"
                    g = next(g for g in p.givens if w.given in (g.text, g.value))
                    assert g.text not in q, (s, v, g.text, q)
                    # a value read as another given's: that one the figure's too ("6" read
                    # as "16" where only the text gives AB = 16 is no misreading of it)
                    if w.taken_for is not None:
                        assert w.taken_for not in q, (s, v, w.taken_for, q)
    assert n_misread >= 200, n_misread


def test_plane_geometry_misreads_leave_a_figure():
    """No misread chain works with a figure that is none: a zero angle, length or area ("cos
    ∠BAC = BA / AC = 5.5 / 5.5, so ∠BAC = 0°") or a negative length."""
    n = 0
    for s in range(300):
        p = plane_problem(np.random.default_rng(s))
        for w in p.wrong_chains:
            if w.kind == "misread_value":
                n += 1
                for t in w.cot:
                    assert not re.search(r"[=≈] 0°?(?![.\d]?\d)|(?<![\w.])-\d", t), t
    assert n >= 300, n


def test_piecewise_misread_chain_writes_the_formula_it_works_with():
    """A piecewise zero problem's misread chain opens with the formula as misread, and each
    piece's step solves that piece as the opening states it ("f(x) = x + 3 for x < 1; ..."
    then "On x < 1: x + 3 = 0"), not the right formula and then another piece."""
    n = 0
    for s in range(150):
        p = function_problem(np.random.default_rng(s), target="piece_zero")
        for w in p.wrong_chains:
            if w.kind != "misread_value":
                continue
            n += 1
            assert w.cot[0] != p.cot[0]
            m = re.match(r"The function is f\(x\) = (.+); solve f\(x\) = 0", w.cot[0])
            pieces = [re.fullmatch(r"(.+) for (.+)", t).groups() for t in m[1].split("; ")]
            steps = [t for t in w.cot[1:] if t.startswith("On ")]
            assert len(steps) == len(pieces)
            for (poly, cond), step in zip(pieces, steps):
                assert step.startswith(f"On {cond}: {poly} = 0"), (w.cot[0], step)
    assert n >= 100, n
