"""Backward-chaining machinery for plane-geometry problems (MAVIS-Instruct).

A ``Chain`` holds one rule per quantity ("len:AC", "ang:ACB", "area:2", ...). A rule is a
closure that asks the chain for the quantities it needs, computes its value with one textbook
formula and writes that step. Asking for the target therefore walks BACKWARD through the
figure (semicircle area -> its diameter -> the square's side -> the triangle's hypotenuse ->
the given legs) while the steps come out FORWARD, in the order a student writes them. Givens
are rules too; a given enters the problem only when the chain uses it.

Rules may also record a typical mistake (``Chain.wrong``); re-running the chain with that
wrong value in place (``Chain.counterfactual``) gives a distractor and its wrong step, and
``Chain.rerun`` writes the whole wrong solution (the mistake carried through every later step).
The per-shape rules live in shape_rules.py.

    python -c "from engines.mavis.plane_geometry.chain import *; c = Chain(); \
c.given(seg('A','B'), 6, 'AB = 6'); c.rule('x', lambda: 2 * c(seg('A','B'))); print(c('x'))"
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Callable

from renderers.text import fmt_round as f


def seg(a: str, b: str) -> str:
    return "len:" + "".join(sorted((a, b)))


def ang(a: str, b: str, c: str) -> str:
    return f"ang:{min(a, c)}{b}{max(a, c)}"


@dataclass
class GivenInfo:
    key: str
    value: float | None
    text: str
    show: tuple[str, str] | None  # ("side", "AB") / ("angle", "BAC") / None (a shape fact)


class Chain:
    """Quantities with lazy rules; evaluation order = forward CoT order."""

    def __init__(self) -> None:
        self.rules: dict[str, Callable[[], float]] = {}
        self.memo: dict[str, float] = {}
        self.steps: list[str] = []
        self.givens: list[GivenInfo] = []
        self.wrongs: list[tuple[str, float, str]] = []
        self.given_keys: set[str] = set()
        self.quiet = False

    def has(self, key: str) -> bool:
        return key in self.rules

    def rule(self, key: str, fn: Callable[[], float]) -> None:
        if key not in self.rules:
            self.rules[key] = fn

    def __call__(self, key: str) -> float:
        if key not in self.memo:
            if key not in self.rules:
                raise KeyError(f"no rule for {key}")
            self.memo[key] = float(self.rules[key]())
        return self.memo[key]

    def given(self, key: str, value: float, text: str, show=None) -> None:
        info = GivenInfo(key, value, text, show)
        self.given_keys.add(key)

        def fn():
            if not self.quiet and info not in self.givens:
                self.givens.append(info)
            return value

        self.rules[key] = fn

    def fact(self, text: str, show=None) -> None:
        """A non-numeric given (a shape's kind, a right angle); stated once."""
        if not self.quiet and all(g.text != text for g in self.givens):
            self.givens.append(GivenInfo("fact:" + text, None, text, show))

    def say(self, text: str) -> None:
        if not self.quiet:
            self.steps.append(text)

    def wrong(self, key: str, value: float, text: str) -> None:
        if not self.quiet and math.isfinite(value):
            self.wrongs.append((key, float(value), text))

    def rerun(self, target: str, key: str, replace: Callable[[Callable[[], float]], float]
              ) -> tuple[list[str], float]:
        """The steps and value of ``target`` worked out again with the rule of ``key`` replaced
        by ``replace(original rule)``: an error made at that step, carried through every later
        step. The chain itself is left as it was."""
        saved = self.memo, self.steps, self.wrongs, self.givens, self.rules[key]
        orig = self.rules[key]
        self.memo, self.steps, self.wrongs, self.givens = {}, [], [], list(self.givens)
        self.rules[key] = lambda: replace(orig)
        try:
            value = self(target)
            return list(self.steps), value
        finally:
            self.memo, self.steps, self.wrongs, self.givens, self.rules[key] = saved

    def peek(self, key: str) -> float:
        """The value of ``key`` worked out without writing a step or taking in a given."""
        saved = self.memo, self.quiet, self.wrongs
        self.memo, self.quiet, self.wrongs = dict(self.memo), True, list(self.wrongs)
        try:
            return self(key)
        finally:
            self.memo, self.quiet, self.wrongs = saved

    def counterfactual(self, target: str, key: str, value: float) -> float:
        saved = self.memo, self.quiet
        self.memo, self.quiet = {key: value}, True
        try:
            return self(target)
        finally:
            self.memo, self.quiet = saved


def sq(x: float) -> str:
    return f"{f(x)}²"


def perimeter(ch: Chain, V: list[str], name: str, idx: int) -> None:
    def per():
        vals = [ch(seg(a, b)) for a, b in zip(V, V[1:] + V[:1])]
        terms = " + ".join(f(v) for v in vals)
        ch.wrong(f"per:{idx}", sum(vals) - vals[-1], f"Perimeter of {name} = "
                                                     f"{' + '.join(f(v) for v in vals[:-1])} = "
                                                     f"{f(sum(vals) - vals[-1])}.")
        return say(ch, f"Perimeter of {name} = {terms} = {{v}}.", sum(vals))
    ch.rule(f"per:{idx}", per)


def complement(ch: Chain, other: str, me: str, them: str, name: str):
    """The acute angle ∠me of a right triangle from the other acute angle ∠them."""
    def fn():
        o = ch(other)
        ch.wrong(ang(*me), 180 - o, f"∠{me} = 180° − ∠{them} = 180° − {f(o)}° = {f(180 - o)}°.")
        return say(ch, f"In {name}, ∠{me} = 90° − ∠{them} = 90° − {f(o)}° = {{v}}°.", 90 - o)
    return fn


def eq_side(ch: Chain, side: str, ref: str, ref_key: str, why: str):
    return lambda: say(ch, f"Since {why}, {side} = {ref} = {{v}}.", ch(ref_key))


def say(ch: Chain, template: str, value: float) -> float:
    text = template.replace("{v}", f(value))
    ch.say(text[0].upper() + text[1:])
    return value
