"""MME-synth's shape_type pairs: the "No" question never names a class the drawn shape belongs
to under either usual definition. A trapezoid has at least one pair of parallel sides in the
inclusive definition, so a square, a rectangle, a rhombus and a parallelogram are trapezoids
there: "Is the shape in the figure a trapezoid?" has no clean No for them."""
import re

from engines.builders import mme_synth as mb

# every class each category also belongs to (inclusive definitions)
_ALSO = {"square": {"rectangle", "rhombus", "parallelogram", "trapezoid"},
         "rectangle": {"parallelogram", "trapezoid"},
         "rhombus": {"parallelogram", "trapezoid"},
         "parallelogram": {"trapezoid"}}


def test_no_question_never_names_a_class_the_shape_belongs_to():
    seen = set()
    for i in range(400):
        spec, qa = mb.make_item("shape_type", 7171, i)
        cat = mb.shape_category(spec)
        yes, no = (re.match(r"Is the shape in the figure an? (\w+)\?", q).group(1)
                   for q, _ in qa)
        assert yes == cat
        assert no != cat and no not in _ALSO.get(cat, set()), (i, cat, no)
        seen.add(cat)
    assert {"square", "rectangle", "rhombus", "parallelogram"} <= seen
