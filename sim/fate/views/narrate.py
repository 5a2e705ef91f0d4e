"""The readable account of a Fate adventure, rendered from its journal events in three languages.

Every word goes through :mod:`sim.i18n` (``fate.adventure.*`` sentences around the ``fate.*`` rule terms);
names the journal keeps in English (NPCs, aspects from the pools, consequences) are shown in the reader's
language through Fate's content tables (:func:`sim.fate.tables.words`), and so are the aspects, tasks and
threats and zones an adventure's author wrote in several languages (``Content.authored``); PCs' names are
shown as written. Events a reader doesn't need (phases, decisions)
are left out; the journal keeps them.
"""

from __future__ import annotations

from typing import Any, Callable, Iterable, Mapping

from sim.agents.catalogue import label
from sim.fate.tables import aspect_words, character_words, words
from sim.i18n import id_term, plural, t, text_of


class Narrator:
    """Turns an adventure's events into lines in one language, learning names as they appear."""

    def __init__(self, content: Any, lang: str):
        self.lang = lang
        self.names: dict[str, str] = {}
        self.words = words(content, lang)

    def t(self, key: str, **fields: Any) -> str:
        return t(key, self.lang, **fields)

    def count(self, what: str, n: int, **fields: Any) -> str:
        """``"1 fate point"``, ``"2 fate points"``: ``fate.adventure.count.<what>`` in the plural form of ``n``."""
        return plural(f"fate.adventure.count.{what}", n, self.lang, **fields)

    def term(self, prefix: str, ident: Any) -> str:
        return id_term(prefix, ident, self.lang)

    def word(self, text: Any) -> str:
        """A name the journal keeps in English: the reader's words if Fate's tables have them."""
        if not isinstance(text, str):
            return str(text)
        return aspect_words(text, self.words, self.lang, self.who)

    def who(self, cid: str) -> str:
        """A character's name; an NPC's from the stat blocks in the reader's language ("Robed Cultist 2" too)."""
        return character_words(self.names.get(cid, cid), self.words)

    def side(self, side: str) -> str:
        """A contest's side: the PCs and the opposition by their terms, an outside threat by its name (FATE.CONTEST.4)."""
        termed = self.term("fate.adventure.side", side)
        return self.word(side) if termed == side else termed

    @staticmethod
    def fudge(faces: Any) -> str:
        """Fate dice as they look on the table: + for +1, − for −1, ▢ for a blank (FATE.DICE.2)."""
        return " ".join("+" if f > 0 else "−" if f < 0 else "▢" for f in faces)

    def render(self, e: Mapping[str, Any]) -> str | None:
        if e["event"] == "adventure_start":
            self.names.update(e["pcs"])
        elif e["event"] == "scene_start":
            self.names.update(e["opposition"])
        fn = RENDER.get(e["event"])
        return fn(self, e) if fn else None


def _points(n: Narrator, e: Mapping[str, Any]) -> str | None:
    if e["reason"] == "refresh":
        return n.t("fate.adventure.line.refresh", actor=n.who(e["actor"]), after=n.count("fate_points", e["after"]))
    if e["reason"] in ("hostile_invoke", "concession"):
        return n.t(f"fate.adventure.line.earned_{e['reason']}", actor=n.who(e["actor"]),
                   n=n.count("fate_points", e["after"] - e["before"]), after=e["after"])
    return None


def _scene_start(n: Narrator, e: Mapping[str, Any]) -> str:
    lines = ["", n.t("fate.adventure.heading.scene", n=e["n"], kind=n.term("fate.scene", e["kind"]), name=text_of(e.get("name") or e["scene"], n.lang))]
    if len(e["zones"]) > 1:
        lines.append(n.t("fate.adventure.line.zones", zones=n.t("decision.list.separator").join(map(n.word, e["zones"]))))
    if e["opposition"]:
        lines.append(n.t("fate.adventure.line.opposition",
                         who=n.t("decision.list.separator").join(n.who(c) for c in e["opposition"])))
    return "\n".join(lines)


def _milestone(n: Narrator, e: Mapping[str, Any]) -> str:
    chosen = label("fate_milestone", e["choice"], n.lang, {"stunt": e.get("stunt") or "",
                                                            "replaced": e.get("replaced") or ""})
    line = n.t("fate.adventure.line.milestone", actor=n.who(e["actor"]), kind=n.term("fate.milestone", e["kind"]),
               choice=chosen)
    if e.get("raised"):
        line += " " + n.t("fate.adventure.line.raised", skill=n.term("fate.skill", e["raised"].lower()))
    return line


RENDER: Mapping[str, Callable[[Narrator, Mapping[str, Any]], str | None]] = {
    "adventure_start": lambda n, e: n.t("fate.adventure.heading.adventure", scenario=e["scenario"], seed=e["seed"]),
    "session_start": lambda n, e: "\n" + n.t("fate.adventure.heading.session", n=e["n"]),
    "scene_start": _scene_start,
    "fate_points": _points,
    "compel": lambda n, e: n.t("fate.adventure.line.compel_" + ("accepted" if e["accepted"] else "refused"),
                               actor=n.who(e["target"]), aspect=n.word(e["aspect"]),
                               points=n.count("fate_points", e["fate_points"]) if e["accepted"] else e["fate_points"]),
    "fate_aspect": lambda n, e: (n.t("fate.adventure.line.aspect", aspect=n.word(e["name"]),
                                     n=n.count("free_invokes", e["free_invokes"]))
                                 if e["free_invokes"] and e["kind"] != "boost" else None),
    "fate_roll": lambda n, e: n.t("fate.adventure.line.roll", actor=n.who(e["actor"]),
                                  action=n.term("fate.action", e["action"]),
                                  skill=n.term("fate.skill", e["skill"].lower()), faces=n.fudge(e["faces"]),
                                  effort=e["effort"], opposition=e["opposition"],
                                  outcome=n.term("fate.outcome", e["outcome"])),
    "fate_invoke": lambda n, e: n.t("fate.adventure.line.invoke_" + ("free" if e["free"] else "paid"),
                                    actor=n.who(e["actor"]), aspect=n.word(e["aspect"]),
                                    mode=n.term("fate.invoke_choice", e["mode"]), effort=e["effort"]),
    "threat_roll": lambda n, e: n.t("fate.adventure.line.threat", threat=n.word(e["threat"]), faces=n.fudge(e["faces"]),
                                    effort=e["effort"]),
    "contest_victory": lambda n, e: n.t("fate.adventure.line.victory", side=n.side(e["side"]),
                                        n=n.count("victories", e["victories"]), total=e["total"]),
    "twist": lambda n, e: n.t("fate.adventure.line.twist", aspect=n.word(e["aspect"])),
    "fate_stress": lambda n, e: n.t("fate.adventure.line.stress", actor=n.who(e["actor"]),
                                    boxes=n.count("boxes", e["boxes"], track=n.term("fate.stress_track", e["track"]))),
    "fate_consequence": lambda n, e: n.t("fate.adventure.line.consequence", actor=n.who(e["actor"]),
                                         severity=n.term("fate.consequence", e["severity"]), aspect=n.word(e["aspect"])),
    "taken_out": lambda n, e: n.t("fate.adventure.line.taken_out", actor=n.who(e["actor"])),
    "concede": lambda n, e: n.t("fate.adventure.line.concede", actor=n.who(e["actor"]),
                                points=n.count("fate_points", e["fate_points"])),
    "move": lambda n, e: n.t("fate.adventure.line.move", actor=n.who(e["actor"]), to=n.word(e["to"])),
    "challenge_cost": lambda n, e: n.t("fate.adventure.line.cost", actor=n.who(e["actor"]), task=n.word(e["task"]),
                                       reading=n.term("fate.cost", e["reading"])),
    "fate_recovery": lambda n, e: n.t("fate.adventure.line.recovery", actor=n.who(e["actor"]), aspect=n.word(e["was"])),
    "scene_end": lambda n, e: n.t("fate.adventure.line.scene_end", result=n.term("fate.adventure.result", e["result"])),
    "milestone": _milestone,
    "adventure_end": lambda n, e: "\n" + n.t("fate.adventure.line.end", scenes=n.count("scenes", e["scenes"]),
                                             sessions=n.count("sessions", e["sessions"])),
}


def narrate(events: Iterable[Mapping[str, Any]], content: Any, lang: str) -> list[str]:
    """The account of an adventure: one line (or a few) per event a reader needs."""
    n = Narrator(content, lang)
    out: list[str] = []
    for e in events:
        line = n.render(e)
        if line is not None:
            out.extend(line.split("\n"))
    return out


def storyteller(content: Any, lang: str) -> Callable[[Mapping[str, Any]], list[str]]:
    """``tell(event) -> lines``: :func:`narrate` one event at a time, as it happens."""
    n = Narrator(content, lang)

    def tell(e: Mapping[str, Any]) -> list[str]:
        line = n.render(e)
        return [] if line is None else line.split("\n")

    return tell


def closing_sheet(adv: Any, summary: Mapping[str, Any], content: Any, lang: str) -> list[str]:
    """Each PC at the end: fate points and refresh, stunts, consequences still carried; then the totals."""
    n = Narrator(content, lang)
    n.names.update({cid: c.name for cid, c in adv.pcs.items()})
    lines = ["", n.t("fate.adventure.heading.closing")]
    for cid, c in adv.pcs.items():
        top = sorted(c.skills, key=lambda kv: (-kv[1], kv[0]))[:3]
        skills = n.t("decision.list.separator").join(f"{n.term('fate.skill', s.lower())} +{r}" for s, r in top)
        lines.append(n.t("fate.adventure.line.sheet", actor=c.name, points=n.count("fate_points", c.fate_points),
                         refresh=c.refresh, skills=skills, stunts=n.count("stunts", len(c.stunts))))
        for slot in c.consequences():
            lines.append(n.t("fate.adventure.line.carries", severity=n.term("fate.consequence", slot.severity),
                             aspect=n.word(slot.aspect)))
    lines.append(n.t("fate.adventure.line.totals", **{k: summary[k] for k in (
        "fate_points_earned", "fate_points_spent", "compels_accepted", "compels_refused", "concessions",
        "pcs_taken_out")}, scenes=n.count("scenes", summary["scenes"])))
    return lines
