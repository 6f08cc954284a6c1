"""The dataset kinds ``mm-data`` builds: one module per kind, each registering a ``Builder``
(engines.dataset.config) that ``BUILDERS`` finds by scanning this package. Training data
(mavis-caption, mavis-instruct, dpo-pairs, mavis-perception, dynamath) and the evaluation sets
(mme-synth, pope-synth, comfort) are built the same way: parquet chunks + card, shards, resume.

    mm-data --help
"""
