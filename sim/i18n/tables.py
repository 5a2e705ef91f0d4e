"""Term tables: loading ``content/i18n/**/*.yaml`` and looking words up.

A table file is a nested YAML mapping. A mapping that has an ``en`` key (or
any language key) is one *term*; its dotted path is the key::

    blades:
      position:
        risky: {en: risky, zh-Hant: 險峻, zh-Hans: 险峻, source: "000"}

gives the key ``blades.position.risky``. Besides the three languages a term
may carry ``source`` (which seed or document the words come from) and
``note``; neither is ever shown. Files are composed with PyYAML's safe
composer and walked node by node, so every scalar stays the string written
(``no``, ``-4`` and ``1`` are keys, not booleans or numbers) and every problem
is reported with file and line (STYLE.md 8).
"""

from __future__ import annotations

import os
import threading
from collections.abc import Mapping
from pathlib import Path

from sim.errors import ContentError, Problem, UsageError

#: The languages every term is written in, English first (the fallback).
LANGS: tuple[str, ...] = ("en", "zh-Hant", "zh-Hans")

#: Fields a term may carry besides its languages; never shown to people.
SOURCE_FIELD = "source"
_META_FIELDS = frozenset({SOURCE_FIELD, "note"})

_ALIASES = {
    "en": "en", "en-us": "en", "en-gb": "en", "en_us": "en", "en_gb": "en", "english": "en",
    "zh-hant": "zh-Hant", "zh-tw": "zh-Hant", "zh_tw": "zh-Hant", "zh-hk": "zh-Hant",
    "zh_hk": "zh-Hant", "zh-hant-tw": "zh-Hant",
    "zh-hans": "zh-Hans", "zh-cn": "zh-Hans", "zh_cn": "zh-Hans", "zh-sg": "zh-Hans",
    "zh_sg": "zh-Hans", "zh-hans-cn": "zh-Hans",
}

_NAME_LOCALES = {"en": "en_US", "zh-Hant": "zh_TW", "zh-Hans": "zh_CN"}

_lock = threading.Lock()
_root: Path | None = None          # None: the repository's content/i18n
_terms: dict[str, dict[str, str]] | None = None
_sources: dict[str, str] = {}


def normalise_lang(lang: str | None) -> str:
    """Return the canonical language code for ``lang`` (``None`` means ``en``).

    Accepts the canonical codes and common spellings (``zh-TW``, ``zh_CN``);
    anything else raises :class:`UsageError`.
    """
    if lang is None:
        return "en"
    if lang in LANGS:
        return lang
    canonical = _ALIASES.get(str(lang).strip().lower())
    if canonical is None:
        raise UsageError(f"unknown language {lang!r}; choose one of {', '.join(LANGS)}")
    return canonical


def default_name_locale(lang: str | None) -> str:
    """The faker locale for generated names in ``lang``: en_US, zh_TW or zh_CN."""
    return _NAME_LOCALES[normalise_lang(lang)]


_LANGUAGE_KEYS = {"en": "language.english", "zh-Hant": "language.traditional_chinese",
                  "zh-Hans": "language.simplified_chinese"}


def language_name(code: str | None, lang: str | None = "en") -> str:
    """The name of language ``code`` written in ``lang`` (e.g. 繁體中文)."""
    return t(_LANGUAGE_KEYS[normalise_lang(code)], lang)


def default_root() -> Path:
    """The directory the term tables are read from (``content/i18n``)."""
    env = os.environ.get("SIM_I18N_ROOT")
    if env:
        return Path(env)
    return Path(__file__).resolve().parents[2] / "content" / "i18n"


def reload(root: str | Path | None = None) -> None:
    """Forget the cached tables; the next lookup reads them from ``root``.

    ``root=None`` goes back to the default directory. Tests use this to point
    the layer at a small table of their own.
    """
    global _root, _terms, _sources
    with _lock:
        _root = Path(root) if root is not None else None
        _terms = None
        _sources = {}


def _table() -> dict[str, dict[str, str]]:
    global _terms, _sources
    terms = _terms
    if terms is None:
        with _lock:
            if _terms is None:
                sources: dict[str, str] = {}
                _terms = load_terms(_root if _root is not None else default_root(), sources)
                _sources = sources
            terms = _terms
    return terms


def load_terms(root: str | Path, sources: dict[str, str] | None = None) -> dict[str, dict[str, str]]:
    """Read every ``*.yaml`` under ``root`` into ``{key: {lang: text, ...}}``.

    When ``sources`` is given it receives each term's ``source`` field.

    Files are read in sorted path order. Raises :class:`ContentError` listing
    every problem (bad YAML, unknown field, missing English, a key defined
    twice) with file and line.
    """
    import yaml  # local: importing sim.i18n does no work

    root = Path(root)
    if not root.is_dir():
        raise ContentError([Problem(str(root), 0, "", "term table directory does not exist")])
    problems: list[Problem] = []
    terms: dict[str, dict[str, str]] = {}
    where: dict[str, str] = {}
    for path in sorted(root.rglob("*.yaml")):
        name = str(path)
        try:
            node = yaml.compose(path.read_text(encoding="utf-8"), Loader=yaml.SafeLoader)
        except yaml.YAMLError as exc:
            mark = getattr(exc, "problem_mark", None)
            line = mark.line + 1 if mark is not None else 0
            problems.append(Problem(name, line, "", f"not valid YAML: {getattr(exc, 'problem', exc)}"))
            continue
        if node is None:
            continue
        if not isinstance(node, yaml.MappingNode):
            problems.append(Problem(name, node.start_mark.line + 1, "", "a term table must be a mapping"))
            continue
        _walk(node, (), name, terms, where, problems, sources if sources is not None else {})
    if problems:
        raise ContentError(problems)
    return terms


def _walk(node, prefix, name, terms, where, problems, sources) -> None:
    import yaml

    seen: set[str] = set()
    for key_node, value_node in node.value:
        line = key_node.start_mark.line + 1
        if not isinstance(key_node, yaml.ScalarNode) or not key_node.value:
            problems.append(Problem(name, line, ".".join(prefix), "keys must be plain words"))
            continue
        part = key_node.value
        path = prefix + (part,)
        dotted = ".".join(path)
        if part in seen:
            problems.append(Problem(name, line, dotted, "defined twice in this mapping"))
            continue
        seen.add(part)
        if "." in part:
            problems.append(Problem(name, line, dotted, "a key part may not contain '.'"))
            continue
        if not isinstance(value_node, yaml.MappingNode):
            problems.append(Problem(name, line, dotted,
                                    "expected a mapping of languages or of further keys"))
            continue
        child_keys = [k.value for k, _ in value_node.value if isinstance(k, yaml.ScalarNode)]
        if any(k in LANGS for k in child_keys):
            _term(value_node, dotted, line, name, terms, where, problems, sources)
        else:
            _walk(value_node, path, name, terms, where, problems, sources)


def _term(node, dotted, line, name, terms, where, problems, sources) -> None:
    import yaml

    entry: dict[str, str] = {}
    fields = set()
    source = None
    for key_node, value_node in node.value:
        field = key_node.value
        fields.add(field)
        fline = key_node.start_mark.line + 1
        if field in _META_FIELDS:
            if field == SOURCE_FIELD and isinstance(value_node, yaml.ScalarNode):
                source = value_node.value
            continue
        if field not in LANGS:
            problems.append(Problem(name, fline, f"{dotted}.{field}",
                                    f"unknown field; a term has {', '.join(LANGS)}, source, note"))
            continue
        if not isinstance(value_node, yaml.ScalarNode) or not value_node.value.strip():
            problems.append(Problem(name, fline, f"{dotted}.{field}", "must be non-empty text"))
            continue
        entry[field] = value_node.value
    if "en" not in entry:
        if "en" not in fields:
            problems.append(Problem(name, line, dotted, "a term needs English (en), the fallback"))
        return
    if dotted in terms:
        problems.append(Problem(name, line, dotted, f"already defined in {where[dotted]}"))
        return
    terms[dotted] = entry
    where[dotted] = f"{name}:{line}"
    if source is not None:
        sources[dotted] = source


def has(key: str) -> bool:
    """Whether ``key`` is a known term (in English at least)."""
    return key in _table()


def term_keys(prefix: str = "") -> tuple[str, ...]:
    """Every term key, sorted; with ``prefix``, only keys starting with it."""
    return tuple(sorted(k for k in _table() if k.startswith(prefix)))


def entry(key: str) -> Mapping[str, str]:
    """The raw entry for ``key``: ``{lang: template}`` (a copy)."""
    try:
        return dict(_table()[key])
    except KeyError:
        raise KeyError(f"no term {key!r} in the i18n tables") from None


def source_of(key: str) -> str | None:
    """The ``source`` a term records (which seed its words come from), if any."""
    if key not in _table():
        raise KeyError(f"no term {key!r} in the i18n tables")
    return _sources.get(key)


def t(key: str, lang: str | None = "en", **fields: object) -> str:
    """The words for ``key`` in ``lang``, with ``{name}`` fields filled in.

    Falls back to English when ``lang`` lacks the key; raises
    :class:`KeyError` naming ``key`` when English lacks it too, or when the
    template names a field that was not given.
    """
    lang = normalise_lang(lang)
    row = _table().get(key)
    if row is None:
        raise KeyError(f"no term {key!r} in the i18n tables")
    template = row.get(lang) or row["en"]
    return _fill(key, template, fields)


def _fill(key: str, template: str, fields: Mapping[str, object]) -> str:
    if "{" not in template and "}" not in template:
        return template
    try:
        return template.format_map(fields)
    except KeyError as exc:
        raise KeyError(f"term {key!r} needs field {exc.args[0]!r}") from None
    except (IndexError, ValueError) as exc:
        raise KeyError(f"term {key!r} has a bad template: {exc}") from None


def text_of(value: object, lang: str | None = "en", **fields: object) -> str:
    """The text of a content field in ``lang``.

    ``value`` is a plain string (the same in every language) or a mapping
    ``{en: ..., zh-Hant: ..., zh-Hans: ...}``; a missing language falls back
    to English. ``{name}`` fields are filled in when ``fields`` are given.
    Raises :class:`KeyError` when neither ``lang`` nor English is present.
    """
    lang = normalise_lang(lang)
    if isinstance(value, str):
        text = value
    elif isinstance(value, Mapping):
        text = value.get(lang) or value.get("en")
        if not isinstance(text, str) or not text:
            raise KeyError(f"text has neither {lang!r} nor 'en': {dict(value)!r}")
    else:
        raise TypeError(f"a text field is a string or a mapping of languages, got {type(value).__name__}")
    if not fields:
        return text
    return _fill("<content text>", text, fields)


def missing_languages(value: object, assume: str = "en") -> tuple[str, ...]:
    """Which of :data:`LANGS` a content text field lacks, in LANGS order.

    A plain string counts as text in ``assume`` only (English by default), so
    it lacks the other two. A mapping lacks every language whose value is
    absent or blank. Anything else lacks all three.
    """
    if isinstance(value, str):
        have = {normalise_lang(assume)} if value.strip() else set()
    elif isinstance(value, Mapping):
        have = {lang for lang in LANGS if isinstance(value.get(lang), str) and value[lang].strip()}
    else:
        have = set()
    return tuple(lang for lang in LANGS if lang not in have)
