"""Gemma 3: its processor reads a flat list of images as one prompt's, so a batch passes one
list per prompt.

    python -c "from mm.adapters.families import family_for; print(family_for('gemma3'))"
"""
from __future__ import annotations

from mm.adapters.families import FAMILIES, Family


@FAMILIES.register
class Gemma3(Family):
    model_type = "gemma3"
    nest_images = True
