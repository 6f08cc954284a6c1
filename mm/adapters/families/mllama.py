"""Mllama (Llama 3.2 Vision): its processor takes one list of images per prompt; the image
reaches the text through cross-attention, whose mask a scored continuation extends by
repeating the prompt's last row (``Family.continuation_fill``).

    python -c "from mm.adapters.families import family_for; print(family_for('mllama'))"
"""
from __future__ import annotations

from mm.adapters.families import FAMILIES, Family


@FAMILIES.register
class Mllama(Family):
    model_type = "mllama"
    nest_images = True
