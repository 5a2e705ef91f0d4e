"""Fate scenes inside a Blades campaign (option score_scenes, scenarios/fate_scenes.yaml)."""

import json
from pathlib import Path

import pytest

from sim.cli import main
from sim.content import load_scenario
from sim.blades.score.outcomes import ScorePlan
from sim.blades.score.fate_scenes import fate_scene_layout

ROOT = Path(__file__).resolve().parents[1]
SCENARIO = ROOT / "scenarios" / "fate_scenes.yaml"


class _Campaign:
    def __init__(self, mode):
        self.options = {"score_scenes": mode}


def _plan(plan, layers):
    return ScorePlan(target_id="t", target_faction="f", target_tier=1, kind="k", plan=plan, detail="d", coin=2,
                     exposure="standard", obstacles=layers)


def test_FATE_CONFLICT_assault_ends_in_a_conflict_only_when_asked():
    layers = (("Guards", 4), ("The boss", 6))
    assert fate_scene_layout(_Campaign("challenge"), _plan("assault", layers)) is None
    scenes = fate_scene_layout(_Campaign("fate"), _plan("assault", layers))
    assert [(s.kind, s.obstacles) for s in scenes] == [("challenge", (("Guards", 4),)), ("conflict", (("The boss", 6),))]
    contest = fate_scene_layout(_Campaign("fate"), _plan("transport", layers[:1]))
    assert [(s.kind, s.obstacles) for s in contest] == [("contest", (("Guards", 4),))]
    assert fate_scene_layout(_Campaign("fate"), _plan("stealth", layers)) is None


def test_fate_scenes_scenario_plays_fate_rolls_into_the_journal(capsys):
    assert main(["play", str(SCENARIO), "--seed", "2", "--json"]) == 0  # a seed whose scores reach a conflict
    events = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    kinds = {e["kind"] for e in events if e["event"] == "scene"}
    assert "conflict" in kinds
    rolls = [e for e in events if e["event"] == "fate_roll"]
    assert rolls and all(-4 <= sum(e["faces"]) <= 4 and len(e["faces"]) == 4 for e in rolls)
    for e in rolls:  # FATE.DICE.2 / FATE.ASPECT.3: effort = dice + skill + bonuses + 2 per invoke taken as +2
        extra = e["effort"] - (sum(e["faces"]) + e["rating"] + e["bonus"]) + 2 * e.get("opposed", 0)  # oppose: 2 less
        assert extra % 2 == 0 and 0 <= extra <= 2 * e["invokes"], e


@pytest.mark.parametrize("lang", ["en", "zh-Hant", "zh-Hans"])
def test_fate_scenes_transcript_renders_every_fate_event(lang, capsys):
    assert main(["play", str(SCENARIO), "--seed", "2", "--lang", lang]) == 0
    out = capsys.readouterr().out
    assert "fate." not in out and "play." not in out and "npc1" not in out
    marker = {"en": "effort", "zh-Hant": "努力值", "zh-Hans": "努力值"}[lang]
    assert marker in out


def test_scenario_names_the_option():
    assert load_scenario(SCENARIO).options["score_scenes"] == "fate"
