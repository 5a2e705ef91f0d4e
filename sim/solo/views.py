"""Rich renderables for the solo terminal: one for each kind of :attr:`Reply.views` item (issue 11).

The session (:mod:`sim.solo.session`) answers each command with plain lines and plain JSON data
(``("sheet", data)``, ``("clocks", data)`` ...); the terminal (:mod:`sim.solo.terminal`) shows the
data with :func:`render` instead of the lines: character sheets and the crew as tables, clocks as
segmented bars (``[■■■□□□] 3/6``), factions with their status, the journal's tail, oracle answers.
A kind this module does not know renders as ``None`` and the terminal prints the reply's lines.

:func:`segments` and :func:`pips` are plain text (tested directly); everything else builds rich
objects and imports rich inside the function, so importing this module costs nothing.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping, Sequence

FILLED, EMPTY = "■", "□"
DOT, NO_DOT = "●", "○"


def segments(filled: int, size: int) -> str:
    """A clock as a segmented bar: ``segments(3, 6) == "[■■■□□□] 3/6"`` (filled kept within 0..size)."""
    size = max(int(size or 0), 0)
    filled = max(0, min(int(filled or 0), size))
    return f"[{FILLED * filled}{EMPTY * (size - filled)}] {filled}/{size}"


def pips(rating: int, most: int = 4) -> str:
    """An action rating as dots: ``pips(2) == "●●○○"``."""
    rating = max(0, min(int(rating or 0), most))
    return DOT * rating + NO_DOT * (most - rating)


def word(key: str, lang: str | None, english: str) -> str:
    """A term through sim.i18n when it knows the key, else the English given."""
    from sim.i18n import term_or

    try:
        return term_or(key, english, lang)
    except KeyError:  # a template that needs fields: not a word
        return english


def named(prefix: str, ident: Any, lang: str | None) -> str:
    """An engine id's name through sim.i18n (``named("blades.ability", "infiltrator", "zh-Hant")``), else the id."""
    return word(f"{prefix}.{ident}", lang, str(ident))


def _row(table, *cells) -> None:
    """Add a row whose strings are shown as written (never read as rich markup: ``[pc1]`` stays)."""
    from rich.text import Text

    table.add_row(*(Text(c) if isinstance(c, str) else c for c in cells))


def _table(title: str | None = None, *columns: str, **kw):
    from rich.table import Table

    from rich.text import Text

    table = Table(title=Text(title, style="bold") if title else None, title_justify="left",
                  show_header=bool(columns), header_style="bold", **kw)
    for column in columns:
        table.add_column(column)
    return table


def tag_name(tag: Any, lang: str | None) -> str:
    """A mist story tag's name: a challenge's tag, a story tag, or a character's tag (the first that knows it)."""
    for prefix in ("mist.ctag", "mist.story_tag", "mist.tag"):
        found = named(prefix, tag, lang)
        if found != str(tag):
            return found
    return str(tag)


def sheet(data: Mapping[str, Any], lang: str | None):
    """Each player character as a table: stress and trauma as bars, harm, coin, action dots, abilities
    (a Fate or mist sheet, ``system`` in the data, by :func:`fate_sheet` or :func:`mist_sheet`)."""
    from rich.console import Group

    if data.get("system") in SYSTEM_SHEETS:
        return SYSTEM_SHEETS[data["system"]](data, lang)
    tables = []
    for pid, s in (data.get("pcs") or {}).items():
        t = _table(f"{s.get('name', pid)} ({pid}, {named('solo.sheet.status', s.get('status', ''), lang)})", box=None,
                   padding=(0, 1))
        t.add_column(style="bold")
        t.add_column()
        _row(t, word("blades.term.stress", lang, "stress"), segments(s.get("stress", 0), s.get("stress_max", 9)))
        trauma = list(s.get("trauma") or ())
        _row(t, word("blades.term.trauma", lang, "trauma"),
                  segments(len(trauma), s.get("trauma_max", 4))
                  + (f" {', '.join(named('blades.trauma', c, lang) for c in trauma)}" if trauma else ""))
        harm = word("solo.sheet.harm_sep", lang, "; ").join(
            harm_row(named("blades.harm.level", level, lang), rows, lang)
            for level, rows in (s.get("harm_labels") or s.get("harm") or {}).items() if rows)
        _row(t, word("blades.term.harm", lang, "harm"), harm or "-")
        _row(t, word("blades.term.coin", lang, "coin"),
                  f"{s.get('coin', 0)} ({word('blades.term.stash', lang, 'stash')} {s.get('stash', 0)})")
        actions = [(a, r) for a, r in (s.get("actions") or {}).items()]
        for i in range(0, len(actions), 4):
            row = "  ".join(f"{word('blades.action.' + a, lang, a)} {pips(r)}" for a, r in actions[i:i + 4])
            _row(t, "" if i else word("terminal.actions", lang, "actions"), row)
        _row(t, word("terminal.abilities", lang, "abilities"),
             ", ".join(named("blades.ability", a, lang) for a in s.get("abilities") or ()) or "-")
        tables.append(t)
    return Group(*tables) if tables else None


def harm_row(level: str, rows: Sequence[Any], lang: str | None) -> str:
    """One row of harm (``moderate harm: hurt on the job (assault, serious)``) in ``lang``."""
    from sim.i18n import t

    return t("solo.sheet.harm_row", lang, level=level,
             list=word("solo.sheet.list_sep", lang, ", ").join(map(str, rows)))


def boxes(marks: Sequence[Any]) -> str:
    """Stress boxes, marked first: ``boxes([1, 1, 0]) == "[■■□]"``."""
    return "[" + "".join(FILLED if m else EMPTY for m in marks) + "]"


def fate_sheet(data: Mapping[str, Any], lang: str | None):
    """Each Fate PC as a table: fate points and refresh, aspects, skills on the ladder, stress boxes,
    consequence slots, stunts (the data of :class:`sim.fate.views.solo.FateSolo`)."""
    from rich.console import Group

    tables = []
    for pid, s in (data.get("pcs") or {}).items():
        t = _table(f"{s.get('name', pid)} ({pid})", box=None, padding=(0, 1))
        t.add_column(style="bold")
        t.add_column()
        _row(t, word("fate.sheet.fate_points", lang, "fate points"),
             f"{s.get('fate_points')} ({word('fate.term.refresh', lang, 'refresh')} {s.get('refresh')})")
        for i, aspect in enumerate(s.get("aspect_labels") or s.get("aspects") or ()):
            _row(t, "" if i else word("fate.sheet.aspects", lang, "aspects"), str(aspect))
        by_rating: dict[int, list[str]] = {}
        for skill, rating in (s.get("skills") or {}).items():
            if rating:
                by_rating.setdefault(int(rating), []).append(word(f"fate.skill.{skill.lower()}", lang, skill))
        for rating in sorted(by_rating, reverse=True):
            _row(t, word(f"fate.ladder.{rating}", lang, str(rating)) + f" (+{rating})", ", ".join(by_rating[rating]))
        for track, marks in (s.get("stress") or {}).items():
            _row(t, word(f"fate.stress_track.{track}", lang, track), boxes(marks))
        for c in s.get("consequences") or ():
            _row(t, word(f"fate.consequence.{c.get('severity')}", lang, str(c.get("severity"))) + f" ({c.get('value')})",
                 str(c.get("label") or c.get("aspect") or "-"))
        _row(t, word("fate.sheet.stunts", lang, "stunts"), ", ".join(map(str, s.get("stunt_labels") or s.get("stunts") or ())) or "-")
        tables.append(t)
    return Group(*tables) if tables else None


def mist_sheet(data: Mapping[str, Any], lang: str | None):
    """Each mist character as a table: evolution, statuses, each theme's tags, weaknesses and tracks as bars
    (the data of :class:`sim.mist.views.solo.MistSolo`)."""
    from rich.console import Group

    tables = []
    for pid, s in (data.get("pcs") or {}).items():
        t = _table(f"{s.get('name', pid)} ({pid}, {named('mist.play.pc_status', s.get('status'), lang)})",
                   box=None, padding=(0, 1))
        t.add_column(style="bold")
        t.add_column()
        _row(t, word("mist.track.evolution", lang, "evolution"), str(s.get("evolution", 0)))
        statuses = ", ".join(f"{named('mist.status', k, lang)} {v}" for k, v in (s.get("statuses") or {}).items())
        _row(t, word("mist.term.status", lang, "statuses"), statuses or "-")
        burned = set(s.get("burned") or ())
        for theme in s.get("themes") or ():
            tags = ", ".join(named("mist.tag", x, lang) + ("*" if x in burned else "") for x in theme.get("tags") or ())
            weak = ", ".join(named("mist.tag", x, lang) for x in theme.get("weaknesses") or ()) or "-"
            _row(t, f"{named('mist.kit', theme.get('kit'), lang)} ({named('mist.theme_type', theme.get('type'), lang)})",
                 f"{tags}; {word('mist.tag_kind.weakness', lang, 'weakness')} {weak}; "
                 f"{segments(theme.get('grow', 0), 3)} {segments(theme.get('fade', 0), 3)}")
        tables.append(t)
    return Group(*tables) if tables else None


SYSTEM_SHEETS: dict[str, Callable[[Mapping[str, Any], str | None], Any]] = {"fate": fate_sheet, "mist": mist_sheet}


def crew(data: Mapping[str, Any], lang: str | None):
    """The crew's numbers as a two-column table."""
    c = data.get("crew")
    if not c:
        return None
    t = _table(word("report.heading.crew", lang, "Crew"), box=None, padding=(0, 1))
    t.add_column(style="bold")
    t.add_column()
    for key, english in (("tier", "Tier"), ("hold", "hold"), ("rep", "rep"), ("coin", "coin"), ("heat", "heat"),
                         ("wanted", "wanted"), ("turf", "turf"), ("xp", "xp")):
        if key in c:
            value = named("blades.hold_level", c[key], lang) if key == "hold" else str(c[key])
            label = word("report.column.wanted", lang, english) if key == "wanted" else word(f"blades.term.{key}",
                                                                                             lang, english)
            _row(t, label, value)
    for key, english, prefix in (("claims", "claims", "blades.claim"), ("abilities", "abilities", "blades.ability")):
        if c.get(key):
            _row(t, word(f"terminal.{key}", lang, english), ", ".join(named(prefix, x, lang) for x in c[key]))
    upgrades = [named("blades.upgrade", k, lang) for k, v in (c.get("upgrades") or {}).items() if v]
    if upgrades:
        _row(t, word("terminal.upgrades", lang, "upgrades"), ", ".join(upgrades))
    for h in c.get("cohorts") or ():
        kind = "blades.gang_type" if h.get("kind") == "gang" else "blades.expert"
        _row(t, word("blades.term.cohort", lang, "cohort"),
                  f"{str(h.get('id')).removeprefix('cohort')}: {named(kind, h.get('type'), lang)}, "
                  f"{word('blades.term.quality', lang, 'quality')} {h.get('quality')}, "
                  f"{word('blades.term.harm', lang, 'harm')} {named('blades.cohort_harm', h.get('harm'), lang)}")
    return t


def clocks(data: Mapping[str, Any], lang: str | None):
    """Every running clock as a segmented bar."""
    rows = data.get("clocks") or ()
    if not rows:
        return None
    t = _table(word("report.heading.clocks", lang, "Clocks"), box=None, padding=(0, 1))
    for _ in range(3):
        t.add_column()
    for c in rows:
        _row(t, str(c.get("label") or c.get("name")),
             str(c.get("kind_label") or named("blades.clock.kind", c.get("kind") or "", lang)),
             segments(c.get("filled", 0), c.get("size", 0)))
    return t


def factions(data: Mapping[str, Any], lang: str | None):
    """Factions: Tier, hold, the status with the crew (green friendly, red hostile) and their clocks."""
    from rich.text import Text

    rows = data.get("factions") or ()
    if not rows:
        return None
    t = _table(word("report.heading.factions", lang, "Factions"), "", word("blades.term.tier", lang, "Tier"),
               word("blades.term.status", lang, "status"), word("blades.term.clock", lang, "clock"),
               box=None, padding=(0, 1))
    for f in rows:
        status = int(f.get("status") or 0)
        style = "green" if status > 0 else "red" if status < 0 else ""
        bars = ", ".join(f"{c.get('name', c.get('id'))} {segments(c.get('filled', 0), c.get('size', 0))}" for c in f.get("clocks") or ())
        _row(t, str(f.get("name", f.get("id"))), f"{f.get('tier')} ({named('blades.hold_level', f.get('hold'), lang)})",
                  Text(f"{status:+d}", style=style), bars)
    return t


def journal(data: Mapping[str, Any], lang: str | None):
    """The journal's tail: each event's lines, its number dimmed."""
    from rich.text import Text

    text = Text()
    for e in data.get("events") or ():
        for i, line in enumerate(e.get("lines") or ()):
            text.append(f"{e.get('seq'):>5} " if i == 0 else "      ", style="dim")
            text.append(f"{line}\n")
    return text if text.plain else None


ANSWER_STYLE = {"yes_and": "bold green", "yes": "green", "yes_but": "yellow", "no_but": "yellow",
                "no": "red", "no_and": "bold red"}


def oracle(data: Mapping[str, Any], lang: str | None):
    """An oracle answer (its question, dice and answer in colour, and its event), an event or a meaning pair."""
    from rich.panel import Panel
    from rich.text import Text

    from sim.oracle import load_words
    from sim.oracle import text as words_text

    words = load_words()
    body = Text()
    event = data.get("event") or data.get("random_event")
    if "answer" in data:
        lines = words_text.ask_lines({**data, "event": event}, words, lang)
        body.append(lines[0] + "\n", style="bold")
        body.append(lines[1].rsplit("→", 1)[0] + "→ ")
        body.append(words_text.answer_name(data["answer"], lang), style=ANSWER_STYLE.get(data["answer"], ""))
        body.append("\n" + lines[2])
    elif event:
        body.append(f"{word('oracle.term.random_event', lang, 'random event')}: ", style="bold")
        body.append(words_text.event_line(event, words, lang))
    elif data.get("meaning"):
        body.append(f"{word('oracle.term.meaning', lang, 'meaning')}: ", style="bold")
        body.append(words_text.meaning_line(data["meaning"], words, lang))
    else:
        return None
    return Panel(body, title=Text(word("oracle.title", lang, "Oracle")), title_align="left", expand=False)


def lines_panel(title_key: str, english: str) -> Callable[[Mapping[str, Any], str | None], Any]:
    """A view that is a list of lines (``odds``) or of names (``threads``, ``npcs``) in a panel."""

    def render(data: Mapping[str, Any], lang: str | None):
        from rich.panel import Panel
        from rich.text import Text

        items = data.get("lines") or data.get("threads") or data.get("npcs") or ()
        if not items:
            return None
        return Panel(Text("\n".join(map(str, items))), title=Text(word(title_key, lang, english)),
                     title_align="left", expand=False)

    return render


def scene(data: Mapping[str, Any], lang: str | None):
    """The scene in a panel: its title, tension as a bar (1..9), the scene check, and the system's own state: Fate's
    zones with who stands where, situation aspects with free invokes, the opposition (taken out dimmed) and the
    challenge's tasks or the contest's victories; the mist challenge's statuses against its limits, story tags and
    threats."""
    from rich.console import Group
    from rich.panel import Panel
    from rich.text import Text

    from sim.oracle import TENSION_MAX

    t = _table(None, box=None, padding=(0, 1), show_edge=False)
    t.add_column(style="bold")
    t.add_column()
    tension = data.get("tension")
    if tension is not None:
        _row(t, word("oracle.term.tension", lang, "tension"), segments(int(tension), TENSION_MAX))
    check = data.get("check") or {}
    if check.get("result"):
        _row(t, word("oracle.term.scene_check", lang, "scene check"),
             word(f"oracle.scene.{check['result']}", lang, str(check["result"])))
    state = data.get("state") or {}
    extra = SYSTEM_SCENES.get(state.get("system"))
    if extra is not None:
        extra(t, state, lang)
    title = str(data.get("scene") or state.get("scene") or word("terminal.scene", lang, "scene"))
    return Panel(Group(t), title=Text(title, style="bold"), title_align="left", expand=False)


def _fate_scene(t: Any, state: Mapping[str, Any], lang: str | None) -> None:
    from rich.text import Text

    _row(t, word("fate.term.scene", lang, "scene"),
         word(f"fate.scene.{state.get('kind')}", lang, str(state.get("kind")))
         + ("" if state.get("open", True) else
            f" ({word('fate.adventure.result.' + str(state.get('result')), lang, str(state.get('result')))})"))
    labels = state.get("labels") or {}
    by_zone: dict[str, list[str]] = {z: [] for z in state.get("zones") or ()}
    for who, zone in (state.get("positions") or {}).items():
        by_zone.setdefault(zone, []).append(str(labels.get(who, who)))
    for i, (zone, people) in enumerate(by_zone.items()):
        _row(t, "" if i else word("fate.term.zone", lang, "zone"), f"{labels.get(zone, zone)}: {', '.join(people) or '-'}")
    for i, (aspect, row) in enumerate((state.get("aspects") or {}).items()):
        free = ", ".join(f"{labels.get(who, who)} {n}" for who, n in (row.get("free_invokes") or {}).items() if n)
        _row(t, "" if i else word("fate.term.aspect", lang, "aspects"),
             f"“{labels.get(aspect, aspect)}”" + (f" ({word('fate.term.free_invoke', lang, 'free invoke')}: {free})" if free else ""))
    out = set(state.get("out") or ())
    foes = Text()
    for i, name in enumerate((state.get("opposition") or {}).values()):
        foes.append(", " if i else "")
        foes.append(str(labels.get(name, name)), style="dim strike" if name in out else "")
    if foes.plain:
        _row(t, word("fate.term.opposition", lang, "opposition"), foes)
    if out:
        _row(t, word("fate.term.taken_out", lang, "taken out"),
             ", ".join(str(labels.get(who, who)) for who in state.get("out") or ()))
    for row in state.get("progress") or ():
        _row(t, str(labels.get(row.get("name"), row.get("name"))),
             f"{segments(row.get('filled', 0), row.get('size', 1))} {row.get('kind')}")


def _mist_scene(t: Any, state: Mapping[str, Any], lang: str | None) -> None:
    overcome = state.get("overcome")
    _row(t, word("mist.term.challenge", lang, "challenge"),
         f"{named('mist.challenge', state.get('challenge'), lang)} "
         f"({named('mist.phase', state.get('kind'), lang)}, {word('mist.term.chapter', lang, 'chapter')} "
         f"{state.get('chapter')})" + (f": {named('mist.status', overcome, lang)}" if overcome else ""))
    statuses, pending = state.get("statuses") or {}, state.get("pending") or {}
    for i, (status, limit) in enumerate((state.get("limits") or {}).items()):
        landing = f" (+{pending[status]} {word('mist.term.pending', lang, 'to land')})" if pending.get(status) else ""
        _row(t, "" if i else word("mist.term.limit", lang, "limits"),
             f"{named('mist.status', status, lang)} {segments(int(statuses.get(status, 0)), int(limit))}{landing}")
    _row(t, word("mist.tag_kind.story", lang, "story tags"),
         ", ".join(tag_name(x, lang) for x in state.get("tags") or ()) or "-")
    _row(t, word("mist.term.threat", lang, "threats"),
         ", ".join(named("mist.threat", x, lang) for x in state.get("threats") or ()) or "-")


SYSTEM_SCENES: dict[str, Callable[[Any, Mapping[str, Any], str | None], None]] = {"fate": _fate_scene,
                                                                                  "mist": _mist_scene}


RENDERERS: dict[str, Callable[[Mapping[str, Any], str | None], Any]] = {
    "sheet": sheet, "scene": scene, "crew": crew, "clocks": clocks, "factions": factions, "journal": journal, "oracle": oracle,
    "odds": lines_panel("terminal.odds", "odds"), "threads": lines_panel("terminal.threads", "threads"),
    "npcs": lines_panel("terminal.npcs", "NPCs"),
}


def render(kind: str, data: Mapping[str, Any], lang: str | None = None):
    """The rich renderable for one view item, or None (unknown kind, or nothing to show: print the lines)."""
    renderer = RENDERERS.get(kind)
    if renderer is None:
        return None
    try:
        return renderer(data, lang)
    except (AttributeError, KeyError, TypeError, ValueError):  # a shape this module does not know:
        return None  # the reply's lines say it


def pending(p, lang: str | None = None):
    """The decision waiting for the person: the prompt, the GM's reasons, the numbered options with odds."""
    from rich.console import Group
    from rich.panel import Panel
    from rich.text import Text

    t = _table(None, box=None, padding=(0, 1), show_edge=False)
    t.add_column(justify="right", style="bold cyan")
    t.add_column()
    t.add_column(style="dim")
    for c in p.options:
        _row(t, f"{c.number}.", c.label, c.odds or "")
    parts: list[Any] = [Text(p.prompt, style="bold")]
    from sim.i18n import t as term

    parts += [Text(term("solo.reply.gm", lang, text=s), style="italic") for s in p.gm_says]
    parts.append(t)
    return Panel(Group(*parts), title=Text(f"[{p.seat}]"), title_align="left", expand=False)


def render_all(views: Sequence[tuple[str, Mapping[str, Any]]], lang: str | None = None) -> list[Any]:
    """Renderables for every item :func:`render` knows; [] when none (the caller prints the lines)."""
    out = [render(kind, data, lang) for kind, data in views]
    return [r for r in out if r is not None]
