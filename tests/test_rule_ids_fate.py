"""Fate rules that had no test of their own (issue 31), each with numbers. Tests only: the Fate code is another
helper's (issue 31's Fate fixes); these read the behaviour those fixes keep."""

from __future__ import annotations

from pathlib import Path

import pytest

from sim.content import load_scenario
from sim.errors import ContentError
from sim.fate import Scene, make_character, seats_for
from sim.fate.characters.aspects import SITUATION, Aspect
from sim.fate.scenes.rules import pass_free_invokes
from sim.rng import make_rng

ROOT = Path(__file__).resolve().parents[1]


def _scene(*chars, policy="careful"):
    sides = {c.id: ("pcs" if i == 0 else "them") for i, c in enumerate(chars)}
    return Scene(make_rng(1), list(chars), sides, seats=seats_for([c.id for c in chars], policy))


def test_FATE_CHAR_1_high_concept_trouble_relationship_and_up_to_two_free_aspects():
    """FATE.CHAR.1: fate_docks's Ana loads with her 5 aspects in order; a third free aspect is refused."""
    scenario = load_scenario(ROOT / "scenarios/fate_docks.yaml")
    ana = scenario.pcs[0]
    assert ana.aspects == ("Ex-Navy Brawler", "Owes Mara Vell Everything", "Bo Saved My Life Once",
                           "Knows Every Pier", "Sea-Salt Stubborn")
    assert [len(pc.aspects) for pc in scenario.pcs] == [5, 4, 3]  # the free aspects may be left blank


def test_FATE_CHAR_1_a_third_free_aspect_is_one_content_error(tmp_path):
    text = (ROOT / "scenarios/fate_docks.yaml").read_text(encoding="utf-8")
    text = text.replace("        - {en: Sea-Salt Stubborn,", "        - {en: One Too Many}\n        - {en: Sea-Salt Stubborn,", 1)
    path = tmp_path / "fate_docks.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ContentError, match="free"):
        load_scenario(path)


def test_FATE_ASPECT_8_a_consequence_gives_its_inflicter_one_free_invoke_and_invokes_pass_and_stack():
    """FATE.ASPECT.8: whoever inflicts a consequence gets 1 free invoke on it; a created advantage's free invokes
    go to its holder; allies may be handed them (FATE.TEAM.2) and several may be held on one aspect."""
    sc = _scene(make_character("ana", {}), make_character("bo", {"Fight": 3}))
    sc.take_hit("ana", "physical", 5, by="bo")  # 3 boxes + a mild consequence (2)
    conseq = next(e for e in sc.journal.events if e["event"] == "fate_consequence")
    assert sc.free[(conseq["aspect"], "bo")] == 1 and sc.free_invokes("bo") == 1
    sc.add_aspect(Aspect("Slick Deck", SITUATION), by="bo", free_invokes=2)
    assert sc.free_invokes("bo") == 3
    held = pass_free_invokes(sc.free, "Slick Deck", "bo", "cy", 2)
    assert held[("Slick Deck", "cy")] == 2 and ("Slick Deck", "bo") not in held


def test_FATE_CONFLICT_1_a_conflict_needs_opposition_that_can_hurt(tmp_path):
    """FATE.CONFLICT.1: a conflict scene with no opposition is refused, naming the rule."""
    text = (ROOT / "scenarios/fate_docks.yaml").read_text(encoding="utf-8")
    scenario = load_scenario(ROOT / "scenarios/fate_docks.yaml")
    conflicts = [s for s in scenario.scenes if s.kind == "conflict"]
    assert conflicts and all(s.opposition for s in conflicts)
    import yaml

    doc = yaml.safe_load(text)
    doc["scenes"] = [{k: v for k, v in s.items() if k != "opposition"} if s["kind"] == "conflict" else s
                     for s in doc["scenes"]]
    path = tmp_path / "fate_docks.yaml"
    path.write_text(yaml.safe_dump(doc, allow_unicode=True), encoding="utf-8")
    with pytest.raises(ContentError, match=r"FATE\.CONFLICT\.1"):
        load_scenario(path)


@pytest.mark.parametrize("hit, still_in", [(0, True), (3, True), (5, True), (15, True), (16, False)])
def test_FATE_CONFLICT_2_every_shift_is_soaked_or_the_defender_is_taken_out(hit, still_in):
    """FATE.CONFLICT.2: with 3 physical boxes and mild 2, moderate 4, severe 6, a hit of up to 15 shifts is
    soaked whole; 16 takes the defender out."""
    sc = _scene(make_character("ana", {}), make_character("bo", {}))
    assert sc.take_hit("ana", "physical", hit, by="bo") is still_in
    ana = sc.chars["ana"]
    soaked = sum(ana.physical) + sum(s.value for s in ana.consequences())
    assert soaked >= hit if still_in else (soaked == 0 and sc.out == {"ana": "taken_out"})


def test_FATE_RECOVER_1_stress_clears_by_itself_at_the_scene_end():
    """FATE.RECOVER.1: 2 stress boxes marked in a scene are clear when it ends; a consequence stays."""
    sc = _scene(make_character("ana", {"Physique": 1}), make_character("bo", {}))
    sc.take_hit("ana", "physical", 2, by="bo")
    assert sum(sc.chars["ana"].physical) == 2
    sc.take_hit("ana", "physical", 4, by="bo")
    left = sc.end()["ana"]
    assert sum(left.physical) == 0 and len(left.consequences()) == 1


def test_FATE_SCENE_5_in_an_exchange_each_character_takes_one_turn_and_one_action_defending_freely():
    """FATE.SCENE.5: over 5 fate_docks adventures, within every conflict exchange each character has one turn,
    and each turn holds at most one action that is not a defend (overcome, create an advantage or attack)."""
    from sim.journal import Journal
    from sim.systems import get_system

    scenario = load_scenario(ROOT / "scenarios/fate_docks.yaml")
    exchanges = defends = 0
    for seed in range(5):
        j = Journal()
        get_system("fate").play(scenario, seed, journal=j)
        kind, turns, actor, actions = None, [], None, 0
        for e in j.events:
            if e["event"] == "exchange":
                kind, turns, actor = e["kind"], [], None
                exchanges += kind == "conflict"
            elif e["event"] == "turn" and kind == "conflict":
                assert e["actor"] not in turns, (seed, e)
                turns.append(e["actor"])
                actor, actions = e["actor"], 0
            elif e["event"] == "fate_roll" and kind == "conflict" and actor:
                if e["action"] == "defend":
                    defends += e["actor"] != actor
                else:
                    assert e["actor"] == actor and actions == 0, (seed, e)
                    actions += 1
            elif e["event"] in ("conflict_end", "contest_start"):
                kind = None
    assert exchanges >= 10 and defends >= 10


def test_FATE_CONTEST_1_a_contest_needs_a_side_against_it(tmp_path):
    """FATE.CONTEST.1: sides that want what only one can have; a contest with no opposition, difficulty or
    threat is refused, naming the rule."""
    import yaml

    doc = yaml.safe_load((ROOT / "scenarios/fate_docks.yaml").read_text(encoding="utf-8"))
    contests = [s for s in doc["scenes"] if s["kind"] == "contest"]
    assert contests
    for s in contests:
        for key in ("opposition", "difficulty", "threat"):
            s.pop(key, None)
    path = tmp_path / "fate_docks.yaml"
    path.write_text(yaml.safe_dump(doc, allow_unicode=True), encoding="utf-8")
    with pytest.raises(ContentError, match=r"FATE\.CONTEST\.1"):
        load_scenario(path)
