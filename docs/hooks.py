"""MkDocs hook: the command-line reference (``cli.md``) is written from ``sim.cli``'s argparse parsers.

Never kept by hand: at every ``mkdocs build`` each command of :data:`sim.cli.COMMANDS` is registered as
``sim COMMAND`` registers it (``sim.cli.build_parser(name)``), and every sub-command, positional argument and
flag is listed with its metavar, choices, default and help, in the order ``--help`` shows them. A command or
flag another change adds is on the page at the next build; ``tests/test_docs_site.py`` checks the page lists
everything ``sim --help`` and each ``sim CMD --help`` show.

Registered in ``mkdocs.yml`` (``hooks: [docs/hooks.py]``). It imports ``sim`` from the checkout beside it.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PAGE = "cli.md"
WIDTH = "100"  # usage lines wrap as in a 100-column terminal, whatever terminal builds the site


def on_files(files, config):
    """Add the generated ``cli.md`` to the site's files (MkDocs 1.6 ``File.generated``)."""
    from mkdocs.structure.files import File

    files.append(File.generated(config, PAGE, content=render()))
    return files


def render() -> str:
    """The whole reference page as Markdown."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from sim import cli

    before = os.environ.get("COLUMNS")
    os.environ["COLUMNS"] = WIDTH
    try:
        top = cli.build_parser(outline=True)
        out = [
            "# Command line reference",
            "",
            "Generated from `sim`'s own argparse parsers each time the site is built (`docs/hooks.py`), so it",
            "lists exactly what `sim --help` and `sim COMMAND --help` print. The guides show each command at work:",
            "[solo play](solo.md), [the oracle](oracle.md), [odds and rolls](dice.md), [Blades](blades.md),",
            "[batch runs](batch.md), [authoring content](authoring.md), [speed](performance.md).",
            "",
            "Exit status: **0** done; **1** the command ran and found what it reports (for example a",
            "`sim bench --against` whose rows differ); **2** bad input, one `sim: error: ...` line on stderr and",
            "no traceback; **130** interrupted (Ctrl-C).",
            "",
            _fence(top.format_usage().strip()),
            "",
            top.description or "",
            "",
            _arguments(top),
            "",
            "| command | what it does |",
            "|---|---|",
        ]
        summary = {a.dest: a.help for a in _subparsers(top)._choices_actions}
        for name in cli.COMMANDS:
            out.append(f"| [`sim {name}`](#{_slug('sim ' + name)}) | {_cell(summary.get(name) or '')} |")
        for name in cli.COMMANDS:
            command = _subparsers(cli.build_parser(name)).choices[name]
            out += ["", *_command(command, f"sim {name}", 2, summary.get(name))]
        return "\n".join(out) + "\n"
    finally:
        if before is None:
            os.environ.pop("COLUMNS", None)
        else:
            os.environ["COLUMNS"] = before


def _command(parser: argparse.ArgumentParser, path: str, level: int, help_line: str | None) -> list[str]:
    """One command's section: heading, usage, description, arguments, then its sub-commands one level down."""
    lines = [f"{'#' * level} `{path}`", ""]
    if help_line:
        lines += [f"*{_text(help_line)}*", ""]
    lines += [_fence(parser.format_usage().strip()), ""]
    if parser.description:
        lines += [_text(parser.description), ""]
    table = _arguments(parser)
    if table:
        lines += [table, ""]
    if parser.epilog:
        lines += [_fence(parser.epilog.strip()), ""]
    sub = _subparsers(parser)
    if sub is not None:
        helps = {a.dest: a.help for a in sub._choices_actions}
        for name, child in sub.choices.items():
            if name in helps:  # aliases share their parser and are listed once, under their own name
                lines += _command(child, f"{path} {name}", min(level + 1, 6), helps[name])
    return lines


def _arguments(parser: argparse.ArgumentParser) -> str:
    """The parser's arguments as a table, in ``--help``'s order, leaving out what ``--help`` hides."""
    formatter = parser._get_formatter()
    rows = []
    for action in parser._actions:
        if action.help == argparse.SUPPRESS or isinstance(action, argparse._SubParsersAction):
            continue
        if isinstance(action, (argparse._HelpAction, argparse._VersionAction)):
            what = action.help or ""
        else:
            what = formatter._expand_help(action) if action.help else ""
        notes = []
        if action.choices is not None:
            notes.append("choices: " + ", ".join(f"`{c}`" for c in action.choices))
        if action.option_strings and action.required:
            notes.append("required")
        if _shows_default(action):
            notes.append(f"default: `{action.default}`")
        name = ", ".join(f"`{o}`" for o in action.option_strings) if action.option_strings else f"`{action.metavar or action.dest}`"
        if action.option_strings and action.nargs != 0:
            name += f" `{_metavar(formatter, action)}`"
        text = _text(what) + (f" ({'; '.join(notes)})" if notes else "")
        rows.append(f"| {name} | {_cell(text)} |")
    if not rows:
        return ""
    return "\n".join(["| argument | meaning |", "|---|---|", *rows])


def _metavar(formatter, action) -> str:
    default = action.dest.upper()
    return formatter._format_args(action, default)


def _shows_default(action) -> bool:
    if action.default in (None, argparse.SUPPRESS, False, [], ()) or action.nargs == 0:
        return False
    return "%(default)" not in (action.help or "")


def _subparsers(parser: argparse.ArgumentParser):
    return next((a for a in parser._actions if isinstance(a, argparse._SubParsersAction)), None)


def _text(text: str) -> str:
    """Help text as Markdown prose: angle brackets and asterisks stay literal."""
    return " ".join(text.split()).replace("<", "&lt;").replace(">", "&gt;").replace("*", r"\*")


def _cell(text: str) -> str:
    return text.replace("|", r"\|")


def _fence(text: str) -> str:
    return f"```text\n{text}\n```"


def _slug(heading: str) -> str:
    """Python-Markdown's toc slug of a heading (``sim odds blades`` -> ``sim-odds-blades``)."""
    from markdown.extensions.toc import slugify

    return slugify(heading, "-")
