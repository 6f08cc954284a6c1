"""object_scene captions write the counts of one inventory phrase in one style: "two benches
(one gray and one red)" or "2 benches (1 gray and 1 red)", never "two benches (1 gray and one
red)"."""
import re

import numpy as np

import engines.mavis.object_scene.caption as cap
from renderers.object_scene import ObjectSceneFamily

FAM = ObjectSceneFamily()
_PHRASE = re.compile(r"(\w+) [a-z]+ \(((?:\w+ [a-z]+)(?:, \w+ [a-z]+)*(?: and \w+ [a-z]+))\)")
_WORDS = set(cap._WORDS.values())


def test_each_inventory_phrase_counts_in_one_style():
    n = 0
    for seed in range(400):
        spec = FAM.sample_spec(np.random.default_rng(seed))
        facts = FAM.facts(spec)
        text = cap.caption(spec, facts, np.random.default_rng([seed, 1]))
        for m in _PHRASE.finditer(text):
            counts = [m.group(1)] + [c.split()[0] for c in re.split(r", | and ", m.group(2))]
            styles = {"digits" if c.isdigit() else "words" if c.lower() in _WORDS else "?"
                      for c in counts}
            assert len(styles) == 1 and "?" not in styles, (m.group(0), text)
            n += 1
    assert n > 100
