"""Issue 31: Fate rules to the letter. Each broken rule is reproduced on the seed the issue names, with numbers
(FATE.SCENE.4, FATE.RECOVER.2, FATE.ACTION.5, FATE.CHAR.3)."""

from __future__ import annotations

from pathlib import Path

import pytest

from sim.content.scenario import load_scenario
from sim.fate import Scene, make_character, seats_for
from sim.fate.aspects import SITUATION, Aspect
from sim.journal import Journal
from sim.rng import make_rng
from sim.systems import get_system

ROOT = Path(__file__).resolve().parents[1]
FATE = get_system("fate")


def play(path: str, seed: int) -> list[dict]:
    journal = Journal()
    FATE.play(load_scenario(ROOT / path), seed, journal=journal)
    return journal.events


def positions_at_invokes(events) -> list[tuple[dict, str | None, str | None]]:
    """(fate_invoke event, the invoker's zone, the aspect's zone), positions followed from conflict_start and move."""
    where: dict[str, str] = {}
    zone_of: dict[str, str | None] = {}
    out = []
    for e in events:
        kind = e["event"]
        if kind == "scene_start":
            where, zone_of = {}, {}
        elif kind == "conflict_start":
            where = dict(e["positions"])
        elif kind == "move":
            where[e["actor"]] = e["to"]
        elif kind == "fate_aspect":
            zone_of[e["name"]] = e["zone"]
        elif kind == "fate_invoke":
            out.append((e, where.get(e["actor"]), zone_of.get(e["aspect"])))
    return out


# --- FATE.SCENE.4 ----------------------------------------------------------------------------------------

def test_FATE_SCENE_4_a_free_invoke_of_a_zone_aspect_needs_the_invoker_in_its_zone():
    """Paid or free, a zone aspect is invoked only from inside its zone: a held free invoke is not offered elsewhere."""
    a, b = make_character("ana", {"Fight": 2}), make_character("bo", {"Fight": 1})
    sc = Scene(make_rng(1), [a, b], {"ana": "pcs", "bo": "foes"}, seats=seats_for(["ana"]),
               positions={"ana": "pier", "bo": "pier"})
    sc.add_aspect(Aspect("Firm Footing", SITUATION, zone="pier"), by="ana", free_invokes=1)
    p = sc.start_roll("ana", "Fight", "attack", target="bo")
    assert ("free", "Firm Footing", "bonus") in [(h, n, "bonus") for h, n, _ in sc.invoke_options(p)]
    sc.positions["ana"] = "warehouse"
    assert all(name != "Firm Footing" for _, name, _ in sc.invoke_options(p))
    sc.positions["ana"] = "pier"
    assert any(name == "Firm Footing" for _, name, _ in sc.invoke_options(p))


def test_FATE_SCENE_4_docks_seed_4_firm_footing_is_not_invoked_from_the_warehouse():
    """The issue's reproduction: pc2 made Firm Footing on the pier (seq 133), moved to the warehouse (257) and
    free-invoked it there (260). Now no invoke in the adventure comes from outside its aspect's zone."""
    events = play("scenarios/fate_docks.yaml", 4)
    made = [e for e in events if e["event"] == "fate_aspect" and e["name"] == "Firm Footing"]
    assert made and made[0]["zone"] == "pier" and made[0]["holder"] == "pc2"
    invokes = positions_at_invokes(events)
    zoned = [(e, here, zone) for e, here, zone in invokes if zone is not None]
    assert zoned, "no zone aspect was invoked at all: the test would prove nothing"
    assert [(e["seq"], e["actor"], e["aspect"], here, zone) for e, here, zone in zoned if here != zone] == []
    assert all(e["zone"] == here for e, here, _ in invokes if here is not None)  # the invoke names where it was made
