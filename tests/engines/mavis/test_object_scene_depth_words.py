"""object_scene captions say "the A is behind the B" only where A stands behind B, at about the
same place left to right; a pair apart is compared by depth ("the A is further back than the
B"). No sentence opens with a digit ("2 objects are gray ...")."""
import re

import numpy as np

import engines.mavis.object_scene.caption as cap
from renderers.object_scene import ObjectSceneFamily
from renderers.object_scene.spec import clearly_left

FAM = ObjectSceneFamily()


def test_in_front_and_behind_only_for_objects_one_before_the_other():
    said = {"together": 0, "apart": 0}
    for seed in range(600):
        spec = FAM.sample_spec(np.random.default_rng(seed))
        facts = FAM.facts(spec)
        text = cap.caption(spec, facts, np.random.default_rng([seed, 2]))
        assert not re.search(r"(?:^|\. )\d", text), text
        one = {o["kind"]: o for o in facts["objects"] if facts["counts"][o["kind"]] == 1}
        for m in re.finditer(r"The (\w+) is (in front of|behind|nearer the front than|"
                             r"further back than) the (\w+)\.", text):
            a, rel, b = one[m[1]], m[2], one[m[3]]
            front, back = (a, b) if rel in ("in front of", "nearer the front than") else (b, a)
            assert back["depth"] - front["depth"] >= 0.3, m[0]
            together = not clearly_left(a, b) and not clearly_left(b, a)
            assert together == (rel in ("in front of", "behind")), (m[0], a, b)
            said["together" if together else "apart"] += 1
    assert said["together"] > 10 and said["apart"] > 10, said
