"""load_scenario(): frozen Scenario with resolved options and content."""

from __future__ import annotations

import dataclasses
import shutil

import pytest

from sim.blades.scenario import Scenario
from sim.content import PROJECT_ROOT, load_scenario
from sim.errors import ContentError, UsageError
from sim.options import RuleOptions

SCENARIOS = PROJECT_ROOT / "scenarios"


def test_starter_scenario_matches_the_issue():
    s = load_scenario(SCENARIOS / "starter.yaml")
    assert isinstance(s, Scenario)
    assert (s.name, s.system, s.seed, s.lang, s.name_locale) == ("starter", "blades", 1, "en", "en_US")
    assert s.length.scores == 12 and s.length.tier is None
    assert s.crew.type == "shadows" and len(s.crew.members) == 4
    assert {m.policy for m in s.crew.members} == {"careful", "bold", "reckless"}
    assert s.gm.policy == "standard"
    assert isinstance(s.options, RuleOptions) and s.options["resist_mode"] == "gm_choice"
    assert all(s.content.has("faction", f) for f in s.factions)
    with pytest.raises(dataclasses.FrozenInstanceError):
        s.seed = 2


def test_faction_balance_scenario_uses_every_faction():
    s = load_scenario(SCENARIOS / "faction_balance.yaml")
    assert set(s.factions) == set(s.content.ids["faction"])
    assert s.gm.policy == "gritty" and s.length.tier == 3


def test_test_scenarios_are_small():
    for path in sorted((SCENARIOS / "tests").glob("*.yaml")):
        s = load_scenario(path)
        if s.system != "blades":  # a Fate test adventure (fate_two_arcs) has no crew
            continue
        assert s.length.scores <= 3 and len(s.crew.members) == 2, path


def test_options_and_languages_resolve():
    s = load_scenario(SCENARIOS / "tests/zh_hant.yaml")
    assert s.lang == "zh-Hant" and s.name_locale == "zh_TW"
    assert s.options.resist_mode == "reduce" and s.options.crew_xp_track == 10
    assert s.options.overflow_harm == "fatal"  # default kept
    assert s.crew.members[1].name == "林小雨" and s.crew.members[0].vice == "gambling"
    assert s.description == {"en": "A short test campaign in Traditional Chinese.", "zh-Hant": "以繁體中文進行的簡短測試戰役。"}


def test_scenario_content_overlay_replaces_a_table():
    s = load_scenario(SCENARIOS / "tests/tiny_city.yaml")
    assert [t["id"] for t in s.content.table("blades/targets")["targets"]] == ["tiny_den", "tiny_school", "tiny_collector"]
    assert len(s.content.table("blades/factions")["factions"]) >= 20  # the rest is the shipped content
    plain = load_scenario(SCENARIOS / "starter.yaml")
    assert len(plain.content.table("blades/targets")["targets"]) >= 25


def test_load_scenario_reuses_loaded_content():
    a = load_scenario(SCENARIOS / "starter.yaml")
    b = load_scenario(SCENARIOS / "tests/two_scores.yaml")
    assert a.content is b.content


def test_missing_file_is_a_usage_error(tmp_path):
    with pytest.raises(UsageError, match="no such scenario file"):
        load_scenario(tmp_path / "none.yaml")


def test_bad_scenario_raises_content_error_with_every_problem(tmp_path):
    shutil.copytree(PROJECT_ROOT / "content", tmp_path / "content")
    (tmp_path / "scenarios").mkdir()
    bad = tmp_path / "scenarios" / "bad.yaml"
    bad.write_text("name: bad\nsystem: blades\nseed: -1\nlang: en\nname_locale: en_US\nlength: {scores: 0}\n"
                   "crew: {type: pirates, members: []}\ngm: {policy: standard}\nfactions: [crows, crows]\n")
    with pytest.raises(ContentError) as err:
        load_scenario(bad)
    messages = [(p.line, p.path, p.message) for p in err.value.problems]
    assert (3, "seed", f"must be 0..{2**63 - 1}, got -1") in messages
    assert (6, "length.scores", "must be 1..1000, got 0") in messages
    assert (7, "crew.members", "must have at least 1 item, got 0") in messages
    assert (7, "crew.type", "unknown crew_type 'pirates'") in messages
    assert (9, "factions[1]", "duplicate 'crows' (first at factions[0])") in messages


@pytest.mark.parametrize("line, text", [
    (2, "system: chess\n"), (1, ""), (2, "system: [blades]\n"),
])
def test_an_unknown_or_missing_system_is_one_problem_naming_the_known_systems(tmp_path, line, text):
    """Step one of reading a scenario: its system: (sim.systems); the rest is checked by that system."""
    bad = tmp_path / "bad.yaml"
    bad.write_text("name: bad\n" + text + "seed: -1\ncrew: {type: pirates}\n")
    with pytest.raises(ContentError) as err:
        load_scenario(bad)
    what = "missing system" if not text else f"unknown system {['blades'] if '[' in text else 'chess'!r}"
    assert [str(p) for p in err.value.problems] == [f"{bad}:{line}: system: {what}; known systems: blades, fate, mist"]


def test_scenario_uses_its_projects_content(tmp_path):
    shutil.copytree(PROJECT_ROOT / "content", tmp_path / "content")
    (tmp_path / "scenarios").mkdir()
    shutil.copy(SCENARIOS / "tests/two_scores.yaml", tmp_path / "scenarios/two.yaml")
    heat = tmp_path / "content/blades/heat.yaml"
    heat.write_text(heat.read_text().replace("wanted_at: 9", "wanted_at: 10"))
    s = load_scenario(tmp_path / "scenarios/two.yaml")
    assert s.content.root == (tmp_path / "content").resolve()
    assert s.content.table("blades/heat")["track"]["wanted_at"] == 10


def _scenario_in(tmp_path, text):
    shutil.copytree(PROJECT_ROOT / "content", tmp_path / "content")
    (tmp_path / "scenarios").mkdir()
    path = tmp_path / "scenarios" / "s.yaml"
    path.write_text(text, encoding="utf-8")
    return path


BASE = ("name: s\nsystem: blades\nseed: 1\nlang: en\nname_locale: en_US\nlength: {scores: 2}\n"
        "crew: {type: bravos, members: [{playbook: cutter, policy: bold}]}\ngm: {policy: standard}\n")


def test_factions_without_any_target_are_refused(tmp_path):
    path = _scenario_in(tmp_path, BASE + "factions: [ministry_of_preservation]\n")
    with pytest.raises(ContentError) as err:
        load_scenario(path)
    assert [(p.line, p.path) for p in err.value.problems] == [(9, "factions")]
    assert "no score target in" in err.value.problems[0].message


def test_content_overlay_must_name_known_tables(tmp_path):
    path = _scenario_in(tmp_path, BASE + "factions: [lampblacks]\ncontent: [extra, missing.yaml]\n")
    (tmp_path / "scenarios/extra/blades").mkdir(parents=True)
    (tmp_path / "scenarios/extra/blades/monsters.yaml").write_text("monsters: []\n")
    with pytest.raises(ContentError) as err:
        load_scenario(path)
    messages = [(p.path, p.message) for p in err.value.problems]
    assert ("content[0]", f"{(tmp_path / 'scenarios/extra/blades/monsters.yaml')} is not a known table "
            "('blades/monsters'); tables are e.g. blades/targets") in messages
    assert ("content[1]", "no such content folder or YAML file: 'missing.yaml'") in messages
