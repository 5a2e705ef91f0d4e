"""Issue 16: every ``mechanics`` key content declares is read by the engine, and each ability's mechanics work
(BITD.ABIL, known answers on small campaigns built by the score kit)."""

from __future__ import annotations

import ast
from pathlib import Path

import yaml

from sim.blades.schemas import MECHANICS

ROOT = Path(__file__).resolve().parents[1]
#: the functions that read one mechanic by key (the key is their last string argument), and ``mech.get("key")``
READERS = {"crew_value", "pc_value", "mechanic_value", "_value_of", "_values", "_holder", "_own_holder"}


def _consumed() -> set[str]:
    """Every mechanic key a reader is called with anywhere under sim/blades/ (string literals only)."""
    found: set[str] = set()
    for path in sorted((ROOT / "sim" / "blades").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""
            on_mech = (isinstance(func, ast.Attribute) and func.attr == "get" and isinstance(func.value, ast.Name)
                       and func.value.id == "mech")
            if name in READERS or on_mech:
                found.update(a.value for a in node.args if isinstance(a, ast.Constant) and isinstance(a.value, str))
    return found


def _declared() -> dict[str, list[str]]:
    """mechanics key -> the abilities declaring it, over crews.yaml and playbooks.yaml."""
    out: dict[str, list[str]] = {}
    for name, key in (("crews", "crews"), ("playbooks", "playbooks")):
        doc = yaml.safe_load((ROOT / "content" / "blades" / f"{name}.yaml").read_text(encoding="utf-8"))
        for book in doc[key]:
            for ability in book.get("abilities") or ():
                for mech in ability.get("mechanics") or {}:
                    out.setdefault(mech, []).append(ability["id"])
    return out


def test_every_mechanics_key_in_content_is_consumed_by_the_engine():
    consumed = _consumed()
    unread = {k: v for k, v in _declared().items() if k not in consumed}
    assert unread == {}


def test_every_mechanics_key_the_schema_allows_is_consumed_by_the_engine():
    assert sorted(set(MECHANICS.fields) - _consumed()) == []


#: roll kinds content may name that no engine roll asks yet, with the reason
PENDING_ROLLS = {"crafting": "crafting rolls are issue 16 part 2 (BITD.CRAFT, the magic helper's branch)"}


def _bonus_entries() -> list[tuple[str, str, str]]:
    """(ability, roll, when) of every bonus_dice / bonus_effect entry in content."""
    out = []
    for name in ("crews", "playbooks"):
        doc = yaml.safe_load((ROOT / "content" / "blades" / f"{name}.yaml").read_text(encoding="utf-8"))
        for book in doc[name]:
            for ability in book.get("abilities") or ():
                mech = ability.get("mechanics") or {}
                for entry in (*(mech.get("bonus_dice") or ()), *(mech.get("bonus_effect") or ())):
                    out.append((ability["id"], entry["roll"], entry["when"]))
    return out


def _asked_rolls() -> set[str]:
    """The roll kinds the engine asks ability bonuses for: abilities.bonus / bonus_of(campaign, pc, "<roll>", ...)."""
    found = set()
    for path in sorted((ROOT / "sim" / "blades").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                    and node.func.attr in ("bonus", "bonus_of") and len(node.args) >= 3
                    and isinstance(node.args[2], ast.Constant)):
                found.add(node.args[2].value)
    return found


def test_every_bonus_in_content_is_for_a_roll_the_engine_makes():
    asked = _asked_rolls()
    assert {(a, r) for a, r, _ in _bonus_entries() if r not in asked and r not in PENDING_ROLLS} == set()


def test_every_bonus_in_content_is_for_a_situation_the_engine_judges():
    from sim.blades.crew.abilities import situations
    words = set(situations())
    plans = ("stealth", "deception", "social", "transport", "occult", "assault")
    for plan in plans:
        for action in ("prowl", "hunt", "command", "sway"):
            for kind in ("murder", "sale", "burglary"):
                words |= situations(plan=plan, kind=kind, action=action, position="desperate", exposure="quiet",
                                    group=True, protecting=True, daring=True, hunting_grounds=True, roll="gather")
    from sim.blades.arcana.craft import KIND_WHEN
    words |= {w for w in KIND_WHEN.values() if w}  # a crafting roll's own situation: the formula's kind (BITD.CRAFT.1)
    assert {(a, w) for a, _, w in _bonus_entries() if w not in words} == set()


def test_the_consumption_check_can_fail():
    assert "no_such_mechanic" not in _consumed()
    assert "bonus_dice" in _consumed() and "tier_cost_factor" in _consumed()


# --- each ability's mechanics, against the real content tables ------------------------------------------

from blades_downtime_kit import make_campaign, make_pc, plan, result  # noqa: E402
from blades_score_kit import QUIET_GM, QUIET_PLAYER, ScriptedRng, script, u_for_faces  # noqa: E402
from sim.blades.advancement import advancement
from sim.blades.crew import abilities, mechanics
from sim.blades.downtime import downtime  # noqa: E402
from sim.blades.score.action import ScoreContext, group_action, rooks_gambit, solo_action  # noqa: E402
from sim.blades.downtime.activities import activities_allowed  # noqa: E402
from sim.blades.score.consequences import inflict  # noqa: E402
from sim.blades.score.effects import ScoreTally  # noqa: E402


def _events(c, name):
    return [e for e in c.journal.events if e["event"] == name]


def _quiet(c):
    for pc in c.pcs:
        script(c, pc.id, **QUIET_PLAYER)
    script(c, "gm", **QUIET_GM)
    return c


def test_BITD_ABIL_synchronized_sixes_on_two_rolls_of_a_group_action_make_a_critical():
    def group(crew_abilities):
        pcs = [make_pc("pc1", actions={"prowl": 1}), make_pc("pc2", actions={"prowl": 1})]
        c = _quiet(make_campaign(rng=ScriptedRng([u_for_faces(6), u_for_faces(6)]), pcs=pcs,
                                 abilities=list(crew_abilities)))
        group_action(c, ScoreTally(), ScoreContext("stealth", "bluecoats", 0, 0), c.pcs[0], "prowl", "risky",
                     "standard")
        return _events(c, "group_result")[0]
    synced, plain = group(["synchronized"]), group([])
    assert (synced["results"], synced["result"], synced["synchronized"]) == (["success", "success"], "critical", True)
    assert (plain["result"], "synchronized" in plain) == ("success", False)


def test_BITD_ABIL_crows_veil_cancels_the_killing_heat_by_name():
    c = make_campaign(abilities=["crows_veil"])
    mods = downtime.heat_modifiers(c, plan(), result(killing=True))
    assert (mods["killing"], mods["crows_veil"]) == (2, -2)
    assert "crows_veil" not in downtime.heat_modifiers(make_campaign(), plan(), result(killing=True))


def test_BITD_ABIL_no_traces_a_quiet_score_earns_half_its_rep_and_zero_heat_earns_one():
    c = make_campaign(abilities=["no_traces"])
    event = downtime.pay_off(c, plan(target_tier=2), result(quiet=True))
    assert (event["rep"], event["quiet_rep"], c.crew.rep) == (0, 2, 2)  # half of 2 + 2 - 0
    assert downtime.pay_off(make_campaign(), plan(target_tier=2), result(quiet=True))["quiet_rep"] == 0
    mechanics.end_downtime(c)
    assert c.crew.rep == 3 and _events(c, "rep")[-1]["reason"] == "no_traces"
    c = make_campaign(abilities=["no_traces"])
    assert downtime.pay_off(c, plan(target_tier=1), result(quiet=True))["quiet_rep"] == 1  # half of 3, rounded down


def test_BITD_ABIL_high_society_and_just_passing_through_lose_a_heat_each_downtime():
    for ability in ("high_society", "just_passing_through"):
        c = make_campaign(abilities=[ability], heat=3)
        mechanics.end_downtime(c)
        assert c.crew.heat == 2 and _events(c, "heat_removed")[-1]["reason"] == ability
    c = make_campaign(heat=3)
    mechanics.end_downtime(c)
    assert c.crew.heat == 3


def test_BITD_ABIL_a_little_something_on_the_side_adds_two_stash_each_downtime():
    c = make_campaign(pcs=[make_pc(abilities=["little_something"]), make_pc("pc2")])
    mechanics.end_downtime(c)
    assert [pc.stash for pc in c.pcs] == [2, 0]


def test_BITD_ABIL_patron_halves_the_tier_cost_for_every_crew_type_that_has_it():
    assert [advancement.tier_cost(make_campaign(abilities=a)) for a in ([], ["patron"], ["bravos_patron"])] == [8, 4, 4]


def test_BITD_ABIL_war_dogs_and_calculating_set_the_activities():
    c = make_campaign(abilities=["war_dogs"], pcs=[make_pc(abilities=["calculating"]), make_pc("pc2")])
    c.factions["bluecoats"].status = -3
    assert c.at_war and [activities_allowed(c, pc) for pc in c.pcs] == [3, 2]
    c.crew.abilities.clear()
    assert [activities_allowed(c, pc) for pc in c.pcs] == [2, 1]


def test_BITD_ABIL_iron_will_takes_harm_off_the_gms_options_on_occult_plans():
    def kinds(ability, plan_name):
        c = make_campaign(pcs=[make_pc(abilities=[ability] if ability else [])])
        seen = script(c, "gm", consequence="complication", offer_bargain=None)
        inflict(c, ScoreTally(), c.pcs[0], "risky", "partial", plan=plan_name, target_faction="bluecoats")
        return next(d.options for d in seen.seen if d.kind == "consequence")
    assert "harm" not in kinds("iron_will", "occult")
    assert "harm" in kinds("iron_will", "stealth") and "harm" in kinds("", "occult")


def test_BITD_ABIL_daredevil_resists_a_desperate_rolls_consequence_with_one_die_less():
    def resisted(position):
        pc = make_pc(abilities=["daredevil"])
        c = make_campaign(pcs=[pc], rng=ScriptedRng([u_for_faces(6, 6, 6, 6)] * 3))
        script(c, "pc1", **{**QUIET_PLAYER, "resist": True})
        script(c, "gm", consequence="harm", offer_bargain=None, severity="standard")
        inflict(c, ScoreTally(), pc, position, "failure", plan="assault", target_faction="bluecoats")
        r = _events(c, "resistance")[0]
        return r["bonus"], r["dice"] - r["rating"]
    assert resisted("desperate") == (-1, -1) and resisted("risky") == (0, 0)


def test_BITD_ABIL_vengeful_marks_playbook_xp_for_payback_on_a_hostile_faction():
    c = make_campaign(pcs=[make_pc(abilities=["vengeful"]), make_pc("pc2")])
    c.factions["bluecoats"].status = -2
    assert advancement.payback_on(c, True, "bluecoats") == "bluecoats"
    assert advancement.payback_on(c, False, "bluecoats") == advancement.payback_on(c, True, "lampblacks") == ""
    advancement.session_xp(c, [], (), "bluecoats")
    assert [e["pc"] for e in _events(c, "xp") if e.get("reason") == "payback"] == ["pc1"]


def test_BITD_STRESS_2_rooks_gambit_rolls_the_best_rating_for_two_stress_when_chosen():
    pc = make_pc(abilities=["rooks_gambit"], actions={"sway": 3, "prowl": 1})
    c = make_campaign(pcs=[pc], rng=ScriptedRng([u_for_faces(6, 1, 1)]))
    _quiet(c)
    seen = script(c, "pc1", **{**QUIET_PLAYER, "rooks_gambit": True})
    gambit = rooks_gambit(c, pc, "prowl")
    solo_action(c, ScoreTally(), ScoreContext("stealth", "bluecoats", 0, 0), pc, "prowl", "risky", "standard",
                gambit=gambit)
    roll = _events(c, "action_roll")[0]
    assert (gambit, pc.stress, roll["action"], roll["rating"], roll["gambit"], roll["dice"]) == (
        "sway", 2, "prowl", 3, "sway", 3)
    d = next(d for d in seen.seen if d.kind == "rooks_gambit")
    assert d.options == (True, False) and (d.context["best"], d.context["stress"]) == ("sway", 2)
    assert rooks_gambit(c, make_pc("pc2", actions={"sway": 3}), "prowl") == ""  # no ability: never offered


def test_BITD_ABIL_survivor_and_vigorous_change_the_sheet_when_gained():
    pc = make_pc()
    c = make_campaign(pcs=[pc])
    mechanics.gain_ability(c, pc, "survivor")
    mechanics.gain_ability(c, pc, "vigorous")
    assert (pc.stress_max, pc.healing.size) == (10, 3)
    assert [e["reason"] for e in _events(c, "pc_max")] == ["survivor"]


def test_BITD_CREW_CREATE_5_deadly_each_member_adds_a_dot_of_their_choice_up_to_three():
    pcs = [make_pc(actions={"hunt": 3, "prowl": 2, "skirmish": 1}), make_pc("pc2", actions={"hunt": 3, "prowl": 3,
                                                                                       "skirmish": 3})]
    c = make_campaign(pcs=pcs)
    seen = script(c, "pc1")
    mechanics.gain_crew_ability(c, "deadly")
    d = next(d for d in seen.seen if d.kind == "crew_action_dot")
    assert d.options == ("prowl", "skirmish") and pcs[0].actions["prowl"] == 3  # the better of the two on offer
    assert pcs[1].actions == {"hunt": 3, "prowl": 3, "skirmish": 3}  # nothing below the max: no dot, no question
    assert [e["pc"] for e in _events(c, "advance")] == ["pc1"]
    late = make_campaign(pcs=[make_pc(actions={"sway": 2})], abilities=["deadly"])
    mechanics.join_crew(late, late.pcs[0])  # a scoundrel joining later adds the dot too
    assert late.pcs[0].actions == {"sway": 2, "hunt": 1}


def test_BITD_ABIL_pack_rats_adds_a_die_to_acquire_an_asset_and_jail_bird_to_the_incarceration_roll():
    from sim.blades.downtime.activities import acquire_dice
    pc = make_pc(abilities=["jail_bird"])
    c = make_campaign(pcs=[pc], tier=1, abilities=["pack_rats"])
    assert acquire_dice(c, pc) == 2 and acquire_dice(make_campaign(tier=1)) == 1
    c = make_campaign(pcs=[pc], tier=1, rng=ScriptedRng([u_for_faces(1, 1)]))
    downtime.incarceration_roll(c, pc)
    assert _events(c, "incarceration_roll")[0]["dice"] == 2  # Tier 1, +1d Jail bird


def test_BITD_ABIL_the_good_stuff_on_a_sale_and_savage_commanding_on_an_assault():
    c = make_campaign(abilities=["the_good_stuff"], pcs=[make_pc(abilities=["savage"])])
    pc = c.pcs[0]
    sale = abilities.situations(plan="social", kind="sale", action="sway")
    assert abilities.bonus(c, pc, "action", sale, "sway", "social")[0] == 1
    assert abilities.bonus(c, pc, "action", abilities.situations(plan="social", kind="supply"), "sway", "social")[0] == 0
    fight = abilities.situations(plan="assault", action="command")
    assert abilities.bonus(c, pc, "action", fight, "command", "assault")[0] == 1  # Savage only: this is no sale
    assert abilities.bonus(c, pc, "action", fight, "skirmish", "assault")[0] == 0
