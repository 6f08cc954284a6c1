"""DynaMath seed questions of the topic "algebra", one module per group of related seeds."""
