"""Blades scenarios: the fields a Blades campaign adds to every system's, and the frozen Scenario.

A Blades scenario (``system: blades``) has the shared fields of :func:`sim.content.scenario.common_fields`
and its own: ``length``, ``crew`` (type, members with playbooks and policies), ``gm``, the ``factions`` in
play and their starting Tiers; see docs/architecture.md. :func:`check` is what ``sim validate`` reports
for one (the shared checks, then the crew's factions and the score targets), :func:`load` builds the
:class:`Scenario` the campaign plays.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sim.blades.schemas import FACTION_POLICY_NAMES, TABLES
from sim.content.loader import Content
from sim.content.scenario import check_common, checked_scenario, scenario_schema
from sim.content.schema import Checker, F, Int, ListOf, MapOf, Record, Ref, Str, Text
from sim.content.source import Document
from sim.errors import Problem, UsageError
from sim.options import RuleOptions

PLAYER_POLICIES = ("careful", "bold", "reckless")
GM_POLICIES = ("gentle", "standard", "gritty")
SEAT_PATTERN = r"^(gm|pc[1-9][0-9]*|faction\.[a-z][a-z0-9_]*)$"
FACTION_SEAT = "faction."  # faction.<id>: a faction in play (sim.blades.city.factions)
HUMAN = "human"
HOLDERS = (*PLAYER_POLICIES, *GM_POLICIES, *FACTION_POLICY_NAMES, HUMAN)
#: the tables a Blades campaign reads: every Blades table (``content/blades/*.yaml``)
REQUIRED: tuple[str, ...] = tuple(sorted(TABLES))

SCENARIO = scenario_schema("blades", {
    "length": F(Record({"scores": F(Int(1, 1000), doc="campaign ends after this many scores"),
                        "tier": F(Int(1, 6), required=False, doc="or when the crew reaches this Tier")})),
    "crew": F(Record({
        "type": F(Ref("crew_type")),
        "name": F(Text(), required=False),
        "reputation": F(Ref("reputation"), required=False),
        "hunting_grounds": F(Ref("faction"), required=False, doc="the faction holding the hunting grounds"),
        "statuses": F(MapOf(Ref("faction"), Int(-3, 3)), required=False, doc="starting status by faction"),
        "members": F(ListOf(Record({
            "playbook": F(Ref("playbook")),
            "policy": F(Str(enum=PLAYER_POLICIES)),
            "name": F(Str(), required=False, doc="omit for a generated name"),
            "vice": F(Ref("vice"), required=False),
            "ability": F(Ref("ability"), required=False,
                         doc="the special ability taken at creation (one of the playbook's; default its first)"),
        }), min=1, max=6)),
    })),
    "gm": F(Record({"policy": F(Str(enum=GM_POLICIES))})),
    "factions": F(ListOf(Ref("faction"), min=1, unique_by=""), doc="factions in play"),
    "faction_tiers": F(MapOf(Ref("faction"), Int(0, 6)), required=False,
                       doc="starting Tier by faction in play, instead of the faction table's (BITD.FACTION.1)"),
    "seats": F(MapOf(Str(pattern=SEAT_PATTERN), Str(enum=HOLDERS)), required=False,
               doc="who holds each seat (gm, pc1, pc2..., faction.<id>): a policy name, or human for a person; "
                   "unnamed seats play the crew members', the GM's and the factions' policies"),
}, "Scenario")


@dataclass(frozen=True, slots=True)
class Member:
    playbook: str
    policy: str
    name: str | None = None
    vice: str | None = None
    ability: str | None = None  # BITD.CHAR.CREATE.1: the special ability taken at creation (None: the first)


@dataclass(frozen=True, slots=True)
class Crew:
    type: str
    members: tuple[Member, ...]
    name: str | None = None
    reputation: str | None = None
    hunting_grounds: str | None = None
    statuses: tuple[tuple[str, int], ...] = ()  # (faction, status), in file order


@dataclass(frozen=True, slots=True)
class Gm:
    policy: str


@dataclass(frozen=True, slots=True)
class Length:
    scores: int
    tier: int | None = None


@dataclass(frozen=True, slots=True)
class Scenario:
    """A validated scenario with its resolved rule options and content."""

    name: str
    system: str
    seed: int
    lang: str
    name_locale: str
    length: Length
    options: RuleOptions
    crew: Crew
    gm: Gm
    factions: tuple[str, ...]
    content: Content
    path: str
    description: Any = None  # text: a string or {lang: string}
    faction_tiers: tuple[tuple[str, int], ...] = ()  # (faction, starting Tier), in file order
    seats: tuple[tuple[str, str], ...] = ()  # (seat, holder) as the file names them, in file order


def check(doc: Document, path: Path, content_root: Path | None = None) -> tuple[list[Problem], Content | None, list]:
    """Every problem of a Blades scenario: the shared checks, the crew's factions, the score targets."""
    ck, problems, content, overlays = check_common(doc, path, SCENARIO, require=REQUIRED, content_root=content_root)
    _check_crew_factions(doc, ck, problems)
    _check_seats(doc, problems)
    if content is not None:
        _check_targets(doc, content, problems)
        _check_member_abilities(doc, content, problems)
    return problems, content, overlays


def _check_member_abilities(doc: Document, content: Content, problems: list[Problem]) -> None:
    """BITD.CHAR.CREATE.1: a member's ``ability`` is one of their playbook's special abilities."""
    crew = doc.data.get("crew") if isinstance(doc.data, dict) else None
    members = crew.get("members") if isinstance(crew, dict) else None
    if not isinstance(members, list):
        return
    books = {b["id"]: [a["id"] for a in b.get("abilities", ())] for b in content.table("blades/playbooks")["playbooks"]}
    for i, member in enumerate(members):
        if not isinstance(member, dict) or not isinstance(member.get("ability"), str):
            continue
        book = member.get("playbook")
        if book in books and member["ability"] not in books[book]:
            where = f"crew.members[{i}].ability"
            problems.append(Problem(doc.file, doc.line(where), where,
                                    f"{member['ability']!r} is not a special ability of the {book} playbook "
                                    f"({', '.join(books[book])})"))


def _check_targets(doc: Document, content: Content, problems: list[Problem]) -> None:
    """The GM draws scores from targets of the factions in play: there must be some."""
    factions = doc.data.get("factions") if isinstance(doc.data, dict) else None
    if not isinstance(factions, list) or not factions:
        return
    in_play = set(f for f in factions if isinstance(f, str))
    targets = content.table("blades/targets")["targets"]
    if not any(t["faction"] in in_play and t["weight"] > 0 for t in targets):
        problems.append(Problem(doc.file, doc.line("factions"), "factions",
                                f"no score target in {content.files['blades/targets']} belongs to these factions"))


def _check_crew_factions(doc: Document, ck: Checker, problems: list[Problem]) -> None:
    data = doc.data
    crew = data.get("crew") if isinstance(data, dict) else None
    factions = data.get("factions") if isinstance(data, dict) and isinstance(data.get("factions"), list) else None
    if not isinstance(crew, dict) or factions is None:
        return
    named = [("crew.hunting_grounds", crew.get("hunting_grounds"))]
    if isinstance(crew.get("statuses"), dict):
        named += [(f"crew.statuses.{k}", k) for k in crew["statuses"]]
    if isinstance(data.get("faction_tiers"), dict):
        named += [(f"faction_tiers.{k}", k) for k in data["faction_tiers"]]
    for where, fid in named:
        if isinstance(fid, str) and fid not in factions:
            problems.append(Problem(doc.file, doc.line(where), where, f"faction {fid!r} is not in this scenario's factions"))


def seat_problem(seat: str, holder: str, members: int, factions: Any = None) -> str | None:
    """Why ``holder`` cannot sit in ``seat`` of a crew of ``members`` scoundrels (and ``factions`` in play, when
    given), or None if it can."""
    if seat.startswith(FACTION_SEAT) and re.match(SEAT_PATTERN, seat) and len(seat) <= 60:
        if factions is not None and seat[len(FACTION_SEAT):] not in factions:
            return f"no seat {seat!r}: faction {seat[len(FACTION_SEAT):]!r} is not in this scenario's factions"
        if holder not in FACTION_POLICY_NAMES + (HUMAN,):
            return f"{_short(holder)!r} cannot hold seat {seat}: use {', '.join(FACTION_POLICY_NAMES + (HUMAN,))}"
        return None
    if not re.match(SEAT_PATTERN, seat) or len(seat) > 8:
        return f"no seat {_short(seat)!r}: seats are gm, pc1..pc{members} and faction.<id>"
    if seat != "gm" and int(seat[2:]) > members:
        return f"no seat {seat!r}: the crew has {members} member{'s' if members != 1 else ''} (pc1..pc{members})"
    allowed = (GM_POLICIES if seat == "gm" else PLAYER_POLICIES) + (HUMAN,)
    if holder not in allowed:
        return f"{_short(holder)!r} cannot hold seat {seat}: use {', '.join(allowed)}"
    return None


def _short(text: str) -> str:
    """A value someone typed, cut to fit one line of a message."""
    return text if len(text) <= 40 else f"{text[:30]}...{text[-6:]}"


def _check_seats(doc: Document, problems: list[Problem]) -> None:
    data = doc.data
    seats = data.get("seats") if isinstance(data, dict) else None
    crew = data.get("crew") if isinstance(data, dict) else None
    members = crew.get("members") if isinstance(crew, dict) else None
    if not isinstance(seats, dict) or not isinstance(members, list):
        return
    factions = data.get("factions") if isinstance(data.get("factions"), list) else None
    for seat, holder in seats.items():
        if isinstance(seat, str) and isinstance(holder, str) and re.match(SEAT_PATTERN, seat) and holder in HOLDERS:
            why = seat_problem(seat, holder, len(members), factions)
            if why:
                problems.append(Problem(doc.file, doc.line(f"seats.{seat}"), f"seats.{seat}", why))


def load(path: str | Path, *, content_root: str | Path | None = None) -> Scenario:
    """Load and validate a Blades scenario and the content it uses; raise ContentError listing every problem."""
    doc, content = checked_scenario(path, content_root)
    if doc.data["system"] != "blades":
        raise UsageError(f"{doc.file} is a {doc.data['system']} scenario, not a Blades one")
    from sim.i18n import default_name_locale

    data = doc.data
    crew = data["crew"]
    members = tuple(Member(m["playbook"], m["policy"], m.get("name"), m.get("vice"), m.get("ability")) for m in crew["members"])
    crew_name = crew.get("name")
    return Scenario(
        name=data["name"], system=data["system"], seed=data["seed"], lang=data["lang"],
        name_locale=data.get("name_locale") or default_name_locale(data["lang"]),
        length=Length(data["length"]["scores"], data["length"].get("tier")),
        options=RuleOptions(data.get("options") or {}),
        crew=Crew(type=crew["type"], members=members,
                  name=crew_name if isinstance(crew_name, str) or crew_name is None else crew_name.get("en"),
                  reputation=crew.get("reputation"), hunting_grounds=crew.get("hunting_grounds"),
                  statuses=tuple((crew.get("statuses") or {}).items())),
        gm=Gm(data["gm"]["policy"]),
        factions=tuple(data["factions"]),
        content=content,
        path=doc.file,
        description=data.get("description"),
        faction_tiers=tuple((data.get("faction_tiers") or {}).items()),
        seats=tuple((data.get("seats") or {}).items()),
    )
