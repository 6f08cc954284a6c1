"""DynaMath-style generator: seed questions as programs, many variants each (see seed.py)."""
