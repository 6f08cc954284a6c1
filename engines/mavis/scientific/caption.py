"""MAVIS-Caption writer for the "scientific" family (circuits, forces, inclines, vectors,
springs, pendulums, lenses, waves, motion graphs, measuring cylinders).

Why rule-based: every number a caption states is read from ``renderers.science`` facts and
formatted with ``fmt_num`` as the figure shows it, so captions are true by construction. One
opening sentence (24 phrasings) names what the figure is; detail sentences (two to four
phrasings each) give the labelled values, the set-up and the derived physics, in a shuffled
order. Values the figure does not write (a hidden spring constant...) are not stated.

    python -m pytest -q tests/engines/mavis/test_contract.py -k scientific
"""
from __future__ import annotations

import numpy as np

from engines.mavis.registry import caption_writer
from engines.mavis.text import article, join_list, pick
from renderers.spec import rng_choice
from renderers.text import fmt_num

OPENERS = (
    "This figure shows {what}.",
    "The diagram depicts {what}.",
    "Pictured here {be} {what}.",
    "Shown in the image {be} {what}.",
    "The image presents {what}.",
    "We are looking at {what}.",
    "This physics sketch illustrates {what}.",
    "Drawn here {be} {what}.",
    "The picture contains {what}.",
    "Here we see {what}.",
    "The illustration is of {what}.",
    "This scientific figure presents {what}.",
    "In this image there {be} {what}.",
    "A physics diagram: {what}.",
    "The figure is a sketch of {what}.",
    "Depicted {be} {what}.",
    "This drawing represents {what}.",
    "On display {be} {what}.",
    "The sketch shows {what}.",
    "Visible in the figure {be} {what}.",
    "The graphic shows {what}.",
    "What the image shows {be} {what}.",
    "This textbook-style figure shows {what}.",
    "Sketched in the image {be} {what}.",
)


def _n(x) -> str:
    return fmt_num(x)


def _a_num(x) -> str:
    """A number with its article by sound: "an 8", "an 18", "an 11.5", "a 12"."""
    return article(_n(x))


def _cap(s: str) -> str:
    return s[:1].upper() + s[1:]


class Many(str):
    """An opening noun phrase naming several things ("the vectors a and b"): the opening
    sentence agrees with it ("Pictured here are ...")."""


def _what(rng, templates: tuple[str, ...], plural: tuple[str, ...] = (), **slots) -> str:
    """Pick an opening noun phrase like ``pick``; templates in ``plural`` come back as Many."""
    t = rng_choice(rng, templates)
    return Many(t.format(**slots)) if t in plural else t.format(**slots)


# ----------------------------------------------------------------------------- per kind


def _circuit(rng, f: dict) -> tuple[str, list[str]]:
    loads = [e for e in f["elements"] if e["kind"] != "switch"]
    switches = [e for e in f["elements"] if e["kind"] == "switch"]
    noun = pick(rng, ("an electric circuit", "a circuit diagram", "a simple DC circuit"))
    batt = f"{_a_num(f['emf'])} V battery" if f["emf_shown"] else "a battery"
    what = f"{noun} with {batt}"
    names = [e["name"] for e in loads]
    out = []
    if f["topology"] == "series":
        out.append(pick(rng, ("{names} are connected in series, one after another.",
                              "All the loads ({names}) sit in one loop, in series.",
                              "The circuit is a single series loop through {names}."),
                        names=join_list(names)))
    else:
        br = [e["name"] for e in loads if e["position"].startswith("branch")]
        ser = [e["name"] for e in loads if e["position"] == "main line"]
        s = pick(rng, ("{br} are connected in parallel.", "{br} form parallel branches.",
                       "The branches holding {br} are in parallel."), br=join_list(br))
        if ser:
            s += pick(rng, (" {ser} is in the main line, in series with that parallel block.",
                            " In series with the parallel part is {ser}."),
                      ser=join_list(ser))
        out.append(s)
    vals = [f"{e['name']} = {_n(e['ohms'])} Ω" for e in loads if e["value_shown"]]
    if vals:
        out.append(pick(rng, ("The labelled resistances are {v}.", "Its labels read {v}.",
                              "Values written on the diagram: {v}."), v=join_list(vals)))
    bulbs = [e["name"] for e in loads if e["kind"] == "bulb"]
    if bulbs:
        out.append(pick(rng, ("Bulb symbols, circles with a cross, mark {b}.",
                              "The bulbs are {b}."), b=join_list(bulbs)))
    for e in switches:
        state = "closed" if e["closed"] else "open"
        where = "in the main line" if e["position"] == "main line" else f"on {e['position']}"
        out.append(pick(rng, ("Switch {s} {w} is {st}.", "The switch {s} {w} is drawn {st}."),
                        s=e["name"], w=where, st=state))
    all_known = f["emf_shown"] and all(e["value_shown"] for e in loads)
    if all_known:
        if f["closed_circuit"]:
            out.append(pick(rng, (
                "The equivalent resistance is {r} Ω, so the battery drives a current of {i} A.",
                "Together the loads have an equivalent resistance of {r} Ω and the total "
                "current is {i} A.",
                "With {r} Ω in total, Ohm's law gives {i} A from the battery."),
                r=_n(f["equivalent_resistance"]), i=_n(f["total_current"])))
        else:
            out.append(pick(rng, ("Because the open switch breaks the loop, no current flows.",
                                  "The open switch leaves the circuit broken: the current is "
                                  "zero.")))
    if bulbs and f["n_bulbs"] == 1:  # "1 of the 1 bulbs would light"
        out.append(pick(rng, ("The bulb would light.", "The one bulb lights.") if f["n_lit"]
                        else ("The bulb would not light.", "The one bulb stays dark.")))
    elif bulbs:
        out.append(pick(rng, ("Lit bulbs: {k} of {n}.", "{k} of the {n} bulbs would light."),
                        k=_n(f["n_lit"]), n=_n(f["n_bulbs"])))
    return what, out


def _direction(a: float, h: float) -> str:
    a = a % 360
    named = {0: "to the right", 90: "straight up", 180: "to the left", 270: "straight down"}
    if a in named:
        return named[a]
    vert = "above" if 0 < a < 180 else "below"
    side = "right" if (a < 90 or a > 270) else "left"
    return f"at {_n(h)}° {vert} the horizontal, to the {side}"


def _forces(rng, f: dict) -> tuple[str, list[str]]:
    body = f["body"] or pick(rng, ("block", "box", "body"))
    mass = f" of mass {_n(f['mass'])} kg" if f["mass"] else ""
    # without a floor the arrows are a free-body diagram (all the forces); on a floor the
    # weight and the floor's push act too, so the arrows are the applied forces
    kind, on = ("force", "applied to") if f["surface"] else ("free-body", "acting on")
    many = "the forces {on} a {b}{m}"
    what = _what(rng, ("a {k} diagram of a {b}{m}", "a {b}{m} with force arrows on it", many),
                 plural=(many,), k=kind, on=on, b=body, m=mass)
    out = []
    if f["surface"]:
        out.append(pick(rng, ("The {b} rests on a flat floor.", "It sits on level ground."),
                        b=body))
    items = []
    for d in f["forces"]:
        mag = f" of {_n(d['magnitude'])} N" if d["value_shown"] else ""
        items.append(f"{d['name']}{mag} {_direction(d['angle_deg'], d['angle_from_horizontal'])}")
    out.append(pick(rng, ("The drawn forces are {l}.", "Arrows show {l}.", "It is pulled by {l}."),
                    l=join_list(items)))
    if not all(d["value_shown"] for d in f["forces"]):
        return what, out
    if f["surface"]:
        # one detail: its sentences build on each other, so the shuffle keeps them in order
        out.append(" ".join(_on_floor(rng, f, body)))
    elif f["balanced"]:
        out.append(pick(rng, ("The forces balance: the net force is zero.",
                              "These forces cancel out.")))
    else:
        s = pick(rng, ("Adding components gives a net force of {n} N ({x} N horizontally, "
                       "{y} N vertically).",
                       "The resultant force has magnitude {n} N, with components {x} N "
                       "and {y} N."),
                 n=_n(f["net_force"]), x=_n(f["net_fx"]), y=_n(f["net_fy"]))
        if "acceleration" in f:
            s += f" The acceleration is therefore {_n(f['acceleration'])} m/s²."
        out.append(s)
    return what, out


def _on_floor(rng, f: dict, body: str) -> list[str]:
    """A block on a floor: the drawn forces' resultant, then (where the figure determines it)
    the net force with the weight and the normal force of a frictionless floor."""
    if f["applied_force"] < 1e-6:
        out = [pick(rng, ("The drawn forces cancel each other.",
                          "The applied forces add up to zero."))]
    else:
        out = [pick(rng, ("The drawn forces add up to {r} N ({x} N horizontally, {y} N "
                          "vertically).",
                          "The resultant of the applied forces is {r} N, with components {x} N "
                          "and {y} N."),
                    r=_n(f["applied_force"]), x=_n(f["applied_fx"]), y=_n(f["applied_fy"]))]
    if f["net_force"] is None:  # no mass given: whether the block lifts off is unknown
        return out
    if "weight" in f:
        w, g, up = _n(f["weight"]), _n(f["g"]), _n(f["applied_fy"])
        if f["lifts_off"]:
            out.append(pick(rng, (
                "With g = {g} m/s² the {b} weighs {w} N, less than the {up} N the forces lift, "
                "so it leaves the floor: the net force is {n} N and the acceleration is {a} "
                "m/s².",
                "Its weight is only {w} N (g = {g} m/s²) against {up} N of upward pull, so the "
                "{b} lifts off; the net force is {n} N, giving an acceleration of {a} m/s²."),
                g=g, b=body, w=w, up=up, n=_n(f["net_force"]), a=_n(f["acceleration"])))
            return out
        if f["applied_fy"] < 1e-6:
            out.append(pick(rng, ("Its weight of {w} N (g = {g} m/s²) is balanced by the "
                                  "floor's normal force.",
                                  "With g = {g} m/s² the {b} weighs {w} N, and the floor "
                                  "pushes back with an equal normal force."),
                            w=w, g=g, b=body))
        elif f["normal_force"] < 1e-6:
            out.append(f"The forces lift exactly its weight of {w} N (g = {g} m/s²), so the "
                       "floor no longer pushes on it.")
        else:
            out.append(pick(rng, (
                "With g = {g} m/s² the {b} weighs {w} N, more than the {up} N the forces lift, "
                "so it stays on the floor, which pushes up with a normal force of {N} N.",
                "The {up} N of upward pull is less than its weight of {w} N (g = {g} m/s²): "
                "the {b} stays down and the floor's normal force is {N} N."),
                g=g, b=body, w=w, up=up, N=_n(f["normal_force"])))
    else:
        out.append(pick(rng, ("The floor's normal force balances the weight.",
                              "Its weight and the floor's normal force cancel.")))
    if f["balanced"]:
        out.append(pick(rng, ("The horizontal parts cancel, so the net force is zero and the "
                              "{b} does not accelerate.",
                              "The sideways pushes and pulls cancel: the net force is zero."),
                        b=body))
        return out
    s = pick(rng, ("On a frictionless floor the net force is then the horizontal {n} N.",
                   "Taking the floor as frictionless, the net force is the horizontal part, "
                   "{n} N."), n=_n(f["net_force"]))
    if "acceleration" in f:
        s += pick(rng, (" The {b} accelerates sideways at {a} m/s².",
                        " Its acceleration is therefore {a} m/s², along the floor."),
                  b=body, a=_n(f["acceleration"]))
    out.append(s)
    return out


def _incline(rng, f: dict) -> tuple[str, list[str]]:
    what = pick(rng, ("{am} kg block on a ramp inclined at {a}°",
                      "an inclined plane at {a}° with {am} kg block on it",
                      "a block of {m} kg resting on {aa}° slope"),
                m=_n(f["mass"]), a=_n(f["angle_deg"]), am=_a_num(f["mass"]),
                aa=_a_num(f["angle_deg"]))
    out = []
    if f["mu"]:
        out.append(pick(rng, ("The coefficient of friction is μ = {u}.",
                              "Friction acts, with μ = {u}."), u=_n(f["mu"])))
    else:
        out.append(pick(rng, ("No friction coefficient is given, so the slope is smooth.",
                              "The ramp is frictionless.")))
    if f["length"]:
        out.append(pick(rng, ("The slope is {l} m long.", "A dimension line marks the slope "
                              "length of {l} m."), l=_n(f["length"])))
    if f["show_forces"]:
        arrows = ["the weight mg", "the normal force N"] + (["friction f"] if f["mu"] else [])
        out.append(pick(rng, ("Arrows show {a}.", "Drawn on the block are {a}."),
                        a=join_list(arrows)))
    out.append(pick(rng, (
        "With g = {g} m/s², the weight is {w} N: {p} N along the slope and {n} N into it.",
        "Its weight of {w} N splits into {p} N down the slope and {n} N perpendicular to it "
        "(g = {g} m/s²)."), g=_n(f["g"]), w=_n(f["weight"]), p=_n(f["parallel_component"]),
        n=_n(f["normal_force"])))
    if f["slides"]:
        out.append(pick(rng, ("The block slides down with acceleration {a} m/s².",
                              "It accelerates down the ramp at {a} m/s²."),
                        a=_n(f["acceleration"])))
    else:
        out.append(pick(rng, ("Static friction is enough to hold the block still.",
                              "The block does not slide.")))
    return what, out


def _vectors(rng, f: dict) -> tuple[str, list[str]]:
    n = f["n_vectors"]
    names = join_list([v["name"] for v in f["vectors"]])
    many = ("{k} drawn on a coordinate grid", "{k} on a square grid with axes")
    what = _what(rng, many + ("a grid with {k}",), plural=many if n > 1 else (),
                 k="one vector" if n == 1 else f"the vectors {names}")
    out = []
    for v in f["vectors"]:
        out.append(pick(rng, (
            "Vector {nm} runs from ({tx}, {ty}) to ({hx}, {hy}), so {nm} = ({x}, {y}).",
            "Vector {nm} starts at ({tx}, {ty}) and ends at ({hx}, {hy}); its components are "
            "{x} and {y}.",
            "The arrow {nm} goes from ({tx}, {ty}) to ({hx}, {hy}) and has length {m}."),
            nm=v["name"], tx=_n(v["tail"][0]), ty=_n(v["tail"][1]), hx=_n(v["head"][0]),
            hy=_n(v["head"][1]), x=_n(v["x"]), y=_n(v["y"]), m=_n(v["magnitude"])))
    if f["show_components"]:
        out.append(pick(rng, ("Dashed lines show the horizontal and vertical components.",
                              "Each vector's components are drawn dashed.")))
    if n >= 2:
        r = f["resultant"]
        s = " + ".join(v["name"] for v in f["vectors"])
        drawn = " (drawn dashed)" if f["show_resultant"] else ""
        out.append(pick(rng, ("The resultant {s}{d} is ({x}, {y}), of magnitude {m}.",
                              "Adding them gives {s} = ({x}, {y}){d}, length {m}."),
                        s=s, d=drawn, x=_n(r["x"]), y=_n(r["y"]), m=_n(r["magnitude"])))
    return what, out


def _spring(rng, f: dict) -> tuple[str, list[str]]:
    m = f"{_a_num(f['mass'])} kg block" if f["mass_shown"] else "a block"
    out = []
    if f["orientation"] == "horizontal":
        what = pick(rng, ("{m} attached to a horizontal spring fixed to a wall",
                          "a spring-mass system on a smooth floor with {m}"), m=m)
        # the state word says the direction, so the distance beside it is a magnitude
        if f["displacement_shown"] and f["displacement"]:
            out.append(pick(rng, ("The block sits {x} m from equilibrium, with the spring {st}.",
                                  "A dimension arrow shows the spring {st} by {x} m."),
                            st=f["state"], x=_n(abs(f["displacement"]))))
    else:
        what = pick(rng, ("{m} hanging from a vertical spring",
                          "a spring hanging from a ceiling with {m} on its end"), m=m)
        if f["state"] == "stretched":
            out.append(pick(rng, ("Compared with its natural length the spring is stretched "
                                  "by {x} m.", "The extension from the natural length is {x} m."),
                            x=_n(f["displacement"])))
        elif f["displacement"]:
            out.append(f"Compared with its natural length the spring is {f['state']} by "
                       f"{_n(abs(f['displacement']))} m.")
    if f["k_shown"]:
        out.append(pick(rng, ("The spring constant is k = {k} N/m.",
                              "Its stiffness is labelled k = {k} N/m."), k=_n(f["k"])))
        # a stretched spring pulls the block back, a compressed one pushes it
        back = "pulls" if f["state"] == "stretched" else "pushes"
        out.append(pick(rng, ("By Hooke's law the spring force is {F} N and it stores {E} J.",
                              "The spring {b} back with {F} N, holding {E} J of elastic "
                              "energy."), b=back, F=_n(f["restoring_force"]),
                        E=_n(f["elastic_energy"])))
        if f["mass_shown"]:
            out.append(pick(rng, ("The oscillation period would be {T} s.",
                                  "Released, it would oscillate with period {T} s."),
                            T=_n(f["period"])))
    return what, out


def _pendulum(rng, f: dict) -> tuple[str, list[str]]:
    length = f" of length {_n(f['length'])} m" if f["length_shown"] else ""
    what = pick(rng, ("a simple pendulum{l}", "a pendulum{l} hanging from a fixed support",
                      "a bob on a string{l}"), l=length)
    out = [pick(rng, ("The string is pulled {a}° to the {s} of the vertical.",
                      "It is displaced by {a}° to the {s}, measured from the dashed vertical."),
                a=_n(f["angle_deg"]), s=f["side"])]
    if f["mass"]:
        out.append(pick(rng, ("The bob has mass {m} kg.", "A {m} kg bob hangs at the end."),
                        m=_n(f["mass"])))
    if f["length_shown"]:
        out.append(pick(rng, ("With g = {g} m/s² its period is {T} s.",
                              "Its small-swing period is {T} s (g = {g} m/s²)."),
                        g=_n(f["g"]), T=_n(f["period"])))
        out.append(pick(rng, ("At this angle the bob is {h} m above its lowest point.",
                              "The bob has been raised {h} m."), h=_n(f["height_raised"])))
    return what, out


def _lens(rng, f: dict) -> tuple[str, list[str]]:
    what = pick(rng, ("a ray diagram for a converging lens", "a convex lens with an object "
                      "in front of it", "an optics diagram of a thin converging lens"))
    u = f["unit"]
    out = [pick(rng, ("The focal points F and the points 2F are marked on the principal axis.",
                      "Both focal points F and both 2F points are dotted on the axis."))]
    if f["distances_labelled"]:
        out.append(pick(rng, ("The focal length is {f} {u} and the object stands {d} {u} from "
                              "the lens, {r}.",
                              "Labels give f = {f} {u} and an object distance of {d} {u} "
                              "({r})."), f=_n(f["focal_length"]), d=_n(f["object_distance"]),
                        u=u, r=f["object_region"]))
        # a virtual image has a negative image distance: "from the lens" takes its size and
        # the side it is on; "image distance" keeps the sign convention
        di = f["image_distance"]
        side = "" if di > 0 else ", on the same side as the object"
        out.append(pick(rng, ("The thin-lens equation puts the image {d} {u} from the lens{s}, "
                              "with magnification {m}.",
                              "The image distance is {di} {u} and the magnification {m}."),
                        d=_n(abs(di)), s=side, di=_n(di), u=u, m=_n(f["magnification"])))
    else:
        out.append(pick(rng, ("The object stands {r}.", "The object is placed {r}."),
                        r=f["object_region"]))
    if f["rays_shown"]:
        out.append(pick(rng, ("Principal rays run from the tip of the object through the lens.",
                              "Red rays trace the path of light through the lens.")))
    out.append(pick(rng, ("The image is {t}, {o} and {s}.", "It forms a {t}, {o}, {s} image."),
                    t=f["image_type"], o=f["orientation"], s=f["size"]))
    if f["image_shown"]:
        out.append(pick(rng, ("The image arrow is drawn as well.", "An arrow marks the image.")))
    return what, out


def _wave(rng, f: dict) -> tuple[str, list[str]]:
    what = pick(rng, ("a graph of a sinusoidal wave", "a transverse wave plotted on axes",
                      "a wave profile drawn on a grid"))
    out = [pick(rng, ("The vertical axis is y in {yu} and the horizontal axis x in {xu}.",
                      "It plots displacement y ({yu}) against position x ({xu})."),
                yu=f["y_unit"], xu=f["x_unit"]),
           pick(rng, ("Its amplitude is {A} {yu} and its wavelength {l} {xu}.",
                      "The wave reaches {A} {yu} above and below the axis and repeats every "
                      "{l} {xu}."), A=_n(f["amplitude"]), l=_n(f["wavelength"]),
                yu=f["y_unit"], xu=f["x_unit"]),
           pick(rng, ("The curve follows {e}.", "It matches the equation {e}."),
                e=f["equation"]),
           pick(rng, ("{k} wavelengths are shown, with {c} crests.",
                      "The plot spans {k} wavelengths and {c} crests."),
                k=_n(f["n_wavelengths"]), c=_n(f["n_crests"]))]
    if f["marks_shown"]:
        out.append(pick(rng, ("Arrows mark the amplitude A and the wavelength λ.",
                              "The amplitude and the wavelength are marked with arrows.")))
    if f["frequency"]:
        out.append(pick(rng, ("The frequency is {fr} Hz, so the wave speed is {v} {xu}/s.",
                              "At {fr} Hz the wave travels at {v} {xu}/s."),
                        fr=_n(f["frequency"]), v=_n(f["speed"]), xu=f["x_unit"]))
    return what, out


def _motion(rng, f: dict) -> tuple[str, list[str]]:
    vel = f["quantity"] == "velocity"
    what = pick(rng, ("a {q}-time graph", "a graph of {q} against time",
                      "a {q} versus time plot"), q=f["quantity"])
    pts = join_list([f"({_n(a)}, {_n(b)})" for a, b in f["points"]])
    out = [pick(rng, ("It is made of {n} straight segments from t = {t0} s to t = {t1} s.",
                      "The graph has {n} line segments over {d} s."),
                n=_n(f["n_segments"]), t0=_n(f["times"][0]), t1=_n(f["times"][-1]),
                d=_n(f["duration"])),
           pick(rng, ("Its corners are at {p}.", "The graph passes through {p}."), p=pts)]
    if f["segment_labels"]:
        out.append(pick(rng, ("The segments are lettered {l}.", "Letters {l} name the "
                              "segments."), l=join_list([s["label"] for s in f["segments"]])))
    if vel:
        acc = join_list([f"{_n(a)} m/s²" for a in f["accelerations"]])
        out.append(pick(rng, ("The slopes give accelerations of {a}.",
                              "Segment by segment the acceleration is {a}."), a=acc))
        out.append(pick(rng, ("The area under the graph, the displacement, is {s} m.",
                              "The object is displaced {s} m in total (area under the line)."),
                        s=_n(f["displacement"])))
    else:
        v = join_list([f"{_n(a)} m/s" for a in f["velocities"]])
        out.append(pick(rng, ("The slopes give velocities of {v}.",
                              "Segment by segment the velocity is {v}."), v=v))
        out.append(pick(rng, ("The net displacement is {d} m and the distance travelled {s} m.",
                              "Overall it moves {d} m net, covering {s} m."),
                        d=_n(f["displacement"]), s=_n(f["distance"])))
    return what, out


def _cylinder(rng, f: dict) -> tuple[str, list[str]]:
    vessel = "measuring cylinder" if f["vessel"] == "cylinder" else "beaker"
    u = f["unit"]
    if f["n_vessels"] == 1:
        what = pick(rng, ("a graduated {v} holding some liquid", "a {v} partly filled with "
                          "liquid", "a {v} with a scale in {u}"), v=vessel, u=u)
    else:
        two = "two graduated {v}s, before and after a stone is added"
        what = _what(rng, (two, "a pair of {v}s measuring volume by displacement"),
                     plural=(two,), v=vessel)
    out = [pick(rng, ("The scale runs up to {c} {u} with a small division of {m} {u}, "
                      "numbered every {M} {u}.",
                      "Each small tick is {m} {u}; numbers appear every {M} {u} up to {c} {u}."),
                c=_n(f["capacity"]), m=_n(f["minor"]), M=_n(f["major"]), u=u)]
    if f["n_vessels"] == 1:
        out.append(pick(rng, ("The liquid level reads {l} {u}.",
                              "The bottom of the meniscus is at {l} {u}."),
                        l=_n(f["levels"][0]), u=u))
        out.append(pick(rng, ("There is room for {r} {u} more.", "{r} {u} more would fill it."),
                        r=_n(f["remaining"][0]), u=u))
    else:
        names = f["captions"] or ["first", "second"]
        out.append(pick(rng, ("{a} reads {x} {u} and {b}, with the stone inside, reads {y} {u}.",
                              "The levels are {x} {u} ({a}) and {y} {u} ({b}, with a stone)."),
                        a=names[0], b=names[1], x=_n(f["levels"][0]), y=_n(f["levels"][1]),
                        u=u))
        if "object_volume" in f:
            out.append(pick(rng, ("So the stone's volume is {v} {u}.",
                                  "The rise shows the stone has a volume of {v} {u}."),
                            v=_n(f["object_volume"]), u=u))
    return what, out


WRITERS = {"circuit": _circuit, "forces": _forces, "incline": _incline, "vectors": _vectors,
           "spring": _spring, "pendulum": _pendulum, "lens": _lens, "wave": _wave,
           "motion": _motion, "cylinder": _cylinder}


@caption_writer("scientific", n_phrasings=len(OPENERS))
def caption(spec, facts: dict, rng: np.random.Generator) -> str:
    what, details = WRITERS[facts["kind"]](rng, facts)
    first = pick(rng, OPENERS, what=what, be="are" if isinstance(what, Many) else "is")
    if facts.get("title"):
        first += f' Its title is "{facts["title"]}".'
    if not details:  # a figure whose values are all hidden: the opening says what it shows
        return first.strip()
    order = rng.permutation(len(details)) if len(details) > 1 else [0]
    # keep the first detail (what the figure is made of) first; shuffle the rest
    rest = [details[i] for i in order if i != 0]
    return " ".join([first, _cap(details[0])] + [_cap(d) for d in rest]).strip()
