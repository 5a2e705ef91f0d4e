"""``sim validate``: shipped content passes; broken copies report file:line and exit 2."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from sim.cli import main
from sim.content import PROJECT_ROOT
from sim.content.loader import CONTENT_CHECKS, register_check
from sim.content.validate import validate_paths
from sim.errors import Problem




def edit(path: Path, old: str, new: str, count: int = 1) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path}"
    path.write_text(text.replace(old, new, count), encoding="utf-8")


def line_of(path: Path, needle: str) -> int:
    for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if needle in line:
            return i
    raise AssertionError(needle)


def run(capsys, *args):
    """``sim validate ARGS``: (exit status, the problems on stderr then the count on stdout, as lines)."""
    code = main(["validate", *args])
    out = capsys.readouterr()
    assert len(out.out.splitlines()) == 1, out.out  # stdout holds the count alone
    return code, out.err.splitlines() + out.out.splitlines()


def test_shipped_content_and_scenarios_pass(capsys, monkeypatch):
    monkeypatch.chdir(PROJECT_ROOT)
    code, lines = run(capsys)
    assert code == 0, lines
    assert re.fullmatch(r"OK: \d+ tables and \d+ scenarios checked, no errors( \(.*\))?", lines[-1])
    assert len(lines) == 1


def test_copy_passes_too(project, capsys):
    code, lines = run(capsys, "content", "scenarios")
    assert code == 0 and lines[-1].startswith("OK: ")


def test_wrong_type(project, capsys):
    f = project / "content/blades/factions.yaml"
    edit(f, "tier: 3\n    hold: strong\n    category: institutions", "tier: high\n    hold: strong\n    category: institutions")
    code, lines = run(capsys)
    assert code == 1
    n = line_of(f, "tier: high")
    assert f"content/blades/factions.yaml:{n}: factions[14].tier: must be an integer, got 'high'" in lines
    assert lines[-1].startswith("sim validate: 1 error in ")


def test_tier_out_of_range_message_matches_the_issue(project, capsys):
    f = project / "content/blades/factions.yaml"
    edit(f, "tier: 2\n    hold: weak\n    category: underworld\n    allies: [path_of_echoes",
         "tier: 9\n    hold: weak\n    category: underworld\n    allies: [path_of_echoes")
    code, lines = run(capsys, "content")
    assert code == 1
    assert f"content/blades/factions.yaml:{line_of(f, 'tier: 9')}: factions[1].tier: must be 0..6, got 9" in lines


def test_unknown_faction_in_scenario_and_table(project, capsys):
    s = project / "scenarios/starter.yaml"
    edit(s, "  - wraiths\n", "  - wraithz\n")
    t = project / "content/blades/targets.yaml"
    edit(t, "faction: fog_hounds,", "faction: fog_hound,")
    code, lines = run(capsys)
    assert code == 1
    assert f"scenarios/starter.yaml:{line_of(s, 'wraithz')}: factions[12]: unknown faction 'wraithz'; did you mean 'wraiths'?" in lines
    assert (f"content/blades/targets.yaml:{line_of(t, 'fog_hound,')}: targets[0].faction: "
            "unknown faction 'fog_hound'; did you mean 'fog_hounds'?") in lines


def test_gap_and_overlap_in_die_tables(project, capsys):
    f = project / "content/blades/entanglements.yaml"
    edit(f, "  - die: 4-5\n", "  - die: 5\n")
    d = project / "content/blades/downtime.yaml"
    edit(d, "  - {die: 4-5, ticks: 2}", "  - {die: 3-5, ticks: 2}")
    code, lines = run(capsys, "content")
    assert code == 1
    assert f"content/blades/entanglements.yaml:{line_of(f, 'rows:')}: rows: die ranges leave 4 uncovered (must cover 1..6)" in lines
    assert f"content/blades/downtime.yaml:{line_of(d, '3-5')}: result_ticks[1].die: die 3-5 overlaps 1-3 at 3" in lines


def test_heat_column_gap(project, capsys):
    f = project / "content/blades/entanglements.yaml"
    edit(f, "heat: 6-8}", "heat: 7-8}")
    code, lines = run(capsys, "content/blades/entanglements.yaml")
    assert code == 1
    assert f"content/blades/entanglements.yaml:{line_of(f, 'columns:')}: columns: heat ranges leave 6 uncovered (must cover 0..8)" in lines


def test_python_tag_is_reported_not_run(project, capsys):
    f = project / "content/blades/bargains.yaml"
    marker = project / "pwned"
    edit(f, "weight: 10}", f"weight: !!python/object/apply:os.system ['touch {marker}']}}")
    code, lines = run(capsys)
    assert code == 1 and not marker.exists()
    assert (f"content/blades/bargains.yaml:{line_of(f, 'python/object')}: bargains[0].weight: "
            "tag !!python/object/apply:os.system is not allowed in content (data only)") in lines
    assert sum("bargains[0].weight" in line for line in lines) == 1  # no follow-on type error


def test_scenario_path_escaping_content_is_refused(project, capsys):
    s = project / "scenarios/tests/two_scores.yaml"
    edit(s, "length: {scores: 2}", "length: {scores: 2}\ncontent: [../starter.yaml, /etc, tiny_city/../../../x, content/blades, ../../content/blades]")
    code, lines = run(capsys, "scenarios/tests/two_scores.yaml")
    assert code == 1
    n = line_of(s, "content: [")
    assert f"scenarios/tests/two_scores.yaml:{n}: content[0]: path '../starter.yaml' escapes content/ and the scenario's folder; refused" in lines
    assert f"scenarios/tests/two_scores.yaml:{n}: content[1]: absolute path '/etc' refused: name a path inside content/ or this scenario's folder" in lines
    assert f"scenarios/tests/two_scores.yaml:{n}: content[2]: path 'tiny_city/../../../x' escapes content/ and the scenario's folder; refused" in lines
    assert not any("content[3]" in line or "content[4]" in line for line in lines)  # inside content/: allowed


def test_symlink_escape_is_refused(project, capsys, tmp_path_factory):
    outside = tmp_path_factory.mktemp("outside")
    (project / "scenarios/tests/link").symlink_to(outside)
    s = project / "scenarios/tests/two_scores.yaml"
    edit(s, "length: {scores: 2}", "length: {scores: 2}\ncontent: [link]")
    code, lines = run(capsys, "scenarios/tests/two_scores.yaml")
    assert code == 1 and any("content[0]: path 'link' escapes" in line for line in lines)


def test_negative_weight(project, capsys):
    f = project / "content/blades/complications.yaml"
    edit(f, "weight: 10}", "weight: -1}")
    code, lines = run(capsys)
    assert code == 1
    assert f"content/blades/complications.yaml:{line_of(f, 'weight: -1')}: complications[0].weight: must be 0..1000, got -1" in lines


def test_yaml_syntax_error_with_line(project, capsys):
    f = project / "content/blades/plans.yaml"
    edit(f, "    name: Assault\n", "    name: [Assault\n")
    code, lines = run(capsys)
    assert code == 1
    assert any(re.fullmatch(r"content/blades/plans\.yaml:\d+: YAML syntax error: .*", line) for line in lines)


def test_closed_effect_vocabulary_and_severity(project, capsys):
    f = project / "content/blades/complications.yaml"
    edit(f, "effect: {tick_clock: {clock: alert, ticks: 1}}", "effect: {tick_clock: {clock: alert, ticks: 2}}")
    edit(f, "effect: {harm: 1}", "effect: {explode: 1}")
    code, lines = run(capsys, "content")
    assert code == 1
    assert (f"content/blades/complications.yaml:{line_of(f, 'id: glimpsed')}: complications[0].effect.tick_clock.ticks: "
            "a minor complication ticks 1, got 2") in lines
    assert any(line.startswith(f"content/blades/complications.yaml:{line_of(f, 'explode')}: complications[1].effect.explode: "
                               "unknown field 'explode'") for line in lines)


def test_unknown_clock_in_effect(project, capsys):
    f = project / "content/blades/bargains.yaml"
    edit(f, "clock: evidence, ticks: 2", "clock: evidense, ticks: 2")
    code, lines = run(capsys)
    assert code == 1
    assert any("bargains[1].effect.tick_clock.clock: unknown clock 'evidense'; did you mean 'evidence'?" in line for line in lines)


def test_scenario_options_policies_and_locale(project, capsys):
    s = project / "scenarios/starter.yaml"
    edit(s, "options: {}", "options: {resist_mode: sometimes, resist_mod: avoid, crew_xp_track: 99}")
    edit(s, "policy: bold}", "policy: daring}")
    edit(s, "name_locale: en_US", "name_locale: xx_YY")
    edit(s, "gm: {policy: standard}", "gm: {policy: cruel}")
    code, lines = run(capsys, "scenarios/starter.yaml")
    assert code == 1
    opt = line_of(s, "options:")
    assert f"scenarios/starter.yaml:{opt}: options.resist_mode: must be one of reduce, avoid, gm_choice, got 'sometimes'" in lines
    assert f"scenarios/starter.yaml:{opt}: options.resist_mod: unknown rule option 'resist_mod'; did you mean 'resist_mode'?" in lines
    assert f"scenarios/starter.yaml:{opt}: options.crew_xp_track: must be 6..12, got 99" in lines
    assert f"scenarios/starter.yaml:{line_of(s, 'daring}')}: crew.members[1].policy: must be one of careful, bold, reckless, got 'daring'" in lines
    assert f"scenarios/starter.yaml:{line_of(s, 'xx_YY')}: name_locale: must be one of de_DE, en_GB, en_US, es_ES, fr_FR, it_IT, ja_JP, ko_KR, pt_BR, ru_RU, zh_CN, zh_TW, got 'xx_YY'" in lines
    assert f"scenarios/starter.yaml:{line_of(s, 'cruel')}: gm.policy: must be one of gentle, standard, gritty, got 'cruel'" in lines


def test_scenario_unknown_playbook_and_status_outside_factions(project, capsys):
    s = project / "scenarios/tests/two_scores.yaml"
    edit(s, "playbook: lurk", "playbook: lurker")
    edit(s, "type: shadows", "type: shadows\n  statuses: {hive: 1}")
    code, lines = run(capsys, str(s))
    assert code == 1
    assert any(l.endswith(f"two_scores.yaml:{line_of(s, 'lurker')}: crew.members[0].playbook: unknown playbook 'lurker'; did you mean 'lurk'?") for l in lines)
    assert any(l.endswith("crew.statuses.hive: faction 'hive' is not in this scenario's factions") for l in lines)


def test_missing_path_is_a_usage_error(project, capsys):
    assert main(["validate", "nope.yaml"]) == 2
    assert capsys.readouterr().err.strip() == "sim: error: no such file or folder: nope.yaml"


def test_strict_turns_warnings_into_errors(project, capsys):
    def warn_once(loaded, lang):
        doc = loaded.docs.get("blades/trauma")
        if doc is None:
            return []
        return [Problem(doc.file, doc.line("conditions[0].name"), "conditions[0].name", f"no {lang} translation", "warning")]

    saved = list(CONTENT_CHECKS)
    CONTENT_CHECKS[:] = []  # only this test's check (sim.i18n's real ones are tested in test_i18n_validate)
    register_check(warn_once)
    try:
        code, lines = run(capsys, "content", "--lang", "zh-Hant")
        assert code == 0
        assert lines[0] == "content/blades/trauma.yaml:5: warning: conditions[0].name: no zh-Hant translation"
        assert "1 warning" in lines[-1]
        code, lines = run(capsys, "content", "--lang", "zh-Hant", "--strict")
        assert code == 1
        assert lines[0] == "content/blades/trauma.yaml:5: conditions[0].name: no zh-Hant translation"
    finally:
        CONTENT_CHECKS[:] = saved


def test_overlay_table_file_is_checked_in_its_content_set(project):
    f = project / "scenarios/tests/tiny_city/blades/targets.yaml"
    edit(f, "faction: billhooks", "faction: bilhooks")
    report = validate_paths([project / "scenarios/tests"])
    assert [p.message for p in report.errors] == ["unknown faction 'bilhooks'; did you mean 'billhooks'?"]
    assert any(str(p.file).endswith("tiny_city/blades/targets.yaml") for p in report.errors)


@pytest.mark.parametrize("file, old, new, expected", [
    ("actions.yaml", "{id: hunt, name: Hunt, attribute: insight", "{id: hunt, name: Hunt, attribute: prowess",
     "actions[0].attribute: 'hunt' is listed under 'insight', not 'prowess'"),
    ("playbooks.yaml", "actions: {skirmish: 2, command: 1}", "actions: {skirmish: 2, command: 2}",
     "playbooks[0].actions: a playbook pre-places 3 action dots, got 4"),
    ("crews.yaml", "[turf, cover_operation, lair, turf, protection_racket]", "[turf, cover_operation, turf, lair, protection_racket]",
     "crews[0].claim_map[1][2]: the centre of a claim map must be lair, got 'turf'"),
    ("factions.yaml", "enemies: [red_sashes, bluecoats]", "enemies: [gondoliers, lampblacks]",
     "factions[0].enemies[0]: 'gondoliers' is listed as both ally and enemy"),
    ("factions.yaml", "enemies: [red_sashes, bluecoats]", "enemies: [red_sashes, lampblacks]",
     "factions[0].enemies[1]: a faction cannot list itself"),
    ("factions.yaml", "size: 8, kind: destroy, target: red_sashes}\n      - {id: new_drug_supply",
     "size: 7, kind: destroy, target: red_sashes}\n      - {id: new_drug_supply",
     "factions[0].clocks[0].size: clock size must be one of 4, 6, 8, 10, 12, got 7"),
    ("complications.yaml", "effect: {harm: 2}, plans: [assault, stealth, transport], positions: [risky], weight: 9",
     "effect: {harm: 3}, plans: [assault, stealth, transport], positions: [risky], weight: 9",
     "complications[12].effect.harm: a standard complication deals level-2 harm, got 3"),
    ("upgrades.yaml", "{id: vault, name: Vault, boxes: 1", "{id: vault, name: Vault, boxes: 0",
     "upgrades[21].boxes: must be 1..4, got 0"),
    ("crews.yaml", "upgrades:\n      - {id: bravos_rigging", "upgrades:\n      - {id: assassin_rigging",
     "crews[1].upgrades[0].id: upgrade id 'assassin_rigging' is already defined at"),
])
def test_table_wide_rules(project, file, old, new, expected):
    path = project / "content/blades" / file
    edit(path, old, new)
    report = validate_paths([project / "content"])
    found = [f"{p.path}: {p.message}" for p in report.errors]
    assert any(f.startswith(expected) for f in found), found
    assert all(p.file == f"content/blades/{file}" for p in report.errors)


def test_one_sided_alliance_with_an_enemy_is_a_warning(project, capsys):
    f = project / "content/blades/factions.yaml"
    edit(f, "enemies: [red_sashes, bluecoats]", "enemies: [red_sashes, bluecoats, gondoliers]")  # lampblacks
    code, lines = run(capsys, "content")
    # lampblacks list gondoliers as both ally and enemy: an error; gondoliers' alliance with them: a warning
    assert code == 1
    assert any("factions[0].enemies[2]: 'gondoliers' is listed as both ally and enemy" in line for line in lines)
    assert any(re.search(r"factions.yaml:\d+: warning: factions\[\d+\]\.allies\[0\]: 'lampblacks' lists 'gondoliers' as an enemy", line)
               for line in lines)
