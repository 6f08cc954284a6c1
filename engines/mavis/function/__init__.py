"""MAVIS content for the function renderer family: caption writer, instruct problems, their
re-check, perception questions.
"""
