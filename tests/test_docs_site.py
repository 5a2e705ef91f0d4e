"""The manual builds: ``mkdocs build --strict`` on ``mkdocs.yml`` with no warning, broken links and anchors
included; Mermaid diagrams come out as diagrams."""

from __future__ import annotations


import shutil
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("mkdocs")
pytest.importorskip("material")

ROOT = Path(__file__).resolve().parents[1]


def build(config: Path, site: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-f", str(config), "-d", str(site)],
                          cwd=ROOT, capture_output=True, text=True, timeout=300,
                          env={**__import__("os").environ, "NO_MKDOCS_2_WARNING": "1"})


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("site")
    done = build(ROOT / "mkdocs.yml", out)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "WARNING" not in done.stdout + done.stderr, done.stdout + done.stderr
    return out


def test_the_site_builds_strict_with_no_warning(site):
    for page in ("index.html", "solo.html", "batch.html", "rules/index.html", "dev/performance.html"):
        assert (site / page).is_file(), page


def test_a_broken_link_fails_the_build(tmp_path):
    """The strict build is not vacuous: a page with a link to a missing page, or to a missing anchor, fails it."""
    docs = tmp_path / "docs"
    shutil.copytree(ROOT / "docs", docs, ignore=shutil.ignore_patterns("__pycache__"))
    config = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    config = config.replace("docs_dir: docs", f"docs_dir: {docs}").replace("- docs/hooks.py", f"- {ROOT / 'docs' / 'hooks.py'}")
    (tmp_path / "mkdocs.yml").write_text(config, encoding="utf-8")
    for broken in ("[gone](no_such_page.md)", "[gone](solo.md#no-such-heading)"):
        (docs / "seats.md").write_text((ROOT / "docs" / "seats.md").read_text(encoding="utf-8") + f"\n{broken}\n",
                                       encoding="utf-8")
        done = build(tmp_path / "mkdocs.yml", tmp_path / "site")
        assert done.returncode != 0 and "seats.md" in done.stdout + done.stderr, broken


def test_mermaid_diagrams_are_diagrams(site):
    """A ```mermaid fence becomes the <pre class="mermaid"> Material renders (pymdownx.superfences custom fence)."""
    sources = [p for p in (ROOT / "docs").rglob("*.md") if "```mermaid" in p.read_text(encoding="utf-8")]
    assert sources, "no page shows a diagram"
    for page in sources:
        built = site / page.relative_to(ROOT / "docs").with_suffix(".html")
        if page.name == "README.md":
            built = built.with_name("index.html")
        text = built.read_text(encoding="utf-8")
        assert '<pre class="mermaid"><code>' in text, page
        assert "language-mermaid" not in text, page
