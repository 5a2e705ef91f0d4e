"""Applying a content **effect** (the closed vocabulary of docs/architecture.md).

Devil's bargains (BITD.BARGAIN.3), complications (BITD.CONSEQ.1) and
entanglement costs all name what happens as a mapping with any of ``heat``,
``coin``, ``rep``, ``stress``, ``harm``, ``tick_clock``, ``status``,
``new_clock``, ``position``, ``effect``, ``lose_opportunity``, ``wanted``.
:func:`apply_effect` applies one mapping through the :class:`Campaign`'s
journaling methods, key by key in the fixed order of :data:`EFFECT_KEYS`.

Inside a score, pass the score's :class:`ScoreTally` as ``scene``: heat then
goes into the score's heat modifiers (paid in downtime, BITD.DOWNTIME.HEAT.2),
score clocks live with the score, and the action-level keys (``position``,
``effect``, ``lose_opportunity``) mark the action being resolved. Outside a
score (downtime, free play) heat is added at once and the action-level keys
have nothing to act on, so they are journaled as ``moot``.
"""

from __future__ import annotations

from typing import Any, Mapping

from sim.blades.crew.state import STATUS_MIN
from sim.blades.tables import CLOCK_KIND, score_tables
from sim.clocks import Clock
from sim.errors import ContentError, Problem

#: The order keys are applied in (YAML key order never decides anything).
EFFECT_KEYS = ("coin", "rep", "heat", "wanted", "status", "new_clock", "tick_clock", "stress", "harm",
               "position", "effect", "lose_opportunity")
EXPOSURES = ("quiet", "standard", "high", "devastating")  # BITD.DOWNTIME.HEAT.1 levels, quietest first


class ScoreTally:
    """The running account of one score that effects and rolls write into.

    Mutable by design and private to a score (docs/dev/style.md principle 7: the score
    is its one owner); the campaign state is still changed only through
    :class:`Campaign` methods. Score-level fields survive the whole score;
    the ``pending_*`` fields mark the action being resolved and are read and
    cleared by the action procedure.
    """

    __slots__ = ("plan", "clocks", "heat", "exposure", "exposures", "killing", "noise", "rolls", "desperate_rolls",
                 "pending_effect", "pending_worse", "pending_lost", "free_assists", "noticed", "bargains",
                 "complications", "cohort_armor", "fighting_on")

    def __init__(self, plan: Any = None, exposure: str = "standard", exposures: tuple[str, ...] = EXPOSURES):
        self.plan = plan
        self.clocks: dict[str, Clock] = {}
        self.heat: dict[str, int] = {}
        self.exposure = exposure
        self.exposures = exposures  # the content's exposure ids, quietest first
        self.killing = False
        self.noise = 0  # heat-bearing events: a quiet score that made noise is not quiet
        self.noticed = 0  # consequences suffered: somebody noticed something
        self.rolls = 0
        self.desperate_rolls = 0
        self.pending_effect = 0
        self.pending_worse = 0
        self.pending_lost = False
        self.free_assists: dict[str, int] = {}  # pc id -> stress-free assists used (abilities)
        self.bargains: list[str] = []  # devil's bargains paid on this score, by id
        self.complications: list[str] = []  # complications drawn on this score, by id
        self.cohort_armor: dict[str, int] = {}  # cohort id -> Leader armor boxes marked this score (BITD.COHORT.10)
        self.fighting_on: set[str] = set()  # cohorts a Leader kept fighting through level 3 harm (BITD.COHORT.10)

    def add_heat(self, reason: str, n: int) -> None:
        self.heat[reason] = self.heat.get(reason, 0) + n
        if n > 0:
            self.noise += 1

    def raise_exposure(self, rank: int) -> None:
        """Make the score at least as exposed as level ``rank`` (0 quiet ... 3 devastating)."""
        rank = min(rank, len(self.exposures) - 1)
        if self.exposures.index(self.exposure) < rank:
            self.exposure = self.exposures[rank]

    @property
    def quiet(self) -> bool:
        return self.exposures.index(self.exposure) == 0

    def clear_pending(self) -> None:
        self.pending_effect = 0
        self.pending_worse = 0
        self.pending_lost = False


def apply_effect(campaign: Any, effect: Mapping[str, Any], *, pc: Any = None, target_faction: str | None = None,
                 scene: ScoreTally | None = None, reason: str = "effect") -> dict[str, Any]:
    """Apply ``effect`` and return what was applied (key -> amount or detail).

    * ``coin`` gains go to the crew; losses are paid from crew coin, as far as
      it goes (the shortfall is reported as ``coin_short``).
    * ``heat`` within a score becomes a heat modifier named ``reason`` (the
      score result carries it to downtime); outside, it is added (or removed) now.
    * ``stress`` / ``harm`` need ``pc`` (the acting scoundrel); harm here is
      already past resistance (BITD.RESIST is resolved before applying).
    * ``status`` ``faction: target`` means ``target_faction``.
    * ``tick_clock`` ticks the score's clock (created from ``blades/clocks``
      score clocks or the ``new_clock`` that defines it on first use) or a
      campaign clock of that id.
    """
    done: dict[str, Any] = {}
    for key in effect:
        if key not in EFFECT_KEYS:
            raise ContentError([Problem("content", 0, key, f"unknown effect key {key!r} ({reason})")])
    for key in EFFECT_KEYS:
        if key not in effect:
            continue
        value = effect[key]
        if key == "coin":
            _coin(campaign, int(value), reason, done)
        elif key == "rep":
            done["rep"] = campaign.add_rep(int(value), reason)
        elif key == "heat":
            n = int(value)
            if scene is not None:
                scene.add_heat(reason, n)
            elif n >= 0:
                campaign.add_heat(0, {reason: n})
            else:
                campaign.remove_heat(-n, reason)
            done["heat"] = n
        elif key == "wanted":
            done["wanted"] = change_wanted(campaign, int(value), reason)
        elif key == "status":
            faction = value["faction"]
            if faction == "target":
                faction = target_faction
            if faction is None:
                raise ValueError(f"{reason}: a status effect on the target needs target_faction")
            if faction in campaign.factions:
                done["status"] = (faction, campaign.change_status(faction, int(value["delta"]), reason))
            else:  # a faction the scenario leaves out of its city
                campaign.emit("moot", key="status", faction=faction, reason=reason)
        elif key == "new_clock":
            clock = Clock(value["id"], int(value["size"]), CLOCK_KIND.get(value["kind"], value["kind"]))
            if scene is not None:
                scene.clocks[clock.id] = clock
                campaign.emit("new_clock", id=clock.id, kind=clock.kind, size=clock.size, owner="score", reason=reason)
            else:
                campaign.add_clock(clock, reason)
            done["new_clock"] = clock.id
        elif key == "tick_clock":
            clock = find_clock(campaign, value["clock"], scene, reason)
            campaign.tick_clock(clock, int(value["ticks"]), reason)
            done["tick_clock"] = (clock.id, int(value["ticks"]), clock.full)
        elif key == "stress":
            done["stress"] = campaign.add_stress(_need_pc(pc, key, reason), int(value), reason)
        elif key == "harm":
            done["harm"] = campaign.take_harm(_need_pc(pc, key, reason), int(value), reason)
        elif key in ("position", "effect", "lose_opportunity"):
            if scene is None:
                campaign.emit("moot", key=key, reason=reason)
                continue
            if key == "position":
                scene.pending_worse += 1
            elif key == "effect":
                scene.pending_effect += int(value)
            else:
                scene.pending_lost = True
            done[key] = value
    return done


def _need_pc(pc: Any, key: str, reason: str) -> Any:
    if pc is None:
        raise ValueError(f"{reason}: a {key} effect needs the scoundrel it falls on")
    return pc


def _coin(campaign: Any, n: int, reason: str, done: dict[str, Any]) -> None:
    if n >= 0:
        campaign.add_coin(n, reason)
        done["coin"] = n
        return
    paid = min(-n, campaign.crew.coin)
    if paid:
        campaign.add_coin(-paid, reason)
    done["coin"] = -paid
    if paid < -n:
        done["coin_short"] = -n - paid


def change_wanted(campaign: Any, delta: int, reason: str) -> int:
    """Wanted level within 0..4 (BITD.DOWNTIME.HEAT.4); journals ``wanted``; returns the change made."""
    if delta < 0:
        return -campaign.reduce_wanted(-delta, reason)
    return campaign.raise_wanted(delta, reason)


def find_clock(campaign: Any, clock_id: str, scene: ScoreTally | None, reason: str) -> Clock:
    """The clock an effect ticks: the score's, the campaign's, else a new one from its content definition."""
    if scene is not None and clock_id in scene.clocks:
        return scene.clocks[clock_id]
    if clock_id in campaign.clocks:
        return campaign.clocks[clock_id]
    spec = score_tables(campaign.content).clocks.get(clock_id)
    if spec is None:
        raise ContentError([Problem("content/blades/clocks.yaml", 0, clock_id, f"{reason} ticks unknown clock {clock_id!r}")])
    clock = Clock(clock_id, spec[0], spec[1])
    if scene is not None:
        scene.clocks[clock_id] = clock
        campaign.emit("new_clock", id=clock.id, kind=clock.kind, size=clock.size, owner="score", reason=reason)
    else:
        campaign.add_clock(clock, reason)
    return clock


def starts_war(campaign: Any, effect: Mapping[str, Any], target_faction: str | None) -> bool:
    """Whether an effect's status price (``status: {faction, delta}``, ``target`` meaning the score's target) would
    bring a faction now above -3 to -3: war (BITD.FACTION.7)."""
    price = effect.get("status")
    if not price:
        return False
    faction = target_faction if price["faction"] == "target" else price["faction"]
    if faction not in campaign.factions:
        return False
    status = campaign.factions[faction].status
    return status > STATUS_MIN and status + int(price["delta"]) <= STATUS_MIN
