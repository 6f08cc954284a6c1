"""Scientific figures (family "scientific"): circuits, force diagrams, inclines, vectors, springs,
pendulums, lens ray diagrams, waves, motion graphs and measuring cylinders.

Why: DynaMath's "scientific figure" topic and MAVIS captions need physics sketches whose every
labelled value and every derived quantity is known exactly. This module holds the spec (a
``kind`` and one sub-spec per kind) and its validation; ``facts`` derives the physics
(equivalent resistance, currents, net force, resultant vector, image distance, displacement =
area under a v-t graph, ...); ``draw/`` paints it with plain PIL; ``sample`` draws random
set-ups with nice numbers.

    python -c "import numpy as np, renderers; f = renderers.get_family('scientific'); \
f.render(f.sample_spec(np.random.default_rng(0), kind='circuit'), 336).save('/tmp/sci.png')"
"""
from __future__ import annotations

from dataclasses import dataclass, field
import math
from typing import ClassVar

from renderers.spec import Spec

KINDS = ("circuit", "forces", "incline", "vectors", "spring", "pendulum", "lens", "wave",
         "motion", "cylinder")
ELEMENT_KINDS = ("resistor", "bulb", "switch")
TOPOLOGIES = ("series", "parallel", "mixed")
QUANTITIES = ("velocity", "position")
WAVE_FORMS = ("sin", "cos", "-sin", "-cos")
VESSELS = ("cylinder", "beaker")


# ----------------------------------------------------------------------------- sub-specs


@dataclass
class Element:
    """A circuit element: a resistor or bulb of ``ohms``, or a switch (``closed`` or open)."""

    kind: str = "resistor"
    name: str = ""  # drawn label, e.g. "R1", "L2", "S"
    ohms: float = 0.0
    closed: bool = True  # switches only
    show_value: bool = True  # write "4 Ω" beside it


@dataclass
class Circuit:
    """A battery of ``emf`` volts, elements in series in the main line, then (optionally) a block
    of parallel ``branches``, each a list of elements in series. At most one switch in the main
    line; every branch holds at least one resistor or bulb."""

    emf: float = 12.0
    series: list[Element] = field(default_factory=list)
    branches: list[list[Element]] = field(default_factory=list)
    show_emf: bool = True


@dataclass
class Force:
    """A force of ``magnitude`` newtons pointing at ``angle_deg`` (counter-clockwise from +x)."""

    name: str = "F"
    magnitude: float = 10.0
    angle_deg: float = 0.0
    color: str = "red"
    show_value: bool = True


@dataclass
class ForceBody:
    """A block (mass in kg, 0 = not shown) with forces acting on it. ``surface`` draws it resting
    on a floor (then only forces at or above the horizontal are allowed)."""

    mass: float = 0.0
    forces: list[Force] = field(default_factory=list)
    surface: bool = False
    body: str = ""  # what the block is ("crate", "sled"): written under the floor


@dataclass
class Incline:
    """A block of ``mass`` kg on a ramp at ``angle_deg``; friction coefficient ``mu`` (0 =
    frictionless, not written); ``length`` of the slope in m (0 = not shown)."""

    angle_deg: float = 30.0
    mass: float = 5.0
    mu: float = 0.0
    length: float = 0.0
    show_forces: bool = True


@dataclass
class Vector2:
    name: str = "a"
    x: float = 1.0
    y: float = 0.0
    tail_x: float = 0.0
    tail_y: float = 0.0
    color: str = "blue"


@dataclass
class VectorSet:
    """Vectors on a grid. ``show_components`` draws dashed projections of each vector;
    ``show_resultant`` draws the sum from the first vector's tail."""

    vectors: list[Vector2] = field(default_factory=list)
    show_components: bool = False
    show_resultant: bool = False


@dataclass
class SpringMass:
    """A spring of constant ``k`` (N/m) with a block of ``mass`` kg. Horizontal: the block is
    pulled ``displacement`` m from equilibrium (negative = compressed). Vertical: the block hangs
    and ``displacement`` is the stretch from the natural length (dashed line)."""

    k: float = 50.0
    mass: float = 1.0
    displacement: float = 0.1
    orientation: str = "horizontal"
    show_k: bool = True
    show_mass: bool = True
    show_displacement: bool = True


@dataclass
class Pendulum:
    """A simple pendulum of ``length`` m pulled ``angle_deg`` from the vertical (sign = side)."""

    length: float = 1.0
    angle_deg: float = 20.0
    mass: float = 0.0  # 0 = not shown
    show_length: bool = True


@dataclass
class Lens:
    """A converging lens of focal length ``focal_length`` with an object ``object_distance`` in
    front of it (same unit, e.g. cm). Rays and the image are optional; ``label_distances``
    writes f and the object distance on dimension lines."""

    focal_length: float = 10.0
    object_distance: float = 25.0
    object_height: float = 4.0
    show_rays: bool = True
    show_image: bool = True
    label_distances: bool = True
    unit: str = "cm"


@dataclass
class Wave:
    """y = A f(2 pi x / wavelength) for x in [0, length], f one of WAVE_FORMS. ``frequency`` in
    Hz (0 = not written). ``show_marks`` draws the amplitude and wavelength arrows;
    ``mark_values`` writes their values on them."""

    amplitude: float = 2.0
    wavelength: float = 4.0
    length: float = 8.0
    form: str = "sin"
    frequency: float = 0.0
    show_marks: bool = True
    mark_values: bool = True
    x_unit: str = "m"
    y_unit: str = "cm"


@dataclass
class MotionGraph:
    """A piecewise-linear velocity-time or position-time graph through (times[i], values[i]).
    ``segment_labels`` letters the segments A, B, C, ..."""

    quantity: str = "velocity"
    times: list[float] = field(default_factory=list)
    values: list[float] = field(default_factory=list)
    segment_labels: bool = False


@dataclass
class Cylinder:
    """One or two graduated vessels with liquid at ``levels``; ``objects[i]`` puts a stone in
    vessel i (volume by displacement). Scale: a tick every ``minor`` units, numbers every
    ``major``."""

    capacity: float = 100.0
    minor: float = 5.0
    major: float = 20.0
    levels: list[float] = field(default_factory=list)
    objects: list[bool] = field(default_factory=list)
    vessel: str = "cylinder"
    unit: str = "mL"
    liquid: str = "blue"
    captions: list[str] = field(default_factory=list)  # under each vessel ("Before", "After")


@dataclass
class ScienceSpec(Spec):
    """A scientific figure: ``kind`` in KINDS selects which sub-spec is drawn (the others are
    None). ``title`` is an optional line at the top."""

    family: ClassVar[str] = "scientific"
    kind: str = "circuit"
    title: str = ""
    circuit: Circuit | None = None
    body: ForceBody | None = None
    incline: Incline | None = None
    vectors: VectorSet | None = None
    spring: SpringMass | None = None
    pendulum: Pendulum | None = None
    lens: Lens | None = None
    wave: Wave | None = None
    motion: MotionGraph | None = None
    cylinder: Cylinder | None = None


SUB = {"circuit": "circuit", "forces": "body", "incline": "incline", "vectors": "vectors",
       "spring": "spring", "pendulum": "pendulum", "lens": "lens", "wave": "wave",
       "motion": "motion", "cylinder": "cylinder"}


def part(spec: ScienceSpec):
    """The sub-spec of ``spec.kind`` (validated)."""
    if spec.kind not in KINDS:
        raise ValueError(f"scientific kind {spec.kind!r} is not valid; valid kinds: "
                         f"{', '.join(KINDS)}")
    sub = getattr(spec, SUB[spec.kind])
    if sub is None:
        raise ValueError(f"a {spec.kind} figure needs its {SUB[spec.kind]!r} field set")
    return sub


# ----------------------------------------------------------------------------- validation


def _bad(msg: str) -> None:
    raise ValueError(msg)


def validate(spec: ScienceSpec) -> None:
    s = part(spec)
    k = spec.kind
    if k == "circuit":
        for e in s.series + [x for b in s.branches for x in b]:
            if e.kind not in ELEMENT_KINDS:
                _bad(f"element kind {e.kind!r} is not valid; valid: {', '.join(ELEMENT_KINDS)}")
            if e.kind != "switch" and e.ohms <= 0:
                _bad(f"element {e.name!r} needs ohms > 0")
        if sum(e.kind == "switch" for e in s.series) > 1:
            _bad("at most one switch in the main line")
        if any(not any(e.kind != "switch" for e in b) for b in s.branches):
            _bad("every branch needs a resistor or bulb (a bare wire would short the block)")
        if len(s.branches) == 1:
            _bad("a parallel block needs at least two branches")
        if len(s.branches) > 3 or any(len(b) > 2 for b in s.branches):
            _bad("at most 3 branches of at most 2 elements")
        n_ser = sum(e.kind != "switch" for e in s.series)
        if n_ser > (4 if not s.branches else 2) or (s.branches and n_ser + len(s.branches) > 4):
            _bad("at most 4 main-line loads (with a parallel block: 2, and 4 loads and "
                 "branches together)")
        if not s.branches and n_ser == 0:
            _bad("a circuit needs at least one resistor or bulb")
    elif k == "forces":
        if not 1 <= len(s.forces) <= 5:
            _bad("a force diagram needs 1-5 forces")
        if s.surface and any(math.sin(math.radians(f.angle_deg)) < -1e-9 for f in s.forces):
            _bad("a block on a surface takes only forces at or above the horizontal")
    elif k == "incline":
        if not 5 <= s.angle_deg <= 70 or s.mass <= 0 or s.mu < 0:
            _bad("an incline needs 5 <= angle_deg <= 70, mass > 0 and mu >= 0")
    elif k == "vectors":
        if not 1 <= len(s.vectors) <= 4:
            _bad("a vector figure needs 1-4 vectors")
    elif k == "spring":
        if s.k <= 0 or s.mass <= 0 or s.orientation not in ("horizontal", "vertical"):
            _bad("a spring needs k > 0, mass > 0, orientation horizontal or vertical")
    elif k == "pendulum":
        if s.length <= 0 or not 0 < abs(s.angle_deg) <= 60:
            _bad("a pendulum needs length > 0 and 0 < |angle_deg| <= 60")
    elif k == "lens":
        if s.focal_length <= 0 or s.object_distance <= 0 or s.object_height <= 0 or \
                abs(s.object_distance - s.focal_length) < 1e-9:
            _bad("a lens needs positive f, object distance and height, object not at F")
    elif k == "wave":
        if s.form not in WAVE_FORMS:
            _bad(f"wave form {s.form!r} is not valid; valid: {', '.join(WAVE_FORMS)}")
        if s.amplitude <= 0 or s.wavelength <= 0 or s.length <= 0:
            _bad("a wave needs positive amplitude, wavelength and length")
    elif k == "motion":
        if s.quantity not in QUANTITIES:
            _bad(f"quantity {s.quantity!r} is not valid; valid: {', '.join(QUANTITIES)}")
        if len(s.times) != len(s.values) or len(s.times) < 2 or \
                any(b <= a for a, b in zip(s.times, s.times[1:])):
            _bad("a motion graph needs increasing times and one value per time")
    elif k == "cylinder":
        if s.vessel not in VESSELS:
            _bad(f"vessel {s.vessel!r} is not valid; valid: {', '.join(VESSELS)}")
        if not 1 <= len(s.levels) <= 2 or len(s.objects) != len(s.levels):
            _bad("1-2 vessels, one objects flag per level")
        if any(not 0 <= x <= s.capacity for x in s.levels) or s.minor <= 0 or \
                s.major < s.minor or s.capacity / s.minor > 60:
            _bad("levels within 0..capacity, 0 < minor <= major, at most 60 divisions")
