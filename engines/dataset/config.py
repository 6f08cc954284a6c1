"""What a build is: ``BuildConfig`` (what determines the bytes), ``Builder`` (the rows of one
dataset kind, and the ``mm-data <kind>`` options that fill its config) and ``BUILDERS``.

A dataset kind is one module under ``engines/builders/`` holding a registered ``Builder``;
``mm-data`` makes a subcommand of every one:

    @register_builder
    class MyBuilder(Builder):
        kind = "my-kind"
        def features(self, cfg): ...
        def unit_rows(self, cfg, u): ...

    mm-data my-kind --n 100 --out data/my --seed 0
"""
from __future__ import annotations

import argparse
from dataclasses import asdict, dataclass, field, fields

from engines.cliutil import add_build_arguments, split_list
from mm.registry import Registry


# A build's size is checked before anything is listed or allocated: the writer keeps one number
# per chunk in memory, and a mistyped --n (1e12) must be one line, not the OOM killer.
MAX_ROWS = 100_000_000  # 100x MAVIS-Instruct; a bigger set is several builds
MAX_CHUNKS = 1_000_000  # parquet files per build


@dataclass
class BuildConfig:
    """What determines the bytes of a dataset (sharding and process count do not)."""

    kind: str
    n: int
    seed: int = 0
    image_size: int = 336
    families: list[str] = field(default_factory=list)
    chunk_size: int = 256  # units per parquet file
    options: dict = field(default_factory=dict)  # kind-specific settings

    def __post_init__(self) -> None:
        if self.n <= 0:
            raise ValueError(f"n: must be positive, got {self.n}")
        if self.n > MAX_ROWS:
            raise ValueError(f"n: {self.n} rows is above the limit of {MAX_ROWS:,} rows per "
                             "build; build a smaller set (or several with other seeds)")
        if self.seed < 0:
            raise ValueError(f"seed: must be >= 0, got {self.seed}")
        if not 32 <= self.image_size <= 4096:
            raise ValueError(f"image_size: must be in [32, 4096], got {self.image_size}")
        if self.chunk_size <= 0:
            raise ValueError(f"chunk_size: must be positive, got {self.chunk_size}")
        if -(-self.n // self.chunk_size) > MAX_CHUNKS:
            raise ValueError(f"chunk_size: {self.chunk_size} units per file makes more than "
                             f"{MAX_CHUNKS:,} files for {self.n} rows; use a larger one")

    def to_dict(self) -> dict:
        return asdict(self)

    @classmethod
    def from_dict(cls, d: dict) -> "BuildConfig":
        """The config of a build.json read back; ValueError("field: what is wrong") for an
        unknown, missing or mistyped field, an unknown kind or a value out of range."""
        names = [f.name for f in fields(cls)]
        unknown = [k for k in d if k not in names]
        if unknown:
            raise ValueError(f"{unknown[0]}: unknown field; valid: {', '.join(names)}")
        for k in ("kind", "n"):
            if k not in d:
                raise ValueError(f"{k}: missing")
        if not isinstance(d["kind"], str) or d["kind"] not in BUILDERS:
            raise ValueError(f"kind: unknown dataset kind {d['kind']!r}; valid: "
                             f"{', '.join(BUILDERS.names())}")
        for k in ("n", "seed", "image_size", "chunk_size"):
            v = d.get(k, 0)
            if isinstance(v, bool) or not isinstance(v, int):
                raise ValueError(f"{k}: expected a whole number, got {v!r}")
        fams = d.get("families", [])
        if not isinstance(fams, list) or not all(isinstance(f, str) for f in fams):
            raise ValueError(f"families: expected a list of names, got {fams!r}")
        if not isinstance(d.get("options", {}), dict):
            raise ValueError(f"options: expected a JSON object, got {d['options']!r}")
        return cls(**d)


class Builder:
    """Makes the rows of one dataset kind. Subclasses set ``kind``, ``features()``,
    ``unit_rows(cfg, u)`` and, when a unit makes several rows, ``unit_size(cfg)``;
    ``count_columns`` feed the card.

    Command line: ``add_arguments`` declares the subcommand's flags (by default the flags every
    build takes), ``options_from_args`` turns the kind's own flags into ``cfg.options`` and
    ``config_from_args`` the whole parse into a config. Either raises ValueError("--flag:
    message") for a bad value. ``help`` is the subcommand's line in ``mm-data --help`` and
    ``order`` its place there; ``size_flag`` is the flag that sets the number of rows (a
    size over the limit is blamed on it)."""

    kind: str = ""
    size_flag: str = "--n"
    count_columns: tuple[str, ...] = ("family",)
    description: str = ""
    help: str = ""
    order: int = 100

    def features(self, cfg: BuildConfig):
        raise NotImplementedError

    def unit_rows(self, cfg: BuildConfig, u: int) -> list[dict]:
        raise NotImplementedError

    def unit_size(self, cfg: BuildConfig) -> int:
        """Rows per unit (the last unit is cut so that the build has exactly n rows)."""
        return 1

    def n_units(self, cfg: BuildConfig) -> int:
        return -(-cfg.n // self.unit_size(cfg))

    def validate(self, cfg: BuildConfig) -> None:
        """Raise ValueError naming the bad setting."""

    def describe(self, cfg: BuildConfig) -> str:
        """The card's paragraph on what a build of ``cfg`` holds (default: ``description``)."""
        return self.description

    # ------------------------------------------------------------------ command line

    def add_arguments(self, p: argparse.ArgumentParser) -> None:
        add_build_arguments(p)

    def options_from_args(self, a: argparse.Namespace) -> dict:
        return {}

    def config_from_args(self, a: argparse.Namespace) -> BuildConfig:
        return BuildConfig(kind=self.kind, n=a.n, seed=a.seed, image_size=a.image_size,
                           families=split_list(getattr(a, "families", None)),
                           chunk_size=a.chunk_size, options=self.options_from_args(a))

    def command(self, a: argparse.Namespace) -> int | None:
        """Run a subcommand action that is not a build (``mm-data dynamath list``) and return
        its exit code; None: build."""
        return None


BUILDERS: Registry[Builder] = Registry("dataset kind", package="engines.builders", key="kind",
                                       instantiate=True)
register_builder = BUILDERS.register
get_builder = BUILDERS.get


def check_families(cfg: BuildConfig, valid: list[str]) -> None:
    """ValueError naming the requested families that are not in ``valid``: a name no renderer
    has, or a renderer family this kind makes no rows of."""
    import renderers

    bad = [f for f in cfg.families if f not in valid]
    if not bad:
        return
    unknown = [f for f in bad if f not in renderers.family_names()]
    if unknown:
        raise ValueError(f"--families: unknown {', '.join(unknown)}; valid: {', '.join(valid)}")
    raise ValueError(f"--families: {', '.join(bad)}: not a family {cfg.kind} builds; valid: "
                     f"{', '.join(valid)}")


def round_robin_family(cfg: BuildConfig, valid: list[str], u: int) -> str:
    """Round-robin over the requested families: exact balance, independent of sharding."""
    fams = cfg.families or valid
    return fams[u % len(fams)]
