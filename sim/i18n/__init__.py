"""Words for people: the one translation layer (docs/architecture.md "Words for people").

Every player-facing term goes through :func:`t`::

    >>> t("blades.position.risky", "zh-Hant")
    '險峻'
    >>> t("cli.odds.line", "en", dice=2, percent="75.0")   # doctest: +SKIP

Keys are dotted and language-neutral (``blades.action.hunt``,
``fate.ladder.3``, ``mist.result.partial``). The tables live in
``content/i18n/**/*.yaml`` as ``key: {en: ..., zh-Hant: ..., zh-Hans: ...}``
(nested mappings are flattened into dotted keys). They are read lazily on
the first call and cached: importing this module reads no files (STYLE.md 9).

A key missing in the asked language falls back to English; a key missing in
English too raises :class:`KeyError` naming the key, so raw ids never leak
into text meant for people. Machine output (``--json``, journals, Parquet)
never goes through this module.
"""

from __future__ import annotations

from sim.i18n.tables import (
    LANGS,
    SOURCE_FIELD,
    default_name_locale,
    entry,
    has,
    language_name,
    missing_languages,
    normalise_lang,
    reload,
    source_of,
    t,
    term_keys,
    text_of,
)

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
    "language_name",
    "missing_languages",
    "normalise_lang",
    "reload",
    "source_of",
    "t",
    "term_keys",
    "text_of",
]
