"""``sim schema``: JSON Schema derived from the validator's definitions, and
every shipped file validates against it (checked with a small draft 2020-12
subset checker, so no jsonschema dependency)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import yaml

from sim.cli import main
from sim.content import CONTENT_ROOT, PROJECT_ROOT, tables
from sim.content.export import json_schemas


def conforms(value, schema, path="$"):
    """Problems of ``value`` against the JSON Schema subset ``sim schema`` emits."""
    out = []
    if "anyOf" in schema:
        if all(conforms(value, s, path) for s in schema["anyOf"]):
            out.append(f"{path}: matches no alternative")
        return out
    if "const" in schema and value != schema["const"]:
        return [f"{path}: not {schema['const']!r}"]
    kind = schema.get("type")
    checks = {"object": lambda v: isinstance(v, dict), "array": lambda v: isinstance(v, list),
              "string": lambda v: isinstance(v, str), "boolean": lambda v: isinstance(v, bool),
              "integer": lambda v: isinstance(v, int) and not isinstance(v, bool),
              "number": lambda v: isinstance(v, (int, float)) and not isinstance(v, bool)}
    if kind and not checks[kind](value):
        return [f"{path}: not {kind}"]
    if "enum" in schema and value not in schema["enum"]:
        out.append(f"{path}: {value!r} not in enum")
    if "pattern" in schema and not re.search(schema["pattern"], value):
        out.append(f"{path}: {value!r} !~ {schema['pattern']}")
    if "minLength" in schema and len(value) < schema["minLength"]:
        out.append(f"{path}: too short")
    if "minimum" in schema and value < schema["minimum"]:
        out.append(f"{path}: < minimum")
    if "maximum" in schema and value > schema["maximum"]:
        out.append(f"{path}: > maximum")
    if kind == "array":
        if len(value) < schema.get("minItems", 0) or len(value) > schema.get("maxItems", 10**9):
            out.append(f"{path}: item count")
        if schema.get("uniqueItems") and len({json.dumps(v, sort_keys=True) for v in value}) != len(value):
            out.append(f"{path}: items not unique")
        for i, item in enumerate(value):
            out += conforms(item, schema["items"], f"{path}[{i}]")
    if kind == "object":
        props = schema.get("properties", {})
        for req in schema.get("required", []):
            if req not in value:
                out.append(f"{path}: missing {req}")
        if len(value) < schema.get("minProperties", 0):
            out.append(f"{path}: too few properties")
        for key, item in value.items():
            if "propertyNames" in schema:
                out += conforms(key, schema["propertyNames"], f"{path}.{key}(name)")
            if key in props:
                out += conforms(item, props[key], f"{path}.{key}")
            elif schema.get("additionalProperties") is False:
                out.append(f"{path}: unexpected {key}")
            elif isinstance(schema.get("additionalProperties"), dict):
                out += conforms(item, schema["additionalProperties"], f"{path}.{key}")
    return out


@pytest.fixture(scope="module")
def schemas():
    return json_schemas()


def test_one_schema_per_table_and_scenarios(schemas):
    assert set(schemas) == ({f"{k}.schema.json" for k in tables()}
                            | {"scenario.schema.json", "scenario.blades.schema.json", "scenario.fate.schema.json",
                               "scenario.mist.schema.json"})
    assert "fate/skills.schema.json" in schemas  # a table-only package's tables too (sim/fate/system.py)
    assert schemas["scenario.schema.json"] == schemas["scenario.blades.schema.json"]
    for schema in schemas.values():
        assert schema["$schema"].endswith("2020-12/schema") and schema["type"] == "object"


def test_every_shipped_table_conforms(schemas):
    for key in tables():
        data = yaml.safe_load((CONTENT_ROOT / f"{key}.yaml").read_text(encoding="utf-8"))
        assert conforms(data, schemas[f"{key}.schema.json"]) == [], key


def test_every_shipped_scenario_conforms(schemas):
    files = sorted((PROJECT_ROOT / "scenarios").rglob("*.yaml"))
    scenarios = [f for f in files if f.parent.name != "blades"]
    assert len(scenarios) >= 3
    for f in scenarios:
        data = yaml.safe_load(f.read_text(encoding="utf-8"))  # each against its own system's scenario schema
        assert conforms(data, schemas[f"scenario.{data['system']}.schema.json"]) == [], f


def test_broken_data_fails_the_exported_schema(schemas):
    factions = yaml.safe_load((CONTENT_ROOT / "blades/factions.yaml").read_text(encoding="utf-8"))
    factions["factions"][0]["tier"] = 9
    factions["factions"][1]["allies"] = ["nobody_at_all"]
    factions["factions"][2]["colour"] = "red"
    problems = conforms(factions, schemas["blades/factions.schema.json"])
    assert "$.factions[0].tier: > maximum" in problems
    assert "$.factions[1].allies[0]: 'nobody_at_all' not in enum" in problems
    assert "$.factions[2]: unexpected colour" in problems
    effect = schemas["blades/bargains.schema.json"]["properties"]["bargains"]["items"]["properties"]["effect"]
    assert set(effect["properties"]) == {"heat", "coin", "rep", "stress", "harm", "tick_clock", "status", "new_clock",
                                         "position", "effect", "lose_opportunity", "wanted"}
    assert conforms({"explode": 1}, effect) == ["$: unexpected explode"]


def test_text_fields_accept_translations(schemas):
    text = schemas["blades/trauma.schema.json"]["properties"]["conditions"]["items"]["properties"]["name"]
    assert conforms("Cold", text) == [] and conforms({"en": "Cold", "zh-Hant": "冷漠"}, text) == []
    assert conforms({"zh-Hant": "冷漠"}, text) == ["$: matches no alternative"]


def test_sim_schema_writes_files(tmp_path, capsys):
    out = tmp_path / "schemas"
    assert main(["schema", "--out", str(out)]) == 0
    lines = capsys.readouterr().out.splitlines()
    from sim.systems import systems

    # every table, scenario.schema.json and one scenario schema per system
    assert lines[-1] == f"wrote {len(tables()) + 1 + len(systems())} schema files to {out.as_posix()}"
    written = json.loads((out / "blades/factions.schema.json").read_text(encoding="utf-8"))
    assert written["properties"]["factions"]["items"]["properties"]["tier"] == {
        "type": "integer", "minimum": 0, "maximum": 6, "description": "BITD.FACTION.1"}
    scenario = json.loads((out / "scenario.schema.json").read_text(encoding="utf-8"))
    assert "resist_mode" in scenario["properties"]["options"]["properties"]


def test_sim_schema_refuses_a_file_as_out(tmp_path, capsys):
    target = tmp_path / "file"
    target.write_text("x")
    assert main(["schema", "--out", str(target)]) == 2
    assert "is a file, not a folder" in capsys.readouterr().err
