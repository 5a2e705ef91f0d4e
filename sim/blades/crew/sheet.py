"""Sheets: the campaign's state as plain dicts, read from a live campaign or rebuilt from its journal alone.

Every change to campaign state is a journaled event (the one owner,
:class:`~sim.blades.crew.state.Campaign`), so folding the events in order,
starting from ``campaign_start`` (which carries the whole starting sheet),
gives the same sheet as reading the campaign. A front end that only has a
journal (the solo-play prompt, a saved game) shows sheets with
:func:`fold_sheet` or, event by event, :class:`SheetFold`.

A sheet::

    {"pcs": {id: {stress, stress_max, trauma, trauma_max, harm: {"1": [...], "2": [...], "3": [...]},
                  healing, xp: {track: n}, coin, stash, status, load, armor: {box: bool}, abilities,
                  actions, taken_out, vice_satisfied, purveyor}},
     "crew": {rep, coin, heat, wanted, tier, hold, turf, vault, xp, claims, upgrades, abilities,
              cohorts: [{id, kind, type, quality, scale, harm, types, edges, flaws}]},
     "factions": {id: {status, tier, hold, clocks: [{id, filled, size}]}},
     "clocks": {journal id: {kind, filled, size}},      # the campaign's own clocks (projects, patience)
     "ledger": {score_no, scores_won, sentences, away, trained, indulged, overindulged, lost_activities,
                war_penalty, upgrade_boxes, assets, replacements, replaced, claim_holders, fall_offered,
                troubled},
     "arcana": {learned, sources, items, stages, casting, primed, made}}   # sim.blades.arcana.arcane_state
"""

from __future__ import annotations

import copy
from typing import Any, Callable, Iterable, Mapping

from sim.blades.arcana.arcane_state import apply_arcana, new_arcana

# ------------------------------------------------------------- the live sheet


def pc_sheet(pc: Any) -> dict[str, Any]:
    """A scoundrel's sheet (JSON-plain)."""
    return {
        "stress": pc.stress, "stress_max": pc.stress_max, "trauma": list(pc.trauma), "trauma_max": pc.trauma_max,
        "harm": {str(level): list(pc.harm[level]) for level in (1, 2, 3)}, "healing": pc.healing.filled,
        "xp": dict(pc.xp), "coin": pc.coin, "stash": pc.stash, "status": pc.status, "load": pc.load,
        "armor": dict(pc.armor), "abilities": list(pc.abilities), "actions": dict(sorted(pc.actions.items())),
        "taken_out": pc.taken_out, "vice_satisfied": pc.vice_satisfied, "purveyor": pc.purveyor,
    }


def cohort_sheet(cohort: Any) -> dict[str, Any]:
    return {"id": cohort.id, "kind": cohort.kind, "type": cohort.type, "quality": cohort.quality,
            "scale": cohort.scale, "harm": cohort.harm, "types": cohort.types, "edges": list(cohort.edges),
            "flaws": list(cohort.flaws)}


def crew_sheet(crew: Any) -> dict[str, Any]:
    """The crew's sheet (JSON-plain)."""
    return {
        "rep": crew.rep, "coin": crew.coin, "heat": crew.heat, "wanted": crew.wanted, "tier": crew.tier,
        "hold": crew.hold, "turf": crew.turf, "vault": crew.vault, "xp": crew.xp, "claims": list(crew.claims),
        "upgrades": dict(crew.upgrades), "abilities": list(crew.abilities),
        "cohorts": [cohort_sheet(c) for c in crew.cohorts], "lair": crew.lair,
    }


def clock_sheet(clock: Any) -> dict[str, Any]:
    return {"id": clock.id, "filled": clock.filled, "size": clock.size}


def faction_sheet(faction: Any) -> dict[str, Any]:
    return {"status": faction.status, "tier": faction.tier, "hold": faction.hold,
            "clocks": [clock_sheet(c) for c in faction.clocks]}


def campaign_clocks(campaign: Any) -> dict[str, dict[str, Any]]:
    """The campaign's own clocks (long-term projects, a boss's patience), by the id they are journaled under."""
    from sim.clocks import clock_key

    return {clock_key(c): {"kind": c.kind, "filled": c.filled, "size": c.size} for c in campaign.clocks.values()}


def ledger_sheet(ledger: Any) -> dict[str, Any]:
    return {
        "score_no": ledger.score_no, "scores_won": ledger.scores_won, "sentences": dict(ledger.sentences),
        "away": dict(ledger.away), "trained": [list(t) for t in ledger.trained], "indulged": list(ledger.indulged),
        "overindulged": list(ledger.overindulged), "lost_activities": ledger.lost_activities,
        "war_penalty": ledger.war_penalty, "upgrade_boxes": ledger.upgrade_boxes, "assets": list(ledger.assets),
        "replacements": ledger.replacements, "replaced": list(ledger.replaced),
        "claim_holders": dict(ledger.claim_holders), "fall_offered": list(ledger.fall_offered),
        "troubled": list(ledger.troubled),
    }


def live_sheet(campaign: Any) -> dict[str, Any]:
    """The sheet read from a live campaign."""
    return {
        "pcs": {pc.id: pc_sheet(pc) for pc in campaign.pcs},
        "crew": crew_sheet(campaign.crew),
        "factions": {fid: faction_sheet(f) for fid, f in sorted(campaign.factions.items())},
        "clocks": campaign_clocks(campaign),
        "ledger": ledger_sheet(campaign.ledger),
        "city": city_sheet(campaign.city),
        "arcana": copy.deepcopy(campaign.arcana),
    }


def city_sheet(graph: Any) -> dict[str, Any]:
    """The city (:mod:`sim.blades.city.city`): every non-zero status between factions and who holds information on whom."""
    from sim.blades.city.city import status_edges

    return {"statuses": status_edges(graph),
            "intel": sorted([a, b] for a, b, d in graph.edges(data=True) if d.get("intel"))}


def differences(got: Mapping[str, Any], want: Mapping[str, Any], path: str = "") -> list[str]:
    """Field paths (``pcs.pc1.stress``) where two sheets differ, each with both values."""
    if isinstance(got, Mapping) and isinstance(want, Mapping):
        out = []
        for key in sorted(set(got) | set(want), key=str):
            where = f"{path}.{key}" if path else str(key)
            if key not in got or key not in want:
                out.append(f"{where}: {got.get(key, '<missing>')!r} != {want.get(key, '<missing>')!r}")
            else:
                out.extend(differences(got[key], want[key], where))
        return out
    return [] if got == want else [f"{path}: {got!r} != {want!r}"]


# ------------------------------------------------------ the sheet from events


def _xp_left(before: int, marked: int, size: int) -> int:
    """BITD.XP.4, BITD.CREW.XP.2: xp on a track after marking; each full track clears, the overflow carries."""
    total = before + marked
    return total % size if total >= size else total


class SheetFold:
    """Rebuild the sheet from journal events, one :meth:`apply` at a time (``campaign_start`` first).

    Events that change nothing (rolls, decisions, phases) are passed over; an
    event the fold does not know is passed over too, so a journal from a newer
    engine still folds (its new changes would then show as differences).
    """

    def __init__(self) -> None:
        self.sheet: dict[str, Any] = {}
        self._faction_clocks: dict[str, tuple[str, str]] = {}  # journal id -> (faction, clock id)

    def apply(self, event: Mapping[str, Any]) -> None:
        handler = _HANDLERS.get(event["event"])
        if handler is not None:
            if not self.sheet and event["event"] != "campaign_start":
                raise ValueError(f"event {event.get('seq')} ({event['event']}) before campaign_start")
            handler(self, event)

    # the parts
    def pc(self, event: Mapping[str, Any]) -> dict[str, Any]:
        return self.sheet["pcs"][event["pc"]]

    @property
    def crew(self) -> dict[str, Any]:
        return self.sheet["crew"]

    @property
    def ledger(self) -> dict[str, Any]:
        return self.sheet["ledger"]

    def faction_clock(self, journal_id: str) -> dict[str, Any] | None:
        where = self._faction_clocks.get(journal_id)
        if where is None:
            return None
        for clock in self.sheet["factions"][where[0]]["clocks"]:
            if clock["id"] == where[1]:
                return clock
        return None


def fold_sheet(events: Iterable[Mapping[str, Any]]) -> dict[str, Any]:
    """The sheet rebuilt from ``events`` (a whole journal, or its first events)."""
    fold = SheetFold()
    for event in events:
        fold.apply(event)
    return fold.sheet


# Each handler applies one event's change to the sheet.
_HANDLERS: dict[str, Callable[[SheetFold, Mapping[str, Any]], None]] = {}


def _on(*names: str) -> Callable:
    def register(fn: Callable) -> Callable:
        for name in names:
            _HANDLERS[name] = fn
        return fn
    return register


@_on("campaign_start")
def _start(f: SheetFold, e: Mapping[str, Any]) -> None:
    f.sheet = {
        "pcs": {p["id"]: copy.deepcopy(p["sheet"]) for p in e["pcs"]},
        "crew": copy.deepcopy(e["crew_sheet"]),
        "factions": {fid: copy.deepcopy(rec) for fid, rec in e["factions"].items()},
        "clocks": copy.deepcopy(e["clocks"]),
        "ledger": copy.deepcopy(e["ledger"]),
        "city": {"statuses": copy.deepcopy(e.get("city", {})), "intel": []},
        "arcana": new_arcana(),  # nothing is learned or crafted before the campaign starts
    }
    for fid, rec in e["factions"].items():
        for clock in rec["clocks"]:
            f._faction_clocks[f"{fid}.{clock['id']}"] = (fid, clock["id"])


# ---- scoundrels
@_on("stress")
def _stress(f: SheetFold, e: Mapping[str, Any]) -> None:
    f.pc(e)["stress"] = e["after"]


@_on("trauma")
def _trauma(f: SheetFold, e: Mapping[str, Any]) -> None:
    pc = f.pc(e)
    pc["trauma"].append(e["condition"])
    pc["taken_out"] = True  # BITD.STRESS.3
    pc["vice_satisfied"] = e["vice_satisfied"]


@_on("pc_status")
def _pc_status(f: SheetFold, e: Mapping[str, Any]) -> None:
    f.pc(e)["status"] = e["after"]


@_on("harm")
def _harm(f: SheetFold, e: Mapping[str, Any]) -> None:
    level = e["recorded_level"]
    if level <= 3:
        f.pc(e)["harm"][str(level)].append(e["note"] or f"harm {level}")


@_on("healed")
def _healed(f: SheetFold, e: Mapping[str, Any]) -> None:
    rows = f.pc(e)["harm"]
    rows["1"], rows["2"], rows["3"] = rows["2"], rows["3"], []  # BITD.DOWNTIME.RECOVER.2


@_on("stash")
def _stash(f: SheetFold, e: Mapping[str, Any]) -> None:
    f.pc(e)["stash"] = e["after"]


@_on("pc_coin")
def _pc_coin(f: SheetFold, e: Mapping[str, Any]) -> None:
    f.pc(e)["coin"] = e["after"]


@_on("xp")
def _xp(f: SheetFold, e: Mapping[str, Any]) -> None:
    f.pc(e)["xp"][e["track"]] = _xp_left(e["before"], e["marked"], e["size"])


@_on("advance")
def _advance(f: SheetFold, e: Mapping[str, Any]) -> None:
    pc = f.pc(e)
    if e["kind"] == "ability" and e["ability"]:
        pc["abilities"].append(e["ability"])
    elif e["kind"] == "action" and e["action"]:
        pc["actions"][e["action"]] = e["after"]


@_on("pc_max")
def _pc_max(f: SheetFold, e: Mapping[str, Any]) -> None:
    f.pc(e)[f"{e['track']}_max"] = e["after"]


@_on("load")
def _load(f: SheetFold, e: Mapping[str, Any]) -> None:
    pc = f.pc(e)
    pc["load"] = e["load"]
    pc["armor"] = {"armor": e["armor"], "heavy": e["heavy"], "special": e["special"]}


@_on("armor")
def _armor(f: SheetFold, e: Mapping[str, Any]) -> None:
    f.pc(e)["armor"][e["box"]] = False


@_on("out_of_score", "sit_out")
def _taken_out(f: SheetFold, e: Mapping[str, Any]) -> None:
    f.pc(e)["taken_out"] = True


@_on("pcs_return")
def _pcs_return(f: SheetFold, e: Mapping[str, Any]) -> None:
    for pc_id in e["pcs"]:
        f.sheet["pcs"][pc_id]["taken_out"] = False


@_on("vice_satisfied")
def _vice_satisfied(f: SheetFold, e: Mapping[str, Any]) -> None:
    f.pc(e)["vice_satisfied"] = e["after"]


@_on("recruit")
def _recruit(f: SheetFold, e: Mapping[str, Any]) -> None:
    f.sheet["pcs"][e["pc"]] = copy.deepcopy(e["sheet"])
    f.ledger["replaced"].append(e["replaces"])
    f.ledger["replacements"] += 1


# ---- the crew
@_on("coin")
def _coin(f: SheetFold, e: Mapping[str, Any]) -> None:
    f.crew["coin"] = e["after"]


@_on("rep")
def _rep(f: SheetFold, e: Mapping[str, Any]) -> None:
    f.crew["rep"] = e["after"]


@_on("heat")
def _heat(f: SheetFold, e: Mapping[str, Any]) -> None:
    f.crew["heat"], f.crew["wanted"] = e["heat_after"], e["wanted_after"]


@_on("heat_removed")
def _heat_removed(f: SheetFold, e: Mapping[str, Any]) -> None:
    f.crew["heat"] = e["after"]


@_on("wanted")
def _wanted(f: SheetFold, e: Mapping[str, Any]) -> None:
    f.crew["wanted"] = e["after"]


@_on("crew")
def _crew(f: SheetFold, e: Mapping[str, Any]) -> None:
    f.crew.update(e["after"])


@_on("lair")
def _lair(f: SheetFold, e: Mapping[str, Any]) -> None:
    f.crew["lair"] = e["held"]


@_on("crew_xp")
def _crew_xp(f: SheetFold, e: Mapping[str, Any]) -> None:
    f.crew["xp"] = _xp_left(e["before"], e["marked"], e["track"])


@_on("crew_xp_advance")
def _crew_xp_advance(f: SheetFold, e: Mapping[str, Any]) -> None:
    f.ledger["upgrade_boxes"] = e["boxes"]


@_on("upgrade")
def _upgrade(f: SheetFold, e: Mapping[str, Any]) -> None:
    f.crew["upgrades"][e["upgrade"]] = e["level"]
    f.ledger["upgrade_boxes"] = e["boxes_left"]


@_on("upgrade_boxes")
def _upgrade_boxes(f: SheetFold, e: Mapping[str, Any]) -> None:
    f.ledger["upgrade_boxes"] = e["after"]


@_on("crew_ability")
def _crew_ability(f: SheetFold, e: Mapping[str, Any]) -> None:
    f.crew["abilities"].append(e["ability"])


@_on("claim")
def _claim(f: SheetFold, e: Mapping[str, Any]) -> None:
    change = e.get("change")
    if change == "gained":
        f.crew["claims"].append(e["claim"])
    elif change == "lost":
        f.crew["claims"].remove(e["claim"])


@_on("cohort")
def _cohort(f: SheetFold, e: Mapping[str, Any]) -> None:
    entry = {"id": e["cohort"], "kind": e["kind"], "type": e["type"], "quality": e["quality"], "scale": e["scale"],
             "harm": e["harm"], "types": e.get("types", [e["type"]]), "edges": e.get("edges", []),
             "flaws": e.get("flaws", [])}
    if e.get("change", "gained") == "gained":
        f.crew["cohorts"].append(entry)
    else:  # replaced (BITD.COHORT.9) or a new type (BITD.COHORT.6): the same cohort's entry, rewritten
        _cohort_of(f, e["cohort"]).update(entry)


def _cohort_of(f: SheetFold, cohort_id: str) -> dict[str, Any]:
    return next(c for c in f.crew["cohorts"] if c["id"] == cohort_id)


@_on("cohort_quality")
def _cohort_quality(f: SheetFold, e: Mapping[str, Any]) -> None:
    _cohort_of(f, e["cohort"]).update(e["after"])


@_on("cohort_harm")
def _cohort_harm(f: SheetFold, e: Mapping[str, Any]) -> None:
    _cohort_of(f, e["cohort"])["harm"] = e["after"]


# ---- factions and clocks
@_on("status")
def _status(f: SheetFold, e: Mapping[str, Any]) -> None:
    f.sheet["factions"][e["faction"]]["status"] = e["after"]


@_on("faction")
def _faction(f: SheetFold, e: Mapping[str, Any]) -> None:
    f.sheet["factions"][e["faction"]].update(e["after"])


@_on("faction_status")
def _faction_status(f: SheetFold, e: Mapping[str, Any]) -> None:
    statuses = f.sheet["city"]["statuses"]
    if e["after"]:
        statuses.setdefault(e["faction"], {})[e["other"]] = e["after"]
    else:
        statuses.get(e["faction"], {}).pop(e["other"], None)
        if not statuses.get(e["faction"], True):
            del statuses[e["faction"]]


@_on("faction_intel")
def _faction_intel(f: SheetFold, e: Mapping[str, Any]) -> None:
    held = [p for p in f.sheet["city"]["intel"] if p != [e["faction"], e["other"]]]
    f.sheet["city"]["intel"] = sorted(held + ([[e["faction"], e["other"]]] if e["after"] else []))


@_on("new_clock")
def _new_clock(f: SheetFold, e: Mapping[str, Any]) -> None:
    if e["owner"] == "score":  # the score's own clocks are not campaign state
        return
    key = e["id"] if not e["owner"] or e["kind"] == "obstacle" else f"{e['owner']}.{e['id']}"
    f.sheet["clocks"][key] = {"kind": e["kind"], "filled": e.get("filled", 0), "size": e["size"]}


@_on("clock")
def _clock(f: SheetFold, e: Mapping[str, Any]) -> None:
    cid = e["id"]
    if e["kind"] == "healing":
        f.sheet["pcs"][cid.rsplit(".", 1)[0]]["healing"] = e["after"]
    elif cid in f.sheet["clocks"]:
        f.sheet["clocks"][cid]["filled"] = e["after"]
    else:
        clock = f.faction_clock(cid)
        if clock is not None:
            clock["filled"] = e["after"]


@_on("clock_removed")
def _clock_removed(f: SheetFold, e: Mapping[str, Any]) -> None:
    del f.sheet["clocks"][e["id"]]


@_on("goal_order")
def _goal_order(f: SheetFold, e: Mapping[str, Any]) -> None:
    faction = f.sheet["factions"][e["faction"]]
    by_id = {c["id"]: c for c in faction["clocks"]}
    faction["clocks"] = [by_id[cid] for cid in e["order"]]


# ---- the ledger
@_on("score_count")
def _score_count(f: SheetFold, e: Mapping[str, Any]) -> None:
    f.ledger["score_no" if e["count"] == "begun" else "scores_won"] = e["after"]


@_on("incarceration")
def _incarceration(f: SheetFold, e: Mapping[str, Any]) -> None:
    if not e["beating"]:
        f.ledger["sentences"][e["pc"]] = e["sentence"]


@_on("sentence")
def _sentence(f: SheetFold, e: Mapping[str, Any]) -> None:
    f.ledger["sentences"][e["pc"]] = e["after"]


@_on("absences")
def _absences(f: SheetFold, e: Mapping[str, Any]) -> None:
    f.ledger[e["book"]] = dict(e["after"])


@_on("fall_offered")
def _fall_offered(f: SheetFold, e: Mapping[str, Any]) -> None:
    f.ledger["fall_offered"].append(e["pc"])


@_on("war")
def _war(f: SheetFold, e: Mapping[str, Any]) -> None:
    f.ledger["war_penalty"] = e["penalty"]


@_on("activities_begin")
def _activities_begin(f: SheetFold, e: Mapping[str, Any]) -> None:
    ledger = f.ledger
    ledger["trained"], ledger["indulged"], ledger["overindulged"], ledger["troubled"] = [], [], [], []
    ledger["lost_activities"] = 0


@_on("activity")
def _activity(f: SheetFold, e: Mapping[str, Any]) -> None:
    kind = e["activity"]
    if kind == "train":
        f.ledger["trained"].append([e["pc"], e["track"]])
    elif kind == "indulge_vice":
        f.ledger["indulged"].append(e["pc"])
    elif kind == "acquire_asset" and not e["again"]:
        f.ledger["assets"].append(e["asset"])
    elif kind == "trauma_trouble":
        f.ledger["troubled"].append(e["pc"])


@_on("overindulgence")
def _overindulgence(f: SheetFold, e: Mapping[str, Any]) -> None:
    f.ledger["overindulged"].append(e["pc"])
    if e["option"] == "lost":
        f.ledger["away"][e["pc"]] = 1
    elif e["option"] == "tapped":
        f.pc(e)["purveyor"] = ""


@_on("claim_holders")
def _claim_holders(f: SheetFold, e: Mapping[str, Any]) -> None:
    f.ledger["claim_holders"] = dict(e["holders"])


@_on("arcana")
def _arcana(f: SheetFold, e: Mapping[str, Any]) -> None:
    apply_arcana(f.sheet["arcana"], e)
