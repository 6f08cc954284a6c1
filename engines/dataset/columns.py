"""Column types of the built datasets (``datasets.Features``), shared by every builder.

    python -c "from engines.dataset import columns as c; print(c.features({'id': c.string()}))"
"""
from __future__ import annotations


def features(columns: dict):
    import datasets

    return datasets.Features(columns)


def string():
    import datasets

    return datasets.Value("string")


def string_list():
    import datasets

    return datasets.List(datasets.Value("string")) if hasattr(datasets, "List") else \
        datasets.Sequence(datasets.Value("string"))


def image():
    import datasets

    return datasets.Image()


def int64():
    import datasets

    return datasets.Value("int64")


def float64():
    import datasets

    return datasets.Value("float64")
