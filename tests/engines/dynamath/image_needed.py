"""The needs-the-image check the seed tests share: a seed needs its picture when one question
text comes with two different answers among its first n variants (the deciding value is drawn,
not said)."""
from engines.dynamath.seed import make_variant


def text_leaves_answer_open(sid: str, n: int, seed: int) -> bool:
    by_text = {}
    for v in range(n):
        var = make_variant(sid, v, seed=seed)
        stem = var.question.split("\nChoices:")[0]  # options may name the answer itself
        answers = by_text.setdefault(stem, set())
        answers.add(var.choices["ABCDE".index(var.ground_truth)] if var.choices
                    else var.ground_truth)
        if len(answers) > 1:  # shown: more variants cannot undo it
            return True
    return False
