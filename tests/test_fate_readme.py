"""The README's "Fate scenes" example is real output: run it and compare."""

import contextlib
import io
import re
from pathlib import Path

README = Path(__file__).resolve().parent.parent / "README.md"


def test_readme_fate_example_output():
    text = README.read_text(encoding="utf-8")
    section = text[text.index("## Fate scenes"):]
    section = section[:section.index("\n## ", 1)]
    code, expected = re.search(r"```python\n(.*?)```\n\n```text\n(.*?)```", section, re.S).groups()
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        exec(compile(code, "README.md", "exec"), {})
    assert buf.getvalue() == expected
