"""DynaMath seed questions of the topic "arithmetic", one module per group of related seeds."""
