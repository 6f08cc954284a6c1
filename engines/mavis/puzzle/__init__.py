"""MAVIS content for the puzzle renderer family: caption writer."""
