"""Random scientific set-ups with nice numbers (the sampler of the "scientific" family).

Why separate: ``renderers.scientific.spec`` and ``.facts`` hold the spec and the physics; this module only chooses
values a textbook would print (resistances of 2-30 ohms, angles like 30 or 37 degrees, integer
vector components, levels on a scale tick), from the given ``numpy.random.Generator`` only.

    python -c "import numpy as np; from renderers.scientific.sample import sample_science; \
print(sample_science(np.random.default_rng(0), kind='lens'))"
"""
from __future__ import annotations

import numpy as np

from renderers.scientific.facts import G
from renderers.scientific.spec import (KINDS, QUANTITIES, TOPOLOGIES, Circuit, Cylinder, Element,
                                       Force, ForceBody, Incline, Lens, MotionGraph, Pendulum,
                                       ScienceSpec, SpringMass, Vector2, VectorSet, Wave)
from renderers.spec import rng_choice

_KIND_P = (0.16, 0.1, 0.09, 0.1, 0.08, 0.08, 0.1, 0.09, 0.11, 0.09)
OHMS = (1, 2, 3, 4, 5, 6, 8, 10, 12, 15, 20, 24, 30)
EMFS = (1.5, 3, 4.5, 6, 9, 12, 18, 24)
FORCE_COLORS = ("red", "blue", "green", "purple", "orange")
VEC_COLORS = ("blue", "red", "green", "purple")
BODIES = ("crate", "box", "sled", "cart", "trunk", "block")
# (capacity, minor, major): at most 25 divisions so ticks stay apart at 224 px
SCALES = ((10, 0.5, 2), (25, 1, 5), (50, 2, 10), (100, 5, 20), (100, 4, 20), (250, 10, 50),
          (500, 20, 100), (1000, 50, 200), (200, 10, 50))
LIQUIDS = ("blue", "green", "orange", "purple", "cyan")


def _bool(rng: np.random.Generator, p: float) -> bool:
    return bool(rng.random() < p)


def _pick(rng: np.random.Generator, seq, k: int) -> list:
    idx = rng.choice(len(seq), size=k, replace=False)
    return [seq[int(i)] for i in idx]


def _load(rng: np.random.Generator, bulb_p: float, counts: dict) -> Element:
    if _bool(rng, bulb_p):
        counts["L"] += 1
        return Element("bulb", f"L{counts['L']}", float(rng_choice(rng, OHMS[2:10])),
                       show_value=_bool(rng, 0.6))
    counts["R"] += 1
    return Element("resistor", f"R{counts['R']}", float(rng_choice(rng, OHMS)),
                   show_value=_bool(rng, 0.93))


def sample_circuit(rng: np.random.Generator, topology: str | None = None) -> Circuit:
    topo = topology or rng_choice(rng, TOPOLOGIES)
    counts = {"R": 0, "L": 0}
    series: list[Element] = []
    branches: list[list[Element]] = []
    bulb_p = float(rng_choice(rng, (0.0, 0.0, 0.3, 1.0)))
    if topo == "series":
        series = [_load(rng, bulb_p, counts) for _ in range(int(rng.integers(2, 5)))]
    else:
        n_br = int(rng.integers(2, 4))
        n_ser = 0 if topo == "parallel" else (1 if n_br == 3 else int(rng.integers(1, 3)))
        series = [_load(rng, bulb_p, counts) for _ in range(n_ser)]
        branches = [[_load(rng, bulb_p, counts)] for _ in range(n_br)]
        if n_ser < 2 and _bool(rng, 0.25):  # a switch on one branch
            k = int(rng.integers(n_br))
            branches[k].insert(0, Element("switch", "S2", closed=_bool(rng, 0.5),
                                          show_value=False))
    if _bool(rng, 0.3):
        series.insert(0, Element("switch", "S1" if any(len(b) > 1 for b in branches) else "S",
                                 closed=_bool(rng, 0.6), show_value=False))
    return Circuit(emf=float(rng_choice(rng, EMFS)), series=series, branches=branches,
                   show_emf=_bool(rng, 0.92))


def _angles_apart(rng: np.random.Generator, pool: tuple, n: int, gap: float = 40.0) -> list:
    for _ in range(50):
        a = sorted(_pick(rng, pool, n))
        diffs = [(b - x) % 360 for x, b in zip(a, a[1:] + a[:1])] if n > 1 else [360]
        if min(diffs) >= gap:
            return a
    return [0, 180][:n] if n <= 2 else [0, 90, 180, 270][:n]


def sample_forces(rng: np.random.Generator) -> ForceBody:
    surface = _bool(rng, 0.4)
    if surface:
        n = int(rng.integers(2, 4))
        pool = (0, 180, 0, 180, 30, 45, 60, 120, 135, 150, 90)
        angles = _angles_apart(rng, pool, n, 30)
    else:
        n = int(rng.integers(2, 5))
        pool = (0, 90, 180, 270, 0, 90, 180, 270, 30, 45, 60, 120, 135, 150, 210, 225, 240,
                300, 315, 330)
        angles = _angles_apart(rng, pool, n, 40)
    step = float(rng_choice(rng, (1, 2, 5)))
    forces = []
    cols = _pick(rng, FORCE_COLORS, n)
    for i, a in enumerate(angles):
        mag = float(step * rng.integers(1, 11 if step < 5 else 7))
        forces.append(Force(f"F{i + 1}", mag, float(a), cols[i], show_value=True))
    mass = float(rng_choice(rng, (0, 0, 1, 2, 4, 5, 10, 20)))
    return ForceBody(mass=mass, forces=forces, surface=surface,
                     body=rng_choice(rng, BODIES) if surface and _bool(rng, 0.6) else "")


def sample_incline(rng: np.random.Generator) -> Incline:
    return Incline(angle_deg=float(rng_choice(rng, (15, 20, 25, 30, 35, 37, 40, 45, 50, 53, 60))),
                   mass=float(rng_choice(rng, (1, 2, 3, 4, 5, 8, 10, 12))),
                   mu=float(rng_choice(rng, (0, 0, 0.1, 0.2, 0.25, 0.3, 0.4, 0.5, 0.6, 0.8))),
                   length=float(rng_choice(rng, (0, 0, 2, 3, 4, 5, 6, 8, 10))),
                   show_forces=_bool(rng, 0.6))


def _int_vec(rng: np.random.Generator, lim: int = 6) -> tuple[int, int]:
    while True:
        x, y = (int(v) for v in rng.integers(-lim, lim + 1, size=2))
        if (x, y) != (0, 0):
            return x, y


Seg = tuple[tuple[float, float], tuple[float, float]]


def _overlap(s: Seg, t: Seg) -> bool:
    """Whether segments ``s`` and ``t`` lie on one line and share a stretch of it (one arrow
    drawn over another: c = -b retracing b head to tail, or b along a from the origin)."""
    (ax, ay), (bx, by) = s
    dx, dy = bx - ax, by - ay
    (px, py), (qx, qy) = t
    if dx * (py - ay) - dy * (px - ax) or dx * (qy - ay) - dy * (qx - ax):
        return False  # t is off s's line
    n = dx * dx + dy * dy
    u, w = sorted(((px - ax) * dx + (py - ay) * dy, (qx - ax) * dx + (qy - ay) * dy))
    return min(n, w) > max(0.0, u)  # s spans 0..n along its line, t spans u..w


def drawn_arrows(vs: VectorSet) -> list[Seg]:
    """The segments ``draw_vectors`` draws: each vector, and the resultant where shown."""
    segs = [((v.tail_x, v.tail_y), (v.tail_x + v.x, v.tail_y + v.y)) for v in vs.vectors]
    if vs.show_resultant and len(vs.vectors) >= 2:
        v0 = vs.vectors[0]
        end = (v0.tail_x + sum(v.x for v in vs.vectors), v0.tail_y + sum(v.y for v in vs.vectors))
        if end != (v0.tail_x, v0.tail_y):
            segs.append(((v0.tail_x, v0.tail_y), end))
    return segs


def arrows_overlap(vs: VectorSet) -> bool:
    segs = drawn_arrows(vs)
    return any(_overlap(s, t) for i, s in enumerate(segs) for t in segs[i + 1:])


def sample_vectors(rng: np.random.Generator) -> VectorSet:
    n = int(rng_choice(rng, (1, 2, 2, 2, 3)))
    cols = _pick(rng, VEC_COLORS, n)
    chain = n >= 2 and _bool(rng, 0.35)
    while True:  # no arrow drawn over another, where a reader would see one where two are
        vs, tail = [], (0, 0)
        for i in range(n):
            x, y = _int_vec(rng, 5 if chain else 6)
            vs.append(Vector2("abc"[i], float(x), float(y), float(tail[0]), float(tail[1]),
                              cols[i]))
            if chain:
                tail = (tail[0] + x, tail[1] + y)
        out = VectorSet(vectors=vs, show_components=_bool(rng, 0.35),
                        show_resultant=n >= 2 and _bool(rng, 0.45))
        if not arrows_overlap(out):
            return out


def sample_spring(rng: np.random.Generator) -> SpringMass:
    if _bool(rng, 0.6):
        x = float(rng_choice(rng, (0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.4)))
        return SpringMass(k=float(rng_choice(rng, (10, 20, 25, 40, 50, 80, 100, 200, 400))),
                          mass=float(rng_choice(rng, (0.2, 0.5, 1, 2, 4))),
                          displacement=x if _bool(rng, 0.7) else -x, orientation="horizontal",
                          show_k=_bool(rng, 0.9), show_mass=_bool(rng, 0.85),
                          show_displacement=_bool(rng, 0.9))
    m = float(rng_choice(rng, (0.2, 0.5, 1, 2)))
    x = float(rng_choice(rng, (0.02, 0.04, 0.05, 0.1, 0.2)))
    return SpringMass(k=round(m * G / x, 2), mass=m, displacement=x, orientation="vertical",
                      show_k=_bool(rng, 0.5), show_mass=True, show_displacement=True)


def sample_pendulum(rng: np.random.Generator) -> Pendulum:
    a = float(rng_choice(rng, (10, 15, 20, 25, 30, 35, 40, 45)))
    return Pendulum(length=float(rng_choice(rng, (0.25, 0.4, 0.5, 0.8, 1, 1.2, 1.5, 2, 2.5))),
                    angle_deg=a if _bool(rng, 0.5) else -a,
                    mass=float(rng_choice(rng, (0, 0, 0.1, 0.2, 0.5, 1, 2))),
                    show_length=_bool(rng, 0.9))


def sample_lens(rng: np.random.Generator) -> Lens:
    f = float(rng_choice(rng, (5, 8, 10, 12, 15, 20)))
    while True:
        ratio = float(rng_choice(rng, (0.4, 0.5, 0.6, 0.7, 1.4, 1.5, 1.6, 1.8, 2, 2.5, 3)))
        d = float(round(f * ratio))
        if d != f and d > 0:
            break
    return Lens(focal_length=f, object_distance=d,
                object_height=float(rng_choice(rng, (2, 3, 4, 5))),
                show_rays=_bool(rng, 0.8), show_image=_bool(rng, 0.6),
                label_distances=_bool(rng, 0.85),
                unit="cm")


def sample_wave(rng: np.random.Generator) -> Wave:
    lam = float(rng_choice(rng, (2, 4, 4, 6, 8, 10)))
    cycles = float(rng_choice(rng, (1.5, 2, 2, 2.5, 3)))
    units = rng_choice(rng, (("m", "cm"), ("m", "m"), ("cm", "cm")))
    return Wave(amplitude=float(rng_choice(rng, (1, 2, 3, 4, 5))), wavelength=lam,
                length=lam * cycles, form=rng_choice(rng, ("sin", "sin", "cos", "-sin", "-cos")),
                frequency=float(rng_choice(rng, (0, 0, 0.5, 1, 2, 2.5, 4, 5, 10))),
                show_marks=_bool(rng, 0.6), mark_values=_bool(rng, 0.5), x_unit=units[0],
                y_unit=units[1])


def sample_motion(rng: np.random.Generator, quantity: str | None = None) -> MotionGraph:
    q = quantity or rng_choice(rng, QUANTITIES)
    n = int(rng.integers(2, 5))
    times = [0.0]
    for _ in range(n):
        times.append(times[-1] + float(rng.integers(1, 5 if n < 4 else 4)))
    step = float(rng_choice(rng, (1, 2, 5)))
    lo = -3 if (q == "velocity" and _bool(rng, 0.2)) else 0
    while True:
        vals = [float(step * v) for v in rng.integers(lo, 7, size=n + 1)]
        if q == "velocity" and _bool(rng, 0.5):
            vals[0] = 0.0
        slopes = [(b - a) / (t1 - t0) for a, b, t0, t1 in zip(vals, vals[1:], times, times[1:])]
        if len(set(slopes)) > 1 and max(vals) > 0:
            break
    return MotionGraph(quantity=q, times=times, values=vals, segment_labels=_bool(rng, 0.5))


def sample_cylinder(rng: np.random.Generator) -> Cylinder:
    cap, minor, major = rng_choice(rng, SCALES)
    n_div = int(round(cap / minor))
    two = _bool(rng, 0.45)
    a = int(rng.integers(int(n_div * 0.2), int(n_div * 0.65) + 1))
    levels = [a * minor]
    if two:
        b = a + int(rng.integers(2, max(3, int(n_div * 0.3)) + 1))
        levels.append(min(b, n_div - 1) * minor)
    vessel = "beaker" if _bool(rng, 0.25) else "cylinder"
    caps = (["Before", "After"] if _bool(rng, 0.6) else ["A", "B"]) if two else []
    return Cylinder(capacity=float(cap), minor=float(minor), major=float(major),
                    levels=[float(x) for x in levels], objects=[False, True][:len(levels)]
                    if two else [False], vessel=vessel, unit="mL",
                    liquid=rng_choice(rng, LIQUIDS), captions=caps)


def sample_science(rng: np.random.Generator, kind: str | None = None,
                   topology: str | None = None, quantity: str | None = None) -> ScienceSpec:
    if kind is not None and kind not in KINDS:
        raise ValueError(f"scientific kind {kind!r} is not valid; valid kinds: {', '.join(KINDS)}")
    if topology is not None and topology not in TOPOLOGIES:
        raise ValueError(f"circuit topology {topology!r} is not valid; valid topologies: "
                         f"{', '.join(TOPOLOGIES)}")
    if quantity is not None and quantity not in QUANTITIES:
        raise ValueError(f"motion quantity {quantity!r} is not valid; valid quantities: "
                         f"{', '.join(QUANTITIES)}")
    if kind is None:
        kind = "circuit" if topology else "motion" if quantity else \
            KINDS[int(rng.choice(len(KINDS), p=_KIND_P))]
    if topology is not None and kind != "circuit":
        raise ValueError(f"the topology knob is for circuits; kind is {kind!r}")
    if quantity is not None and kind != "motion":
        raise ValueError(f"the quantity knob is for motion graphs; kind is {kind!r}")
    if kind == "circuit":
        return ScienceSpec(kind=kind, circuit=sample_circuit(rng, topology))
    if kind == "motion":
        m = sample_motion(rng, quantity)
        return ScienceSpec(kind=kind, motion=m)
    sub = {"forces": sample_forces, "incline": sample_incline, "vectors": sample_vectors,
           "spring": sample_spring, "pendulum": sample_pendulum, "lens": sample_lens,
           "wave": sample_wave, "cylinder": sample_cylinder}[kind](rng)
    field_name = {"forces": "body"}.get(kind, kind)
    return ScienceSpec(kind=kind, **{field_name: sub})
