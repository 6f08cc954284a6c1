"""DynaMath "scientific figure" helpers every scientific seed module shares: the topic and the
knowledge levels (answers round with ``renderers.text.half_up``, as every seed's).

    python -m pytest -q tests/engines/dynamath/test_seeds_scientific.py
"""
from __future__ import annotations

TOPIC = "scientific figure"
ELEM, HIGH, UNI = "elementary school", "high school", "undergraduate"


