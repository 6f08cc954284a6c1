"""DynaMath seed questions of the topic "scientific figure", one module per group of related seeds."""
