"""Reading the manual in tests: a page by its path, a section by its heading, its Python example run.

The README is the front door and the manual lives in ``docs/`` (``mkdocs.yml``); a doc-test names the page
its example is on (``page("docs/solo.md")``) and, where it needs one, the heading above it. Headings inside
fenced code blocks (a Markdown export shown as an example has its own ``## Score 1``) are not headings.

Bundled scenarios are named without a path in the manual (``sim play starter``). :func:`runnable` turns
such a command into the path form (``scenarios/starter.yaml``), which plays the same scenario and prints the
same, so the examples run from the checkout whichever way the engine resolves a bundled name.
"""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
DOCS = ROOT / "docs"
FENCE = re.compile(r"^\s*(`{3,}|~{3,})")
HEADING = re.compile(r"^(#{1,6}) (.*)$")
#: The bundled scenarios a command may name without a path.
BUNDLED = tuple(sorted(p.stem for p in (ROOT / "scenarios").glob("*.yaml")))


def page(path: str) -> str:
    """The text of a page of the manual, by its path from the repository root (``"docs/solo.md"``)."""
    return (ROOT / path).read_text(encoding="utf-8")


def manual() -> list[tuple[str, str]]:
    """Every page of the manual as (path, text): the README and each page under ``docs/``, in path order."""
    pages = [README, *sorted(DOCS.rglob("*.md"))]
    return [(str(p.relative_to(ROOT)), p.read_text(encoding="utf-8")) for p in pages]


def headings(text: str) -> list[tuple[int, int, str]]:
    """(line index, level, title) of each heading outside fenced code."""
    out, fence = [], None
    for i, line in enumerate(text.split("\n")):
        m = FENCE.match(line)
        if m:
            mark = m.group(1)
            if fence is None:
                fence = mark
            elif mark[0] == fence[0] and len(mark) >= len(fence) and not line.strip()[len(mark):]:
                fence = None
            continue
        if fence is None and (h := HEADING.match(line)):
            out.append((i, len(h.group(1)), h.group(2).strip()))
    return out


def section(path: str, heading: str) -> str:
    """The section of page ``path`` whose heading starts with ``heading``: from that heading up to the next
    heading of the same or a higher level (subsections included)."""
    text = page(path)
    lines = text.split("\n")
    found = headings(text)
    for n, (i, level, title) in enumerate(found):
        if title.startswith(heading):
            end = next((j for j, lv, _ in found[n + 1:] if lv <= level), len(lines))
            return "\n".join(lines[i:end]) + "\n"
    raise KeyError(f"{path} has no heading starting {heading!r}")


def python_example(path: str, heading: str) -> tuple[str, str]:
    """The section's first ```python block, what it prints when run, and the ```text block shown after it."""
    code, expected = re.search(r"```python\n(.*?)```\n\n```text\n(.*?)```", section(path, heading), re.S).groups()
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        exec(compile(code, path, "exec"), {})
    return buf.getvalue(), expected


def runnable(command: str) -> str:
    """``command`` with the bundled scenario it names given by its path (``sim play starter`` -> ``sim play
    scenarios/starter.yaml``): the word after ``sim play``, ``sim batch``, ``sim solo new`` or ``sim
    validate``, or the value of ``--scenario``; any other word is left as it is."""
    names = "|".join(map(re.escape, BUNDLED))
    return re.sub(rf"(\bsim (?:play|batch|solo new|validate) |--scenario[ =])({names})(?=\s|$)",
                  r"\1scenarios/\2.yaml", command)


def assert_shown_in_order(shown: str, out: list[str], where: str) -> None:
    """Every line of a page's console block (``shown``; ``...`` marks lines left out) is a line of the command's
    output ``out``, in the order the page shows them; ``where`` names the page (and command) in the message."""
    position = 0
    for line in shown.splitlines():
        if line == "...":
            continue
        assert line in out[position:], f"{where}: {line!r} is not where the page shows it"
        position = out.index(line, position) + 1
