"""DynaMath seed questions of the topic "statistics", one module per group of related seeds."""
