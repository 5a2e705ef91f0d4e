"""The campaign's change methods for clocks (mixed into :class:`~sim.blades.crew.state.Campaign`).

Every clock a campaign holds (its own in ``campaign.clocks``, the factions' goal clocks, a score's obstacles,
projects and healing) fills, empties and goes away through these methods, each journaled: ``new_clock``,
``clock`` (``id``, ``kind``, ``size``, ``before``, ``ticks``, ``after``, ``full``, ``reason``),
``clock_removed`` and ``goal_order``. A batch that reads none of them only numbers them
(:meth:`sim.journal.Journal.skip`).
"""

from __future__ import annotations

from typing import Any

from sim.clocks import Clock, clock_key


class ClockChanges:
    """Clock change methods; the host provides ``clocks``, ``factions``, ``journal`` and ``emit``."""

    clocks: dict[str, Clock]
    factions: dict[str, Any]
    journal: Any

    def add_clock(self, clock: Clock, reason: str = "") -> Clock:
        self.clocks[clock.id] = clock
        if not self.journal.skip("new_clock"):
            self.emit("new_clock", id=clock.id, kind=clock.kind, size=clock.size, owner=clock.owner, reason=reason,
                      filled=clock.filled)
        return clock

    def tick_clock(self, clock: Clock, ticks: int, reason: str = "") -> int:
        """Tick ``clock``; journal it; return the overflow."""
        before = clock.filled
        overflow = clock.tick(ticks)
        if not self.journal.skip("clock"):  # a batch reads no clock event: seq advances, nothing is built
            self.emit("clock", id=clock_key(clock), kind=clock.kind, size=clock.size, before=before, ticks=ticks,
                      after=clock.filled, full=clock.full, reason=reason)
        return overflow

    def clear_clock(self, clock: Clock, reason: str) -> None:
        """Empty ``clock`` (a filled goal, project or healing clock starts again); journals ``clock``."""
        before = clock.filled
        clock.clear()
        if not self.journal.skip("clock"):
            self.emit("clock", id=clock_key(clock), kind=clock.kind, size=clock.size, before=before, ticks=-before,
                      after=0, full=False, reason=reason)

    def remove_clock(self, clock: Clock, reason: str) -> None:
        """A campaign clock is done with (a negotiated peace); journals ``clock_removed``."""
        del self.clocks[clock.id]
        self.emit("clock_removed", id=clock_key(clock), reason=reason)

    def restart_goal(self, faction_id: str, reason: str, index: int = 0) -> None:
        """BITD.DOWNTIME.NPC.1: a faction's achieved goal clock (its ``index``-th, default the first) empties and
        goes to the back of its goals; journals ``clock`` (the clearing) and ``goal_order``."""
        faction = self.factions[faction_id]
        clock = faction.clocks.pop(index)
        faction.clocks.append(clock)
        self.clear_clock(clock, reason)
        if not self.journal.skip("goal_order"):
            self.emit("goal_order", faction=faction_id, order=[c.id for c in faction.clocks], reason=reason)
