"""MAVIS-Caption writer for the "chart" family (bar, line, pie, scatter, histogram, table, box).

Why rule-based: every number a caption states comes from ``renderers.chart`` facts, formatted
with ``fmt_num`` exactly as the chart shows it, so captions are true by construction. An opening
sentence (24 phrasings) names the chart type and title; detail sentences (several phrasings each)
give the categories, values, extremes with their category, totals, percentages, bins, quartiles
or the trend, in a shuffled order.

    python -m pytest -q tests/engines/mavis/test_chart_graph.py
"""
from __future__ import annotations

import numpy as np

from engines.mavis.registry import caption_writer
from engines.mavis.text import article, join_list, pick
from renderers.text import fmt_num

OPENERS = (
    'The image shows {a_kind} titled "{title}".',
    'This is {a_kind} with the title "{title}".',
    '{A_kind} titled "{title}" is displayed.',
    'Shown here is {a_kind} called "{title}".',
    'The figure is {a_kind} headed "{title}".',
    'We see {a_kind} named "{title}".',
    'Pictured is {a_kind}: "{title}".',
    'The diagram presents {a_kind} titled "{title}".',
    'Here is {a_kind} about "{title}".',
    'The picture contains {a_kind} labelled "{title}".',
    'Displayed is {a_kind} with the heading "{title}".',
    'This figure depicts {a_kind} entitled "{title}".',
    'In this image, {a_kind} reports "{title}".',
    'The graphic is {a_kind} on "{title}".',
    '{A_kind} appears in the image under the title "{title}".',
    'Titled "{title}", this is {a_kind}.',
    'The chart in the image, "{title}", is {a_kind}.',
    'Presented here is {a_kind} showing "{title}".',
    'The visual is {a_kind} summarising "{title}".',
    'This illustration shows {a_kind} for "{title}".',
    'An image of {a_kind} with the caption "{title}".',
    'Under the heading "{title}" the image shows {a_kind}.',
    'The data display is {a_kind} called "{title}".',
    'Look at {a_kind} titled "{title}".',
)

_NOUNS = {
    "bar": ("bar chart", "bar graph"), "line": ("line chart", "line graph"),
    "pie": ("pie chart", "circle graph"), "scatter": ("scatter plot", "scatter chart"),
    "histogram": ("histogram", "frequency histogram"), "table": ("table", "data table"),
    "box": ("box plot", "box-and-whisker plot"),
}




def _noun(rng: np.random.Generator, f: dict) -> str:
    noun = pick(rng, _NOUNS[f["kind"]])
    if f["kind"] == "bar":
        noun = f"{f['orientation']} {'grouped ' if f['grouped'] else ''}{noun}"
    return noun


def _n(x) -> str:
    return fmt_num(x)


def _who(names: list[str], what: str) -> str:
    """"A has the {what}" or, on a tie, "A and C are tied for the {what}"."""
    if len(names) == 1:
        return f"{names[0]} has the {what}"
    return f"{join_list(names)} are tied for the {what}"


def _extremes(f: dict, thing: str = "value") -> str:
    """One sentence naming who holds the largest and the smallest value, ties said as ties."""
    hi, lo = f["max_categories"], f["min_categories"]
    if f["max"] == f["min"]:
        return f"All {len(hi)} have the same {thing}, {_n(f['max'])}."
    return (f"{_who(hi, 'largest ' + thing)}, {_n(f['max'])}, and "
            f"{_who(lo, 'smallest ' + thing)}, {_n(f['min'])}.")


def _pairs(cats, vals) -> str:
    return join_list([f"{c}: {_n(v)}" for c, v in zip(cats, vals)])


def _single_series(rng, f: dict, noun: str) -> list[str]:
    cats = f["categories"]
    horiz = f.get("orientation") == "horizontal"
    out = [pick(rng, (
        "The {c} axis lists {cats}, and the {v} axis measures {what}.",
        "It compares {what} for {cats}.",
        "Its categories are {cats}, each showing {what}.",
    ), c="vertical" if horiz else "horizontal", v="horizontal" if horiz else "vertical",
        cats=join_list(cats), what=f["x_title"] if horiz else f["y_title"])]
    out.append(pick(rng, (
        "The values are {pairs}.", "Reading the {noun}: {pairs}.",
        "From the {noun}, the values are {pairs}.", "Values by category: {pairs}.",
    ), pairs=_pairs(cats, f["values"]), noun=noun))
    out.append(pick(rng, (
        "{hi} has the highest value, {mx}, and {lo} the lowest, {mn}.",
        "The maximum is {mx} ({hi}) and the minimum is {mn} ({lo}).",
        "{hi} is the largest at {mx}; {lo} is the smallest at {mn}.",
        "The biggest value belongs to {hi} ({mx}), the smallest to {lo} ({mn}).",
    ), hi=f["max_category"], lo=f["min_category"], mx=_n(f["max"]), mn=_n(f["min"])))
    if len(f["max_categories"]) > 1 or len(f["min_categories"]) > 1:
        out[-1] = _extremes(f)
    out.append(pick(rng, (
        "Altogether the values add up to {t}, a mean of {m}.",
        "The total is {t} and the average is {m}.",
        "Summed, the categories give {t}; their mean is {m} and their median {md}.",
        "The mean value is {m}, the median {md}, and the range {r}.",
    ), t=_n(f["total"]), m=_n(f["mean"]), md=_n(f["median"]), r=_n(f["range"])))
    return out


def _multi_series(rng, f: dict, noun: str) -> list[str]:
    names = [s["name"] for s in f["series"]]
    out = [pick(rng, (
        "A legend identifies {k} series: {names}.",
        "It compares {names} across {cats}.",
        "The legend lists {names}, with one {unit} per series for each of {cats}.",
    ), k=_n(f["n_series"]), names=join_list(names), cats=join_list(f["categories"]),
        unit="line" if f["kind"] == "line" else "bar")]
    for s in f["series"]:
        out.append(pick(rng, (
            "For {name}: {pairs}.", "{name} has {pairs}.", "The {name} values are {pairs}.",
        ), name=s["name"], pairs=_pairs(f["categories"], s["values"])))
    s = f["series"][int(rng.integers(len(f["series"])))]
    out.append(pick(rng, (
        "{name} peaks at {mx} for {hi} and is lowest at {mn} for {lo}.",
        "The largest {name} value is {mx} ({hi}); the smallest is {mn} ({lo}).",
    ), name=s["name"], mx=_n(s["max"]), hi=s["max_category"], mn=_n(s["min"]),
        lo=s["min_category"]))
    if len(s["max_categories"]) > 1 or len(s["min_categories"]) > 1:
        out[-1] = f"In {s['name']}, " + _extremes(s)
    best = f["max_total_category"]
    out.append(pick(rng, (
        "Combining all series, {c} has the largest total, {t}.",
        "{c} leads overall with a combined {t}.",
    ), c=best, t=_n(f["category_totals"][best])))
    if len(f["max_total_categories"]) > 1:
        out[-1] = (f"Combining all series, {_who(f['max_total_categories'], 'largest total')}, "
                   f"{_n(f['category_totals'][best])}.")
    return out


def _line_trend(rng, f: dict) -> list[str]:
    if f["n_series"] != 1 or not f.get("changes"):
        return []
    up, dn = f["largest_increase"], f["largest_decrease"]
    out = []
    if up["amount"] > 0 and len(f["largest_increases"]) > 1:
        out.append("The steepest rises, each up {d}, are {w}.".format(
            d=_n(up["amount"]), w=join_list([f"from {a} to {b}"
                                             for a, b in f["largest_increases"]])))
    elif up["amount"] > 0:
        out.append(pick(rng, (
            "The steepest rise is from {a} to {b}, up {d}.",
            "Between {a} and {b} the line climbs the most, by {d}.",
        ), a=up["from"], b=up["to"], d=_n(up["amount"])))
    if dn["amount"] < 0 and len(f["largest_decreases"]) > 1:
        out.append("The sharpest falls, each down {d}, are {w}.".format(
            d=_n(abs(dn["amount"])), w=join_list([f"from {a} to {b}"
                                                  for a, b in f["largest_decreases"]])))
    elif dn["amount"] < 0:
        out.append(pick(rng, (
            "The sharpest fall is from {a} to {b}, down {d}.",
            "The biggest drop, {d}, happens between {a} and {b}.",
        ), a=dn["from"], b=dn["to"], d=_n(abs(dn["amount"]))))
    return out


def _pie(rng, f: dict) -> list[str]:
    pct = f["percentages"]
    out = [pick(rng, (
        "It has {k} slices: {items}.", "The slices show {items}.",
        "Each slice is labelled with its share: {items}.",
    ), k=_n(f["n_slices"]), items=join_list([f"{c} {_n(p)}%" for c, p in pct.items()]))]
    big, small = f["largest_slice"], f["smallest_slice"]
    out.append(pick(rng, (
        "{b} is the largest slice ({pb}%) and {s} the smallest ({ps}%).",
        "The biggest share goes to {b} at {pb}%, the smallest to {s} at {ps}%.",
    ), b=big, s=small, pb=_n(pct[big]), ps=_n(pct[small])))
    bigs, smalls = f["largest_slices"], f["smallest_slices"]
    if len(bigs) > 1 or len(smalls) > 1:
        out[-1] = (f"{_who(bigs, 'largest slice').replace(' has the', ' is the')} "
                   f"({_n(pct[big])}%), and {_who(smalls, 'smallest slice').replace(' has the', ' is the')} "
                   f"({_n(pct[small])}%).") if bigs != smalls else \
            f"All {len(bigs)} slices are the same size, {_n(pct[big])}%."
    out.append(pick(rng, (
        "The underlying counts are {pairs}, {t} in total.",
        "In numbers: {pairs}, which sum to {t}.",
    ), pairs=_pairs(f["categories"], f["values"]), t=_n(f["total"])))
    return out


def _scatter(rng, f: dict) -> list[str]:
    out = [pick(rng, (
        "It plots {n} points with {x} on the horizontal axis and {y} on the vertical axis.",
        "{n} data points relate {x} (horizontal) to {y} (vertical).",
        "Each of the {n} dots pairs {ax} value with {ay} value.",
    ), n=_n(f["n_points"]), x=f["x_title"], y=f["y_title"], ax=article(f["x_title"]),
        ay=article(f["y_title"]))]
    out.append(pick(rng, (
        "The points show {t} trend, with a correlation of {r}.",
        "Overall the relationship is {t2}; the correlation coefficient is {r}.",
    ), t="an " + f["trend"] if f["trend"][0] in "aeiou" else "a " + f["trend"],
        t2=f["trend"], r=_n(f["correlation"])))
    if f["trend_line"]:
        out.append(pick(rng, (
            "A dashed trend line is drawn; its slope is {m} and its intercept {b}.",
            "The dashed least-squares line has slope {m} and intercept {b}.",
        ), m=_n(f["slope"]), b=_n(f["intercept"])))
    out.append(pick(rng, (
        "The highest point is at ({hx}, {hy}) and the lowest at ({lx}, {ly}).",
        "{y} ranges from {ly} to {hy}.",
    ), hx=_n(f["highest_point"][0]), hy=_n(f["highest_point"][1]),
        lx=_n(f["lowest_point"][0]), ly=_n(f["lowest_point"][1]), y=f["y_title"]))
    his, los = f["highest_points"], f["lowest_points"]
    if out[-1].startswith("The highest") and (len(his) > 1 or len(los) > 1):
        def at(pts):
            where = join_list([f"({_n(x)}, {_n(y)})" for x, y in pts])
            return f"the highest points, tied, are at {where}" if len(pts) > 1 else \
                f"the highest point is at {where}"
        out[-1] = (at(his).capitalize() + " and " +
                   at(los).replace("highest", "lowest") + ".")
    return out


def _histogram(rng, f: dict) -> list[str]:
    bins = f["bins"]
    out = [pick(rng, (
        "It has {k} bins of width {w} from {a} to {b}, and the vertical axis counts {y}.",
        "{x} is grouped into {k} bins of width {w}, spanning {a} to {b}.",
        "The {k} bars cover {x} from {a} to {b} in steps of {w}.",
    ), k=_n(f["n_bins"]), w=_n(f["bin_width"]), a=_n(bins[0]["low"]), b=_n(bins[-1]["high"]),
        x=f["x_title"], y=f["y_title"])]
    out.append(pick(rng, (
        "The counts are {c}.", "Bin by bin: {c}.", "Frequencies: {c}.",
    ), c=join_list([f"{_n(b['low'])} to {_n(b['high'])}: {b['count']}" for b in bins])))
    lo, hi = f["modal_bin"]
    out.append(pick(rng, (
        "The tallest bar is {a} to {b} with {m}, and there are {t} in total.",
        "Most values fall between {a} and {b} ({m}); the total count is {t}.",
    ), a=_n(lo), b=_n(hi), m=_n(f["max_count"]), t=_n(f["total"])))
    if len(f["modal_bins"]) > 1:
        out[-1] = "The tallest bars, tied at {m}, are {w}; there are {t} in total.".format(
            m=_n(f["max_count"]), t=_n(f["total"]),
            w=join_list([f"{_n(a)} to {_n(b)}" for a, b in f["modal_bins"]]))
    return out


def _table(rng, f: dict) -> list[str]:
    out = [pick(rng, (
        "It has {r} rows ({rows}) and {c} value columns ({cols}).",
        "Rows list {rows}; the columns are {cols}.",
        "The {corner} column names {rows}, and the header row gives {cols}.",
    ), r=_n(f["n_rows"]), c=_n(f["n_columns"]), rows=join_list(f["rows"]),
        cols=join_list(f["columns"]), corner=f["corner"] or "first")]
    for row, cells in f["cells"].items():
        out.append(pick(rng, (
            "{row}: {cells}.", "The {row} row reads {cells}.",
        ), row=row, cells=join_list([f"{k} = {_n(v)}" for k, v in cells.items()])))
    mx, mn = f["max_cell"], f["min_cell"]
    out.append(pick(rng, (
        "The largest entry is {a} ({ar}, {ac}) and the smallest is {b} ({br}, {bc}).",
        "The biggest number, {a}, is in row {ar} under {ac}.",
    ), a=_n(mx["value"]), ar=mx["row"], ac=mx["column"], b=_n(mn["value"]), br=mn["row"],
        bc=mn["column"]))
    if len(f["max_cells"]) > 1 or len(f["min_cells"]) > 1:
        def cells(cs):
            return join_list([f"({c['row']}, {c['column']})" for c in cs])
        big = (f"The largest entry, {_n(mx['value'])}, is in " if len(f["max_cells"]) == 1 else
               f"The largest entry, {_n(mx['value'])}, is tied between ")
        small = ("the smallest, {v}, is in " if len(f["min_cells"]) == 1 else
                 "the smallest, {v}, is tied between ").format(v=_n(mn["value"]))
        out[-1] = f"{big}{cells(f['max_cells'])}; {small}{cells(f['min_cells'])}."
    col = f["columns"][int(rng.integers(len(f["columns"])))]
    out.append(pick(rng, (
        "The {c} column sums to {t}.", "Adding up the {c} column gives {t}.",
    ), c=col, t=_n(f["column_totals"][col])))
    return out


def _box(rng, f: dict) -> list[str]:
    out = [pick(rng, (
        "It shows {k} {boxes} of {y}: {names}.",
        "{names}: {k} {boxes} {v} {y}.",
    ), k=_n(f["n_boxes"]), boxes="boxes" if f["n_boxes"] > 1 else "box", y=f["y_title"],
        v="summarise" if f["n_boxes"] > 1 else "summarises",
        names=join_list(f["categories"]))]
    rule = ("the whiskers reach the smallest and largest values" if f["whisker"] == "minmax"
            else "the whiskers stop at the last points within one and a half IQRs of the box, "
                 "and points beyond are drawn as circles")
    out.append(pick(rng, ("In this plot {r}.", "Note that {r}."), r=rule))
    for b in f["boxes"]:
        out.append(pick(rng, (
            "{name} has median {md}, quartiles {q1} and {q3}, and whiskers from {wl} to {wh}.",
            "For {name} the box spans {q1} to {q3} with the median at {md}.",
            "{name}: minimum {mn}, first quartile {q1}, median {md}, third quartile {q3}, "
            "maximum {mx}.",
        ), name=b["name"], md=_n(b["median"]), q1=_n(b["q1"]), q3=_n(b["q3"]),
            wl=_n(b["whisker_low"]), wh=_n(b["whisker_high"]), mn=_n(b["min"]), mx=_n(b["max"])))
        if b["outliers"]:  # the count too: "58, 58 and 64" are three circles, side by side
            k = len(b["outliers"])
            out.append(f"{b['name']} has {k} outlier{'s' if k > 1 else ''}, at "
                       f"{join_list([_n(o) for o in b['outliers']])}.")
    if f["n_boxes"] > 1:
        out.append(pick(rng, (
            "{h} has the highest median and {w} the widest box.",
            "The highest median belongs to {h}; {w} has the largest interquartile range.",
        ), h=f["highest_median"], w=f["largest_iqr"]))
        hm, wi = f["highest_medians"], f["largest_iqrs"]
        if len(hm) > 1 or len(wi) > 1:
            out[-1] = (f"{_who(hm, 'highest median')} and "
                       f"{_who(wi, 'largest interquartile range')}.")
    return out


@caption_writer("chart", n_phrasings=len(OPENERS))
def caption(spec, facts: dict, rng: np.random.Generator) -> str:
    f = facts
    noun = _noun(rng, f)
    opener = pick(rng, OPENERS, a_kind=article(noun), A_kind=article(noun).capitalize(),
                  title=f["title"])
    k = f["kind"]
    if k in ("bar", "line"):
        body = _single_series(rng, f, noun) if f["n_series"] == 1 else _multi_series(rng, f, noun)
        body += _line_trend(rng, f) if k == "line" else []
        if k == "bar" and f["annotated"]:
            body.append(pick(rng, ("Each bar is labelled with its value.",
                                   "Values are written at the end of the bars.")))
    elif k == "pie":
        body = _pie(rng, f)
    elif k == "scatter":
        body = _scatter(rng, f)
    elif k == "histogram":
        body = _histogram(rng, f)
    elif k == "table":
        body = _table(rng, f)
    else:
        body = _box(rng, f)
    # keep the structural first sentence first, shuffle the rest for variety
    rest = body[1:]
    order = rng.permutation(len(rest))
    return " ".join([opener, body[0]] + [rest[int(i)] for i in order])
