"""COMFORT (ICLR 2025): spatial yes/no questions under frames of reference, as P(yes) curves.

A target orbits a relatum in 36 positions, 10 degrees apart; each position is asked COMFORT's
open-model prompt "Is the {target} {to the left of | to the right of | in front of | behind}
the {relatum}?", or with a perspective prefix "From the camera's / the woman's / the
{relatum}'s viewpoint, ...". Object names are COMFORT's: "red sphere" / "blue sphere" in the
ball scenes, "basketball" and the relatum's name in the car scenes. The object-hallucination
check asks "Is there any {relatum}?" and "Is there any {absent object}?" at every view. The
model's P(yes) = Y / (Y + N) comes from ``adapter.yes_no_prob``; eval.comfort computes the
metrics by COMFORT's released code.

- comfort-ball: two spheres (COMFORT-BALL), COMFORT's 5 variations (default, color, size,
  cam_position, distractor); prefixes none and camera; frames camera (English, reflected),
  camera_translated, camera_rotated.
- comfort-car: COMFORT's 10 fronted relata (horse, bench, laptop, duck, chair, dog, sofa, bed,
  bicycle, car) each facing left and right (20 variations) and a woman as addressee facing
  right (COMFORT-CAR); prefixes none, camera, addressee, relatum; frames camera, relatum,
  addressee.

Scenes (our own pseudo-3-D renderings, renderers/comfort_scene) and their 36 views come from
the comfort dataset builder (engines/builders/comfort.py), seeded by ``--seed`` and built into
the task's work folder (cached). ``--data DIR`` reads COMFORT's released folders
(comfort_ball, comfort_car_ref_facing_left, comfort_car_ref_facing_right, each
<relation>/<variation>/{0..36}.png + config.json, or one such folder), a folder built by
``mm-data comfort --scene ball|car``, or ``DIR/scenes.jsonl``, one comfort_scene spec per line.
``--limit`` keeps whole 36-point curves, spread over the four relations (the object questions'
curves are a stratum of their own). Options (TaskContext.options): language (en, zh, es,
fr, de, ja; default en), variations (int; default ball 5, car 20), prefixes (comma list),
image_size (default 336), answer_hint (default false; true appends "Answer yes or no." in the
prompt's language, our addition), objects (default true: the object-hallucination questions),
eps_divisor (37 as COMFORT's code, default; 36 as the project page).

    mm-eval run --model builtin:oracle --tasks comfort-ball,comfort-car --output-path runs/cf
"""
from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import ClassVar

import numpy as np

from eval import comfort as cm
from eval.task import IMAGE_SIDES, Option, Task, TaskContext, register_task
from engines.builders.comfort import VARIATIONS, comfort_config, views
from eval.evalsets import built_rows, cached_rows, groups_kept
from renderers.comfort_scene import ComfortScene
from renderers.comfort_scene.spec import (BALL_COLORS, FACINGS, FRONTED, ComfortSceneSpec,
                                          Person, Thing)

PREFIX_FRAME = {"none": "camera", "camera": "camera", "addressee": "addressee",
                "relatum": "relatum"}
_COLORS = dict(zip(BALL_COLORS, range(len(BALL_COLORS))))

# Object names of COMFORT's experiment script: "{colour} sphere" in the ball scenes, the car
# scenes' target "basketball", its relata and the addressee "woman"; and per language the noun
# phrases (subject, after the relation, viewpoint owner).
_EN = {"ball": "the {c} sphere", "cube": "the {c} cube", "basketball": "the basketball",
       "horse": "the horse", "bench": "the bench", "laptop": "the laptop", "duck": "the duck",
       "chair": "the chair", "dog": "the dog", "sofa": "the sofa", "bed": "the bed",
       "bicycle": "the bicycle", "car": "the car", "camera": "the camera",
       "addressee": "the woman"}


def _same3(d: dict) -> dict:
    return {k: (v,) * 3 for k, v in d.items()}


# Per language: question with/without a viewpoint, relation phrases with the relatum slot {o},
# noun phrases, colour words (BALL_COLORS order), fix-ups for contractions, the answer hint
# (off by default: COMFORT's prompts have none) and the yes / no words P(yes) sums over.
LANGS: dict[str, dict] = {
    "en": dict(
        q="Is {t} {rel}?", qp="From {v} viewpoint, is {t} {rel}?",
        rel={"left": "to the left of {o}", "right": "to the right of {o}",
             "front": "in front of {o}", "behind": "behind {o}"},
        noun={**{k: (v, v, v + "'s") for k, v in _EN.items()}},
        colors=("red", "blue", "green", "yellow", "purple", "orange"), fix={},
        hint=" Answer yes or no.", yes=("yes", "Yes", "YES"), no=("no", "No", "NO"),
        there="Is there any {o}?"),
    "zh": dict(
        q="{t}{rel}吗？", qp="从{v}的视角看，{t}{rel}吗？",
        rel={"left": "在{o}的左边", "right": "在{o}的右边", "front": "在{o}的前面",
             "behind": "在{o}的后面"},
        noun=_same3({"ball": "{c}的球体", "cube": "{c}的立方体", "basketball": "篮球",
                     "horse": "马", "bench": "长椅", "laptop": "笔记本电脑", "duck": "鸭子",
                     "chair": "椅子", "dog": "狗", "sofa": "沙发", "bed": "床",
                     "bicycle": "自行车", "car": "汽车", "camera": "相机",
                     "addressee": "那位女士"}),
        colors=("红色", "蓝色", "绿色", "黄色", "紫色", "橙色"), fix={},
        hint="请回答是或否。", yes=("是", "对"), no=("否", "不"), there="有{o}吗？"),
    "ja": dict(
        q="{t}は{rel}ありますか？", qp="{v}の視点から見て、{t}は{rel}ありますか？",
        rel={"left": "{o}の左に", "right": "{o}の右に", "front": "{o}の前に",
             "behind": "{o}の後ろに"},
        noun=_same3({"ball": "{c}球", "cube": "{c}立方体", "basketball": "バスケットボール",
                     "horse": "馬", "bench": "ベンチ", "laptop": "ノートパソコン",
                     "duck": "アヒル", "chair": "椅子", "dog": "犬", "sofa": "ソファ",
                     "bed": "ベッド", "bicycle": "自転車", "car": "車", "camera": "カメラ",
                     "addressee": "その女性"}),
        colors=("赤い", "青い", "緑の", "黄色い", "紫の", "オレンジ色の"), fix={},
        hint="「はい」か「いいえ」で答えてください。", yes=("はい",), no=("いいえ",),
        there="{o}はありますか？"),
    "es": dict(
        q="¿Está {t} {rel}?", qp="Desde el punto de vista de {v}, ¿está {t} {rel}?",
        rel={"left": "a la izquierda de {o}", "right": "a la derecha de {o}",
             "front": "delante de {o}", "behind": "detrás de {o}"},
        noun=_same3({"ball": "la esfera {c}", "cube": "el cubo {c}",
                     "basketball": "el balón de baloncesto", "horse": "el caballo",
                     "bench": "el banco", "laptop": "el portátil", "duck": "el pato",
                     "chair": "la silla", "dog": "el perro", "sofa": "el sofá",
                     "bed": "la cama", "bicycle": "la bicicleta", "car": "el coche",
                     "camera": "la cámara", "addressee": "la mujer"}),
        colors=("roja", "azul", "verde", "amarilla", "morada", "naranja"),
        fix={" de el ": " del "},
        hint=" Responde sí o no.", yes=("sí", "Sí", "SÍ"), no=("no", "No", "NO"),
        there="¿Se ve {o}?"),
    "fr": dict(
        q="Est-ce que {t} est {rel} ?", qp="Du point de vue de {v}, est-ce que {t} est {rel} ?",
        rel={"left": "à gauche de {o}", "right": "à droite de {o}", "front": "devant {o}",
             "behind": "derrière {o}"},
        noun=_same3({"ball": "la sphère {c}", "cube": "le cube {c}",
                     "basketball": "le ballon de basket", "horse": "le cheval",
                     "bench": "le banc", "laptop": "l'ordinateur portable",
                     "duck": "le canard", "chair": "la chaise", "dog": "le chien",
                     "sofa": "le canapé", "bed": "le lit", "bicycle": "le vélo",
                     "car": "la voiture", "camera": "la caméra", "addressee": "la femme"}),
        colors=("rouge", "bleue", "verte", "jaune", "violette", "orange"),
        fix={" de le ": " du "},
        hint=" Répondez par oui ou non.", yes=("oui", "Oui", "OUI"), no=("non", "Non", "NON"),
        there="Voit-on {o} ?"),
    "de": dict(
        q="Ist {t} {rel}?", qp="Aus der Sicht {v}: Ist {t} {rel}?",
        rel={"left": "links von {o}", "right": "rechts von {o}", "front": "vor {o}",
             "behind": "hinter {o}"},
        noun={"ball": ("die {c}e Kugel", "der {c}en Kugel", "der {c}en Kugel"),
              "cube": ("der {c}e Würfel", "dem {c}en Würfel", "des {c}en Würfels"),
              "basketball": ("der Basketball", "dem Basketball", "des Basketballs"),
              "horse": ("das Pferd", "dem Pferd", "des Pferdes"),
              "bench": ("die Bank", "der Bank", "der Bank"),
              "laptop": ("der Laptop", "dem Laptop", "des Laptops"),
              "duck": ("die Ente", "der Ente", "der Ente"),
              "chair": ("der Stuhl", "dem Stuhl", "des Stuhls"),
              "dog": ("der Hund", "dem Hund", "des Hundes"),
              "sofa": ("das Sofa", "dem Sofa", "des Sofas"),
              "bed": ("das Bett", "dem Bett", "des Bettes"),
              "bicycle": ("das Fahrrad", "dem Fahrrad", "des Fahrrads"),
              "car": ("das Auto", "dem Auto", "des Autos"),
              "camera": ("", "", "der Kamera"), "addressee": ("", "", "der Frau")},
        colors=("rot", "blau", "grün", "gelb", "violett", "orangefarben"),
        fix={" von dem ": " vom "},
        hint=" Antworte mit Ja oder Nein.", yes=("ja", "Ja", "JA"), no=("nein", "Nein", "NEIN"),
        there="Ist {o} zu sehen?"),
}


def _np(lang: dict, kind: str, color: str | None, case: int) -> str:
    """Noun phrase of an object: case 0 = subject, 1 = after the relation, 2 = viewpoint."""
    c = lang["colors"][_COLORS[color]] if color in _COLORS else (color or "")
    return lang["noun"][kind][case].format(c=c)


def question(language: str, relation: str, prefix: str, target: Thing, relatum: Thing,
             hint: bool = False) -> str:
    """COMFORT's question in ``language``: "Is the red sphere to the left of the blue
    sphere?", "From the camera's viewpoint, is ...", "From the woman's viewpoint, ...", "From
    the horse's viewpoint, ..." (the official open-model prompts, perspective variant 3); the
    answer hint appended only when ``hint``."""
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


def _bare(lang: dict, kind: str, color: str | None) -> str:
    """The noun phrase without its article, for "Is there any {o}?" in English."""
    text = _np(lang, kind, color, 0)
    return text[4:] if text.startswith("the ") else text


# The object list COMFORT's experiment script draws the absent (negative) object from.
BALL_SHAPES = ("ball", "cube", "cylinder", "cylinder", "table", "box")
BALL_SHAPE_NAMES = {"ball": "sphere", "cube": "cube"}
OBJ_COLORS = ("red", "blue", "green", "yellow")
CAR_OBJECTS = ("horse", "bench", "laptop", "sofa", "basketball", "chair", "dog", "bed", "duck",
               "bicycle", "car", "woman")
DISTRACTOR = ("green", "sphere")  # the distractor the official rule assumes in every ball scene


def absent_object(target: Thing, relatum: Thing) -> str:
    """The negative object of the official hallucination check, in English. Ball scenes: of
    "{colour} {shape}" over COMFORT's shapes (sphere, cube, cylinder, cylinder, table, box)
    and colours (red, blue, green, yellow), the last whose colour and shape both differ from
    the target's, the relatum's and a green sphere's; car scenes: the first of COMFORT's
    object list that is neither the target nor the relatum."""
    if relatum.kind == "ball":
        names = [BALL_SHAPE_NAMES.get(t.kind, t.kind) for t in (target, relatum)]
        colors = {target.color, relatum.color, DISTRACTOR[0]}
        shapes = set(names) | {DISTRACTOR[1]}
        pick = None
        for shape in BALL_SHAPES:
            name = BALL_SHAPE_NAMES.get(shape, shape)
            for c in OBJ_COLORS:
                if c not in colors and name not in shapes:
                    pick = f"{c} {name}"
        return pick
    return next(o for o in CAR_OBJECTS if o not in (target.kind, relatum.kind))


def there_is(language: str, kind: str | None, color: str | None, english: str | None = None,
             hint: bool = False) -> str:
    """"Is there any {object}?" (COMFORT's object-hallucination prompt); ``english`` is an
    English object name used as is (the absent object)."""
    lang = LANGS[language]
    if english is not None and language == "en":
        o = english
    elif english is not None:
        c, _, shape = english.rpartition(" ")
        kind = {"sphere": "ball"}.get(shape, shape)
        if kind not in lang["noun"]:
            return LANGS["en"]["there"].format(o=english) + (lang["hint"] if hint else "")
        o = _np(lang, kind, c or None, 0)
    else:
        o = _bare(lang, kind, color) if language == "en" else _np(lang, kind, color, 0)
    return lang["there"].format(o=o) + (lang["hint"] if hint else "")


# ----------------------------------------------------------------------------- scenes


def load_scenes(data: str, need_fronted: bool) -> list[ComfortSceneSpec]:
    """``DIR/scenes.jsonl``: one comfort_scene spec per line, each one variation."""
    path = Path(data) / "scenes.jsonl"
    if not path.is_file():
        raise ValueError(f"--data: {path} does not exist (expected one comfort_scene spec per "
                         "line, a folder built by mm-data comfort, or COMFORT's released "
                         "folders)")
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
    if not need_fronted and spec.relatum.kind in FRONTED:
        raise ValueError(f"--data: {where}: comfort-ball needs a ball relatum, got "
                         f"{spec.relatum.kind}")


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


# COMFORT's released folders (HF sled-umich/COMFORT zips, or data_generation/generate_dataset.py
# output): <dataset>/<relation>/<variation>/{0..36}.png + config.json, the dataset folders
# comfort_ball, comfort_car_ref_facing_left, comfort_car_ref_facing_right.
RELEASED_RELATIONS = {"totheleft": "left", "totheright": "right", "infrontof": "front",
                      "behind": "behind"}
RELEASED_SHAPES = {"Sphere": "ball", "Horse": "horse", "HorseL": "horse", "HorseR": "horse",
                   "Horse_L": "horse", "Horse_R": "horse", "Bench": "bench", "Laptop": "laptop",
                   "Duck": "duck", "Chair": "chair", "Dog": "dog", "Sofa": "sofa", "Bed": "bed",
                   "bicycle_mountain": "bicycle", "car_sedan": "car", "Basketball": "basketball"}
RELEASED_SETS = {"ball": ("comfort_ball",),
                 "car": ("comfort_car_ref_facing_left", "comfort_car_ref_facing_right")}


def _is_released_set(d: Path) -> bool:
    return d.is_dir() and any((d / r).is_dir() for r in RELEASED_RELATIONS)


def released_sets(data: str, scene: str) -> list[tuple[Path, str | None]] | None:
    """The released dataset folders under DIR (or DIR itself) with the relatum facing each
    implies; None when DIR holds none."""
    root = Path(data)
    found = [(root / n) for n in RELEASED_SETS[scene] if _is_released_set(root / n)]
    if not found and _is_released_set(root):
        found = [root]
    if not found:
        return None
    out = []
    for d in found:
        facing = ("left" if d.name.endswith("facing_left") else
                  "right" if d.name.endswith("facing_right") else None)
        if scene == "car" and facing is None:
            raise ValueError(f"--data: {d}: a COMFORT-CAR folder is named "
                             "comfort_car_ref_facing_left or comfort_car_ref_facing_right")
        out.append((d, facing))
    return out


def _released_config(folder: Path) -> dict:
    path = folder / "config.json"
    try:
        cfg = json.loads(path.read_text())
    except FileNotFoundError:
        raise ValueError(f"--data: {path} does not exist") from None
    except json.JSONDecodeError as e:
        raise ValueError(f"--data: {path}: not JSON ({e.msg})") from None
    for key in ("var_shape", "ref_shape"):
        if cfg.get(key) not in RELEASED_SHAPES:
            raise ValueError(f"--data: {path}: {key}={cfg.get(key)!r} is not one of COMFORT's "
                             f"shapes ({', '.join(sorted(RELEASED_SHAPES))})")
    return cfg


def _released_spec(cfg: dict, facing: str | None) -> ComfortSceneSpec:
    """A scene spec standing for a released variation: the objects and frames its questions
    and ground truth need (the pictures are COMFORT's own)."""
    ref, var = RELEASED_SHAPES[cfg["ref_shape"]], RELEASED_SHAPES[cfg["var_shape"]]
    if facing is None:
        return ComfortSceneSpec(relatum=Thing("ball", str(cfg.get("ref_color", "")), 0.5),
                                target=Thing(var, str(cfg.get("var_color", "")), 0.38),
                                labels=False)
    return ComfortSceneSpec(relatum=Thing(ref, "gray", 1.0, facing=FACINGS[facing]),
                            target=Thing(var, "orange", 0.35), addressee=Person(),
                            labels=False)


def released_variations(data: str, scene: str) -> list[tuple] | None:
    """COMFORT's released folders: per (dataset folder, variation) in sorted order, the scene
    and, per relation, the paths of its 36 views by our angle (image k of a relation's folder
    is the view at its start angle + 10k; the 37th image repeats the first and is not asked)."""
    sets = released_sets(data, scene)
    if sets is None:
        return None
    out = []
    for d, facing in sets:
        rel_dirs = {RELEASED_RELATIONS[r]: d / r for r in RELEASED_RELATIONS}
        missing = [str(p) for p in rel_dirs.values() if not p.is_dir()]
        if missing:
            raise ValueError(f"--data: {missing[0]} does not exist (COMFORT's layout has "
                             f"{', '.join(RELEASED_RELATIONS)})")
        names = sorted(p.name for p in rel_dirs["left"].iterdir() if p.is_dir())
        if not names:
            raise ValueError(f"--data: {rel_dirs['left']} holds no variation folders")
        for name in names:
            paths: dict[str, list[str]] = {}
            base = None
            for rel, rd in rel_dirs.items():
                vd = rd / name
                cfg = _released_config(vd)
                if base is None:
                    base = _released_spec(cfg, facing)
                by_pos = [""] * cm.N_POS
                for k in range(cm.N_POS):
                    png = vd / f"{k}.png"
                    if not png.is_file():
                        raise ValueError(f"--data: {png} does not exist (a COMFORT variation "
                                         f"folder holds 0.png .. 36.png)")
                    by_pos[int(cm.official_order(rel)[k])] = str(png)
                paths[rel] = by_pos
            out.append((base, paths, f"{d.name}/{name}"))
    return out


# ----------------------------------------------------------------------------- tasks


@lru_cache(maxsize=48)
def _render(spec_json: str, size: int):
    """One view serves the 4 relations x prefixes asked about it; docs come curve by curve, so a
    cache longer than a curve (36) renders each view once."""
    return ComfortScene().render(ComfortSceneSpec.from_dict(json.loads(spec_json)), size)


def _flag(name: str, v) -> bool:
    if isinstance(v, bool):
        return v
    t = str(v).strip().lower()
    if t in ("1", "true", "yes", "on"):
        return True
    if t in ("0", "false", "no", "off", ""):
        return False
    raise ValueError(f"option {name}={v!r}; valid: true, false")


def facing_of(spec: ComfortSceneSpec) -> str | None:
    """"left" / "right" for a fronted relatum (COMFORT-CAR's two datasets), else None."""
    if spec.relatum.kind not in FRONTED:
        return None
    return "left" if abs((spec.relatum.facing - FACINGS["left"]) % 360) < 90 else "right"


class ComfortTask(Task):
    output = "yes_no"
    max_new_tokens = 1
    parser = "p_yes"
    scene: ClassVar[str] = "ball"
    prefixes: ClassVar[tuple[str, ...]] = ("none", "camera")
    frames: ClassVar[tuple[str, ...]] = ("camera", "camera_translated", "camera_rotated")
    n_variations: ClassVar[int] = VARIATIONS["ball"]
    task_options = {
        "language": Option(str, "en", f"one of {', '.join(LANGS)}"),
        "variations": Option(int, VARIATIONS["ball"], "scene variations", min=1),
        "prefixes": Option(str, "", "comma list of perspective prefixes (default: all)"),
        "image_size": Option(int, 336, "image side in pixels", min=IMAGE_SIDES[0],
                             max=IMAGE_SIDES[1]),
        "answer_hint": Option(bool, False, "append \"Answer yes or no.\" (ours; COMFORT's "
                              "open-model prompts have none)"),
        "objects": Option(bool, True, "ask the object-hallucination questions (Obj F1)"),
        "eps_divisor": Option(int, 37, "37 as COMFORT's code, 36 as the project page")}

    def group(self, doc):
        return f"{doc['variation']}/{doc['prefix']}/{doc['relation']}/{doc['object']}"

    def stratum(self, doc):
        return doc["relation"] or "object"

    def validate_options(self, options: dict) -> None:
        self.options(TaskContext(options=options))

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
        div = int(o.get("eps_divisor", cm.EPS_DIVISOR))
        if div not in (cm.N_POS, cm.N_OFFICIAL):
            raise ValueError(f"option eps_divisor={div}; valid: 37 (COMFORT's code), 36 (the "
                             "project page)")
        return {"language": lang, "prefixes": pf, "variations": n,
                "image_size": int(o.get("image_size", 336)),
                "answer_hint": _flag("answer_hint", o.get("answer_hint", False)),
                "objects": _flag("objects", o.get("objects", True)), "eps_divisor": div}

    def _curves_per_variation(self, o: dict) -> int:
        return len(o["prefixes"]) * len(cm.RELATIONS) + (2 if o["objects"] else 0)

    def scenes(self, ctx: TaskContext, o: dict) -> list[tuple]:
        """Per variation: the scene, its views (None: render them; a list of 36 PNG bytes; or
        per relation a list of 36 image paths) and its name."""
        fronted = self.scene == "car"
        if ctx.data:
            released = released_variations(ctx.data, self.scene)
            if released is not None:
                return released
            built = built_variations(ctx.data, fronted)
            if built is not None:
                return [(s, pngs, f"v{v}") for v, (s, pngs) in enumerate(built)]
            return [(s, None, f"v{v}") for v, s in enumerate(load_scenes(ctx.data, fronted))]
        n = o["variations"]
        if ctx.limit is not None:  # only the variations whose curves the limit keeps
            per = self._curves_per_variation(o)
            n = min(n, -(-groups_kept(ctx.limit, n * per, cm.N_POS) // per))
        size = o["image_size"]
        rows = cached_rows(comfort_config(self.scene, n, ctx.seed, size), ctx.work,
                           f"{self.scene}-seed{ctx.seed}-{size}px-{n}variations")
        return [(ComfortSceneSpec.from_dict(json.loads(rows[v * cm.N_POS]["spec"])),
                 [r["image"]["bytes"] for r in rows[v * cm.N_POS:(v + 1) * cm.N_POS]], f"v{v}")
                for v in range(n)]

    def docs(self, ctx: TaskContext) -> list[dict]:
        o = self.options(ctx)
        fam = ComfortScene()
        lang = LANGS[o["language"]]
        docs = []
        for v, (base, views_, name) in enumerate(self.scenes(ctx, o)):
            specs = views(base)
            facts = [fam.facts(s) for s in specs]
            jsons = [s.to_json() for s in specs]
            facing = facing_of(base)

            def image_of(k: int, rel: str) -> dict:
                if isinstance(views_, dict):
                    return {"image_path": views_[rel][k]}
                return {"image_bytes": views_[k] if views_ else None}

            common = {"variation": v, "scene_name": name, "facing": facing,
                      "language": o["language"], "size": o["image_size"],
                      "eps_divisor": o["eps_divisor"],
                      "yes_words": list(lang["yes"]), "no_words": list(lang["no"])}
            for prefix in o["prefixes"]:
                frame = PREFIX_FRAME[prefix]
                if frame not in facts[0]["frames"]:
                    raise ValueError(f"{self.name}: scene {name} has no {frame} frame for "
                                     f"prefix {prefix!r}")
                for rel in cm.RELATIONS:
                    text = question(o["language"], rel, prefix, base.target, base.relatum,
                                    o["answer_hint"])
                    for k in range(cm.N_POS):
                        cos = {f: facts[k]["relation_cos"][f][rel] for f in self.frames
                               if f in facts[k]["relation_cos"]}
                        angle = cm.STEP * k
                        docs.append({
                            **common, "id": f"{self.name}/{name}/{prefix}/{rel}/{angle:03d}",
                            "spec": jsons[k], "prompt": text,
                            "target": "yes" if cos[frame] > 0 else "no", "prefix": prefix,
                            "relation": rel, "frame": frame, "angle": angle, "pos": k,
                            "cos": cos, "object": None, **image_of(k, rel)})
            if o["objects"]:
                absent = absent_object(base.target, base.relatum)
                asks = {"positive": there_is(o["language"], base.relatum.kind,
                                             base.relatum.color, hint=o["answer_hint"]),
                        "negative": there_is(o["language"], None, None, absent,
                                             o["answer_hint"])}
                for kind, text in asks.items():
                    for k in range(cm.N_POS):
                        angle = cm.STEP * k
                        docs.append({
                            **common, "id": f"{self.name}/{name}/object/{kind}/{angle:03d}",
                            "spec": jsons[k], "prompt": text,
                            "target": "yes" if kind == "positive" else "no", "prefix": None,
                            "relation": None, "frame": None, "angle": angle, "pos": k,
                            "cos": {}, "object": kind, **image_of(k, "left")})
        # whole curves, spread over the relations; a fraction is of all the run's curves
        return self.limit_docs(docs, ctx, total_groups=o["variations"] *
                               self._curves_per_variation(o) if not ctx.data else None)

    def image(self, doc: dict):
        from engines.images import open_image

        if doc.get("image_path"):
            return open_image(doc["image_path"])
        if doc.get("image_bytes"):
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
                "variation": doc["variation"], "scene_name": doc.get("scene_name"),
                "facing": doc.get("facing"), "object": doc.get("object"),
                "prefix": doc["prefix"], "relation": doc["relation"], "frame": doc["frame"],
                "angle": doc["angle"], "pos": doc["pos"], "cos": doc["cos"],
                "language": doc["language"], "eps_divisor": doc.get("eps_divisor")}

    def aggregate(self, records: list[dict]) -> dict:
        div = int(records[0].get("eps_divisor") or cm.EPS_DIVISOR) if records else \
            cm.EPS_DIVISOR
        m = cm.summarise(records, self.frames, self.scene, div)
        m["language"] = records[0].get("language", "en") if records else "en"
        return m

    def plots(self, records: list[dict], metrics: dict, out: Path) -> list[str]:
        path = Path(out) / f"{self.name.replace('-', '_')}_curves.png"
        return [plot_curves(path, [r for r in records if r.get("relation") is not None],
                            f"{self.name}: P(yes) against the target's angle")]


@register_task
class ComfortBall(ComfortTask):
    name = "comfort-ball"
    description = ("COMFORT-BALL: P(yes) curves around a sphere relatum; acc, eps, sigma, eta, "
                   "c_sym, c_opp, obj F1, preferred convention")


@register_task
class ComfortCar(ComfortTask):
    name = "comfort-car"
    description = ("COMFORT-CAR: 10 fronted relata x 2 facings + addressee; camera / relatum / "
                   "addressee frames, obj F1")
    scene = "car"
    prefixes = ("none", "camera", "addressee", "relatum")
    frames = ("camera", "relatum", "addressee")
    n_variations = VARIATIONS["car"]
    task_options = {**ComfortTask.task_options,
                    "variations": Option(int, VARIATIONS["car"], "scene variations",
                                         min=1)}


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
