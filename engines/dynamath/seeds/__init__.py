"""Seed questions, one module per topic (or per group of seeds); each registers its seeds."""
