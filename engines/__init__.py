"""Data engines: MAVIS captions / instruct / DPO pairs, DynaMath variants, evaluation sets, and
the sharded, resumable writer of HF datasets (``mm-data``)."""
import mm.determinism  # noqa: F401  (first: keeps numpy's AVX-512 kernels off; see there)
