"""The mist system played end to end (issue 12): the journal's contract, re-derivation of every roll, status and
budget from the events, arcs on hand-built characters, the avatar's summed d4s, three languages, seats."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from sim.agents.base import Agent
from sim.agents.briefing import brief
from sim.agents.catalogue import labels, prompt
from sim.cli import main
from sim.content.scenario import load_scenario
from sim.dice import mist_result
from sim.i18n import LANGS
from sim.journal import Journal
from sim.mist import scene
from sim.mist.rules import arcs
from sim.mist.agents import mist_agent
from sim.mist.campaign import build, play_campaign
from sim.mist.views.narrate import narrate
from sim.mist.rules.roll import effect_budget, total_of
from sim.mist.rules.statuses import stack
from sim.systems import get_system

ROOT = Path(__file__).resolve().parents[1]
SCENARIO = ROOT / "scenarios/mist_harbor.yaml"


@pytest.fixture(scope="module")
def scenario():
    return load_scenario(SCENARIO)


@pytest.fixture(scope="module")
def journals(scenario):
    """Twelve seeded 10-chapter campaigns, their events."""
    out = []
    for seed in range(12):
        j = Journal()
        play_campaign(scenario, seed, journal=j, scores=10)
        out.append(j.events)
    return out


def events(journals, name):
    return [e for evs in journals for e in evs if e["event"] == name]


def test_mist_is_a_registered_system_and_the_scenario_validates(capsys):
    assert get_system("mist").package == "mist"
    assert main(["validate", str(SCENARIO)]) == 0
    assert "no errors" in capsys.readouterr().out


def test_same_seed_same_journal_bytes(scenario):
    a, b = Journal(), Journal()
    play_campaign(scenario, 4, journal=a)
    play_campaign(scenario, 4, journal=b)
    assert list(a.lines()) == list(b.lines()) and len(a.events) > 300


def test_journal_event_fields_are_the_issues_contract(journals):
    roll = events(journals, "mist_roll")[0]
    assert {"actor", "tags", "weaknesses", "status", "burned", "power", "d8", "d4s", "total", "result",
            "sum_d4s"} <= set(roll)
    assert set(events(journals, "mist_status")[0]) >= {"target", "name", "before", "delta", "after", "limit",
                                                      "limit_reached"}
    assert set(events(journals, "mist_effect")[0]) >= {"actor", "effect", "cost", "budget_left"}
    assert set(events(journals, "theme_mark")[0]) >= {"actor", "theme", "track", "before", "after"}
    assert set(events(journals, "evolution")[0]) >= {"actor", "before", "after"}
    for name in ("theme_growth", "theme_replaced", "mist_ending", "challenge_overcome", "pc_lost"):
        assert events(journals, name), name


def test_MIST_ROLL_2_every_rolls_power_total_and_band_rederive_from_the_event(journals):
    for e in events(journals, "mist_roll"):
        status = e["status"]["level"] if e["status"] else 0
        assert e["power"] == len(e["tags"]) - len(e["weaknesses"]) + 3 * len(e["burned"]) + status
        assert len(e["d4s"]) == max(e["power"], 0)  # mist_zero_power d8_only: no d4 at power 0 or below
        assert e["total"] == total_of(e["d8"], e["d4s"], e["sum_d4s"])
        assert e["result"] == mist_result(e["total"])
        if e["status"]:
            assert e["status"]["level"] != 0


def test_MIST_STATUS_2_every_status_change_rederives(journals):
    for e in events(journals, "mist_status"):
        assert e["after"] == stack(e["before"], e["delta"], "add_cap6")
        assert e["limit_reached"] == (e["limit"] is not None and e["after"] >= e["limit"])


def test_MIST_EFFECT_2_spending_never_passes_the_budget(journals):
    for evs in journals:
        budget = None
        for e in evs:
            if e["event"] == "mist_roll" and e["purpose"] == "act":
                budget = effect_budget(e["power"], e["result"])
            elif e["event"] == "mist_effect":
                assert e["cost"] <= budget and e["budget_left"] == budget - e["cost"]
                budget = e["budget_left"]


def test_MIST_LIMIT_2_a_challenge_at_a_limit_is_overcome_and_MIST_LIMIT_3_a_pc_at_6_is_lost(journals):
    for evs in journals:
        for i, e in enumerate(evs):
            if e["event"] == "challenge_overcome":
                prev = evs[i - 1]
                assert prev["event"] == "mist_status" and prev["limit_reached"] and prev["target"] == e["challenge"]
            if e["event"] == "pc_lost":
                prev = evs[i - 1]
                assert prev["limit_reached"] and prev["after"] >= 6 and prev["target"] == e["actor"]


def test_MIST_ARC_FADE_2_every_fade_costs_one_wound_and_evolution_once(journals):
    for evs in journals:
        for i, e in enumerate(evs):
            if e["event"] == "theme_replaced":
                nxt = evs[i + 1]
                assert nxt["event"] == "evolution" and nxt["actor"] == e["actor"]
                assert nxt["after"] - nxt["before"] == (2 if e["grew"] else 1)
                assert e["new_type"] == arcs.opposite(e["lost_type"]) or (e["new"] is None and e["lost_type"] == "self")


def test_MIST_EVOLUTION_1_an_avatars_rolls_sum_every_d4(scenario):
    found = 0
    for seed in range(40):
        j = Journal()
        play_campaign(scenario, seed, journal=j, scores=10)
        avatars = {e["actor"]: e["seq"] for e in j.events if e["event"] == "mist_ending" and e["ending"] == "avatar"}
        for e in j.events:
            if e["event"] == "mist_roll" and e["actor"] in avatars:
                assert e["sum_d4s"] is (e["seq"] > avatars[e["actor"]])
                found += e["sum_d4s"] and len(e["d4s"]) > 1
        if found:
            break
    assert found, "no Avatar rolled two or more d4s in 40 campaigns"


def _game(scenario):
    return build(scenario, 1, Journal())


def test_MIST_ARC_FADE_2_hand_built_gift_fades_into_a_nascent_self(scenario):
    game = _game(scenario)
    pc = game.characters[0]
    game.chapter = 1
    for _ in range(3):
        game.mark(pc, "storm_blood", "decay", "review")
    assert arcs.fades(pc.theme("storm_blood"))
    scene.replace_theme(game, pc, "storm_blood", "fade")
    assert "storm_blood" not in [t.kit for t in pc.themes]
    new = [t for t in pc.themes if t.kit not in ("ghost_sight", "harbor_oath", "street_doctor")][0]
    assert new.type == "self" and len(new.tags) == 1 and len(new.weaknesses) == 1
    assert pc.evolution == 1 and pc.wounds == ["fear_of_still_water"]
    kinds = [e["event"] for e in game.journal.events if e["event"] in ("theme_replaced", "evolution")]
    assert kinds == ["theme_replaced", "evolution"]


def test_MIST_ARC_GROW_2_hand_built_growth_at_three_then_a_grown_theme_loses_two(scenario):
    game = _game(scenario)
    pc = game.characters[0]
    for _ in range(3):
        scene.mark_and_grow(game, pc, "harbor_oath", "progress", "dilemma")
    theme = pc.theme("harbor_oath")
    assert theme.growths == 1 and theme.grow == 0 and theme.tags[-1] == "knows_every_pier"  # careful: new tag first
    for _ in range(3):
        game.mark(pc, "harbor_oath", "abandonment", "review")
    scene.replace_theme(game, pc, "harbor_oath", "fade")
    assert pc.evolution == 2
    assert [t.type for t in pc.themes].count("gift") == 3


def test_MIST_ARC_GROW_3_a_nascent_theme_grows_at_each_mark(scenario):
    game = _game(scenario)
    pc = game.characters[0]
    for _ in range(3):
        game.mark(pc, "ghost_sight", "decay", "review")
    scene.replace_theme(game, pc, "ghost_sight", "fade")
    nascent = pc.themes[1]
    assert len(nascent.tags) == 1
    scene.mark_and_grow(game, pc, nascent.kit, "progress", "dilemma")
    scene.mark_and_grow(game, pc, nascent.kit, "progress", "dilemma")
    assert len(pc.theme(nascent.kit).tags) == 3  # two marks, two new power tags: a normal theme
    scene.mark_and_grow(game, pc, nascent.kit, "progress", "dilemma")
    assert len(pc.theme(nascent.kit).tags) == 3 and pc.theme(nascent.kit).grow == 1


@pytest.mark.parametrize("options", [{"mist_status_stack": "highest"}, {"mist_burn_recovery": "end_of_scene"},
                                     {"mist_partial_budget": "minus_one"}, {"mist_unleash": "replace"},
                                     {"mist_mitigation": "none", "mist_pc_limit": "every"}])
def test_every_option_plays(scenario, options):
    from dataclasses import replace

    varied = replace(scenario, options=scenario.options.replace(**options))
    j = Journal()
    _, summary = play_campaign(varied, 3, journal=j, scores=6)
    assert summary["chapters"] >= 1 and summary["rolls"] > 0
    if options.get("mist_status_stack") == "highest":
        assert all(e["after"] == stack(e["before"], e["delta"], "highest") for e in j.events if e["event"] == "mist_status")


def test_mist_unleash_replace_can_replace_a_theme_past_the_limit(scenario):
    from dataclasses import replace

    varied = replace(scenario, options=scenario.options.replace(mist_unleash="replace"))
    causes = set()
    for seed in range(30):
        j = Journal()
        play_campaign(varied, seed, journal=j, scores=10)
        causes |= {e["cause"] for e in j.events if e["event"] == "theme_replaced"}
    assert "unleash" in causes


@pytest.mark.parametrize("lang", LANGS)
def test_narration_in_three_languages_shows_no_raw_ids(scenario, lang):
    j = Journal()
    play_campaign(scenario, 2, journal=j)
    text = "\n".join(narrate(j.events, scenario.content, lang))
    assert "mist." not in text and "storm_blood" not in text and "harbor_oath" not in text
    assert len(text.splitlines()) > 100


class Recorder(Agent):
    def __init__(self, inner):
        self.inner, self.name, self.seen = inner, inner.name, []

    def choose(self, d, rng):
        self.seen.append(d)
        return self.inner.choose(d, rng)


def test_every_mist_decision_has_words_in_every_language(scenario):
    seats = {"gm": Recorder(mist_agent("gm", "gritty"))}
    for i, spec in enumerate(scenario.characters, start=1):
        seats[f"pc{i}"] = Recorder(mist_agent("players", spec.policy))
    game, _ = play_campaign(scenario, 5, journal=Journal(), scores=10, seats=seats)
    kinds = set()
    for agent in seats.values():
        for d in agent.seen:
            json.dumps(d.context)
            context = {**brief(game, d), **d.context}
            kinds.add(d.kind)
            for lang in LANGS:
                assert prompt(d.kind, lang, context) and all(labels(d.kind, d.options, lang, context))
    assert len(kinds) >= 11


def test_a_person_plays_a_seat_through_sim_play(monkeypatch, capsys):
    monkeypatch.setattr("sys.stdin", io.StringIO("1\n" * 5000))
    assert main(["play", str(SCENARIO), "--seat", "pc1=human", "--scores", "2", "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert "[pc1] 林雾: which limit of" in out and "Closing sheet" in out


def test_replay_reproduces_the_journal(tmp_path, capsys):
    path = tmp_path / "j.jsonl"
    assert main(["play", str(SCENARIO), "--scores", "3", "--journal", str(path)]) == 0
    assert main(["play", str(SCENARIO), "--replay", str(path), "--json"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == path.read_text(encoding="utf-8").splitlines()[-1]


def test_summary_counts_rederive_from_the_journal(scenario):
    j = Journal()
    _, summary = play_campaign(scenario, 7, journal=j)
    rolls = [e for e in j.events if e["event"] == "mist_roll"]
    assert summary["rolls"] == len(rolls) and summary["dice_rolled"] == sum(1 + len(e["d4s"]) for e in rolls)
    assert summary["themes_replaced"] == sum(e["event"] == "theme_replaced" and e["new"] is not None for e in j.events)
    assert summary["evolution"] == sum(e["after"] - e["before"] for e in j.events if e["event"] == "evolution")
    assert summary["challenges_overcome"] == sum(e["event"] == "challenge_overcome" for e in j.events)
    assert summary["chapters"] == sum(e["event"] == "chapter_end" for e in j.events)
    assert summary["decisions"] >= sum(e["event"] == "decision" for e in j.events) > 0


def test_a_bad_mist_scenario_is_one_line_per_problem_with_file_and_line(tmp_path, capsys):
    import shutil

    shutil.copytree(ROOT / "content", tmp_path / "content")
    (tmp_path / "scenarios").mkdir()
    bad = tmp_path / "scenarios/bad.yaml"
    bad.write_text(SCENARIO.read_text(encoding="utf-8").replace("chapters: [smuggler_fleet", "chapters: [rumor_market, smugler_fleet")
                   .replace("policy: bold", "policy: brave"), encoding="utf-8")
    assert main(["validate", str(bad)]) == 1  # ran and found problems, on stderr
    out = capsys.readouterr().err
    assert "bad.yaml:15: characters[1].policy: must be one of careful, bold, reckless, got 'brave'" in out
    assert "bad.yaml:12: chapters[1]: unknown mist_challenge 'smugler_fleet'; did you mean 'smuggler_fleet'?" in out
    assert "bad.yaml:12: chapters[0]: challenge 'rumor_market' is a montage challenge" in out


@pytest.mark.parametrize("flag, message", [
    ("pc9=bold", "sim: error: --seat: no seat 'pc9': the scenario has 3 characters"),
    ("gm=careful", "sim: error: --seat: 'careful' cannot hold seat gm: use gentle, standard, gritty, human"),
])
def test_bad_seats_are_one_line(capsys, flag, message):
    assert main(["play", str(SCENARIO), "--seat", flag]) == 2
    assert capsys.readouterr().err.strip() == message


def test_a_gritty_mc_seat_plays_and_is_recorded(scenario):
    j = Journal()
    play_campaign(get_system("mist").seat(scenario, {"gm": "gritty"})[0], 2, journal=j, scores=1)
    assert j.events[0]["seats"]["gm"] == "gritty"
    assert {e["by"] for e in j.events if e["event"] == "decision" and e["seat"] == "gm"} == {"gritty"}


def test_MIST_TAG_3_the_burn_briefing_gives_exact_odds_with_and_without_the_burn(scenario):
    from sim.agents.base import Decision
    from sim.odds import fraction_text, mist_odds

    game = _game(scenario)
    got = brief(game, Decision("mist_burn", "pc1", ("", "storm_blood"), {"power": 1}))
    assert got["names"]["pc1"] == "林雾"
    assert got["odds"]["none"]["success"]["p"] == fraction_text(mist_odds(1)["success"]) == "5/16"
    assert got["odds"]["storm_blood"]["success"]["p"] == fraction_text(mist_odds(3)["success"]) == "55/128"


def test_MIST_EVOLUTION_1_return_to_calm_leaves_at_once_and_a_new_character_may_join(scenario):
    from sim.mist.rules.characters import join_after

    game = _game(scenario)
    pc = game.characters[0]  # careful: makes a new character
    game.choose_ending(pc, "calm", [])
    assert pc.status == "calm" and not pc.active
    new = join_after(game, pc)
    assert new.id == "pc4" and new.active and new.policy == pc.policy and len(new.themes) == 4
    assert game.seats.holder("pc4") is game.seats.holder("pc1")
    kinds = [e["event"] for e in game.journal.events if e["event"] != "decision"][-3:]
    assert kinds == ["mist_ending", "pc_leaves", "character_joins"]
    lines = narrate(game.journal.events, scenario.content, "en")
    assert any(f"A new character joins in 林雾's place: {new.name}" in line for line in lines)
    reckless = game.characters[2]
    game.choose_ending(reckless, "calm", [])
    assert join_after(game, reckless) is None


def test_MIST_EVOLUTION_1_a_sleeper_keeps_only_its_selves_and_leaves_when_this_chapter_ends(scenario):
    game = _game(scenario)
    pc = game.characters[1]
    game.chapter = 3
    game.choose_ending(pc, "sleep", [])
    assert pc.sleeper and all(t.type == "self" for t in pc.themes) and pc.leaves_after == 3 and pc.active


def test_MIST_ARC_FADE_1_forgoing_a_pursuit_marks_the_fading_track_and_ends_the_scene(journals):
    found = 0
    for evs in journals:
        for i, e in enumerate(evs):
            if e["event"] == "theme_mark" and e["why"] == "forgo":
                found += 1
                assert e["track"] in ("decay", "abandonment")
                rest = evs[i + 1:]
                end = next(k for k, x in enumerate(rest) if x["event"] == "scene_end")
                assert not any(x["event"] in ("mist_roll", "mist_status") and x.get("actor", x.get("target")) == e["actor"]
                               for x in rest[:end])
    assert found


def test_MIST_EVOLUTION_1_a_sleeper_losing_a_self_gains_no_gift(scenario):
    game = _game(scenario)
    pc = game.characters[1]
    game.choose_ending(pc, "sleep", [])
    for _ in range(3):
        game.mark(pc, "retired_thief", "abandonment", "review")
    scene.replace_theme(game, pc, "retired_thief", "fade")
    assert [t.kit for t in pc.themes] == ["night_watch"] and pc.wounds == ["wanted_poster"] and pc.evolution == 1
    assert "gains no Gift" in narrate(game.journal.events, scenario.content, "en")[-2]


def test_MIST_CHALLENGE_1_a_challenge_may_start_worn_down_but_below_its_limits(scenario, tmp_path, capsys):
    import shutil

    game = _game(scenario)
    challenge = scene.establish(game, "smuggler_fleet", "heist", game.active)
    assert challenge.statuses == {"harmed": 1} and game.journal.events[-1]["statuses"] == {"harmed": 1}
    shutil.copytree(ROOT / "content", tmp_path / "content")
    path = tmp_path / "content/mist/challenges.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("statuses: [{status: harmed, level: 1}]",
                                                              "statuses: [{status: harmed, level: 6}]"), encoding="utf-8")
    assert main(["validate", str(tmp_path / "content")]) == 1
    assert "statuses[0].level: must be 1..5, got 6" in capsys.readouterr().err
