"""The dataset kinds: one registry over engines/builders/, whose kinds are mm-data's build
subcommands; unknown kinds list the valid ones, a kind registered twice is refused."""
import subprocess
import sys

import pytest

from engines.cli import parser
from engines.dataset import BUILDERS, Builder, get_builder

KINDS = {"comfort", "dpo-pairs", "dynamath", "mavis-caption", "mavis-instruct",
         "mavis-perception", "mme-synth", "pope-synth"}


def test_every_module_registers_its_kind():
    assert set(BUILDERS.names()) == KINDS
    assert all(get_builder(k).kind == k for k in KINDS)


def test_unknown_kind_lists_the_valid_ones():
    with pytest.raises(KeyError, match="unknown dataset kind 'nope'; valid: comfort, dpo-pairs"):
        get_builder("nope")


def test_a_kind_registered_twice_is_refused():
    class Again(Builder):
        kind = "mavis-caption"

    with BUILDERS.isolated(), pytest.raises(ValueError, match="registered twice"):
        BUILDERS.register(Again)


def test_subcommands_come_from_the_registry():
    class Toy(Builder):
        kind = "toy-kind"
        help = "a toy"

    with BUILDERS.isolated():
        BUILDERS.register(Toy)
        a = parser().parse_args(["toy-kind", "--n", "3", "--out", "x"])
        assert (a.cmd, a.n, a.out, a.families) == ("toy-kind", 3, "x", None)
    r = subprocess.run([sys.executable, "-m", "engines.cli", "--help"], capture_output=True,
                       text=True)
    assert r.returncode == 0
    assert "{mavis-caption,mavis-instruct,dpo-pairs,mavis-perception,dynamath,mme-synth," \
        "pope-synth,comfort,sheet,families,card}" in r.stdout.replace("\n", "").replace(" ", "")
