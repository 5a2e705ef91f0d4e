"""The oracle's word tables (``content/oracle/*.yaml``), read through :mod:`sim.content`.

:func:`load_words` reads and validates the tables with the content loader (the YAML safe loader,
C where available; schemas in :mod:`sim.oracle.system`) and caches them per content root and file
state (the loader's cache). Every word is kept in every language; :meth:`Words.word` picks one.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping

TABLE_KEYS = ("oracle/actions", "oracle/subjects", "oracle/focus")


@dataclass(frozen=True, slots=True)
class Words:
    """The meaning words (ORACLE.MEANING.1) and the event focus table (ORACLE.EVENT.2)."""

    actions: tuple[Mapping[str, str], ...]
    subjects: tuple[Mapping[str, str], ...]
    focus: tuple[Mapping[str, Any], ...]

    @property
    def focus_weights(self) -> tuple[tuple[str, int], ...]:
        return tuple((rec["id"], rec["weight"]) for rec in self.focus)

    @staticmethod
    def word(entry: Mapping[str, str], lang: str | None = "en") -> str:
        """An entry's word in ``lang`` (``None``: English; a name like ``zh-TW`` is normalised)."""
        from sim.i18n import normalise_lang

        return entry[normalise_lang(lang)]

    def focus_name(self, focus: str, lang: str | None = "en") -> str:
        for rec in self.focus:
            if rec["id"] == focus:
                return self.word(rec, lang)
        raise KeyError(f"no event focus {focus!r}")

    def by_id(self, table: str, ident: str) -> Mapping[str, str]:
        """The entry ``ident`` of ``actions`` or ``subjects`` (to show a journaled pair in another language)."""
        for rec in getattr(self, table):
            if rec["id"] == ident:
                return rec
        raise KeyError(f"no oracle {table[:-1]} {ident!r}")


_CACHE: dict[int, tuple[Any, Words]] = {}  # id(content) -> (content, its words): the content is kept alive


def load_words(content_root: str | Path | None = None) -> Words:
    """The oracle's tables under ``content_root`` (default: ``content/``), validated; raises ContentError."""
    from sim.content import load_content

    content = load_content(content_root, require=TABLE_KEYS)
    hit = _CACHE.get(id(content))
    if hit is not None and hit[0] is content:
        return hit[1]
    words = Words(actions=tuple(content.table("oracle/actions")["actions"]),
                  subjects=tuple(content.table("oracle/subjects")["subjects"]),
                  focus=tuple(content.table("oracle/focus")["focus"]))
    if len(_CACHE) > 8:
        _CACHE.clear()
    _CACHE[id(content)] = (content, words)
    return words
