"""A solo story to keep (issue 11, "A journal to keep"): the save's journal as Markdown or JSON Lines.

:func:`export_markdown` writes the story for a notes app (Obsidian): a front-matter block (scenario, system,
seed, language, engine, the date of the save when the session recorded one), a title, scenes as headings, the
system's own narration of every event (``System.storyteller``, the words ``sim play`` prints; no second
narrator), rolls and oracle answers in a compact notation, the person's notes where they wrote them, and the
final sheets the system rebuilds from the journal alone (``System.sheets``). Every word goes through
:mod:`sim.i18n` in the play's language.

The compact notation (one list item each, parsed back by the tests):

* an action roll: ``Tracie Hudson — d: Prowl 3d risky/standard → 6,4,2 full success`` (the faces in the order
  rolled; with the table sampler, which keeps no faces, the die read);
* an oracle question: ``? Is the door guarded? (likely) → Yes, but…``, and under it the random event it
  triggered, if any: ``! an NPC acts: Mirela — betray / a secret``;
* a scene check: ``scene: altered``.

Scenes: a score is a ``##`` heading with ``###`` headings for its engagement, the job itself and its downtime;
the end of the campaign is a ``##`` heading; a narrator's own plain-text headings become Markdown ones (``== Session
1 ==``, ``== Chapter 1 ==``: ``##``); any other system's scenes are found generically: a ``scene`` event (or one
named ``scene_...``) that the system's narrator tells becomes a heading one level below the last part heading
(``-- Scene 1: The Warehouse Job --`` under ``## Session 1`` is ``### Scene 1: The Warehouse Job``; a Fate scene of
a Blades job, under ``### The job``, is ``####``), with what the narrator says after its heading as its first item.

The person's choices: each decision a person answered is an item ``**Your choice** question → **label (odds)**, over
the others`` at the place it was made, in the words it was offered in: the save's answer entry keeps the label and
the prompt, and since issue 30 the odds shown beside the choice (a Blades action's pool, position and effect) and the
other options (``offered``); an older entry's choice is worded again from the decision catalogue.

Sittings: the days the person played (``sitting`` entries, one each time a session is started or continued) are in
the front matter (``played``) and as a line ``*Played 2026-12-04*`` where each day's play began.

Notes: the person's own Markdown, verbatim (``[[Mother Vane]] #docks`` stay a link and a tag), as a callout. The
session journals each note as a ``note`` event where the person wrote it, and those are shown in
place. For a journal without ``note`` events, the save's ``note`` entries are placed instead: after the journal
event of the note's ``seq``, or of the last entry before it that has one, or before the first event.

The solo session's own events (``oracle``, ``oracle_event``, ``oracle_meaning``, ``oracle_tension``,
``scene_check``, ``solo_roll``, ``thread``, ``npc``) are compact lines (:data:`SOLO_LINES`).

:func:`export_jsonl` is the journal exactly as ``sim play --journal`` writes it (:func:`sim.journal.dumps`).
"""

from __future__ import annotations

import json
from typing import Any, Callable, Iterable, Mapping, Sequence

from sim.i18n import has, id_term, normalise_lang, t, text_of
from sim.journal import dumps
from sim.solo.markdown import md, term

Lines = list[str]

#: events that open a heading: event name -> (level, term key); the event's own narration follows it
HEADINGS: Mapping[str, tuple[int, str]] = {
    "score_begin": (2, "export.heading.score"),
    "score_start": (3, "export.heading.job"),
    "payoff": (3, "export.heading.downtime"),
    "campaign_end": (2, "export.heading.end"),
}
#: headings that follow another (the engagement opens with the score itself)
FOLLOWING: Mapping[str, tuple[int, str]] = {"score_begin": (3, "export.heading.engagement")}
#: narrator lines that are its own plain-text headings, which the Markdown headings replace
NARRATOR_HEADINGS = ("play.heading.score", "play.heading.downtime")


def export_jsonl(events: Iterable[Mapping[str, Any]]) -> str:
    """The journal as JSON Lines, byte for byte what ``sim play --journal`` writes for the same events."""
    return "".join(dumps(dict(event)) + "\n" for event in events)


def export_markdown(header: Mapping[str, Any], entries: Sequence[Mapping[str, Any]],
                    events: Sequence[Mapping[str, Any]], content: Any, lang: str,
                    scenario_object: Any = None) -> str:
    """The story of a solo save as Markdown (see the module docstring); ``scenario_object``, the loaded
    scenario, gives the Fate sheets their starting characters."""
    lang = normalise_lang(lang)
    scenario = scenario_doc(header)
    system = system_of(header, scenario)
    tell = _storyteller(system, content, lang)
    journaled_notes = any(e.get("event") == "note" for e in events)
    notes = {} if journaled_notes else place_notes(entries)
    chosen = choice_labels(entries)
    sittings = place_sittings(entries)
    out: Lines = front_matter(header, scenario, system, lang, played_dates(entries))
    out += ["", f"# {md(title(header, scenario, events, lang))}", ""]
    out += sitting_lines(sittings, 0, lang)
    out += notes_at(notes, 0, lang)
    names: dict[str, str] = {}
    for event in events:
        remember_names(event, names)
        out += render_event(event, tell(event), lang, names)
        out += choice_lines(event, chosen, lang, names)
        out += notes_at(notes, event.get("seq"), lang)
        out += sitting_lines(sittings, event.get("seq"), lang)
    out += notes_at(notes, None, lang)  # notes that name a seq past the journal's end
    out += sitting_lines(sittings, None, lang)
    sheets = system_sheets(system, events, content, lang, scenario_object)
    if sheets:
        out += ["", f"## {t('export.heading.sheets', lang)}", ""] + sheets
    return tidy(nest_headings(out))


# ------------------------------------------------------------------ the parts

#: a scene heading whose level :func:`nest_headings` sets (one below the part it is in)
SCENE = "\x00scene "
#: a narrator's plain-text heading: ``== Session 1 ==`` (a part), ``-- Scene 1: X --`` (a scene), text after it
_DECORATED = __import__("re").compile(r"^(={2,}|-{2,})\s*(.+?)\s*\1\s*(.*)$")


def narrator_heading(line: str) -> tuple[str, str] | None:
    """A narrator's decorated heading as a Markdown heading line (``## X``, or a :data:`SCENE` line) and the text
    after it, or None for any other line."""
    m = _DECORATED.match(line.strip())
    if not m:
        return None
    return ("## " if m.group(1).startswith("=") else SCENE) + md(m.group(2)), m.group(3)


def nest_headings(lines: Lines) -> Lines:
    """Give each :data:`SCENE` heading the level below the last part heading (``##`` or ``###``), at most ``####``."""
    out: Lines = []
    part = 1
    for line in lines:
        if line.startswith(SCENE):
            line = "#" * min(part + 1, 4) + " " + line[len(SCENE):]
        elif line.startswith("#"):
            level = len(line) - len(line.lstrip("#"))
            if level <= 3:
                part = level
        out.append(line)
    return out


def choice_labels(entries: Sequence[Mapping[str, Any]]) -> dict[int, Mapping[str, Any]]:
    """The person's answers by the journal seq of the decision they answered (the entry's ``seq`` + 1)."""
    out: dict[int, Mapping[str, Any]] = {}
    for entry in entries:
        seq = entry.get("seq")
        if (entry.get("type") == "answer" and isinstance(seq, int) and not isinstance(seq, bool)
                and entry.get("by") != "act"):  # an answer a free act set aside is no choice of the person's
            out[seq + 1] = entry
    return out


#: the other options a choice line names at most (the rest counted)
MAX_OTHERS = 6


def place_sittings(entries: Sequence[Mapping[str, Any]]) -> dict[Any, list[str]]:
    """The days the person sat down to play (``sitting`` entries), by the journal seq each began after; a day
    is shown once however many sittings it had."""
    out: dict[Any, list[str]] = {}
    seen: set[str] = set()
    for entry in entries:
        date, seq = entry.get("date"), entry.get("seq")
        if entry.get("type") != "sitting" or not isinstance(date, str) or date in seen:
            continue
        seen.add(date)
        out.setdefault(seq if isinstance(seq, int) and not isinstance(seq, bool) else 0, []).append(date)
    return out


def played_dates(entries: Sequence[Mapping[str, Any]]) -> list[str]:
    """Every day the person played, in order, once each."""
    return list(dict.fromkeys(e["date"] for e in entries if e.get("type") == "sitting" and isinstance(e.get("date"),
                                                                                                        str)))


def sitting_lines(sittings: dict[Any, list[str]], seq: Any, lang: str) -> Lines:
    """``*Played 2026-12-04*`` where a sitting began (after event ``seq``; None: every one left)."""
    if seq is None:
        dates = [d for key in sorted(sittings, key=lambda k: (k is None, k or 0)) for d in sittings[key]]
        sittings.clear()
    else:
        dates = sittings.pop(seq, [])
    return [line for date in dates for line in ("", f"*{md(t('export.played', lang, date=date))}*", "")]


def choice_lines(event: Mapping[str, Any], chosen: Mapping[int, Mapping[str, Any]], lang: str,
                 names: Mapping[str, str] | None = None) -> Lines:
    """``**Your choice** Alisha Mccarty: which action? → Prowl (3d risky/standard: ...), over Finesse, Hunt``: a
    decision the person answered, in the words offered, with the odds shown beside it and what else was on offer."""
    if event.get("event") != "decision" or event.get("by") != "human":
        return []
    entry = chosen.get(event.get("seq"), {})
    label = entry.get("label") if isinstance(entry.get("label"), str) else None
    if label is None:
        from sim.agents import catalogue

        try:
            label = catalogue.label(str(event.get("kind")), event.get("choice"), lang, {})
        except Exception:  # an older save and a kind whose words need the decision's context: the choice itself
            label = json.dumps(event.get("choice"), ensure_ascii=False)
    asked = entry.get("prompt") if isinstance(entry.get("prompt"), str) else ""
    seat = str(event.get("seat", ""))
    if not asked.strip():  # an older entry: who was asked, by name
        asked = (names or {}).get(seat, seat)
    odds = entry.get("odds")
    shown = t("export.chosen_odds", lang, label=label, odds=odds) if isinstance(odds, str) and odds else label
    others = [o for o in entry.get("offered") or () if isinstance(o, str)]
    if len(others) > MAX_OTHERS:  # a long menu (every target in the city): the first few and how many more
        others = others[:MAX_OTHERS - 1] + [t("export.more", lang, n=len(others) - MAX_OTHERS + 1)]
    over = (", " if lang == "en" else "，") + t("export.over", lang, others=t("export.sheet.separator", lang).join(
        others)) if others else ""
    return [f"- **{t('export.choice', lang)}** {md(asked.strip())} → **{md(shown)}**{md(over)}"]


def scenario_doc(header: Mapping[str, Any]) -> dict[str, Any]:
    """The scenario the save recorded (its text, read safely), or {} when it has none or it does not parse."""
    text = header.get("scenario")
    if isinstance(text, Mapping):
        return dict(text)
    if not isinstance(text, str):
        return {}
    import yaml

    try:
        doc = yaml.safe_load(text)
    except yaml.YAMLError:
        return {}
    return doc if isinstance(doc, dict) else {}


def system_of(header: Mapping[str, Any], scenario: Mapping[str, Any]) -> str:
    return str(header.get("system") or scenario.get("system") or "blades")


def system_sheets(system_name: str, events: Sequence[Mapping[str, Any]], content: Any, lang: str,
                  scenario_object: Any) -> Lines:
    """The system's final sheets of the story (``System.sheets``), or none when it gives none."""
    from sim.systems import get_system

    sheets = get_system(system_name).sheets
    return list(sheets(events, content, lang, scenario_object)) if sheets is not None else []


def _storyteller(system_name: str, content: Any, lang: str) -> Callable[[Mapping[str, Any]], Lines]:
    """The system's narrator, one event at a time (``System.storyteller``, else ``narrate`` per event)."""
    from sim.systems import get_system

    system = get_system(system_name)
    if system.storyteller is not None:
        return system.storyteller(content, lang)
    return lambda event: list(system.narrate([event], content, lang))


def front_matter(header: Mapping[str, Any], scenario: Mapping[str, Any], system: str, lang: str,
                 played: Sequence[str] = ()) -> Lines:
    """YAML front matter (Obsidian's properties); every value is JSON (a scalar, or ``played``: the days played, a
    list), which YAML reads the same."""
    engine = header.get("engine") if isinstance(header.get("engine"), Mapping) else {}
    fields: list[tuple[str, Any]] = [
        ("scenario", scenario.get("name") or header.get("scenario_name") or header.get("scenario_path")),
        ("system", system),
        ("seed", header.get("seed")),
        ("lang", lang),
        ("engine", engine.get("version")),
        ("engine_fingerprint", (engine.get("fingerprint") or "")[:12] or None),
        ("scenario_hash", header.get("scenario_hash")),
        ("saved", header.get("saved") or header.get("created")),
        ("played", list(played) or None),
    ]
    lines = ["---"]
    lines += [f"{key}: {json.dumps(value, ensure_ascii=False)}" for key, value in fields if value is not None]
    lines += ["tags: [sim, solo]", "---"]
    return lines


def title(header: Mapping[str, Any], scenario: Mapping[str, Any], events: Sequence[Mapping[str, Any]],
          lang: str) -> str:
    """The crew's (or the story's) name: the campaign's crew when it has one, else the scenario's name."""
    start = next((e for e in events if e.get("event") == "campaign_start"), None)
    crew = start.get("crew") if start else None
    if crew:
        return text_of(crew, lang) if not isinstance(crew, str) else crew
    name = str(scenario.get("name") or header.get("scenario_name") or "sim").replace("_", " ")
    return t("export.title", lang, name=name)


def place_notes(entries: Sequence[Mapping[str, Any]]) -> dict[Any, list[str]]:
    """The notes by the journal seq they follow (0: before the first event); see the module docstring."""
    notes: dict[Any, list[str]] = {}
    last = 0
    for entry in entries:
        seq = entry.get("seq")
        if isinstance(seq, int) and not isinstance(seq, bool):
            last = seq
        if entry.get("type") == "note" and isinstance(entry.get("text"), str):
            notes.setdefault(last, []).append(entry["text"])
    return notes


def notes_at(notes: dict[Any, list[str]], seq: Any, lang: str) -> Lines:
    """The notes placed after event ``seq`` (``None``: every note left, for those past the journal's end)."""
    if seq is None:
        texts = [text for key in sorted(notes) for text in notes[key]]
        notes.clear()
    else:
        texts = notes.pop(seq, [])
    return [line for text in texts for line in note_lines(text, lang)]


def note_lines(text: str, lang: str) -> Lines:
    """A note as an Obsidian callout (a quote block elsewhere): the person's Markdown verbatim, every line kept."""
    return ["", f"> [!note] {t('export.note', lang)}"] + [f"> {line}".rstrip() if line else ">"
                                                          for line in text.splitlines() or [""]] + [""]


def render_event(event: Mapping[str, Any], told: Lines, lang: str, names: Mapping[str, str]) -> Lines:
    """One event's Markdown: its heading if it opens a scene, then its compact line or its narration."""
    name = event.get("event")
    out: Lines = []
    if name in HEADINGS:
        level, key = HEADINGS[name]
        out += ["", "#" * level + " " + md(t(key, lang, **heading_fields(event))), ""]
        if name in FOLLOWING:
            level, key = FOLLOWING[name]
            out += ["#" * level + " " + md(t(key, lang)), ""]
        return out + items(told, lang, own_headings(event, lang))
    if name == "note":
        return note_lines(str(event.get("text", "")), lang)
    if name == "fiction":  # the person's own words (``say``), verbatim as the story's prose
        return ["", str(event.get("text", "")), ""]
    if name == "free_act":  # the person's own move (``act``), their words verbatim, then what it rolled
        move = t("solo.sheet.list_sep", lang).join(str(w) for w in event.get("move") or ())
        return [f"- **{t('export.act', lang)}** ({md(str(event.get('seat', '')))}) {md(move)}: "
                f"{md(str(event.get('text', '')))}"]
    if name == "action_roll":
        pc = str(event.get("pc", ""))
        return [f"- {md(names.get(pc, pc))} — {md(roll_line(event, lang))}"]
    if name in SOLO_LINES:
        aside = name in SOLO_ASIDES
        return [f"{'  ' if i or aside else ''}- {md(text)}" for i, text in enumerate(SOLO_LINES[name](event, lang))]
    if name == "scene_end" or (isinstance(name, str) and name.endswith("_end") and name.startswith("scene")):
        return [f"- **{md(line.strip())}**" for line in told if line.strip()]
    if name == "scene" or (isinstance(name, str) and name.startswith("scene_")):
        told = [line.strip() for line in told if line.strip()]
        if not told:
            return []
        heading = narrator_heading(told[0])
        if heading is None:
            return ["", SCENE + md(told[0]), ""] + items(told[1:], lang)
        line, after = heading
        return ["", SCENE + line[3:] if line.startswith("## ") else line, ""] + items(([after] if after else []) + told[1:], lang)
    return items(told, lang)


def heading_fields(event: Mapping[str, Any]) -> dict[str, Any]:
    return {"n": event.get("score", "")}


def own_headings(event: Mapping[str, Any], lang: str) -> set[str]:
    """The narrator's plain-text headings for ``event`` (``=== Score 1 ===``), which the Markdown headings replace."""
    return {t(key, lang, **heading_fields(event)) for key in NARRATOR_HEADINGS if has(key)}


def items(told: Lines, lang: str, skip: set[str] = frozenset()) -> Lines:
    """Narration lines as list items (the narrator indents a line that belongs to the one before)."""
    out: Lines = []
    for line in told:
        if not line.strip() or line.strip() in skip:
            continue
        heading = narrator_heading(line)
        if heading is not None:
            out += ["", heading[0], ""] + ([f"- {md(heading[1])}"] if heading[1] else [])
            continue
        indent = "  " if line.startswith("  ") else ""
        out.append(f"{indent}- {md(line.strip())}")
    return out


def remember_names(event: Mapping[str, Any], names: dict[str, str]) -> None:
    """Characters' names as the journal introduces them (``campaign_start``'s pcs, ``recruit``)."""
    if event.get("event") == "campaign_start":
        for pc in event.get("pcs") or ():
            names[str(pc.get("id"))] = str(pc.get("name"))
    elif event.get("event") == "recruit" and event.get("name"):
        names[str(event.get("pc"))] = str(event["name"])


def _action_term(action: Any, lang: str) -> str:
    return id_term("blades.action", action, lang)


def roll_line(event: Mapping[str, Any], lang: str) -> str:
    """``d: Prowl 3d risky/standard → 6,4,2 full success``."""
    faces = event.get("faces") or []
    read = ",".join(str(f) for f in faces) if faces else str(event.get("die", "?"))
    return t("export.roll", lang, action=_action_term(event.get("action"), lang), dice=event.get("dice"),
             position=term("blades.position", event.get("position"), lang),
             effect=term("blades.effect", event.get("effect"), lang), faces=read,
             result=term("blades.result", event.get("result"), lang))


def oracle_lines(event: Mapping[str, Any], lang: str) -> Lines:
    """``? QUESTION (likelihood) → answer`` and, when the roll brought one, the random event under it.

    The session journals the random event as ``random_event`` (the journal's own ``event`` names the event).
    """
    question = str(event.get("question") or "").strip()
    out = [t("export.oracle", lang, question=question, likelihood=term("oracle.likelihood", event.get("likelihood"), lang),
             answer=term("oracle.answer", event.get("answer"), lang))]
    happened = event.get("random_event")
    if isinstance(happened, Mapping):
        out.append(random_event_line(happened, lang))
    return out


def _edit_line(event: Mapping[str, Any], lang: str) -> Lines:
    return [t(f"export.{event.get('event')}.{event.get('op')}", lang, text=str(event.get("text", "")))]


#: the solo session's own events (sim/solo/session.py): event name -> its lines (the first an item, the rest under it)
SOLO_LINES: Mapping[str, Callable[[Mapping[str, Any], str], Lines]] = {
    "oracle": oracle_lines,
    "oracle_event": lambda e, lang: [random_event_line(e, lang)],
    "oracle_meaning": lambda e, lang: [t("export.meaning", lang, meaning=f"{e.get('action')} / {e.get('subject')}")],
    "oracle_tension": lambda e, lang: [t("export.tension", lang, before=e.get("before"), after=e.get("after"))],
    "scene_check": lambda e, lang: scene_check_lines(e, lang),
    "solo_roll": lambda e, lang: [t("export.solo_roll", lang, expr=e.get("expr"), total=e.get("total"),
                                    faces=", ".join(str(f) for f in e.get("faces") or ()))],
    "scene_expectation": lambda e, lang: [t("oracle.scene_how.expected", lang, text=str(e.get("text", "")))],
    "player_clock": lambda e, lang: [t(f"solo.reply.clock_{e.get('op')}", lang, name=e.get("name"), filled=e.get("filled"),
                                       size=e.get("size"))],
    "thread": _edit_line,
    "npc": _edit_line,
}
#: solo events shown as an aside under the line before (the tension moves at a decision, amid what it decides)
SOLO_ASIDES = frozenset({"oracle_tension"})


def scene_check_lines(e: Mapping[str, Any], lang: str) -> Lines:
    """``scene: altered`` and under it what it made of the scene: the meaning words, or the random event."""
    out = [t("export.scene_check", lang, result=term("export.scene_result", e.get("result"), lang))]
    meaning = e.get("meaning")
    if isinstance(meaning, Mapping):
        out.append(t("export.meaning", lang, meaning=f"{meaning.get('action')} / {meaning.get('subject')}"))
    happened = e.get("random_event")
    if isinstance(happened, Mapping):
        out.append(random_event_line(happened, lang))
    return out


def random_event_line(happened: Mapping[str, Any], lang: str) -> str:
    """``! NPC acts: Mirela — betray / a secret``."""
    focus = happened.get("focus")
    focus_text = (t(f"oracle.focus.{focus}", lang) if has(f"oracle.focus.{focus}")
                  else term("export.focus", focus, lang))
    who = happened.get("npc") or happened.get("thread")
    words = " / ".join(str(happened[k]) for k in ("action", "subject") if happened.get(k))
    return t("export.random_event", lang, focus=focus_text + (f": {who}" if who else ""), meaning=words or "—")


def tidy(lines: Lines) -> str:
    """Join the lines: no runs of blank lines, none at the start, one newline at the end."""
    out: Lines = []
    for line in lines:
        if line == "" and (not out or out[-1] == ""):
            continue
        if line.startswith("  - ") and not (out and out[-1].lstrip().startswith("- ")):
            line = line[2:]  # a sub-item with no item above it (after a heading or a note) stands on its own
        out.append(line.rstrip())
    while out and out[-1] == "":
        out.pop()
    return "\n".join(out) + "\n"
