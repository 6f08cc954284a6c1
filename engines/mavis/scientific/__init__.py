"""MAVIS content for the scientific renderer family: caption writer."""
