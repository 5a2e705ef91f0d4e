"""Reading README.md in tests: a section by its heading, and running its Python example."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

README = Path(__file__).resolve().parents[1] / "README.md"


def section(heading: str) -> str:
    """The text of the README section whose level-2 heading starts with ``heading``, up to the next one."""
    text = README.read_text(encoding="utf-8")
    start = text.index(f"\n## {heading}") + 1
    end = text.find("\n## ", start + 3)
    return text[start:] if end < 0 else text[start:end]


def python_example(heading: str) -> tuple[str, str]:
    """The section's first ```python block, what it prints when run, and the ```text block shown after it."""
    code, expected = re.search(r"```python\n(.*?)```\n\n```text\n(.*?)```", section(heading), re.S).groups()
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        exec(compile(code, "README.md", "exec"), {})
    return buf.getvalue(), expected
