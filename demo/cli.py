"""``mm-demo``: the Gradio demo."""
from __future__ import annotations

from engines.cliutil import not_built_yet


def main(argv: list[str] | None = None) -> None:
    not_built_yet("mm-demo", "the demo")


if __name__ == "__main__":
    main()
