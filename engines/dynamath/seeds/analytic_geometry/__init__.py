"""DynaMath seed questions of the topic "analytic geometry", one module per group of related seeds."""
