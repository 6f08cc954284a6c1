"""MAVIS-Caption writer for the "arithmetic" family (clocks, number lines, equation cards,
receipts, money, fraction models, tallies, rulers, thermometers, bar models).

Rule-based: an opening sentence (24 phrasings, each with a varied noun phrase for the kind of
picture) and detail sentences built from the renderer's facts only, so every number a caption
states is one the picture shows or implies (times, prices, counts, fractions, readings).
Counts of things are written as words; numbers are formatted with ``fmt_num`` as drawn.

    python -c "import numpy as np, renderers; from engines.mavis.arithmetic.caption import caption; \
f = renderers.get_family('arithmetic'); s = f.sample_spec(np.random.default_rng(0)); \
print(caption(s, f.facts(s), np.random.default_rng(0)))"
"""
from __future__ import annotations

import numpy as np

from engines.mavis.registry import caption_writer
from engines.mavis.text import article, join_list, pick
from renderers.spec import rng_choice
from renderers.text import fmt_num

OPENERS = (
    "The image shows {what}.", "This picture contains {what}.", "Pictured here {be} {what}.",
    "In this diagram we see {what}.", "Here we have {what}.", "The figure presents {what}.",
    "Shown {be} {what}.", "This is an illustration of {what}.", "The drawing depicts {what}.",
    "Displayed in the image {be} {what}.", "A math worksheet picture: {what}.",
    "We are looking at {what}.", "This elementary math figure shows {what}.",
    "The illustration features {what}.", "On display {be} {what}.", "The picture is of {what}.",
    "Visible in the image {be} {what}.", "This arithmetic diagram presents {what}.",
    "Drawn here {be} {what}.", "The scene consists of {what}.", "Take a look at {what}.",
    "What we see: {what}.", "The graphic shows {what}.", "This image depicts {what}.",
)
WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
         "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen")
UNIT_WORDS = {"cm": ("centimetres", "cm"), "in": ("inches", "in")}


def _be(what: str) -> str:
    """The verb an opener puts before ``what``: "is" for "a card ...", "some money ...",
    "one coin"; "are" for "two clocks", "price tags from ...", "one banknote and two coins"."""
    one = what.startswith(("a ", "an ", "some ")) or (what.startswith("one ")
                                                      and " and " not in what)
    return "is" if one else "are"


def word(n: int) -> str:
    return WORDS[n] if 0 <= n < len(WORDS) else "many"


def _plural(n: int, noun: str) -> str:
    return f"{word(n)} {noun}{'' if n == 1 else 's'}"


def _money(cur: str, x: float) -> str:
    return f"{cur}{x:.2f}"


# ----------------------------------------------------------------------------- per kind


def _clock(f: dict, rng) -> tuple[str, list[str]]:
    n = f["n_clocks"]
    what = (rng_choice(rng, ("an analogue clock", "a round clock face with two hands",
                             "a wall clock with an hour hand and a minute hand"))
            if n == 1 else rng_choice(rng, (f"{word(n)} analogue clocks side by side",
                                            f"a pair of clock faces", f"{word(n)} clocks")))
    out = []
    for c in f["clocks"]:
        who = f"the clock labelled {c['caption']}" if c["caption"] else "the clock"
        out.append(pick(rng, ("{Who} shows {t}.", "On {who} the time is {t}.",
                              "The hands of {who} point to {t}.", "{Who} reads {t}."),
                        who=who, Who=who[0].upper() + who[1:], t=c["time"]))
        if rng.random() < 0.5:
            out.append(pick(rng, ("Its minute hand points to {m} minutes past the hour.",
                                  "The hands are {a} degrees apart.",
                                  "The hour hand has turned {h} degrees from twelve o'clock."),
                            m=c["minute"], a=fmt_num(c["hands_angle_deg"]),
                            h=fmt_num(c["hour_hand_deg"])))
        style = {"roman": "Roman numerals mark the hours.",
                 "none": "The face has tick marks but no numbers.",
                 "arabic": "The hours are numbered around the rim."}[c["numerals"]]
        if rng.random() < 0.4:
            out.append(style)
    if "elapsed_minutes" in f:
        out.append(pick(rng, ("From the first clock to the last, {e} minutes pass.",
                              "The time difference between the clocks is {e} minutes.",
                              "Going forward, {e} minutes separate the two times."),
                        e=f["elapsed_minutes"]))
    return what, out


def _number_line(f: dict, rng) -> tuple[str, list[str]]:
    what = rng_choice(rng, ("a number line", "a horizontal number line with tick marks",
                            "a number line with labelled ticks", "a marked number line"))
    out = [pick(rng, ("It runs from {a} to {b} with a tick every {t}.",
                      "The ticks go from {a} to {b} in steps of {t}.",
                      "The line is scaled from {a} to {b}, one tick per {t}."),
                a=fmt_num(f["start"]), b=fmt_num(f["stop"]), t=fmt_num(f["tick"]))]
    labs = f["tick_labels"]
    if len(labs) < f["n_ticks"]:
        out.append(pick(rng, ("Only some ticks carry numbers: {l}.",
                              "Numbers are written at {l}.", "The labelled ticks are {l}."),
                        l=join_list([fmt_num(v) for v in labs])))
    for m in f["marks"]:
        out.append(pick(rng, ("Point {n} is {ac} dot at {v}.", "{Ac} point {n} marks {v}.",
                              "The {c} dot labelled {n} sits at {v}."),
                        n=m["name"], c=m["color"], ac=article(m["color"]),
                        Ac=article(m["color"]).capitalize(), v=fmt_num(m["value"])))
    if f["jumps"]:
        j = f["jumps"]
        out.append(pick(rng, ("{K} hops of {d} each jump from {a} to {b}.",
                              "Arcs show {k} equal jumps of {d}, starting at {a} and ending "
                              "at {b}."),
                        K=word(len(j)).capitalize(), k=word(len(j)),
                        d=fmt_num(abs(j[0]["length"])), a=fmt_num(j[0]["start"]),
                        b=fmt_num(j[-1]["end"])))
    return what, out


def _equation(f: dict, rng) -> tuple[str, list[str]]:
    n = f["n_lines"]
    what = (rng_choice(rng, ("an equation card", "a card with a number sentence",
                             "a missing-number equation")) if n == 1 else
            rng_choice(rng, (f"a card with {word(n)} equations", "a shape puzzle of equations",
                             f"{word(n)} number sentences with symbols")))
    out = [pick(rng, ("It reads: {l}.", "The card says {l}.", "Written on it: {l}."),
                l="; ".join(f["lines"]))]
    if f["symbols"]:
        cols = [f"the {s} is {f['colors'][s]}" for s in f["symbols"]]
        out.append(pick(rng, ("Each shape stands for a number; {c}.",
                              "The symbols are coloured shapes: {c}.",
                              "Shapes replace numbers here, and {c}."), c=join_list(cols)))
    if f["unknown_box"]:
        out.append(rng_choice(rng, ("A box with a question mark marks the unknown.",
                                    "The value to find is shown as a question mark.",
                                    "One slot holds a question mark.")))
    return what, out


def _receipt(f: dict, rng) -> tuple[str, list[str]]:
    cur = f["currency"]
    if f["style"] == "tags":
        what = rng_choice(rng, (f"price tags from {f['store']}", "a shelf of price tags",
                                f"{word(f['n_items'])} price tags"))
        # "Crayons cost", "Ball costs": the items' plural names end in s, singular ones never
        items = [f"{it['name']} cost{'' if it['name'].endswith('s') else 's'} "
                 f"{_money(cur, it['price'])}" for it in f["items"]]
        out = [pick(rng, ("The tags say: {l}.", "Prices: {l}.", "On the tags, {l}."),
                    l=join_list(items))]
        return what, out
    what = rng_choice(rng, (f"a receipt from {f['store']}", "a shop receipt",
                            f"a till slip from {f['store']}", "a printed bill"))
    out = []
    for it in f["items"]:
        s = pick(rng, ("{q} × {n} at {p} each", "{n}: {q} at {p}", "{q} {n} for {p} apiece"),
                 q=it["qty"], n=it["name"], p=_money(cur, it["price"]))
        if f["line_totals_shown"]:
            s += f" (amount {_money(cur, it['line_total'])})"
        out.append(s)
    lines = [pick(rng, ("It lists {l}.", "The items are {l}.", "Bought: {l}."),
                  l=join_list(out))]
    if f["total_shown"]:
        lines.append(pick(rng, ("The printed total of the items is {t}.",
                                "The items add up to {t}, as printed."),
                          t=_money(cur, f["subtotal"])))
    elif rng.random() < 0.3:
        lines.append(f"No total is printed, though the items come to {_money(cur, f['subtotal'])}.")
    for k, v in f["rows"].items():
        lines.append(pick(rng, ("A line below reads {k}: {v}.", "It also shows {k} {v}."),
                          k=k, v=v))
    return what, lines


def _money_kind(f: dict, rng) -> tuple[str, list[str]]:
    cur, name = f["currency"], f["currency_name"]
    parts = []
    if f["n_notes"]:
        parts.append(_plural(f["n_notes"], "banknote"))
    if f["n_coins"]:
        parts.append(_plural(f["n_coins"], "coin"))
    what = rng_choice(rng, (join_list(parts), f"some money in {name}", "a pile of coins"
                            if not f["n_notes"] else "coins and banknotes"))
    pieces = [f"{word(k)} {v}{'s' if k > 1 and v.endswith('note') else ''}"
              for v, k in f["counts"].items()]
    out = [pick(rng, ("There are {l}.", "The pieces are {l}.", "Counting them: {l}."),
                l=join_list(pieces))]
    out.append(pick(rng, ("Altogether the money is worth {t}.", "In total that makes {t}.",
                          "The sum of all pieces is {t}."), t=_money(cur, f["total"])))
    return what, out


def _fraction(f: dict, rng) -> tuple[str, list[str]]:
    n = f["n_models"]
    what = (rng_choice(rng, ("a fraction model", "a shape divided into equal parts",
                             "a partly shaded whole")) if n == 1
            else rng_choice(rng, (f"{word(n)} fraction models", f"{word(n)} shaded wholes",
                                  "fraction pictures to compare")))
    out = []
    for m in f["models"]:
        shape = {"bar": "bar", "circle": "circle"}[m["shape"]]
        who = m["caption"] or "it"
        # "1 are coloured", "The bar it has": the verb agrees with the count, and a model
        # with no caption is the bar, the circle
        s = pick(rng, ("{w} is a {s} cut into {p} equal parts with {k} shaded, so {fr} is shaded.",
                       "{t} has {p} equal parts; {k} {v} coloured ({fr}).",
                       "In {i}, {k} of the {p} parts of the {s} {v} filled: {fr}."),
                 w=who, s=shape, p=m["parts"], k=m["shaded"], fr=m["fraction"],
                 t=f"the {shape} {m['caption']}" if m["caption"] else f"the {shape}",
                 i=m["caption"] or "the picture", v="is" if m["shaded"] == 1 else "are")
        out.append(s[0].upper() + s[1:])
        if len(m["by_color"]) > 1:
            out.append("The coloured parts are " + join_list(
                [f"{k} {c}" for c, k in m["by_color"].items()]) + ".")
        elif m["by_color"] and rng.random() < 0.5:
            out.append(f"The shading is {next(iter(m['by_color']))}.")
    if n > 1 and rng.random() < 0.6:
        out.append(f"Together the shaded parts make {f['shaded_sum_fraction']} of a whole.")
    return what, out


def _tally(f: dict, rng) -> tuple[str, list[str]]:
    what = rng_choice(rng, (f"a tally chart titled {f.get('title', f['header'])}",
                            "a tally chart", f"a tally table of {f['header'].lower()} counts"))
    rows = [f"{k} {v}" for k, v in f["rows"].items()]
    out = [pick(rng, ("The tallies count {l}.", "Reading the marks: {l}.",
                      "Each bundle of five is crossed; the counts are {l}."), l=join_list(rows))]
    out.append(pick(rng, ("There are {t} marks in all.", "The counts total {t}.",
                          "{m} has the most marks, {x}.", "The largest count is {x} ({m})."),
                    t=f["total"], m=join_list(f["most"]), x=f["max"]))
    return what, out


def _ruler(f: dict, rng) -> tuple[str, list[str]]:
    long_u, short_u = UNIT_WORDS[f["unit"]]
    what = rng_choice(rng, (f"a {f['item']} on a ruler", f"a ruler measuring a {f['item']}",
                            f"{article(f['color'])} {f['item']} above a ruler"))
    u = rng_choice(rng, (long_u, short_u))
    if u == long_u and f["item_length"] == 1:  # "1 inch", not "1 inches"
        u = {"inches": "inch", "centimetres": "centimetre"}[u]
    out = [pick(rng, ("The ruler is marked in {u} up to {L}.",
                      "The scale shows {u}, numbered up to {L}."), u=long_u, L=f["ruler_length"]),
           pick(rng, ("The {i} starts at {a} and ends at {b}, so it is {d} {u} long.",
                      "From {a} to {b}: the {i} measures {d} {u}.",
                      "Its left end is at {a} and its right end at {b}; length {d} {u}."),
                i=f["item"], a=fmt_num(f["start"]), b=fmt_num(f["end"]),
                d=fmt_num(f["item_length"]), u=u)]
    return what, out


def _thermometer(f: dict, rng) -> tuple[str, list[str]]:
    n = f["n_readings"]
    unit = f["unit"]
    what = (rng_choice(rng, ("a thermometer", "a liquid thermometer", "a temperature scale"))
            if n == 1 else rng_choice(rng, (f"{word(n)} thermometers",
                                            "thermometers side by side")))
    out = [pick(rng, ("The scale goes from {a} to {b} {u}.", "Its scale reads {a}{u} to {b}{u}.",
                      "Marks run from {a} up to {b} {u}."),
                a=fmt_num(f["lo"]), b=fmt_num(f["hi"]), u=unit)]
    for r in f["readings"]:
        who = f"the {r['caption']} thermometer" if r["caption"] else "the thermometer"
        out.append(pick(rng, ("The liquid in {w} reaches {v}{u}.", "{W} reads {v}{u}.",
                              "{W} shows a temperature of {v}{u}."),
                        w=who, W=who[0].upper() + who[1:], v=fmt_num(r["value"]), u=unit))
    if "difference" in f:
        out.append(f"The readings differ by {fmt_num(f['difference'])} degrees.")
    return what, out


def _bar_model(f: dict, rng) -> tuple[str, list[str]]:
    n = f["n_bars"]
    what = (rng_choice(rng, ("a bar model", "a tape diagram", "a part-whole bar model"))
            if n == 1 else rng_choice(rng, ("a comparison bar model", f"{word(n)} tape diagrams",
                                            f"{word(n)} bars in a bar model")))
    out = []
    for b in f["bars"]:
        labels = [p["label"] or "blank" for p in b["parts"]]
        who = f"the {b['name']} bar" if b["name"] else "the bar"
        s = pick(rng, ("{w} has {k} labelled {l}.", "{w} is split into {k}: {l}."),
                 w=who, k=_plural(b["n_parts"], "part"), l=join_list(labels))
        out.append(s[0].upper() + s[1:])
    if f["total_label"]:
        out.append(pick(rng, ("A bracket over the top bar is labelled {t}.",
                              "The whole is marked {t} above the bar."), t=f["total_label"]))
    return what, out


_KINDS = {"clock": _clock, "number_line": _number_line, "equation": _equation,
          "receipt": _receipt, "money": _money_kind, "fraction": _fraction, "tally": _tally,
          "ruler": _ruler, "thermometer": _thermometer, "bar_model": _bar_model}


@caption_writer("arithmetic", n_phrasings=len(OPENERS))
def caption(spec, facts: dict, rng: np.random.Generator) -> str:
    what, details = _KINDS[facts["kind"]](facts, rng)
    first = pick(rng, OPENERS, what=what, be=_be(what))
    if facts.get("title") and facts["kind"] != "tally":
        details.insert(0, f"Its title is {facts['title']}.")
    return " ".join([first[0].upper() + first[1:]] + details)
