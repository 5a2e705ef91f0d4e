"""Issue 36, docs: docs/mcp.md's transcript is a real run (tests/mcp_transcript.py), and the page is in the site's
navigation and the README's links."""

from __future__ import annotations

import asyncio
import re

import pytest

pytest.importorskip("mcp")

from mcp_kit import ROOT  # noqa: E402
from mcp_transcript import transcript  # noqa: E402


def test_the_transcript_on_the_page_is_what_a_real_run_prints():
    page = (ROOT / "docs" / "mcp.md").read_text(encoding="utf-8")
    shown = re.search(r"<!-- transcript: begin -->\n```text\n(.*?)```\n<!-- transcript: end -->", page, re.S)
    assert shown is not None
    assert shown.group(1) == asyncio.run(asyncio.wait_for(transcript(), 120))


def test_the_page_is_in_the_navigation_and_the_readme():
    assert "mcp.md" in (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    assert "(docs/mcp.md)" in (ROOT / "README.md").read_text(encoding="utf-8")
