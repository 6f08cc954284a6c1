"""``mm-eval``: evaluate models on image benchmarks, and score released result files.

``run``'s decoding flags and ``ablate``'s subcommands come from the registered decoding
methods (mm/decoding/): each method's config fields name their flags. One run writes an
``--output-path`` at a time; a second one into it is refused, naming the running one.

    mm-eval score dynamath --csv ../shared/fixtures/dynamath-results/GPT4o-result.csv
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

from engines.cliutil import OneLineParser, fail
from engines.dataset.lock import FolderBusy
from mm.adapters import BUILTIN
from mm.decoding import DECODERS, DEFAULT, ConfigError, flag_settings, method_names

PROG = "mm-eval"


def parser() -> OneLineParser:
    ap = OneLineParser(prog=PROG, description="Evaluate models; score result files.")
    sub = ap.add_subparsers(dest="cmd", required=True, parser_class=OneLineParser)
    sc = sub.add_parser("score", help="score existing result files")
    ssub = sc.add_subparsers(dest="bench", required=True, parser_class=OneLineParser)
    d = ssub.add_parser("dynamath", help="DynaMath results CSV or raw outputs -> metrics JSON")
    src = d.add_mutually_exclusive_group(required=True)
    src.add_argument("--csv", help="DynaMath released per-variant results CSV")
    src.add_argument("--responses", nargs="+", metavar="FILE",
                     help="raw outputs re-judged by the official rules: DynaMath report JSON "
                          "(one file per variant) or JSONL (eval/dynamath_responses.py)")
    d.add_argument("--dataset", help="DynaMath's dataset.json (or its folder): answer types "
                                     "for report files (inferred from the ground truth without)")
    d.add_argument("--lenient", action="store_true",
                   help="add the lenient judge's metrics as a separate 'lenient' block")
    d.add_argument("--fractions", action="store_true", help="fractions instead of percent")
    m = ssub.add_parser("mme", help="the official MME tool's input files -> scores JSON")
    m.add_argument("--dir", required=True, help="folder with one <subtask>.txt per subtask")
    r = sub.add_parser("run", help="evaluate a model on tasks")
    r.add_argument("--model", required=True, help="a local model folder or builtin:NAME")
    r.add_argument("--tasks", required=True, help="comma-separated task names")
    r.add_argument("--output-path", required=True)
    r.add_argument("--batch-size", type=int, default=8)
    r.add_argument("--limit", type=int, help="samples per task (groups kept whole)")
    r.add_argument("--data", help="a local dataset folder for the task(s)")
    r.add_argument("--seed", type=int, default=0)
    r.add_argument("--decoding", default=DEFAULT, choices=method_names())
    r.add_argument("--gen-kwargs", default="", help="e.g. max_new_tokens=64,do_sample=false")
    r.add_argument("--task-options", default="",
                   help="task options, e.g. language=zh,variations=2,split=adversarial")
    add_decoding_flags(r)
    r.add_argument("--device")
    r.add_argument("--no-progress", action="store_true")
    rep = sub.add_parser("report", help="rewrite OUT/report.md from OUT/results.json")
    rep.add_argument("out")
    sub.add_parser("tasks", help="list the tasks")
    ab = sub.add_parser("ablate", help="ablations of a decoding method")
    absub = ab.add_subparsers(dest="method", required=True, parser_class=OneLineParser)
    for name in method_names():
        dec = DECODERS.get(name)
        if not dec.ablation():
            continue
        c = absub.add_parser(name, help=dec.ablation_help or f"ablations of {dec.label}")
        c.add_argument("--model", required=True, help="a local model folder")
        c.add_argument("--tasks", required=True)
        c.add_argument("--output-path", required=True)
        c.add_argument("--batch-size", type=int, default=8)
        c.add_argument("--limit", type=int)
        c.add_argument("--data")
        c.add_argument("--seed", type=int, default=0)
        c.add_argument("--gen-kwargs", default="")
        c.add_argument("--task-options", default="")
        c.add_argument("--device")
        c.add_argument("--no-progress", action="store_true")
    return ap


def add_decoding_flags(run: OneLineParser) -> None:
    """One flag per setting of every decoding method (mm/decoding/), from its config fields."""
    for _, s in flag_settings():
        kw: dict = {"default": s.cli_default}
        if s.choices:
            kw["choices"] = list(s.choices)
        if s.kind in ("float", "int"):
            kw["type"] = float if s.kind == "float" else int
        if s.help:
            kw["help"] = s.help
        run.add_argument(s.flag, **kw)


def _gen_kwargs(s: str):
    from mm.adapters import GenConfig

    kw = {}
    for item in filter(None, (x.strip() for x in s.split(","))):
        if "=" not in item:
            fail(PROG, "--gen-kwargs", f"expected key=value, got {item!r}")
        k, v = item.split("=", 1)
        if k not in GenConfig.__dataclass_fields__:
            fail(PROG, "--gen-kwargs", f"unknown key {k!r}; valid: "
                 f"{', '.join(GenConfig.__dataclass_fields__)}")
        t = GenConfig.__dataclass_fields__[k].type
        try:
            kw[k] = (v.lower() in ("1", "true", "yes")) if t in (bool, "bool") else \
                (int(v) if t in (int, "int") else float(v))
        except ValueError:
            fail(PROG, "--gen-kwargs", f"{k}: bad value {v!r}")
    return GenConfig(**{"max_new_tokens": 0, **kw})


def decoding_config(dec, a, overrides: dict | None = None):
    """``dec``'s config from the parsed flags (``overrides`` win); a bad value fails naming
    its flag. A namespace without a method's flags (``mm-eval ablate``) gives the defaults."""
    values = {}
    for s in dec.settings():
        dest = "seed" if s.shared and s.flag == "--seed" else s.dest
        if hasattr(a, dest):
            values[s.name] = s.from_cli(getattr(a, dest))
    values.update(overrides or {})
    try:
        return dec.make_config(**values)
    except ConfigError as e:
        fail(PROG, dec.setting(e.field).flag, str(e))


def make_adapter(a, method: str | None = None, overrides: dict | None = None):
    """The model of ``--model`` decoded by ``method`` (default ``--decoding``), its settings
    from the flags with ``overrides`` applied."""
    dec = DECODERS.get(method or a.decoding)
    if dec.requires and a.model.startswith(BUILTIN):
        fail(PROG, "--decoding", f"{dec.name} needs a model folder, not a builtin model")
    cfg = decoding_config(dec, a, overrides)
    try:
        return dec.load(a.model, cfg, seed=a.seed, device=a.device)
    except ConfigError as e:  # before ValueError: it is a subclass
        fail(PROG, dec.setting(e.field).flag, str(e))
    except NotImplementedError as e:
        fail(PROG, "--decoding", str(e))
    except (KeyError, FileNotFoundError, ValueError) as e:
        fail(PROG, "--model", e.args[0] if e.args else str(e))


def _ablate(a) -> None:
    from eval.ablate import run_ablation
    from eval.task import TaskContext

    names = _task_names(a)
    if a.model.startswith(BUILTIN) or not Path(a.model).is_dir():
        fail(PROG, "--model", f"an ablation needs a local model folder, got {a.model}")
    try:
        res = run_ablation(lambda over: make_adapter(a, a.method, over) if over is not None
                           else make_adapter(a, DEFAULT), a.method, names, a.output_path,
                           TaskContext(a.data, a.limit, a.seed, options=_task_options(a)),
                           batch_size=a.batch_size, gen=_gen_kwargs(a.gen_kwargs),
                           progress=not a.no_progress)
    except FolderBusy as e:
        fail(PROG, "--output-path", str(e))
    print(json.dumps(res, indent=1))


def _task_names(a) -> list[str]:
    """``--tasks a,b`` -> names; an unknown one fails listing the valid names."""
    from eval.task import get_task

    names = [t.strip() for t in a.tasks.split(",") if t.strip()]
    for n in names:
        try:
            get_task(n)
        except KeyError as e:
            fail(PROG, "--tasks", e.args[0])
    return names


def _task_options(a) -> dict:
    options = {}
    for item in filter(None, (x.strip() for x in a.task_options.split(","))):
        if "=" not in item:
            fail(PROG, "--task-options", f"expected key=value, got {item!r}")
        k, v = item.split("=", 1)
        options[k] = int(v) if v.lstrip("-").isdigit() else v
    return options


def _run(a) -> None:
    from eval.runner import evaluate
    from eval.task import TaskContext

    names = _task_names(a)
    if a.batch_size < 1:
        fail(PROG, "--batch-size", f"must be >= 1, got {a.batch_size}")
    if a.limit is not None and a.limit < 1:
        fail(PROG, "--limit", f"must be >= 1, got {a.limit}")
    if a.data and not Path(a.data).exists():
        fail(PROG, "--data", f"no such folder: {a.data}")
    gen = _gen_kwargs(a.gen_kwargs)
    adapter = make_adapter(a)
    ctx = TaskContext(a.data, a.limit, a.seed, options=_task_options(a))
    try:
        res = evaluate(adapter, names, a.output_path, ctx,
                       batch_size=a.batch_size, gen=gen, progress=not a.no_progress)
    except FolderBusy as e:  # another run writes there: refused before writing anything
        fail(PROG, "--output-path", str(e))
    except (ValueError, FileNotFoundError) as e:  # data layout problems: one line, exit 2
        fail(PROG, "--data", str(e).splitlines()[0])
    print(json.dumps(res.get("tasks", {}), indent=1, default=str))


def main(argv: list[str] | None = None) -> None:
    a = parser().parse_args(argv)
    if a.cmd == "score" and a.bench == "dynamath":
        import csv

        from eval import dynamath

        if a.csv is not None:
            if a.dataset or a.lenient:
                fail(PROG, "--dataset" if a.dataset else "--lenient",
                     "applies to --responses only (a results CSV holds verdicts, not outputs)")
            if not Path(a.csv).is_file():
                fail(PROG, "--csv", f"no such file: {a.csv}")
            try:
                m = dynamath.metrics(dynamath.read_results_csv(a.csv))
            except (ValueError, csv.Error) as e:
                fail(PROG, "--csv", str(e).splitlines()[0])
        else:
            from eval.dynamath_responses import score_responses

            try:
                m, differ = score_responses(a.responses, a.dataset, a.lenient)
            except ValueError as e:
                fail(PROG, "--dataset" if a.dataset and str(e).startswith(a.dataset)
                     else "--responses", str(e).splitlines()[0])
            if differ:
                sys.stderr.write(f"{PROG}: note: {differ} official verdicts differ from the "
                                 "results the report recorded (answer types inferred? pass "
                                 "--dataset)\n")
        print(json.dumps(m if a.fractions else dynamath.as_percent(m), indent=1))
        sys.exit(0)
    if a.cmd == "score" and a.bench == "mme":
        from eval.mme import score_mme_dir

        try:
            print(json.dumps(score_mme_dir(a.dir), indent=1))
        except (ValueError, FileNotFoundError) as e:
            fail(PROG, "--dir", str(e))
        sys.exit(0)
    if a.cmd == "run":
        _run(a)
    elif a.cmd == "ablate":
        _ablate(a)
    elif a.cmd == "report":
        from eval.report import write_report

        if not (Path(a.out) / "results.json").exists():
            fail(PROG, "out", f"{a.out} has no results.json")
        print(write_report(a.out))
    elif a.cmd == "tasks":
        from eval.task import load_tasks

        for name, t in load_tasks().items():
            print(f"{name:16s} {t.description}")


if __name__ == "__main__":
    main()
