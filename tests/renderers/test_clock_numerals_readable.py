"""Clock hands never cross a numeral: over many sampled clocks at 224 and 336 px, the pixels
round every numeral's glyphs are those of the same picture drawn without its hands (the minute
hand passes beneath the numerals), and the hands still show exactly the time the spec gives:
the hour hand at 30° an hour plus half a degree a minute, the minute hand at 6° a minute and
reaching into the minute ticks, longer than the hour hand."""
import math

import numpy as np

import renderers
from renderers.arithmetic.spec import hand_angles
from renderers.canvas import Canvas

FAM = renderers.get_family("arithmetic")
HANDS = {(20, 20, 20): "hour", (45, 45, 70): "minute"}
NUMERALS = {"12", *map(str, range(1, 12)), "XII", "I", "II", "III", "IV", "V", "VI", "VII",
            "VIII", "IX", "X", "XI"}


def _render(spec, size, hands: bool):
    """The picture, the boxes of its numerals' glyphs and the hands' strokes drawn."""
    real_line, real_text = Canvas.line, Canvas.text
    boxes, strokes = [], []

    def line(self, pts, color="black", *args, **kw):
        if tuple(color) in HANDS if isinstance(color, tuple) else False:
            strokes.append((HANDS[tuple(color)], list(pts)))
            if not hands:
                return None
        return real_line(self, pts, color, *args, **kw)

    def text(self, xy, s, *args, **kw):
        box = real_text(self, xy, s, *args, **kw)
        if s in NUMERALS:
            boxes.append(box)
        return box

    Canvas.line, Canvas.text = line, text
    try:
        img = FAM.render(spec, size)
    finally:
        Canvas.line, Canvas.text = real_line, real_text
    return np.asarray(img).astype(int), boxes, strokes


def _specs(n: int):
    for i in range(n):
        spec = FAM.sample_spec(np.random.default_rng(4000 + i), kind="clock")
        yield spec, (224, 336)[i % 2]


def test_no_hand_crosses_a_numeral():
    crossed, numerals = [], 0
    for spec, size in _specs(120):
        img, boxes, _ = _render(spec, size, hands=True)
        bare, _, _ = _render(spec, size, hands=False)
        for x0, y0, x1, y1 in boxes:
            xa, ya = max(0, int(x0) - 2), max(0, int(y0) - 2)
            xb, yb = int(math.ceil(x1)) + 2, int(math.ceil(y1)) + 2
            diff = np.abs(img[ya:yb, xa:xb] - bare[ya:yb, xa:xb]).sum(axis=-1) > 24
            numerals += 1
            if diff.any():
                crossed.append((spec.clocks, size, (x0, y0)))
    assert numerals > 600
    assert not crossed, f"{len(crossed)} numerals crossed by a hand, e.g. {crossed[:3]}"


def test_hands_show_the_time_of_the_spec():
    for spec, size in _specs(120):
        _, _, strokes = _render(spec, size, hands=True)
        assert len(strokes) == 2 * len(spec.clocks), spec
        for face, (hour, minute) in zip(spec.clocks, zip(strokes[::2], strokes[1::2])):
            assert (hour[0], minute[0]) == ("hour", "minute")
            want = hand_angles(face.hour, face.minute)
            lengths = []
            for (_, (tail, tip)), ang in zip((hour, minute), want):
                got = math.degrees(math.atan2(tip[0] - tail[0], tail[1] - tip[1])) % 360
                assert abs((got - ang + 180) % 360 - 180) < 1e-6, (face, got, ang)
                lengths.append(math.dist(tail, tip))
            assert lengths[0] < 0.75 * lengths[1], (face, lengths)


def test_minute_hand_reaches_the_minute_ticks():
    from renderers.arithmetic.draw import clock
    assert clock.MINUTE_LEN >= 0.82  # the minor ticks run from 0.87 R, the major from 0.8 R
