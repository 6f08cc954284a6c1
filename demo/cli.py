"""``mm-demo``: serve the Gradio demo (demo/app.py) on this machine.

Why a CLI apart from the app: flags are checked and the model is loaded before anything is
served, so a wrong flag is one line naming it (exit 2), not a page that fails later. Without
``--model`` the demo serves runs/quickstart/train/final when ``make run`` has built it, else
the data tabs alone, with the page saying how to get a model. It binds to 127.0.0.1 unless
``--host`` says otherwise.

    .venv/bin/mm-demo --model builtin:random --port 7860
"""
from __future__ import annotations

import os
import sys

from engines.cliutil import OneLineParser, fail

PROG = "mm-demo"


def parser() -> OneLineParser:
    ap = OneLineParser(prog=PROG, description="Serve the mm-suite Gradio demo.")
    ap.add_argument("--model", help="a local model folder or builtin:NAME (always-yes, random, "
                    "oracle); default: runs/quickstart/train/final if it exists")
    ap.add_argument("--host", default="127.0.0.1",
                    help="address to bind (default 127.0.0.1: this machine only)")
    ap.add_argument("--port", type=int, default=7860, help="port (default 7860)")
    return ap


def check(args) -> str | None:
    """Validate the flags (exit 2 with one line on a bad one); returns the model to serve."""
    from demo import logic

    if not 1 <= args.port <= 65535:
        fail(PROG, "--port", f"must be in 1..65535, got {args.port}")
    if not args.host.strip():
        fail(PROG, "--host", "must not be empty")
    model = logic.resolve_model(args.model)
    if args.model is not None:
        why = logic.check_model(args.model)
        if why:
            fail(PROG, "--model", why)
    if model:
        try:
            logic.get_adapter(model)  # load once now: a broken folder fails here, not in a tab
        except logic.DemoError as e:
            fail(PROG, "--model", str(e))
    return model


def main(argv: list[str] | None = None) -> None:
    args = parser().parse_args(argv)
    os.environ.setdefault("GRADIO_ANALYTICS_ENABLED", "False")
    model = check(args)
    from demo.app import build_demo, launch, private_cache

    with private_cache():  # uploads and rendered files go with the server
        demo = build_demo(model)
        print(f"{PROG}: model {model or 'none (data tabs only)'}; starting on "
              f"http://{args.host}:{args.port}", file=sys.stderr)
        try:
            launch(demo, args.host, args.port)
        except OSError:
            fail(PROG, "--port", f"cannot serve on {args.host}:{args.port} (the port is in use, "
                 "or the host is not an address of this machine)")


if __name__ == "__main__":
    main()
