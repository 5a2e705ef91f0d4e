"""A checker re-derives ``activity`` and ``heat`` events from their own fields (issue 16, part 4).

Every shipped Blades scenario, 9 seeds each (63 campaigns): each ``activity``
event's result is read again from its faces, its ``final_result`` is its
``result`` raised by ``coin_spent`` and ``bonus_levels`` (BITD.DOWNTIME.ACT.4),
and what it did (ticks, heat removed, quality, stress) follows from the
result by the rule, with this file's own tables, not the engine's functions.
Every ``heat`` event adds ``base`` (an exposure's 0/2/4/6, or 0 with a named
modifier) and its modifiers, clamps a negative sum at 0 (``clamped``) and
rolls over at 9 under its ``at_max_wanted`` option (BITD.DOWNTIME.HEAT.1-4).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from sim.blades.campaign import run_campaign
from sim.content import load_scenario
from sim.journal import Journal

ROOT = Path(__file__).resolve().parents[1]
SCENARIOS = sorted(p for p in [*ROOT.glob("scenarios/*.yaml"), *ROOT.glob("scenarios/tests/*.yaml")]
                   if "\nsystem: blades" in p.read_text(encoding="utf-8"))  # Blades events: Blades campaigns
SEEDS = range(9)

RESULTS = ("failure", "partial", "success", "critical")
TICKS = {"failure": 1, "partial": 2, "success": 3}  # BITD.DOWNTIME.LTP.1, RECOVER.1, REDUCEHEAT.1
EXPOSURE_BASE = {"quiet": 0, "contained": 2, "loud": 4, "wild": 6, "": 0}  # BITD.DOWNTIME.HEAT.1
QUALITY_STEP = {"failure": -1, "partial": 0, "success": 1, "critical": 2}  # BITD.CRAFT.2, ACQUIRE.2


def _journal(path: Path, seed: int) -> list[dict]:
    journal = Journal()
    run_campaign(load_scenario(path), seed, journal=journal)
    return journal.events


@pytest.fixture(scope="module")
def journals() -> list[tuple[str, list[dict]]]:
    return [(f"{p.relative_to(ROOT)} seed {s}", _journal(p, s)) for p in SCENARIOS for s in SEEDS]


def read_faces(dice: int, faces: list[int]) -> str:
    """BITD.CORE.1-3, by hand: the highest die (two sixes a critical); at 0 dice the lower of two, never critical."""
    if dice <= 0:
        assert len(faces) == 2
        die = min(faces)
    else:
        assert len(faces) == dice
        if faces.count(6) >= 2:
            return "critical"
        die = max(faces)
    return "success" if die == 6 else "partial" if die >= 4 else "failure"


def raised(result: str, steps: int) -> str:
    return RESULTS[min(len(RESULTS) - 1, RESULTS.index(result) + steps)]


def ticks(result: str, critical: int = 5) -> int:
    return critical if result == "critical" else TICKS[result]


def check_activity(e: dict) -> None:
    kind = e["activity"]
    if kind in ("favor", "train", "trauma_trouble", "replace_cohort"):  # no roll (BITD.STRESS.5: trouble from a
        assert kind != "train" or e["xp"] in (1, 2)                   # trauma condition; BITD.COHORT.9: a new cohort)
        assert kind != "trauma_trouble" or e["condition"]
        assert kind != "replace_cohort" or e["cohort"]
        return
    if kind == "ritual":
        check_ritual(e)
        return
    if e["faces"]:
        assert read_faces(e["dice"], e["faces"]) == e["result"]
    if kind == "craft":  # coin buys quality, not result levels (BITD.CRAFT.2)
        assert e["final_result"] == raised(e["result"], e["bonus_levels"])
        quality = (e["tier"] + QUALITY_STEP[e["final_result"]] + e["workshop"] + e["coin_spent"])
        assert e["quality"] == max(0, quality)
        assert e["made"] == (e["quality"] >= e["min_quality"] and e["stage"] == e["stages"])
        return
    if kind == "indulge_vice":  # coin clears stress, it raises no result (BITD.DOWNTIME.VICE.1)
        assert e["final_result"] == e["result"]
        assert e["dice"] == e["dice_from"]["lowest_attribute"] + e["dice_from"]["friend"]
        return
    assert e["final_result"] == raised(e["result"], e["coin_spent"] + e["bonus_levels"]), e
    final = e["final_result"]
    if kind == "long_term_project":
        assert e["ticks"] == ticks(final, e["critical_ticks"])
    elif kind == "recover":  # BITD.DOWNTIME.RECOVER.1-3
        assert e["ticks"] == ticks(final)
        assert e["dice"] == sum(e["dice_from"].values())
        assert e["patient_stress"] == (1 if not e["healer"] else 2 if e["healer"] == e["pc"] else 0)
    elif kind == "reduce_heat":
        assert e["heat_removed"] == min(ticks(final), e["heat_before"])
    elif kind == "acquire_asset":
        assert e["dice"] == sum(e["dice_from"].values())
        assert e["quality"] == max(0, e["tier"] + QUALITY_STEP[final])
    else:
        raise AssertionError(f"no re-derivation for activity {kind!r}")


HARM_AT = {"controlled": 1, "risky": 2, "desperate": 3}  # BITD.HARM.2


def check_ritual(e: dict) -> None:
    """BITD.MAG.5, BITD.RITUAL.3: stress = the magnitudes summed - the casting time's duration (an hour or more)
    - claims' reductions; the danger roll's harm by its position; the fortune roll of the magnitude, raised by
    coin, removes heat 1/2/3/5."""
    assert 1 <= e["part"] <= e["parts"]
    if not e["complete"]:  # a ritual of several activities under way: nothing is paid yet
        assert e["part"] < e["parts"]
        return
    assert e["part"] == e["parts"]
    assert e["time_discount"] == (e["casting"] if e["casting"] >= 2 and e["time_rule"] == "duration" else 0)
    assert e["stress"] == max(0, sum(e["magnitude"].values()) - e["time_discount"] - sum(e["reductions"].values()))
    danger = e["danger"]
    if danger:
        if danger["faces"]:
            assert read_faces(danger["dice"], danger["faces"]) == danger["result"]
        level = HARM_AT[danger["position"]]
        assert danger["harm"] == {"failure": level, "partial": level - 1}.get(danger["result"], 0)
    fortune = e["fortune"]
    assert bool(fortune) == (e["outcome"] == "reduce_heat")
    if fortune:
        assert fortune["dice"] == e["pool"] == sum(e["magnitude"].values())
        if fortune["faces"]:
            assert read_faces(fortune["dice"], fortune["faces"]) == fortune["result"]
        assert fortune["final_result"] == raised(fortune["result"], fortune["coin_spent"])
        assert e["heat_removed"] == min(ticks(fortune["final_result"]), e["heat_before"])


def check_heat(e: dict, phase: str) -> None:
    total = e["base"] + sum(e["modifiers"].values())
    assert e["added"] == max(0, total)
    assert e["clamped"] == (total < 0)
    assert e["base"] == EXPOSURE_BASE[e["exposure"]]
    if e["exposure"] == "":
        assert e["base"] == 0, "heat outside the score's exposure is a named modifier on base 0"
    heat, wanted = e["heat_before"] + e["added"], e["wanted_before"]
    while heat > 8:  # BITD.DOWNTIME.HEAT.3-4
        if wanted < 4:
            wanted, heat = wanted + 1, heat - 9
        elif e["at_max_wanted"] == "cap":
            heat = 8
        else:
            heat -= 9
    assert (e["heat_after"], e["wanted_after"]) == (heat, wanted)


def test_activity_and_heat_events_rederive_from_their_own_fields(journals):
    counts = {"activity": 0, "heat": 0, "clamped": 0, "bonus_levels": 0, "craft": 0, "ritual": 0}
    problems = []
    for where, events in journals:
        for e in events:
            try:
                if e["event"] == "activity":
                    check_activity(e)
                    counts["activity"] += 1
                    counts["bonus_levels"] += bool(e.get("bonus_levels"))
                    counts[e["activity"]] = counts.get(e["activity"], 0) + 1
                elif e["event"] == "heat":
                    check_heat(e, e["phase"])
                    counts["heat"] += 1
                    counts["clamped"] += e["clamped"]
            except (AssertionError, KeyError) as exc:
                problems.append(f"{where} seq {e['seq']} {e['event']}: {exc!r} {e}")
    assert not problems, "\n".join(problems[:10])
    assert len(journals) >= 60 and counts["activity"] > 1000 and counts["heat"] > 300, counts
    assert counts["craft"] > 10 and counts["ritual"] > 10 and counts["bonus_levels"] > 10, counts


def test_BITD_DOWNTIME_HEAT_1_only_the_score_heat_has_a_base(journals):
    """The exposure's base heat is the heat phase's; every other heat event is base 0 with named modifiers."""
    named = 0
    for _, events in journals:
        for e in events:
            if e["event"] == "heat" and e["exposure"] == "":
                assert e["base"] == 0
                named += bool(e["modifiers"])
            elif e["event"] == "heat":
                assert e["phase"] == "heat"
    assert named > 0


def test_BITD_DOWNTIME_VICE_1_and_PRISON_3_rolls_rederive_too(journals):
    """A vice roll clears its die (+1 a coin, up to 6; more than marked overindulges); the incarceration roll is
    crew Tier (+1d Guard Payoff) dice."""
    seen = {"vice": 0, "incarceration_roll": 0}
    for where, events in journals:
        for e in events:
            if e["event"] == "vice":
                if e["faces"]:
                    assert e["die"] == (min(e["faces"]) if e["dice"] <= 0 else max(e["faces"])), where
                assert e["cleared"] == min(6, e["die"] + e["coin_spent"]) if e["coin_spent"] else e["die"]
                assert e["overindulged"] == (e["cleared"] > e["stress_before"])
                assert e["stress_after"] == max(0, e["stress_before"] - e["cleared"])
                seen["vice"] += 1
            elif e["event"] == "incarceration_roll":
                assert e["dice"] == sum(e["dice_from"].values())
                if e["faces"]:
                    assert read_faces(e["dice"], e["faces"]) == e["result"]
                seen["incarceration_roll"] += 1
    assert seen["vice"] > 100 and seen["incarceration_roll"] > 0, seen
