"""Argument parsing shared by the four CLIs: bad input -> one line naming the flag, exit 2;
the flags every ``mm-data`` build takes.

    python -m engines.cli mavis-caption --help
"""
from __future__ import annotations

import argparse
import sys
from typing import NoReturn


class OneLineParser(argparse.ArgumentParser):
    """argparse, but an error is one line (``prog: error: argument --n: ...``), exit 2."""

    def error(self, message: str) -> NoReturn:
        # subcommand parsers are named "mm-data mavis-caption"; errors name the program alone
        self.exit(2, f"{self.prog.split()[0]}: error: {message.splitlines()[0]}\n")


def fail(prog: str, flag: str, message: str) -> NoReturn:
    """Reject a flag's value after parsing (a range, an unknown name)."""
    sys.stderr.write(f"{prog}: error: argument {flag}: {message}\n")
    raise SystemExit(2)


def seed_value(text: str) -> int:
    """``--seed``'s type: a whole number >= 0 (numpy's generators take no negative seed), any
    size (the seed lists of the data engines take arbitrarily large integers)."""
    try:
        seed = int(text)
    except ValueError:
        if text.strip().isdigit():  # past Python's limit on the digits of an int read from text
            raise argparse.ArgumentTypeError(
                f"must have at most {sys.get_int_max_str_digits()} digits, got {len(text)}"
            ) from None
        raise argparse.ArgumentTypeError(f"must be a whole number, got {text!r}") from None
    if seed < 0:
        raise argparse.ArgumentTypeError(f"must be >= 0, got {seed}")
    return seed


def split_list(values: list[str] | None) -> list[str]:
    """``--families a,b c`` -> [a, b, c]."""
    out: list[str] = []
    for v in values or []:
        out += [x for x in v.split(",") if x]
    return out


def add_build_arguments(p: argparse.ArgumentParser, rows: bool = True,
                        families: bool = True) -> None:
    """The flags every ``mm-data`` build takes (``rows``: --n; ``families``: --families)."""
    if rows:
        p.add_argument("--n", type=int, required=True, help="number of rows")
    p.add_argument("--out", required=True, help="output dataset folder")
    p.add_argument("--seed", type=seed_value, default=0)
    p.add_argument("--image-size", type=int, default=336, help="image side in pixels")
    if families:
        p.add_argument("--families", nargs="+",
                       help="renderer families (space or comma separated)")
    add_run_arguments(p)


def add_run_arguments(p: argparse.ArgumentParser) -> None:
    """How a build runs (none of these changes a byte of the dataset)."""
    p.add_argument("--num-proc", type=int, default=1)
    p.add_argument("--shard-index", type=int, default=0)
    p.add_argument("--num-shards", type=int, default=1)
    p.add_argument("--chunk-size", type=int, default=256, help="units per parquet file")
    p.add_argument("--overwrite", action="store_true", help="replace a DIR built otherwise")
    p.add_argument("--no-progress", action="store_true")
