"""``mm-eval``: evaluate models on image benchmarks, and score released result files.

    mm-eval score dynamath --csv ../shared/fixtures/dynamath-results/GPT4o-result.csv
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

from engines.cliutil import OneLineParser, fail

PROG = "mm-eval"


def parser() -> OneLineParser:
    ap = OneLineParser(prog=PROG, description="Evaluate models; score result files.")
    sub = ap.add_subparsers(dest="cmd", required=True, parser_class=OneLineParser)
    sc = sub.add_parser("score", help="score existing result files")
    ssub = sc.add_subparsers(dest="bench", required=True, parser_class=OneLineParser)
    d = ssub.add_parser("dynamath", help="DynaMath per-variant results CSV -> metrics JSON")
    d.add_argument("--csv", required=True, help="DynaMath released results CSV")
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
    r.add_argument("--decoding", default="greedy", choices=["greedy", "causalmm"])
    r.add_argument("--gen-kwargs", default="", help="e.g. max_new_tokens=64,do_sample=false")
    r.add_argument("--task-options", default="",
                   help="task options, e.g. language=zh,variations=2,split=adversarial")
    r.add_argument("--cf-level", default="language", choices=["vision", "language", "both"])
    r.add_argument("--cf-type", default="random",
                   choices=["random", "uniform", "reversed", "shuffled"])
    r.add_argument("--gamma", type=float, default=1.0)
    r.add_argument("--alpha", type=float, default=0.1)
    r.add_argument("--cf-layers", default="", help="LLM layers, e.g. 8-15 (default: middle third)")
    r.add_argument("--cf-vision-layers", default="",
                   help="CLIP layers (default: all feeding the feature layer)")
    r.add_argument("--cf-vision-mode", default="attention", choices=["attention", "pooled"])
    r.add_argument("--device")
    r.add_argument("--no-progress", action="store_true")
    rep = sub.add_parser("report", help="rewrite OUT/report.md from OUT/results.json")
    rep.add_argument("out")
    sub.add_parser("tasks", help="list the tasks")
    ab = sub.add_parser("ablate", help="ablations of a decoding method")
    absub = ab.add_subparsers(dest="method", required=True, parser_class=OneLineParser)
    c = absub.add_parser("causalmm", help="greedy, each level, each type, gamma=0 control")
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


def make_adapter(a, **causal):
    """The model of ``--model`` with greedy or CausalMM decoding (``causal`` overrides flags)."""
    from mm.adapters import load_adapter

    if a.decoding == "causalmm" or causal:
        from mm.causal_generate import CausalLlavaAdapter
        from mm.causalmm import FLAGS, CausalMMConfig, ConfigError

        if a.model.startswith("builtin:"):
            fail(PROG, "--decoding", "causalmm needs a model folder, not a builtin model")
        settings = dict(level=a.cf_level, cf_type=a.cf_type, gamma=a.gamma, alpha=a.alpha,
                        cf_layers=a.cf_layers or None, vision_layers=a.cf_vision_layers or None,
                        vision_mode=a.cf_vision_mode, seed=a.seed)
        settings.update(causal)
        try:
            return CausalLlavaAdapter(a.model, CausalMMConfig(**settings), device=a.device)
        except ConfigError as e:  # before ValueError: it is a subclass
            fail(PROG, FLAGS[e.field], str(e))
        except NotImplementedError as e:
            fail(PROG, "--decoding", str(e))
        except (FileNotFoundError, ValueError) as e:
            fail(PROG, "--model", str(e))
    try:
        return load_adapter(a.model, seed=a.seed, device=a.device)
    except (KeyError, FileNotFoundError, ValueError) as e:
        fail(PROG, "--model", e.args[0] if e.args else str(e))


def _ablate(a) -> None:
    from eval.ablate import run_ablation
    from eval.task import TaskContext

    names = _task_names(a)
    if a.model.startswith("builtin:") or not Path(a.model).is_dir():
        fail(PROG, "--model", f"an ablation needs a local model folder, got {a.model}")
    a.decoding = "greedy"
    a.cf_level, a.cf_type, a.gamma, a.alpha = "language", "reversed", 1.0, 0.1
    a.cf_layers = a.cf_vision_layers = ""
    a.cf_vision_mode = "attention"
    res = run_ablation(lambda over: make_adapter(a, **over) if over else make_adapter(a),
                       names, a.output_path, TaskContext(a.data, a.limit, a.seed,
                                                         options=_task_options(a)),
                       batch_size=a.batch_size, gen=_gen_kwargs(a.gen_kwargs),
                       progress=not a.no_progress)
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
    except (ValueError, FileNotFoundError) as e:  # data layout problems: one line, exit 2
        fail(PROG, "--data", str(e).splitlines()[0])
    print(json.dumps(res.get("tasks", {}), indent=1, default=str))


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

        for name, t in sorted(load_tasks().items()):
            print(f"{name:16s} {t.description}")


if __name__ == "__main__":
    main()
