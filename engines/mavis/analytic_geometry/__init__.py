"""MAVIS content for the analytic_geometry renderer family: caption writer, instruct problems,
their re-check, perception questions.
"""
