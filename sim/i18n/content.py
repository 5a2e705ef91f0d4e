"""Names of content records through the term tables.

Content ids map to term keys as ``<system>.<table>.<id>`` (docs/architecture.md
"Words for people"), the table part singular: the faction ``lampblacks`` in
``content/blades/factions.yaml`` is ``blades.faction.lampblacks``.
:data:`NAME_KEYS` lists, for each content table and list, the key prefix of
its records' names. :func:`name_of` is what renderers call; it prefers the
term table and falls back to the record's own ``name`` text (a string or a
``{en, zh-Hant, zh-Hans}`` mapping, :func:`sim.i18n.text_of`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from sim.i18n.tables import LANGS, entry, has, missing_languages, t, text_of

#: (content table, list in it) -> key prefix of the names of its records.
NAME_KEYS: Mapping[tuple[str, str], str] = {
    ("blades/actions", "actions"): "blades.action",
    ("blades/actions", "attributes"): "blades.attribute",
    ("blades/claims", "claims"): "blades.claim",
    ("blades/clocks", "kinds"): "blades.clock.kind",
    ("blades/clocks", "score_clocks"): "blades.score_clock",
    ("blades/cohorts", "gang_types"): "blades.gang_type",
    ("blades/cohorts", "experts"): "blades.expert",
    ("blades/cohorts", "edges"): "blades.edge",
    ("blades/cohorts", "flaws"): "blades.flaw",
    ("blades/cohorts", "harm"): "blades.cohort_harm",
    ("blades/crews", "crews"): "blades.crew_type",
    ("blades/crews", "reputations"): "blades.reputation",
    ("blades/crews", "operations"): "blades.operation",
    ("blades/downtime", "activities"): "blades.activity",
    ("blades/engagement", "questions"): "blades.engagement_question",
    ("blades/entanglements", "entanglements"): "blades.entanglement",
    ("blades/factions", "factions"): "blades.faction",
    ("blades/factions", "categories"): "blades.faction_category",
    ("blades/harm", "levels"): "blades.harm",
    ("blades/heat", "exposures"): "blades.exposure",
    ("blades/heat", "modifiers"): "blades.heat_modifier",
    ("blades/payoff", "sizes"): "blades.payoff_size",
    ("blades/plans", "plans"): "blades.plan",
    ("blades/playbooks", "playbooks"): "blades.playbook",
    ("blades/targets", "targets"): "blades.target",
    ("blades/prison", "claims"): "blades.prison_claim",
    ("blades/trauma", "conditions"): "blades.trauma",
    ("blades/upgrades", "upgrades"): "blades.upgrade",
    ("blades/vices", "vices"): "blades.vice",
    ("blades/vices", "purveyors"): "blades.purveyor",
    ("blades/vices", "overindulgences"): "blades.overindulgence",
}


#: (content table, list, field) -> key prefix for other text fields of records
#: translated in the term tables (the ``name`` fields are :data:`NAME_KEYS`).
TEXT_KEYS: Mapping[tuple[str, str, str], str] = {
    ("blades/bargains", "bargains", "text"): "blades.bargain",
    ("blades/complications", "complications", "text"): "blades.complication_text",
}

#: (content table, list, nested list, field) -> key prefix for texts of nested
#: records: ``blades.entanglement_option.<entanglement id>.<option id>``.
NESTED_TEXT_KEYS: Mapping[tuple[str, str, str, str], str] = {
    ("blades/entanglements", "entanglements", "options", "text"): "blades.entanglement_option",
}

#: (content table, list, nested list) -> key prefix for names of nested records
#: whose ids are unique across the table: ``blades.ability.<ability id>``.
NESTED_NAME_KEYS: Mapping[tuple[str, str, str], str] = {
    ("blades/playbooks", "playbooks", "abilities"): "blades.ability",
    ("blades/crews", "crews", "abilities"): "blades.ability",
    ("blades/crews", "crews", "upgrades"): "blades.upgrade",
}

_FIELD_PATH = re.compile(r"^([A-Za-z_][A-Za-z0-9_]*)\[(\d+)\]\.([A-Za-z_]+)$")
_NESTED_PATH = re.compile(r"^([A-Za-z_][A-Za-z0-9_]*)\[(\d+)\]\.([A-Za-z_][A-Za-z0-9_]*)\[(\d+)\]\.([A-Za-z_]+)$")


def field_key(table: str, data: Any, path: str) -> str | None:
    """The term key that translates the text field at ``path`` of ``table``
    (whose parsed document is ``data``), or None when no term names it."""
    if not isinstance(data, Mapping):
        return None
    m = _FIELD_PATH.match(path)
    if m:
        list_name, field = m.group(1), m.group(3)
        prefix = NAME_KEYS.get((table, list_name)) if field == "name" else TEXT_KEYS.get((table, list_name, field))
        record = _item(data.get(list_name), int(m.group(2)))
        return f"{prefix}.{record['id']}" if prefix and record and "id" in record else None
    m = _NESTED_PATH.match(path)
    if m:
        prefix = NESTED_TEXT_KEYS.get((table, m.group(1), m.group(3), m.group(5)))
        outer = _item(data.get(m.group(1)), int(m.group(2)))
        inner = _item(outer.get(m.group(3)) if outer else None, int(m.group(4)))
        if prefix and outer and inner and "id" in outer and "id" in inner:
            return f"{prefix}.{outer['id']}.{inner['id']}"
        flat = NESTED_NAME_KEYS.get((table, m.group(1), m.group(3))) if m.group(5) == "name" else None
        if flat and inner and "id" in inner:
            return f"{flat}.{inner['id']}"
    return None


def _item(items: Any, index: int) -> Mapping | None:
    if isinstance(items, list) and 0 <= index < len(items) and isinstance(items[index], Mapping):
        return items[index]
    return None


def text_in(table: str, list_name: str, field: str, record: Mapping, lang: str | None = "en") -> str:
    """A text field of a content record in ``lang``: the term table's words
    when :data:`NAME_KEYS` / :data:`TEXT_KEYS` name it, else the record's own text."""
    prefix = NAME_KEYS.get((table, list_name)) if field == "name" else TEXT_KEYS.get((table, list_name, field))
    key = f"{prefix}.{record.get('id')}" if prefix else None
    if key is not None and has(key):
        return t(key, lang)
    return text_of(record[field], lang)


def option_text(entanglement: str, option: Mapping, lang: str | None = "en") -> str:
    """The text of an entanglement option in ``lang``: the term table's words
    (``blades.entanglement_option.<entanglement>.<option>``), else the option's own text."""
    key = f"blades.entanglement_option.{entanglement}.{option.get('id')}"
    if has(key):
        return t(key, lang)
    return text_of(option["text"], lang)


def name_key(table: str, list_name: str, record_id: str) -> str | None:
    """The term key naming record ``record_id`` of ``table``/``list_name``, or None if that list has none."""
    prefix = NAME_KEYS.get((table, list_name))
    return f"{prefix}.{record_id}" if prefix else None


def name_of(table: str, list_name: str, record: Mapping, lang: str | None = "en") -> str:
    """The name of a content record in ``lang``: the term table's words when
    it has them, else the record's own ``name`` (falling back to English)."""
    key = name_key(table, list_name, str(record.get("id", "")))
    if key is not None and has(key):
        return t(key, lang)
    if "name" not in record:
        raise KeyError(f"{table} {list_name} record {record.get('id')!r} has no name and no term {key!r}")
    return text_of(record["name"], lang)


def missing_name_languages(table: str, list_name: str, record: Mapping) -> tuple[str, ...]:
    """Languages a record's name is missing, counting the term table's words."""
    key = name_key(table, list_name, str(record.get("id", "")))
    if key is not None and has(key):
        row = entry(key)
        return tuple(lang for lang in LANGS if not row.get(lang))
    return missing_languages(record.get("name"))
