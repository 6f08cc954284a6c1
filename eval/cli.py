"""``mm-eval``: evaluation on image benchmarks (DynaMath, MME, POPE-style, COMFORT)."""
from __future__ import annotations

from engines.cliutil import not_built_yet


def main(argv: list[str] | None = None) -> None:
    not_built_yet("mm-eval", "evaluation")


if __name__ == "__main__":
    main()
