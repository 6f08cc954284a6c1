"""DynaMath seed questions of the topic "plane geometry", one module per group of related seeds."""
