"""eval package."""
