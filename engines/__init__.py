"""Data engines: MAVIS captions / instruct / DPO pairs, DynaMath variants, evaluation sets, and
the sharded, resumable writer of HF datasets (``mm-data``)."""
