"""What the crew knows and holds of the arcane: rituals and formulas learned, sources found, items crafted,
rituals primed (BITD.RITUAL, BITD.CRAFT).

The state is plain data (``campaign.arcana``, a JSON-plain dict) changed only
by :meth:`ArcanaChanges.change_arcana`, which journals one ``arcana`` event
per change (docs/dev/style.md principle 7). :func:`apply_arcana` is the one definition
of what each change does: the campaign applies it to its state, and
:mod:`sim.blades.crew.sheet` applies it to the sheet it folds from the journal, so
the two cannot drift apart. What a scoundrel knows from their abilities alone
(the Ritual ability's first ritual, an Alchemist's formula) is not state: it
follows from the sheet's abilities (:mod:`sim.blades.arcana.rituals`,
:mod:`sim.blades.arcana.craft`).

::

    {"learned": {pc: ["ritual:<id>" | "formula:<id>", ...]},  # learned or invented in play
     "sources": [ritual id, ...],                               # ritual sources the crew has found
     "items": [{id, formula, pc, quality, uses, limited}],      # crafted items standing by
     "stages": {"<pc>:<formula>": [quality, ...]},              # stages of a complex item made so far
     "casting": {"<pc>:<ritual>": activities done},             # a ritual of several activities under way
     "primed": {pc: [ritual id, ...]},                          # rituals cast and held for release
     "made": n}                                                 # items made so far (their ids)
"""

from __future__ import annotations

from typing import Any, Mapping

from sim.errors import IllegalMove

CHANGES = ("learned", "source", "stage", "item", "item_used", "casting", "primed", "released")


def new_arcana() -> dict[str, Any]:
    return {"learned": {}, "sources": [], "items": [], "stages": {}, "casting": {}, "primed": {}, "made": 0}


def apply_arcana(state: dict[str, Any], e: Mapping[str, Any]) -> None:
    """Apply one ``arcana`` change (an event's fields) to ``state``."""
    change = e["change"]
    if change == "learned":
        state["learned"].setdefault(e["pc"], []).append(e["what"])
    elif change == "source":
        state["sources"].append(e["ritual"])
    elif change == "stage":
        state["stages"][f"{e['pc']}:{e['formula']}"] = list(e["qualities"])
    elif change == "item":
        state["made"] += 1
        state["stages"].pop(f"{e['pc']}:{e['formula']}", None)
        state["items"].append({"id": e["item"], "formula": e["formula"], "pc": e["pc"], "quality": e["quality"],
                               "uses": e["uses"], "limited": e["limited"]})
    elif change == "item_used":
        for i, item in enumerate(state["items"]):
            if item["id"] == e["item"]:
                item["uses"] = e["uses_after"]
                if item["limited"] and item["uses"] <= 0:
                    del state["items"][i]
                break
        else:
            raise IllegalMove(f"no item {e['item']!r} standing by")
    elif change == "casting":
        state["casting"][f"{e['pc']}:{e['ritual']}"] = e["done"]
    elif change == "primed":
        state["casting"].pop(f"{e['pc']}:{e['ritual']}", None)
        state["primed"].setdefault(e["pc"], []).append(e["ritual"])
    elif change == "released":
        held = state["primed"].get(e["pc"], [])
        if e["ritual"] not in held:
            raise IllegalMove(f"{e['pc']} holds no primed {e['ritual']!r}")
        held.remove(e["ritual"])
        if not held:
            del state["primed"][e["pc"]]
    else:
        raise IllegalMove(f"no arcana change {change!r}")


class ArcanaChanges:
    """The :class:`~sim.blades.crew.state.Campaign` method that changes ``campaign.arcana``; it journals ``arcana``."""

    arcana: dict[str, Any]
    emit: Any

    def change_arcana(self, change: str, **fields: Any) -> dict[str, Any]:
        """Make one arcana change (:data:`CHANGES`) and journal it as ``arcana`` (``change`` and its fields)."""
        apply_arcana(self.arcana, {"change": change, **fields})
        return self.emit("arcana", change=change, **fields)
