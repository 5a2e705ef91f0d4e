"""Every id the engine or the content shows to people has words in all three
languages (issue 6: no raw id leaks into text for people)."""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest
import yaml

from sim.i18n import (
    LANGS, NAME_KEYS, TEXT_KEYS, entry, field_key, has, missing_name_languages, name_of, option_text, t, text_in,
)

ROOT = Path(__file__).resolve().parents[1]
CONTENT = ROOT / "content"

# (module, attribute) holding engine ids -> key prefix
ENGINE_IDS = [
    ("sim.blades.crew.state", "ACTIONS", "blades.action"),
    ("sim.blades.crew.state", "ATTRIBUTES", "blades.attribute"),
    ("sim.blades.crew.state", "POSITIONS", "blades.position"),
    ("sim.blades.crew.state", "EFFECTS", "blades.effect"),
    ("sim.blades.crew.state", "RESULTS", "blades.result"),
    ("sim.blades.crew.state", "TRAUMA_CONDITIONS", "blades.trauma"),
    ("sim.blades.downtime.activities", "ACTIVITIES", "blades.activity"),
    ("sim.blades.score.effects", "EXPOSURES", "blades.exposure"),
    ("sim.clocks", "KINDS", "blades.clock.kind"),
    ("sim.dice", "RESULTS", "blades.result"),
    ("sim.oracle", "ANSWERS", "oracle.answer"),
    ("sim.oracle", "LIKELIHOODS", "oracle.likelihood"),
    ("sim.oracle", "SCENE_RESULTS", "oracle.scene"),
    ("sim.dice", "RESULTS", "blades.fortune"),
    ("sim.dice", "POSITIONS", "blades.position"),
    ("sim.dice", "EFFECTS", "blades.effect"),
    ("sim.dice", "FATE_OUTCOMES", "fate.outcome"),
    ("sim.dice", "MIST_RESULTS", "mist.result"),
    ("sim.dice", "LADDER", "fate.ladder"),
    ("sim.fate.scenes.actions", "ACTIONS", "fate.action"),
    ("sim.fate.characters.aspects", "ASPECT_KINDS", "fate.aspect_kind"),
    ("sim.fate.characters.aspects", "INVOKE_MODES", "fate.invoke_choice"),
    ("sim.fate.characters.character", "TRACKS", "fate.stress_track"),
    ("sim.fate.characters.character", "SEVERITIES", "fate.consequence"),
    ("sim.fate.characters.character", "KINDS", "fate.character_kind"),
    ("sim.fate.characters.ladder", "skills", "fate.skill"),   # "Academics" -> fate.skill.academics (content/fate/skills.yaml)
]


def _ids(module: str, attr: str) -> list[str]:
    try:
        value = getattr(importlib.import_module(module), attr)
    except (ImportError, AttributeError):
        pytest.skip(f"{module}.{attr} is not there (yet)")
    if callable(value):  # a list read from content (sim.fate.characters.ladder.skills)
        value = value()
    return [str(v).lower() if module == "sim.fate.characters.ladder" else str(v) for v in value]


@pytest.mark.parametrize("module, attr, prefix", ENGINE_IDS, ids=lambda x: str(x))
def test_engine_ids_have_terms(module, attr, prefix):
    missing = [f"{prefix}.{i}" for i in _ids(module, attr) if not has(f"{prefix}.{i}")]
    assert missing == []


def test_every_position_result_pair_has_a_meaning():
    """BITD.ACTION.5: `sim odds --position` and transcripts describe each pair."""
    for position in ("controlled", "risky", "desperate"):
        for result in ("critical", "success", "partial", "failure"):
            assert has(f"blades.meaning.{position}.{result}")


def test_harm_levels_and_statuses_cover_their_ranges():
    assert all(has(f"blades.harm.level.{n}") for n in range(1, 5))
    assert all(has(f"blades.status.{n}") for n in range(-3, 4))
    assert all(has(f"fate.ladder.{n}") for n in range(-4, 9))
    assert [t(f"blades.status.{n}", "zh-Hant") for n in (-3, 0, 3)] == ["戰爭", "中立", "盟友"]


def _content_records(table: str, list_name: str) -> list[dict]:
    path = CONTENT / f"{table}.yaml"
    if not path.exists():
        pytest.skip(f"{path} is not there (yet)")
    data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    return [r for r in data.get(list_name) or [] if isinstance(r, dict) and "id" in r]


@pytest.mark.parametrize("table, list_name", sorted(NAME_KEYS), ids=lambda x: str(x))
def test_content_names_have_terms_in_every_language(table, list_name):
    records = _content_records(table, list_name)
    assert records, f"{table}.yaml has no {list_name}"
    prefix = NAME_KEYS[(table, list_name)]
    missing = [f"{prefix}.{r['id']}" for r in records if not has(f"{prefix}.{r['id']}")]
    assert missing == []
    assert [r["id"] for r in records if missing_name_languages(table, list_name, r)] == []


def test_term_english_matches_the_content_name_where_both_exist():
    """The term table and the content file name the same thing: their English
    agrees up to case and a leading article, so a reader sees one name."""
    def norm(s: str) -> str:
        s = s.lower().replace("&", "and")
        return s[4:] if s.startswith("the ") else s

    differ = []
    for (table, list_name), prefix in sorted(NAME_KEYS.items()):
        path = CONTENT / f"{table}.yaml"
        if not path.exists():
            continue
        data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
        for r in data.get(list_name) or []:
            name = r.get("name") if isinstance(r, dict) else None
            en = name.get("en") if isinstance(name, dict) else name
            key = f"{prefix}.{r.get('id')}"
            if isinstance(en, str) and has(key) and norm(entry(key)["en"]) != norm(en):
                differ.append((key, entry(key)["en"], en))
    # names the term tables deliberately shorten or keep closer to RULES.md
    allowed = {
        "blades.harm.lesser", "blades.harm.moderate", "blades.harm.severe", "blades.harm.fatal",
        "blades.clock.kind.danger", "blades.clock.kind.racing", "blades.clock.kind.linked",
        "blades.clock.kind.mission", "blades.clock.kind.tug_of_war", "blades.clock.kind.faction",
        "blades.clock.kind.healing", "blades.exposure.quiet", "blades.activity.acquire_asset",
    }
    assert [d for d in differ if d[0] not in allowed] == []


def test_name_of_prefers_terms_and_falls_back_to_the_record():
    assert name_of("blades/factions", "factions", {"id": "red_sashes", "name": "The Red Sashes"}, "zh-Hant") == "紅紗"
    record = {"id": "nobody", "name": {"en": "Nobody", "zh-Hans": "无名氏"}}
    assert name_of("blades/factions", "factions", record, "zh-Hans") == "无名氏"
    assert name_of("blades/factions", "factions", record, "zh-Hant") == "Nobody"
    assert missing_name_languages("blades/factions", "factions", record) == ("zh-Hant",)
    assert missing_name_languages("blades/factions", "factions", {"id": "lampblacks", "name": "x"}) == ()
    with pytest.raises(KeyError, match="nobody"):
        name_of("blades/factions", "factions", {"id": "nobody"}, "en")


def test_all_languages_listed():
    assert LANGS == ("en", "zh-Hant", "zh-Hans")


def test_every_entanglement_option_has_words():
    """BITD.DOWNTIME.ENTANGLE.4: the transcript names the option the crew took."""
    records = _content_records("blades/entanglements", "entanglements")
    missing = [f"blades.entanglement_option.{e['id']}.{o['id']}"
               for e in records for o in e.get("options") or []
               if not has(f"blades.entanglement_option.{e['id']}.{o['id']}")]
    assert missing == []


def test_field_key_maps_text_paths_to_terms():
    data = {"factions": [{"id": "crows", "name": "The Crows"}],
            "entanglements": [{"id": "arrest", "options": [{"id": "evade", "text": "Run."}]}]}
    assert field_key("blades/factions", data, "factions[0].name") == "blades.faction.crows"
    assert field_key("blades/factions", data, "factions[0].text") is None
    assert field_key("blades/factions", data, "factions[3].name") is None
    assert field_key("blades/entanglements", data, "entanglements[0].options[0].text") == \
        "blades.entanglement_option.arrest.evade"
    assert field_key("blades/bargains", data, "entanglements[0].options[0].text") is None


def test_option_text_prefers_terms():
    assert option_text("arrest", {"id": "evade", "text": "Run."}, "zh-Hant") == "嘗試逃亡。"
    assert option_text("arrest", {"id": "new", "text": {"en": "New", "zh-Hans": "新"}}, "zh-Hans") == "新"


@pytest.mark.parametrize("table, list_name", [("blades/playbooks", "playbooks"), ("blades/crews", "crews")])
def test_every_special_ability_has_a_name(table, list_name):
    records = _content_records(table, list_name)
    abilities = [a["id"] for r in records for a in r.get("abilities") or []]
    assert abilities
    assert [a for a in abilities if not has(f"blades.ability.{a}")] == []
    data = {list_name: records}
    assert field_key(table, data, f"{list_name}[0].abilities[0].name") == f"blades.ability.{abilities[0]}"


@pytest.mark.parametrize("table, list_name, field", sorted(TEXT_KEYS), ids=lambda x: str(x))
def test_translated_text_fields_cover_every_record(table, list_name, field):
    records = _content_records(table, list_name)
    prefix = TEXT_KEYS[(table, list_name, field)]
    assert [r["id"] for r in records if not has(f"{prefix}.{r['id']}")] == []
    first = records[0]
    assert text_in(table, list_name, field, first, "en") == t(f"{prefix}.{first['id']}", "en")
    assert field_key(table, {list_name: records}, f"{list_name}[0].{field}") == f"{prefix}.{first['id']}"


def test_text_in_falls_back_to_the_record():
    record = {"id": "brand_new", "text": {"en": "New.", "zh-Hant": "新的。"}}
    assert text_in("blades/bargains", "bargains", "text", record, "zh-Hant") == "新的。"
    assert text_in("blades/bargains", "bargains", "text", {"id": "witnesses", "text": "x"}, "zh-Hans") == \
        "潜入途中有人看见了你的脸。"


def test_retirement_fates_have_words():
    """BITD.COIN.7: the transcript says what a retiring scoundrel's stash bought."""
    fates = [fate for _, fate in _ids_of("sim.blades.advancement.advancement", "RETIREMENT")]
    assert fates and [f for f in fates if not has(f"play.fate.{f}")] == []


def _ids_of(module: str, attr: str):
    try:
        return getattr(importlib.import_module(module), attr)
    except (ImportError, AttributeError):
        pytest.skip(f"{module}.{attr} is not there (yet)")


def test_crew_type_upgrades_have_names():
    """Upgrades a crew type adds (crews.yaml) are named like the generic ones: blades.upgrade.<id>."""
    records = _content_records("blades/crews", "crews")
    ids = [u["id"] for r in records for u in r.get("upgrades") or []]
    assert ids and [u for u in ids if not has(f"blades.upgrade.{u}")] == []
