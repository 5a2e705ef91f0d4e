"""Term tables: loading ``content/i18n/**/*.yaml`` and looking words up.

A table file is a nested YAML mapping. A mapping that has an ``en`` key (or
any language key) is one *term*; its dotted path is the key::

    blades:
      position:
        risky: {en: risky, zh-Hant: 險峻, zh-Hans: 险峻, source: "000"}

gives the key ``blades.position.risky``. Besides the three languages a term
may carry ``source`` (which seed or document the words come from) and
``note``; neither is ever shown. Files are read by
:mod:`sim.i18n.termfiles` through the same safe reader as content and walked
node by node, so every scalar stays the string written (``no``, ``-4`` and
``1`` are keys, not booleans or numbers) and every problem is reported with
file and line (docs/dev/style.md 8).

Files are read lazily, only those that can hold the key asked for: the first
lookup scans each file's first two levels of keys
(:func:`~sim.i18n.termfiles.scan_prefixes`, no YAML parsing), and a key
``a.b.c`` reads the files that define ``a:`` / ``b:`` (every file the scan
cannot follow is read at the first lookup). So ``sim odds`` reads two small
files, not eleven, and a new file dropped into ``content/i18n/terms/`` is
found with no code change. :func:`term_keys` reads them all.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Mapping
from pathlib import Path

from sim.errors import ContentError, Problem, SimError, UsageError
from sim.i18n import termcache
from sim.i18n.termfiles import LANGS, SOURCE_FIELD, Prefix, merge, read_file, scan_prefixes  # noqa: F401 (re-exported)

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
_terms: dict[str, dict[str, str]] | None = None  # the terms read so far; None before the first lookup
_sources: dict[str, str] = {}
_where: dict[str, tuple[str, int]] = {}  # key -> (file, line) where it is defined
_index: list[tuple[Path, frozenset[Prefix] | None]] = []  # every file and the prefixes it defines (None: any)
_read: set[Path] = set()  # files whose terms are in _terms
_complete: set[Prefix] = set()  # prefixes whose every file has been read


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
    """The name-pool locale (content/names, :mod:`sim.names`) for generated names in ``lang``: en_US, zh_TW or zh_CN."""
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
    from sim.content.bundled import CONTENT_ROOT  # the checkout's content/, or the installed wheel's

    return CONTENT_ROOT / "i18n"


def reload(root: str | Path | None = None) -> None:
    """Forget the cached tables; the next lookup reads them from ``root``.

    ``root=None`` goes back to the default directory. Tests use this to point
    the layer at a small table of their own.
    """
    global _root, _terms, _sources, _where, _index
    with _lock:
        _root = Path(root) if root is not None else None
        _terms = None
        _sources, _where, _index = {}, {}, []
        _read.clear()
        _complete.clear()


def _files(root: Path) -> list[Path]:
    if not root.is_dir():
        raise ContentError([Problem(str(root), 0, "", "term table directory does not exist")])
    return sorted(root.rglob("*.yaml"))


def _scan(path: Path) -> frozenset[Prefix] | None:
    try:
        return scan_prefixes(path.read_bytes().decode("utf-8"))
    except (OSError, UnicodeDecodeError):
        return None  # read it at the first lookup, which reports the problem


def _prefix(key: str) -> Prefix:
    return tuple(key.split(".", 2)[:2])


def _row(key: str) -> dict[str, str] | None:
    """The entry of ``key``, reading the files that can hold it first."""
    terms = _terms
    if terms is not None and key in terms:
        return terms[key]
    prefix = _prefix(key)
    with _lock:
        if _terms is None or prefix not in _complete:
            _read_for(lambda prefixes: prefixes is None or prefix in prefixes)
            _complete.add(prefix)
        return _terms.get(key)


def _table() -> dict[str, dict[str, str]]:
    """Every term (reads every file)."""
    with _lock:
        _read_for(lambda prefixes: True)
        return _terms


def _read_for(wanted) -> None:
    """Read the unread files whose prefixes ``wanted`` accepts (under the lock).

    Nothing is kept when a problem is found: the ContentError is raised
    again at the next lookup, as before any file was read lazily.
    """
    global _terms, _sources, _where, _index
    if _terms is None and not _index:
        _index = [(path, _scan(path)) for path in _files(_root if _root is not None else default_root())]
    todo = [path for path, prefixes in _index if path not in _read and wanted(prefixes)]
    if _terms is not None and not todo:
        return
    terms, where, sources = dict(_terms or {}), dict(_where), dict(_sources)
    problems: list[Problem] = []
    for path in todo:
        merge(str(path), _read_cached(path), terms, where, sources, problems)
    if problems:
        raise ContentError(problems)
    _read.update(todo)
    _where, _sources = where, sources
    _terms = terms  # last: readers outside the lock see the old or the new table, whole


def _read_cached(path: Path):
    """The file's terms from the cache (:mod:`sim.i18n.termcache`), else read and cached."""
    try:
        data = path.read_bytes()
    except OSError:
        return read_file(path)  # reports why it cannot be read
    file = termcache.load(path, data)
    if file is None:
        file = read_file(path, data)
        termcache.store(path, data, file)
    return file


def load_terms(root: str | Path, sources: dict[str, str] | None = None) -> dict[str, dict[str, str]]:
    """Read every ``*.yaml`` under ``root`` into ``{key: {lang: text, ...}}``.

    When ``sources`` is given it receives each term's ``source`` field.

    Files are read in sorted path order. Raises :class:`ContentError` listing
    every problem (not UTF-8, a forbidden character, bad YAML, unknown field,
    missing English, a text too long, a key defined twice) with file and line.
    """
    problems: list[Problem] = []
    terms: dict[str, dict[str, str]] = {}
    where: dict[str, tuple[str, int]] = {}
    for path in _files(Path(root)):
        merge(str(path), read_file(path), terms, where, sources if sources is not None else {}, problems)
    if problems:
        raise ContentError(problems)
    return terms


class TermError(SimError, KeyError):
    """A term the engine asks for cannot be given: not in the tables, or its template does not fill.

    A KeyError, as it always was (callers that fall back on a missing term catch KeyError), and a SimError, so
    one that reaches the command line is one line and exit 2, never a traceback (an edited or damaged term
    table, found by the issue 33 fuzz)."""

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0])


class MissingTerm(TermError):
    """No term ``key`` in the tables (a term table lost it? ``sim validate`` checks them)."""

    def __init__(self, key: str):
        super().__init__(f"no term {key!r} in the i18n tables")
        self.key = key


def has(key: str) -> bool:
    """Whether ``key`` is a known term (in English at least)."""
    return _row(key) is not None


def term_keys(prefix: str = "") -> tuple[str, ...]:
    """Every term key, sorted; with ``prefix``, only keys starting with it."""
    return tuple(sorted(k for k in _table() if k.startswith(prefix)))


def entry(key: str) -> Mapping[str, str]:
    """The raw entry for ``key``: ``{lang: template}`` (a copy)."""
    row = _row(key)
    if row is None:
        raise MissingTerm(key)
    return dict(row)


def source_of(key: str) -> str | None:
    """The ``source`` a term records (which seed its words come from), if any."""
    if _row(key) is None:
        raise MissingTerm(key)
    return _sources.get(key)


def t(key: str, lang: str | None = "en", **fields: object) -> str:
    """The words for ``key`` in ``lang``, with ``{name}`` fields filled in.

    Falls back to English when ``lang`` lacks the key; raises
    :class:`KeyError` naming ``key`` when English lacks it too, or when the
    template names a field that was not given.
    """
    lang = normalise_lang(lang)
    row = _row(key)
    if row is None:
        raise MissingTerm(key)
    template = row.get(lang) or row["en"]
    return _fill(key, template, fields)


def term_or(key: str, fallback: str, lang: str | None = "en", **fields: object) -> str:
    """:func:`t` when a table has ``key``, else ``fallback`` as given (an id shown as itself, English words)."""
    return t(key, lang, **fields) if has(key) else fallback


def id_term(prefix: str, ident: object, lang: str | None = "en") -> str:
    """The term ``prefix.ident`` (``blades.position.risky``) in ``lang``; an id with no term reads as itself."""
    return term_or(f"{prefix}.{ident}", str(ident), lang)


def _fill(key: str, template: str, fields: Mapping[str, object]) -> str:
    if "{" not in template and "}" not in template:
        return template
    try:
        return template.format_map(fields)
    except KeyError as exc:
        raise TermError(f"term {key!r} needs field {exc.args[0]!r}") from None
    except (IndexError, ValueError, AttributeError) as exc:
        raise TermError(f"term {key!r} has a bad template: {exc}") from None


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
