"""Renderer contract: JSON specs, a family registry, and an anti-aliased canvas.

A renderer family is four things (see DESIGN.md): a JSON-serialisable spec dataclass, a sampler
``sample_spec(rng, **knobs)`` that takes an explicit ``numpy.random.Generator``, a pure drawing
function ``draw(spec, canvas)``, and ``facts(spec)``: the ground truth the spec implies (lengths,
angles, coordinates, values), in math units, independent of the image size.

The canvas draws at ``ss`` times the target size and downsamples (supersampling gives
anti-aliased strokes with plain PIL, ~10x faster than a matplotlib figure per image). It keeps
an ink mask and a label mask so that labels are placed where they cover neither another label
nor, when possible, a stroke; ``Layout`` records every label box for tests.

    python -c "import numpy as np, renderers; f = renderers.get_family('function'); \
s = f.sample_spec(np.random.default_rng(0)); f.render(s, 336).save('f.png')"
"""
from __future__ import annotations

import dataclasses
import json
import math
import typing
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, ClassVar, Iterable, Sequence

import numpy as np
from PIL import Image, ImageDraw, ImageFont

Point = tuple[float, float]

# ----------------------------------------------------------------------------- specs


@dataclass
class Spec:
    """Base class of every renderer spec. Subclasses are dataclasses of JSON-able fields.

    Nested dataclasses, lists of dataclasses and Optional fields round-trip through
    ``to_dict`` / ``from_dict``; the family name travels in the dict under "family".
    """

    family: ClassVar[str] = ""

    def to_dict(self) -> dict:
        d = _to_jsonable(self)
        d["family"] = self.family
        return d

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), sort_keys=True, separators=(",", ":"))

    @classmethod
    def from_dict(cls, d: dict) -> "Spec":
        d = {k: v for k, v in d.items() if k != "family"}
        return _from_jsonable(cls, d)

    def replace(self, **changes) -> "Spec":
        return dataclasses.replace(self, **changes)


def _to_jsonable(x: Any) -> Any:
    if dataclasses.is_dataclass(x) and not isinstance(x, type):
        return {f.name: _to_jsonable(getattr(x, f.name)) for f in dataclasses.fields(x)}
    if isinstance(x, (list, tuple)):
        return [_to_jsonable(v) for v in x]
    if isinstance(x, dict):
        return {str(k): _to_jsonable(v) for k, v in x.items()}
    if isinstance(x, (np.floating,)):
        return float(x)
    if isinstance(x, (np.integer,)):
        return int(x)
    if isinstance(x, np.bool_):
        return bool(x)
    return x


def _from_jsonable(tp: Any, v: Any) -> Any:
    """Rebuild a value of annotated type ``tp`` from its JSON form."""
    if v is None:
        return None
    origin = typing.get_origin(tp)
    if dataclasses.is_dataclass(tp):
        hints = typing.get_type_hints(tp)
        kwargs = {}
        names = {f.name for f in dataclasses.fields(tp) if f.init}
        unknown = set(v) - names
        if unknown:
            raise ValueError(f"{tp.__name__}: unknown field(s) {sorted(unknown)}")
        for name in names:
            if name in v:
                kwargs[name] = _from_jsonable(hints[name], v[name])
        return tp(**kwargs)
    if origin in (list, Sequence, typing.Sequence) or tp is list:
        (arg,) = typing.get_args(tp) or (Any,)
        return [_from_jsonable(arg, e) for e in v]
    if origin is tuple:
        args = typing.get_args(tp)
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_from_jsonable(args[0], e) for e in v)
        return tuple(_from_jsonable(a, e) for a, e in zip(args, v))
    if origin is dict:
        _, vt = typing.get_args(tp) or (Any, Any)
        return {k: _from_jsonable(vt, e) for k, e in v.items()}
    if origin in (typing.Union, getattr(__import__("types"), "UnionType", typing.Union)):
        for arg in typing.get_args(tp):
            if arg is type(None):
                continue
            try:
                return _from_jsonable(arg, v)
            except (TypeError, ValueError, KeyError):
                continue
        return v
    if origin is typing.Literal:
        return v
    if tp is float and isinstance(v, int):
        return float(v)
    return v


# ----------------------------------------------------------------------------- registry


class Family:
    """One renderer family. Subclass, set ``name`` and ``spec_cls``, decorate with
    ``@register_family``. ``draw`` must be pure: everything it needs is in the spec."""

    name: ClassVar[str] = ""
    spec_cls: ClassVar[type[Spec]] = Spec
    #: drawn only for evaluation sets (COMFORT scenes): no MAVIS captions are written for it
    eval_only: ClassVar[bool] = False

    def sample_spec(self, rng: np.random.Generator, **knobs) -> Spec:
        raise NotImplementedError

    def facts(self, spec: Spec) -> dict:
        raise NotImplementedError

    def draw(self, spec: Spec, canvas: "Canvas") -> None:
        raise NotImplementedError

    def aspect(self, spec: Spec) -> float:
        """Height / width of the image; square unless a family needs otherwise."""
        return 1.0

    def render_with_layout(self, spec: Spec, size: int = 336, ss: int | None = None
                           ) -> tuple[Image.Image, "Layout"]:
        canvas = Canvas(size, height=int(round(size * self.aspect(spec))), ss=ss)
        self.draw(spec, canvas)
        return canvas.finish(), canvas.layout

    def render(self, spec: Spec, size: int = 336) -> Image.Image:
        return self.render_with_layout(spec, size)[0]


FAMILIES: dict[str, Family] = {}


def register_family(cls: type[Family]) -> type[Family]:
    if not cls.name:
        raise ValueError(f"{cls.__name__} has no name")
    if cls.name in FAMILIES:
        raise ValueError(f"renderer family {cls.name!r} is registered twice")
    cls.spec_cls.family = cls.name
    FAMILIES[cls.name] = cls()
    return cls


def get_family(name: str) -> Family:
    from renderers import load_all  # families register on import

    load_all()
    try:
        return FAMILIES[name]
    except KeyError:
        raise KeyError(f"unknown renderer family {name!r}; valid: {', '.join(sorted(FAMILIES))}") \
            from None


def spec_from_dict(d: dict) -> Spec:
    if "family" not in d:
        raise ValueError("spec has no 'family' field")
    return get_family(d["family"]).spec_cls.from_dict(d)


def spec_from_json(s: str) -> Spec:
    return spec_from_dict(json.loads(s))


# ----------------------------------------------------------------------------- fonts

_ASSET_FONTS = Path(__file__).resolve().parent.parent / "assets" / "fonts"
_FONT_FILES = {"sans": "DejaVuSans.ttf", "bold": "DejaVuSans-Bold.ttf",
               "mono": "DejaVuSansMono.ttf", "serif": "DejaVuSerif.ttf"}


@lru_cache(maxsize=None)
def font_path(kind: str = "sans") -> str:
    """DejaVu fonts shipped in assets/fonts, else the copy inside matplotlib (never system fonts)."""
    fname = _FONT_FILES[kind]
    p = _ASSET_FONTS / fname
    if p.exists():
        return str(p)
    import matplotlib

    return str(Path(matplotlib.get_data_path()) / "fonts" / "ttf" / fname)


@lru_cache(maxsize=512)
def get_font(px: int, kind: str = "sans") -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(font_path(kind), size=max(6, int(px)))


def font_px(size: int, scale: float = 1.0) -> int:
    """Label font size in final-image pixels: legible from 224 to 1024 px."""
    return max(11, int(round(size * 0.042 * scale)))


# ----------------------------------------------------------------------------- geometry helpers


@dataclass
class Viewport:
    """Affine map from math coordinates (y up) to pixel coordinates (y down)."""

    scale: float
    ox: float  # pixel x of math x=0
    oy: float  # pixel y of math y=0

    @classmethod
    def fit(cls, xmin: float, ymin: float, xmax: float, ymax: float, width: float,
            height: float, margin: float = 0.12) -> "Viewport":
        w = max(xmax - xmin, 1e-9)
        h = max(ymax - ymin, 1e-9)
        mx, my = width * margin, height * margin
        s = min((width - 2 * mx) / w, (height - 2 * my) / h)
        cx, cy = (xmin + xmax) / 2, (ymin + ymax) / 2
        return cls(scale=s, ox=width / 2 - s * cx, oy=height / 2 + s * cy)

    @classmethod
    def fit_points(cls, pts: Iterable[Point], width: float, height: float,
                   margin: float = 0.12) -> "Viewport":
        xs, ys = zip(*pts)
        return cls.fit(min(xs), min(ys), max(xs), max(ys), width, height, margin)

    def __call__(self, x: float, y: float) -> Point:
        return (self.ox + self.scale * x, self.oy - self.scale * y)

    def pts(self, pts: Iterable[Point]) -> list[Point]:
        return [self(x, y) for x, y in pts]

    def inv(self, px: float, py: float) -> Point:
        return ((px - self.ox) / self.scale, (self.oy - py) / self.scale)


Box = tuple[float, float, float, float]  # x0, y0, x1, y1 in final pixels


def boxes_overlap(a: Box, b: Box, pad: float = 0.0) -> bool:
    return not (a[2] + pad <= b[0] or b[2] + pad <= a[0] or a[3] + pad <= b[1] or
                b[3] + pad <= a[1])


@dataclass
class LabelBox:
    text: str
    box: Box


@dataclass
class Layout:
    """What the canvas placed: every label's text and pixel box (for overlap tests)."""

    width: int
    height: int
    labels: list[LabelBox] = field(default_factory=list)


# 8 compass directions, tried in this order unless a preferred direction is given
_DIRS = [(1, -1), (-1, -1), (1, 1), (-1, 1), (0, -1), (1, 0), (0, 1), (-1, 0)]


def _rgb(c: Any) -> Any:
    return tuple(c) if isinstance(c, list) else c


class Canvas:
    """A PIL canvas in final-image pixel coordinates, drawn at ``ss``x and downsampled.

    Every stroke is also drawn into a 1-bit ink mask, every label into a label mask; ``label``
    searches positions around an anchor for one that is inside the image, covers no label, and
    covers no ink if such a position exists.
    """

    def __init__(self, width: int, height: int | None = None, ss: int | None = None,
                 background: Any = "white"):
        self.width = int(width)
        self.height = int(height or width)
        # 2x supersampling is enough for smooth strokes at >=224 px and keeps drawing cheap.
        self.ss = int(ss or (3 if self.width <= 256 else 2))
        self.img = Image.new("RGB", (self.width * self.ss, self.height * self.ss), _rgb(background))
        self.d = ImageDraw.Draw(self.img)
        self.ink = Image.new("1", (self.width, self.height), 0)
        self._ink_draw = ImageDraw.Draw(self.ink)
        self.lab = Image.new("1", (self.width, self.height), 0)
        self._lab_draw = ImageDraw.Draw(self.lab)
        # numpy views of the masks for ``is_free``, rebuilt after any drawing into a mask
        # (a label search tests dozens of boxes between two strokes; a PIL crop per test cost
        # more than the rest of the label)
        self._masks: tuple[np.ndarray, np.ndarray] | None = None
        self.layout = Layout(self.width, self.height)
        self.unit = self.width / 336.0  # stroke widths are given for a 336 px image

    @property
    def ink_d(self) -> ImageDraw.ImageDraw:
        """Draw into the ink mask (strokes labels should avoid)."""
        self._masks = None
        return self._ink_draw

    @property
    def lab_d(self) -> ImageDraw.ImageDraw:
        """Draw into the label mask (boxes no other label may cover)."""
        self._masks = None
        return self._lab_draw

    # --- primitives (coordinates in final pixels) ---
    def _s(self, pts: Iterable[Point]) -> list[Point]:
        s = self.ss
        return [(x * s, y * s) for x, y in pts]

    def _w(self, width: float) -> int:
        return max(1, int(round(width * self.unit * self.ss)))

    def line(self, pts: Sequence[Point], color: Any = "black", width: float = 2.0,
             dash: tuple[float, float] | None = None, ink: bool = True) -> None:
        pts = list(pts)
        if len(pts) < 2:
            return
        if dash:
            for a, b in _dash_segments(pts, dash[0] * self.unit, dash[1] * self.unit):
                self.d.line(self._s([a, b]), fill=_rgb(color), width=self._w(width))
        else:
            self.d.line(self._s(pts), fill=_rgb(color), width=self._w(width), joint="curve")
        if ink:
            self.ink_d.line(pts, fill=1, width=max(1, int(round(width * self.unit))))

    def polygon(self, pts: Sequence[Point], fill: Any = None, outline: Any = "black",
                width: float = 2.0, ink: bool = True) -> None:
        pts = list(pts)
        if fill is not None:
            self.d.polygon(self._s(pts), fill=_rgb(fill))
        if outline is not None:
            self.line(pts + [pts[0]], color=outline, width=width, ink=ink)
        elif ink:
            self.ink_d.polygon(pts, outline=1)

    def circle(self, c: Point, r: float, fill: Any = None, outline: Any = "black",
               width: float = 2.0, ink: bool = True) -> None:
        self.ellipse(c, r, r, fill=fill, outline=outline, width=width, ink=ink)

    def ellipse(self, c: Point, rx: float, ry: float, fill: Any = None, outline: Any = "black",
                width: float = 2.0, ink: bool = True) -> None:
        s = self.ss
        box = [(c[0] - rx) * s, (c[1] - ry) * s, (c[0] + rx) * s, (c[1] + ry) * s]
        self.d.ellipse(box, fill=_rgb(fill), outline=_rgb(outline),
                       width=self._w(width) if outline is not None else 0)
        if ink:
            b = [c[0] - rx, c[1] - ry, c[0] + rx, c[1] + ry]
            self.ink_d.ellipse(b, outline=1, width=max(1, int(round(width * self.unit))),
                               fill=1 if fill is not None and ink == "fill" else None)

    def arc(self, c: Point, r: float, start_deg: float, end_deg: float, color: Any = "black",
            width: float = 2.0, dash: tuple[float, float] | None = None, n: int | None = None,
            ry: float | None = None, ink: bool = True) -> None:
        """Arc in math orientation (degrees counter-clockwise from +x, y up on screen)."""
        self.line(arc_points(c, r, start_deg, end_deg, n=n, ry=ry), color=color, width=width,
                  dash=dash, ink=ink)

    def dot(self, c: Point, r: float = 3.5, color: Any = "black") -> None:
        r = r * self.unit
        self.circle(c, r, fill=color, outline=None)
        self.ink_d.ellipse([c[0] - r, c[1] - r, c[0] + r, c[1] + r], fill=1)

    def arrow(self, a: Point, b: Point, color: Any = "black", width: float = 2.0,
              head: float = 9.0) -> None:
        self.line([a, b], color=color, width=width)
        ang = math.atan2(b[1] - a[1], b[0] - a[0])
        h = head * self.unit
        p1 = (b[0] - h * math.cos(ang - 0.4), b[1] - h * math.sin(ang - 0.4))
        p2 = (b[0] - h * math.cos(ang + 0.4), b[1] - h * math.sin(ang + 0.4))
        self.polygon([b, p1, p2], fill=color, outline=color, width=1)

    def rect(self, box: Box, fill: Any = None, outline: Any = "black", width: float = 1.5,
             ink: bool = True) -> None:
        x0, y0, x1, y1 = box
        self.polygon([(x0, y0), (x1, y0), (x1, y1), (x0, y1)], fill=fill, outline=outline,
                     width=width, ink=ink)

    # --- text ---
    def text_size(self, text: str, px: int, kind: str = "sans") -> tuple[float, float]:
        return _text_size(text, px * self.ss, kind, self.ss)

    def text(self, xy: Point, text: str, px: int | None = None, color: Any = "black",
             anchor: str = "mm", kind: str = "sans", record: bool = True,
             halo: bool = False) -> Box:
        """Draw text at a fixed place (titles, tick labels). Returns its pixel box."""
        px = px or font_px(self.width)
        # whole supersampled pixels, so a string looks the same wherever it is drawn and its
        # rendering can be reused (at most 1/(2 ss) of a final pixel away from ``xy``)
        xs, ys = int(round(xy[0] * self.ss)), int(round(xy[1] * self.ss))
        mask, rel = _glyphs(text, px * self.ss, kind, anchor)
        bx = (xs + rel[0], ys + rel[1], xs + rel[2], ys + rel[3])
        box = (bx[0] / self.ss, bx[1] / self.ss, bx[2] / self.ss, bx[3] / self.ss)
        if halo:
            pad = 1.5 * self.ss
            self.d.rectangle([bx[0] - pad, bx[1] - pad, bx[2] + pad, bx[3] + pad], fill="white")
        self.d.bitmap((bx[0] - _GLYPH_PAD, bx[1] - _GLYPH_PAD), mask, fill=_rgb(color))
        if record:
            self._claim(box, text)
        return box

    def _claim(self, box: Box, text: str) -> None:
        self._lab_draw.rectangle([box[0], box[1], box[2], box[3]], fill=1)
        if self._masks is not None:  # copy just the claimed pixels into the numpy view
            x0, y0 = max(0, math.floor(box[0]) - 1), max(0, math.floor(box[1]) - 1)
            x1, y1 = math.ceil(box[2]) + 2, math.ceil(box[3]) + 2
            region = np.asarray(self.lab.crop((x0, y0, x1, y1)))
            view = self._masks[0][y0:y1, x0:x1]
            view[...] = region[:view.shape[0], :view.shape[1]]
        self.layout.labels.append(LabelBox(text, box))

    def is_free(self, box: Box, avoid_ink: bool = True, pad: float = 1.0) -> bool:
        x0, y0, x1, y1 = box
        if x0 < 1 or y0 < 1 or x1 > self.width - 1 or y1 > self.height - 1:
            return False
        if self._masks is None:
            self._masks = (np.array(self.lab), np.array(self.ink))
        xa, ya = max(0, int(math.floor(x0 - pad))), max(0, int(math.floor(y0 - pad)))
        xb, yb = int(math.ceil(x1 + pad)), int(math.ceil(y1 + pad))
        lab, ink = self._masks
        if lab[ya:yb, xa:xb].any():
            return False
        return not (avoid_ink and ink[ya:yb, xa:xb].any())

    def label(self, anchor: Point, text: str, px: int | None = None, color: Any = "black",
              prefer: tuple[float, float] | None = None, dist: float | None = None,
              kind: str = "sans", halo: bool = False) -> Box:
        """Place a label near ``anchor`` where it covers no other label (and no ink if it can).

        ``prefer`` is a direction (dx, dy) in pixel space (y down) to try first, e.g. the
        outward normal at a vertex. Positions spiral outward until a free one is found.
        """
        px = px or font_px(self.width)
        w, h = self.text_size(text, px, kind)
        d0 = dist if dist is not None else 0.45 * px + 2 * self.unit
        dirs = list(_DIRS)
        if prefer is not None and (prefer[0] or prefer[1]):
            n = math.hypot(*prefer)
            p = (prefer[0] / n, prefer[1] / n)
            dirs.sort(key=lambda d: -(d[0] * p[0] + d[1] * p[1]) / math.hypot(*d))
            dirs.insert(0, p)
        fallback = None
        for ring in range(8):
            r = d0 + ring * 0.5 * px
            for dx, dy in dirs:
                n = math.hypot(dx, dy)
                ux, uy = dx / n, dy / n
                # centre offset so the box edge (not the centre) sits at distance r
                cx = anchor[0] + ux * (r + w / 2 * abs(ux))
                cy = anchor[1] + uy * (r + h / 2 * abs(uy))
                box = (cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2)
                if self.is_free(box, avoid_ink=True):
                    return self._draw_label(box, text, px, color, kind, halo)
                if fallback is None and self.is_free(box, avoid_ink=False):
                    fallback = box
            if fallback is not None and ring >= 2:
                break
        if fallback is None:  # scan the whole image for any free slot (dense diagrams)
            step = max(2.0, px / 3)
            best = None
            for yy in np.arange(1.5, self.height - h - 1.5, step):
                for xx in np.arange(1.5, self.width - w - 1.5, step):
                    box = (xx, yy, xx + w, yy + h)
                    if self.is_free(box, avoid_ink=False):
                        dd = (xx + w / 2 - anchor[0]) ** 2 + (yy + h / 2 - anchor[1]) ** 2
                        if best is None or dd < best[0]:
                            best = (dd, box)
                if best is not None and best[0] < (yy - anchor[1]) ** 2:
                    break
            fallback = best[1] if best else (1.0, 1.0, 1.0 + w, 1.0 + h)
        return self._draw_label(fallback, text, px, color, kind, True)

    def _draw_label(self, box: Box, text: str, px: int, color: Any, kind: str,
                    halo: bool) -> Box:
        cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
        return self.text((cx, cy), text, px=px, color=color, anchor="mm", kind=kind,
                         halo=halo)

    # --- output ---
    def finish(self) -> Image.Image:
        if self.ss == 1:
            return self.img
        return self.img.reduce(self.ss)


@lru_cache(maxsize=8192)
def _text_size(text: str, px_ss: int, kind: str, ss: int) -> tuple[float, float]:
    """Width and height in final pixels (cached: labels repeat across images)."""
    x0, y0, x1, y1 = get_font(px_ss, kind).getbbox(text)
    return (x1 - x0) / ss, (y1 - y0) / ss


_GLYPH_PAD = 2  # margin around a string's box in its cached mask (anti-aliased edges)
_SCRATCH = ImageDraw.Draw(Image.new("L", (1, 1)))


@lru_cache(maxsize=4096)
def _glyphs(text: str, px_ss: int, kind: str, anchor: str
            ) -> tuple[Image.Image, tuple[int, int, int, int]]:
    """A string's coverage mask and its box relative to the anchor point, in supersampled
    pixels. Rendering glyphs was a third of a labelled diagram's time, and tick labels, vertex
    letters and values repeat across images; the mask is drawn with Pillow's own text drawing,
    so blitting it (``ImageDraw.bitmap``) gives the pixels drawing the text would."""
    f = get_font(px_ss, kind)
    rel = tuple(int(v) for v in _SCRATCH.textbbox((0, 0), text, font=f, anchor=anchor))
    mask = Image.new("L", (rel[2] - rel[0] + 2 * _GLYPH_PAD, rel[3] - rel[1] + 2 * _GLYPH_PAD), 0)
    ImageDraw.Draw(mask).text((_GLYPH_PAD - rel[0], _GLYPH_PAD - rel[1]), text, font=f,
                              fill=255, anchor=anchor)
    return mask, rel


def clear_text_cache() -> None:
    """Forget cached string renderings (benchmarks of a cold start)."""
    _glyphs.cache_clear()


def _dash_segments(pts: Sequence[Point], on: float, off: float):
    """Split a polyline into dash segments of length ``on`` separated by ``off``."""
    on, off = max(on, 0.5), max(off, 0.5)
    pos, drawing, left = 0.0, True, on
    for (x0, y0), (x1, y1) in zip(pts[:-1], pts[1:]):
        seg = math.hypot(x1 - x0, y1 - y0)
        if seg == 0:
            continue
        t = 0.0
        while t < seg:
            step = min(left, seg - t)
            if drawing:
                a = (x0 + (x1 - x0) * t / seg, y0 + (y1 - y0) * t / seg)
                b = (x0 + (x1 - x0) * (t + step) / seg, y0 + (y1 - y0) * (t + step) / seg)
                yield a, b
            t += step
            left -= step
            if left <= 1e-9:
                drawing = not drawing
                left = on if drawing else off
        pos += seg


def arc_points(c: Point, r: float, start_deg: float, end_deg: float, n: int | None = None,
               ry: float | None = None) -> list[Point]:
    """Points of a circular (or elliptical, radii r, ry) arc in pixel space, angles in math
    orientation (counter-clockwise on screen)."""
    ry = r if ry is None else ry
    span = end_deg - start_deg
    n = n or max(8, int(abs(span) / 4))
    out = []
    for i in range(n + 1):
        a = math.radians(start_deg + span * i / n)
        out.append((c[0] + r * math.cos(a), c[1] - ry * math.sin(a)))
    return out


# ----------------------------------------------------------------------------- misc helpers


def fmt_num(x: float, digits: int = 2) -> str:
    """Numbers as a person writes them: 5, 3.5, 2.83, -0.5 (no trailing zeros, no -0)."""
    if isinstance(x, (int, np.integer)) and not isinstance(x, bool):
        return str(int(x))
    x = float(x)
    if not math.isfinite(x):
        return str(x)
    s = f"{x:.{digits}f}".rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


def rng_choice(rng: np.random.Generator, seq: Sequence[Any]) -> Any:
    """``rng.choice`` for any sequence (numpy's choice turns tuples into arrays)."""
    return seq[int(rng.integers(len(seq)))]


PALETTE = {
    "red": (214, 39, 40), "blue": (31, 119, 180), "green": (44, 160, 44),
    "orange": (255, 127, 14), "purple": (148, 103, 189), "brown": (140, 86, 75),
    "pink": (227, 119, 194), "gray": (127, 127, 127), "olive": (188, 189, 34),
    "cyan": (23, 190, 207), "black": (0, 0, 0), "yellow": (230, 200, 20),
}
