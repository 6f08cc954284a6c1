"""The "scientific" renderer family: facts of hand-built specs against hand-computed physics,
knob validation, the labels each figure draws, and caption truth for fixed specs (render speed
is measured in bench/bench_data.py)."""
import math

import numpy as np
import pytest

import renderers
from engines.mavis import registry
from engines.mavis.text import untrue_numbers
from renderers.scientific.spec import (Circuit, Cylinder, Element, Force, ForceBody, Incline, Lens,
                                       MotionGraph, Pendulum, ScienceSpec, SpringMass, Vector2,
                                       VectorSet, Wave)

FAM = renderers.get_family("scientific")


def facts(**kw):
    return FAM.facts(ScienceSpec(**kw))


def R(name, ohms):
    return Element("resistor", name, float(ohms))


# ----------------------------------------------------------------------------- circuits


def test_series_circuit_facts():
    f = facts(kind="circuit", circuit=Circuit(12.0, [R("R1", 2), R("R2", 4)]))
    assert f["topology"] == "series"
    assert f["equivalent_resistance"] == 6 and f["total_current"] == 2
    assert f["total_power"] == 24
    r2 = f["elements"][1]
    assert (r2["current"], r2["voltage"], r2["power"]) == (2, 8, 16)


def test_mixed_circuit_splits_current():
    # 2 ohm in series with (3 || 6) = 2 ohm: 4 ohm total, 3 A, branches 2 A and 1 A
    f = facts(kind="circuit", circuit=Circuit(12.0, [R("R1", 2)], [[R("R2", 3)], [R("R3", 6)]]))
    assert f["topology"] == "mixed" and f["equivalent_resistance"] == 4
    assert f["total_current"] == 3 and f["parallel_voltage"] == 6
    assert [e["current"] for e in f["elements"]] == [3, 2, 1]


def test_open_switches():
    sw = Element("switch", "S", closed=False)
    f = facts(kind="circuit", circuit=Circuit(9.0, [sw, R("R1", 3)]))
    assert f["equivalent_resistance"] is None and f["total_current"] == 0
    assert not f["closed_circuit"]
    # an open switch on one branch removes that branch: only the 6 ohm path is left
    br = Circuit(12.0, [], [[Element("switch", "S", closed=False), R("R1", 3)], [R("R2", 6)]])
    f = facts(kind="circuit", circuit=br)
    assert f["topology"] == "parallel" and f["equivalent_resistance"] == 6
    assert f["total_current"] == 2


def test_bulbs_lit_count():
    b = [Element("bulb", f"L{i}", 4.0) for i in (1, 2, 3)]
    c = Circuit(6.0, [b[0]], [[Element("switch", "S", closed=False), b[1]], [b[2]]])
    f = facts(kind="circuit", circuit=c)
    assert f["n_bulbs"] == 3 and f["n_lit"] == 2
    assert [e.get("lit") for e in f["elements"] if e["kind"] == "bulb"] == [True, False, True]


def test_circuit_validation_messages():
    with pytest.raises(ValueError, match="needs ohms > 0"):
        facts(kind="circuit", circuit=Circuit(6.0, [R("R1", 0)]))
    with pytest.raises(ValueError, match="every branch needs a resistor"):
        facts(kind="circuit", circuit=Circuit(6.0, [R("R1", 2)],
                                              [[Element("switch", "S")], [R("R2", 2)]]))
    with pytest.raises(ValueError, match="element kind 'diode' is not valid"):
        facts(kind="circuit", circuit=Circuit(6.0, [Element("diode", "D", 1.0)]))


def test_circuit_labels_drawn():
    spec = ScienceSpec(kind="circuit", circuit=Circuit(12.0, [R("R1", 2)], [[R("R2", 3)],
                                                                           [R("R3", 6)]]))
    _, layout = FAM.render_with_layout(spec, 336)
    texts = {lb.text for lb in layout.labels}
    assert {"12 V", "R1 = 2 Ω", "R2 = 3 Ω", "R3 = 6 Ω"} <= texts


# ----------------------------------------------------------------------------- mechanics


def test_forces_net_and_acceleration():
    body = ForceBody(2.0, [Force("F1", 3.0, 0.0), Force("F2", 4.0, 90.0)])
    f = facts(kind="forces", body=body)
    assert f["net_force"] == 5 and f["acceleration"] == 2.5
    assert f["net_angle_deg"] == pytest.approx(53.1301, abs=1e-4)
    f = facts(kind="forces", body=ForceBody(0.0, [Force("F1", 5.0, 30.0), Force("F2", 5.0, 210.0)]))
    assert f["balanced"] and f["forces"][1]["angle_from_horizontal"] == 30


def test_forces_on_a_floor_count_the_weight_and_the_normal_force():
    # 10 kg (98 N) pulled 25 N up and 30 N at 120°: 50.98 N up, less than the weight, so the
    # floor pushes back with 47.02 N and only the 15 N to the left accelerates it: 1.5 m/s²
    body = ForceBody(10.0, [Force("F1", 25.0, 90.0), Force("F2", 30.0, 120.0)], surface=True)
    f = facts(kind="forces", body=body)
    assert f["applied_force"] == pytest.approx(53.1417, abs=1e-4) and f["weight"] == 98
    assert not f["lifts_off"] and f["normal_force"] == pytest.approx(47.0192, abs=1e-4)
    assert f["net_force"] == 15 and f["net_fy"] == 0 and f["acceleration"] == 1.5
    # 1 kg (9.8 N) pulled 20 N up: it lifts off with 10.2 N net, 10.2 m/s²
    f = facts(kind="forces", body=ForceBody(1.0, [Force("F1", 20.0, 90.0)], surface=True))
    assert f["lifts_off"] and f["normal_force"] == 0 and f["acceleration"] == 10.2
    # only an upward pull balanced by the floor: at rest
    f = facts(kind="forces", body=ForceBody(5.0, [Force("F1", 20.0, 90.0)], surface=True))
    assert f["balanced"] and f["acceleration"] == 0
    # no mass: horizontal forces still give the net force, an upward pull leaves it unknown
    f = facts(kind="forces", body=ForceBody(0.0, [Force("F1", 6.0, 0.0), Force("F2", 2.0, 180.0)],
                                            surface=True))
    assert f["net_force"] == 4 and "acceleration" not in f
    f = facts(kind="forces", body=ForceBody(0.0, [Force("F1", 6.0, 60.0)], surface=True))
    assert f["net_force"] is None and f["balanced"] is None and f["applied_force"] == 6


def test_surface_rejects_downward_forces():
    with pytest.raises(ValueError, match="at or above the horizontal"):
        facts(kind="forces", body=ForceBody(1.0, [Force("F", 2.0, 270.0)], surface=True))


def test_incline_facts():
    f = facts(kind="incline", incline=Incline(30.0, 2.0, 0.0, 4.0))
    assert f["parallel_component"] == 9.8 and f["normal_force"] == pytest.approx(16.9741)
    assert f["acceleration"] == 4.9 and f["height"] == 2 and f["slides"]
    f = facts(kind="incline", incline=Incline(30.0, 2.0, 0.7))
    assert not f["slides"] and f["acceleration"] == 0 and f["friction"] == 9.8


def test_vector_facts():
    vs = VectorSet([Vector2("a", 3, 4), Vector2("b", 1, -2, 3, 4)])
    f = facts(kind="vectors", vectors=vs)
    assert f["resultant"]["x"] == 4 and f["resultant"]["y"] == 2
    assert f["resultant"]["magnitude"] == pytest.approx(math.sqrt(20), abs=1e-4)
    assert f["dot_product"] == -5 and f["vectors"][1]["head"] == [4, 2]
    assert f["angle_between_deg"] == pytest.approx(116.5651, abs=1e-4)


def test_spring_and_pendulum():
    f = facts(kind="spring", spring=SpringMass(50.0, 2.0, -0.2))
    assert f["restoring_force"] == 10 and f["elastic_energy"] == 1
    assert f["state"] == "compressed" and f["period"] == pytest.approx(1.2566, abs=1e-4)
    f = facts(kind="pendulum", pendulum=Pendulum(1.0, -60.0))
    assert f["period"] == pytest.approx(2.0071, abs=1e-4) and f["side"] == "left"
    assert f["height_raised"] == 0.5 and f["max_speed"] == pytest.approx(3.1305, abs=1e-4)


# ----------------------------------------------------------------------------- optics, waves


def test_lens_facts():
    f = facts(kind="lens", lens=Lens(10.0, 15.0, 2.0))
    assert (f["image_distance"], f["magnification"], f["image_height"]) == (30, -2, -4)
    assert (f["image_type"], f["orientation"], f["size"]) == ("real", "inverted", "enlarged")
    assert f["object_region"] == "between F and 2F"
    f = facts(kind="lens", lens=Lens(10.0, 5.0, 2.0))
    assert (f["image_distance"], f["magnification"], f["image_type"]) == (-10, 2, "virtual")
    f = facts(kind="lens", lens=Lens(10.0, 20.0, 2.0))
    assert f["size"] == "same size" and f["object_region"] == "at 2F"
    with pytest.raises(ValueError, match="object not at F"):
        facts(kind="lens", lens=Lens(10.0, 10.0, 2.0))


def test_wave_facts():
    f = facts(kind="wave", wave=Wave(3.0, 4.0, 8.0, "sin", 5.0))
    assert (f["speed"], f["period"], f["n_crests"], f["n_troughs"]) == (20, 0.2, 2, 2)
    assert f["equation"] == "y = 3 sin(2πx/4)" and f["y_at_0"] == 0
    f = facts(kind="wave", wave=Wave(1.0, 4.0, 8.0, "cos"))
    assert f["n_crests"] == 3 and f["equation"] == "y = cos(2πx/4)" and f["y_at_0"] == 1


def test_motion_facts():
    f = facts(kind="motion", motion=MotionGraph("velocity", [0, 2, 5], [0, 4, -2]))
    # areas 4 and 3; the second piece crosses zero at t = 4: |area| 4 + 1
    assert f["displacement"] == 7 and f["distance"] == 9
    assert f["accelerations"] == [2, -2] and f["average_velocity"] == 1.4
    f = facts(kind="motion", motion=MotionGraph("position", [0, 2, 4], [0, 6, 6]))
    assert f["velocities"] == [3, 0] and f["rest_segments"] == ["B"] and f["distance"] == 6
    with pytest.raises(ValueError, match="increasing times"):
        facts(kind="motion", motion=MotionGraph("velocity", [0, 2, 2], [1, 2, 3]))


def test_cylinder_facts_and_ticks():
    cyl = Cylinder(100.0, 2.0, 10.0, [40.0, 58.0], [False, True], captions=["Before", "After"])
    f = facts(kind="cylinder", cylinder=cyl)
    assert f["object_volume"] == 18 and f["remaining"] == [60, 42]
    _, layout = FAM.render_with_layout(ScienceSpec(kind="cylinder", cylinder=cyl), 336)
    texts = [lb.text for lb in layout.labels]
    assert texts.count("100") == 2 and "Before" in texts and "After" in texts


# ----------------------------------------------------------------------------- knobs, captions


def test_knobs_force_the_kind_and_reject_bad_values():
    rng = np.random.default_rng(0)
    for kind in ("circuit", "lens", "cylinder"):
        assert FAM.sample_spec(rng, kind=kind).kind == kind
    assert FAM.sample_spec(rng, quantity="position").motion.quantity == "position"
    with pytest.raises(ValueError, match="valid kinds: circuit, forces"):
        FAM.sample_spec(rng, kind="optics")
    with pytest.raises(ValueError, match="valid topologies: series, parallel, mixed"):
        FAM.sample_spec(rng, topology="star")
    with pytest.raises(ValueError, match="the quantity knob is for motion graphs"):
        FAM.sample_spec(rng, kind="wave", quantity="velocity")


def test_topology_knob_gives_that_topology():
    for seed in range(20):
        for topo in ("series", "parallel", "mixed"):
            spec = FAM.sample_spec(np.random.default_rng(seed), topology=topo)
            assert FAM.facts(spec)["topology"] == topo


def test_caption_of_fixed_spec_is_true():
    writer = registry.get_caption_writer("scientific")
    spec = ScienceSpec(kind="circuit", circuit=Circuit(12.0, [R("R1", 2), R("R2", 4)]))
    f = FAM.facts(spec)
    for seed in range(30):
        cap = writer.fn(spec, f, np.random.default_rng(seed))
        assert not untrue_numbers(cap, f)
        assert "12 V" in cap and "R1 = 2 Ω" in cap and "6 Ω" in cap and "2 A" in cap


def test_caption_hides_unshown_values():
    writer = registry.get_caption_writer("scientific")
    spec = ScienceSpec(kind="spring", spring=SpringMass(80.0, 2.0, 0.25, show_k=False))
    cap = writer.fn(spec, FAM.facts(spec), np.random.default_rng(0))
    assert "80" not in cap and "0.25 m" in cap
