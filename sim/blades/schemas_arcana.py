"""Schema of the Blades table of magnitude, rituals and crafting (``content/blades/arcana.yaml``; BITD.MAG,
BITD.RITUAL, BITD.CRAFT), with its closed vocabularies: magnitude's dimensions, an item's drawbacks, the kinds of
crafting and of modification. Registered in :data:`sim.blades.schemas.TABLES`."""

from __future__ import annotations

from typing import Any

from sim.blades.schema_words import ID, NAME, POSITIONS, TEXT
from sim.content.schema import Bool, Checker, F, Id, Int, ListOf, Record, Ref, Str, Text
from sim.content.table import TableSchema, walk

# --- magnitude, rituals and crafting (BITD.MAG, BITD.RITUAL, BITD.CRAFT) ---------------------------------
MAG_DIMENSIONS = ("area", "scale", "duration", "range", "quality", "force")  # BITD.MAG.2
DRAWBACKS = ("complex", "conspicuous", "consumable", "rare", "unreliable", "volatile")  # BITD.CRAFT.4
CRAFT_KINDS = ("alchemical", "spark_craft", "arcane", "common")  # BITD.CRAFT.1
MODIFICATIONS = ("simple", "significant", "arcane")  # BITD.CRAFT.3
_MAGNITUDE = Record({d: F(Int(0, 6), required=False) for d in MAG_DIMENSIONS}, doc="dimensions rated 0-6 (BITD.MAG.1)")
_SIDE_EFFECT = Record({"harm": F(Int(1, 3), required=False), "stress": F(Int(1, 4), required=False)})


def _check_arcana(data: Any, ck: Checker) -> None:
    levels = [r.get("level") for r in data.get("magnitude") or () if isinstance(r, dict)]
    if levels != list(range(7)):
        ck.error("magnitude", f"needs the rows 0..6 in order, got {levels}")
    for rec, path in walk(data, "formulas[*]"):
        if not isinstance(rec, dict):
            continue
        if ("magnitude" in rec) == ("modify" in rec):
            ck.error(path, "needs either magnitude (a new item) or modify (a change to an item), not both")
        drawbacks = rec.get("drawbacks") or ()
        if ("complex" in drawbacks) != ("stages" in rec):
            ck.error(path, "a complex item, and only one, has stages")
        if ("volatile" in drawbacks) != ("side_effect" in rec):
            ck.error(path, "a volatile item, and only one, has a side_effect")
        if ("consumable" in drawbacks) != (rec.get("uses", 0) > 0):
            ck.error(path, "a consumable item, and only one, has uses above 0")
    for rec, path in walk(data, "rituals[*]"):
        if isinstance(rec, dict) and (rec.get("outcome") == "prime") != ("prime" in rec):
            ck.error(path, "a ritual whose outcome is prime, and only one, has prime")


ARCANA = TableSchema("blades/arcana", Record({
    "magnitude": F(ListOf(Record({"level": F(Int(0, 6)), **{d: F(Text()) for d in MAG_DIMENSIONS}}), min=7, max=7),
                   doc="BITD.MAG.2"),
    "rituals": F(ListOf(Record({
        "id": ID, "name": NAME, "text": TEXT, "magnitude": F(_MAGNITUDE),
        "casting": F(Int(0, 6), doc="casting time on the duration row (BITD.MAG.5)"),
        "activities": F(Int(1, 3), doc="downtime activities the casting takes (BITD.RITUAL.3)"),
        "danger": F(Str(enum=POSITIONS), required=False, doc="an Attune action roll at this position"),
        "outcome": F(Str(enum=("reduce_heat", "prime"))),
        "prime": F(Record({"dice": F(Int(0, 2)), "effect": F(Int(0, 2)),
                           "actions": F(ListOf(Ref("action"), min=1, unique_by=""))}), required=False),
        "price": F(Record({"clock": F(Id()), "size": F(Int(4, 12)), "ticks": F(Int(1, 4)),
                           "when_full": F(_SIDE_EFFECT)}), required=False),
        "known": F(Bool(), required=False, doc="known on taking the Ritual ability (BITD.RITUAL.1)"),
    }), min=1, unique_by="id"), doc="BITD.RITUAL"),
    "formulas": F(ListOf(Record({
        "id": ID, "name": NAME, "text": TEXT, "kind": F(Str(enum=CRAFT_KINDS)),
        "common": F(Bool(), required=False, doc="no invention needed (BITD.CRAFT.1)"),
        "known_with": F(Ref("ability"), required=False, doc="known on taking this ability (BITD.CRAFT.1)"),
        "magnitude": F(_MAGNITUDE, required=False), "modify": F(Str(enum=MODIFICATIONS), required=False),
        "drawbacks": F(ListOf(Str(enum=DRAWBACKS), unique_by="")), "stages": F(Int(2, 4), required=False),
        "uses": F(Int(0, 6), doc="0: no limit"), "side_effect": F(_SIDE_EFFECT, required=False),
        "use": F(Record({"dice": F(Int(0, 2)), "effect": F(Int(0, 2)),
                         "actions": F(ListOf(Ref("action"), min=1, unique_by=""))})),
    }), min=1, unique_by="id"), doc="BITD.CRAFT"),
}), "Magnitude, rituals and crafting (BITD.MAG, BITD.RITUAL, BITD.CRAFT)",
    provides=(("ritual", "rituals[*]"), ("formula", "formulas[*]")), checks=(_check_arcana,))
