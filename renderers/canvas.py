"""The drawing surface every family paints on: an anti-aliased canvas that places labels.

The canvas draws at ``ss`` times the target size and downsamples (supersampling gives
anti-aliased strokes with plain PIL, ~10x faster than a matplotlib figure per image). It keeps
an ink mask and a label mask so that labels are placed where they cover neither another label
nor, when possible, a stroke; ``Layout`` records every label box for tests. ``Viewport`` maps
math coordinates (y up) to pixels; ``PALETTE`` holds the named colours specs refer to.

    python -c "from renderers.canvas import Canvas; c = Canvas(336); c.circle((168, 168), 80); \
c.label((168, 88), 'A'); c.finish().save('/tmp/c.png')"
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
import math
from typing import Any, Iterable, Sequence

from PIL import Image, ImageColor, ImageDraw
import numpy as np

from mm import determinism
from renderers.text import GLYPH_PAD, font_px, glyph_mask, text_extent

GRID_COLOR = (218, 218, 218)  # the axes' grid lines
HALO_PAD = 1.5  # px round a deferred label's text box cleared of the grid (Canvas.text's pad)
HALO_GROW = 2  # px of canvas colour round a deferred label's glyphs where a stroke runs beneath

Point = tuple[float, float]


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
        # ``self(x, y)`` of each point, the same arithmetic written inline (a figure maps a few
        # hundred points; the call per point was most of the cost)
        s, ox, oy = self.scale, self.ox, self.oy
        return [(ox + s * x, oy - s * y) for x, y in pts]

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
DIRS = [(1, -1), (-1, -1), (1, 1), (-1, 1), (0, -1), (1, 0), (0, 1), (-1, 0)]
# between those: above or below a point with the box reaching off to one side of it, and the
# shallow diagonals (further places a point's name may take)
BETWEEN_DIRS = [(0.02, -1), (-0.02, -1), (0.02, 1), (-0.02, 1), (2, -1), (-2, -1), (2, 1),
                (-2, 1)]
# px off every stroke a label's box keeps for its halo box (1.5 px wider) to be painted whole
LABEL_CLEAR = 2.5
# how many times over a ``spare`` label with no free place counts the ink it clears near its
# anchor
NEAR_WEIGHT = 3


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
        determinism.check()  # once per process: warns where numpy's AVX-512 kernels run
        self.width = int(width)
        self.height = int(height or width)
        # 2x supersampling is enough for smooth strokes at >=224 px and keeps drawing cheap.
        self.ss = int(ss or (3 if self.width <= 256 else 2))
        self.background = _rgb(background)
        self._img = Image.new("RGB", (self.width * self.ss, self.height * self.ss),
                              self.background)
        self._d = ImageDraw.Draw(self._img)
        # The extent (supersampled pixels) of what the primitives below drew: ``finish``
        # downsamples only that, the rest being background (the same pixels, about half the
        # cost of the downsampling for a figure with margins). A caller drawing on ``img`` or
        # ``d`` itself sets ``_whole``: the whole picture is then downsampled.
        self._extent: list[float] | None = None
        self._whole = False
        self.ink = Image.new("1", (self.width, self.height), 0)
        self._ink_draw = ImageDraw.Draw(self.ink)
        self.lab = Image.new("1", (self.width, self.height), 0)
        self._lab_draw = ImageDraw.Draw(self.lab)
        # numpy copies of the masks for ``is_free``, each rebuilt after drawing into its mask
        # (a label search tests dozens of boxes between two strokes; a PIL crop per test cost
        # more than the rest of the label); a claimed label box is set in the label one itself
        self._lab_np: np.ndarray | None = None
        self._ink_np: np.ndarray | None = None
        self.layout = Layout(self.width, self.height)
        self.unit = self.width / 336.0  # stroke widths are given for a 336 px image

    @property
    def img(self) -> Image.Image:
        """The supersampled picture, for drawing beyond the primitives below."""
        self._whole = True
        return self._img

    @property
    def d(self) -> ImageDraw.ImageDraw:
        """Pillow's draw on the supersampled picture, for drawing beyond the primitives."""
        self._whole = True
        return self._d

    def _drew(self, x0: float, y0: float, x1: float, y1: float) -> None:
        """Widen the drawn extent by this box (supersampled pixels)."""
        e = self._extent
        if e is None:
            self._extent = [x0, y0, x1, y1]
        else:
            e[0], e[1] = min(e[0], x0), min(e[1], y0)
            e[2], e[3] = max(e[2], x1), max(e[3], y1)

    def _drew_pts(self, pts: Sequence[Point], pad: float) -> None:
        """Widen the drawn extent by points (final pixels) and ``pad`` supersampled pixels."""
        xs, ys = zip(*pts)
        s = self.ss
        self._drew(min(xs) * s - pad, min(ys) * s - pad, max(xs) * s + pad, max(ys) * s + pad)

    @property
    def ink_d(self) -> ImageDraw.ImageDraw:
        """Draw into the ink mask (strokes labels should avoid)."""
        self._ink_np = None
        return self._ink_draw

    @property
    def lab_d(self) -> ImageDraw.ImageDraw:
        """Draw into the label mask (boxes no other label may cover)."""
        self._lab_np = None
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
            # each dash straight to the core's draw_lines, with the ink resolved once: what
            # ImageDraw.line does per call for a joint-less line (a dashed hidden edge is
            # dozens of dashes)
            ink, w, ss = self._d._getink(_rgb(color))[0], self._w(width), self.ss
            draw = self._d.draw.draw_lines
            for (x0, y0), (x1, y1) in _dash_segments(pts, dash[0] * self.unit,
                                                     dash[1] * self.unit):
                draw([(x0 * ss, y0 * ss), (x1 * ss, y1 * ss)], ink, w)
        else:
            self._d.line(self._s(pts), fill=_rgb(color), width=self._w(width), joint="curve")
        # a stroke reaches half its width beyond its points, a curved joint as far
        self._drew_pts(pts, self._w(width) + 2)
        if ink:
            self.ink_d.line(pts, fill=1, width=max(1, int(round(width * self.unit))))

    def polygon(self, pts: Sequence[Point], fill: Any = None, outline: Any = "black",
                width: float = 2.0, ink: bool = True) -> None:
        pts = list(pts)
        if fill is not None:
            self._d.polygon(self._s(pts), fill=_rgb(fill))
            self._drew_pts(pts, 2)
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
        rx, ry = max(rx, 0.0), max(ry, 0.0)  # a shape squeezed below nothing on a tiny canvas
        box = [(c[0] - rx) * s, (c[1] - ry) * s, (c[0] + rx) * s, (c[1] + ry) * s]
        self._d.ellipse(box, fill=_rgb(fill), outline=_rgb(outline),
                        width=self._w(width) if outline is not None else 0)
        self._drew(box[0] - 2, box[1] - 2, box[2] + 2, box[3] + 2)
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
        return text_extent(text, px * self.ss, kind, self.ss)

    def fit_px(self, text: str, px: int, width: float, kind: str = "sans") -> int:
        """The font size, px or smaller (down to 8), at which text fits in width."""
        while self.text_size(text, px, kind)[0] > width and px > 8:
            px -= 1
        return px

    def text(self, xy: Point, text: str, px: int | None = None, color: Any = "black",
             anchor: str = "mm", kind: str = "sans", record: bool = True,
             halo: bool = False) -> Box:
        """Draw text at a fixed place (titles, tick labels). Returns its pixel box."""
        px = px or font_px(self.width)
        mask, bx = self.glyph_place(xy, text, px, anchor, kind)
        box = (bx[0] / self.ss, bx[1] / self.ss, bx[2] / self.ss, bx[3] / self.ss)
        if halo:
            pad = 1.5 * self.ss
            self._d.rectangle([bx[0] - pad, bx[1] - pad, bx[2] + pad, bx[3] + pad], fill="white")
            self._drew(bx[0] - pad - 2, bx[1] - pad - 2, bx[2] + pad + 2, bx[3] + pad + 2)
        self._d.bitmap((bx[0] - GLYPH_PAD, bx[1] - GLYPH_PAD), mask, fill=_rgb(color))
        self._drew(bx[0] - GLYPH_PAD - 2, bx[1] - GLYPH_PAD - 2,
                   bx[0] - GLYPH_PAD + mask.size[0] + 2, bx[1] - GLYPH_PAD + mask.size[1] + 2)
        if record:
            self.claim(box, text)
        return box

    @property
    def background_rgb(self) -> np.ndarray:
        """The canvas colour as three uint8 values (a name or an RGB tuple given)."""
        bg = self.background
        return np.array(ImageColor.getrgb(bg) if isinstance(bg, str) else bg, np.uint8)[:3]

    def glyph_place(self, xy: Point, text: str, px: int, anchor: str, kind: str):
        """The glyph mask of ``text`` and its box in supersampled pixels where ``text`` puts it:
        at whole supersampled pixels, so a string looks the same wherever it is drawn and its
        rendering can be reused (at most 1/(2 ss) of a final pixel away from ``xy``)."""
        xs, ys = int(round(xy[0] * self.ss)), int(round(xy[1] * self.ss))
        mask, rel = glyph_mask(text, px * self.ss, kind, anchor)
        return mask, (xs + rel[0], ys + rel[1], xs + rel[2], ys + rel[3])

    def text_box(self, xy: Point, text: str, px: int, anchor: str = "mm",
                 kind: str = "sans") -> Box:
        """The pixel box ``text`` gives ``text`` drawn at ``xy``, without drawing it."""
        bx = self.glyph_place(xy, text, px, anchor, kind)[1]
        return (bx[0] / self.ss, bx[1] / self.ss, bx[2] / self.ss, bx[3] / self.ss)

    def glyph_pixels(self, xy: Point, text: str, px: int, anchor: str, kind: str,
                     grow: int = 0) -> tuple[int, int, np.ndarray]:
        """The final pixels the glyphs of ``text`` drawn at ``xy`` touch, and every pixel within
        ``grow`` pixels of one (a square reach): ``(x0, y0, mask)``, ``mask[r, c]`` standing
        for the pixel ``(x0 + c, y0 + r)`` (read only). The glyphs' own shape, where
        ``text_box`` gives their bounding box."""
        ss = self.ss
        bx = self.glyph_place(xy, text, px, anchor, kind)[1]
        gx, gy = bx[0] - GLYPH_PAD, bx[1] - GLYPH_PAD  # where ``text`` pastes it
        x0, y0 = gx // ss, gy // ss
        f = _glyph_cover(text, px * ss, kind, anchor, ss, gx - x0 * ss, gy - y0 * ss, grow)
        return x0 - grow, y0 - grow, f

    def snapshot(self, box: Box) -> tuple[np.ndarray, tuple[int, int]]:
        """A copy of the supersampled picture drawn so far over ``box`` (final pixels, widened
        to whole ones; rows, columns, RGB), and where it starts in supersampled pixels:
        ``clear_for_text``'s ``since``."""
        ss = self.ss
        r = (max(0, math.floor(box[0]) * ss), max(0, math.floor(box[1]) * ss),
             min(self._img.width, math.ceil(box[2]) * ss),
             min(self._img.height, math.ceil(box[3]) * ss))
        return np.asarray(self._img.crop(r)), (r[0], r[1])

    def clear_for_text(self, xy: Point, text: str, px: int, anchor: str, kind: str,
                       since: tuple[np.ndarray, tuple[int, int]], pad: float = 1.5,
                       grow: int = 1) -> Box:
        """Paint the canvas colour where ``text`` is to be drawn at ``xy``, within its box
        widened by ``pad`` (the pixels ``rect`` fills): on the glyphs' own final pixels and
        those within ``grow`` pixels of them, and elsewhere only where the picture is still
        as in ``since`` (a ``snapshot`` of the widened box at least: the grid beneath a tick
        label goes, as under a box of the canvas colour). A curve drawn after ``since``
        through the box keeps all of itself but where a glyph's stroke crosses it, and the
        glyphs read as on an empty canvas. Returns the widened box."""
        ss = self.ss
        x0, y0, x1, y1 = self.text_box(xy, text, px, anchor, kind)
        box = (x0 - pad, y0 - pad, x1 + pad, y1 + pad)
        # Pillow fills a polygon's pixels from int(x0) to int(x1) inclusive (truncated)
        r = (max(0, int(box[0] * ss)), max(0, int(box[1] * ss)),
             min(self._img.width, int(box[2] * ss) + 1),
             min(self._img.height, int(box[3] * ss) + 1))
        if r[0] >= r[2] or r[1] >= r[3]:
            return box
        cur = np.asarray(self._img.crop(r))
        (sx, sy), base = since[1], since[0]
        new = cur != base[r[1] - sy:r[3] - sy, r[0] - sx:r[2] - sx]
        paint = ~(new[..., 0] | new[..., 1] | new[..., 2])
        # the glyphs and their halo in final pixels, those meeting the box at supersampled size
        gx, gy, g = self.glyph_pixels(xy, text, px, anchor, kind, grow)
        fx0, fy0 = max(gx, r[0] // ss), max(gy, r[1] // ss)
        fx1 = min(gx + g.shape[1], -(-r[2] // ss))
        fy1 = min(gy + g.shape[0], -(-r[3] // ss))
        if fx0 < fx1 and fy0 < fy1:
            up = g[fy0 - gy:fy1 - gy, fx0 - gx:fx1 - gx].repeat(ss, 0).repeat(ss, 1)
            ux, uy = fx0 * ss - r[0], fy0 * ss - r[1]  # where ``up`` starts in the box
            cx, cy = max(0, -ux), max(0, -uy)
            h, w = min(up.shape[0], paint.shape[0] - uy), min(up.shape[1], paint.shape[1] - ux)
            paint[uy + cy:uy + h, ux + cx:ux + w] |= up[cy:h, cx:w]
        self._img.paste(Image.fromarray(np.where(paint[..., None], self.background_rgb, cur)),
                        r[:2])
        self._drew(r[0] - 1, r[1] - 1, r[2] + 1, r[3] + 1)
        return box

    def claim(self, box: Box, text: str) -> None:
        """Claim ``box`` for the label ``text``: in the label mask (no later label covers it)
        and in the layout."""
        self._lab_draw.rectangle([box[0], box[1], box[2], box[3]], fill=1)
        if self._lab_np is not None:
            # the same pixels in the numpy view: Pillow fills a rectangle from int(x0) to
            # int(x1) inclusive (truncated corners; tests/renderers/test_canvas_masks.py holds
            # it to Pillow's own fill), cheaper than copying them back out of the mask
            x0, y0 = max(0, int(box[0])), max(0, int(box[1]))
            self._lab_np[y0:max(0, int(box[3]) + 1), x0:max(0, int(box[2]) + 1)] = True
        self.layout.labels.append(LabelBox(text, box))

    def box_grid(self, w: float, h: float, step: float) -> tuple[np.ndarray, np.ndarray]:
        """Top-left corners (xs, ys, flat) of every w x h box on a ``step``-pixel grid that
        stays 1.5 px inside the picture: the candidates of a search over the whole canvas."""
        xs, ys = np.meshgrid(np.arange(1.5, self.width - w - 1.5, step),
                             np.arange(1.5, self.height - h - 1.5, step))
        return xs.ravel(), ys.ravel()

    def is_free(self, box: Box, avoid_ink: bool = True, pad: float = 1.0) -> bool:
        x0, y0, x1, y1 = box
        if x0 < 1 or y0 < 1 or x1 > self.width - 1 or y1 > self.height - 1:
            return False
        xa, ya = max(0, int(math.floor(x0 - pad))), max(0, int(math.floor(y0 - pad)))
        xb, yb = int(math.ceil(x1 + pad)), int(math.ceil(y1 + pad))
        if self.label_mask()[ya:yb, xa:xb].any():
            return False
        if not avoid_ink:
            return True
        if self._ink_np is None:
            self._ink_np = np.array(self.ink)
        return not self._ink_np[ya:yb, xa:xb].any()

    def label_mask(self) -> np.ndarray:
        """The label mask as a numpy array (True where a label is), kept for ``is_free``."""
        if self._lab_np is None:
            self._lab_np = np.array(self.lab)
        return self._lab_np

    def label(self, anchor: Point, text: str, px: int | None = None, color: Any = "black",
              prefer: tuple[float, float] | None = None, dist: float | None = None,
              kind: str = "sans", halo: bool = False, spare: bool = False,
              clear: float = 0.0, dots: Sequence[Point] = ()) -> Box:
        """Place a label near ``anchor`` where it covers no other label (and no ink if it can).

        ``prefer`` is a direction (dx, dy) in pixel space (y down) to try first, e.g. the
        outward normal at a vertex. Positions spiral outward until a free one is found. Where
        none is, the label goes to the place covering no other label where its glyphs cross
        the least ink, the strokes beneath cleared only round the glyphs
        (``halo_text``): a box of the canvas colour would cut a gap in a stroke (the
        end of a side at the vertex it names read as stopping short of it). With ``spare`` (a
        named point where strokes end), ink cleared within a font size of the anchor counts
        ``NEAR_WEIGHT`` times over: a gap beside the dot parts a stroke from the point it
        reaches. A label on a curve (a level's value) goes without: its own curve runs through
        the anchor. ``clear`` (px): every place keeps its box that far from the anchor, a dot's
        radius and a margin: a wide name at a diagonal place stood its box within about 2 px
        of the dot it names. ``dots``: the other points' dots where ``text`` names the point at
        ``anchor`` (``_own_place``): the name takes only a place nearer its own dot than any
        of them where there is one. Without them the places are as they always were.
        """
        px = px or font_px(self.width)
        w, h = self.text_size(text, px, kind)
        d0 = dist if dist is not None else 0.45 * px + 2 * self.unit
        # the glyphs' box about the centre (a descender reaches below h), for ``clear``
        ext = self.text_box((0.0, 0.0), text, px, "mm", kind) if clear > 0 else None
        dirs = list(DIRS)
        if prefer is not None and (prefer[0] or prefer[1]):
            n = math.hypot(*prefer)
            p = (prefer[0] / n, prefer[1] / n)
            dirs.sort(key=lambda d: -(d[0] * p[0] + d[1] * p[1]) / math.hypot(*d))
            dirs.insert(0, p)
        if dots:
            placed = self._own_place(anchor, text, px, color, kind, halo, spare, dirs, d0,
                                     (w, h), ext, clear, dots)
            if placed is not None:
                return placed
        spots: list[Box] = []  # boxes covering no label, nearest first
        for ring in range(8):
            r = d0 + ring * 0.5 * px
            for d in dirs:
                box = ring_box(anchor, d, r, (w, h), ext, clear)
                if self.is_free(box, avoid_ink=True):
                    return self._put(box, text, px, color, kind, halo)
                if self.is_free(box, avoid_ink=False):
                    spots.append(box)
            if spots and ring >= 2:
                break
        fallback = self._least_ink(spots, anchor, text, px, kind, spare) if spots else None
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
        return halo_text(self, ((fallback[0] + fallback[2]) / 2, (fallback[1] + fallback[3]) / 2),
                         text, px, color, kind=kind)

    def _own_place(self, anchor: Point, text: str, px: int, color: Any, kind: str, halo: bool,
                   spare: bool, dirs: list, d0: float, wh: tuple[float, float], ext,
                   clear: float, dots: Sequence[Point]) -> Box | None:
        """A point's name at the label's first free place nearer its own dot (``anchor``) than
        any of ``dots`` (``nearer_own``), looking between the eight directions
        (``BETWEEN_DIRS``) where the first three rings hold none, then further out: the rings
        alone could send it two rings out, nearer another point ("V(0, 2)" above the x axis
        beside the dot of B(3, 0), "M(1, -1)" beside the dot of N(-1, 1)); the glyphs' box is
        judged, which a bracket or a descender makes larger than the label's. Where every such
        place meets a stroke, the one whose glyphs cross the least ink, of the first three
        rings where they hold one; where the rings hold none, ``_own_scan``; None where that
        finds none either (the label's own places then)."""
        between = list(BETWEEN_DIRS)
        owned: list[tuple[int, Box]] = []  # (ring, place) nearer the dot covering no label
        for rings, ds in ((range(3), dirs), (range(3), between), (range(3, 8), dirs + between)):
            for ring in rings:
                r = d0 + ring * 0.5 * px
                for d in ds:
                    box = ring_box(anchor, d, r, wh, ext, clear)
                    c = ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)
                    if not self.is_free(box, avoid_ink=False) or not nearer_own(
                            self.text_box(c, text, px, "mm", kind), anchor, dots):
                        continue
                    if self.is_free(box, avoid_ink=True):
                        return self._put(box, text, px, color, kind, halo)
                    owned.append((ring, box))
        if not owned:
            return self._own_scan(anchor, text, px, color, kind, halo, spare, d0, wh, clear,
                                  dots)
        near = [b for ring, b in owned if ring < 3]
        best = self._least_ink(near or [b for _, b in owned], anchor, text, px, kind, spare)
        return halo_text(self, ((best[0] + best[2]) / 2, (best[1] + best[3]) / 2), text, px,
                         color, kind=kind)

    def _own_scan(self, anchor: Point, text: str, px: int, color: Any, kind: str, halo: bool,
                  spare: bool, d0: float, wh: tuple[float, float], clear: float,
                  dots: Sequence[Point]) -> Box | None:
        """Where the rings hold no place nearer the dot than any other covering no label (a
        name as wide as the gap between its dot and the next, the tick labels above and
        below): of the places on a grid over the picture, as far from the dot as a ring's at
        least, those nearest it: one clear of ink, else the one whose glyphs cross the least.
        The glyphs' box keeps a pixel more from every other dot, for the glyphs' placing at
        whole supersampled pixels; None where there is none."""
        w, h = wh
        gx, gy = self.box_grid(w, h, max(2.0, px / 3))
        inside, ink, lab = box_counts(self, gx, gy, w, h)
        cx, cy = gx + w / 2, gy + h / 2
        e = self.text_box((0.0, 0.0), text, px, "mm", kind)

        def gap(p: Point) -> np.ndarray:
            return np.hypot(np.maximum(np.maximum(cx + e[0] - p[0], p[0] - cx - e[2]), 0.0),
                            np.maximum(np.maximum(cy + e[1] - p[1], p[1] - cy - e[3]), 0.0))

        mine = gap(anchor)
        ok = inside & (lab == 0) & (mine >= max(d0, clear))
        for q in dots:
            ok &= mine + 1.0 < gap(q)
        if not ok.any():
            return None
        idx = np.flatnonzero(ok & (mine <= mine[ok].min() + 0.5 * px))
        idx = idx[np.argsort(mine[idx], kind="stable")]
        boxes = [(float(gx[i]), float(gy[i]), float(gx[i]) + w, float(gy[i]) + h) for i in idx]
        free = [b for i, b in zip(idx, boxes) if ink[i] == 0]
        if free:
            return self._put(free[0], text, px, color, kind, halo)
        best = self._least_ink(boxes, anchor, text, px, kind, spare)
        return halo_text(self, ((best[0] + best[2]) / 2, (best[1] + best[3]) / 2), text, px,
                         color, kind=kind)

    def _put(self, box: Box, text: str, px: int, color: Any, kind: str, halo: bool) -> Box:
        """The label in the ink-free ``box``: a halo box 1.5 px wider than the glyphs reaching
        a stroke's rim shaves it, so there the strokes are cleared only round the glyphs."""
        if not halo or self.is_free(box, avoid_ink=True, pad=LABEL_CLEAR):
            return self._draw_label(box, text, px, color, kind, halo)
        return halo_text(self, ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), text, px, color,
                         kind=kind)

    def _least_ink(self, spots: list[Box], anchor: Point, text: str, px: int, kind: str,
                   spare: bool) -> Box:
        """Of ``spots``, the first whose glyphs cross the least ink (a ``spare`` label's ink
        within a font size of ``anchor`` counted ``NEAR_WEIGHT`` times over)."""
        ink = np.asarray(self.ink)
        near = None
        if spare:
            yy, xx = np.ogrid[:ink.shape[0], :ink.shape[1]]
            near = ink & ((xx + 0.5 - anchor[0]) ** 2 + (yy + 0.5 - anchor[1]) ** 2 < px * px)

        def cost(b: Box) -> int:
            c = ((b[0] + b[2]) / 2, (b[1] + b[3]) / 2)
            n = glyph_ink(self, c, text, px, kind=kind, ink=ink)
            if near is not None:
                n += NEAR_WEIGHT * glyph_ink(self, c, text, px, kind=kind, ink=near)
            return n

        return min(enumerate(spots), key=lambda ib: (cost(ib[1]), ib[0]))[1]

    def _draw_label(self, box: Box, text: str, px: int, color: Any, kind: str,
                    halo: bool) -> Box:
        cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
        return self.text((cx, cy), text, px=px, color=color, anchor="mm", kind=kind,
                         halo=halo)

    # --- output ---
    def finish(self) -> Image.Image:
        """The picture at its final size: the supersampled one averaged over ss x ss blocks."""
        s, img = self.ss, self._img
        if s == 1:
            return img
        if self._whole:
            return img.reduce(s)
        out = Image.new("RGB", (self.width, self.height), self.background)
        if self._extent is not None:
            # the drawn extent widened to whole blocks: each block is averaged as in a reduce
            # of the whole picture, and every block outside it is background only
            x0, y0, x1, y1 = self._extent
            b = (max(0, int(x0 // s)), max(0, int(y0 // s)),
                 min(self.width, -int(-x1 // s) + 1), min(self.height, -int(-y1 // s) + 1))
            if b[0] < b[2] and b[1] < b[3]:
                out.paste(img.reduce(s, box=(b[0] * s, b[1] * s, b[2] * s, b[3] * s)), b[:2])
        return out


def leader_reads_minus(end: Point, box: Box) -> bool:
    """Whether a leader from a label's ``box`` to ``end`` would run into the label's left side
    within 20 degrees of level: read with the number, it is a minus sign ("—6" reads -6, a
    pyramid's slant height "—7.47" reads -7.47)."""
    x0, y0, x1, y1 = box
    off = max(y0 - end[1], end[1] - y1, 0.0)
    return end[0] < x0 and off < 0.36 * (x0 - end[0])


def seg_dist(p: Point, a: Point, b: Point) -> float:
    """The distance from the point ``p`` to the segment ab."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    L = dx * dx + dy * dy
    t = 0.0 if L == 0 else max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / L))
    return math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy)


def point_box_gap(p: Point, box: Box) -> float:
    """The distance from the point ``p`` to the box (0 inside it)."""
    return math.hypot(max(box[0] - p[0], 0.0, p[0] - box[2]),
                      max(box[1] - p[1], 0.0, p[1] - box[3]))


def clear_of(anchor: Point, c: Point, u: Point, ext: Box, clear: float) -> Point:
    """The centre ``c`` of a label moved on along ``u`` until its glyphs' box (``ext``, about
    the centre) keeps ``clear`` px from ``anchor``."""
    cx, cy = c
    for _ in range(8):
        dx = max(cx + ext[0] - anchor[0], 0.0, anchor[0] - cx - ext[2])
        dy = max(cy + ext[1] - anchor[1], 0.0, anchor[1] - cy - ext[3])
        gap = math.hypot(dx, dy)
        if gap >= clear - 1e-6:
            break
        cx, cy = cx + u[0] * (clear - gap), cy + u[1] * (clear - gap)
    return cx, cy


def ring_box(anchor: Point, d: Point, r: float, wh: tuple[float, float], ext: Box | None,
             clear: float) -> Box:
    """The w x h box of a label ``r`` px from ``anchor`` in direction ``d`` (its edge, not its
    centre, at that distance), moved on along ``d`` to keep ``clear`` px from the anchor
    where ``ext`` (the glyphs' box about the centre) is given: ``Canvas.label``'s places."""
    w, h = wh
    n = math.hypot(d[0], d[1])
    ux, uy = d[0] / n, d[1] / n
    cx = anchor[0] + ux * (r + w / 2 * abs(ux))
    cy = anchor[1] + uy * (r + h / 2 * abs(uy))
    if ext is not None:
        cx, cy = clear_of(anchor, (cx, cy), (ux, uy), ext, clear)
    return (cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2)


def nearer_own(box: Box, own: Point, dots: Iterable[Point]) -> bool:
    """Whether a point's name in ``box`` stands nearer its own dot ``own`` than any of
    ``dots`` (the other points'): only there is it read as that point's."""
    mine = point_box_gap(own, box)
    return all(point_box_gap(q, box) > mine for q in dots)


@lru_cache(maxsize=4096)
def _glyph_cover(text: str, px_ss: int, kind: str, anchor: str, ss: int, dx: int, dy: int,
                 grow: int) -> np.ndarray:
    """``Canvas.glyph_pixels``'s mask for a glyph mask pasted ``dx, dy`` supersampled pixels
    into a final pixel (cached: tick labels repeat across images)."""
    m = np.asarray(glyph_mask(text, px_ss, kind, anchor)[0]) > 0
    h, w = -(-(dy + m.shape[0]) // ss), -(-(dx + m.shape[1]) // ss)
    a = np.zeros((h * ss, w * ss), bool)
    a[dy:dy + m.shape[0], dx:dx + m.shape[1]] = m
    f = np.pad(a.reshape(h, ss, w, ss).any(axis=(1, 3)), grow)
    for axis in (0, 1):  # a square dilation: along the rows, then along the columns
        g = f.copy()
        for k in range(1, grow + 1):
            lo, hi = [slice(None)] * 2, [slice(None)] * 2
            lo[axis], hi[axis] = slice(k, None), slice(None, -k)
            g[tuple(lo)] |= f[tuple(hi)]
            g[tuple(hi)] |= f[tuple(lo)]
        f = g
    f.flags.writeable = False
    return f


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


PALETTE = {
    "red": (214, 39, 40), "blue": (31, 119, 180), "green": (44, 160, 44),
    "orange": (255, 127, 14), "purple": (148, 103, 189), "brown": (140, 86, 75),
    "pink": (227, 119, 194), "gray": (127, 127, 127), "olive": (188, 189, 34),
    "cyan": (23, 190, 207), "black": (0, 0, 0), "yellow": (230, 200, 20),
}


def mask_counts(m: np.ndarray, a: np.ndarray, b: np.ndarray, c: np.ndarray, d: np.ndarray
                ) -> np.ndarray:
    """Set pixels of the mask ``m`` in each box of rows b:d and columns a:c (index arrays),
    from the mask's summed-area table: many boxes at the cost of one pass over the mask."""
    S = np.zeros((m.shape[0] + 1, m.shape[1] + 1), dtype=np.int32)
    V = S[1:, 1:]
    np.cumsum(m, axis=0, dtype=np.int32, out=V)
    np.cumsum(V, axis=1, out=V)
    return S[d, c] - S[b, c] - S[d, a] + S[b, a]


def box_counts(canvas: Canvas, x0: np.ndarray, y0: np.ndarray, w: float, h: float,
                pad: float = 1.0, split: bool = True, k: int = 1
                ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(inside image, ink pixels, label pixels) under many boxes at once, from summed-area
    tables of the canvas masks (``Canvas.is_free`` per box is ~100x slower). With ``split``
    False the second array counts ink or label pixels and the third is zero. ``k`` > 1 counts
    on masks shrunk k times (a k x k block counts if any pixel is set): cheaper for scans
    over the whole image, and never calls a covered box free."""
    W, H = canvas.width, canvas.height
    if not np.size(x0):  # no candidate box (a label longer than a small canvas is wide)
        z = np.zeros(np.shape(x0), dtype=int)
        return np.zeros(np.shape(x0), dtype=bool), z, z
    x1, y1 = x0 + w, y0 + h
    inside = (x0 >= 1) & (y0 >= 1) & (x1 <= W - 1) & (y1 <= H - 1)
    a = np.clip(np.floor((x0 - pad) / k), 0, None).astype(int)
    b = np.clip(np.floor((y0 - pad) / k), 0, None).astype(int)
    c = np.clip(np.ceil((x1 + pad) / k), 0, -(-W // k)).astype(int)
    d = np.clip(np.ceil((y1 + pad) / k), 0, -(-H // k)).astype(int)
    c, d = np.maximum(c, a), np.maximum(d, b)
    rx0, ry0, rx1, ry1 = int(a.min()), int(b.min()), int(c.max()), int(d.max())
    if rx1 <= rx0 or ry1 <= ry0:
        z = np.zeros(x0.shape, dtype=int)
        return np.zeros(x0.shape, dtype=bool), z, z
    reg = (rx0 * k, ry0 * k, rx1 * k, ry1 * k)  # only the region the candidates cover
    a, b, c, d = a - rx0, b - ry0, c - rx0, d - ry0
    masks = []
    for im in (canvas.ink, canvas.lab):
        im = im.crop(reg)
        if k > 1:
            im = im.convert("L").reduce(k)
        masks.append(np.asarray(im).astype(bool))
    out = [mask_counts(m, a, b, c, d) for m in (masks if split else [masks[0] | masks[1]])]
    if not split:
        out.append(np.zeros_like(out[0]))
    return inside, out[0], out[1]


def halo_text(canvas: Canvas, xy: Point, text: str, px: int, color, anchor: str = "mm",
              kind: str = "sans") -> Box:
    """Draw ``text`` over strokes as the axes paint a tick label a curve runs through: the
    grid lines within its box (``HALO_PAD`` px wider than the text) go, as under a box of the
    canvas colour, but a stroke or a region beneath is cleared only on the glyphs and
    ``HALO_GROW`` px round them (``Canvas.clear_for_text``). A curve or axis keeps all of
    itself but where a glyph crosses it: a whole box cut out of a curve reads as a break or an
    open end of it. Returns the text's box (recorded as a label)."""
    x0, y0, x1, y1 = canvas.text_box(xy, text, px, anchor, kind)
    m = HALO_PAD + 2
    pic, at = canvas.snapshot((x0 - m, y0 - m, x1 + m, y1 + m))
    # the picture "before" the strokes: the grid and the canvas colour as they are, every other
    # pixel changed since (no uint8 value is its own complement)
    keep = ((pic == np.array(GRID_COLOR, np.uint8)).all(-1)
            | (pic == canvas.background_rgb).all(-1))
    canvas.clear_for_text(xy, text, px, anchor, kind, (np.where(keep[..., None], pic, 255 - pic),
                                                       at), HALO_PAD, HALO_GROW)
    return canvas.text(xy, text, px=px, color=color, anchor=anchor, kind=kind)


def glyph_ink(canvas: Canvas, xy: Point, text: str, px: int, anchor: str = "mm",
              kind: str = "sans", ink: np.ndarray | None = None, grow: int = HALO_GROW) -> int:
    """Ink pixels (of ``ink``, default the canvas's ink mask) on the glyphs of ``text`` drawn
    at ``xy`` or within ``grow`` px of them: what ``halo_text`` would clear of strokes."""
    if ink is None:
        ink = np.asarray(canvas.ink)
    gx, gy, g = canvas.glyph_pixels(xy, text, px, anchor, kind, grow)
    H, W = ink.shape
    sx, sy = max(0, -gx), max(0, -gy)
    ex, ey = min(g.shape[1], W - gx), min(g.shape[0], H - gy)
    if sx >= ex or sy >= ey:
        return 0
    return int(np.count_nonzero(ink[gy + sy:gy + ey, gx + sx:gx + ex] & g[sy:ey, sx:ex]))
