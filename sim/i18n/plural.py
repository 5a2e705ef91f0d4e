"""Counts with nouns: "1 term", "2 terms", "共 2 個術語" (plural forms per language).

A count phrase is a term whose template takes ``{n}`` (``cli.terms.count: {en: "{n} terms", ...}``), the
*other* form. A language with a singular form looks for ``<key>_one`` first when ``n`` is one
(``cli.terms.count_one: {en: "{n} term", ...}``); Traditional and Simplified Chinese have no plural forms
(CLDR: every number is "other"), so they always read ``<key>``. :func:`plural` picks the form;
:func:`count` is the same for an English-only message that is not in the term tables (``sim validate``'s
"1 table and 2 scenarios").
"""

from __future__ import annotations

#: Each language's plural forms as CLDR names them, the form that takes ``<key>`` last.
PLURAL_FORMS = {"en": ("one", "other"), "zh-Hant": ("other",), "zh-Hans": ("other",)}

#: English nouns whose plural is not ``noun + s`` (the few the command line counts).
_IRREGULAR = {"variant(s)": "variants"}


def plural_form(n: int | float, lang: str | None = "en") -> str:
    """The CLDR plural form of ``n`` in ``lang``: ``"one"`` or ``"other"`` (Chinese: always ``"other"``)."""
    from sim.i18n.tables import normalise_lang

    if "one" in PLURAL_FORMS[normalise_lang(lang)] and n == 1 and not isinstance(n, bool):
        return "one"
    return "other"


def plural_key(key: str, n: int | float, lang: str | None = "en") -> str:
    """``<key>_one`` when ``n`` takes the singular in ``lang`` and the tables have it, else ``key``."""
    from sim.i18n.tables import has

    form = plural_form(n, lang)
    if form != "other" and has(f"{key}_{form}"):
        return f"{key}_{form}"
    return key


def plural(key: str, n: int | float, lang: str | None = "en", *, shown: str | None = None, **fields: object) -> str:
    """The count phrase ``key`` for ``n`` in ``lang``, ``{n}`` filled with ``shown`` (default ``n`` itself).

    >>> plural("cli.terms.count", 1, "en"), plural("cli.terms.count", 2, "en")
    ('1 term', '2 terms')
    >>> plural("cli.terms.count", 1, "zh-Hant")
    '共 1 個術語'
    """
    from sim.i18n.tables import t

    return t(plural_key(key, n, lang), lang, n=n if shown is None else shown, **fields)


def count(n: int, noun: str, plural_noun: str | None = None, *, shown: str | None = None) -> str:
    """``"1 table"``, ``"2 tables"``: an English count for a message the term tables do not hold.

    ``plural_noun`` defaults to ``noun + "s"`` (``"es"`` after s, x, ch, sh; ``"ies"`` after a consonant
    and y).
    """
    text = shown if shown is not None else f"{n}"
    if n == 1:
        return f"{text} {noun}"
    if plural_noun is None:
        if noun.endswith(("s", "x", "ch", "sh")):
            plural_noun = noun + "es"
        elif noun.endswith("y") and noun[-2:-1] not in tuple("aeiou"):
            plural_noun = noun[:-1] + "ies"
        else:
            plural_noun = noun + "s"
    return f"{text} {plural_noun}"
