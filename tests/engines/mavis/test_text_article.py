"""`article` says "a" or "an" as the word is read aloud: numbers by their spoken first word
(checked against a number's English name written here apart), capital letters standing alone
by the letter's name, other words by their first letter."""
import pytest

from engines.mavis.text import article

ONES = ("zero one two three four five six seven eight nine ten eleven twelve thirteen "
        "fourteen fifteen sixteen seventeen eighteen nineteen").split()
TENS = "_ _ twenty thirty forty fifty sixty seventy eighty ninety".split()
LETTERS = {"A": "ay", "B": "bee", "C": "see", "D": "dee", "E": "ee", "F": "ef", "G": "jee",
           "H": "aitch", "I": "eye", "J": "jay", "K": "kay", "L": "el", "M": "em", "N": "en",
           "O": "oh", "P": "pee", "Q": "cue", "R": "ar", "S": "es", "T": "tee", "U": "you",
           "V": "vee", "W": "double-you", "X": "ex", "Y": "why", "Z": "zed"}


def _said(n: int) -> str:
    """The English name of 0 <= n < 10**6 as read aloud ("eleven thousand", "a hundred")."""
    if n < 20:
        return ONES[n]
    if n < 100:
        return TENS[n // 10] + ("-" + ONES[n % 10] if n % 10 else "")
    if n < 1000:
        return ONES[n // 100] + " hundred" + (" " + _said(n % 100) if n % 100 else "")
    return _said(n // 1000) + " thousand" + (" " + _said(n % 1000) if n % 1000 else "")


def _an(spoken: str) -> bool:
    """Whether the spoken form starts with a vowel sound ("one" is said with a w)."""
    return spoken[0] in "aeiou" and not spoken.startswith("one")


def test_numbers_take_the_article_of_their_spoken_name():
    wrong = []
    for n in list(range(0, 2000)) + [8000, 11000, 18000, 80000, 110000, 180000, 811000]:
        want = "an" if _an(_said(n)) else "a"
        texts = [str(n), f"{n}.5"] + ([f"{n:,}"] if n >= 1000 else [])
        wrong += [t for t in texts if article(t).split()[0] != want]
    assert wrong == []


@pytest.mark.parametrize("letter", sorted(LETTERS))
def test_capital_letters_standing_alone_take_their_name_s_article(letter):
    want = "an" if _an(LETTERS[letter]) else "a"
    for word in (letter, f"{letter}-shape", f"{letter}2"):
        assert article(word) == f"{want} {word}"


def test_words_go_by_their_first_letter():
    assert [article(w) for w in ("orange", "cup", "Age (years)", "umbrella", "Sales")] == [
        "an orange", "a cup", "an Age (years)", "an umbrella", "a Sales"]
