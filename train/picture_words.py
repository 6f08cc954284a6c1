"""Words for what a diagram shows: what stage 1's patch head names on the patches of a diagram.

The patch head (train/grounding.py) names each patch of an object scene by the object covering
it, else the scene's theme, and the language model reads those words by a lookup it learns in
text in stage 2 ("Is there a <word> in the image?" about a context of words). A diagram has no
objects: each patch with ink on it is named by one word for what the whole picture shows, the
white ones "blank" (``ink_patches``), so that a claim about the picture ("Is the shape in the
figure an octagon?") becomes the same lookup. Named on every patch, white ones too, the words
cost the head the objects: object patches named right fell from 78.7% to 58.0% (3,000 diagrams
beside 12,000 scenes, make run's 3,500 steps), a white patch's word being the whole picture's.

- plane_geometry: the base shape's category, as MME-synth's shape_type subtask names it
  (``engines.builders.mme_synth.SHAPE_CATS``); half the figures have no attached shapes;
- function: one function's kind (``renderers.function.spec.KINDS``);
- chart: the chart's type; solid_geometry: the solid;
- graph: "directed", else "tree", "cycle" (has one) or "forest".

A word that is an object kind's already ("table", "tree") is that kind's word.

    python -c "from train.picture_words import PICTURE_WORDS; print(PICTURE_WORDS)"
"""
from __future__ import annotations

import numpy as np

from renderers.object_scene.spec import KIND_NAMES

PICTURE_FAMILIES = ("plane_geometry", "function", "chart", "solid_geometry", "graph")
# a network's words and how a claim asks each
GRAPH_CLAIMS = {"directed": "Is the graph directed?", "tree": "Is the graph a tree?",
                "cycle": "Does the graph contain a cycle?", "forest": "Is the graph a forest?"}
GRAPH_WORDS = tuple(GRAPH_CLAIMS)
BLANK = "blank"  # a diagram's white patches
INK = 4.0  # a patch with ink: its mean darkness (255 - grey level) above this


def _family_words() -> dict[str, tuple[str, ...]]:
    import renderers.chart.spec as chart
    import renderers.function.spec as function
    import renderers.solid_geometry.spec as solid
    from engines.builders.mme_synth import SHAPE_CATS

    return {"plane_geometry": tuple(SHAPE_CATS), "function": tuple(function.KINDS),
            "chart": tuple(chart.KINDS), "solid_geometry": tuple(solid.KINDS),
            "graph": GRAPH_WORDS}


FAMILY_WORDS = _family_words()
# the words of their own: "blank", then in the families' order those that are not an object
# kind's
PICTURE_WORDS = (BLANK,) + tuple(dict.fromkeys(w for f in PICTURE_FAMILIES
                                               for w in FAMILY_WORDS[f] if w not in KIND_NAMES))


def claim(family: str, word: str) -> str:
    """The yes/no question that claims ``word`` of a ``family`` picture, in the words MME-synth
    (shape_type, function_family, graph_property) or the perception questions
    (engines/mavis/<family>/perception.py) use: "Is the shape in the figure an octagon?"."""
    from engines.builders.mme_synth import (FUNCTION_CLAIM, FUNCTION_CLAIMS, SHAPE_CLAIM,
                                            article)

    if family == "plane_geometry":
        return SHAPE_CLAIM.format(c=article(word))
    if family == "function":
        return FUNCTION_CLAIM.format(d=FUNCTION_CLAIMS.get(word,
                                                           f"{article(word)} function"))
    if family == "chart":
        return f"Is this {article(word)} chart?"
    if family == "solid_geometry":
        return f"Is the solid shown {article(word)}?"
    if family == "graph":
        return GRAPH_CLAIMS[word]
    raise _no_words(family)


# each family's claims, in the order of its words
FAMILY_CLAIMS = {f: tuple(claim(f, w) for w in FAMILY_WORDS[f]) for f in PICTURE_FAMILIES}


def _no_words(family: str) -> ValueError:
    return ValueError(f"no picture words for family {family!r}; families: "
                      f"{', '.join(PICTURE_FAMILIES)}")


def ink_patches(image, grid: int) -> np.ndarray:
    """(grid * grid,) bools, row by row: which patches of the picture, as the tower's grid cuts
    it, carry ink (mean darkness above ``INK``)."""
    from PIL import Image

    grey = np.asarray(image.convert("L").resize((grid * 8, grid * 8), Image.BOX), dtype=float)
    dark = (255 - grey).reshape(grid, 8, grid, 8).mean((1, 3))
    return (dark > INK).reshape(-1)


def picture_word(family: str, spec, facts: dict) -> str:
    """The word for what a ``family`` picture shows (one of ``FAMILY_WORDS[family]``)."""
    if family == "plane_geometry":
        from engines.builders.mme_synth import shape_category

        return shape_category(spec)
    if family == "function":
        return facts["functions"][0]["kind"]
    if family == "graph":
        if facts["directed"]:
            return "directed"
        if facts["is_tree"]:
            return "tree"
        return "cycle" if facts["has_cycle"] else "forest"
    if family in ("chart", "solid_geometry"):
        return facts["kind"]
    raise _no_words(family)


def sample_picture(family: str, rng: np.random.Generator):
    """A spec of ``family`` as the word pictures draw it: a plane figure without attached shapes
    half the time, a function graph with one function."""
    import renderers

    fam = renderers.get_family(family)
    if family == "plane_geometry" and rng.random() < 0.5:
        return fam.sample_spec(rng, n_attached=0)
    if family == "function":
        return fam.sample_spec(rng, n_functions=1)
    return fam.sample_spec(rng)


def word_pictures(n: int, seed: int, image_size: int = 224):
    """``n`` diagrams of ``seed``, the families in turn: (PIL images, their families, their
    words); picture i depends on (seed, i) alone."""
    import renderers

    images, families, words = [], [], []
    for i in range(n):
        family = PICTURE_FAMILIES[i % len(PICTURE_FAMILIES)]
        fam = renderers.get_family(family)
        spec = sample_picture(family, np.random.default_rng([seed, 5, i]))
        images.append(fam.render(spec, image_size).convert("RGB"))
        families.append(family)
        words.append(picture_word(family, spec, fam.facts(spec)))
    return images, families, words
