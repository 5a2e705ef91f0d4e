"""Every shipped table loads, cross-references resolve, and the rules tables
match RULES.md. Expected values are written here from RULES.md, independently
of the YAML."""

from __future__ import annotations

import pytest

from sim.content import load_content
from sim.content.bands import parse_band
from sim.i18n import text_of


@pytest.fixture(scope="module")
def content():
    return load_content()


def by_id(content, key, field=None):
    return content.index(key, field)


def test_every_registered_table_loads(content):
    from sim.content.loader import STANDALONE, tables

    for key in tables():
        if key.split("/", 1)[0] in STANDALONE:  # read on their own (the name pools: tests/test_names.py)
            assert key not in content.tables, key
            continue
        assert isinstance(content.table(key), dict), key
    assert content.warnings == ()


def test_table_lookup_names_missing_tables(content):
    with pytest.raises(KeyError, match="no content table 'blades/nope'"):
        content.table("blades/nope")


# --- BITD.DOWNTIME.ENTANGLE.2: the entanglement table, cell by cell ---------------

ENTANGLEMENT_TABLE = {  # (heat band, die band) -> entanglements, from RULES.md
    ((0, 3), (1, 3)): ["gang_trouble", "usual_suspects"],
    ((4, 5), (1, 3)): ["gang_trouble", "questioning"],
    ((6, 8), (1, 3)): ["flipped", "interrogation"],
    ((0, 3), (4, 5)): ["rivals", "unquiet_dead"],
    ((4, 5), (4, 5)): ["reprisals", "unquiet_dead"],
    ((6, 8), (4, 5)): ["demonic_notice", "show_of_force"],
    ((0, 3), (6, 6)): ["cooperation"],
    ((4, 5), (6, 6)): ["show_of_force"],
    ((6, 8), (6, 6)): ["arrest"],
}


def test_BITD_DOWNTIME_ENTANGLE_2_table_cell_by_cell(content):
    table = content.table("blades/entanglements")
    columns = {c["id"]: parse_band(c["heat"], critical=False) for c in table["columns"]}
    found = {}
    for row in table["rows"]:
        die = parse_band(row["die"])
        for col, names in row["cells"].items():
            found[(columns[col], die)] = names
    assert found == ENTANGLEMENT_TABLE
    assert table["dice"] == "wanted"  # BITD.DOWNTIME.ENTANGLE.1


def _option_costs(content, ent):
    return {o["id"]: o["cost"] for o in by_id(content, "blades/entanglements")[ent]["options"]}


def test_BITD_DOWNTIME_ENTANGLE_4_costs(content):
    assert _option_costs(content, "arrest")["pay_off"] == {"coin": {"base": 3, "per": "wanted"}}
    assert _option_costs(content, "interrogation") == {"pay_off": {"coin": 3}, "take_it_and_talk": {"harm": 2, "heat": 3}}
    assert _option_costs(content, "questioning")["pay_off"] == {"coin": 2}
    assert _option_costs(content, "usual_suspects")["pay_off"] == {"coin": 1}
    assert _option_costs(content, "demonic_notice")["hide"] == {"rep": 3}
    assert _option_costs(content, "reprisals")["pay_them"] == {"rep": {"per": "faction_tier"}, "coin": {"per": "faction_tier"}}
    rivals = _option_costs(content, "rivals")
    assert rivals["forfeit_rep"] == {"rep": {"per": "faction_tier"}} and rivals["forfeit_coin"] == {"coin": {"per": "faction_tier"}}
    assert _option_costs(content, "gang_trouble")["lose_face"] == {"rep": {"base": 1, "per": "crew_tier"}}
    assert _option_costs(content, "show_of_force")["go_to_war"] == {"set_status": -3}
    assert by_id(content, "blades/entanglements")["cooperation"]["requires"] == {"status_is": 3}
    # the questioning and usual suspects fortune rolls [inferred]
    q = _option_costs(content, "questioning")["see_if_they_talk"]["fortune"]["results"]
    assert [(r["die"], r["cost"]) for r in q] == [("1-3", {"heat": 2}), ("4-5", {"heat": 1}), (6, {"nothing": True})]
    u = _option_costs(content, "usual_suspects")["see_what_happens"]["fortune"]["results"]
    assert [(r["die"], r["cost"]) for r in u] == [("1-3", {"heat": 2}), ("4-5", {"harm": 2}), (6, {"nothing": True})]


# --- BITD.DOWNTIME.PAYOFF and HEAT --------------------------------------------------

def test_BITD_DOWNTIME_PAYOFF_2_coin_by_score_size(content):
    sizes = content.table("blades/payoff")["sizes"]
    assert [s["coin"] for s in sizes] == [2, 4, 6, 8, 10]
    assert [s["id"] for s in sizes] == ["minor", "small", "standard", "big", "major"]


def test_BITD_DOWNTIME_PAYOFF_1_and_3_rep_and_tithe(content):
    payoff = content.table("blades/payoff")
    assert payoff["rep"] == {"base": 2, "quiet": 0}
    assert payoff["tithe"] == {"base": 1, "per_crew_tier": 1}


def test_BITD_DOWNTIME_HEAT_1_heat_by_exposure(content):
    assert {e["id"]: e["heat"] for e in content.table("blades/heat")["exposures"]} == {
        "quiet": 0, "contained": 2, "loud": 4, "wild": 6}


def test_BITD_DOWNTIME_HEAT_2_modifiers_and_track(content):
    heat = content.table("blades/heat")
    mods = {m["id"]: m["heat"] for m in heat["modifiers"]}
    assert mods["high_profile"] == 1 and mods["hostile_turf"] == 1 and mods["at_war"] == 1
    assert mods["killing"] == 2 and mods["cover_operation"] == -2
    assert heat["track"] == {"max_heat": 8, "wanted_at": 9, "max_wanted": 4}


# --- BITD.HARM, BITD.STRESS --------------------------------------------------------

def test_BITD_HARM_1_levels_slots_and_penalties(content):
    levels = {lv["level"]: (lv["slots"], lv["penalty"]) for lv in content.table("blades/harm")["levels"]}
    assert levels == {1: (2, "reduced_effect"), 2: (2, "minus_one_die"), 3: (1, "need_help"), 4: (0, "death")}


def test_BITD_HARM_5_examples_by_level(content):
    examples = {lv["level"]: {text_of(x, "en") for x in lv["examples"]} for lv in content.table("blades/harm")["levels"]}
    assert {"battered", "drained", "distracted", "scared", "confused"} <= examples[1]
    assert {"exhausted", "concussion", "panicked", "seduced"} <= examples[2]
    assert {"impaled", "broken leg", "badly burned", "terrified"} <= examples[3]
    assert {"electrocuted", "drowned"} <= examples[4]


def test_BITD_STRESS_4_trauma_conditions(content):
    trauma = content.table("blades/trauma")
    assert [c["id"] for c in trauma["conditions"]] == [
        "cold", "haunted", "obsessed", "paranoid", "reckless", "soft", "unstable", "vicious"]
    assert trauma["stress_boxes"] == 9 and trauma["max_trauma"] == 4  # BITD.STRESS.1, .6


# --- other rules tables ---------------------------------------------------------------

def test_BITD_ATTR_1_actions_grouped_by_attribute(content):
    attrs = {a["id"]: a["actions"] for a in content.table("blades/actions")["attributes"]}
    assert attrs == {"insight": ["hunt", "study", "survey", "tinker"],
                     "prowess": ["finesse", "prowl", "skirmish", "wreck"],
                     "resolve": ["attune", "command", "consort", "sway"]}
    assert content.table("blades/actions")["rating"] == {"max_at_creation": 2, "max": 3, "max_with_mastery": 4}


def test_BITD_CHAR_CREATE_4_vices_and_DOWNTIME_VICE_2_overindulgences(content):
    vices = content.table("blades/vices")
    assert [v["id"] for v in vices["vices"]] == ["faith", "gambling", "luxury", "obligation", "pleasure", "stupor", "weird"]
    over = {o["id"]: o["mechanics"] for o in vices["overindulgences"]}
    assert over == {"attract_trouble": {"extra_entanglement": True}, "brag": {"heat": 2},
                    "lost": {"absent": True}, "tapped": {"lose_purveyor": True}}
    assert {p["vice"] for p in vices["purveyors"]} == {v["id"] for v in vices["vices"]}


def test_BITD_DOWNTIME_PRISON_2_and_3(content):
    prison = content.table("blades/prison")
    assert [s["wanted"] for s in prison["sentences"]] == [0, 1, 2, 3, 4]
    assert prison["sentences"][0]["alternative"]["harm"] == 3 and not prison["sentences"][0]["alternative"]["resistable"]
    results = {str(r["die"]): {k: v for k, v in r.items() if k not in ("die", "text")} for r in prison["results"]}
    assert results == {"critical": {"rep": 3, "prison_claims": 1, "status": 1}, "6": {"prison_claims": 1, "status": 1},
                       "4-5": {}, "1-3": {"trauma": 1}}
    assert {c["id"] for c in prison["claims"]} == {"allied_claim", "cell_block_control", "guard_payoff", "hardcase",
                                                  "parole_influence", "smuggling"}


def test_BITD_DOWNTIME_LTP_1_ticks_and_ACQUIRE_2_quality(content):
    downtime = content.table("blades/downtime")
    assert [(str(r["die"]), r["ticks"]) for r in downtime["result_ticks"]] == [("1-3", 1), ("4-5", 2), ("6", 3), ("critical", 5)]
    assert [(str(r["die"]), r["quality"]) for r in downtime["acquire_quality"]] == [("1-3", -1), ("4-5", 0), ("6", 1), ("critical", 2)]
    assert downtime["free_activities"] == {"normal": 2, "at_war": 1}  # BITD.DOWNTIME.ACT.2
    assert downtime["healing_clock"] == 4
    assert {a["id"] for a in downtime["activities"]} == {"acquire_asset", "long_term_project", "recover", "reduce_heat",
                                                         "train", "indulge_vice"}


def test_BITD_SCORE_2_plans_and_details(content):
    plans = {p["id"]: p["detail"]["id"] for p in content.table("blades/plans")["plans"]}
    assert plans == {"assault": "point_of_attack", "deception": "method_of_deception", "stealth": "point_of_infiltration",
                     "occult": "arcane_method", "social": "social_connection", "transport": "route_and_means"}


def test_BITD_SCORE_5_engagement_results(content):
    eng = content.table("blades/engagement")
    assert eng["base_dice"] == 1
    assert [(str(r["die"]), r["position"]) for r in eng["results"]] == [
        ("critical", "controlled"), ("6", "controlled"), ("4-5", "risky"), ("1-3", "desperate")]
    assert len(eng["questions"]) == 4


def test_BITD_CREW_CREATE_8_generic_upgrade_box_costs(content):
    boxes = {u["id"]: u["boxes"] for u in content.table("blades/upgrades")["upgrades"]}
    expected = {"boat_house": 1, "carriage_house": 1, "cohort": 2, "hidden_lair": 1, "mastery": 4, "quarters": 1,
                "secure_lair": 1, "vault": 1, "workshop": 1, "composed": 3, "hardened": 3, "cohort_type": 2}
    expected.update({f"quality_{q}": 1 for q in ("documents", "gear", "implements", "supplies", "tools", "weapons")})
    expected.update({f"training_{t}": 1 for t in ("insight", "prowess", "resolve", "playbook")})
    assert {k: boxes[k] for k in expected} == expected


def test_BITD_COHORT_cohorts(content):
    cohorts = content.table("blades/cohorts")
    assert cohorts["cost_boxes"] == 2
    assert [g["id"] for g in cohorts["gang_types"]] == ["adepts", "rooks", "rovers", "skulks", "thugs"]
    assert [e["id"] for e in cohorts["edges"]] == ["fearsome", "independent", "loyal", "tenacious"]
    assert [f["id"] for f in cohorts["flaws"]] == ["principled", "savage", "unreliable", "wild"]
    assert [h["id"] for h in cohorts["harm"]] == ["weakened", "impaired", "broken", "dead"]


def test_BITD_CREW_CLAIM_3_generic_claims(content):
    claims = by_id(content, "blades/claims")
    assert claims["turf"]["benefit"] == {"rep_cost": -1}
    assert claims["cover_operation"]["benefit"] == {"heat_per_score": -2}
    assert claims["informants"]["benefit"] == {"gather_dice": 1}
    assert claims["victim_trophies"]["benefit"] == {"rep_per_score": 1}
    assert claims["city_records"]["benefit"]["engagement_dice"] == {"plans": ["stealth"], "dice": 1}
    for income in ("protection_racket", "vice_den", "fighting_pits", "side_business"):
        assert claims[income]["benefit"] == {"income": "tier_dice_minus_heat"}
    assert claims["loyal_fence"]["benefit"]["payoff_coin"] == {"coin": 2, "operations": ["burglary", "robbery"]}


def test_playbooks_srd_seven_with_three_dots(content):
    books = by_id(content, "blades/playbooks")
    assert sorted(books) == ["cutter", "hound", "leech", "lurk", "slide", "spider", "whisper"]
    for book in books.values():
        assert sum(book["actions"].values()) == 3  # BITD.CHAR.CREATE.2
    assert books["cutter"]["actions"] == {"skirmish": 2, "command": 1}


def test_BITD_ABIL_engine_mechanics(content):
    abilities = {a["id"]: a["mechanics"] for b in content.table("blades/playbooks")["playbooks"] for a in b["abilities"]}
    assert abilities["mule"] == {"load_limits": {"light": 5, "normal": 7, "heavy": 8}}
    assert abilities["vigorous"]["healing_clock"] == 3
    assert abilities["tough_as_nails"] == {"harm_penalty_shift": 1}
    assert abilities["foresight"] == {"free_assists": 2}
    assert abilities["calculating"] == {"extra_activities": 1}
    assert abilities["little_something"] == {"stash_per_downtime": 2}
    assert abilities["rooks_gambit"] == {"substitute_action": {"stress": 2}}
    assert abilities["leader"] == {"cohort_leader": {"effect": 1, "armor": 1, "fights_on": True}}  # BITD.COHORT.10
    assert abilities["daredevil"]["resist_dice_penalty"] == -1
    crew_abilities = {a["id"]: a["mechanics"] for c in content.table("blades/crews")["crews"] for a in c["abilities"]}
    assert crew_abilities["patron"] == {"tier_cost_factor": 0.5}
    assert crew_abilities["synchronized"] == {"group_crit_from_sixes": True}


def test_crews_six_types_with_claim_maps(content):
    crews = by_id(content, "blades/crews")
    assert sorted(crews) == ["assassins", "bravos", "cult", "hawkers", "shadows", "smugglers"]
    for crew in crews.values():
        grid = crew["claim_map"]
        assert [len(r) for r in grid] == [5, 5, 5] and grid[1][2] == "lair"
        assert set(crew["xp_trigger"]["operations"]) <= set(crew["operations"])


def test_factions_at_least_twenty_with_clocks_and_known_names(content):
    factions = by_id(content, "blades/factions")
    assert len(factions) >= 20
    for fid in ("bluecoats", "lampblacks", "red_sashes", "crows", "hive", "grinders", "billhooks", "dimmer_sisters",
                "silver_nails", "unseen", "path_of_echoes", "spirit_wardens", "ironhook_prison", "leviathan_hunters",
                "city_council", "inspectors", "gondoliers", "church_of_ecstasy"):
        assert fid in factions, fid
    for f in factions.values():
        assert 0 <= f["tier"] <= 6 and f["hold"] in ("weak", "strong")
        assert len(f["clocks"]) >= 2
        assert set(f["allies"]) <= set(factions) and set(f["enemies"]) <= set(factions)
        assert not set(f["allies"]) & set(f["enemies"])


# --- bargains, complications, targets -----------------------------------------------

EFFECT_KEYS = {"heat", "coin", "rep", "stress", "harm", "tick_clock", "status", "new_clock", "position", "effect",
               "lose_opportunity", "wanted"}  # docs/architecture.md


def test_bargains_thirty_with_closed_effects(content):
    bargains = content.table("blades/bargains")["bargains"]
    assert len(bargains) >= 30
    for b in bargains:
        assert b["effect"] and set(b["effect"]) <= EFFECT_KEYS, b["id"]
        assert b["weight"] >= 0 and b["plans"] and b["positions"]


def test_BITD_CONSEQ_1_complications_thirty_by_severity(content):
    comps = content.table("blades/complications")["complications"]
    assert len(comps) >= 30
    ticks = {"minor": 1, "standard": 2, "serious": 3}
    for c in comps:
        assert set(c["effect"]) <= EFFECT_KEYS, c["id"]
        if "tick_clock" in c["effect"]:
            assert c["effect"]["tick_clock"]["ticks"] == ticks[c["severity"]], c["id"]
        if "harm" in c["effect"]:
            assert c["effect"]["harm"] == ticks[c["severity"]], c["id"]
    for sev in ticks:
        for pos in ("controlled", "risky", "desperate")[ticks[sev] - 1:ticks[sev]]:
            assert any(c["severity"] == sev and pos in c["positions"] for c in comps), (sev, pos)


def test_every_effect_clock_is_defined(content):
    clocks = set(content.ids["clock"])
    for key, field in (("blades/bargains", "bargains"), ("blades/complications", "complications")):
        for entry in content.table(key)[field]:
            tick = entry["effect"].get("tick_clock")
            if tick:
                assert tick["clock"] in clocks, entry["id"]


def test_targets_cover_tiers_factions_and_crew_operations(content):
    targets = content.table("blades/targets")["targets"]
    assert len(targets) >= 25
    assert {t["tier"] for t in targets} >= {0, 1, 2, 3, 4}
    assert len({t["faction"] for t in targets}) >= 15
    factions = set(content.ids["faction"])
    coins = {s["coin"] for s in content.table("blades/payoff")["sizes"]}
    for t in targets:
        assert t["faction"] in factions and t["coin"] in coins
    kinds = {t["kind"] for t in targets}
    for crew in content.table("blades/crews")["crews"]:
        assert kinds & set(crew["operations"]), crew["id"]
