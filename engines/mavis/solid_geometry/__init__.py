"""MAVIS content for the solid_geometry renderer family: caption writer, instruct problems, their
re-check, perception questions.
"""
