"""DynaMath seed questions of the topic "solid geometry", one module per group of related seeds."""
