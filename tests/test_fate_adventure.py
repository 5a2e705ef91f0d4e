"""Fate as a system of its own (issue 13): adventures of scenes, the fate point economy, milestones, seats.

The shipped adventures (scenarios/fate_*.yaml) are played through the registry; the journal's events are
re-derived: every PC's fate points from its ``fate_points`` events, compels, refresh, the GM's pool, milestones.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from sim.agents.base import Agent
from sim.cli import main
from sim.content.scenario import load_scenario
from sim.errors import ContentError, UsageError
from sim.fate.adventure import SUMMARY_COUNTS, TABLE, Phase, build
from sim.journal import Journal
from sim.systems import get_system

ROOT = Path(__file__).resolve().parents[1]
ADVENTURES = ("scenarios/fate_docks.yaml", "scenarios/fate_cult.yaml")
FATE = get_system("fate")


@pytest.fixture(scope="module")
def played():
    """Eight seeds of each shipped adventure: (scenario, seed, journal events, adventure, summary)."""
    out = []
    for path in ADVENTURES:
        scenario = load_scenario(ROOT / path)
        for seed in range(8):
            journal = Journal()
            adv, summary = FATE.play(scenario, seed, journal=journal)
            out.append((scenario, seed, journal.events, adv, summary))
    return out


def test_system_fate_is_registered_and_plays_both_adventures(played):
    assert FATE.package == "fate" and FATE.required_tables() == tuple(sorted(FATE.tables))
    for scenario, seed, events, adv, summary in played:
        assert events[0]["event"] == "adventure_start" and [e["event"] for e in events[-2:]] == ["adventure_end", "phase"]
        assert TABLE.phase(adv) is Phase.ENDED and summary["end"] in ("finished", "max_scenes")
        assert tuple(sorted(summary)) == FATE.summary_fields(scenario)


def test_same_seed_same_journal_bytes():
    scenario = load_scenario(ROOT / ADVENTURES[0])
    a, b = Journal(), Journal()
    FATE.play(scenario, 3, journal=a)
    FATE.play(scenario, 3, journal=b)
    assert list(a.lines()) == list(b.lines())


def test_every_scene_kind_occurs_and_a_lost_challenge_and_contest_lead_to_a_conflict(played):
    """FATE.CHALLENGE.3: what happened picks the next scene (a partial warehouse job or a lost chase: a fight)."""
    kinds, follow = Counter(), Counter()
    for scenario, seed, events, adv, summary in played:
        for e in events:
            if e["event"] == "scene_end":
                kinds[e["kind"]] += 1
                spec = scenario.scene(e["scene"])
                assert e["next"] == spec.follows(e["result"], scenario.after(spec.id))
                if e["next"] != "end":
                    follow[(e["kind"], e["result"], scenario.scene(e["next"]).kind)] += 1
    assert set(kinds) == {"challenge", "contest", "conflict"}
    assert follow[("contest", "lost", "conflict")] > 0
    assert sum(n for (k, r, nxt), n in follow.items() if k == "challenge" and r != "success" and nxt == "conflict") > 0


def test_scene_start_names_kind_zones_and_aspects_and_impeded_borders(played):
    seen_impeded = False
    for scenario, seed, events, adv, summary in played:
        for e in events:
            if e["event"] == "scene_start":
                spec = scenario.scene(e["scene"])
                assert e["kind"] == spec.kind and e["zones"] == list(spec.zones)
                assert e["aspects"] == [name for name, _ in spec.aspects]
                seen_impeded |= any(imp > 0 for _, _, imp, _ in e["borders"])
    assert seen_impeded


def test_FATE_FP_1_4_fate_points_re_derived_from_their_events(played):
    """Every change of a PC's fate points is a fate_points event whose before is the last after; refresh is
    max(refresh, carried) (FATE.FP.1); earned reasons are compels, hostile invokes, concessions (FATE.FP.4); the
    totals match the summary and each PC's final points."""
    for scenario, seed, events, adv, summary in played:
        points = {pc: 3 - max(0, len(p.stunts) - 3) for pc, p in zip(adv.pcs, scenario.pcs)}
        earned = spent = 0
        for e in events:
            if e["event"] != "fate_points" or e["actor"] == "gm":
                continue
            assert e["before"] == points[e["actor"]], (seed, e)
            points[e["actor"]] = e["after"]
            delta = e["after"] - e["before"]
            if e["reason"] == "refresh":
                assert delta > 0
            elif e["reason"] in ("compel", "hostile_invoke", "concession"):
                earned += delta
                assert delta > 0
            else:
                assert e["reason"] in ("invoke", "refuse_compel") and delta == -1
                spent -= delta
        assert points == {pc: c.fate_points for pc, c in adv.pcs.items()}
        assert (summary["fate_points_earned"], summary["fate_points_spent"]) == (earned, spent)


def test_FATE_ASPECT_6_compels_pay_or_cost_one_point(played):
    accepted = refused = 0
    for scenario, seed, events, adv, summary in played:
        for i, e in enumerate(events):
            if e["event"] == "compel":
                change = events[i - 1]
                assert change["event"] == "fate_points" and change["actor"] == e["target"]
                assert change["after"] == e["fate_points"] == change["before"] + (1 if e["accepted"] else -1)
                assert change["reason"] == ("compel" if e["accepted"] else "refuse_compel")
                accepted += e["accepted"]
                refused += not e["accepted"]
        assert summary["compels_accepted"] + summary["compels_refused"] == sum(
            1 for e in events if e["event"] == "compel")
    assert accepted > 0 and refused > 0


def test_FATE_FP_5_the_gms_pool_starts_each_scene_at_one_per_pc_plus_carried(played):
    for scenario, seed, events, adv, summary in played:
        for e in events:
            if e["event"] == "scene_start":
                assert e["gm_points"] >= len(scenario.pcs)
        for i, e in enumerate(events):  # the GM spends from the pool one point at a time, never below zero
            if e["event"] == "fate_points" and e["actor"] == "gm":
                assert e["after"] == e["before"] - 1 >= 0


def test_FATE_ASPECT_4_hostile_invokes_are_paid_after_the_scene(played):
    paid = 0
    for scenario, seed, events, adv, summary in played:
        owed = Counter()
        for e in events:
            if e["event"] == "fate_invoke" and e["hostile"] in adv.pcs:
                owed[e["hostile"]] += 1
            elif e["event"] == "fate_points" and e["reason"] == "hostile_invoke":
                assert e["after"] - e["before"] == owed[e["actor"]]
                paid += owed.pop(e["actor"])
            elif e["event"] == "fate_scene_end":
                assert not owed
    assert paid > 0


def test_FATE_ADV_1_2_a_milestone_for_each_pc_at_each_session_end_major_at_the_arc(played):
    for scenario, seed, events, adv, summary in played:
        marks = []
        for e in events:
            if e["event"] == "milestone":
                marks.append(e)
                assert e["kind"] in ("minor", "major") and isinstance(e["choice"], str)
            elif e["event"] == "session_end":
                assert sorted(m["actor"] for m in marks) == sorted(adv.pcs)
                assert {m["kind"] for m in marks} == {"major" if e["closes"] == "arc" else "minor"}
                marks = []
        assert summary["milestones_minor"] + summary["milestones_major"] == sum(
            1 for e in events if e["event"] == "milestone")


def test_FATE_ADV_3_every_pc_keeps_the_column(played):
    from sim.fate.characters.milestones import is_column

    for scenario, seed, events, adv, summary in played:
        assert all(is_column(dict(c.skills)) for c in adv.pcs.values())


def test_FATE_CONFLICT_4_concessions_pay_one_plus_consequences(played):
    checked = 0
    for scenario, seed, events, adv, summary in played:
        for e in events:
            if e["event"] == "concede" and e["actor"] in adv.pcs:
                assert e["fate_points"] == 1 + e["consequences"]
                checked += 1
        assert summary["concessions"] == sum(1 for e in events if e["event"] == "concede" and e["actor"] in adv.pcs)
    assert checked > 0


def test_summary_counts_are_re_derived_from_events(played):
    for scenario, seed, events, adv, summary in played:
        sev = Counter(e["severity"] for e in events if e["event"] == "fate_consequence" and e["actor"] in adv.pcs)
        assert [summary[f"consequences_{s}"] for s in ("mild", "moderate", "severe")] == [sev[s] for s in ("mild", "moderate", "severe")]
        ends = Counter((e["kind"], e["result"] in ("won", "success", "partial")) for e in events if e["event"] == "scene_end")
        for kind in ("challenge", "contest", "conflict"):
            assert summary[f"{kind}_won"] == ends[(kind, True)] and summary[f"{kind}_lost"] == ends[(kind, False)]
        assert summary["scenes"] == sum(ends.values())
        assert set(SUMMARY_COUNTS) <= set(summary)


@pytest.mark.parametrize("lang", ["en", "zh-Hant", "zh-Hans"])
def test_sim_play_narrates_in_three_languages(capsys, monkeypatch, lang):
    monkeypatch.chdir(ROOT)
    assert main(["play", ADVENTURES[1], "--lang", lang, "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert "{" not in out and "fate.adventure" not in out
    heading = {"en": "-- Scene 1: The Salt-Stained Library", "zh-Hant": "-- 場景 1：鹽漬圖書館", "zh-Hans": "-- 场景 1：盐渍图书馆"}
    assert heading[lang] in out
    npc = {"en": "Robed Cultist 1", "zh-Hant": "長袍教徒 1", "zh-Hans": "长袍教徒 1"}  # content/fate/npcs.yaml's words
    assert npc[lang] in out


def test_sim_play_json_and_replay_are_exact(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(ROOT)
    journal = tmp_path / "j.jsonl"
    assert main(["play", ADVENTURES[0], "--seed", "5", "--journal", str(journal)]) == 0
    first = capsys.readouterr().out
    assert main(["play", ADVENTURES[0], "--replay", str(journal)]) == 0
    assert capsys.readouterr().out == first
    events = [json.loads(line) for line in journal.read_text(encoding="utf-8").splitlines()]
    compel = next(e for e in events if e["event"] == "compel")
    assert set(compel) >= {"target", "aspect", "accepted", "fate_points"}
    milestone = next(e for e in events if e["event"] == "milestone")
    assert set(milestone) >= {"actor", "kind", "choice"}
    points = next(e for e in events if e["event"] == "fate_points")
    assert set(points) >= {"actor", "before", "after", "reason"}
    start = next(e for e in events if e["event"] == "scene_start")
    assert set(start) >= {"kind", "zones", "aspects"}


class Scripted(Agent):
    """A person stand-in: answers every decision with its first option, and keeps the kinds it was asked."""

    name = "first"

    def __init__(self):
        self.kinds = Counter()

    def choose(self, d, rng):
        self.kinds[d.kind] += 1
        return d.options[0]


def test_a_seat_held_by_anyone_answers_every_choice_through_decide():
    """Solo play: ``system.play(..., seats={seat: agent})``; every choice of that PC is a decide."""
    scenario = load_scenario(ROOT / ADVENTURES[0])
    agent = Scripted()
    journal = Journal()
    FATE.play(scenario, 1, journal=journal, seats={"pc1": agent})
    assert agent.kinds["fate_milestone"] >= 1 and agent.kinds["fate_invoke"] >= 1
    assert all(e["by"] == "first" for e in journal.events if e["event"] == "decision" and e["seat"] == "pc1")
    with pytest.raises(UsageError, match="no seat 'pc9'"):
        FATE.play(scenario, 1, seats={"pc9": agent})


def test_seat_overrides_and_a_person_seat_needs_someone(tmp_path):
    scenario = load_scenario(ROOT / ADVENTURES[0])
    seated, people = FATE.seat(scenario, {"pc2": "human", "gm": "gritty"})
    assert people == ("pc2",) and dict(seated.seats)["gm"] == "gritty"
    with pytest.raises(UsageError, match="cannot hold seat gm"):
        FATE.seat(scenario, {"gm": "careful"})
    with pytest.raises(UsageError, match="held by a person"):
        build(seated, 1, Journal(), {})


def test_bad_adventures_are_reported_with_file_line_and_field(tmp_path, capsys):
    text = (ROOT / ADVENTURES[0]).read_text(encoding="utf-8")
    bad = (text.replace("skills: {fight: 4, athletics: 3,", "skills: {fight: 4, athletics: 4,")
           .replace("next: {won: reckoning, lost: ambush}", "next: {won: reckonin, lost: ambush}")
           .replace("start_zone: pier", "start_zone: peir"))
    path = tmp_path / "scenarios" / "bad.yaml"
    path.parent.mkdir()
    path.write_text(bad, encoding="utf-8")
    (tmp_path / "content").symlink_to(ROOT / "content")
    assert main(["validate", str(path)]) == 1  # ran and found problems, on stderr
    out = capsys.readouterr().err
    assert "pcs[0].skills: must be the pyramid of FATE.CHAR.2" in out
    assert "scenes[1].next.won: unknown scene 'reckonin'" in out
    assert "scenes[2].start_zone: unknown zone 'peir'" in out
    with pytest.raises(ContentError):
        load_scenario(path)


def test_FATE_ASPECT_3_every_invoke_journals_its_bonus(played):
    """An invoke's bonus is +2 with the faces kept, or a reroll with none; each roll's effort re-derives."""
    for scenario, seed, events, adv, summary in played:
        for e in events:
            if e["event"] == "fate_invoke":
                assert e["bonus"] == (0 if e["mode"] == "reroll" else 2)
                if e["mode"] != "reroll":
                    assert e["faces"] == e["faces_before"]
            elif e["event"] == "fate_roll":
                # an invoke against the roll (mode oppose, FATE.ASPECT.3) makes it 2 harder: "opposed" counts them
                assert e["effort"] == sum(e["faces"]) + e["rating"] + e["bonus"] + 2 * e["invokes"] - 2 * e.get("opposed", 0)


def test_blades_crews_choose_the_transport_plan_so_fate_contests_happen():
    """Issue 13: with the plan_chances trait (content/agents/policies.yaml) a score_scenes: fate campaign has contests."""
    from sim.blades.campaign import run_campaign
    from sim.rng import derive_seed

    scenario = load_scenario(ROOT / "scenarios/fate_scenes.yaml")
    plans, scenes = Counter(), Counter()
    for i in range(12):
        journal = Journal()
        run_campaign(scenario, derive_seed(scenario.seed, i), journal=journal)
        plans.update(e["plan"] for e in journal.events if e["event"] == "plan")
        scenes.update(e["kind"] for e in journal.events if e["event"] == "scene")
    assert plans["transport"] > 0 and scenes["contest"] > 0 and scenes["conflict"] > 0


from hypothesis import given, settings, strategies as st  # noqa: E402


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**62), path=st.sampled_from(ADVENTURES), gm=st.sampled_from(("gentle", "standard", "gritty")))
def test_adventure_invariants_for_any_seed_and_gm(seed, path, gm):
    """Any seed, any GM policy: fate points and the GM's pool never go below zero, refresh stays >= 1 (FATE.FP.2),
    the skills keep their column (FATE.ADV.3), every scene starts with clear stress (FATE.CONFLICT.STRESS.2)."""
    from dataclasses import replace

    from sim.fate.characters.milestones import is_column

    scenario = replace(load_scenario(ROOT / path), gm_policy=gm)
    journal = Journal()
    adv, summary = FATE.play(scenario, seed, journal=journal)
    for e in journal.events:
        if e["event"] == "fate_points":
            assert e["after"] >= 0 and e["before"] >= 0
    assert all(c.refresh >= 1 and c.fate_points >= 0 and is_column(dict(c.skills)) for c in adv.pcs.values())
    assert all(not any(c.physical) and not any(c.mental) for c in adv.pcs.values())
    assert summary["scenes"] <= scenario.max_scenes and summary["end"] in ("finished", "max_scenes")
