"""MME-synth's position questions say "in front of" and "behind" as the object_scene captions do:
only of two objects at about one place left to right (neither clearly left of the other), never
"Is the cup behind the banana?" of a cup on the far right and a banana on the left. Each image
keeps its pair: the same question with the relation swapped, answered Yes then No, and the Yes
falls on either word about as often."""
import re

from engines.builders.mme_synth import make_item
from renderers.object_scene.spec import clearly_left

Q = re.compile(r"Is the (\w+) (on the left of|on the right of|in front of|behind) the (\w+) "
               r"in this image\?$")
SWAP = {"on the left of": "on the right of", "on the right of": "on the left of",
        "in front of": "behind", "behind": "in front of"}


def test_front_and_behind_only_for_objects_one_before_the_other():
    yes_words = {w: 0 for w in SWAP}
    for seed in (8181, 3):
        for i in range(150):
            spec, qa = make_item("position", seed, i)
            assert [a for _, a in qa] == ["Yes", "No"]
            (m, n) = (Q.match(q) for q, _ in qa)
            assert m and n, qa
            assert (n[1], n[3]) == (m[1], m[3]) and n[2] == SWAP[m[2]], qa
            objs = {o.kind: o for o in spec.objects}
            assert all([o.kind for o in spec.objects].count(k) == 1 for k in (m[1], m[3]))
            a, b = objs[m[1]], objs[m[3]]
            rel = m[2]
            yes_words[rel] += 1
            if rel in ("in front of", "behind"):
                assert not clearly_left(a, b) and not clearly_left(b, a), (qa, a, b)
                front, back = (a, b) if rel == "in front of" else (b, a)
                assert back.depth - front.depth >= 0.3, (qa, a, b)
            else:
                left, right = (a, b) if rel == "on the left of" else (b, a)
                assert clearly_left(left, right, 0.15), (qa, a, b)
    n = sum(yes_words.values())
    depth = yes_words["in front of"] + yes_words["behind"]
    assert 0.25 * n <= depth <= 0.55 * n, yes_words
    for w in SWAP:  # the Yes question takes each word
        assert yes_words[w] >= 0.3 * yes_words[SWAP[w]], yes_words
