"""Family mixes of the MAVIS builds: which family unit ``u`` of a caption or instruct build draws.

``mavis`` weights the three subjects of MAVIS's data engine as MAVIS-Caption's statistics do
(Zhang et al., "MAVIS: Mathematical Visual Instruction Tuning with an Automatic Data Engine",
ICLR 2025, Table 1: of 588K captions, plane geometry 299K = 50.9%, function 212K = 36.0%,
analytic geometry 77K = 13.1%), and draws no other family: MAVIS-Caption and the engine part
of MAVIS-Instruct hold these three alone. MAVIS-Instruct's table splits its problems by source
(collected, augmented, engine-made) rather than by subject, so instruct builds take the caption
shares too. ``uniform`` is a round robin over every family (or over ``--families``).

Both are schedules, not draws: ``mavis`` repeats a period of 100 units holding 51 plane, 36
function and 13 analytic units, interleaved (smooth weighted round robin), so any 100
consecutive units hold the shares exactly and a unit's family depends on ``u`` alone (shards
agree). With ``--families``, ``mavis`` keeps the weights of the named families (each needs
one).

    mm-data mavis-caption --n 1000 --out data/cap --mix mavis
"""
from __future__ import annotations

from functools import lru_cache

MIXES = ("mavis", "uniform")
# per 100 units (MAVIS-Caption, Table 1 of the paper: 50.9 / 36.0 / 13.1 percent)
MAVIS_WEIGHTS = {"plane_geometry": 51, "function": 36, "analytic_geometry": 13}


def add_mix_argument(p) -> None:
    p.add_argument("--mix", choices=MIXES, default=None,
                   help="mavis: plane geometry, functions and analytic geometry as MAVIS weights "
                        "them (51/36/13; the default); uniform: every family (or --families) "
                        "in turn (the default when --families is given)")


def mix_option(a) -> str:
    """The mix a command line asks for: --mix, else uniform under --families, else mavis."""
    return a.mix or ("uniform" if getattr(a, "families", None) else "mavis")


def check_mix(mix: str, families: list[str]) -> None:
    """Raise ValueError naming --mix for an unknown mix or a family list it cannot weight."""
    if mix not in MIXES:
        raise ValueError(f"--mix: unknown {mix}; valid: {', '.join(MIXES)}")
    if mix == "mavis" and families:
        bad = [f for f in families if f not in MAVIS_WEIGHTS]
        if bad:
            raise ValueError(f"--mix: mavis weights only {', '.join(MAVIS_WEIGHTS)}, not "
                             f"{', '.join(bad)}; use --mix uniform")


@lru_cache(maxsize=None)
def schedule(mix: str, families: tuple[str, ...]) -> tuple[str, ...]:
    """One period of the mix over ``families`` (in the order given)."""
    if mix == "uniform":
        return families
    fams = [f for f in families if f in MAVIS_WEIGHTS]
    w = {f: MAVIS_WEIGHTS[f] for f in fams}
    total = sum(w.values())
    # smooth weighted round robin: each family's turns spread evenly over the period
    credit = {f: 0 for f in fams}
    out = []
    for _ in range(total):
        for f in fams:
            credit[f] += w[f]
        best = max(fams, key=lambda f: credit[f])  # first of the largest, in order
        credit[best] -= total
        out.append(best)
    return tuple(out)


def family_at(mix: str, families: list[str], valid: list[str], u: int) -> str:
    """Family of unit ``u``: ``families`` (or every valid one) under the mix."""
    fams = tuple(families or valid)
    if mix == "mavis" and not families:
        fams = tuple(f for f in valid if f in MAVIS_WEIGHTS)
    period = schedule(mix, fams)
    return period[u % len(period)]
