"""docs/events.md: every journal event of every system, generated (issue 31; issue 16 part 4).

``python -m sim.docs_events`` writes the page; ``python -m sim.docs_events --check`` exits 1, listing what is
missing, when the page is out of date. What goes in it:

* **a wide run**: every shipped scenario (``scenarios/*.yaml``, and the test ones of ``scenarios/tests``)
  played with :data:`SEEDS` seeds through its system's registry entry (:func:`sim.systems.get_system`), and
  a scripted solo session of one scenario per system (:data:`SOLO`: notes, threads, NPCs, free rolls, oracle
  questions, random events and meanings, forty answers, then auto play). Each event's fields and the JSON types their values took are read from these journals;
* **the code**: every literal ``emit("name", field=...)`` under ``sim/`` (and Blades' ``log_activity`` /
  ``change_arcana``), so an event or field the run never reached is listed too (type "not seen");
* **the words**: ``docs/events.yaml``, written by hand: a description of each event and the meaning of each
  field (a field's meaning under its event, else the shared one under ``fields:``).

Events are grouped by the system whose code emits them (``common``: the shared machinery, ``solo``: solo play
and the oracle); a Fate event journaled in a Blades score's Fate scene is listed once, under Fate, with the
systems it was seen in. ``activity`` events are listed per ``activity``, ``arcana`` events per ``change``.
:func:`missing` is what ``tests/test_events_doc.py`` checks: events and fields the engine emits that the page
lacks, and words the YAML lacks.
"""

from __future__ import annotations

import argparse
import ast
import sys
import tempfile
from pathlib import Path
from typing import Any, Iterable, Mapping

ROOT = Path(__file__).resolve().parents[1]
DOC = ROOT / "docs" / "events.md"
WORDS = ROOT / "docs" / "events.yaml"
SEEDS = range(8)
COMMON_FIELDS = ("event", "seq", "phase")  # every event has them (sim.journal)
VARIANT = {"activity": "activity", "arcana": "change"}  # events listed per kind
SECTIONS = ("common", "blades", "fate", "mist", "solo")
TITLES = {"common": "Every system", "blades": "Blades in the Dark (`system: blades`)",
          "fate": "Fate Condensed (`system: fate`, and the Fate scenes of a Blades score)",
          "mist": "The mist system (`system: mist`)", "solo": "Solo play and the oracle (`sim solo`)"}
#: the solo session played per system: the scenario, and the commands typed before ``auto`` plays it out
SOLO = {
    "blades": "scenarios/starter.yaml", "fate": "scenarios/fate_docks.yaml", "mist": "scenarios/mist_harbor.yaml",
}
SOLO_COMMANDS = ("note The fence owes us", "threads add Find the informant", "npcs add Old Mags",
                 "threads close 1", "npcs close 1", "roll 2d6", "ask Is anyone following? likely", "event", "meaning",
                 "threads add Old debts", "threads add Old debts", "npc", "roll 3d6kh1", "roll 2d", "say The fog rolls in.",
                 "clock new Gang war 6", "clock tick Gang war 2", "clock clear Gang war", "tension 6",
                 "expect a quiet dock", "1", "ask Does the door hold?")
SOLO_ANSWERS = 40  # then the first option at as many decisions (each a boundary: tension, scene checks), then auto
TYPE_NAMES = {bool: "bool", int: "int", float: "number", str: "str", list: "list", dict: "object", type(None): "null"}
NOT_SEEN = "not seen"


# --- the code -------------------------------------------------------------------------------------------

def _section_of(rel: Path) -> str:
    parts = rel.parts
    if parts[0] in ("blades", "fate", "mist"):
        return parts[0]
    if parts[0] in ("solo", "oracle"):
        return "solo"
    return "common"


def static_events(root: Path = ROOT) -> dict[str, dict[str, Any]]:
    """Event (or ``event (kind)``) -> {"sections": {section: {fields}}, "modules": {module paths}}, from the
    literal emit calls under ``sim/``. ``sim/batch`` is left out (its bench journals made-up events)."""
    found: dict[str, dict[str, Any]] = {}
    for path in sorted((root / "sim").rglob("*.py")):
        rel = path.relative_to(root / "sim")
        if rel.parts[0] == "batch" or path.name == "docs_events.py":
            continue
        section = _section_of(rel)
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
            kws = {k.arg: k.value for k in node.keywords if k.arg}
            if name == "emit" and node.args and isinstance(node.args[0], ast.Constant):
                event, fields = node.args[0].value, set(kws)
            elif name == "log_activity" and len(node.args) > 1 and isinstance(node.args[1], ast.Constant):
                event, fields = "activity", {"pc", "activity", *kws}
                kws["activity"] = node.args[1]
            elif name == "change_arcana" and node.args and isinstance(node.args[0], ast.Constant):
                event, fields = "arcana", {"change", *kws}
                kws["change"] = node.args[0]
            else:
                continue
            if not isinstance(event, str):
                continue
            key = VARIANT.get(event)
            if key and isinstance(kws.get(key), ast.Constant):
                event = f"{event} ({kws[key].value})"
            elif key:
                continue  # a kind named at run time: the journals list it
            entry = found.setdefault(event, {"sections": {}, "modules": set()})
            entry["sections"].setdefault(section, set()).update(fields)
            entry["modules"].add(rel.with_suffix("").as_posix().replace("/", "."))
    return found


# --- the wide run ---------------------------------------------------------------------------------------

def _key(e: Mapping[str, Any]) -> str:
    name = e["event"]
    return f"{name} ({e[VARIANT[name]]})" if name in VARIANT and VARIANT[name] in e else name


def _type(value: Any) -> str:
    return TYPE_NAMES.get(type(value), type(value).__name__)


def _observe(seen: dict, host: str, events: Iterable[Mapping[str, Any]]) -> None:
    for e in events:
        entry = seen.setdefault(_key(e), {})
        fields = entry.setdefault(host, {})
        for k, v in e.items():
            if k not in COMMON_FIELDS:
                fields.setdefault(k, set()).add(_type(v))


def solo_events(path: Path) -> list[dict[str, Any]]:
    """The journal of a scripted solo session of ``path``: :data:`SOLO_COMMANDS`, :data:`SOLO_ANSWERS` answers,
    then auto play."""
    from sim.solo.session import Session

    with tempfile.TemporaryDirectory() as tmp:
        session = Session.new(path, Path(tmp) / "run.save")
        try:
            for command in (*SOLO_COMMANDS, *["1"] * SOLO_ANSWERS, "auto"):
                if session.done:
                    break
                session.handle(command)
            return list(session.journal.events)
        finally:
            session.close()


def observed_events(root: Path = ROOT, seeds: Iterable[int] = SEEDS) -> dict[str, dict[str, dict[str, set[str]]]]:
    """Event -> host system -> field -> the JSON types its values took, from the wide run."""
    from sim.content import load_scenario
    from sim.journal import Journal
    from sim.systems import get_system

    seen: dict[str, dict[str, dict[str, set[str]]]] = {}
    seeds = tuple(seeds)
    for path in [*sorted((root / "scenarios").glob("*.yaml")), *sorted((root / "scenarios" / "tests").glob("*.yaml"))]:
        scenario = load_scenario(path)
        system = get_system(scenario.system)
        for seed in seeds:
            journal = Journal()
            system.play(scenario, seed, journal=journal)
            _observe(seen, scenario.system, journal.events)
    for host, rel in SOLO.items():  # what only a solo session journals is solo play's
        events = solo_events(root / rel)
        _observe(seen, host, [e for e in events if host in seen.get(_key(e), {})])
        _observe(seen, "solo", [e for e in events if host not in seen.get(_key(e), {})])
    return seen


# --- the model: sections, events, fields ------------------------------------------------------------------

def model(static: Mapping[str, Mapping[str, Any]], observed: Mapping[str, Mapping[str, Mapping[str, set[str]]]]
          ) -> dict[tuple[str, str], dict[str, Any]]:
    """(section, event) -> {"hosts": systems it was seen in, "modules", "fields": {field: sorted types}}.

    The section is the system whose code emits the event: the host itself when its code does (or when no
    literal call names the event), else the one system whose code does (a Fate event in a Blades scene)."""
    rows: dict[tuple[str, str], dict[str, Any]] = {}

    def row(section: str, event: str) -> dict[str, Any]:
        return rows.setdefault((section, event), {"hosts": set(), "modules": set(), "fields": {}})

    for event, by_host in observed.items():
        origins = set(static.get(event, {}).get("sections", {}))
        for host, fields in by_host.items():
            if not origins or host in origins:
                section = host
            elif origins == {"common"} or len(origins - {host}) > 1:
                section = "common" if "common" in origins else sorted(origins)[0]
            else:
                section = next(iter(origins))
            r = row(section, event)
            r["hosts"].add(host)
            for f, types in fields.items():
                r["fields"].setdefault(f, set()).update(types)
    for event, entry in static.items():
        for section, fields in entry["sections"].items():
            if section == "common" and any(e == event and s != "common" for s, e in rows):
                continue  # a shared helper's call of an event a system owns (its fields are seen there)
            r = row(section, event)
            for f in fields - set(COMMON_FIELDS):
                r["fields"].setdefault(f, set())
    for (section, event), r in rows.items():
        r["modules"].update(m for m in static.get(event, {}).get("modules", ()) if _module_section(m) == section)
        r["fields"] = {f: sorted(t) for f, t in sorted(r["fields"].items())}
    return dict(sorted(rows.items(), key=lambda kv: (SECTIONS.index(kv[0][0]), kv[0][1])))


def _module_section(module: str) -> str:
    top = module.split(".")[0]
    return top if top in ("blades", "fate", "mist") else "solo" if top in ("solo", "oracle") else "common"


# --- the words ------------------------------------------------------------------------------------------

def load_words(path: Path = WORDS) -> dict[str, Any]:
    import yaml

    with open(path, encoding="utf-8") as fh:
        doc = yaml.safe_load(fh) or {}
    if not isinstance(doc, dict):
        raise ValueError("the file must be a mapping with fields: and events:")
    words = {"intro": doc.get("intro", ""), "fields": doc.get("fields") or {}, "events": doc.get("events") or {}}
    if not isinstance(words["fields"], dict):
        raise ValueError("fields: must map a field's name to its meaning")
    if not isinstance(words["events"], dict) or not all(
            isinstance(table, dict) and all(isinstance(e, dict) for e in table.values())
            for table in words["events"].values()):
        raise ValueError("events: must map a section (common, blades, fate, mist, solo) to its events, "
                         "each a mapping with text: and fields:")
    return words


def _event_words(words: Mapping[str, Any], section: str, event: str) -> Mapping[str, Any] | None:
    """The YAML entry of an event: ``events: {section: {event: ...}}``, ``activity (x)`` under ``activity``'s
    ``kinds:``."""
    table = words["events"].get(section) or {}
    if event in table:
        return table[event]
    base, _, kind = event.partition(" (")
    if kind and base in table:
        return ((table[base] or {}).get("kinds") or {}).get(kind.rstrip(")"))
    return None


def field_meaning(words: Mapping[str, Any], section: str, event: str, field: str) -> str | None:
    entry = _event_words(words, section, event) or {}
    own = (entry.get("fields") or {}).get(field)
    if own is None and " (" in event:
        base = (words["events"].get(section) or {}).get(event.partition(" (")[0]) or {}
        own = (base.get("fields") or {}).get(field)
    if own is None:
        shared = words["fields"].get(field)
        own = shared.get(section, shared.get("*")) if isinstance(shared, dict) else shared
    return own


def unworded(rows: Mapping[tuple[str, str], Mapping[str, Any]], words: Mapping[str, Any]) -> list[str]:
    """Events with no description and fields with no meaning in docs/events.yaml, one line each."""
    out = []
    for (section, event), r in rows.items():
        entry = _event_words(words, section, event)
        if not entry or not entry.get("text"):
            out.append(f"event `{event}` ({section}) has no description: add events.{section}.{event}.text")
        for f in r["fields"]:
            if not field_meaning(words, section, event, f):
                out.append(f"field `{f}` of `{event}` ({section}) has no meaning: add events.{section}.{event}."
                           f"fields.{f} (or a shared fields.{f})")
    return out


# --- the page -------------------------------------------------------------------------------------------

HEAD = """# Journal events

Every event the engine journals, in every system, with each of its fields, the
JSON types its values take and what it means. Every event also has `event`
(its name), `seq` (its place in the journal, from 1) and `phase` (the phase of
the game when it happened). Events and fields are a public contract: fields
are added, never renamed (docs/architecture.md).

This page is generated: `python -m sim.docs_events` plays every shipped
scenario ({seeds} seeds each) and a scripted solo session per system, reads the
`emit(...)` calls under `sim/`, and merges the descriptions written by hand in
`docs/events.yaml`. `tests/test_events_doc.py` fails, naming it, when the
engine emits an event or a field this page lacks, or when `docs/events.yaml`
lacks its words: describe it there and rerun the command. A type of "not
seen" marks a field the code names that the wide run did not reach.
"""


def _md(text: Any) -> str:
    return " ".join(str(text).split()).replace("|", "\\|")


def render(rows: Mapping[tuple[str, str], Mapping[str, Any]], words: Mapping[str, Any], seeds: int) -> str:
    out = [HEAD.format(seeds=seeds)]
    if words.get("intro"):
        out.append(_md(words["intro"]) + "\n")
    section = None
    for (sec, event), r in rows.items():
        if sec != section:
            section = sec
            names = [e for s, e in rows if s == sec]
            out.append(f"## {TITLES[sec]}\n\n{len(names)} events: " + ", ".join(f"`{e}`" for e in names) + ".\n")
        entry = _event_words(words, sec, event) or {}
        out.append(f"### `{event}`\n")
        out.append(_md(entry.get("text") or "(no description in docs/events.yaml)") + "\n")
        where = []
        if r["hosts"]:
            where.append("seen in " + ", ".join(f"`{h}`" for h in sorted(r["hosts"])))
        else:
            where.append("not seen in the wide run")
        if r["modules"]:
            where.append("emitted in " + ", ".join(f"`sim.{m}`" for m in sorted(r["modules"])))
        out.append("*" + "; ".join(where) + ".*\n")
        if r["fields"]:
            out.append("| field | type | meaning |\n|---|---|---|")
            for f, types in r["fields"].items():
                meaning = field_meaning(words, sec, event, f) or "(no meaning in docs/events.yaml)"
                out.append(f"| `{f}` | {' or '.join(types) if types else NOT_SEEN} | {_md(meaning)} |")
            out.append("")
        else:
            out.append("No fields besides `event`, `seq` and `phase`.\n")
    return "\n".join(out).rstrip("\n") + "\n"


def parse_page(text: str) -> dict[tuple[str, str], set[str]]:
    """(section, event) -> fields, read back from a page :func:`render` wrote."""
    found: dict[tuple[str, str], set[str]] = {}
    titles = {f"## {v}": k for k, v in TITLES.items()}
    section, event = None, None
    for line in text.splitlines():
        if line in titles:
            section = titles[line]
        elif line.startswith("### `") and section:
            event = line[5:].rstrip("`")
            found[(section, event)] = set()
        elif line.startswith("| `") and event:
            found[(section, event)].add(line.split("`")[1])
    return found


def missing(rows: Mapping[tuple[str, str], Mapping[str, Any]], page: str) -> list[str]:
    """What the engine emits that ``page`` lacks: one line per event or field."""
    listed = parse_page(page)
    out = []
    for (section, event), r in rows.items():
        if (section, event) not in listed:
            out.append(f"event `{event}` ({section}) is not in docs/events.md")
            continue
        out += [f"field `{f}` of `{event}` ({section}) is not in docs/events.md"
                for f in r["fields"] if f not in listed[(section, event)]]
    return out


def build(root: Path = ROOT, seeds: Iterable[int] = SEEDS) -> tuple[dict, str, list[str]]:
    """(rows, the page's text, the words docs/events.yaml lacks)."""
    seeds = tuple(seeds)
    words = load_words(root / "docs" / "events.yaml")  # first: a broken file fails before the run
    rows = model(static_events(root), observed_events(root, seeds))
    return rows, render(rows, words, len(seeds)), unworded(rows, words)


def main(argv: list[str] | None = None) -> int:
    from sim.files import write_atomic

    parser = argparse.ArgumentParser(prog="python -m sim.docs_events", description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="write nothing; exit 1 if docs/events.md is stale")
    args = parser.parse_args(argv)
    import yaml

    try:
        rows, text, lacking = build(ROOT)
    except (OSError, ValueError, yaml.YAMLError) as exc:
        where = getattr(exc, "problem_mark", None)
        at = f", line {where.line + 1}" if where is not None else ""
        print(f"docs/events.yaml{at}: {getattr(exc, 'problem', None) or exc}", file=sys.stderr)
        return 2
    for line in lacking:
        print(f"docs/events.yaml: {line}", file=sys.stderr)
    if args.check:
        current = DOC.read_text(encoding="utf-8") if DOC.exists() else ""
        gaps = missing(rows, current)
        for line in gaps:
            print(line, file=sys.stderr)
        stale = current != text
        if stale and not gaps:
            print("docs/events.md differs from what python -m sim.docs_events writes", file=sys.stderr)
        return 1 if stale or lacking else 0
    write_atomic(DOC, text)
    print(f"wrote {DOC.relative_to(ROOT)}: {len(rows)} events"
          + (f"; {len(lacking)} words missing in docs/events.yaml" if lacking else ""))
    return 1 if lacking else 0


if __name__ == "__main__":
    sys.exit(main())
