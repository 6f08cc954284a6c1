"""``mm-eval``: evaluate models on image benchmarks, and score released result files.

``run``'s decoding flags and ``ablate``'s subcommands come from the registered decoding methods
(mm/decoding/): each method's config fields name their flags. ``run`` also takes lmms-eval's
spellings (``--model_args``, ``--output_path``, ``--batch_size``, ``--log_samples``,
``--predict_only``, ``--tasks list``, a fractional ``--limit``, ``--config FILE.yaml``). One run
writes an ``--output-path`` at a time; a second one into it is refused, naming the running one.

    mm-eval score dynamath --csv ../shared/fixtures/dynamath-results/GPT4o-result.csv
"""
from __future__ import annotations

import json
import re
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
    r.add_argument("--config", help="a YAML file of this command's flags (flags given on the "
                   "command line win), e.g. tasks: [dynamath], limit: 0.1")
    r.add_argument("--model", help="a local model folder or builtin:NAME (with --model_args "
                   "pretrained=PATH, lmms-eval's model type name, which is ignored)")
    r.add_argument("--model_args", "--model-args", dest="model_args", default="",
                   help="lmms-eval's k=v,...: pretrained=PATH (the model folder), device=, "
                   "dtype=float32|bfloat16|float16, device_map=auto, "
                   "attn_implementation=sdpa|eager|flash_attention_2")
    r.add_argument("--tasks", help="comma-separated task names; 'list' prints them")
    add_common_flags(r)
    r.add_argument("--decoding", default=DEFAULT, choices=method_names())
    r.add_argument("--log_samples", "--log-samples", dest="log_samples", action="store_true",
                   help="accepted for lmms-eval: samples are always logged")
    r.add_argument("--predict_only", "--predict-only", dest="predict_only",
                   action="store_true", help="generate and log samples; no metrics")
    add_decoding_flags(r)
    ap.run_parser = r  # --config reads its flags
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
        add_common_flags(c)
    return ap


def _one_limit(s: str) -> int | float:
    import argparse

    try:
        v = float(s)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected an integer or a fraction, got {s!r}")
    if v.is_integer() and v >= 1 and "." not in s:
        return int(v)
    if 0 < v < 1:
        return v
    raise argparse.ArgumentTypeError(f"expected an integer >= 1 or a fraction in (0, 1), "
                                     f"got {s!r}")


def limit_value(s: str) -> int | float | dict:
    """``--limit``: a number of samples (an integer >= 1) or a fraction of each task's groups
    (0 < f < 1), as lmms-eval reads it; ``60,dynamath=90`` sets one task's apart (the bare
    value is every other task's; the result is then {task or "": limit}). A list with no
    value, a ``=N`` without its task, or a task (or the bare value) given twice is refused."""
    import argparse

    if "," not in s and "=" not in s:
        return _one_limit(s)
    out: dict = {}
    for item in filter(None, (x.strip() for x in s.split(","))):
        k, eq, v = (x.strip() for x in item.rpartition("="))
        if eq and not k:
            raise argparse.ArgumentTypeError(f"expected TASK=N, got {item!r}")
        if k in out:
            raise argparse.ArgumentTypeError(
                f"{f'task {k}' if k else 'the value for every task'} given twice in {s!r}")
        out[k] = _one_limit(v)
    if not out:
        raise argparse.ArgumentTypeError(f"no value in {s!r} (an integer, a fraction or "
                                         f"TASK=N,...)")
    return out


def add_common_flags(p: OneLineParser) -> None:
    """The flags ``run`` and ``ablate`` share; lmms-eval's spellings (``--output_path``) are
    aliases of ours."""
    p.add_argument("--output-path", "--output_path", dest="output_path")
    p.add_argument("--batch-size", "--batch_size", dest="batch_size", type=int, default=8)
    p.add_argument("--limit", type=limit_value,
                   help="samples per task (an integer) or a fraction of its groups (0.1); "
                   "whole groups, spread over the task's strata")
    p.add_argument("--data", help="a local dataset folder for the task(s)")
    p.add_argument("--data-cache", "--data_cache", dest="data_cache",
                   help="the folder where tasks build their synthetic evaluation data (default "
                   "OUTPUT/data): runs that share it build each set once")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--gen-kwargs", "--gen_kwargs", dest="gen_kwargs", default="",
                   help="e.g. max_new_tokens=64,do_sample=false")
    p.add_argument("--task-options", "--task_options", dest="task_options", default="",
                   help="task options, e.g. language=zh,variations=2,split=adversarial "
                   "(mm-eval tasks lists each task's)")
    p.add_argument("--device", help="cpu, cuda, cuda:N or mps (default: cuda if present)")
    p.add_argument("--no-progress", action="store_true")


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
    """``--gen-kwargs k=v,...`` as a GenConfig (max_new_tokens 0: each task's own), every
    value checked before a model loads: max_new_tokens >= 1, do_sample true or false,
    temperature >= 0 (> 0 when sampling), top_p in (0, 1], seed >= 0."""
    import math

    from eval.task import Option
    from mm.adapters import GenConfig

    fields = GenConfig.__dataclass_fields__
    kw = {}
    for item in filter(None, (x.strip() for x in s.split(","))):
        if "=" not in item:
            fail(PROG, "--gen-kwargs", f"expected key=value, got {item!r}")
        k, v = (x.strip() for x in item.split("=", 1))
        if k not in fields:
            fail(PROG, "--gen-kwargs", f"unknown key {k!r}; valid: {', '.join(fields)}")
        if k in kw:
            fail(PROG, "--gen-kwargs", f"{k} given twice")
        t = fields[k].type
        if t in (bool, "bool"):  # read as a boolean --task-options value
            try:
                kw[k] = Option(bool, False).convert(v)
            except ValueError as e:
                fail(PROG, "--gen-kwargs", f"{k}: {e}")
            continue
        try:
            kw[k] = int(v) if t in (int, "int") else float(v)
        except ValueError:
            fail(PROG, "--gen-kwargs", f"{k}: bad value {v!r}")
        if not math.isfinite(kw[k]):
            fail(PROG, "--gen-kwargs", f"{k}: must be a finite number, got {v!r}")
    gen = GenConfig(**{"max_new_tokens": 0, **kw})
    if "max_new_tokens" in kw and gen.max_new_tokens < 1:
        fail(PROG, "--gen-kwargs", f"max_new_tokens: must be >= 1, got {gen.max_new_tokens}")
    if gen.temperature < 0:
        fail(PROG, "--gen-kwargs", f"temperature: must be >= 0, got {gen.temperature}")
    if gen.do_sample and gen.temperature == 0:
        fail(PROG, "--gen-kwargs", "temperature: must be > 0 when do_sample=true, got 0")
    if not 0 < gen.top_p <= 1:
        fail(PROG, "--gen-kwargs", f"top_p: must be in (0, 1], got {gen.top_p}")
    if gen.seed < 0:
        fail(PROG, "--gen-kwargs", f"seed: must be >= 0, got {gen.seed}")
    return gen


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
    opts = getattr(a, "load_options", None) or {}
    try:
        return dec.load(a.model, cfg, seed=a.seed, device=a.device, **opts)
    except ConfigError as e:  # before ValueError: it is a subclass
        fail(PROG, dec.setting(e.field).flag, str(e))
    except NotImplementedError as e:
        fail(PROG, "--decoding", str(e))
    except (KeyError, FileNotFoundError, ValueError) as e:
        fail(PROG, getattr(a, "model_flag", "--model"),
             _unprefixed(str(e.args[0] if e.args else e)))


def _unprefixed(message: str) -> str:
    """``message``'s first line without a leading ``--data`` / ``--model`` (the loaders and
    tasks name the flag themselves; ``fail`` names it once)."""
    return re.sub(r"^--(data|model):?\s+", "", message.splitlines()[0] if message else "")


def _ablate(a) -> None:
    from eval.ablate import run_ablation
    from eval.runner import NotFinished
    from eval.task import TaskContext

    names = _task_names(a)
    if a.model.startswith(BUILTIN) or not Path(a.model).is_dir():
        fail(PROG, "--model", f"an ablation needs a local model folder, got {a.model}" +
             ("" if a.model.startswith(BUILTIN) or Path(a.model).exists() else
              " (no such folder)"))
    work, options, gen = _check_common(a, names)
    try:
        res = run_ablation(lambda over: make_adapter(a, a.method, over) if over is not None
                           else make_adapter(a, DEFAULT), a.method, names, a.output_path,
                           TaskContext(a.data, a.limit, a.seed, options=options, work=work),
                           batch_size=a.batch_size, gen=gen, progress=not a.no_progress)
    except FolderBusy as e:
        fail(PROG, "--output-path", str(e))
    except NotFinished as e:
        fail(PROG, "--output-path", str(e))
    except (ValueError, FileNotFoundError) as e:  # data layout problems: one line, exit 2
        fail(PROG, "--data", _unprefixed(str(e)))
    print(json.dumps(res, indent=1))


def _check_common(a, names: list[str]) -> tuple[Path | None, dict, object]:
    """The checks ``run`` and ``ablate`` share, before any data is built or model loaded (each
    failure one line naming its flag); ``--output-path`` is made last, once the rest holds.
    Returns the data cache, the converted task options and the generation settings."""
    if a.seed < 0:
        fail(PROG, "--seed", f"must be >= 0, got {a.seed}")
    if a.batch_size < 1:
        fail(PROG, "--batch-size", f"must be >= 1, got {a.batch_size}")
    _check_decoding_flags(a)
    gen = _gen_kwargs(a.gen_kwargs)
    _check_data(a.data)
    work = _data_cache(a)
    options = _task_options(a, names)
    _check_limit(a.limit, names)
    _check_device(a.device)
    _output_path(a)
    return work, options, gen


def _check_decoding_flags(a) -> None:
    """A flag of a decoding method other than ``--decoding``'s, given a value other than its
    default, would be ignored: it is refused, naming the method it needs. (``ablate`` has no
    decoding flags: each row sets its own.)"""
    method = getattr(a, "decoding", None)
    if method is None:
        return
    for dec, s in flag_settings():
        if dec.name != method and getattr(a, s.dest, s.cli_default) != s.cli_default:
            fail(PROG, s.flag, f"needs --decoding {dec.name} (this run decodes with {method})")


def _check_data(data: str | None) -> None:
    """``--data``: it exists; a dataset built by mm-data (a build.json) has its parquet files
    and a readable build.json. Whether its kind suits the tasks is theirs to say."""
    if not data:
        return
    from engines.dataset.files import CorruptFile, data_files, read_config

    path = Path(data)
    if not path.exists():
        fail(PROG, "--data", f"no such folder: {data}")
    if path.is_dir():
        try:
            built = read_config(path) is not None
        except CorruptFile as e:
            fail(PROG, "--data", f"{e.path}: {e.why}")
        if built and not data_files(path):
            fail(PROG, "--data", f"{path}: no data/*.parquet inside")


def _data_cache(a) -> Path | None:
    """``--data-cache``: a folder (made when missing) or None; a file there fails naming it."""
    if not a.data_cache:
        return None
    path = Path(a.data_cache)
    if path.exists() and not path.is_dir():
        fail(PROG, "--data-cache", f"not a folder: {path}")
    return path


def _task_names(a) -> list[str]:
    """``--tasks a,b`` -> names; none, or an unknown one, fails (listing the valid names)."""
    from eval.task import TASKS, get_task

    if not a.tasks:
        fail(PROG, "--tasks", "required (comma-separated task names; 'list' prints them)")
    names = [t.strip() for t in a.tasks.split(",") if t.strip()]
    if not names:
        fail(PROG, "--tasks", f"no task named in {a.tasks!r}; valid: "
             f"{', '.join(TASKS.names())}")
    for n in names:
        try:
            get_task(n)
        except KeyError as e:
            fail(PROG, "--tasks", e.args[0])
    return names


def _task_options(a, names: list[str]) -> dict:
    """``--task-options k=v,...`` converted to the types the tasks declare; an item without
    ``=`` continues the previous value (``prefixes=none,camera``)."""
    from eval.task import check_options, get_task, parse_options

    try:
        return check_options([get_task(n) for n in names], parse_options(a.task_options))
    except ValueError as e:
        fail(PROG, "--task-options", str(e))


def _check_limit(limit, names: list[str]) -> None:
    if isinstance(limit, dict):
        bad = [k for k in limit if k and k not in names]
        if bad:
            fail(PROG, "--limit", f"{', '.join(bad)} not among --tasks ({', '.join(names)})")


def _check_device(device: str | None) -> None:
    """``--device``: a device torch knows and this machine has."""
    if device is None:
        return
    import torch

    try:
        d = torch.device(device)
    except (RuntimeError, ValueError):
        fail(PROG, "--device", f"not a device: {device!r} (cpu, cuda, cuda:N, mps)")
    if d.type == "cuda":
        if not torch.cuda.is_available():
            fail(PROG, "--device", f"{device}: no CUDA GPU on this machine")
        if d.index is not None and d.index >= torch.cuda.device_count():
            fail(PROG, "--device", f"{device}: this machine has {torch.cuda.device_count()} "
                 f"GPU(s)")
    elif d.type == "mps" and not torch.backends.mps.is_available():
        fail(PROG, "--device", f"{device}: MPS is not available on this machine")
    elif d.type not in ("cpu", "cuda", "mps"):
        fail(PROG, "--device", f"{device}: mm-eval runs on cpu, cuda or mps")


MODEL_ARGS = ("pretrained", "device", "dtype", "device_map", "attn_implementation")
#: --model_args values the loader takes (mm.adapters.hf); fp32/bf16/fp16 are spellings of them
DTYPE_NAMES = {"float32": "float32", "fp32": "float32", "bfloat16": "bfloat16",
               "bf16": "bfloat16", "float16": "float16", "fp16": "float16"}
DEVICE_MAPS = ("auto", "balanced", "balanced_low_0", "sequential")


def _model_args(a) -> None:
    """lmms-eval's ``--model_args k=v,...`` onto our flags: pretrained= is the model folder
    (``--model`` then names lmms-eval's model type and is ignored, unless it is a folder or
    builtin model of its own), device= is ``--device``; dtype=, device_map= and
    attn_implementation= go to the folder loader (``a.load_options``)."""
    from mm.adapters.hf import ATTN_IMPLEMENTATIONS

    kv: dict[str, str] = {}
    for item in filter(None, (x.strip() for x in a.model_args.split(","))):
        if "=" not in item:
            fail(PROG, "--model_args", f"expected key=value, got {item!r}")
        k, v = (x.strip() for x in item.split("=", 1))
        if k not in MODEL_ARGS:
            fail(PROG, "--model_args", f"unknown key {k!r}; valid: {', '.join(MODEL_ARGS)}")
        kv[k] = v
    a.model_flag = "--model_args" if "pretrained" in kv else "--model"
    if "pretrained" in kv:
        m = a.model
        if m and m != kv["pretrained"] and (m.startswith(BUILTIN) or Path(m).exists()):
            fail(PROG, "--model_args", f"pretrained={kv['pretrained']} and --model {m} "
                 f"name two models")
        a.model = kv["pretrained"]
    if "device" in kv:
        if a.device and a.device != kv["device"]:
            fail(PROG, "--model_args", f"device={kv['device']} and --device {a.device} differ")
        a.device = kv["device"]
    opts: dict[str, str] = {}
    if "dtype" in kv:
        if kv["dtype"] not in DTYPE_NAMES:
            fail(PROG, "--model_args", f"dtype={kv['dtype']}; valid: "
                 f"{', '.join(sorted(set(DTYPE_NAMES.values())))}")
        opts["dtype"] = DTYPE_NAMES[kv["dtype"]]
    if "device_map" in kv:
        if kv["device_map"] not in DEVICE_MAPS:
            fail(PROG, "--model_args", f"device_map={kv['device_map']}; valid: "
                 f"{', '.join(DEVICE_MAPS)}")
        if "device" in kv or a.device:
            fail(PROG, "--model_args", "device_map= places the model itself: give it "
                 "without device= or --device")
        opts["device_map"] = kv["device_map"]
    if "attn_implementation" in kv:
        if kv["attn_implementation"] not in ATTN_IMPLEMENTATIONS:
            fail(PROG, "--model_args", f"attn_implementation={kv['attn_implementation']}; "
                 f"valid: {', '.join(ATTN_IMPLEMENTATIONS)}")
        opts["attn_implementation"] = kv["attn_implementation"]
    a.load_options = opts
    if not a.model:
        fail(PROG, "--model", "required (a model folder or builtin:NAME; or --model_args "
             "pretrained=PATH)")


def _output_path(a) -> None:
    """``--output-path``: a folder, created here if missing; a file or an uncreatable path
    fails naming the flag (a read-only folder is left to the run: it may hold a finished run)."""
    if not a.output_path:
        fail(PROG, "--output-path", "required (the folder for results.json and the samples)")
    out = Path(a.output_path)
    if out.exists() and not out.is_dir():
        fail(PROG, "--output-path", f"{out} is a file, not a folder")
    if not out.exists():
        # the folders made here, deepest first: a run that fails before writing anything
        # removes them again (``_drop_made_output``)
        a.made_output = [out, *[q for q in out.parents if not q.exists()]]
        try:
            out.mkdir(parents=True)
        except OSError as e:
            fail(PROG, "--output-path", f"cannot create {out}: {e.strerror or e}")


def _drop_made_output(a) -> None:
    """Remove the ``--output-path`` folders this run made, where they are still empty: a run
    refused after the checks (a model that cannot load, say) leaves nothing behind."""
    for folder in getattr(a, "made_output", []):
        try:
            folder.rmdir()  # only an empty folder
        except OSError:
            return


def config_argv(path: str, run: OneLineParser) -> list[str]:
    """``--config FILE.yaml`` as command-line flags (placed before the given ones, which so
    win): each key is a flag of ``mm-eval run`` without its dashes (``batch_size`` or
    ``batch-size``); a list is comma-joined, a mapping k=v,..., true is the bare flag."""
    import yaml

    p = Path(path)
    try:
        data = yaml.safe_load(p.read_bytes().decode("utf-8"))
    except OSError as e:
        fail(PROG, "--config", f"cannot read {path}: {e.strerror or e}")
    except UnicodeDecodeError:
        fail(PROG, "--config", f"{path}: not UTF-8 text")
    except yaml.YAMLError as e:
        fail(PROG, "--config", f"{path}: not YAML ({str(e).splitlines()[0]})")
    if data is None:
        return []
    if not isinstance(data, dict):
        fail(PROG, "--config", f"{path}: expected a mapping of flag: value")
    flags = {o.lstrip("-").replace("-", "_"): (o, act) for act in run._actions
             for o in act.option_strings if o.startswith("--")}
    argv: list[str] = []
    for k, v in data.items():
        flag, act = flags.get(str(k).replace("-", "_"), (None, None))
        if flag is None or flag in ("--config", "--help"):
            fail(PROG, "--config", f"{path}: unknown key {k!r}")
        if act.nargs == 0 and not isinstance(v, (bool, type(None))):  # --log_samples
            fail(PROG, "--config", f"{path}: {k}: expected true or false, got {v!r}")
        if isinstance(v, bool) and act.nargs != 0:
            fail(PROG, "--config", f"{path}: {k}: expected a value, got {str(v).lower()}")
        if isinstance(v, bool):
            argv += [flag] if v else []
        elif isinstance(v, list):
            argv += [flag, ",".join(str(x) for x in v)]
        elif isinstance(v, dict):
            argv += [flag, ",".join(f"{x}={y}" for x, y in v.items())]
        elif v is not None:
            argv += [flag, str(v)]
    return argv


def _run(a) -> None:
    from eval.runner import NotFinished, evaluate
    from eval.task import TaskContext

    names = _task_names(a)
    _model_args(a)
    if not a.model.startswith(BUILTIN) and not Path(a.model).exists():
        fail(PROG, a.model_flag, f"{a.model}: no such folder")
    work, options, gen = _check_common(a, names)
    adapter = make_adapter(a)
    ctx = TaskContext(a.data, a.limit, a.seed, options=options, work=work)
    try:
        res = evaluate(adapter, names, a.output_path, ctx, batch_size=a.batch_size, gen=gen,
                       progress=not a.no_progress, predict_only=a.predict_only)
    except FolderBusy as e:  # another run writes there: refused before writing anything
        fail(PROG, "--output-path", str(e))
    except NotFinished as e:
        fail(PROG, "--output-path", str(e))
    except (ValueError, FileNotFoundError) as e:  # data layout problems: one line, exit 2
        fail(PROG, "--data", _unprefixed(str(e)))
    print(json.dumps(res.get("tasks", {}), indent=1, default=str))


def _list_tasks() -> None:
    from eval.task import load_tasks

    for name, t in load_tasks().items():
        opts = ", ".join(f"{k}={o.default}" for k, o in t.task_options.items())
        print(f"{name:16s} {t.description}" + (f" [options: {opts}]" if opts else ""))


def main(argv: list[str] | None = None) -> None:
    argv = list(sys.argv[1:] if argv is None else argv)
    ap = parser()
    if argv[:1] == ["run"]:
        pre = OneLineParser(prog=PROG, add_help=False)
        pre.add_argument("--config")
        known, _ = pre.parse_known_args(argv[1:])
        if known.config:
            argv = ["run"] + config_argv(known.config, ap.run_parser) + argv[1:]
    a = ap.parse_args(argv)
    if a.cmd == "run" and a.tasks is not None and a.tasks.strip() == "list":
        _list_tasks()
        sys.exit(0)
    if a.cmd == "score" and a.bench == "dynamath":
        import csv

        from eval import dynamath

        if a.csv is not None:
            if a.dataset or a.lenient:
                fail(PROG, "--dataset" if a.dataset else "--lenient",
                     "applies to --responses only (a results CSV holds verdicts, not outputs)")
            if Path(a.csv).is_dir():
                fail(PROG, "--csv", f"{a.csv} is a folder, not a results CSV file")
            if not Path(a.csv).is_file():
                fail(PROG, "--csv", f"no such file: {a.csv}")
            try:
                m = dynamath.metrics(dynamath.read_results_csv(a.csv))
            except UnicodeDecodeError:
                fail(PROG, "--csv", f"{a.csv}: not UTF-8 text")
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
    if a.cmd in ("run", "ablate"):
        try:
            _run(a) if a.cmd == "run" else _ablate(a)
        except SystemExit as e:
            if e.code not in (0, None):
                _drop_made_output(a)
            raise
    elif a.cmd == "report":
        from eval.report import read_results, write_report

        if not (Path(a.out) / "results.json").exists():
            fail(PROG, "out", f"{a.out} has no results.json")
        try:
            read_results(a.out)
        except ValueError as e:
            fail(PROG, "out", str(e))
        print(write_report(a.out))
    elif a.cmd == "tasks":
        _list_tasks()


if __name__ == "__main__":
    main()
