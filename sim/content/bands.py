"""Die bands (``1-3``, ``4-5``, ``6``, ``critical``) and the rule that bands
partition a range with no gap or overlap (a die table, a heat column)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from sim.content.schema import Checker, Schema, _show

DIE_BAND_PATTERN = r"^([1-6](-[1-6])?|critical)$"
_BAND_RE = re.compile(r"^(\d+)(?:-(\d+))?$")


@dataclass(slots=True)
class DieBand(Schema):
    """A die result band: ``1-3``, ``4-5``, ``6`` or ``critical``.

    With ``lo``/``hi`` other than 1/6 it is a plain integer band (heat ``0-3``).
    """

    lo: int = 1
    hi: int = 6
    critical: bool = True
    doc: str = ""

    def pattern(self) -> str:
        if (self.lo, self.hi, self.critical) == (1, 6, True):
            return DIE_BAND_PATTERN
        return r"^\d+(-\d+)?$"

    def check(self, value, path, ck):
        band = parse_band(value, self.critical)
        if band is None:
            extra = " or critical" if self.critical else ""
            ck.error(path, f"must be a number or a range like 1-3{extra}, got {_show(value)}")
            return False
        if band != "critical":
            a, b = band
            if a > b or a < self.lo or b > self.hi:
                ck.error(path, f"range {value} must lie within {self.lo}..{self.hi} (low-high)")
                return False
        return True

    def json(self, ids):
        return self._described({"anyOf": [{"type": "integer", "minimum": self.lo, "maximum": self.hi},
                                          {"type": "string", "pattern": self.pattern()}]})


def parse_band(value: Any, critical: bool = True) -> tuple[int, int] | str | None:
    """``"1-3"`` -> (1, 3); ``6`` -> (6, 6); ``"critical"`` -> "critical"; else None."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return (value, value)
    if isinstance(value, str):
        if critical and value == "critical":
            return "critical"
        m = _BAND_RE.match(value)
        if m:
            a = int(m.group(1))
            return (a, int(m.group(2)) if m.group(2) else a)
    return None


def check_bands(ck: Checker, items: list[tuple[Any, str]], lo: int, hi: int, what: str, where: str) -> None:
    """Bands (``1-3``, ``4-5``, ``6``) must cover ``lo..hi`` exactly once each.

    ``items`` are (band value, path) pairs; ``critical`` bands are ignored.
    Reports overlaps at the later band and gaps at ``where``.
    """
    covered: dict[int, str] = {}
    for value, path in items:
        band = parse_band(value)
        if band is None or band == "critical":
            continue
        a, b = band
        for n in range(max(a, lo), min(b, hi) + 1):
            if n in covered:
                ck.error(path, f"{what} {value} overlaps {covered[n]} at {n}")
                break
        for n in range(a, b + 1):
            covered.setdefault(n, str(value))
    missing = [n for n in range(lo, hi + 1) if n not in covered]
    if missing:
        ck.error(where, f"{what} ranges leave {_ranges(missing)} uncovered (must cover {lo}..{hi})")


def _ranges(numbers: list[int]) -> str:
    parts, start = [], None
    for i, n in enumerate(numbers):
        if start is None:
            start = n
        if i + 1 == len(numbers) or numbers[i + 1] != n + 1:
            parts.append(str(start) if start == n else f"{start}-{n}")
            start = None
    return ", ".join(parts)
