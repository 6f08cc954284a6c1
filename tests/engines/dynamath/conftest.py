"""The per-seed scale checks of the DynaMath topic files (50 variants through each checker, the
needs-the-image comparison, the letter spread over every multiple-choice seed) take seconds each:
they are marked `slow` here, by name, so that `make test-fast` stays an inner loop and a new topic
file that follows the same names is marked without a decorator. `make test` still runs them."""
from pathlib import Path

import pytest

HERE = Path(__file__).parent
SCALE_CHECKS = ("test_50_variants", "test_question_needs_the_image",
                "test_questions_need_the_image", "test_answer_letter_spread")


def pytest_collection_modifyitems(config, items):
    for item in items:
        if item.path.parent == HERE and item.name.startswith(SCALE_CHECKS):
            item.add_marker(pytest.mark.slow)
