"""mm package."""
