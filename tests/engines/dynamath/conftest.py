"""Tiers of the DynaMath topic files, by test name, so that a new topic file that follows the
same names is tiered without a decorator:

- the per-seed 50-variant checks (``test_50_variants*``) are the soak tier's (make test-soak),
  beside the 200-variant ones: make test checks every seed's variants through its checker in
  test_seed.py (tests.tiers: 10 variants there, 30 in the soak tier);
- the needs-the-image comparison and the letter spread over every multiple-choice seed take
  seconds each: marked ``slow``, so that `make test-fast` stays an inner loop; make test runs
  them."""
from pathlib import Path

import pytest

HERE = Path(__file__).parent
SOAK_CHECKS = ("test_50_variants",)
SLOW_CHECKS = ("test_question_needs_the_image", "test_questions_need_the_image",
               "test_answer_letter_spread")


def pytest_collection_modifyitems(config, items):
    for item in items:
        if item.path.parent != HERE:
            continue
        if item.name.startswith(SOAK_CHECKS):
            item.add_marker(pytest.mark.soak)
            item.add_marker(pytest.mark.slow)
        elif item.name.startswith(SLOW_CHECKS):
            item.add_marker(pytest.mark.slow)
