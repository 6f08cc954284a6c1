"""Every recipe file shipped under configs/ loads (a renamed or retyped field fails here, not in
a user's run), and the pipeline's own four per preset are there."""
from train.pipeline import CONFIGS
from train.recipe import load_recipe
from train.stage import STAGES


def test_every_shipped_recipe_loads():
    files = sorted(p for p in CONFIGS.glob("*/*.yaml") if p.parent.name != "accelerate")
    for preset in ("tiny", "small", "base"):
        assert {f"{k}.yaml" for k in STAGES.names()} <= {p.name for p in files
                                                         if p.parent.name == preset}
    for path in files:
        recipe = load_recipe(path)
        assert recipe.preset == path.parent.name, path
    grounding = load_recipe(CONFIGS / "small" / "stage3-grounding.yaml")
    assert (grounding.train_modules, grounding.lr, grounding.batch_size) == (
        ["vision", "projector", "llm"], 1e-4, 32)
