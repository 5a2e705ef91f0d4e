"""Progress clocks of every kind (BITD.CLOCK).

A clock is a circle of ``size`` segments (BITD.CLOCK.1-2); ``filled`` stays
within ``0..size`` (ticks past a full clock are returned as overflow, which
healing clocks roll over, BITD.DOWNTIME.RECOVER.2). Kinds (BITD.CLOCK.4):

* ``danger`` – ticked by complications; full means the danger happens.
* ``racing`` – two clocks named as each other's ``rival``; first full wins.
* ``linked`` – filling it unlocks the clock named in ``unlocks``.
* ``mission`` – a time window; full means the window closed.
* ``tug_of_war`` – ticks up and down.
* ``project`` – a long-term project (8 by default, BITD.DOWNTIME.LTP).
* ``healing`` – a scoundrel's 4-segment healing clock (BITD.DOWNTIME.RECOVER).
* ``faction`` – a faction's long-term goal (BITD.FACTION.10).
* ``obstacle`` – a layer of a score's challenge (BITD.CLOCK.5, FATE.CHALLENGE).

The campaign state is the one owner that mutates clocks; it journals each tick.
"""

from __future__ import annotations

from dataclasses import dataclass

KINDS = ("danger", "racing", "linked", "mission", "tug_of_war", "project", "healing", "faction", "obstacle")
SIZES = (4, 6, 8)  # BITD.CLOCK.2: complex, more complicated, daunting


@dataclass(eq=False)
class Clock:
    """A progress clock. Mutable; owned and journaled by the campaign state."""

    id: str
    size: int
    kind: str = "danger"
    filled: int = 0
    owner: str = ""  # faction id, scoundrel id, or "" for the scene
    unlocks: str = ""  # linked clocks: the clock this one opens when full
    rival: str = ""  # racing clocks: the opposed clock

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"unknown clock kind {self.kind!r}")
        if self.size < 1:
            raise ValueError(f"clock size must be >= 1, got {self.size}")
        self.filled = max(0, min(self.filled, self.size))

    @property
    def full(self) -> bool:
        return self.filled >= self.size

    def tick(self, ticks: int) -> int:
        """Add ``ticks`` (negative only for tug-of-war); return the overflow.

        ``filled`` is clamped to ``0..size``; ticks that don't fit are returned
        so the caller can roll them over (healing) or drop them.
        """
        if ticks < 0 and self.kind != "tug_of_war":
            raise ValueError(f"only tug-of-war clocks tick down, not {self.kind}")
        total = self.filled + ticks
        self.filled = max(0, min(total, self.size))
        return max(0, total - self.size)

    def clear(self) -> None:
        self.filled = 0

    def __copy__(self) -> "Clock":
        """``copy.copy``'s answer (a new clock with the same fields, unchecked: they were checked once) without its
        ``__reduce_ex__`` round trip: a campaign copies every faction's goal clocks when it starts."""
        new = _new_clock(type(self))  # a subclass stays itself, as under copy.copy's own path
        new.__dict__.update(self.__dict__)
        return new

    def snapshot(self) -> dict:
        return {"id": self.id, "kind": self.kind, "size": self.size, "filled": self.filled}


_new_clock = object.__new__


def clock_key(clock: Clock) -> str:
    """The id a clock is journaled under: ``<owner>.<id>`` for an owned clock, the bare id for an obstacle's."""
    return clock.id if not clock.owner or clock.kind == "obstacle" else f"{clock.owner}.{clock.id}"
