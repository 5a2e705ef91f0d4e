"""Dice expressions for anything a person wants to roll: ``1d6+2``, ``3d6kh1``, ``4dF+2``, ``d%``, ``2d``, ``0d``.

What ``roll EXPR`` in a solo session, ``sim roll EXPR`` and ``sim odds roll EXPR`` read. The grammar:

* ``EXPR := TERM (('+' | '-') TERM)*`` — a sum of terms, at most :data:`MAX_TERMS`;
* ``TERM := INT | [N]dM [KEEP] | [N]dF | [N]d%`` — ``N`` dice (default 1) of ``M`` faces (2..1000), Fate dice
  (faces -1, 0, +1: FATE.DICE.1) or percentile dice (1..100); ``KEEP`` is ``khK``/``kK`` (keep the K highest),
  ``klK`` (keep the K lowest), ``dhK`` (drop the K highest) or ``dlK`` (drop the K lowest);
* ``Nd`` alone is a Blades pool of N d6 (BITD.CORE.1): its value is the highest die, and ``0d`` rolls two dice
  and takes the lower (BITD.CORE.2). A pool stands alone (no ``+`` terms); its odds are the four results.

Rolling reads ``rng.randint(1, faces)`` once per die, left to right, so ``NdM`` and ``Nd`` roll exactly as solo
play's ``roll`` always has (a save made before expressions replays the same faces). :func:`distribution` is exact
(:class:`fractions.Fraction`): sums by convolution, keep/drop by a dynamic programme over the faces from the kept
end (how many dice show each face, weighted by binomials), never by listing every roll.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction
from math import comb
from typing import Any

from sim.errors import UsageError

MAX_DICE, MAX_FACES, MAX_TERMS, MAX_CONSTANT, MAX_POOL = 100, 1000, 10, 10_000, 30
#: the number of (dice placed, kept sum) states the keep/drop programme may visit before it refuses
MAX_KEEP_WORK = 5_000_000
_TERM = re.compile(r"(?P<n>\d*)d(?P<faces>\d+|F|%)(?:(?P<keep>kh|kl|k|dh|dl)(?P<k>\d+))?|(?P<const>\d+)")
_POOL = re.compile(r"(?P<n>\d+)d")


@dataclass(frozen=True, slots=True)
class Dice:
    """``n`` dice of ``faces`` (``"F"`` for Fate dice, an int otherwise), keeping ``keep`` of them from one end."""

    n: int
    faces: int | str
    keep: int | None = None     # how many are kept (None: all)
    highest: bool = True        # which end is kept
    sign: int = 1

    def values(self) -> tuple[int, ...]:
        return (-1, 0, 1) if self.faces == "F" else tuple(range(1, int(self.faces) + 1))


@dataclass(frozen=True, slots=True)
class Expr:
    """A parsed expression: its text (normalised), its dice terms and its constant, or a Blades pool."""

    text: str
    dice: tuple[Dice, ...] = ()
    constant: int = 0
    pool: int | None = None      # a Blades pool of this many d6 (the expression is the pool alone)


def _fail(text: str, why: str) -> UsageError:
    return UsageError(f"cannot read the dice {text!r}: {why} (e.g. 1d6+2, 3d6kh1, 4dF+2, d%, 2d for a Blades pool)")


def parse(text: str) -> Expr:
    """The expression ``text`` names (case and spaces ignored); a UsageError saying what is wrong otherwise."""
    raw = str(text)
    s = re.sub(r"\s+", "", raw).lower().replace("df", "dF")
    if not s:
        raise _fail(raw, "nothing to roll")
    pool = _POOL.fullmatch(s)
    if pool:
        n = int(pool["n"])
        if n > MAX_POOL:
            raise _fail(raw, f"a Blades pool has 0..{MAX_POOL} dice")
        return Expr(s, pool=n)
    dice: list[Dice] = []
    constant, pos, sign, terms = 0, 0, 1, 0
    while pos < len(s):
        m = _TERM.match(s, pos)
        if not m:
            raise _fail(raw, f"{s[pos:]!r} is not a die or a number")
        terms += 1
        if terms > MAX_TERMS:
            raise _fail(raw, f"at most {MAX_TERMS} terms")
        if m["const"] is not None:
            value = int(m["const"])
            if value > MAX_CONSTANT:
                raise _fail(raw, f"a number is at most {MAX_CONSTANT}")
            constant += sign * value
        else:
            dice.append(_dice(raw, m, sign))
        pos = m.end()
        if pos < len(s):
            if s[pos] not in "+-" or pos + 1 == len(s):
                raise _fail(raw, f"expected + or - before {s[pos:]!r}")
            sign = 1 if s[pos] == "+" else -1
            pos += 1
    if not dice:
        raise _fail(raw, "no dice")
    return Expr(s, tuple(dice), constant)


def _dice(raw: str, m: re.Match, sign: int) -> Dice:
    n = int(m["n"]) if m["n"] else 1
    if not 1 <= n <= MAX_DICE:
        raise _fail(raw, f"1..{MAX_DICE} dice a term")
    faces: int | str
    if m["faces"] == "F":
        faces = "F"
    elif m["faces"] == "%":
        faces = 100
    else:
        faces = int(m["faces"])
        if not 2 <= faces <= MAX_FACES:
            raise _fail(raw, f"a die has 2..{MAX_FACES} faces")
    if m["keep"] is None:
        return Dice(n, faces, sign=sign)
    k = int(m["k"])
    if m["keep"] in ("kh", "k", "kl"):
        keep, highest = k, m["keep"] != "kl"
    else:  # drop K from one end: keep the rest from the other
        keep, highest = n - k, m["keep"] == "dl"
    if not 1 <= keep <= n:
        raise _fail(raw, f"{m.group(0)!r} keeps {keep} of {n} dice")
    return Dice(n, faces, keep if keep < n else None, highest, sign)


# ---------------------------------------------------------------------------------------------- rolling

def roll(rng: Any, expr: Expr | str) -> dict[str, Any]:
    """Roll ``expr`` with ``rng.randint``: ``{"expr", "faces", "total"}`` plus ``"kept"`` (the kept faces of each
    keep/drop term, in term order) when a term keeps, and ``"result"`` for a Blades pool (BITD.CORE.1-2)."""
    e = parse(expr) if isinstance(expr, str) else expr
    if e.pool is not None:
        from sim.dice import blades_result

        faces = [rng.randint(1, 6) for _ in range(e.pool if e.pool else 2)]
        die, result = blades_result(faces, e.pool)
        return {"expr": e.text, "faces": faces, "total": die, "result": result}
    faces: list[int] = []
    kept: list[list[int]] = []
    total = e.constant
    for d in e.dice:
        these = [rng.randint(1, 3) - 2 if d.faces == "F" else rng.randint(1, int(d.faces)) for _ in range(d.n)]
        faces += these
        chosen = these
        if d.keep is not None:
            chosen = sorted(these, reverse=d.highest)[:d.keep]
            kept.append(chosen)
        total += d.sign * sum(chosen)
    out: dict[str, Any] = {"expr": e.text, "faces": faces, "total": total}
    if kept:
        out["kept"] = kept
    return out


# ---------------------------------------------------------------------------------------------- exact odds

def _convolve(a: dict[int, Fraction], b: dict[int, Fraction]) -> dict[int, Fraction]:
    out: dict[int, Fraction] = {}
    for x, p in a.items():
        for y, q in b.items():
            out[x + y] = out.get(x + y, Fraction(0)) + p * q
    return out


def _sum_of(values: tuple[int, ...], n: int) -> dict[int, Fraction]:
    """The exact distribution of the sum of ``n`` dice with these equally likely faces (repeated squaring)."""
    one = {v: Fraction(1, len(values)) for v in values}
    result: dict[int, Fraction] = {0: Fraction(1)}
    power = one
    while n:
        if n & 1:
            result = _convolve(result, power)
        n >>= 1
        if n:
            power = _convolve(power, power)
    return result


def _kept_sum(d: Dice) -> dict[int, Fraction]:
    """The sum of the ``keep`` highest (or lowest) of ``n`` dice, exactly: walk the faces from the kept end,
    choosing how many of the remaining dice show each face (``comb``), the first ``keep`` of them counted."""
    values = d.values()
    order = sorted(values, reverse=d.highest)
    states: dict[tuple[int, int], int] = {(0, 0): 1}  # (dice placed, kept sum) -> ways
    work = 0
    for v in order:
        nxt: dict[tuple[int, int], int] = {}
        for (placed, kept_sum), ways in states.items():
            for c in range(d.n - placed + 1):
                counted = min(c, max(0, d.keep - placed))
                key = (placed + c, kept_sum + counted * v)
                nxt[key] = nxt.get(key, 0) + ways * comb(d.n - placed, c)
                work += 1
                if work > MAX_KEEP_WORK:
                    raise UsageError(f"{d.n} dice of {d.faces} faces keeping {d.keep}: too many to count exactly")
        states = nxt
    total = len(values) ** d.n
    return {s: Fraction(w, total) for (placed, s), w in sorted(states.items()) if placed == d.n}


def distribution(expr: Expr | str) -> dict[Any, Fraction]:
    """The exact chance of every total (ascending), or of every result of a Blades pool (BITD.CORE.1-2)."""
    e = parse(expr) if isinstance(expr, str) else expr
    if e.pool is not None:
        from sim.odds import blades_odds

        return dict(blades_odds(e.pool))
    dist: dict[int, Fraction] = {e.constant: Fraction(1)}
    for d in e.dice:
        part = _sum_of(d.values(), d.n) if d.keep is None else _kept_sum(d)
        if d.sign < 0:
            part = {-k: p for k, p in part.items()}
        dist = _convolve(dist, part)
    return dict(sorted(dist.items()))


def odds(expr: Expr | str) -> dict[str, Any]:
    """``sim odds roll``'s JSON: ``{"system": "dice", "expr", "outcomes", "exact"}`` and for totals ``mean``,
    ``mean_exact``, ``min``, ``max`` (a Blades pool's outcomes are its four results, ``"pool"`` its dice)."""
    from sim.odds import fraction_text

    e = parse(expr) if isinstance(expr, str) else expr
    dist = distribution(e)
    out: dict[str, Any] = {"system": "dice", "expr": e.text,
                           "outcomes": {str(k): float(p) for k, p in dist.items()},
                           "exact": {str(k): fraction_text(p) for k, p in dist.items()}}
    if e.pool is not None:
        out["pool"] = e.pool
        return out
    mean = sum((k * p for k, p in dist.items()), Fraction(0))
    out.update(mean=float(mean), mean_exact=fraction_text(mean), min=min(dist), max=max(dist))
    return out
