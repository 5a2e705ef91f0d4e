"""Mist rules that had no test of their own (issue 31), each with numbers: from the content, the rules'
functions, hand-built games and the journals of mist_harbor (eight seeded campaigns)."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest
import yaml

from sim.content.schema import Checker
from sim.content.source import Document
from sim.content.scenario import load_scenario
from sim.dice import MIST_FAILURE, MIST_SUCCESS
from sim.journal import Journal
from sim.mist import scene
from sim.mist.rules import arcs
from sim.mist.agents import mist_agent
from sim.mist.campaign import build, play_campaign
from sim.mist.schemas import MAX_TAG_WORDS, THEMES, tag_words
from sim.mist.rules.statuses import stack
from sim.mist.rules.tags import recovers

ROOT = Path(__file__).resolve().parents[1]
SCENARIO = ROOT / "scenarios/mist_harbor.yaml"


@pytest.fixture(scope="module")
def scenario():
    return load_scenario(SCENARIO)


@pytest.fixture(scope="module")
def journals(scenario):
    out = []
    for seed in range(8):
        j = Journal()
        play_campaign(scenario, seed, journal=j)
        out.append(j.events)
    return out


def _all(journals, name):
    return [e for evs in journals for e in evs if e["event"] == name]


def _table(name):
    return yaml.safe_load((ROOT / "content/mist" / f"{name}.yaml").read_text(encoding="utf-8"))


def _varied(scenario, **options):
    return replace(scenario, options=scenario.options.replace(**options))


# --- MIST.TAG ---------------------------------------------------------------------------------------------

def test_MIST_TAG_1_tags_are_brief_labels_of_one_to_three_words():
    """MIST.TAG.1: "usually 1-3 words": of the content's 130 tags every one has at most 4 words and over 90 %
    have 1 to 3; a 5-word tag is refused by the table's check, naming the rule."""
    themes, story, challenges = _table("themes"), _table("story_tags"), _table("challenges")
    ids = [t["id"] for k in themes["kits"] for part in ("tags", "weaknesses") for t in k[part]]
    ids += [t["id"] for t in story["story_tags"]] + [t["id"] for c in challenges["challenges"] for t in c.get("tags") or ()]
    words = Counter(tag_words(i) for i in ids)
    assert len(ids) >= 120 and max(words) <= MAX_TAG_WORDS == 4
    assert sum(n for w, n in words.items() if w <= 3) / len(ids) > 0.9
    assert tag_words("call_lightning") == 2 and tag_words("eye_of_the_storm") == 4
    themes["kits"][0]["tags"][1]["id"] = "call_down_the_whole_sky"
    doc = Document("themes.yaml", themes, {})
    ck = Checker(doc)
    for check in THEMES.checks:
        check(themes, ck)
    assert [p.message for p in ck.problems if "MIST.TAG.1" in p.message] == [
        "tag 'call_down_the_whole_sky' has 5 words; a tag is a brief label of one to three words, at most 4 "
        "(MIST.TAG.1)"]


def test_MIST_TAG_2_story_tags_last_a_scene_weakness_tags_hinder_and_themes_group_tags(journals):
    """MIST.TAG.2: a story tag created in a scene is never brought to a roll of a later scene; every weakness
    brought counts -1 (power re-derived); a theme is a group of tags (4 themes of 3 + 1 tags to start)."""
    created = 0
    for evs in journals:
        live: set[str] = set()
        for e in evs:
            if e["event"] == "scene_start":
                live = set()
            elif e["event"] == "mist_effect" and e["effect"] == "create_tag":
                live.add(e["tag"])
                created += 1
            elif e["event"] == "mist_roll":
                story = {t for t in e["tags"] if t in {s["id"] for s in _table("story_tags")["story_tags"]}}
                assert story <= live, e
    assert created >= 5
    start = journals[0][0]
    assert all(len(c["themes"]) == 4 and all(len(t["tags"]) == 3 and len(t["weaknesses"]) == 1 for t in c["themes"])
               for c in start["characters"])


# --- MIST.THEME -------------------------------------------------------------------------------------------

def test_MIST_THEME_1_a_theme_is_a_tag_group_with_its_theme_tag_first(scenario):
    """MIST.THEME.1: in all 16 kits the first tag is the theme tag, named like the kit; each character's
    themes hold it first."""
    kits = _table("themes")["kits"]
    assert len(kits) == 16 and all(k["tags"][0]["id"] == k["id"] for k in kits)
    game = build(scenario, 1, Journal())
    assert all(t.theme_tag == t.kit for pc in game.characters for t in pc.themes)


def test_MIST_THEME_3_gifts_resonate_and_decay_selves_progress_and_are_abandoned(journals):
    """MIST.THEME.3: 8 Gift and 8 Self kits; every mark in eight campaigns is on its type's tracks."""
    kits = _table("themes")["kits"]
    assert Counter(k["type"] for k in kits) == {"gift": 8, "self": 8}
    types = {k["id"]: k["type"] for k in kits}
    marks = _all(journals, "theme_mark")
    assert len(marks) > 300
    for e in marks:
        assert e["track"] in (arcs.GROW_TRACK[types[e["theme"]]], arcs.FADE_TRACK[types[e["theme"]]])
    assert arcs.GROW_TRACK == {"gift": "resonance", "self": "progress"}
    assert arcs.FADE_TRACK == {"gift": "decay", "self": "abandonment"}


@pytest.mark.parametrize("gifts, selves", [(2, 2), (3, 1), (1, 3)])
def test_MIST_THEME_4_a_character_with_no_named_themes_draws_the_options_numbers(scenario, gifts, selves):
    """MIST.THEME.4 (MIST.OPEN.5): 白九 names no themes and draws ``mist_gift_themes`` Gifts and
    ``mist_self_themes`` Selves (default 2 and 2)."""
    game = build(_varied(scenario, mist_gift_themes=gifts, mist_self_themes=selves), 5, Journal())
    drawn = Counter(t.type for t in game.characters[2].themes)
    assert drawn == {"gift": gifts, "self": selves}
    assert [len(pc.themes) for pc in game.characters[:2]] == [4, 4]  # the named kits, untouched


# --- MIST.ROLL.1, MIST.SCENE, MIST.CHAPTER -----------------------------------------------------------------

def test_MIST_ROLL_1_effects_are_cashed_in_only_after_a_successful_roll(journals):
    """MIST.ROLL.1: every effect follows a roll of the same character that succeeded (6 or more)."""
    effects = 0
    for evs in journals:
        last = {}
        for e in evs:
            if e["event"] == "mist_roll":
                last[e["actor"]] = e
            elif e["event"] == "mist_effect":
                roll = last[e["actor"]]
                assert roll["result"] != MIST_FAILURE and roll["purpose"] == "act", e
                effects += 1
    assert effects > 500


def test_MIST_SCENE_1_and_MIST_CHAPTER_1_scenes_make_chapters_montage_heist_fallout(journals, scenario):
    """MIST.SCENE.1 / MIST.CHAPTER.1: a chapter is one montage scene per character in play, then one heist scene,
    then the fallout (chapter_end); at most 8 chapters (mist_harbor's length)."""
    for evs in journals:
        chapter = None
        for e in evs:
            if e["event"] == "chapter_start":
                chapter, kinds = e, []
            elif e["event"] == "scene_start":
                kinds.append(e["kind"])
            elif e["event"] == "chapter_end":
                assert kinds[-1] == "heist" and kinds.count("heist") == 1
                assert kinds.count("montage") <= len(chapter["actors"]) and kinds.count("montage") >= 1
                assert e["chapter"] == chapter["chapter"]
        assert sum(e["event"] == "chapter_start" for e in evs) <= scenario.chapters == 8


def test_MIST_SCENE_2_a_threat_is_cashed_in_only_after_a_failure_or_a_6_to_8(journals):
    """MIST.SCENE.2: establish (scene_start), act (mist_roll), consequence (mist_threat): every threat follows
    an act roll of its target that did not reach 9; a 9+ brings none."""
    threats = 0
    for evs in journals:
        last = None
        for e in evs:
            if e["event"] == "mist_roll" and e["purpose"] == "act":
                last = e
            elif e["event"] == "mist_threat":
                assert last is not None and last["result"] != MIST_SUCCESS, e
                if e["target"]:
                    assert e["target"] == last["actor"]
                threats += 1
    assert threats > 200


def test_MIST_ARC_GROW_1_weakness_desire_and_dilemma_marks(journals):
    """MIST.ARC.GROW.1: every ``weakness`` mark follows a roll that brought a weakness of that theme; a desire
    is marked at most once a chapter per character; a dilemma mark is progress on a Self."""
    kits = {k["id"]: k for k in _table("themes")["kits"]}
    weak_of = {w["id"]: k for k, rec in kits.items() for w in rec["weaknesses"]}
    whys = Counter()
    for evs in journals:
        last, desires = {}, set()
        for e in evs:
            if e["event"] == "chapter_start":
                desires = set()
            elif e["event"] == "mist_roll":
                last[e["actor"]] = e
            elif e["event"] == "theme_mark" and e["why"] in ("weakness", "desire", "dilemma"):
                whys[e["why"]] += 1
                if e["why"] == "weakness":
                    assert e["theme"] in {weak_of.get(w) for w in last[e["actor"]]["weaknesses"]}, e
                elif e["why"] == "desire":
                    assert e["track"] == "resonance" and e["actor"] not in desires
                    desires.add(e["actor"])
                else:
                    assert e["track"] == "progress"
    assert whys["weakness"] > 50 and whys["desire"] > 20 and whys["dilemma"] >= 1


# --- MIST.ARC.REPLACE.1, MIST.OPEN -------------------------------------------------------------------------

def test_MIST_ARC_REPLACE_1_and_MIST_OPEN_6_unleashing_replaces_only_with_the_option(scenario):
    """MIST.ARC.REPLACE.1 / MIST.OPEN.6: with ``mist_unleash: never`` no theme is unleashed in 40 campaigns;
    with ``replace`` some are, each leaving the status one short of its limit."""
    causes = {"never": Counter(), "replace": Counter()}
    for mode in causes:
        varied = _varied(scenario, mist_unleash=mode)
        for seed in range(40):
            j = Journal()
            play_campaign(varied, seed, journal=j)
            for i, e in enumerate(j.events):
                if e["event"] == "theme_replaced":
                    causes[mode][e["cause"]] += 1
                    if e["cause"] == "unleash":
                        landed = next(x for x in j.events[i:] if x["event"] == "mist_status" and x["target"] == e["actor"])
                        assert landed["after"] <= 5 and not landed["limit_reached"]
    assert causes["never"]["unleash"] == 0 and causes["never"]["fade"] > 0
    assert causes["replace"]["unleash"] > 0


@pytest.mark.parametrize("before, delta, add_cap6, highest", [(2, 3, 5, 3), (5, 4, 6, 5), (4, -6, 0, 0)])
def test_MIST_OPEN_2_status_arithmetic_is_the_option_mist_status_stack(before, delta, add_cap6, highest):
    """MIST.OPEN.2: the seed gives no arithmetic; ``add_cap6`` adds (cap 6), ``highest`` keeps the higher."""
    assert (stack(before, delta, "add_cap6"), stack(before, delta, "highest")) == (add_cap6, highest)


def test_MIST_OPEN_3_burned_tags_come_back_per_mist_burn_recovery(scenario):
    """MIST.OPEN.3: a scene's end frees burned tags only with ``end_of_scene``; a chapter's end always."""
    assert (recovers("scene", "end_of_chapter"), recovers("scene", "end_of_scene")) == (False, True)
    assert recovers("chapter", "end_of_chapter") and recovers("chapter", "end_of_scene")
    moments = {}
    for mode in ("end_of_chapter", "end_of_scene"):
        j = Journal()
        play_campaign(_varied(scenario, mist_burn_recovery=mode), 2, journal=j)
        moments[mode] = Counter(e["moment"] for e in j.events if e["event"] == "tags_recovered")
    assert set(moments["end_of_chapter"]) == {"chapter"} and moments["end_of_scene"]["scene"] > 0


def test_MIST_OPEN_4_a_consequence_is_a_status_or_a_story_tag_and_mitigation_is_the_option(scenario):
    """MIST.OPEN.4: every threat is a status on its target or a story tag (target None); mitigation rolls
    happen with ``mist_mitigation: roll`` and never with ``none``."""
    rolls = {}
    for mode in ("roll", "none"):
        n, kinds = 0, Counter()
        for seed in range(4):
            j = Journal()
            play_campaign(_varied(scenario, mist_mitigation=mode), seed, journal=j)
            n += sum(e["event"] == "mist_roll" and e["purpose"] == "mitigate" for e in j.events)
            kinds.update("tag" if e["target"] is None else "status" for e in j.events
                         if e["event"] == "mist_threat" and not e["foreseen"])
        rolls[mode] = n
        assert kinds["status"] > 20 and kinds["tag"] > 0
    assert rolls["roll"] > 10 and rolls["none"] == 0


@pytest.mark.parametrize("policy, shift", [("gentle", -1), ("standard", 0), ("gritty", 1)])
def test_MIST_OPEN_5_the_mc_policy_moves_a_threat_by_its_threat_shift(scenario, policy, shift):
    """MIST.OPEN.5: how hard a consequence lands is the MC policy's ``threat_shift``: every status threat in
    three campaigns lands at max(1, its level + shift, less 1 after a 6-8)."""
    base = {t["id"]: t.get("level") for c in _table("challenges")["challenges"] for t in c["threats"]}
    landed = 0
    for seed in range(3):
        j = Journal()
        play_campaign(scenario, seed, journal=j, seats={"gm": mist_agent("gm", policy)})
        last = None
        for e in j.events:
            if e["event"] == "mist_roll" and e["purpose"] == "act":
                last = e
            elif e["event"] == "mist_threat" and e["target"] and not e["foreseen"]:
                partial = last["result"] != MIST_FAILURE
                assert e["level"] == max(1, base[e["threat"]] + shift - partial), e
                landed += 1
    assert landed > 20


def test_MIST_OPEN_7_marks_after_a_growth_reset_only_with_the_option():
    """MIST.OPEN.7: three marks buy a growth; ``mist_reset_after_growth`` true leaves 0 marks, false 3."""
    theme = arcs.new_theme("k", "gift", ["k", "a", "b"], ["w"])
    for _ in range(3):
        theme = arcs.mark(theme, "resonance")
    assert arcs.grow(theme, "rewrite", reset_marks=True).grow == 0
    assert arcs.grow(theme, "rewrite", reset_marks=False).grow == 3
