"""Fate contest and conflict scenes inside a Blades score (sim.blades.score.fate_scenes)."""

import pytest

from blades_score_kit import events, make_campaign, scoundrel
from sim.blades.score import scenes
from sim.blades.score.outcomes import ScorePlan
from sim.blades.score.score import SCENE_KINDS, SceneSpec, play_score
from sim.blades.score import fate_scenes as blades_scenes
from sim.blades.score.fate_scenes import fate_character, opposition
from sim.journal import dumps
from sim.options import RuleOptions


def _plan(obstacles, plan="assault", tier=1):
    return ScorePlan("den", "lampblacks", tier, "robbery", plan, "", 2, "standard", tuple(obstacles))


def _crew():
    return [scoundrel("ana", "bold", skirmish=3, hunt=1, prowl=2, wreck=1, sway=1, command=1),
            scoundrel("bo", "careful", hunt=2, finesse=2, survey=2, study=1, attune=1)]


@pytest.fixture
def planner(monkeypatch):
    """Lay out every score as the given scenes (the planner list is restored afterwards)."""
    def use(*specs):
        monkeypatch.setattr(scenes, "SCENE_PLANNERS", [lambda campaign, p: specs])
    return use


def test_kinds_are_registered_with_the_score():
    assert SCENE_KINDS["conflict"] is blades_scenes.play_conflict_scene
    assert SCENE_KINDS["contest"] is blades_scenes.play_contest_scene


def test_scoundrel_as_a_fate_character():
    pc = scoundrel("ana", "bold", skirmish=3, hunt=1, prowl=2, wreck=1, sway=1, command=1)
    pc.harm[2].append("Cut Arm")
    c = fate_character(pc, RuleOptions())
    assert (c.skill("Fight"), c.skill("Shoot"), c.skill("Stealth"), c.skill("Athletics")) == (3, 1, 2, 2)
    assert c.skill("Physique") == 3  # prowess rating: prowl, skirmish, wreck rated (finesse not)
    assert c.skill("Will") == 2  # resolve: command, sway
    assert [(s.severity, s.aspect) for s in c.consequences()] == [("moderate", "Cut Arm")]
    assert c.kind == "pc" and len(c.physical) == 6


def test_obstacles_as_npcs():
    npcs = opposition((("Guards", 4), ("Boss", 6)), 1, RuleOptions())
    assert [(n.name, n.kind, len(n.physical)) for n in npcs] == [("Guards", "minor", 2), ("Boss", "major", 4)]
    assert npcs[0].skill("Fight") == npcs[1].skill("Fight") == 2


def test_conflict_scene_in_a_score(planner):
    planner(SceneSpec("conflict", (("Guards", 4), ("Boss", 6))))
    outcomes = set()
    for seed in range(30):
        from sim.rng import make_rng
        c = make_campaign(_crew(), rng=make_rng(seed))
        result = play_score(c, _plan((("Guards", 4), ("Boss", 6))))
        ev = c.journal.events
        scene = next(e for e in ev if e["event"] == "scene")
        assert scene["kind"] == "conflict"
        end = next(e for e in ev if e["event"] == "conflict_end")
        assert result.success == (end["winner"] == "crew")
        outcomes.add(result.success)
        # every consequence a scoundrel took comes back as harm of its level, with its name
        conseq = [e for e in ev if e["event"] == "fate_consequence" and e["actor"] in ("ana", "bo")]
        harm = [e for e in events(c, "harm") if e["note"] != "taken out"]
        assert [(h["pc"], h["requested_level"], h["note"]) for h in harm] == [
            (e["actor"], {"mild": 1, "moderate": 2, "severe": 3}[e["severity"]], e["aspect"]) for e in conseq]
        for e in ev:
            if e["event"] == "taken_out" and e["actor"] in ("ana", "bo"):
                assert any(h["pc"] == e["actor"] and h["note"] == "taken out" for h in events(c, "harm"))
        assert [e["seq"] for e in ev] == list(range(1, len(ev) + 1))
        assert all(dumps(e) for e in ev)
    assert outcomes == {True, False}


def test_contest_scene_lost_brings_a_conflict(planner):
    planner(SceneSpec("contest", (("Pursuers", 4),)))
    lost = won = 0
    for seed in range(20):
        from sim.rng import make_rng
        c = make_campaign(_crew(), rng=make_rng(seed))
        result = play_score(c, _plan((("Pursuers", 4),), plan="stealth"))
        ev = c.journal.events
        kinds = [e["kind"] for e in ev if e["event"] == "scene"]
        end = next(e for e in ev if e["event"] == "contest_end")
        rolls = [e for e in ev if e["event"] == "fate_roll" and e["action"] == "overcome"]
        assert {e["skill"] for e in rolls} == {"Stealth"}
        if end["winner"] == "crew":
            won += 1
            assert kinds == ["contest"] and result.success
        else:
            lost += 1
            assert kinds == ["contest", "conflict"]
            assert result.success == (next(e for e in ev if e["event"] == "conflict_end")["winner"] == "crew")
    assert won and lost


def test_scenes_are_deterministic_by_seed(planner):
    from sim.rng import make_rng
    planner(SceneSpec("contest", (("Pursuers", 4),)), SceneSpec("conflict", (("Boss", 6),)))

    def lines(seed):
        c = make_campaign(_crew(), rng=make_rng(seed))
        play_score(c, _plan((("Boss", 6),)))
        return [dumps(e) for e in c.journal.events]
    assert lines(3) == lines(3) and lines(3) != lines(4)


def test_nobody_left_is_out(planner):
    from sim.rng import make_rng
    planner(SceneSpec("conflict", (("Boss", 6),)))
    c = make_campaign(_crew(), rng=make_rng(1))
    for pc in c.pcs:
        pc.taken_out = True
    status = blades_scenes.play_conflict_scene(c, None, SceneSpec("conflict", (("Boss", 6),)))
    assert status == "out"
