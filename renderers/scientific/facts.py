"""Physics of the "scientific" family: the facts each spec implies, from closed forms.

Why separate: ``renderers.scientific.spec`` is the spec contract; this is the ground truth behind it
(series / parallel reduction, force components, thin-lens equation, areas under v-t graphs...),
every number rounded to 4 decimals so that captions formatted with ``fmt_num`` match it.

    python -c "import numpy as np, renderers; f = renderers.get_family('scientific'); \
print(f.facts(f.sample_spec(np.random.default_rng(0), kind='circuit')))"
"""
from __future__ import annotations

import math

from renderers.scientific.spec import (Circuit, Cylinder, Element, ForceBody, Incline, Lens,
                                       MotionGraph, Pendulum, ScienceSpec, SpringMass, VectorSet,
                                       Wave, part, validate)
from renderers.text import fmt_num

G = 9.8  # m/s^2, the value high-school problems use

# ----------------------------------------------------------------------------- physics


def _r(x: float) -> float:
    return float(round(float(x), 4))


def _num(x: float) -> float | int:
    x = float(x)
    return int(x) if x == int(x) else _r(x)


def circuit_solution(c: Circuit) -> dict:
    """Currents by series / parallel reduction (an open switch removes its path)."""
    def path_r(elems: list[Element]) -> float:
        if any(e.kind == "switch" and not e.closed for e in elems):
            return math.inf
        return sum(e.ohms for e in elems if e.kind != "switch")

    r_series = path_r(c.series)
    rb = [path_r(b) for b in c.branches]
    conduct = sum(1 / r for r in rb if math.isfinite(r))
    r_par = (1 / conduct if conduct > 0 else math.inf) if c.branches else 0.0
    total = r_series + r_par
    current = c.emf / total if math.isfinite(total) and total > 0 else 0.0
    v_par = current * r_par if math.isfinite(r_par) else 0.0
    branch_i = [v_par / r if math.isfinite(r) and current > 0 else 0.0 for r in rb]
    return {"r_series": r_series, "r_par": r_par, "total": total, "current": current,
            "v_par": v_par, "branch_r": rb, "branch_i": branch_i}


def _circuit_facts(c: Circuit) -> dict:
    s = circuit_solution(c)
    elems = []

    def add(e: Element, where: str, i: float) -> None:
        d = {"name": e.name, "kind": e.kind, "position": where,
             "value_shown": e.show_value and e.kind != "switch"}
        if e.kind == "switch":
            d["closed"] = e.closed
        else:
            d.update(ohms=_num(e.ohms), current=_r(i), voltage=_r(i * e.ohms),
                     power=_r(i * i * e.ohms))
            if e.kind == "bulb":
                d["lit"] = i > 0
        elems.append(d)

    for e in c.series:
        add(e, "main line", s["current"])
    for k, b in enumerate(c.branches):
        for e in b:
            add(e, f"branch {k + 1}", s["branch_i"][k])
    loads = [e for e in c.series + [x for b in c.branches for x in b] if e.kind != "switch"]
    series_loads = [e for e in c.series if e.kind != "switch"]
    topo = "series" if not c.branches else ("parallel" if not series_loads else "mixed")
    closed = s["current"] > 0
    return {"emf": _num(c.emf), "emf_shown": c.show_emf, "topology": topo,
            "n_branches": len(c.branches),
            "n_resistors": sum(e.kind == "resistor" for e in loads),
            "n_bulbs": sum(e.kind == "bulb" for e in loads),
            "n_switches": sum(e.kind == "switch" for e in
                              c.series + [x for b in c.branches for x in b]),
            "elements": elems, "closed_circuit": closed,
            "equivalent_resistance": _r(s["total"]) if math.isfinite(s["total"]) else None,
            "total_current": _r(s["current"]), "total_power": _r(s["current"] * c.emf),
            "parallel_voltage": _r(s["v_par"]) if c.branches else None,
            "n_lit": sum(1 for d in elems if d.get("lit"))}


def horizontal_angle(a: float) -> float:
    """Angle between the direction ``a`` (degrees) and the nearer horizontal, 0..90."""
    a = a % 180.0
    return min(a, 180.0 - a)


def _forces_facts(b: ForceBody) -> dict:
    """Components of the drawn forces, their resultant and the net force on the block.

    Without a floor the drawn arrows are a free-body diagram: they are all the forces, and the
    net force is their resultant. On a floor the weight (mass * G, not drawn) and the floor's
    normal force act too; the floor is taken as frictionless. While the drawn forces lift less
    than the weight, the floor pushes back with the rest of it and the net force is the
    horizontal part of the resultant; if they lift more, the block leaves the floor and the net
    force is the resultant plus the weight. With no mass given, the net force on a floor is
    known only when the drawn forces have no upward part (then normal force = weight); else
    ``net_force`` and ``balanced`` are None and there is no acceleration.
    """
    fs = []
    for f in b.forces:
        fx = f.magnitude * math.cos(math.radians(f.angle_deg))
        fy = f.magnitude * math.sin(math.radians(f.angle_deg))
        fs.append({"name": f.name, "magnitude": _num(f.magnitude), "angle_deg": _num(f.angle_deg),
                   "angle_from_horizontal": _num(horizontal_angle(f.angle_deg)),
                   "fx": _r(fx), "fy": _r(fy), "color": f.color,
                   "value_shown": f.show_value})
    ax = sum(d["fx"] for d in fs)
    ay = sum(d["fy"] for d in fs)
    out = {"n_forces": len(fs), "forces": fs, "applied_fx": _r(ax), "applied_fy": _r(ay),
           "applied_force": _r(math.hypot(ax, ay)),
           "mass": _num(b.mass), "surface": b.surface, "body": b.body}
    nx, ny = ax, ay
    if b.surface:
        out["frictionless"] = True
        if b.mass > 0:
            w = b.mass * G
            lifts = ay > w + 1e-9
            out.update(g=G, weight=_r(w), lifts_off=lifts,
                       normal_force=0.0 if lifts else _r(w - ay))
            ny = ay - w if lifts else 0.0
        elif abs(ay) < 1e-9:
            ny = 0.0
        else:  # the weight is unknown: whether the block lifts off is not determined
            out.update(net_fx=None, net_fy=None, net_force=None, balanced=None,
                       net_angle_deg=None)
            return out
    net = math.hypot(nx, ny)
    out.update(net_fx=_r(nx), net_fy=_r(ny), net_force=_r(net), balanced=net < 1e-6,
               net_angle_deg=_r(math.degrees(math.atan2(ny, nx)) % 360) if net > 1e-6 else None)
    if b.mass > 0:
        out["acceleration"] = _r(net / b.mass)
    return out


def _incline_facts(p: Incline) -> dict:
    th = math.radians(p.angle_deg)
    w = p.mass * G
    par, perp = w * math.sin(th), w * math.cos(th)
    slides = math.tan(th) > p.mu + 1e-12
    fric = p.mu * perp if slides else par
    out = {"angle_deg": _num(p.angle_deg), "mass": _num(p.mass), "mu": _num(p.mu), "g": G,
           "weight": _r(w), "parallel_component": _r(par), "normal_force": _r(perp),
           "max_static_friction": _r(p.mu * perp), "slides": slides, "friction": _r(fric),
           "acceleration": _r(G * (math.sin(th) - p.mu * math.cos(th))) if slides else 0.0,
           "length": _num(p.length), "show_forces": p.show_forces}
    if p.length > 0:
        out.update(height=_r(p.length * math.sin(th)), base=_r(p.length * math.cos(th)))
    return out


def _vec(x: float, y: float) -> dict:
    m = math.hypot(x, y)
    return {"x": _num(x), "y": _num(y), "magnitude": _r(m),
            "angle_deg": _r(math.degrees(math.atan2(y, x)) % 360) if m > 0 else None}


def _vectors_facts(v: VectorSet) -> dict:
    vs = [{"name": e.name, "tail": [_num(e.tail_x), _num(e.tail_y)],
           "head": [_num(e.tail_x + e.x), _num(e.tail_y + e.y)], **_vec(e.x, e.y)}
          for e in v.vectors]
    out = {"n_vectors": len(vs), "vectors": vs,
           "resultant": _vec(sum(e.x for e in v.vectors), sum(e.y for e in v.vectors)),
           "show_components": v.show_components, "show_resultant": v.show_resultant}
    if len(v.vectors) >= 2:
        a, b = v.vectors[0], v.vectors[1]
        dot = a.x * b.x + a.y * b.y
        na, nb = math.hypot(a.x, a.y), math.hypot(b.x, b.y)
        out["dot_product"] = _num(dot)
        out["cross_z"] = _num(a.x * b.y - a.y * b.x)
        if na > 0 and nb > 0:
            c = max(-1.0, min(1.0, dot / (na * nb)))
            out["angle_between_deg"] = _r(math.degrees(math.acos(c)))
        out["difference"] = _vec(a.x - b.x, a.y - b.y)
    return out


def _spring_facts(s: SpringMass) -> dict:
    w = math.sqrt(s.k / s.mass)
    x = abs(s.displacement)
    out = {"k": _num(s.k), "mass": _num(s.mass), "displacement": _num(s.displacement),
           "orientation": s.orientation, "k_shown": s.show_k, "mass_shown": s.show_mass,
           "displacement_shown": s.show_displacement, "restoring_force": _r(s.k * x),
           "elastic_energy": _r(0.5 * s.k * x * x), "angular_frequency": _r(w),
           "period": _r(2 * math.pi / w), "frequency": _r(w / (2 * math.pi)),
           "max_speed": _r(x * w), "state": ("stretched" if s.displacement > 0 else
                                             "compressed" if s.displacement < 0 else "relaxed")}
    if s.orientation == "vertical":
        out.update(weight=_r(s.mass * G), equilibrium_extension=_r(s.mass * G / s.k), g=G)
    return out


def _pendulum_facts(p: Pendulum) -> dict:
    th = math.radians(abs(p.angle_deg))
    h = p.length * (1 - math.cos(th))
    return {"length": _num(p.length), "angle_deg": _num(abs(p.angle_deg)),
            "side": "right" if p.angle_deg > 0 else "left", "mass": _num(p.mass), "g": G,
            "length_shown": p.show_length,
            "period": _r(2 * math.pi * math.sqrt(p.length / G)),
            "frequency": _r(1 / (2 * math.pi * math.sqrt(p.length / G))),
            "height_raised": _r(h), "horizontal_offset": _r(p.length * math.sin(th)),
            "max_speed": _r(math.sqrt(2 * G * h))}


def lens_image(f: float, d: float) -> tuple[float, float]:
    """Thin-lens image distance (positive = real, on the far side) and magnification."""
    di = f * d / (d - f)
    return di, -di / d


def _lens_facts(l: Lens) -> dict:
    di, m = lens_image(l.focal_length, l.object_distance)
    f, d = l.focal_length, l.object_distance
    region = ("beyond 2F" if d > 2 * f + 1e-9 else "at 2F" if abs(d - 2 * f) <= 1e-9 else
              "between F and 2F" if d > f else "between F and the lens")
    size = ("same size" if abs(abs(m) - 1) < 1e-9 else "enlarged" if abs(m) > 1 else "reduced")
    return {"focal_length": _num(f), "object_distance": _num(d),
            "object_height": _num(l.object_height), "unit": l.unit,
            "image_distance": _r(di), "magnification": _r(m),
            "image_height": _r(m * l.object_height),
            "image_type": "real" if di > 0 else "virtual",
            "orientation": "inverted" if m < 0 else "upright", "size": size,
            "object_region": region, "twice_focal_length": _num(2 * f),
            "power_dioptres": _r(100 / f) if l.unit == "cm" else None,
            "rays_shown": l.show_rays, "image_shown": l.show_image,
            "distances_labelled": l.label_distances,
            "marks": ["F", "2F"]}


def wave_value(w: Wave, x: float) -> float:
    a = 2 * math.pi * x / w.wavelength
    base = math.sin(a) if w.form.endswith("sin") else math.cos(a)
    return w.amplitude * (-base if w.form.startswith("-") else base)


def _wave_facts(w: Wave) -> dict:
    sign = "-" if w.form.startswith("-") else ""
    fn = w.form.lstrip("-")
    k = f"2πx/{fmt_num(w.wavelength)}"
    amp = "" if w.amplitude == 1 else f"{fmt_num(w.amplitude)} "
    out = {"amplitude": _num(w.amplitude), "wavelength": _num(w.wavelength),
           "length": _num(w.length), "n_wavelengths": _r(w.length / w.wavelength),
           "form": w.form, "equation": f"y = {sign}{amp}{fn}({k})",
           "peak_to_peak": _num(2 * w.amplitude), "x_unit": w.x_unit, "y_unit": w.y_unit,
           "y_at_0": _num(round(wave_value(w, 0.0), 9)),
           "n_crests": _count_extrema(w, +1), "n_troughs": _count_extrema(w, -1),
           "frequency": _num(w.frequency), "marks_shown": w.show_marks,
           "mark_values_shown": w.show_marks and w.mark_values}
    if w.frequency > 0:
        out.update(period=_r(1 / w.frequency), speed=_r(w.frequency * w.wavelength))
    return out


def _count_extrema(w: Wave, sgn: int) -> int:
    """Crests (sgn=+1) or troughs (-1) with x in [0, length]: phase of the first one + steps."""
    # the wave reaches +A where its phase (in cycles) equals c mod 1
    c = {"sin": 0.25, "cos": 0.0, "-sin": 0.75, "-cos": 0.5}[w.form]
    if sgn < 0:
        c = (c + 0.5) % 1.0
    n_cyc = w.length / w.wavelength
    return int(math.floor(n_cyc - c + 1e-9)) + 1 if n_cyc + 1e-9 >= c else 0


def _abs_area(t0: float, t1: float, v0: float, v1: float) -> float:
    """Integral of |v| over a linear piece (splits at the zero crossing)."""
    if v0 * v1 >= 0:
        return abs(v0 + v1) / 2 * (t1 - t0)
    tz = t0 + (t1 - t0) * v0 / (v0 - v1)
    return abs(v0) / 2 * (tz - t0) + abs(v1) / 2 * (t1 - tz)


def _motion_facts(m: MotionGraph) -> dict:
    t, v = m.times, m.values
    segs = []
    for i in range(len(t) - 1):
        slope = (v[i + 1] - v[i]) / (t[i + 1] - t[i])
        d = {"label": chr(65 + i), "t0": _num(t[i]), "t1": _num(t[i + 1]), "start": _num(v[i]),
             "end": _num(v[i + 1]), "slope": _r(slope)}
        if m.quantity == "velocity":
            d["area"] = _r((v[i] + v[i + 1]) / 2 * (t[i + 1] - t[i]))
            d["motion"] = ("constant velocity" if slope == 0 else
                           "speeding up" if abs(v[i + 1]) > abs(v[i]) else "slowing down")
        else:
            d["motion"] = "at rest" if slope == 0 else "moving forward" if slope > 0 \
                else "moving backward"
        segs.append(d)
    out = {"quantity": m.quantity, "times": [_num(x) for x in t], "values": [_num(x) for x in v],
           "points": [[_num(a), _num(b)] for a, b in zip(t, v)], "segments": segs,
           "n_segments": len(segs), "duration": _num(t[-1] - t[0]),
           "segment_labels": m.segment_labels,
           "max_value": _num(max(v)), "min_value": _num(min(v)),
           "steepest_segment": max(segs, key=lambda s: abs(s["slope"]))["label"]}
    if m.quantity == "velocity":
        disp = sum(s["area"] for s in segs)
        dist = sum(_abs_area(t[i], t[i + 1], v[i], v[i + 1]) for i in range(len(segs)))
        out.update(displacement=_r(disp), distance=_r(dist), max_speed=_num(max(map(abs, v))),
                   accelerations=[s["slope"] for s in segs],
                   average_velocity=_r(disp / (t[-1] - t[0])))
    else:
        disp = v[-1] - v[0]
        out.update(displacement=_num(disp), distance=_num(sum(abs(b - a) for a, b in
                                                             zip(v, v[1:]))),
                   velocities=[s["slope"] for s in segs],
                   average_velocity=_r(disp / (t[-1] - t[0])),
                   rest_segments=[s["label"] for s in segs if s["slope"] == 0])
    return out


def _cylinder_facts(c: Cylinder) -> dict:
    out = {"capacity": _num(c.capacity), "minor": _num(c.minor), "major": _num(c.major),
           "unit": c.unit, "vessel": c.vessel, "n_vessels": len(c.levels),
           "levels": [_num(x) for x in c.levels], "objects": list(c.objects),
           "captions": list(c.captions),
           "remaining": [_num(c.capacity - x) for x in c.levels],
           "fraction_full": [_r(x / c.capacity) for x in c.levels]}
    if len(c.levels) == 2:
        out["difference"] = _num(c.levels[1] - c.levels[0])
        if c.objects[1] and not c.objects[0]:
            out["object_volume"] = _num(c.levels[1] - c.levels[0])
    return out


FACTS = {"circuit": _circuit_facts, "forces": _forces_facts, "incline": _incline_facts,
         "vectors": _vectors_facts, "spring": _spring_facts, "pendulum": _pendulum_facts,
         "lens": _lens_facts, "wave": _wave_facts, "motion": _motion_facts,
         "cylinder": _cylinder_facts}


def science_facts(spec: ScienceSpec) -> dict:
    sub = part(spec)
    validate(spec)
    return {"kind": spec.kind, "title": spec.title, **FACTS[spec.kind](sub)}
