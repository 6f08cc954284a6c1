"""DynaMath seed questions of the topic "graph theory", one module per group of related seeds."""
