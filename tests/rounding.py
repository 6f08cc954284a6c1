"""The tests' own reader of rounded numbers, written apart from the suite's ``half_up``: decimal
arithmetic on the value a reader sees; and ``unrounded``, which switches the suite's rounding
off in an engine's modules so that an answer worked out inside it is the true value."""
import builtins
import sys
from contextlib import contextmanager
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction


def reader(x, places: int) -> Decimal:
    """``x`` rounded half up (away from zero) with decimal arithmetic, as a reader writes it: a
    Fraction's exact value, a float's to 9 decimals (float noise of an exact computation
    dropped first)."""
    d = (Decimal(x.numerator) / Decimal(x.denominator) if isinstance(x, Fraction)
         else Decimal(repr(builtins.round(float(x), 9))))
    return d.quantize(Decimal(1).scaleb(-places), ROUND_HALF_UP)


@contextmanager
def unrounded(prefix: str):
    """Rounding to decimals made the identity in every loaded module whose name starts with
    ``prefix`` (Python's round(x, n), the suite's ``half_up`` and ``r2``; round(x) to a whole
    number stays): an answer worked out inside is the true value before it is rounded."""
    mods = [m for name, m in sys.modules.items() if name.startswith(prefix) and m is not None]
    saved = {m: {k: m.__dict__[k] for k in ("round", "half_up", "r2") if k in m.__dict__}
             for m in mods}
    for m in mods:
        m.round = lambda x, nd=None: builtins.round(x) if nd is None else x
        if "half_up" in m.__dict__:
            m.half_up = lambda x, places=2: x
        if "r2" in m.__dict__:
            m.r2 = float
    try:
        yield
    finally:
        for m in mods:
            del m.round
            for k, v in saved[m].items():
                setattr(m, k, v)
