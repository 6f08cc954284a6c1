"""SmolVLM: its processor checks the image tokens of each prompt against that prompt's own list
of images, so a batch passes one list per prompt (Idefics3, its parent, takes a flat list).

    python -c "from mm.adapters.families import family_for; print(family_for('smolvlm'))"
"""
from __future__ import annotations

from mm.adapters.families import FAMILIES, Family


@FAMILIES.register
class SmolVLM(Family):
    model_type = "smolvlm"
    nest_images = True
