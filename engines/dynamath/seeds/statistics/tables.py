"""DynaMath "statistics" seeds: tables of real-life data (timetables, price lists, league
tables, measurements).

Why these: DynaMath reads tables for lookups, totals, rates, medians and comparisons. Cells are
text as they would be printed ("07:45", "$2.40"); every rule a question needs (points for a
win) is printed under the table or stated in the question; "which is best" answers are
resampled until unique. ``check`` re-derives each answer from the printed cells (parsing the
text back) rather than from the sampled numbers.

    python -m pytest -q tests/engines/dynamath/test_statistics_tables.py
"""
from __future__ import annotations

from fractions import Fraction
import statistics as st

import numpy as np

from engines.dynamath.seed import SeedQuestion, ShuffledCandidates, draw_order, register_seed
from engines.dynamath.seeds.statistics.common import ELEM, HIGH, TOPIC, half_tie, shuffled
from renderers.table.spec import TableSpec, table_facts
from renderers.text import half_up

# ----------------------------------------------------------------------------- timetables

ROUTES = (("Bus timetable", ("Station", "Market", "School", "Library", "Park", "Hospital")),
          ("Train timetable", ("Central", "Riverside", "Airport", "Harbour", "Hillside")),
          ("Tram timetable", ("Old Town", "Museum", "Stadium", "Zoo", "University")))


def _hhmm(m: int) -> str:
    return f"{m // 60:02d}:{m % 60:02d}"


def _minutes(t: str) -> int:
    h, m = t.split(":")
    return int(h) * 60 + int(m)


def _timetable(rng, n_lo: int = 2, n_hi: int = 4) -> dict:
    r = int(rng.integers(len(ROUTES)))
    ns = int(rng.integers(4, len(ROUTES[r][1]) + 1))
    nb = int(rng.integers(n_lo, n_hi + 1))
    starts = np.cumsum(rng.integers(15, 50, size=nb)) + int(rng.integers(6 * 60, 9 * 60))
    times = []
    for b in range(nb):  # each service has its own running times (traffic, express)
        legs = np.concatenate([[0], np.cumsum(rng.integers(3, 15, size=ns - 1))])
        times.append([int(starts[b] + x) for x in legs])
    return {"r": r, "ns": ns, "times": times}


def _tt_spec(p: dict) -> TableSpec:
    title, stops = ROUTES[p["r"]]
    word = title.split()[0]
    return TableSpec(title=title, header=["Stop"] + [f"{word} {b + 1}"
                                                     for b in range(len(p["times"]))],
                     rows=[[stops[s]] + [_hhmm(t[s]) for t in p["times"]]
                           for s in range(p["ns"])])


@register_seed
class TimetableTrip(SeedQuestion):
    seed_id = "stat-table-timetable-trip"
    topic, level, answer_type = TOPIC, ELEM, "float"
    kinds = ("numerical value", "real-life context")

    def sample(self, rng):
        p = _timetable(rng)
        p["b"] = int(rng.integers(len(p["times"])))
        a, z = sorted(int(x) for x in rng.choice(p["ns"], size=2, replace=False))
        p["from"], p["to"] = a, z
        return p

    def question(self, p):
        title, stops = ROUTES[p["r"]]
        word = title.split()[0]
        return (f"According to the timetable, how many minutes does {word} {p['b'] + 1} take "
                f"from {stops[p['from']]} to {stops[p['to']]}?")

    def answer(self, p):
        t = p["times"][p["b"]]
        return float(t[p["to"]] - t[p["from"]])

    def check(self, p):
        rows = table_facts(_tt_spec(p))["rows"]
        return float(_minutes(rows[p["to"]][p["b"] + 1]) - _minutes(rows[p["from"]][p["b"] + 1]))

    def diagram(self, p):
        return _tt_spec(p)


@register_seed
class TimetableLatest(SeedQuestion):
    seed_id = "stat-table-timetable-latest"
    topic, level, answer_type = TOPIC, HIGH, "multiple choice"
    kinds = ("numerical value", "real-life context")

    def sample(self, rng):
        while True:
            p = _timetable(rng, 4, 4)  # 4 options; 5 columns are cramped at 224 px
            arr = [t[-1] for t in p["times"]]
            # a deadline that some service but not the last one meets, between two arrivals
            k = int(rng.integers(1, len(arr)))
            ok = sorted(arr)
            lo, hi = ok[k - 1], ok[k]
            if hi - lo >= 3:
                p["deadline"] = int(rng.integers(lo + 1, hi))
                p["opts"] = shuffled(rng, _tt_spec(p).header[1:])
                return p

    def question(self, p):
        title, stops = ROUTES[p["r"]]
        word = title.split()[0].lower()
        return (f"Mia must arrive at {stops[p['ns'] - 1]} by {_hhmm(p['deadline'])}. She boards "
                f"at {stops[0]}. Which {word} departs latest from {stops[0]} and still gets her "
                f"there in time?")

    def options(self, p):
        return list(p["opts"])

    def answer(self, p):
        ok = [b for b, t in enumerate(p["times"]) if t[-1] <= p["deadline"]]
        best = max(ok, key=lambda b: p["times"][b][0])
        return _tt_spec(p).header[best + 1]

    def check(self, p):
        f = table_facts(_tt_spec(p))
        first, last = f["rows"][0], f["rows"][-1]
        cands = [(first[j], f["header"][j]) for j in range(1, len(first))
                 if _minutes(last[j]) <= p["deadline"]]
        return max(cands)[1]  # "HH:MM" strings sort as times

    def diagram(self, p):
        return _tt_spec(p)


# ----------------------------------------------------------------------------- prices

SHOPS = (("Cafe price list", ("Coffee", "Tea", "Muffin", "Bagel", "Juice", "Sandwich", "Soup"),
          (150, 650)),
         ("Stationery prices", ("Pen", "Pencil", "Notebook", "Eraser", "Ruler", "Glue stick"),
          (40, 450)),
         ("Fruit stall (per kg)", ("Apples", "Pears", "Grapes", "Bananas", "Cherries",
                                   "Plums"), (120, 900)))


def _money(c: int) -> str:
    return f"${c // 100}.{c % 100:02d}"


def _cents(t: str) -> int:
    d, c = t.lstrip("$").split(".")
    return int(d) * 100 + int(c)


@register_seed
class PriceTotal(SeedQuestion):
    seed_id = "stat-table-price-total"
    topic, level, answer_type = TOPIC, ELEM, "float"
    kinds = ("numerical value", "real-life context")

    def sample(self, rng):
        s = int(rng.integers(len(SHOPS)))
        _, items, (lo, hi) = SHOPS[s]
        n = int(rng.integers(4, len(items) + 1))
        idx = sorted(int(i) for i in rng.choice(len(items), size=n, replace=False))
        prices = [int(rng.integers(lo // 5, hi // 5 + 1)) * 5 for _ in idx]
        buy = sorted(int(i) for i in rng.choice(n, size=2, replace=False))
        return {"s": s, "items": [items[i] for i in idx], "prices": prices, "buy": buy,
                "qty": [int(rng.integers(1, 5)) for _ in buy]}

    def question(self, p):
        unit = " kg of" if p["s"] == 2 else " ×"
        what = " and ".join(f"{q}{unit} {p['items'][i]}" for q, i in zip(p["qty"], p["buy"]))
        return f"Using the price list, how many dollars does buying {what} cost in total?"

    def answer(self, p):
        return float(Fraction(sum(q * p["prices"][i] for q, i in zip(p["qty"], p["buy"])), 100))

    def check(self, p):
        cell = table_facts(self.diagram(p))["cell"]
        return sum(q * _cents(cell[p["items"][i]]["Price"]) for q, i in
                   zip(p["qty"], p["buy"])) / 100

    def diagram(self, p):
        return TableSpec(title=SHOPS[p["s"]][0], header=["Item", "Price"],
                         rows=[[it, _money(c)] for it, c in zip(p["items"], p["prices"])])


PACKS = (("Juice boxes", "box"), ("Batteries", "battery"), ("Eggs", "egg"), ("Pencils", "pencil"))


@register_seed
class BestValue(SeedQuestion):
    seed_id = "stat-table-best-value"
    topic, level, answer_type = TOPIC, HIGH, "multiple choice"
    kinds = ("numerical value", "real-life context")

    def sample(self, rng):
        while True:
            n = int(rng.integers(4, 6))
            sizes = sorted(int(x) for x in rng.choice([2, 3, 4, 5, 6, 8, 10, 12, 15, 20, 24],
                                                      size=n, replace=False))
            unit = rng.uniform(0.3, 1.2)
            prices = [int(round(s * unit * rng.uniform(0.8, 1.2) * 20)) * 5 for s in sizes]
            per = sorted(Fraction(c, s) for c, s in zip(prices, sizes))
            if per[1] - per[0] >= per[0] / 20:  # the best deal is at least 5% better
                return {"k": int(rng.integers(len(PACKS))), "sizes": sizes, "prices": prices}

    def _names(self, p):
        return [f"Pack {'ABCDE'[i]}" for i in range(len(p["sizes"]))]

    def question(self, p):
        return (f"The table lists packs of {PACKS[p['k']][0].lower()}. Which pack has the lowest "
                f"price per {PACKS[p['k']][1]}?")

    def options(self, p):
        return self._names(p)

    def answer(self, p):
        i = min(range(len(p["sizes"])), key=lambda i: Fraction(p["prices"][i], p["sizes"][i]))
        return self._names(p)[i]

    def check(self, p):
        rows = table_facts(self.diagram(p))["rows"]
        return min(rows, key=lambda r: _cents(r[2]) / int(r[1]))[0]

    def diagram(self, p):
        return TableSpec(title=PACKS[p["k"]][0], header=["Pack", "Items", "Price"],
                         rows=[[n, str(s), _money(c)] for n, s, c in
                               zip(self._names(p), p["sizes"], p["prices"])])


@register_seed
class PriceChange(SeedQuestion):
    seed_id = "stat-table-price-change"
    topic, level, answer_type = TOPIC, HIGH, "float"
    kinds = ("numerical value", "real-life context")

    def sample(self, rng):
        while True:
            s = int(rng.integers(len(SHOPS)))
            _, items, (lo, hi) = SHOPS[s]
            n = int(rng.integers(3, 6))
            idx = sorted(int(i) for i in rng.choice(len(items), size=n, replace=False))
            old = [int(rng.integers(lo // 10, hi // 10 + 1)) * 10 for _ in idx]
            new = [int(round(o * rng.uniform(0.85, 1.3) / 5)) * 5 for o in old]
            ask = int(rng.integers(n))
            if new[ask] != old[ask] and not half_tie(Fraction(100 * (new[ask] - old[ask]),
                                                              old[ask]), 1):
                return {"s": s, "items": [items[i] for i in idx], "old": old, "new": new,
                        "ask": ask}

    def question(self, p):
        return (f"By what percentage did the price of {p['items'][p['ask']]} change from 2023 to "
                f"2024? Give a decrease as a negative number, rounded to one decimal place.")

    def answer(self, p):
        o, n = p["old"][p["ask"]], p["new"][p["ask"]]
        return half_up(float(Fraction(100 * (n - o), o)), 1)

    def check(self, p):
        c = table_facts(self.diagram(p))["cell"][p["items"][p["ask"]]]
        o, n = _cents(c["2023"]), _cents(c["2024"])
        return half_up((n / o - 1) * 100, 1)

    def diagram(self, p):
        return TableSpec(title=SHOPS[p["s"]][0], header=["Item", "2023", "2024"],
                         rows=[[it, _money(a), _money(b)] for it, a, b in
                               zip(p["items"], p["old"], p["new"])])


# ----------------------------------------------------------------------------- league tables

TEAMS = ("Rovers", "United", "Athletic", "City", "Wanderers", "Rangers", "Albion")
RULE = "A win earns 3 points, a draw 1 point and a loss 0 points."


def _fixtures(n: int, played: int) -> list[tuple[int, int]]:
    """Matches in which each of n teams plays ``played`` games (n * played is even). Round s
    pairs every team i with team i + s (mod n), two games for each team; the rounds cycle
    through s = 1 .. n // 2 so opponents are spread, and an odd ``played`` (n even) ends with
    one round that pairs each team with the team n / 2 places on."""
    steps = range(1, n // 2 + 1)
    games = [(i, (i + steps[k % len(steps)]) % n) for k in range(played // 2) for i in range(n)]
    if played % 2:
        games += [(i, i + n // 2) for i in range(n // 2)]
    return games


def _league(rng) -> dict:
    """A league table counted from actual matches, so it is one that can exist: each match
    gives one team a win and the other a loss, or both a draw, hence the games played add up
    to twice the matches, the wins total equals the losses total and the draws total is
    even. Teams differ in strength (who wins) and in how often they draw, so the points
    leader is not always the team with the most wins."""
    n = int(rng.integers(4, 6))
    played = int(rng.choice([g for g in range(8, 15) if n * g % 2 == 0]))
    teams = [TEAMS[int(i)] for i in rng.choice(len(TEAMS), size=n, replace=False)]
    strength = rng.normal(0.0, 1.0, size=n)
    drawish = rng.uniform(0.05, 0.5, size=n)
    rec = [[0, 0, 0] for _ in teams]  # won, drawn, lost
    for a, b in _fixtures(n, played):
        u = float(rng.uniform())
        p_draw = (drawish[a] + drawish[b]) / 2
        p_a = (1 - p_draw) / (1 + np.exp(strength[b] - strength[a]))
        if u < p_draw:
            rec[a][1] += 1
            rec[b][1] += 1
        else:
            win, lose = (a, b) if u < p_draw + p_a else (b, a)
            rec[win][0] += 1
            rec[lose][2] += 1
    return {"teams": teams, "played": played, "rec": rec}


def _points(r) -> int:
    return 3 * r[0] + r[1]


def _league_spec(p: dict) -> TableSpec:
    return TableSpec(title="League table", header=["Team", "Played", "Won", "Drawn", "Lost"],
                     rows=[[t, str(p["played"])] + [str(x) for x in r]
                           for t, r in zip(p["teams"], p["rec"])], note=RULE)


def _points_from_cells(row: list[str]) -> int:
    """Points recomputed as a sum over the games: one row's cells back to numbers."""
    won, drawn, lost = (int(x) for x in row[2:5])
    return sum([3] * won + [1] * drawn + [0] * lost)


@register_seed
class LeaguePoints(SeedQuestion):
    seed_id = "stat-table-league-points"
    topic, level, answer_type = TOPIC, ELEM, "float"
    kinds = ("numerical value", "real-life context")

    def sample(self, rng):
        p = _league(rng)
        p["ask"] = int(rng.integers(len(p["teams"])))
        return p

    def question(self, p):
        return f"Using the league table and its points rule, how many points does " \
               f"{p['teams'][p['ask']]} have?"

    def answer(self, p):
        return float(_points(p["rec"][p["ask"]]))

    def check(self, p):
        return float(_points_from_cells(table_facts(_league_spec(p))["rows"][p["ask"]]))

    def diagram(self, p):
        return _league_spec(p)


@register_seed
class LeagueLeader(SeedQuestion):
    seed_id = "stat-table-league-leader"
    topic, level, answer_type = TOPIC, HIGH, "multiple choice"
    kinds = ("numerical value", "real-life context")

    def sample(self, rng):
        while True:
            p = _league(rng)
            pts = sorted(_points(r) for r in p["rec"])
            wins = sorted(r[0] for r in p["rec"])
            best_w = max(p["rec"], key=_points)[0]
            # the leader on points must not be the team with the most wins: reading the Won
            # column alone is not enough
            if pts[-1] > pts[-2] and best_w < wins[-1]:
                p["opts"] = shuffled(rng, list(p["teams"]))
                return p

    def question(self, p):
        return "Using the league table and its points rule, which team has the most points?"

    def options(self, p):
        return list(p["opts"])

    def answer(self, p):
        return max(zip(p["teams"], p["rec"]), key=lambda t: _points(t[1]))[0]

    def check(self, p):
        rows = table_facts(_league_spec(p))["rows"]
        return max(rows, key=_points_from_cells)[0]

    def diagram(self, p):
        return _league_spec(p)


# ----------------------------------------------------------------------------- measurements

# (title, row header, row names, column header, value range, unit question)
MEASURES = (("Rainfall in May", "City", ("Oslo", "Rome", "Lima", "Pune", "Perth", "Quito",
                                          "Kyiv"), "Rainfall (mm)", (10, 140)),
            ("Points scored this season", "Player", ("Ana", "Ben", "Cai", "Dev", "Eli", "Fay",
                                                     "Gus"), "Points", (40, 420)),
            ("Daily steps", "Day", ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"), "Steps",
             (2000, 15000)))


@register_seed
class TableMedian(SeedQuestion):
    seed_id = "stat-table-median"
    topic, level, answer_type = TOPIC, HIGH, "float"
    kinds = ("numerical value", "real-life context")

    def sample(self, rng):
        m = int(rng.integers(len(MEASURES)))
        n = int(rng.integers(5, 8))
        lo, hi = MEASURES[m][4]
        return {"m": m, "values": [int(v) for v in rng.integers(lo, hi + 1, size=n)]}

    def question(self, p):
        return f"What is the median of the values in the {MEASURES[p['m']][3]} column of the table?"

    def answer(self, p):
        return float(np.median(p["values"]))

    def check(self, p):
        rows = table_facts(self.diagram(p))["rows"]
        return float(st.median(int(r[1]) for r in rows))

    def diagram(self, p):
        title, rh, names, ch, _ = MEASURES[p["m"]]
        return TableSpec(title=title, header=[rh, ch],
                         rows=[[names[i], str(v)] for i, v in enumerate(p["values"])])


SHOOTERS = ("Ana", "Ben", "Cai", "Dev", "Eli", "Fay")


@register_seed
class SuccessRate(ShuffledCandidates):
    seed_id = "stat-table-success-rate"
    topic, level, answer_type = TOPIC, HIGH, "multiple choice"
    kinds = ("numerical value", "real-life context")

    def sample(self, rng):
        while True:
            n = int(rng.integers(4, 6))
            shots = [int(x) for x in rng.integers(10, 60, size=n)]
            goals = [int(round(s * rng.uniform(0.15, 0.7))) for s in shots]
            rates = sorted(Fraction(g, s) for g, s in zip(goals, shots))
            gmax = max(goals)
            best = max(range(n), key=lambda i: Fraction(goals[i], shots[i]))
            # a clear best rate, held by a player who does not also score the most goals
            if rates[-1] - rates[-2] >= Fraction(3, 100) and goals[best] < gmax:
                return {"names": list(SHOOTERS[:n]), "shots": shots, "goals": goals,
                        "order": draw_order(rng, n)}

    def question(self, p):
        return ("The table shows shots taken and goals scored by each player. Which player has "
                "the highest success rate (goals per shot)?")

    def candidates(self, p):  # the answer is computed below, not the first name
        return p["names"]

    def answer(self, p):
        return max(zip(p["names"], p["goals"], p["shots"]), key=lambda t: Fraction(t[1], t[2]))[0]

    def check(self, p):
        rows = table_facts(self.diagram(p))["rows"]
        return max(rows, key=lambda r: int(r[2]) / int(r[1]))[0]

    def diagram(self, p):
        return TableSpec(title="Shooting practice", header=["Player", "Shots", "Goals"],
                         rows=[[n, str(s), str(g)] for n, s, g in
                               zip(p["names"], p["shots"], p["goals"])])
