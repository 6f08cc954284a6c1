"""MAVIS data engine: rule-based captions, instruction problems with CoT, DPO pairs.

Per-family content (caption phrasings, problem generators, independent re-checks) lives in one
module per renderer family and registers itself with the decorators in ``engines.mavis.registry``.
"""
