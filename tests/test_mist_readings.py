"""Issue 31's mist readings and unused mechanics: MIST.STATUS.2 (which statuses cancel, option
``mist_status_cancel``), MIST.EVOLUTION.1 (control of an Avatar or Sleeper ends with the chapter it was chosen in),
and the extra feat, bolstering a helpful status and unleashing, each used by the scripted players and counted
in a 200-campaign batch of mist_harbor."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from pathlib import Path

import pandas as pd
import pytest

from sim.cli import main
from sim.content.scenario import load_scenario
from sim.errors import UsageError
from sim.journal import Journal
from sim.mist.rules import arcs
from sim.mist.campaign import build, play_campaign
from sim.mist.rules.statuses import cancelled_by

ROOT = Path(__file__).resolve().parents[1]
SCENARIO = ROOT / "scenarios/mist_harbor.yaml"


@pytest.fixture(scope="module")
def scenario():
    return load_scenario(SCENARIO)


def _varied(scenario, **options):
    return replace(scenario, options=scenario.options.replace(**options))


# --- MIST.STATUS.2: "similar statuses build up, different ones cancel" --------------------------------------

TABLE = {"harmed": {"kind": "harmful", "cancels": "braced"}, "cursed": {"kind": "harmful", "cancels": "warded"},
         "braced": {"kind": "helpful", "cancels": "harmed"}, "warded": {"kind": "helpful", "cancels": "cursed"}}


@pytest.mark.parametrize("name, held, opposite, different", [
    ("harmed", {"braced": 2, "warded": 3}, ["braced"], ["warded", "braced"]),
    ("harmed", {"warded": 1}, [], ["warded"]),
    ("harmed", {"cursed": 4}, [], []),  # a status of the same kind never cancels: it is "similar"
    ("braced", {"harmed": 2, "cursed": 2}, ["harmed"], ["cursed", "harmed"]),  # ties by name
    ("warded", {}, [], []),
])
def test_MIST_STATUS_2_which_statuses_a_new_one_cancels_in_each_reading(name, held, opposite, different):
    assert cancelled_by(name, held, TABLE, "opposite") == opposite
    assert cancelled_by(name, held, TABLE, "different") == different


def test_MIST_STATUS_2_an_unknown_reading_is_refused():
    with pytest.raises(UsageError, match="mist_status_cancel"):
        cancelled_by("harmed", {}, TABLE, "similar")


@pytest.mark.parametrize("mode", ["opposite", "different"])
def test_MIST_STATUS_2_a_harm_of_5_first_spends_itself_cancelling(scenario, mode):
    """braced 2 and warded 3 on a character, harmed 5 arrives: ``opposite`` cancels braced (2) and lands harmed 3;
    ``different`` cancels warded 3, then braced 2, and nothing lands."""
    game = build(_varied(scenario, mist_status_cancel=mode), 1, Journal())
    pc = game.characters[0]
    pc.statuses.update({"braced": 2, "warded": 3})
    game.add_status(pc, "harmed", 5, "threat:test")
    expected = {"opposite": {"warded": 3, "harmed": 3}, "different": {}}[mode]
    assert pc.statuses == expected
    changes = [(e["name"], e["delta"], e["why"]) for e in game.journal.events if e["event"] == "mist_status"]
    if mode == "opposite":
        assert changes == [("braced", -2, "cancel:harmed"), ("harmed", 3, "threat:test")]
    else:
        assert changes == [("warded", -3, "cancel:harmed"), ("braced", -2, "cancel:harmed")]
    assert game.counts["statuses_cancelled"] == (2 if mode == "opposite" else 5)


def test_MIST_STATUS_2_the_content_pairs_each_harm_with_a_helpful_opposite(scenario):
    """Five harmful and five helpful statuses, one of each per approach, each pair cancelling the other."""
    game = build(scenario, 1, Journal())
    table = game.statuses
    assert Counter(r["kind"] for r in table.values()) == {"harmful": 5, "helpful": 5}
    for name, rec in table.items():
        other = table[rec["cancels"]]
        assert other["cancels"] == name and other["kind"] != rec["kind"] and other["approach"] == rec["approach"]


@pytest.mark.parametrize("mode", ["opposite", "different"])
def test_MIST_STATUS_2_cancellation_rederives_from_the_journal_in_both_readings(scenario, mode):
    """Over 30 campaigns each cancelled level is a ``cancel:<status>`` change, by a status of the other kind,
    and in the ``opposite`` reading only by the status's named opposite."""
    game = build(scenario, 1, Journal())
    table = game.statuses
    cancelled = 0
    for seed in range(30):
        j = Journal()
        play_campaign(_varied(scenario, mist_status_cancel=mode), seed, journal=j)
        for e in j.events:
            if e["event"] == "mist_status" and e["why"].startswith("cancel:"):
                by = e["why"][len("cancel:"):]
                assert e["delta"] < 0 and table[by]["kind"] != table[e["name"]]["kind"]
                if mode == "opposite":
                    assert table[by]["cancels"] == e["name"]
                cancelled += -e["delta"]
    assert cancelled > 0


def test_MIST_STATUS_2_helpful_statuses_count_in_rolls(scenario):
    """A bolstered status is the one status of later rolls when it is the highest (MIST.STATUS.3): 10 campaigns
    show rolls with a helpful status, each at its level, and the summary counts them."""
    helped = counted = 0
    for seed in range(10):
        j = Journal()
        _, summary = play_campaign(scenario, seed, journal=j)
        counted += summary["rolls_helped"]
        helped += sum(1 for e in j.events if e["event"] == "mist_roll" and e["status"] and e["status"]["level"] > 0)
    assert helped == counted > 20


# --- MIST.EVOLUTION.1: control ends when the current chapter ends ------------------------------------------

def test_MIST_EVOLUTION_1_an_avatar_or_sleeper_leaves_at_the_end_of_the_chapter_it_was_chosen_in(scenario):
    """In 120 campaigns or more every Avatar and Sleeper ending is chosen at a heist's start and the character leaves
    at that same chapter's fallout (or the campaign ends first); none plays a roll in a later chapter. A return
    to calm is chosen at a fallout and leaves at once."""
    endings = Counter()
    for seed in range(400):  # at least 120 campaigns, more until a return to calm (rare: about 1 in 60) is seen
        if seed >= 120 and endings["avatar"] and endings["sleep"] and endings["calm"]:
            break
        j = Journal()
        play_campaign(scenario, seed, journal=j)
        chapter, chosen = 0, {}
        for e in j.events:
            if e["event"] == "chapter_start":
                chapter = e["chapter"]
            elif e["event"] == "mist_ending":
                endings[e["ending"]] += 1
                assert e["phase"] == ("fallout" if e["ending"] == "calm" else "heist"), e
                assert e["last_chapter"] == chapter
                chosen[e["actor"]] = (chapter, e["ending"])
            elif e["event"] == "pc_leaves":
                assert chosen[e["actor"]][0] == chapter and e["phase"] == "fallout", e
            elif e["event"] in ("mist_roll", "scene_start") and chapter:
                actors = [e["actor"]] if e["event"] == "mist_roll" else e["actors"]
                assert not any(a in chosen and chosen[a][0] < chapter for a in actors), e
    assert endings["avatar"] and endings["sleep"] and endings["calm"]


def test_MIST_EVOLUTION_1_the_endings_are_offered_at_their_moments(scenario):
    """The ending decision offers avatar and sleep at a heist's start, calm at the fallout (never all three)."""
    offered = Counter()
    for seed in range(60):
        j = Journal()
        play_campaign(scenario, seed, journal=j)
        for e in j.events:
            if e["event"] == "decision" and e["kind"] == "mist_ending":
                offered[(e["phase"], tuple(e["options"]))] += 1
    assert set(offered) == {("heist", ("", "avatar", "sleep")), ("fallout", ("", "calm"))}
    assert arcs.ENDINGS_IN_PLAY + arcs.ENDINGS_AT_FALLOUT == ("avatar", "sleep", "calm")


# --- the mechanics no campaign used (issue 31): extra feat, bolster, unleash, cancellation ------------------

def test_the_extra_feat_is_an_opening_the_next_ally_uses_for_plus_1(scenario):
    """MIST.EFFECT.1, an extra feat (1 power): bought only in a scene another character acts in, for an ally
    who would roll at power 0 or below; the next roll of another character carries ``opening_<giver>`` as +1."""
    bought = used = 0
    for seed in range(20):
        j = Journal()
        play_campaign(scenario, seed, journal=j)
        scene_kind, open_by = None, Counter()
        for e in j.events:
            if e["event"] == "scene_start":
                scene_kind, open_by = e["kind"], Counter()
            elif e["event"] == "mist_effect" and e["effect"] == "extra_feat":
                assert scene_kind == "heist" and e["cost"] == 1
                open_by[e["actor"]] += 1
                bought += 1
            elif e["event"] == "mist_roll" and e["purpose"] == "act":
                opening = [t for t in e["tags"] if t.startswith("opening_")]
                assert len(opening) <= 1
                if opening:
                    giver = opening[0][len("opening_"):]
                    assert giver != e["actor"] and open_by[giver] > 0
                    open_by[giver] -= 1
                    used += 1
    assert bought > 0 and 0 < used <= bought


def test_a_200_campaign_batch_of_mist_harbor_uses_every_mechanic(tmp_path, capsys):
    """Counted by ``sim batch`` over 200 mist_harbor campaigns: extra feats, bolstered helpful statuses, rolls a
    helpful status counted in, status levels cancelled (MIST.STATUS.2), themes unleashed past a limit
    (MIST.ARC.REPLACE.1, mist_harbor sets ``mist_unleash: replace``), and Avatar and Sleeper endings."""
    out = tmp_path / "run"
    assert main(["batch", str(SCENARIO), "--campaigns", "200", "--workers", "1", "--out", str(out), "--lang", "en"]) == 0
    rows = pd.read_parquet(out / "campaigns.parquet")
    assert len(rows) == 200
    totals = {k: int(rows[k].sum()) for k in ("effect_extra_feat", "effect_bolster", "rolls_helped",
                                               "statuses_cancelled", "themes_unleashed", "ending_avatar",
                                               "ending_sleep")}
    assert all(v > 0 for v in totals.values()), totals


def test_the_effect_briefing_gives_each_allys_odds_with_and_without_an_opening(scenario):
    """A person deciding on an extra feat sees each ally's best power and its exact odds (MIST.ROLL.5): at power 0
    the d8 alone (success 0), with the opening power 1 (success 5/16)."""
    from sim.agents.base import Decision
    from sim.agents.briefing import brief
    from sim.mist import scene
    from sim.odds import fraction_text, mist_odds

    game = build(scenario, 1, Journal())
    game.chapter = 1
    scene.establish(game, "smuggler_fleet", "heist", game.active)
    ally = game.characters[1]
    power = scene.ally_power(game, ally)
    got = brief(game, Decision("mist_effect", "pc1", ("status_up", "extra_feat", "stop"), {"budget": 2}))
    assert set(got["allies"]) == {"pc2", "pc3"} and got["allies"]["pc2"]["power"] == power
    assert got["allies"]["pc2"]["with_opening"]["success"]["p"] == fraction_text(mist_odds(power + 1)["success"])
    assert fraction_text(mist_odds(0)["success"]) == "0/1" and fraction_text(mist_odds(1)["success"]) == "5/16"
    assert brief(game, Decision("mist_effect", "pc1", ("status_up", "stop"), {"budget": 1})).get("allies") is None
