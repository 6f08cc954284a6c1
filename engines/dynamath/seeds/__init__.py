"""DynaMath seed questions: one folder per topic, one module per group of related seeds.

Folders are named by topic, after the renderer family where the topic has one: algebra,
analytic_geometry, arithmetic, graph ("graph theory"), plane_geometry, puzzle ("puzzle test"),
scientific ("scientific figure"), solid_geometry, statistics. Every module registers its seeds
with ``@register_seed``; ``engines.dynamath.seed.SEEDS`` imports them all on first lookup.

    mm-data dynamath list
"""
