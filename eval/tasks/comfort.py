"""COMFORT (ICLR 2025): spatial yes/no questions under frames of reference, as P(yes) curves.

A target ball orbits a relatum in 36 positions, 10 degrees apart; each position is asked "Is the
{target} {to the left of | to the right of | in front of | behind} the {relatum}?", with an
optional perspective prefix (camera's, addressee's or relatum's viewpoint). The model's P(yes)
= Y / (Y + N) comes from ``adapter.yes_no_prob``; eval.comfort turns the 36-point curves into
acc, eps_cos, eps_hemi, sigma, eta, c_sym, c_opp and the preferred frame of reference.

- comfort-ball: two spheres (COMFORT-BALL); variations of colour, size, camera height and a
  distractor; prefixes none and camera; frames camera (English, reflected), camera_translated,
  camera_rotated.
- comfort-car: a fronted relatum (car, horse, chair) facing left or right and an addressee
  facing right (COMFORT-CAR); prefixes none, camera, addressee, relatum; frames camera,
  relatum, addressee.

Scenes and their 36 views come from the comfort dataset builder (engines/builders/comfort.py),
seeded by ``--seed`` and built into the task's work folder (cached). ``--data DIR`` reads a
folder built by ``mm-data comfort --scene ball|car``, or ``DIR/scenes.jsonl``, one comfort_scene
spec per line (one variation each; rendered in memory). ``--limit`` keeps whole 36-point curves,
spread over the four relations. Options (TaskContext.options): language (en, zh, es, fr, de, ja;
default en), variations (int), prefixes (comma list), image_size (default 336), answer_hint
(default true: "Answer yes or no." in the prompt's language).

    mm-eval run --model builtin:oracle --tasks comfort-ball,comfort-car --output-path runs/cf
"""
from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import ClassVar

import numpy as np

from eval import comfort as cm
from eval.task import Option, Task, TaskContext, register_task
from engines.builders.comfort import comfort_config, views
from eval.evalsets import built_rows, cached_rows, groups_kept
from renderers.comfort_scene import ComfortScene
from renderers.comfort_scene.spec import BALL_COLORS, FRONTED, ComfortSceneSpec, Thing

PREFIX_FRAME = {"none": "camera", "camera": "camera", "addressee": "addressee",
                "relatum": "relatum"}
_COLORS6 = dict(zip(BALL_COLORS, range(6)))

# Per language: question with/without a viewpoint, relation phrases with the relatum slot {o},
# noun phrases (subject, after the relation, viewpoint owner), colour words (BALL_COLORS order),
# fix-ups for contractions, the answer hint and the yes / no words P(yes) should sum over.
LANGS: dict[str, dict] = {
    "en": dict(
        q="Is {t} {rel}?", qp="From {v} viewpoint, is {t} {rel}?",
        rel={"left": "to the left of {o}", "right": "to the right of {o}",
             "front": "in front of {o}", "behind": "behind {o}"},
        noun={"ball": ("the {c} ball", "the {c} ball", "the {c} ball's"),
              "car": ("the car", "the car", "the car's"),
              "chair": ("the chair", "the chair", "the chair's"),
              "horse": ("the horse", "the horse", "the horse's"),
              "camera": ("", "", "the camera's"), "addressee": ("", "", "the person's")},
        colors=("red", "blue", "green", "yellow", "purple", "orange"), fix={},
        hint=" Answer yes or no.", yes=("yes", "Yes", "YES"), no=("no", "No", "NO")),
    "zh": dict(
        q="{t}{rel}吗？", qp="从{v}的视角看，{t}{rel}吗？",
        rel={"left": "在{o}的左边", "right": "在{o}的右边", "front": "在{o}的前面",
             "behind": "在{o}的后面"},
        noun={"ball": ("{c}的球",) * 3, "car": ("汽车",) * 3, "chair": ("椅子",) * 3,
              "horse": ("马",) * 3, "camera": ("相机",) * 3, "addressee": ("那个人",) * 3},
        colors=("红色", "蓝色", "绿色", "黄色", "紫色", "橙色"), fix={},
        hint="请回答是或否。", yes=("是", "对"), no=("否", "不")),
    "ja": dict(
        q="{t}は{rel}ありますか？", qp="{v}の視点から見て、{t}は{rel}ありますか？",
        rel={"left": "{o}の左に", "right": "{o}の右に", "front": "{o}の前に",
             "behind": "{o}の後ろに"},
        noun={"ball": ("{c}ボール",) * 3, "car": ("車",) * 3, "chair": ("椅子",) * 3,
              "horse": ("馬",) * 3, "camera": ("カメラ",) * 3, "addressee": ("その人",) * 3},
        colors=("赤い", "青い", "緑の", "黄色い", "紫の", "オレンジ色の"), fix={},
        hint="「はい」か「いいえ」で答えてください。", yes=("はい",), no=("いいえ",)),
    "es": dict(
        q="¿Está {t} {rel}?", qp="Desde el punto de vista de {v}, ¿está {t} {rel}?",
        rel={"left": "a la izquierda de {o}", "right": "a la derecha de {o}",
             "front": "delante de {o}", "behind": "detrás de {o}"},
        noun={"ball": ("la pelota {c}",) * 3, "car": ("el coche",) * 3,
              "chair": ("la silla",) * 3, "horse": ("el caballo",) * 3,
              "camera": ("la cámara",) * 3, "addressee": ("la persona",) * 3},
        colors=("roja", "azul", "verde", "amarilla", "morada", "naranja"),
        fix={" de el ": " del "},
        hint=" Responde sí o no.", yes=("sí", "Sí", "SÍ"), no=("no", "No", "NO")),
    "fr": dict(
        q="Est-ce que {t} est {rel} ?", qp="Du point de vue de {v}, est-ce que {t} est {rel} ?",
        rel={"left": "à gauche de {o}", "right": "à droite de {o}", "front": "devant {o}",
             "behind": "derrière {o}"},
        noun={"ball": ("la balle {c}",) * 3, "car": ("la voiture",) * 3,
              "chair": ("la chaise",) * 3, "horse": ("le cheval",) * 3,
              "camera": ("la caméra",) * 3, "addressee": ("la personne",) * 3},
        colors=("rouge", "bleue", "verte", "jaune", "violette", "orange"),
        fix={" de le ": " du "},
        hint=" Répondez par oui ou non.", yes=("oui", "Oui", "OUI"), no=("non", "Non", "NON")),
    "de": dict(
        q="Ist {t} {rel}?", qp="Aus der Sicht {v}: Ist {t} {rel}?",
        rel={"left": "links von {o}", "right": "rechts von {o}", "front": "vor {o}",
             "behind": "hinter {o}"},
        noun={"ball": ("der {c}e Ball", "dem {c}en Ball", "des {c}en Balls"),
              "car": ("das Auto", "dem Auto", "des Autos"),
              "chair": ("der Stuhl", "dem Stuhl", "des Stuhls"),
              "horse": ("das Pferd", "dem Pferd", "des Pferdes"),
              "camera": ("", "", "der Kamera"), "addressee": ("", "", "der Person")},
        colors=("rot", "blau", "grün", "gelb", "violett", "orangefarben"),
        fix={" von dem ": " vom "},
        hint=" Antworte mit Ja oder Nein.", yes=("ja", "Ja", "JA"), no=("nein", "Nein", "NEIN")),
}


def _np(lang: dict, kind: str, color: str | None, case: int) -> str:
    """Noun phrase of an object: case 0 = subject, 1 = after the relation, 2 = viewpoint."""
    c = lang["colors"][_COLORS6[color]] if color in _COLORS6 else ""
    return lang["noun"][kind][case].format(c=c)


def question(language: str, relation: str, prefix: str, target: Thing, relatum: Thing,
             hint: bool = True) -> str:
    """The COMFORT question in ``language``: "Is the red ball to the left of the car?",
    "From the car's viewpoint, is ...", with the answer hint appended when ``hint``."""
    lang = LANGS[language]
    rel = lang["rel"][relation].format(o=_np(lang, relatum.kind, relatum.color, 1))
    t = _np(lang, target.kind, target.color, 0)
    if prefix == "none":
        text = lang["q"].format(t=t, rel=rel)
    else:
        owner = {"camera": ("camera", None), "addressee": ("addressee", None),
                 "relatum": (relatum.kind, relatum.color)}[prefix]
        text = lang["qp"].format(v=_np(lang, owner[0], owner[1], 2), t=t, rel=rel)
    for a, b in lang["fix"].items():
        text = text.replace(a, b)
    return text + (lang["hint"] if hint else "")


# ----------------------------------------------------------------------------- scenes


def load_scenes(data: str, need_fronted: bool) -> list[ComfortSceneSpec]:
    """``DIR/scenes.jsonl``: one comfort_scene spec per line, each one variation."""
    path = Path(data) / "scenes.jsonl"
    if not path.is_file():
        raise ValueError(f"--data: {path} does not exist (expected one comfort_scene spec per "
                         "line)")
    out = []
    for i, line in enumerate(path.read_text().splitlines(), 1):
        if not line.strip():
            continue
        try:
            spec = ComfortSceneSpec.from_dict(json.loads(line))
            if not isinstance(spec.relatum, Thing) or not isinstance(spec.target, Thing):
                raise ValueError("relatum and target must be objects")
        except (ValueError, TypeError, AttributeError) as e:
            raise ValueError(f"--data: {path} line {i}: not a comfort_scene spec ({e})") from None
        _check_fronted(spec, need_fronted, f"{path} line {i}")
        out.append(spec.replace(labels=False))
    if not out:
        raise ValueError(f"--data: {path} holds no scenes")
    return out


def _check_fronted(spec: ComfortSceneSpec, need_fronted: bool, where: str) -> None:
    if need_fronted and (spec.relatum.kind not in FRONTED or spec.addressee is None):
        raise ValueError(f"--data: {where}: comfort-car needs a fronted relatum "
                         f"({', '.join(FRONTED)}) and an addressee")


def built_variations(data: str, need_fronted: bool) -> list[tuple[ComfortSceneSpec, list]] | None:
    """A folder built by ``mm-data comfort``: per variation, its scene (view 0) and the PNG
    bytes of its 36 views; None when DIR is not one."""
    rows = built_rows(data, "comfort")
    if rows is None:
        return None
    by: dict[int, list[dict]] = {}
    for r in rows:
        by.setdefault(int(r["variation"]), []).append(r)
    out = []
    for v, rs in sorted(by.items()):
        rs.sort(key=lambda r: r["pos"])
        if len(rs) != cm.N_POS:
            raise ValueError(f"--data: {data}: variation {v} has {len(rs)} of {cm.N_POS} views")
        base = ComfortSceneSpec.from_dict(json.loads(rs[0]["spec"]))
        _check_fronted(base, need_fronted, f"{data} variation {v}")
        out.append((base, [r["image"]["bytes"] for r in rs]))
    return out


# ----------------------------------------------------------------------------- tasks


@lru_cache(maxsize=48)
def _render(spec_json: str, size: int):
    """One view serves the 4 relations x prefixes asked about it; docs come curve by curve, so a
    cache longer than a curve (36) renders each view once."""
    return ComfortScene().render(ComfortSceneSpec.from_dict(json.loads(spec_json)), size)


def _flag(v) -> bool:
    return v if isinstance(v, bool) else str(v).strip().lower() not in ("0", "false", "no", "")


class ComfortTask(Task):
    output = "yes_no"
    max_new_tokens = 1
    parser = "p_yes"
    scene: ClassVar[str] = "ball"
    prefixes: ClassVar[tuple[str, ...]] = ("none", "camera")
    frames: ClassVar[tuple[str, ...]] = ("camera", "camera_translated", "camera_rotated")
    n_variations: ClassVar[int] = 2
    task_options = {
        "language": Option(str, "en", f"one of {', '.join(LANGS)}"),
        "variations": Option(int, 2, "scene variations"),
        "prefixes": Option(str, "", "comma list of perspective prefixes (default: all)"),
        "image_size": Option(int, 336, "image side in pixels"),
        "answer_hint": Option(bool, True, "append the answer hint to the prompt")}

    def group(self, doc):
        return f"{doc['variation']}/{doc['prefix']}/{doc['relation']}"

    def stratum(self, doc):
        return doc["relation"]

    def options(self, ctx: TaskContext) -> dict:
        o = dict(ctx.options or {})
        lang = str(o.get("language", "en"))
        if lang not in LANGS:
            raise ValueError(f"option language={lang!r}; valid: {', '.join(LANGS)}")
        pf = o.get("prefixes") or self.prefixes
        pf = tuple(p.strip() for p in pf.split(",")) if isinstance(pf, str) else tuple(pf)
        bad = [p for p in pf if p not in self.prefixes]
        if bad or not pf:
            raise ValueError(f"option prefixes={','.join(pf)!r}; valid for {self.name}: "
                             f"{', '.join(self.prefixes)}")
        n = int(o.get("variations", self.n_variations))
        if n < 1:
            raise ValueError(f"option variations must be >= 1, got {n}")
        return {"language": lang, "prefixes": pf, "variations": n,
                "image_size": int(o.get("image_size", 336)),
                "answer_hint": _flag(o.get("answer_hint", True))}

    def scenes(self, ctx: TaskContext, o: dict) -> list[tuple[ComfortSceneSpec, list | None]]:
        """Per variation: the scene and the PNG bytes of its views (None: render them)."""
        fronted = self.scene == "car"
        if ctx.data:
            built = built_variations(ctx.data, fronted)
            return built if built is not None else \
                [(s, None) for s in load_scenes(ctx.data, fronted)]
        n = o["variations"]
        if ctx.limit is not None:  # only the variations whose curves the limit keeps
            per = len(o["prefixes"]) * len(cm.RELATIONS)
            n = min(n, -(-groups_kept(ctx.limit, n * per, cm.N_POS) // per))
        size = o["image_size"]
        rows = cached_rows(comfort_config(self.scene, n, ctx.seed, size), ctx.work,
                           f"{self.scene}-seed{ctx.seed}-{size}px-{n}variations")
        return [(ComfortSceneSpec.from_dict(json.loads(rows[v * cm.N_POS]["spec"])),
                 [r["image"]["bytes"] for r in rows[v * cm.N_POS:(v + 1) * cm.N_POS]])
                for v in range(n)]

    def docs(self, ctx: TaskContext) -> list[dict]:
        o = self.options(ctx)
        fam = ComfortScene()
        lang = LANGS[o["language"]]
        docs = []
        for v, (base, pngs) in enumerate(self.scenes(ctx, o)):
            specs = views(base)
            facts = [fam.facts(s) for s in specs]
            jsons = [s.to_json() for s in specs]
            for prefix in o["prefixes"]:
                frame = PREFIX_FRAME[prefix]
                if frame not in facts[0]["frames"]:
                    raise ValueError(f"{self.name}: scene {v} has no {frame} frame for prefix "
                                     f"{prefix!r}")
                for rel in cm.RELATIONS:
                    text = question(o["language"], rel, prefix, base.target, base.relatum,
                                    o["answer_hint"])
                    for k in range(cm.N_POS):
                        cos = {f: facts[k]["relation_cos"][f][rel] for f in self.frames
                               if f in facts[k]["relation_cos"]}
                        angle = cm.STEP * k
                        docs.append({
                            "id": f"{self.name}/v{v}/{prefix}/{rel}/{angle:03d}",
                            "spec": jsons[k], "size": o["image_size"], "prompt": text,
                            "target": "yes" if cos[frame] > 0 else "no", "variation": v,
                            "prefix": prefix, "relation": rel, "frame": frame, "angle": angle,
                            "pos": k, "cos": cos, "language": o["language"],
                            "yes_words": list(lang["yes"]), "no_words": list(lang["no"]),
                            "image_bytes": pngs[k] if pngs else None})
        # whole curves, spread over the relations; a fraction is of all the run's curves
        return self.limit_docs(docs, ctx, total_groups=o["variations"] * len(o["prefixes"]) *
                               len(cm.RELATIONS) if not ctx.data else None)

    def image(self, doc: dict):
        if doc.get("image_bytes"):
            from engines.images import open_image

            return open_image(doc["image_bytes"], str(doc["id"]))
        return _render(doc["spec"], int(doc["size"])).copy()

    def prompt(self, doc: dict) -> str:
        return doc["prompt"]

    def yes_no_words(self, doc: dict) -> tuple[list[str], list[str]]:
        """The yes / no words P(yes) should sum over for this prompt's language (for an
        adapter that accepts them; mm.adapters uses English yes/no today)."""
        return doc["yes_words"], doc["no_words"]

    def oracle(self, doc: dict) -> float:
        return 1.0 if doc["target"] == "yes" else 0.0

    def process(self, doc: dict, output) -> dict:
        p = float(output)
        return {"id": doc["id"], "prediction": p, "target": doc["target"],
                "correct": bool((p > 0.5) == (doc["target"] == "yes")),
                "variation": doc["variation"], "prefix": doc["prefix"],
                "relation": doc["relation"], "frame": doc["frame"], "angle": doc["angle"],
                "pos": doc["pos"], "cos": doc["cos"], "language": doc["language"]}

    def aggregate(self, records: list[dict]) -> dict:
        m = cm.summarise(records, self.frames)
        m["language"] = records[0].get("language", "en") if records else "en"
        return m

    def plots(self, records: list[dict], metrics: dict, out: Path) -> list[str]:
        path = Path(out) / f"{self.name.replace('-', '_')}_curves.png"
        return [plot_curves(path, records, f"{self.name}: P(yes) against the target's angle")]


@register_task
class ComfortBall(ComfortTask):
    name = "comfort-ball"
    description = "COMFORT-BALL: P(yes) curves around a ball relatum; acc, eps, sigma, eta, c"


@register_task
class ComfortCar(ComfortTask):
    name = "comfort-car"
    description = "COMFORT-CAR: fronted relatum + addressee; camera / relatum / addressee frames"
    scene = "car"
    prefixes = ("none", "camera", "addressee", "relatum")
    frames = ("camera", "relatum", "addressee")
    n_variations = 4
    task_options = {**ComfortTask.task_options, "variations": Option(int, 4, "scene variations")}


# ----------------------------------------------------------------------------- plot


def plot_curves(path: Path, records: list[dict], title: str) -> str:
    """One panel per (prefix, relation): each variation's raw P(yes) against the angle, and the
    reference (1 + cos) / 2 of the asked frame (dashed; one per distinct reference)."""
    from eval.plots import pyplot

    plt = pyplot()
    curves = cm.curves_from_records(records)
    prefixes = sorted({k[1] for k in curves}, key=cm.prefix_order)
    relations = [r for r in cm.RELATIONS if any(k[2] == r for k in curves)]
    fig, axes = plt.subplots(max(1, len(prefixes)), max(1, len(relations)), squeeze=False,
                             figsize=(2.9 * max(1, len(relations)) + 0.4,
                                      2.3 * max(1, len(prefixes)) + 0.8),
                             dpi=100, sharex=True, sharey=True)
    ang = cm.angles()
    variations = sorted({k[0] for k in curves})
    for i, pf in enumerate(prefixes):
        for j, rel in enumerate(relations):
            ax = axes[i][j]
            refs: dict[tuple, str] = {}
            for k in sorted(k for k in curves if k[1] == pf and k[2] == rel):
                c = curves[k]
                col = f"C{variations.index(k[0]) % 10}"
                ax.plot(ang, c["p"], color=col, lw=1.1, marker=".", ms=3, label=f"variation {k[0]}")
                refs.setdefault(tuple(np.round((1 + c["cos"][c["frame"]]) / 2, 6)), col)
            for ref, col in refs.items():
                ax.plot(ang, ref, ls="--", lw=1.0, color="black" if len(refs) == 1 else col)
            frame = PREFIX_FRAME.get(pf, pf)
            ax.set_title(f"{pf} prefix / {rel} (ref: {frame})", fontsize=8)
            ax.set_ylim(-0.05, 1.05)
            ax.set_xticks([0, 90, 180, 270])
            ax.tick_params(labelsize=7)
            if i == len(prefixes) - 1:
                ax.set_xlabel("target angle (deg)", fontsize=8)
            if j == 0:
                ax.set_ylabel("P(yes)", fontsize=8)
    handles, labels = axes[0][0].get_legend_handles_labels()
    from matplotlib.lines import Line2D

    handles.append(Line2D([], [], ls="--", color="black"))
    labels.append("reference (1 + cos) / 2")
    fig.legend(handles, labels, loc="lower center", ncol=min(6, len(labels)), fontsize=7,
               frameon=False)
    fig.suptitle(title, fontsize=10)
    fig.tight_layout(rect=(0, 0.06, 1, 0.97))
    fig.savefig(path)
    plt.close(fig)
    return str(path)
