"""``sim terms [PREFIX ...] [--search WORD]``: the glossary of words for people.

Lists the term tables (content/i18n) side by side — key, English, Traditional
and Simplified Chinese, and which seed the words come from — so a player can
look up what 盯迫 or 效力 is in English (and the reverse), and a translator can
see every term at once. The table and its legend wrap to the terminal's width (``COLUMNS``; 80 columns
when the output is not a terminal). ``--json`` prints the rows as JSON.
"""

from __future__ import annotations

import json

from sim.cli import add_lang_argument


#: The line ``sim --help`` shows for this command.
HELP = "glossary: every rule term in English, Traditional and Simplified Chinese"


def register(sub) -> None:
    p = sub.add_parser(
        "terms",
        help=HELP,
        description="List the words sim uses for people side by side: each term's key, English, Traditional and "
                    "Simplified Chinese, and the source the words come from. "
                    "PREFIX limits the keys (e.g. blades.position, fate.ladder); --search finds a word in any "
                    "language.",
    )
    p.add_argument("prefixes", nargs="*", metavar="PREFIX", help="key prefixes, e.g. blades.position fate.ladder")
    p.add_argument("--search", metavar="WORD", help="only terms whose key or words contain WORD (any language)")
    p.add_argument("--json", action="store_true",
                   help="print the rows as a JSON list on one line, each {key, en, zh-Hant, zh-Hans, source}")
    add_lang_argument(p)
    p.set_defaults(func=run)


def rows(prefixes: list[str], search: str | None) -> list[dict]:
    """The glossary rows for ``prefixes`` (all when empty) matching ``search``."""
    from sim import i18n
    from sim.errors import UsageError

    keys = [k for k in i18n.term_keys() if not prefixes or any(k == p or k.startswith(p.rstrip(".") + ".")
                                                                   for p in prefixes)]
    out = []
    needle = search.casefold() if search else None
    for key in keys:
        row = {"key": key, **{lang: i18n.entry(key).get(lang, "") for lang in i18n.LANGS},
               "source": i18n.source_of(key) or ""}
        if needle and not any(needle in str(v).casefold() for v in row.values()):
            continue
        out.append(row)
    if not out:
        what = " ".join(prefixes) or "any key"
        what = what if len(what) <= 80 else what[:80] + "..."
        word = repr(search) if search and len(search) <= 80 else repr(search[:80] + "...") if search else ""
        raise UsageError(f"no terms for {what}" + (f" containing {word}" if search else ""))
    return out


def run(args) -> int:
    from sim import i18n
    from sim.commands.odds import table, terminal_width, wrap

    found = rows(args.prefixes, args.search)
    if args.json:
        print(json.dumps(found, ensure_ascii=False))  # one line; a list of rows (kept: it always was)
        return 0
    lang = args.lang
    head = [i18n.t("cli.terms.key", lang), i18n.language_name("en", lang),
            i18n.language_name("zh-Hant", lang), i18n.language_name("zh-Hans", lang), i18n.t("cli.terms.source", lang)]
    body = [[r["key"], r["en"], r["zh-Hant"], r["zh-Hans"], r["source"]] for r in found]
    width = terminal_width()
    print("\n".join(table([head] + body, [False] * 5, indent="", width=width)))
    print(i18n.plural("cli.terms.count", len(found), lang))
    print("\n".join(wrap(legend([r["source"] for r in found], lang), width, indent="  ")))
    return 0


def legend(sources: list[str], lang: str | None) -> str:
    """One line saying what the ``source`` codes shown mean (``000 = ...; ours = ...``), in ``lang``."""
    from sim import i18n

    codes = sorted({part for s in sources for part in s.rstrip("~").split("+") if part and part != "ours"})
    items = [f"{code} = {i18n.t(f'cli.terms.legend.seed_{code}', lang)}" for code in codes]
    if any("+" in s for s in sources):
        items.append(f"+ = {i18n.t('cli.terms.legend.both', lang)}")
    if any(s.endswith("~") for s in sources):
        items.append(f"~ = {i18n.t('cli.terms.legend.running', lang)}")
    if "ours" in sources:
        items.append(f"ours = {i18n.t('cli.terms.legend.ours', lang)}")
    return i18n.t("cli.terms.legend.head", lang, items="; ".join(items))
