"""Argument parsing shared by the four CLIs: bad input -> one line naming the flag, exit 2."""
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


def split_list(values: list[str] | None) -> list[str]:
    """``--families a,b c`` -> [a, b, c]."""
    out: list[str] = []
    for v in values or []:
        out += [x for x in v.split(",") if x]
    return out
