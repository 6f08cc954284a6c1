"""Stage 3's ``yes_no_families``: the yes/no claims of some families alone, in training and
held out, so that a run on one family's claims is a recipe field, not a patched build.

    PYTHONPATH=. .venv/bin/python -m pytest tests/train/test_yes_no_families.py -q
"""
import pytest

from engines.mavis.perception import families_with_questions
from train.data import yes_no_data
from train.recipe import Recipe, RecipeError

BASE = {"stage": "instruct", "train_modules": ["llm"], "image_size": 64}


def test_the_recipe_takes_known_families_and_names_an_unknown_one():
    got = Recipe.from_dict({**BASE, "yes_no_families": ["chart", "solid_geometry"]})
    assert got.settings.yes_no_families == ["chart", "solid_geometry"]
    assert Recipe.from_dict(BASE).settings.yes_no_families == []
    with pytest.raises(RecipeError) as e:
        Recipe.from_dict({**BASE, "yes_no_families": ["chart", "charts"]})
    assert str(e.value) == ("recipe: yes_no_families: unknown ['charts']; valid: "
                            + ", ".join(families_with_questions()))


def test_the_claims_are_of_the_families_named_and_every_family_by_default(tmp_path):
    recipe = Recipe.from_dict({**BASE, "yes_no_families": ["chart", "graph"]})
    fams = recipe.settings.yes_no_families
    train = yes_no_data(recipe, tmp_path / "a", 6, families=fams)
    held = yes_no_data(recipe, tmp_path / "b", 4, heldout=True, families=fams)
    assert train["family"] == ["chart", "graph"] * 3
    assert held["family"] == ["chart", "graph"] * 2
    assert set(train["seed"]).isdisjoint(held["seed"])  # the held-out seed: other pictures
    every = yes_no_data(recipe, tmp_path / "c", 3)
    assert every["family"] == families_with_questions()[:3]
    # the same folder asked for other families is rebuilt, not mixed with the first build
    again = yes_no_data(recipe, tmp_path / "a", 6, families=["solid_geometry"])
    assert again["family"] == ["solid_geometry"] * 6
