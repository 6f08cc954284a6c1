"""``mm-eval``: evaluate models on image benchmarks, and score released result files.

    mm-eval score dynamath --csv ../shared/fixtures/dynamath-results/GPT4o-result.csv
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

from engines.cliutil import OneLineParser, fail, not_built_yet

PROG = "mm-eval"


def parser() -> OneLineParser:
    ap = OneLineParser(prog=PROG, description="Evaluate models; score result files.")
    sub = ap.add_subparsers(dest="cmd", required=True, parser_class=OneLineParser)
    sc = sub.add_parser("score", help="score existing result files")
    ssub = sc.add_subparsers(dest="bench", required=True, parser_class=OneLineParser)
    d = ssub.add_parser("dynamath", help="DynaMath per-variant results CSV -> metrics JSON")
    d.add_argument("--csv", required=True, help="DynaMath released results CSV")
    d.add_argument("--fractions", action="store_true", help="fractions instead of percent")
    for name in ("run", "report", "tasks", "ablate"):
        sub.add_parser(name, help=f"{name} (coming with the evaluation harness)")
    return ap


def main(argv: list[str] | None = None) -> None:
    a = parser().parse_args(argv)
    if a.cmd == "score" and a.bench == "dynamath":
        from eval import dynamath

        if not Path(a.csv).is_file():
            fail(PROG, "--csv", f"no such file: {a.csv}")
        try:
            m = dynamath.metrics(dynamath.read_results_csv(a.csv))
        except ValueError as e:
            fail(PROG, "--csv", str(e))
        print(json.dumps(m if a.fractions else dynamath.as_percent(m), indent=1))
        sys.exit(0)
    not_built_yet(PROG, f"'{a.cmd}'")


if __name__ == "__main__":
    main()
