"""One torch thread for the family tests: their models are a few thousand weights, and on a
shared CPU the thread pool's spinning costs more than the matrix products (ten times here).

    python -m pytest tests/mm/families -q
"""
import pytest
import torch


@pytest.fixture(autouse=True)
def one_thread():
    n = torch.get_num_threads()
    torch.set_num_threads(1)
    yield
    torch.set_num_threads(n)
