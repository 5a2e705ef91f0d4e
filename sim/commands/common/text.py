"""What every command's output shares: terms with English fallbacks, tables that wrap to the terminal, percents,
one-line JSON, the words for outcomes, and ``--likelihood``'s reader. Imports nothing of the other commands, so
any command (odds, roll, terms, bench, the dice expressions) may use it without a circle.
"""

from __future__ import annotations

import json
from typing import Sequence


def term(key: str, lang: str | None, english: str, **fields) -> str:
    """Words for people through ``sim.i18n`` when it knows ``key``, else the English given here."""
    from sim import i18n

    if i18n.has(key):
        return i18n.t(key, lang, **fields)
    return english.format(**fields) if fields else english


def display_width(text: str) -> int:
    """Columns ``text`` takes in a terminal: a wide (CJK) character takes two."""
    import unicodedata

    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


#: Columns used when the output is not a terminal and COLUMNS is not set.
DEFAULT_WIDTH = 80


def terminal_width(default: int = DEFAULT_WIDTH) -> int:
    """The width to lay text out in: ``COLUMNS`` when set, else the terminal's, else ``default``; at least 40."""
    import shutil

    return max(40, shutil.get_terminal_size((default, 24)).columns)


#: Characters a line may not start with (closing CJK punctuation): they stay with what they follow.
_NO_LINE_START = frozenset("，。、；：！？）」』》〉】,.;:!?)")


def _pieces(text: str) -> list[str]:
    """Words, spaces and single wide characters (a line may break before or after any CJK character)."""
    import re
    import unicodedata

    out: list[str] = []
    for chunk in re.split(r"(\s+)", text):
        if not chunk:
            continue
        if chunk.isspace():
            out.append(" ")
            continue
        word = ""
        for c in chunk:
            if c in _NO_LINE_START and (word or out and out[-1] != " "):  # ，。） never start a line
                if word:
                    word += c
                else:
                    out[-1] += c
                continue
            if unicodedata.east_asian_width(c) in "WF":
                if word:
                    out.append(word)
                    word = ""
                out.append(c)
            else:
                word += c
        if word:
            out.append(word)
    return out


def wrap(text: str, width: int, indent: str = "") -> list[str]:
    """``text`` in lines of at most ``width`` columns (CJK-aware), later lines starting with ``indent``.

    Breaks at spaces and beside wide characters; a word longer than a line is cut."""
    lines: list[str] = []
    line, used, space = "", 0, False
    for piece in _pieces(text):
        if piece == " ":
            space = bool(line.strip())
            continue
        gap = 1 if space else 0
        size = display_width(piece)
        if used + gap + size <= width:
            line, used = line + " " * gap + piece, used + gap + size
        else:
            if line.strip():
                lines.append(line)
            line, used = indent, display_width(indent)
            while used + size > width and size > 1:  # a word longer than a line: cut it
                cut, taken = "", 0
                for c in piece:
                    if used + taken + display_width(c) > width:
                        break
                    cut, taken = cut + c, taken + display_width(c)
                if not cut:
                    break
                lines.append(line + cut)
                piece = piece[len(cut):]
                line, used, size = indent, display_width(indent), display_width(piece)
            line, used = line + piece, used + size
        space = False
    if line.strip() or not lines:
        lines.append(line)
    return lines


def table(rows: Sequence[Sequence[str]], right: Sequence[bool], indent: str = "  ",
          width: int | None = None) -> list[str]:
    """Align columns (by display width, so CJK text lines up); ``right[i]`` right-aligns column i.

    With ``width`` (:func:`terminal_width`), a table wider than that narrows its widest left-aligned
    columns, prose before identifiers, never below 8 columns, and wraps their cells onto more lines;
    right-aligned columns (numbers) stay whole."""
    widths = [max(display_width(r[i]) for r in rows) for i in range(len(rows[0]))]
    if width is not None:
        total = lambda: display_width(indent) + sum(widths) + 2 * (len(widths) - 1)  # noqa: E731
        heads = [max(map(display_width, rows[0][i].split() or [""])) for i in range(len(widths))]  # whole words
        prose = [any(" " in r[i] or display_width(r[i]) > len(r[i]) for r in rows[1:]) for i in range(len(widths))]
        # words wrap well, so prose narrows first (to 10 columns); then every left column to 16 (a term's
        # key is cut only when it must be), then to 8
        for floor, only_prose in ((10, True), (16, False), (8, False)):
            while total() > width:
                narrowable = [i for i, w in enumerate(widths)
                              if not right[i] and w > max(floor, heads[i] if only_prose else 0)
                              and (prose[i] or not only_prose)]
                if not narrowable:
                    break
                widest = max(narrowable, key=lambda i: widths[i])
                widths[widest] -= 1
    out = []
    for r in rows:
        cells = [wrap(cell, widths[i]) if display_width(cell) > widths[i] else [cell] for i, cell in enumerate(r)]
        for k in range(max(len(c) for c in cells)):
            parts = []
            for i, lines in enumerate(cells):
                cell = lines[k] if k < len(lines) else ""
                pad = " " * max(0, widths[i] - display_width(cell))
                parts.append(pad + cell if right[i] else cell + pad)
            out.append((indent + "  ".join(parts)).rstrip())
    return out


def percent(p) -> str:
    return f"{float(p) * 100:.1f}%"


def show(result: dict, args, render) -> int:
    """A command's result: one JSON line with ``--json``, else ``render(result, lang)``'s lines; exit status 0."""
    if args.json:
        dump(result)
    else:
        print("\n".join(render(result, args.lang)))
    return 0


def dump(obj: dict) -> None:
    print(json.dumps(obj, ensure_ascii=False, sort_keys=False))



BLADES_WORDS = {"critical": "critical", "success": "full success", "partial": "partial success",
                "failure": "bad outcome"}
FATE_WORDS = {"fail": "fail", "tie": "tie", "succeed": "succeed", "style": "succeed with style"}
MIST_WORDS = {"failure": "failure", "partial": "success with consequences", "success": "success"}


def outcome_word(system: str, key: str, lang: str | None) -> str:
    words, prefix = {"blades": (BLADES_WORDS, "blades.result"), "fate": (FATE_WORDS, "fate.outcome"),
                     "mist": (MIST_WORDS, "mist.result")}[system]
    return term(f"{prefix}.{key}", lang, words[key])



def likelihood_arg(word: str) -> str:
    """``--likelihood``: a likelihood by its id in any spelling, its name in any language or a synonym
    (:func:`sim.oracle.likelihood.read`: ``nearly certain``, ``very_likely``, ``極有可能``, ``probable``)."""
    import argparse

    from sim.oracle import LIKELIHOODS
    from sim.oracle.likelihood import read

    found = read(word)
    if found is None:
        raise argparse.ArgumentTypeError(f"unknown likelihood {word!r}; choose one of {', '.join(LIKELIHOODS)}")
    return found
