"""Fate's content tables as values the rules read (``content/fate/*.yaml``, schemas in :mod:`sim.fate.schemas`).

Every reader takes a :class:`~sim.content.Content` (a scenario's, with its overlays) or None for the project's
own content, read once. The journal keeps English names; :func:`words` gives the reader's language.
"""

from __future__ import annotations

import re
from functools import lru_cache
from types import MappingProxyType
from typing import Any, Callable, Mapping

from sim.agents.catalogue import namer
from sim.fate.characters.character import Stunt


@lru_cache(maxsize=1)
def _project() -> Any:
    from sim.content.loader import load_content

    return load_content()


def _content(content: Any) -> Any:
    return _project() if content is None else content


def _en(text: Any) -> str:
    return text if isinstance(text, str) else text["en"]


def pool(name: str, content: Any = None) -> tuple[str, ...]:
    """The English aspect names of pool ``name`` (``twists``, ``contest_advantages``, ``on_enemy``, ``on_scene``)."""
    return tuple(_en(t) for t in _content(content).table("fate/aspects")["pools"][name])


#: FATE.ASPECT.7: the boosts the rules give, by what earned them: key -> the English name the journal keeps (their
#: words in other languages are the terms ``fate.boost_name.<key>``). Kept here, not in content/fate/aspects.yaml: a
#: new field there would make an older engine refuse the content (``sim bench --against`` runs it on this checkout's)
BOOSTS: Mapping[str, str] = MappingProxyType({
    "momentum": "Momentum",  # overcome with style: a challenge task, an impeded move
    "glancing_blow": "Glancing Blow",  # an attack that ties
    "perfect_parry": "Perfect Parry",  # a defence that succeeds with style
    "upper_hand": "Upper Hand",  # an attack with style, one shift taken as a boost
    "fleeting_edge": "Fleeting Edge",  # an advantage that ties
})


def boost(name: str) -> str:
    """The English name of boost ``name`` (a :data:`BOOSTS` key), as the journal keeps it."""
    return BOOSTS[name]


#: FATE.RECOVER.3-4: how a consequence's aspect is renamed as it begins to recover (sim.fate.characters.recovery), as the
#: journal keeps it; shown through the term ``fate.adventure.healing``
HEALING = ", healing"


def healing(aspect: str) -> str:
    """A consequence's aspect renamed as it recovers (``Broken Bones (Ana), healing``)."""
    return f"{aspect}{HEALING}"


def consequence_table(content: Any = None) -> Mapping[str, Mapping[str, Any]]:
    """severity -> its row (value, treatment, clears_after, words) (FATE.CHAR.4, FATE.RECOVER.2)."""
    return {r["id"]: r for r in _content(content).table("fate/consequences")["consequences"]}


def consequence_word(track: str, severity: str, content: Any = None) -> str:
    """The English aspect a hit on ``track`` writes into a ``severity`` slot (FATE.CONFLICT.CONSEQ.1)."""
    return _en(consequence_table(content)[severity]["words"][track])


def self_treatment_extra(content: Any = None) -> int:
    return int(_content(content).table("fate/consequences")["self_treatment_extra"])


def skill_names(content: Any = None) -> Mapping[str, str]:
    """skill id -> the rules' name (``fight`` -> ``Fight``)."""
    return {r["id"]: r["name"] for r in _content(content).table("fate/skills")["skills"]}


def stunts(content: Any = None) -> Mapping[str, Stunt]:
    """stunt id -> :class:`~sim.fate.characters.character.Stunt` (named by its id; FATE.FP.3)."""
    names = skill_names(content)
    return {r["id"]: Stunt(r["id"], names[r["skill"]], r["action"], int(r["bonus"]))
            for r in _content(content).table("fate/stunts")["stunts"]}


def stunt_names(content: Any = None, lang: str = "en") -> dict[str, str]:
    """stunt id -> its name in ``lang`` (English where the table has no such words)."""
    from sim.i18n import text_of

    return {r["id"]: text_of(r["name"], lang) for r in _content(content).table("fate/stunts")["stunts"]}


@namer("fate_stunt")
def stunt_name(stunt: Any, lang: str | None, context: Mapping[str, Any] | None = None) -> str:
    """A stunt's name in ``lang`` by its id (the bundled stunts table; the id itself when unknown): the decision
    catalogue's ``fate_stunt`` field renderer."""
    return stunt_names(None, lang or "en").get(str(stunt), str(stunt))


def aspect_words(text: str, names: Mapping[str, str], lang: str, who: Callable[[str], str] = str) -> str:
    """An aspect the journal keeps in English, in ``lang``: a name Fate's tables translate (``names``, from
    :func:`words`) in the reader's words; a boost's or consequence's holder in brackets (``Good Cover (Ana)``) shown
    by ``who``; an accepted compel's complication (``Greedy (compelled)``, sim.fate.adventure) and a recovering
    consequence (``Broken Bones (Ana), healing``, :func:`healing`) by their terms; a scene's second aspect of a name
    keeps its number (``Glancing Blow (Ana) #2``, sim.fate.scenes.scene); anything else (aspects an author wrote) as
    written. The narrator's and the decision catalogue's one wording."""
    from sim.i18n import t

    base, sep, number = text.rpartition(" #")
    if sep and number.isdigit():  # FateScene.add_aspect names a repeated aspect uniquely
        return f"{aspect_words(base, names, lang, who)}{' #' if lang == 'en' else '#'}{number}"
    if text.endswith(HEALING):
        return t("fate.adventure.healing", lang, aspect=aspect_words(text[:-len(HEALING)], names, lang, who))
    base, sep, rest = text.partition(" (")
    if sep and rest.endswith(")"):
        inner = rest[:-1]
        if inner == "compelled":
            return t("fate.adventure.compelled", lang, aspect=aspect_words(base, names, lang, who))
        return f"{names.get(base, base)}（{who(inner)}）" if lang != "en" else f"{names.get(base, base)} ({inner})"
    return names.get(text, text)


def character_words(name: str, names: Mapping[str, str]) -> str:
    """A character's name the journal keeps in English, in the reader's words (``names``, from :func:`words`): an
    NPC's stat-block name; a numbered one (``Robed Cultist 2``) keeps its number; anyone else as written."""
    base, _, n = name.rpartition(" ")
    if n.isdigit() and base in names:
        return f"{names[base]} {n}"
    return names.get(name, name)


@lru_cache(maxsize=8)
def _project_words(lang: str) -> Mapping[str, str]:
    """:func:`words` of the project's own content in ``lang`` (read once per language)."""
    return MappingProxyType(words(None, lang))


@namer("fate_dice")
def dice_faces(faces: Any, lang: str | None = None, context: Mapping[str, Any] | None = None) -> str:
    """Fate dice as they look on the table, + for +1, − for −1, ▢ for a blank (FATE.DICE.2): the decision
    catalogue's ``fate_dice`` field renderer (the roll an invoke choice is about)."""
    return " ".join("+" if f > 0 else "−" if f < 0 else "▢" for f in faces)


@namer("fate_aspect")
def aspect_name(aspect: Any, lang: str | None, context: Mapping[str, Any] | None = None) -> str:
    """An aspect's name in ``lang`` (:func:`aspect_words` over the project's tables and the words a person's
    briefing carries, :func:`translations`: what the adventure's author wrote; its holder shown as written): the
    decision catalogue's ``fate_aspect`` field renderer (invoke and compel choices)."""
    from sim.i18n import normalise_lang

    text = str(aspect)
    lang = normalise_lang(lang or "en")
    if lang == "en":
        return text
    names: Mapping[str, str] = _project_words(lang)
    extra = (context or {}).get("words")
    if extra:
        names = {**names, **authored_words(extra, lang)}

    return aspect_words(text, names, lang, lambda who: character_words(who, names))  # the holder in brackets


def stunt_labels(content: Any = None, lang: str = "en") -> dict[str, str]:
    """stunt id -> how a sheet shows it in ``lang``: its name, then what it gives (FATE.FP.3), e.g. ``Brawler (+2
    Fight, attack: when fighting more than one foe)``; ids the table does not know are left to the caller."""
    from sim import i18n

    lang = i18n.normalise_lang(lang)
    names, titles = skill_names(content), stunt_names(content, lang)
    out = {}
    for r in _content(content).table("fate/stunts")["stunts"]:
        skill = i18n.term_or(f"fate.skill.{r['skill']}", names.get(r["skill"], r["skill"]), lang)
        action = i18n.term_or(f"fate.action.{r['action']}", r["action"], lang)
        when = i18n.text_of(r["circumstance"], lang)
        out[r["id"]] = f"{titles[r['id']]} (+{int(r['bonus'])} {skill}, {action}: {when})"
    return out


def npcs(content: Any = None) -> Mapping[str, Mapping[str, Any]]:
    """npc id -> its stat block as written (FATE.CHAR.5)."""
    return {r["id"]: r for r in _content(content).table("fate/npcs")["npcs"]}


def words(content: Any, lang: str) -> dict[str, str]:
    """English name -> the words in ``lang`` for every translated name in Fate's tables (aspects, consequences,
    boosts, NPCs, stunts) and in the adventure's own text (``content.authored``: aspects and tasks its author wrote
    in several languages, :func:`sim.fate.scenario.load`), so a narrator shows journal names in the reader's
    language."""
    from sim.i18n import normalise_lang, term_or

    lang = normalise_lang(lang)
    c = _content(content)
    out: dict[str, str] = {}

    def add(text: Any) -> None:
        if isinstance(text, dict):
            out[text["en"]] = text.get(lang) or text["en"]

    for items in c.table("fate/aspects")["pools"].values():
        for text in items:
            add(text)
    for key, english in BOOSTS.items():
        out[english] = term_or(f"fate.boost_name.{key}", english, lang)
    for row in c.table("fate/consequences")["consequences"]:
        for text in row["words"].values():
            add(text)
    for row in c.table("fate/npcs")["npcs"]:
        add(row["name"])
        for text in row.get("aspects") or ():
            out[text] = term_or(npc_aspect_key(text), text, lang)
    for row in c.table("fate/stunts")["stunts"]:
        add(row["name"])
        if isinstance(row["name"], dict):
            out[row["id"]] = row["name"].get(lang) or row["name"]["en"]
    out.update(authored_words(getattr(c, "authored", None), lang))
    return out


def translations(content: Any) -> dict[str, dict[str, str]]:
    """English -> {lang: words} for the names a Fate state keeps in English that people see in decisions: the
    NPCs of Fate's tables and what the adventure's author wrote in several languages (``content.authored``). A
    person's briefing carries it as ``words`` (:func:`sim.agents.briefing.words_for`)."""
    from sim.i18n import LANGS, term_or

    c = _content(content)
    out: dict[str, dict[str, str]] = {}
    for row in c.table("fate/npcs")["npcs"]:
        if isinstance(row["name"], dict):
            out[row["name"]["en"]] = {k: v for k, v in row["name"].items() if k != "en"}
        for text in row.get("aspects") or ():
            out[text] = {lang: got for lang in LANGS if lang != "en"
                         and (got := term_or(npc_aspect_key(text), text, lang)) != text}
    for english, by_lang in (getattr(c, "authored", None) or {}).items():
        out[english] = dict(by_lang)
    return out


def npc_aspect_key(aspect: str) -> str:
    """The term of an NPC's aspect in other languages: its English in snake case (``Hired Muscle`` ->
    ``fate.npc_aspect.hired_muscle``). Kept as terms, not in content/fate/npcs.yaml: a new shape there would make
    an older engine refuse the content (``sim bench --against`` runs it on this checkout's)."""
    return "fate.npc_aspect." + "_".join(re.findall(r"[a-z0-9]+", aspect.lower()))


def authored_words(authored: Mapping[str, Mapping[str, str]] | None, lang: str) -> dict[str, str]:
    """English -> its words in ``lang`` of what an author wrote in several languages (``Content.authored``); a
    text with no words in ``lang`` is left out (shown as written)."""
    return {english: by_lang[lang] for english, by_lang in (authored or {}).items() if by_lang.get(lang)}
