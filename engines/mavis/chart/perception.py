"""Perception questions on chart pictures: chart type, counts (categories, series, bars, points,
slices), the largest and smallest category (only when single), a pair of categories compared,
the title and the axis titles.

Each is answered from the diagram's facts and needs the image to answer (see
engines/mavis/perception.py for how they are asked, open or yes/no, and balanced).

    python -c "import numpy as np, renderers; from engines.mavis.perception import \
perception_questions as q; f = renderers.get_family('chart'); \
print(q('chart', f.facts(f.sample_spec(np.random.default_rng(0)))))"
"""
from __future__ import annotations

from engines.mavis.perception import Ask, ask, asker, collect, unique_arg, words, yes_no

COUNTED = ("bar", "line", "pie")  # kinds whose categories are separate marks to count
# what each kind is called ("Is this a box chart?", "a table chart" misname three of them)
KIND_NAMES = {"bar": "bar chart", "line": "line chart", "pie": "pie chart",
              "scatter": "scatter plot", "histogram": "histogram", "table": "table",
              "box": "box plot"}


def _one_series(f: dict) -> dict:
    if f.get("n_series") != 1 or f["kind"] not in COUNTED:
        raise ValueError("not one series")
    return f["series"][0]["value_of"]


def _pair(f: dict) -> tuple[str, str, dict]:
    """Two categories whose values differ by at least a tenth of the larger (readable)."""
    v = _one_series(f)
    cats = list(v)
    for i in range(len(cats)):
        for j in range(i + 1, len(cats)):
            a, b = v[cats[i]], v[cats[j]]
            if abs(a - b) >= 0.1 * max(abs(a), abs(b)) > 0:
                k = (i * 7 + j * 3 + len(cats)) % (j + 1)  # spread which pair is asked
                return (cats[i], cats[j], v) if k % 2 == 0 else (cats[j], cats[i], v)
    raise ValueError("no readable pair")


def _larger(f: dict) -> Ask:
    a, b, v = _pair(f)
    return ask("Which has the larger value, {a} or {b}?", a if v[a] > v[b] else b,
               "Does {} have the larger value of {a_} and {b_}?", others=[a, b], a=a, b=b,
               a_=a, b_=b)


def _is_larger(f: dict) -> Ask:
    a, b, v = _pair(f)
    return ask("Is the value of {a} greater than the value of {b}?", yes_no(v[a] > v[b]),
               a=a, b=b)


@asker("chart")
def questions(f: dict) -> list[Ask]:
    cats = lambda f: f["categories"]  # noqa: E731
    return collect(
        f,
        lambda f: ask("What type of chart is shown?", KIND_NAMES.get(f["kind"], words(f["kind"])),
                      "Is this {a}?"),
        lambda f: ask("How many categories are shown?", f["n_categories"],
                      "Are {} categories shown?|Is 1 category shown?")
        if f["kind"] in COUNTED else None,
        lambda f: ask("Which category has the largest value?", unique_arg(_one_series(f)),
                      "Does {} have the largest value?", others=cats(f)),
        lambda f: ask("Which category has the smallest value?",
                      unique_arg(_one_series(f), min), "Does {} have the smallest value?",
                      others=cats(f)),
        _larger, _is_larger,
        lambda f: ask("How many data series are shown?", f["n_series"],
                      "Are {} data series shown?|Is 1 data series shown?")
        if f["kind"] in ("bar", "line") else None,
        lambda f: ask("What is the title of the chart?", f["title"],
                      'Is the chart titled "{}"?') if f["title"] else None,
        lambda f: ask("What is the title of the horizontal axis?", f["x_title"],
                      'Is the horizontal axis titled "{}"?', others=[f["y_title"]])
        if f["x_title"] and f["kind"] in ("line", "scatter", "histogram") else None,
        lambda f: ask("What is the title of the vertical axis?", f["y_title"],
                      'Is the vertical axis titled "{}"?', others=[f["x_title"]])
        if f["y_title"] and f["kind"] in ("line", "scatter", "histogram") else None,
        lambda f: ask("How many points are plotted?", f["n_points"],
                      "Are {} points plotted?|Is 1 point plotted?")
        if f["kind"] == "scatter" else None,
        lambda f: ask("Do the points trend upward or downward?", f["trend"],
                      "Do the points trend {}?", others=["upward", "downward"])
        if f["kind"] == "scatter" and f["trend"] in ("upward", "downward") else None,
        lambda f: ask("How many bins does the histogram have?", f["n_bins"],
                      "Does the histogram have {} bins?|Does the histogram have 1 bin?")
        if f["kind"] == "histogram" else None,
        lambda f: ask("How many rows does the table have?", f["n_rows"],
                      "Does the table have {} rows?|Does the table have 1 row?")
        if f["kind"] == "table" else None,
        lambda f: ask("How many boxes are drawn?", f["n_boxes"],
                      "Are {} boxes drawn?|Is 1 box drawn?") if f["kind"] == "box" else None,
    )
