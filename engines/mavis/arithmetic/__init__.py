"""MAVIS content for the arithmetic renderer family: caption writer."""
