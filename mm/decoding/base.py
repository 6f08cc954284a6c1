"""What a decoding method is: a registered ``Decoder`` with a config dataclass that describes
its own settings.

Each field of a method's config is made with ``option(...)``, which records what a user
interface needs: the mm-eval flag, the demo label, help text, choices, the demo's slider
range and step. Generic code reads these ``Setting``s: eval/cli.py turns them into the flags of
``mm-eval run``, demo/app.py into Gradio controls, and ``Decoder.ablation`` names the grid of
``mm-eval ablate <method>``. A method is therefore one module under mm/decoding/:

    @DECODERS.register
    class Contrastive(Decoder):
        name, label = "contrastive", "Contrastive"
        config = ContrastiveConfig          # a dataclass of option(...) fields
        def load(self, model, config, seed=0, device=None): ...   # an Adapter for mm-eval
        def explain(self, adapter, image, question, config, max_new_tokens): ...  # the demo

    python -c "from mm.decoding import DECODERS; print(DECODERS.names())"
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any, ClassVar

from mm.registry import Registry

#: the method mm-eval and the demo use unless told otherwise
DEFAULT = "greedy"
OPTION_KEY = "option"


class ConfigError(ValueError):
    """A bad setting; ``field`` names the config field (its ``Setting`` names the flag)."""

    def __init__(self, field_name: str, message: str):
        super().__init__(f"{field_name}: {message}")
        self.field = field_name


@dataclass(frozen=True)
class Setting:
    """One field of a method's config, as a user interface sees it.

    kind     "choice" | "float" | "int" | "text" (free text; "" means the default None)
    flag     the mm-eval flag ("--cf-level")
    label    the demo's label (default: the field name)
    help     the flag's help (None: none) and the demo control's info
    range    (low, high) of the demo's slider; validation is the config's own
    shared   the flag belongs to mm-eval itself (--seed), so no method adds it
    demo     shown in the demo
    """

    name: str
    kind: str
    default: Any
    flag: str
    label: str
    help: str | None = None
    choices: tuple | None = None
    range: tuple[float, float] | None = None
    step: float | None = None
    shared: bool = False
    demo: bool = True

    @property
    def dest(self) -> str:
        """The argparse attribute of ``flag``."""
        return self.flag.lstrip("-").replace("-", "_")

    @property
    def cli_default(self):
        return "" if self.default is None else self.default

    def from_cli(self, value):
        """A flag's parsed value as the config takes it ("" of an unset text field -> None)."""
        return None if self.default is None and value == "" else value

    def demo_choices(self) -> list:
        """The choices with the default first (the demo opens on it)."""
        return [self.default] + [c for c in self.choices if c != self.default]


def option(default, *, flag: str, label: str | None = None, help: str | None = None,
           choices=None, range: tuple[float, float] | None = None, step: float | None = None,
           shared: bool = False, demo: bool = True):
    """A config field that describes itself (see ``Setting``)."""
    meta = dict(flag=flag, label=label, help=help, choices=tuple(choices) if choices else None,
                range=range, step=step, shared=shared, demo=demo)
    return field(default=default, metadata={OPTION_KEY: meta})


def settings_of(config: type) -> list[Setting]:
    """The ``Setting`` of every ``option`` field of a config dataclass, in field order."""
    out = []
    for f in dataclasses.fields(config):
        meta = f.metadata.get(OPTION_KEY)
        if meta is None:
            continue
        d = f.default
        kind = ("choice" if meta["choices"] else "float" if isinstance(d, float) else
                "int" if isinstance(d, int) and not isinstance(d, bool) else "text")
        out.append(Setting(f.name, kind, d, meta["flag"], meta["label"] or f.name,
                           meta["help"], meta["choices"], meta["range"], meta["step"],
                           meta["shared"], meta["demo"]))
    return out


@dataclass
class Explanation:
    """What the demo shows for one question: the answer, named (V,) probability vectors at
    the first answer position (shown side by side), and a note."""

    answer: str
    dists: dict = field(default_factory=dict)
    note: str = ""


class Decoder:
    """A decoding method. ``name`` is its ``--decoding`` value and results.json's "method";
    ``label`` its name in the demo; ``config`` its settings dataclass (``option`` fields).

    requires  what the method needs of a model, when builtin reference models cannot run it
              ("contrasts attention branches of an image-text model"); "" when any model can
    ablation_help, ablation_note   the ``mm-eval ablate`` subcommand's help and the table's
              footnote
    """

    name: ClassVar[str] = ""
    label: ClassVar[str] = ""
    config: ClassVar[type]
    requires: ClassVar[str] = ""
    ablation_help: ClassVar[str] = ""
    ablation_note: ClassVar[str] = ""

    def settings(self) -> list[Setting]:
        return settings_of(self.config)

    def setting(self, field_name: str) -> Setting:
        return next(s for s in self.settings() if s.name == field_name)

    def make_config(self, **values):
        """The config of ``values`` (missing fields default); raises ``ConfigError``."""
        return self.config(**values)

    def load(self, model: str, config, seed: int = 0, device: str | None = None, **options):
        """The adapter that evaluates ``model`` (a folder or builtin:NAME) with this method;
        ``options`` are the folder loader's (dtype, device_map, attn_implementation)."""
        raise NotImplementedError

    def explain(self, adapter, image, question: str, config, max_new_tokens: int
                ) -> Explanation:
        """Answer one question with a loaded ``LlavaAdapter``, with its token distributions."""
        raise NotImplementedError

    def ablation(self) -> list[tuple[str, dict | None]]:
        """``mm-eval ablate <name>``'s settings, in table order: (row name, config overrides,
        or None for plain greedy decoding). Empty: the method has no ablation."""
        return []


DECODERS: Registry[Decoder] = Registry("decoding method", package="mm.decoding", key="name",
                                       instantiate=True)


def method_names() -> list[str]:
    """Every method's name, the default first (the order of mm-eval's choices and the demo's
    radio buttons)."""
    names = DECODERS.names()
    return [DEFAULT] + [n for n in names if n != DEFAULT] if DEFAULT in names else names


def by_label(label: str) -> Decoder:
    """The method the demo shows as ``label``; KeyError names the valid labels."""
    for name in method_names():
        if DECODERS.get(name).label == label:
            return DECODERS.get(name)
    raise KeyError(f"unknown decoding {label!r}; valid: "
                   f"{', '.join(DECODERS.get(n).label for n in method_names())}")


def flag_settings() -> list[tuple[Decoder, Setting]]:
    """Every (method, setting) that adds a flag to ``mm-eval run``, methods in
    ``method_names`` order; two methods may not claim one flag."""
    seen: dict[str, str] = {}
    out = []
    for name in method_names():
        dec = DECODERS.get(name)
        for s in dec.settings():
            if s.shared:
                continue
            if s.flag in seen:
                raise ValueError(f"decoding methods {seen[s.flag]} and {name} both declare "
                                 f"{s.flag}")
            seen[s.flag] = name
            out.append((dec, s))
    return out
