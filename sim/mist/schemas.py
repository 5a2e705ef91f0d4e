"""The mist content tables (``content/mist/*.yaml``): ids and numbers only; the words for people are terms
(``content/i18n/terms/mist_content.yaml``: ``mist.kit.<id>``, ``mist.tag.<id>``, ``mist.status.<id>``, ...).

* ``mist/statuses``: every status (MIST.STATUS.1): the approach whose effects build it, ``harmful`` or
  ``helpful``, what a player character at its limit becomes (MIST.LIMIT.3), and the status it cancels.
* ``mist/themes``: theme kits (MIST.THEME): type, positive tags (the theme tag first; three to start, the
  rest given by growth), weakness tags (the first to start, the rest by growth). Each tag fits approaches.
* ``mist/challenges``: stat blocks (MIST.CHALLENGE.1): montage or heist, several limits, tags that hinder
  approaches, threats the MC cashes in as consequences (a status on a character, or a story tag).
* ``mist/story_tags``: story tags a character's effect can create, by the approach they fit (MIST.TAG.2).
"""

from __future__ import annotations

from typing import Any

from sim.content.schema import Checker, F, Id, Int, ListOf, Record, Ref, Str
from sim.content.table import TableSchema

APPROACHES = ("force", "finesse", "insight", "social", "mystic")
FITS = ListOf(Str(enum=APPROACHES), min=1, unique_by="", doc="the approaches this tag helps")

def _check_cancels(data: Any, ck: Checker) -> None:
    """MIST.STATUS.2: a status cancels a status of the other kind (helpful against harmful), never its own."""
    rows = [s for s in data.get("statuses") or () if isinstance(s, dict)]
    kinds = {s.get("id"): s.get("kind") for s in rows}
    for i, s in enumerate(data.get("statuses") or ()):
        other = s.get("cancels") if isinstance(s, dict) else None
        if other in kinds and kinds[other] == s.get("kind"):
            ck.error(f"statuses[{i}].cancels", f"{s.get('id')!r} cancels {other!r}, a {kinds[other]} status like "
                                               "itself; a status cancels one of the other kind (MIST.STATUS.2)")


STATUSES = TableSchema("mist/statuses", Record({
    "statuses": F(ListOf(Record({
        "id": F(Id()),
        "approach": F(Str(enum=APPROACHES), doc="the approach whose effects raise it on a challenge"),
        "kind": F(Str(enum=("harmful", "helpful")), doc="hinders or helps whoever has it (MIST.ROLL.2)"),
        "at_limit": F(Str(enum=("dies", "transformed")), doc="a player character at its limit (MIST.LIMIT.3)"),
        "cancels": F(Ref("mist_status"), required=False, doc="the opposite status it cancels (MIST.STATUS.2)"),
    }), min=1, unique_by="id")),
}), "Mist statuses (MIST.STATUS)", provides=(("mist_status", "statuses[*]"),), checks=(_check_cancels,))

TAG = Record({"id": F(Id()), "fits": F(FITS)})
#: MIST.TAG.1: a tag is a brief, concrete label, "usually one to three words"; an id of more words than this is
#: refused (four allows a short "of the" phrase such as ``eye_of_the_storm``)
MAX_TAG_WORDS = 4


def tag_words(tag_id: str) -> int:
    """The words of a tag's id (``call_lightning``: 2), the measure of MIST.TAG.1's "one to three words"."""
    return len([w for w in tag_id.split("_") if w])


def _check_brief(ck: Checker, where: str, tag: Any) -> None:
    tid = tag.get("id") if isinstance(tag, dict) else None
    if isinstance(tid, str) and tag_words(tid) > MAX_TAG_WORDS:
        ck.error(where, f"tag {tid!r} has {tag_words(tid)} words; a tag is a brief label of one to three words, "
                        f"at most {MAX_TAG_WORDS} (MIST.TAG.1)")


def _check_kits(data: Any, ck: Checker) -> None:
    seen: dict[str, str] = {}
    for i, kit in enumerate(data.get("kits") or ()):
        for part in ("tags", "weaknesses"):
            for j, tag in enumerate(kit.get(part) or ()):
                tid = tag.get("id") if isinstance(tag, dict) else None
                if not isinstance(tid, str):
                    continue
                where = f"kits[{i}].{part}[{j}].id"
                _check_brief(ck, where, tag)
                if tid in seen:
                    ck.error(where, f"tag {tid!r} is already a tag at {seen[tid]} (tag ids are unique)")
                else:
                    seen[tid] = where
        if isinstance(kit.get("tags"), list) and kit["tags"] and isinstance(kit["tags"][0], dict) \
                and kit["tags"][0].get("id") != kit.get("id"):
            ck.error(f"kits[{i}].tags[0].id", f"the theme tag comes first and is named like the kit, {kit.get('id')!r}")


THEMES = TableSchema("mist/themes", Record({
    "kits": F(ListOf(Record({
        "id": F(Id(doc="the kit and its theme tag; words: mist.kit.<id>, mist.motive.<id>, mist.rewrite.<id>")),
        "type": F(Str(enum=("gift", "self")), doc="Gift (a desire) or Self (a dilemma), MIST.THEME.3"),
        "tags": F(ListOf(TAG, min=4, unique_by="id"),
                  doc="positive tags: the theme tag, two more to start (MIST.THEME.2), the rest given by growth"),
        "weaknesses": F(ListOf(TAG, min=2, unique_by="id"),
                        doc="weakness tags: the first to start, the others for a weakness growth"),
    }), min=2, unique_by="id")),
}), "Mist theme kits (MIST.THEME)", provides=(("mist_kit", "kits[*]"), ("mist_tag", "kits[*].tags[*]"),
                                              ("mist_tag", "kits[*].weaknesses[*]")), checks=(_check_kits,))


def _check_threats(data: Any, ck: Checker) -> None:
    for i, ch in enumerate(data.get("challenges") or ()):
        limits = {lim.get("status"): lim.get("level") for lim in ch.get("limits") or () if isinstance(lim, dict)}
        for j, st in enumerate(ch.get("statuses") or ()):
            if isinstance(st, dict) and isinstance(limits.get(st.get("status")), int) and isinstance(st.get("level"), int) \
                    and st["level"] >= limits[st["status"]]:
                ck.error(f"challenges[{i}].statuses[{j}].level", f"must be below its limit {limits[st['status']]}: "
                                                                  "a challenge at its limit is already overcome")
        for j, tag in enumerate(ch.get("tags") or ()):
            _check_brief(ck, f"challenges[{i}].tags[{j}].id", tag)
        for j, threat in enumerate(ch.get("threats") or ()):
            if isinstance(threat, dict) and ("status" in threat) == ("hinders" in threat):
                ck.error(f"challenges[{i}].threats[{j}]", "a threat gives a status (status, level) or a story tag "
                                                          "(hinders), exactly one")
            if isinstance(threat, dict) and ("status" in threat) != ("level" in threat):
                ck.error(f"challenges[{i}].threats[{j}]", "a status threat names its status and its level")


CHALLENGES = TableSchema("mist/challenges", Record({
    "challenges": F(ListOf(Record({
        "id": F(Id(doc="words: mist.challenge.<id>")),
        "kind": F(Str(enum=("montage", "heist")), doc="a quick montage scene or a chapter's heist (MIST.CHAPTER.1)"),
        "weight": F(Int(0, 100), required=False, doc="how often the MC picks it for a montage scene (default 1)"),
        "limits": F(ListOf(Record({"status": F(Ref("mist_status")), "level": F(Int(1, 6))}), min=1,
                           unique_by="status"),
                    doc="the ways to overcome it: a status and the level that overcomes it (MIST.LIMIT.2)"),
        "statuses": F(ListOf(Record({"status": F(Ref("mist_status")), "level": F(Int(1, 5))}), unique_by="status"),
                      required=False, doc="statuses it starts a scene with (toward its limits: already worn down)"),
        "tags": F(ListOf(Record({"id": F(Id(doc="words: mist.ctag.<id>")), "hinders": F(FITS)}), unique_by="id"),
                  required=False, doc="its own tags; each counts -1 against an approach it hinders"),
        "threats": F(ListOf(Record({
            "id": F(Id(doc="words: mist.threat.<id>")),
            "status": F(Ref("mist_status"), required=False),
            "level": F(Int(1, 6), required=False),
            "hinders": F(FITS, required=False, doc="a story tag against the characters, for the scene"),
        }), min=1, unique_by="id")),
    }), min=2, unique_by="id")),
}), "Mist challenges (MIST.CHALLENGE)", provides=(("mist_challenge", "challenges[*]"),), checks=(_check_threats,))

def _check_story_tags(data: Any, ck: Checker) -> None:
    for i, tag in enumerate(data.get("story_tags") or ()):
        _check_brief(ck, f"story_tags[{i}].id", tag)


STORY_TAGS = TableSchema("mist/story_tags", Record({
    "story_tags": F(ListOf(Record({"id": F(Id(doc="words: mist.story_tag.<id>")), "fits": F(FITS)}), min=1,
                           unique_by="id")),
}), "Mist story tags (MIST.TAG.2)", provides=(("mist_story_tag", "story_tags[*]"),),
    checks=(_check_story_tags,))

TABLES = {t.key: t for t in (STATUSES, THEMES, CHALLENGES, STORY_TAGS)}
REQUIRED = tuple(sorted(TABLES))
