"""DynaMath seed questions of the topic "puzzle test", one module per group of related seeds."""
