"""Tiers of the DynaMath topic files, by test name, so that a new topic file that follows the
same names is tiered without a decorator:

- the per-seed 50-variant checks (``test_50_variants*``) are the soak tier's (make test-soak),
  beside the 200-variant ones: make test checks every seed's variants through its checker in
  test_seed.py (tests.tiers: 10 variants there, 30 in the soak tier);
- the needs-the-image comparison, the letter spread over every multiple-choice seed, and the
  per-seed renders and clause re-checks (hundreds of cases, seconds in all) are marked
  ``slow``, so that `make test-fast` stays an inner loop; make test runs them."""
from pathlib import Path

import pytest

HERE = Path(__file__).parent
SOAK_CHECKS = ("test_50_variants",)
SLOW_CHECKS = ("test_question_needs_the_image", "test_questions_need_the_image",
               "test_answer_letter_spread", "test_answer_unchanged_by_the_clause",
               "test_every_seed_renders", "test_variants_render_at_three_sizes",
               "test_same_question_different_answers", "test_no_clause_calls_a_drawn_point_undrawn",
               "test_contour_facts_agree_with_the_highest_point")


def pytest_collection_modifyitems(config, items):
    for item in items:
        if item.path.parent != HERE:
            continue
        if item.name.startswith(SOAK_CHECKS):
            item.add_marker(pytest.mark.soak)
            item.add_marker(pytest.mark.slow)
        elif item.name.startswith(SLOW_CHECKS):
            item.add_marker(pytest.mark.slow)
