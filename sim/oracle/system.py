"""The oracle in the registry of game systems (:mod:`sim.systems`): its content tables only.

The oracle is not a game system of its own (it answers what any game's rules do not), so this
registers no :class:`~sim.systems.System`, only the schemas of its tables, so ``sim validate``
checks ``content/oracle/*.yaml`` with file, line and field like every other table:

* ``oracle/actions`` and ``oracle/subjects``: the meaning word tables (ORACLE.MEANING.1), each
  entry an id and its word in every language, at least 100 of each;
* ``oracle/focus``: the event focus table (ORACLE.EVENT.2), one entry for each focus id with
  its weight and its name in every language.
"""

from __future__ import annotations

from typing import Any

from sim.content.schema import Checker, F, Id, Int, ListOf, Record, Str
from sim.content.table import TableSchema
from sim.systems import register_tables

#: the languages every oracle word is written in (sim.i18n.LANGS; spelled out so importing the
#: registry reads no term files)
WORD_LANGS = ("en", "zh-Hant", "zh-Hans")
#: ORACLE.MEANING.1: each meaning table has at least this many entries
MIN_WORDS = 100


def _words(doc: str) -> dict[str, F]:
    return {"id": F(Id(doc="a snake_case id, the English word"))} | {
        lang: F(Str(doc=f"{doc} in {lang}")) for lang in WORD_LANGS}


def _every_focus_once(data: Any, ck: Checker) -> None:
    """The focus table has every focus id of sim.oracle.events.FOCUS_IDS (it checks each is known)."""
    from sim.oracle.events import FOCUS_IDS

    have = {rec.get("id") for rec in data.get("focus") or () if isinstance(rec, dict)}
    missing = [f for f in FOCUS_IDS if f not in have]
    if missing:
        ck.error("focus", f"missing focus {', '.join(missing)}")


def _word_table(name: str, what: str) -> TableSchema:
    return TableSchema(f"oracle/{name}", Record({
        name: F(ListOf(Record(_words(what)), min=MIN_WORDS, unique_by="id"),
                doc=f"ORACLE.MEANING.1: the {what} words, drawn evenly"),
    }), f"Oracle meaning words: {what}s (ORACLE.MEANING.1)")


ACTIONS = _word_table("actions", "action")
SUBJECTS = _word_table("subjects", "subject")
FOCUS = TableSchema("oracle/focus", Record({
    "focus": F(ListOf(Record({
        "id": F(Str(enum=("npc_acts", "new_npc", "thread_toward", "thread_away", "thread_closes", "pc_positive",
                          "pc_negative", "remote_event", "ambiguous", "current_context"),
                    doc="the focus id (sim.oracle.events.FOCUS_IDS)")),
        "weight": F(Int(lo=1, hi=100, doc="its share of the focus die")),
        **{lang: F(Str(doc=f"its name in {lang}")) for lang in WORD_LANGS},
    }), min=1, unique_by="id"), doc="ORACLE.EVENT.2: what a random event is about"),
}), "Oracle event focus (ORACLE.EVENT.2)", checks=(_every_focus_once,))

TABLES = {t.key: t for t in (ACTIONS, SUBJECTS, FOCUS)}

register_tables("oracle", TABLES, required=tuple(TABLES))
