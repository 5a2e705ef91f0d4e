"""Schemas of the Blades in the Dark content tables (``content/blades/*.yaml``).

Each table is a :class:`~sim.content.schema.TableSchema` registered under its
key (``blades/bargains``). Table shapes the campaign loop relies on are fixed
by docs/architecture.md; fields may be added, never renamed.

Closed vocabularies live in :mod:`sim.blades.schema_words` as tuples so the
validator and the JSON Schema export (``sim schema``) agree: the **effect** of a devil's bargain or
complication (BITD.BARGAIN.3, BITD.CONSEQ.1), the **mechanics** of a special
ability (BITD.ABIL), the **cost** of an entanglement option
(BITD.DOWNTIME.ENTANGLE.4) and the **benefit** of a claim (BITD.CREW.CLAIM.3).
"""

from __future__ import annotations

from typing import Any

from sim.blades.schema_words import (  # the vocabularies and shared fields, here too for this module's readers
    AMOUNT_PER, ARMOR_USES, CLIENT_KINDS, CLOCK_KINDS, CLOCK_SIZES, CONDITIONS, GOAL_KINDS, HOLDS, ID, NAME, OPT_TEXT,
    PLANS, POSITIONS, POSITIONS_F, ROLLS, SEVERITIES, SEVERITY_MAX_HEAT, SEVERITY_TICKS, TEXT, WEIGHT,
)
from sim.blades.schemas_arcana import ARCANA
from sim.content.bands import DieBand, check_bands
from sim.content.schema import Bool, Checker, Const, Either, F, Id, Int, ListOf, MapOf, Num, Record, Ref, Str, Text
from sim.content.table import TableSchema, walk

def _amount(hi: int) -> Either:
    return Either((Int(0, hi), Record({
        "base": F(Int(0, hi), required=False, doc="fixed part"),
        "per": F(Str(enum=AMOUNT_PER), doc="scaled by this number"),
        "times": F(Int(1, 4), required=False, doc="multiplier of `per` (default 1)"),
    }, doc="an amount = base + times x per (e.g. Arrest: coin = wanted + 3)")), doc="a fixed amount or base + times x per")


# --- effects: what a devil's bargain or complication does (fixed vocabulary) --------
EFFECT = Record({
    "heat": F(Int(-6, 6), required=False, doc="heat to the crew"),
    "coin": F(Int(-10, 10), required=False, doc="coin gained (negative: lost)"),
    "rep": F(Int(-6, 6), required=False, doc="rep gained (negative: lost)"),
    "stress": F(Int(-9, 9), required=False, doc="stress to the acting PC"),
    "harm": F(Int(1, 4), required=False, doc="harm of this level to the acting PC (BITD.HARM.2)"),
    "tick_clock": F(Record({"clock": F(Ref("clock")), "ticks": F(Int(1, 6))}), required=False,
                    doc="tick a score or danger clock"),
    "status": F(Record({"faction": F(Ref("faction", extra=("target",))), "delta": F(Int(-3, 3))}), required=False,
                doc="status change with the target or a named faction (BITD.FACTION.6)"),
    "new_clock": F(Record({"id": F(Id()), "size": F(Int(2, 12)), "kind": F(Str(enum=CLOCK_KINDS))}), required=False,
                   doc="start a new clock"),
    "position": F(Str(enum=("worse",)), required=False, doc="worse position (BITD.CONSEQ.1)"),
    "effect": F(Int(-2, 2), required=False, doc="effect-level change"),
    "lose_opportunity": F(Const(True), required=False, doc="this approach no longer works"),
    "wanted": F(Int(-1, 1), required=False, doc="wanted level change"),
}, min_fields=1, doc="what the engine applies (closed vocabulary)")

BARGAINS = TableSchema("blades/bargains", Record({
    "bargains": F(ListOf(Record({
        "id": ID, "text": TEXT, "effect": F(EFFECT), "plans": PLANS, "positions": POSITIONS_F, "weight": WEIGHT,
    }), min=1, unique_by="id")),
}), "Devil's bargains (BITD.BARGAIN)", provides=(("clock", "bargains[*].effect.new_clock"),))


def _check_complication_severity(data: Any, ck: Checker) -> None:
    """BITD.CONSEQ.1: minor/standard/serious = 1/2/3 ticks, and matching harm and heat."""
    for entry, path in walk(data, "complications[*]"):
        if not isinstance(entry, dict) or entry.get("severity") not in SEVERITY_TICKS:
            continue
        sev, eff = entry["severity"], entry.get("effect")
        if not isinstance(eff, dict):
            continue
        want = SEVERITY_TICKS[sev]
        tick = eff.get("tick_clock")
        if isinstance(tick, dict) and isinstance(tick.get("ticks"), int) and tick["ticks"] != want:
            ck.error(f"{path}.effect.tick_clock.ticks", f"a {sev} complication ticks {want}, got {tick['ticks']}")
        harm = eff.get("harm")
        if isinstance(harm, int) and not isinstance(harm, bool) and harm != want:
            ck.error(f"{path}.effect.harm", f"a {sev} complication deals level-{want} harm, got {harm}")
        heat = eff.get("heat")
        if isinstance(heat, int) and not isinstance(heat, bool) and heat > SEVERITY_MAX_HEAT[sev]:
            ck.error(f"{path}.effect.heat", f"a {sev} complication adds at most {SEVERITY_MAX_HEAT[sev]} heat, got {heat}")


COMPLICATIONS = TableSchema("blades/complications", Record({
    "complications": F(ListOf(Record({
        "id": ID, "text": TEXT, "severity": F(Str(enum=SEVERITIES)), "effect": F(EFFECT), "plans": PLANS,
        "positions": POSITIONS_F, "weight": WEIGHT,
    }), min=1, unique_by="id")),
}), "Complications (BITD.CONSEQ.1)", provides=(("clock", "complications[*].effect.new_clock"),),
    checks=(_check_complication_severity,))

CLOCKS = TableSchema("blades/clocks", Record({
    "kinds": F(ListOf(Record({"id": F(Str(enum=CLOCK_KINDS)), "name": NAME, "text": TEXT}), min=1, unique_by="id")),
    "sizes": F(ListOf(Record({"id": ID, "size": F(Int(2, 12)), "text": TEXT}), min=1, unique_by="id"),
               doc="BITD.CLOCK.2 reference sizes"),
    "score_clocks": F(ListOf(Record({
        "id": ID, "name": NAME, "size": F(Int(2, 12)), "kind": F(Str(enum=CLOCK_KINDS)), "text": TEXT,
    }), min=1, unique_by="id"), doc="clocks every score may use; effects tick them by id"),
}), "Clock kinds and standard score clocks (BITD.CLOCK)", provides=(("clock", "score_clocks[*]"),))

TARGETS = TableSchema("blades/targets", Record({
    "targets": F(ListOf(Record({
        "id": ID, "name": NAME, "text": OPT_TEXT,
        "faction": F(Ref("faction"), doc="the faction hurt by this score"),
        "kind": F(Ref("operation"), doc="the kind of operation (a crew type's hunting-ground operation)"),
        "tier": F(Int(0, 6)),
        "plans": PLANS,
        "coin": F(Int(0, 20), doc="payoff coin (BITD.DOWNTIME.PAYOFF.2)"),
        "exposure": F(Ref("exposure"), doc="base heat exposure (BITD.DOWNTIME.HEAT.1)"),
        "client": F(Str(enum=CLIENT_KINDS), required=False),
        "obstacles": F(ListOf(Record({"name": NAME, "size": F(Int(2, 12))}), min=1, max=4),
                       doc="clock layers in order (BITD.CLOCK.5)"),
        "weight": WEIGHT,
    }), min=1, unique_by="id")),
}), "Score targets the GM draws from")


def _check_factions(data: Any, ck: Checker) -> None:
    enemies_of = {e["id"]: e.get("enemies") for e, _ in walk(data, "factions[*]")  # ids that are strings only:
                  if isinstance(e, dict) and isinstance(e.get("id"), str)  # the schema reports the rest
                  and isinstance(e.get("enemies"), list)}
    for entry, path in walk(data, "factions[*]"):
        if isinstance(entry, dict) and isinstance(entry.get("allies"), list):
            for i, other in enumerate(entry["allies"]):
                if isinstance(other, str) and entry.get("id") in (enemies_of.get(other) or ()):
                    ck.warn(f"{path}.allies[{i}]", f"{other!r} lists {entry.get('id')!r} as an enemy")
    for entry, path in walk(data, "factions[*]"):
        if not isinstance(entry, dict):
            continue
        allies = entry.get("allies") if isinstance(entry.get("allies"), list) else []
        enemies = entry.get("enemies") if isinstance(entry.get("enemies"), list) else []
        for name, lst in (("allies", allies), ("enemies", enemies)):
            for i, other in enumerate(lst):
                if other == entry.get("id"):
                    ck.error(f"{path}.{name}[{i}]", "a faction cannot list itself")
        for i, other in enumerate(enemies):
            if other in allies:
                ck.error(f"{path}.enemies[{i}]", f"{other!r} is listed as both ally and enemy")
        for clock, cpath in walk(entry, "clocks[*]"):
            if isinstance(clock, dict) and isinstance(clock.get("size"), int) and clock["size"] not in CLOCK_SIZES:
                ck.error(f"{path}.{cpath}.size",
                         f"clock size must be one of {', '.join(map(str, CLOCK_SIZES))}, got {clock['size']}")


FACTIONS = TableSchema("blades/factions", Record({
    "categories": F(ListOf(Record({"id": ID, "name": NAME}), min=1, unique_by="id")),
    "factions": F(ListOf(Record({
        "id": ID, "name": NAME, "text": TEXT,
        "tier": F(Int(0, 6), doc="BITD.FACTION.1"),
        "hold": F(Str(enum=HOLDS), doc="BITD.FACTION.3"),
        "category": F(Ref("faction_category")),
        "allies": F(ListOf(Ref("faction"), unique_by="")),
        "enemies": F(ListOf(Ref("faction"), unique_by="")),
        "clocks": F(ListOf(Record({"id": ID, "name": NAME, "size": F(Int(4, 12)), "text": OPT_TEXT,
                                   "kind": F(Str(enum=GOAL_KINDS), required=False,
                                             doc="what achieving it does (sim.blades.city.factions); default expand"),
                                   "target": F(Ref("faction"), required=False,
                                               doc="the faction a destroy goal is against")}),
                           min=1, unique_by="id"), doc="long-term goal clocks (BITD.CLOCK.4 faction)"),
        "turf": F(Text(), required=False),
    }), min=1, unique_by="id")),
}), "Factions of the city (BITD.FACTION)", provides=(("faction", "factions[*]"), ("faction_category", "categories[*]")),
    checks=(_check_factions,))

# --- abilities: the mechanics an engine applies (BITD.ABIL) -----------------------
_BONUS = Record({
    "roll": F(Str(enum=ROLLS)), "when": F(Str(enum=CONDITIONS)),
    "dice": F(Int(-2, 2), required=False), "levels": F(Int(1, 2), required=False),
    "actions": F(ListOf(Ref("action"), unique_by=""), required=False),
    "plans": F(ListOf(Ref("plan"), unique_by=""), required=False),
})
MECHANICS = Record({
    "bonus_dice": F(ListOf(_BONUS, min=1), required=False, doc="+dice on a kind of roll in a situation"),
    "bonus_effect": F(ListOf(_BONUS, min=1), required=False, doc="+effect levels on a kind of roll"),
    "result_levels": F(ListOf(Record({"activity": F(Ref("activity")), "levels": F(Int(1, 2))}), min=1), required=False,
                       doc="+result level on a downtime activity (Connected)"),
    "special_armor": F(ListOf(Str(enum=ARMOR_USES), min=1, unique_by=""), required=False,
                       doc="special armor may be spent against these (push: push without stress)"),
    "load_limits": F(Record({"light": F(Int(1, 9)), "normal": F(Int(1, 9)), "heavy": F(Int(1, 9))}), required=False),
    "healing_clock": F(Int(2, 8), required=False, doc="size of the healing clock (Vigorous)"),
    "stress_boxes": F(Int(1, 2), required=False, doc="extra stress boxes (Survivor)"),
    "harm_penalty_shift": F(Int(1, 2), required=False, doc="harm penalties one row lighter (Tough as nails)"),
    "group_lead_stress_cap": F(Int(0, 3), required=False, doc="max stress for leading a group action"),
    "free_assists": F(Int(1, 3), required=False, doc="assists per score without stress (Foresight)"),
    "extra_activities": F(Int(1, 2), required=False, doc="extra downtime activities (Calculating)"),
    "stash_per_downtime": F(Int(1, 4), required=False, doc="stash gained each downtime"),
    "immune": F(ListOf(Str(enum=("supernatural_terror",)), min=1, unique_by=""), required=False,
                doc="no harm on occult plans (Iron will)"),
    "substitute_action": F(Record({"stress": F(Int(0, 4))}), required=False,
                           doc="roll your best action instead, for this stress (Rook's gambit)"),
    "action_dots": F(Record({"actions": F(ListOf(Ref("action"), min=1, unique_by="")), "dots": F(Int(1, 2)),
                             "max": F(Int(1, 4))}), required=False, doc="extra action dots (crew: Deadly)"),
    "tier_cost_factor": F(Num(0.25, 1.0), required=False, doc="Tier advance cost multiplier (Patron)"),
    "quiet_rep_factor": F(Num(0, 1), required=False, doc="rep share for quiet scores (No traces)"),
    "rep_at_zero_heat": F(Int(1, 2), required=False, doc="rep when downtime ends at 0 heat (No traces)"),
    "heat_per_downtime": F(Int(-2, 0), required=False, doc="heat change each downtime (High society)"),
    "ignore_killing_heat": F(Const(True), required=False, doc="no +2 heat for killing"),
    "group_crit_from_sixes": F(Const(True), required=False, doc="6s on different group rolls make a critical"),
    "turf_from_wanted": F(Const(True), required=False, doc="wanted levels count as turf (Fiends)"),
    "turf_from_allies": F(Int(1, 3), required=False, doc="+3 statuses that count as turf (Accord)"),
    "war_activities": F(Int(1, 2), required=False, doc="downtime activities while at war (War dogs)"),
    "resist_dice_penalty": F(Int(-2, 0), required=False, doc="dice change resisting this ability's rolls (Daredevil)"),
    "extra_xp_trigger": F(Text(), required=False, doc="an extra end-of-session xp trigger (Vengeful)"),
    "cohort_leader": F(Record({
        "effect": F(Int(1, 2), doc="effect levels a cohort you Command in a fight gains"),
        "armor": F(Int(1, 2), doc="armor boxes it gains for the score (each reduces one harm by a level)"),
        "fights_on": F(Bool(), doc="it is not taken out by level 3 harm while you lead it"),
    }), required=False, doc="commanding a cohort in a fight (Leader, BITD.COHORT.10)"),
}, doc="what the engine applies; {} for purely fictional abilities")
ABILITY = Record({"id": ID, "name": NAME, "text": TEXT, "mechanics": F(MECHANICS)})
XP_TRIGGER = Record({"id": ID, "text": TEXT,
                     "actions": F(ListOf(Ref("action"), min=1, unique_by=""), required=False,
                                  doc="actions whose use fulfils the trigger")})


def _check_playbooks(data: Any, ck: Checker) -> None:
    """BITD.CHAR.CREATE.2: a playbook pre-places 3 dots."""
    for entry, path in walk(data, "playbooks[*]"):
        dots = entry.get("actions") if isinstance(entry, dict) else None
        if isinstance(dots, dict) and all(isinstance(v, int) for v in dots.values()):
            if sum(dots.values()) != 3:
                ck.error(f"{path}.actions", f"a playbook pre-places 3 action dots, got {sum(dots.values())}")


PLAYBOOKS = TableSchema("blades/playbooks", Record({
    "playbooks": F(ListOf(Record({
        "id": ID, "name": NAME, "text": TEXT,
        "actions": F(MapOf(Ref("action"), Int(1, 2), min=1), doc="starting action dots (BITD.CHAR.CREATE.2)"),
        "xp_trigger": F(XP_TRIGGER, doc="BITD.XP.2 playbook trigger"),
        "abilities": F(ListOf(ABILITY, min=4, unique_by="id"), doc="special abilities; the first is the default"),
        "friends": F(ListOf(Text(), min=1), required=False),
    }), min=1, unique_by="id")),
}), "Playbooks (BITD.CHAR.CREATE, BITD.ABIL)",
    provides=(("playbook", "playbooks[*]"), ("ability", "playbooks[*].abilities[*]")), checks=(_check_playbooks,))


def _check_crews(data: Any, ck: Checker) -> None:
    """A claim map is 3 rows of 5 with the lair in the centre (BITD.CREW.CLAIM.1)."""
    for entry, path in walk(data, "crews[*]"):
        grid = entry.get("claim_map") if isinstance(entry, dict) else None
        if isinstance(grid, list) and len(grid) == 3 and isinstance(grid[1], list) and len(grid[1]) == 5:
            if grid[1][2] != "lair":
                ck.error(f"{path}.claim_map[1][2]", f"the centre of a claim map must be lair, got {grid[1][2]!r}")
            lairs = sum(row.count("lair") for row in grid if isinstance(row, list))
            if lairs != 1:
                ck.error(f"{path}.claim_map", f"a claim map has exactly one lair, got {lairs}")


CREWS = TableSchema("blades/crews", Record({
    "reputations": F(ListOf(Record({"id": ID, "name": NAME}), min=1, unique_by="id"), doc="BITD.CREW.CREATE.2"),
    "operations": F(ListOf(Record({"id": ID, "name": NAME, "text": TEXT}), min=1, unique_by="id"),
                    doc="kinds of operation (score kinds) crews specialise in"),
    "crews": F(ListOf(Record({
        "id": ID, "name": NAME, "text": TEXT,
        "xp_trigger": F(Record({"id": ID, "text": TEXT,
                                "operations": F(ListOf(Ref("operation"), min=1, unique_by=""))}), doc="BITD.CREW.XP.1"),
        "operations": F(ListOf(Ref("operation"), min=2, unique_by=""),
                        doc="hunting-ground operations (BITD.CREW.CREATE.4)"),
        "starting_upgrades": F(ListOf(Ref("upgrade"), min=2, max=2, unique_by=""), doc="BITD.CREW.CREATE.6"),
        "upgrades": F(ListOf(Record({"id": ID, "name": NAME, "boxes": F(Int(1, 4)), "text": TEXT}),
                             min=1, unique_by="id"), doc="crew-type upgrades"),
        "abilities": F(ListOf(ABILITY, min=3, unique_by="id"), doc="crew special abilities; the first is the default"),
        "claim_map": F(ListOf(ListOf(Ref("claim"), min=5, max=5), min=3, max=3),
                       doc="3 rows of 5 claims; paths join orthogonal neighbours; lair in the centre"),
    }), min=1, unique_by="id")),
}), "Crew types (BITD.CREW.CREATE)",
    provides=(("crew_type", "crews[*]"), ("operation", "operations[*]"), ("upgrade", "crews[*].upgrades[*]"),
              ("crew_ability", "crews[*].abilities[*]"), ("reputation", "reputations[*]")),
    checks=(_check_crews,))

def _check_attribute_links(data: Any, ck: Checker) -> None:
    listed = {}
    for attr, path in walk(data, "attributes[*]"):
        if isinstance(attr, dict) and isinstance(attr.get("actions"), list):
            for a in attr["actions"]:
                listed[a] = attr.get("id")
    for act, path in walk(data, "actions[*]"):
        if isinstance(act, dict) and act.get("id") in listed and act.get("attribute") != listed[act["id"]]:
            ck.error(f"{path}.attribute", f"{act['id']!r} is listed under {listed[act['id']]!r}, not {act.get('attribute')!r}")


ACTIONS = TableSchema("blades/actions", Record({
    "attributes": F(ListOf(Record({"id": ID, "name": NAME, "resists": TEXT,
                                   "actions": F(ListOf(Ref("action"), min=4, max=4, unique_by=""))}),
                           min=3, max=3, unique_by="id")),
    "actions": F(ListOf(Record({"id": ID, "name": NAME, "attribute": F(Ref("attribute")), "text": TEXT}),
                        min=12, max=12, unique_by="id")),
    "rating": F(Record({"max_at_creation": F(Int(1, 4)), "max": F(Int(1, 4)), "max_with_mastery": F(Int(1, 6))}),
                doc="BITD.ATTR.4"),
}), "Actions and attributes (BITD.ATTR)", provides=(("action", "actions[*]"), ("attribute", "attributes[*]")),
    checks=(_check_attribute_links,))


HARM = TableSchema("blades/harm", Record({
    "levels": F(ListOf(Record({
        "level": F(Int(1, 4)), "id": ID, "name": NAME, "slots": F(Int(0, 3)),
        "penalty": F(Str(enum=("reduced_effect", "minus_one_die", "need_help", "death"))),
        "text": TEXT, "examples": F(ListOf(Text(), min=2)),
    }), min=4, max=4, unique_by="level")),
    "fallback": F(ListOf(Text(), min=1), doc="BITD.HARM.5 drained/exhausted fallback"),
}), "Harm levels (BITD.HARM)", provides=(("harm", "levels[*]"),))

TRAUMA = TableSchema("blades/trauma", Record({
    "max_trauma": F(Int(1, 6), doc="BITD.STRESS.6"),
    "stress_boxes": F(Int(1, 12), doc="BITD.STRESS.1"),
    "conditions": F(ListOf(Record({"id": ID, "name": NAME, "text": TEXT}), min=1, unique_by="id")),
}), "Stress and trauma conditions (BITD.STRESS)", provides=(("trauma", "conditions[*]"),))

VICES = TableSchema("blades/vices", Record({
    "vices": F(ListOf(Record({"id": ID, "name": NAME, "text": TEXT}), min=1, unique_by="id")),
    "purveyors": F(ListOf(Record({"id": ID, "vice": F(Ref("vice")), "name": NAME, "text": TEXT}), min=1, unique_by="id")),
    "overindulgences": F(ListOf(Record({"id": ID, "name": NAME, "text": TEXT, "mechanics": F(Record({
        "heat": F(Int(1, 4), required=False),
        "extra_entanglement": F(Const(True), required=False),
        "absent": F(Const(True), required=False, doc="the PC is gone for weeks; harm healed on return"),
        "lose_purveyor": F(Const(True), required=False),
    }, min_fields=1))}), min=1, unique_by="id"), doc="BITD.DOWNTIME.VICE.2"),
}), "Vices, purveyors and overindulgences (BITD.CHAR.CREATE.4, BITD.DOWNTIME.VICE)",
    provides=(("vice", "vices[*]"), ("purveyor", "purveyors[*]"), ("overindulgence", "overindulgences[*]")))

# --- downtime: entanglements (BITD.DOWNTIME.ENTANGLE) -----------------------------
_FORTUNE_COST = Record({
    "heat": F(Int(1, 6), required=False), "harm": F(Int(1, 4), required=False),
    "nothing": F(Const(True), required=False),
}, min_fields=1)
COST = Record({
    "coin": F(_amount(20), required=False, doc="coin paid"),
    "rep": F(_amount(12), required=False, doc="rep forfeited"),
    "heat": F(Int(1, 9), required=False, doc="heat taken"),
    "clear_heat": F(Const(True), required=False),
    "harm": F(Int(1, 4), required=False, doc="harm level taken (resistable)"),
    "status": F(Int(-3, -1), required=False, doc="status change with the entanglement's faction"),
    "set_status": F(Int(-3, 3), required=False, doc="status becomes this (war: -3)"),
    "claims": F(Int(1, 2), required=False, doc="claims handed over"),
    "hold": F(Int(1, 1), required=False, doc="hold lost (BITD.DOWNTIME.ENTANGLE.4 show of force)"),
    "incarcerate": F(Const(True), required=False, doc="someone is handed over (BITD.DOWNTIME.PRISON)"),
    "lose_contact": F(Const(True), required=False),
    "accept_bargain": F(Const(True), required=False, doc="a demon's dark bargain"),
    "acquire_asset": F(Id(), required=False, doc="an asset to acquire (e.g. occultist)"),
    "fortune": F(Record({
        "dice": F(Int(0, 4), doc="dice for the fortune roll"),
        "results": F(ListOf(Record({"die": F(DieBand()), "cost": F(_FORTUNE_COST)}), min=2)),
    }), required=False, doc="a fortune roll decides the cost"),
    "play_out": F(Const(True), required=False, doc="resolved in play, no fixed cost"),
}, min_fields=1, doc="machine-readable cost of an entanglement option")


def _check_entanglements(data: Any, ck: Checker) -> None:
    """Heat columns cover 0..8 and die rows cover 1..6 (BITD.DOWNTIME.ENTANGLE.2)."""
    columns = [c for c, _ in walk(data, "columns[*]") if isinstance(c, dict)]
    if isinstance(data.get("columns"), list):
        check_bands(ck, [(c.get("heat"), f"{p}.heat") for c, p in walk(data, "columns[*]") if isinstance(c, dict)],
                    0, 8, "heat", "columns")
    if isinstance(data.get("rows"), list):
        check_bands(ck, [(r.get("die"), f"{p}.die") for r, p in walk(data, "rows[*]") if isinstance(r, dict)],
                    1, 6, "die", "rows")
    col_ids = [c.get("id") for c in columns]
    for row, path in walk(data, "rows[*]"):
        cells = row.get("cells") if isinstance(row, dict) else None
        if isinstance(cells, dict):
            for cid in col_ids:
                if isinstance(cid, str) and cid not in cells:
                    ck.error(f"{path}.cells", f"no entry for heat column {cid!r}")
    for entry, path in walk(data, "entanglements[*]"):
        for opt, opath in walk(entry, "options[*]"):
            for fortune, fpath in walk(opt, "cost.fortune"):
                if isinstance(fortune, dict) and isinstance(fortune.get("results"), list):
                    check_bands(ck, [(r.get("die"), f"{path}.{opath}.{fpath}.results[{i}].die")
                                     for i, r in enumerate(fortune["results"]) if isinstance(r, dict)],
                                1, 6, "die", f"{path}.{opath}.{fpath}.results")


ENTANGLEMENTS = TableSchema("blades/entanglements", Record({
    "dice": F(Str(enum=("wanted",)), doc="dice rolled = wanted level (BITD.DOWNTIME.ENTANGLE.1)"),
    "columns": F(ListOf(Record({"id": ID, "heat": F(DieBand(0, 8, critical=False))}), min=1, unique_by="id")),
    "rows": F(ListOf(Record({"die": F(DieBand(critical=False)),
                             "cells": F(MapOf(Ref("heat_column"), ListOf(Ref("entanglement"), min=1, max=2, unique_by="")))}),
                     min=1), doc="die bands; a 6 row applies to a critical too"),
    "entanglements": F(ListOf(Record({
        "id": ID, "name": NAME, "text": TEXT,
        "requires": F(Record({"status_at_least": F(Int(-3, 3), required=False),
                              "status_at_most": F(Int(-3, 3), required=False),
                              "status_is": F(Int(-3, 3), required=False)}, min_fields=1), required=False,
                      doc="a faction with this status must exist, else no entanglement"),
        "options": F(ListOf(Record({"id": ID, "text": TEXT, "cost": F(COST)}), min=1, unique_by="id")),
    }), min=1, unique_by="id")),
}), "Entanglements (BITD.DOWNTIME.ENTANGLE)",
    provides=(("entanglement", "entanglements[*]"), ("heat_column", "columns[*]")), checks=(_check_entanglements,))

PAYOFF = TableSchema("blades/payoff", Record({
    "sizes": F(ListOf(Record({"id": ID, "coin": F(Int(0, 20)), "name": NAME, "text": TEXT}), min=1, unique_by="id"),
               doc="coin by score size (BITD.DOWNTIME.PAYOFF.2)"),
    "rep": F(Record({"base": F(Int(0, 6)), "quiet": F(Int(0, 6))}),
             doc="rep = max(0, base + target tier - crew tier); quiet scores give `quiet` (BITD.DOWNTIME.PAYOFF.1)"),
    "tithe": F(Record({"base": F(Int(0, 6)), "per_crew_tier": F(Int(0, 4))}), doc="BITD.DOWNTIME.PAYOFF.3"),
}), "Payoff (BITD.DOWNTIME.PAYOFF)", provides=(("score_size", "sizes[*]"),))

HEAT = TableSchema("blades/heat", Record({
    "exposures": F(ListOf(Record({"id": ID, "heat": F(Int(0, 9)), "name": NAME, "text": TEXT}), min=1, unique_by="id"),
                   doc="BITD.DOWNTIME.HEAT.1"),
    "modifiers": F(ListOf(Record({"id": ID, "heat": F(Int(-4, 4)), "text": TEXT}), min=1, unique_by="id"),
                   doc="BITD.DOWNTIME.HEAT.2"),
    "track": F(Record({"max_heat": F(Int(1, 12)), "wanted_at": F(Int(1, 12)), "max_wanted": F(Int(1, 6))}),
               doc="BITD.DOWNTIME.HEAT.3-4"),
}), "Heat and wanted level (BITD.DOWNTIME.HEAT)", provides=(("exposure", "exposures[*]"), ("heat_modifier", "modifiers[*]")))


def _check_prison(data: Any, ck: Checker) -> None:
    wanted = [(s.get("wanted"), f"{p}.wanted") for s, p in walk(data, "sentences[*]") if isinstance(s, dict)]
    check_bands(ck, wanted, 0, 4, "wanted", "sentences")
    check_bands(ck, [(r.get("die"), f"{p}.die") for r, p in walk(data, "results[*]") if isinstance(r, dict)],
                1, 6, "die", "results")


PRISON = TableSchema("blades/prison", Record({
    "sentences": F(ListOf(Record({"wanted": F(Int(0, 4)), "text": TEXT,
                                  "alternative": F(Record({"harm": F(Int(1, 4)), "resistable": F(Bool()), "text": TEXT}),
                                                   required=False)}), min=1), doc="BITD.DOWNTIME.PRISON.2"),
    "roll": F(Record({"dice": F(Str(enum=("crew_tier",))), "text": TEXT}), doc="BITD.DOWNTIME.PRISON.3"),
    "results": F(ListOf(Record({
        "die": F(DieBand()), "text": TEXT,
        "rep": F(Int(0, 6), required=False), "prison_claims": F(Int(0, 2), required=False),
        "status": F(Int(0, 2), required=False), "trauma": F(Int(0, 2), required=False),
    }), min=2)),
    "claims": F(ListOf(Record({"id": ID, "name": NAME, "text": TEXT}), min=1, unique_by="id"), doc="BITD.DOWNTIME.PRISON.4"),
}), "Incarceration (BITD.DOWNTIME.PRISON)", provides=(("prison_claim", "claims[*]"),), checks=(_check_prison,))


def _check_result_bands(data: Any, ck: Checker) -> None:
    for name in ("result_ticks", "acquire_quality"):
        if isinstance(data.get(name), list):
            check_bands(ck, [(r.get("die"), f"{p}.die") for r, p in walk(data, f"{name}[*]") if isinstance(r, dict)],
                        1, 6, "die", name)


DOWNTIME = TableSchema("blades/downtime", Record({
    "activities": F(ListOf(Record({"id": ID, "name": NAME, "text": TEXT,
                                   "roll": F(Str(enum=("crew_tier", "action", "lowest_attribute", "healer", "none")))}),
                           min=6, unique_by="id"), doc="BITD.DOWNTIME.ACT.1"),
    "free_activities": F(Record({"normal": F(Int(0, 4)), "at_war": F(Int(0, 4))}), doc="BITD.DOWNTIME.ACT.2"),
    "extra_activity_cost": F(Record({"coin": F(Int(0, 4)), "rep": F(Int(0, 4))}), doc="either one"),
    "result_ticks": F(ListOf(Record({"die": F(DieBand()), "ticks": F(Int(0, 6))}), min=3),
                      doc="ticks for long-term project, recovery, reduce heat (BITD.DOWNTIME.LTP.1)"),
    "acquire_quality": F(ListOf(Record({"die": F(DieBand()), "quality": F(Int(-2, 3))}), min=3),
                         doc="quality = crew Tier + this (BITD.DOWNTIME.ACQUIRE.2)"),
    "healing_clock": F(Int(2, 8), doc="BITD.DOWNTIME.RECOVER.1"),
    "ltp_clock": F(Int(2, 12), doc="BITD.CLOCK.2"),
}), "Downtime activities (BITD.DOWNTIME.ACT)", provides=(("activity", "activities[*]"),), checks=(_check_result_bands,))

PLANS_T = TableSchema("blades/plans", Record({
    "plans": F(ListOf(Record({"id": ID, "name": NAME, "text": TEXT,
                              "detail": F(Record({"id": ID, "name": NAME, "text": TEXT}))}), min=1, unique_by="id")),
}), "Plans and their details (BITD.SCORE.2)", provides=(("plan", "plans[*]"),))


def _check_engagement(data: Any, ck: Checker) -> None:
    if isinstance(data.get("results"), list):
        check_bands(ck, [(r.get("die"), f"{p}.die") for r, p in walk(data, "results[*]") if isinstance(r, dict)],
                    1, 6, "die", "results")


ENGAGEMENT = TableSchema("blades/engagement", Record({
    "base_dice": F(Int(0, 4), doc="BITD.SCORE.4"),
    "questions": F(ListOf(Record({"id": ID, "text": TEXT, "advantage": TEXT, "disadvantage": TEXT}), min=1, unique_by="id")),
    "results": F(ListOf(Record({"die": F(DieBand()), "position": F(Str(enum=POSITIONS)),
                                "skip_first_obstacle": F(Bool(), required=False), "text": TEXT}), min=3),
                 doc="BITD.SCORE.5"),
}), "Engagement roll (BITD.SCORE.4-5)", provides=(("engagement_question", "questions[*]"),), checks=(_check_engagement,))

#: the score plans a cohort type fits (BITD.COHORT.6: outside them it rolls quality 0)
COHORT_PLANS = F(ListOf(Id()), doc="BITD.COHORT.6")

COHORTS = TableSchema("blades/cohorts", Record({
    "cost_boxes": F(Int(1, 4), doc="BITD.COHORT.1"),
    "gang_types": F(ListOf(Record({"id": ID, "name": NAME, "plans": COHORT_PLANS, "text": TEXT}), min=1,
                           unique_by="id")),
    "experts": F(ListOf(Record({"id": ID, "name": NAME, "plans": COHORT_PLANS}), min=1, unique_by="id"),
                 doc="example specialties"),
    "edges": F(ListOf(Record({"id": ID, "name": NAME, "text": TEXT}), min=1, unique_by="id")),
    "flaws": F(ListOf(Record({"id": ID, "name": NAME, "text": TEXT}), min=1, unique_by="id")),
    "harm": F(ListOf(Record({"level": F(Int(1, 4)), "id": ID, "name": NAME, "text": TEXT}), min=4, max=4, unique_by="level"),
              doc="BITD.COHORT.8"),
}), "Cohorts (BITD.COHORT)",
    provides=(("gang_type", "gang_types[*]"), ("expert", "experts[*]"), ("edge", "edges[*]"), ("flaw", "flaws[*]")))

UPGRADES = TableSchema("blades/upgrades", Record({
    "upgrades": F(ListOf(Record({"id": ID, "name": NAME, "boxes": F(Int(1, 4)), "text": TEXT,
                                 "group": F(Id(), required=False, doc="e.g. quality, training")}),
                         min=1, unique_by="id")),
}), "Generic crew upgrades with box costs (BITD.CREW.CREATE.8)", provides=(("upgrade", "upgrades[*]"),))

CLAIM_BENEFIT = Record({
    "rep_cost": F(Int(-2, 0), required=False, doc="rep needed to advance (turf)"),
    "engagement_dice": F(Record({"plans": F(ListOf(Ref("plan"), min=1, unique_by="")), "dice": F(Int(1, 2))}),
                         required=False),
    "heat_per_score": F(Int(-3, 0), required=False),
    "payoff_coin": F(Record({"coin": F(Int(1, 4)),
                             "operations": F(ListOf(Ref("operation"), min=1, unique_by=""), required=False),
                             "clients": F(ListOf(Str(enum=CLIENT_KINDS), min=1, unique_by=""), required=False)},
                            min_fields=2), required=False),
    "activity_dice": F(Record({"activity": F(Ref("activity")), "dice": F(Int(1, 2))}), required=False),
    "gather_dice": F(Int(1, 2), required=False),
    "income": F(Const("tier_dice_minus_heat"), required=False, doc="downtime coin = highest of Tier dice - heat"),
    "cohort_scale": F(Int(1, 2), required=False),
    "rep_per_score": F(Int(1, 2), required=False),
    "action_dice": F(Record({"actions": F(ListOf(Ref("action"), min=1, unique_by="")), "dice": F(Int(1, 2)),
                             "where": F(Str(enum=("on_site", "on_turf")))}), required=False),
}, doc="what holding the claim gives; {} for lair")

CLAIMS = TableSchema("blades/claims", Record({
    "claims": F(ListOf(Record({"id": ID, "name": NAME, "text": TEXT, "benefit": F(CLAIM_BENEFIT)}),
                       min=1, unique_by="id")),
}), "Claims and their benefits (BITD.CREW.CLAIM.3)", provides=(("claim", "claims[*]"),))

#: faction policies (sim.blades.city.factions): the scripted holders of the ``faction.<id>`` seats
FACTION_POLICY_NAMES = ("expansionist", "vengeful", "cautious", "secretive")
FACTION_MOVES = ("advance_goal", "seize", "gather_info", "call_favour", "move_against", "move_against_crew", "recover",
                 "seek_peace")
FACTION_POLICIES = TableSchema("blades/faction_policies", Record({
    "policies": F(ListOf(Record({
        "id": F(Str(enum=FACTION_POLICY_NAMES)), "text": TEXT,
        "moves": F(MapOf(Str(enum=FACTION_MOVES), Num(0, 100)),
                   doc="relative weight of each move kind when it is on offer (BITD.DOWNTIME.NPC.1)"),
        "goals": F(ListOf(Str(enum=GOAL_KINDS), min=1, unique_by=""), doc="goal kinds, most wanted first"),
        "target": F(Str(enum=("hated", "weakest", "strongest")),
                    doc="whom a move against a rival picks: the most hated (lowest status), the weakest or the strongest"),
    }), min=1, unique_by="id")),
    "categories": F(MapOf(Ref("faction_category"), Str(enum=FACTION_POLICY_NAMES)),
                    doc="each faction category's policy"),
    "factions": F(MapOf(Ref("faction"), Str(enum=FACTION_POLICY_NAMES)), required=False,
                  doc="a faction's own policy, over its category's"),
}), "Faction policies: how each faction's seat chooses its moves (BITD.DOWNTIME.NPC.1)")

#: every Blades table, by key; the loader validates ``content/<key>.yaml`` with it (magnitude, rituals and crafting:
#: :mod:`sim.blades.schemas_arcana`).
TABLES: dict[str, TableSchema] = {t.key: t for t in (
    ACTIONS, PLAYBOOKS, CREWS, FACTIONS, HARM, TRAUMA, VICES, ENTANGLEMENTS, PAYOFF, HEAT, PRISON, DOWNTIME,
    PLANS_T, ENGAGEMENT, COHORTS, UPGRADES, CLAIMS, CLOCKS, BARGAINS, COMPLICATIONS, TARGETS, FACTION_POLICIES,
    ARCANA,
)}
