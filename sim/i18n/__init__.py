"""Words for people: the one translation layer (docs/architecture.md "Words for people").

Every player-facing term goes through :func:`t`::

    >>> t("blades.position.risky", "zh-Hant")
    '險峻'
    >>> t("fate.format.ladder", "en", name="Good", value="+3")
    'Good (+3)'

Keys are dotted and language-neutral (``blades.action.hunt``,
``fate.ladder.3``, ``mist.result.partial``). The tables live in
``content/i18n/**/*.yaml`` as ``key: {en: ..., zh-Hant: ..., zh-Hans: ...,
source: ...}`` (nested mappings are flattened into dotted keys; ``source``
says which seed the words come from). They are read lazily on the first call
and cached: importing this module reads no files (docs/dev/style.md 9).

A key missing in the asked language falls back to English; a key missing in
English too raises :class:`KeyError` naming the key, so raw ids never leak
into text meant for people. Machine output (``--json``, journals, Parquet)
never goes through this module.

The API:

* :func:`t`, :func:`has`, :func:`term_keys`, :func:`entry`, :func:`source_of`
  — look words up; :data:`LANGS`, :func:`normalise_lang`,
  :func:`language_name`.
* :func:`text_of` — a content text field (a string or a language mapping) in a
  language; :func:`missing_languages` — which languages it lacks.
* Content records: ids map to ``<system>.<table (singular)>.<id>``.
  :func:`name_of` / :func:`text_in` / :func:`option_text` prefer the term
  tables and fall back to the record's own text; :func:`field_key` maps a
  content field path to its term key (:data:`NAME_KEYS`, :data:`TEXT_KEYS`).
* :func:`plural` — a count phrase (``{n} terms``) in the plural form ``n`` takes in a language
  (``<key>_one`` for one in English; Chinese has no plural forms); :func:`count` — ``"1 table"`` for an
  English-only message (:mod:`sim.i18n.plural`).
* :func:`default_name_locale` — the name-pool locale for a language (en_US,
  zh_TW, zh_CN) when a scenario names none.
* :mod:`sim.i18n.check` — missing-translation warnings for ``sim validate``.
"""

from __future__ import annotations

from sim.i18n.tables import (
    LANGS,
    SOURCE_FIELD,
    default_name_locale,
    entry,
    has,
    id_term,
    language_name,
    missing_languages,
    normalise_lang,
    reload,
    source_of,
    t,
    term_keys,
    term_or,
    text_of,
)

from sim.i18n.plural import PLURAL_FORMS, count, plural, plural_form, plural_key

from sim.i18n.content import (
    NAME_KEYS,
    TEXT_KEYS,
    field_key,
    missing_name_languages,
    name_key,
    name_of,
    option_text,
    text_in,
)

__all__ = [
    "PLURAL_FORMS",
    "count",
    "plural",
    "plural_form",
    "plural_key",
    "NAME_KEYS",
    "TEXT_KEYS",
    "text_in",
    "field_key",
    "option_text",
    "missing_name_languages",
    "name_key",
    "name_of",
    "LANGS",
    "SOURCE_FIELD",
    "default_name_locale",
    "entry",
    "has",
    "id_term",
    "language_name",
    "missing_languages",
    "normalise_lang",
    "reload",
    "source_of",
    "t",
    "term_keys",
    "term_or",
    "text_of",
]
