"""Magnitude: how strong an arcane effect is (BITD.MAG), and what it costs to reach (BITD.RITUAL, BITD.CRAFT).

Plain functions of numbers and the content table ``blades/arcana``; the
activities that use them are :mod:`sim.blades.arcana.rituals` and
:mod:`sim.blades.arcana.craft`.

* BITD.MAG.1: an effect is rated 0-6 on each dimension it has; the dimensions
  add up (``sum``) or one key feature is assessed alone (``key``), and the
  result is a fortune-roll pool and the guide to quality and ritual stress.
* BITD.MAG.2: the guide's seven rows (area, scale, duration, range, quality,
  force), in content.
* BITD.MAG.3 / .4: an item's minimum quality is the magnitude of what it does
  (a pistol 2, a grenade's force 3).
* BITD.MAG.5: ritual stress = the magnitudes summed - the casting time's
  duration (an hour or more), less what claims take off, never below 0.
"""

from __future__ import annotations

from typing import Any, Mapping

MAGNITUDE_MAX = 6
DIMENSIONS = ("area", "scale", "duration", "range", "quality", "force")  # BITD.MAG.2
COMBINE = ("sum", "key")
MIN_CASTING = 2  # BITD.RITUAL.3: a casting shortens stress from an hour (duration 2) up [inferred: below, no discount]
#: BITD.RITUAL.3 / Foundry crew data: claims that take stress off every ritual
RITUAL_STRESS_CLAIMS = {"ancient_obelisk": 1}


def magnitude(dimensions: Mapping[str, int], combine: str = "sum") -> int:
    """BITD.MAG.1: the magnitude of an effect rated on ``dimensions`` (each 0-6): their sum, or the key one."""
    for name, value in dimensions.items():
        if name not in DIMENSIONS or not 0 <= int(value) <= MAGNITUDE_MAX:
            raise ValueError(f"magnitude dimension {name}={value!r}: dimensions are {', '.join(DIMENSIONS)}, 0-6")
    if combine not in COMBINE:
        raise ValueError(f"combine must be one of {', '.join(COMBINE)}, got {combine!r}")
    values = [int(v) for v in dimensions.values()]
    if not values:
        return 0
    return sum(values) if combine == "sum" else max(values)


def time_discount(casting: int, rule: str = "duration") -> int:
    """BITD.MAG.5, BITD.RITUAL.3: stress a casting of ``casting`` (its duration row) takes off; an hour or more
    (option ``ritual_time_discount``: ``duration``; ``none`` takes nothing off)."""
    return casting if rule == "duration" and casting >= MIN_CASTING else 0


def ritual_stress(dimensions: Mapping[str, int], casting: int = 0, reductions: Mapping[str, int] | None = None,
                  combine: str = "sum", rule: str = "duration") -> int:
    """BITD.MAG.5: the magnitudes - the time discount - claims' reductions, at least 0.

    >>> ritual_stress({"force": 6, "range": 5})
    11
    >>> ritual_stress({"force": 6, "range": 5}, casting=3)
    8
    """
    cut = sum((reductions or {}).values())
    return max(0, magnitude(dimensions, combine) - time_discount(casting, rule) - cut)


def stress_reductions(claims: Any) -> dict[str, int]:
    """BITD.RITUAL.3: the crew's claims that lower ritual stress, by name (the Cult's Ancient Obelisk: 1)."""
    return {c: RITUAL_STRESS_CLAIMS[c] for c in sorted(set(claims)) if c in RITUAL_STRESS_CLAIMS}


def min_quality(dimensions: Mapping[str, int], combine: str = "sum") -> int:
    """BITD.MAG.3-4, BITD.CRAFT.2: the minimum quality of an item is the magnitude of its effect (at most 6)."""
    return min(MAGNITUDE_MAX, magnitude(dimensions, combine))


def source_clock(power: int) -> int:
    """BITD.RITUAL.1, BITD.CLOCK.2 [inferred]: the project that finds a ritual's source, sized by its magnitude:
    a complex obstacle (4) up to magnitude 2, more complicated (6) up to 4, daunting (8) above."""
    return 4 if power <= 2 else 6 if power <= 4 else 8


def row(table: Mapping[str, Any], level: int) -> Mapping[str, Any]:
    """BITD.MAG.2: the guide's row for ``level`` (content ``blades/arcana`` ``magnitude``)."""
    for entry in table["magnitude"]:
        if entry["level"] == level:
            return entry
    raise KeyError(f"no magnitude row {level}")
