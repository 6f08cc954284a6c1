"""Checks the seed test files share, each stopping as soon as its verdict is shown:
a seed needs its picture when one question text comes with two different answers among its first
n variants (the deciding value is drawn, not said); a multiple-choice seed spreads its answer
letters when k of them appear among its first n variants."""
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


def answer_letters(sid: str, k: int, n: int, seed: int) -> set:
    """The answer letters of the first n variants, stopping once k distinct ones are seen."""
    letters = set()
    for v in range(n):
        letters.add(make_variant(sid, v, seed=seed).ground_truth)
        if len(letters) >= k:
            break
    return letters
