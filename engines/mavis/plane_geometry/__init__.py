"""MAVIS content for the plane_geometry renderer family: caption writer, instruct problems, their
re-check, perception questions.
"""
