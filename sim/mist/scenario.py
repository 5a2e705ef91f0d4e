"""Mist scenarios (``system: mist``): the shared fields plus the chapters, the characters and the seats.

```yaml
name: mist_harbor
system: mist
seed: 3
lang: zh-Hans
length: {chapters: 4}
montage: {rounds: 2}          # actions in each character's quick montage scene
heist: {rounds: 4}            # rounds of the heist before it is lost
chapters: [drowned_vault]     # the heist challenge of each chapter, cycled
characters:
  - {name: 林雾, policy: careful, themes: [storm_blood, harbor_oath]}   # themes: kit ids (or drawn)
gm: {policy: standard}
seats: {pc1: human}
```
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Mapping

from sim.content.loader import Content
from sim.content.scenario import check_common, checked_scenario, scenario_schema
from sim.content.schema import F, Int, ListOf, MapOf, Record, Ref, Str
from sim.content.source import Document
from sim.errors import Problem, UsageError
from sim.mist.schemas import REQUIRED
from sim.options import RuleOptions

PLAYER_POLICIES = ("careful", "bold", "reckless")
GM_POLICIES = ("gentle", "standard", "gritty")
HUMAN = "human"
HOLDERS = (*PLAYER_POLICIES, *GM_POLICIES, HUMAN)
SEAT_PATTERN = r"^(gm|pc[1-9][0-9]*)$"

SCENARIO = scenario_schema("mist", {
    "length": F(Record({"chapters": F(Int(1, 200), doc="the campaign ends after this many chapters")})),
    "montage": F(Record({"rounds": F(Int(1, 6), doc="actions in each character's quick montage scene")}),
                 required=False),
    "heist": F(Record({"rounds": F(Int(1, 12), doc="rounds of the heist before it is lost")}), required=False),
    "chapters": F(ListOf(Ref("mist_challenge"), min=1), doc="each chapter's heist challenge, cycled"),
    "characters": F(ListOf(Record({
        "name": F(Str()),
        "policy": F(Str(enum=PLAYER_POLICIES)),
        "themes": F(ListOf(Ref("mist_kit"), min=1, max=4, unique_by=""), required=False,
                    doc="theme kits; omitted: mist_gift_themes Gifts and mist_self_themes Selves drawn"),
    }), min=1, max=5)),
    "gm": F(Record({"policy": F(Str(enum=GM_POLICIES))})),
    "seats": F(MapOf(Str(pattern=SEAT_PATTERN), Str(enum=HOLDERS)), required=False,
               doc="who holds each seat (gm, pc1, pc2...): a policy name, or human for a person"),
}, "Mist scenario")


@dataclass(frozen=True, slots=True)
class CharacterSpec:
    name: str
    policy: str
    themes: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Scenario:
    name: str
    system: str
    seed: int
    lang: str
    options: RuleOptions
    content: Content
    path: str
    chapters: int
    heists: tuple[str, ...]
    characters: tuple[CharacterSpec, ...]
    gm: str
    montage_rounds: int = 2
    heist_rounds: int = 4
    seats: tuple[tuple[str, str], ...] = ()
    description: Any = None


def seat_problem(seat: str, holder: str, members: int) -> str | None:
    """Why ``holder`` cannot sit in ``seat`` of a table of ``members`` characters, or None."""
    if not re.match(SEAT_PATTERN, seat) or len(seat) > 8:
        return f"no seat {seat[:40]!r}: seats are gm and pc1..pc{members}"
    if seat != "gm" and int(seat[2:]) > members:
        return f"no seat {seat!r}: the scenario has {members} character{'s' if members != 1 else ''}"
    allowed = (GM_POLICIES if seat == "gm" else PLAYER_POLICIES) + (HUMAN,)
    if holder not in allowed:
        return f"{holder[:40]!r} cannot hold seat {seat}: use {', '.join(allowed)}"
    return None


def _check_more(doc: Document, content: Content | None, problems: list[Problem]) -> None:
    data = doc.data if isinstance(doc.data, dict) else {}
    chars = data.get("characters") if isinstance(data.get("characters"), list) else []
    seats = data.get("seats") if isinstance(data.get("seats"), dict) else {}
    for seat, holder in seats.items():
        if isinstance(seat, str) and isinstance(holder, str) and holder in HOLDERS and re.match(SEAT_PATTERN, seat):
            why = seat_problem(seat, holder, len(chars))
            if why:
                problems.append(Problem(doc.file, doc.line(f"seats.{seat}"), f"seats.{seat}", why))
    if content is None:
        return
    kinds = {c["id"]: c["kind"] for c in content.table("mist/challenges")["challenges"]}
    for i, cid in enumerate(data.get("chapters") or ()):
        if kinds.get(cid) == "montage":
            problems.append(Problem(doc.file, doc.line(f"chapters[{i}]"), f"chapters[{i}]",
                                    f"challenge {cid!r} is a montage challenge; a chapter's heist needs a heist one"))
    if not any(c["kind"] == "montage" and c.get("weight", 1) > 0 for c in content.table("mist/challenges")["challenges"]):
        problems.append(Problem(doc.file, 1, "chapters", "the content has no montage challenge to play montage scenes"))


def check(doc: Document, path: Path, content_root: Path | None = None) -> tuple[list[Problem], Content | None, list]:
    """Every problem of a mist scenario: the shared checks, the seats, heist challenges that are heists."""
    _ck, problems, content, overlays = check_common(doc, path, SCENARIO, require=REQUIRED, content_root=content_root)
    _check_more(doc, content, problems)
    return problems, content, overlays


def load(path: str | Path, content_root: str | Path | None = None) -> Scenario:
    """Load and validate a mist scenario; ContentError lists every problem."""
    doc, content = checked_scenario(path, content_root)
    d = doc.data
    if d["system"] != "mist":
        raise UsageError(f"{doc.file} is a {d['system']} scenario, not a mist one")
    chars = tuple(CharacterSpec(c["name"], c["policy"], tuple(c.get("themes") or ())) for c in d["characters"])
    return Scenario(
        name=d["name"], system="mist", seed=d["seed"], lang=d["lang"], options=RuleOptions(d.get("options") or {}),
        content=content, path=doc.file, chapters=d["length"]["chapters"], heists=tuple(d["chapters"]),
        characters=chars, gm=d["gm"]["policy"], montage_rounds=(d.get("montage") or {}).get("rounds", 2),
        heist_rounds=(d.get("heist") or {}).get("rounds", 4), seats=tuple((d.get("seats") or {}).items()),
        description=d.get("description"))


def seat_scenario(scenario: Scenario, overrides: Mapping[str, str] | None = None) -> tuple[Scenario, tuple[str, ...]]:
    """The scenario with ``--seat`` laid over its ``seats:``, and the seats people hold."""
    holders = dict(scenario.seats)
    holders.update(overrides or {})
    for seat, holder in holders.items():
        why = seat_problem(seat, holder, len(scenario.characters))
        if why:
            raise UsageError(f"--seat: {why}" if seat in (overrides or {}) else why)
    order = lambda s: (0, 0) if s == "gm" else (1, int(s[2:]))  # noqa: E731
    people = tuple(sorted((s for s, h in holders.items() if h == HUMAN), key=order))
    return replace(scenario, seats=tuple(sorted(holders.items(), key=lambda kv: order(kv[0])))), people


def holder_of(scenario: Scenario, seat: str, default: str) -> str:
    """Who holds ``seat``: the scenario's ``seats:`` entry, else ``default`` (the character's or the MC's policy)."""
    return dict(scenario.seats).get(seat, default)
