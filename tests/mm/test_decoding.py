"""The decoding-method registry: a method is one registered class whose config describes its
settings, and it appears in ``mm-eval run``, ``mm-eval ablate`` and the demo with no other edit;
the model-adapter registry keeps its builtin names and messages."""
from dataclasses import asdict, dataclass

import pytest

from mm.decoding import DECODERS, ConfigError, Decoder, Explanation, method_names, option


@dataclass
class ContrastConfig:
    beta: float = option(0.5, flag="--contrast-beta", label="beta", help="contrast strength",
                         range=(0, 2), step=0.05)
    seed: int = option(0, flag="--seed", shared=True, demo=False)

    def __post_init__(self):
        if self.beta < 0:
            raise ConfigError("beta", f"must be >= 0, got {self.beta}")

    def to_dict(self):
        return asdict(self)


class Contrast(Decoder):
    name, label, config = "contrast", "Contrast", ContrastConfig
    requires = "needs a LLaVA model"

    def load(self, model, config, seed=0, device=None):
        raise NotImplementedError

    def explain(self, adapter, image, question, config, max_new_tokens):
        return Explanation("x")

    def ablation(self):
        return [("greedy", None), ("beta-1", {"beta": 1.0})]


def test_registry_names_and_unknown_method():
    assert method_names() == ["greedy", "causalmm"]          # the default first
    with pytest.raises(KeyError, match=r"unknown decoding method 'nope'; valid: causalmm, greedy"):
        DECODERS.get("nope")
    with DECODERS.isolated():
        with pytest.raises(ValueError, match="registered twice"):
            DECODERS.register(type("Again", (Contrast,), {"name": "causalmm"}))


@pytest.mark.slow
def test_a_new_method_is_one_registered_class(tmp_path, capsys):
    from demo import app, logic
    from eval import ablate, cli

    with DECODERS.isolated():
        DECODERS.register(Contrast)
        # mm-eval run: --decoding contrast and its flag
        a = cli.parser().parse_args(["run", "--model", "m", "--tasks", "t", "--output-path", "o",
                                     "--decoding", "contrast", "--contrast-beta", "0.3"])
        assert a.decoding == "contrast" and a.contrast_beta == 0.3
        assert a.gamma == 1.0 and a.cf_level == "language"    # CausalMM's flags unchanged
        cfg = cli.decoding_config(DECODERS.get("contrast"), a)
        assert cfg == ContrastConfig(beta=0.3, seed=0)
        with pytest.raises(SystemExit) as e:
            cli.decoding_config(DECODERS.get("contrast"), a, {"beta": -1.0})
        assert e.value.code == 2 and capsys.readouterr().err == (
            "mm-eval: error: argument --contrast-beta: beta: must be >= 0, got -1.0\n")
        # mm-eval ablate contrast
        b = cli.parser().parse_args(["ablate", "contrast", "--model", "m", "--tasks", "t",
                                     "--output-path", "o"])
        assert b.method == "contrast" and ablate.settings("contrast")[1] == (
            "beta-1", {"beta": 1.0})
        # the demo: a radio choice and a slider in its own box
        assert logic.decoding_methods() == ["greedy", "CausalMM", "Contrast"]
        assert [s.name for lab, s in logic.decoding_controls() if lab == "Contrast"] == ["beta"]
        import gradio as gr

        with gr.Blocks():
            boxes, controls = app.decoding_controls()
        assert len(boxes) == 2 and len(controls) == 5
        beta = controls[-1]
        assert isinstance(beta, gr.Slider) and (beta.label, beta.value, beta.maximum) == (
            "beta", 0.5, 2)
        assert logic.method_settings("Contrast", ["language", "random", 1.0, 0.1, "0.7"]) == {
            "beta": 0.7}
        assert app.on_ask("builtin:random", None, "Is it?", "Contrast", "language", "random",
                          1.0, 0.1, 0.7, 8)[2] == ("**Error:** Upload an image or generate a "
                                                   "diagram first.")
    assert "contrast" not in DECODERS and logic.decoding_methods() == ["greedy", "CausalMM"]


def test_two_methods_may_not_claim_one_flag():
    from eval import cli

    @dataclass
    class Clash:
        gamma: float = option(1.0, flag="--gamma")

    with DECODERS.isolated():
        DECODERS.register(type("Clashing", (Contrast,), {"name": "clash", "config": Clash}))
        with pytest.raises(ValueError, match="causalmm and clash both declare --gamma"):
            cli.parser()


def test_causalmm_settings_describe_the_flags_and_controls():
    s = {x.name: x for x in DECODERS.get("causalmm").settings()}
    assert [x.flag for x in s.values()] == ["--cf-level", "--cf-type", "--gamma", "--alpha",
                                            "--cf-layers", "--cf-vision-layers",
                                            "--cf-layer-preset", "--cf-vision-mode", "--seed"]
    assert s["layer_preset"].default == "paper" and s["layer_preset"].choices == ("paper",
                                                                                  "wide")
    assert s["level"].demo_choices() == ["language", "vision", "both"]
    assert s["cf_layers"].cli_default == "" and s["cf_layers"].from_cli("") is None
    assert s["seed"].shared and not s["seed"].demo and s["gamma"].range == (0, 5)


def test_adapter_registry():
    from mm.adapters import ADAPTERS, FOLDER, LlavaAdapter, builtin_models, load_adapter

    assert builtin_models() == ["builtin:always-yes", "builtin:random", "builtin:oracle"]
    assert ADAPTERS.get(FOLDER) is LlavaAdapter
    assert load_adapter("builtin:random", seed=4).seed == 4
    with pytest.raises(KeyError, match="^\"unknown builtin model 'nope'; valid: "
                                       "builtin:always-yes, builtin:random, builtin:oracle\"$"):
        load_adapter("builtin:nope")
    with pytest.raises(FileNotFoundError, match="is not a model folder"):
        load_adapter("/no/such/folder")
