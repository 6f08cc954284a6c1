"""Perception questions on arithmetic pictures (everyday objects): what object is shown, and per
kind what it counts: coins and notes, clocks and the time one shows, tally rows and the most
common row, fraction models and their parts, receipt items, thermometer readings and the scale's
unit, the ruler's unit and the measured item.

Each is answered from the diagram's facts and needs the image to answer (see
engines/mavis/perception.py for how they are asked, open or yes/no, and balanced).

    python -c "import numpy as np, renderers; from engines.mavis.perception import \
perception_questions as q; f = renderers.get_family('arithmetic'); \
print(q('arithmetic', f.facts(f.sample_spec(np.random.default_rng(0)))))"
"""
from __future__ import annotations

from engines.mavis.perception import TYPE_WEIGHT, Ask, ask, asker, collect, unique_arg, words

KINDS = {"thermometer": "thermometer", "money": "set of coins and banknotes", "ruler": "ruler",
         "tally": "tally chart", "bar_model": "bar model", "number_line": "number line",
         "fraction": "fraction model", "receipt": "receipt", "clock": "clock",
         "equation": "equation"}
UNIT_NAMES = {"cm": "centimetres", "in": "inches"}  # "Is the ruler marked in in?" misreads


def _is(f: dict, kind: str) -> None:
    if f["kind"] != kind:
        raise ValueError("another kind")


def _object(f: dict) -> Ask:
    """What object is shown: the pieces of money there are, price tags for tags (not a
    receipt); money's other name is not offered against a picture it half fits."""
    name = KINDS.get(f["kind"], words(f["kind"]))
    others = sorted(set(KINDS.values()))
    if f["kind"] == "money":
        name = {(True, True): KINDS["money"], (True, False): "set of coins",
                (False, True): "set of banknotes"}[(f["n_coins"] > 0, f["n_notes"] > 0)]
        others = [o for o in others if o != KINDS["money"]]
    elif f["kind"] == "receipt" and f["style"] == "tags":
        name = "set of price tags"
    return ask("What object is shown?", name, "Is the object shown {a}?", others=others,
               weight=TYPE_WEIGHT)


def _labelled(thing: str, caption: str) -> str:
    """'the clock labelled "Leave"': a caption as a name read as one ("Does Leave show ...")."""
    return f'the {thing} labelled "{caption}"'


@asker("arithmetic")
def questions(f: dict) -> list[Ask]:
    return collect(
        f,
        _object,
        lambda f: _is(f, "money") or ask("How many coins are shown?", f["n_coins"],
                                         "Are {} coins shown?|Is 1 coin shown?"),
        lambda f: _is(f, "money") or ask("How many banknotes are shown?", f["n_notes"],
                                         "Are {} banknotes shown?|Is 1 banknote shown?"),
        lambda f: _is(f, "clock") or ask("How many clocks are shown?", f["n_clocks"],
                                         "Are {} clocks shown?|Is 1 clock shown?"),
        lambda f: _is(f, "clock") or ask("What time does {name} show?", f["clocks"][0]["time"],
                                         "Does {name} show {}?",
                                         others=[c["time"] for c in f["clocks"]],
                                         name=_labelled("clock", f["clocks"][0]["caption"])
                                         if f["clocks"][0]["caption"] else "the clock")
        if f["n_clocks"] == 1 or f["clocks"][0]["caption"] else None,
        lambda f: _is(f, "tally") or ask("How many rows does the tally chart have?",
                                         f["n_rows"], "Does the tally chart have {} rows?"),
        lambda f: _is(f, "tally") or ask("Which row of the tally chart has the most marks?",
                                         unique_arg(f["rows"]),
                                         "Does {} have the most marks?", others=list(f["rows"])),
        lambda f: _is(f, "fraction") or ask("How many fraction models are shown?",
                                            f["n_models"],
                                            "Are {} fraction models shown?|Is 1 fraction model "
                                            "shown?"),
        lambda f: _is(f, "fraction") or ask("Into how many equal parts is {name} divided?",
                                            f["models"][0]["parts"],
                                            "Is {name} divided into {} equal parts?",
                                            name=_labelled("model", f["models"][0]["caption"]))
        if f["models"][0]["caption"] else None,
        lambda f: _is(f, "receipt") or ask("How many different items are listed?",
                                           f["n_items"],
                                           "Are {} different items listed?|Is 1 item listed?"),
        lambda f: _is(f, "thermometer") or ask("In what unit is the scale marked?", f["unit"],
                                               "Is the scale marked in {}?",
                                               others=["°C", "°F"]),
        lambda f: _is(f, "ruler") or ask("What object is being measured?", words(f["item"]),
                                         "Is the object being measured {a}?"),
        lambda f: _is(f, "ruler") or ask("In what unit is the ruler marked?",
                                         UNIT_NAMES.get(f["unit"], f["unit"]),
                                         "Is the ruler marked in {}?",
                                         others=list(UNIT_NAMES.values())),
        lambda f: _is(f, "equation") or ask("How many lines of equations are written?",
                                            f["n_lines"], "Are {} lines of equations written?|"
                                            "Is 1 line of equations written?"),
        lambda f: _is(f, "bar_model") or ask("How many bars are drawn?", f["n_bars"],
                                             "Are {} bars drawn?|Is 1 bar drawn?"),
        lambda f: _is(f, "number_line") or ask("How many jumps are drawn on the number line?",
                                               f["n_jumps"],
                                               "Are {} jumps drawn on the number line?|Is 1 "
                                               "jump drawn on the number line?"),
    )
