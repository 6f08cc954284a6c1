"""``mm-train``: the four training stages (CLIP-Math, alignment, instruction tuning, DPO)."""
from __future__ import annotations

from engines.cliutil import not_built_yet


def main(argv: list[str] | None = None) -> None:
    not_built_yet("mm-train", "training (stages 1-4)")


if __name__ == "__main__":
    main()
