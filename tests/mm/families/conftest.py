"""One torch thread for the family tests: their models are a few thousand weights, and on a
shared CPU the thread pool's spinning costs more than the matrix products (ten times here).
Each family's ``test_parity`` (our adapter against the family's own generate, a second or two
each) is marked ``slow`` by name, so that a new family file is tiered without a decorator.

    python -m pytest tests/mm/families -q
"""
from pathlib import Path

import pytest
import torch

HERE = Path(__file__).parent


def pytest_collection_modifyitems(config, items):
    for item in items:
        if item.path.parent == HERE and item.name.startswith("test_parity"):
            item.add_marker(pytest.mark.slow)


@pytest.fixture(autouse=True)
def one_thread():
    n = torch.get_num_threads()
    torch.set_num_threads(1)
    yield
    torch.set_num_threads(n)
