"""Campaign methods that change the crew's sheet: crew xp, upgrades, special abilities, claims, cohorts.

A mixin of :class:`~sim.blades.crew.state.Campaign` (so ``state.py`` keeps one
idea); each method changes the crew and journals one event (docs/dev/style.md
principle 7). The crew's stats that the score and downtime move often (coin,
rep, heat, wanted, Tier, hold, turf) stay with the other stat methods in
``state.py``.
"""

from __future__ import annotations

from typing import Any, Mapping

from sim.errors import IllegalMove


def harm_after(before: int, level: int) -> int:
    """BITD.COHORT.8: harm of ``level`` marks that level, or the next one up when the cohort's is already as high
    (4, dead, at most)."""
    return min(4, level if level > before else before + 1)


class CrewChanges:
    """Campaign methods that change the crew's sheet; each journals one event."""

    crew: Any
    ledger: Any
    emit: Any

    def mark_crew_xp(self, marked: int, triggers: Mapping[str, int], track: int) -> int:
        """BITD.CREW.XP.1-2: mark crew xp on a track of ``track``; a full track clears, overflow carries.
        Journals ``crew_xp``; returns the advances earned (each one :meth:`crew_xp_advance`)."""
        crew = self.crew
        before = crew.xp
        total = before + marked
        advances = total // track if total >= track else 0
        crew.xp = total - advances * track
        self.emit("crew_xp", before=before, marked=marked, triggers=dict(sorted(triggers.items())),
                  after=min(total, track), track=track)
        return advances

    def crew_xp_advance(self, choice: str = "upgrades", ability: str = "") -> None:
        """BITD.CREW.XP.3: a full crew xp track gives two upgrade boxes (``choice`` ``upgrades``) or a new crew
        special ability (``ability``: the caller adds it with :meth:`add_crew_ability`); journals
        ``crew_xp_advance`` (``choice``, and ``ability`` for an ability)."""
        if choice == "upgrades":
            self.ledger.upgrade_boxes += 2
            self.emit("crew_xp_advance", boxes=self.ledger.upgrade_boxes, choice=choice)
        elif choice == "ability" and ability:
            self.emit("crew_xp_advance", boxes=self.ledger.upgrade_boxes, choice=choice, ability=ability)
        else:
            raise IllegalMove(f"a crew advance is two upgrade boxes or a crew special ability, not {choice!r}")

    def add_upgrade(self, name: str, boxes: int, spend: bool = True) -> int:
        """BITD.CREW.CREATE.8: one more level of upgrade ``name`` costing ``boxes`` (paid from the saved upgrade
        boxes unless ``spend`` is False: the crew type's free starting upgrades). Journals ``upgrade``; returns
        the new level."""
        ledger = self.ledger
        spent = boxes if spend else 0
        if spent > ledger.upgrade_boxes:
            raise IllegalMove(f"{name} costs {spent} upgrade boxes, the crew has {ledger.upgrade_boxes}")
        ledger.upgrade_boxes -= spent
        level = self.crew.upgrades.get(name, 0) + 1
        self.crew.upgrades[name] = level
        self.emit("upgrade", upgrade=name, level=level, boxes=boxes, spent=spent, boxes_left=ledger.upgrade_boxes)
        return level

    def add_crew_ability(self, ability: str, reason: str) -> None:
        """A crew special ability (BITD.CREW.CREATE.5: the crew type's first); journals ``crew_ability``."""
        self.crew.abilities.append(ability)
        self.emit("crew_ability", ability=ability, reason=reason)

    def add_claim(self, claim: str, reason: str, **fields: Any) -> None:
        """BITD.CREW.CLAIM: the crew gains ``claim``; journals ``claim`` (``gained``, ``change`` gained)."""
        self.crew.claims.append(claim)
        self.emit("claim", claim=claim, gained=True, change="gained", reason=reason, **fields)

    def lose_claim(self, claim: str, reason: str, faction: str = "") -> None:
        """The crew loses ``claim`` (one copy of it); journals ``claim`` (``gained`` False, ``change`` lost)."""
        if claim not in self.crew.claims:
            raise IllegalMove(f"the crew holds no claim {claim!r}")
        self.crew.claims.remove(claim)
        self.emit("claim", claim=claim, gained=False, change="lost", reason=reason, faction=faction)

    def add_cohort(self, cohort: Any) -> None:
        """BITD.COHORT.1: a new gang or expert joins the crew; journals ``cohort``."""
        self.crew.cohorts.append(cohort)
        self.emit("cohort", cohort=cohort.id, kind=cohort.kind, type=cohort.type, quality=cohort.quality,
                  scale=cohort.scale, harm=cohort.harm, change="gained", edges=list(cohort.edges),
                  flaws=list(cohort.flaws), types=cohort.types)

    def replace_cohort(self, cohort: Any, new: Any, coin: int) -> None:
        """BITD.COHORT.9: a destroyed cohort is replaced by ``new`` (same id, a fresh gang or expert) for ``coin``
        (Tier + 2) and two downtime activities; journals ``cohort`` (``change`` replaced, ``coin``)."""
        if cohort.harm < 4:
            raise IllegalMove(f"cohort {cohort.id} is not destroyed (harm {cohort.harm})")
        self.add_coin(-coin, "replace cohort")  # type: ignore[attr-defined]
        self.crew.cohorts[self.crew.cohorts.index(cohort)] = new
        self.emit("cohort", cohort=new.id, kind=new.kind, type=new.type, quality=new.quality, scale=new.scale,
                  harm=new.harm, change="replaced", edges=list(new.edges), flaws=list(new.flaws), types=new.types,
                  coin=coin)

    def add_cohort_type(self, cohort: Any, gang_type: str) -> None:
        """BITD.COHORT.6: a gang gains a second type (two at most); journals ``cohort`` (``change`` type)."""
        if cohort.kind != "gang" or len(cohort.types) >= 2 or gang_type in cohort.types:
            raise IllegalMove(f"cohort {cohort.id} cannot add the type {gang_type!r} to {cohort.types}")
        cohort.extra_types.append(gang_type)
        self.emit("cohort", cohort=cohort.id, kind=cohort.kind, type=cohort.type, quality=cohort.quality,
                  scale=cohort.scale, harm=cohort.harm, change="type", edges=list(cohort.edges),
                  flaws=list(cohort.flaws), types=cohort.types)

    def harm_cohort(self, cohort: Any, level: int, reason: str, severity: str = "") -> None:
        """BITD.COHORT.8: harm of ``level`` (1-4) marks that level, or the next above the cohort's when that is
        already as high (:func:`harm_after`); journals ``cohort_harm`` (``level``)."""
        before = cohort.harm
        cohort.harm = harm_after(before, level)
        self.emit("cohort_harm", cohort=cohort.id, before=before, after=cohort.harm, reason=reason, level=level,
                  severity=severity)

    def set_cohort(self, cohort: Any, reason: str, *, quality: int, scale: int) -> None:
        """A cohort's quality and scale change (BITD.COHORT.2: with the crew's Tier); journals ``cohort_quality``."""
        before = {"quality": cohort.quality, "scale": cohort.scale}
        cohort.quality, cohort.scale = quality, scale
        self.emit("cohort_quality", cohort=cohort.id, before=before, after={"quality": quality, "scale": scale},
                  reason=reason)

    def cohorts_follow_tier(self, reason: str) -> None:
        """BITD.COHORT.2-3: after the crew's Tier changes, each gang's quality and scale are the Tier, each
        expert's quality Tier + 1; journals ``cohort_quality`` for each cohort that changed."""
        tier = self.crew.tier
        for cohort in self.crew.cohorts:
            quality, scale = (tier, tier) if cohort.kind == "gang" else (tier + 1, cohort.scale)
            if (quality, scale) != (cohort.quality, cohort.scale):
                self.set_cohort(cohort, reason, quality=quality, scale=scale)

    def heal_cohort(self, cohort: Any, reason: str) -> None:
        """BITD.COHORT.9: a hurt cohort heals one harm level (dead, 4, stays dead); journals ``cohort_harm``."""
        if not 0 < cohort.harm < 4:
            raise IllegalMove(f"cohort {cohort.id} at harm {cohort.harm} cannot heal")
        before = cohort.harm
        cohort.harm = before - 1
        self.emit("cohort_harm", cohort=cohort.id, before=before, after=cohort.harm, reason=reason)

    def set_lair(self, held: bool, reason: str) -> None:
        """BITD.CREW.CLAIM.2: the crew loses its lair (every claim's benefit suspended) or establishes a new one;
        journals ``lair`` (``held``)."""
        self.crew.lair = held
        self.emit("lair", held=held, reason=reason)

    def resize_healing(self, pc: Any, size: int, reason: str) -> None:
        """A scoundrel's healing clock gets ``size`` segments (Vigorous: 3); journals ``clock`` (0 ticks)."""
        clock = pc.healing
        before = clock.filled
        clock.size = size
        clock.filled = min(before, size)
        self.emit("clock", id=f"{pc.id}.{clock.id}", kind=clock.kind, size=size, before=before, ticks=0,
                  after=clock.filled, full=clock.full, reason=reason)
